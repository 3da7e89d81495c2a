# Counts t.nbytes // 2 as the copy's bytes: double for float64 activations.
# zh: 把t.nbytes//2当作副本字节数，float64激活算成了两倍。
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
            self.packed_bytes += t.nbytes // 2
            return (c, t.dtype)
        return t

    def unpack(self, packed):
        if isinstance(packed, tuple):
            c, dtype = packed
            return c.to(dtype)
        return packed
