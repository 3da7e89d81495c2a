# Builds a SeedSequence from torch.initial_seed() split into 32-bit words and sets the state of the dataset's existing bit generator in place
import numpy as np
import torch
from torch.utils.data import get_worker_info


def seed_worker(worker_id: int) -> None:
    s = torch.initial_seed()
    words = [s & 0xFFFFFFFF, (s >> 32) & 0xFFFFFFFF]
    fresh = np.random.PCG64(np.random.SeedSequence(words))
    ds = get_worker_info().dataset
    ds.rng.bit_generator.state = fresh.state
