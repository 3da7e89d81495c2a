# A plain Dynamo backend: it records Dynamo's torch-level graph, and autograd stays eager, so no backward graph exists.
# zh: 只是一个普通的 Dynamo backend：记录的是 Dynamo 的 torch 级计算图，autograd 仍走 eager，根本不存在反向图。
def make_backend():
    forward_graphs, backward_graphs = [], []

    def backend(gm, example_inputs):
        forward_graphs.append(gm)
        return gm.forward

    return backend, forward_graphs, backward_graphs
