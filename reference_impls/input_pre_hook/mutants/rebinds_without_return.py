# Rebinds the local name `args` and returns None: forward gets the original, unscaled input.
def scale_input(model, name, scale):
    def hook(module, args):
        args = (args[0] * scale,)

    return model.get_submodule(name).register_forward_pre_hook(hook)
