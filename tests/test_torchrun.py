"""The torchrun family: judging from a run's facts (fast, no processes), then real runs in the sandbox
for what only a real run shows: a hang ends as a timeout naming the right rank and leaves no process
behind, and a broken file or launch spec is reported before torchrun starts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import torch

from dlprep import mutants
from dlprep.checkers import registry
from dlprep.checkers.base import load_exercise
from dlprep.checkers.families.torchrun.judge import Rank
from dlprep.checkers.families.torchrun.rank import POINTS_KEY, RecordingDataset, rank_spec
from dlprep.checkers.sandbox import harness
from tests.conftest import coding_question, leftovers

EXERCISES = Path(__file__).parents[1] / "reference_impls"


def question(exercise: str):  # type: ignore[no-untyped-def]
    return coding_question(exercise, "torchrun").model_copy(update={"entry": "main"})


def family(exercise: str, seed: int = 3, points: bool = False):  # type: ignore[no-untyped-def]
    """The family and its cases; without `points`, the hand-made run alone (facts with no contract points)."""
    fam = registry.family("torchrun")(load_exercise(question(exercise)))
    public, hidden = fam.cases(seed)
    return fam, public, hidden if points else hidden[:1]


def rank_fact(rank: int, out: Any = None, node: int = 0, world: int = 2, per_node: int = 2,
              reads: dict[str, list[int]] | None = None, error: dict[str, Any] | None = None,
              calls: dict[str, int] | None = None) -> dict[str, Any]:
    env = {"RANK": str(rank), "LOCAL_RANK": str(rank % per_node), "WORLD_SIZE": str(world),
           "LOCAL_WORLD_SIZE": str(per_node), "GROUP_RANK": str(rank // per_node), "MASTER_ADDR": "127.0.0.1",
           "MASTER_PORT": "29500", "DLPREP_NODE": str(node)}
    fact: dict[str, Any] = {"rank": rank, "env": env}
    if error is not None:
        fact["error"] = error
    else:
        fact["out"] = harness.describe(out)
        fact["reads"] = reads or {}
        if calls is not None:
            fact["calls"] = calls
    return fact


def run_facts(ranks: list[dict[str, Any]], ended: str = "done", started: list[int] | None = None,
              alive: tuple[int, ...] = (), exits: tuple[int | None, ...] = (0,),
              stderr: tuple[str, ...] = ("",)) -> dict[str, Any]:
    return {"ranks": {f"{f['env']['DLPREP_NODE']}-{f['rank']}": f for f in ranks}, "ended": ended,
            "started": sorted(f["rank"] for f in ranks) if started is None else started, "alive": list(alive),
            "waited_s": 10.3, "startup_s": 4.0, "exits": list(exits), "agent_stderr": list(stderr),
            "elapsed_s": 21.0, "launches": [], "killed": 0, "threads": [], "processes": 0}


def judge(fam, public, hidden, facts):  # type: ignore[no-untyped-def]
    tests, summary = fam.judge(public, hidden, facts)
    return tests, summary, "\n".join(f"{t.name}: {t.status}: {t.message}" for t in tests)


def join_params(spec: dict[str, Any], **kw: Any) -> dict[str, torch.Tensor]:
    w, b = load_exercise(question("join_uneven")).check.oracle(spec, **kw)
    return {"weight": w.float(), "bias": b.float()}


# ---------------------------------------------------------------- judging facts

JOIN_CALLS = {"Join": 1, "DistributedDataParallel": 1}


def test_correct_facts_pass_every_check():
    fam, public, hidden = family("join_uneven")
    out = join_params(hidden[0].args[0])
    facts = run_facts([rank_fact(0, out, calls=JOIN_CALLS), rank_fact(1, out, calls=JOIN_CALLS)])
    tests, summary, text = judge(fam, public, hidden, facts)
    assert [t.name for t in tests] == ["api", "result", "in sync", "single-process"], text
    assert [t.status for t in tests] == ["pass"] * 4, text
    assert summary == {"count": 4, "passed": 4}


def test_the_api_the_prompt_names_is_required_of_every_rank():
    """Padding the short rank by hand gives Join's numbers: the api row still fails without Join."""
    fam, public, hidden = family("join_uneven")
    out = join_params(hidden[0].args[0])
    no_join = {"DistributedDataParallel": 1, "all_reduce": 3}
    facts = run_facts([rank_fact(0, out, calls=JOIN_CALLS), rank_fact(1, out, calls=no_join)])
    tests, _, text = judge(fam, public, hidden, facts)
    assert tests[0].name == "api" and tests[0].status == "fail", text
    assert "rank 1's code never called Join" in text


