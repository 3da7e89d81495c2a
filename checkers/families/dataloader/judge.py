"""dataloader: samplers, collate functions, iterable datasets, worker seeding and a loader written
from scratch, each run for real (DataLoader worker processes included) and judged here.

An exercise's check.py names its `PROBE` (see child.PROBES) and gives `public_cases()`
and `hidden_cases(gen, n)`, each a Case whose only argument is the probe's spec (plain data), and
where the probe has one, an `oracle`:

- batch_sampler: the user's `Sampler(lengths, batch_size, seed)`; every epoch covers every index
                 once, in batches of batch_size but for one shorter batch; `len()` agrees; the same
                 seed gives the same batches (also through a real DataLoader), other seeds others;
                 the padded size is at most `QUALITY` times `oracle(lengths, batch_size)`, the best
                 possible; the batch order is not sorted by length.
- collate:       `collate(batch, padding_value)` compared exactly with `oracle(batch, padding_value)`
                 (torch's pad_sequence); the input sequences must be left unchanged.
- iterable:      the user's IterableDataset(start, end) under DataLoaders with 0, 2 and 3 workers
                 (one with persistent_workers over two epochs): every item exactly once per epoch,
                 and no worker doing more than its share.
- worker_seed:   the user's worker_init_fn on an augmenting dataset: same generator seed -> same
                 data, workers differ, another seed differs, the next epoch differs; the same holds
                 for its draws from torch's and `random`'s global RNGs (their seeding left alone).
- loader:        the user's loader against torch's DataLoader (`oracle(spec)` -> the batches), in
                 order, loaded in daemon worker processes when asked, a worker's error re-raised, and
                 no worker left running once the iterator is exhausted or dropped; a sampler is one
                 (child.EpochSampler) that gives a new order on every pass, and is passed over once.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import torch

from dlprep.checkers.base import Case, Family
from dlprep.checkers.compare import compare_described
from dlprep.checkers.registry import register
from dlprep.checkers.sandbox import harness
from dlprep.results import CheckResult

MIN_BATCHES_FOR_ORDER = 6  # below this a different seed can give the same order by chance (1/720)


# Verified: batches, samples and augmentations are values compared here with the oracle's. Which
# process loaded a sample and which workers were still running are observed beside the user's
# code: `observe`d, judged in the reported check.
def _fail(case: Case, message: str, **details: Any) -> CheckResult:
    return CheckResult(case.name, "fail", message=message, details=details, trust="verified")


def _pass(case: Case, **details: Any) -> CheckResult:
    return CheckResult(case.name, "pass", details=details, trust="verified")


def _raised(err: dict[str, Any]) -> str:
    at = f" (line {err['line']})" if err.get("line") else ""
    return f"raised {err['type']}{at}: {err['message']}"


def _sampler_passes(n: int) -> str:
    return (f"the loader iterated the sampler {n} times in one epoch: torch's DataLoader iterates it once "
            "(iter(sampler)), and a sampler such as RandomSampler gives a new order on every pass, so count "
            "and batch the indices from that one pass")


def _workers(n: int) -> str:
    return f"{n} worker process{'' if n == 1 else 'es'}"


@register("dataloader")
class DataLoaderFamily(Family):
    warm = ()  # its runs never reach torch._dynamo (Family.warm)
    child_harness = "dlprep.checkers.families.dataloader.child:run_child"
    default_hidden = 3
    timeout_s = 60.0  # the worst case: several cases that each hang up to case_timeout_s
    case_timeout_s = 6.0
    reported_name = "processes"
    observed = "inputs unchanged, samples loaded by the processes asked for, no worker left running"

    def __init__(self, ex: Any):
        super().__init__(ex)
        self.check = ex.check
        self.probe: str = ex.check.PROBE

    def job(self, source: str, filename: str, device: str) -> dict[str, Any]:
        job = super().job(source, filename, "cpu")  # data loading is host-side work: CPU always
        job["probe"] = self.probe
        job["case_timeout"] = self.case_limit()
        return job

    def case_limit(self) -> float:
        return float(self.config.get("case_timeout", self.case_timeout_s))

    def payload(self, cases: list[Case]) -> bytes:
        return harness.dump({"cases": [c.args[0] for c in cases]})

    def judge_case(self, case: Case, fact: dict[str, Any]) -> CheckResult:
        if "hung" in fact:
            return CheckResult(case.name, "timeout", trust="verified", message=(
                f"did not finish within {self.case_limit():g} s: something waits forever (a queue nobody fills, "
                "a worker that died, a join on a worker that never stops)"))
        if "skipped" in fact:
            return _fail(case, "not run: an earlier case hung, and every case after it was skipped")
        err = fact.get("error")
        if err is not None:
            if err.get("notimpl"):
                return CheckResult(case.name, "unattempted", message="not implemented yet", trust="verified")
            return _fail(case, _raised(err))
        judge = {"batch_sampler": self._sampler, "collate": self._collate, "iterable": self._iterable,
                 "worker_seed": self._worker_seed, "loader": self._loader}[self.probe]
        result = judge(case, case.args[0], fact)
        if result.status == "pass" and fact.get("left"):
            self.observe(case, f"{fact['left']} process(es) started during this case were still running after it "
                               "(worker processes must exit when their loader is done)")
        return result

    # ------------------------------------------------------------------ batch sampler

    @staticmethod
    def _epoch_problem(got: dict[str, Any], n: int, bs: int, label: str) -> str | None:
        if "invalid" in got:
            return str(got["invalid"])
        if got.get("endless"):
            return f"{label}: more than {n + 1} batches for {n} samples: the iteration never stops"
        batches: list[list[int]] = got["batches"]
        if n and not batches:
            return (f"{label} yielded no batches: __iter__ must start a new pass every time it is called "
                    "(return a fresh iterator, not one that was used up)")
        counts = Counter(i for b in batches for i in b)
        outside = sorted(i for i in counts if not 0 <= i < n)
        if outside:
            return f"{label}: index {outside[0]} is out of range for {n} samples"
        twice = sorted(i for i, c in counts.items() if c > 1)
        if twice:
            return (f"{label}: index {twice[0]} appears {counts[twice[0]]} times"
                    f"{f' ({len(twice)} indices repeat)' if len(twice) > 1 else ''}: every index must appear once")
        missing = [i for i in range(n) if i not in counts]
        if missing:
            hint = (" (the last, shorter batch was dropped: keep it)" if len(missing) == n % bs
                    and all(len(b) == bs for b in batches) else "")
            more = f" ({len(missing)} indices are missing)" if len(missing) > 1 else ""
            return f"{label}: index {missing[0]} never appears{more}{hint}"
        short = [len(b) for b in batches if len(b) != bs]
        if len(short) > 1:
            return (f"{label}: batch sizes {[len(b) for b in batches]}: every batch must hold batch_size={bs} "
                    "indices, except a single shorter one")
        return None

    def _sampler(self, case: Case, spec: dict[str, Any], fact: dict[str, Any]) -> CheckResult:
        lengths, bs = list(spec["lengths"]), int(spec["batch_size"])
        n = len(lengths)
        run = fact["run"]
        want_type = getattr(self.check, "BATCH_TYPE", None)
        if want_type and set(fact.get("batch_types", [])) - {want_type}:
            return _fail(case, f"the sampler yields batches of type {', '.join(fact['batch_types'])}: the spec asks "
                               f"for {want_type}s of Python ints")
        if getattr(self.check, "KEEP_GLOBAL_RNG", False) and fact.get("global_rng_changed"):
            return _fail(case, f"iterating the sampler changed the global {' and '.join(fact['global_rng_changed'])} "
                               "RNG state: draw from your own random.Random or torch.Generator seeded with `seed`")
        for label, got in (("epoch 1", run["first"]), ("epoch 2 (a second iter() of the same sampler)", run["again"])):
            problem = self._epoch_problem(got, n, bs, label)
            if problem:
                return _fail(case, problem, n=n, batch_size=bs)
        first = run["first"]["batches"]
        if run["len"] != len(first):
            return _fail(case, f"len(sampler) is {run['len']}, but an epoch has {len(first)} batches")
        if fact["same_seed"] != run["first"]:
            return _fail(case, "two samplers built with the same seed gave different batches (the second was built "
                               "before the first was iterated, and asked len() before its first epoch): draw every "
                               "random choice from a generator of the sampler's own, seeded with `seed`, never from "
                               "the global RNG or one shared between samplers, and let len() draw nothing")
        if fact["loader"] != run["first"] or fact["loader_len"] != len(first):
            return _fail(case, "DataLoader(dataset, batch_sampler=sampler) did not load the batches the sampler "
                               f"yields ({fact['loader_len']} batches)")
        padded = sum(len(b) * max(lengths[i] for i in b) for b in first)
        best = int(self.check.oracle(lengths, bs))
        ratio = padded / best if best else 1.0
        details = {"padded": padded, "best_padded": best, "ratio": round(ratio, 3), "limit": self.check.QUALITY}
        if ratio > self.check.QUALITY:
            return _fail(case, f"the batches are not grouped by length: padded to the longest sample of each batch "
                               f"they hold {padded} positions, {ratio:.2f}x the {best} of grouping sorted lengths "
                               f"(at most {self.check.QUALITY}x allowed)", **details)
        if len(first) >= MIN_BATCHES_FOR_ORDER:
            others = [o.get("batches") for o in fact["other_seeds"]]
            if all(o == first for o in others):
                return _fail(case, "other seeds gave exactly the same batches: shuffle with a generator seeded by "
                                   "`seed`", **details)
            runs = [b for b in [first, *others] if b]
            if _order_chance(first, lengths) <= 1 / 720 and all(_sorted_by_length(b, lengths) for b in runs):
                return _fail(case, "the batches come in order of length in every epoch (short ones first): shuffle "
                                   "the order of the batches, not only the samples", **details)
        return _pass(case, **details)

    # ------------------------------------------------------------------ collate_fn

    def _collate(self, case: Case, spec: dict[str, Any], fact: dict[str, Any]) -> CheckResult:
        batch, pad = spec["batch"], spec["padding_value"]
        given = f"padding_value left out (default {pad})" if spec.get("default_padding") else f"padding_value={pad}"
        label = f"lengths {[len(s) for s, _ in batch]}, {given}"
        if fact["changed"]:
            self.observe(case, f"modified input sequence {fact['changed'][0]} in place")
        expected = self.check.oracle([(s.clone(), y) for s, y in batch], pad)
        out = fact["out"]
        keys = sorted(expected)
        if out["kind"] != "dict":
            got = "a tensor" if out["kind"] == "tensor" else f"a {out.get('type')}"
            return _fail(case, f"must return a dict with keys {keys}; got {got}", inputs=label)
        if set(out["items"]) != set(expected):
            return _fail(case, f"returned a dict with keys {sorted(out['items'])}, expected {keys}", inputs=label)
        for key, want in expected.items():  # key by key, so that the hint names the wrong one
            c = compare_described(out["items"][key], harness.describe(want), 0.0, 0.0, where=f"output[{key!r}]")
            if not c.ok:
                hint = _collate_hint(key, out["items"][key], expected, pad)
                return _fail(case, f"{c.message}{hint}", inputs=label, **c.details)
        return _pass(case, inputs=label)

    # ------------------------------------------------------------------ iterable dataset

    def _iterable(self, case: Case, spec: dict[str, Any], fact: dict[str, Any]) -> CheckResult:
        if "not_iterable" in fact:
            return _fail(case, f"{self.ex.question.entry}(start, end) returned a {fact['not_iterable']}, "
                               "not a torch.utils.data.IterableDataset")
        start, end = int(spec["start"]), int(spec["end"])
        expected = Counter(range(start, end))
        label = f"range({start}, {end})"
        for cfg, run in zip(spec["configs"], fact["runs"], strict=True):
            where = (f"num_workers={cfg['workers']}, batch_size={cfg['batch_size']}"
                     + (", persistent_workers=True" if cfg["persistent"] else ""))
            for e, epoch in enumerate(run["epochs"]):
                problem = _stream_problem(epoch, expected, cfg, e)
                if problem:
                    return _fail(case, f"{label} with {where}: {problem}", inputs=label)
            if run["left"]:
                self.observe(case, f"{label} with {where}: {_workers(run['left'])} still running "
                                   "after the loader was deleted")
        return _pass(case, inputs=label)

    # ------------------------------------------------------------------ worker_init_fn

    def _worker_seed(self, case: Case, spec: dict[str, Any], fact: dict[str, Any]) -> CheckResult:
        runs = fact["runs"]
        n, workers = int(spec["n"]), int(spec["workers"])
        label = (f"{n} samples, batch_size={spec['batch_size']}, num_workers={workers}"
                 + (", persistent_workers=True" if spec["persistent"] else ""))
        for epoch in (e for r in runs for e in r):
            if epoch["i"].flatten().tolist() != list(range(n)):
                return _fail(case, "the loader did not return the dataset's samples in order: the worker_init_fn must "
                                   "only re-seed, not change the dataset", inputs=label)
        a, again, other = runs  # seed a for two epochs; a again, then b, for one
        if not torch.equal(a[0]["noise"], again[0]["noise"]):
            return _fail(case, "two runs with the same DataLoader generator seed gave different augmentations: seed "
                               "from the worker's own seed (get_worker_info().seed, or torch.initial_seed() in the "
                               "worker), not from fresh entropy", inputs=label)
        first = a[0]
        starts = {}
        for w in range(workers):
            rows = (first["worker"].flatten() == w).nonzero().flatten()
            if len(rows):
                starts[w] = first["noise"][rows[0]]
        same = [(u, v) for u in starts for v in starts if u < v and torch.equal(starts[u], starts[v])]
        if same:
            u, v = same[0]
            return _fail(case, f"workers {u} and {v} drew the same random numbers: each worker starts with a copy of "
                               "the dataset's generator, so every worker must re-seed it with a seed of its own",
                         inputs=label)
        for key, rng in (("torch_noise", "torch's RNG"), ("py_noise", "Python's `random`")):
            problem = _global_rng_problem(key, rng, a, again, other, workers)
            if problem:
                return _fail(case, problem, inputs=label)
        problem = _seeded_streams_problem(runs)
        if problem:
            return _fail(case, problem, inputs=label)
        if torch.equal(a[0]["noise"], other[0]["noise"]):
            return _fail(case, "a different DataLoader generator seed gave the same augmentations: derive the seed "
                               "from the one the loader gives the worker (get_worker_info().seed), not only from "
                               "worker_id", inputs=label)
        if torch.equal(a[0]["noise"], a[1]["noise"]):
            return _fail(case, "epoch 2 repeated epoch 1's augmentations: the worker's seed changes every epoch, so "
                               "a seed derived from it gives new data each epoch", inputs=label)
        return _pass(case, inputs=label)

    # ------------------------------------------------------------------ a loader from scratch

    def _loader(self, case: Case, spec: dict[str, Any], fact: dict[str, Any]) -> CheckResult:
        workers = int(spec["workers"])
        label = (f"{len(spec['x'])} samples, batch_size={spec['batch_size']}, num_workers={workers}"
                 + ("" if spec["sampler"] is None else f", sampler of {len(spec['sampler'])} indices")
                 + (", drop_last=True" if spec["drop_last"] else "")
                 + (f", collate_fn={spec['collate']}" if spec.get("collate") else "")
                 + (" (batch_size and num_workers left at their defaults)" if spec.get("defaults") else ""))
        raised = fact.get("raised")
        if raised is not None and raised.get("notimpl"):
            return CheckResult(case.name, "unattempted", message="not implemented yet", trust="verified")
        corrupt = spec["corrupt"]
        if corrupt is not None:
            return self._loader_error(case, fact, corrupt, label)
        if raised is not None:
            return _fail(case, _raised(raised), inputs=label)
        expected = self.check.oracle(spec)
        if spec["stop_after"] is not None:
            expected = expected[:spec["stop_after"]]
        problem = _batches_problem(fact["batches"], expected)
        passes = fact.get("sampler_iters") or 0
        if problem and passes > 1:
            problem += f" ({_sampler_passes(passes)})"
        if problem:
            return _fail(case, problem, inputs=label)
        if "epoch2" in fact or "raised2" in fact:
            problem = self._second_epoch_problem(spec, fact)
            if problem:
                return _fail(case, problem, inputs=label)
        self.observe(case, _sampler_passes(passes) if passes > 1 else self._processes_problem(spec, fact))
        return _pass(case, inputs=label)

    def _second_epoch_problem(self, spec: dict[str, Any], fact: dict[str, Any]) -> str | None:
        """A second pass over the same loader: torch's iterates the sampler again, and the case's
        sampler (child.EpochSampler) then gives its order rotated by one place."""
        if "raised2" in fact:
            return f"the second pass over the same loader {_raised(fact['raised2'])}"
        order = spec["sampler"]
        again = spec if not order else {**spec, "sampler": order[1:] + order[:1]}
        problem = _batches_problem(fact["epoch2"], self.check.oracle(again))
        if problem is None:
            return None
        passes = fact.get("sampler_iters2")
        why = (" (the sampler was not iterated again: call iter(sampler) at the start of every pass, "
               "not once in __init__)" if passes == 0 else
               f" ({_sampler_passes(passes)})" if passes and passes > 1 else "")
        return f"second pass over the same loader: {problem}{why}"

    @staticmethod
    def _processes_problem(spec: dict[str, Any], fact: dict[str, Any]) -> str | None:
        workers = int(spec["workers"])
        pids = {int(p) for b in fact["batches"] for p in b["items"]["pid"]["value"].flatten().tolist()}
        main = int(fact["main_pid"])
        if workers == 0 and pids - {main}:
            return ("num_workers=0, but samples were loaded in another process: load them in the "
                    "calling process")
        if workers and main in pids:
            return (f"num_workers={workers}, but samples were loaded in the main process: worker "
                    "processes must do the loading")
        if len(pids) > max(workers, 1):
            return (f"{len(pids)} processes loaded samples, more than num_workers={workers}")
        daemons = [int(d) for b in fact["batches"] if "daemon" in b["items"]
                   for d in b["items"]["daemon"]["value"].flatten().tolist()]
        if workers and not all(daemons):
            return ("the worker processes are not daemons: start them with daemon=True, so that a program that "
                    "exits while an iterator is still open is not kept waiting for them")
        if fact.get("exhausted_left"):
            return (f"{_workers(fact['exhausted_left'])} still running after the last "
                    "batch: when the iteration ends, tell every worker to stop and join it")
        if fact["dropped_left"]:
            return (f"the iterator was abandoned after {spec['stop_after']} batch(es) and deleted, but "
                    f"{_workers(fact['dropped_left'])} kept running: shut the workers "
                    "down when the iterator is closed or garbage-collected")
        return None

    def _loader_error(self, case: Case, fact: dict[str, Any], corrupt: int, label: str) -> CheckResult:
        raised = fact.get("raised")
        text = f"sample {corrupt} is corrupt"
        if raised is None:
            return _fail(case, f"sample {corrupt} raises ValueError({text!r}) in the dataset, but iterating the loader "
                               f"raised nothing ({len(fact['batches'])} batches): a worker's exception must be "
                               "re-raised in the caller", inputs=label)
        if text not in raised["message"]:
            return _fail(case, f"the dataset raised ValueError({text!r}) in a worker, but the loader "
                               f"{_raised(raised)}: pass the worker's error on to the caller", inputs=label)
        if fact["dropped_left"]:
            self.observe(case, f"after re-raising the worker's error {_workers(fact['dropped_left'])} "
                               "kept running: shut the workers down on errors too")
        return _pass(case, inputs=label)


def _global_rng_problem(key: str, rng: str, a: list[dict[str, torch.Tensor]], again: list[dict[str, torch.Tensor]],
                        other: list[dict[str, torch.Tensor]], workers: int) -> str | None:
    """What a worker_init_fn broke of the seeding the DataLoader gives a global RNG in each worker
    (base seed drawn from its generator, plus the worker id): workers, runs with the same generator
    seed, another seed and the next epoch must draw as they do without the worker_init_fn."""
    first = a[0]
    if key not in first:
        return None
    starts = {}
    for w in range(workers):
        rows = (first["worker"].flatten() == w).nonzero().flatten()
        if len(rows):
            starts[w] = first[key][rows[0]]
    same = [(u, v) for u in starts for v in starts if u < v and torch.equal(starts[u], starts[v])]
    if same:
        u, v = same[0]
        return (f"workers {u} and {v} drew the same numbers from {rng}: the DataLoader seeds it differently in "
                "each worker, and the worker_init_fn must not reseed it with a constant (or the base seed alone)")
    leave = "leave the seeding the DataLoader gives it (base seed from its generator + worker id) as it is"
    if not torch.equal(first[key], again[0][key]):
        return (f"two runs with the same DataLoader generator seed drew different numbers from {rng}: "
                f"{leave}, not reseeded from fresh entropy")
    if torch.equal(first[key], other[0][key]):
        return (f"a different DataLoader generator seed gave the same numbers from {rng}: {leave}, not "
                "reseeded from the worker id alone")
    if torch.equal(first[key], a[1][key]):
        return f"epoch 2 repeated epoch 1's numbers from {rng}: {leave}"
    return None


def _seeded_streams_problem(runs: list[list[dict[str, torch.Tensor]]]) -> str | None:
    """Each worker's torch and `random` draws, exactly as the DataLoader's own seeding gives them:
    torch.manual_seed(seed) and random.seed(seed) with the worker's seed, its stream going on across
    epochs while a persistent worker keeps its seed. A worker_init_fn that draws from either RNG (to
    make a seed) or reseeds it with anything else changes them, where the prompt says leave them."""
    for run in runs:
        streams: dict[int, tuple[int, torch.Generator, random.Random]] = {}
        for epoch in run:
            for row in range(len(epoch["worker"])):
                w = int(epoch["worker"][row].flatten()[0])
                hi, lo = (int(v) for v in epoch["seed"][row].flatten())
                seed = (hi << 32) | lo
                if w < 0:  # loaded in the main process: no worker seeding to keep
                    continue
                if w not in streams or streams[w][0] != seed:
                    streams[w] = (seed, torch.Generator().manual_seed(seed), random.Random(seed))
                _, gen, py = streams[w]
                want_torch = torch.rand(2, generator=gen)
                want_py = torch.tensor([py.random(), py.random()], dtype=torch.float64)
                for key, want, rng in (("torch_noise", want_torch, "torch's RNG"), ("py_noise", want_py, "`random`")):
                    got = epoch[key][row].flatten()
                    if not torch.equal(got.to(want.dtype), want):
                        return (f"worker {w} drew {got.tolist()} from {rng} where the DataLoader's own seeding "
                                f"(seed {seed}) gives {want.tolist()}: the worker_init_fn must leave that seeding "
                                "as it is, neither drawing from that RNG (to make a seed) nor reseeding it")
    return None


def _order_chance(batches: list[list[int]], lengths: list[int]) -> float:
    """The chance that a shuffled batch order comes out sorted by the batches' longest lengths (either
    way): prod(ties!) / k! times 2. With many equal maxima (all lengths equal, lengths 1..3) a
    shuffled order is often sorted, and the order check must not call that unshuffled."""
    tops = Counter(max(lengths[i] for i in b) for b in batches)
    # in logs: a thousand batches' factorial is no float
    log = math.log(2.0 if len(tops) > 1 else 1.0) + sum(math.lgamma(c + 1) for c in tops.values())
    return math.exp(log - math.lgamma(len(batches) + 1))


def _sorted_by_length(batches: list[list[int]], lengths: list[int]) -> bool:
    tops = [max(lengths[i] for i in b) for b in batches]
    return tops == sorted(tops) or tops == sorted(tops, reverse=True)


def _collate_hint(key: str, got: dict[str, Any], expected: dict[str, torch.Tensor], pad: float) -> str:
    """Why the usual wrong collate functions are wrong, when the output shows it."""
    if got["kind"] != "tensor":
        return ""
    value, want, real = got["value"], expected[key], expected["mask"]
    if key == "padded" and value.dim() == want.dim() > 1 and value.shape[1] != want.shape[1]:
        return f" (pad to the longest sequence of the batch, {want.shape[1]} here, not to a fixed length)"
    if key == "padded" and value.shape == want.shape and value.dtype == want.dtype and torch.equal(value[real],
                                                                                                 want[real]):
        return f" (the real values are right; padding positions must hold padding_value={pad})"
    if key == "mask" and value.shape == want.shape and bool(value.all()):
        return " (the mask marks padding positions as real: it must be False past each sequence's length)"
    if key == "lengths" and value.shape == want.shape and bool((value <= want).all()):
        return " (count each sequence's length before padding: a real value can equal the padding value)"
    return ""


def _stream_problem(epoch: list[dict[str, Any]], expected: Counter[int], cfg: dict[str, Any], e: int) -> str | None:
    bad = next((b["invalid"] for b in epoch if "invalid" in b), None)
    if bad:
        return str(bad)
    counts = Counter(i for b in epoch for i in b["items"])
    by_worker: Counter[int] = Counter()
    for b in epoch:
        by_worker[b["worker"]] += len(b["items"])
    when = f"in epoch {e + 1}, " if cfg["epochs"] > 1 else ""
    extra = sorted(i for i in counts if counts[i] > expected.get(i, 0))
    if extra:
        i = extra[0]
        dup = ("; every worker iterates its own copy of the dataset, so each must yield only its share (use "
               "get_worker_info())" if cfg["workers"] > 1 and counts[i] > 1 else "")
        return f"{when}item {i} was yielded {counts[i]} times, expected {expected.get(i, 0)}{dup}"
    missing = sorted(i for i in expected if counts[i] < expected[i])
    if missing:
        hint = (" (with persistent_workers the workers keep their dataset object between epochs: __iter__ must start "
                "over each time it is called)" if e > 0 and not counts else "")
        more = f" ({len(missing)} items are missing)" if len(missing) > 1 else ""
        return f"{when}item {missing[0]} was never yielded{more}{hint}"
    workers = cfg["workers"]
    share = math.ceil(sum(expected.values()) / workers) if workers else None
    if share is not None:
        busiest, items = max(by_worker.items(), key=lambda kv: kv[1], default=(0, 0))
        if items > share:
            return (f"worker {busiest} yielded {items} of the {sum(expected.values())} items, more than its share "
                    f"({share} with {workers} workers): split the items across all workers")
    return None


def _batches_problem(got: list[dict[str, Any]], expected: list[dict[str, torch.Tensor]]) -> str | None:
    """Why the user's batches are not torch's (only 'x' and 'y' are compared; 'pid' says who loaded,
    'daemon' whether that process was a daemon)."""
    for k, b in enumerate(got):
        if b["kind"] != "dict" or not {"x", "y", "pid"} <= set(b["items"]) or any(
                b["items"][key]["kind"] != "tensor" for key in ("x", "y", "pid")):
            what = sorted(b["items"]) if b["kind"] == "dict" else b.get("type", b["kind"])
            return (f"batch {k} is {what}: with the default collate_fn a batch of dict samples is a dict of "
                    "stacked tensors")
    mine = [{key: b["items"][key]["value"] for key in ("x", "y")} for b in got]

    def same(a: dict[str, torch.Tensor], e: dict[str, torch.Tensor]) -> bool:
        return all(a[k].shape == e[k].shape and a[k].dtype == e[k].dtype and torch.equal(a[k], e[k]) for k in e)

    for k, (a, e) in enumerate(zip(mine, expected, strict=False)):
        if not same(a, e):
            j = next((j for j, other in enumerate(expected) if same(a, other)), None)
            if j is not None:
                return (f"batch {k} is the one torch's DataLoader returns as batch {j}: results must come back in "
                        "sampler order, so keep early results until their turn")
            return (f"batch {k} differs from torch's DataLoader's: yours has y={a['y'].tolist()}, expected "
                    f"y={e['y'].tolist()}")
    if len(mine) != len(expected):
        return f"the loader yielded {len(mine)} batches, torch's DataLoader {len(expected)}"
    return None
