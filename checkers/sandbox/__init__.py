"""The sandbox: the warm worker, the isolation of each run, the frames and wire format between
the grader and the worker, and the child-side harness and snippet runner. See ../README.md."""
