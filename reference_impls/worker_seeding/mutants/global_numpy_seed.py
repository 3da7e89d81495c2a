# The old recipe: seeds numpy's global RNG, which the dataset's own Generator never reads.
import numpy as np
import torch


def seed_worker(worker_id):
    np.random.seed(torch.initial_seed() % 2 ** 32)
