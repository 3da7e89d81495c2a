"""The one place that turns core objects into terminal output (rich) or plain data."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from dlprep import models
from dlprep.bank import Catalog

_console: Console | None = None

LABELS = {
    "en": {"answer": "Answer", "why": "Why", "misconception": "Common misconception", "refs": "Docs",
           "rubric": "Key points", "model": "Model answer", "true": "True", "false": "False",
           "exercise": "Exercise", "run": "dlprep init {id}  then  dlprep submit {id} solution.py",
           "lines": "lines {lines}", "shows": "an input that shows it", "proof": "Your input",
           "lines_only": "judged on lines only"},
    "zh": {"answer": "答案", "why": "解析", "misconception": "常见误区", "refs": "文档",
           "rubric": "要点", "model": "参考答案", "true": "对", "false": "错",
           "exercise": "编程题", "run": "dlprep init {id}  然后  dlprep submit {id} solution.py",
           "lines": "第 {lines} 行", "shows": "能暴露错误的输入", "proof": "你的输入",
           "lines_only": "只判行号"},
}


def err_console() -> Console:
    """stderr: progress, and the human summary when stdout carries JSON."""
    global _err_console
    if _err_console is None:
        _err_console = Console(stderr=True, highlight=False, emoji=False)
    return _err_console


_err_console: Console | None = None


def console() -> Console:
    global _console
    if _console is None:
        _console = Console(highlight=False, emoji=False)  # ids like coverage:family:x are not emoji codes
    return _console


def listing(catalog: Catalog, topic: str | None, qtype: str | None) -> list[dict[str, Any]]:
    """Rows for `list`: per topic (counts per type), or per question of one topic and/or one type."""
    if topic is not None or qtype is not None:
        return [
            {"id": lq.id, "topic": lq.topic, "type": lq.q.type, "difficulty": lq.q.difficulty,
             "prompt_en": first_line(lq.q.prompt.en), "prompt_zh": first_line(lq.q.prompt.zh)}
            for tid in catalog.topic_ids() if topic in (None, tid)
            for lq in catalog.by_topic.get(tid, []) if qtype in (None, lq.q.type)
        ]
    rows = []
    for t in catalog.registry.topics:
        counts = Counter(lq.q.type for lq in catalog.by_topic.get(t.id, []))
        rows.append({"topic": t.id, "en": t.en, "zh": t.zh, "questions": sum(counts.values()),
                     "min_questions": t.min_questions,
                     "by_type": {k: counts[k] for k in models.QUESTION_TYPES if counts[k]}})
    return rows


def first_line(text: str, width: int = 70) -> str:
    line = next((ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("```")), "")
    return line if len(line) <= width else line[: width - 1] + "…"


def fits(ids: list[str], other: int = 30) -> bool:
    """A table fits when the longest id and a little of the other columns fit in the terminal; a
    pipe or a narrow terminal gets one row a line instead, id first, never cut."""
    c = console()
    return c.is_terminal and c.width >= max((len(i) for i in ids), default=0) + other


def id_table(title: str, columns: list[str], rows: list[list[Any]]) -> None:
    """Rows whose first column is an id: a table whose id column never wraps or is cut (the other
    columns wrap first), or tab-separated lines when it would not fit."""
    c = console()
    if not fits([str(r[0]) for r in rows]):
        for r in rows:  # written as is: rich would expand the tabs that `cut -f` splits on
            c.file.write("\t".join(str(x) for x in r) + "\n")
        return
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    for i, col in enumerate(columns):
        table.add_column(col, no_wrap=i == 0, min_width=max((len(str(r[0])) for r in rows), default=2) if i == 0
                         else None, overflow="fold")
    for r in rows:
        table.add_row(*(x if isinstance(x, Text) else Text(str(x)) for x in r))
    c.print(table)


def print_listing(rows: list[dict[str, Any]], topic: str | None, qtype: str | None, lang: str) -> None:
    if topic is not None or qtype is not None:
        id_table(" · ".join(x for x in (topic, qtype) if x), ["id", "type", "difficulty", "prompt"],
                 [[r["id"], r["type"], r["difficulty"], r[f"prompt_{lang}"]] for r in rows])
        return
    table = Table(title="dlprep topics")
    for col in ("topic", "title", "questions", "by type"):
        table.add_column(col, justify="right" if col == "questions" else "left", no_wrap=col == "topic")
    for r in rows:
        n, need = r["questions"], r["min_questions"]
        style = "green" if n >= need else ("yellow" if n else "dim")
        table.add_row(r["topic"], r[lang], Text(f"{n}/{need}", style=style),
                      " ".join(f"{k}:{v}" for k, v in r["by_type"].items()))
    console().print(table)


def exercises(catalog: Catalog, reviews: list[Any]) -> list[dict[str, Any]]:
    """Every coding exercise with the best result recorded for it: passed, tried (n) or new."""
    tries: Counter[str] = Counter(r.question_id for r in reviews)
    passed = {r.question_id for r in reviews if r.correct}
    rows = []
    for tid in catalog.topic_ids():
        for lq in catalog.by_topic.get(tid, []):
            if isinstance(lq.q, models.CodingQuestion):
                best = "passed" if lq.id in passed else (f"tried {tries[lq.id]}x" if tries[lq.id] else "new")
                rows.append({"id": lq.id, "family": lq.q.checker, "difficulty": lq.q.difficulty, "topic": lq.topic,
                             "requires": list(lq.q.requires), "best": best})
    return rows


def print_exercises(rows: list[dict[str, Any]]) -> None:
    style = {"passed": "green", "new": "dim"}
    id_table(f"{len(rows)} exercises", ["id", "family", "difficulty", "topic", "needs", "best"],
             [[r["id"], r["family"], r["difficulty"], r["topic"], " ".join(r["requires"]) or "cpu",
               Text(r["best"], style=style.get(r["best"], "yellow"))] for r in rows])


# --- bank text -------------------------------------------------------------------------------
# Bank text is shown exactly as written: `*`, `_`, `H*W` and brackets are characters, never markup.
# Two things are read from it: fenced code blocks (```python ... ```), shown highlighted, and
# inline `code` spans, shown in a code style. Plain output (NO_COLOR, not a terminal) keeps the
# backticks and indents blocks by four spaces, so copied text is still code.

_FENCE = re.compile(r"^[ \t]*```[ \t]*([\w+.-]*)[ \t]*\n(.*?)^[ \t]*```[ \t]*$", re.MULTILINE | re.DOTALL)
_SPAN = re.compile(r"`([^`\n]+)`")
CODE_STYLE = "bold cyan"


def styled_output() -> bool:
    c = console()
    return c.is_terminal and not c.no_color and c.color_system is not None


def prose(text: str, style: str = "") -> Text:
    """Plain text with inline `code` spans styled; nothing else is interpreted."""
    out = Text(style=style)
    if not styled_output():
        out.append(text)
        return out
    pos = 0
    for m in _SPAN.finditer(text):
        out.append(text[pos:m.start()])
        out.append(m.group(1), style=CODE_STYLE)
        pos = m.end()
    out.append(text[pos:])
    return out


def code_block(code: str, lexer: str = "python") -> RenderableType:
    code = code.rstrip("\n")
    if not styled_output():
        return Text("\n".join(("    " + ln).rstrip() for ln in code.split("\n")))
    if lexer in ("", "text", "plain", "output"):  # nothing to highlight: skip pygments (tens of ms)
        return Padding(Text(code, style=CODE_STYLE), (0, 0, 0, 2))
    return Syntax(code, lexer or "text", theme="ansi_dark", background_color="default")


def bank_text(text: str, label: str | None = None) -> RenderableType:
    """Prose and fenced code blocks, in order; `label` (bold) starts the first line."""
    parts: list[RenderableType] = []
    pos = 0
    lead = Text(f"{label}: ", style="bold") if label else None

    def add_prose(chunk: str) -> None:
        nonlocal lead
        chunk = chunk.strip("\n")
        if not chunk.strip():
            return
        t = prose(chunk)
        if lead is not None:
            t = Text.assemble(lead, t)
            lead = None
        parts.append(t)

    for m in _FENCE.finditer(text):
        add_prose(text[pos:m.start()])
        if lead is not None:
            parts.append(Text(f"{label}:", style="bold"))
            lead = None
        parts.append(code_block(m.group(2), m.group(1).lower() or "text"))
        pos = m.end()
    add_prose(text[pos:])
    if lead is not None:
        parts.append(lead)
    return Group(*parts)


def question_body(q: Any, lang: str, order: list[str] | None = None) -> RenderableType:
    """The question as shown before answering. `order` is the displayed order of choice ids."""
    if isinstance(q, models.OutputQuestion):
        q = q.shown()  # a parametrised one outside a quiz: its default draw
    parts: list[RenderableType] = [bank_text(q.prompt.get(lang))]
    if isinstance(q, models.OutputQuestion):
        parts.append(code_block(q.code))
    if isinstance(q, models.SpotBugQuestion):
        from dlprep.spotbug import numbered

        parts.append(code_block(numbered(q.code), "text"))
    if isinstance(q, models.ChoiceQuestion):
        by_id = {c.id: c for c in q.choices}
        ids = order or [c.id for c in q.choices]
        for letter, cid in zip("abcdefghijklmnopqrstuvwxyz", ids, strict=False):
            parts.append(Text.assemble(Text(f"{letter}) ", style="bold"), prose(by_id[cid].get(lang))))
    if isinstance(q, models.TrueFalseQuestion):
        lab = LABELS[lang]
        parts.append(Text(f"t = {lab['true']}, f = {lab['false']}", style="italic"))
    if isinstance(q, models.CodingQuestion):
        from dlprep.exercise_rules import statement

        rules = statement(q)
        if rules is not None:
            parts.append(prose(rules.get(lang)))
        parts.append(Text(LABELS[lang]["run"].format(id=q.id), style=CODE_STYLE))
    # A card's own id names its bug (the mutant's file name): the title shows the exercise only.
    shown_id = f"{q.id.split('.spotbug.')[0]}.spotbug.{q.exercise}" if isinstance(q, models.SpotBugQuestion) else q.id
    title = Text(f"{shown_id} · {q.type} · {q.difficulty}")
    return Panel(Group(*parts), title=title, title_align="left")


def print_question(q: Any, lang: str) -> None:
    console().print(question_body(q, lang))


def answer_text(q: Any, lang: str, order: list[str] | None = None, plain: bool = False) -> str:
    """The key as text, as `bank_text` renders it (printed output fenced, unless `plain`)."""
    lab = LABELS[lang]
    if isinstance(q, models.ChoiceQuestion):
        ids = order or [c.id for c in q.choices]
        letters = [letter for letter, cid in zip("abcdefghijklmnopqrstuvwxyz", ids, strict=False)
                   if cid in q.answer]
        return " ".join(letters)
    if isinstance(q, models.TrueFalseQuestion):
        return lab["true"] if q.answer else lab["false"]
    if isinstance(q, models.ShortQuestion):
        return q.answers[0]
    if isinstance(q, models.OutputQuestion):
        return q.expected.rstrip("\n") if plain else "```text\n" + q.expected.rstrip("\n") + "\n```"
    if isinstance(q, models.SpotBugQuestion):
        spans = ", ".join(str(h[0]) if len(h) == 1 else f"{h[0]}-{h[-1]}" for h in q.hunks)
        text = lab["lines"].format(lines=spans)
        if q.expose:
            text += f"; {lab['shows']}: `{q.expose}`"
        elif q.lines_only:
            text += f" ({lab['lines_only']})"
        return text
    if isinstance(q, models.OpenQuestion):
        return q.model_answer.get(lang)
    if isinstance(q, models.CodingQuestion):
        return f"reference_impls/{q.exercise}/reference.py"
    return ""


def answer_body(q: Any, lang: str, order: list[str] | None = None) -> RenderableType:
    lab = LABELS[lang]
    parts: list[RenderableType] = [bank_text(answer_text(q, lang, order), lab["answer"])]
    if isinstance(q, models.OpenQuestion):
        parts.append(Text(f"{lab['rubric']}:", style="bold"))
        parts.extend(Text.assemble("- ", prose(r.get(lang))) for r in q.rubric)
    parts.append(Text())
    parts.append(bank_text(q.explanation.get(lang), lab["why"]))
    if q.misconception is not None:
        parts.append(Text())
        parts.append(bank_text(q.misconception.get(lang), lab["misconception"]))
    if q.refs:
        parts.append(Text())
        parts.append(Text.assemble(Text(f"{lab['refs']}: ", style="bold"), " · ".join(q.refs)))
    return Group(*parts)


def print_answer(q: Any, lang: str, order: list[str] | None = None) -> None:
    console().print(answer_body(q, lang, order))


def output_diff(lines: Any, lang: str) -> RenderableType:
    """Yours against expected, line by line, for a wrong `output` answer (an OutputJudgement)."""
    head = {"en": ("{right} of {total} lines right", "yours", "expected"),
            "zh": ("{total} 行中对了 {right} 行", "你的", "应为")}[lang]
    table = Table(box=box.SIMPLE_HEAD, title=head[0].format(right=lines.right, total=lines.total),
                  title_justify="left", pad_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column(head[1], overflow="fold")
    table.add_column(head[2], overflow="fold")
    for ln in lines.lines:
        mark = Text("✓", style="green") if ln.ok else Text("✗", style="red")
        table.add_row(mark, Text(ln.yours if ln.yours is not None else "-", style="" if ln.ok else "red"),
                      Text(ln.expected if ln.expected is not None else "-"))
    return table


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
    style = STATUS_STYLE.get(v.status, "white")
    c.print(f"[{style}]{escape(v.summary)}[/{style}]")


def print_repro(q: Any, v: Any, solution: Path, case: str | None, seed: int | None) -> None:
    """With --case: the case's inputs as a snippet, where they can be written out. Without it: how
    to rerun the first failing public case alone."""
    from dlprep.checkers import registry, repro
    from dlprep.checkers.base import load_exercise

    c = console()
    if case is None:
        bad = next((t for t in v.tests if t.name.startswith("public/") and t.status == "fail"), None)
        if bad is not None:
            c.print(f"[dim]rerun that case alone: dlprep submit {q.id} {solution} --case {repro.bare(bad.name)}[/dim]",
                    markup=True, soft_wrap=True)
        return
    fam = registry.family(q.checker)(load_exercise(q))
    # the grading just picked this case by the same rule, so pick finds it again
    public, hidden = fam.cases(0 if seed is None else seed)
    public, hidden = repro.pick(public, hidden, case, seeded=seed is not None,
                                build=lambda n: fam.contract_named(n, 0 if seed is None else seed))
    text = repro.snippet([*public, *hidden][0], q.entry, solution.name)
    c.print(f"[dim]only case {escape(repro.bare(case))} was run: a rerun, not recorded in your progress[/dim]")
    if text is not None:
        c.print(f"[bold]the case's inputs[/bold] (run beside {escape(solution.name)}):")
        c.print(text, markup=False, highlight=False, soft_wrap=True)  # unwrapped: it is pasted as it is


VERIFY_STYLE = {"passed": "green", "failed": "red", "skipped": "dim", "unverifiable": "yellow"}


@contextmanager
def verify_progress(total: int) -> Iterator[Callable[[Any], None]]:
    """A progress bar with the question just finished and an ETA; plain lines when not a terminal.
    On stderr, like every progress line: stdout is for results (`verify --json`)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    c = err_console()
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


