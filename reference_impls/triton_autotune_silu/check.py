"""Trusted checker data for `triton_autotune_silu` (imported by the grader only).

The family runs every case once per autotune config (pinning the autotuner to one config at a
time), so a config that is wrong is caught even when the tuner would not have picked it.

Threat list (how a candidate gets this wrong -> what kills it):
- sigmoid as exp(x) / (1 + exp(x)): inf/inf = NaN above x ~ 88 -> n=2051-large (|x| up to ~160);
  contract values=large at every size.
- clamping x (not only the exp argument) to dodge overflow -> n=2051-large.
- a grid fixed for one BLOCK_SIZE, or n // BLOCK_SIZE (tail or a short input never written)
  -> every case runs once per config; n=1 and n=1025 leave unwritten sentinels.
- no mask, or offs <= n -> the family's canaries around out and its traced loads; n=1, n=1025.
- only one config, or passing BLOCK_SIZE from the launcher (the tuner raises) -> autotune check.
- an empty input: a zero-size grid -> n=0.
- modifying x in place -> the family compares x bit for bit after the call.
- precision lost by computing in float16/bfloat16 -> float32 tolerance (rtol 1e-4) on every case.
- torch doing part of the work on the host after a launch (the kernel does one block and torch
  the rest) -> the family's dispatch mode records the launcher's torch compute between kernel runs
  (none allowed) (wrong/host_finishes_tail).
- configs that differ only in num_warps or num_stages, so a fixed grid stays right -> the autotune
  check counts distinct meta-parameter sets (wrong/same_block_size, wrong/stages_only).
- a num_warps that is not a power of 2 (num_warps=3): the interpreter ignores it, every GPU compiler
  rejects it -> the family's kernel check reads num_warps off every config and launch.
"""

import torch

from dlprep.checkers.families.triton.judge import KernelCase, contract_length

ARG_NAMES = ("x", "out")


def oracle(x):
    return torch.nn.functional.silu(x)


def _vec(gen, n, scale=3.0):
    return (torch.randn(n, generator=gen) * scale,)


def public_cases():
    gen = torch.Generator().manual_seed(5)
    return [
        KernelCase("n=0", _vec(gen, 0)),  # "any length": an empty launch grid must not raise
        KernelCase("n=1", _vec(gen, 1)),
        KernelCase("n=1000", _vec(gen, 1000)),
        KernelCase("n=1025", _vec(gen, 1025)),
        # sigmoid(-100) underflows to 0 and sigmoid(100) rounds to 1: silu must stay finite
        KernelCase("n=2051-large", _vec(gen, 2051, scale=40.0)),
    ]


def _size(gen, kind):
    # tail: every config's BLOCK_SIZE leaves a partial last block; long: 4353 to 6143, more than
    # one block of any config up to 4096
    return contract_length(gen, kind, unit=256, tail_blocks=12, long_blocks=(17, 24))


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): any length, with ordinary values or with
    magnitudes where exp(x) overflows float32."""
    return KernelCase("contract", _vec(gen, _size(gen, point["size"]), 60.0 if point["values"] == "large" else 3.0))


def hidden_cases(gen, n):
    return [KernelCase(f"random-{i}", _vec(gen, _size(gen, "tail"))) for i in range(n)]


def timing_case():
    return KernelCase("timing", (torch.empty(1 << 26, device="meta"),))
