"""The ranks of a one-node job, forked from the sandboxed child instead of launched by torchrun.

torchrun's agent costs a fresh interpreter that imports torch, and each rank another one: most of
a grading's time on a small machine. Where the exercise does not test the launcher, the child
(which already imported torch, and has not yet loaded the user's file) forks the ranks itself and
sets up what the agent would have:

- the rendezvous: a TCP store served by this process on 127.0.0.1 (inside the run's own network
  namespace), which the ranks join as clients because TORCHELASTIC_USE_AGENT_STORE is "True",
  exactly how torchrun's workers reuse their agent's store in `init_process_group("env://")`;
- the workers' environment, as `LocalElasticAgent._start_workers` writes it (RANK, LOCAL_RANK,
  WORLD_SIZE, LOCAL_WORLD_SIZE, GROUP_RANK, ROLE_*, MASTER_ADDR/PORT, TORCHELASTIC_*);
- the agent's failure handling: when a rank exits with an error the others are stopped (SIGTERM)
  and the job's status is 1, as torchrun's exit status would be.

`ForkedRanks` then stands in for the agent's Popen in child.py's supervisor (`poll()`, no stderr
pipe: the ranks write to the child's own). The forks wait on a pipe for the go-ahead, so they are
made before any user code runs here and started only once the job's files are written.

The two-node launch exercise tests the launcher, so there the real torchrun runs: `Zygote`, forked
before the user's file loads, forks each agent (torchrun's own `torch.distributed.run.main` on the
agent's arguments; `ForkedAgent` is its Popen for the supervisor) and, for each worker stub the
agents start (stub.py), the rank, with the environment the agent gave that stub.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any

import torch

RUN_ID = "dlprep"


def fork_safe(spec: dict[str, Any]) -> bool:
    """nccl ranks need CUDA in each fork, which CUDA does not survive once initialised in the
    parent: those runs keep the real torchrun (and fresh interpreters)."""
    backend = spec.get("common", {}).get("backend", "gloo") if isinstance(spec, dict) else "gloo"
    return backend in ("gloo", "cpu:gloo") and not torch.cuda.is_initialized() and hasattr(os, "fork")


def worker_env(rank: int, world: int, port: int) -> dict[str, str]:
    """One node's worker environment, the keys and values torchrun's local agent gives its workers."""
    return {"RANK": str(rank), "LOCAL_RANK": str(rank), "WORLD_SIZE": str(world), "LOCAL_WORLD_SIZE": str(world),
            "GROUP_RANK": "0", "GROUP_WORLD_SIZE": "1", "ROLE_RANK": str(rank), "ROLE_NAME": "default",
            "ROLE_WORLD_SIZE": str(world), "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(port),
            "TORCHELASTIC_RESTART_COUNT": "0", "TORCHELASTIC_MAX_RESTARTS": "0", "TORCHELASTIC_RUN_ID": RUN_ID,
            "TORCHELASTIC_USE_AGENT_STORE": "True", "TORCH_NCCL_ASYNC_ERROR_HANDLING": "1", "DLPREP_NODE": "0"}


def _preload() -> None:
    """What every rank (and agent) imports anyway, imported once here so that the forks inherit it."""
    import torch.distributed  # noqa: F401
    import torch.distributed.algorithms.join  # noqa: F401
    import torch.distributed.run  # noqa: F401
    import torch.nn.parallel  # noqa: F401
    import torch.utils.data  # noqa: F401

    from dlprep.checkers.families.torchrun import rank  # noqa: F401


class ForkedRanks:
    """`world` forked ranks of one node, supervised like torchrun's agent supervises its workers."""

    stderr = None  # child.py's supervisor forwards an agent's stderr pipe; the forks have none

    def __init__(self, world: int):
        _preload()
        self.world = world
        self.pids: list[int] = []
        self.go: list[int] = []  # write end of each rank's go-ahead pipe
        self.status: dict[int, int] = {}  # pid -> exit code (a signal as its negative, as Popen does)
        self.stopping = False
        self.store: Any = None
        sys.stdout.flush()
        sys.stderr.flush()
        for rank in range(world):
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the rank: nothing but the wait until the job is written
                os.close(w)
                for fd in self.go:
                    os.close(fd)
                self._rank(rank, r)
            os.close(r)
            self.pids.append(pid)
            self.go.append(w)

    def _rank(self, rank: int, go_fd: int) -> None:
        code = 1
        try:
            msg = b""
            while not msg.endswith(b"\n"):
                chunk = os.read(go_fd, 4096)
                if not chunk:  # the run was cancelled (a load error) or the child died
                    os._exit(0)
                msg += chunk
            os.close(go_fd)
            jobdir, port, extra = msg.decode().rstrip("\n").split("\0", 2)
            os.environ.update(dict(kv.split("=", 1) for kv in extra.split("\0") if kv))
            os.environ.update(worker_env(rank, self.world, int(port)))
            torch.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", "1")))
            from dlprep.checkers.families.torchrun import rank as rank_main
            from dlprep.checkers.sandbox import harness

            harness.started()  # this process is the one that writes the rank's result
            rank_main.main(Path(jobdir))  # ends with os._exit
        except BaseException:  # noqa: BLE001 - a broken rank must not return into the child's code
            import traceback

            traceback.print_exc()
        os._exit(code)

    def start(self, jobdir: Path, port: int, env: dict[str, str]) -> None:
        """Serve the store, then let the ranks run: `jobdir` is written by now."""
        from torch.distributed import TCPStore  # type: ignore[attr-defined]  # re-exported from a C module

        self.store = TCPStore("127.0.0.1", port, self.world, is_master=True, wait_for_workers=False)
        extra = "\0".join(f"{k}={v}" for k, v in env.items())
        msg = f"{jobdir}\0{port}\0{extra}\n".encode()
        for fd in self.go:
            try:
                os.write(fd, msg)
            except OSError:  # that rank is already gone; poll() reports it
                pass
            os.close(fd)
        self.go = []

    def cancel(self) -> None:
        """Nothing to run (the user's file did not load): the ranks exit without starting."""
        for fd in self.go:
            os.close(fd)
        self.go = []
        for pid in self.pids:
            self._wait(pid, block=True)

    def _wait(self, pid: int, block: bool = False) -> None:
        if pid in self.status:
            return
        try:
            done, status = os.waitpid(pid, 0 if block else os.WNOHANG)
        except ChildProcessError:  # reaped elsewhere: it is gone, its status unknown
            self.status[pid] = 1
            return
        if done:
            self.status[pid] = os.waitstatus_to_exitcode(status)

    def poll(self) -> int | None:
        """None while the job runs; then 0, or 1 when any rank failed. Like torchrun's agent, a
        failed rank stops the others (SIGTERM) before the job ends."""
        for pid in self.pids:
            self._wait(pid)
        failed = any(code != 0 for code in self.status.values())
        if failed and not self.stopping:
            self.stopping = True
            for pid in self.pids:
                if pid not in self.status:
                    try:
                        os.kill(pid, signal.SIGTERM)
                    except ProcessLookupError:
                        pass
        if len(self.status) < len(self.pids):
            return None
        return 1 if failed else 0

    def close(self) -> None:
        """Stop serving the store (the ranks are killed by the child's sweep right after)."""
        self.store = None


