"""Child side of the torchrun family: start the job's ranks on the user's file, collect raw facts.

Runs in the sandbox (in its own pid and network namespaces, only loopback up). The user's file is
loaded here first, so that a syntax or import error is reported with its line without starting
any rank. Then:

- a one-node exercise (the launcher is not what it tests): the ranks are forked from this process,
  which already imported torch (forked.py does what torchrun's agent does: a TCP store on
  127.0.0.1 and the workers' environment), so a grading pays no interpreter start nor torch import
  per rank;
- the real torchrun for the two-node launch exercise (the launcher is what it tests): two agents
  on the argument lists the user's `launch_args(port)` returns, each torchrun's own entry point
  (`torch.distributed.run`) run in a process the rank zygote forked (forked.Zygote, made before
  the user's file loads), whose workers are stubs (stub.py) for which the zygote forks the ranks;
- the plain torchrun where forking is not safe (nccl, CUDA already initialised here) or
  `fork_ranks` is off: one agent (`--nnodes=1`,
  c10d rendezvous on 127.0.0.1 and a free port) or the user's two, each
  `sys.executable -m torch.distributed.run ... -m dlprep.checkers.families.torchrun.rank JOBDIR`.

Every rank runs the user's entry (see rank.py) and writes its result file.

Deadlines are enforced here, not by the worker, so that a hang still produces facts: the run ends
when the agents have exited, when a rank that finished has waited STRAGGLER seconds for a peer
that did not (a collective nobody else joined), or at the overall deadline a few seconds before
the worker's own limit. Then every process of the run except this one is killed and reaped, and
the facts say which ranks started, which finished, and which were still alive when it ended.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from dlprep.checkers.families.torchrun import forked, options, stub
from dlprep.checkers.families.torchrun.rank import PEER_GONE
from dlprep.checkers.sandbox import harness
from dlprep.checkers.sandbox.isolation import PR_SET_CHILD_SUBREAPER, children_of, prctl, reap_zombies

KILL_MARGIN_S = 8.0  # left of the worker's limit for killing the run and sending the facts
POLL_S = 0.1
EXIT_GRACE_S = 1.0  # after every rank's result, or an agent's failure, how long the rest get to finish
TAIL_BYTES = 4096  # of each agent's stderr, kept for the grader to quote the agent's own error
RANK_MODULE = "dlprep.checkers.families.torchrun.rank"
STUB_MODULE = "dlprep.checkers.families.torchrun.stub"
# The agents' and workers' environment: gloo must use loopback (the only interface up), the
# rendezvous must advertise 127.0.0.1 rather than the host name (it may resolve to an address
# that does not exist in this namespace); PET_* variables are torchrun's defaults for its flags,
# so an explicit flag in a user's launch arguments still wins.
RUN_ENV = {"GLOO_SOCKET_IFNAME": "lo", "PET_LOCAL_ADDR": "127.0.0.1", "OMP_NUM_THREADS": "1",
           "TORCH_CPP_LOG_LEVEL": "ERROR", "PYTHONUNBUFFERED": "1"}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def single_node_args(nproc: int, port: int) -> list[str]:
    return ["--nnodes=1", f"--nproc-per-node={nproc}", "--rdzv-backend=c10d", f"--rdzv-endpoint=127.0.0.1:{port}",
            "--rdzv-id=dlprep", "--max-restarts=0"]


def _user_launch(mod: Any, port: int) -> list[list[str]]:
    """The user's two argument lists; a wrong shape is their error, reported like an exception."""
    fn = harness.entry_point(mod, "launch_args")
    args = fn(port)
    if type(args) not in (list, tuple) or len(args) != 2:
        got = f"a {type(args).__name__} of {len(args)} item(s)" if type(args) in (list, tuple) else type(args).__name__
    elif not all(type(a) in (list, tuple) and all(type(s) is str for s in a) for a in args):
        got = "two items that are not both lists of strings"
    else:
        return [list(a) for a in args]
    raise TypeError(f"launch_args(port) must return two lists of strings (node 0's and node 1's torchrun options), "
                    f"got {got}")


