# "Replays" by reseeding with torch.initial_seed(), which restarts the RNG from its seed, not from the caller's state.
# zh: 用 torch.initial_seed() 重新设种子来“重放”：这会让 RNG 回到种子起点，而不是调用者给出的状态。
import torch


def replay(model, x, gen):
    seed = torch.initial_seed()
    torch.manual_seed(seed)
    y1 = model(x)
    torch.manual_seed(seed)
    y2 = model(x)
    g = gen.get_state()
    noise1 = torch.randn(x.shape, generator=gen)
    gen.set_state(g)
    noise2 = torch.randn(x.shape, generator=gen)
    return y1, y2, noise1, noise2