def test_wrong_variant_is_named():
    fam, public, hidden = family("join_uneven")
    out = join_params(hidden[0].args[0], divide="current")
    _, _, text = judge(fam, public, hidden, run_facts([rank_fact(0, out), rank_fact(1, out)]))
    assert "single-process: fail" in text and "divide_by_initial_world_size=False" in text


def test_hang_is_a_timeout_naming_the_rank_still_running():
    fam, public, hidden = family("join_uneven")
    out = join_params(hidden[0].args[0])
    facts = run_facts([rank_fact(0, out)], ended="straggler", started=[0, 1], alive=(1,), exits=(None,))
    tests, _, text = judge(fam, public, hidden, facts)
    assert [t.status for t in tests] == ["timeout"], text
    assert re.search(r"rank 1 did not finish: 10 s after rank 0 returned .* blocked in a collective", text), text


def test_rank_gone_without_result_is_an_error_not_a_hang():
    fam, public, hidden = family("join_uneven")
    out = join_params(hidden[0].args[0])
    facts = run_facts([rank_fact(0, out)], ended="straggler", started=[0, 1], alive=(), exits=(None,))
    _, _, text = judge(fam, public, hidden, facts)
    assert "run: error: rank 1 exited without returning from the entry" in text, text


def test_deadline_before_any_rank_started():
    fam, public, hidden = family("two_node_launch")
    facts = run_facts([], ended="deadline", started=[], exits=(None, None), stderr=("", ""))
    _, _, text = judge(fam, public, hidden, facts)
    assert "run: timeout: timed out after 21 s: no rank started: the torchrun agents never completed" in text, text


def test_failed_agent_is_quoted():
    fam, public, hidden = family("two_node_launch")
    stderr = "Traceback (most recent call last):\n  ...\ntorch.distributed.DistNetworkError: port: 1, EADDRINUSE\n"
    facts = run_facts([], ended="agent failed", started=[], exits=(None, 1), stderr=("", stderr))
    _, _, text = judge(fam, public, hidden, facts)
    assert "run: fail: torchrun agent 1 exited with status 1" in text, text
    assert "torchrun's own error: torch.distributed.DistNetworkError: port: 1, EADDRINUSE" in text, text


def test_rank_error_names_rank_and_line():
    fam, public, hidden = family("join_uneven")
    err = {"type": "RuntimeError", "message": "boom", "line": 7, "notimpl": False}
    facts = run_facts([rank_fact(0, error=err)], ended="exited", started=[0, 1], exits=(1,))
    _, _, text = judge(fam, public, hidden, facts)
    assert text == "run: fail: rank 0 raised RuntimeError (line 7): boom", text


def test_not_implemented_is_unattempted_even_if_a_peer_was_stopped():
    fam, public, hidden = family("allreduce_metric")
    err = {"type": "NotImplementedError", "message": "", "line": 3, "notimpl": True}
    facts = run_facts([rank_fact(1, error=err)], ended="exited", started=[0, 1], exits=(1,))
    tests, _, _ = judge(fam, public, hidden, facts)
    assert [t.status for t in tests] == ["unattempted"]


