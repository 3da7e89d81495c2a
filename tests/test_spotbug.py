"""Spot-the-bug cards: generated from every mutant and wrong answer, judged by lines, proved by inputs."""

from __future__ import annotations

import json
import shutil
import textwrap
from collections import defaultdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dlprep import bank, judging, spotbug
from dlprep.cli.app import app
from dlprep.models import SpotBugQuestion
from tests.banks import REPO, bank_fixture, make_banks

runner = CliRunner()


@pytest.fixture(scope="module")
def catalog() -> bank.Catalog:
    return bank.catalog_or_raise()


def _cards(catalog: bank.Catalog) -> list[SpotBugQuestion]:
    return [lq.q for lq in catalog.questions.values() if isinstance(lq.q, SpotBugQuestion)]


def test_every_exercise_has_cards_with_a_stored_exposing_input(catalog):
    coding = {lq.q.exercise: lq for lq in catalog.questions.values() if lq.q.type == "coding"}
    by_ex: dict[str, list[SpotBugQuestion]] = defaultdict(list)
    for card in _cards(catalog):
        by_ex[card.exercise].append(card)
    assert set(by_ex) == set(coding) and len(coding) >= 54
    # Dropping rewrites and files hiding a second bug leaves a few exercises whose only cards have
    # no input found yet (fx_constant_folding's folds_written_tensor: no candidate exposes it).
    unexposed = [ex for ex, cards in by_ex.items() if not any(c.expose for c in cards)]
    assert len(unexposed) <= 3, unexposed
    for ex, cards in by_ex.items():
        # one card per wrong file, less the rewrites (too many faulty lines to be a bug to spot)
        assert len(cards) <= sum(len(spotbug.mutants.find(REPO / "reference_impls" / ex, k)) for k in spotbug.KINDS)
        for c in cards:
            lq = catalog.get(c.id)
            assert lq.topic == coding[ex].topic and c.id.startswith(f"{lq.topic}.spotbug.{ex}.")
            assert ex in c.tags
            lines = c.code.splitlines()
            assert not lines[0].startswith("#"), f"{c.id}: the describing comment (the bug's name) is shown"
            assert c.hunks and all(1 <= n <= len(lines) for h in c.hunks for n in h)
            assert not spotbug.is_rewrite(c.hunks), f"{c.id}: a rewrite made a card"


def _cosmetic_lines(card: SpotBugQuestion) -> set[int]:
    """Lines the line diff calls changed that the key leaves out: renames, dropped annotations or
    imports, neighbours of deleted comments, reflowed lines."""
    ref = spotbug.reference_of(card, REPO / "reference_impls")
    return {n for h in spotbug.hunks(ref, card.code) for n in h} - card.faulty


def test_every_card_judges_its_faulty_lines_right_and_cosmetic_lines_wrong(catalog):
    cards = _cards(catalog)
    assert len(cards) >= 300
    with_cosmetic = 0
    for c in cards:
        for n in c.faulty:
            assert judging.judge(c, str(n)).correct, f"{c.id}: faulty line {n} judged wrong"
        cosmetic = _cosmetic_lines(c)
        with_cosmetic += bool(cosmetic)
        for n in cosmetic:
            assert not judging.judge(c, str(n)).correct, f"{c.id}: cosmetic line {n} judged right"
        other = next(n for n in range(1, len(c.code.splitlines()) + 2) if n not in c.faulty)
        assert not judging.judge(c, str(other)).correct
    assert with_cosmetic >= 50  # the normalising is exercised: many cards did carry harmless lines


