# The textbook out-of-place formula (m = b1*m + (1-b1)*g), copied back at the end; the loop runs the list version on one-item lists.
"""One Adam step, written twice: a per-parameter loop and with torch._foreach_* ops."""
import torch


def _step_lists(params, grads, exp_avgs, exp_avg_sqs, step, lr, beta1, beta2, eps, weight_decay):
    F = torch
    bc1 = 1.0 - beta1 ** step
    bc2 = 1.0 - beta2 ** step
    g = F._foreach_add(grads, F._foreach_mul(params, weight_decay)) if weight_decay != 0 else list(grads)
    m_new = F._foreach_add(F._foreach_mul(exp_avgs, beta1), F._foreach_mul(g, 1.0 - beta1))
    v_new = F._foreach_add(F._foreach_mul(exp_avg_sqs, beta2), F._foreach_mul(F._foreach_mul(g, g), 1.0 - beta2))
    m_hat = F._foreach_div(m_new, bc1)
    denom = F._foreach_add(F._foreach_sqrt(F._foreach_div(v_new, bc2)), eps)
    p_new = F._foreach_sub(params, F._foreach_mul(F._foreach_div(m_hat, denom), lr))
    with torch.no_grad():
        F._foreach_copy_(exp_avgs, m_new)
        F._foreach_copy_(exp_avg_sqs, v_new)
        F._foreach_copy_(params, p_new)


def adam_foreach(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    with torch.no_grad():
        _step_lists(list(params), list(grads), list(exp_avgs), list(exp_avg_sqs), step,
                    lr, beta1, beta2, eps, weight_decay)


def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    with torch.no_grad():
        for p, g, m, v in zip(params, grads, exp_avgs, exp_avg_sqs):
            _step_lists([p], [g], [m], [v], step, lr, beta1, beta2, eps, weight_decay)
