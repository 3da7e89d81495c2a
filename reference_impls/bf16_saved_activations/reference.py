import torch


class BF16SavedActivations(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self, params):
        # a parameter is held by the model anyway, and autograd often saves a view of it
        # (F.linear saves weight.t()): recognise it by its storage, not by its type
        self._param_storages = {p.untyped_storage().data_ptr() for p in params}
        self.packed_bytes = 0
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if t.dtype not in (torch.float32, torch.float64) or t.untyped_storage().data_ptr() in self._param_storages:
            return t  # indices, masks and 2-byte floats stay exact; parameters are not copied
        low = t.to(torch.bfloat16)
        self.packed_bytes += low.numel() * low.element_size()
        return (low, t.dtype, t.device)

    def unpack(self, packed):
        if isinstance(packed, torch.Tensor):
            return packed
        low, dtype, device = packed
        return low.to(device=device, dtype=dtype)
