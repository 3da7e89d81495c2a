# Registers the pre-hook on the whole model, which scales the model's input instead of the named layer's.
# zh: 把 pre-hook 注册在整个模型上，缩放的是模型的输入，而不是指定那一层的输入。
def scale_input(model, name, scale):
    return model.register_forward_pre_hook(lambda module, args: (args[0] * scale,))
