"""`dlprep lint`'s text rules and reports: each rule rejects a bad bank with file:line:col and the id;
folded Chinese lines are joined at load; the balance targets fail only when enforced."""

from __future__ import annotations

import re

import pytest
import yaml
from typer.testing import CliRunner

from dlprep import lint
from dlprep.bank import load_catalog
from dlprep.cli.app import app
from tests.banks import REPO, make_banks

runner = CliRunner()

HEAD = "schema_version: 1\ntopic: tensor.contiguity\nquestions:\n"

FOLDED = HEAD + """\
  - id: tensor.contiguity.folded
    type: true_false
    evidence: docs
    prompt:
      en: Is a transposed tensor contiguous?
      zh: >-
        转置后的张量
        是连续的吗？
    answer: false
    explanation:
      en: Its strides are swapped; `t.is_contiguous()` tells (no copy).
      zh: >-
        转置只交换了步长，
        不移动数据。返回值是 bool
        类型。调用 `t.is_contiguous()`
        （不拷贝）即可。
    refs: [https://pytorch.org/docs/stable/generated/torch.Tensor.is_contiguous.html]
"""


def _catalog(tmp_path, monkeypatch, text):
    monkeypatch.setenv("DLPREP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DLPREP_BANKS", str(make_banks(tmp_path, {"tensor.contiguity.yaml": text})))
    catalog, problems = load_catalog()
    assert problems == [], problems
    return catalog


def _problems(tmp_path, monkeypatch, text):
    return lint.problems(_catalog(tmp_path, monkeypatch, text))


def test_folded_chinese_lines_join_without_a_space(tmp_path, monkeypatch):
    q = _catalog(tmp_path, monkeypatch, FOLDED).get("tensor.contiguity.folded").q
    assert q.prompt.zh == "转置后的张量是连续的吗？"
    # after full-width punctuation no space either; between Chinese and Latin the space stays
    assert q.explanation.zh == ("转置只交换了步长，不移动数据。返回值是 bool 类型。"
                                "调用 `t.is_contiguous()`（不拷贝）即可。")
    assert lint.problems(_catalog(tmp_path, monkeypatch, FOLDED)) == []


def test_code_keeps_its_line_breaks(tmp_path, monkeypatch):
    text = HEAD + """\
  - id: tensor.contiguity.code
    type: output
    prompt: {zh: "输出什么？", en: "What does it print?"}
    code: |
      # 中文注释
      # 第二行注释，
      print("好")
    expected: |
      好
    explanation: {zh: "打印。", en: "It prints."}
"""
    q = _catalog(tmp_path, monkeypatch, text).get("tensor.contiguity.code").q
    assert q.code == '# 中文注释\n# 第二行注释，\nprint("好")\n'
    assert "\ue000" not in q.code


def _bad(field_zh: str = "转置后是连续的吗？", field_en: str = "Is it contiguous after a transpose?",
         misconception: str = "") -> str:
    return HEAD + f"""\
  - id: tensor.contiguity.bad
    type: true_false
    evidence: docs
    prompt:
      en: "{field_en}"
      zh: "{field_zh}"
    answer: false
    explanation: {{zh: "步长交换了。", en: "The strides are swapped."}}
{misconception}    refs: [https://pytorch.org/docs/stable/generated/torch.Tensor.is_contiguous.html]
"""


RULES = {c.pop("case"): (_bad(**{k: v for k, v in c.items() if k != "error"}), c["error"])
         for c in yaml.safe_load((REPO / "tests" / "data" / "lint_rules.yaml").read_text(encoding="utf-8"))}


@pytest.mark.parametrize("case", sorted(RULES))
def test_each_rule_rejects_a_bad_bank_with_file_line_and_id(tmp_path, monkeypatch, case):
    text, pattern = RULES[case]
    problems = _problems(tmp_path, monkeypatch, text)
    assert any(re.search(pattern, p) for p in problems), problems
    assert all("\n" not in p for p in problems)


