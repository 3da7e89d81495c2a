"""Every equivalent mutant recorded in a `reference_impls/<ex>/mutation.yaml` still names a line of
its reference, with a reason; with Cosmic Ray installed, the mutant it names is still made.
(The mutation score itself is tools/mutation_score.py: too slow for every run.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
import yaml

from tests.banks import REPO

EXERCISES = REPO / "reference_impls"
FILES = sorted(EXERCISES.glob("*/mutation.yaml"))


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("mutation_score", REPO / "tools" / "mutation_score.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["mutation_score"] = mod  # its dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


def _entries(f: Path) -> list[dict[str, str]]:
    data = yaml.safe_load(f.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and set(data) == {"equivalent"}, f"{f}: one key, equivalent"
    return list(data["equivalent"])


def test_there_are_recorded_equivalents():
    assert len(FILES) >= 10


@pytest.mark.parametrize("f", FILES, ids=lambda f: f.parent.name)
def test_each_entry_names_a_reference_line_and_says_why(f: Path):
    lines = [ln.strip() for ln in (f.parent / "reference.py").read_text(encoding="utf-8").splitlines()]
    text = " ".join(lines)
    for e in _entries(f):
        assert set(e) == {"was", "now", "why"}, e
        assert e["was"].strip() and e["now"].strip() and e["was"] != e["now"], e
        assert len(e["why"].split()) >= 6, f"{f}: say why no allowed input can observe it: {e}"
        assert e["was"].strip() in text, f"{f}: `{e['was']}` is no longer a line of reference.py"


@pytest.mark.parametrize("f", FILES, ids=lambda f: f.parent.name)
def test_each_entry_is_still_a_mutant_the_tool_makes(f: Path):
    pytest.importorskip("cosmic_ray", reason="pip install -e '.[mutation]'")
    tool = _tool()
    made = {(m.was, m.now) for m in tool.mutants_of((f.parent / "reference.py").read_text(encoding="utf-8"))}
    for e in _entries(f):
        assert (e["was"].strip(), e["now"].strip()) in made, f"{f}: no mutant `{e['was']}` -> `{e['now']}`"
