"""Record the forward and backward graphs that AOTAutograd produces.

Implement `make_backend()` that returns `(backend, forward_graphs, backward_graphs)`:

- `backend` is a torch.compile backend built with AOTAutograd
  (`torch._dynamo.backends.common.aot_autograd(fw_compiler=..., bw_compiler=...)`);
- its forward compiler appends the torch.fx.GraphModule it is given to the list `forward_graphs`,
  its backward compiler appends its GraphModule to `backward_graphs`, and each returns a callable
  that runs the graph unchanged (functorch.compile.make_boxed_func(gm.forward) does that).

The grader calls make_backend() afresh for each of its small models (inputs of one row or
several, with or without a leading batch dimension), compiles the model with
`torch.compile(model, backend=backend, fullgraph=True)`, runs it forward and then backward, and
inspects both lists: one forward and one backward graph, made of aten ops (the forward holds no
`*_backward` op, the backward holds the model's backward ops), the values the forward saves
matching what the backward takes, and the output and gradients equal to eager PyTorch's.
"""


def make_backend():
    raise NotImplementedError
