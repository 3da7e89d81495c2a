# Records with tensor hooks on each leaf's output instead of the full backward hooks the task asks for.
def backward_order(model, x):
    fired = []
    leaves = [(n, m) for n, m in model.named_modules() if not list(m.children())]

    def on_forward(name):
        def hook(mod, args, out):
            out.register_hook(lambda g: fired.append(name))
        return hook

    handles = [m.register_forward_hook(on_forward(n)) for n, m in leaves]
    try:
        model(x).sum().backward()
    finally:
        for h in handles:
            h.remove()
    return fired
