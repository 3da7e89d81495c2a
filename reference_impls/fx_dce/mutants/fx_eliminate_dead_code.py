# FX's eliminate_dead_code() (torch 2.13) treats y.add_(1) and torch.relu_(y) as pure and removes them.
# zh: FX 的 eliminate_dead_code()（torch 2.13）把 y.add_(1) 和 torch.relu_(y) 当作纯函数删掉了。
from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    gm.graph.eliminate_dead_code()
    gm.recompile()
    return gm
