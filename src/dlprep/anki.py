"""Export questions as an Anki deck (.apkg) with genanki.

One note per question. Its guid is genanki.guid_for(question id), and the model and deck ids are
fixed, so importing a newer export into Anki updates the notes it already has and never adds a
second copy. Code blocks are highlighted by pygments as HTML with inline styles (Anki's phone apps
load no external CSS). Choice options, the key and the explanation are on the back; a coding
question's card points to `dlprep init` / `dlprep submit`, where it is graded.

What a learner can answer: a parametrised output question goes out as its default draw (values
filled in everywhere; its key is the stored one that verify proves). Tags sit under one
`dlprep::` hierarchy (topic, type, difficulty), and notes go to one subdeck per topic group
(`dlprep::tensor`). Anki updates a note on import only when its modification time is newer, so a
note whose fields and tags did not change keeps the time it had in the previous export at the same
path: a re-import touches only what changed.
"""

from __future__ import annotations

import hashlib
import html
import re
import sqlite3
import tempfile
import time
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import genanki

from dlprep import models
from dlprep.bank import Catalog, LoadedQuestion
from dlprep.errors import UsageError

# Random once, then frozen forever: Anki recognises the note type and the deck by these ids.
MODEL_ID = 1_739_284_615
DECK_ID = 1_739_284_616  # the parent deck `dlprep`; subdecks' ids derive from their names
DECK = "dlprep"
LANG_CHOICES = ("zh", "en", "both")
_FENCE = re.compile(r"^[ \t]*```[ \t]*([\w+.-]*)[ \t]*\n(.*?)^[ \t]*```[ \t]*$", re.MULTILINE | re.DOTALL)
_SPAN = re.compile(r"`([^`\n]+)`")

LABELS = {
    "en": {"answer": "Answer", "why": "Why", "misconception": "Common misconception", "refs": "Docs",
           "rubric": "Key points", "true": "True", "false": "False", "code": "What does this print?",
           "coding": "Write it and have it graded:"},
    "zh": {"answer": "答案", "why": "解析", "misconception": "常见误区", "refs": "文档",
           "rubric": "要点", "true": "对", "false": "错", "code": "这段代码输出什么？",
           "coding": "写好后评分："},
}

CSS = """.card { font-family: -apple-system, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", sans-serif;
  font-size: 18px; text-align: left; color: #222; background: #fff; }
.lang + .lang { border-top: 1px dashed #bbb; margin-top: 0.8em; padding-top: 0.8em; }
code { font-family: Menlo, Consolas, monospace; background: #f2f2f2; padding: 0 0.2em; }
pre { font-size: 14px; padding: 0.5em; overflow-x: auto; }
.ok { color: #1a7f37; font-weight: bold; }
"""

MODEL = genanki.Model(
    MODEL_ID,
    "dlprep question",
    fields=[{"name": "Id"}, {"name": "Front"}, {"name": "Back"}],
    templates=[{
        "name": "Card 1",
        "qfmt": "{{Front}}",
        "afmt": '{{FrontSide}}<hr id="answer">{{Back}}<div style="color:#888;font-size:12px">{{Id}}</div>',
    }],
    css=CSS,
    sort_field_index=0,
)


@dataclass(frozen=True)
class Exported:
    path: Path
    notes: int
    guids: tuple[str, ...]


def code_html(code: str, lexer: str = "python") -> str:
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import TextLexer, get_lexer_by_name
    from pygments.util import ClassNotFound

    try:
        lx = get_lexer_by_name(lexer or "text")
    except ClassNotFound:
        lx = TextLexer()
    # noclasses: colours as inline styles, so the card needs no stylesheet of pygments classes
    return str(highlight(code.rstrip("\n"), lx, HtmlFormatter(noclasses=True, style="friendly")))


