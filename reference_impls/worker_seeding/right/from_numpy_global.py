# Draws the new Generator's seed from numpy's GLOBAL RNG, which the DataLoader has already seeded per worker and per epoch from the loader's base seed
import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    get_worker_info().dataset.rng = np.random.default_rng(np.random.randint(0, 2**32, size=4, dtype=np.uint64))
