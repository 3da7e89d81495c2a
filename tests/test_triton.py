"""The triton family: guarded buffers, launch counting, the interpreter's load trace, autotune
configs, and the specific message each wrong behaviour gets (the exercises' own mutants are
proved by `dlprep verify`)."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from dlprep import mutants
from dlprep.checkers import registry
from dlprep.checkers.base import load_exercise
from dlprep.checkers.families.triton.judge import GUARD, OUT_SENTINEL, KernelCase, TritonFamily, prepare
from tests.conftest import coding_question
from tests.grading import messages

pytest.importorskip("triton")

REPO = Path(__file__).parents[1]
ADD = coding_question("triton_vector_add", "triton", hidden=1)
SILU = coding_question("triton_autotune_silu", "triton", hidden=1, min_autotune_configs=2)

HEADER = "import torch\nimport triton\nimport triton.language as tl\n\n\n"
ADD_KERNEL = HEADER + '''@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    LOADS
    tl.store(STORE_PTR + offs, x + y, mask=mask)


def solve(x, y, out):
    add_kernel[(triton.cdiv(out.numel(), 256),)](x, y, out, out.numel(), BLOCK_SIZE=256)
'''
MASKED_LOADS = "x = tl.load(x_ptr + offs, mask=mask)\n    y = tl.load(y_ptr + offs, mask=mask)"


def _add(loads: str = MASKED_LOADS, store: str = "out_ptr") -> str:
    return ADD_KERNEL.replace("LOADS", loads).replace("STORE_PTR", store)


@pytest.fixture
def slow_grader(grader, monkeypatch):
    # The interpreter is slow and the test machine is shared: the session grader's 8 s is too tight.
    monkeypatch.setattr(grader, "timeout", 60.0)
    return grader



def test_family_is_registered():
    assert "triton" in registry.names()


# ---------------------------------------------------------------- grader side, no sandbox

def test_inputs_sit_between_nan_guards_with_padded_rows():
    x = torch.arange(6.0).reshape(2, 3)
    prep = prepare(KernelCase("c", (x,), in_pad=2, out_pad=5), lambda t: t * 2, ("x", "out"))
    xs, outs = prep.slots
    assert (xs.stride, xs.offset, xs.span) == ((5, 1), GUARD, 10)
    assert outs.stride == (8, 1) and outs.output
    buf = prep.buffers[0]
    assert torch.equal(buf.as_strided(xs.shape, xs.stride, xs.offset), x)
    assert torch.isnan(buf[:GUARD]).all() and torch.isnan(buf[GUARD + 3:GUARD + 5]).all()  # guard, row padding
    assert (prep.buffers[1] == OUT_SENTINEL).all()  # outputs start as the sentinel, inside and out
    assert torch.equal(prep.expected[0], x * 2)


def test_a_write_into_the_row_padding_is_named():
    prep = prepare(KernelCase("c", (torch.ones(2, 3),), out_pad=4), lambda t: t, ("x", "out"))
    out = prep.slots[1]
    after = prep.buffers[1].clone()
    after[GUARD + 3] = 0.0  # first element after row 0: padding
    msg = TritonFamily._untouched_outside(prep.buffers[1], after, out)
    assert msg is not None and "padding after a row" in msg and "`out`" in msg


def test_compiled_kernels_in_a_cpu_run_are_an_error():
    fam = TritonFamily(load_exercise(ADD))
    facts = {"kernels": [{"name": "k", "kinds": ["JITFunction"], "mode": "compiled", "configs": []}],
             "interpret": False, "interpret_env": "0"}
    result = fam._kernel_check(facts)
    assert result.status == "error" and "must have its kernels interpreted" in (result.message or "")


# ---------------------------------------------------------------- through the sandbox

def test_the_reference_runs_under_the_interpreter_in_the_child(slow_grader):
    source = (REPO / "reference_impls/triton_vector_add/reference.py").read_text()
    v = slow_grader.grade_source(ADD, source, "reference.py", seed=1)
    assert v.status == "pass", messages(v)
    kernel = next(t for t in v.tests if t.name == "kernel")
    assert kernel.details["mode"] == "interpreter" and kernel.details["TRITON_INTERPRET"] == "1"
    assert kernel.details["kernels"][0]["kinds"] == ["InterpretedFunction"]
    speed = next(t for t in v.tests if t.name == "speed")
    assert speed.status == "skip" and "no GPU" in (speed.message or "")


def test_a_file_without_a_kernel_fails_with_its_own_message(slow_grader):
    v = slow_grader.grade_source(ADD, "import torch\n\ndef solve(x, y, out):\n    out.copy_(x + y)\n", "s.py", seed=1)
    assert v.status == "fail" and v.score == 0
    assert [t.name for t in v.tests] == ["kernel"]
    assert "defines no @triton.jit kernel" in (v.tests[0].message or "")


def test_a_kernel_that_is_never_launched_fails(slow_grader):
    source = _add() + "\n\ndef solve(x, y, out):\n    torch.add(x, y, out=out)\n"
    v = slow_grader.grade_source(ADD, source, "s.py", seed=1)
    assert v.status == "fail" and "launched none of the file's Triton kernels" in messages(v)


def test_an_unmasked_load_is_caught_by_the_trace_even_when_its_value_is_masked_off(slow_grader):
    loads = "x = tl.load(x_ptr + offs)\n    y = tl.load(y_ptr + offs, mask=mask)"
    v = slow_grader.grade_source(ADD, _add(loads), "s.py", seed=1)
    assert v.status == "fail"
    assert "outside the tensors it was given (first: `x`, just past its end)" in messages(v), messages(v)


def test_writing_into_an_input_is_reported(slow_grader):
    v = slow_grader.grade_source(ADD, _add(store="x_ptr"), "s.py", seed=1)
    assert "modified its input `x` in place" in messages(v), messages(v)


def test_returning_a_new_tensor_gets_a_hint(slow_grader):
    source = mutants.source_of(REPO / "reference_impls/triton_add_relu", "returns_new_tensor")
    q = coding_question("triton_add_relu", "triton", hidden=1)
    v = slow_grader.grade_source(q, source, "s.py", seed=1)
    assert "were never written" in messages(v) and "returned a new tensor" in messages(v)


def test_a_kernel_error_names_the_line(slow_grader):
    source = _add().replace("    mask = offs < n\n", "    mask = offs < n\n    tl.static_assert(BLOCK_SIZE < 0)\n")
    v = slow_grader.grade_source(ADD, source, "s.py", seed=1)
    assert v.status == "fail" and "raised" in messages(v) and "(line " in messages(v), messages(v)


def test_every_autotune_config_is_checked_not_only_the_winner(slow_grader):
    source = HEADER + '''@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": 256}), triton.Config({"BLOCK_SIZE": 1024})], key=["n"])
@triton.jit
def silu_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offs, mask=offs < n)
    y = x * tl.sigmoid(x)
    if BLOCK_SIZE == 1024:
        y = y * 1.5  # wrong in one config only
    tl.store(out_ptr + offs, y, mask=offs < n)


def solve(x, out):
    silu_kernel[lambda meta: (triton.cdiv(out.numel(), meta["BLOCK_SIZE"]),)](x, out, out.numel())
'''
    v = slow_grader.grade_source(SILU, source, "s.py", seed=1)
    assert v.status == "fail", messages(v)
    assert "with autotune config BLOCK_SIZE=1024: out:" in messages(v), messages(v)
    assert next(t for t in v.tests if t.name == "autotune").status == "pass"


@pytest.mark.parametrize("warps, ok", [(6, False), (8, True)])
def test_a_num_warps_no_gpu_compiles_fails_though_the_interpreter_ignores_it(slow_grader, warps, ok):
    source = _add().replace("BLOCK_SIZE=256)", f"BLOCK_SIZE=256, num_warps={warps})")
    v = slow_grader.grade_source(ADD, source, "s.py", seed=1)
    if ok:
        assert v.status == "pass", messages(v)
    else:
        assert v.status == "fail" and v.score == 0 and [t.name for t in v.tests] == ["kernel"]
        assert "num_warps=6 cannot compile for a GPU" in messages(v)


def test_timing_is_skipped_without_a_gpu():
    fam = TritonFamily(load_exercise(ADD))
    fam.job("", "s.py", "cpu")
    assert fam._timing_spec() is None  # nothing is sent to the child to time
