"""A two-node torchrun launch, simulated on one machine.

Write two functions.

`launch_args(port)` returns two lists of torchrun options (strings), one per node: the grader runs
`torchrun <options> <your script>` once with each list, at the same time, on this machine. Together
they must start ONE job of 2 nodes x 2 processes (4 ranks), meeting through a c10d rendezvous at
127.0.0.1:`port`; each list must be what you would type on that node.

`main(spec)` is the script every worker runs. `spec` is a dict: `backend` ("gloo" or "cpu:gloo": pass it as given) and `data`, the
same 1-D tensor on every rank (float32, float64 or int64). Read this worker's RANK, LOCAL_RANK and WORLD_SIZE from the
environment torchrun sets, initialise the default process group with `spec["backend"]`, take this
rank's part of the data, `spec["data"].tensor_split(WORLD_SIZE)[RANK]`, and all-reduce the sum of
your part so that every rank knows the total of the whole data. Return
    {"rank": int, "local_rank": int, "world_size": int, "shard": tensor, "total": float}
(the total as a Python float that keeps the data's precision: no float32 step for float64 or int64 data).
Leave the process group initialised when you return: the grader destroys it once every rank is done.
The file is also imported once outside torchrun, to check that it loads: read the environment
inside your functions, not at module level.
"""


def launch_args(port: int) -> list[list[str]]:
    raise NotImplementedError


def main(spec: dict) -> dict:
    raise NotImplementedError
