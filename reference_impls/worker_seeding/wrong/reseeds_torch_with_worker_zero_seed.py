# Reseeds the dataset's generator from worker_seed, then resets torch to the loader's base seed, the same in every worker.
import numpy as np
import torch
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    info = get_worker_info()
    info.dataset.rng = np.random.default_rng(info.seed)
    torch.manual_seed(info.seed - worker_id)  # "the base seed", identical across workers
