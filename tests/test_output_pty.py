"""Every `output` question of the banks answered through a pseudo-terminal, as a person pastes
it: the key with other spacing and number formatting is marked right; the same with one token
changed is marked wrong, with the line diff; no continuation prompts pile up after a paste."""

from __future__ import annotations

import os
import re
import sys
import zlib
from io import StringIO
from pathlib import Path

import pexpect

from dlprep import bank, session
from dlprep.models import OutputQuestion
from tests.output_forms import one_token_changed, respaced

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
TITLE = re.compile(r"─ ([\w.-]+) · output ·")


def _variant_keys(items: list[session.Item]) -> dict[str, str]:
    from dlprep.code_judge import CodeJudge, snippet_job
    from dlprep.variants import printed

    judge = CodeJudge()
    try:
        return {it.id: printed(judge.run(snippet_job(it.question.code, it.id, 60.0))) for it in items if it.variant}
    finally:
        judge.close()


def test_every_output_question_through_a_pty(tmp_path: Path) -> None:
    catalog = bank.catalog_or_raise()
    questions = {lq.id: lq.q for lq in catalog.questions.values() if isinstance(lq.q, OutputQuestion)}
    # The quiz below draws the same items (same seed): a parametrised question shows a draw whose key
    # is computed, never stored; compute it here, in the sandbox too, to type it.
    keys = _variant_keys(session.quiz_items(catalog, (), ["output"], None, len(questions), 1))
    questions = {qid: q.model_copy(update={"expected": keys[qid]}) if qid in keys else q
                 for qid, q in questions.items()}
    env = {**os.environ, "DLPREP_HOME": str(tmp_path), "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8",
           "PYTHONIOENCODING": "utf-8", "TERM": "xterm-256color"}
    log = StringIO()
    child = pexpect.spawn(sys.executable, ["-m", "dlprep", "quiz", "--type", "output", "--count", str(len(questions)),
                                           "--seed", "1", "--lang", "en"],
                          env=env, encoding="utf-8", dimensions=(50, 200), timeout=60)
    child.logfile_read = log
    seen, wrong_ones = [], 0
    for _ in range(len(questions)):
        child.expect(TITLE)
        qid = child.match.group(1)
        q = questions[qid]
        child.expect("answer> ")
        # Every 20th question gets a near miss (one token changed), the others a right answer.
        near_miss = len(seen) % 20 == 7
        typed = one_token_changed(q.expected, zlib.crc32(qid.encode())) if near_miss else respaced(q.expected)
        child.send(typed + "\n\n")  # pasted at once, then the empty line that ends it
        i = child.expect(["✓ correct", "✗ wrong"])
        assert i == (1 if near_miss else 0), f"{qid}: {typed!r}\n" + ANSI.sub("", log.getvalue())[-3000:]
        if near_miss:
            n = len([ln for ln in q.expected.splitlines() if ln.strip()])
            child.expect(rf"{n - 1} of {n} lines right")
            wrong_ones += 1
        seen.append(qid)
    child.expect(r"(\d+) answered, (\d+) correct, 0 skipped")
    assert int(child.match.group(1)) == len(questions)
    assert int(child.match.group(2)) == len(questions) - wrong_ones
    child.expect(pexpect.EOF)
    screen = ANSI.sub("", log.getvalue())
    assert "|      |" not in screen  # the continuation-prompt pile-up after a paste is gone
    assert sorted(seen) == sorted(questions) and wrong_ones >= 5
