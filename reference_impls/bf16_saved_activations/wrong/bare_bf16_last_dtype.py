# Packs the bare bfloat16 copy and keeps the last dtype on self: unpack up-casts every bfloat16 tensor, real bfloat16 activations included.
# zh: 只打包裸的bfloat16副本并把最后的dtype存在self上，unpack把所有bfloat16张量都转回去，包括本来就是bfloat16的激活。
import torch


class BF16SavedActivations(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self, params):
        self._ptrs = {p.untyped_storage().data_ptr() for p in params}
        self.packed_bytes = 0
        self._dtype = torch.float32
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if t.dtype in (torch.float32, torch.float64) and t.untyped_storage().data_ptr() not in self._ptrs:
            self._dtype = t.dtype
            c = t.to(torch.bfloat16)
            self.packed_bytes += c.numel() * c.element_size()
            return c
        return t

    def unpack(self, packed):
        if packed.dtype == torch.bfloat16:
            return packed.to(self._dtype)
        return packed
