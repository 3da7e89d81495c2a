"""The progress store: one SQLite file with an append-only `reviews` log and a `cards` table.

Guarantees, and how they are kept:
- Two sessions at once lose nothing: WAL lets readers run beside the one writer, and every write
  is a short `BEGIN IMMEDIATE` transaction that waits (busy timeout) for the other one. A card is
  read and rewritten inside the same transaction that appends its review, so no update is lost.
- SIGKILL loses at most the answer in flight: each answer is committed on its own, before the
  next question is shown. `synchronous=NORMAL` in WAL mode survives a killed process (the OS
  still holds the written pages); only a power cut may drop the last commits, never corrupt.
- A locked, corrupt, foreign or newer-schema file raises StoreError with what to do. Nothing here
  ever deletes or recreates an existing database.

The store knows nothing of FSRS: `record` takes a function that turns the card's current state
into its next one, and calls it inside the write transaction.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dlprep import paths
from dlprep.errors import StoreError, UsageError

DB_NAME = "progress.sqlite3"
# Stamped into the file header so that a stranger's SQLite file is recognised, not migrated.
APPLICATION_ID = 0x646C7072  # "dlpr"
MODES = ("quiz", "review", "cram", "interview", "submit")
# coach_views.level: 1-3 a hint of that level, 4 the worked solution (dlprep.coach).
SOLUTION_LEVEL = 4
EXPORT_FORMAT = "dlprep-progress"
EXPORT_VERSION = 1
MAX_ANSWER_CHARS = 64 * 1024  # a pasted novel or a huge solution file must not bloat the log

# Migration i takes the schema from version i to i + 1; `PRAGMA user_version` holds the version.
# Append new steps, never edit old ones: a user's file may be at any earlier version.
# (No executescript: it commits on its own, and each migration must be one transaction.)
MIGRATIONS: list[tuple[str, ...]] = [
    (
        """CREATE TABLE reviews (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            question_id TEXT NOT NULL,
            reviewed_at TEXT NOT NULL,
            rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            answer TEXT,
            duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
            mode TEXT NOT NULL
        )""",
        "CREATE INDEX reviews_by_question ON reviews (question_id, reviewed_at)",
        "CREATE INDEX reviews_by_time ON reviews (reviewed_at)",
        # History is never rewritten. (Undo within a session deletes the row it just added.)
        """CREATE TRIGGER reviews_append_only BEFORE UPDATE ON reviews
           BEGIN SELECT RAISE(ABORT, 'reviews is append-only'); END""",
        """CREATE TABLE cards (
            question_id TEXT PRIMARY KEY,
            state INTEGER NOT NULL CHECK (state IN (1, 2, 3)),
            step INTEGER,
            stability REAL,
            difficulty REAL,
            due TEXT NOT NULL,
            last_review TEXT,
            reps INTEGER NOT NULL DEFAULT 0,
            lapses INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX cards_by_due ON cards (due)",
    ),
    (
        # Mock interviews (dlprep.interview): the plan is fixed at the start so that a resumed
        # interview asks the same questions; each answer's review row is linked as it is given.
        """CREATE TABLE interviews (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            minutes REAL NOT NULL CHECK (minutes > 0),
            seed INTEGER,
            topics TEXT NOT NULL,
            plan TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'abandoned')),
            elapsed_ms INTEGER NOT NULL DEFAULT 0,
            finished_at TEXT,
            report TEXT
        )""",
        """CREATE TABLE interview_answers (
            interview_id INTEGER NOT NULL REFERENCES interviews (id),
            position INTEGER NOT NULL,
            question_id TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('answered', 'skipped')),
            review_uid TEXT,
            detail TEXT,
            PRIMARY KEY (interview_id, position)
        )""",
        # Small named values that belong with the progress (fitted FSRS parameters).
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
    (
        # Hints and worked solutions seen (`dlprep hint`/`solution`, the quiz's `h`), written as they
        # are shown: a later pass is rated lower (scheduler.capped) and the hint ladder climbs.
        """CREATE TABLE coach_views (
            id INTEGER PRIMARY KEY,
            question_id TEXT NOT NULL,
            viewed_at TEXT NOT NULL,
            level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 4)
        )""",
        "CREATE INDEX coach_views_by_question ON coach_views (question_id, viewed_at)",
    ),
]


