"""torchrun's options as torchrun itself reads them (its own argument parser): the grader judges a
launch on what the agents would do, not on how its flags are spelled, and the child reads the same
way which launches can never form one job (child.cannot_meet)."""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Sequence


def parse(args: Sequence[object]) -> argparse.Namespace | None:
    """The options in `args` as torchrun parses them, or None where torchrun would refuse them."""
    from torch.distributed.run import get_args_parser

    try:
        with contextlib.redirect_stderr(io.StringIO()):  # argparse prints its usage before exiting
            return get_args_parser().parse_args([*map(str, args), "worker.py"])
    except SystemExit:
        return None


def exactly_nodes(ns: argparse.Namespace, n: int) -> bool:
    """Whether the options fix the job at `n` nodes (`--nnodes=n` or the range `n:n`): an elastic
    range may start with fewer nodes than its maximum."""
    return str(ns.nnodes) in (str(n), f"{n}:{n}")
