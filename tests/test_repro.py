"""`dlprep submit ID FILE --case NAME`: one case on its own, and a snippet that rebuilds its inputs."""

from __future__ import annotations

import subprocess
import sys

import pytest
import torch
from typer.testing import CliRunner

from dlprep.checkers import repro
from dlprep.checkers.base import Case
from dlprep.cli.app import app
from dlprep.errors import UsageError
from dlprep.store import Store
from tests.banks import REPO

runner = CliRunner()
GATHER = "tensor.gather-dispatch.gather-by-hand"
WRONG = REPO / "reference_impls" / "gather_dim" / "wrong"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_pick_finds_public_by_either_spelling_and_hidden_only_with_a_seed():
    pub, hid = [Case("small", ()), Case("big", ())], [Case("kind#0", ()), Case("random-1", ())]
    assert repro.pick(pub, hid, "public/big", seeded=False) == ([pub[1]], [])
    assert repro.pick(pub, hid, "random-1", seeded=True) == ([], [hid[1]])
    assert repro.pick(pub, hid, "kind", seeded=True) == ([], [hid[0]])
    with pytest.raises(UsageError, match="hidden case: add the --seed"):
        repro.pick(pub, hid, "random-1", seeded=False)
    with pytest.raises(UsageError, match="public cases: small, big"):
        repro.pick(pub, hid, "nope", seeded=True)


def test_snippet_rebuilds_values_dtype_strides_and_offset(tmp_path):
    base = torch.arange(30, dtype=torch.float64) / 7
    odd = base.as_strided((3, 4), (1, 5), 2)  # transposed-like, with an offset into its storage
    ints = torch.tensor([[3, -1], [0, 2]], dtype=torch.int32)
    case = Case("c", (odd, ints, 2, (1, None)), {"flag": True})
    (tmp_path / "sol.py").write_text(
        "import torch\n"
        "def solve(x, i, k, t, flag):\n"
        "    return (x.tolist(), x.stride(), x.storage_offset(), x.dtype, i.tolist(), i.dtype, k, t, flag)\n")
    text = repro.snippet(case, "solve", "sol.py")
    assert text is not None
    (tmp_path / "snip.py").write_text(text)
    out = subprocess.run([sys.executable, "snip.py"], cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    want = (odd.tolist(), odd.stride(), odd.storage_offset(), odd.dtype, ints.tolist(), ints.dtype, 2, (1, None), True)
    assert out.strip() == repr(want)


def test_snippet_refuses_what_it_cannot_write_out():
    assert repro.snippet(Case("big", (torch.zeros(repro.MAX_PRINTED + 1),)), "f", "s.py") is None
    assert repro.snippet(Case("obj", (object(),)), "f", "s.py") is None


def test_submit_case_runs_one_case_prints_its_inputs_and_records_nothing(home):
    wrong = WRONG / "clamps_index.py"
    full = runner.invoke(app, ["submit", GATHER, str(wrong), "--device", "cpu", "--no-record"])
    assert full.exit_code == 1
    assert "--case negative-index-raises" in full.output
    r = runner.invoke(app, ["submit", GATHER, str(wrong), "--device", "cpu", "--case", "negative-index-raises"])
    assert r.exit_code == 1, r.output
    assert "only case negative-index-raises was run" in r.output
    assert "torch.tensor([0, -1, 1, 2, 0, 0], dtype=torch.int64)" in r.output
    with Store() as st:  # DLPREP_HOME is the test's own; --no-record and --case record nothing
        assert st.reviews(GATHER) == []
    runner.invoke(app, ["submit", GATHER, str(wrong), "--device", "cpu"])
    with Store() as st:  # a full grading is recorded, so the check above could have failed
        assert len(st.reviews(GATHER)) == 1


def test_submit_unknown_case_is_one_line_and_exit_2():
    r = runner.invoke(app, ["submit", GATHER, str(WRONG / "clamps_index.py"), "--device", "cpu", "--case", "nope"])
    assert r.exit_code == 2
    assert r.output.strip().startswith("error: no case named 'nope'") and "Traceback" not in r.output
