# One global full backward hook (register_module_full_backward_hook) filtered through a table of leaf modules.
from torch.nn.modules.module import register_module_full_backward_hook


def backward_order(model, x):
    leaf_names = {id(m): n for n, m in model.named_modules() if next(m.children(), None) is None}
    fired = []

    def hook(module, grad_input, grad_output):
        if id(module) in leaf_names:
            fired.append(leaf_names[id(module)])

    handle = register_module_full_backward_hook(hook)
    try:
        model(x).sum().backward()
    finally:
        handle.remove()
    return fired
