"""game/files.py: every read is capped and regular-file only; every write is atomic."""

from __future__ import annotations

import os

import pytest

from game.files import FileProblem, move_aside, read_bytes, read_text, write_atomic


def test_reads_a_regular_file(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("héllo", encoding="utf-8")
    assert read_text(path) == "héllo"


@pytest.mark.parametrize("make, words", [
    (lambda p: None, "no such file"),
    (lambda p: p.mkdir(), "folder"),
    (lambda p: os.mkfifo(p), "not a regular file"),
])
def test_refuses_missing_folder_and_fifo(tmp_path, make, words):
    path = tmp_path / "x"
    make(path)
    with pytest.raises(FileProblem, match=words):
        read_bytes(path)


def test_refuses_devices_without_reading_them():
    with pytest.raises(FileProblem, match="not a regular file"):
        read_bytes("/dev/zero")


def test_refuses_files_over_the_cap(tmp_path):
    path = tmp_path / "big"
    path.write_bytes(b"x" * 101)
    with pytest.raises(FileProblem, match="too large"):
        read_bytes(path, limit=100)
    assert read_bytes(path, limit=101) == b"x" * 101


def test_refuses_text_that_is_not_utf8(tmp_path):
    path = tmp_path / "bad"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(FileProblem, match="UTF-8"):
        read_text(path)


def test_write_atomic_replaces_and_leaves_no_temp(tmp_path):
    path = tmp_path / "sub" / "s.json"
    write_atomic(path, "one")
    write_atomic(path, b"two")
    assert path.read_text() == "two"
    assert [p.name for p in path.parent.iterdir()] == ["s.json"]


def test_write_atomic_keeps_the_old_file_when_interrupted(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    write_atomic(path, "old")

    def boom(*_args):
        raise RuntimeError("power cut between write and rename")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(RuntimeError):
        write_atomic(path, "new")
    monkeypatch.undo()
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_write_atomic_never_writes_through_a_symlink(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("precious")
    link = tmp_path / "settings.json"
    link.symlink_to(target)
    write_atomic(link, "new")
    assert target.read_text() == "precious"
    assert not link.is_symlink() and link.read_text() == "new"


def test_move_aside_keeps_the_bad_file(tmp_path):
    path = tmp_path / "save.json"
    path.write_text("garbage")
    first = move_aside(path)
    path.write_text("garbage 2")
    second = move_aside(path)
    assert first.name == "save.json.bad" and second.name == "save.json.bad2"
    assert not path.exists() and first.read_text() == "garbage"
