# Seeds from the worker id alone: workers differ, but the loader's seed and the epoch change nothing.
import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    get_worker_info().dataset.rng = np.random.default_rng(worker_id)
