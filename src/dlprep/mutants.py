"""Mutants and the answer corpus of an exercise, stored as small diffs.

`reference_impls/<ex>/mutants/<name>.diff` is a unified diff of `reference.py`, headed by `# `
lines that say which mistake it models; the runnable file is that header followed by the patched
reference, made in memory. The English description may be followed by `# zh: ` lines, the same
description in Chinese (the cards show it to a zh user). A mutant that is a different program
rather than an edited copy (one that calls a library pass instead of the reference's code) may
stay `<name>.py`.

The corpus of candidate answers (`wrong/`, `right/`, and their `pending/` folders) is stored the
same way, except that a diff's `--- BASE` line may name another `.py` file of the exercise (a
sibling answer that it edits) instead of `reference.py`; a base is always a `.py`, never a diff.

Applying is strict: a hunk's context and removed lines must stand in the reference exactly (at
the stated line, or moved as a whole when lines were added or removed elsewhere), otherwise the
diff is an error naming its file. A fix to the reference outside a mutant's hunks therefore
reaches the mutant by itself; a fix inside them makes the diff fail until it is regenerated.

    python -m dlprep.mutants --from-py [EXERCISE...]   # near-copy .py mutants -> .diff
    python -m dlprep.mutants --to-py [EXERCISE...]     # .diff -> .py, to edit alongside the reference
    python -m dlprep.mutants --refresh [EXERCISE...]   # re-derive every diff against today's reference
    python -m dlprep.mutants --check                   # every diff applies; no .py is a near-copy
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from dlprep import cjk
from dlprep.errors import DlprepError

REFERENCE = "reference.py"
CORPUS = ("wrong", "right", "wrong/pending", "right/pending")  # candidate answers, each graded like a mutant
NEAR_COPY_LINES = 3  # fewer shared lines than this (imports, a def line) do not make a copy
# A block of this many lines copied whole from the base is a copy too, however much else changed:
# the diff shows what the answer does differently, and a fix to the base reaches it.
COPIED_RUN = 6
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


class DiffError(DlprepError):
    """A mutant diff that is malformed or no longer applies to its reference."""


@dataclass(frozen=True)
class Hunk:
    old_start: int  # 1-based, as written in the header
    old: tuple[str, ...]  # context and removed lines, in order
    new: tuple[str, ...]  # context and added lines, in order


@dataclass(frozen=True)
class Mutant:
    path: Path

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def description(self) -> str:
        """The English description: the header lines other than the `# zh: ` ones."""
        return describe(self.path.read_text(encoding="utf-8"))[0]

    @property
    def description_zh(self) -> str:
        """The Chinese description, from the `# zh: ` header lines ("" when there is none)."""
        return describe(self.path.read_text(encoding="utf-8"))[1]

    @property
    def exercise(self) -> Path:
        """The exercise folder: the nearest parent that holds the reference."""
        return next(p for p in self.path.parents if (p / REFERENCE).is_file())

    def source(self) -> str:
        """The runnable file; raises DiffError naming the diff when it does not apply."""
        text = self.path.read_text(encoding="utf-8")
        if self.path.suffix == ".py":
            return text
        try:
            base = self.exercise / base_of(text)
            if base.suffix != ".py" or not base.is_file() or self.exercise.resolve() not in base.resolve().parents:
                raise DiffError(f"its base {base_of(text)!r} is not a .py file of the exercise")
            return render(text, base.read_text(encoding="utf-8"))
        except DiffError as e:
            raise DiffError(f"{_shown(self.path)}: {e}") from None


def find(folder: Path, kind: str = "mutants") -> list[Mutant]:
    """The files of one kind (`mutants`, or a CORPUS folder) of the exercise in `folder`, .py and .diff, by name."""
    d = folder / kind
    if not d.is_dir():
        return []
    return [Mutant(p) for p in sorted([*d.glob("*.py"), *d.glob("*.diff")], key=lambda p: p.name)]


def source_of(folder: Path, name: str) -> str:
    """The runnable text of one mutant of the exercise in `folder`, by name with or without suffix."""
    stem = Path(name).stem
    hits = [m for m in find(folder) if m.path.stem == stem]
    if len(hits) != 1:
        raise DiffError(f"{_shown(folder)}: {len(hits)} mutant(s) named {stem}")
    return hits[0].source()


def _shown(path: Path) -> str:
    parts = path.parts
    return "/".join(parts[parts.index("reference_impls"):]) if "reference_impls" in parts else str(path)


def header_lines(text: str) -> list[str]:
    """The description lines at the top of a mutant or answer file, `#` and spaces stripped."""
    out = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        out.append(line.lstrip("#").strip())
    return out


ZH = "zh:"  # a header line `# zh: ...` is the Chinese description, beside the English lines
_WIDE_END, _WIDE_START = re.compile(f"{cjk.WIDE}$"), re.compile(f"^{cjk.WIDE}")
_PUNCT_END, _PUNCT_START = re.compile(f"{cjk.FW_PUNCT}$"), re.compile(f"^{cjk.FW_PUNCT}")


def describe(text: str) -> tuple[str, str]:
    """(English, Chinese) description of a mutant or answer file from its header lines. Chinese
    lines join as YAML folds do in the banks (dlprep.cjk): no space between two wide characters
    or beside full-width punctuation, a space elsewhere."""
    en: list[str] = []
    zh = ""
    for line in header_lines(text):
        if line.startswith(ZH):
            part = line[len(ZH):].strip()
            close = bool((_WIDE_END.search(zh) and _WIDE_START.search(part))
                         or _PUNCT_END.search(zh) or _PUNCT_START.search(part))
            zh = part if not zh else zh + ("" if close else " ") + part
        else:
            en.append(line)
    return " ".join(en).strip(), zh


# ---------------------------------------------------------------- parse and apply

def parse(text: str) -> tuple[list[str], list[Hunk]]:
    """(description lines, hunks) of a mutant diff; DiffError on anything malformed."""
    lines = text.splitlines()
    description = header_lines(text)
    i = len(description)
    if not description or not any(description):
        raise DiffError("no description: start the diff with a `# ` line saying which mistake it models")
    if i + 1 >= len(lines) or not lines[i].startswith("--- ") or not lines[i + 1].startswith("+++ "):
        raise DiffError(f"line {i + 1}: expected the `--- reference.py` / `+++ ...` header after the description")
    i += 2
    hunks = []
    while i < len(lines):
        m = _HUNK.match(lines[i])
        if not m:
            raise DiffError(f"line {i + 1}: expected a hunk header `@@ -a,b +c,d @@`, got {lines[i]!r}")
        old_n = int(m.group(2) if m.group(2) is not None else 1)
        new_n = int(m.group(4) if m.group(4) is not None else 1)
        start, i = i + 1, i + 1
        old: list[str] = []
        new: list[str] = []
        while len(old) < old_n or len(new) < new_n:
            if i >= len(lines):
                raise DiffError(f"hunk at line {start}: ends early "
                                f"({len(old)}/{old_n} old, {len(new)}/{new_n} new lines)")
            line = lines[i]
            tag, body = (line[:1], line[1:]) if line else (" ", "")  # an editor may strip a blank context's space
            if tag == " ":
                old.append(body)
                new.append(body)
            elif tag == "-":
                old.append(body)
            elif tag == "+":
                new.append(body)
            elif line.startswith("\\"):  # "\ No newline at end of file"
                pass
            else:
                raise DiffError(f"line {i + 1}: a hunk line starts with {tag!r}, not ' ', '-' or '+'")
            i += 1
        if len(old) != old_n or len(new) != new_n:
            raise DiffError(f"hunk at line {start}: its header counts do not match its lines")
        while i < len(lines) and lines[i].startswith("\\"):
            i += 1
        hunks.append(Hunk(int(m.group(1)), tuple(old), tuple(new)))
    if not hunks:
        raise DiffError("no hunks: a mutant must change something")
    return description, hunks


def apply(reference: str, hunks: list[Hunk]) -> str:
    """The reference with every hunk applied, in order; DiffError when a hunk does not match."""
    ref = reference.splitlines()
    out: list[str] = []
    cursor = 0  # first reference line not yet copied
    shift = 0  # how far earlier hunks moved the reference (found position - stated position)
    for n, h in enumerate(hunks, 1):
        stated = h.old_start - 1 if h.old else h.old_start
        at = _locate(ref, h.old, stated + shift, cursor)
        if at is None:
            first = next(iter(h.old), "")
            raise DiffError(f"hunk {n} (reference line {h.old_start}) does not match {REFERENCE}: its lines "
                            f"starting {first.strip()!r} are not there any more; regenerate the diff")
        shift = at - stated
        out.extend(ref[cursor:at])
        out.extend(h.new)
        cursor = at + len(h.old)
    out.extend(ref[cursor:])
    return "\n".join(out) + "\n"


def _locate(ref: list[str], old: tuple[str, ...], want: int, lo: int) -> int | None:
    """Where `old` stands in `ref` at or after `lo`, nearest to `want` (the earlier one on a tie)."""
    k = len(old)
    spots = [p for p in range(lo, len(ref) - k + 1) if tuple(ref[p:p + k]) == old]
    return min(spots, key=lambda p: (abs(p - want), p)) if spots else None


def base_of(diff_text: str) -> str:
    """The file a diff edits, from its `--- BASE` line (relative to the exercise folder)."""
    for line in diff_text.splitlines():
        if line.startswith("--- "):
            return line[4:].strip()
        if not line.startswith("#"):
            break
    raise DiffError("no `--- BASE` line after the description")


def render(diff_text: str, reference: str) -> str:
    """The runnable mutant: its description lines, then the patched reference."""
    description, hunks = parse(diff_text)
    return "".join(f"# {d}\n" if d else "#\n" for d in description) + apply(reference, hunks)


def make(reference: str, mutant_py: str, name: str, base: str = REFERENCE, kind: str = "mutants") -> str:
    """The diff text of a .py file against `base` (its leading `# ` lines become the description)."""
    lines = mutant_py.splitlines()
    n = len(header_lines(mutant_py))
    head, body = lines[:n], lines[n:]
    diff = list(difflib.unified_diff(reference.splitlines(), body, base, f"{kind}/{name}", lineterm=""))
    if not diff:
        raise DiffError(f"{kind}/{name} is {base} itself")
    return "\n".join([*head, *diff]) + "\n"


def near_copy(reference: str, mutant_py: str) -> bool:
    """A .py mutant that is the reference with edits: at least half of its code lines (and at least
    NEAR_COPY_LINES) stand in the reference, in order, or it copies a whole block of COPIED_RUN
    lines or more. A rewrite that shares only its imports is not."""
    a = [ln for ln in reference.splitlines() if ln.strip()]
    b = [ln for ln in mutant_py.splitlines() if ln.strip() and not ln.startswith("#")]
    blocks = difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
    shared = sum(blk.size for blk in blocks)
    return (shared >= NEAR_COPY_LINES and 2 * shared >= len(b)) or max(blk.size for blk in blocks) >= COPIED_RUN


# ---------------------------------------------------------------- the converter

def _exercises(root: Path, names: list[str]) -> list[Path]:
    folders = [root / n for n in names] if names else sorted(p for p in root.iterdir() if (p / REFERENCE).is_file())
    missing = [f.name for f in folders if not (f / REFERENCE).is_file()]
    if missing:
        raise DiffError(f"no exercise {', '.join(missing)} under {root}")
    return folders


def _kinds(folder: Path) -> list[str]:
    return ["mutants", *(k for k in CORPUS if (folder / k).is_dir())]


def _store(m: Mutant, base_text: str, base: str, kind: str) -> str:
    """Replace the .py file `m` by its diff against `base`, checking the diff gives it back to the byte."""
    text = m.path.read_text(encoding="utf-8")
    diff = make(base_text, text, m.path.name, base, kind)
    if render(diff, base_text) != text:
        raise DiffError(f"{_shown(m.path)}: its diff does not give the same file back; left as .py")
    m.path.with_suffix(".diff").write_text(diff, encoding="utf-8")
    m.path.unlink()
    return f"{m.exercise.name}/{kind}/{m.path.stem}: .py -> .diff against {base}"


def _bases(folder: Path) -> set[str]:
    """The sibling .py files that some diff of the exercise edits: they stay .py (bases never chain)."""
    return {base_of(d.read_text(encoding="utf-8")) for d in folder.rglob("*.diff")}


def from_py(folder: Path) -> list[str]:
    """Near-copy .py files -> diffs. Mutants edit the reference; a corpus answer edits the
    reference or, when it is closer to one, a sibling answer that stays a .py (bases never chain)."""
    reference = (folder / REFERENCE).read_text(encoding="utf-8")
    done = []
    for m in find(folder):
        if m.path.suffix == ".py" and near_copy(reference, m.path.read_text(encoding="utf-8")):
            done.append(_store(m, reference, REFERENCE, "mutants"))
    bases: dict[str, str] = {REFERENCE: reference}
    in_use = _bases(folder)
    for kind in _kinds(folder)[1:]:
        for m in find(folder, kind):
            if m.path.suffix != ".py":
                continue
            if f"{kind}/{m.path.name}" in in_use:
                bases[f"{kind}/{m.path.name}"] = m.path.read_text(encoding="utf-8")
                continue
            text = m.path.read_text(encoding="utf-8")
            # the closest of the bases it is a near-copy of (the closest base overall may be none:
            # near_copy also counts one long copied run, which --check flags too)
            near = [b for b in bases if near_copy(bases[b], text)]
            if near:
                best = max(near, key=lambda b: _shared(bases[b], text))
                done.append(_store(m, bases[best], best, kind))
            else:
                bases[f"{kind}/{m.path.name}"] = text
    return done


def _shared(a_text: str, b_text: str) -> int:
    a = [ln for ln in a_text.splitlines() if ln.strip()]
    b = [ln for ln in b_text.splitlines() if ln.strip() and not ln.startswith("#")]
    return sum(blk.size for blk in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks())


def to_py(folder: Path) -> list[str]:
    done = []
    for kind in _kinds(folder):
        for m in find(folder, kind):
            if m.path.suffix == ".diff":
                m.path.with_suffix(".py").write_text(m.source(), encoding="utf-8")
                m.path.unlink()
                done.append(f"{folder.name}/{kind}/{m.path.stem}: .diff -> .py")
    return done


def refresh(folder: Path) -> list[str]:
    done = []
    for kind in _kinds(folder):
        for m in find(folder, kind):
            if m.path.suffix == ".diff":
                base = base_of(m.path.read_text(encoding="utf-8"))
                base_text = (folder / base).read_text(encoding="utf-8")
                new = make(base_text, m.source(), m.path.with_suffix(".py").name, base, kind)
                if new != m.path.read_text(encoding="utf-8"):
                    m.path.write_text(new, encoding="utf-8")
                    done.append(f"{folder.name}/{kind}/{m.path.stem}: refreshed")
    return done


def problems(folder: Path) -> list[str]:
    """Diffs that do not apply, and .py files that are near-copies of the reference (or, in the
    corpus, of an answer stored before them): those belong in a diff."""
    ref_file = folder / REFERENCE
    if not ref_file.is_file():
        return []
    reference = ref_file.read_text(encoding="utf-8")
    out = []
    bases = [reference]
    in_use = _bases(folder)
    for kind in _kinds(folder):
        for m in find(folder, kind):
            try:
                text = m.source()
            except DiffError as e:
                out.append(str(e))
                continue
            if m.path.suffix != ".py":
                continue
            if f"{kind}/{m.path.name}" in in_use:
                bases.append(text)
                continue
            if any(near_copy(b, text) for b in (bases if kind != "mutants" else [reference])):
                out.append(f"{_shown(m.path)} is a near-copy of another file of the exercise: store it as a "
                           "diff (python -m dlprep.mutants --from-py)")
            elif kind != "mutants":
                bases.append(text)
    return out


def main(argv: list[str] | None = None) -> int:
    from dlprep import paths

    ap = argparse.ArgumentParser(prog="python -m dlprep.mutants", description=__doc__.split("\n\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--from-py", action="store_true", help="store near-copy .py mutants and answers as diffs")
    mode.add_argument("--to-py", action="store_true", help="expand diffs into .py files")
    mode.add_argument("--refresh", action="store_true", help="re-derive each diff against the current reference")
    mode.add_argument("--check", action="store_true", help="exit 1 if a diff does not apply or a .py is a near-copy")
    ap.add_argument("exercises", nargs="*", help="exercise folder names (default: all)")
    args = ap.parse_args(argv)
    try:
        folders = _exercises(paths.exercises_dir(), args.exercises)
        if args.check:
            found = [p for f in folders for p in problems(f)]
            n = sum(len(find(f, k)) for f in folders for k in _kinds(f))
            print("\n".join(found) if found else f"{n} mutant(s) and corpus answer(s) ok")
            return 1 if found else 0
        step = from_py if args.from_py else to_py if args.to_py else refresh
        done = [line for f in folders for line in step(f)]
    except DiffError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print("\n".join(done) if done else "nothing to do")
    return 0


if __name__ == "__main__":
    sys.exit(main())
