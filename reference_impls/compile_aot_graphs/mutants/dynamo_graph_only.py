# A plain Dynamo backend: it records Dynamo's torch-level graph, and autograd stays eager, so no backward graph exists.
def make_backend():
    forward_graphs, backward_graphs = [], []

    def backend(gm, example_inputs):
        forward_graphs.append(gm)
        return gm.forward

    return backend, forward_graphs, backward_graphs
