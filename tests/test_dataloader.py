"""The dataloader family: the sampler quality oracle, and the specific messages for what each probe
can see go wrong (the exercises' own mutants are proved by `dlprep verify`)."""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import sys
import time
import types

import pytest
import torch

from dlprep.checkers import registry
from dlprep.checkers.base import load_exercise
from dlprep.checkers.families.dataloader import child
from dlprep.models import CodingQuestion
from tests.conftest import coding_question
from tests.grading import failure, messages


def _q(exercise: str, entry: str, **config: object) -> CodingQuestion:
    return coding_question(exercise, "dataloader", hidden=0, **config).model_copy(update={"entry": entry})


SAMPLER = _q("bucket_batch_sampler", "BucketBatchSampler")
COLLATE = _q("pad_collate", "pad_collate")
STREAM = _q("sharded_iterable", "RangeStream")
SEEDING = _q("worker_seeding", "seed_worker")
LOADER = _q("mini_dataloader", "MiniLoader", case_timeout=1.5, timeout=300)  # the bank's run limit
REFERENCE_SAMPLER = (load_exercise(SAMPLER).folder / "reference.py").read_text()
REFERENCE_LOADER = (load_exercise(LOADER).folder / "reference.py").read_text()



def test_family_is_registered():
    assert "dataloader" in registry.names()


