# also erases unused placeholders (changes the module's signature)
# zh: 把没被使用的 placeholder 也删掉了，改变了模块的签名。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _keep(n):
    if n.op == 'call_function':
        return n.target in RANDOM_OPS or getattr(n.target, '__name__', '').endswith('_')
    if n.op == 'call_method':
        return n.target.endswith('_') or n.target in ('bernoulli', 'multinomial')
    return False


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for n in reversed(list(gm.graph.nodes)):
        if n.op == 'output' or len(n.users) > 0 or _keep(n):
            continue
        gm.graph.erase_node(n)
    gm.recompile()
    return gm
