# Also registers a forward hook to log the scaled output, whose handle is never returned, so it outlives remove().
# zh: 另外注册了一个前向 hook 来记录缩放后的输出，它的 handle 从没返回，remove() 之后它仍然存在。
def scale_input(model, name, scale):
    layer = model.get_submodule(name)
    seen = []
    layer.register_forward_hook(lambda module, args, output: seen.append(output.shape))
    return layer.register_forward_pre_hook(lambda module, args: (args[0] * scale,))
