# Also registers a forward hook to log the scaled output, whose handle is never returned, so it outlives remove().
def scale_input(model, name, scale):
    layer = model.get_submodule(name)
    seen = []
    layer.register_forward_hook(lambda module, args, output: seen.append(output.shape))
    return layer.register_forward_pre_hook(lambda module, args: (args[0] * scale,))
