"""`dlprep export anki`: the .apkg is a zip with an SQLite collection holding each selected
question once, with guids that do not change between exports; code is highlighted inline."""

from __future__ import annotations

import sqlite3
import zipfile
from pathlib import Path

import genanki
import pytest

from dlprep import anki, bank
from tests.test_quiz_pty import env as env  # noqa: F401  (the fixture)
from tests.test_session import TOPIC
from tests.test_workload import cli


def notes(apkg: Path, tmp: Path) -> list[tuple[str, str, str]]:
    """(guid, fields, tags) of every note in the package's collection."""
    with zipfile.ZipFile(apkg) as z:
        name = next(n for n in z.namelist() if n.startswith("collection.anki2"))
        z.extract(name, tmp)
    db = sqlite3.connect(tmp / name)
    rows = db.execute("SELECT guid, flds, tags FROM notes ORDER BY guid").fetchall()
    db.close()
    (tmp / name).unlink()
    return rows


def test_every_selected_question_once_with_stable_guids(env: dict[str, str], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    one, two = tmp_path / "one.apkg", tmp_path / "two.apkg"
    code, out, err = cli(env, "export", "anki", str(one), "--topic", TOPIC, "--lang", "en")
    assert code == 0 and "exported 9 note(s)" in out, err
    code, _, _ = cli(env, "export", "anki", str(two), "--topic", TOPIC, "--lang", "both")
    assert code == 0
    first, second = notes(one, tmp_path), notes(two, tmp_path)
    for k in ("DLPREP_BANKS", "DLPREP_EXERCISES"):
        monkeypatch.setenv(k, env[k])
    ids = [lq.id for lq in bank.catalog_or_raise().by_topic[TOPIC] if lq.q.type != "spot_bug"]  # generated cards stay
    assert sorted(g for g, _, _ in first) == sorted(genanki.guid_for(i) for i in ids)  # each once
    assert [g for g, _, _ in first] == [g for g, _, _ in second]  # re-export: same notes, updated
    by_id = {f.split("\x1f")[0]: (f, tags) for _, f, tags in second}
    choice, tags = by_id[f"{TOPIC}.t-choice"]
    assert "x.contiguous()" in choice and "contiguous() copies into row-major order" in choice
    assert "哪个调用总是返回连续张量" in choice  # both languages
    assert TOPIC in tags and "type::choice" in tags
    output, _ = by_id[f"{TOPIC}.t-output"]
    assert '<span style="' in output and "is_contiguous" in output  # pygments, inline styles
    coding, tags = by_id[f"{TOPIC}.t-coding"]
    assert f"dlprep submit {TOPIC}.t-coding" in coding and "type::coding" in tags
    english_only = by_id_of(first)[f"{TOPIC}.t-choice"]
    assert "哪个" not in english_only


def by_id_of(rows: list[tuple[str, str, str]]) -> dict[str, str]:
    return {f.split("\x1f")[0]: f for _, f, _ in rows}


def test_bad_arguments_are_one_line(env: dict[str, str], tmp_path: Path) -> None:
    for args, message in (([str(tmp_path / "x.apkg"), "--lang", "fr"], "unknown language"),
                          ([str(tmp_path / "x.zip")], "must end in .apkg"),
                          ([str(tmp_path / "x.apkg"), "--topic", "nope"], "unknown topic")):
        code, _, err = cli(env, "export", "anki", *args)
        assert code == 2 and message in err and "Traceback" not in err, err


def test_text_html_escapes_and_highlights() -> None:
    out = anki.text_html("Use `a<b` here.\n```python\nx = 1\n```\n<script>")
    assert "<code>a&lt;b</code>" in out and "&lt;script&gt;" in out and "<pre" in out
