# Registers the pre-hook on the whole model, which scales the model's input instead of the named layer's.
def scale_input(model, name, scale):
    return model.register_forward_pre_hook(lambda module, args: (args[0] * scale,))
