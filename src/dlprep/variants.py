"""Variants of parametrised `output` questions: values drawn per asking, keys computed by running.

A question with `params:` is a template (`{n}` in its code, prompt and explanation). Each time it
is asked, `draw` picks values with the session's seeded RNG; the rendered snippet's key is what
it prints, computed in the warm sandbox worker (`Keys`, started in the background when the
question is shown, so the answer is judged without waiting). The store keys progress by the
question's id: one FSRS card per question, whatever the draw.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from dlprep.code_judge import snippet_job
from dlprep.errors import DlprepError
from dlprep.models import OutputQuestion

Values = dict[str, str | int | float]
KEY_TIMEOUT_S = 60.0


class VariantError(DlprepError):
    """A drawn variant's snippet did not run, so it has no key."""


DRAW_TRIES = 200  # redraws before a `distinct` constraint gives up and the default draw is used


def draw(q: OutputQuestion, rng: random.Random) -> Values:
    """Values for every param, honouring the question's `distinct` groups (the default draw, which
    the model checks honours them, when no draw does)."""
    for _ in range(DRAW_TRIES):
        out: Values = {}
        for name, p in sorted(q.params.items()):
            if p.ints is not None:
                out[name] = rng.randint(*p.ints)
            else:
                assert p.choices is not None
                out[name] = rng.choice(p.choices)
        if q.honours_distinct(out):
            return out
    return dict(q.defaults())


def seeded_draws(q: OutputQuestion, n: int, seed: int) -> list[Values]:
    """`n` draws for verify, from a fixed seed; the default draw is checked on its own."""
    rng = random.Random(seed)
    return [draw(q, rng) for _ in range(n)]


def printed(run: Any) -> str:
    """The key a run gives: its stdout, or VariantError when it did not finish cleanly."""
    if not run.ok:
        raise VariantError(f"the variant did not run: {run.problem}")
    from dlprep.checkers.sandbox import wire

    facts = wire.loads(run.result)
    if isinstance(facts, dict) and facts.get("error"):
        err = facts["error"]
        raise VariantError(f"the variant raised {err['type']}: {err['message']}")
    return str(run.stdout)


class Keys:
    """Keys of drawn variants, each computed once in a background thread on a CodeJudge's worker."""

    def __init__(self, runner: Any) -> None:
        self.runner = runner  # anything with .run(job) -> RunResult (a CodeJudge)
        self._threads: dict[str, threading.Thread] = {}
        self._keys: dict[str, str | VariantError] = {}
        self.seconds: dict[str, float] = {}  # how long each key took to compute (hidden while the user reads)

    def start(self, name: str, code: str) -> None:
        if name in self._threads:
            return
        t = threading.Thread(target=self._compute, args=(name, code), daemon=True)
        self._threads[name] = t
        t.start()

    def _compute(self, name: str, code: str) -> None:
        t0 = time.monotonic()
        try:
            self._keys[name] = printed(self.runner.run(snippet_job(code, name, KEY_TIMEOUT_S)))
        except VariantError as e:
            self._keys[name] = e
        except Exception as e:  # the sandbox could not start: the answer says so, nothing crashes
            self._keys[name] = VariantError(f"the variant could not be run ({type(e).__name__}: {e})")
        self.seconds[name] = time.monotonic() - t0

    def ready(self, name: str) -> bool:
        return name in self._keys

    def get(self, name: str, code: str) -> str:
        self.start(name, code)
        self._threads[name].join(KEY_TIMEOUT_S + 30)
        key = self._keys.get(name, VariantError("the variant's key took too long"))
        if isinstance(key, VariantError):
            raise key
        return key
