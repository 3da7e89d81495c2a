# Passes only fw_compiler: aot_autograd then uses it for the backward too, so both graphs land in forward_graphs.
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd


def make_backend():
    forward_graphs, backward_graphs = [], []

    def record(gm, example_inputs):
        forward_graphs.append(gm)
        return make_boxed_func(gm.forward)

    return aot_autograd(fw_compiler=record), forward_graphs, backward_graphs
