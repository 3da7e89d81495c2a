"""Trusted checker data for `triton_vector_add` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- grid rounded down (n // BLOCK) or one short ((n - 1) // BLOCK) -> n=1, 1023, 1025 and the
  hidden lengths, which are multiples of no power of two (unwritten sentinels).
- no mask, or offsets <= n -> the family's canaries around out and its traced loads.
- offsets scaled by the element size (C byte arithmetic) -> canaries; float16 case (2 bytes).
- float16 mishandled -> n=3001-float16 (exact dtype and values); contract dtype=float16 at every size.
- a grid capped at a number of programs that covers every hand-picked length -> contract
  size=long (wrong/grid_capped: 4 programs of 1024 cover every public length).
- an empty input (a zero-size grid, or an assert n > 0) -> empty; contract size=empty.
- computing x + y with torch and launching nothing -> the family's launch count.
- modifying x or y, returning a new tensor -> the family (inputs compared, sentinel in out).
- the kernel does the whole blocks and torch.add the tail -> the family's dispatch mode records
  the launcher's torch compute between kernel runs (none allowed) (wrong/tail_on_host).
- (not a mistake) the Triton tutorial's module-level
  `triton.runtime.driver.active.get_active_torch_device()`
  -> the child stands in a CPU driver under the interpreter (right/tutorial_paste).
"""

import torch

from dlprep.checkers.families.triton.judge import KernelCase, contract_length

ARG_NAMES = ("x", "y", "out")


def oracle(x, y):
    return x + y


def _pair(gen, n, dtype=torch.float32):
    return torch.randn(n, generator=gen).to(dtype), torch.randn(n, generator=gen).to(dtype)


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        KernelCase("n=1", _pair(gen, 1)),
        KernelCase("n=1023", _pair(gen, 1023)),
        KernelCase("n=1024", _pair(gen, 1024)),
        KernelCase("n=1025", _pair(gen, 1025)),
        KernelCase("n=3001-float16", _pair(gen, 3001, torch.float16)),
        KernelCase("empty", _pair(gen, 0)),
    ]


LONG_BLOCKS = (33, 48)  # n from 4225 to 6143: past every hand-picked length (3001) and 4 blocks of 1024


def _size(gen, kind, tail_blocks=24):
    return contract_length(gen, kind, unit=128, tail_blocks=tail_blocks, long_blocks=LONG_BLOCKS)


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): n of any length (1, empty, a tail, long) in
    float32 or float16."""
    return KernelCase("contract", _pair(gen, _size(gen, point["size"]), getattr(torch, point["dtype"])))


def hidden_cases(gen, n):
    return [KernelCase(f"random-{i}", _pair(gen, _size(gen, "tail", tail_blocks=40))) for i in range(n)]


def timing_case():
    return KernelCase("timing", (torch.empty(1 << 26, device="meta"), torch.empty(1 << 26, device="meta")))
