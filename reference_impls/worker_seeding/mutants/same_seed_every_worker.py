# Re-seeds every worker with one constant: reproducible, but all workers draw the same numbers.
import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    get_worker_info().dataset.rng = np.random.default_rng(42)
