"""Every `output` question of the banks, judged as the quiz judges a typed answer: its key with
other spacing and number formatting is right, with one token changed it is wrong."""

from __future__ import annotations

import zlib

import pytest

from dlprep import bank
from dlprep.judging import judge
from dlprep.models import OutputQuestion
from dlprep.outputs import judge_output, tokens
from tests.output_forms import one_token_changed, respaced

OUTPUT = sorted((lq.q for lq in bank.catalog_or_raise().questions.values() if isinstance(lq.q, OutputQuestion)),
                key=lambda q: q.id)


def test_there_are_output_questions() -> None:
    assert len(OUTPUT) > 100


@pytest.mark.parametrize("q", OUTPUT, ids=lambda q: q.id)
def test_output_key_typed_another_way(q: OutputQuestion) -> None:
    if q.match == "exact":
        assert judge(q, q.expected).correct
        return
    typed = respaced(q.expected)
    assert judge(q, typed).correct, typed
    wrong = one_token_changed(q.expected, zlib.crc32(q.id.encode()))
    j = judge(q, wrong)
    assert not j.correct, wrong
    assert j.lines is not None and j.lines.right == j.lines.total - 1


def test_tokens_and_numbers() -> None:
    assert tokens("tensor([10.,  4.,  6.])") == tokens("tensor([10.0, 4, 6.])")
    assert tokens("1e-3") == tokens("0.001")
    assert tokens("-0.") != tokens("0.")  # a printed negative zero is part of the answer
    assert tokens("float16") != tokens("float 16")
    assert tokens("MulBackward0") != tokens("MulBackward 0")


def test_what_still_matters() -> None:
    key = "tensor([10.,  4.,  6.], grad_fn=<MulBackward0>)"
    assert judge_output("tensor([10., 4., 6.], grad_fn=<MulBackward0>)", key).correct
    assert judge_output("  tensor([10.0,4.0,6.0], grad_fn=<MulBackward0>)  ", key).correct
    for wrong in ["tensor([10., 4., 6.])", "tensor([10., 4., 6.], grad_fn=<AddBackward0>)",
                  "tensor([10., 4., 7.], grad_fn=<MulBackward0>)", "tensor([10., 4., 6.], grad_fn=<MulBackward0>"]:
        assert not judge_output(wrong, key).correct, wrong
    assert not judge_output("True", "False").correct
    assert not judge_output("torch.float32", "torch.float16").correct


def test_lines_and_blank_lines() -> None:
    j = judge_output("a\n\nb 2\n", "a\nb 2.0\nc")
    assert not j.correct and (j.right, j.total) == (2, 3)
    assert [ln.yours for ln in j.lines] == ["a", "b 2", None]
    assert judge_output("a\nb\nextra", "a\nb").right == 2 and not judge_output("a\nb\nextra", "a\nb").correct


def test_exact_match_keeps_the_layout() -> None:
    assert judge_output("a  b\n", "a  b", exact=True).correct
    assert not judge_output("a b", "a  b", exact=True).correct
