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
CASES = ("connect_loopback", "read_home", "write_outside", "kill_outside", "grandchild", "connect_unix",
         "read_checkout", "read_class", "earlier_run", "sysv_ipc", "connect_run_lock", "shm_leftover",
         "proc_cmdline", "see_processes")
# What each case tries, as isolation.STOPS names it: a case is caught in every mode whose level
# names a layer that stops it, and skipped (not claimed) in the others.
THREAT = {"connect_loopback": "network", "read_home": "read_home", "write_outside": "write_outside",
          "kill_outside": "kill_outside", "grandchild": "grandchild", "connect_unix": "unix_sockets",
          "read_checkout": "read_outside_view", "read_class": "read_outside_view", "earlier_run": "earlier_runs",
          "sysv_ipc": "ipc_between_runs", "connect_run_lock": "unix_sockets", "shm_leftover": "shm_leftovers",
          "proc_cmdline": "read_other_cmdlines", "see_processes": "see_processes"}
# Each sealed-run attack ends in "found ..." when it got what it was after, else in "no trace".
READ_ANY = """errors = []
for path in {paths!r}:
    try:
        text = open(path).read()
    except OSError as e:
        errors.append(f"{{path}}: {{type(e).__name__}}")
        continue
    exec(text) if path.endswith(".py") else None
    raise SystemExit("found " + path)
raise RuntimeError("no trace: " + "; ".join(errors))
"""
# Looks everywhere in its own process for an earlier run's source: every thread's frames and their
# locals and globals, everything the garbage collector tracks, inspect's stack, every module's
# globals, linecache. The needle is built at run time, so this file itself does not hold it.
WALK_FOR = """import gc, inspect, linecache, sys
needle = "dlprep-mark-" + {rev!r}[::-1]
found = []

def scan(o, where, depth=0):
    if isinstance(o, str):
        if needle in o and o is not needle:
            found.append(where)
    elif isinstance(o, bytes | bytearray):
        if needle.encode() in o:
            found.append(where)
    elif depth < 4 and isinstance(o, dict):
        for v in list(o.values()):
            scan(v, where, depth + 1)
    elif depth < 4 and isinstance(o, list | tuple | set | frozenset):
        for v in list(o):
            scan(v, where, depth + 1)

for f in sys._current_frames().values():
    while f is not None:
        scan(dict(f.f_locals), f"frame {{f.f_code.co_name}}")
        scan(f.f_globals, f"globals of {{f.f_code.co_name}}")
        f = f.f_back
for info in inspect.stack():
    scan(dict(info.frame.f_locals), "inspect.stack")
for o in gc.get_objects():
    scan(o, f"gc {{type(o).__name__}}")
for m in list(sys.modules.values()):
    scan(getattr(m, "__dict__", {{}}), f"module {{getattr(m, '__name__', '?')}}")
scan(dict(linecache.cache), "linecache")
if found:
    raise SystemExit("found an earlier run's source: " + found[0])
raise RuntimeError("no trace of an earlier run")
"""
LIBC = "import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\n"
# SysV shared memory and a POSIX message queue, made by one run and looked for by the next.
IPC_MAKE = LIBC + """shm = libc.shmget({key}, 4096, 0o1000 | 0o666)
rt = ctypes.CDLL("librt.so.1", use_errno=True)
mq = rt.mq_open({name!r}, os.O_CREAT | os.O_RDWR, 0o666, None)
"""
IPC_FIND = LIBC + """rt = ctypes.CDLL("librt.so.1", use_errno=True)
errors = []
if libc.shmget({key}, 0, 0) >= 0:
    raise SystemExit("found the shared memory segment of an earlier run")
errors.append(os.strerror(ctypes.get_errno()))
if rt.mq_open({name!r}, os.O_RDWR, 0, None) >= 0:
    raise SystemExit("found the message queue of an earlier run")
errors.append(os.strerror(ctypes.get_errno()))
raise RuntimeError("no trace: " + "; ".join(errors))
"""
# Every process's command line the run can read, looking for a seed (the grader's, the batch's).
CMDLINE_FIND = """import os
needle = "dlprep-seed-" + {rev!r}[::-1]
errors, listed = [], []
try:
    listed = os.listdir("/proc")
except OSError as e:
    errors.append(type(e).__name__)
for pid in [{pid}, os.getppid(), *listed]:
    try:
        if needle.encode() in open(f"/proc/{{pid}}/cmdline", "rb").read():
            raise SystemExit(f"found the seed in /proc/{{pid}}/cmdline")
    except OSError as e:
        errors.append(type(e).__name__)
raise RuntimeError("no trace: " + ", ".join(sorted(set(errors))))
"""
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
    elif case == "grandchild":
        source = ("import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
                  "        time.sleep(3600)\n    os._exit(0)\ntime.sleep(0.2)\n")
        _grade(grader, source)
        assert leftovers(grader.sandbox.pid) == [], "a process of the run outlived it"
    else:
        _sealed_case(grader, case, tag)


def _planted(top: Path, files: dict[str, str]) -> list[Path]:
    """Files anyone may read, in folders anyone may enter: only the run's view can keep them out."""
    made = []
    for rel, text in files.items():
        path = top / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        path.chmod(0o644)
        made.append(path)
    for d in [top, *(p for p in top.rglob("*") if p.is_dir())]:
        d.chmod(0o755)
    return made


