# Keeps params (a generator) and scans it in every pack: once consumed, parameters are compressed.
# zh: 保存params生成器并在每次pack中遍历，生成器耗尽后参数也被压缩。
import torch


class BF16SavedActivations(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self, params):
        self.params = params
        self.packed_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if t.dtype in (torch.float32, torch.float64) and not any(t.untyped_storage().data_ptr() == p.untyped_storage().data_ptr() for p in self.params):
            c = t.to(torch.bfloat16)
            self.packed_bytes += c.numel() * c.element_size()
            return (c, t.dtype)
        return t

    def unpack(self, packed):
        if isinstance(packed, tuple):
            c, dtype = packed
            return c.to(dtype)
        return packed
