"""The forbidden calls of a coding exercise, stated to the user from their one declaration.

An exercise's rules live in one place: `config.forbid` of its question in the bank (with
`config.forbid_in_any_form` when the prompt forbids the operations themselves, however spelled). The
grader enforces that list (`checkers.rules` on the source, `checkers.sandbox.enforce` where the calls
run, and with `forbid_in_any_form` on the aten ops they compute); this module turns the same list
into the sentence shown under the prompt and into the header of the starter file that `dlprep init`
writes, so a rule is never enforced unannounced.
"""

from __future__ import annotations

import re

from dlprep.models import CodingQuestion, Text

_EN = ("Not allowed in your solution: {names}. A forbidden call scores 0, however it is spelled "
       "(getattr, eval and imports included); your own `if __name__ == \"__main__\":` self-test may use them.")
_ZH = ("解答中不得使用：{names}。无论以何种写法调用（包括 getattr、eval 和 import），"
       "一旦用到，得分即为 0；"
       "你自己写在 `if __name__ == \"__main__\":` 下的自测可以使用它们。")


# config.forbid_in_any_form: the grader enforces the rules on the aten ops the calls compute as well
_EN_ANY = (" The rule holds for what these calls compute, not only for their names: reaching the same operation "
           "another way (a `torch.ops.aten` or `torch._C` spelling, or a library function built on it) scores 0 "
           "as well.")
_ZH_ANY = ("规则针对这些调用所做的运算，而不只是它们的名字：用别的方式（`torch.ops.aten` 或 `torch._C` 的写法，"
           "或建立在它之上的库函数）得到同一运算，同样得分为 0。")


# config.forbid_in_any_form as a list: only the listed rules hold for what they compute
_EN_SOME = (" For {names} the rule holds for what they compute, not only for their names: reaching the same "
            "operation another way (a `torch.ops.aten` or `torch._C` spelling, or a library function built on "
            "it) scores 0 as well.")
_ZH_SOME = ("对 {names}，规则针对它们所做的运算，而不只是名字：用别的方式（`torch.ops.aten` 或 `torch._C` 的写法，"
            "或建立在它之上的库函数）得到同一运算，同样得分为 0。")


def forbidden(q: CodingQuestion) -> list[str]:
    """The exercise's forbidden names, as declared (`torch.bmm`, `.reshape`, `@`)."""
    raw = q.config.get("forbid") or []
    return [str(r) for r in raw] if isinstance(raw, list) else []


def any_form_rules(q: CodingQuestion) -> list[str]:
    """The forbidden names enforced on the aten ops they compute too: all of them when
    `forbid_in_any_form` is true; only those it lists when it is a list. A list is for an operation
    built from ops every solution needs (attention computes with bmm and softmax, so the ops of
    `F.scaled_dot_product_attention` cannot be forbidden, while those of the helper only it reaches
    can)."""
    declared = q.config.get("forbid_in_any_form")
    rules = forbidden(q)
    if declared is True:
        return rules
    if isinstance(declared, list):
        return [r for r in rules if r in {str(d) for d in declared}]
    return []


def statement(q: CodingQuestion) -> Text | None:
    """The rules as one sentence in both languages, or None when the exercise forbids nothing."""
    rules = forbidden(q)
    if not rules:
        return None
    names = [f"`{r}`" for r in rules]
    any_form = any_form_rules(q)
    if any_form and len(any_form) < len(rules):  # a subset: the sentence names it
        some = [f"`{r}`" for r in any_form]
        return Text(en=_EN.format(names=", ".join(names)) + _EN_SOME.format(names=", ".join(some)),
                    zh=_ZH.format(names="、".join(names)) + _ZH_SOME.format(names="、".join(some)))
    return Text(en=_EN.format(names=", ".join(names)) + (_EN_ANY if any_form else ""),
                zh=_ZH.format(names="、".join(names)) + (_ZH_ANY if any_form else ""))


def starter_header(q: CodingQuestion) -> str:
    """Comment lines for the top of a written starter file (empty when nothing is forbidden)."""
    text = statement(q)
    if text is None:
        return ""
    lines = ["# Rules of this exercise (dlprep states them from the exercise's declaration):"]
    lines += [f"# {line}" for line in _wrap(text.en.replace("`", ""), 96)]
    lines += [f"# {line}" for line in _wrap(text.zh.replace("`", ""), 48, after="、，；。")]
    return "\n".join(lines) + "\n"


def _wrap(text: str, width: int, after: str = " ") -> list[str]:
    """Greedy wrap that breaks only after one of the `after` characters (never inside a name)."""
    tokens = re.split(f"(?<=[{re.escape(after)}])", text)
    out: list[str] = []
    line = ""
    for token in tokens:
        if line and len(line) + len(token) > width:
            out.append(line.rstrip())
            line = ""
        line += token
    if line.strip():
        out.append(line.rstrip())
    return out
