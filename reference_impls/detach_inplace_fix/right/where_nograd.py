# computes -log under torch.no_grad with torch.maximum against a 0-dim tensor; result is a fresh tensor
import torch


def solve(probs):
    with torch.no_grad():
        floor = torch.tensor(1e-6, dtype=probs.dtype, device=probs.device)
        return torch.maximum(probs, floor).log().neg()
