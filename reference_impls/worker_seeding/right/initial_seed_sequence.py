# Feeds torch.initial_seed() (the worker's seed) through numpy's SeedSequence into a fresh PCG64.
import numpy as np
import torch
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    seq = np.random.SeedSequence(torch.initial_seed())
    get_worker_info().dataset.rng = np.random.Generator(np.random.PCG64(seq))
