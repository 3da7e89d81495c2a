from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd


def make_backend():
    forward_graphs, backward_graphs = [], []

    def fw_compiler(gm, example_inputs):
        forward_graphs.append(gm)  # aten-level forward; its extra outputs are saved for backward
        return make_boxed_func(gm.forward)

    def bw_compiler(gm, example_inputs):
        backward_graphs.append(gm)  # called lazily, when backward first runs
        return make_boxed_func(gm.forward)

    return aot_autograd(fw_compiler=fw_compiler, bw_compiler=bw_compiler), forward_graphs, backward_graphs
