# Computes out of place under no_grad: new tensors with no history, probs never written.
import torch


def surprisal(p: torch.Tensor, floor: float = 1e-6) -> torch.Tensor:
    return -torch.log(torch.clamp(p, min=floor))


def solve(probs):
    with torch.no_grad():
        return surprisal(probs)