class Zygote:
    """For a two-node job (the real torchrun): a process forked before the user's file loads, that
    forks a rank for each stub (stub.py) the agents start, with the stub's environment and stdio,
    and reports the rank's pid and, once it ended, its exit code back to the stub."""

    def __init__(self) -> None:
        _preload()
        self.name = f"dlprep-ranks-{os.getpid()}-{os.urandom(4).hex()}"
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind("\0" + self.name)  # abstract: in the run's own network namespace, no file
        listener.listen(16)
        sys.stdout.flush()
        sys.stderr.flush()
        self.pid = os.fork()
        if self.pid == 0:
            code = 1
            try:
                self._serve(listener)
                code = 0
            finally:
                os._exit(code)
        listener.close()

    @staticmethod
    def _serve(listener: socket.socket) -> None:
        import select

        waiting: dict[int, socket.socket] = {}  # rank pid -> its stub's connection
        while True:
            ready, _, _ = select.select([listener], [], [], 0.05)
            if ready:
                conn, _ = listener.accept()
                head, fds, _, _ = socket.recv_fds(conn, 1 << 20, 3)
                size = int.from_bytes(head[:8], "little")
                body = head[8:]
                while len(body) < size:
                    chunk = conn.recv(size - len(body))
                    if not chunk:
                        break
                    body += chunk
                request = json.loads(body)
                pid = os.fork()
                if pid == 0:
                    listener.close()
                    conn.close()
                    for s in waiting.values():
                        s.close()
                    for i, fd in enumerate(fds):
                        os.dup2(fd, i)
                        os.close(fd)
                    if "agent" in request:
                        _run_agent(request["agent"], request["env"])
                    _run_rank(request["jobdir"], request["env"])
                for fd in fds:
                    os.close(fd)
                conn.sendall(f"{pid}\n".encode())
                waiting[pid] = conn
            for pid in list(waiting):
                try:
                    done, status = os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    done, status = pid, 1 << 8
                if done:
                    conn = waiting.pop(pid)
                    try:
                        conn.sendall(f"{os.waitstatus_to_exitcode(status)}\n".encode())
                    except OSError:
                        pass
                    conn.close()

    def agent(self, argv: list[str], env: dict[str, str]) -> ForkedAgent:
        """Start a torchrun agent (`torch.distributed.run` on `argv`) forked by the zygote."""
        return ForkedAgent(self.name, argv, env)

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


