"""Grading a class: many submissions of one exercise, one seed, a journal that survives a kill.

    subs = collect(question, [Path("class/")])
    report = grade_batch(question, subs, executor, Journal(path), seed)

Every verdict is appended to a JSON-lines journal the moment it arrives, keyed by the
submission's content hash, the question and the seed; a re-run reads the journal first and grades
only what is missing. Two submitters who hand in the same bytes share one grading. A submission
that crashes, hangs, floods its output or cannot be read gets its own error verdict and the
batch goes on; only a sandbox that cannot run at all (strict isolation refused) stops it.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import stat
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dlprep import uploads
from dlprep.errors import DlprepError, UsageError
from dlprep.results import CheckResult, Verdict, summarise

if TYPE_CHECKING:
    from dlprep.checkers.grader import Grader
    from dlprep.executors import Executor
    from dlprep.models import CodingQuestion

JOURNAL_VERSION = 1
ENTRY_NAMES = ("solution.py",)  # besides <exercise>.py: the file a folder submission is graded by


# ---------------------------------------------------------------- submissions

@dataclass(frozen=True)
class Submission:
    submitter: str
    path: Path  # the file graded (or the folder, when no file could be picked)
    digest: str  # sha256 of the file's bytes: the journal's key with the question and the seed
    source: str | None  # None when unreadable; `problem` says why
    problem: str | None = None


def _unread(submitter: str, path: Path, problem: str) -> Submission:
    return Submission(submitter, path, hashlib.sha256(f"{path}:{problem}".encode()).hexdigest(), None, problem)


def _file(submitter: str, folder: Path, rel: str) -> Submission:
    """The file `rel` inside the upload folder `folder`, read without following any link."""
    path = folder / rel
    try:
        source = uploads.read_below(folder, rel)
    except uploads.Refused as e:
        return _unread(submitter, path, str(e))
    return Submission(submitter, path, hashlib.sha256(source.encode("utf-8")).hexdigest(), source)


def _odd(e: uploads.Entry) -> bool:
    """A link (to a file or a folder) or a special file named like a solution: refused, never read."""
    return e.kind == "link" or (e.kind == "special" and e.rel.endswith(".py"))


def _folder(submitter: str, folder: Path, exercise: str) -> Submission:
    """A folder holding one submission: its only .py file, or the one named after the exercise
    (or solution.py) when there are several. A link or a special file anywhere in it refuses it:
    what it points to is not the submitter's to hand in."""
    found = list(uploads.entries(folder, recursive=True))
    odd = next((e for e in found if _odd(e)), None)
    if odd is not None:
        return _unread(submitter, folder, f"{folder.name}/{odd.rel}: refused: "
                       + ("a symbolic link (an upload holds regular files only)" if odd.kind == "link"
                          else "not a regular file (a fifo, socket or device)"))
    files = [e.rel for e in found if e.kind == "file" and e.rel.endswith(".py")]
    if not files:
        return _unread(submitter, folder, "no .py file in this folder")
    named = [r for r in files if r.rsplit("/", 1)[-1] in (f"{exercise}.py", *ENTRY_NAMES)]
    if len(files) == 1 or len(named) == 1:
        return _file(submitter, folder, files[0] if len(files) == 1 else named[0])
    listing = ", ".join(r.rsplit("/", 1)[-1] for r in files[:5])
    return Submission(submitter, folder, hashlib.sha256(f"{folder}:{listing}".encode()).hexdigest(), None,
                      f"{len(files)} .py files ({listing}) and none named {exercise}.py or solution.py: "
                      "cannot tell which one to grade")


def _path(q: CodingQuestion, p: Path) -> list[Submission]:
    """The submissions one PATH holds (see `collect`); links and special files are refused, each as
    its own submission, so the rest of a class is still graded."""
    try:
        mode = os.lstat(p).st_mode
    except FileNotFoundError:
        raise UsageError(f"submission not found: {p}") from None
    except OSError as e:
        raise UsageError(f"cannot read {p}: {e.strerror or e}") from None
    if stat.S_ISREG(mode):
        return [_file(p.stem, p.parent, p.name)]
    if not stat.S_ISDIR(mode):
        what = "a symbolic link" if stat.S_ISLNK(mode) else "not a regular file or folder"
        return [_unread(p.stem or p.name, p, f"{p}: refused: {what} (an upload must be a file or a folder)")]
    try:
        inside = [e for e in uploads.entries(p) if not e.rel.startswith(".")]
    except uploads.Refused as e:
        raise UsageError(str(e)) from None
    own = [e for e in inside if e.rel.endswith(".py") and e.kind != "dir"]  # links counted: one per submitter
    subdirs = [e for e in inside if e.kind == "dir" or e.kind == "link" and not e.rel.endswith(".py")]
    named = [e for e in own if e.rel in (f"{q.exercise}.py", *ENTRY_NAMES)]
    if own and not subdirs and (len(own) == 1 or named):
        return [_folder(p.name, p, q.exercise)]
    if not (subdirs or own):
        raise UsageError(f"no submission in {p}: the folder holds no .py file and no subfolder")
    out = []
    for entry in [*own, *subdirs]:  # a class folder: one submission per .py file and per subfolder
        who = entry.rel.removesuffix(".py")
        if _odd(entry):
            what = "a symbolic link" if entry.kind == "link" else "not a regular file (a fifo, socket or device)"
            out.append(_unread(who, p / entry.rel,
                               f"{p.name}/{entry.rel}: refused: {what} (an upload must be a regular file or folder)"))
        elif entry.kind == "file":
            out.append(_file(who, p, entry.rel))
        else:
            out.append(_folder(entry.rel, p / entry.rel, q.exercise))
    return out


