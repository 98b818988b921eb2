"""Bad input never crashes SERVERMANIA: malformed actions, maps, saves and states.

Regression tests for the audit findings (test_audit.py) and their neighbours: each
wrong-typed or self-contradicting input is refused with the game's own error
(IllegalAction, MapError, SaveError, StateError) and the state is left unchanged.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import servermania as sm
from game.servermania.board import board_from_map, whole_number
from game.servermania.rules import StateError
from game.tiled import MapData, MapError, MapObject
from tests.servermania.helpers import roll, scenario

# --------------------------------------------------------------------------- map indices


@pytest.mark.parametrize(("value", "expected"), [
    (3, 3), (3.0, 3), ("3", 3), (" 12 ", 12),
    (3.5, None), (True, None), (False, None), ("3.5", None), ("", None), (None, None),
])
def test_S3_whole_number_refuses_what_int_would_truncate(value, expected):
    assert whole_number(value) == expected


def _map_of(kinds: list[str], index_of=lambda i: i) -> MapData:
    objs = tuple(MapObject(i + 1, f"sq{i}", "", 80.0 * i, 0.0, 80.0, 80.0,
                           {"index": index_of(i), "kind": k}) for i, k in enumerate(kinds))
    return MapData("test.tmx", 16, 9, 80, 80, (), {"squares": objs})


@pytest.mark.parametrize("bad", [2.5, True, "two"])
def test_S3_map_square_with_non_whole_index_is_refused_naming_the_square(bad):
    kinds = ["start", "plain", "plain", "plain", "finish"]
    data = _map_of(kinds, lambda i: bad if i == 2 else i)
    with pytest.raises(MapError, match=r"object 3 \(sq2\).*index"):
        board_from_map(data, strict=False)


def test_S3_map_with_integral_float_indices_still_loads():
    data = _map_of(["start", "plain", "finish"], float)
    assert board_from_map(data, strict=False).kinds == ("start", "plain", "finish")


# --------------------------------------------------------------------------- actions


@pytest.mark.parametrize("bad", [sm.DrawCard("churn", True), sm.DrawCard("churn", 1.0),
                                 sm.DrawCard("churn", "1"), sm.Die(1)])
def test_api_draw_needs_an_int_card_id_and_changes_nothing(bad):
    state = scenario("S - . . F")
    roll(state, 1)
    before = state.to_json()
    with pytest.raises(sm.IllegalAction):
        state.apply(bad)
    assert state.to_json() == before


@pytest.mark.parametrize("bad", [sm.Die(True), sm.Die(2.0), sm.Die(0), sm.Die(7)])
def test_api_die_needs_an_int_1_to_6_and_changes_nothing(bad):
    state = scenario("S . . . F")
    before = state.to_json()
    with pytest.raises(sm.IllegalAction):
        state.apply(bad)
    assert state.to_json() == before


def test_S6_pay_maintenance_under_50000_is_not_offered_and_refused():
    state = scenario("S . . C . . . . F")
    assert state.phase == "maintenance"
    state.players[0].cash = 49_999                    # a scenario edit, not a real turn
    assert state.legal_actions() == [sm.SKIP_MAINTENANCE]
    before = state.to_json()
    with pytest.raises(sm.IllegalAction, match=r"\$50,000"):
        state.apply(sm.PAY_MAINTENANCE)
    assert state.to_json() == before


def test_S8_pay_to_leave_stuck_under_50000_is_not_offered_and_refused():
    state = scenario("S . X . . . . . . F", seat0={"position": 2})
    assert state.phase == "stuck_choice"
    state.players[0].cash = 10_000
    assert state.legal_actions() == [sm.ROLL_TO_LEAVE_STUCK]
    before = state.to_json()
    with pytest.raises(sm.IllegalAction):
        state.apply(sm.PAY_TO_LEAVE_STUCK)
    assert state.to_json() == before


def test_S11_turn_order_with_contradictory_finished_flags_raises_instead_of_hanging():
    state = scenario("S . . . . . . F")
    for p in state.players:
        p.finished = True                             # but finish_order stays empty
    with pytest.raises(StateError, match="inconsistent"):
        roll(state, 1)


# --------------------------------------------------------------------------- chance


def test_api_chance_probabilities_sum_to_exactly_one():
    state = scenario("S + . . F")
    dice = state.chance_outcomes()
    assert sum(p for _, p in dice) == 1.0
    assert all(p == pytest.approx(1 / 6, abs=1e-15) for _, p in dice)
    roll(state, 1)
    for left in range(18, 0, -1):
        outs = state.chance_outcomes()
        assert len(outs) == left and sum(p for _, p in outs) == 1.0
        assert all(p == pytest.approx(1 / left, abs=1e-15) for _, p in outs)
        state.decks["signups"].pop()                  # scenario: one card fewer


# --------------------------------------------------------------------------- observation


def test_api_observation_hides_seed_and_rng():
    state = sm.new_game(3, seed=987654321)
    for seat in range(3):
        obs = state.observation(seat)
        assert "seed" not in obs and "rng" not in obs
        assert "987654321" not in json.dumps(obs)


# --------------------------------------------------------------------------- saves


def _save(state: sm.State | None = None) -> dict:
    return json.loads((state or sm.new_game(2, seed=1)).to_json())


def _set(path: str, value):
    def change(data):
        *keys, last = path.split(".")
        node = data
        for k in keys:
            node = node[int(k)] if isinstance(node, list) else node[k]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return change


MALFORMED = [
    _set("decks", []), _set("decks", {"signups": 3, "churn": []}), _set("players", {}),
    _set("players.0", "Ann"), _set("players.0.cash", "50000"), _set("players.0.cash", 5e4),
    _set("players.0.finished", 1), _set("players.0.name", None), _set("seed", 1.5),
    _set("seed", True), _set("pot", None), _set("phase", 3), _set("turn_seat", "0"),
    _set("roll_off", 2), _set("roll_off.0", 0.0), _set("finish_order", None),
    _set("ledger", []), _set("ledger.bank_paid_out", "0"), _set("rng", None),
    _set("rng", [3, [1, 2], None]), _set("rng", [3]), _set("rng.2", "x"),
    _set("rng.1", {}), _set("board", []), _set("board.squares", {}),
    _set("board.squares.3", [3.5, "plain", [0, 0], "", [0, 0, 0, 0]]),
    _set("board.squares.3", [3, "plain", [0, 0], "", []]), _set("board.width", "1280"),
    lambda d: d.pop("ledger"), lambda d: d["players"][0].pop("cash"),
]


@pytest.mark.parametrize("change", MALFORMED)
def test_api_malformed_save_field_gives_save_error(change):
    data = _save()
    change(data)
    with pytest.raises(sm.SaveError, match="corrupt SERVERMANIA save"):
        sm.from_json(json.dumps(data))


def test_api_save_error_names_the_bad_field():
    data = _save()
    data["players"][1]["cash"] = "lots"
    with pytest.raises(sm.SaveError, match=r"players\[1\]\.cash is 'lots'"):
        sm.from_json(json.dumps(data))


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_api_save_version_must_be_the_int_1(version):
    data = _save()
    data["version"] = version
    with pytest.raises(sm.SaveError, match="version"):
        sm.from_json(json.dumps(data))


def test_api_deeply_nested_junk_gives_save_error():
    with pytest.raises(sm.SaveError):
        sm.from_json("[" * 100_000 + "]" * 100_000)


def _maintenance_save() -> dict:
    return _save(scenario("S . . C . . . . F"))


INCONSISTENT = [
    # S11: finished flags, finish order and pawns on FINISH agree
    (lambda: _save(), _set("players.0.finished", True), "finished"),
    (lambda: _save(), _set("finish_order", [1]), "finish order"),
    (lambda: _save(), _set("finish_order", [0, 0]), "finish order"),
    (lambda: _save(), _set("phase", "game_over"), "game over"),
    # S2: roll-off data
    (lambda: _save(), _set("roll_off", []), "roll-off"),
    (lambda: _save(), _set("turn_seat", 1), "roll-off"),
    (lambda: _save(), _set("turn", 4), "roll-off"),
    # S6: maintenance only with CUSTOMER SERVICE ahead and $50,000 in hand
    (_maintenance_save, _set("players.0.position", 7), "CUSTOMER SERVICE"),
    (_maintenance_save, _set("maintenance_paid", True), "maintenance marked paid"),
    # S7, S8, S10: the chance step fits the square the pawn is on
    (_maintenance_save, _set("phase", "stuck_roll"), "STUCK roll"),
    (_maintenance_save, _set("phase", "techpad_roll"), "TechPad"),
    (_maintenance_save, _set("phase", "draw"), "draw from deck"),
    (_maintenance_save, _set("draw_deck", "churn"), "pending draw"),
]


@pytest.mark.parametrize(("make", "change", "match"), INCONSISTENT)
def test_api_inconsistent_save_gives_save_error_saying_what(make, change, match):
    data = make()
    sm.from_json(json.dumps(data))                     # the untouched save loads
    change(data)
    with pytest.raises(sm.SaveError, match=match):
        sm.from_json(json.dumps(data))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=8)
FIELDS = ["seed", "board", "players", "pot", "phase", "turn_seat", "turn", "roll_off",
          "roll_off_rolls", "maintenance_paid", "draw_deck", "finish_order", "decks",
          "ledger", "rng"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIELDS), JSON)
def test_property_any_field_replaced_by_junk_loads_or_gives_save_error(field, junk):
    data = _save(scenario("S . . C . . . . F"))
    data[field] = junk
    try:
        state = sm.from_json(json.dumps(data))
    except sm.SaveError:
        return
    assert state.invariant_violations() == []           # what loads is playable
    state.legal_actions()


class _Unprintable:
    def __str__(self) -> str:
        raise RuntimeError("no str for you")


class _UnprintableDie(sm.Die):
    __slots__ = ()

    def __str__(self) -> str:
        raise TypeError("broken str")


class _StrIsNotText:
    def __str__(self):  # deliberately not text
        return 42


@pytest.mark.parametrize("bad", [
    sm.DrawCard(deck={}, card_id=5), sm.DrawCard(deck=[], card_id=[]), sm.DrawCard(None, None),
    sm.Die(value=[1]), sm.Die(value={}), sm.Die(None), _Unprintable(), _StrIsNotText(),
    _UnprintableDie(9), None, 3, "roll 4", object(),
])
def test_api_malformed_actions_raise_illegal_action_never_type_error(bad):
    for state in (scenario("S . . . F"), _draw_phase(), _maintenance_phase()):
        before = state.to_json()
        with pytest.raises(sm.IllegalAction):
            state.apply(bad)
        assert state.to_json() == before


def _draw_phase():
    state = scenario("S - . . F")
    roll(state, 1)
    assert state.current_player == sm.CHANCE
    return state


def _maintenance_phase():
    return scenario("S . . C . . . . F")


def test_api_non_finite_board_coordinates_in_a_save_are_refused():
    for value in (float("nan"), float("inf"), -float("inf"), 1e308):
        for part, at in (("center", 2), ("rect", 4)):
            data = _save()
            row = data["board"]["squares"][3]
            row[at] = [value] * (2 if part == "center" else 4)
            with pytest.raises(sm.SaveError, match="corrupt SERVERMANIA save"):
                sm.from_json(json.dumps(data))
