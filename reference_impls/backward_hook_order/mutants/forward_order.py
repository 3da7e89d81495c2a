# Records with forward hooks: that is the order modules ran forward, not the order of backward.
def backward_order(model, x):
    fired = []
    handles = [m.register_forward_hook(lambda mod, args, out, name=name: fired.append(name))
               for name, m in model.named_modules() if len(list(m.children())) == 0]
    model(x).sum().backward()
    for h in handles:
        h.remove()
    return fired
