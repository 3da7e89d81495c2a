"""The terminal side of quiz and review sessions, and the stats charts (commands: cli/quiz.py).

The session logic (order, judging, recording, undo) lives in dlprep.session; this module only
reads lines, maps the keys and renders. Every answer is already committed when its feedback is
printed, so quitting, Ctrl-C or a killed terminal never lose an answered question.
"""

from __future__ import annotations

import io
import os
import select
import shlex
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from dlprep import coach
from dlprep import stats as stats_mod
from dlprep.cli import messages, render
from dlprep.errors import DlprepError
from dlprep.models import CodingQuestion, OutputQuestion
from dlprep.scheduler import RATING_NAMES, RATINGS
from dlprep.session import LETTERS, InvalidAnswer, Item, Outcome, Session

COMMANDS = {"s": "skip", "u": "undo", "h": "hint", "q": "quit"}
PROMPT, MORE = "answer> ", "     | "

UI = messages.table("quiz")
DAILY_CAP = {
    "en": "daily cap reached: {done} review(s) done today (--max {cap}); more tomorrow.",
    "zh": "今天已复习 {done} 次，达到每日上限（--max {cap}）；明天继续。",
}
_RATE_KEYS = {"1": 1, "2": 2, "3": 3, "4": 4, "a": 1, "h": 2, "g": 3, "e": 4, **RATINGS}


class Quit(Exception):
    """q, or Ctrl-D at a prompt: end the session normally."""


