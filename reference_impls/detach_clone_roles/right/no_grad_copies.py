# copies made under torch.no_grad() (empty_like().copy_, clone) and tracked copy via x * 1; shared view via as_strided(...).detach()
import torch


def solve(x):
    with torch.no_grad():
        snap = torch.empty_like(x).copy_(x)
        leaf = x.clone()
    leaf.requires_grad_(True)
    shared = x.as_strided(x.size(), x.stride(), x.storage_offset()).detach()
    tracked = x * 1                      # out-of-place op: new memory, MulBackward0 to x
    return {"shared_view": shared, "snapshot": snap, "tracked_copy": tracked, "new_leaf": leaf}
