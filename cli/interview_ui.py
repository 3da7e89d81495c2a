"""The terminal side of `dlprep interview`: the quiz runner (cli/quiz_ui) with a deadline, a
countdown and no feedback before the end, then the report.

The countdown is a status line on the first row of the terminal: the rest of the screen scrolls
beneath it (a scroll region), and a thread redraws it each second, saving and restoring the
cursor so that typing is not disturbed. Where stdout is not a terminal the time left leads each
prompt instead. Reading a line gives up at the deadline (quiz_ui reads through `_read`).
"""

from __future__ import annotations

import os
import select
import shutil
import sys
import threading
from pathlib import Path
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from dlprep import interview as iv_mod
from dlprep.cli import messages, quiz_ui, render
from dlprep.errors import DlprepError
from dlprep.session import Item, Outcome

IV_UI: dict[str, dict[str, Any]] = messages.table("interview")
ENDED = {"en": {"completed": "completed", "time_up": "time up", "ended": "ended early", "abandoned": "abandoned"},
         "zh": {"completed": "全部完成", "time_up": "超时", "ended": "提前结束", "abandoned": "已放弃"}}
RESULT = {"en": {"correct": "correct", "wrong": "wrong", "skipped": "skipped", "unanswered": "unanswered"},
          "zh": {"correct": "正确", "wrong": "错误", "skipped": "跳过", "unanswered": "未作答"}}
RESULT_STYLE = {"correct": "green", "wrong": "red", "skipped": "yellow", "unanswered": "dim"}


class TimeUp(Exception):
    """The deadline passed while waiting for input."""


def mmss(seconds: float) -> str:
    s = max(0, int(seconds + 0.999))  # 0:00 only when the time is really up
    return f"{s // 60:02d}:{s % 60:02d}"


class Countdown:
    """The status line; a no-op where stdout is not a terminal."""

    def __init__(self, left: Any, lang: str) -> None:
        self.left, self.lang = left, lang
        self.tty = sys.stdout.isatty() and os.environ.get("TERM") != "dumb"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _write(self, s: str) -> None:
        # One os.write: the line goes out whole, never split by the main thread's buffered output.
        os.write(sys.stdout.fileno(), s.encode())

    def start(self) -> None:
        if not self.tty:
            return
        rows = shutil.get_terminal_size().lines
        sys.stdout.flush()
        self._write(f"\x1b[2;{rows}r\x1b[{rows};1H")  # scroll below row 1; cursor to the bottom
        self._draw()
        self._thread.start()

    def _draw(self) -> None:
        text = "⏱ " + IV_UI[self.lang]["left"].format(t=mmss(self.left()))
        self._write(f"\x1b7\x1b[1;1H\x1b[2K\x1b[1;7m {text} \x1b[0m\x1b8")

    def _loop(self) -> None:
        while not self._stop.wait(1.0):
            self._draw()

    def stop(self) -> None:
        if not self.tty:
            return
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        sys.stdout.flush()
        self._write("\x1b7\x1b[1;1H\x1b[2K\x1b8\x1b[r")  # clear the line, give the scroll region back
        rows = shutil.get_terminal_size().lines
        self._write(f"\x1b[{rows};1H\n")


class Runner(quiz_ui.Runner):
    """quiz_ui's read-judge loop with the interview's clock and without feedback."""

    def __init__(self, iv: iv_mod.Interview, lang: str, db: Path) -> None:
        super().__init__(iv.session(), lang, db, edit=False)
        self.iv = iv
        self._coding_path: Path | None = None  # the solution file of the exercise on screen
        self.t: dict[str, Any] = {**quiz_ui.UI[lang], **IV_UI[lang]}

    def go(self) -> tuple[str, int]:
        """Ask everything left; ('completed'|'time_up'|'ended'|'paused', exit code)."""
        quiz_ui.warm_up()
        clock = Countdown(self.iv.left_s, self.lang)
        self.con.print(self.t["keys"], style="dim")
        clock.start()
        ended, code = "completed", 0
        try:
            while (item := self.sess.present()) is not None:
                if self.iv.left_s() <= 0:
                    raise TimeUp
                self._show(item)
                self._ask(item)
        except TimeUp:
            ended = "time_up"
            self._say("time_up", "bold red")
            self._grade_at_deadline()
        except quiz_ui.Quit:
            ended = "ended"
        except KeyboardInterrupt:
            self.iv.pause()
            ended, code = "paused", 130
        finally:
            clock.stop()
            self.sess.close()
        return ended, code

    # input with a deadline

    def _read(self, prompt: str) -> str:
        # The time left leads each prompt (continuation lines of an output answer excepted).
        sys.stdout.write(f"[{mmss(self.iv.left_s())}] {prompt}" if prompt.strip(" |") else prompt)
        sys.stdout.flush()
        try:
            while not select.select([sys.stdin], [], [], min(0.2, max(self.iv.left_s(), 0.01)))[0]:
                if self.iv.left_s() <= 0:
                    sys.stdout.write("\n")
                    raise TimeUp
        except (OSError, ValueError):  # stdin select cannot watch: no deadline while reading
            pass
        return input()

    # screen: no score while it runs

    def _show(self, item: Item) -> None:
        self.con.print()
        self.con.rule(self.t["progress"].format(pos=len(self.iv.plan) - len(self.iv.pending) + self.sess.pos + 1,
                                                total=len(self.iv.plan)), align="left", style="dim")
        self.con.print(render.question_body(item.question, self.lang, list(item.order or []) or None))

    def _feedback(self, item: Item, out: Outcome) -> None:
        self.iv.answered(out)
        self._say("saved")

    def _command(self, text: str) -> str | None:
        key = text.strip().lower()
        if key in ("u", "h"):
            self._say("no_key", "yellow")
            return "again"
        index = self.sess.pos
        done = super()._command(text)
        if key == "s":
            self.iv.skipped(index)
        return done

    # coding: graded without showing the verdict; at the deadline, the file as it stands

    def _coding(self, item: Item) -> None:
        try:
            path, _ = self.sess.write_starter(self.db.parent / "solutions")
        except DlprepError as e:
            index = self.sess.pos
            self.sess.skip()
            self.iv.skipped(index)
            self._say("skip_why", "yellow", why=e)
            return
        self._coding_path = path
        self._say("starter", "bold", path=path)
        self._say("wait")
        while (done := self._command(self._line("grade> "))) == "again":
            pass
        if done:  # skipped
            self._coding_path = None
            return
        self._grade(path)

    def _grade(self, path: Path) -> None:
        self._coding_path = None
        index = self.sess.pos
        item = self.sess.current
        assert item is not None
        try:
            with render.spinner(self.t["grading"].format(id=item.id)):
                out, verdict = self.sess.grade_coding(path)
        except DlprepError as e:
            self.sess.skip()
            self.iv.skipped(index)
            self._say("skip_why", "red", why=e)
            return
        self.iv.graded(index, out, verdict)
        self._say("saved")

    def _grade_at_deadline(self) -> None:
        """The exercise on screen when time ran out is graded as its file stands. Resumed after
        the deadline, that file is the one from before the interruption (write_starter keeps it;
        a fresh starter grades as unattempted)."""
        item = self.sess.current
        if item is None or item.type != "coding":
            return
        path = self._coding_path
        if path is None:
            try:
                path, _ = self.sess.write_starter(self.db.parent / "solutions")
            except DlprepError:
                return
        self._grade(path)