def test_a_parameter_is_not_plain_data():
    fam, public, hidden = family("join_uneven")
    out = {k: torch.nn.Parameter(v) for k, v in join_params(hidden[0].args[0]).items()}
    _, _, text = judge(fam, public, hidden, run_facts([rank_fact(0, out), rank_fact(1, out)]))
    assert re.fullmatch(r"result: fail: rank 0's result\['(weight|bias)'\] is a torch\.nn\.parameter\.Parameter.*"
                        r"return p\.detach\(\) for a parameter\)", text), text


@pytest.mark.parametrize("make, pattern", [
    # the class of ddp_sampler's wrong/returns_parameters: right numbers, wrong kind of result
    (lambda v: v.requires_grad_(True) * 1, r"requires grad .*p\.detach\(\)"),
    (lambda v: v.requires_grad_(True).clone(), r"requires grad .*p\.detach\(\)"),
    (torch.nn.Parameter, r"is a torch\.nn\.parameter\.Parameter"),
])
def test_a_tensor_that_is_not_plain_and_detached_is_refused(make, pattern):
    fam, public, hidden = family("join_uneven")
    out = {k: make(v.clone()) for k, v in join_params(hidden[0].args[0]).items()}
    _, _, text = judge(fam, public, hidden, run_facts([rank_fact(0, out), rank_fact(1, out)]))
    assert re.fullmatch(r"result: fail: rank 0's result\['(weight|bias)'\] " + pattern + r".*", text), text


def test_a_tensor_left_on_the_gpu_is_refused():
    # described on a GPU machine as {"device": "cuda:0"}; its value always comes back on the CPU
    fam, public, hidden = family("join_uneven")
    out = join_params(hidden[0].args[0])
    ranks = [rank_fact(r, out, calls=JOIN_CALLS) for r in range(2)]
    ranks[1]["out"]["items"]["bias"]["device"] = "cuda:1"
    _, _, text = judge(fam, public, hidden, run_facts(ranks))
    assert text == "result: fail: rank 1's result['bias'] is on cuda:1: return plain CPU tensors (t.cpu())", text


def test_two_separate_worlds_are_not_one_job():
    fam, public, hidden = family("two_node_launch")
    ranks = [rank_fact(r, {"rank": r}, node=n, world=2) for n in (0, 1) for r in (0, 1)]
    _, _, text = judge(fam, public, hidden, run_facts(ranks, exits=(0, 0)))
    assert "RANK 0 was claimed by 2 processes (launched by agents 0, 1)" in text, text


def test_ddp_sampler_checks_read_order():
    """The shards and the reshuffle are judged on the indices each rank really read."""
    from torch.utils.data import DistributedSampler

    fam, public, hidden = family("ddp_sampler")
    spec = hidden[0].args[0]
    n, epochs = len(spec["common"]["dataset"]["tensor_dataset"][0]), spec["common"]["epochs"]

    def reads(set_epoch: bool) -> list[list[int]]:
        out = []
        for rank in range(2):
            s = DistributedSampler(range(n), num_replicas=2, rank=rank, shuffle=True)
            order = []
            for e in range(epochs):
                s.set_epoch(e if set_epoch else 0)
                order += list(s)
            out.append(order)
        return out

    check = fam.check
    for set_epoch in (True, False):
        per_rank = reads(set_epoch)
        ranks = [Rank(r, 0, {}, {}, {"dataset": per_rank[r]}) for r in range(2)]
        w, b = check._oracle(spec, ranks, 2)
        out = {"weight": w.float(), "bias": b.float()}
        facts = run_facts([rank_fact(r, out, reads={"dataset": per_rank[r]}, calls={"DistributedDataParallel": 1})
                           for r in range(2)])
        _, _, text = judge(fam, public, hidden, facts)
        if set_epoch:
            assert "fail" not in text, text
        else:
            assert "set_epoch: fail: rank 0 read its shard in the same order in every epoch" in text, text


