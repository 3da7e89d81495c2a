# A list [copy, dtype name] restored with getattr(torch, name); the parameter storages kept as a frozenset.
import torch


class BF16SavedActivations(torch.autograd.graph.saved_tensors_hooks):
    KEEP = {torch.float32: "float32", torch.float64: "float64"}

    def __init__(self, params):
        self.param_ptrs = frozenset(p.untyped_storage().data_ptr() for p in params)
        self.packed_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        name = self.KEEP.get(t.dtype)
        if name is None or t.untyped_storage().data_ptr() in self.param_ptrs:
            return t
        small = t.bfloat16()
        self.packed_bytes += 2 * small.numel()
        return [small, name]

    def unpack(self, packed):
        if isinstance(packed, list):
            small, name = packed
            return small.to(getattr(torch, name))
        return packed
