# Runs the first forward inside torch.random.fork_rng(), which restores the global state on exit.
import torch


def replay(model, x, gen):
    with torch.random.fork_rng():
        y1 = model(x)
    y2 = model(x)  # same starting state as y1, and it leaves the RNG where one forward does
    saved = gen.get_state()
    noise1 = torch.randn(x.shape, generator=gen)
    gen.set_state(saved)
    noise2 = torch.randn(x.shape, generator=gen)
    return y1, y2, noise1, noise2
