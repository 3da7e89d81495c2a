# Seeds everything with info.seed % 2**32: random is reseeded with another seed than the DataLoader's 64-bit one, so the dataset's random draws change.
# zh: 用 info.seed % 2**32 给所有随机数发生器播种：random 被换成了与 DataLoader 的 64 位种子不同的种子，数据集从 random 抽到的数随之改变。
import random

import numpy as np
import torch


def seed_worker(worker_id: int) -> None:
    info = torch.utils.data.get_worker_info()
    s = info.seed % 2**32
    info.dataset.rng = np.random.default_rng(info.seed)
    np.random.seed(s)
    random.seed(s)
    torch.manual_seed(s)
