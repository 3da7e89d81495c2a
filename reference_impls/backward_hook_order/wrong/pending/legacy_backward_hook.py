# Uses the deprecated register_backward_hook, which hooks the last autograd node of a module's forward, not the module.
def backward_order(model, x):
    fired = []
    leaves = [(n, m) for n, m in model.named_modules() if not list(m.children())]
    handles = [m.register_backward_hook(lambda mod, gi, go, n=n: fired.append(n)) for n, m in leaves]
    try:
        model(x).sum().backward()
    finally:
        for h in handles:
            h.remove()
    return fired
