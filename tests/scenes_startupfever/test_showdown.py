"""The year-end showdown as a show (RULES.md F8): "YEAR n ENDS", the line-up with
strength bars from Nerds, Big Nerds, marketing and cards, the dice, the ranks and Table 2
moving the markers, exactly as the rules computed them."""

from __future__ import annotations

from game import startupfever as sf
from game.startupfever import events as ev
from game.startupfever.yearend import TABLE2
from tests.scenes_startupfever.helpers import (
    advance_to,
    assert_not_blank,
    computers,
    press,
    run_until,
    shoot,
    table,
)


def at_showdown(players: int = 3, seed: int = 2) -> sf.State:
    """A game at its first competition roll (a category with two launched products)."""
    state = sf.new_game([f"P{i}" for i in range(players)], seed=seed)
    return advance_to(state, "comp_roll")


def test_a_showdown_lines_up_rolls_ranks_and_moves_the_markers(tmp_path):
    state = at_showdown()
    category = state.comp_category
    base = {slot: state.comp_base[slot][0] for slot in state.comp_base}
    app, scene = table(computers(3), state=state, pace=1.0)
    results: list[ev.CompetitionResult] = []
    original = scene.director.on_CompetitionResult

    def spy(e):
        results.append(e)
        return original(e)
    scene.director.on_CompetitionResult = spy
    run_until(app, lambda: scene.title_state is not None, 300)
    assert scene.title_state[0] == f"YEAR {state.year} ENDS"
    run_until(app, lambda: scene.showdown.active, 600)
    show = scene.showdown
    assert show.category == category
    assert {e.slot: e.base for e in show.entries} == base  # the parts add up to Table 1
    for entry in show.entries:
        parts = dict(entry.parts)
        assert set(parts) <= {"Nerds", "Big Nerds", "marketing", "cards"}
        assert parts["Big Nerds"] % 4 == 0
    run_until(app, lambda: show.phase == "ranks" and show.settled, 3_000)
    shot = shoot(app, "sf_showdown", tmp_path)
    assert_not_blank(shot)
    result = results[-1]
    assert result.category == category
    ranked = [(e.slot, e.delta) for e in show.entries]
    assert ranked == [(slot, delta) for slot, _s, delta, _f, _t in result.ranking]
    assert [d for _s, d in ranked] == list(TABLE2[len(ranked)])
    for entry, row in zip(show.entries, result.ranking, strict=True):
        assert entry.total == row[1]  # strength + die, as the rules ranked it
    ends = {slot: end for slot, _strength, _delta, _start, end in result.ranking}
    run_until(app, lambda: not show.active and scene.movers.hops, 600)
    hopping = {hop.slot for hop in scene.movers.hops}  # the markers move together
    assert hopping == {slot for slot, _s, _d, start, end in result.ranking if start != end}
    run_until(app, lambda: not scene.movers.hops, 600)
    assert {slot: scene.model.products[slot].field for slot in ends} == ends


def test_skipping_a_showdown_still_leaves_the_markers_where_the_rules_put_them():
    state = at_showdown(4, seed=6)
    app, scene = table(computers(4), state=state, pace=1.0)
    run_until(app, lambda: scene.showdown.active, 600)

    def skipped() -> bool:
        press(app, "x")
        return scene.state.stage != "comp_roll" and scene.director.idle
    run_until(app, skipped, 600)
    assert {s: p.field for s, p in scene.model.products.items()} == \
        {s: p.field for s, p in scene.state.products.items()}
