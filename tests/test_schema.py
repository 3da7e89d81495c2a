from dlprep.schema import render
from tests.banks import REPO


def test_committed_json_schema_is_current():
    for name, text in render().items():
        committed = (REPO / "questions" / "schema" / name).read_text(encoding="utf-8")
        assert committed == text, f"questions/schema/{name} is stale: run `python -m dlprep.schema`"


def test_banks_reference_the_schema():
    for bank in (REPO / "questions").glob("*.yaml"):
        first = bank.read_text(encoding="utf-8").splitlines()[0]
        want = "topics" if bank.name == "topics.yaml" else "bank"
        assert first == f"# yaml-language-server: $schema=schema/{want}.schema.json", bank.name
