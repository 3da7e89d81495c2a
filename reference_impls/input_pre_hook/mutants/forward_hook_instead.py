# Uses a forward hook and scales the output: the layer itself computed with the unscaled input.
# zh: 用前向 hook 去缩放输出：该层自己计算时用的还是没缩放的输入。
def scale_input(model, name, scale):
    return model.get_submodule(name).register_forward_hook(lambda module, args, output: output * scale)
