"""The compile family: each wrong behaviour gets its own message, and patching torch in the
submission does not change what the checker measures. The exercises' references, starters and
mutants are proven by `dlprep verify`; these tests cover what the mutants do not."""

from __future__ import annotations

import re
from textwrap import dedent

import pytest

from tests.conftest import coding_question

pytestmark = pytest.mark.slow

FULLGRAPH = coding_question("compile_fullgraph", "compile")
CUSTOM_OP = coding_question("compile_custom_op", "compile")
RECOMPILE = coding_question("compile_recompile", "compile").model_copy(update={"entry": "make_compiled"})
AOT = coding_question("compile_aot_graphs", "compile").model_copy(update={"entry": "make_backend"})

NUMPY_OP = '''
import numpy as np
import torch


@torch.library.custom_op("dlprep::moving_average", mutates_args=())
def moving_average(x: torch.Tensor, w: int) -> torch.Tensor:
    out = np.lib.stride_tricks.sliding_window_view(x.numpy(), w, axis=-1).{reduce}(axis=-1)
    return torch.from_numpy(np.ascontiguousarray(out))


@moving_average.register_fake
def _(x, w):
    return x.new_empty((*x.shape[:-1], x.shape[-1] - w + 1))
'''


@pytest.fixture
def g(grader: object, monkeypatch: pytest.MonkeyPatch) -> object:
    # Dynamo compiles take seconds on a shared machine: the session grader's 8 s is too tight.
    monkeypatch.setattr(grader, "timeout", 60.0)
    return grader


def _grade(g: object, q: object, source: str) -> tuple[str, str]:
    v = g.grade_source(q, dedent(source), "solution.py", seed=3)  # type: ignore[attr-defined]
    return v.status, "\n".join(f"{t.name}: {t.status} {t.message}" for t in v.tests)


def test_patching_torch_compile_and_explain_hides_nothing(g: object) -> None:
    status, text = _grade(g, FULLGRAPH, '''
        import numpy as np
        import torch
        import torch._dynamo

        torch.compile = lambda fn, **kw: fn
        torch._dynamo.explain = lambda fn: None

        def solve(x, w, threshold):
            h = x @ w
            peak = h.abs().max().item()
            if peak > threshold:
                h = h / peak
            return h, torch.from_numpy(np.digitize(h.numpy(), [-1.0, -0.25, 0.0, 0.25, 1.0]))
        ''')
    assert status == "fail", text
    assert re.search(r"graph breaks: fail .*2 graph break\(s\): line 11: .*item\(\).*; line 14: .*numpy", text), text
    assert "torch.compile(solve, fullgraph=True) failed (line 12)" in text, text


def test_custom_op_with_wrong_values_is_named(g: object) -> None:
    status, text = _grade(g, CUSTOM_OP, NUMPY_OP.format(reduce="sum") + '''
def solve(x, w):
    return x[..., w - 1:] - torch.ops.dlprep.moving_average(x, w)
''')
    assert status == "fail", text
    assert "opcheck: pass" in text, text  # consistent fake and real outputs: only the values are wrong
    assert re.search(r"public/window-3: fail torch\.ops\.dlprep\.moving_average: \d+ of \d+ elements differ",
                     text), text


def test_custom_op_whose_real_output_is_strided_fails_on_a_strided_input(g: object) -> None:
    # NumPy's mean over a transposed input comes back in the input's memory order: the fake (new_empty)
    # is contiguous. opcheck runs on the first input only (contiguous), so the per-case stride check
    # must name it, on the non-contiguous case and only there.
    status, text = _grade(g, CUSTOM_OP, NUMPY_OP.format(reduce="mean").replace("np.ascontiguousarray(out)", "out")
                          + """
def solve(x, w):
    return x[..., w - 1:] - torch.ops.dlprep.moving_average(x, w)
""")
    assert status == "fail", text
    assert "opcheck: pass" in text, text
    assert re.search(r"public/non-contiguous: fail torch\.ops\.dlprep\.moving_average returns a tensor with "
                     r"strides \(1, 3\), but its fake implementation gives strides \(10, 1\)", text), text
    assert "public/window-3: pass" in text, text


