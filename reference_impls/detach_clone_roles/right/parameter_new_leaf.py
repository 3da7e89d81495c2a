# The new leaf returned as an nn.Parameter (a Tensor subclass, as a module would hold it): a tensor where the prompt asks for one.
import torch
def solve(x):
    return {"shared_view": x.detach(), "snapshot": x.detach().clone(), "tracked_copy": x.clone(),
            "new_leaf": torch.nn.Parameter(x.detach().clone())}
