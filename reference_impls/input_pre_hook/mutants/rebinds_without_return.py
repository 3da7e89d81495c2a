# Rebinds the local name `args` and returns None: forward gets the original, unscaled input.
# zh: 只是重新绑定局部变量 `args` 并返回 None：forward 拿到的仍是原来未缩放的输入。
def scale_input(model, name, scale):
    def hook(module, args):
        args = (args[0] * scale,)

    return model.get_submodule(name).register_forward_pre_hook(hook)
