"""Loading and linting the question banks.

Every problem is collected (not just the first) and reported as one line:
`file:line:col: [question-id] where: what is wrong - what to do`.
Line numbers come from the YAML node tree, so a schema error points at the offending field.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import TypeAdapter, ValidationError

from dlprep import cjk, mutants, paths, spotbug
from dlprep.errors import BankError, NotFound
from dlprep.json_cache import JsonCache
from dlprep.models import Bank, CodingQuestion, Topic, TopicRegistry

try:  # the C loader is several times faster and keeps marks just the same
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

TOPICS_FILE = "topics.yaml"
_BANK = TypeAdapter(Bank)

# A hint for the most common pydantic error types: what the author should do.
_HINTS = {
    "missing": "add it",
    "extra_forbidden": "remove it or fix its spelling",
    "literal_error": "use one of the allowed values",
    "string_too_short": "write the text",
    "too_short": "add at least one entry",
    "union_tag_invalid": "type must be one of choice, true_false, short, output, open, coding",
    "union_tag_not_found": "add a `type:` field",
    "string_pattern_mismatch": "use lowercase letters, digits, '.', '-', '_'",
}


@dataclass(frozen=True)
class LoadedQuestion:
    """A question with where it came from (for error lines and `show`)."""

    q: Any  # one of the Question models
    topic: str
    file: Path
    line: int

    @property
    def id(self) -> str:
        return str(self.q.id)


@dataclass
class Catalog:
    registry: TopicRegistry
    questions: dict[str, LoadedQuestion] = field(default_factory=dict)
    by_topic: dict[str, list[LoadedQuestion]] = field(default_factory=dict)

    def topic(self, topic_id: str) -> Topic:
        for t in self.registry.topics:
            if t.id == topic_id:
                return t
        raise NotFound(f"unknown topic {topic_id!r}{suggest(topic_id, self.topic_ids())}")

    def topic_ids(self) -> list[str]:
        return [t.id for t in self.registry.topics]

    def get(self, qid: str) -> LoadedQuestion:
        try:
            return self.questions[qid]
        except KeyError:
            raise NotFound(f"unknown question id {qid!r}{suggest(qid, self.questions)}") from None


def suggest(word: str, candidates: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(candidates), n=3, cutoff=0.5)
    return f"; did you mean {', '.join(close)}?" if close else ""


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class _Source:
    """One YAML file: its data, parsed by the fast C loader, and - only when a problem has to be
    located - its node tree, composed on demand for line and column numbers."""

    def __init__(self, path: Path, text: str, data: Any):
        self.path, self.text, self.data = path, text, data

    @functools.cached_property
    def root(self) -> yaml.Node:
        node = yaml.compose(self.text, Loader=_Loader)
        assert node is not None, f"{self.path} is empty"  # the loader rejects an empty bank first
        return node

    def where(self, loc: tuple[int | str, ...]) -> str:
        return _where(self.path, _node_at(self.root, loc))

    @functools.cached_property
    def _id_lines(self) -> dict[str, int]:
        lines: dict[str, int] = {}
        line, pos = 1, 0
        for m in _ID_LINE.finditer(self.text):  # matches come in order: count newlines incrementally
            line += self.text.count("\n", pos, m.start())
            pos = m.start()
            lines.setdefault(m.group(1), line)
        return lines

    def line_of(self, qid: str, index: int) -> int:
        """The line of a question's `id:` (found in the text; the node tree is the slow fallback)."""
        line = self._id_lines.get(qid)
        return line if line is not None else _node_at(self.root, ("questions", index)).start_mark.line + 1


_ID_LINE = re.compile(r"^[ \t-]*id:[ \t]*['\"]?([a-z0-9][a-z0-9_.-]*)['\"]?[ \t]*$", re.MULTILINE)


class _ParseCache(JsonCache):
    """Parsed YAML by content hash, kept as JSON in the data dir: building Python objects from YAML
    is most of a cold start (`list`, `show`, `quiz`), and JSON loads ten times faster. Keyed by
    content, so an edited bank is simply parsed again; a missing or broken cache is rebuilt."""

    def __init__(self) -> None:
        super().__init__("banks.json")

    # Part of the key: a change to what parsing does (such as joining folded Chinese lines) must
    # not be served stale data from an older cache.
    VERSION = b"2:cjk-folds\n"

    def parse(self, text: str) -> Any:
        key = hashlib.sha1(self.VERSION + text.encode()).hexdigest()
        if key not in self.entries:
            self.entries[key] = cjk.unmark(yaml.load(cjk.mark_folds(text), Loader=_Loader))
            self.dirty = True
        self.used[key] = self.entries[key]
        return self.entries[key]


