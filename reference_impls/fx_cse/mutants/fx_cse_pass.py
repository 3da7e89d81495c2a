# FX's CSEPass bans no op unless told (and its list names aten ops): the two torch.rand_like draws become one.
from torch import fx
from torch.fx.passes.dialect.common.cse_pass import CSEPass


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    return CSEPass()(gm).graph_module
