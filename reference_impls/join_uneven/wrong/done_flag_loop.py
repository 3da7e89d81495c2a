# Its own join: every step all-reduces a "still has data" flag and a rank out of batches runs zero-gradient steps.
# zh: 自己实现 join：每一步都 all-reduce 一个“还有数据”的标志，数据用完的 rank 就跑零梯度的步。
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def main(spec):
    dist.init_process_group(spec["backend"])
    d_out, d_in = spec["weight"].shape
    model = torch.nn.Linear(d_in, d_out)
    with torch.no_grad():
        model.weight.copy_(spec["weight"])
        model.bias.copy_(spec["bias"])
    ddp = DDP(model)
    opt = torch.optim.SGD(ddp.parameters(), lr=spec["lr"])
    batches = list(spec["batches"])
    x0, y0 = batches[0]
    step = 0
    while True:
        flag = torch.tensor([1.0 if step < len(batches) else 0.0])
        dist.all_reduce(flag)
        if flag.item() == 0:
            break
        if step < len(batches):
            x, y = batches[step]
            loss = torch.nn.functional.mse_loss(ddp(x), y)
        else:  # no data left: a zero loss still joins the gradient all-reduce
            loss = 0.0 * ddp(x0).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
    return {"weight": model.weight.detach().clone(), "bias": model.bias.detach().clone()}