def cannot_meet(launches: list[list[str]]) -> str | None:
    """Why two agents' options can never form one job, known before launching them, or None. Two
    agents that each need exactly 2 nodes at a c10d rendezvous but name different rendezvous ids or
    endpoints each wait in a rendezvous of their own until torchrun's rendezvous timeout (15 min):
    the run would end at the grading's deadline with no rank started, so it is judged so without
    being run. Anything less certain (an elastic node range, another backend, options torchrun
    rejects) is launched and judged on what happens. Read with torchrun's own parser."""
    parsed = []
    for args in launches:
        ns = options.parse(args)
        if ns is None or ns.standalone or ns.rdzv_backend != "c10d" or not options.exactly_nodes(ns, 2):
            return None
        parsed.append(ns)
    if len(parsed) != 2:
        return None
    a, b = parsed
    if a.rdzv_id != b.rdzv_id:
        return f"the two agents name different rendezvous ids ({a.rdzv_id!r} and {b.rdzv_id!r})"
    if a.rdzv_endpoint != b.rdzv_endpoint:
        return f"the two agents name different rendezvous endpoints ({a.rdzv_endpoint!r} and {b.rdzv_endpoint!r})"
    return None


def _descendants() -> list[int]:
    """Every process this one started, however deep: we are their subreaper (see run_child), so a
    rank whose agent died first is still ours until it is reaped."""
    found, todo = [], [os.getpid()]
    while todo:
        kids = children_of(todo.pop())
        found += kids
        todo += kids
    return found