class Runner:
    """The read-judge-render loop around one Session."""

    def __init__(self, sess: Session, lang: str, db: Path, edit: bool = False) -> None:
        self.sess, self.lang, self.db, self.edit = sess, lang, db, edit
        self.con = render.console()
        self.t = UI[lang]

    def run(self) -> int:
        """0 when the session ends or is quit, 130 after Ctrl-C (answers are saved either way)."""
        code = 0
        warm_up()
        self.con.print(self.t["keys"], style="dim")
        try:
            while (item := self.sess.present()) is not None:
                self._show(item)
                self._ask(item)
        except Quit:
            pass
        except KeyboardInterrupt:
            self.con.print()
            code = 130
        finally:
            self.sess.close()
        s = self.sess
        self.con.print(self.t["summary"].format(answered=s.answered, correct=s.correct,
                                                skipped=len(s.skipped), db=self.db), style="bold")
        return code

    # screen

    def _given(self, item: Item, given: str) -> str:
        """The recorded answer as the user saw it: displayed letters, t/f labels, the typed text."""
        if item.order is not None:
            return " ".join(sorted(LETTERS[item.order.index(cid)] for cid in given.split()))
        if item.type == "true_false":
            return str(render.LABELS[self.lang]["true" if given == "true" else "false"])
        if item.type == "short":
            return given
        return ""  # output and coding: the expected text or the verdict says more than an echo

    def _show(self, item: Item) -> None:
        s = self.sess
        self.con.print()
        self.con.rule(self.t["progress"].format(pos=s.pos + 1, total=s.total, correct=s.correct),
                      align="left", style="dim")
        self.con.print(render.question_body(item.question, self.lang, list(item.order or []) or None))

    def _say(self, key: str, style: str = "dim", **kw: Any) -> None:
        self.con.print(self.t[key].format(**kw), style=style, markup=False)

    def _feedback(self, item: Item, out: Outcome) -> None:
        if out.correct:
            self._say("right", "bold green")
        else:
            given = self._given(item, out.given)
            self._say("wrong_given" if given else "wrong", "bold red", given=given)
        j = out.judgement
        if j is not None and j.lines is not None and not out.correct:
            self.con.print(render.output_diff(j.lines, self.lang))
        if j is not None and j.proof is not None:  # spot_bug: what the input showed
            self._say("proved" if j.proved else "proof", "bold green" if j.proved else "yellow", text=j.proof)
        self.con.print(render.answer_body(item.question, self.lang, list(item.order or []) or None))

    # input

    def _line(self, prompt: str = PROMPT) -> str:
        try:
            return self._read(prompt)
        except EOFError:  # Ctrl-D on an empty prompt
            self.con.print()
            raise Quit from None

    def _read(self, prompt: str) -> str:
        """One line of input; the interview overrides it to stop at its deadline."""
        return read_line(prompt)

    def _lines(self) -> str:
        """Several lines, ended by an empty line or Ctrl-D; a command key on the first line acts."""
        first = self._line()
        if not first.strip() or first.strip().lower() in COMMANDS:
            return first
        lines = [first]
        while True:
            try:
                # Pasted lines are already on screen (the terminal echoed them): a prompt printed
                # for each would pile up at the end as `     |      |`. Prompt only for typed ones.
                line = self._read("" if _pending() else MORE)
            except EOFError:
                self.con.print()
                break
            if not line.strip():
                break
            lines.append(line)
        return "\n".join(lines)

    def _command(self, text: str) -> str | None:
        """Handle s/u/h/q. None: not a command; "again": ask the same question again; "done"."""
        key = text.strip().lower()
        if key not in COMMANDS:
            return None
        if key == "q":
            raise Quit
        if key == "h" and self.sess.current is not None and isinstance(self.sess.current.question, CodingQuestion):
            self._coach()
            return "again"
        if key == "h":
            hint = self.sess.hint(self.lang)
            if hint:
                self._say("hint", "cyan", text=hint)
            else:
                self._say("no_hint", "yellow")
            return "again"
        if key == "s":
            self.sess.skip()
            self._say("skipped", "yellow")
        else:
            out = self.sess.undo()
            if out is None:
                self._say("nothing", "yellow")
                return "again"
            self._say("undone", "yellow", id=out.recorded.review.question_id)
        return "done"

    def _coach(self) -> None:
        """`h` on a coding question: the next hint of the ladder, then, once confirmed, the worked
        solution (each recorded as seen before it is shown)."""
        level = self.sess.coach_next()
        qid = self.sess.current.id if self.sess.current else ""
        if level == coach.SOLUTION and self._line(self.t["spoil"]).strip().lower() not in ("y", "yes"):
            return
        try:
            text = self.sess.coach_show(level, self.lang)
        except DlprepError:  # no coach.yaml for this exercise (or a broken one)
            self._say("no_hint", "yellow")
            return
        self.con.print(render.coach_body(qid, level, text, self.lang))

    def _ask(self, item: Item) -> None:
        """One question until it is answered, skipped or undone."""
        if item.type == "coding":
            return self._coding(item)
        if item.type == "open":
            return self._open(item)
        self._say(item.type)
        while True:
            text = self._lines() if isinstance(item.question, OutputQuestion) else self._line()
            done = self._command(text)
            if done == "again":
                continue
            if done:
                return
            try:
                # A code answer may be run in the sandbox (its first start imports torch: seconds).
                with render.spinner(self.t["running"], enabled=bool(getattr(item.question, "judge", None))
                                    or item.type == "spot_bug" or bool(item.variant)):
                    out = self.sess.answer(text)
            except InvalidAnswer as e:
                self.con.print(str(e), style="yellow", markup=False)
                continue
            return self._feedback(self.sess.items[out.index], out)  # a variant's item now carries its key

    def _open(self, item: Item) -> None:
        self._say("open")
        while True:
            given = self._lines()
            done = self._command(given)
            if done == "done":
                return
            if done is None:
                break
        self.con.print(render.answer_body(item.question, self.lang))
        self._say("rate")
        while True:
            key = self._line("rate> ").strip().lower()
            if key in ("q", "s", "u"):
                self._command(key)
                return
            if key in _RATE_KEYS:
                out = self.sess.rate(_RATE_KEYS[key], given.strip())
                self._say("recorded", "green", rating=RATING_NAMES[out.rating])
                return
            self._say("rate", "yellow")

    def _coding(self, item: Item) -> None:
        try:
            path, fresh = self.sess.write_starter(self.db.parent / "solutions")
        except DlprepError as e:  # GraderUnavailable says "grader not available (why)"
            self.sess.skip()
            self._say("skip_why", "yellow", why=e)
            return
        self._say("starter" if fresh else "earlier", "bold", path=path)
        if self.edit:
            self._editor(path)
        else:
            self._say("wait")
            while (done := self._command(self._line("grade> "))) == "again":
                pass
            if done:
                return
        try:
            out, verdict = self.sess.grade_coding(path)
        except DlprepError as e:
            self.sess.skip()
            self._say("skip_why", "red", why=e)
            return
        render.print_verdict(verdict, self.lang)
        if out is None:  # the starter was left unchanged
            self._say("skipped", "yellow")
        else:
            self._feedback(item, out)
        if out is None or not out.correct:  # point to the next hint (the session has moved on)
            nxt = coach.pointer(self.sess.store, item.id, item.question.exercise)
            if nxt is not None:
                self.con.print(render.coach_next(item.id, nxt, self.lang), soft_wrap=True)

    def _editor(self, path: Path) -> None:
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        try:
            subprocess.run([*shlex.split(editor), str(path)], check=False)
        except OSError as e:
            self._say("editor", "red", why=e)


