"""The one error hierarchy. The CLI edge turns a DlprepError into one red line and an exit code."""

from __future__ import annotations


class DlprepError(Exception):
    """A problem the user can fix; never shown with a traceback."""

    exit_code = 2


class UsageError(DlprepError):
    """Bad arguments: unknown id, missing file, conflicting options."""


class NotFound(UsageError):
    """An id, topic or file that does not exist (message carries suggestions)."""


class BankError(DlprepError):
    """One or more banks failed to load or lint; `problems` lists every one of them."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(f"{len(problems)} problem(s) in the question banks:\n" + "\n".join(problems))


class CoachError(DlprepError):
    """A coach.yaml (hints and worked solution) that is missing, malformed or off the schema."""


class StoreError(DlprepError):
    """The progress database is locked, corrupt or newer than this version of dlprep."""


class SandboxError(DlprepError):
    """The grading sandbox itself could not start (not the user's code failing)."""

    exit_code = 3
