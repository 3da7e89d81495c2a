"""Trusted checker data for `two_node_launch` (imported by the grader only): a two-node launch on one machine.

Two torchrun agents (the user's two argument lists) must form one world of 2 nodes x 2 processes.
The launch is judged on the environment every worker was really given (recorded before any user
code ran), and the script on what it did with it: the values it read, the shard of the data it
took by global rank, and an all-reduced total.

Threat list (how a candidate gets this wrong -> what kills it):
- --nnodes=1 or --standalone per node (two separate worlds) -> launch (ranks claimed twice).
- both nodes static with the same --node-rank -> launch.
- sharding by LOCAL_RANK (both nodes read the same halves) -> shard, total (diagnosed).
- chunk(WORLD) or a strided slice instead of tensor_split -> shard (the length leaves a remainder
  of 1 or 2, where chunk and tensor_split differ).
- shards computed by hand (ceil-sized slices, floor-index slices) or code that assumes every shard is
  non-empty, or state kept from one call to the next -> the contract points (length: remainder,
  exact, short), each one more call of main in the same two-node world (wrong/init_once_flag).
- the total as an int (.item() of integer data), or summed through float32 (.float().sum(), a
  torch.tensor(python_float) to all-reduce) -> the contract's dtype axis: int64 values up to 2**40,
  float64 values near +-1e8 that cancel, judged to the data's precision (red team round 5).
- --nproc-per-node=auto or an elastic --nnodes=1:2: the right world here, with both agents started
  together on a machine of 2 CPUs, not on others -> rendezvous (the options as torchrun reads them).
- the environment misread (LOCAL_RANK for RANK) -> environment.
- a launch that forms the right world without the c10d rendezvous the prompt names: a static
  rendezvous with a fixed master (--node-rank/--master-addr/--master-port: the red team's
  static_master_rendezvous), a c10d endpoint on a fixed port instead of `port` (it works here only
  because the run has a network namespace of its own), another backend -> rendezvous. Every member
  of that class yields the same workers' environment as a right launch, so it is judged on the
  launch itself: each list as torchrun's own argument parser reads it (every spelling of every
  option, `--standalone` included), against the port the run gave launch_args.
"""

import torch

from dlprep.checkers.base import Case
from dlprep.checkers.families.torchrun import options
from dlprep.checkers.families.torchrun.judge import Check

NODES, PER_NODE = 2, 2
WORLD = NODES * PER_NODE
CHECKS = ("launch", "rendezvous", "environment", "shard", "total")
# Which agent ran a rank and the environment it saw are recorded in its own process; the launch
# lists and the port, in the child that called launch_args.
REPORTED_CHECKS = ("launch", "rendezvous", "environment")
LOOPBACK = ("127.0.0.1", "localhost")  # the prompt's 127.0.0.1; localhost is the same address in the run
ENV_OF = {"rank": "RANK", "local_rank": "LOCAL_RANK", "world_size": "WORLD_SIZE"}


def _length(kind, gen):
    """The data's length: a remainder of 1 or 2 past a multiple of WORLD (there chunk(WORLD) splits
    differently from tensor_split(WORLD); for 3 they agree), an exact multiple, or fewer elements than
    ranks (some shards empty, and chunk returns fewer pieces than WORLD)."""
    if kind == "short":
        return int(torch.randint(1, WORLD, (), generator=gen))
    n = WORLD * int(torch.randint(2, 5, (), generator=gen))
    return n + int(torch.randint(1, WORLD - 1, (), generator=gen)) if kind == "remainder" else n


def _data(n, dtype, gen):
    """float32 draws; float64 values near +-1e8 whose total is small (a float32 accumulator, or a
    float32 copy of the sum, loses it); int64 values up to 2**40 (beyond float32's 24-bit mantissa)."""
    if dtype == "float64":
        big = 1e8 * (torch.arange(n) % 2 * 2 - 1).double()  # +-1e8 alternating: they cancel
        return big + torch.randn(n, generator=gen, dtype=torch.float64)
    if dtype == "int64":
        return torch.randint(-2**40, 2**40, (n,), generator=gen)
    return torch.randn(n, generator=gen)


def contract_case(point, gen):
    n = _length(point["length"], gen)
    return Case("run", ({"common": {"data": _data(n, point.get("dtype", "float32"), gen)}, "per_rank": []},))


def _launch(ranks):
    by_node = {}
    for r in ranks:
        by_node.setdefault(r.node, []).append(r)
    for node in range(NODES):
        mine = by_node.get(node, [])
        if len(mine) != PER_NODE:
            return f"agent {node} ran {len(mine)} worker(s), expected {PER_NODE} (--nproc-per-node={PER_NODE})"
        if sorted(r.env_int("LOCAL_RANK") for r in mine) != list(range(PER_NODE)):
            return f"agent {node}'s workers have LOCAL_RANK {sorted(r.env.get('LOCAL_RANK') for r in mine)}"
        if len({r.env.get("GROUP_RANK") for r in mine}) != 1:
            return f"agent {node}'s workers disagree on their node rank (GROUP_RANK)"
    groups = sorted(by_node[n][0].env_int("GROUP_RANK") for n in range(NODES))
    if groups != list(range(NODES)):
        return f"the two agents got node ranks {groups}, expected 0 and 1"
    for r in ranks:
        if r.env_int("RANK") != r.env_int("GROUP_RANK") * PER_NODE + r.env_int("LOCAL_RANK"):
            return f"rank {r.rank} is not GROUP_RANK * {PER_NODE} + LOCAL_RANK"
    return None


