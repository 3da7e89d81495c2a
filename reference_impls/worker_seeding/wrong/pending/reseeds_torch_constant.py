# Seeds the dataset's Generator correctly but also calls torch.manual_seed(0), so torch draws repeat in every worker.
import numpy as np
import torch
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    info = get_worker_info()
    info.dataset.rng = np.random.default_rng(info.seed)
    torch.manual_seed(0)
