# Numpy's spawn(): child Generators of the dataset's own (identically seeded) Generator, independent of the loader's seed and epoch
# zh: 用 numpy 的 spawn() 从数据集自己的（种子相同的）Generator 派生子生成器：与加载器的种子和 epoch 无关。
from torch.utils.data import get_worker_info


def seed_worker(worker_id):
    info = get_worker_info()
    info.dataset.rng = info.dataset.rng.spawn(info.num_workers)[worker_id]