def _rendezvous(args, port):
    """Why one agent's torchrun options do not meet at a c10d rendezvous on 127.0.0.1:`port`, or None."""
    ns = options.parse(args)  # torchrun's own reading of its options
    if ns is None:
        return "torchrun cannot parse them"
    if ns.standalone:
        return "--standalone makes each agent a rendezvous of its own on a random port"
    if ns.rdzv_backend != "c10d":
        how = " with a fixed master (--master-addr/--master-port)" if ns.rdzv_backend == "static" else ""
        return f"they use the {ns.rdzv_backend!r} rendezvous{how}, not c10d (--rdzv-backend=c10d)"
    host, _, at = str(ns.rdzv_endpoint).rpartition(":")
    if host not in LOOPBACK or at != str(port):
        return (f"their rendezvous endpoint is {ns.rdzv_endpoint!r}, not 127.0.0.1:{port} (the port launch_args "
                "was given)")
    # Launches that form the right world here but not on every machine or every timing: judged on
    # the options, since the run (both agents started together on this machine) cannot show them.
    if not options.exactly_nodes(ns, NODES):
        return (f"--nnodes={ns.nnodes} is elastic: an agent that arrives after the rendezvous' last call is left "
                f"out and the job starts with fewer nodes; the job is exactly {NODES} nodes (--nnodes={NODES})")
    if str(ns.nproc_per_node) != str(PER_NODE):
        return (f"--nproc-per-node={ns.nproc_per_node} depends on the machine (its GPUs or CPUs), the job is "
                f"{PER_NODE} processes per node (--nproc-per-node={PER_NODE})")
    return None


def verify_launch(launches, port):
    """The launch itself (the judge calls it with the two lists the agents ran and the port)."""
    if type(port) is not int or not isinstance(launches, list) or len(launches) != NODES:
        return Check("rendezvous", "the run did not report the launch lists and the port it gave launch_args")
    for node, args in enumerate(launches):
        why = _rendezvous(args, port)
        if why is not None:
            return Check("rendezvous", f"node {node}'s torchrun options do not form the job ({NODES} nodes x "
                         f"{PER_NODE} processes meeting through a c10d rendezvous at 127.0.0.1:{port}): {why}",
                         {"launches": launches, "port": port})
    return Check("rendezvous", None, {"port": port})


def _int(v):
    return v if type(v) is int else None


def verify(spec, ranks):
    checks = [Check("launch", _launch(ranks), {"nodes": {r.rank: r.node for r in ranks}})]
    keys = (*ENV_OF, "shard", "total")
    if (bad := next((r for r in ranks if not isinstance(r.out, dict) or set(keys) - set(r.out)), None)) is not None:
        return [*checks, Check("environment", f"rank {bad.rank} must return a dict with {', '.join(map(repr, keys))}")]
    wrong = next(((r, k) for r in ranks for k, env in ENV_OF.items() if _int(r.out[k]) != r.env_int(env)), None)
    checks.append(Check("environment", None if wrong is None else (
        f"rank {wrong[0].rank} returned {wrong[1]}={wrong[0].out[wrong[1]]!r}, but torchrun set "
        f"{ENV_OF[wrong[1]]}={wrong[0].env.get(ENV_OF[wrong[1]])} for it")))
    data = spec["common"]["data"]
    shards = data.tensor_split(WORLD)
    bad_shard = next((r for r in ranks if not isinstance(r.out["shard"], torch.Tensor)
                      or not torch.equal(r.out["shard"].cpu(), shards[r.rank])), None)
    checks.append(Check("shard", None if bad_shard is None else (
        f"rank {bad_shard.rank} took the wrong shard of the data: expected data.tensor_split(WORLD_SIZE)[RANK] "
        f"= {len(shards[bad_shard.rank])} elements starting at index {sum(map(len, shards[:bad_shard.rank]))}")))
    want = float(data.double().sum())
    # float32 data: its own rounding; float64 and int64: the data's precision, which a float32
    # accumulator (or a float32 copy of the sum) loses on these values by far more than this
    tol = 1e-4 * (1 + abs(want)) if data.dtype == torch.float32 else 1e-9 * (1 + float(data.double().abs().sum()))
    for r in ranks:
        total = r.out["total"]
        # the prompt asks for the total as a Python float: a tensor, even of one element, is not one,
        # nor is the int that .item() gives for integer data
        got = float(total) if isinstance(total, float) else None
        if got is None or abs(got - want) > tol:
            hint = ""
            if got is not None and abs(got - NODES * want) <= NODES * tol:
                hint = f": {NODES} times the total, so every node covered the whole data"
            elif got is not None:
                hint = f" ({data.dtype} data: the total keeps the data's precision; no float32 step)"
            if isinstance(total, torch.Tensor):
                hint = ": return it as a Python float (total.item()), not a tensor"
            elif type(total) is int:
                hint = f": return it as a Python float, not an int ({data.dtype} data; float(...))"
            checks.append(Check("total", f"rank {r.rank}'s total is {total!r}, expected {want:.6g}{hint}"))
            break
    else:
        checks.append(Check("total", None, {"expected": want}))
    return checks
