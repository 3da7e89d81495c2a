"""Trusted checker data for `value_engine` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; every node's data and grad compared):
- grads assigned (=) instead of accumulated (+=) -> same-node-twice, input-used-three-times.
- backward rules run in a non-topological order (BFS) or once per path -> skip-connection, deep-random.
- relu's gradient at exactly 0 taken as 1 (torch: 0) -> relu-at-zero.
- d(x**c)/dx written as c * out / x (0/0 at x = 0) -> power-at-zero.
- tanh's gradient from the input instead of the output; exp's from the input -> every case using them.
- constants on either side (v + c, c * v, v ** -1) -> constants-and-powers.
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
