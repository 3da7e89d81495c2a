"""Parametrised output questions: values drawn per asking, keys computed in the sandbox, one card each."""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from dlprep import bank, session, variants
from dlprep.cli.app import app
from dlprep.models import OutputQuestion, Param, Text, fill
from dlprep.session import Item, Session
from dlprep.store import Store
from tests.banks import bank_fixture, make_banks

runner = CliRunner()
QID = "tensor.shape-ops.squeeze-unsqueeze"


@pytest.fixture(scope="module")
def catalog() -> bank.Catalog:
    return bank.catalog_or_raise()


def _q(code: str, params: dict[str, Param], expected: str = "x\n") -> OutputQuestion:
    return OutputQuestion(id="t.var", type="output", prompt=Text(zh="输出 {n}？", en="Output for {n}?"),
                          explanation=Text(zh="解 {n}", en="why {n}"), code=code, expected=expected, params=params)


def test_at_least_forty_output_questions_are_parametrised(catalog):
    params = [lq.q for lq in catalog.questions.values() if isinstance(lq.q, OutputQuestion) and lq.q.params]
    assert len(params) >= 40
    for q in params:
        shown = q.shown()
        assert not any(f"{{{name}}}" in shown.code + shown.prompt.en + shown.explanation.zh for name in q.params)


def test_fill_touches_declared_names_only():
    assert fill("d = {'a': 1}; print(f'{x}', {n})", {"n": 3}) == "d = {'a': 1}; print(f'{x}', 3)"


def test_params_are_validated():
    with pytest.raises(ValidationError, match="default"):
        Param(ints=(2, 5), default=9)
    with pytest.raises(ValidationError, match="exactly one"):
        Param(default=1)
    with pytest.raises(ValidationError, match="not among"):
        Param(choices=["a", "b"], default="c")
    with pytest.raises(ValidationError, match="uses none"):
        _q("print(1)", {"n": Param(ints=(1, 3), default=2)})


def test_two_seeds_give_different_snippets_and_the_text_follows(catalog):
    lq = catalog.get(QID)
    codes = set()
    for s in range(12):
        items = [i for i in session.quiz_items(catalog, [lq.topic], ["output"], count=99, seed=s) if i.id == QID]
        assert len(items) == 1 and items[0].variant
        codes.add(items[0].question.code)
        assert "{" not in items[0].question.code
    assert len(codes) > 2
    q = _q("print({n})", {"n": Param(ints=(1, 9), default=4)})
    v = q.variant(variants.draw(q, random.Random(3)), "7\n")
    assert v.prompt.en == f"Output for {v.code[6:-1]}?" and v.params == {} and v.expected == "7\n"


def test_draws_stay_in_their_ranges():
    q = _q("print({n}, {d})", {"n": Param(ints=(2, 4), default=3), "d": Param(choices=["a", "b"], default="a")})
    seen = [variants.draw(q, random.Random(s)) for s in range(50)]
    assert {v["n"] for v in seen} == {2, 3, 4} and {v["d"] for v in seen} == {"a", "b"}


def _item(catalog, values):
    lq = catalog.get(QID)
    return Item(lq.q.variant(values, ""), lq.topic, None, "quiz", tuple(sorted(values.items())))


def test_the_key_is_computed_and_a_wrong_answer_for_the_draw_is_rejected(catalog, code_judge, tmp_path):
    q = catalog.get(QID).q
    default = _item(catalog, q.defaults())
    other = _item(catalog, {"a": 2, "b": 6, "n": 7})
    with Store(tmp_path / "p.sqlite3") as st:
        sess = Session([default, other, other], st)
        sess._code_judge = code_judge
        sess.present()
        assert sess.variant_key() == q.expected  # the default draw's computed key is the stored one
        assert sess.answer(q.expected).correct
        sess.present()
        key = sess.variant_key()
        assert key != q.expected and "(2, 6)" in key and "(7,)" in key
        out = sess.answer(q.expected)  # the default draw's output is wrong for this draw
        assert not out.correct and out.judgement is not None and out.judgement.lines is not None
        assert sess.items[1].question.expected == key  # the feedback shows this draw's key
        sess.present()
        assert sess.answer(key).correct
        assert list(st.cards()) == [QID]
        assert [r.question_id for r in st.reviews()] == [QID] * 3  # one FSRS card, three reviews
        sess._code_judge = None  # the module's judge is closed by its fixture


BANK = bank_fixture("variants_bank.yaml")


def test_verify_runs_the_draws_and_names_one_that_fails(tmp_path, monkeypatch):
    banks = make_banks(tmp_path, {"tensor.contiguity.yaml": BANK})
    monkeypatch.setenv("DLPREP_BANKS", str(banks))
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    out = tmp_path / "r.json"
    r = runner.invoke(app, ["verify", "--jobs", "1", "--out", str(out), "tensor.contiguity.var"])
    assert r.exit_code == 1, r.output
    res = json.loads(out.read_text())["results"][0]
    assert res["status"] == "failed" and "draw {'n':" in res["message"] and "ValueError" in res["message"]
    (banks / "tensor.contiguity.yaml").write_text(BANK.replace("n > 3", "n > 99"))
    r = runner.invoke(app, ["verify", "--jobs", "1", "--out", str(out), "tensor.contiguity.var"])
    assert r.exit_code == 0, r.output
    res = json.loads(out.read_text())["results"][0]
    assert res["status"] == "passed" and "3 draws" in res["message"]
