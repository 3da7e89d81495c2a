# Advances the copied Generator by worker_id jumps (PCG64.jumped): distinct per worker, but identical for every s and every epoch
# zh: 把复制来的 Generator 按 worker_id 跳跃（PCG64.jumped）：各 worker 不同，但每个 s、每个 epoch 都相同。
import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    info = get_worker_info()
    bg = info.dataset.rng.bit_generator.jumped(worker_id + 1)
    info.dataset.rng = np.random.Generator(bg)
