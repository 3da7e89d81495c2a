# Draws the noise from the global RNG (saved and restored correctly) instead of the given generator.
# zh: 噪声从全局 RNG 采样（保存和恢复都做对了），而不是从给定的 generator 采样。
import torch


def replay(model, x, gen):
    state = torch.get_rng_state()
    y1 = model(x)
    torch.set_rng_state(state)
    y2 = model(x)
    state = torch.get_rng_state()
    noise1 = torch.randn(x.shape)
    torch.set_rng_state(state)
    noise2 = torch.randn(x.shape)
    return y1, y2, noise1, noise2
