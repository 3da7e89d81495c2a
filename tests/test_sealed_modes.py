"""The sealed-run attacks again as an ordinary account (root only: the account is made once): with
user namespaces (the rootless sandbox) and with DLPREP_SANDBOX=no-userns (the Landlock/seccomp
fallback). Forbidden spellings, partial answers, the seed hunt and upload links must be caught in
every mode; what needs full isolation (strict) skips itself below it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from dlprep.checkers.sandbox import isolation as iso
from tests.test_sandbox_rootless import _AS_USER, _account, _fallback_level

ROOT = Path(__file__).parents[1]
ADV = "tests/test_adversarial.py::test_hostile_submission_is_caught"
TESTS = ["tests/test_sealed_rules.py", "tests/test_uploads.py", f"{ADV}[drop_hidden_results]",
         f"{ADV}[extra_results]", "tests/test_sealed_secrets.py::test_a_run_finds_the_seed_nowhere",
         "tests/test_sealed_secrets.py::test_the_hunt_finds_a_seed_that_is_there",
         "tests/test_sealed_secrets.py::test_a_journal_of_the_grader_is_unreadable_by_a_run"]


@pytest.mark.parametrize("mode", ["userns", "no-userns"])
def test_sealed_attacks_as_an_ordinary_user(mode):
    expected = iso.ROOTLESS_LEVEL if mode == "userns" else _fallback_level()
    account = _account()
    if account is None:
        pytest.skip("needs root on Linux with useradd, setpriv and unshare to make an ordinary account")
    if any(not os.access(p, os.R_OK | os.X_OK) or not os.stat(p).st_mode & 0o005 for p in (ROOT, *ROOT.parents)):
        pytest.skip("the checkout is not readable by other users")
    if mode == "userns" and iso.userns_refusal() is not None:
        pytest.skip(f"user namespaces are refused here: {iso.userns_refusal()}")
    uid, gid, home = account
    prefix = Path(sys.base_prefix).resolve()
    blocked = next((a for a in reversed(prefix.parents) if a != Path("/") and not os.stat(a).st_mode & 0o001), None)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "C.UTF-8",
           "PYTHONDONTWRITEBYTECODE": "1", "PREFIX": str(prefix), "BLOCKED": str(blocked), "RUN_UID": str(uid),
           "RUN_GID": str(gid), "DLPREP_HOME": str(home / ".dlprep-test")}
    if mode == "no-userns":
        env["DLPREP_SANDBOX"] = "no-userns"
    # a folder of the account's own outside home and /tmp (in the checkout, which every run reads)
    open_dir = Path(tempfile.mkdtemp(prefix=".sealed-test-", dir=ROOT))
    os.chown(open_dir, uid, gid)
    env["DLPREP_TEST_OPEN_DIR"] = str(open_dir)
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *TESTS]
    if blocked is None:
        cmd = ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--init-groups", *cmd]
    else:
        cmd = ["unshare", "-m", "--propagation", "private", "sh", "-c", _AS_USER, "as-user", *cmd]
    try:
        r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
    finally:
        shutil.rmtree(open_dir, ignore_errors=True)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    counts = r.stdout.strip().splitlines()[-1]
    assert re.search(r"\b\d{2,} passed", counts) and not re.search(r"\b\d+ failed", counts), counts
    print(f"{mode} ({expected}): {counts}")