def text_html(text: str) -> str:
    """Bank prose to HTML: fenced code highlighted, `spans` as <code>, everything else escaped."""
    out, pos = [], 0
    for m in _FENCE.finditer(text):
        out.append(_prose(text[pos:m.start()]))
        out.append(code_html(m.group(2), m.group(1).lower()))
        pos = m.end()
    out.append(_prose(text[pos:]))
    return "".join(out)


def _prose(text: str) -> str:
    text = text.strip("\n")
    if not text.strip():
        return ""
    parts, pos = [], 0
    for m in _SPAN.finditer(text):
        parts.append(html.escape(text[pos:m.start()]))
        parts.append(f"<code>{html.escape(m.group(1))}</code>")
        pos = m.end()
    parts.append(html.escape(text[pos:]))
    return "<div>" + "".join(parts).replace("\n", "<br>") + "</div>"


def _front(q: Any, lang: str) -> str:
    lab = LABELS[lang]
    parts = [text_html(q.prompt.get(lang))]
    if isinstance(q, models.OutputQuestion):
        parts.append(code_html(q.code))
    if isinstance(q, models.ChoiceQuestion):
        items = "".join(f"<li>{_inline(c.get(lang))}</li>" for c in q.choices)
        parts.append(f'<ol type="a">{items}</ol>')
    if isinstance(q, models.TrueFalseQuestion):
        parts.append(f"<div><i>{lab['true']} / {lab['false']}</i></div>")
    if isinstance(q, models.CodingQuestion):
        parts.append(f"<div>{lab['coding']} <code>dlprep init {q.id}</code> · "
                     f"<code>dlprep submit {q.id} solution.py</code></div>")
    return "".join(parts)


def _inline(text: str) -> str:
    return _prose(text).removeprefix("<div>").removesuffix("</div>")


def _key(q: Any, lang: str) -> str:
    lab = LABELS[lang]
    if isinstance(q, models.ChoiceQuestion):
        letters = "abcdefghijklmnopqrstuvwxyz"
        right = [f"{letters[i]}) {_inline(c.get(lang))}" for i, c in enumerate(q.choices) if c.id in q.answer]
        return "<br>".join(right)
    if isinstance(q, models.TrueFalseQuestion):
        return lab["true"] if q.answer else lab["false"]
    if isinstance(q, models.ShortQuestion):
        return " · ".join(f"<code>{html.escape(a)}</code>" for a in q.answers[:3])
    if isinstance(q, models.OutputQuestion):
        return code_html(q.expected, "text")
    if isinstance(q, models.OpenQuestion):
        points = "".join(f"<li>{_inline(r.get(lang))}</li>" for r in q.rubric)
        return f"{text_html(q.model_answer.get(lang))}<div>{lab['rubric']}:</div><ul>{points}</ul>"
    if isinstance(q, models.CodingQuestion):
        return f"<code>dlprep submit {q.id} solution.py</code>"
    return ""


def _back(q: Any, lang: str) -> str:
    lab = LABELS[lang]
    parts = [f'<div><span class="ok">{lab["answer"]}:</span> {_key(q, lang)}</div>',
             f"<div><b>{lab['why']}:</b></div>{text_html(q.explanation.get(lang))}"]
    if q.misconception is not None:
        parts.append(f"<div><b>{lab['misconception']}:</b></div>{text_html(q.misconception.get(lang))}")
    if q.refs:
        links = " · ".join(f'<a href="{html.escape(r)}">{html.escape(r)}</a>' for r in q.refs)
        parts.append(f"<div><b>{lab['refs']}:</b> {links}</div>")
    return "".join(parts)


def _both(q: Any, langs: Sequence[str], side: Any) -> str:
    return "".join(f'<div class="lang">{side(q, lang)}</div>' for lang in langs)


def _tag(text: str) -> str:
    return re.sub(r"\s+", "_", text)  # Anki splits tags on spaces


class _Note(genanki.Note):  # type: ignore[misc]
    """A note written with its own modification time (genanki stamps every note with the export's)."""

    mod: int = 0

    def write_to_db(self, cursor: Any, timestamp: float, deck_id: int, id_gen: Any) -> None:
        super().write_to_db(cursor, self.mod or timestamp, deck_id, id_gen)


