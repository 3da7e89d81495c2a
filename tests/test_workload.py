"""Workload control: FSRS parameters fitted to a simulated user's log, the desired retention
setting, `review --max`, the stats charts (drawn in a pty, tables otherwise), and the store
migration that brings the new tables to an existing progress database."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path

import fsrs
import pexpect
import pytest
from typer.testing import CliRunner

from dlprep import config, optimize, store
from dlprep.scheduler import DEFAULT_PARAMETERS, Scheduler
from dlprep.session import Session
from dlprep.store import Store
from tests.test_quiz_pty import db_path, spawn
from tests.test_quiz_pty import env as env  # noqa: F401  (the fixture)
from tests.test_session import TOPIC

T0 = datetime(2025, 1, 1, 9, tzinfo=UTC)


def simulated_log(cards: int = 40, per_card: int = 20, seed: int = 0) -> list[dict[str, object]]:
    """800 reviews of a user who forgets faster than FSRS's defaults assume: recall is drawn from an
    FSRS memory model with a fifth of the default initial stabilities. 800 is past the optimiser's
    minimum of 512 and fits in a quarter of the time 2,000 took, with the same clear gain."""
    true = list(DEFAULT_PARAMETERS)
    for i in range(4):
        true[i] /= 5
    true[8] /= 1.6  # and stability grows more slowly after a success
    model = fsrs.Scheduler(parameters=true, enable_fuzzing=False)
    rng = random.Random(seed)
    rows = []
    for c in range(cards):
        at = T0 + timedelta(days=rng.randrange(60), minutes=c)
        card = fsrs.Card(card_id=c + 1, due=at)
        for _ in range(per_card):
            recalled = card.last_review is None or rng.random() < model.get_card_retrievability(card, at)
            rating = 3 if recalled else 1
            rows.append({"uid": f"u{len(rows)}", "question_id": f"q{c}", "reviewed_at": store._ts(at),
                         "rating": rating, "correct": recalled, "answer": None, "duration_ms": 4000,
                         "mode": "review"})
            card, _ = model.review_card(card, fsrs.Rating(rating), review_datetime=at)
            at += timedelta(days=max(1.0, (card.stability or 1.0) * rng.uniform(0.2, 2.5)))
    return rows


def cli(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    from dlprep.cli.app import app

    r = CliRunner().invoke(app, list(args), env=env)
    return r.exit_code, r.stdout, r.stderr


def test_optimize_fits_the_log_and_the_next_review_uses_it(env: dict[str, str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    for k in ("DLPREP_HOME", "DLPREP_BANKS", "DLPREP_EXERCISES"):
        monkeypatch.setenv(k, env[k])
    with Store(db_path(env)) as st:
        st.import_data({"format": "dlprep-progress", "version": 1, "reviews": simulated_log(), "cards": []})
        assert st.count_reviews() == 800
        before = optimize.log_loss(st.reviews(), DEFAULT_PARAMETERS)
    code, out, err = cli(env, "stats", "--optimize", "--json")
    assert code == 0, err
    fit = json.loads(out)
    assert fit["log_loss_before"] == pytest.approx(before)
    assert fit["log_loss_after"] < fit["log_loss_before"] - 0.005  # a real improvement, not noise
    assert tuple(fit["parameters"]) != DEFAULT_PARAMETERS
    with Store(db_path(env)) as st:
        assert optimize.log_loss(st.reviews(), fit["parameters"]) == pytest.approx(fit["log_loss_after"])
        sess = Session([], st)  # what `quiz` and `review` build
        assert sess.sched.parameters == pytest.approx(tuple(fit["parameters"]))
        # ... and it schedules with them: the first Good interval is the fitted initial stability.
        card = sess.sched.review(None, "q", 3, T0)
        assert card.stability == pytest.approx(fit["parameters"][2])


def test_optimize_refuses_a_short_log(env: dict[str, str]) -> None:
    code, _, err = cli(env, "stats", "--optimize")
    assert code == 2 and "too few reviews to fit FSRS: 0 review(s)" in err and len(err.strip().splitlines()) == 1
    with Store(db_path(env)) as st:
        assert st.setting("fsrs_parameters") is None


def test_retention_setting_reaches_the_scheduler(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DLPREP_HOME", env["DLPREP_HOME"])
    code, out, _ = cli(env, "config", "set", "retention", "0.85")
    assert code == 0 and "retention = 0.85" in out
    assert config.retention() == 0.85
    with Store(db_path(env)) as st:
        assert Session([], st).sched.desired_retention == 0.85
    # a comment the user wrote survives the edit; bad values are one line
    cfg = Path(env["DLPREP_HOME"]) / "config.toml"
    cfg.write_text("# mine\n" + cfg.read_text())
    cli(env, "config", "set", "lang", "zh")
    assert cfg.read_text().startswith("# mine") and config.default_lang() == "zh"
    for args, message in ((["retention", "1.5"], "between 0.7 and 0.99"), (["retention", "lots"], "a number"),
                          (["speed", "1"], "unknown setting")):
        code, _, err = cli(env, "config", "set", *args)
        assert code == 2 and message in err and "Traceback" not in err
    assert config.retention() == 0.85


def test_review_max_counts_todays_reviews(env: dict[str, str]) -> None:
    with Store(db_path(env)) as st:
        now = datetime.now(UTC)
        for _ in range(3):
            st.record(f"{TOPIC}.t-tf", 3, True, "false", 100, "review",
                      lambda c: Scheduler().review(c, f"{TOPIC}.t-tf", 3, now), at=now)
        st.record(f"{TOPIC}.t-short", 3, True, "x", 100, "quiz",
                  lambda c: Scheduler().review(c, f"{TOPIC}.t-short", 3, now), at=now)
    code, out, _ = cli(env, "review", "--max", "3", "--lang", "en")
    assert code == 0 and "daily cap reached: 3 review(s) done today (--max 3)" in out
    # One left under a cap of 4: the session asks exactly one question.
    r = CliRunner().invoke(__import__("dlprep.cli.app", fromlist=["app"]).app,
                           ["review", "--max", "4", "--topic", TOPIC, "--lang", "en"], env=env, input="q\n")
    assert r.exit_code == 0 and "1/1" in r.stdout, r.stdout


def test_forecast_chart_renders_in_a_pty(env: dict[str, str]) -> None:
    with Store(db_path(env)) as st:
        now = datetime.now(UTC)
        for i, qid in enumerate(("t-tf", "t-short", "t-choice")):
            st.record(f"{TOPIC}.{qid}", 3, i != 1, "x", 100, "review",
                      lambda c, q=qid: Scheduler(fuzz=False).review(c, f"{TOPIC}.{q}", 3, now), at=now)
    log = StringIO()
    child = spawn(env, "stats", "--lang", "en", log=log)
    child.expect("due in the next 14 days")
    child.expect("accuracy by topic, per week")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = log.getvalue()
    assert "┤" in text and "█" in text  # plotext's axis and bars, not a table
    today = datetime.now().astimezone()
    assert today.strftime("%m-%d") in text or (today + timedelta(days=1)).strftime("%m-%d") in text
    # Not a terminal (or --plain): tables with the same numbers.
    code, out, _ = cli(env, "stats", "--plain", "--lang", "en")
    assert code == 0 and "█" not in out.split("due in the next 14 days")[1]
    rows = json.loads(cli(env, "stats", "--json")[1])
    assert sum(rows["forecast"].values()) == 3 and len(rows["forecast"]) == 14
    assert rows["accuracy_weekly"][TOPIC][max(rows["accuracy_weekly"][TOPIC])] == pytest.approx(2 / 3, abs=1e-3)


def test_migration_keeps_an_existing_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A progress file made by the schema before the interview tables opens with all its data."""
    path = tmp_path / "old.sqlite3"
    with monkeypatch.context() as m:
        m.setattr(store, "MIGRATIONS", store.MIGRATIONS[:1])
        with Store(path) as st:
            st.import_data({"format": "dlprep-progress", "version": 1,
                            "reviews": simulated_log(cards=3, per_card=4), "cards": []})
            old = st.export_data()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    assert "interviews" not in {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    db.close()
    with Store(path) as st:
        assert st.export_data() == old  # nothing lost
        st.set_setting("k", [1.5])
        assert st.setting("k") == [1.5] and st.interviews() == []
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == store.schema_version() >= 2
    assert {"interviews", "interview_answers", "settings"} <= {r[0] for r in db.execute(
        "SELECT name FROM sqlite_master")}