def schema_version() -> int:
    return len(MIGRATIONS)


def default_path() -> Path:
    return paths.data_home() / DB_NAME


def now_utc() -> datetime:
    return datetime.now(UTC)


def _ts(t: datetime) -> str:
    # One fixed-width UTC format, so text order is time order in SQL comparisons.
    if t.tzinfo is None:
        raise ValueError("naive datetime")
    return t.astimezone(UTC).isoformat(timespec="microseconds")


def _dt(s: str | None) -> datetime | None:
    return None if s is None else datetime.fromisoformat(s).astimezone(UTC)


@dataclass(frozen=True)
class CardState:
    """FSRS state of one question (fields as in fsrs.Card) plus our own counters."""

    question_id: str
    state: int  # fsrs.State: 1 learning, 2 review, 3 relearning
    step: int | None
    stability: float | None
    difficulty: float | None
    due: datetime
    last_review: datetime | None
    reps: int = 0
    lapses: int = 0


@dataclass(frozen=True)
class Review:
    id: int
    uid: str
    question_id: str
    reviewed_at: datetime
    rating: int  # 1 again, 2 hard, 3 good, 4 easy
    correct: bool
    answer: str | None
    duration_ms: int
    mode: str


@dataclass(frozen=True)
class Recorded:
    """What `record` did, kept by the session so that `undo` can take it back."""

    review: Review
    before: CardState | None
    after: CardState


@dataclass(frozen=True)
class ImportResult:
    reviews_added: int
    reviews_present: int
    cards_updated: int


# --- the export file -------------------------------------------------------------------------

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ReviewRow(_Strict):
    uid: str = Field(min_length=1)
    question_id: str = Field(min_length=1)
    reviewed_at: str
    rating: int = Field(ge=1, le=4)
    correct: bool
    answer: str | None
    duration_ms: int = Field(ge=0)
    mode: str


class CardRow(_Strict):
    question_id: str = Field(min_length=1)
    state: Literal[1, 2, 3]
    step: int | None
    stability: float | None
    difficulty: float | None
    due: str
    last_review: str | None
    reps: int = Field(ge=0)
    lapses: int = Field(ge=0)


class ExportFile(_Strict):
    format: Literal["dlprep-progress"]
    version: Literal[1]
    reviews: list[ReviewRow]
    cards: list[CardRow]


# --- the store --------------------------------------------------------------------------------

def _busy(e: sqlite3.Error) -> bool:
    msg = str(e)
    return isinstance(e, sqlite3.OperationalError) and ("locked" in msg or "busy" in msg)