def test_the_cli_fails_on_a_rule_and_names_the_line(tmp_path, monkeypatch):
    _catalog(tmp_path, monkeypatch, _bad(field_zh="转置后 是连续的吗？"))
    r = runner.invoke(app, ["lint"])
    assert r.exit_code == 2
    # the prompt's zh value is on line 9 of the bank: HEAD is 3 lines, then id, type, evidence, prompt, en
    assert "tensor.contiguity.yaml:9:11: [tensor.contiguity.bad] prompt.zh: space inside Chinese text" in r.output


def test_what_the_rules_leave_alone(tmp_path, monkeypatch):
    ok = _bad(field_en="Is a tensor seeded with `torch.manual_seed(0)` and transposed twice contiguous?",
              field_zh="用 `torch.manual_seed(0)` 设过种子、转置两次的张量是连续的吗？")
    assert _problems(tmp_path, monkeypatch, ok) == []
    in_code = _bad(field_en="Does `print('转置 后')` print a space?", field_zh="`print('转置 后')` 会打印空格吗？")
    assert _problems(tmp_path, monkeypatch, in_code) == []
    spelled = _bad(field_en="Is a tensor transposed two times contiguous?", field_zh="转置 2 次后的张量是连续的吗？")
    assert _problems(tmp_path, monkeypatch, spelled) == []


def _choice(prompt_en: str, prompt_zh: str, answer: str, lengths: tuple[int, ...] = (5, 5, 5)) -> str:
    options = "".join(
        f'      - {{id: {cid}, en: "{"x" * n}", zh: "{"字" * n}"}}\n' for cid, n in zip("abc", lengths, strict=True))
    return HEAD + f"""\
  - id: tensor.contiguity.pick
    type: choice
    evidence: docs
    prompt: {{en: "{prompt_en}", zh: "{prompt_zh}"}}
    choices:
{options}    answer: {answer}
    explanation: {{zh: "解释。", en: "Why."}}
    refs: [https://pytorch.org/docs/stable/tensors.html]
"""


def test_pick_counts_must_agree_with_each_other_and_the_key(tmp_path, monkeypatch):
    problems = _problems(tmp_path, monkeypatch, _choice("Which two hold?", "哪三个成立？", "[a, b]"))
    assert any(re.search(r"\[tensor\.contiguity\.pick\] prompt: option count differs: en says pick 2, zh says 3", p)
               for p in problems), problems
    problems = _problems(tmp_path, monkeypatch, _choice("Which two hold?", "哪两个成立？", "[a]"))
    assert any("the prompt says pick 2 but the key has 1" in p for p in problems), problems
    assert _problems(tmp_path, monkeypatch, _choice("Which two hold?", "哪两个成立？", "[a, c]")) == []


def test_longest_options_and_true_share(tmp_path, monkeypatch):
    def pick(lengths):
        catalog = _catalog(tmp_path, monkeypatch, _choice("Which?", "哪个？", "[a, c]", lengths))
        return catalog.get("tensor.contiguity.pick")

    tell = pick((9, 3, 8))
    assert lint.longest_is_key(tell.q, "en") and lint.longest_is_key(tell.q, "zh")
    fair = pick((9, 8, 8))
    assert not lint.longest_is_key(fair.q, "en")  # a tie with a wrong option: picking by length fails
    b = lint.balance([tell, *_catalog(tmp_path, monkeypatch, FOLDED).questions.values()])
    assert (b.choice, b.longest_en, b.true_false, b.true_keys) == (1, 1, 1, 0)
    assert b.longest_share == 1.0 and b.true_share == 0.0
    assert len(b.misses()) == 2


def test_targets_fail_only_when_enforced(tmp_path, monkeypatch):
    monkeypatch.setattr(lint, "ENFORCE", False)
    _catalog(tmp_path, monkeypatch, _choice("Which?", "哪个？", "[a]", (9, 3, 3)))
    r = runner.invoke(app, ["lint"])
    assert r.exit_code == 0, r.output
    assert "target: the longest options are the key in 1 of 1 choice questions" in " ".join(r.output.split())
    r = runner.invoke(app, ["lint", "--strict"])
    assert r.exit_code == 2 and "the longest options are the key in 1 of 1" in " ".join(r.output.split())
    monkeypatch.setattr(lint, "ENFORCE", True)
    assert runner.invoke(app, ["lint"]).exit_code == 0  # one question is no sample
    monkeypatch.setattr(lint, "MIN_SAMPLE", 1)
    assert runner.invoke(app, ["lint"]).exit_code == 2