def test_the_cli_judges_a_cosmetic_line_wrong_and_the_faulty_line_right(catalog, tmp_path, monkeypatch):
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path))
    card = next(c for c in _cards(catalog) if _cosmetic_lines(c) and not c.requires)
    cosmetic, faulty = min(_cosmetic_lines(card)), min(card.faulty)
    r = runner.invoke(app, ["answer", card.id, str(faulty), "--no-record", "--json", "--lang", "en"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["answer", card.id, str(cosmetic), "--no-record", "--json", "--lang", "en"])
    assert r.exit_code == 1, r.output


BD_REF = textwrap.dedent("""\
    import torch
    from typing import Any


    def run_layers(x: torch.Tensor, layers: list[Any]) -> torch.Tensor:
        \"\"\"Apply each layer.\"\"\"
        out = x
        for layer in layers:
            # each layer in turn
            out = layer(out)
        total = torch.stack([out, out]).sum(
            dim=0,
            keepdim=False,
        )
        return total
""")


def _regions(wrong: str) -> list[list[int]]:
    return spotbug.faulty_regions(BD_REF, textwrap.dedent(wrong))


def test_renames_annotations_imports_comments_and_layout_are_not_bugs():
    cosmetic = """\
        import torch


        def _stack(inp, layers):
            h = inp
            for blk in layers:
                h = blk(h)
            total = torch.stack([h, h]).sum(dim=0, keepdim=False)
            return total
    """
    assert _regions(cosmetic) == []


def test_a_real_change_is_its_own_line_only():
    changed = BD_REF.replace("keepdim=False", "keepdim=True")
    assert _regions(changed) == [[13]]  # the argument's line, not the whole eight-line statement
    swapped = BD_REF.replace("out = layer(out)", "out = layer(x)")  # `x` is the reference's own name
    assert _regions(swapped) == [[10]]
    moved = BD_REF.replace("        out = layer(out)\n", "").replace(
        "    total =", "    out = layer(out)\n    total =")
    assert moved != BD_REF and [n for r in _regions(moved) for n in r]  # out of the loop: nesting is behaviour


def test_a_deleted_statement_is_marked_by_its_neighbours():
    deleted = BD_REF.replace("    out = x\n", "")
    assert deleted != BD_REF
    assert _regions(deleted) == [[5, 7]]  # the def before the gap (its docstring is no statement) and the loop after


def test_a_file_that_also_carries_another_files_bug_is_not_a_card():
    one = BD_REF.replace("keepdim=False", "keepdim=True")
    two = one.replace("out = layer(out)", "out = layer(x)")
    other = BD_REF.replace("out = x\n", "out = x * 2\n")
    assert spotbug.hides_other_bugs(BD_REF, [one, two, other]) == [False, True, False]


def test_a_rewrite_is_not_a_card():
    assert spotbug.is_rewrite([[1, 2, 3, 4, 5, 6, 7]]) and spotbug.is_rewrite([[1], [3], [5], [7]])
    assert not spotbug.is_rewrite([[3, 4], [9]])


def test_ids_are_stable_and_distinguish_wrong_answers():
    assert spotbug.card_id("tensor.matmul", "batched_matmul", "mutants/half_accumulation.py") == \
        "tensor.matmul.spotbug.batched_matmul.half-accumulation"
    assert spotbug.card_id("tensor.matmul", "batched_matmul", "wrong/half_accumulation.diff") == \
        "tensor.matmul.spotbug.batched_matmul.wrong.half-accumulation"


def test_faulty_lines_come_from_the_diff():
    ref = "import torch\n\n\ndef solve(x):\n    y = x + 1\n    return y * 2\n"
    changed = "import torch\n\n\ndef solve(x):\n    y = x - 1\n    return y * 2\n"
    assert spotbug.hunks(ref, changed) == [[5]]
    deleted = "import torch\n\n\ndef solve(x):\n    return y * 2\n"
    assert spotbug.hunks(ref, deleted) == [[4, 5]]  # a deletion is marked by the lines around the gap
    added = "import torch\n\n\ndef solve(x):\n    y = x + 1\n    y = y.t()\n    return y * 2\n"
    assert spotbug.hunks(ref, added) == [[6]]


def test_the_authors_comments_on_changed_lines_are_removed():
    ref = "def solve(x):\n    return x + 1\n"
    wrong = "def solve(x):\n    # off by one: subtracts\n    return x - 1  # wrong sign\n"
    shown = spotbug._without_tells(ref, wrong)
    assert shown == "def solve(x):\n    return x - 1\n"


@pytest.mark.parametrize("text,lines,expose", [
    ("12", (12,), None), ("12,14", (12, 14), None), ("12-14", (12, 13, 14), None), (" 3 5 ", (3, 5), None),
    ("4; solve(torch.ones(2))", (4,), "solve(torch.ones(2))"), ("4-5 | f(1, 2)", (4, 5), "f(1, 2)"),
])
def test_answers_parse(text, lines, expose):
    a = spotbug.parse(text)
    assert (a.lines, a.expose) == (lines, expose)


@pytest.mark.parametrize("text", ["", "abc", "5-3", "x; solve()", "1-999"])
def test_unreadable_lines_are_asked_again(text):
    with pytest.raises(spotbug.BadLines):
        spotbug.parse(text)


def test_a_wrong_line_is_rejected_and_the_right_line_accepted(catalog):
    card = catalog.get("tensor.matmul.spotbug.batched_matmul.half-accumulation").q
    right = card.hunks[0][0]
    wrong = next(n for n in range(1, 99) if n not in card.faulty)
    assert judging.judge(card, str(right)).correct
    assert not judging.judge(card, str(wrong)).correct
    assert not judging.judge(card, f"{right},{wrong}").correct  # a named line that is not faulty
    with pytest.raises(judging.InvalidAnswer):
        judging.judge(card, "the sum")


def test_an_input_that_does_not_expose_is_no_proof(catalog, code_judge):
    card = catalog.get("tensor.matmul.spotbug.batched_matmul.half-accumulation").q
    line = card.hunks[0][-1]
    same = judging.judge(card, f"{line}; solve(torch.ones(1, 1, 3), torch.ones(1, 3, 1))", code_judge=code_judge)
    assert same.correct and not same.proved and "same result" in (same.proof or "")
    proved = judging.judge(card, f"{line}; {card.expose}", code_judge=code_judge)
    assert proved.correct and proved.proved and "differ" in (proved.proof or "")
    broken = judging.judge(card, f"{line}; solve(", code_judge=code_judge)
    assert not broken.proved and "not valid Python" in (broken.proof or "")
    # an input that kills its own process on both sides proves nothing
    exits = judging.judge(card, f"{line}; import os; os._exit(3)", code_judge=code_judge)
    assert not exits.proved


def test_a_crash_of_the_wrong_code_alone_counts(code_judge, tmp_path):
    card = SpotBugQuestion(
        id="t.spotbug.x.crash", type="spot_bug", prompt={"zh": "题", "en": "q"}, explanation={"zh": "解", "en": "e"},
        exercise="batched_matmul", origin="mutants/crash.py", entry="solve", checker="tensor_fn",
        code="import os\n\n\ndef solve(a, b):\n    os._exit(9)\n", hunks=[[5]])
    proof = spotbug.ExposeRunner(code_judge, REPO / "reference_impls").prove(
        card, "solve(torch.ones(1, 1, 2), torch.ones(1, 2, 1))")
    assert proof.differs and "without a result" in proof.message


EXPOSE = """\
inputs:
  mutants/never_copies.py: solve(torch.randn(4, 6)[:, ::2])
  mutants/always_copies.diff: solve(torch.randn(3, 4))
"""

BANK = bank_fixture("spotbug_bank.yaml")


def test_verify_proves_cards_and_fails_one_whose_input_does_not_differ(tmp_path, monkeypatch):
    banks = make_banks(tmp_path, {"tensor.contiguity.yaml": BANK})
    exercises = tmp_path / "reference_impls"
    shutil.copytree(REPO / "reference_impls" / "make_contiguous", exercises / "make_contiguous",
                    ignore=shutil.ignore_patterns("wrong", "right", "expose.yaml"))
    (exercises / "make_contiguous" / "expose.yaml").write_text(textwrap.dedent(EXPOSE))
    monkeypatch.setenv("DLPREP_BANKS", str(banks))
    monkeypatch.setenv("DLPREP_EXERCISES", str(exercises))
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    base = "tensor.contiguity.spotbug.make_contiguous."
    # strict_size_one inlines the helper and also drops `device=` (a second bug): no card
    ids = [base + "never-copies", base + "always-copies"]
    out = tmp_path / "r.json"
    r = runner.invoke(app, ["verify", "--jobs", "1", "--out", str(out), *ids])
    assert r.exit_code == 1, r.output
    got = {x["id"]: x for x in json.loads(out.read_text())["results"]}
    assert got[base + "never-copies"]["status"] == "passed" and got[base + "never-copies"]["evidence"] == "proved"
    assert got[base + "always-copies"]["status"] == "failed"
    assert "does not expose" in got[base + "always-copies"]["message"]
    r = runner.invoke(app, ["verify", "--jobs", "1", base + "strict-size-one"])
    assert r.exit_code == 2 and "no question" in r.output


def test_cards_read_back_from_the_cache_are_whole_questions(tmp_path) -> None:
    """The second run reads the cards from the cache: they must render like freshly built ones."""
    import os
    import subprocess
    import sys

    # One bank's exercises, not all 62: building every card cold is ~25 s, and what is checked
    # (a card read back renders like a fresh one) does not grow with their number.
    name = "tensor.storage-stride.yaml"
    banks = make_banks(tmp_path, {name: (REPO / "questions" / name).read_text(encoding="utf-8")})
    env = {**{k: v for k, v in os.environ.items() if k != "DLPREP_CACHE_DIR"}, "DLPREP_HOME": str(tmp_path),
           "XDG_CACHE_HOME": str(tmp_path / "cache"),  # a cold cache of its own: the first run builds
           "DLPREP_BANKS": str(banks)}
    cmd = [sys.executable, "-m", "dlprep", "list", "--type", "spot_bug"]
    first = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    second = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0 and second.returncode == 0, second.stderr[-2000:]
    assert first.stdout == second.stdout and "spotbug" in second.stdout


def test_a_copy_of_the_exercises_elsewhere_reads_the_same_cache_entry(tmp_path, monkeypatch, catalog) -> None:
    """Entries are keyed by what the cards come from, not by folder: a copy of an exercise (as the
    tests' temporary banks make) is served from the cache, and the cache gains no entry for it;
    an edited file builds anew."""
    monkeypatch.setenv("DLPREP_CACHE_DIR", str(tmp_path / "cache"))
    lq = next(lq for lq in catalog.questions.values() if lq.q.type == "coding" and lq.q.exercise == "make_contiguous")
    copy = tmp_path / "elsewhere"
    shutil.copytree(REPO / "reference_impls" / "make_contiguous", copy / "make_contiguous")
    built: list[Path] = []
    build = spotbug._build
    monkeypatch.setattr(spotbug, "_build", lambda q, topic, ex: built.append(ex) or build(q, topic, ex))

    cache = spotbug._CardCache()
    here = spotbug.cards(lq.q, lq.topic, REPO / "reference_impls", cache)
    cache.save()
    cache = spotbug._CardCache()
    there = spotbug.cards(lq.q, lq.topic, copy, cache)
    cache.save()
    assert built == [REPO / "reference_impls"] and here == there and len(spotbug._CardCache().entries) == 1

    mutant = next((copy / "make_contiguous" / "wrong").glob("*.py"))
    mutant.write_text(mutant.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    spotbug.cards(lq.q, lq.topic, copy, spotbug._CardCache())
    assert built == [REPO / "reference_impls", copy]


# ---------------------------------------------------------------- the bilingual explanation

ZH_MUTANT = ("# Copies into a float32 buffer, so 2 dtypes are lost.\n"
             "# zh: 拷贝进 float32 缓冲区，丢掉了 2 种 dtype。\n")


def _exercise_with(tmp_path, files: dict[str, str]):
    """A copy of make_contiguous whose mutants/ and wrong/ hold just `files` (name -> header + code)."""
    folder = tmp_path / "reference_impls" / "make_contiguous"
    shutil.copytree(REPO / "reference_impls" / "make_contiguous", folder,
                    ignore=shutil.ignore_patterns("mutants", "wrong", "right", "expose.yaml"))
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _wrong_code(folder) -> str:
    ref = (folder / "reference.py").read_text(encoding="utf-8")
    assert "dtype=x.dtype" in ref
    return ref.replace("dtype=x.dtype", "dtype=torch.float32")


def test_the_zh_explanation_comes_from_the_zh_header_and_the_zh_line_is_not_shown(catalog, tmp_path):
    q = next(lq.q for lq in catalog.questions.values()
             if lq.q.type == "coding" and lq.q.exercise == "make_contiguous")
    folder = _exercise_with(tmp_path, {})
    code = _wrong_code(folder)
    bare = ZH_MUTANT.splitlines(True)[0] + code  # the same mistake, English description only
    (folder / "mutants").mkdir()
    (folder / "mutants" / "as_py.py").write_text(ZH_MUTANT + code, encoding="utf-8")
    # the same file stored as a diff: the zh line stays in the header, and renders back to the byte
    diff = spotbug.mutants.make(folder.joinpath("reference.py").read_text(), ZH_MUTANT + code, "as_diff.py")
    assert diff.splitlines()[1].startswith("# zh: ") and diff.splitlines()[2] == "--- reference.py"
    assert spotbug.mutants.render(diff, folder.joinpath("reference.py").read_text()) == ZH_MUTANT + code
    (folder / "mutants" / "as_diff.diff").write_text(diff, encoding="utf-8")
    (folder / "wrong").mkdir()
    (folder / "wrong" / "bare.py").write_text(bare, encoding="utf-8")
    cards = {c.origin: c for c in spotbug.cards(q, "tensor.contiguity", folder.parent)}
    assert set(cards) == {"mutants/as_py.py", "mutants/as_diff.diff", "wrong/bare.py"}
    ref = folder.joinpath("reference.py").read_text()
    expected_lines = spotbug.hunks(ref, code)
    assert expected_lines and all(len(h) == 1 for h in expected_lines)
    for origin in ("mutants/as_py.py", "mutants/as_diff.diff"):
        c = cards[origin]
        assert c.explanation.zh.endswith("错在哪里：拷贝进 float32 缓冲区，丢掉了 2 种 dtype。"), c.explanation.zh
        assert "英文" not in c.explanation.zh and "Copies" not in c.explanation.zh
        assert c.explanation.en.endswith("What goes wrong: Copies into a float32 buffer, so 2 dtypes are lost.")
        assert "zh:" not in c.explanation.en and "zh:" not in c.code and "拷贝" not in c.code
        # the faulty lines are counted in the shown code, as for the file without the zh line
        assert c.hunks == cards["wrong/bare.py"].hunks == expected_lines
        assert c.code == cards["wrong/bare.py"].code == code
    # a file without a zh description still shows its English one (lint reports it missing)
    assert cards["wrong/bare.py"].explanation.zh.endswith("错在哪里：" + ZH_MUTANT.splitlines()[0][2:])


def test_describe_splits_english_and_chinese_lines():
    text = ("# Line one of the English,\n# and line two.\n# zh: 中文说明的\n# zh: 第二行，接着 `x.t()`\n"
            "# zh: 和 stride\n--- reference.py\n")
    assert spotbug.mutants.describe(text) == ("Line one of the English, and line two.",
                                              "中文说明的第二行，接着 `x.t()` 和 stride")
    assert spotbug.mutants.describe("# Only English.\nimport torch\n") == ("Only English.", "")


def _fake_card(name: str, code: str) -> SpotBugQuestion:
    return SpotBugQuestion(
        id=f"t.spotbug.batched_matmul.{name}", type="spot_bug", prompt={"zh": "题", "en": "q"},
        explanation={"zh": "解", "en": "e"}, exercise="batched_matmul", origin=f"mutants/{name}.py", entry="solve",
        checker="tensor_fn", code=code, hunks=[[5]], expose="solve(torch.ones(1, 1, 2), torch.ones(1, 2, 1))")


def test_a_batch_proves_its_other_cards_when_one_wrong_file_crashes_or_hangs(catalog, code_judge):
    real = catalog.get("tensor.matmul.spotbug.batched_matmul.half-accumulation").q
    same = real.model_copy(update={"expose": "solve(torch.ones(1, 1, 3), torch.ones(1, 3, 1))"})
    crash = _fake_card("crash", "import os\n\n\ndef solve(a, b):\n    os._exit(9)\n")
    # hangs, and leaves a process behind that holds everything it inherited
    hang = _fake_card("hang", "import os, time\n\n\ndef solve(a, b):\n    os.fork()\n    time.sleep(600)\n")
    # poisons torch in its process (its own input then fails): the cards after it must not see that
    poison = _fake_card("poison", "import torch\ntorch.ones = None\n\n\ndef solve(a, b):\n    return a @ b\n")
    batch = [crash, hang, real, poison, same, real]
    runner = spotbug.ExposeRunner(code_judge, REPO / "reference_impls")
    proofs = runner.prove_batch(batch, timeout=5.0)
    assert [p.differs for p in proofs] == [True, True, True, True, False, True], [p.message for p in proofs]
    assert "without a result" in proofs[0].message and "did not finish in time" in proofs[1].message
    assert "same result" in proofs[4].message
    # each card's proof is the one a job of its own gives
    assert [p.differs for p in proofs[2:]] == [runner.prove(c, c.expose or "").differs for c in batch[2:]]


def test_verify_selects_by_type(catalog):
    from dlprep import verify
    from dlprep.errors import UsageError

    cards = verify.select(catalog, [], "spot_bug")
    assert cards and all(lq.q.type == "spot_bug" for lq in cards)
    assert len(cards) == len(_cards(catalog))
    mixed = verify.select(catalog, ["tensor.matmul"], "spot_bug")
    assert mixed and {lq.q.type for lq in mixed} == {"spot_bug"} and {lq.topic for lq in mixed} == {"tensor.matmul"}
    with pytest.raises(UsageError):
        verify.select(catalog, [], "spotbug")


def test_verify_batches_cards_by_exercise(catalog):
    from dlprep import verify
    from dlprep.requires import environment

    sel = verify.select(catalog, ["tensor.matmul"])
    tasks = verify._tasks(sel, environment())
    assert sorted(lq.id for t in tasks for lq in t.lqs) == sorted(lq.id for lq in sel)  # each once
    env = environment()
    for t in tasks:
        kinds = {lq.q.type for lq in t.lqs}
        cards = kinds == {"spot_bug"} and len({lq.q.exercise for lq in t.lqs}) == 1
        # the other batches: one topic's questions proved by snippets (outputs, probes, judges)
        snippets = all(verify.snippet_jobs(lq, env) for lq in t.lqs) and len({lq.topic for lq in t.lqs}) == 1
        assert len(t.lqs) == 1 or cards or snippets
    assert any(len(t.lqs) > 1 and t.lqs[0].q.type == "spot_bug" for t in tasks)
