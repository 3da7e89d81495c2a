"""Where two versions of a file differ in behaviour, not in spelling.

A line diff counts every renamed variable, dropped annotation or import, and reflowed call as a
change; a spot-the-bug card keyed on it lets a learner score by naming a harmless line. Here each
file becomes a sequence of statement units (a simple statement whole; a compound statement's
header without its body), each reduced to an AST dump that cannot see names chosen by the author,
annotations, imports, docstrings, comments or layout, but does see nesting (a statement moved out
of a loop is a change). The units that do not match are where behaviour can go wrong.

Renames: a name *bound* in the wrong file (def, class, argument, assignment target, `self.x = `)
that sits, in units that otherwise match, where the reference binds a different name, and that
the reference never uses itself, is mapped back to the reference's name. A name both files use
is never mapped: using `y` where the reference uses `x` is a real bug, not a rename.
"""

from __future__ import annotations

import ast
import copy
import difflib
import functools
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

# Fields that hold a compound statement's nested statements: the header's unit leaves them out.
_BODIES = ("body", "orelse", "finalbody", "handlers")


@dataclass(frozen=True)
class Unit:
    first: int  # 1-based lines of the unit in its file
    last: int
    key: str  # the normalised AST dump, prefixed by where it sits (depth and field)
    names: tuple[str, ...]  # the identifiers in it, in order (for pairing renames)