def test_rank_spec_merges_and_records_reads():
    x, y = torch.arange(6.0).reshape(3, 2), torch.arange(3.0)
    spec = {"common": {"lr": 0.1, "dataset": {"tensor_dataset": [x, y]}}, "per_rank": [{"k": 0}, {"k": 1}]}
    mine, datasets = rank_spec(spec, 1)
    assert mine["k"] == 1 and mine["lr"] == 0.1
    ds = mine["dataset"]
    assert isinstance(ds, RecordingDataset) and datasets == {"dataset": ds} and len(ds) == 3
    batch = next(iter(torch.utils.data.DataLoader(ds, batch_size=2, sampler=[2, 0])))
    assert torch.equal(batch[0], x[[2, 0]]) and ds.reads == [2, 0]


# ---------------------------------------------------------------- real runs

@pytest.fixture(scope="module")
def real_grader():
    from dlprep.checkers.grader import Grader

    g = Grader("cpu")  # the family's own time limit: torchrun starts three python processes
    yield g
    g.close()


@pytest.mark.multiprocess
@pytest.mark.slow
def test_real_hang_names_the_longer_rank_and_leaves_nothing(real_grader):
    q = question("join_uneven")
    fam = family("join_uneven")[0]
    # a seed where rank 0 has more batches, so the rank named is not just the usual rank 1
    seed = next(s for s in range(100) if (lambda p: len(p[0]["batches"]) > len(p[1]["batches"]))(
        fam.cases(s)[1][0].args[0]["per_rank"]))
    source = mutants.source_of(EXERCISES / "join_uneven", "no_join")
    verdict = real_grader.grade_source(q, source, "no_join.py", seed=seed)
    text = "\n".join(f"{t.name}: {t.status}: {t.message}" for t in verdict.tests)
    assert verdict.status == "timeout", text
    assert re.search(r"rank 0 did not finish: \d+ s after rank 1 returned", text), text
    assert not any(t.name == "cleanup" for t in verdict.tests), text
    assert leftovers(real_grader.sandbox.pid) == [], "a process of the run survived"


RANK1_RAISES = (EXERCISES / "allreduce_metric/reference.py").read_text().replace(
    '    world = dist.get_world_size()\n',
    '    world = dist.get_world_size()\n    if dist.get_rank() == 1:\n        raise ValueError("rank one gives up")\n')


@pytest.mark.multiprocess
@pytest.mark.slow
def test_forked_ranks_give_the_verdicts_torchrun_gives(real_grader, monkeypatch):
    """The one-node launcher forks its ranks (forked.py); the real torchrun must agree with it on
    a pass and on a rank that raises (its peers are stopped, a rank is named). Every shipped
    reference, mutant and corpus file was compared once when forking came in; `dlprep verify`
    proves their verdicts on every run, so only the two paths are run here, under both."""
    from dlprep.checkers.families.torchrun.judge import Torchrun

    q = question("allreduce_metric")
    assert "def main" in RANK1_RAISES and "rank one gives up" in RANK1_RAISES
    files = [(EXERCISES / "allreduce_metric/reference.py").read_text(), RANK1_RAISES]

    def verdicts() -> list[tuple[str, float, list[tuple[str, str, str]]]]:
        out = []
        for source in files:
            v = real_grader.grade_source(q, source, "solution.py", seed=5)
            # ports differ from run to run (a peer's "connection closed by [127.0.0.1]:PORT")
            out.append((v.status, v.score, [(t.name, t.status, re.sub(r"\d+", "N", t.message or ""))
                                            for t in v.tests]))
        return out

    forked = verdicts()
    monkeypatch.setattr(Torchrun, "fork_ranks", False)
    launched = verdicts()
    assert forked[0] == launched[0] and forked[0][0] == "pass"
    # Which rank is named for the raise is a race under either launcher: rank 1's own error, or
    # rank 0's "connection closed" when its peer died first; the verdict is the same.
    assert forked[1][:2] == launched[1][:2] == ("fail", 0.0)
    assert "rank N raised" in forked[1][2][0][2], forked[1]  # digits were masked above
    assert leftovers(real_grader.sandbox.pid) == [], "a process of the run survived"


