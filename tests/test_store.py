"""The progress store: schema and migrations, the append-only log, undo, refusing bad files,
export/import round trips, and the two promises that need processes: concurrent writers lose
nothing, and SIGKILL loses at most the write in flight."""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dlprep import store
from dlprep.errors import StoreError, UsageError
from dlprep.scheduler import Scheduler
from dlprep.store import CardState, Store

T0 = datetime(2026, 3, 1, 8, 30, 15, 123456, tzinfo=UTC)


def bump(qid: str, at: datetime) -> Callable[[CardState | None], CardState]:
    """A stand-in scheduler: due one day later, reps counted."""
    def schedule(before: CardState | None) -> CardState:
        reps = before.reps + 1 if before else 1
        return CardState(qid, 2, None, 1.5 * reps, 5.25, at + timedelta(days=1), at, reps, 0)
    return schedule


def add(st: Store, qid: str, at: datetime = T0, rating: int = 3, answer: str | None = "x",
        mode: str = "quiz") -> store.Recorded:
    return st.record(qid, rating, rating > 1, answer, 1234, mode, bump(qid, at), at=at)


def test_new_database_is_wal_with_current_schema(tmp_path: Path) -> None:
    with Store(tmp_path / "sub" / "p.sqlite3") as st:
        assert st.path.exists()
    db = sqlite3.connect(tmp_path / "sub" / "p.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == store.schema_version() >= 1
    assert db.execute("PRAGMA application_id").fetchone()[0] == store.APPLICATION_ID
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"reviews", "cards"} <= tables


def test_default_path_follows_dlprep_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    with Store() as st:
        assert st.path == tmp_path / "home" / store.DB_NAME


def test_record_round_trips_every_field(tmp_path: Path) -> None:
    with Store(tmp_path / "p.sqlite3") as st:
        rec = add(st, "q.one", answer="多行\nanswer  ", rating=1)
        assert rec.before is None
        add(st, "q.one", at=T0 + timedelta(hours=2))
        add(st, "q.two", answer=None, mode="cram")
    with Store(tmp_path / "p.sqlite3") as st:
        rs = st.reviews()
        assert [r.question_id for r in rs] == ["q.one", "q.one", "q.two"]
        assert rs[0] == rec.review  # exactly what record() said it wrote
        assert (rs[0].answer, rs[0].correct, rs[0].rating, rs[0].duration_ms) == ("多行\nanswer  ", False, 1, 1234)
        assert rs[2].answer is None and rs[2].mode == "cram"
        card = st.card("q.one")
        assert card is not None and card.reps == 2 and card.last_review == T0 + timedelta(hours=2)
        assert card.stability == 3.0 and card.due.tzinfo is not None
        assert set(st.cards()) == {"q.one", "q.two"}


def test_unknown_mode_and_huge_answers(tmp_path: Path) -> None:
    with Store(tmp_path / "p.sqlite3") as st:
        with pytest.raises(ValueError):
            add(st, "q", mode="exam")
        rec = add(st, "q", answer="x" * (store.MAX_ANSWER_CHARS + 10))
        assert len(st.reviews()[0].answer or "") == store.MAX_ANSWER_CHARS == len(rec.review.answer or "")


def test_reviews_table_is_append_only(tmp_path: Path) -> None:
    with Store(tmp_path / "p.sqlite3") as st:
        add(st, "q")
    db = sqlite3.connect(tmp_path / "p.sqlite3")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE reviews SET rating = 4")


def test_undo_deletes_the_row_and_restores_the_card(tmp_path: Path) -> None:
    with Store(tmp_path / "p.sqlite3") as st:
        first = add(st, "q")
        second = add(st, "q", at=T0 + timedelta(hours=1))
        st.undo(second)
        assert [r.id for r in st.reviews()] == [first.review.id]
        assert st.card("q") == first.after
        st.undo(first)
        assert st.reviews() == [] and st.card("q") is None