class Store:
    """One connection to the progress database. Use as a context manager, or call close()."""

    def __init__(self, path: Path | None = None, timeout: float = 5.0) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.timeout = timeout
        self._db = self._connect()

    # opening

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot create the folder for the progress database {self.path}: {e}") from None
        # Setting up a connection can get SQLITE_BUSY without sqlite calling its busy handler (two
        # connections switching a new file to WAL at once, or one opening while another recovers
        # the WAL): those are retried here, with a little jitter, until the same timeout is spent.
        deadline = time.monotonic() + self.timeout
        while True:
            existed = self.path.exists()
            try:
                return self._open(existed)
            except sqlite3.Error as e:
                if not _busy(e) or time.monotonic() >= deadline:
                    raise self._explain(e) from None
            time.sleep(0.01 + random.random() * 0.05)

    def _open(self, existed: bool) -> sqlite3.Connection:
        """A set-up connection; sqlite's own errors go to _connect, which retries or explains them."""
        db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        try:
            self._check_header(db, existed)
            # WAL: sessions read while another writes; persistent, so set once per file.
            if db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            if existed:
                problems = [r[0] for r in db.execute("PRAGMA quick_check")]
                if problems != ["ok"]:
                    raise StoreError(self._corrupt("; ".join(problems[:3])))
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    def _check_header(self, db: sqlite3.Connection, existed: bool) -> None:
        # One statement, one snapshot: read apart, a process creating the file between the reads
        # would show tables beside an application_id of 0 (a foreign file). A non-database fails here.
        version, app_id, tables = db.execute(
            "SELECT v.user_version, a.application_id, (SELECT count(*) FROM sqlite_master) "
            "FROM pragma_user_version() v, pragma_application_id() a").fetchone()
        if version > schema_version():
            raise StoreError(
                f"progress database {self.path} has schema version {version}, newer than this dlprep "
                f"understands ({schema_version()}); upgrade dlprep (the file was left untouched)"
            )
        if app_id not in (0, APPLICATION_ID) or (app_id == 0 and tables):
            raise StoreError(
                f"{self.path} is an SQLite file but not a dlprep progress database; "
                "point --db or DLPREP_HOME elsewhere (the file was left untouched)"
            )

    def _migrate(self, db: sqlite3.Connection) -> None:
        if db.execute("PRAGMA user_version").fetchone()[0] == schema_version():
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            # Read again under the write lock: another process may have migrated meanwhile.
            version = db.execute("PRAGMA user_version").fetchone()[0]
            for step in MIGRATIONS[version:]:
                for sql in step:
                    db.execute(sql)
            db.execute(f"PRAGMA user_version = {schema_version()}")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _corrupt(self, detail: str) -> str:
        return (
            f"progress database {self.path} is damaged ({detail}); it was left untouched - move it away "
            "to start afresh, or restore a `dlprep progress export` file with `dlprep progress import`"
        )

    def _explain(self, e: sqlite3.Error) -> StoreError:
        msg = str(e)
        if _busy(e):
            return StoreError(
                f"progress database {self.path} is locked by another process (waited {self.timeout:g} s); "
                "finish the other dlprep session or try again"
            )
        if isinstance(e, sqlite3.OperationalError) and ("readonly" in msg or "unable to open" in msg):
            return StoreError(f"cannot write the progress database {self.path}: {msg}")
        if type(e) is sqlite3.DatabaseError:  # SQLITE_NOTADB, SQLITE_CORRUPT (not busy, not constraint)
            return StoreError(self._corrupt(msg))
        return StoreError(f"progress database {self.path}: {msg}")

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as e:
            raise self._explain(e) from None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction; IMMEDIATE takes the write lock up front (no upgrade deadlock)."""
        with self._errors():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # writing

    def record(
        self,
        question_id: str,
        rating: int,
        correct: bool,
        answer: str | None,
        duration_ms: int,
        mode: str,
        schedule: Callable[[CardState | None], CardState],
        at: datetime | None = None,
    ) -> Recorded:
        """Append one review and move its card, atomically; committed before this returns."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        at = at or now_utc()
        if answer is not None and len(answer) > MAX_ANSWER_CHARS:
            answer = answer[:MAX_ANSWER_CHARS]
        uid = uuid.uuid4().hex
        with self._write() as db:
            before = self._card(db, question_id)
            after = schedule(before)
            cur = db.execute(
                "INSERT INTO reviews (uid, question_id, reviewed_at, rating, correct, answer, duration_ms,"
                " mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (uid, question_id, _ts(at), rating, int(correct), answer, max(0, duration_ms), mode),
            )
            self._put_card(db, after)
        rid = cur.lastrowid
        assert rid is not None
        review = Review(rid, uid, question_id, at.astimezone(UTC), rating, correct, answer,
                        max(0, duration_ms), mode)
        return Recorded(review=review, before=before, after=after)

    def undo(self, rec: Recorded) -> None:
        """Take back a review this session recorded: delete its row and restore the card."""
        with self._write() as db:
            db.execute("DELETE FROM reviews WHERE id = ?", (rec.review.id,))
            now = self._card(db, rec.review.question_id)
            # Another session may have reviewed the card since; its newer state then stands.
            if now is not None and (now.reps, now.last_review) == (rec.after.reps, rec.after.last_review):
                if rec.before is None:
                    db.execute("DELETE FROM cards WHERE question_id = ?", (rec.review.question_id,))
                else:
                    self._put_card(db, rec.before)

    @staticmethod
    def _put_card(db: sqlite3.Connection, c: CardState) -> None:
        db.execute(
            "INSERT OR REPLACE INTO cards (question_id, state, step, stability, difficulty, due, last_review,"
            " reps, lapses) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (c.question_id, c.state, c.step, c.stability, c.difficulty, _ts(c.due),
             _ts(c.last_review) if c.last_review else None, c.reps, c.lapses),
        )

    def record_view(self, question_id: str, level: int, at: datetime | None = None) -> None:
        """A hint (level 1-3) or the worked solution (SOLUTION_LEVEL) was shown; committed at once."""
        if not 1 <= level <= SOLUTION_LEVEL:
            raise ValueError(f"coach level {level} is not 1-{SOLUTION_LEVEL}")
        with self._write() as db:
            db.execute("INSERT INTO coach_views (question_id, viewed_at, level) VALUES (?, ?, ?)",
                       (question_id, _ts(at or now_utc()), level))

    # reading

    def help_since_review(self, question_id: str) -> list[int]:
        """Coach levels seen since the card's last review (all of them for a card never reviewed)."""
        return self._levels(question_id, "(SELECT last_review FROM cards WHERE question_id = :q)")

    def help_since_pass(self, question_id: str) -> list[int]:
        """Coach levels seen since the question was last passed (all of them if it never was)."""
        return self._levels(
            question_id, "(SELECT max(reviewed_at) FROM reviews WHERE question_id = :q AND correct = 1)")

    def _levels(self, question_id: str, since_sql: str) -> list[int]:
        # Times are fixed-width UTC text, so text order is time order ('' is before any time).
        sql = (f"SELECT level FROM coach_views WHERE question_id = :q AND viewed_at > COALESCE({since_sql}, '')"
               " ORDER BY id")
        with self._errors():
            return [r[0] for r in self._db.execute(sql, {"q": question_id})]

    def passed(self, question_id: str) -> bool:
        with self._errors():
            row = self._db.execute("SELECT 1 FROM reviews WHERE question_id = ? AND correct = 1 LIMIT 1",
                                   (question_id,)).fetchone()
        return row is not None

    @staticmethod
    def _card(db: sqlite3.Connection, qid: str) -> CardState | None:
        row = db.execute(f"SELECT {_CARD_COLS} FROM cards WHERE question_id = ?", (qid,)).fetchone()
        return _card_row(row) if row else None

    def card(self, question_id: str) -> CardState | None:
        with self._errors():
            return self._card(self._db, question_id)

    def cards(self) -> dict[str, CardState]:
        with self._errors():
            rows = self._db.execute(f"SELECT {_CARD_COLS} FROM cards ORDER BY question_id").fetchall()
        return {r[0]: _card_row(r) for r in rows}

    def reviews(self, question_id: str | None = None) -> list[Review]:
        sql = f"SELECT {_REVIEW_COLS} FROM reviews"
        args: tuple[str, ...] = ()
        if question_id is not None:
            sql, args = sql + " WHERE question_id = ?", (question_id,)
        with self._errors():
            rows = self._db.execute(sql + " ORDER BY id", args).fetchall()
        return [_review_row(r) for r in rows]

    def count_reviews(self) -> int:
        with self._errors():
            return int(self._db.execute("SELECT count(*) FROM reviews").fetchone()[0])

    def integrity(self) -> list[str]:
        """`PRAGMA integrity_check`: ['ok'] for a healthy file."""
        with self._errors():
            return [r[0] for r in self._db.execute("PRAGMA integrity_check")]

    # export / import

    def export_data(self) -> dict[str, Any]:
        """Everything, in a stable order: export -> import into an empty store -> export is identical."""
        with self._errors():
            self._db.execute("BEGIN")  # one snapshot, even while another session writes
            try:
                reviews = self._db.execute(f"SELECT {_REVIEW_COLS} FROM reviews ORDER BY id").fetchall()
                cards = self._db.execute(f"SELECT {_CARD_COLS} FROM cards ORDER BY question_id").fetchall()
            finally:
                self._db.execute("COMMIT")
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "reviews": [
                {"uid": r[1], "question_id": r[2], "reviewed_at": r[3], "rating": r[4], "correct": bool(r[5]),
                 "answer": r[6], "duration_ms": r[7], "mode": r[8]}
                for r in reviews
            ],
            "cards": [dict(zip(_CARD_FIELDS, r, strict=True)) for r in cards],
        }

    def export(self, file: Path) -> dict[str, int]:
        data = self.export_data()
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        _atomic_write(file, text)
        return {"reviews": len(data["reviews"]), "cards": len(data["cards"])}

    def import_data(self, data: object, source: str = "import") -> ImportResult:
        """Merge an export: reviews by uid (importing twice adds nothing), cards when newer."""
        try:
            parsed = ExportFile.model_validate(data)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(map(str, first["loc"]))
            raise UsageError(
                f"{source} is not a dlprep progress export ({e.error_count()} problem(s); "
                f"first: {where}: {first['msg']})"
            ) from None
        for r in parsed.reviews:
            _check_time(r.reviewed_at, source, r.uid)
            if r.mode not in MODES:
                raise UsageError(f"{source}: review {r.uid}: unknown mode {r.mode!r}")
        for c in parsed.cards:
            _check_time(c.due, source, c.question_id)
            if c.last_review is not None:
                _check_time(c.last_review, source, c.question_id)
        added = updated = 0
        with self._write() as db:
            for r in parsed.reviews:
                cur = db.execute(
                    "INSERT OR IGNORE INTO reviews (uid, question_id, reviewed_at, rating, correct, answer,"
                    " duration_ms, mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (r.uid, r.question_id, r.reviewed_at, r.rating, int(r.correct), r.answer, r.duration_ms,
                     r.mode),
                )
                added += cur.rowcount
            for c in parsed.cards:
                mine = self._card(db, c.question_id)
                theirs = _card_row(tuple(c.model_dump()[f] for f in _CARD_FIELDS))
                if mine is None or _later(theirs.last_review, mine.last_review):
                    self._put_card(db, theirs)
                    updated += 1
        return ImportResult(added, len(parsed.reviews) - added, updated)

    def import_file(self, file: Path) -> ImportResult:
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UsageError(f"no such file: {file}") from None
        except (OSError, UnicodeDecodeError) as e:
            raise UsageError(f"cannot read {file}: {e}") from None
        except json.JSONDecodeError as e:
            raise UsageError(f"{file} is not JSON (line {e.lineno}: {e.msg})") from None
        return self.import_data(data, str(file))


    # settings and mock interviews (dlprep.interview keeps the logic; these are its rows)

    def setting(self, key: str) -> Any:
        """A stored value (JSON), or None."""
        with self._errors():
            row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def set_setting(self, key: str, value: Any) -> None:
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, json.dumps(value)))

    def reviews_since(self, since: datetime, modes: tuple[str, ...] = MODES) -> int:
        with self._errors():
            marks = ", ".join("?" * len(modes))
            return int(self._db.execute(
                f"SELECT count(*) FROM reviews WHERE reviewed_at >= ? AND mode IN ({marks})",
                (_ts(since), *modes)).fetchone()[0])

    def interview_start(self, at: datetime, minutes: float, seed: int | None, topics: list[str],
                        plan: list[dict[str, Any]]) -> int:
        with self._write() as db:
            cur = db.execute(
                "INSERT INTO interviews (started_at, minutes, seed, topics, plan, status) VALUES (?, ?, ?, ?, ?, ?)",
                (_ts(at), minutes, seed, json.dumps(topics), json.dumps(plan), "running"))
        rid = cur.lastrowid
        assert rid is not None
        return rid

    def interview_answer(self, interview_id: int, position: int, question_id: str, status: str,
                         review_uid: str | None, detail: dict[str, Any] | None, elapsed_ms: int) -> None:
        """Link one answer (its review row is already committed) and the time used so far."""
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO interview_answers (interview_id, position, question_id, status, review_uid,"
                " detail) VALUES (?, ?, ?, ?, ?, ?)",
                (interview_id, position, question_id, status, review_uid,
                 None if detail is None else json.dumps(detail)))
            db.execute("UPDATE interviews SET elapsed_ms = max(elapsed_ms, ?) WHERE id = ?", (elapsed_ms, interview_id))

    def interview_elapsed(self, interview_id: int, elapsed_ms: int) -> None:
        with self._write() as db:
            db.execute("UPDATE interviews SET elapsed_ms = max(elapsed_ms, ?) WHERE id = ?", (elapsed_ms, interview_id))

    def interview_end(self, interview_id: int, status: str, at: datetime, report: dict[str, Any] | None) -> None:
        with self._write() as db:
            db.execute("UPDATE interviews SET status = ?, finished_at = ?, report = ? WHERE id = ?",
                       (status, _ts(at), None if report is None else json.dumps(report, ensure_ascii=False),
                        interview_id))

    def interviews(self, status: str | None = None) -> list[dict[str, Any]]:
        """Interviews oldest first, as dicts (JSON columns decoded)."""
        sql = ("SELECT id, started_at, minutes, seed, topics, plan, status, elapsed_ms, finished_at, report"
               " FROM interviews")
        args: tuple[str, ...] = ()
        if status is not None:
            sql, args = sql + " WHERE status = ?", (status,)
        with self._errors():
            rows = self._db.execute(sql + " ORDER BY id", args).fetchall()
        keys = ("id", "started_at", "minutes", "seed", "topics", "plan", "status", "elapsed_ms", "finished_at",
                "report")
        out = []
        for r in rows:
            d = dict(zip(keys, r, strict=True))
            for k in ("topics", "plan", "report"):
                d[k] = None if d[k] is None else json.loads(d[k])
            out.append(d)
        return out

    def interview_answers(self, interview_id: int) -> list[dict[str, Any]]:
        with self._errors():
            rows = self._db.execute(
                "SELECT a.position, a.question_id, a.status, a.review_uid, a.detail, r.correct, r.duration_ms,"
                " r.answer, r.rating FROM interview_answers a LEFT JOIN reviews r ON r.uid = a.review_uid"
                " WHERE a.interview_id = ? ORDER BY a.position", (interview_id,)).fetchall()
        keys = ("position", "question_id", "status", "review_uid", "detail", "correct", "duration_ms", "answer",
                "rating")
        out = []
        for r in rows:
            d = dict(zip(keys, r, strict=True))
            d["detail"] = None if d["detail"] is None else json.loads(d["detail"])
            d["correct"] = None if d["correct"] is None else bool(d["correct"])
            out.append(d)
        return out


