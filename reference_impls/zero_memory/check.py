"""Trusted checker data for `zero_memory` (imported by the grader only): ZeRO's per-GPU model-state memory.

Mixed-precision Adam as in the ZeRO paper: fp16 parameters (2 bytes) and gradients (2 bytes), and
K = 12 bytes of optimizer state (fp32 master parameters, momentum, variance). Stage 1 partitions
the optimizer states over the data-parallel ranks, stage 2 the gradients too, stage 3 also the
parameters; a partitioned quantity costs 1/dp of its full size per GPU (no padding).

Threat list (how a candidate gets this wrong -> what kills it):
- a stage partitioning one quantity too many or too few -> the four 7.5B-params cases.
- fp32 master weights left whole (only momentum and variance partitioned) -> 7.5B stage 1.
- floor division or rounding up to whole bytes -> uneven-split-stage-2, one-parameter-stage-1
  (uneven-split-stage-3 divides exactly).
- ints returned for unpartitioned quantities (floats are asked for) -> 7.5B stage 0 (type check).
- dp = 1 and a single parameter -> one-gpu-stage-3, one-parameter-stage-1.
Plain numbers in, plain numbers out: no dtype, aliasing or error-path threats apply.
"""

import torch

from dlprep.checkers.base import Case


def oracle(num_params, dp, stage):
    params, grads, optim = 2.0 * num_params, 2.0 * num_params, 12.0 * num_params
    if stage >= 1:
        optim /= dp
    if stage >= 2:
        grads /= dp
    if stage >= 3:
        params /= dp
    return (params, grads, optim)


def public_cases():
    paper = [Case(f"7.5B-params-64-gpus-stage-{s}", (7_500_000_000, 64, s)) for s in range(4)]
    return [*paper,
            Case("one-gpu-stage-3", (1_000_000, 1, 3)),
            Case("uneven-split-stage-2", (1000, 3, 2)),
            Case("uneven-split-stage-3", (1001, 7, 3)),
            Case("one-parameter-stage-1", (1, 8, 1))]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        num_params = int(torch.randint(1, 200_000, (), generator=gen)) * int(torch.randint(1, 1_000_000, (),
                                                                                          generator=gen))
        dp = int(torch.randint(2, 1025, (), generator=gen))
        cases.append(Case(f"random-{i}", (num_params, dp, i % 4)))
    return cases


def contract_case(point, gen):
    """Every stage over data-parallel sizes that do and do not divide, one GPU, huge models and a
    single parameter; called positionally or with the parameter names the prompt gives."""
    dp = {"uneven": int(torch.randint(3, 100, (), generator=gen)) | 1, "one": 1,
          "power_of_two": 2 ** int(torch.randint(1, 11, (), generator=gen)),
          "large": int(torch.randint(1000, 100_000, (), generator=gen))}[point["dp"]]
    n = {"billions": int(torch.randint(1, 500, (), generator=gen)) * 1_000_000_007, "one": 1,
         "prime": 1_000_003}[point["num_params"]]
    args = {"num_params": n, "dp": dp, "stage": int(point["stage"])}
    if point["call"] == "keyword":
        return Case("contract", (), args)
    return Case("contract", tuple(args.values()))
