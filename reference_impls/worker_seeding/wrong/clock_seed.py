# Seeds from the clock plus the worker id: workers differ, but two runs with the same loader seed do not repeat.
import time

import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    get_worker_info().dataset.rng = np.random.default_rng(time.time_ns() + worker_id)