@pytest.mark.multiprocess
@pytest.mark.parametrize("source, status, pattern", [
    ("def launch_args(port):\n    return ['--nnodes=2']\n\ndef main(spec):\n    pass\n", "fail",
     r"launch: fail: launch_args\(port\) raised TypeError: launch_args\(port\) must return two lists of strings"),
    ("def launch_args(port):\n    return [[], []\n", "error", r"load: error: line 2: SyntaxError"),
    ((EXERCISES / "two_node_launch/starter.py").read_text(), "unattempted", r"launch: unattempted"),
])
def test_broken_files_are_reported_before_torchrun_starts(real_grader, source, status, pattern):
    verdict = real_grader.grade_source(question("two_node_launch"), source, "solution.py", seed=1)
    text = "\n".join(f"{t.name}: {t.status}: {t.message}" for t in verdict.tests)
    assert verdict.status == status and re.search(pattern, text), text
    assert verdict.duration_s < 10, "torchrun was started for a file that cannot run"


@pytest.mark.parametrize("level", ["landlock-fs+landlock-net+landlock-scope+seccomp-net+rlimits+pgroup",
                                   "landlock-fs+landlock-net+rlimits+pgroup"])
def test_a_sandbox_that_refuses_loopback_tcp_says_so_before_running(level):
    from dlprep.checkers.grader import Grader
    from dlprep.errors import SandboxError

    g = Grader("cpu")
    g.sandbox.ensure = lambda *warm: None  # type: ignore[method-assign]  # no worker: the refusal comes first
    g.sandbox.level = level
    with pytest.raises(SandboxError, match=r"rendezvous needs TCP on 127\.0\.0\.1.*user namespaces"):
        g.grade_source(question("ddp_sampler"), "def main(): pass\n")
    assert not registry.family("tensor_fn").needs_loopback


C10D = ["--nnodes=2", "--nproc-per-node=2", "--rdzv-backend=c10d", "--rdzv-endpoint=127.0.0.1:4321", "--rdzv-id=j"]


@pytest.mark.parametrize("lists, pattern", [
    ([C10D, C10D], None),
    ([[*C10D, "--node-rank=0"], [*C10D, "--node-rank=1"]], None),
    ([["--nnodes", "2", "--nproc_per_node", "2", "--rdzv_backend", "c10d", "--rdzv_endpoint", "localhost:4321"]] * 2,
     None),
    # the red team's static_master_rendezvous: one right world, but a fixed master, no c10d rendezvous
    ([["--nnodes=2", "--nproc-per-node=2", f"--node-rank={n}", "--master-addr=127.0.0.1", "--master-port=4321"]
      for n in (0, 1)], r"node 0's .*: they use the 'static' rendezvous with a fixed master"),
    ([C10D, [*C10D[:3], "--rdzv-endpoint=127.0.0.1:29400", "--rdzv-id=j"]],
     r"node 1's .*endpoint is '127\.0\.0\.1:29400', not 127\.0\.0\.1:4321"),
    ([["--standalone", "--nnodes=1", "--nproc-per-node=2"]] * 2, r"node 0's .*--standalone"),
    ([[*C10D, "--no-such-option"]] * 2, r"node 0's .*torchrun cannot parse them"),
    # the right world whenever both agents start together on a 2-CPU machine, not otherwise
    ([["--nnodes=1:2", *C10D[1:]]] * 2, r"node 0's .*--nnodes=1:2 is elastic"),
    ([["--nnodes=2:2", *C10D[1:]]] * 2, None),
    ([[C10D[0], "--nproc-per-node=auto", *C10D[2:]]] * 2, r"--nproc-per-node=auto depends on the machine"),
])
def test_two_node_launch_is_judged_on_its_rendezvous(lists, pattern):
    fam, _, _ = family("two_node_launch")
    check = fam.check.verify_launch(lists, 4321)
    if pattern is None:
        assert check.problem is None, check.problem
    else:
        assert check.problem is not None and re.search(pattern, check.problem), check.problem
    assert fam.check.verify_launch(None, 4321).problem, "a run that did not report its launch fails closed"


