# Recognises parameters by t.data_ptr(): gamma[1:], a view at an offset, is compressed.
# zh: 用t.data_ptr()识别参数，带偏移的视图gamma[1:]被压缩了。
import torch


class BF16SavedActivations(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self, params):
        self.params = list(params)
        self._storage_ptrs = {p.data_ptr() for p in self.params}
        self.packed_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if t.dtype in (torch.float32, torch.float64) and t.data_ptr() not in self._storage_ptrs:
            c = t.to(torch.bfloat16)
            self.packed_bytes += c.numel() * c.element_size()
            return (c, t.dtype)
        return t

    def unpack(self, packed):
        if isinstance(packed, tuple):
            c, dtype = packed
            return c.to(dtype)
        return packed