def collect(q: CodingQuestion, paths: Sequence[Path]) -> list[Submission]:
    """One submission per PATH: a file (the submitter is its stem) or a folder holding one
    submission (the submitter is the folder's name): a single .py file, or one named after the
    exercise or solution.py. Any other folder is a class: each .py file in it (by its stem) and
    each subfolder (by its name) is one submission. Every file is read through `uploads` (no link
    followed, regular files only); a link or special file is a submission refused with one line.
    Missing or empty paths are a usage error, before anything runs."""
    if not paths:
        raise UsageError("name at least one submission file or folder")
    subs = [s for p in paths for s in _path(q, p)]
    seen: Counter[str] = Counter()
    unique = []
    for s in subs:  # two files called solution.py in different folders stay two submitters
        seen[s.submitter] += 1
        name = s.submitter if seen[s.submitter] == 1 else f"{s.submitter}#{seen[s.submitter]}"
        unique.append(Submission(name, s.path, s.digest, s.source, s.problem))
    return unique


# ---------------------------------------------------------------- journal

def key(question: str, seed: int, digest: str) -> str:
    return f"{question}:{seed}:{digest}"


class Journal:
    """JSON lines, appended and flushed to disk as each verdict arrives. A line cut short by a
    kill is skipped on reading (and the next append starts on a fresh line)."""

    def __init__(self, path: Path):
        self.path = path

    def read(self) -> tuple[dict[str, Verdict], int | None]:
        """Verdicts by key, and the seed of the last batch started in this journal."""
        verdicts: dict[str, Verdict] = {}
        seed = None
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return verdicts, None
        except (OSError, UnicodeDecodeError) as e:
            raise UsageError(f"cannot read the journal {self.path}: {e}") from None
        for line in lines:
            try:
                rec = json.loads(line)
                if "batch" in rec:
                    seed = int(rec["batch"]["seed"])
                else:
                    verdicts[rec["key"]] = Verdict.from_json(rec["verdict"])
            except (ValueError, KeyError, TypeError):
                continue  # a torn last line from a killed run
        return verdicts, seed

    def append(self, record: dict[str, Any]) -> None:
        """Append one record. The journal holds the batch's seed, which decides the hidden cases:
        it is created readable by its owner only (0600 from the first byte, never widened by the
        umask) and an older, wider one is narrowed before anything more is written into it."""
        line = json.dumps(record, ensure_ascii=False, default=str) + "\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            try:
                st = os.fstat(fd)
                if st.st_mode & 0o077 and st.st_uid == os.geteuid():
                    os.fchmod(fd, 0o600)
                if st.st_size > 0 and os.pread(fd, 1, st.st_size - 1) != b"\n":
                    line = "\n" + line
                os.write(fd, line.encode("utf-8"))
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as e:
            raise UsageError(f"cannot write the journal {self.path}: {e.strerror or e}") from None


def default_journal(question: str, out: Path | None) -> Path:
    return out.with_name(out.name + ".journal.jsonl") if out else Path(f"dlprep-grade-{question}.journal.jsonl")


def pick_seed(journal: Journal, seed: int | None) -> tuple[int, dict[str, Verdict]]:
    """The batch's one seed: the one asked for, else the one the journal's last batch used (so a
    re-run resumes), else a fresh one. Returned with the verdicts already in the journal."""
    done, last = journal.read()
    if seed is None:
        seed = last if last is not None else secrets.randbelow(2**31)
    return seed, done


# ---------------------------------------------------------------- grading

@dataclass(frozen=True)
class Task:
    """What travels to a worker (a thread here, a Ray actor elsewhere): plain, picklable data."""

    key: str
    question: CodingQuestion
    submission: Submission
    seed: int


def error_verdict(question: str, message: str, name: str = "submission") -> Verdict:
    return summarise(question, [CheckResult(name, "error", message=message, trust="verified")], 0.0,
                     {"level": "none", "network": False}, {"count": 0, "passed": 0})


def grade_task(grader: Grader, task: Task) -> Verdict:
    """One grading on a worker. Whatever the submission does is a verdict; a grader bug becomes
    an error verdict too, so one bad submission never stops the class. Only our own environment
    failing (strict isolation refused, the worker cannot start) raises."""
    from dlprep.errors import SandboxError

    q, sub = task.question, task.submission
    if sub.source is None:
        return error_verdict(q.id, sub.problem or "unreadable")
    try:
        return grader.grade_source(q, sub.source, sub.path.name, task.seed)
    except SandboxError:
        raise
    except DlprepError as e:
        return error_verdict(q.id, str(e), "grader")
    except Exception as e:  # a checker bug must fail this submission, not the batch
        return error_verdict(q.id, f"the grader failed: {type(e).__name__}: {e}"[:500], "grader")