# ---------------------------------------------------------------- contract points in one launch

def _metric(spec: dict[str, Any], float32_sums: bool = False) -> dict[str, float]:
    """allreduce_metric's right answer for `spec`, or one whose sums went through float32."""
    losses = [p["losses"].double() for p in spec["per_rank"]]
    sums = [t.sum().float().double() if float32_sums else t.sum() for t in losses]
    return {"rank_mean": float(sum(t.mean() for t in losses) / 2),
            "sample_mean": float(sum(sums) / sum(t.numel() for t in losses))}


def test_contract_points_ride_in_the_one_launch_and_get_a_row_each():
    fam, public, hidden = family("allreduce_metric", points=True)
    points = hidden[1:]
    assert points and all(c.name.startswith("contract[") for c in points)
    sent = harness.load(fam.payload(hidden))["spec"]
    assert [p["name"] for p in sent["points"]] == [c.name for c in points]
    assert [p["common"]["backend"] for p in sent["points"]] == [fam.backend(i) for i in range(1, len(points) + 1)]

    def fact(rank: int, bad: str | None = None) -> dict[str, Any]:
        f = rank_fact(rank, _metric(hidden[0].args[0]), calls={"all_reduce": 2})
        f["points"] = [{"out": harness.describe(_metric(c.args[0], float32_sums=c.name == bad)), "reads": {},
                        "calls": {"all_reduce": 2}} for c in points]
        return f

    tests, summary, text = judge(fam, public, hidden, run_facts([fact(0), fact(1)]))
    assert all(t.status == "pass" for t in tests), text
    assert summary["count"] == 1 + 4 + len(points)
    bad = next(c.name for c in points if "float64" in c.name)
    tests, _, text = judge(fam, public, hidden, run_facts([fact(0, bad), fact(1, bad)]))
    failed = [t for t in tests if t.status != "pass"]
    assert [t.name for t in failed] == [bad] and failed[0].trust == "verified", text
    assert "float32 precision" in str(failed[0].message), text


def test_a_rank_short_of_contract_points_fails_closed():
    fam, public, hidden = family("allreduce_metric", points=True)
    out = _metric(hidden[0].args[0])
    full = rank_fact(0, out, calls={"all_reduce": 2})
    full["points"] = [{"out": harness.describe(_metric(c.args[0])), "reads": {}, "calls": {"all_reduce": 2}}
                      for c in hidden[1:]]
    short = rank_fact(1, out, calls={"all_reduce": 2})
    short["points"] = full["points"][:1]
    tests, _, text = judge(fam, public, hidden, run_facts([full, short]))
    assert [(t.name, t.status) for t in tests] == [("result", "fail")], text
    assert f"rank 1 returned results for 1 of the {len(hidden) - 1} contract points" in text


def test_the_api_is_judged_on_every_call_of_the_entry():
    """Collectives are counted per call: a contract point that skips the required all_reduce (a value
    kept from the first call) or gathers fails the api row, naming the point."""
    fam, public, hidden = family("allreduce_metric", points=True)

    def fact(rank: int, point_calls: dict[str, int]) -> dict[str, Any]:
        f = rank_fact(rank, _metric(hidden[0].args[0]), calls={"all_reduce": 2})
        f["points"] = [{"out": harness.describe(_metric(c.args[0])), "reads": {}, "calls": dict(point_calls)}
                       for c in hidden[1:]]
        return f

    gathers = {"all_reduce": 2, "all_gather_object": 1}
    for calls, pattern in (({}, "on contract point 1) never called all_reduce"),
                           (gathers, "on contract point 1) called all_gather_object")):
        tests, _, text = judge(fam, public, hidden, run_facts([fact(0, {"all_reduce": 2}), fact(1, calls)]))
        assert tests[0].name == "api" and tests[0].status == "fail", text
        assert "rank 1's code (" + pattern in text


