"""The sandbox's claims, checked in every mode: as root, as an ordinary user (user namespaces), and
as an ordinary user where user namespaces are refused (the DLPREP_SANDBOX=no-userns testing knob).

`test_case_in_this_process` runs the escapes as whoever runs pytest; the `as_ordinary_user` tests
(root only) create an account and run those same tests again under it. A case is caught only in
modes whose level claims it: full isolation claims all of them, `rlimits+pgroup` only the
grandchild (its process group and the worker's sweep).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from dlprep.checkers.sandbox import confine
from dlprep.checkers.sandbox import isolation as iso
from tests.conftest import coding_question, leftovers

ROOT = Path(__file__).parents[1]
Q = coding_question("batched_matmul", "tensor_fn")
SOLVE = "\n\ndef solve(a, b):\n    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2)\n"
CASES = ("connect_loopback", "read_home", "write_outside", "kill_outside", "grandchild", "connect_unix")
# What each case tries, as isolation.STOPS names it: a case is caught in every mode whose level
# names a layer that stops it, and skipped (not claimed) in the others.
THREAT = {"connect_loopback": "network", "read_home": "read_home", "write_outside": "write_outside",
          "kill_outside": "kill_outside", "grandchild": "grandchild", "connect_unix": "unix_sockets"}
TEST_USER = "dlprep-sandbox-test"
# Escapes first try to take the sandbox apart: a rootless run is root of a user namespace, which
# must not let it unmount what hides the home folder or make the file system writable again.
UNDO_MOUNTS = f"""import ctypes
libc = ctypes.CDLL(None)
for _ in range(3):
    libc.umount2({str(Path.home()).encode()!r}, 2)