def test_near_duplicates_are_warnings(tmp_path, monkeypatch):
    twin = FOLDED + FOLDED[len(HEAD):].replace("tensor.contiguity.folded", "tensor.contiguity.folded-again")
    catalog = _catalog(tmp_path, monkeypatch, twin)
    dupes = lint.near_duplicates(catalog)
    assert [(d.a.id, d.b.id, d.similarity) for d in dupes] == [
        ("tensor.contiguity.folded", "tensor.contiguity.folded-again", 1.0)]
    r = runner.invoke(app, ["lint"])
    assert "warning: near-duplicate: tensor.contiguity.yaml:4: [tensor.contiguity.folded] looks like" in r.output
    assert r.exit_code == 0


@pytest.mark.skipif(not lint.ENFORCE, reason="turned on with lint.ENFORCE once the bank review has merged")
def test_real_banks_pass_every_rule_and_target():
    catalog, problems = load_catalog()
    assert problems == []
    report = lint.run(catalog)
    assert report.problems == [] and report.target_misses == []


# --- spot-the-bug files: each needs a Chinese description that agrees with its English one -------

SPOT_EN = "# Copies into `torch.empty(shape)` with no dtype, so 2 of the 3 public cases come back float32.\n"
SPOT_CASES = {
    "missing": ("", r"zh description: missing - add a `# zh: ` line"),
    "number": ("# zh: 用 `torch.empty(shape)` 分配却不传 dtype，5 个公开用例里有 2 个变成 float32。\n",
               r"zh description: numbers differ: en has `3`, zh has `5`"),
    "code span": ("# zh: 用 torch.empty(shape) 分配却不传 dtype，3 个公开用例里有 2 个变成 float32。\n",
                  r"zh description: code spans differ: en has `torch.empty\(shape\)`"),
    "space": ("# zh: 用 `torch.empty(shape)` 分配却不传 dtype，3 个公开用例里有 2 个 变成 float32。\n",
              r"zh description: space inside Chinese text"),
    "seed citation": ("# zh: 种子笔记里说：用 `torch.empty(shape)` 不传 dtype，3 个用例里有 2 个变成 float32。\n",
                      r"zh description: cites the seed notes"),
}


