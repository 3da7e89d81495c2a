# casts to float32 "for the log": float64 probabilities come back as float32 (precision and dtype lost)
# zh: 为了取 log 转成 float32：float64 的概率返回成 float32（丢失精度和 dtype）。
import torch


def solve(probs):
    return -torch.log(torch.clamp(probs.detach().float(), min=1e-6))
