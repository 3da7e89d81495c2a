"""tools/gpu_check.py: its dry run (what CI can run without a GPU) and its speed table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import gpu_check  # noqa: E402


def test_dry_run_lists_the_plan_and_exits_0(tmp_path):
    r = subprocess.run([sys.executable, str(REPO / "tools" / "gpu_check.py"), "--out", str(tmp_path), "--dry-run"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads((tmp_path / "gpu_check.json").read_text())
    assert data["dry_run"] is True
    plan = data["plan"]
    assert "triton.kernels.vector-add-masked" in plan["triton_exercises"] and len(plan["triton_exercises"]) >= 6
    assert plan["cuda_questions"] and all(i in r.stdout for i in plan["cuda_questions"])
    assert (tmp_path / "speed.md").is_file()


def test_speed_table_counts_only_correct_and_faster_problems():
    rows = [{"id": "a", "exercise": "a", "status": "passed", "triton_ms": 1.0, "torch_ms": 2.0},
            {"id": "b", "exercise": "b", "status": "passed", "triton_ms": 1.5, "torch_ms": 1.0},
            {"id": "c", "exercise": "c", "status": "failed", "triton_ms": 1.0, "torch_ms": 4.0},
            {"id": "d", "exercise": "d", "status": "passed", "triton_ms": None, "torch_ms": None}]
    table, summary = gpu_check.speed_table(rows)
    assert summary["problems"] == 4 and summary["measured"] == 3
    assert summary["fast_1"] == 0.25  # a only: b is slower, c is not correct, d was not measured
    assert summary["fast_0.5"] == 0.5  # a and b
    assert "| a | yes | 1.0000 | 2.0000 | 2.00x |" in table and "| d | yes | - | - | - |" in table
