# A new Generator from OS entropy: workers differ, but no two runs are the same.
import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    get_worker_info().dataset.rng = np.random.default_rng()
