"""An ending you see coming (RULES.md F12): when the last product launches, the table says
"LAST YEAR" at once (banner and its own sound), the year cards say what will still
happen, and the track counts the products still to launch. SERVERMANIA's counterpart:
"FINAL STRETCH" when the first pawn comes within one roll of FINISH."""

from __future__ import annotations

from game import servermania as sm
from game.servermania import events as sm_ev
from game.startupfever import events as ev
from game.startupfever import tutorial
from game.startupfever.rules import CHANCE
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import default_seats as sm_seats
from scenes.startupfever.seats import default_seats
from scenes.startupfever.table_scene import TableScene
from tests.scenes_servermania.helpers import READY, new_app, step


def one_product_left():
    """The tutorial's game at the start of year 2: every product launched but D."""
    state = tutorial.tutorial_state("Sam")
    rival = tutorial.RivalPlayer()
    while state.year < 2:
        if state.current_player == CHANCE:
            state.apply(tutorial.outcome(state) or state.sample_chance())
            continue
        legal = state.legal_actions()
        if state.current_player == tutorial.RIVAL:
            state.apply(rival.decide(state, legal))
            continue
        lesson = tutorial.lesson(state)
        state.apply(next(a for a in legal if lesson.wants(a)) if lesson else legal[-1])
    return state


def table(state, sounds):
    scene = TableScene(default_seats(2, humans=1), state=state, autoplay=False)
    app = new_app(scene)
    app.audio.play = sounds.append
    step(app, READY)
    return app, scene


def play_out(app, scene, frames=400):
    for _ in range(frames):
        step(app, draw=False)
        if scene.director.idle:
            break


def test_the_last_launch_calls_the_last_year_with_a_banner_and_a_sound():
    state = one_product_left()
    sounds: list[str] = []
    app, scene = table(state, sounds)
    assert scene.model.unlaunched == 1 and scene.model.last_year is None
    banners = []
    scene.banner = lambda text, colour, icon=None: banners.append(text)
    scene.director.push([ev.ProductLaunched("D", 0, "Media", True)])
    play_out(app, scene)
    assert scene.model.unlaunched == 0 and scene.model.last_year == 2
    assert any("LAST YEAR" in text for text in banners) and "last_call" in sounds
    scene.director.year_end_card()[0].begin()  # "YEAR 2 ENDS": only what still happens
    title, subtitle, _age = scene.title_state
    assert title == "YEAR 2 ENDS" and "final score" in subtitle and "marketing" not in subtitle


def test_an_earlier_launch_calls_nothing_and_the_card_lists_the_whole_year_end():
    state = tutorial.tutorial_state("Sam")  # C, D and H still to launch
    sounds: list[str] = []
    app, scene = table(state, sounds)
    assert scene.model.unlaunched == 4
    scene.director.push([ev.ProductLaunched("C", 0, "Communication", False)])
    play_out(app, scene)
    assert scene.model.last_year is None and "last_call" not in sounds
    scene.director.year_end_card()[0].begin()
    assert "marketing" in scene.title_state[1]


def test_with_extra_years_the_last_year_is_announced_when_it_begins():
    state = one_product_left()
    state.extra_years = 1
    sounds: list[str] = []
    app, scene = table(state, sounds)
    scene.director.push([ev.ProductLaunched("D", 0, "Media", True)])
    play_out(app, scene)
    assert scene.model.last_year == 3
    scene.director.push([ev.YearStarted(3)])
    play_out(app, scene, 30)
    assert scene.title_state[0] == "LAST YEAR"


def test_servermania_calls_the_final_stretch_once_for_the_first_pawn_near_finish():
    state = sm.new_game(3, seed=4)
    scene = BoardScene(sm_seats(3, 1), state=state, autoplay=False)
    app = new_app(scene)
    sounds: list[str] = []
    app.audio.play = sounds.append
    step(app, READY)
    banners = []
    scene.big_banner = lambda text, colour, icon=None, seat=None: banners.append(text)
    last = len(state.board) - 1
    far = sm_ev.Moved(0, 0, (1, 2, 3))
    near = sm_ev.Moved(1, last - 9, tuple(range(last - 8, last - 3)))  # 4 from FINISH
    again = sm_ev.Moved(2, last - 8, tuple(range(last - 7, last - 2)))
    for moved in (far, near, again):
        scene.director.push([moved])
        play_out(app, scene)
    assert len(banners) == 1 and "FINAL STRETCH" in banners[0] and scene.name(1) in banners[0]
    assert sounds.count("last_call") == 1
