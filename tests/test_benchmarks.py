"""Every benchmark still runs: each script in benchmarks/ in its --quick mode (a few iterations, no
target enforced) must exit 0. The full runs, whose numbers the README quotes, stay manual."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.banks import REPO

SCRIPTS = sorted(p.name for p in (REPO / "benchmarks").glob("*.py"))


def test_every_benchmark_is_listed():
    assert "quiz_latency.py" in SCRIPTS and len(SCRIPTS) >= 4  # an empty glob would skip every run below


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_runs_in_quick_mode(script, tmp_path):
    env = {**os.environ, "DLPREP_HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    r = subprocess.run([sys.executable, str(REPO / "benchmarks" / script), "--quick"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"{script} --quick exited {r.returncode}:\n{r.stdout[-2000:]}\n{r.stderr[-3000:]}"
    assert r.stdout.strip(), f"{script} --quick printed nothing"
