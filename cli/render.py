"""The one place that turns core objects into terminal output (rich) or plain data."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table

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
        _console = Console(highlight=False)
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