def test_bucket_oracle_is_the_smallest_padded_size_of_any_batching():
    oracle = load_exercise(SAMPLER).check.oracle
    gen = torch.Generator().manual_seed(0)
    for n, bs in ((5, 2), (6, 4), (7, 3), (4, 4)):
        lengths = torch.randint(1, 20, (n,), generator=gen).tolist()
        sizes = [bs] * (n // bs) + ([n % bs] if n % bs else [])
        best = min(sum(len(b) * max(b) for b in _cut(perm, sizes)) for perm in itertools.permutations(lengths))
        assert oracle(lengths, bs) == best, (lengths, bs)


def _cut(values: tuple[int, ...], sizes: list[int]) -> list[tuple[int, ...]]:
    out, pos = [], 0
    for s in sizes:
        out.append(values[pos:pos + s])
        pos += s
    return out


# ---------------------------------------------------------------- through the sandbox

def test_a_sampler_yielding_numpy_ints_is_told_to_yield_python_ints(grader):
    source = (REFERENCE_SAMPLER.replace("import torch\n", "import numpy as np\nimport torch\n")
              .replace("return iter([batches[j]", "return iter([list(np.array(batches[j]))"))
    assert "holds a int64; indices must be Python ints" in failure(grader, SAMPLER, source)


def test_a_collate_returning_a_tuple_names_the_expected_dict(grader):
    source = ("import torch\nfrom torch.nn.utils.rnn import pad_sequence\n\n"
              "def pad_collate(batch, padding_value=0.0):\n"
              "    seqs = [s for s, _ in batch]\n"
              "    return pad_sequence(seqs, batch_first=True), torch.tensor([len(s) for s in seqs])\n")
    assert "must return a dict with keys ['labels', 'lengths', 'mask', 'padded']; got a tuple" in failure(
        grader, COLLATE, source)


def test_a_map_style_dataset_is_not_an_iterable_one(grader):
    source = ("from torch.utils.data import Dataset\n\nclass RangeStream(Dataset):\n"
              "    def __init__(self, start, end):\n        self.items = list(range(start, end))\n"
              "    def __len__(self):\n        return len(self.items)\n"
              "    def __getitem__(self, i):\n        return self.items[i]\n")
    assert "returned a RangeStream, not a torch.utils.data.IterableDataset" in failure(grader, STREAM, source)


def test_a_worker_init_fn_error_names_its_line_in_the_worker(grader):
    source = "def seed_worker(worker_id):\n    x = 1\n    raise ValueError('no seed for you')\n"
    v = grader.grade_source(SEEDING, source, "s.py", seed=1)
    first = v.tests[0]
    assert first.status == "fail"
    assert first.message == "raised ValueError (line 3): in a DataLoader worker process: ValueError: no seed for you"


def test_processes_a_case_leaves_behind_are_reported_and_killed(grader):
    source = REFERENCE_SAMPLER.replace(
        "        self.seed = seed\n",
        "        self.seed = seed\n        import multiprocessing, time\n"
        "        multiprocessing.Process(target=time.sleep, args=(300,)).start()\n")
    t0 = time.monotonic()
    v = grader.grade_source(SAMPLER, source, "s.py", seed=1)
    # killed after each case, not waited for: waiting on one would take 300 s (the contract's two
    # dozen cases each start one, so the bound is not the few seconds of the public cases alone)
    assert time.monotonic() - t0 < 120
    assert "started during this case were still running after it" in messages(v)


def test_a_loader_that_hangs_costs_one_case_and_the_rest_are_skipped(grader):
    # Waits for as many results as there are workers, even when there are fewer batches.
    source = REFERENCE_LOADER.replace("            while k < sent:", "            while k < max(sent, 1):")
    v = grader.grade_source(LOADER, source, "s.py", seed=1)
    by_name = {t.name: t for t in v.tests}
    assert by_name["public/in-process"].status == "pass"
    assert by_name["public/empty-sampler"].status == "timeout"
    assert "did not finish within 1.5 s" in (by_name["public/empty-sampler"].message or "")
    skipped = by_name["public/worker-error"]
    assert skipped.message == "not run: an earlier case hung, and every case after it was skipped"


def test_workers_that_outlive_an_abandoned_iterator_are_named(grader):
    # Shuts its workers down after the last batch only: dropping the iterator halfway leaks them.
    source = REFERENCE_LOADER.replace("        try:\n            tasks", "        if True:\n            tasks") \
        .replace("                yield data\n        finally:\n", "                yield data\n        if True:\n")
    v = grader.grade_source(LOADER, source, "s.py", seed=1)
    by_name = {t.name: t for t in v.tests}
    assert by_name["public/two-workers-in-order"].status == "pass"
    # The batches are right (verified); the leaked workers are seen beside the user's code, so
    # they fail the reported check, which names the case.
    assert by_name["public/abandoned-iterator"].status == "pass"
    leaked = by_name["processes"]
    # not a pass; a contract case (two dozen, each starting workers) may also run past the tests'
    # short case limit on a loaded machine, which makes the verdict a timeout
    assert leaked.status == "fail" and leaked.trust == "reported" and v.status in ("fail", "timeout")
    assert "abandoned after 1 batch(es) and deleted, but 2 worker processes kept running" in (leaked.message or "")
    assert "(case abandoned-iterator)" in (leaked.message or "")



# ---------------------------------------------------------------- contracts

def test_the_order_check_skips_batch_orders_a_shuffle_often_leaves_sorted():
    from dlprep.checkers.families.dataloader.judge import _order_chance
    equal = [[i] for i in range(8)]
    assert _order_chance(equal, [5] * 8) == pytest.approx(1.0)  # all maxima tie: every order is "sorted"
    distinct = list(range(8))
    assert _order_chance(equal, distinct) == pytest.approx(2 / math.factorial(8))
    many = [[i] for i in range(1000)]  # a thousand batches: 1000! is no float, the chance still is
    assert _order_chance(many, list(range(1000))) == 0.0 and _order_chance(many, [5] * 1000) == pytest.approx(1.0)


def test_a_nan_in_an_input_sequence_is_not_a_change():
    from dlprep.checkers.families.dataloader.child import _same
    a = torch.tensor([1.0, float("nan"), 3.0])
    assert _same(a, a.clone())
    assert not _same(a, torch.tensor([1.0, 2.0, 3.0]))
    assert not _same(a, a.double())


def test_skewed_bucket_cases_punish_a_shorter_batch_at_the_short_end():
    ex = load_exercise(SAMPLER)
    for seed in range(4):
        case = ex.check.contract_case({"lengths": "skewed", "tail": "remainder", "batch_size": "small"},
                                      torch.Generator().manual_seed(seed))
        lengths, bs = case.args[0]["lengths"], case.args[0]["batch_size"]
        s, rest = sorted(lengths), len(lengths) % bs
        sizes, pos, cost = ([rest] if rest else []) + [bs] * (len(lengths) // bs), 0, 0
        for size in sizes:
            cost += size * s[pos + size - 1]
            pos += size
        assert cost > ex.check.QUALITY * ex.check.oracle(lengths, bs)


def test_a_loader_that_lists_its_sampler_once_fails_the_second_pass(grader):
    # the first pass is torch's; only a second pass over the same loader (contract cases) shows it
    source = REFERENCE_LOADER.replace("        self.sampler = sampler\n",
                                      "        self.sampler = None if sampler is None else list(sampler)\n")
    assert source != REFERENCE_LOADER
    assert "second pass over the same loader" in failure(grader, LOADER, source)


def test_loader_workers_get_pids_equal_modulo_their_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """What makes `os.getpid() % num_workers` sharding fail every time: the child's fork context
    spends ids (`_next_id_used`) until each worker's pid is congruent to the first's. Driven here by
    a stand-in counter (in a grading the run's own pid namespace hands pids out in order; here, other
    processes of a busy machine would take some in between)."""
    ids = itertools.count(1000)
    monkeypatch.setattr(child, "_next_id_used", lambda: next(ids))

    def start(self: multiprocessing.process.BaseProcess) -> None:  # a fork, as far as the counter can tell
        self._popen = types.SimpleNamespace(pid=next(ids))  # type: ignore[attr-defined]

    monkeypatch.setattr(multiprocessing.context.ForkProcess, "start", start)
    for workers in (2, 3, 4):
        ctx = child._CongruentPids(workers)
        procs = [ctx.Process(target=print) for _ in range(workers)]
        for p in procs:
            p.start()
        pids = [p.pid for p in procs]
        assert len(set(pids)) == workers and len({p % workers for p in pids}) == 1, (workers, pids)


def test_spending_an_id_takes_it_from_the_pid_counter() -> None:
    """On Linux a thread's id is drawn from the counter that numbers processes: a fork right after
    spending gets a later pid (barring the counter's wrap-around)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("threads take no pid outside Linux (a throwaway fork is used there)")
    spent = child._next_id_used()
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    assert pid > spent > 0
