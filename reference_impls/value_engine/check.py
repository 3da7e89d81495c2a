"""Trusted checker data for `value_engine` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; every node's data and grad compared):
- grads assigned (=) instead of accumulated (+=) -> same-node-twice, input-used-three-times.
- backward rules run in a non-topological order (BFS) or once per path -> skip-connection, deep-random.
- relu's gradient at exactly 0 taken as 1 (torch: 0) -> relu-at-zero.
- d(x**c)/dx written as c * out / x (0/0 at x = 0) -> power-at-zero.
- tanh's gradient from the input instead of the output; exp's from the input -> every case using them.
- constants on either side (v + c, c * v, v ** -1) -> constants-and-powers.
- a recursive topological sort (RecursionError past ~1,000 nodes) -> contract shape=deep_chain
  (wrong/recursive_topo_depth).
- tanh as (e^2x - 1)/(e^2x + 1) (OverflowError past |x| ~ 355) -> contract tanh_arg=large (wrong/tanh_via_exp).
- nodes merged by value (__eq__/__hash__ on .data) -> contract inputs=equal (wrong/eq_hash_by_data).
- relu's gradient at an exact 0 made by v - v -> contract zeros=exact (wrong/relu_ge_zero).
"""

import torch

from dlprep.checkers.families.autograd.judge import ProbeCase
from dlprep.checkers.families.autograd.expr_graph import expression, random_expression, reverse_oracle

PROBE = "expression"
PROBE_OPTIONS = {"mode": "reverse", "attrs": ["data", "grad"]}
OPS = ("add", "sub", "mul", "neg", "addc", "rmulc", "powc", "exp", "tanh", "relu")


def oracle(expr):
    return reverse_oracle(expr)


def _case(name, inputs, ops):
    return ProbeCase(name, (expression(inputs, ops),))


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("product", [1.5, -2.0], [["mul", 0, 1]]),
        _case("same-node-twice", [-1.25], [["mul", 0, 0]]),
        # v3 = v0*v1 feeds the output directly and through a tanh chain: a skip connection.
        _case("skip-connection", [0.3, -0.7], [["mul", 0, 1], ["tanh", 2, None], ["tanh", 3, None], ["add", 4, 2]]),
        _case("input-used-three-times", [0.8, 1.7],
              [["mul", 0, 1], ["exp", 0, None], ["powc", 0, 2], ["add", 2, 3], ["add", 5, 4]]),
        _case("constants-and-powers", [1.3],
              [["rmulc", 0, 2.0], ["addc", 1, 3.0], ["powc", 2, 3], ["powc", 0, -1], ["sub", 3, 4], ["neg", 5, None]]),
        _case("relu-both-sides", [-0.6, 0.9], [["relu", 0, None], ["relu", 1, None], ["add", 2, 3], ["mul", 4, 1]]),
        _case("relu-at-zero", [0.0, 1.5], [["relu", 0, None], ["mul", 2, 1], ["add", 3, 0]]),
        _case("power-at-zero", [0.0, 0.5], [["powc", 0, 2], ["powc", 0, 3], ["add", 2, 3], ["add", 4, 1]]),
        ProbeCase("deep-random", (random_expression(gen, OPS, 3, 60, with_tangents=False),)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        n_inputs = int(torch.randint(1, 5, (), generator=gen))
        n_ops = int(torch.randint(6, 30, (), generator=gen))
        cases.append(ProbeCase(f"random-{i}", (random_expression(gen, OPS, n_inputs, n_ops, with_tangents=False),)))
    return cases


# ---------------------------------------------------------------- the stated domain (contract.yaml)

# A 2,000-deep chain of ops whose derivative is at most 1 in size: the last bits in which plain floats and
# torch's kernels differ are not amplified along it (a chain of products or exps would be chaotic).
CHAIN_OPS = ("addc", "tanh", "neg", "relu")

def _tail(expr, gen, point):
    """Ops appended to a graph for the point's regimes, each feeding the output: tanh of large
    arguments (tanh is then +-1 where e^2x overflows a float) and nodes exactly 0 (v - v) under
    relu and powers, where torch's gradient is 0."""
    n = len(expr["inputs"]) + len(expr["ops"])
    ops = expr["ops"]

    def node():
        return int(torch.randint(0, n, (), generator=gen))

    def add(op):
        ops.append(op)
        return len(expr["inputs"]) + len(ops) - 1

    out, terms = n - 1, []
    if point["tanh_arg"] == "large":
        sign = 1.0 if int(torch.randint(0, 2, (), generator=gen)) else -1.0
        for shift in (400.0, -400.0):  # both signs: e^2x overflows on one side, e^-2x on the other
            terms.append(add(["tanh", add(["addc", node(), shift]), None]))
        terms.append(add(["tanh", add(["rmulc", add(["addc", node(), 3.0]), sign * 250.0]), None]))
    if point["zeros"] == "exact":
        j = node()
        zero = add(["sub", j, j])
        relu = add(["relu", zero, None])
        terms += [relu, add(["powc", zero, 2]), add(["powc", zero, 3]), add(["mul", relu, node()])]
    for t in terms:
        out = add(["add", out, t])
    return expr


def contract_case(point, gen):
    """A graph of the point's shape (random, a chain 2,000 nodes deep, or wide: many inputs),
    with inputs distinct or all equal, and the regimes of _tail."""
    n_inputs = {"random": 3, "deep_chain": 2, "wide": 12}[point["shape"]]
    inputs = None
    if point["inputs"] == "equal":
        inputs = [round(0.25 + float(torch.rand((), generator=gen)), 3)] * n_inputs
    n_ops, recent = {"random": (40, 3), "deep_chain": (2000, 1), "wide": (30, 3)}[point["shape"]]
    ops = CHAIN_OPS if point["shape"] == "deep_chain" else OPS
    expr = random_expression(gen, ops, n_inputs, n_ops, with_tangents=False, recent=recent, inputs=inputs)
    return ProbeCase("contract", (_tail(expr, gen, point),))
