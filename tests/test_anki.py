"""`dlprep export anki`: the .apkg is a zip with an SQLite collection holding each selected
question once, with guids that do not change between exports; code is highlighted inline."""

from __future__ import annotations

import sqlite3
import zipfile
from pathlib import Path
from typing import Any

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
    assert "dlprep::topic::tensor::contiguity" in tags and "dlprep::type::choice" in tags
    output, _ = by_id[f"{TOPIC}.t-output"]
    assert '<span style="' in output and "is_contiguous" in output  # pygments, inline styles
    coding, tags = by_id[f"{TOPIC}.t-coding"]
    assert f"dlprep submit {TOPIC}.t-coding" in coding and "dlprep::type::coding" in tags
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


# ---------------------------------------------------------------- what a learner can answer

@pytest.fixture(scope="module")
def catalog() -> bank.Catalog:
    return bank.catalog_or_raise()


def _param_topic(catalog: bank.Catalog) -> str:
    return next(lq.topic for lq in catalog.questions.values() if getattr(lq.q, "params", None))


def test_a_parametrised_question_goes_out_as_one_concrete_draw(catalog: bank.Catalog) -> None:
    params = [lq for lq in catalog.questions.values() if getattr(lq.q, "params", None)]
    assert len(params) >= 40
    for lq in params:
        fields = "\x1f".join(anki.note(lq, "both").fields)
        left = [p for p in lq.q.params if "{" + p + "}" in fields]
        assert not left, f"{lq.id}: placeholders {left} on the card"
        assert anki.code_html(lq.q.expected, "text") in fields  # the key of exactly that draw


def test_tags_are_one_hierarchy_and_notes_go_to_subdecks_by_topic_group(catalog: bank.Catalog) -> None:
    lq = next(lq for lq in catalog.questions.values() if lq.q.type == "choice")
    tags = anki.tags(lq)
    assert all(t.startswith("dlprep::") for t in tags) and len(tags) == 3
    assert f"dlprep::topic::{lq.topic.replace('.', '::')}" in tags
    assert anki.deck_name(lq) == f"dlprep::{lq.topic.split('.')[0]}"
    assert anki.deck_id("dlprep::tensor") == anki.deck_id("dlprep::tensor") != anki.deck_id("dlprep::module")


def _mods(apkg: Path) -> dict[str, int]:
    return {g: m for g, (_, _, m) in anki.previous(apkg).items()}


def test_an_unchanged_note_keeps_its_modification_time(catalog: bank.Catalog, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path, topic = tmp_path / "deck.apkg", _param_topic(catalog)
    monkeypatch.setattr(anki.time, "time", lambda: 1_800_000_000)
    anki.export(catalog, path, [topic], "both")
    first = _mods(path)
    assert first and set(first.values()) == {1_800_000_000}
    monkeypatch.setattr(anki.time, "time", lambda: 1_800_000_500)
    anki.export(catalog, path, [topic], "both")
    assert _mods(path) == first  # nothing changed: nothing newer
    anki.export(catalog, path, [topic], "en")  # every note's text changed
    assert set(_mods(path).values()) == {1_800_000_500}


def test_anki_imports_a_second_unchanged_export_as_no_change(catalog: bank.Catalog, tmp_path: Path) -> None:
    """The real importer (the `anki` package): no placeholder reaches a note, and importing the
    same deck exported again changes nothing."""
    from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

    topic = _param_topic(catalog)
    params = [lq.q.params for lq in catalog.by_topic[topic] if getattr(lq.q, "params", None)]
    col = Collection(str(tmp_path / "collection.anki2"))
    try:
        def imported(path: Path) -> Any:
            req = ImportAnkiPackageRequest(package_path=str(path), options=ImportAnkiPackageOptions(
                with_scheduling=False))
            return col.import_anki_package(req).log

        apkg = tmp_path / "deck.apkg"
        n = anki.export(catalog, apkg, [topic], "both").notes
        log = imported(apkg)
        assert len(log.new) == n and not log.updated
        notes = [col.get_note(i) for i in col.find_notes("")]
        assert len(notes) == n
        for note in notes:
            assert all(t.startswith("dlprep::") for t in note.tags)
            text = "\x1f".join(note.fields)
            assert not [p for ps in params for p in ps if "{" + p + "}" in text]
        assert any(name.startswith("dlprep::") for name in col.decks.all_names())
        anki.export(catalog, apkg, [topic], "both")
        again = imported(apkg)
        assert not again.new and not again.updated and len(again.duplicate) == n
    finally:
        col.close()
