"""Results that teach (why.py): each person gets one or two lines of why, from the rules'
own figures; the results screen shows them for people only, and the winner by its
company logo (a Startup Fever table has no pawns)."""

from __future__ import annotations

from game.startupfever import events as ev
from scenes.startupfever.results import ResultsScene
from scenes.startupfever.seats import default_seats
from scenes.startupfever.why import Story, reasons
from tests.scenes_servermania.helpers import new_app, step
from tests.startupfever.test_tutorial import play


def finished():
    state, events, _fixed = play("last")
    story = Story({s: p.owner for s, p in state.products.items()}, 1)
    story.add(events)
    return state, story


def test_the_winner_is_told_what_won_and_the_other_what_lost():
    state, story = finished()
    assert state.winners() == [0]
    won = reasons(state, story, 0)
    lost = reasons(state, story, 1)
    assert 1 <= len(won) <= 2 and 1 <= len(lost) <= 2
    assert won[0].startswith(f"You won with {state.scores()[0]} VP")
    top = max((state.products[s] for s in state.players[0].slots), key=lambda p: p.field)
    assert f"{top.slot} alone made" in won[0]
    assert any("showdown" in line for line in won + lost)


def test_no_nerds_on_launched_products_is_said():
    state, story = finished()
    for slot in state.players[1].slots:
        state.products[slot].nerds = [0] * 5
    state.players[1].big_nerds = []
    assert "0 Nerds on your launched products: Nerds win showdowns" in reasons(state, story, 1)


def test_launches_by_year_compare_with_the_winner():
    state, _story = finished()
    story = Story({s: p.owner for s, p in state.products.items()}, 1)
    story.add([ev.YearStarted(1), ev.ProductLaunched("A", 0, "Social Networking", False),
               ev.ProductLaunched("B", 0, "E-commerce", False),
               ev.ProductLaunched("C", 0, "Communication", False)])
    assert any(line.startswith("Sam launched 3 products by year 1, you 0")
               for line in reasons(state, story, 1))


def test_a_continued_game_says_only_what_it_saw():
    state, _story = finished()
    story = Story({s: p.owner for s, p in state.products.items()}, 2)  # from year 2 on
    story.add([ev.ProductLaunched("A", 0, "Social Networking", False)] * 3)
    assert not any("launched 3 products" in line for line in reasons(state, story, 1))
    assert reasons(state, None, 1)  # no story at all: the final figures still speak


def test_the_results_show_why_for_people_only_and_the_winners_logo():
    state, story = finished()
    seats = default_seats(2, humans=1)
    scene = ResultsScene(seats, state, [[0, 0], state.scores()], story=story)
    app = new_app(scene)
    step(app, 60)
    assert [seat for seat, _lines in scene.why] == [0]
    assert scene.winner_image(0).get_height() == 72  # the company's logo, not a pawn
    demo = ResultsScene(seats, state, [[0, 0], state.scores()], demo=True, story=story)
    assert demo.why == []


def test_the_why_lines_name_the_winner_as_the_table_does():
    """The results name a rival by the table's seat name (a state made elsewhere may
    carry other names: "Player 4" showed on a results screen)."""
    state, story = finished()
    for player in state.players:
        player.name = f"Player {state.players.index(player) + 1}"
    seats = default_seats(2, humans=2)
    scene = ResultsScene(seats, state, [[0, 0], state.scores()], story=story)
    lines = dict(scene.why)[1]
    rival = seats[state.winners()[0]].name
    assert not any("Player" in line for line in lines)
    assert any(line.startswith(f"{rival} launched") for line in lines)
