# Replays the noise from a second Generator loaded with gen's state, so gen itself is drawn from once.
import torch


def replay(model, x, gen):
    before = torch.get_rng_state()
    y1 = model(x)
    after = torch.get_rng_state()
    torch.set_rng_state(before)
    y2 = model(x)
    assert torch.equal(torch.get_rng_state(), after)  # the replay consumed exactly what the first run did
    twin = torch.Generator()
    twin.set_state(gen.get_state())
    noise2 = torch.randn(x.shape, generator=twin)
    noise1 = torch.randn(x.shape, generator=gen)
    return y1, y2, noise1, noise2
