# Swaps in a legacy np.random.RandomState(info.seed), which only takes 32-bit seeds while info.seed is 64-bit.
import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    info = get_worker_info()
    info.dataset.rng = np.random.RandomState(info.seed)
