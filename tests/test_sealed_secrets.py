"""Secrets stay with the trusted side: the batch's seed decides every hidden case, so it is never in
a run's argv, environment or a file the run can read, and what `dlprep grade` writes (the journal
holding the seed, every result file) is readable by its owner only, from the moment it exists."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dlprep import batch
from dlprep.cli.app import app
from tests.conftest import coding_question

HERE = Path(__file__).parent / "adversarial"
Q = coding_question("batched_matmul", "tensor_fn")
QID = "tensor.matmul.batched-no-matmul"
RIGHT = "def solve(a, b):\n    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2)\n"
SEED = 1_934_778_211  # an unusual number: found anywhere, it is this seed
runner = CliRunner()


def _mode(p: Path) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


@pytest.fixture
def open_umask():
    """A umask that takes nothing away: a file is private only if it was created so."""
    old = os.umask(0)
    yield
    os.umask(old)


def test_the_journal_is_created_owner_only(tmp_path, open_umask):
    j = batch.Journal(tmp_path / "deep" / "class.journal.jsonl")
    j.append({"batch": {"seed": SEED}})
    assert _mode(j.path) == 0o600
    assert j.read()[1] == SEED


def test_an_older_world_readable_journal_is_narrowed(tmp_path, open_umask):
    path = tmp_path / "old.journal.jsonl"
    path.write_text('{"batch": {"seed": 5}}')  # no final newline: the next record starts a fresh line
    path.chmod(0o644)
    batch.Journal(path).append({"batch": {"seed": SEED}})
    assert _mode(path) == 0o600 and batch.Journal(path).read()[1] == SEED


def test_a_journal_that_is_a_link_is_refused(tmp_path):
    target = tmp_path / "elsewhere"
    target.write_text("")
    (tmp_path / "j.jsonl").symlink_to(target)
    with pytest.raises(Exception, match="cannot write the journal"):
        batch.Journal(tmp_path / "j.jsonl").append({"batch": {"seed": SEED}})
    assert target.read_text() == ""


@pytest.mark.parametrize("fmt, out", [("json", "class.json"), ("csv", "class.csv"), ("junit", "class.xml"),
                                      ("gradescope", "results")])
def test_grade_writes_owner_only_files(tmp_path, monkeypatch, open_umask, fmt, out):
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    klass = tmp_path / "class"
    klass.mkdir()
    for who in ("alice", "bob"):
        (klass / f"{who}.py").write_text(RIGHT + f"# {who}\n")
    dest = tmp_path / "out" / out
    r = runner.invoke(app, ["grade", QID, str(klass), "--out", str(dest), "--format", fmt, "--seed", str(SEED),
                            "--isolation", "best", "--timeout", "20", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    written = [p for p in dest.parent.rglob("*") if p.is_file()]
    assert any(p.name.endswith(".journal.jsonl") for p in written) and len(written) >= 2
    for p in written:
        assert _mode(p) == 0o600, f"{p} is {oct(_mode(p))}"


def test_a_run_finds_the_seed_nowhere(grader, tmp_path):
    """The seed hunt reads argv, environment, every /proc it may, the stack, its folders and the
    journal itself; it fails loudly on a match, and passes only when the seed was nowhere."""
    journal = batch.Journal(tmp_path / "class.journal.jsonl")
    journal.append({"batch": {"question": Q.id, "seed": SEED}})
    source = ((HERE / "seed_hunt.py").read_text().replace("SEED_SHA256", hashlib.sha256(str(SEED).encode()).hexdigest())
              .replace("JOURNAL", str(journal.path)))
    v = grader.grade_source(Q, source, "seed_hunt.py", seed=SEED)
    messages = "\n".join(f"{t.name}: {t.message}" for t in v.tests)
    assert "SEED FOUND" not in messages, messages
    assert v.status == "pass", messages


def test_the_hunt_finds_a_seed_that_is_there(grader, tmp_path, monkeypatch):
    """The hunt above can fail: a seed leaked into the run's environment is found."""
    from dlprep.checkers.base import Family

    job = Family.job
    monkeypatch.setattr(Family, "job", lambda self, *a: {**job(self, *a), "env": {"LEAK": f"s={SEED}"}})
    source = (HERE / "seed_hunt.py").read_text().replace("SEED_SHA256", hashlib.sha256(str(SEED).encode()).hexdigest())
    v = grader.grade_source(Q, source.replace("JOURNAL", str(tmp_path / "none")), "seed_hunt.py", seed=SEED)
    assert "SEED FOUND in argv or environment" in "\n".join(str(t.message) for t in v.tests)


# As an ordinary account the run shares the caller's uid (rootless: mapped into its user namespace;
# fallback: the same uid), so 0600 keeps it out of nothing: the sandbox's allow-listed file-system
# view does (a private root, or Landlock read rules in the fallback), wherever the journal sits.


def test_a_journal_of_the_grader_is_unreadable_by_a_run(grader, tmp_path):
    """Where the journal sits is the teacher's choice: DLPREP_TEST_OPEN_DIR names a folder outside
    home and /tmp (test_sealed_modes makes one in the checkout), else the test's own folder."""
    folder = Path(os.environ.get("DLPREP_TEST_OPEN_DIR") or tmp_path)
    journal = batch.Journal(folder / "class.journal.jsonl")
    journal.append({"batch": {"question": Q.id, "seed": SEED}})
    v = grader.grade_source(Q, (HERE / "read_journal.py").read_text().replace("JOURNAL", str(journal.path)),
                            "read_journal.py", seed=SEED)
    messages = "\n".join(str(t.message) for t in v.tests)
    assert "REFUSED" in messages and str(SEED) not in messages, messages
