# Keeps the dataset's Generator object and replaces its bit generator's state with one seeded from info.seed.
import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    info = get_worker_info()
    fresh = np.random.PCG64(info.seed)
    info.dataset.rng.bit_generator.state = fresh.state
