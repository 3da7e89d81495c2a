"""The one place that turns core objects into terminal output (rich) or plain data."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from dlprep.bank import Catalog
from dlprep.models import (
    QUESTION_TYPES,
    ChoiceQuestion,
    CodingQuestion,
    OpenQuestion,
    OutputQuestion,
    ShortQuestion,
    TrueFalseQuestion,
)

_console: Console | None = None

LABELS = {
    "en": {"answer": "Answer", "why": "Why", "misconception": "Common misconception", "refs": "Docs",
           "rubric": "Key points", "model": "Model answer", "true": "True", "false": "False",
           "exercise": "Exercise", "run": "dlprep init {id}  then  dlprep submit {id} solution.py"},
    "zh": {"answer": "答案", "why": "解析", "misconception": "常见误区", "refs": "文档",
           "rubric": "要点", "model": "参考答案", "true": "对", "false": "错",
           "exercise": "编程题", "run": "dlprep init {id}  然后  dlprep submit {id} solution.py"},
}


def console() -> Console:
    global _console
    if _console is None:
        _console = Console(highlight=False, emoji=False)  # ids like coverage:family:x are not emoji codes
    return _console


def listing(catalog: Catalog, topic: str | None, qtype: str | None) -> list[dict[str, Any]]:
    """Rows for `list`: per topic (counts per type) or per question of one topic."""
    if topic is not None:
        return [
            {"id": lq.id, "type": lq.q.type, "difficulty": lq.q.difficulty,
             "prompt_en": first_line(lq.q.prompt.en), "prompt_zh": first_line(lq.q.prompt.zh)}
            for lq in catalog.by_topic.get(topic, []) if qtype in (None, lq.q.type)
        ]
    rows = []
    for t in catalog.registry.topics:
        counts = Counter(lq.q.type for lq in catalog.by_topic.get(t.id, []))
        n = sum(counts.values()) if qtype is None else counts.get(qtype, 0)
        rows.append({"topic": t.id, "en": t.en, "zh": t.zh, "questions": n, "min_questions": t.min_questions,
                     "by_type": {k: counts[k] for k in QUESTION_TYPES if counts[k]}})
    return rows


def first_line(text: str, width: int = 70) -> str:
    line = next((ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("```")), "")
    return line if len(line) <= width else line[: width - 1] + "…"


def print_listing(rows: list[dict[str, Any]], topic: str | None, lang: str) -> None:
    if topic is not None:
        table = Table(title=topic, show_lines=False)
        for col in ("id", "type", "difficulty", "prompt"):
            table.add_column(col)
        for r in rows:
            table.add_row(r["id"], r["type"], r["difficulty"], r[f"prompt_{lang}"])
    else:
        table = Table(title="dlprep topics")
        for col in ("topic", "title", "questions", "by type"):
            table.add_column(col, justify="right" if col == "questions" else "left")
        for r in rows:
            n, need = r["questions"], r["min_questions"]
            style = "green" if n >= need else ("yellow" if n else "dim")
            table.add_row(r["topic"], r[lang], f"[{style}]{n}/{need}[/{style}]",
                          " ".join(f"{k}:{v}" for k, v in r["by_type"].items()))
    console().print(table)


def question_body(q: Any, lang: str, order: list[str] | None = None) -> RenderableType:
    """The question as shown before answering. `order` is the displayed order of choice ids."""
    from rich.markdown import Markdown  # markdown-it is a tenth of a second: only when shown

    parts: list[RenderableType] = [Markdown(q.prompt.get(lang))]
    if isinstance(q, OutputQuestion):
        parts.append(Syntax(q.code.rstrip(), "python", theme="ansi_dark", line_numbers=False))
    if isinstance(q, ChoiceQuestion):
        by_id = {c.id: c for c in q.choices}
        ids = order or [c.id for c in q.choices]
        for letter, cid in zip("abcdefghijklmnopqrstuvwxyz", ids, strict=False):
            parts.append(Markdown(f"**{letter})** {by_id[cid].get(lang)}"))
    if isinstance(q, TrueFalseQuestion):
        lab = LABELS[lang]
        parts.append(Markdown(f"*t = {lab['true']}, f = {lab['false']}*"))
    if isinstance(q, CodingQuestion):
        parts.append(Markdown(f"`{LABELS[lang]['run'].format(id=q.id)}`"))
    title = f"{q.id} · {q.type} · {q.difficulty}"
    return Panel(Group(*parts), title=title, title_align="left")


def print_question(q: Any, lang: str) -> None:
    console().print(question_body(q, lang))


def answer_text(q: Any, lang: str, order: list[str] | None = None) -> str:
    lab = LABELS[lang]
    if isinstance(q, ChoiceQuestion):
        ids = order or [c.id for c in q.choices]
        letters = [letter for letter, cid in zip("abcdefghijklmnopqrstuvwxyz", ids, strict=False)
                   if cid in q.answer]
        return " ".join(letters)
    if isinstance(q, TrueFalseQuestion):
        return lab["true"] if q.answer else lab["false"]
    if isinstance(q, ShortQuestion):
        return q.answers[0]
    if isinstance(q, OutputQuestion):
        return "\n```text\n" + q.expected.rstrip("\n") + "\n```"
    if isinstance(q, OpenQuestion):
        return q.model_answer.get(lang)
    if isinstance(q, CodingQuestion):
        return f"reference_impls/{q.exercise}/reference.py"
    return ""


def answer_body(q: Any, lang: str, order: list[str] | None = None) -> RenderableType:
    from rich.markdown import Markdown

    lab = LABELS[lang]
    md = [f"**{lab['answer']}:** {answer_text(q, lang, order)}"]
    if isinstance(q, OpenQuestion):
        md.append(f"**{lab['rubric']}:**\n" + "\n".join(f"- {r.get(lang)}" for r in q.rubric))
    md.append(f"**{lab['why']}:** {q.explanation.get(lang)}")
    if q.misconception is not None:
        md.append(f"**{lab['misconception']}:** {q.misconception.get(lang)}")
    if q.refs:
        md.append(f"**{lab['refs']}:** " + " · ".join(q.refs))
    return Markdown("\n\n".join(md))


def print_answer(q: Any, lang: str, order: list[str] | None = None) -> None:
    console().print(answer_body(q, lang, order))


STATUS_STYLE = {"pass": "green", "fail": "red", "error": "red", "timeout": "magenta", "skip": "dim",
                "unattempted": "yellow", "unverifiable": "yellow"}


class _NoSpinner:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def spinner(text: str, enabled: bool = True) -> Any:
    return console().status(text) if enabled and console().is_terminal else _NoSpinner()


def styled(status: str) -> str:
    style = STATUS_STYLE.get(status, "white")
    return f"[{style}]{status}[/{style}]"


def verdict_table(v: Any) -> Table:
    mode = getattr(v, "isolation", "best")
    table = Table(title=f"{v.question}: {styled(v.status)}  {v.score:g}/{v.max_score:g}  (isolation: {mode})",
                  title_justify="left")
    table.add_column("check")
    table.add_column("status")
    table.add_column("score", justify="right")
    table.add_column("trust")
    table.add_column("message", overflow="fold")
    for t in v.tests:
        score = f"{t.score:g}/{t.max_score:g}" if t.max_score else ""
        trust = t.trust + (" (advisory)" if t.advisory else "")
        table.add_row(Text(t.name), styled(t.status), score, trust, Text(t.message or ""))
    return table


def print_verdict(v: Any, lang: str = "en") -> None:
    c = console()
    c.print(verdict_table(v))
    shown = 0
    for t in v.tests:
        for m in t.details.get("mismatches", [])[:3]:
            if shown == 0:
                c.print("[bold]first mismatches[/bold] (index: yours vs expected)")
            c.print(f"  {t.name} {tuple(m['index'])}: {m['yours']!r} vs {m['expected']!r}", markup=False)
            shown += 1
    if v.hidden["count"]:
        c.print(f"hidden cases: {v.hidden['passed']}/{v.hidden['count']} passed")
    if v.stdout.strip():
        c.print("[bold]your output[/bold]" + (" (cut at 500 characters)" if v.output_truncated else ""))
        c.print(v.stdout.rstrip(), markup=False)
    c.print(f"[dim]{v.duration_s:.2f} s, sandbox: {v.sandbox.get('level')}[/dim]")


VERIFY_STYLE = {"passed": "green", "failed": "red", "skipped": "dim", "unverifiable": "yellow"}


@contextmanager
def verify_progress(total: int) -> Iterator[Callable[[Any], None]]:
    """A progress bar with the question just finished and an ETA; plain lines when not a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    c = console()
    if not c.is_terminal:
        done = [0]

        def line(r: Any) -> None:
            done[0] += 1
            if r.status not in ("passed", "skipped"):
                c.print(f"[{done[0]}/{total}] {r.status}: {r.id}", markup=False)

        yield line
        return
    with Progress(TextColumn("verify"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  TextColumn("{task.description}"), console=c, transient=True) as progress:
        task = progress.add_task("", total=total)

        def advance(r: Any) -> None:
            progress.update(task, advance=1, description=r.id)

        yield advance


def print_verify_report(report: Any) -> None:
    c = console()
    bad = [r for r in (*report.results, *report.coverage) if r.status in ("failed", "unverifiable")]
    for r in bad:
        style = VERIFY_STYLE[r.status]
        c.print(f"[{style}]{r.status}[/{style}] {escape(r.id)}: {escape(r.message)}")
        for d in r.details[:4]:
            c.print("    " + d.replace("\n", "\n    "), markup=False)
    table = Table(title="dlprep verify")
    table.add_column("topic")
    for col in ("passed", "failed", "skipped", "unverifiable"):
        table.add_column(col, justify="right")
    totals: Counter[str] = Counter()
    for topic, counts in report.summary().items():
        totals.update(counts)
        table.add_row(topic, *(_count(counts, k) for k in ("passed", "failed", "skipped", "unverifiable")))
    table.add_row("[bold]total[/bold]", *(_count(totals, k) for k in ("passed", "failed", "skipped", "unverifiable")))
    c.print(table)
    verdict = "[green]all verified[/green]" if report.ok else "[red]verification failed[/red]"
    c.print(f"{verdict}: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped, "
            f"{totals['unverifiable']} unverifiable")


def _count(counts: Counter[str], key: str) -> str:
    n = counts.get(key, 0)
    return f"[{VERIFY_STYLE[key]}]{n}[/{VERIFY_STYLE[key]}]" if n else "0"


def junit_xml(report: Any) -> str:
    """One testsuite per topic, one testcase per question (or coverage item)."""
    import xml.etree.ElementTree as ET

    root = ET.Element("testsuites", name="dlprep verify")
    suites: dict[str, ET.Element] = {}
    for r in (*report.results, *report.coverage):
        suite = suites.get(r.topic)
        if suite is None:
            suite = suites[r.topic] = ET.SubElement(root, "testsuite", name=r.topic)
        case = ET.SubElement(suite, "testcase", classname=r.topic, name=r.id, time=f"{r.duration_s:.3f}")
        text = "\n".join([r.message, *r.details])
        if r.status == "failed":
            ET.SubElement(case, "failure", message=r.message).text = text
        elif r.status == "unverifiable":
            ET.SubElement(case, "error", message=f"unverifiable: {r.message}").text = text
        elif r.status == "skipped":
            ET.SubElement(case, "skipped", message=r.message)
    for suite in suites.values():
        cases = list(suite)
        suite.set("tests", str(len(cases)))
        suite.set("failures", str(sum(1 for c in cases if c.find("failure") is not None)))
        suite.set("errors", str(sum(1 for c in cases if c.find("error") is not None)))
        suite.set("skipped", str(sum(1 for c in cases if c.find("skipped") is not None)))
    return ET.tostring(root, encoding="unicode", xml_declaration=True)
