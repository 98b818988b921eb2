"""Both rule sets implement the one rules API of game/api.py (game/API.md): the protocol
holds at run time and under mypy, every stage a game rests in is a member of its stage
Enum, and the rules packages import in one direction only (no circle, not even through
an import inside a function or under TYPE_CHECKING)."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from game import registry
from game import servermania as sm
from game import startupfever as sf
from game.api import RulesModule, RulesState
from game.servermania.stages import CHANCE_PHASES, DECISION_PHASES, PHASES, Phase
from game.startupfever.stages import AUTO_STAGES, CHANCE_STAGES, DECISION_STAGES, Stage

ROOT = Path(__file__).resolve().parents[1]
#: every game's rules with a middling player count (3 of 2-4, 4 of 2-6)
GAMES = [(info.rules_module(), sum(info.players) // 2) for info in registry.games()]


def play(rules, players: int, seed: int):
    """A random game to its end; yields every state it rests in."""
    state = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.current_player == rules.CHANCE:
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("rules,players", GAMES)
def test_both_states_and_both_packages_have_every_name_of_the_protocol(rules, players):
    state = rules.new_game(players, seed=3)
    assert isinstance(state, RulesState)
    assert isinstance(rules.from_json(state.to_json()), RulesState)
    assert isinstance(state.clone(), RulesState)
    for name in ("CHANCE", "TERMINAL", "IllegalAction", "SaveError", "new_game", "from_json"):
        assert hasattr(rules, name), name
    assert set(RulesModule.__dict__) >= {"new_game", "from_json"}


def test_a_class_missing_a_method_is_not_a_rules_state():
    class NoReturns:
        turn_seat = 0
        current_player = 0

        def legal_actions(self): ...
        def chance_outcomes(self): ...
        def sample_chance(self): ...
        def apply(self, action): ...
        def apply_quiet(self, action): ...
        def observation(self, seat): ...
        def clone(self): ...
        def to_json(self): ...
        def is_terminal(self): ...
        def scores(self): ...
        def winners(self): ...

    assert not isinstance(NoReturns(), RulesState)


@pytest.mark.parametrize("rules,players", GAMES)
def test_returns_split_the_win_at_the_end_and_are_zero_before(rules, players):
    for state in play(rules, players, seed=5):
        if not state.is_terminal():
            assert state.returns() == [0.0] * players
    winners = state.winners()
    assert winners and state.returns() == [1 / len(winners) if s in winners else 0.0
                                           for s in range(players)]
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("rules,players", GAMES)
def test_apply_quiet_plays_the_same_game_as_apply(rules, players):
    loud, quiet = rules.new_game(players, seed=8), rules.new_game(players, seed=8)
    rng = random.Random(8)
    while not loud.is_terminal():
        if loud.current_player == rules.CHANCE:
            action = loud.sample_chance()
            assert quiet.sample_chance() == action
        else:
            legal = loud.legal_actions()
            action = legal[rng.randrange(len(legal))]
        assert loud.apply(action) is not None
        assert quiet.apply_quiet(action) is None
        assert quiet.to_json() == loud.to_json()


def test_startup_fever_rests_only_in_decision_chance_or_over_stages_all_enum_members():
    seen = set()
    for seed in (1, 2):
        for state in play(sf, 4, seed):
            assert state.stage in DECISION_STAGES | CHANCE_STAGES | {Stage.OVER}
            assert Stage(state.stage) == state.stage
            seen.add(state.stage)
    assert {Stage.CHIPS, Stage.MANAGE, Stage.ADOPTION_ROLL, Stage.OVER} <= seen
    assert set(Stage) == DECISION_STAGES | CHANCE_STAGES | set(AUTO_STAGES) | {Stage.OVER}


def test_servermania_phases_are_the_enum_and_saves_hold_its_plain_text():
    assert tuple(Phase) == PHASES and set(Phase) == CHANCE_PHASES | DECISION_PHASES | {
        Phase.GAME_OVER}
    for state in play(sm, 2, seed=4):
        assert Phase(state.phase) == state.phase
    assert json.loads(state.to_json())["phase"] == "game_over" == Phase.GAME_OVER
    assert sm.from_json(state.to_json()).phase == Phase.GAME_OVER


def _imports(path: Path, package: str) -> set[str]:
    """Every module of `package` that `path` imports anywhere (functions and
    TYPE_CHECKING blocks included)."""
    found = set()
    own = package + "." + path.stem if path.stem != "__init__" else package
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from . import x / from .x import y
                base = package if node.level == 1 else package.rsplit(".", 1)[0]
                mod = f"{base}.{node.module}" if node.module else base
            else:
                mod = node.module or ""
            found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)
    mods = {p.stem for p in path.parent.glob("*.py")} - {"__init__"}
    return {m for m in found if m.startswith(package + ".") and m.split(".")[-1] in mods
            and m.count(".") == package.count(".") + 1 and m != own}


@pytest.mark.parametrize("package", ["game.servermania", "game.startupfever"])
def test_the_rules_packages_have_no_import_circle(package):
    folder = ROOT / package.replace(".", "/")
    graph = {f"{package}.{p.stem}": _imports(p, package)
             for p in folder.glob("*.py") if p.stem != "__init__"}
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(node):]
                                                                 + [node]))
        if node in done:
            return
        for nxt in sorted(graph.get(node, ())):
            visit(nxt, path + [node])
        done.add(node)

    for module in sorted(graph):
        visit(module, [])
    assert graph[f"{package}.stages"] <= set()  # the stages import nothing of the game


CHECK = """
from game import servermania, startupfever
from game.api import RulesModule, RulesState

a: RulesState = servermania.new_game(2, seed=1)
b: RulesState = startupfever.new_game(2, seed=1)
m1: RulesModule = servermania
m2: RulesModule = startupfever


class NotAState:
    turn_seat = 0
    def clone(self) -> "NotAState":
        return self


c: RulesState = NotAState()  # the one error expected
"""


def test_mypy_finds_both_games_fit_the_protocol_and_a_stranger_does_not(tmp_path):
    api = pytest.importorskip("mypy.api")  # in the engine group: the CI's second run
    check = tmp_path / "check_api.py"
    check.write_text(CHECK)
    out, err, status = api.run([str(check), "--follow-imports=silent",
                                "--ignore-missing-imports", "--no-incremental",
                                "--cache-dir", str(tmp_path / "cache")])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1 and len(errors) == 1 and "NotAState" in errors[0], out + err


def test_no_file_points_at_a_document_that_is_not_in_the_repo():
    """The rulings live in each game's RULES.md and the API in game/API.md: no comment or
    document names the project's old outside papers."""
    outside = ("RULINGS" + ".md", "RULINGS" + " ", "RULES_" + "API", "seeds" + "/",
               "../" + "shared")
    bad = []
    for path in sorted(ROOT.rglob("*")):
        if path.suffix not in (".py", ".md", ".toml", ".txt") or any(
                part.startswith(".") for part in path.relative_to(ROOT).parts):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        bad += [f"{path.relative_to(ROOT)}: {name}" for name in outside if name in text]
    assert not bad, bad
    for doc in ("game/API.md", "game/servermania/RULES.md", "game/startupfever/RULES.md"):
        assert (ROOT / doc).is_file(), doc
    rulings = (ROOT / "game/startupfever/RULES.md").read_text(encoding="utf-8")
    assert all(f"**F{n} " in rulings for n in range(1, 17))
    rulings = (ROOT / "game/servermania/RULES.md").read_text(encoding="utf-8")
    assert all(f"**S{n}" in rulings for n in range(1, 14))
