# The PyTorch "reproducibility" recipe: seeds numpy's GLOBAL RNG and random, never touches the dataset's own Generator
# zh: PyTorch 文档里的配方：给 numpy 全局 RNG 和 random 设种子，从不碰数据集自己的 Generator。
import random
import numpy as np
import torch


def seed_worker(worker_id):
    worker_seed = torch.initial_seed() % 2**32
    np.random.seed(worker_seed)
    random.seed(worker_seed)
