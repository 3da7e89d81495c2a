# Uses a forward hook and scales the output: the layer itself computed with the unscaled input.
def scale_input(model, name, scale):
    return model.get_submodule(name).register_forward_hook(lambda module, args, output: output * scale)
