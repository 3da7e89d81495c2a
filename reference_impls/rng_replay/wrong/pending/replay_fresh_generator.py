# Replays the noise from torch.Generator().manual_seed(gen.initial_seed()), the seed's start, not gen's current state.
import torch


def replay(model, x, gen):
    state = torch.get_rng_state()
    y1 = model(x)
    torch.set_rng_state(state)
    y2 = model(x)
    noise1 = torch.randn(x.shape, generator=gen)
    again = torch.Generator().manual_seed(gen.initial_seed())
    noise2 = torch.randn(x.shape, generator=again)
    return y1, y2, noise1, noise2