def _spot_exercise(tmp_path, zh_line: str):
    """A copy of make_contiguous with one wrong answer (as a diff, whose header carries `zh_line`)
    and one mutant .py that is fine."""
    folder = tmp_path / "make_contiguous"
    src = REPO / "reference_impls" / "make_contiguous"
    folder.mkdir()
    ref = (src / "reference.py").read_text(encoding="utf-8")
    (folder / "reference.py").write_text(ref, encoding="utf-8")
    wrong = SPOT_EN + zh_line + ref.replace("dtype=x.dtype, ", "")
    from dlprep import mutants

    (folder / "wrong").mkdir()
    (folder / "wrong" / "no_dtype.diff").write_text(mutants.make(ref, wrong, "no_dtype.py", kind="wrong"),
                                                    encoding="utf-8")
    (folder / "mutants").mkdir()
    (folder / "mutants" / "never.py").write_text(
        "# Returns x as it is.\n# zh: 原样返回 x。\nimport torch\n\n\ndef solve(x):\n    return x\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("case", sorted(SPOT_CASES))
def test_lint_flags_a_missing_or_mismatched_zh_description(tmp_path, case):
    zh_line, pattern = SPOT_CASES[case]
    _spot_exercise(tmp_path, zh_line)
    problems = lint.spotbug_problems("make_contiguous", tmp_path)
    assert len(problems) == 1, problems
    assert "make_contiguous/wrong/no_dtype.diff:" in problems[0]  # the file, by name
    assert "[make_contiguous/wrong/no_dtype.diff]" in problems[0]
    assert re.search(pattern, problems[0]), problems[0]


def test_lint_accepts_a_faithful_zh_description(tmp_path):
    _spot_exercise(tmp_path, "# zh: 用 `torch.empty(shape)` 分配却不传 dtype，3 个公开用例里有 2 个变成 float32。\n")
    assert lint.spotbug_problems("make_contiguous", tmp_path) == []


def test_every_real_spot_bug_file_has_a_good_zh_description():
    names = sorted(p.parent.name for p in (REPO / "reference_impls").glob("*/reference.py"))
    assert len(names) >= 54
    assert [p for n in names for p in lint.spotbug_problems(n, REPO / "reference_impls")] == []


def test_a_multi_answer_choice_says_so_in_both_languages(tmp_path, monkeypatch):
    problems = _problems(tmp_path, monkeypatch, _choice("Which hold?", "哪些成立？（多选）", "[a, b]"))
    assert [p for p in problems if "prompt.en: 2 options are right" in p] and \
        not [p for p in problems if "prompt.zh" in p], problems
    problems = _problems(tmp_path, monkeypatch, _choice("Which hold? Pick all that apply.", "哪些成立？", "[a, b]"))
    assert [p for p in problems if "prompt.zh: 2 options are right" in p], problems
    assert _problems(tmp_path, monkeypatch, _choice("Which hold? Pick all that apply.", "哪些成立？（多选）",
                                                    "[a, b]")) == []
    assert _problems(tmp_path, monkeypatch, _choice("Which holds?", "哪个成立？", "[a]")) == []  # one answer: no cue


def _param_output(explanation_en: str, explanation_zh: str, extra: str = "") -> str:
    return HEAD + f"""\
  - id: tensor.contiguity.unrolled
    type: output
    prompt: {{en: "What does this print?", zh: "这段代码输出什么？"}}
    code: |
      names = ["mul"] + [f"mul_{{i}}" for i in range(1, {{n}})]
      print(names)
    params:
      n: {{default: 3, ints: [1, 4]}}
{extra}    expected: |
      ['mul', 'mul_1', 'mul_2']
    explanation: {{en: "{explanation_en}", zh: "{explanation_zh}"}}
"""


def test_a_parametrised_explanation_is_checked_for_every_draw(tmp_path, monkeypatch):
    cites = _param_output("{n} names: the second is mul_1.", "{n} 个名字：第二个是 mul_1。")
    problems = _problems(tmp_path, monkeypatch, cites)
    assert [p for p in problems if "explanation.en: cites `mul_1`, which only the default draw prints" in p], problems
    # rendered per draw kind: a number only one language states shows at n=1 (default 3 hides it)
    mismatch = _param_output("{n} names, 1 more than none.", "{n} 个名字。")
    assert [p for p in _problems(tmp_path, monkeypatch, mismatch) if "drawn" in p]
    fine = _param_output("{n} names: `mul`, then numbered ones.", "{n} 个名字：`mul`，之后带编号。")
    assert _problems(tmp_path, monkeypatch, fine) == []


def test_distinct_params_are_never_drawn_equal_and_a_default_breaking_them_is_rejected(tmp_path, monkeypatch):
    from dlprep import variants

    extra = "    distinct: [[n, m]]\n"
    text = _param_output("{n} names.", "{n} 个名字。", extra).replace(
        "      n: {default: 3, ints: [1, 4]}\n",
        "      n: {default: 3, ints: [1, 4]}\n      m: {default: 2, ints: [1, 4]}\n")
    q = _catalog(tmp_path, monkeypatch, text).get("tensor.contiguity.unrolled").q
    draws = variants.seeded_draws(q, 300, seed=7)
    assert all(d["n"] != d["m"] for d in draws) and len({(d["n"], d["m"]) for d in draws}) == 12
    monkeypatch.setenv("DLPREP_BANKS", str(make_banks(tmp_path / "bad", {
        "tensor.contiguity.yaml": text.replace("m: {default: 2", "m: {default: 3")})))
    _, problems = load_catalog()
    assert any("break a `distinct` group" in p for p in problems), problems