class _Strip(ast.NodeTransformer):
    """Annotations out (they never run under `from __future__ import annotations`, and a
    removed hint is not a bug)."""

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.annotation = None
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.returns = None
        return self.generic_visit(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        node.returns = None
        return self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is None:  # a bare declaration: keep its presence (a dataclass field), not its type
            node.annotation = ast.Constant(None)
            return node
        return ast.Assign(targets=[node.target], value=self.visit(node.value), lineno=node.lineno,
                          col_offset=node.col_offset, end_lineno=node.end_lineno, end_col_offset=node.end_col_offset)


def _is_cosmetic(stmt: ast.stmt) -> bool:
    """Statements that cannot change what the code computes: imports (a missing one fails where
    it is used, which is its own unit) and bare strings (docstrings)."""
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return True
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _identifiers(node: ast.AST) -> list[str]:
    out: list[str] = []
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out.append(n.id)
        elif isinstance(n, ast.arg):
            out.append(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append(n.name)
        elif isinstance(n, ast.Attribute):
            out.append(n.attr)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.append(n.name)
        elif isinstance(n, ast.keyword) and n.arg:
            out.append(n.arg)
    return out


def _bound(tree: ast.AST) -> set[str]:
    """Names the file itself chooses: only these may be renamed."""
    out: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            out.add(n.id)
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
            out.add(n.attr)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
    return out


class _Rename(ast.NodeTransformer):
    def __init__(self, mapping: dict[str, str]):
        self.m = mapping

    def visit_Name(self, node: ast.Name) -> ast.Name:
        node.id = self.m.get(node.id, node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.arg = self.m.get(node.arg, node.arg)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        node.attr = self.m.get(node.attr, node.attr)
        return self.generic_visit(node)

    def visit_keyword(self, node: ast.keyword) -> ast.AST:
        if node.arg:
            node.arg = self.m.get(node.arg, node.arg)
        return self.generic_visit(node)

    def _named(self, node: ast.AST) -> ast.AST:
        node.name = self.m.get(node.name, node.name)  # type: ignore[attr-defined]
        return self.generic_visit(node)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _named

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.AST:
        if node.name:
            node.name = self.m.get(node.name, node.name)
        return self.generic_visit(node)


class _Blank(ast.NodeTransformer):
    """Every identifier the same: the shape a rename cannot change (for pairing names)."""

    def visit_Name(self, node: ast.Name) -> ast.Name:
        return ast.Name(id="_", ctx=node.ctx)

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.arg = "_"
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        node.attr = "_"
        return self.generic_visit(node)

    def visit_keyword(self, node: ast.keyword) -> ast.AST:
        node.arg = "_" if node.arg else None
        return self.generic_visit(node)

    def _named(self, node: ast.AST) -> ast.AST:
        node.name = "_"  # type: ignore[attr-defined]
        return self.generic_visit(node)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _named


def _header(stmt: ast.AST) -> ast.AST:
    h = copy.copy(stmt)
    if hasattr(h, "decorator_list"):
        h.decorator_list = []
    for f in _BODIES:
        if hasattr(h, f):
            setattr(h, f, [])
    return h


def _units(tree: ast.Module) -> list[tuple[ast.AST, int, int, str]]:
    """(node without nested statements, first line, last line, place) for every statement."""
    out: list[tuple[ast.AST, int, int, str]] = []

    def walk(stmts: list[ast.stmt], place: str) -> None:
        for s in stmts:
            if _is_cosmetic(s):
                continue
            nested = [f for f in _BODIES if getattr(s, f, None)]
            for d in getattr(s, "decorator_list", []):  # each decorator a unit: a changed config is its line
                out.append((d, d.lineno, d.end_lineno or d.lineno, f"{place}@"))
            first = s.lineno
            if not nested or isinstance(s, ast.Match):
                out.append((_header(s) if nested else s, first, s.end_lineno or s.lineno, place))
                continue
            h = _header(s)
            # the header ends where its own parts do (not at the body: comments may sit between)
            last = max([s.lineno, *(getattr(n, "end_lineno", None) or 0 for n in ast.walk(h) if n is not h)])
            out.append((h, first, last, place))
            for f in nested:
                inner = f"{place}/{type(s).__name__}.{f}"
                if f == "handlers":
                    for h in s.handlers:  # type: ignore[attr-defined]
                        out.append((_header(h), h.lineno, h.lineno, inner))
                        walk(h.body, f"{inner}.body")
                else:
                    walk(getattr(s, f), inner)

    walk(tree.body, "")
    return out


def _clone(x: Any) -> Any:
    """A deep copy of an AST, several times faster than copy.deepcopy (which dominated building
    the spot-the-bug cards): the only mutable parts are nodes and lists; the rest are constants."""
    if isinstance(x, ast.AST):
        new = x.__class__.__new__(x.__class__)
        new.__dict__.update({k: _clone(v) for k, v in x.__dict__.items()})
        return new
    if isinstance(x, list):
        return [_clone(v) for v in x]
    return x


def _dump(node: ast.AST) -> str:
    return ast.dump(node, annotate_fields=False, include_attributes=False)


_Part = tuple[ast.AST, int, int, str]  # a statement (or a compound one's header), its lines, its block


@dataclass(frozen=True)
class _Prepared:
    """One file's units and what comparing them needs, computed once per source: a reference is
    compared with every mutant and wrong answer of its exercise, each twice (changes, regions).
    Shared between callers, so never mutated: a rename works on a copy."""

    tree: ast.Module
    units: list[_Part]
    dumps: list[str]  # each unit as compared: "block|dump"
    shapes: list[str]  # each unit with every identifier blanked (for pairing renamed names)
    identifiers: list[list[str]]
    bound: frozenset[str]


@functools.lru_cache(maxsize=256)
def _prepared(source: str) -> _Prepared:
    tree = _Strip().visit(ast.parse(source))
    units = _units(tree)
    return _Prepared(tree, units, [f"{u[3]}|{_dump(u[0])}" for u in units],
                     [f"{u[3]}|{_dump(_Blank().visit(_clone(u[0])))}" for u in units],
                     [_identifiers(u[0]) for u in units], frozenset(_bound(tree)))


def _rename_map(ref: _Prepared, wrong: _Prepared) -> dict[str, str]:
    pairs: dict[str, Counter[str]] = defaultdict(Counter)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ref.shapes, wrong.shapes, autojunk=False).get_opcodes():
        if tag != "equal":
            continue
        for nr, nw in zip(ref.identifiers[i1:i2], wrong.identifiers[j1:j2], strict=True):
            if len(nr) == len(nw):
                for r, w in zip(nr, nw, strict=True):
                    pairs[w][r] += 1
    ref_names = {n for ids in ref.identifiers for n in ids}
    wrong_names = {n for ids in wrong.identifiers for n in ids}
    mapping: dict[str, str] = {}
    for w, seen in pairs.items():
        r, n = seen.most_common(1)[0]
        if r == w or w in ref_names or r in wrong_names or w not in wrong.bound or r not in ref.bound:
            continue
        if n * 2 > sum(seen.values()):  # the name sits mostly where the reference's does
            mapping[w] = r
    return mapping


@functools.lru_cache(maxsize=64)
def _compared(reference: str, wrong: str) -> tuple[list[_Part], list[_Part], _Rename, list[str], list[str]]:
    ref, w = _prepared(reference), _prepared(wrong)
    renamer = _Rename(_rename_map(ref, w))
    b = [f"{u[3]}|{_dump(renamer.visit(_clone(u[0])))}" for u in w.units] if renamer.m else w.dumps
    return ref.units, w.units, renamer, ref.dumps, b


def changes(reference: str, wrong: str) -> frozenset[str]:
    """What `wrong` changes, as normalised units removed (`-`) and added (`+`): a file whose
    changes include all of another file's has that file's bug too."""
    _, _, _, a, b = _compared(reference, wrong)
    out: set[str] = set()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            out |= {f"-{k}" for k in a[i1:i2]} | {f"+{k}" for k in b[j1:j2]}
    return frozenset(out)


def faulty_regions(reference: str, wrong: str) -> list[list[int]]:
    """Each region of `wrong` whose behaviour differs from `reference`, as 1-based line numbers.
    A statement the wrong file lacks is marked by the statements around the gap. SyntaxError
    when either file does not parse."""
    ref, wrong_units, renamer, a, b = _compared(reference, wrong)
    n_lines = len(wrong.splitlines())
    out: list[list[int]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:  # unit for unit: only the lines of the parts that differ
            lines = sorted({n for ur, uw in zip(ref[i1:i2], wrong_units[j1:j2], strict=True)
                            for n in _changed_lines(ur, uw, renamer)})
        elif j2 > j1:
            lines = sorted({n for u in wrong_units[j1:j2] for n in range(u[1], u[2] + 1)})
        else:  # only deleted: the last line before the gap and the first after it
            lines = [n for n in ((wrong_units[j1 - 1][2] if j1 > 0 else None),
                                 (wrong_units[j1][1] if j1 < len(wrong_units) else None)) if n]
        lines = [n for n in lines if 1 <= n <= n_lines and wrong.splitlines()[n - 1].strip()]
        if lines and out and lines[0] <= out[-1][-1] + 1:  # touching or sharing a line: one region
            out[-1] = sorted(set(out[-1]) | set(lines))
        elif lines:
            out.append(lines)
    return out


def _changed_lines(ref: tuple[ast.AST, int, int, str], wrong: tuple[ast.AST, int, int, str],
                   renamer: _Rename) -> set[int]:
    """The lines of a changed unit that hold its smallest differing parts: a one-argument change in a
    call spread over eight lines is that argument's line."""
    if ref[3] != wrong[3]:  # moved to another block: the whole statement is the change
        return set(range(wrong[1], wrong[2] + 1))
    w = renamer.visit(_clone(wrong[0]))
    spots = _differing(ref[0], w, (wrong[1], wrong[2]))
    return {n for lo, hi in spots for n in range(lo, hi + 1) if wrong[1] <= n <= wrong[2]}


def _span(node: ast.AST, outer: tuple[int, int]) -> tuple[int, int]:
    lo = getattr(node, "lineno", None)
    return (lo, getattr(node, "end_lineno", None) or lo) if lo else outer


def _differing(a: Any, b: Any, outer: tuple[int, int]) -> list[tuple[int, int]]:
    """Line spans of the deepest nodes of `b` where it and `a` differ (`outer`: the nearest span)."""
    if isinstance(a, ast.AST) and isinstance(b, ast.AST):
        if _dump(a) == _dump(b):
            return []
        here = _span(b, outer)
        if type(a) is not type(b):
            return [here]
        found: list[tuple[int, int]] = []
        for f in b._fields:
            fa, fb = getattr(a, f, None), getattr(b, f, None)
            if isinstance(fa, list) and isinstance(fb, list):
                if len(fa) != len(fb):
                    return [here]
                for x, y in zip(fa, fb, strict=True):
                    found += _differing(x, y, here)
            elif isinstance(fa, ast.AST) or isinstance(fb, ast.AST):
                if not (isinstance(fa, ast.AST) and isinstance(fb, ast.AST)):
                    return [here]
                found += _differing(fa, fb, here)
            elif fa != fb:
                return [here]  # a differing name, constant or operator of this node itself
        return found or [here]
    return [] if a == b else [outer]