def kill_all(timeout_s: float = 10.0) -> int:
    """SIGKILL every process of the run and reap them; returns how many were still running."""
    seen: set[int] = set()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        reap_zombies()
        pids = _descendants()
        if not pids:  # zombies included: they linger in /proc until reaped, and would count as left behind
            break
        for p in pids:
            if _alive(p):
                seen.add(p)
                try:
                    os.kill(p, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
        time.sleep(0.02)
    return len(seen)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


def _supervise(agents: list[Any], jobdir: Path, world: int, deadline: float,
               straggler_s: float) -> dict[str, Any]:
    """Wait for the run to end one way or another; forward the agents' stderr, keeping its tail."""
    launched = time.monotonic()
    first_start = first_done = failed = None

    def gave_up() -> bool:
        """A rank already waited straggler_s between two calls for a peer that never came (rank.py's
        PeerGone): the peer had its time, so the run ends now instead of after a second wait."""
        return (jobdir / PEER_GONE).is_dir() and any((jobdir / PEER_GONE).iterdir())

    ended = "exited"
    tails = [b""] * len(agents)
    sel = selectors.DefaultSelector()
    for i, a in enumerate(agents):
        if a.stderr is not None:  # forked ranks write to this process's own stderr
            sel.register(a.stderr, selectors.EVENT_READ, i)
    while any(a.poll() is None for a in agents):
        for key, _ in sel.select(timeout=POLL_S):
            chunk = os.read(key.fileobj.fileno(), 1 << 16)  # type: ignore[union-attr]
            if not chunk:
                sel.unregister(key.fileobj)
                continue
            os.write(2, chunk)
            tails[key.data] = (tails[key.data] + chunk)[-TAIL_BYTES:]
        now = time.monotonic()
        if first_start is None and any((jobdir / "started").iterdir()):
            first_start = now
        done = list((jobdir / "results").glob("*.wire"))
        if done and first_done is None:
            first_done = now
        if failed is None and any(a.poll() not in (None, 0) for a in agents):
            failed = now  # with --max-restarts=0 a failed agent never comes back: its peers would wait forever
        if first_done is not None and len(done) >= world and now - first_done > EXIT_GRACE_S:
            ended = "done"  # every rank has its result: what is left is torchrun's own shutdown
            break
        if failed is not None and now - failed > EXIT_GRACE_S:
            ended = "agent failed"
            break
        if first_done is not None and (now - first_done > straggler_s or gave_up()):
            ended = "straggler"
            break
        if now > deadline:
            ended = "deadline"
            break
    for key, _ in sel.select(timeout=0):  # what the agents wrote just before they exited
        chunk = os.read(key.fileobj.fileno(), 1 << 16)  # type: ignore[union-attr]
        os.write(2, chunk)
        tails[key.data] = (tails[key.data] + chunk)[-TAIL_BYTES:]
    sel.close()
    started = {p.name: p.read_text() for p in (jobdir / "started").iterdir()}
    alive = sorted(_rank_of(tag) for tag, pid in started.items() if pid.isdigit() and _alive(int(pid)))
    waited = time.monotonic() - first_done if first_done is not None else None
    if waited is not None and gave_up():
        waited += straggler_s  # the rank's own wait for its peer, before it returned
    return {"ended": ended, "alive": alive, "started": sorted(map(_rank_of, started)), "waited_s": waited,
            "startup_s": None if first_start is None else first_start - launched, "exits": [a.poll() for a in agents],
            "agent_stderr": [t.decode("utf-8", "replace") for t in tails]}


def _rank_of(tag: str) -> int:
    """`<node>-<rank>` (see rank.py) -> rank."""
    try:
        return int(tag.rpartition("-")[2])
    except ValueError:
        return -1


def _collect(jobdir: Path) -> dict[str, Any]:
    ranks: dict[str, Any] = {}
    for p in sorted((jobdir / "results").glob("*.wire")):
        try:
            ranks[p.stem] = harness.load(p.read_bytes())
        except Exception as e:  # a rank's file the user's code clobbered: fail closed, say so
            ranks[p.stem] = {"rank": _rank_of(p.stem), "unreadable": f"{type(e).__name__}: {e}"[:300]}
    return ranks


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    t0 = time.monotonic()
    data = harness.load(payload)
    port = free_port()
    world = int(data["world"])
    # Forked before the user's file is loaded here, so each rank starts from a process that has
    # imported torch but never ran the user's code (as a fresh rank interpreter would).
    fork = bool(data.get("fork_ranks", True)) and forked.fork_safe(data["spec"])
    ranks = forked.ForkedRanks(world) if fork and data["nodes"] == 1 else None
    # Two nodes: the real torchrun agents, whose workers are stubs the zygote forks ranks for.
    zygote = forked.Zygote() if fork and data["nodes"] != 1 else None
    mod, _, failed = harness.load_solution(job)
    if failed is not None:
        if ranks is not None:
            ranks.cancel()
        if zygote is not None:
            zygote.close()
        return failed
    if data["nodes"] == 1:
        launches = [single_node_args(world, port)]
    else:
        try:
            launches = _user_launch(mod, port)
        except harness.UserCodeError as e:
            if zygote is not None:
                zygote.close()
            return harness.dump({"launch_error": e.info, **harness.run_facts()})
        except BaseException as e:
            harness.stop_if_forked()
            if zygote is not None:
                zygote.close()
            return harness.dump({"launch_error": harness.error_info(e, job["filename"]), **harness.run_facts()})
        harness.stop_if_forked()
        apart = cannot_meet(launches)
        if apart is not None:
            if zygote is not None:
                zygote.close()
            return harness.dump({"never_meets": apart, "launches": launches, "port": port, **harness.run_facts()})

    jobdir = Path(os.getcwd()) / ".dlprep"
    for sub in ("started", "results"):
        (jobdir / sub).mkdir(parents=True, exist_ok=True)
    (jobdir / "source.py").write_text(job["source"], encoding="utf-8")
    (jobdir / "job.json").write_text(json.dumps({"filename": job["filename"], "entry": job["entry"],
                                                       "straggler_s": float(data["straggler_s"])}))
    (jobdir / "spec.wire").write_bytes(harness.dump(data["spec"]))  # harness.dump: immune to patching

    budget = float(job.get("timeout", 60))
    deadline = t0 + max(budget * 0.6, budget - KILL_MARGIN_S)
    # Orphans re-parent to us, not to the run's trusted parent: killing an agent before its ranks
    # must not let a dying rank drop out of our tree, or kill_all would return while it still
    # runs and the trusted parent would count it as left running by the solution.
    try:
        prctl(PR_SET_CHILD_SUBREAPER, 1)
    except (OSError, AttributeError):  # not Linux: the run's sweep by uid or group still ends them
        pass
    sys.stdout.flush()
    sys.stderr.flush()
    agents: list[Any] = []
    if ranks is not None:
        ranks.start(jobdir, port, RUN_ENV)
        agents.append(ranks)
    for node, args in enumerate(launches if ranks is None else []):
        env = {**os.environ, **RUN_ENV, "DLPREP_NODE": str(node)}
        worker = RANK_MODULE
        if zygote is not None:
            env[stub.ZYGOTE_ENV] = zygote.name
            worker = STUB_MODULE
        try:
            if zygote is not None:  # the real agent code, in a fork of a process that imported torch
                agents.append(zygote.agent([*args, "-m", worker, str(jobdir)], env))
                continue
            agents.append(subprocess.Popen([sys.executable, "-m", "torch.distributed.run", *args, "-m", worker,
                                            str(jobdir)], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env))
        except OSError as e:  # the sandbox cannot run the interpreter: not the solution's fault
            kill_all()
            return harness.dump({"start_error": f"{type(e).__name__}: {e}"[:300], **harness.run_facts()})
    run = _supervise(agents, jobdir, world, deadline, float(data["straggler_s"]))
    if ranks is not None:
        ranks.close()
    if zygote is not None:
        zygote.close()
    killed = kill_all()
    return harness.dump({"ranks": _collect(jobdir), "launches": launches, "port": port, "killed": killed,
                         "launcher": "forked" if ranks is not None else "torchrun" + (" + zygote" if zygote else ""),
                         "elapsed_s": time.monotonic() - t0, **run, **harness.run_facts()})
