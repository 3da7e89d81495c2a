# Keeps the graph lists at module level, so graphs from earlier models pile up in every later make_backend().
# zh: 把存图的列表放在模块级别，之前模型的图会在之后每次 make_backend() 中越积越多。
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd

FORWARD, BACKWARD = [], []


def make_backend():
    def fw(gm, example_inputs):
        FORWARD.append(gm)
        return make_boxed_func(gm.forward)

    def bw(gm, example_inputs):
        BACKWARD.append(gm)
        return make_boxed_func(gm.forward)

    return aot_autograd(fw_compiler=fw, bw_compiler=bw), FORWARD, BACKWARD
