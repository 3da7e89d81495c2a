"""Trusted checker data for `batched_matmul` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- sum() promotes int32 to int64 (torch.matmul keeps int32) -> case int32-k1025 (exact dtype).
- computing in float32 and casting back (float64 or large int32 sums lose digits)
  -> cases float64-cancellation (1e8 + 1 - 1e8) and int32-k1025 (sums near 1e9, exact compare).
- low-precision accumulation (half) -> long-k-1025/1023 and float64-cancellation.
- a loop that starts from the k=0 term or stacks per batch -> empty-k and empty-batch.
- view() on a non-contiguous b -> non-contiguous.
- a loop that skips a batch or row (off by one) -> every case with B > 1.
- modifying an input in place -> the family compares every input after the call.
- calling a forbidden op through getattr/eval/vars(torch) (torch.bmm still runs) -> the forbidden
  callables are wrapped in the child before the file loads (sandbox/enforce.py): wrong/getattr_bmm,
  wrong/einsum_via_dict, tests/adversarial/evade_rule_*.
- (not a mistake) a `__main__` self-test that calls torch.matmul -> rules skip that block
  (right/main_selftest).
"""

import torch

from dlprep.checkers import domain
from dlprep.checkers.base import Case


def oracle(a, b):
    return torch.matmul(a, b)


def error_scale(a, b):
    # Each output element sums k products: its rounding error follows |a| @ |b|, not the sum,
    # which may cancel to near 0 (compare.TERM_RTOL). Computed in float64 from the inputs.
    if not a.is_floating_point():
        return None
    return torch.matmul(a.double().abs(), b.double().abs())


def _pair(gen, batch, n, k, m, dtype=torch.float32):
    return (torch.randn(batch, n, k, generator=gen, dtype=dtype), torch.randn(batch, k, m, generator=gen, dtype=dtype))


def _int_pair(gen, batch, n, k, m):
    # Entries in [900, 999] and k = 1025 give sums near 1e9 (below 2**31): exact in int32, not in
    # float32, whose 24-bit mantissa drops the low bits once a partial sum passes 2**24. Entries of
    # either sign would cancel to sums near 1e7, which float32 still holds exactly.
    return (torch.randint(900, 1000, (batch, n, k), generator=gen, dtype=torch.int32),
            torch.randint(900, 1000, (batch, k, m), generator=gen, dtype=torch.int32))


def public_cases():
    gen = torch.Generator().manual_seed(0)
    a, b = _pair(gen, 2, 3, 4, 5)
    bt = torch.randn(3, 5, 4, generator=gen).transpose(1, 2)  # non-contiguous (3, 4, 5)
    # Row (1e8, 1, -1e8) times a column of ones is exactly 1 in float64 and 0 in float32.
    big = torch.tensor([[[1e8, 1.0, -1e8], [0.5, 2.0, 4.0]]], dtype=torch.float64)
    return [
        Case("small", (a, b)),
        Case("ones", _pair(gen, 1, 1, 1, 1)),
        Case("odd", _pair(gen, 3, 7, 5, 3)),
        Case("long-k-1025", _pair(gen, 1, 3, 1025, 2)),
        Case("long-k-1023", _pair(gen, 2, 2, 1023, 3)),
        Case("non-contiguous", (torch.randn(3, 2, 4, generator=gen), bt)),
        Case("float64", _pair(gen, 2, 4, 3, 2, torch.float64)),
        Case("float64-cancellation", (big, torch.ones(1, 3, 2, dtype=torch.float64))),
        Case("int32-k1025", _int_pair(gen, 2, 3, 1025, 2)),
        Case("empty-batch", _pair(gen, 0, 3, 4, 5)),
        Case("empty-k", _pair(gen, 2, 3, 0, 4)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        batch, rows, k, cols = (int(v) for v in torch.randint(1, 9, (4,), generator=gen))
        cases.append(Case(f"random-{i}", _pair(gen, batch, rows, k * 17, cols)))
    return cases


def contract_case(point, gen):
    """Any layout of either operand, any dtype the prompt names, k from 0 to past 1024, an empty
    batch: one case of the stated domain (contract.yaml)."""
    batch = {"small": 3, "one": 1, "empty": 0}[point["batch"]]
    k = {"small": 5, "one": 1, "long": 1025, "zero": 0}[point["k"]]
    n, m = (int(v) for v in torch.randint(1, 6, (2,), generator=gen))
    dt, values = point["dtype"], "normal"
    if dt in ("int32", "int64"):
        values = "huge"  # large integer entries: a float32 detour loses the low digits
    elif dt == "float16":
        values = "positive"  # a float16 running sum drifts once it grows past a few hundred
    a = domain.tensor((batch, n, k), gen, dt, point["a_layout"], values)
    b = domain.tensor((batch, k, m), gen, dt, point["b_layout"], values)
    return Case("contract", (a, b))