def test_custom_op_that_solve_does_not_call(g: object) -> None:
    status, text = _grade(g, CUSTOM_OP, NUMPY_OP.format(reduce="mean") + '''
def solve(x, w):
    return x[..., w - 1:] - x.unfold(-1, w, 1).mean(-1)
''')
    assert status == "fail", text
    assert "the compiled graph never calls torch.ops.dlprep.moving_average" in text, text


def test_recompile_backend_never_called(g: object) -> None:
    status, text = _grade(g, RECOMPILE, '''
        import torch

        def make_compiled(backend):
            return torch.compile(lambda x, n: x[:, :n].mean(dim=1), backend="eager", dynamic=True)
        ''')
    assert status == "fail", text
    assert "the backend passed to make_compiled was never called" in text, text


def test_recompile_graph_break_is_told_apart_from_recompiles(g: object) -> None:
    status, text = _grade(g, RECOMPILE, '''
        import torch

        def masked_mean(x, n_valid):
            y = x[:, :n_valid]
            print("step")
            return y.mean(dim=1)

        def make_compiled(backend):
            return torch.compile(masked_mean, backend=backend, dynamic=True)
        ''')
    assert status == "fail", text
    assert "a call ran 2 graphs: the function has a graph break" in text, text


def test_aot_backend_must_return_three_things(g: object) -> None:
    status, text = _grade(g, AOT, '''
        from torch._dynamo.backends.common import aot_autograd

        def make_backend():
            return aot_autograd(fw_compiler=lambda gm, _: gm.forward)
        ''')
    assert status == "fail", text
    assert "make_backend() must return (backend, forward_graphs, backward_graphs); it returned" in text, text


def test_aot_recorded_graph_must_be_the_graph_module(g: object) -> None:
    status, text = _grade(g, AOT, '''
        from functorch.compile import make_boxed_func
        from torch._dynamo.backends.common import aot_autograd

        def make_backend():
            fw, bw = [], []

            def record(into):
                def compiler(gm, example_inputs):
                    into.append(gm.graph)
                    return make_boxed_func(gm.forward)
                return compiler

            return aot_autograd(fw_compiler=record(fw), bw_compiler=record(bw)), fw, bw
        ''')
    assert status == "fail", text
    assert "forward_graphs[0] is a torch.fx.graph.Graph, expected the torch.fx.GraphModule" in text, text


EXPORT = coding_question("compile_export", "compile").model_copy(update={"entry": "export_dynamic"})


def test_export_names_why_a_batch_was_refused(g: object) -> None:
    status, text = _grade(g, EXPORT, '''
        import torch

        def export_dynamic(model, example_x):
            return torch.export.export(model, (example_x,))
        ''')
    assert status == "fail", text
    assert "the batch size was specialised to a constant" in text, text
    status, text = _grade(g, EXPORT, '''
        import torch
        from torch.export import Dim

        def export_dynamic(model, example_x):
            example_x = torch.cat([example_x, example_x])
            return torch.export.export(model, (example_x,), dynamic_shapes=({0: Dim("b", max=100)},))
        ''')
    assert status == "fail", text
    assert "on batch 1024 raised" in text and "does not cover 1..1024" in text, text


def test_export_patching_exported_program_module_hides_nothing(g: object) -> None:
    # ExportedProgram.module patched to hand back the eager model: the values would all agree, but
    # the child calls the method it captured before the file loaded, so the batch-specialised
    # program is what runs.
    status, text = _grade(g, EXPORT, '''
        import torch

        def export_dynamic(model, example_x):
            ep = torch.export.export(model, (example_x,))
            torch.export.ExportedProgram.module = lambda self: model
            return ep
        ''')
    assert status == "fail", text
    assert "the batch size was specialised to a constant" in text, text