class ForkedAgent:
    """A torchrun agent the zygote forked, seen as child.py's supervisor sees a Popen: `stderr` (a
    pipe it reads) and `poll()` (None, then the agent's exit code)."""

    def __init__(self, zygote: str, argv: list[str], env: dict[str, str]):
        r, w = os.pipe()
        devnull = os.open(os.devnull, os.O_RDONLY)
        self.conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.conn.connect("\0" + zygote)
        request = json.dumps({"agent": argv, "env": env}).encode()
        socket.send_fds(self.conn, [len(request).to_bytes(8, "little") + request], [devnull, 1, w])
        os.close(w)
        os.close(devnull)
        self.stderr = os.fdopen(r, "rb", buffering=0)
        self.buf = b""
        self.pid: int | None = None
        self.code: int | None = None

    def poll(self) -> int | None:
        import select

        while self.code is None and select.select([self.conn], [], [], 0)[0]:
            chunk = self.conn.recv(4096)
            if not chunk:  # the zygote is gone: the agent with it
                self.code = 1
                break
            self.buf += chunk
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                if self.pid is None:
                    self.pid = int(line)
                else:
                    self.code = int(line)
        return self.code


def _run_agent(argv: list[str], env: dict[str, str]) -> None:
    """torchrun's own entry point, in a process that already imported torch."""
    code = 1
    try:
        os.environ.clear()
        os.environ.update(env)
        sys.argv = ["torchrun", *argv]
        from torch.distributed import run

        run.main()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # noqa: BLE001 - as torchrun's own process would: the error and status 1
        import traceback

        traceback.print_exc()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _run_rank(jobdir: str, env: dict[str, str]) -> None:
    """A rank in a forked process: the environment its launcher gave it, then rank.main."""
    try:
        os.environ.clear()
        os.environ.update(env)
        torch.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", "1")))
        from dlprep.checkers.families.torchrun import rank as rank_main
        from dlprep.checkers.sandbox import harness

        harness.started()
        rank_main.main(Path(jobdir))  # ends with os._exit
    except BaseException:  # noqa: BLE001 - a broken rank must not return into the zygote's loop
        import traceback

        traceback.print_exc()
    os._exit(1)
