"""Loader and lint: every bad input is one line with file:line:col, the question id and a fix."""

from __future__ import annotations

import re
import shutil
from typing import Any

import pytest
import yaml

from dlprep.bank import load_catalog
from tests.banks import GOOD, REPO, make_banks


def lint(tmp_path, files, monkeypatch):
    folder = make_banks(tmp_path, files)
    monkeypatch.setenv("DLPREP_BANKS", str(folder))
    return load_catalog()


def test_good_bank_loads(tmp_path, monkeypatch):
    catalog, problems = lint(tmp_path, {"tensor.contiguity.yaml": GOOD}, monkeypatch)
    assert problems == []
    assert sorted(catalog.questions) == ["tensor.contiguity.c1", "tensor.contiguity.o1", "tensor.contiguity.t1"]
    assert catalog.get("tensor.contiguity.o1").line == 23  # the line of its `- id:`


def _broken(case: dict[str, Any]) -> str:
    if "replace" in case:
        old, new = case["replace"]
        assert old in GOOD, f"{case['case']}: {old!r} is not in the good bank"
        return GOOD.replace(old, new)
    return GOOD + case["append"]


BAD = {c["case"]: (_broken(c), c["error"])
       for c in yaml.safe_load((REPO / "tests" / "data" / "bank_errors.yaml").read_text(encoding="utf-8"))}


@pytest.mark.parametrize("case", sorted(BAD))
def test_lint_rejects_bad_input_with_one_clear_line(tmp_path, monkeypatch, case):
    text, pattern = BAD[case]
    _, problems = lint(tmp_path, {"tensor.contiguity.yaml": text}, monkeypatch)
    assert problems, "no problem reported"
    assert any(re.search(pattern, p) for p in problems), problems
    assert all("\n" not in p and "Traceback" not in p for p in problems)


def test_duplicate_ids_across_banks(tmp_path, monkeypatch):
    other = GOOD.replace("topic: tensor.contiguity", "topic: tensor.storage-stride").replace(
        "contrast: [is_contiguous, contiguous()]", "contrast: [view, reshape]")
    _, problems = lint(tmp_path, {"tensor.contiguity.yaml": GOOD, "tensor.storage-stride.yaml": other}, monkeypatch)
    dupes = [p for p in problems if "duplicate id" in p]
    assert len(dupes) == 3 and all("also at" in p and "rename one" in p for p in dupes)


def test_all_errors_of_a_run_are_listed(tmp_path, monkeypatch):
    text = GOOD.replace("answer: false", "answer: maybe").replace("answer: [a]", "answer: [z]")
    broken = "schema_version: 1\ntopic: tensor.matmul\nquestions: [\n"
    _, problems = lint(tmp_path, {"tensor.contiguity.yaml": text, "tensor.matmul.yaml": broken}, monkeypatch)
    assert len(problems) == 3, problems


def test_topic_must_exist_and_match_file_name(tmp_path, monkeypatch):
    text = GOOD.replace("topic: tensor.contiguity", "topic: tensor.contiguty")
    _, problems = lint(tmp_path, {"tensor.contiguity.yaml": text}, monkeypatch)
    assert any("not in topics.yaml; did you mean tensor.contiguity" in p for p in problems), problems
    assert any("must be named tensor.contiguty.yaml" in p for p in problems), problems


def test_real_banks_lint_clean():
    catalog, problems = load_catalog()
    assert problems == []
    assert len(catalog.questions) > 0


@pytest.mark.parametrize("name", ["coverage.yaml", "coverage-modern.yaml"])
def test_every_coverage_topic_is_registered(name):
    """The registry asks at least what each shared coverage file asks: the topic, its minimum count,
    its contrast pairs and its exercise's checker family (verify then holds the banks to the registry)."""
    import yaml

    from tests.banks import REPO

    coverage = REPO.parent / "shared" / name
    if not coverage.exists():
        pytest.skip(f"shared/{name} is not beside this checkout")
    wanted = {t["id"]: t for t in yaml.safe_load(coverage.read_text())["topics"]}
    catalog, _ = load_catalog()
    have = {t.id: t for t in catalog.registry.topics}
    assert set(wanted) <= set(have)
    for tid, t in wanted.items():
        assert have[tid].min_questions >= t["min_questions"], tid
        assert {frozenset(p) for p in t.get("pairs", [])} <= {frozenset(p) for p in have[tid].pairs}, tid
        assert have[tid].exercise == t.get("exercise", have[tid].exercise), tid


def test_parse_cache_follows_content_and_survives_corruption(tmp_path, monkeypatch):
    monkeypatch.delenv("DLPREP_CACHE_DIR", raising=False)  # this test reads the cache in its home
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    folder = make_banks(tmp_path, {"tensor.contiguity.yaml": GOOD})
    monkeypatch.setenv("DLPREP_BANKS", str(folder))
    assert load_catalog()[0].get("tensor.contiguity.t1").q.answer is False
    cache = tmp_path / "home" / "cache" / "banks.json"
    assert cache.exists()
    (folder / "tensor.contiguity.yaml").write_text(GOOD.replace("answer: false", "answer: true"))
    assert load_catalog()[0].get("tensor.contiguity.t1").q.answer is True  # edited: parsed again
    cache.write_text("{not json")
    catalog, problems = load_catalog()
    assert problems == [] and catalog.get("tensor.contiguity.t1").q.answer is True



def test_lint_counts_diff_and_py_mutants(tmp_path, monkeypatch):
    """MIN_MUTANTS (2) counts both kinds: a diff against the reference and a .py rewrite."""
    exercises = tmp_path / "reference_impls"
    folder = exercises / "make_contiguous"
    shutil.copytree(REPO / "reference_impls" / "make_contiguous", folder)
    (folder / "mutants" / "strict_size_one.py").unlink()
    assert sorted(p.name for p in (folder / "mutants").iterdir()) == ["always_copies.diff", "never_copies.py"]
    monkeypatch.setenv("DLPREP_EXERCISES", str(exercises))
    coding = GOOD + BAD["unknown checker"][0][len(GOOD):].replace("stride_veiw", "stride_view")
    _, problems = lint(tmp_path / "two", {"tensor.contiguity.yaml": coding}, monkeypatch)
    assert problems == []
    (folder / "mutants" / "never_copies.py").unlink()
    _, problems = lint(tmp_path / "one", {"tensor.contiguity.yaml": coding}, monkeypatch)
    assert any("reference_impls/make_contiguous/mutants/ has 1 mutant(s) - add at least 2" in p for p in problems)
