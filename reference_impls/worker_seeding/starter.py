"""Seeding DataLoader workers for reproducible augmentation.

The dataset below is used with `DataLoader(NoisyDataset(n), batch_size=..., num_workers=...,
worker_init_fn=seed_worker, generator=torch.Generator().manual_seed(s))`:

    class NoisyDataset(Dataset):
        def __init__(self, n):
            self.n = n
            self.rng = np.random.default_rng(1234)        # its own numpy Generator

        def __getitem__(self, i):
            return {"i": i, "noise": torch.from_numpy(self.rng.random(2)), ...}

DataLoader re-seeds torch, `random` and numpy's global RNG in every worker, but not a Generator
the dataset owns: each worker starts with an identical copy of `self.rng`, so all workers draw
the same "random" augmentations, and every epoch repeats the last. (The dataset may also draw from
torch's RNG and from `random`: leave the per-worker seeding the DataLoader gives those as it is.)

Write `seed_worker(worker_id)`, the worker_init_fn that runs first in each worker process, so that:
- two runs with the same DataLoader generator seed give exactly the same data;
- different workers draw different numbers;
- a different generator seed gives different data;
- each epoch (new workers, unless persistent_workers=True) gives new augmentations.
`torch.utils.data.get_worker_info()` gives the worker's `dataset` copy and its `seed` (the loader
derives it from its generator, per worker and per epoch; `torch.initial_seed()` in the worker is
the same number).
"""


def seed_worker(worker_id: int) -> None:
    raise NotImplementedError
