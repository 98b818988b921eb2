"""The SERVERMANIA board comes from its Tiled map; broken tracks are refused by name."""

from __future__ import annotations

import re

import pytest

from game import servermania as sm
from game.servermania.board import DEFAULT_MAP, BoardError, board_from_kinds, load_board
from game.tiled import MapError


def edit_map(tmp_path, change) -> str:
    with open(DEFAULT_MAP, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("../assets/", "../../../assets/")
    path = tmp_path / "edited.tmx"
    path.write_text(change(text), encoding="utf-8")
    return str(path)


def obj_block(text: str, index: int) -> str:
    m = re.search(r'  <object id="\d+"[^>]*>\n(?:(?!  </object>).*\n)*?'
                  rf'    <property name="index" type="int" value="{index}"/>\n'
                  r'(?:(?!  </object>).*\n)*?  </object>\n', text)
    assert m, index
    return m.group(0)


def test_board_is_read_from_the_tiled_map():
    board = sm.default_board()
    assert board.source.endswith("servermania.tmx")
    assert board is sm.default_board()                 # read once, cached
    square = board[0]
    assert (square.kind, square.label) == ("start", "START UP")
    assert square.center == (square.rect[0] + 40, square.rect[1] + 40)


def test_edited_map_changes_the_rules_board(tmp_path):
    path = edit_map(tmp_path, lambda t: t.replace(
        '<property name="label" value="Ping"/>', '<property name="label" value="Pong"/>'))
    assert load_board(path)[1].label == "Pong"


@pytest.mark.parametrize("change,message", [
    (lambda t: t.replace(obj_block(t, 0), ""), "gap in the track: square index\\(es\\) \\[0\\]"),
    (lambda t: t.replace('value="finish"', 'value="plain"'), "must be FINISH"),
    (lambda t: t.replace(obj_block(t, 7), ""), "gap in the track.*\\[7\\]"),
    (lambda t: t.replace('name="index" type="int" value="8"/>',
                         'name="index" type="int" value="7"/>'), "duplicate square index"),
    (lambda t: t.replace('value="techpad"', 'value="lava"', 1), "unknown square kind.*'lava'"),
    (lambda t: t.replace('value="start"', 'value="plain"'), "square 0 must be START UP"),
    (lambda t: t.replace('name="squares"', 'name="pawns"'), "no object layer named 'squares'"),
    (lambda t: t.replace('    <property name="kind" value="stuck"/>\n', ''), "no 'kind'"),
    (lambda t: t.replace('type="int" value="3"', 'value="three"'), "not a whole number"),
    (lambda t: t.replace('value="stuck"', 'value="plain"'), "STUCK square\\(s\\); it needs"),
])
def test_S3_broken_track_is_refused_with_a_message_naming_the_problem(tmp_path, change, message):
    path = edit_map(tmp_path, change)
    with pytest.raises(MapError, match=message):
        load_board(path)


def test_S3_track_length_48_to_64_is_enforced_for_maps():
    kinds = list(sm.default_board().kinds)
    short = kinds[:40] + ["finish"]
    from game.servermania.board import Square
    with pytest.raises(BoardError, match="it needs 48-64"):
        sm.Board([Square(i, k, (0, 0)) for i, k in enumerate(short)], strict=True)


def test_small_test_boards_are_checked_for_structure_only():
    assert len(board_from_kinds(["start", "plain", "finish"])) == 3
    with pytest.raises(BoardError, match="exactly one FINISH"):
        board_from_kinds(["start", "finish", "plain", "finish"])
    with pytest.raises(BoardError, match="no squares"):
        board_from_kinds([])


def test_cs_ahead_lookup_names_the_nearest_customer_service_1_to_6_ahead():
    board = board_from_kinds(["start"] + ["plain"] * 9 + ["customer_service", "plain",
                                                          "finish"])
    assert [board.cs_ahead[i] for i in range(12)] == [-1, -1, -1, -1, 10, 10, 10, 10, 10, 10,
                                                      -1, -1]
