# Saves gen's state but never sets it back before the second draw, so noise2 is the next draw, not a replay.
import torch


def replay(model, x, gen):
    state = torch.get_rng_state()
    y1 = model(x)
    torch.set_rng_state(state)
    y2 = model(x)
    saved = gen.get_state()  # noqa: F841 - the mistake: kept but never restored
    noise1 = torch.randn(x.shape, generator=gen)
    noise2 = torch.randn(x.shape, generator=gen)
    return y1, y2, noise1, noise2
