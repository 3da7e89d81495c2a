# one forward sweep erasing nodes with no users: a dead chain loses only its last node (sin stays once cos is gone)
# zh: 只正序扫一遍删除没有使用者的节点：死链只掉了最后一个节点（cos 删掉后 sin 还在）。
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
    for n in list(gm.graph.nodes):
        if n.op not in ('placeholder', 'output') and len(n.users) == 0 and not _keep(n):
            gm.graph.erase_node(n)
    gm.recompile()
    return gm
