# Seeds from the worker id and a per-process call counter, ignoring the loader's seed: another seed gives the same data.
import itertools

import numpy as np
from torch.utils.data import get_worker_info

_calls = itertools.count()


def seed_worker(worker_id):
    get_worker_info().dataset.rng = np.random.default_rng([worker_id, next(_calls)])
