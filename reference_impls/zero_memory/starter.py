"""ZeRO memory calculator: model-state bytes per GPU under ZeRO stages 0-3.

Mixed-precision training with Adam keeps, per parameter: an fp16 parameter (2 bytes), an fp16
gradient (2 bytes) and 12 bytes of optimizer state (an fp32 master copy of the parameter, the fp32
momentum and the fp32 variance). With plain data parallelism (stage 0) every GPU holds all of it.
ZeRO stage 1 partitions the optimizer states across the `dp` data-parallel GPUs, stage 2 also the
gradients, stage 3 also the parameters; a partitioned quantity costs 1/dp of its full size on each
GPU (ignore padding, buffers and activations).

Implement `solve(num_params, dp, stage)` returning the bytes per GPU as a tuple of three floats:
(parameters, gradients, optimizer_states). Example: 7.5e9 parameters on 64 GPUs at stage 0 is
(15e9, 15e9, 90e9).
"""


def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    raise NotImplementedError
