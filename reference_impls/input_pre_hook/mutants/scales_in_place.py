# Multiplies the input tensor in place: the caller's tensor (the model's x, or an activation
# that autograd or a residual connection still needs) is changed too.
# zh: 原地乘输入张量：调用方的张量（模型的 x，或 autograd、残差连接还要用的激活）也被改了。
def scale_input(model, name, scale):
    def hook(module, args):
        args[0].mul_(scale)

    return model.get_submodule(name).register_forward_pre_hook(hook)
