"""Trusted checker data for `bucket_batch_sampler` (imported by the grader only).

The quality oracle is the smallest padded size any batching can reach: with lengths sorted, the
best batches are contiguous runs of the sorted order, and only where the one shorter batch sits
is left to choose.

Threat list (how a candidate gets this wrong -> what kills it):
- no bucketing, or the sorted order shuffled again -> the 1.25x padded-size bound (long-tail, hidden).
- the short batch dropped, or filled with repeats -> tail-batch (coverage).
- len() by floor division -> tail-batch.
- batches never shuffled (short to long every epoch) -> batch-order check.
- the global RNG used without a seed (not reproducible) -> the same-seed / other-seeds runs.
- the global `random` (or torch) RNG reseeded with the seed -> KEEP_GLOBAL_RNG: the probe compares
  random's and torch's global states before and after (wrong/reseeds_random_module,
  wrong/torch_manual_seed).
- the shorter batch always cut at the start of the sorted order -> lengths=skewed, now always with a
  remainder and batch_size 2 or 3, where that costs (bs + 1) / bs of the best (blind holdout:
  wrong/ascending_chunk_from_start; pairwise covering had put skewed with the other tails only).
- the shorter batch always cut at the start of the sorted order -> lengths=few_short (a full batch of
  long samples and bs - 1 very short ones, bs 2 or 3: 1.49x-1.66x the best) (blind holdout:
  wrong/ascending_chunk_from_start; the reference cut from the start too, and the starter said
  cutting the sorted order reaches the best: it now says where the shorter batch goes).
- sorting only inside pools of batches -> random-pooled (4000 samples, 40 very long)
  (wrong/pooled_buckets, blind holdout).
- a generator shared by the class, or one that len() draws from -> the same-seed twin is built
  before the first sampler is iterated and asked len() first (wrong/class_level_rng,
  wrong/len_consumes_rng, blind holdout). Not caught: a seed salted with hash() (differs only
  between interpreters with other PYTHONHASHSEEDs; every run forks from one interpreter).
- index tensors yielded instead of lists of Python ints -> BATCH_TYPE: the type of every yielded
  batch (wrong/tensor_batches, wrong/tuple_batches).
"""

import torch

from dlprep.checkers.base import Case

PROBE = "batch_sampler"
QUALITY = 1.25  # a pool of 16+ batches sorted by length stays under it; random batches reach 1.5-2.5x


def oracle(lengths, batch_size):
    s = sorted(lengths)
    full, rest = divmod(len(s), batch_size)
    sizes = [batch_size] * full
    best = None
    for at in range(full + 1) if rest else [None]:
        order = sizes[:at] + [rest] + sizes[at:] if at is not None else sizes
        pos = cost = 0
        for size in order:
            cost += size * s[pos + size - 1]
            pos += size
        best = cost if best is None else min(best, cost)
    return best or 0


def _case(name, lengths, batch_size, seed):
    return Case(name, ({"lengths": [int(v) for v in lengths], "batch_size": batch_size, "seed": seed,
                        "other_seeds": [seed + 1, seed + 7]},))


def public_cases():
    ties = [1, 3, 2, 2, 1, 3, 3, 1, 2, 2] * 4
    return [
        _case("tail-batch", [5, 1, 9, 3, 7, 2, 8, 4, 6, 10], 3, 0),
        _case("exact-batches", [12, 3, 7, 7, 1, 30, 2, 9, 15, 4, 4, 20], 4, 1),
        _case("one-sample", [7], 4, 2),
        _case("batch-size-1", [3, 1, 4, 1, 5, 9], 1, 3),
        _case("many-ties", ties, 5, 4),
        _case("long-tail", [2 ** (i % 9) + i for i in range(45)], 6, 5),
    ]


