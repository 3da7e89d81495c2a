# backend hard-coded to "gloo" and everything kept on CPU: ignores spec["backend"] ("nccl" must run on cuda:LOCAL_RANK)
# zh: 把后端写死为 "gloo"、始终在 CPU 上计算，忽略了 spec["backend"]（它也可能是 "nccl"，此时应在 cuda:LOCAL_RANK 上计算）
import os, torch, torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.distributed.algorithms.join import Join

def main(spec):
    if not dist.is_initialized():
        dist.init_process_group("gloo")
    local = int(os.environ.get("LOCAL_RANK", 0))
    dev = torch.device("cpu")
    if dev.type == "cuda":
        torch.cuda.set_device(dev)
    d_out, d_in = spec["weight"].shape
    lin = nn.Linear(d_in, d_out).to(dev)
    with torch.no_grad():
        lin.weight.copy_(spec["weight"]); lin.bias.copy_(spec["bias"])
    model = DDP(lin, device_ids=[local] if dev.type == "cuda" else None)
    opt = torch.optim.SGD(model.parameters(), lr=spec["lr"])
    loss_fn = nn.MSELoss()
    with Join([model]):
        for x, y in spec["batches"]:
            x, y = x.to(dev), y.to(dev)
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
    return {"weight": model.module.weight.detach().cpu(), "bias": model.module.bias.detach().cpu()}