def _checkout_places(tag: str) -> list[Path]:
    """Outside the view, where a checkout or a class folder may sit: the host's /tmp, the user's
    home, /srv (where we may write there)."""
    places = [Path(tempfile.gettempdir()) / f"dlprep-other-{tag}", Path.home() / f"dlprep-other-{tag}"]
    if os.access("/srv", os.W_OK):
        places.append(Path("/srv") / f"dlprep-other-{tag}")
    return places


def _assert_no_trace(v) -> None:
    assert v.status == "error" and "no trace" in _messages(v) and "found" not in _messages(v), _messages(v)


def _sealed_case(grader, case: str, tag: str) -> None:
    """The attacks on a sealed run: answers and classmates outside the view, an earlier run's
    memory, IPC and /dev/shm left for the next run, a socket in /run, the grader's command line."""
    if case in ("read_checkout", "read_class"):
        tops = _checkout_places(tag)
        rel = {"read_checkout": {"reference_impls/batched_matmul/reference.py": SOLVE.strip() + "\n",
                                 "reference_impls/batched_matmul/check.py": "SEED = 1234\n"},
               "read_class": {"alice.py": SOLVE.strip() + "\n", "bob/solution.py": SOLVE.strip() + "\n"}}[case]
        try:
            paths = [str(p) for top in tops for p in _planted(top, rel)]
            v = _grade(grader, READ_ANY.format(paths=paths))
        finally:
            for top in tops:
                shutil.rmtree(top, ignore_errors=True)
        _assert_no_trace(v)
    elif case == "earlier_run":
        mark = f"dlprep-mark-{tag}"
        first = f"MARK = {mark!r}\nprint(MARK)\n{SOLVE}    # {mark}\n"
        v = _grade(grader, first)
        assert v.status in ("pass", "fail"), _messages(v)  # it ran (SOLVE misses an int32 dtype)
        _assert_no_trace(_grade(grader, WALK_FOR.format(rev=tag[::-1])))
    elif case == "sysv_ipc":
        import ctypes

        key, name = 0x5D000000 | int(tag[:6], 16), f"/dlprep-{tag}"
        _grade(grader, IPC_MAKE.format(key=key, name=name.encode()))
        v = _grade(grader, IPC_FIND.format(key=key, name=name.encode()))
        libc = ctypes.CDLL(None, use_errno=True)
        rt = ctypes.CDLL("librt.so.1", use_errno=True)
        shm = libc.shmget(key, 0, 0)
        if shm >= 0:
            libc.shmctl(shm, 0, None)  # IPC_RMID
        mq = rt.mq_open(name.encode(), os.O_RDWR, 0, None)
        if mq >= 0:
            rt.mq_close(mq)
            rt.mq_unlink(name.encode())
        assert shm < 0 and mq < 0, "a run's SysV segment or message queue outlived it"
        _assert_no_trace(v)
    elif case == "connect_run_lock":  # /run/lock is writable by everyone on many systems
        path = Path("/run/lock") / f"dlprep-{tag}.sock"
        if not os.access(path.parent, os.W_OK):
            pytest.skip("/run/lock is not writable here")
        try:
            with socket.socket(socket.AF_UNIX) as listener:
                listener.bind(str(path))
                os.chmod(path, 0o777)
                listener.listen(1)
                listener.settimeout(0.5)
                v = _grade(grader, f"import socket\nsocket.socket(socket.AF_UNIX).connect({str(path)!r})\n")
                with pytest.raises(TimeoutError):
                    listener.accept()
        finally:
            path.unlink(missing_ok=True)
        assert v.status == "error" and re.search(r"No such file|Permission denied", _messages(v)), _messages(v)
    elif case == "shm_leftover":
        path = Path("/dev/shm") / f"dlprep-{tag}"
        make = f"open({str(path)!r}, 'w').write('left for the next run')\nimport os\nos.chmod({str(path)!r}, 0o666)\n"
        _grade(grader, make)
        left = path.exists()
        path.unlink(missing_ok=True)
        assert not left, "a run's file in /dev/shm outlived it"
        v = _grade(grader, READ_ANY.format(paths=[str(path)]))
        _assert_no_trace(v)
    elif case == "see_processes":  # does a process of the user's exist, from inside the run?
        holder = subprocess.Popen(["sleep", "60"])
        probe = (f"import os\ntry:\n    os.kill({holder.pid}, 0)\nexcept ProcessLookupError:\n"
                 "    raise RuntimeError('no trace: ProcessLookupError')\nraise SystemExit('found the process')\n")
        try:
            v = _grade(grader, probe)
        finally:
            holder.kill()
            holder.wait()
        _assert_no_trace(v)
    else:  # proc_cmdline: a process of the user's with a seed on its command line, like the grader's
        holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", f"--seed=dlprep-seed-{tag}"])
        try:
            v = _grade(grader, CMDLINE_FIND.format(rev=tag[::-1], pid=holder.pid))
        finally:
            holder.kill()
            holder.wait()
        _assert_no_trace(v)


def test_every_claim_of_the_doctor_has_an_attack():
    """`dlprep doctor` prints a line for each threat of isolation.STOPS; each one has a case above,
    run in every mode whose level claims it."""
    from dlprep.cli.doctor import THREATS as WORDS

    assert set(WORDS) == set(iso.STOPS)
    assert set(THREAT.values()) == set(iso.STOPS)


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
