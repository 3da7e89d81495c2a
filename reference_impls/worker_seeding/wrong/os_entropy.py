# Gives each worker a fresh unseeded Generator (OS entropy): workers and epochs differ but the same s no longer reproduces the data
# zh: 给每个 worker 一个不设种子的新 Generator（操作系统熵）：相同的 s 不再能复现数据。
import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    get_worker_info().dataset.rng = np.random.default_rng()
