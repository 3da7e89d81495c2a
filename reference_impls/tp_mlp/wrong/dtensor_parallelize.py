# reaches for DTensor (chapter is fsdp2-dtensor): parallelize_module with ColwiseParallel/RowwiseParallel; numerically right, but the collectives are DTensor's functional all_reduces, not torch.distributed.all_reduce called from own code (dist.all_reduce is called 0 times)
# zh: 改用 DTensor 的 parallelize_module（ColwiseParallel/RowwiseParallel）：数值正确，但通信是 DTensor 自己的集合操作，而不是自己代码调用的 torch.distributed.all_reduce（dist.all_reduce 被调用 0 次）
import os
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module


class MLP(nn.Module):
    def __init__(self, d_in, hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.fc2 = nn.Linear(hidden, d_out)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


def main(spec):
    backend = spec["backend"]
    dist.init_process_group(backend)
    ws = dist.get_world_size()
    dev_type = "cuda" if backend == "nccl" else "cpu"
    if dev_type == "cuda":
        torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    mesh = init_device_mesh(dev_type, (ws,))
    hs, d_in = spec["w1"].shape
    d_out = spec["w2"].shape[0]
    model = MLP(d_in, hs * ws, d_out).to(dev_type)
    model = parallelize_module(model, mesh, {"fc1": ColwiseParallel(), "fc2": RowwiseParallel()})
    with torch.no_grad():
        model.fc1.weight.to_local().copy_(spec["w1"])
        model.fc1.bias.to_local().copy_(spec["b1"])
        model.fc2.weight.to_local().copy_(spec["w2"])
        model.fc2.bias.to_local().copy_(spec["b2"])
    x = spec["x"].to(dev_type).clone().requires_grad_()
    y = model(x)
    (y * spec["grad_y"].to(dev_type)).sum().backward()
    return {"y": y.detach(), "grad_x": x.grad,
            "grad_w1": model.fc1.weight.grad.to_local(), "grad_b1": model.fc1.bias.grad.to_local(),
            "grad_w2": model.fc2.weight.grad.to_local(), "grad_b2": model.fc2.bias.grad.to_local()}