def _read(path: Path, problems: list[str], cache: _ParseCache) -> _Source | None:
    """Parse a file; None (with the problem recorded) on any read or YAML error."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        problems.append(f"{_display(path)}:1:1: cannot read file ({e}) - check the path and encoding")
        return None
    try:
        data = cache.parse(text)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problems.append(f"{_display(path)}:{line}:{col}: malformed YAML: {e.problem} - fix the syntax")
        return None
    except yaml.YAMLError as e:
        problems.append(f"{_display(path)}:1:1: malformed YAML: {e} - fix the syntax")
        return None
    if data is None:
        problems.append(f"{_display(path)}:1:1: empty file - add `schema_version` and content")
        return None
    return _Source(path, text, data)


def _node_at(node: yaml.Node, loc: tuple[int | str, ...]) -> yaml.Node:
    """Follow a pydantic error location through the YAML node tree as far as it goes."""
    for key in loc:
        if isinstance(node, yaml.MappingNode):
            nxt = next((v for k, v in node.value if k.value == key), None)
            if nxt is None:
                # an extra key: point at the key itself
                nxt = next((k for k, _ in node.value if k.value == key), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            nxt = node.value[key]
        else:
            nxt = None
        if nxt is None:
            break
        node = nxt
    return node


def _question_id(data: Any, loc: tuple[int | str, ...]) -> str | None:
    if len(loc) >= 2 and loc[0] == "questions" and isinstance(loc[1], int):
        try:
            qid = data["questions"][loc[1]].get("id")
            return str(qid) if qid else f"question #{loc[1] + 1}"
        except (KeyError, IndexError, TypeError, AttributeError):
            return None
    return None


def _where(path: Path, node: yaml.Node) -> str:
    return f"{_display(path)}:{node.start_mark.line + 1}:{node.start_mark.column + 1}"


def _format_validation(src: _Source, err: ValidationError) -> list[str]:
    path, data, root = src.path, src.data, src.root
    lines = []
    for e in err.errors():
        loc = tuple(e["loc"])
        # Discriminated unions insert the tag (`choice`) into loc; drop it for readability.
        clean = tuple(p for i, p in enumerate(loc) if not (i == 2 and loc[0] == "questions"))
        node = _node_at(root, clean)
        qid = _question_id(data, clean)
        field_path = ".".join(map(str, clean[2:] if qid else clean))
        msg = e["msg"]
        hint = _HINTS.get(e["type"], "fix the value")
        if e["type"] == "missing" and clean and clean[-1] in ("zh", "en"):
            msg, hint = "missing translation", f"add the {'Chinese' if clean[-1] == 'zh' else 'English'} text"
        who = f" [{qid}]" if qid else ""
        lines.append(f"{_where(path, node)}:{who} {field_path or ('question' if qid else 'file')}: {msg} - {hint}")
    return lines


def load_registry(banks: Path, problems: list[str], cache: _ParseCache) -> TopicRegistry | None:
    path = banks / TOPICS_FILE
    if not path.exists():
        problems.append(f"{_display(path)}:1:1: topic registry missing - create questions/{TOPICS_FILE}")
        return None
    src = _read(path, problems, cache)
    if src is None:
        return None
    try:
        return TopicRegistry.model_validate(src.data)
    except ValidationError as e:
        problems.extend(_format_validation(src, e))
        return None


def _bank_files(banks: Path, only: list[Path] | None) -> list[Path]:
    if only:
        return sorted(only)
    return sorted(p for p in banks.glob("*.yaml") if p.name != TOPICS_FILE)


def load_catalog(
    files: list[Path] | None = None, banks: Path | None = None, exercises: Path | None = None,
    spot_bug: bool = True,
) -> tuple[Catalog | None, list[str]]:
    """Load every bank (or just `files`), returning the catalog and every problem found; with
    `spot_bug=False`, without the generated spot-the-bug cards."""
    cache = _ParseCache()
    cards = spotbug._CardCache() if spot_bug else None
    try:
        return _load_catalog(files, banks, exercises, cache, cards)
    finally:
        cache.save()
        if cards is not None:
            cards.save()


def _load_catalog(
    files: list[Path] | None, banks: Path | None, exercises: Path | None, cache: _ParseCache,
    cards: spotbug._CardCache | None,
) -> tuple[Catalog | None, list[str]]:
    """With `cards` None the spot-the-bug cards are left out."""
    banks = banks or paths.banks_dir()
    exercises = exercises or paths.exercises_dir()
    problems: list[str] = []
    registry = load_registry(banks, problems, cache)
    if registry is None:
        return None, problems
    topics = {t.id: t for t in registry.topics}
    catalog = Catalog(registry=registry)
    for path in files or []:
        if not path.exists():
            problems.append(f"{path}: no such file - check the path")
    for path in _bank_files(banks, [p for p in files or [] if p.exists()] or None):
        src = _read(path, problems, cache)
        if src is None:
            continue
        try:
            bank = _BANK.validate_python(src.data)
        except ValidationError as e:
            problems.extend(_format_validation(src, e))
            continue
        _check_bank(src, bank, topics, registry, exercises, catalog, problems, cards)
    return catalog, problems


def _check_bank(
    src: _Source,
    bank: Bank,
    topics: dict[str, Topic],
    registry: TopicRegistry,
    exercises: Path,
    catalog: Catalog,
    problems: list[str],
    cards: spotbug._CardCache | None = None,
) -> None:
    """Check one bank and add its questions to `catalog`, with each exercise's spot-the-bug cards
    where a card cache is given."""
    path = src.path
    if bank.topic not in topics:
        problems.append(
            f"{src.where(('topic',))}: topic {bank.topic!r} is not in {TOPICS_FILE}"
            f"{suggest(bank.topic, topics)} - register it or fix the name"
        )
    if path.stem != bank.topic:
        problems.append(f"{src.where(('topic',))}: bank for topic {bank.topic!r} must be named {bank.topic}.yaml")
    pairs = {frozenset(p) for p in topics[bank.topic].pairs} if bank.topic in topics else set()
    for i, q in enumerate(bank.questions):
        line = src.line_of(q.id, i)
        where = f"{_display(path)}:{line}:5: [{q.id}]"
        if q.topic is not None and q.topic != bank.topic:
            problems.append(f"{where} topic {q.topic!r} differs from the bank's {bank.topic!r} - move it")
        if q.contrast is not None and frozenset(q.contrast) not in pairs:
            problems.append(f"{where} contrast {list(q.contrast)} is not a pair of {bank.topic} - use a listed pair")
        if q.id in catalog.questions:
            other = catalog.questions[q.id]
            problems.append(f"{where} duplicate id, also at {_display(other.file)}:{other.line} - rename one")
            continue
        if isinstance(q, CodingQuestion):
            problems.extend(f"{where} {p}" for p in exercise_problems(q, exercises, registry))
        lq = LoadedQuestion(q=q, topic=bank.topic, file=path, line=line)
        catalog.questions[q.id] = lq
        catalog.by_topic.setdefault(bank.topic, []).append(lq)
        if cards is not None and isinstance(q, CodingQuestion):  # its spot-the-bug cards, generated
            for card in spotbug.cards(q, bank.topic, exercises, cards):
                if card.id not in catalog.questions:
                    gq = LoadedQuestion(q=card, topic=bank.topic, file=path, line=line)
                    catalog.questions[card.id] = gq
                    catalog.by_topic[bank.topic].append(gq)


MIN_MUTANTS = 2


def exercise_problems(q: CodingQuestion, exercises: Path, registry: TopicRegistry) -> list[str]:
    out = []
    if q.checker not in registry.checker_families:
        out.append(
            f"unknown checker {q.checker!r}{suggest(q.checker, registry.checker_families)}"
            f" - use one of {', '.join(sorted(registry.checker_families))}"
        )
    folder = exercises / q.exercise
    if not folder.is_dir():
        return [*out, f"exercise folder reference_impls/{q.exercise}/ is missing - create it"]
    for name in ("starter.py", "reference.py"):
        if not (folder / name).is_file():
            out.append(f"reference_impls/{q.exercise}/{name} is missing - add it")
    found = mutants.find(folder)  # diffs and .py files; whether the diffs apply is verify's job
    if len(found) < MIN_MUTANTS:
        out.append(
            f"reference_impls/{q.exercise}/mutants/ has {len(found)} mutant(s) - add at least {MIN_MUTANTS}"
        )
    return out


@functools.lru_cache(maxsize=64)
def _composed(path: Path, mtime: float) -> yaml.Node | None:
    return yaml.compose(path.read_text(encoding="utf-8"), Loader=_Loader)


def locate(lq: LoadedQuestion, loc: tuple[int | str, ...] = ()) -> str:
    """`file:line:col` of a field of a question (its `id:` line when the field cannot be found).
    Composes the file's node tree, so call it only for what is being reported."""
    try:
        root = _composed(lq.file, lq.file.stat().st_mtime)
        if root is None:
            raise AttributeError("empty file")
        items = _node_at(root, ("questions",))
        node = next(n for n in items.value if isinstance(n, yaml.MappingNode)
                    and any(k.value == "id" and v.value == lq.id for k, v in n.value))
    except (OSError, yaml.YAMLError, StopIteration, AttributeError):
        return f"{_display(lq.file)}:{lq.line}:5"
    return _where(lq.file, _node_at(node, loc))


def catalog_or_raise(files: list[Path] | None = None, spot_bug: bool = True) -> Catalog:
    catalog, problems = load_catalog(files, spot_bug=spot_bug)
    if problems or catalog is None:
        raise BankError(problems)
    return catalog


def catalog_for(qid: str) -> Catalog:
    """The catalog a command about one question needs: the spot-the-bug cards only when `qid`
    names one. They are diffed from every exercise's files, seconds of CPU whenever the card cache
    is cold (a fresh machine, a grading container, every submission on Gradescope)."""
    return catalog_or_raise(spot_bug=spotbug.is_card_id(qid))


def question(qid: str) -> LoadedQuestion:
    return catalog_for(qid).get(qid)
