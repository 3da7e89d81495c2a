# Records with forward hooks: that is the order modules ran forward, not the order of backward.
# zh: 用前向 hook 记录顺序，得到的是模块前向执行的顺序，而不是反向传播的顺序。
def backward_order(model, x):
    fired = []
    handles = [m.register_forward_hook(lambda mod, args, out, name=name: fired.append(name))
               for name, m in model.named_modules() if len(list(m.children())) == 0]
    model(x).sum().backward()
    for h in handles:
        h.remove()
    return fired
