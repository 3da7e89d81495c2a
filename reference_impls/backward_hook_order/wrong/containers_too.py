# Hooks every submodule, containers included, so blocks and Sequentials show up in the order as well.
def backward_order(model, x):
    fired = []
    handles = [m.register_full_backward_hook(lambda mod, gi, go, n=n: fired.append(n))
               for n, m in model.named_modules() if m is not model]
    try:
        model(x).sum().backward()
    finally:
        for h in handles:
            h.remove()
    return fired
