"""pytest plugin (entry point `pytest11`): `pytest questions/` verifies every question as a test.

Each question of a bank file becomes an item named by its id; `topics.yaml` yields the coverage
items. Items are marked `gpu`, `multiprocess`, `triton`, `slow` so `-m "not gpu"` works; GPU
questions skip cleanly without CUDA. One warm grader serves the whole session.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dlprep import bank, requires, verify

_GRADER = pytest.StashKey[Any]()
_MARKS = {"cuda": "gpu", "multi_gpu": "gpu", "multiprocess": "multiprocess", "triton": "triton"}


def pytest_configure(config: pytest.Config) -> None:
    for mark, text in (("gpu", "needs a CUDA device"), ("multiprocess", "starts several processes"),
                       ("triton", "runs Triton kernels"), ("slow", "a coding exercise (grades several files)")):
        config.addinivalue_line("markers", f"{mark}: {text}")


def pytest_unconfigure(config: pytest.Config) -> None:
    grader = config.stash.get(_GRADER, None)
    if grader is not None:
        grader.close()


def _is_bank_dir(path: Path) -> bool:
    return (path / bank.TOPICS_FILE).is_file() and (path / "schema").is_dir()


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.File | None:
    if file_path.suffix == ".yaml" and _is_bank_dir(file_path.parent):
        return BankFile.from_parent(parent, path=file_path)
    return None


def _catalog(folder: Path) -> tuple[bank.Catalog | None, list[str]]:
    # Verify the banks being collected, with the exercises beside them when this is a checkout.
    os.environ["DLPREP_BANKS"] = str(folder)
    sibling = folder.parent / "reference_impls"
    if sibling.is_dir():
        os.environ["DLPREP_EXERCISES"] = str(sibling)
    return bank.load_catalog()


class BankFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        catalog, problems = _catalog(self.path.parent)
        mine = [p for p in problems if Path(p.split(":", 1)[0]).name == self.path.name]
        if mine or catalog is None:
            yield LintItem.from_parent(self, name="lint", problems=mine or problems)
            return
        if self.path.name == bank.TOPICS_FILE:
            for r in verify.coverage(catalog):
                yield CoverageItem.from_parent(self, name=r.id, result=r)
            return
        for lq in catalog.questions.values():
            if lq.file.resolve() == self.path.resolve():
                yield QuestionItem.from_parent(self, name=lq.id, lq=lq)


class VerifyFailure(Exception):
    pass


def _table(r: verify.QuestionResult) -> str:
    lines = [f"{r.id}  [{r.kind}]  {r.status}", f"  {r.message}"]
    lines += ["    " + d.replace("\n", "\n    ") for d in r.details]
    return "\n".join(lines)


class LintItem(pytest.Item):
    def __init__(self, *, problems: list[str], **kw: Any):
        super().__init__(**kw)
        self.problems = problems

    def runtest(self) -> None:
        raise VerifyFailure("\n".join(self.problems))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return str(excinfo.value)


class CoverageItem(pytest.Item):
    def __init__(self, *, result: verify.QuestionResult, **kw: Any):
        super().__init__(**kw)
        self.result = result

    def runtest(self) -> None:
        if self.result.status != "passed":
            raise VerifyFailure(_table(self.result))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return str(excinfo.value)


class QuestionItem(pytest.Item):
    def __init__(self, *, lq: bank.LoadedQuestion, **kw: Any):
        super().__init__(**kw)
        self.lq = lq
        for need in lq.q.requires:
            if need in _MARKS:
                self.add_marker(_MARKS[need])
        if lq.q.type == "coding":
            self.add_marker("slow")

    def runtest(self) -> None:
        env = requires.environment()
        reason = env.lacks(self.lq.q.requires)
        if reason:
            pytest.skip(reason)
        grader = self.config.stash.get(_GRADER, None)
        if grader is None:
            from dlprep.checkers.grader import Grader

            grader = self.config.stash[_GRADER] = Grader()
        r = verify.verify_question(self.lq, grader, env)
        if r.status == "skipped":
            pytest.skip(r.message)
        if r.status != "passed":
            raise VerifyFailure(_table(r))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, VerifyFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.lq.line - 1, f"{self.lq.topic}: {self.lq.id}"
