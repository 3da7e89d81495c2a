"""The bank schema: pydantic models for topics.yaml and one bank file per topic.

`questions/schema/*.json` is generated from these models (`python -m dlprep.schema`); a test
keeps the committed copy in sync so editors autocomplete exactly what the loader accepts.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from dlprep import kinds

SCHEMA_VERSION = 1
ID_PATTERN = r"^[a-z0-9][a-z0-9_.-]*[a-z0-9]$"

Difficulty = Literal["easy", "medium", "hard"]
Requirement = Literal["cuda", "multi_gpu", "triton", "multiprocess", "compile"]
QuestionType = Literal["choice", "true_false", "short", "output", "open", "coding", "spot_bug"]
QUESTION_TYPES = kinds.QUESTION_TYPES
assert QuestionType.__args__ == QUESTION_TYPES  # type: ignore[attr-defined]  # one list, two spellings


class Strict(BaseModel):
    # Unknown fields are errors: a typo in a bank must not silently drop data.
    model_config = ConfigDict(extra="forbid", frozen=True)


class Text(Strict):
    """The same text in both languages; neither may be empty."""

    zh: str = Field(min_length=1)
    en: str = Field(min_length=1)

    @field_validator("zh", "en")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be blank")
        return v

    def get(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


class QuestionBase(Strict):
    id: str = Field(pattern=ID_PATTERN, description="Stable id: progress is keyed by it; never reuse one.")
    topic: str | None = Field(default=None, description="Defaults to the bank's topic; must match it.")
    difficulty: Difficulty = "medium"
    tags: list[str] = []
    contrast: tuple[str, str] | None = Field(
        default=None, description="The topic pair (from topics.yaml) this question contrasts, if any."
    )
    prompt: Text
    explanation: Text = Field(description="Why the answer is right: teach, not just state.")
    misconception: Text | None = Field(
        default=None, description="A common wrong claim (often from the seeds) and why it is wrong."
    )
    refs: list[str] = Field(default=[], description="Official documentation links.")
    requires: list[Requirement] = []
    evidence: Literal["docs"] | None = Field(
        default=None,
        description="`docs`: the key is a claim no program can check (history, design intent, API policy); it then "
        "rests on the official `refs`. Behaviour is proved with a `probe` instead.",
    )

    @field_validator("refs")
    @classmethod
    def _urls(cls, v: list[str]) -> list[str]:
        for url in v:
            if not re.match(r"^https?://\S+$", url):
                raise ValueError(f"not a link: {url!r}")
        return v

    @model_validator(mode="after")
    def _docs_cite(self) -> QuestionBase:
        if self.evidence == "docs" and not self.refs:
            raise ValueError("`evidence: docs` needs at least one official link in `refs`")
        return self


class Choice(Strict):
    id: str = Field(pattern=r"^[a-z]$")
    zh: str = Field(min_length=1)
    en: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


class ChoiceQuestion(QuestionBase):
    type: Literal["choice"]
    choices: list[Choice] = Field(min_length=2)
    answer: list[str] = Field(min_length=1, description="Ids of every correct choice.")
    probe: str | None = Field(
        default=None,
        description="Trusted snippet that decides each option on the installed torch/triton; its last printed "
        "line is the ids of the options that hold, space-separated (e.g. `a c`). verify runs it.",
    )

    @model_validator(mode="after")
    def _answer_in_choices(self) -> ChoiceQuestion:
        ids = [c.id for c in self.choices]
        if len(set(ids)) != len(ids):
            raise ValueError("choice ids must be unique")
        missing = [a for a in self.answer if a not in ids]
        if missing:
            raise ValueError(f"answer {missing} is not among the choices {ids}")
        return self

    @property
    def multiple(self) -> bool:
        return len(self.answer) > 1


class TrueFalseQuestion(QuestionBase):
    type: Literal["true_false"]
    answer: bool
    probe: str | None = Field(
        default=None, description="Trusted snippet whose last printed line is True or False; verify runs it."
    )


class ShortMatch(Strict):
    """How a typed answer is compared with the accepted ones (after NFKC, case and space folding)."""

    kind: Literal["text", "regex", "number", "sequence"] = "text"
    tolerance: float = Field(default=0.0, ge=0, description="Absolute tolerance for numbers.")
    case_sensitive: bool = False


class ShortQuestion(QuestionBase):
    type: Literal["short"]
    answers: list[str] = Field(min_length=1, description="Accepted answers; the first is the canonical one.")
    match: ShortMatch = ShortMatch()
    probe: str | None = Field(
        default=None, description="Trusted snippet whose last printed line the short-answer judge must accept."
    )
    judge: str | None = Field(
        default=None,
        description="For answers that are code: a trusted snippet defining `check(answer: str) -> bool`, which "
        "runs the typed expression and tests how it behaves. A typed answer that no accepted form matches is "
        "passed to it in the sandbox, so every expression that behaves right is accepted; verify checks that it "
        "accepts every form in `answers`.",
    )

    @field_validator("answers", mode="before")
    @classmethod
    def _stringify(cls, v: object) -> object:
        # YAML turns `6` or `[4, 1]` into numbers and lists; answers are compared as text.
        if isinstance(v, list):
            return [x if isinstance(x, str) else _plain(x) for x in v]
        return v


def _plain(x: object) -> str:
    if isinstance(x, list | tuple):
        return "(" + ", ".join(_plain(i) for i in x) + ")"
    return str(x)


class Param(Strict):
    """One drawn value of a parametrised `output` question: an int range or a list of choices.
    A choice is pasted into the code as written (`torch.float16`, `(2, 3)`, `1.5`)."""

    ints: tuple[int, int] | None = Field(default=None, description="Inclusive range [lo, hi] of an int.")
    choices: list[str | int | float] | None = Field(default=None, min_length=1)
    default: str | int | float = Field(description="The value the stored `code` and `expected` are for.")

    @model_validator(mode="after")
    def _one_kind(self) -> Param:
        if (self.ints is None) == (self.choices is None):
            raise ValueError("give exactly one of `ints: [lo, hi]` or `choices: [...]`")
        if self.ints is not None:
            lo, hi = self.ints
            if lo > hi or not isinstance(self.default, int) or not lo <= self.default <= hi:
                raise ValueError(f"`default` must be an int in [{lo}, {hi}]")
        elif self.choices is not None and self.default not in self.choices:
            raise ValueError(f"`default` {self.default!r} is not among the choices")
        return self


_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def fill(text: str, values: dict[str, str | int | float]) -> str:
    """`{name}` replaced by the value of the param `name`; every other brace is left alone (dicts,
    f-strings and format calls in the code stay as written)."""
    return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)


class OutputQuestion(QuestionBase):
    type: Literal["output"]
    code: str = Field(min_length=1, description="A self-contained snippet; verify runs it in the sandbox. With "
                      "`params`, a template: each `{name}` is replaced by the param's value.")
    expected: str = Field(description="Exactly what the snippet prints (trailing spaces at line ends forgiven); "
                          "with `params`, for their `default` values.")
    match: Literal["tokens", "exact"] = Field(
        default="tokens",
        description="How a typed answer is judged: `tokens` compares each line's tokens (spacing is free, numbers "
        "compare by value); `exact` compares the text, for questions where the layout is the point.",
    )
    params: dict[str, Param] = Field(
        default={},
        description="Values drawn each time the question is asked (`{name}` in code, prompt and explanation); the "
        "key of a draw is computed by running the snippet. The text must stay true for every draw.",
    )
    distinct: list[list[str]] = Field(
        default=[],
        description="Groups of params that are never drawn equal: where the question tells two printed values "
        "apart (`m` rows against `n` columns), a draw making them coincide would let a confused rule score.",
    )

    @model_validator(mode="after")
    def _placeholders_declared(self) -> OutputQuestion:
        if self.params:
            used = set(_PLACEHOLDER.findall(self.code))
            if not set(self.params) & used:
                raise ValueError("`params` declared but the code uses none of them as `{name}`")
        for group in self.distinct:
            unknown = [g for g in group if g not in self.params]
            if unknown or len(group) < 2:
                raise ValueError(f"`distinct` group {group}: name two or more declared params ({unknown or group})")
        if not self.honours_distinct(self.defaults()):
            raise ValueError("the `default` values break a `distinct` group")
        return self

    def honours_distinct(self, values: dict[str, str | int | float]) -> bool:
        return all(len({str(values[g]) for g in group}) == len(group) for group in self.distinct)

    def defaults(self) -> dict[str, str | int | float]:
        return {k: p.default for k, p in self.params.items()}

    def variant(self, values: dict[str, str | int | float], expected: str) -> OutputQuestion:
        """This question with `values` filled in everywhere, and the key of that draw."""
        def text(t: Text) -> Text:
            return Text(zh=fill(t.zh, values), en=fill(t.en, values))

        return self.model_copy(update={
            "code": fill(self.code, values), "expected": expected, "params": {}, "prompt": text(self.prompt),
            "explanation": text(self.explanation),
            "misconception": text(self.misconception) if self.misconception else None})

    def shown(self) -> OutputQuestion:
        """As shown outside a quiz (`show`, `answer`): the default draw, whose key is stored."""
        return self.variant(self.defaults(), self.expected) if self.params else self


class OpenQuestion(QuestionBase):
    type: Literal["open"]
    model_answer: Text
    rubric: list[Text] = Field(min_length=1, description="Key points a good answer makes.")


class CodingQuestion(QuestionBase):
    type: Literal["coding"]
    exercise: str = Field(pattern=r"^[a-z0-9_]+$", description="Folder under reference_impls/.")
    checker: str = Field(description="Checker family, e.g. tensor_fn, stride_view, triton.")
    entry: str = Field(default="solve", description="The name the solution file must define.")
    config: dict[str, object] = Field(default={}, description="Family-specific settings (tolerances, rules).")


class SpotBugQuestion(QuestionBase):
    """Generated at load from an exercise's mutants and wrong answers (never written in a bank):
    the wrong code with numbered lines; the user names the faulty line(s) and may give an input
    on which the wrong code and the reference differ."""

    type: Literal["spot_bug"]
    exercise: str
    origin: str = Field(description="The wrong file, relative to the exercise folder (mutants/x.diff).")
    entry: str
    checker: str
    code: str = Field(description="The wrong code as shown (its describing comment removed).")
    hunks: list[list[int]] = Field(description="Each changed region's lines in `code` (1-based).")
    expose: str | None = Field(default=None, description="A stored input on which the code and the reference "
                               "differ; verify proves it.")
    lines_only: str | None = Field(default=None, description="Why no input can expose this bug here "
                                   "(multi-process, GPU-only): the card is judged on lines alone.")

    @property
    def faulty(self) -> set[int]:
        return {n for h in self.hunks for n in h}


Question = Annotated[
    ChoiceQuestion | TrueFalseQuestion | ShortQuestion | OutputQuestion | OpenQuestion | CodingQuestion,
    Field(discriminator="type"),
]


class Bank(Strict):
    schema_version: Literal[1]
    topic: str
    questions: list[Question] = Field(min_length=1)


class Topic(Strict):
    id: str = Field(pattern=ID_PATTERN)
    zh: str
    en: str
    min_questions: int = Field(ge=1)
    pairs: list[tuple[str, str]] = []
    exercise: str | None = Field(default=None, description="Checker family that must have an exercise here.")

    @property
    def group(self) -> str:
        return self.id.split(".", 1)[0]


class TopicRegistry(Strict):
    schema_version: Literal[1]
    topics: list[Topic]
    checker_families: dict[str, str] = Field(description="Family name -> what it checks.")
    min_exercises_per_family: int = 3
