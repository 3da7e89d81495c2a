"""Write the JSON Schemas for editors: `python -m dlprep.schema [DIR]` (default questions/schema)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pydantic import BaseModel

from dlprep.models import Bank, TopicRegistry

SCHEMAS: dict[str, type[BaseModel]] = {"bank.schema.json": Bank, "topics.schema.json": TopicRegistry}


def render() -> dict[str, str]:
    return {name: json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False) + "\n"
            for name, model in SCHEMAS.items()}


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else Path("questions/schema")
    out.mkdir(parents=True, exist_ok=True)
    for name, text in render().items():
        (out / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