def run(iv: iv_mod.Interview, lang: str, db: Path) -> tuple[dict[str, Any] | None, int]:
    """(the report, or None when paused; exit code)."""
    runner = Runner(iv, lang, db)
    ended, code = runner.go()
    if ended == "paused":
        runner.con.print(IV_UI[lang]["paused"].format(t=mmss(iv.left_s())), style="bold", markup=False)
        return None, code
    return iv.finish(ended), code


# --- the report -------------------------------------------------------------------------------

def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x * 100:.0f}%"


def _secs(x: float | None) -> str:
    return "-" if x is None else f"{x:.0f}s"


def _score_table(title: str, rows: dict[str, dict[str, Any]], t: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD)
    for i, col in enumerate(t["scols"]):
        table.add_column(col or title, justify="left" if i == 0 else "right", overflow="fold")
    for name, s in rows.items():
        table.add_row(name, str(s["correct"]), str(s["total"]), _pct(s["score"]))
    return table


def print_report(rep: dict[str, Any], lang: str) -> None:
    con, t = render.console(), IV_UI[lang]
    s = rep["score"]
    con.print(t["title"].format(id=rep["id"], correct=s["correct"], total=s["total"], pct=_pct(s["score"]),
                                ended=ENDED[lang].get(rep["ended"], rep["ended"]),
                                used=mmss(rep["elapsed_seconds"]), minutes=rep["minutes"]),
              style="bold", markup=False)
    con.print(_score_table(t["topic"], rep["by_topic"], t))
    con.print(_score_table(t["type"], rep["by_type"], t))
    q = Table(title=t["questions"], title_justify="left", box=box.SIMPLE_HEAD)
    for i, col in enumerate(t["qcols"]):
        q.add_column(col, justify="right" if i in (0, 3, 4) else "left", overflow="fold")
    for row in rep["questions"]:
        q.add_row(str(row["position"]), row["id"], Text(RESULT[lang].get(row["status"], row["status"]),
                                                  style=RESULT_STYLE.get(row["status"], "")),
                  _secs(row["seconds"]), _secs(row["median_past_seconds"]))
    con.print(q)
    if rep["coding"]:
        c = Table(title=t["coding"], title_justify="left", box=box.SIMPLE_HEAD)
        for col in t["ccols"]:
            c.add_column(col, overflow="fold")
        for row in rep["coding"]:
            hidden = row["hidden"]
            status = RESULT[lang].get(row["status"], row["status"])  # a verdict status stays as graded
            c.add_row(row["id"], Text(status, style=render.STATUS_STYLE.get(row["status"], "")),
                      "-" if row["max_score"] is None else f"{row['score']:g}/{row['max_score']:g}",
                      "-" if not hidden else f"{hidden['passed']}/{hidden['count']}")
        con.print(c)
    con.print(Text(t["weakest"], style="bold"))
    for w in rep["weakest"]:
        con.print(Text(f"  {w['topic']}  {_pct(w['score'])}", style="bold"))
        if w["review"]:
            con.print(Text("    " + t["review"].format(ids=", ".join(w["review"]))))


def print_history(rows: list[dict[str, Any]], lang: str) -> None:
    t = IV_UI[lang]
    table = Table(box=box.SIMPLE_HEAD)
    for i, col in enumerate(t["hist"]):
        table.add_column(col, justify="right" if i in (0, 2, 5) else "left", overflow="fold")
    for r in rows:
        s = r["score"]
        score = "-" if not s else f"{s['correct']}/{s['total']} {_pct(s['score'])}"
        status = r["status"] if r["status"] != "finished" else ENDED[lang].get(r["ended"] or "", r["status"])
        table.add_row(str(r["id"]), r["started_at"][:16].replace("T", " "), f"{r['minutes']:g}",
                      ", ".join(r["topics"]) or "*", status, score)
    render.console().print(table)
