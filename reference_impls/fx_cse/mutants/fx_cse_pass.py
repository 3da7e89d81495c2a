# FX's CSEPass bans no op unless told (and its list names aten ops): the two torch.rand_like draws become one.
# zh: FX 的 CSEPass 不经指定就不排除任何算子（它的列表写的还是 aten 算子）：两次 torch.rand_like 采样被合并成一次。
from torch import fx
from torch.fx.passes.dialect.common.cse_pass import CSEPass


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    return CSEPass()(gm).graph_module
