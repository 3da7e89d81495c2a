import numpy as np
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    info = get_worker_info()
    # info.seed = base seed + worker_id, and the loader draws the base seed from its generator each
    # time it starts workers: different per worker and per epoch, the same for the same generator seed.
    info.dataset.rng = np.random.default_rng(info.seed)
