"""Helpers that build small temporary banks for tests (the real banks are verified separately)."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

GOOD = """\
schema_version: 1
topic: tensor.contiguity
questions:
  - id: tensor.contiguity.t1
    type: true_false
    prompt: {zh: "2x3 的张量转置后是连续的吗？", en: "Is a transposed 2x3 tensor contiguous?"}
    answer: false
    probe: |
      import torch
      print(torch.zeros(2, 3).t().is_contiguous())
    explanation: {zh: "步长变为 (1, 3)。", en: "Its strides become (1, 3)."}
  - id: tensor.contiguity.c1
    type: choice
    contrast: [is_contiguous, contiguous()]
    prompt: {zh: "哪个返回 bool？", en: "Which returns a bool?"}
    choices:
      - {id: a, zh: "is_contiguous()", en: "is_contiguous()"}
      - {id: b, zh: "contiguous()", en: "contiguous()"}
    answer: [a]
    evidence: docs
    explanation: {zh: "contiguous() 返回张量。", en: "contiguous() returns a tensor."}
    refs: [https://pytorch.org/docs/stable/generated/torch.Tensor.is_contiguous.html]
  - id: tensor.contiguity.o1
    type: output
    prompt: {zh: "输出是什么？", en: "What does it print?"}
    code: |
      import torch
      print(torch.arange(6).reshape(2, 3).t().stride())
    expected: |
      (1, 3)
    explanation: {zh: "交换了步长。", en: "The strides are swapped."}
"""


def make_banks(tmp: Path, files: dict[str, str] | None = None, with_real_topics: bool = True) -> Path:
    """A bank folder with the real topics.yaml and the given files (default: one good bank)."""
    folder = tmp / "questions"
    folder.mkdir(parents=True, exist_ok=True)
    if with_real_topics:
        shutil.copy(REPO / "questions" / "topics.yaml", folder / "topics.yaml")
        shutil.copytree(REPO / "questions" / "schema", folder / "schema", dirs_exist_ok=True)
    for name, text in (files if files is not None else {"tensor.contiguity.yaml": GOOD}).items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder
