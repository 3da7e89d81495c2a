"""The worker torchrun's agent starts for a two-node job: a stand-in that imports no torch.

    python -m dlprep.checkers.families.torchrun.stub JOBDIR     (child.py, via the agents)

The launcher exercise must run the real torchrun (its agents, rendezvous and worker environment
are what it tests), but the workers themselves need not pay an interpreter's torch import each:
this stub hands its environment and its stdin/stdout/stderr to the rank zygote (forked.Zygote,
listening on the abstract socket named in DLPREP_RANK_ZYGOTE), which forks the rank from a process
that already imported torch. The stub stays the agent's worker: it forwards the signals the agent
sends (SIGTERM when a peer failed) to the rank and exits with the rank's status, so the agent sees
what it would have seen of the rank itself.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys

ZYGOTE_ENV = "DLPREP_RANK_ZYGOTE"


def main(jobdir: str) -> None:
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.connect("\0" + os.environ[ZYGOTE_ENV])
    request = json.dumps({"jobdir": jobdir, "env": dict(os.environ)}).encode()
    socket.send_fds(conn, [len(request).to_bytes(8, "little") + request], [0, 1, 2])
    f = conn.makefile("rb")
    pid = int(f.readline())

    def forward(sig: int, _frame: object) -> None:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, forward)
    line = f.readline()  # the rank's exit code, once it has ended
    code = int(line) if line.strip() else 1
    if code < 0:  # killed by a signal: die of the same one, as the rank did
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    sys.exit(code)


if __name__ == "__main__":
    main(sys.argv[1])
