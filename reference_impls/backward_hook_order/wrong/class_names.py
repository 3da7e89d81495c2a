# Records each module's class name instead of its name in named_modules(), so "Linear" replaces "encoder.0".
def backward_order(model, x):
    fired = []
    handles = [m.register_full_backward_hook(lambda mod, gi, go: fired.append(type(mod).__name__))
               for m in model.modules() if not list(m.children())]
    try:
        model(x).sum().backward()
    finally:
        for h in handles:
            h.remove()
    return fired