def read_line(prompt: str) -> str:
    """`input(prompt)`, but a Ctrl-C is never lost. input() writes the prompt and then blocks in
    read(); a SIGINT that lands between the two only sets Python's flag, and read() then waits for
    a line that never comes (seen as a hung Ctrl-C on a loaded machine). Waiting in short select()
    slices returns to the interpreter, which raises the pending KeyboardInterrupt."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    try:
        while not select.select([sys.stdin], [], [], 0.2)[0]:
            pass
    except (OSError, ValueError):  # stdin that select cannot watch: plain input() still works
        pass
    return input()


def _pending() -> bool:
    """More input is already waiting (a paste), so no prompt is needed for it."""
    try:
        return bool(select.select([sys.stdin], [], [], 0)[0])
    except (OSError, ValueError):  # not a real file (tests feeding a StringIO)
        return False


def warm_up() -> None:
    """Render a sample once, off screen, before the first question. The first Syntax renders
    import pygments lexers (~100 ms here); without this that cost lands between the first answer
    and the next question, past the 100 ms budget."""
    con = Console(file=io.StringIO(), width=80, force_terminal=True, color_system="standard")
    sample = Group(Text("a `b` c"), Syntax("import torch\nprint(x)", "python", theme="ansi_dark",
                                            background_color="default"))
    con.print(Panel(sample))


def run(sess: Session, lang: str, db: Path, edit: bool) -> int:
    return Runner(sess, lang, db, edit).run()


# --- stats ------------------------------------------------------------------------------------

_LEVELS = ["grey30", "green4", "green3", "green1", "bright_green"]


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x * 100:.0f}%"


def _bar(x: float | None, width: int = 12) -> Text:
    if x is None:
        return Text("-", style="dim")
    full = round(x * width)
    style = "green" if x >= 0.8 else "yellow" if x >= 0.5 else "red"
    return Text("█" * full, style=style) + Text("░" * (width - full), style="grey30") + Text(f" {_pct(x)}")


def heatmap(daily: dict[str, int], today: datetime, weeks: int) -> Text:
    """GitHub-style calendar: a column per week, a row per weekday, darker = more reviews."""
    counts = {datetime.fromisoformat(d).date(): n for d, n in daily.items()}
    end = today.date()
    start = end - timedelta(days=end.weekday() + 7 * (weeks - 1))  # a Monday
    top = max(counts.values(), default=0)
    out = Text()
    for wd, name in enumerate(["Mon", "", "Wed", "", "Fri", "", "Sun"]):
        out.append(f"{name:<4}", style="dim")
        for w in range(weeks):
            day = start + timedelta(days=7 * w + wd)
            if day > end:
                out.append("  ")
                continue
            n = counts.get(day, 0)
            level = 0 if n == 0 else 1 + min(3, (4 * (n - 1)) // max(top, 1))
            out.append("■ " if n else "· ", style=_LEVELS[level])
        out.append("\n")
    out.append(f"{start.isoformat()} .. {end.isoformat()}   less ", style="dim")
    for style in _LEVELS:
        out.append("■", style=style)
    out.append(" more", style="dim")
    return out


STATS_UI: dict[str, dict[str, Any]] = {
    "en": {"head": "{reviews} reviews · accuracy {acc} · seen {seen}/{questions} · recall {recall} · "
                   "due now {due_now} · this week {due_week} · streak {streak} day(s)",
           "removed": " · {n} removed question(s) kept in history", "topics": "topics",
           "cols": ("topic", "seen", "accuracy", "recall", "due now", "week"),
           "weak": "weakest first", "wcols": ("id", "n", "acc.", "recall", "lapses", "due")},
    "zh": {"head": "复习 {reviews} 次 · 正确率 {acc} · 已见 {seen}/{questions} · 记忆保持率 {recall} · "
                   "现在到期 {due_now} · 本周到期 {due_week} · 连续 {streak} 天",
           "removed": " · 历史中含 {n} 道已删除的题", "topics": "各主题",
           "cols": ("主题", "已见", "正确率", "保持率", "现在到期", "本周"),
           "weak": "最薄弱的题", "wcols": ("id", "次数", "正确", "保持", "遗忘", "到期")},
}


def print_stats(s: stats_mod.Stats, lang: str, now: datetime) -> None:
    con, ui, t = render.console(), STATS_UI[lang], s.totals
    head = ui["head"].format(reviews=t["reviews"], acc=_pct(t["accuracy"]), seen=t["seen"],
                             questions=t["questions"], recall=_pct(t["retrievability"]), due_now=t["due_now"],
                             due_week=t["due_week"], streak=t["streak_days"])
    if t["removed_questions"]:
        head += ui["removed"].format(n=t["removed_questions"])
    con.print(head, markup=False, style="bold")
    table = Table(title=ui["topics"], title_justify="left", box=box.SIMPLE_HEAD)
    for col, right in zip(ui["cols"], (False, True, False, True, True, True), strict=True):
        table.add_column(col, justify="right" if right else "left", no_wrap=True)
    for r in s.topics:
        if r.questions or r.reviews:  # topics without a bank yet are noise here (the JSON has them)
            table.add_row(r.topic, f"{r.seen}/{r.questions}", _bar(r.accuracy), _pct(r.retrievability),
                          str(r.due_now), str(r.due_week))
    con.print(table)
    if s.weakest:
        weak = Table(title=ui["weak"], title_justify="left", box=box.SIMPLE_HEAD)
        for i, col in enumerate(ui["wcols"]):  # the id folds on a narrow screen; numbers never do
            weak.add_column(col, justify="left" if i == 0 else "right", no_wrap=i > 0, overflow="fold")
        for w in s.weakest:
            due = datetime.fromisoformat(w.due).astimezone().strftime("%m-%d %H:%M")
            weak.add_row(w.id, str(w.reviews), _pct(w.accuracy), _pct(w.retrievability), str(w.lapses), due)
        con.print(weak)
    weeks = max(4, min(52, (con.width - 6) // 2))
    con.print(heatmap(s.daily, now.astimezone(), weeks))
