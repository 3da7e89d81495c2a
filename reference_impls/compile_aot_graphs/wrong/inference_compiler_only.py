# Registers the recorder as inference_compiler: with inputs that require grad it is never called for training graphs.
# zh: 把记录器注册成 inference_compiler：输入需要梯度时，训练用的图根本不会交给它。
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd


def make_backend():
    fwd, bwd = [], []

    def record(gm, example_inputs):
        fwd.append(gm)
        return make_boxed_func(gm.forward)

    return aot_autograd(fw_compiler=make_boxed_func_passthrough, inference_compiler=record), fwd, bwd


def make_boxed_func_passthrough(gm, example_inputs):
    return make_boxed_func(gm.forward)