def print_verify_report(report: Any, stderr: bool = False) -> None:
    c = err_console() if stderr else console()
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
    n = report.exercise_counts()
    if n["exercises"]:
        c.print(f"exercises: {n['exercises']} passed; {n['mutants']} mutant(s) caught ({n['mutant diffs']} as diffs), "
                f"{n['wrong']} wrong answer(s) caught, {n['right']} right answer(s) and {n['coach solutions']} "
                "coach's worked solution(s) with full marks")
    ev = report.evidence()
    if ev.cells:
        print_evidence(ev, "proved", c)
    for reason, n in sorted(report.skipped().items()):
        c.print(f"[dim]skipped {n}: {escape(reason)}[/dim]")
    recorded = sum(r.recorded for r in report.results)
    if recorded:
        c.print(f"[dim]not run again (--changed): {recorded} passed before with the same content[/dim]")
    verdict = "[green]all verified[/green]" if report.ok else "[red]verification failed[/red]"
    share = ev.overall.proved_share
    proved = f"; choice/true_false/short keys proved: {_pct(share)}" if share is not None else ""
    c.print(f"{verdict}: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped, "
            f"{totals['unverifiable']} unverifiable{proved}")


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.0%}"


def print_evidence(ev: Any, proved: str, c: Console | None = None) -> None:
    """Per topic and type: how many keys a probe `proved` (or, from the banks alone, has a probe
    for) and how many rest on `evidence: docs`. Cells read `proved/questions +docs`."""
    from dlprep.evidence import PROVABLE

    def cell(t: Any) -> str:
        if not t.questions:
            return ""
        docs, skipped = (f" +{t.docs}d" if t.docs else ""), (f" {t.skipped}s" if t.skipped else "")
        return f"{t.proved}/{t.questions}{docs}{skipped}"

    table = Table(title=f"choice/true_false/short keys {proved} by a probe\n(cells: {proved}/questions, "
                        "+d evidence: docs, s skipped)")
    table.add_column("topic", no_wrap=True)
    for col in (*PROVABLE, proved, "docs"):
        table.add_column(col, justify="right", no_wrap=True)
    for topic in ev.topics():
        cells = {k: ev.cells.get((topic, k)) for k in PROVABLE}
        t = ev.by_topic(topic)
        table.add_row(escape(topic), *(cell(v) if v else "" for v in cells.values()), _pct(t.proved_share),
                      _pct(t.docs_share))
    o = ev.overall
    table.add_row("[bold]all[/bold]", *(cell(ev.by_type(k)) for k in PROVABLE), _pct(o.proved_share),
                  _pct(o.docs_share))
    (c or console()).print(table)


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


