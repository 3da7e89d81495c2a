# A small recorder object: its method is the hook, and a context manager owns the handles.
import contextlib


class Recorder:
    def __init__(self):
        self.names = []

    def hook_for(self, name):
        return lambda module, grad_input, grad_output: self.names.append(name)


def backward_order(model, x):
    rec = Recorder()
    with contextlib.ExitStack() as stack:
        for name, m in model.named_modules():
            if not any(True for _ in m.children()):
                stack.callback(m.register_full_backward_hook(rec.hook_for(name)).remove)
        model(x).sum().backward()
    return rec.names
