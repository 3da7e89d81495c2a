# Detaches the input "to be safe" before scaling it, which cuts the gradient to every earlier layer and to x.
def scale_input(model, name, scale):
    return model.get_submodule(name).register_forward_pre_hook(lambda module, args: (args[0].detach() * scale,))
