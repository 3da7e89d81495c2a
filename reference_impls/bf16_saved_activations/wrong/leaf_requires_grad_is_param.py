# Treats every leaf that requires grad as a parameter: an input x with requires_grad is kept, views such as weight.t() are compressed.
# zh: 把所有requires_grad的叶子张量当作参数，requires_grad的输入x没有压缩，weight.t()这样的视图反而被压缩。
import torch


class BF16SavedActivations(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self, params):
        self.params = list(params)
        self._storage_ptrs = {p.untyped_storage().data_ptr() for p in self.params}
        self.packed_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if t.dtype in (torch.float32, torch.float64) and not (t.is_leaf and t.requires_grad):
            c = t.to(torch.bfloat16)
            self.packed_bytes += c.numel() * c.element_size()
            return (c, t.dtype)
        return t

    def unpack(self, packed):
        if isinstance(packed, tuple):
            c, dtype = packed
            return c.to(dtype)
        return packed