_CARD_FIELDS = (
    "question_id", "state", "step", "stability", "difficulty", "due", "last_review", "reps", "lapses",
)
_CARD_COLS = ", ".join(_CARD_FIELDS)
_REVIEW_COLS = "id, uid, question_id, reviewed_at, rating, correct, answer, duration_ms, mode"


def _card_row(r: tuple[Any, ...]) -> CardState:
    due = _dt(r[5])
    assert due is not None
    return CardState(r[0], r[1], r[2], r[3], r[4], due, _dt(r[6]), r[7], r[8])


def _review_row(r: tuple[Any, ...]) -> Review:
    at = _dt(r[3])
    assert at is not None
    return Review(r[0], r[1], r[2], at, r[4], bool(r[5]), r[6], r[7], r[8])


def _later(a: datetime | None, b: datetime | None) -> bool:
    return a is not None and (b is None or a > b)


def _check_time(s: str, source: str, who: str) -> None:
    try:
        t = datetime.fromisoformat(s)
    except ValueError:
        raise UsageError(f"{source}: {who}: {s!r} is not an ISO 8601 time") from None
    if t.tzinfo is None or _ts(t) != s:
        # Times are compared as text in SQL, so they must be in exactly the format we write.
        raise UsageError(f"{source}: {who}: time {s!r} must be UTC, like 2026-01-31T08:00:00.000000+00:00")


def _atomic_write(file: Path, text: str) -> None:
    """Write beside the target and rename, so an interrupted export never leaves half a file."""
    file = Path(file)
    tmp: str | None = None
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{file.name}.", dir=file.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, file)
    except OSError as e:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)
        raise UsageError(f"cannot write {file}: {e}") from None

