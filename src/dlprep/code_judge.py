"""Judging a short answer that is code by running it: the question's trusted `judge` snippet
defines `check(answer: str) -> bool`, and the typed text is handed to it in the sandbox, so every
expression that behaves right is accepted (`torch.clone(x).detach()` as well as
`x.detach().clone()`). The typed text is user input and runs only there, never in this process.

This process does not import torch: the sandbox's warm worker does, once, and a session starts it
in the background when such a question comes up (`warm`), so the answer is judged in tens of ms.
"""

from __future__ import annotations

import threading
from typing import Any

from dlprep.checkers.sandbox import warmups

# The one place that names the child harness that runs a snippet (verify uses it too).
SNIPPET_HARNESS = "dlprep.checkers.sandbox.snippet:run_child"
JUDGE_TIMEOUT_S = 20.0
_VERDICT = "dlprep-judge:"

# Appended to the judge snippet. An answer that raises, or does not parse, is wrong, not an error;
# the verdict is the last line printed. (Like everything in the sandbox it protects the machine,
# not the score: an answer crafted to print the verdict line only fools the one who typed it.)
_WRAPPER = """

try:
    _dlprep_ok = check({answer!r}) is True
except BaseException:
    _dlprep_ok = False
print()
print({verdict!r}, "accept" if _dlprep_ok else "reject")
"""


# CUDA reserves far more virtual memory than it uses: under the sandbox's default address-space
# limit its initialisation fails ("Unexpected error from cudaGetDeviceCount()", seen on an H200)
CUDA_ADDRESS_SPACE_MB = 1 << 20


def snippet_job(code: str, name: str, timeout: float, cuda: bool = False) -> dict[str, Any]:
    limits: dict[str, int] = {"cpu_s": int(timeout * 4)}
    if cuda:
        limits["mem_mb"] = CUDA_ADDRESS_SPACE_MB
    return {"harness": SNIPPET_HARNESS, "source": code, "filename": f"<{name}>", "timeout": timeout, "limits": limits,
            "warm": [warmups.DYNAMO]}  # a snippet may step an optimizer, call torch.func...


def judge_job(judge: str, answer: str, name: str) -> dict[str, Any]:
    return snippet_job(judge + _WRAPPER.format(answer=answer, verdict=_VERDICT), f"{name}:judge", JUDGE_TIMEOUT_S)


def accepted(run: Any) -> bool:
    """A run of judge_job accepted the answer: the harness finished and the last line says so."""
    lines = [ln.strip() for ln in (run.stdout or "").splitlines() if ln.strip()]
    return bool(run.ok and lines and lines[-1] == f"{_VERDICT} accept")


class CodeJudge:
    """One warm sandbox worker for a session's code answers, started on demand or ahead of time."""

    def __init__(self) -> None:
        self._sandbox: Any = None
        self._lock = threading.Lock()
        self._run_lock = threading.Lock()
        self._warming: threading.Thread | None = None
        self._closed = False

    def _ensure(self) -> Any:
        with self._lock:
            if self._sandbox is None:
                # Imported here: the sandbox module itself does not import torch; its worker does.
                from dlprep.checkers.sandbox.client import Sandbox

                self._sandbox = Sandbox()
            self._sandbox.ensure()
            return self._sandbox

    def warm(self) -> None:
        """Start the worker in the background (it imports torch: seconds) while the user reads."""
        if self._warming is None:
            self._warming = threading.Thread(target=self._warm, daemon=True)
            self._warming.start()

    def _warm(self) -> None:
        try:
            self._ensure()
        except Exception:  # judging will try again and report the failure then
            pass
        if self._closed:  # the session ended while the worker was starting
            self._close_sandbox()

    def judge(self, judge: str, answer: str, name: str) -> bool:
        return accepted(self.run(judge_job(judge, answer, name)))

    def run(self, job: dict[str, Any]) -> Any:
        """Any sandbox job (a spot-the-bug input, a variant's snippet) in the same warm worker; the
        lock keeps one run at a time when a background computation shares it."""
        if self._warming is not None:
            self._warming.join()
        sandbox = self._ensure()
        with self._run_lock:
            return sandbox.run(job)

    def close(self) -> None:
        """Never waits for a worker still starting (quitting stays instant): that one is closed
        by its own thread when it is up."""
        self._closed = True
        if self._warming is None or not self._warming.is_alive():
            self._close_sandbox()

    def _close_sandbox(self) -> None:
        with self._lock:
            if self._sandbox is not None:
                self._sandbox.release()
                self._sandbox = None
