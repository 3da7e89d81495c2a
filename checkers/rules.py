"""Optional per-exercise AST rules: names the solution must not use (`forbid` in the config).

A rule is a dotted name (`torch.matmul`), a method (`.contiguous`) or an operator (`@`). They are
checked on the source in the grader before anything runs, except inside a top-level
`if __name__ == "__main__":` block (the user's own self-test, never run by the grader); the numerics
are checked regardless, so a rule is a teaching aid against shortcuts, not the only line of defence.
"""

from __future__ import annotations

import ast
import threading

# The usual import aliases a rule may be written with (`F.batch_norm`); the run-time side resolves them.
ALIASES = {"F": "torch.nn.functional", "nn": "torch.nn"}


def _dotted(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def _is_main_guard(node: ast.stmt) -> bool:
    """`if __name__ == "__main__":` (either operand order)."""
    if not (isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and len(node.test.ops) == 1
            and isinstance(node.test.ops[0], ast.Eq)):
        return False
    sides = [node.test.left, *node.test.comparators]
    return (any(isinstance(x, ast.Name) and x.id == "__name__" for x in sides)
            and any(isinstance(x, ast.Constant) and x.value == "__main__" for x in sides))


def _solution_nodes(tree: ast.Module) -> list[ast.AST]:
    """Every node of the file but a top-level `if __name__ == "__main__":` block (the user's own
    self-test, which the grader never runs: rules apply to the solution, not to it). Its `else:`
    branch runs on import, so it stays."""
    out: list[ast.AST] = [tree]
    for stmt in tree.body:
        if _is_main_guard(stmt):
            assert isinstance(stmt, ast.If)
            for s in stmt.orelse:
                out.extend(ast.walk(s))
        else:
            out.extend(ast.walk(stmt))
    return out


# CPython 3.11 keeps the AST constructor's recursion depth in interpreter-wide state: two threads in
# ast.parse at once (a batch grades with one Grader per thread) can fail one of them with
# "SystemError: AST constructor recursion depth mismatch" (python/cpython#106905), and a grading
# then ends in error for no fault of the submission. Parsing is fast; one at a time costs nothing.
_PARSE = threading.Lock()


def violations(source: str, forbid: list[str]) -> list[tuple[int, str]]:
    """(line, rule) for every use of a forbidden name; a syntax error is reported elsewhere."""
    try:
        with _PARSE:
            tree = ast.parse(source)
    except SyntaxError:
        return []
    dotted = {r for r in forbid if not r.startswith(".") and r != "@"}
    methods = {r[1:] for r in forbid if r.startswith(".")}
    leaf = {r.rsplit(".", 1)[-1]: r for r in dotted}
    found: list[tuple[int, str]] = []
    for node in _solution_nodes(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.MatMult) and "@" in forbid:
            found.append((line, "@"))
        elif isinstance(node, ast.Attribute):
            name = _dotted(node)
            if name in dotted:
                found.append((line, name))
            elif node.attr in methods:
                found.append((line, f".{node.attr}"))
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in dotted:
                    found.append((line, full))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
            # getattr(torch, "matmul") is the same call spelled differently
            if len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and node.args[1].value in leaf:
                found.append((line, leaf[str(node.args[1].value)]))
    return sorted(set(found))
