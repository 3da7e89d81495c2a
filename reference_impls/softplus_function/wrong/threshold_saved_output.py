# torch's own threshold (x itself above 20) with the gradient from the saved output: the forward jumps by 2e-9 at x = 20, and gradcheck in float64 fails there.
# zh: 照搬 torch 的阈值（x > 20 时直接取 x），梯度由保存的输出求得：前向在 x = 20 处跳变 2e-9，float64 的 gradcheck 在那里失败。
import torch


class SoftPlus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        big = x > 20
        y = torch.where(big, x, torch.log1p(torch.exp(torch.clamp(x, max=20))))
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        # y = log(1 + e^x)  =>  1 - e^-y = e^x / (1 + e^x) = sigmoid(x); expm1 avoids cancellation
        return grad_output * (-torch.expm1(-y))
