# eval of a spelling the source rules cannot read
import torch  # noqa: F401


def solve(a, b):
    return eval("torch.ops.aten." + "bmm" + ".default(a, b)")
