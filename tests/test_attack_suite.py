"""The attack suite: seeded fuzzers of every file the game reads.

Saves (both games, the whole autosave file: mutated fields, cut or flipped bytes),
settings, Tiled maps and `--script` files. Each case must be refused in one line of the
file's own error type, or accepted and then used: a save plays 400 random steps, a map
builds a board that plays a game, a script drives the title. Each fuzzer tries a few
hundred cases within a small time budget (it stops early past it, never fails for it),
and prints what it tried, refused and accepted-and-played (`pytest -s` shows them; the
counts are printed there).
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from pathlib import Path

import pytest

from game import autosave, registry
from game.autosave import SaveProblem, SeatRecord, Slots
from game.tiled import MapError
from tests.save_mutations import mutate, plays_on, real_saves

CASES = 300  # per fuzzer
BUDGET = 6.0  # seconds per fuzzer: a slow machine tries fewer cases, never fails for it
ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "maps" / "servermania.tmx"
TILES = ROOT / "assets" / "tiles" / "servermania_tiles.png"


def report(capsys, name: str, counts: Counter) -> None:
    with capsys.disabled():
        print(f"\nattack {name}: tried {counts['tried']}, refused {counts['refused']}, "
              f"accepted and played {counts['played']}"
              + (f" (of {counts['accepted']} accepted)" if counts["accepted"] else ""))
    assert counts["tried"] == counts["refused"] + (counts["accepted"] or counts["played"])
    assert counts["tried"] >= 30  # even a slow machine tries some


def cases(seed: int):
    """(rng, n) for CASES cases or until the budget is spent."""
    rng = random.Random(seed)
    end = time.monotonic() + BUDGET
    for n in range(CASES):
        if n >= 30 and time.monotonic() > end:
            return
        yield rng, n


def envelope(game: str, state_text: str) -> dict:
    slots = Slots(None)
    api = autosave.loader(game)
    state = api(state_text)
    seats = [SeatRecord(f"P{i}", "pink", i == 0) for i in range(len(state.players))]
    slots.save(game, state, seats, autosave.progress(game, state))
    return json.loads(slots.memory[game])


def damaged(text: str, rng: random.Random) -> str:
    """The save text cut short, or with a run of characters replaced."""
    if rng.random() < 0.5:
        return text[:rng.randrange(len(text))]
    start = rng.randrange(len(text))
    junk = "".join(rng.choice('{}[]",:0123456789-ex\x00\ud800 ') for _ in range(rng.randint(1, 8)))
    return text[:start] + junk + text[start + len(junk):]


@pytest.mark.parametrize("game", list(registry.ids()))
def test_save_fuzzer(game, capsys):
    saves = [envelope(game, t) for t in real_saves(game)[::4]]
    counts: Counter = Counter()
    for rng, n in cases(23 + len(game)):
        data = rng.choice(saves)
        text = json.dumps(mutate(data, rng)) if n % 3 else damaged(json.dumps(data), rng)
        counts["tried"] += 1
        try:
            saved = autosave.parse(game, text)
        except SaveProblem as exc:
            assert "\n" not in str(exc) and len(str(exc)) <= autosave.MESSAGE_CHARS
            counts["refused"] += 1
            continue
        problem = plays_on(game, saved.state.to_json(), rng)
        assert problem is None, f"case {n}: {problem}"
        counts["played"] += 1
    report(capsys, f"saves {game}", counts)


def settings_value(rng: random.Random):
    return rng.choice([None, True, 0, -1, 0.5, 1.5, 100, 125, 1e308, "safe", "", "\x00",
                       [], {}, [1, 2, 3], list(range(rng.randint(0, 3000))),
                       {"confirm": [13], "back": "x"}, "x" * rng.randint(0, 5000)])


def test_settings_fuzzer(tmp_path, capsys):
    from scenes.engine.settings import Settings

    fields = [f for f in Settings().as_dict()]
    base = json.dumps(Settings().as_dict())
    counts: Counter = Counter()
    path = tmp_path / "settings.json"
    for rng, n in cases(5):
        if n % 4 == 0:
            data = damaged(base, rng).encode("utf-8", "surrogatepass")
        else:
            values = json.loads(base)
            for _ in range(rng.randint(1, 3)):
                values[rng.choice(fields + ["unknown"])] = settings_value(rng)
            if n % 7 == 0 and isinstance(values["keys"], dict):
                values["keys"][rng.choice(list(values["keys"]))] = settings_value(rng)
            data = json.dumps(values).encode()
        path.write_bytes(data)
        counts["tried"] += 1
        capsys.readouterr()
        loaded = Settings.load(path)
        err = capsys.readouterr().err
        assert err.count("\n") <= 1 and len(err) < 1000
        assert loaded.as_dict().keys() == Settings().as_dict().keys()
        loaded.keymap()  # the input layer can use what was loaded
        counts["refused" if err else "played"] += 1
    report(capsys, "settings", counts)


MAP_VALUES = ["-1", "0", "1", "2", "39", "40", "41", "320", "4096", "4097", "100000000",
              "NaN", "inf", "", "1e3", "x" * 50, "-39", "1.5"]


def test_map_fuzzer(tmp_path, capsys):
    from xml.etree import ElementTree

    from game.servermania.board import BoardError, board_from_map
    from game.servermania.state import new_game
    from game.tiled import load_map

    text = MAP.read_text(encoding="utf-8").replace("../assets/tiles/servermania_tiles.png",
                                                   str(TILES))
    root = ElementTree.fromstring(text)
    targets = [(el.tag, name) for el in root.iter() for name in el.attrib]
    counts: Counter = Counter()
    path = tmp_path / "fuzz.tmx"
    for rng, n in cases(11):
        tree = ElementTree.fromstring(text)
        for _ in range(rng.randint(1, 3)):
            tag, name = rng.choice(targets)
            element = rng.choice([el for el in tree.iter(tag) if name in el.attrib])
            element.set(name, rng.choice(MAP_VALUES))
        data = ElementTree.tostring(tree, encoding="unicode")
        if n % 5 == 0:
            data = data[:rng.randrange(len(data))]
        path.write_text(data, encoding="utf-8")
        counts["tried"] += 1
        try:
            board = board_from_map(load_map(path), strict=False)
        except (MapError, BoardError) as exc:
            assert "\n" not in str(exc)
            counts["refused"] += 1
            continue
        state = new_game(2, seed=n, board=board)
        for _ in range(200):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        counts["played"] += 1
    report(capsys, "maps", counts)


def script_row(rng: random.Random):
    from scenes.engine.input import BUTTONS

    if rng.random() < 0.85:
        return [rng.randint(20, 100), rng.choice(BUTTONS)]
    return rng.choice([
        [rng.randint(20, 100), rng.choice(BUTTONS)],
        [rng.randint(20, 100), rng.choice(BUTTONS), rng.choice(["keyboard", "mouse", "pad:0",
                                                                "pad:\u0661", "pad:-1", ""])],
        [rng.choice([-1, 1e9, True, "5", None]), "confirm"],
        [30, rng.choice(["", "nope", None, 3, "\x00"])],
        [30], "confirm", {"update": 1}, [30, "confirm", "pad:1", "extra"],
    ])


def test_script_fuzzer(tmp_path, capsys):
    from game.files import FileProblem  # a ScriptError, or a file that is not UTF-8
    from scenes.app import make_app
    from scenes.engine.script import load_script

    counts: Counter = Counter()
    path = tmp_path / "script.json"
    played = 0
    for rng, n in cases(3):
        rows = [script_row(rng) for _ in range(rng.randint(0, 6))]
        text = json.dumps(rows)
        if n % 6 == 0:
            text = damaged(text or "[]", rng)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        counts["tried"] += 1
        try:
            script = load_script(path)
        except FileProblem as exc:
            assert "\n" not in str(exc)
            counts["refused"] += 1
            continue
        counts["accepted"] += 1
        if played < 3:  # driving the title costs a window's worth of work: a few of them
            make_app(headless=True, frames=110, seed=n, script=script).run()
            played += 1
            counts["played"] += 1
    report(capsys, "scripts", counts)