def _share(n: int, of: int) -> str:
    return f"{n} ({n / of:.0%})" if of else "-"


def print_lint_report(report: Any) -> None:
    """The test-taking tells per bank and overall, then near-duplicates as warnings."""
    c = console()
    table = Table(title="test-taking tells: longest options = key (target <= 33%), true keys (40-60%)")
    table.add_column("bank", no_wrap=True)
    for col in ("choice", "long en", "long zh", "t/f", "true"):
        table.add_column(col, justify="right", no_wrap=True, min_width=8 if col == "true" else None)
    rows = [*report.per_bank.items(), ("all banks", report.overall)]
    for name, b in rows:
        if not (b.choice or b.true_false):
            continue
        table.add_row(escape(name), str(b.choice), _share(b.longest_en, b.choice), _share(b.longest_zh, b.choice),
                      str(b.true_false), _share(b.true_keys, b.true_false))
    c.print(table)
    for miss in report.target_misses:
        style, word = ("red", "fail") if report.enforced else ("yellow", "target")
        c.print(f"[{style}]{word}[/{style}]: {escape(miss)}", soft_wrap=True)
    for d in report.duplicates:
        c.print(f"[yellow]warning[/yellow]: near-duplicate: {escape(d.line())}", soft_wrap=True)


# --- hints and worked solutions (dlprep.coach) -------------------------------------------------

