# Removes the hooks on success and in except Exception only: a layer raising a BaseException that is no Exception (KeyboardInterrupt-like) leaves every hook registered.
# zh: 只在成功时和 except Exception 里移除 hook：某层抛出不属于 Exception 的 BaseException（类似 KeyboardInterrupt）时，所有 hook 都留在模型上。
import torch
from torch import nn


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    acts: dict[str, torch.Tensor] = {}
    handles = []
    for name, m in model.named_modules():
        if isinstance(m, nn.Linear):
            handles.append(m.register_forward_hook(
                lambda mod, inp, out, name=name: acts.__setitem__(name, out.detach())))

    def cleanup():
        for h in handles:
            h.remove()

    try:
        model(x)
    except Exception:
        cleanup()
        raise
    cleanup()
    return acts
