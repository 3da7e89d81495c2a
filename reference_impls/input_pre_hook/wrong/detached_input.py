# Detaches the input "to be safe" before scaling it, which cuts the gradient to every earlier layer and to x.
# zh: “保险起见”在缩放前先 detach 输入，切断了流向前面各层和 x 的梯度。
def scale_input(model, name, scale):
    return model.get_submodule(name).register_forward_pre_hook(lambda module, args: (args[0].detach() * scale,))
