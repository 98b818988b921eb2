"""game/autosave.py: saves survive crashes, broken saves are set aside, never overwritten."""

from __future__ import annotations

import json
import os
import re

import pytest

from game import autosave, servermania, startupfever
from game.autosave import SeatRecord, Slots

SEATS = [SeatRecord("Ada", "pink"), SeatRecord("Linus", "blue", human=False, level="hard")]


def played(turns: int = 3, seed: int = 5) -> servermania.State:
    """A SERVERMANIA game a few completed turns in (first legal choice every time)."""
    state = servermania.new_game(["Ada", "Linus"], seed=seed)
    while state.turn < turns and not state.is_terminal():
        if state.current_player == servermania.CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(state.legal_actions()[0])
    return state


def test_a_saved_turn_continues_with_the_same_state(tmp_path):
    state = played()
    slots = Slots(tmp_path)
    assert slots.save("servermania", state, SEATS, f"turn {state.turn}")
    saved = Slots(tmp_path).latest()
    assert saved is not None and saved.game == "servermania"
    assert saved.state.to_json() == state.to_json()
    assert saved.seats == SEATS
    assert saved.summary() == f"SERVERMANIA · Ada, Linus · turn {state.turn}"
    assert not slots.problems


def test_the_save_is_plain_json_with_the_rules_versioned_state(tmp_path):
    state = played()
    Slots(tmp_path).save("servermania", state, SEATS, "turn 3")
    data = json.loads((tmp_path / "servermania.json").read_text())
    assert data["format"] == autosave.FORMAT and data["version"] == autosave.VERSION
    assert data["state"]["format"] == "servermania-save" and data["state"]["version"] == 1
    assert data["seats"][1] == {"name": "Linus", "colour": "blue", "human": False,
                                "level": "hard", "token": ""}


def test_startup_fever_saves_through_the_same_slots(tmp_path):
    state = startupfever.new_game(["A", "B", "C"], seed=2)
    seats = [SeatRecord(n, c) for n, c in (("A", "pink"), ("B", "blue"), ("C", "gold"))]
    slots = Slots(tmp_path)
    slots.save("startupfever", state, seats, "year 1")
    loaded = slots.load("startupfever")
    assert loaded is not None and loaded.state.to_json() == state.to_json()


def test_continue_offers_the_most_recent_game(tmp_path):
    slots = Slots(tmp_path)
    slots.save("servermania", played(), SEATS, "turn 3")
    text = (tmp_path / "servermania.json").read_text().replace(
        '"saved_at":"', '"saved_at":"0')  # an older time stamp
    (tmp_path / "servermania.json").write_text(text)
    seats = [SeatRecord("A", "pink"), SeatRecord("B", "blue")]
    slots.save("startupfever", startupfever.new_game(["A", "B"], seed=1), seats, "year 1")
    assert slots.latest().game == "startupfever"


def write_save(tmp_path, text: str) -> None:
    (tmp_path / "servermania.json").write_text(text, encoding="utf-8")


def good_text(tmp_path) -> str:
    Slots(tmp_path).save("servermania", played(), SEATS, "turn 3")
    return (tmp_path / "servermania.json").read_text()


