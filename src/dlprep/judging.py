"""One typed answer against one question: the judging that the quiz, review and `dlprep answer`
share. Parses the text the way the quiz asks for it (choice letters in the order shown, t/f,
free text, printed lines) and returns a Judgement; never touches the store or the terminal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dlprep import answers, paths
from dlprep.errors import DlprepError
from dlprep.models import ChoiceQuestion, OutputQuestion, ShortQuestion, SpotBugQuestion, TrueFalseQuestion
from dlprep.outputs import OutputJudgement, judge_output

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class InvalidAnswer(DlprepError):
    """Input that cannot be judged (a letter out of range, 'x' for true/false): ask again."""


@dataclass(frozen=True)
class Judgement:
    correct: bool
    given: str  # what is recorded as the answer (choice: option ids; true_false: true/false)
    lines: OutputJudgement | None = None  # output questions: yours against expected, line by line
    by_running: bool = False  # a short code answer accepted or rejected by running the judge
    proof: str | None = None  # spot_bug: what the given input showed (wrong code against the reference)
    proved: bool = False  # spot_bug: the given input exposes the bug (the bonus)


JUDGED_TYPES = (ChoiceQuestion, TrueFalseQuestion, ShortQuestion, OutputQuestion, SpotBugQuestion)


def judge(q: Any, text: str, order: tuple[str, ...] | None = None, code_judge: Any = None) -> Judgement:
    """`order`: choice ids as shown (default: as written in the bank). `code_judge`: a
    dlprep.code_judge.CodeJudge for short questions that carry a `judge` snippet."""
    if isinstance(q, ChoiceQuestion):
        shown = order or tuple(c.id for c in q.choices)
        letters = answers.parse_letters(text)
        bad = [x for x in letters if LETTERS.index(x) >= len(shown)]
        if not letters or bad:
            raise InvalidAnswer(f"answer with letters a-{LETTERS[len(shown) - 1]}")
        ids = sorted(shown[LETTERS.index(x)] for x in letters)
        return Judgement(answers.judge_choice(q, ids), " ".join(ids))
    if isinstance(q, TrueFalseQuestion):
        value = answers.parse_bool(text)
        if value is None:
            raise InvalidAnswer("answer t (true) or f (false)")
        return Judgement(answers.judge_true_false(q, value), "true" if value else "false")
    if not text.strip():
        raise InvalidAnswer("type an answer, or s to skip")
    if isinstance(q, ShortQuestion):
        given = text.strip()
        if answers.judge_short(q, given):
            return Judgement(True, given)
        if q.judge:
            if code_judge is None:
                from dlprep.code_judge import CodeJudge

                code_judge = CodeJudge()
                try:
                    return Judgement(code_judge.judge(q.judge, given, q.id), given, by_running=True)
                finally:
                    code_judge.close()
            return Judgement(code_judge.judge(q.judge, given, q.id), given, by_running=True)
        return Judgement(False, given)
    if isinstance(q, OutputQuestion):
        result = judge_output(text, q.expected, exact=q.match == "exact")
        return Judgement(result.correct, text, result)
    if isinstance(q, SpotBugQuestion):
        return _judge_spot_bug(q, text, code_judge)
    raise InvalidAnswer(f"{q.id} is a {q.type} question: it is not answered with text")


def _judge_spot_bug(q: SpotBugQuestion, text: str, code_judge: Any) -> Judgement:
    """The lines decide; an input, run in the sandbox on this code and on the reference, earns the
    bonus when the two results differ (a card judged on lines alone ignores it)."""
    from dlprep import spotbug

    try:
        a = spotbug.parse(text)
    except spotbug.BadLines as e:
        raise InvalidAnswer(str(e)) from None
    right = spotbug.lines_right(q, a.lines)
    if a.expose is None or q.lines_only is not None:
        return Judgement(right, text.strip())
    own = code_judge is None
    if own:
        from dlprep.code_judge import CodeJudge

        code_judge = CodeJudge()
    try:
        proof = spotbug.ExposeRunner(code_judge, paths.exercises_dir()).prove(q, a.expose)
    finally:
        if own:
            code_judge.close()
    return Judgement(right, text.strip(), proof=proof.message, proved=proof.differs)