COACH = {
    "en": {"hint": "hint {level}/{of}", "solution": "worked solution",
           "next": "stuck? next hint: `dlprep hint {id} --level {level}` (a pass after a hint rates Hard)",
           "all_seen": "all {of} hints seen; `dlprep solution {id}` shows the worked solution (a pass after it "
                       "rates Again)"},
    "zh": {"hint": "提示 {level}/{of}", "solution": "详解",
           "next": "卡住了？下一级提示：`dlprep hint {id} --level {level}`（看过提示后通过记为 Hard）",
           "all_seen": "{of} 级提示都已看过；`dlprep solution {id}` 显示详解（看过详解后通过记为 Again）"},
}


def coach_body(qid: str, level: int, text: str, lang: str) -> RenderableType:
    """A hint (level 1-3) or the worked solution (4) under a title line. No panel: code copied from a
    pipe or a plain terminal must stay code."""
    from dlprep.coach import LEVELS

    lab = COACH[lang]
    title = lab["hint"].format(level=level, of=LEVELS) if level <= LEVELS else lab["solution"]
    return Group(Text(f"{qid} · {title}", style="bold"), bank_text(text))


def coach_next(qid: str, level: int, lang: str) -> Text:
    """Where the ladder goes from here: the next hint's command, or the solution's. Print it with
    soft_wrap=True, so that the command in it is never broken across lines."""
    from dlprep.coach import LEVELS

    key = "next" if level <= LEVELS else "all_seen"
    return prose(COACH[lang][key].format(id=qid, level=level, of=LEVELS), style="dim")
