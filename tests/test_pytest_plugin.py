"""`pytest questions/` through the plugin: items named by question id, markers, failure tables."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.banks import GOOD, make_banks

WRONG = GOOD.replace("expected: |\n      (1, 3)", "expected: |\n      (3, 1)")
GPU = """\
  - id: tensor.contiguity.gpu
    type: true_false
    requires: [cuda]
    prompt: {zh: "GPU?", en: "GPU?"}
    answer: true
    probe: |
      import torch
      print(torch.ones(1, device="cuda").is_cuda)
    explanation: {zh: "需要 GPU。", en: "Needs a GPU."}
"""


def run_pytest(folder, *args):
    env = {**os.environ, "DLPREP_HOME": str(folder.parent / "home")}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs", str(folder), *args],
                          capture_output=True, text=True, env=env, cwd=folder.parent, timeout=600)


def test_questions_are_items_and_failures_show_the_table(tmp_path):
    folder = make_banks(tmp_path, {"tensor.contiguity.yaml": WRONG + GPU})
    r = run_pytest(folder / "tensor.contiguity.yaml", "-v")
    out = r.stdout
    assert "tensor.contiguity.yaml::tensor.contiguity.t1 PASSED" in out
    assert "tensor.contiguity.yaml::tensor.contiguity.o1 FAILED" in out
    assert "the snippet prints something else than the key" in out and "expected:" in out
    assert "tensor.contiguity.yaml::tensor.contiguity.gpu SKIPPED" in out and "needs a CUDA device" in out
    assert r.returncode == 1


def test_gpu_marker_deselects(tmp_path):
    folder = make_banks(tmp_path, {"tensor.contiguity.yaml": GOOD + GPU})
    r = run_pytest(folder / "tensor.contiguity.yaml", "-m", "not gpu")
    assert r.returncode == 0, r.stdout[-2000:]
    assert "3 passed, 1 deselected" in r.stdout


def test_topics_file_yields_coverage_items(tmp_path):
    folder = make_banks(tmp_path, {"tensor.contiguity.yaml": GOOD})
    r = run_pytest(folder / "topics.yaml", "-k", "coverage:tensor", "-v")
    assert "coverage:tensor.matmul FAILED" in r.stdout
    assert "needs at least 8" in r.stdout


def test_a_broken_bank_is_one_failing_lint_item(tmp_path):
    folder = make_banks(tmp_path, {"tensor.contiguity.yaml": GOOD.replace("answer: [a]", "answer: [x]")})
    r = run_pytest(folder / "tensor.contiguity.yaml")
    assert r.returncode == 1
    assert "[tensor.contiguity.c1]" in r.stdout and "not among the choices" in r.stdout