def tags(lq: LoadedQuestion) -> list[str]:
    """One hierarchy: `dlprep::topic::tensor::contiguity`, `dlprep::type::choice`, `dlprep::difficulty::2`."""
    topic = "::".join(_tag(p) for p in lq.topic.split("."))
    return [f"{DECK}::topic::{topic}", f"{DECK}::type::{lq.q.type}", f"{DECK}::difficulty::{lq.q.difficulty}"]


def deck_name(lq: LoadedQuestion) -> str:
    return f"{DECK}::{lq.topic.split('.')[0]}"


def deck_id(name: str) -> int:
    """Stable per name, so a subdeck is the same deck in every export."""
    return DECK_ID if name == DECK else 1_000_000_000 + int(hashlib.sha1(name.encode()).hexdigest()[:8], 16) % 10**9


def note(lq: LoadedQuestion, lang: str) -> _Note:
    langs = ("en", "zh") if lang == "both" else (lang,)
    q = lq.q.shown() if isinstance(lq.q, models.OutputQuestion) else lq.q  # the default draw, placeholders filled
    return _Note(model=MODEL, fields=[q.id, _both(q, langs, _front), _both(q, langs, _back)],
                 guid=genanki.guid_for(q.id), tags=tags(lq))


def previous(path: Path) -> dict[str, tuple[str, str, int]]:
    """guid -> (fields, tags, mod) of the notes in an earlier export at `path` (none if unreadable)."""
    try:
        with zipfile.ZipFile(path) as z, tempfile.TemporaryDirectory() as tmp:
            name = next(n for n in z.namelist() if n.startswith("collection.anki2"))
            db = sqlite3.connect(z.extract(name, tmp))
            try:
                rows = db.execute("SELECT guid, flds, tags, mod FROM notes").fetchall()
            finally:
                db.close()
    except (OSError, zipfile.BadZipFile, StopIteration, sqlite3.Error):
        return {}
    return {g: (f, t.strip(), int(m)) for g, f, t, m in rows}


def select(catalog: Catalog, topics: Sequence[str]) -> list[LoadedQuestion]:
    for t in topics:
        catalog.topic(t)  # unknown topics fail with suggestions
    # Generated spot-the-bug cards stay in dlprep: an exposing input is proved in its sandbox.
    return [lq for tid in catalog.topic_ids() if not topics or tid in topics for lq in catalog.by_topic.get(tid, [])
            if lq.q.type != "spot_bug"]


def export(catalog: Catalog, path: Path, topics: Sequence[str] = (), lang: str = "both") -> Exported:
    if lang not in LANG_CHOICES:
        raise UsageError(f"unknown language {lang!r}; use one of {', '.join(LANG_CHOICES)}")
    if Path(path).suffix != ".apkg":
        raise UsageError(f"{path}: the file name must end in .apkg (Anki imports it by that)")
    chosen = select(catalog, topics)
    if not chosen:
        raise UsageError("no questions match these topics; see `dlprep list`")
    before, now = previous(Path(path)), int(time.time())
    decks: dict[str, genanki.Deck] = {}
    notes = []
    for lq in chosen:
        n = note(lq, lang)
        old = before.get(n.guid)
        n.mod = old[2] if old and old[:2] == ("\x1f".join(n.fields), " ".join(n.tags)) else now
        name = deck_name(lq)
        decks.setdefault(name, genanki.Deck(deck_id(name), name)).add_note(n)
        notes.append(n)
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        # The export's own time stamps the note type and the cards: the newest note's, so an
        # unchanged export is the same collection, note type included.
        genanki.Package(list(decks.values())).write_to_file(str(path), timestamp=max(n.mod for n in notes))
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e}") from None
    return Exported(Path(path), len(notes), tuple(n.guid for n in notes))
