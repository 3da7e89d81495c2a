"""What this machine can run: a question's `requires` checked against the environment.

verify skips (and counts) a question whose requirement is missing here; the quiz leaves out the
coding questions it could not grade here. `environment()` imports torch, so call it only when a
question actually declares a requirement.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Environment:
    cuda: bool
    gpus: int
    triton: bool
    compiler: bool = True  # a C++ compiler, which torch.compile's default backend needs on CPU

    def lacks(self, requires: Iterable[str]) -> str | None:
        """Why a question with these requirements cannot run here, or None if it can."""
        for need in requires:
            if need == "cuda" and not self.cuda:
                return "needs a CUDA device"
            if need == "multi_gpu" and self.gpus < 2:
                return "needs at least two GPUs"
            if need == "triton" and not self.triton:
                return "needs triton"
            if need == "compile" and not (self.compiler or self.cuda):
                return "needs a C++ compiler for torch.compile"
        return None  # `multiprocess` runs anywhere; it marks slow, process-spawning questions

    def to_json(self) -> dict[str, object]:
        return {"cuda": self.cuda, "gpus": self.gpus, "triton": self.triton, "compiler": self.compiler}


def _has_compiler() -> bool:
    names = [os.environ.get("CXX", ""), "g++", "clang++", "c++"]
    return any(n and shutil.which(n) for n in names)


@cache
def environment() -> Environment:
    import torch

    try:
        import triton  # noqa: F401

        has_triton = True
    except Exception:
        has_triton = False
    n = torch.cuda.device_count() if torch.cuda.is_available() else 0
    return Environment(cuda=n > 0, gpus=n, triton=has_triton, compiler=_has_compiler())
