# checks RANDOM_OPS for call_function only: the method forms self.p.bernoulli() / .multinomial() are folded into a frozen draw
# zh: 只对 call_function 检查随机算子：方法形式 self.p.bernoulli() / .multinomial() 被折叠成固定的采样。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _name(n):
    return n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")


def _inplace(n):
    return n.op in ("call_function", "call_method") and _name(n).endswith("_")


def _random(n):
    return (n.op == 'call_function' and n.target in RANDOM_OPS)


def _attr(gm, target):
    obj = gm
    for part in target.split("."):
        obj = getattr(obj, part)
    return obj


def _has_attr(n, seen=None):
    return any(i.op == "get_attr" or _has_attr(i) for i in n.all_input_nodes)


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    nodes = list(gm.graph.nodes)
    mutated = set()
    # a value that a (kept) in-place op mutates must stay computed at every call
    for n in nodes:
        if _inplace(n):
            for a in n.all_input_nodes:
                mutated.add(a)
    const = set()
    poisoned = set()
    for n in nodes:
        if any(i in poisoned for i in n.all_input_nodes) or _random(n) or _inplace(n):
            poisoned.add(n)
            continue
        if n.op == "get_attr":
            const.add(n)
        elif n.op in ('call_function', 'call_method') and all(i in const for i in n.all_input_nodes) and n not in mutated:
            const.add(n)
    # evaluate constants in order
    env = {}
    with torch.no_grad():
        for n in nodes:
            if n not in const:
                continue
            if n.op == "get_attr":
                env[n] = _attr(gm, n.target)
                continue
            args = fx.node.map_arg(n.args, lambda a: env[a])
            kwargs = fx.node.map_arg(n.kwargs, lambda a: env[a])
            if n.op == "call_function":
                env[n] = n.target(*args, **kwargs)
            elif n.op == "call_method":
                env[n] = getattr(args[0], n.target)(*args[1:], **kwargs)
            else:
                env[n] = _attr(gm, n.target)(*args, **kwargs)
    count = 0
    for n in nodes:
        if n not in const or n.op == "get_attr" or not isinstance(env[n], torch.Tensor):
            continue
        if all(u in const for u in n.users):
            continue  # only an inner link of a longer constant chain
        value = env[n].detach().clone()
        name = "_folded_%d" % count
        while hasattr(gm, name):
            count += 1
            name = "_folded_%d" % count
        count += 1
        gm.register_buffer(name, value)
        with gm.graph.inserting_before(n):
            g = gm.graph.get_attr(name)
        n.replace_all_uses_with(g)
    gm.graph.eliminate_dead_code(is_impure_node=lambda n: n.op in ("placeholder", "output") or _random(n) or _inplace(n))
    gm.graph.lint()
    gm.recompile()
    return gm
