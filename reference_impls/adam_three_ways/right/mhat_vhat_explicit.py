# textbook m_hat / v_hat form written out of place and copied back with copy_ (loop), and with _foreach_div/_foreach_sub_ (foreach)
import math
import torch


def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    with torch.no_grad():
        for p, grad, m, v in zip(params, grads, exp_avgs, exp_avg_sqs):
            g = grad + weight_decay * p
            m.copy_(beta1 * m + (1 - beta1) * g)
            v.copy_(beta2 * v + (1 - beta2) * g * g)
            m_hat = m / (1 - beta1 ** step)
            v_hat = v / (1 - beta2 ** step)
            p.sub_(lr * m_hat / (v_hat.sqrt() + eps))


def adam_foreach(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    if len(params) == 0:
        return
    with torch.no_grad():
        g = torch._foreach_add(grads, params, alpha=weight_decay)
        torch._foreach_mul_(exp_avgs, beta1)
        torch._foreach_add_(exp_avgs, g, alpha=1 - beta1)
        torch._foreach_mul_(exp_avg_sqs, beta2)
        torch._foreach_addcmul_(exp_avg_sqs, g, g, value=1 - beta2)
        m_hat = torch._foreach_div(exp_avgs, 1 - beta1 ** step)
        v_hat = torch._foreach_div(exp_avg_sqs, 1 - beta2 ** step)
        torch._foreach_sqrt_(v_hat)
        torch._foreach_add_(v_hat, eps)
        torch._foreach_div_(m_hat, v_hat)
        torch._foreach_mul_(m_hat, lr)
        torch._foreach_sub_(params, m_hat)