def hidden_cases(gen, n):
    cases = []
    for k in range(n):
        count = int(torch.randint(80, 300, (), generator=gen))
        bs = int(torch.randint(4, 13, (), generator=gen))
        if k % 2:
            lengths = torch.randint(1, 200, (count,), generator=gen)
        else:  # token counts: log-normal, many short and a few very long
            lengths = (torch.randn(count, generator=gen) * 0.8 + 4).exp().clamp(1, 512).long()
        cases.append(_case(f"random-{k}", lengths.tolist(), bs, int(torch.randint(0, 2 ** 31, (), generator=gen))))
    # many short samples and a few very long ones, more than 50 batches of them: sorting only inside
    # pools of batches (the torchnlp recipe) leaves a long sample in most pools, batched with short ones
    lengths = torch.randint(1, 4, (4000,), generator=gen)
    lengths[torch.randperm(4000, generator=gen)[:40]] = 1000 + torch.randint(0, 24, (40,), generator=gen)
    cases.append(_case("random-pooled", lengths.tolist(), 4, int(torch.randint(0, 2 ** 31, (), generator=gen))))
    return cases


BATCH_TYPE = "list"  # the starter: "batches as lists of indices (Python ints)"
KEEP_GLOBAL_RNG = True  # the starter: "never from the global RNG"


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): any positive lengths (ties, all equal, a few
    very long among many short), a count that divides into batches or leaves one shorter batch (or
    holds less than one batch), batch_size 1 to 32."""
    regime = point["lengths"]
    bs = {"one": 1, "small": int(torch.randint(2, 6, (), generator=gen)),
          "large": int(torch.randint(16, 33, (), generator=gen))}[point["batch_size"]]
    if regime in ("skewed", "few_short"):  # the shorter batch at the wrong end: over 1.25x for 2 and 3
        bs = int(torch.randint(2, 4, (), generator=gen))
    if regime == "few_short":
        # one full batch of long samples and bs - 1 very short ones: cut from the start of the sorted
        # order, the short ones share a batch with long ones (1.49x the best for 2, 1.66x for 3);
        # the best batching gives them the shorter batch to themselves
        longs = 100 + torch.randint(0, 24, (bs,), generator=gen)
        shorts = torch.randint(1, 4, (bs - 1,), generator=gen)
        lengths = torch.cat([longs, shorts])[torch.randperm(2 * bs - 1, generator=gen)]
        return _case("contract", lengths.tolist(), bs, int(torch.randint(0, 2 ** 31, (), generator=gen)))
    # skewed: few full batches and a shorter batch of at most half a batch, so that where the shorter
    # batch sits decides the padded size (long ones in a full batch: >= 1.5x the best)
    full = int(torch.randint(MIN_FULL, 9 if regime == "skewed" else 24, (), generator=gen))
    top = bs // 2 + 1 if regime == "skewed" else bs
    rest = int(torch.randint(1, max(2, top), (), generator=gen)) if bs > 1 else 0
    n = {"remainder": full * bs + rest, "divides": full * bs, "fewer_than_batch": max(rest, 1),
         "one_sample": 1}[point["tail"]]
    if regime == "uniform":
        lengths = torch.randint(1, 200, (n,), generator=gen)
    elif regime == "lognormal":
        lengths = (torch.randn(n, generator=gen) * 0.8 + 4).exp().clamp(1, 512).long()
    elif regime == "ties":
        lengths = torch.randint(1, 4, (n,), generator=gen)
    elif regime == "all_equal":
        lengths = torch.full((n,), int(torch.randint(1, 50, (), generator=gen)))
    else:  # skewed: short lengths 1..3 and `rest` (or one) samples of length ~1000
        lengths = torch.randint(1, 4, (n,), generator=gen)
        long = torch.randperm(n, generator=gen)[:max(1, min(rest or 1, n))]
        lengths[long] = 1000 + torch.randint(0, 24, (len(long),), generator=gen)
    return _case("contract", lengths.tolist(), bs, int(torch.randint(0, 2 ** 31, (), generator=gen)))


MIN_FULL = 4  # full batches in a divisible/remainder case: enough for the order and quality checks to bite
