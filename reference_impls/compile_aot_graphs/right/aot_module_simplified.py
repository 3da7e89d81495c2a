# A hand-written Dynamo backend that calls aot_module_simplified with the two recording compilers.
from functorch.compile import make_boxed_func
from torch._functorch.aot_autograd import aot_module_simplified


def make_backend():
    forward_graphs, backward_graphs = [], []

    def recorder(store):
        def compiler(gm, example_inputs):
            store.append(gm)
            return make_boxed_func(gm.forward)
        return compiler

    def backend(gm, example_inputs):
        return aot_module_simplified(gm, example_inputs, fw_compiler=recorder(forward_graphs),
                                     bw_compiler=recorder(backward_graphs))

    return backend, forward_graphs, backward_graphs
