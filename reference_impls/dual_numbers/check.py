"""Trusted checker data for `dual_numbers` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; every node's primal and tangent compared):
- a constant given tangent 1 -> log-cos-powers (addc, rmulc).
- product rule as u' * v' -> product-both-moving.
- chain rule forgotten (f'(u) without * u') -> sin-of-product, exp-of-sin (tangents != 1).
- -sin's sign dropped in cos -> log-cos-powers.
- x ** c as exp(c * log x) (fails for x <= 0) -> power-of-negative, power-at-zero.
- the tangent of x ** c as c * out / x (0/0 at x = 0) -> power-at-zero.
- zero tangents everywhere -> zero-tangent.
- int constants refused (2 * d), x ** 0 at x == 0 as 0 * 0 ** -1 -> int-powers-at-zero and contract
  constants=int (every other constant an int, exponents 0 and 1 too) (wrong/float_only_constants,
  wrong/pow_no_zero_exponent_case).
- a tangent computed lazily on first read (recursion as deep as the graph) -> the probe reads the
  nodes from the last back, on the 2,000-deep chain (wrong/lazy_recursive_tangent).
- d + c changing d in place -> contract reuse=after_constant (wrong/add_const_mutates).
- constants lifted with tangent 1, c * d scaling only the primal -> contract tangents=zero/one_hot.
The oracle's torch.func.jvp runs under a lock: forward-AD levels are process-wide, and two gradings
judging at once made the grader error (every red-team file of round 2 got `error`, rights refused).
"""

import torch

from dlprep.checkers.families.autograd.judge import ProbeCase
from dlprep.checkers.families.autograd.expr_graph import expression, forward_oracle, random_expression

PROBE = "expression"
PROBE_OPTIONS = {"mode": "forward", "attrs": ["primal", "tangent"]}
OPS = ("add", "sub", "mul", "addc", "rmulc", "powc", "sin", "cos", "exp", "log")


def oracle(expr):
    return forward_oracle(expr)


def _case(name, inputs, tangents, ops):
    return ProbeCase(name, (expression(inputs, ops, tangents),))


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("product-seed-x", [1.5, -2.0], [1.0, 0.0], [["mul", 0, 1]]),
        _case("product-both-moving", [1.5, -2.0], [0.5, 2.0], [["mul", 0, 1]]),
        _case("same-node-twice", [-1.25], [1.0], [["mul", 0, 0]]),
        _case("sin-of-product", [0.4, 2.5], [1.0, -0.5], [["mul", 0, 1], ["sin", 2, None]]),
        _case("exp-of-sin", [0.9], [2.0], [["sin", 0, None], ["exp", 1, None]]),
        _case("log-cos-powers", [1.3, 0.7], [0.25, 1.0],
              [["powc", 0, 2], ["addc", 2, 1.0], ["log", 3, None], ["cos", 1, None], ["powc", 5, -1],
               ["rmulc", 6, -3.0], ["sub", 4, 7]]),
        _case("zero-tangent", [0.3, 0.8], [0.0, 0.0], [["mul", 0, 1], ["exp", 2, None]]),
        _case("power-of-negative", [-1.5], [0.75], [["powc", 0, 2], ["powc", 0, 3], ["powc", 0, -1], ["add", 1, 2],
                                                    ["add", 4, 3]]),
        _case("power-at-zero", [0.0, 0.6], [1.0, 1.0], [["powc", 0, 2], ["powc", 0, 3], ["add", 2, 3], ["mul", 4, 1]]),
        # x - y with x == y: a base of exactly 0 to the integer powers 0 and 1, and int constants
        _case("int-powers-at-zero", [0.75, 0.75], [1.0, -0.5],
              [["sub", 0, 1], ["powc", 2, 0], ["powc", 2, 1], ["add", 3, 4], ["rmulc", 5, 2], ["addc", 6, 1]]),
        ProbeCase("deep-random", (random_expression(gen, OPS, 3, 60, with_tangents=True),)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        n_inputs = int(torch.randint(1, 5, (), generator=gen))
        n_ops = int(torch.randint(6, 30, (), generator=gen))
        cases.append(ProbeCase(f"random-{i}", (random_expression(gen, OPS, n_inputs, n_ops, with_tangents=True),)))
    return cases


# ---------------------------------------------------------------- the stated domain (contract.yaml)

# A 2,000-deep chain of ops whose derivative is at most 1 in size: the last bits in which plain floats and
# torch's kernels differ are not amplified along it (a chain of products or exps would be chaotic).
CHAIN_OPS = ("addc", "sin", "cos")

def _node(gen, n):
    return int(torch.randint(0, n, (), generator=gen))


def contract_case(point, gen):
    """A graph of the point's shape (random, a chain 2,000 nodes deep, or wide: many inputs), its
    inputs distinct or all equal, seeded with random, zero or one-hot tangents; with `reuse`, nodes
    used again after a constant was added to them or multiplied into them (an op must not change
    its operand)."""
    n_inputs = {"random": 3, "deep_chain": 2, "wide": 12}[point["shape"]]
    inputs = None
    if point["inputs"] == "equal":
        inputs = [round(0.25 + float(torch.rand((), generator=gen)), 3)] * n_inputs
    n_ops, recent = {"random": (40, 3), "deep_chain": (2000, 1), "wide": (30, 3)}[point["shape"]]
    ops = CHAIN_OPS if point["shape"] == "deep_chain" else OPS
    expr = random_expression(gen, ops, n_inputs, n_ops, with_tangents=True, recent=recent, inputs=inputs,
                             int_constants=point["constants"] == "int")
    if point["tangents"] == "zero":
        expr["tangents"] = [0.0] * n_inputs
    elif point["tangents"] == "one_hot":
        expr["tangents"] = [0.0] * n_inputs
        expr["tangents"][_node(gen, n_inputs)] = 1.0
    if point["reuse"] == "after_constant":
        ops, first = expr["ops"], len(expr["inputs"])
        n = first + len(ops)
        out = n - 1
        for _ in range(3):
            j = _node(gen, n)
            shifted = first + len(ops)
            ops.append(["addc", j, 1.5])
            ops.append(["rmulc", j, -2.0])
            ops.append(["mul", j, shifted])  # j read again after j + c and c * j were built
            ops.append(["add", shifted + 1, shifted + 2])
            ops.append(["add", out, shifted + 3])
            out = first + len(ops) - 1
    return ProbeCase("contract", (expr,))