@pytest.mark.parametrize("damage, words", [
    (lambda t: "{not json at all", "damaged or cut short"),
    (lambda t: t[: len(t) // 2], "damaged or cut short"),
    (lambda t: t.replace('"version":1,"game"', '"version":2,"game"'), "newer version of the game"),
    (lambda t: t.replace('"servermania-save","version":1', '"servermania-save","version":9'),
     "version"),
    (lambda t: re.sub(r'"cash":\d+', '"cash":"lots"', t, count=1), "cash"),
    (lambda t: t.replace('"seats":[{"name":"Ada"', '"seats":[{"name":7', 1), "damaged"),
])
def test_a_broken_save_is_named_in_one_line_and_set_aside(tmp_path, damage, words):
    write_save(tmp_path, damage(good_text(tmp_path)))
    slots = Slots(tmp_path)
    assert slots.latest() is None
    [problem] = slots.take_problems()
    assert words in problem and "\n" not in problem and "servermania.json" in problem
    assert (tmp_path / "servermania.json.bad").is_file()
    assert not (tmp_path / "servermania.json").exists()


def test_a_broken_save_is_never_overwritten_by_the_next_autosave(tmp_path):
    write_save(tmp_path, "garbage")
    slots = Slots(tmp_path)
    assert slots.save("servermania", played(), SEATS, "turn 3")
    assert (tmp_path / "servermania.json.bad").read_text() == "garbage"
    assert slots.load("servermania") is not None
    assert "set aside" in slots.take_problems()[0]


def test_a_second_broken_save_does_not_replace_the_first_bad_one(tmp_path):
    for text in ("first", "second"):
        write_save(tmp_path, text)
        Slots(tmp_path).load("servermania")
    assert (tmp_path / "servermania.json.bad").read_text() == "first"
    assert (tmp_path / "servermania.json.bad2").read_text() == "second"


def test_a_save_interrupted_between_write_and_rename_keeps_the_previous_one(tmp_path,
                                                                            monkeypatch):
    slots = Slots(tmp_path)
    before = played(2)
    slots.save("servermania", before, SEATS, "turn 2")

    def crash(src, dst):
        raise KeyboardInterrupt("power cut")
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        slots.save("servermania", played(5), SEATS, "turn 5")
    monkeypatch.undo()
    assert Slots(tmp_path).load("servermania").state.to_json() == before.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["servermania.json"]  # no temp left


def test_a_read_only_folder_costs_a_message_not_the_game(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "saves"
    folder.mkdir()
    folder.chmod(0o500)
    if os.geteuid() == 0:  # root writes anyway: refuse the way the kernel would
        def refuse(path, data):
            raise PermissionError(13, "Permission denied")
        monkeypatch.setattr(autosave, "write_atomic", refuse)
    try:
        slots = Slots(folder)
        assert not slots.save("servermania", played(), SEATS, "turn 3")
        [problem] = slots.take_alerts()  # for the TV (the title's notices are for reads)
        assert problem.startswith("Autosave failed") and "servermania.json" in problem
        assert not slots.take_problems()
        assert str(folder) in capsys.readouterr().err
    finally:
        folder.chmod(0o700)


def test_in_memory_slots_touch_no_file_and_a_finished_game_is_discarded(tmp_path):
    slots = Slots(None)
    slots.save("servermania", played(), SEATS, "turn 3")
    assert slots.latest().progress == "turn 3"
    slots.discard("servermania")
    assert slots.latest() is None


def test_the_default_folder_is_the_users_data_folder():
    assert autosave.default_folder().name == "saves"
    assert "unicorn-arcade" in str(autosave.default_folder())


def test_a_completed_turn_is_recognised_in_both_games():
    state = servermania.new_game(["Ada", "Linus"], seed=5)
    seen = []
    while state.turn < 3:
        action = state.sample_chance() if state.current_player == servermania.CHANCE \
            else state.legal_actions()[0]
        events = state.apply(action)
        if autosave.turn_completed("servermania", events):
            seen.append(state.turn)
    assert seen == [2, 3]  # turns 1 and 2 ended, each as the next one began
    sf = startupfever.new_game(["A", "B"], seed=1)
    starts = 0
    for _ in range(400):
        if sf.is_terminal():
            break
        action = sf.sample_chance() if sf.current_player == startupfever.CHANCE \
            else sf.legal_actions()[0]
        if autosave.turn_completed("startupfever", sf.apply(action)):
            starts += 1
    assert starts >= 2
    assert autosave.progress("startupfever", sf) == f"year {sf.year}"
    assert autosave.progress("servermania", state) == f"turn {state.turn}"


def test_background_saves_keep_their_order_and_a_waiting_save_comes_last(tmp_path):
    slots = Slots(tmp_path)
    states = [played(t) for t in (2, 3, 4)]
    for state in states[:2]:
        assert slots.save("servermania", state, SEATS, f"turn {state.turn}", wait=False)
    slots.save("servermania", states[2], SEATS, "turn 4")  # waits for the two before it
    assert Slots(tmp_path).load("servermania").state.to_json() == states[2].to_json()
    slots.save("servermania", states[0], SEATS, "turn 2", wait=False)
    slots.flush()
    assert Slots(tmp_path).load("servermania").state.to_json() == states[0].to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["servermania.json"]