def _tp_out(spec: dict[str, Any], rank: int) -> dict[str, torch.Tensor]:
    check = load_exercise(question("tp_mlp")).check
    full, half = check._full(spec), spec["per_rank"][0]["w1"].shape[0]
    return {k: check._expected(full, k, rank, half).float() for k in check.KEYS}


def test_tp_mlp_counts_all_reduce_per_call():
    """"Exactly twice per rank" holds for each call of main: the contract points' calls are not added
    to the first call's, and a point with a third all_reduce fails that point's row."""
    fam, public, hidden = family("tp_mlp", points=True)
    assert len(hidden) > 1

    def fact(rank: int, extra: int = 0) -> dict[str, Any]:
        f = rank_fact(rank, _tp_out(hidden[0].args[0], rank), calls={"all_reduce": 2})
        f["group_initialized"] = True
        f["points"] = [{"out": harness.describe(_tp_out(c.args[0], rank)), "reads": {}, "group_initialized": True,
                        "calls": {"all_reduce": 2 + (extra if i == 0 else 0)}} for i, c in enumerate(hidden[1:])]
        return f

    tests, _, text = judge(fam, public, hidden, run_facts([fact(0), fact(1)]))
    assert all(t.status == "pass" for t in tests), text
    tests, _, text = judge(fam, public, hidden, run_facts([fact(0, extra=1), fact(1, extra=1)]))
    failed = [t for t in tests if t.status != "pass"]
    assert [t.name for t in failed] == [hidden[1].name], text
    assert "collectives: rank 0 called torch.distributed.all_reduce 3 time(s)" in str(failed[0].message), text


def test_the_backend_sent_is_the_backend_used_on_every_call():
    """Every other call of main gets gloo spelled "cpu:gloo": a solution that hard-codes "gloo"
    (ignoring spec["backend"], wrong on GPUs) is found out on a CPU machine, on the first such call."""
    fam, public, hidden = family("tp_mlp", points=True)
    assert len(hidden) > 2 and [fam.backend(i) for i in range(3)] == ["gloo", "cpu:gloo", "gloo"]
    sent = harness.load(fam.payload(hidden))["spec"]
    assert [p["common"]["backend"] for p in sent[POINTS_KEY][:2]] == ["cpu:gloo", "gloo"]

    def fact(rank: int, hard_coded: bool) -> dict[str, Any]:
        f = rank_fact(rank, _tp_out(hidden[0].args[0], rank), calls={"all_reduce": 2})
        f.update(group_initialized=True, backends=["gloo"])
        f["points"] = [{"out": harness.describe(_tp_out(c.args[0], rank)), "reads": {}, "group_initialized": True,
                        "calls": {"all_reduce": 2}, "backends": ["gloo" if hard_coded else fam.backend(i)]}
                       for i, c in enumerate(hidden[1:], 1)]
        return f

    tests, _, text = judge(fam, public, hidden, run_facts([fact(0, False), fact(1, False)]))
    assert all(t.status == "pass" for t in tests), text
    tests, _, text = judge(fam, public, hidden, run_facts([fact(0, True), fact(1, True)]))
    api = next(t for t in tests if t.name == "api")
    assert api.status == "fail" and "backend 'gloo', but spec['backend'] was 'cpu:gloo'" in str(api.message), text


# ---------------------------------------------------------------- launches that can never meet

_C10D = ["--nnodes=2", "--nproc-per-node=2", "--rdzv-backend=c10d"]


