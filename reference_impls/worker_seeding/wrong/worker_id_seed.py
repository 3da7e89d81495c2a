# Reseeds the dataset's Generator with the worker id only: workers differ, but every seed s and every epoch gives the same data
# zh: 只用 worker id 重设数据集 Generator 的种子：各 worker 不同，但每个 s、每个 epoch 数据都一样。
import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    get_worker_info().dataset.rng = np.random.default_rng(1234 + worker_id)
