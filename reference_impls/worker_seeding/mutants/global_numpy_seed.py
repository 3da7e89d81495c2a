# The old recipe: seeds numpy's global RNG, which the dataset's own Generator never reads.
# zh: 老办法：给 numpy 的全局 RNG 播种，而数据集自己的 Generator 从来不读它。
import numpy as np
import torch


def seed_worker(worker_id):
    np.random.seed(torch.initial_seed() % 2 ** 32)