@pytest.mark.parametrize("a, b, pattern", [
    (["--rdzv-id=job-0", "--rdzv-endpoint=127.0.0.1:5"], ["--rdzv-id=job-1", "--rdzv-endpoint=127.0.0.1:5"],
     "different rendezvous ids ('job-0' and 'job-1')"),
    (["--rdzv_id=j", "--rdzv-endpoint=127.0.0.1:5"], ["--rdzv-id", "j", "--rdzv-endpoint=127.0.0.1:6"],
     "different rendezvous endpoints ('127.0.0.1:5' and '127.0.0.1:6')"),
    (["--rdzv-id=j", "--rdzv-endpoint=127.0.0.1:5"], ["--rdzv-id=j", "--rdzv-endpoint=127.0.0.1:5"], None),
])
def test_agents_that_can_never_meet_are_known_before_launching(a, b, pattern):
    from dlprep.checkers.families.torchrun.child import cannot_meet

    why = cannot_meet([[*_C10D, *a], [*_C10D, *b]])
    assert why == pattern if pattern is None else pattern in str(why)


def test_what_is_less_certain_than_a_hang_is_launched():
    """An elastic node range may start with one node (two worlds, judged as such); a static rendezvous
    or options torchrun rejects are its own to report: none of them is predicted."""
    from dlprep.checkers.families.torchrun.child import cannot_meet

    apart = ["--rdzv-id=a", "--rdzv-endpoint=127.0.0.1:5"], ["--rdzv-id=b", "--rdzv-endpoint=127.0.0.1:5"]
    assert cannot_meet([["--nnodes=1:2", "--rdzv-backend=c10d", *apart[0]],
                        ["--nnodes=1:2", "--rdzv-backend=c10d", *apart[1]]]) is None
    assert cannot_meet([["--nnodes=2", "--master-port=5"], ["--nnodes=2", "--master-port=6"]]) is None
    assert cannot_meet([["--no-such-option"], [*_C10D, *apart[1]]]) is None


def test_a_launch_that_never_meets_is_judged_as_the_hang_it_would_be():
    fam, public, hidden = family("two_node_launch")
    facts = {"never_meets": "the two agents name different rendezvous ids ('a' and 'b')", "launches": [[], []],
             "port": 5}
    assert fam.result_problem(public, hidden, facts) is None
    tests, _, text = judge(fam, public, hidden, facts)
    assert [(t.name, t.status) for t in tests] == [("run", "timeout")], text
    assert "not launched" in text and "('a' and 'b')" in text


def test_contract_points_run_in_name_order_so_a_value_again_follows_itself():
    """tp_mlp's largest_again has largest's shapes with new values, run right after it: a cache keyed by
    shape (parameters whose .grad is never reset) is reused there (the red team's false accept)."""
    fam, public, hidden = family("tp_mlp", points=True)
    names = [c.name for c in hidden[1:]]
    assert names == sorted(names)
    i = names.index("contract[size=largest]")
    assert names[i + 1] == "contract[size=largest_again]"
    a, b = (hidden[1:][j].args[0] for j in (i, i + 1))
    assert a["common"]["x"].shape == b["common"]["x"].shape and not torch.equal(a["common"]["x"], b["common"]["x"])


def test_a_rank_that_waited_for_its_peer_in_vain_ends_the_run_without_a_second_wait(tmp_path):
    """rank.py's PeerGone: a rank gave its peer straggler_s between two calls and returned; the
    supervisor ends the run at once as that hang, instead of waiting straggler_s again."""
    import os
    import time

    from dlprep.checkers.families.torchrun.child import _supervise
    from dlprep.checkers.families.torchrun.rank import PEER_GONE

    for d in ("started", "results", PEER_GONE):
        (tmp_path / d).mkdir()
    for tag in ("0-0", "0-1"):
        (tmp_path / "started" / tag).write_text(str(os.getpid()))
    (tmp_path / PEER_GONE / "0-0").write_text("")
    (tmp_path / "results" / "0-0.wire").write_bytes(b"")

    class Agent:  # torchrun's Popen as the supervisor sees it: still running, no stderr pipe
        stderr = None

        def poll(self) -> None:
            return None

    run = _supervise([Agent()], tmp_path, 2, time.monotonic() + 20, straggler_s=600.0)
    assert run["ended"] == "straggler" and run["waited_s"] >= 600
