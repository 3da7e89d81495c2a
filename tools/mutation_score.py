"""Mutation score of every exercise's checker: mutate the reference, grade each mutant.

    pip install -e '.[mutation]'
    python tools/mutation_score.py                    # every exercise, table on stdout
    python tools/mutation_score.py fx_cse gather_dim  # some of them
    python tools/mutation_score.py --survivors        # and list each survivor's changed line

The hand-written mutants and wrong answers prove that a checker catches the mistakes we thought
of; this proves it catches the ones nobody thought of. Cosmic Ray's operators (one library, not
ours to keep) change the reference one place at a time; each mutant is graded like a
submission, and one that does not pass is killed. We take one replacement per operator kind, as
mutmut does (+ becomes -, < becomes <=, a number n+1 or n-1, a loop that never runs, a removed
decorator, ...), not every pairing Cosmic Ray can make: the score measures the checker, and ten
variants of one `+` would weigh arithmetic over everything else.

A survivor is either a hole in the checker (add a case that kills it) or an equivalent mutant: a
change no program could observe through the exercise's stated contract (a `< n` made `<= n`
where index n never occurs, a default argument the checker never leaves out). Equivalents are
written down with the reason in the exercise's `mutation.yaml`:

    equivalent:
      - was: "for i in range(0, n, BLOCK):"
        now: "for i in range(0, n, BLOCK + 1):"   # the changed line, stripped
        why: ...

and the score is killed / (made - equivalent). Verdicts are journaled under .mutation/ by the
mutant's bytes and a hash of the checkers and the exercise's files: a re-run with nothing changed
grades nothing, and any change to a checker or a case regrades the exercise. Too slow for every
CI run: seconds to minutes per exercise on two cores.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "reference_impls"

# One replacement per operator kind (mutmut's choice), from Cosmic Ray's core operators.
_BINARY = {"Add": "Sub", "Sub": "Add", "Mul": "Div", "Div": "Mul", "FloorDiv": "Div", "Mod": "FloorDiv",
           "Pow": "Mul", "LShift": "RShift", "RShift": "LShift", "BitAnd": "BitOr", "BitOr": "BitAnd",
           "BitXor": "BitAnd"}
_COMPARE = {"Lt": "LtE", "LtE": "Lt", "Gt": "GtE", "GtE": "Gt", "Eq": "NotEq", "NotEq": "Eq", "Is": "IsNot",
            "IsNot": "Is"}
OPERATORS = (
    [f"core/ReplaceBinaryOperator_{a}_{b}" for a, b in _BINARY.items()]
    + [f"core/ReplaceComparisonOperator_{a}_{b}" for a, b in _COMPARE.items()]
    + ["core/ReplaceUnaryOperator_Delete_USub", "core/ReplaceUnaryOperator_Delete_Not", "core/AddNot",
       "core/ReplaceTrueWithFalse", "core/ReplaceFalseWithTrue", "core/ReplaceAndWithOr", "core/ReplaceOrWithAnd",
       "core/ReplaceBreakWithContinue", "core/ReplaceContinueWithBreak", "core/ExceptionReplacer",
       "core/NumberReplacer", "core/RemoveDecorator", "core/ZeroIterationForLoop"]
    # Ours (see _own_operators): Cosmic Ray has no statement or call deletion, the mistakes of code
    # made of calls (a state saved and never restored, a .clone() forgotten).
    + ["dlprep/RemoveCallStatement", "dlprep/RemoveMethodCall"])


@dataclass(frozen=True)
class Mutant:
    name: str  # operator-occurrence, e.g. ReplaceBinaryOperator_Add_Sub-3
    source: str
    was: str  # the first changed line of the reference, stripped
    now: str  # what it became

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()


def _changed_line(before: str, after: str) -> tuple[str, str]:
    a, b = before.splitlines(), after.splitlines()
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op != "equal":
            return " ".join(x.strip() for x in a[i1:i2]), " ".join(x.strip() for x in b[j1:j2])
    return "", ""


def all_operators() -> tuple[str, ...]:
    """Every core operator Cosmic Ray has (each binary operator into each other one, ...), but the
    variable ones, which rename or insert names at random."""
    from cosmic_ray.plugins import operator_names

    return (*(n for n in operator_names() if n.startswith("core/") and not n.startswith("core/Variable")),
            "dlprep/RemoveCallStatement", "dlprep/RemoveMethodCall")


def _own_operators() -> dict[str, type]:
    """Two deletions in Cosmic Ray's Operator interface (parso nodes), where code is mostly calls:

    - RemoveCallStatement: a statement that is a call (`torch.set_rng_state(s)`, `graphs.append(gm)`)
      or an assignment to an attribute or item (`info.dataset.rng = ...`) becomes `pass`;
    - RemoveMethodCall: a method call without arguments in a chain (`x.detach().clone()`) is dropped
      (`x.detach()`): the forgotten .clone(), .detach(), .contiguous(), .item().
    """
    from cosmic_ray.operators.operator import Example, Operator
    from parso.python import tree

    def statement(node: tree.BaseNode) -> bool:
        if node.parent is None or node.parent.type != "simple_stmt":
            return False
        if node.type == "atom_expr":
            return node.children[-1].type == "trailer" and node.children[-1].get_code(include_prefix=False)[0] == "("
        if node.type == "expr_stmt":
            target = node.children[0]
            return target.type == "atom_expr" and any(c.type == "operator" and c.value == "=" for c in node.children)
        return False

    class RemoveCallStatement(Operator):  # type: ignore[misc]
        def mutation_positions(self, node):  # type: ignore[no-untyped-def]
            if statement(node):
                yield (node.start_pos, node.end_pos)

        def mutate(self, node, index):  # type: ignore[no-untyped-def]
            return tree.Keyword("pass", node.start_pos, prefix=node.get_first_leaf().prefix)

        @classmethod
        def examples(cls):  # type: ignore[no-untyped-def]
            return (Example("s.append(1)\n", "pass\n"), Example("a.b = 1\n", "pass\n"))

    def bare_method_calls(node: tree.BaseNode) -> list[int]:
        """Indexes i of `.name` `()` trailer pairs in an atom_expr (not the base of the chain)."""
        if node.type != "atom_expr":
            return []
        c = node.children
        # the last call of a statement (`w.join()`): dropping it is RemoveCallStatement's mutant
        end = len(c) - 2 if statement(node) else len(c) - 1
        return [i for i in range(1, end)
                if c[i].type == "trailer" and c[i].get_code(include_prefix=False).startswith(".")
                and c[i + 1].type == "trailer" and c[i + 1].get_code(include_prefix=False) == "()"]

    class RemoveMethodCall(Operator):  # type: ignore[misc]
        def mutation_positions(self, node):  # type: ignore[no-untyped-def]
            for i in bare_method_calls(node):
                yield (node.children[i].start_pos, node.children[i + 1].end_pos)

        def mutate(self, node, index):  # type: ignore[no-untyped-def]
            i = bare_method_calls(node)[index]
            kept = node.children[:i] + node.children[i + 2:]
            return kept[0] if len(kept) == 1 else tree.PythonNode("atom_expr", kept)

        @classmethod
        def examples(cls):  # type: ignore[no-untyped-def]
            return (Example("y = x.detach().clone()\n", "y = x.clone()\n"),)

    return {"dlprep/RemoveCallStatement": RemoveCallStatement, "dlprep/RemoveMethodCall": RemoveMethodCall}


def mutants_of(source: str, operators: tuple[str, ...] | list[str] = tuple(OPERATORS)) -> list[Mutant]:
    """Every mutant the operators make of `source`, each differing from it (some mutations only
    re-spell the code, e.g. a number written the same way: those are dropped)."""
    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator

    own = _own_operators()
    out, seen = [], {source}
    for name in operators:
        op = own[name]() if name in own else get_operator(name)()
        occurrence = 0
        while (code := mutate_code(source, op, occurrence)) is not None:
            if code not in seen:
                seen.add(code)
                was, now = _changed_line(source, code)
                out.append(Mutant(f"{name.split('/', 1)[1]}-{occurrence}", code, was, now))
            occurrence += 1
    return out


def equivalents(exercise: Path) -> list[dict[str, str]]:
    f = exercise / "mutation.yaml"
    if not f.exists():
        return []
    data = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
    return list(data.get("equivalent") or [])


def is_equivalent(m: Mutant, known: list[dict[str, str]]) -> bool:
    return any(e.get("was", "").strip() == m.was and e.get("now", "").strip() == m.now for e in known)


def checker_fingerprint(exercise: Path) -> str:
    """A hash of what judges the mutants (the checkers and the exercise's own files): a verdict is
    reused only while none of it has changed, so a new case regrades every mutant."""
    h = hashlib.sha256()
    files = [*sorted((ROOT / "checkers").rglob("*.py")),
             *sorted(f for f in exercise.rglob("*") if f.is_file() and f.name not in ("mutation.yaml", "coach.yaml"))]
    for f in files:
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def question_for(exercise: str):  # noqa: ANN201 - CodingQuestion, imported late
    from dlprep import bank
    from dlprep.models import CodingQuestion

    for lq in bank.catalog_or_raise().questions.values():
        if isinstance(lq.q, CodingQuestion) and lq.q.exercise == exercise:
            return lq.q
    return None


@dataclass
class Score:
    exercise: str
    made: int = 0
    killed: int = 0
    equivalent: int = 0
    survivors: tuple[Mutant, ...] = ()
    note: str = ""

    @property
    def score(self) -> float | None:
        live = self.made - self.equivalent
        return self.killed / live if live else None


def score_exercise(name: str, jobs: int, seed: int, journal_dir: Path,
                   operators: tuple[str, ...] | list[str] = tuple(OPERATORS)) -> Score:
    from dlprep import batch, executors

    ex = EXERCISES / name
    q = question_for(name)
    if q is None:
        return Score(name, note="no question uses it")
    muts = mutants_of((ex / "reference.py").read_text(encoding="utf-8"), operators)
    if not muts:
        return Score(name, note="no operator applies: no arithmetic, comparison, number, condition or loop "
                                "to change; its hand-written mutants stand alone")
    subs = [batch.Submission(m.name, ex / "reference.py", m.digest, m.source) for m in muts]
    journal_dir.mkdir(parents=True, exist_ok=True)
    journal = batch.Journal(journal_dir / f"{name}-{checker_fingerprint(ex)[:12]}.jsonl")
    ex_runner = executors.make_executor("local", jobs, executors.GraderSpec("cpu", "best", None))
    report = batch.grade_batch(q, subs, ex_runner, journal, seed)
    passed = {r.submitter for r in report.rows if r.verdict.status == "pass"}
    known = equivalents(ex)
    survivors = [m for m in muts if m.name in passed]
    equivalent = [m for m in survivors if is_equivalent(m, known)]
    live = tuple(m for m in survivors if m not in equivalent)
    return Score(name, len(muts), len(muts) - len(survivors), len(equivalent), live)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("exercises", nargs="*", help="exercise folders under reference_impls/ (default: all)")
    p.add_argument("--jobs", "-j", type=int, default=2)
    p.add_argument("--seed", type=int, default=1, help="the hidden cases' seed (fixed: a re-run is comparable)")
    p.add_argument("--journal", type=Path, default=ROOT / ".mutation", help="where verdicts are journaled")
    p.add_argument("--survivors", action="store_true", help="list each survivor's changed line")
    p.add_argument("--target", type=float, default=0.9, help="exit 1 when an exercise scores below this")
    p.add_argument("--all-operators", action="store_true",
                   help="every pairing Cosmic Ray makes (each binary operator into each other one, ...), not "
                        "one replacement per kind: about 3.5 times the mutants")
    args = p.parse_args(argv)
    names = args.exercises or sorted(d.name for d in EXERCISES.iterdir() if (d / "reference.py").exists())
    print("| exercise | mutants | killed | equivalent | survived | score |")
    print("|---|---:|---:|---:|---:|---:|")
    below, total = [], Score("all")
    for name in names:
        s = score_exercise(name, args.jobs, args.seed, args.journal,
                           all_operators() if args.all_operators else OPERATORS)
        for f in ("made", "killed", "equivalent"):
            setattr(total, f, getattr(total, f) + getattr(s, f))
        total.survivors += s.survivors
        pct = "n/a" if s.score is None else f"{s.score:.0%}"
        print(f"| {name} | {s.made} | {s.killed} | {s.equivalent} | {len(s.survivors)} | {pct}"
              f"{' (' + s.note + ')' if s.note else ''} |", flush=True)
        if s.score is not None and s.score < args.target:
            below.append(name)
        if args.survivors:
            for m in s.survivors:
                print(f"    survivor {m.name}: `{m.was}` -> `{m.now}`", flush=True)
    pct = "n/a" if total.score is None else f"{total.score:.0%}"
    print(f"| all | {total.made} | {total.killed} | {total.equivalent} | {len(total.survivors)} | {pct} |")
    if below:
        print(f"below {args.target:.0%}: {', '.join(below)}", file=sys.stderr)
    return 1 if below else 0


if __name__ == "__main__":
    raise SystemExit(main())