def test_undo_keeps_a_newer_review_by_another_session(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with Store(path) as mine, Store(path) as other:
        rec = add(mine, "q")
        newer = add(other, "q", at=T0 + timedelta(minutes=5))
        mine.undo(rec)
        assert [r.uid for r in mine.reviews()] == [newer.review.uid]
        assert mine.card("q") == newer.after  # the other session's state stands


def test_migrations_run_in_order_and_keep_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "p.sqlite3"
    with Store(path) as st:
        add(st, "q")
    v2 = ("ALTER TABLE reviews ADD COLUMN device TEXT", "CREATE TABLE notes (question_id TEXT PRIMARY KEY)")
    monkeypatch.setattr(store, "MIGRATIONS", [*store.MIGRATIONS, v2])
    with Store(path) as st:
        assert len(st.reviews()) == 1
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(store.MIGRATIONS)
    assert "device" in [r[1] for r in db.execute("PRAGMA table_info(reviews)")]


def test_failed_migration_rolls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "p.sqlite3"
    with Store(path) as st:
        add(st, "q")
    bad = ("CREATE TABLE notes (x)", "THIS IS NOT SQL")
    good = len(store.MIGRATIONS)
    monkeypatch.setattr(store, "MIGRATIONS", [*store.MIGRATIONS, bad])
    with pytest.raises(StoreError):
        Store(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == good
    assert "notes" not in {r[0] for r in db.execute("SELECT name FROM sqlite_master")}


def _untouched(path: Path, make_store: type[Store] = Store) -> str:
    before = path.read_bytes()
    with pytest.raises(StoreError) as e:
        make_store(path)
    assert path.read_bytes() == before, "a refused database must never be modified"
    assert not Path(str(path) + "-wal").exists() or Path(str(path) + "-wal").stat().st_size == 0
    return str(e.value)


def test_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with Store(path) as st:
        add(st, "q")
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    msg = _untouched(path)
    assert "schema version 99" in msg and "upgrade dlprep" in msg


def test_garbage_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 200)
    msg = _untouched(path)
    assert "damaged" in msg and "left untouched" in msg


def test_damaged_pages_are_detected(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with Store(path) as st:
        for i in range(400):
            add(st, f"q.{i % 40}", at=T0 + timedelta(minutes=i), answer="y" * 200)
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    for p in (3, 4, 5, 6):
        data[p * page + 8:(p + 1) * page] = os.urandom(page - 8)
    path.write_bytes(bytes(data))
    assert "damaged" in _untouched(path)


def test_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER)")
    db.commit()
    db.close()
    assert "not a dlprep progress database" in _untouched(path)


def test_locked_database_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    Store(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with Store(path, timeout=0.2) as st:
            t = time.monotonic()
            with pytest.raises(StoreError, match="locked by another process"):
                add(st, "q")
            assert time.monotonic() - t >= 0.15  # it waited before giving up
    finally:
        holder.execute("ROLLBACK")
    with Store(path) as st:
        add(st, "q")  # and works once the lock is gone
        assert st.count_reviews() == 1


def _populate(st: Store) -> None:
    sched = Scheduler(fuzz=False)
    for i, (qid, rating) in enumerate([("a.x", 3), ("a.y", 1), ("a.x", 4), ("b.z", 2), ("a.y", 3)]):
        at = T0 + timedelta(days=i, seconds=i * 7.25)
        st.record(qid, rating, rating > 1, f"答案 {i}\n  with \"quotes\" and \t tabs" if i else None, 100 * i,
                  "review", lambda c, q=qid, r=rating, a=at: sched.review(c, q, r, a), at=at)


def test_export_import_round_trips_exactly(tmp_path: Path) -> None:
    with Store(tmp_path / "a.sqlite3") as a:
        _populate(a)
        a.export(tmp_path / "one.json")
        reviews_a, cards_a = a.reviews(), a.cards()
    with Store(tmp_path / "b.sqlite3") as b:
        r = b.import_file(tmp_path / "one.json")
        assert (r.reviews_added, r.reviews_present, r.cards_updated) == (5, 0, 3)
        b.export(tmp_path / "two.json")
        assert b.reviews() == reviews_a and b.cards() == cards_a
        again = b.import_file(tmp_path / "one.json")  # idempotent
        assert (again.reviews_added, again.reviews_present, again.cards_updated) == (0, 5, 0)
        assert b.count_reviews() == 5
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()
    data = json.loads((tmp_path / "one.json").read_text(encoding="utf-8"))
    assert data["format"] == "dlprep-progress" and data["version"] == 1


def test_import_merges_and_keeps_the_newer_card(tmp_path: Path) -> None:
    with Store(tmp_path / "a.sqlite3") as a:
        add(a, "q", at=T0)
        add(a, "old", at=T0 + timedelta(days=9))
        exported = a.export_data()
    with Store(tmp_path / "b.sqlite3") as b:
        newer = add(b, "old", at=T0 + timedelta(days=10))
        r = b.import_data(exported)
        assert (r.reviews_added, r.cards_updated) == (2, 1)
        assert b.card("old") == newer.after  # the later review wins
        assert b.card("q") is not None and b.count_reviews() == 3


@pytest.mark.parametrize("payload, match", [
    ({"format": "anki"}, "not a dlprep progress export"),
    ({"format": "dlprep-progress", "version": 1, "reviews": [{"uid": "u"}], "cards": []}, "reviews.0"),
    ({"format": "dlprep-progress", "version": 1, "cards": [], "reviews": [
        {"uid": "u", "question_id": "q", "reviewed_at": "yesterday", "rating": 3, "correct": True,
         "answer": None, "duration_ms": 1, "mode": "quiz"}]}, "not an ISO 8601 time"),
    ({"format": "dlprep-progress", "version": 1, "cards": [], "reviews": [
        {"uid": "u", "question_id": "q", "reviewed_at": "2026-01-01T00:00:00", "rating": 3, "correct": True,
         "answer": None, "duration_ms": 1, "mode": "quiz"}]}, "must be UTC"),
])
def test_import_rejects_bad_files_without_writing(tmp_path: Path, payload: object, match: str) -> None:
    (tmp_path / "bad.json").write_text(json.dumps(payload), encoding="utf-8")
    with Store(tmp_path / "p.sqlite3") as st:
        with pytest.raises(UsageError, match=match):
            st.import_file(tmp_path / "bad.json")
        assert st.count_reviews() == 0


def test_import_rejects_non_json_and_missing_files(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text("{nope", encoding="utf-8")
    with Store(tmp_path / "p.sqlite3") as st:
        with pytest.raises(UsageError, match="not JSON"):
            st.import_file(tmp_path / "x.json")
        with pytest.raises(UsageError, match="no such file"):
            st.import_file(tmp_path / "missing.json")


# --- processes ------------------------------------------------------------------------------

def _writer(path: str, tag: str, n: int, start: str) -> None:
    sched = Scheduler()
    while not os.path.exists(start):  # a file, not an mp.Event: a spawned child opens an Event's
        time.sleep(0.001)              # semaphore by its /dev/shm name, which a fallback-level sandbox
                                       # run in a parallel test may sweep away as its own leftover
    with Store(Path(path), timeout=120) as st:  # a margin for a machine that stalls a process
        for i in range(n):
            qid = f"shared.{i % 3}"  # both processes move the same three cards
            at = datetime.now(UTC)
            st.record(qid, 1 + i % 4, i % 4 != 0, f"{tag}-{i}", i, "quiz",
                      lambda c, q=qid, r=1 + i % 4, a=at: sched.review(c, q, r, a), at=at)


def test_two_processes_300_reviews_each_leave_600_rows(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    ctx = mp.get_context("spawn")
    start = tmp_path / "start"
    procs = [ctx.Process(target=_writer, args=(str(path), tag, 300, str(start))) for tag in ("A", "B")]
    for p in procs:
        p.start()
    start.touch()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    with Store(path) as st:
        rows = st.reviews()
        assert len(rows) == 600
        assert {r.answer for r in rows} == {f"{t}-{i}" for t in "AB" for i in range(300)}
        # No lost update on the shared cards: every review moved its card exactly once.
        assert sum(c.reps for c in st.cards().values()) == 600
        assert st.integrity() == ["ok"]


KILLED_WRITER = textwrap.dedent("""
    import sys
    from datetime import UTC, datetime, timedelta
    from pathlib import Path
    from dlprep.store import CardState, Store
    with Store(Path(sys.argv[1])) as st:
        for i in range(1_000_000):
            at = datetime.now(UTC)
            st.record(f"q.{i % 7}", 3, True, "a" * 500, 5, "review",
                      lambda c, i=i, at=at: CardState(f"q.{i % 7}", 2, None, 1.0, 5.0, at + timedelta(days=1), at,
                                                      (c.reps if c else 0) + 1, 0), at=at)
            print(i + 1, flush=True)
""")


def test_sigkill_mid_write_loses_at_most_the_write_in_flight(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    last = 0
    for line in proc.stdout:
        last = int(line)
        if last >= 300:
            break
    os.kill(proc.pid, signal.SIGKILL)  # while it is writing the next ones
    proc.wait()
    with Store(path) as st:
        assert st.integrity() == ["ok"]
        n = st.count_reviews()
        # Everything it reported as committed is there; at most the pipe's backlog beyond it.
        assert n >= last
        assert sum(c.reps for c in st.cards().values()) == n


def _opener(path: str, start: Any, out: Any) -> None:
    start.wait()
    try:
        with Store(Path(path), timeout=30):
            out.put("ok")
    except StoreError as e:
        out.put(str(e))


def test_six_processes_creating_one_new_file_at_once_all_open_it(tmp_path: Path) -> None:
    # Races of a file's first moments: WAL switched on twice at once (SQLITE_BUSY without the busy
    # handler) and the header read while another process creates the tables ("not a dlprep file").
    ctx = mp.get_context("fork")
    for round_ in range(12):
        path, start, out = tmp_path / f"p{round_}.sqlite3", ctx.Event(), ctx.Queue()
        procs = [ctx.Process(target=_opener, args=(str(path), start, out)) for _ in range(6)]
        for p in procs:
            p.start()
        start.set()
        for p in procs:
            p.join(60)
        results = [out.get(timeout=5) for _ in procs]
        assert results == ["ok"] * 6, results
