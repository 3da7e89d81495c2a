# A small Recorder class whose bound methods are the two compilers.
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd


class Recorder:
    def __init__(self):
        self.forward_graphs = []
        self.backward_graphs = []

    def forward(self, gm, example_inputs):
        self.forward_graphs.append(gm)
        return make_boxed_func(gm.forward)

    def backward(self, gm, example_inputs):
        self.backward_graphs.append(gm)
        return make_boxed_func(gm.forward)


def make_backend():
    rec = Recorder()
    return aot_autograd(fw_compiler=rec.forward, bw_compiler=rec.backward), rec.forward_graphs, rec.backward_graphs
