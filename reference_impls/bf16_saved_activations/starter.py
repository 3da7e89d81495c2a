"""Saved-tensor hooks that keep activations in bfloat16 until backward needs them.

    hooks = BF16SavedActivations(model.parameters())
    with hooks:
        loss = model(x).sum()       # every tensor autograd saves goes through hooks.pack
    loss.backward()                 # ... and comes back through hooks.unpack
    hooks.packed_bytes              # bytes of the bfloat16 copies pack made

BF16SavedActivations(params) subclasses torch.autograd.graph.saved_tensors_hooks, so `with hooks:`
pushes its pack_hook/unpack_hook (pass your two methods to super().__init__ and keep its
__enter__/__exit__: the grader wraps the pack_hook and unpack_hook attributes super().__init__ sets).

pack(t), for each tensor autograd saves during forward:
- a float32 or float64 tensor that is not a parameter's: returns a packed object holding one
  bfloat16 copy, t.to(torch.bfloat16), and nothing that keeps t itself alive (the point is that
  the full-precision activation is freed); adds the copy's bytes to packed_bytes. Each pack call
  makes its own copy and counts it, even if the same tensor is saved twice.
- a tensor that shares storage with one of `params` (the parameter itself, or any view of it:
  weight.t(), which F.linear saves, or a slice such as gamma[1:]): returned as it is, not copied
  or counted.
- any other tensor (int64 indices, bool masks, float16/bfloat16 values): returned as it is.
The packed object is a tensor, or a tuple/list/dict of tensors and plain values (dtype, device,
shape): the grader counts the bytes of the distinct storages it holds.

unpack(packed) returns a tensor with the saved tensor's dtype, shape and device: for a compressed
one, t.to(torch.bfloat16).to(t.dtype) exactly; otherwise the tensor itself. Gradients then differ
from the unhooked ones only by the bfloat16 rounding of the saved activations.

The grader runs small forwards in float32 or float64 (linear layers, GELU/ReLU/tanh, a product with
a parameter, nn.Embedding over more than 256 rows with int64 indices, max/gather over more than 256
columns, float16 activations), with a batch of several rows, one row or an empty batch, inputs that
may be non-contiguous and may have requires_grad; it compares per pack call the bytes held and the
packed tensor, per unpack the tensor returned, packed_bytes, the output and every gradient with its
own bfloat16 hooks (gradients to 1e-5 relative).
"""

import torch


class BF16SavedActivations(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self, params):
        raise NotImplementedError

    def pack(self, t):
        raise NotImplementedError

    def unpack(self, packed):
        raise NotImplementedError
