"""Uploads are files, not links: what `dlprep grade` and `dlprep submit` read of a submission.

Each attack is a layout a hostile student can hand in: a link to the reference (once graded as
their own work, full marks), a link to a private file (once quoted in the error message), a fifo
(would block the grader), a linked folder, a hard link. Each must end as a refused submission with
one line that quotes nothing of the file it points to; the rest of the class is still read.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dlprep import batch, uploads
from dlprep.cli.app import app
from tests.banks import REPO
from tests.conftest import coding_question

Q = coding_question("batched_matmul", "tensor_fn")
QID = "tensor.matmul.batched-no-matmul"
REFERENCE = REPO / "reference_impls" / "batched_matmul" / "reference.py"
SECRET = "TOP-SECRET-TOKEN-7f3a"
RIGHT = "def solve(a, b):\n    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2)\n"
runner = CliRunner()


@pytest.fixture
def private(tmp_path) -> Path:
    """A 0600 file of someone else's, outside the class folder."""
    f = tmp_path / "private" / "token.py"
    f.parent.mkdir()
    f.write_bytes(b"\xff" + SECRET.encode())  # not UTF-8: the decode error once quoted it
    f.chmod(0o600)
    return f


def _klass(tmp_path: Path) -> Path:
    k = tmp_path / "class"
    k.mkdir()
    (k / "alice.py").write_text(RIGHT)
    return k


def _by_name(subs: list[batch.Submission]) -> dict[str, batch.Submission]:
    return {s.submitter: s for s in subs}


def test_a_link_to_the_reference_is_refused_not_graded(tmp_path):
    k = _klass(tmp_path)
    (k / "mallory.py").symlink_to(REFERENCE)
    subs = _by_name(batch.collect(Q, [k]))
    assert subs["alice"].source == RIGHT
    m = subs["mallory"]
    assert m.source is None and "refused: a symbolic link" in m.problem and "\n" not in m.problem


def test_a_link_to_a_private_file_quotes_none_of_it(tmp_path, private):
    k = _klass(tmp_path)
    (k / "mallory.py").symlink_to(private)
    sub = tmp_path / "bob"
    sub.mkdir()
    (sub / "solution.py").symlink_to(private)
    for s in batch.collect(Q, [k, sub, private.parent.parent / "private"]):
        assert SECRET not in (s.problem or "") and "\\xff" not in (s.problem or "")
    assert "refused" in _by_name(batch.collect(Q, [sub]))["bob"].problem


def test_a_linked_folder_in_a_class_is_refused(tmp_path):
    k = _klass(tmp_path)
    (k / "mallory").symlink_to(REFERENCE.parent)
    m = _by_name(batch.collect(Q, [k]))["mallory"]
    assert m.source is None and "mallory: refused: a symbolic link" in m.problem


def test_a_link_inside_a_submission_folder_refuses_it(tmp_path):
    k = _klass(tmp_path)
    (k / "mallory").mkdir()
    (k / "mallory" / "deep").mkdir()
    (k / "mallory" / "deep" / "solution.py").symlink_to(REFERENCE)
    m = _by_name(batch.collect(Q, [k]))["mallory"]
    assert m.source is None and "deep/solution.py: refused: a symbolic link" in m.problem


def test_a_fifo_is_refused_without_blocking(tmp_path):
    k = _klass(tmp_path)
    os.mkfifo(k / "mallory.py")  # opening it for reading would wait for a writer forever
    m = _by_name(batch.collect(Q, [k]))["mallory"]
    assert m.source is None and "not a regular file" in m.problem


def test_a_hard_link_is_refused(tmp_path, private):
    k = _klass(tmp_path)
    os.link(private, k / "mallory.py")  # same inode as the private file: O_NOFOLLOW cannot see it
    m = _by_name(batch.collect(Q, [k]))["mallory"]
    assert m.source is None and "refused" in m.problem and SECRET not in m.problem


def test_a_path_argument_that_is_a_link_is_refused(tmp_path):
    link = tmp_path / "mallory.py"
    link.symlink_to(REFERENCE)
    (m,) = batch.collect(Q, [link])
    assert m.source is None and "refused: a symbolic link" in m.problem


def test_a_file_of_another_user_says_only_refused(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("needs root to give a file to another uid")
    k = _klass(tmp_path)
    other = k / "mallory.py"
    other.write_bytes(b"\xff" + SECRET.encode())
    os.chown(other, 54321, 54321)
    m = _by_name(batch.collect(Q, [k]))["mallory"]
    assert m.problem.endswith("mallory.py: refused (not a file of yours)"), m.problem


def test_a_regular_file_is_read_and_hashed_as_before(tmp_path):
    k = _klass(tmp_path)
    (k / "carol").mkdir()
    (k / "carol" / "solution.py").write_text(RIGHT)
    subs = _by_name(batch.collect(Q, [k]))
    assert subs["carol"].source == RIGHT and subs["carol"].digest == subs["alice"].digest


def test_read_solution_refuses_links_and_says_missing(tmp_path, private):
    with pytest.raises(uploads.Refused) as e:
        uploads.read_solution(tmp_path / "nope.py")
    assert e.value.missing
    link = tmp_path / "sol.py"
    link.symlink_to(private)
    with pytest.raises(uploads.Refused, match="refused: a symbolic link") as e:
        uploads.read_solution(link)
    assert SECRET not in str(e.value)


def test_submit_refuses_a_link_with_one_line(tmp_path, monkeypatch, private):
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    for target in (REFERENCE, private):
        link = tmp_path / f"link-{target.stem}.py"
        link.symlink_to(target)
        r = runner.invoke(app, ["submit", QID, str(link), "--no-record"])
        assert r.exit_code == 2, r.output
        assert "refused: a symbolic link" in r.output and SECRET not in r.output
        assert len(r.output.strip().splitlines()) == 1, r.output