@dataclass(frozen=True)
class Row:
    submitter: str
    path: str
    digest: str
    verdict: Verdict
    reused: bool  # taken from the journal, not graded in this run

    @property
    def first_failure(self) -> CheckResult | None:
        return first_failure(self.verdict)


def first_failure(v: Verdict) -> CheckResult | None:
    return next((t for t in v.tests if t.status not in ("pass", "skip") and not t.advisory), None)


@dataclass(frozen=True)
class BatchReport:
    question: str
    seed: int
    rows: tuple[Row, ...]  # best score first, then by submitter
    graded: int  # gradings run now (distinct submissions not yet in the journal)
    reused: int  # submissions whose verdict came from the journal
    duration_s: float
    started: str
    executor: str = "local"
    workers: int = 1
    journal: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def statuses(self) -> Counter[str]:
        return Counter(r.verdict.status for r in self.rows)

    def histogram(self, bins: int = 10) -> list[tuple[str, int]]:
        """Submissions per score band (score / max score), `bins` equal bands, 100% on its own."""
        counts = [0] * (bins + 1)
        for r in self.rows:
            v = r.verdict
            share = v.score / v.max_score if v.max_score else 0.0
            counts[bins if share >= 1 else int(share * bins)] += 1
        width = 100 // bins
        labels = [f"{i * width}-{(i + 1) * width - 1}%" for i in range(bins)] + ["100%"]
        return list(zip(labels, counts, strict=True))

    def most_failed(self, n: int = 5) -> list[tuple[str, int]]:
        """The checks that failed in the most submissions: what the group got wrong."""
        c: Counter[str] = Counter()
        for r in self.rows:
            c.update({t.name for t in r.verdict.tests if t.status not in ("pass", "skip") and not t.advisory})
        return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, "question": self.question, "seed": self.seed, "started": self.started,
                "duration_s": round(self.duration_s, 3), "executor": self.executor, "workers": self.workers,
                "graded": self.graded, "reused": self.reused, "journal": self.journal,
                "summary": {"submissions": len(self.rows), "statuses": dict(self.statuses()),
                            "histogram": dict(self.histogram()), "most_failed": dict(self.most_failed())},
                "submissions": [{"submitter": r.submitter, "path": r.path, "sha256": r.digest,
                                 "first_failure": r.first_failure.name if r.first_failure else None,
                                 "verdict": r.verdict.to_json()} for r in self.rows]}


def grade_batch(q: CodingQuestion, subs: list[Submission], executor: Executor, journal: Journal,
                seed: int | None = None, on_result: Callable[[Submission, Verdict], None] = lambda s, v: None,
                on_start: Callable[[int, int], None] = lambda todo, done: None, executor_name: str = "local"
                ) -> BatchReport:
    """Grade what the journal does not hold yet, append each verdict as it comes, and return
    every submission's verdict. `on_start(to grade, already done)` is called before the first
    grading, `on_result` once per submission (reused ones included, first)."""
    t0 = time.monotonic()
    started = datetime.now(UTC).isoformat(timespec="seconds")
    seed, done = pick_seed(journal, seed)
    keyed = [(key(q.id, seed, s.digest), s) for s in subs]
    todo: dict[str, Task] = {}
    for k, s in keyed:
        if k not in done and k not in todo:
            todo[k] = Task(k, q, s, seed)
    journal.append({"batch": {"question": q.id, "seed": seed, "started": started, "submissions": len(subs),
                              "to_grade": len(todo), "executor": executor_name}})
    on_start(len(todo), len(subs) - sum(1 for k, _ in keyed if k in todo))
    for k, s in keyed:
        if k in done:
            on_result(s, done[k])
    waiting: dict[str, list[Submission]] = {}
    for k, s in keyed:
        if k in todo:
            waiting.setdefault(k, []).append(s)

    def arrived(task: Task, v: Verdict) -> None:
        journal.append({"key": task.key, "question": q.id, "seed": seed, "sha256": task.submission.digest,
                        "submitter": task.submission.submitter, "verdict": v.to_json()})
        done[task.key] = v
        for s in waiting[task.key]:
            on_result(s, v)

    # the slow kinds are unknown in advance; in the order given, so a re-run's order is stable
    executor.map(grade_task, list(todo.values()), arrived)
    rows = [Row(s.submitter, str(s.path), s.digest, done[k], k not in todo) for k, s in keyed]
    rows.sort(key=lambda r: (-(r.verdict.score / r.verdict.max_score if r.verdict.max_score else 0.0),
                             r.submitter))
    return BatchReport(q.id, seed, tuple(rows), len(todo), sum(r.reused for r in rows), time.monotonic() - t0,
                       started, executor_name, executor.workers, str(journal.path))