libc.mount(b"none", b"/", None, 32 | 4096, None)
libc.mount(b"none", {str(ROOT).encode()!r}, None, 32 | 4096, None)
"""


@pytest.fixture(scope="module")
def level(grader) -> str:
    grader.sandbox.ensure()
    expected = os.environ.get("DLPREP_EXPECT_LEVEL")
    if expected:  # set by the as_ordinary_user runs: the mode must be the one they asked for
        assert grader.sandbox.level == expected
    return grader.sandbox.level


def _grade(grader, source: str):
    grader_timeout, grader.timeout = grader.timeout, 8.0
    try:
        return grader.grade_source(Q, source + SOLVE, "escape.py", seed=1)
    finally:
        grader.timeout = grader_timeout


def _messages(v) -> str:
    return "\n".join(f"{t.name}: {t.message}" for t in v.tests)


@pytest.mark.parametrize("case", CASES)
def test_case_in_this_process(grader, level, case):
    if not iso.stops(level, THREAT[case]):
        pytest.skip(f"level {level} does not claim to stop {case}")
    tag = secrets.token_hex(4)
    if case == "connect_loopback":
        with socket.socket() as listener:
            listener.bind(("127.0.0.1", 0))
            listener.listen(1)
            listener.settimeout(0.5)
            port = listener.getsockname()[1]
            v = _grade(grader, f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=2)\n")
            with pytest.raises(TimeoutError):
                listener.accept()  # nothing got through
        refused = r"ConnectionRefused|unreachable|timed out|Address family not supported|Permission denied"
        assert v.status == "error" and re.search(refused, _messages(v)), _messages(v)
        assert v.sandbox["network"] is False
    elif case == "connect_unix":  # a session's socket, in a folder of /tmp like X11's or tmux's
        folder = Path(tempfile.mkdtemp())
        folder.chmod(0o755)
        try:
            with socket.socket(socket.AF_UNIX) as listener:
                listener.bind(str(folder / "session.sock"))
                os.chmod(folder / "session.sock", 0o777)
                listener.listen(1)
                listener.settimeout(0.5)
                path = str(folder / "session.sock")
                v = _grade(grader, f"import socket\nsocket.socket(socket.AF_UNIX).connect({path!r})\n")
                with pytest.raises(TimeoutError):
                    listener.accept()
        finally:
            shutil.rmtree(folder)
        assert v.status == "error" and re.search(r"No such file|Permission denied", _messages(v)), _messages(v)
    elif case == "read_home":
        secret = Path.home() / f"dlprep-secret-{tag}"
        secret.write_text("token")
        secret.chmod(0o600)
        try:
            v = _grade(grader, f"{UNDO_MOUNTS}open({str(secret)!r}).read()\n")
        finally:
            secret.unlink()
        assert v.status == "error" and re.search(r"No such file|Permission denied", _messages(v)), _messages(v)
    elif case == "write_outside":
        targets = [Path.home() / f"dlprep-written-{tag}", ROOT / f"dlprep-written-{tag}"]
        writes = "".join(f"try:\n    open({str(t)!r}, 'w').write('x')\nexcept OSError as e:\n    err = e\n"
                         for t in targets)
        tail = "if err is None:\n    raise SystemExit('nothing refused')\nraise err\n"
        v = _grade(grader, f"{UNDO_MOUNTS}err = None\n{writes}{tail}")
        written = [t for t in targets if t.exists()]
        for t in written:
            t.unlink()
        assert not written, f"the run wrote {written}"
        refused = r"Read-only|Permission denied|No such file"
        assert v.status == "error" and re.search(refused, _messages(v)), _messages(v)
    elif case == "kill_outside":
        victim = subprocess.Popen(["sleep", "60"])
        try:
            v = _grade(grader, f"import os, signal\nos.kill({victim.pid}, signal.SIGKILL)\n")
            time.sleep(0.2)
            assert victim.poll() is None, "the run killed a process outside the sandbox"
        finally:
            victim.kill()
            victim.wait()
        assert v.status == "error" and re.search(r"ProcessLookupError|PermissionError", _messages(v)), _messages(v)
    else:
        source = ("import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
                  "        time.sleep(3600)\n    os._exit(0)\ntime.sleep(0.2)\n")
        _grade(grader, source)
        assert leftovers(grader.sandbox.pid) == [], "a process of the run outlived it"


def test_strict_follows_the_level(grader, level):
    """Strict runs the code at full isolation only; below it (the fallback too: no pid namespace)
    it refuses with one line naming what is missing and how to get it."""
    from dlprep.errors import SandboxError

    grader.isolation, grader.require = "strict", "full"
    try:
        reference = (ROOT / "reference_impls/batched_matmul/reference.py").read_text()
        if iso.full_isolation(level) is None:
            assert grader.grade_source(Q, reference, "reference.py", seed=1).status == "pass"
        else:
            with pytest.raises(SandboxError, match=r"full refuses.*lacks [a-z+]*pidns: allow unprivileged") as e:
                grader.grade_source(Q, reference, "reference.py", seed=1)
            assert "\n" not in str(e.value)
    finally:
        grader.isolation, grader.require = "best", "best"


def test_strict_refuses_below_full_isolation(monkeypatch):
    from dlprep.checkers.grader import Grader
    from dlprep.errors import SandboxError

    monkeypatch.setenv("DLPREP_SANDBOX", "weak")
    with Grader("cpu", timeout=8, isolation="strict") as g:
        with pytest.raises(SandboxError, match=r"full refuses.*lacks netns\+mountns\+pidns: .*DLPREP_SANDBOX=weak"):
            g.grade_source(Q, SOLVE, "ok.py", seed=1)


def test_full_isolation_names_what_is_missing():
    assert iso.full_isolation(iso.FULL_LEVEL) is None
    assert iso.full_isolation(iso.ROOTLESS_LEVEL) is None
    assert "lacks netns+mountns+pidns" in iso.full_isolation(iso.WEAK_LEVEL)
    assert "lacks pidns" in iso.full_isolation("userns+netns+mountns+rlimits")


def _account() -> tuple[int, int, Path] | None:
    """A throwaway ordinary account (made once), or None where that is impossible here."""
    if os.geteuid() != 0 or not sys.platform.startswith("linux"):
        return None
    if not all(shutil.which(t) for t in ("useradd", "setpriv", "unshare", "mount")):
        return None
    import pwd

    try:
        pw = pwd.getpwnam(TEST_USER)
    except KeyError:
        if subprocess.run(["useradd", "-m", TEST_USER], capture_output=True).returncode != 0:
            return None
        pw = pwd.getpwnam(TEST_USER)
    return pw.pw_uid, pw.pw_gid, Path(pw.pw_dir)


# Runs a command as another account: see the script.
_AS_USER = (Path(__file__).resolve().parents[1] / "benchmarks" / "as_user.sh").read_text()


def _fallback_level() -> str:
    """The level the fallback ladder should report on this kernel."""
    p = confine.Plan(confine.landlock_abi()[0], confine.seccomp_refusal() is None)
    return "+".join([*p.layers, iso.WEAK_LEVEL])


@pytest.mark.parametrize("mode", ["userns", "no-userns"])
def test_cases_as_an_ordinary_user(mode):
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
           "PYTHONDONTWRITEBYTECODE": "1", "DLPREP_EXPECT_LEVEL": expected, "PREFIX": str(prefix),
           "BLOCKED": str(blocked), "RUN_UID": str(uid), "RUN_GID": str(gid),
           "DLPREP_HOME": str(home / ".dlprep-test")}
    if mode == "no-userns":
        env["DLPREP_SANDBOX"] = "no-userns"
    pytest_cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-x",
                  str(Path(__file__).relative_to(ROOT)),
                  "-k", "test_case_in_this_process or test_strict_follows_the_level"]
    if blocked is None:
        cmd = ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--init-groups", *pytest_cmd]
    else:
        cmd = ["unshare", "-m", "--propagation", "private", "sh", "-c", _AS_USER, "as-user", *pytest_cmd]
    r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    counts = r.stdout.strip().splitlines()[-1]
    caught = sum(iso.stops(expected, THREAT[case]) for case in CASES) + 1  # + the strict test
    assert re.search(rf"\b{caught} passed", counts), counts


@pytest.mark.slow
def test_weak_level_counts_no_spare_as_a_leftover(monkeypatch):
    """An exercise with a warm-up (torch.compile) makes the worker discard its spare child; below a
    pid namespace that spare's pre-forked submission process outlived it and was counted as the
    next run's leftover, failing every compile reference."""
    from dlprep import bank
    from dlprep.checkers.grader import Grader

    monkeypatch.setenv("DLPREP_SANDBOX", "weak")
    q = bank.catalog_or_raise().get("compile.torch-compile.fullgraph-rewrite").q
    reference = (ROOT / "reference_impls" / "compile_fullgraph" / "reference.py").read_text()
    with Grader("cpu") as g:
        for _ in range(2):  # the second run takes a spare forked after the warm-up: nothing to discard
            v = g.grade_source(q, reference, "reference.py", seed=1)
            assert v.status == "pass", v.summary
