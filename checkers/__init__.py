"""Checker families and the sandbox that runs user code.

Each family is one module registered by name (see base.register); the sandbox (sandbox.py,
worker.py) runs the user's file in a child forked from a warm worker and ships raw facts back;
the family judges them in the grader's process.
"""
