"""Game feel, measured in fixed updates (60 per second), never in wall time.

Players hit their own die; computers do not keep people waiting; the board, the HUD and
the banners can be trusted from the couch; the playtest's bugs stay fixed.
"""

from __future__ import annotations

import pygame
import pytest

from game import servermania as sm
from game.servermania import events as ev
from game.servermania.rules import ROLL_OFF, STUCK_ROLL, TECHPAD_ROLL
from scenes.engine.input import CLICK, MOUSE, Action, InputMapper
from scenes.engine.palette import MINT
from scenes.overlays import ConfirmOverlay
from scenes.pause import PauseMenu
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.board_view import KIND_LOOKS, NUMBER_INK, TITLE_INK, TITLE_PX
from scenes.servermania.director import winners_line
from scenes.servermania.legend import ENTRIES, LegendScene
from scenes.servermania.results import ResultsScene
from scenes.servermania.seats import Seat, default_seats
from scenes.title import TitleScene
from tests.scenes_servermania.helpers import READY, new_app, press, run_until, step
from tests.scenes_servermania.test_game import scenario

SECOND = 60  # fixed updates per second of game time
LONG_NAMES = [Seat("Margaret", "pink", False), Seat("Barbara", "blue", False),
              Seat("Dennis", "yellow", False), Seat("Radia", "green", False)]


def board(seats, **kw) -> tuple:
    scene = BoardScene(seats, **kw)
    app = new_app(scene)
    return app, scene


# -- 1. press to roll --------------------------------------------------------------------------

@pytest.mark.parametrize("human", [0, 2, 3])
def test_the_first_human_decision_comes_within_5_seconds_of_start(human):
    seats = [Seat(n, c, i == human) for i, (n, c) in
             enumerate((("Ada", "pink"), ("Linus", "blue"), ("Grace", "yellow"),
                        ("Alan", "green")))]
    app, scene = board(seats, seed=3)
    frames = run_until(app, lambda: scene.roll_call is not None, 5 * SECOND)
    assert frames <= 5 * SECOND
    assert scene.roll_call.seat == scene.state.turn_seat
    assert scene.roll_call.purpose == "first"


def test_the_die_rolls_on_the_press_with_the_rules_sampled_face():
    app, scene = board(default_seats(2, 1), seed=7)
    run_until(app, lambda: scene.roll_call is not None, 5 * SECOND)
    step(app, 3 * SECOND)
    assert scene.roll_call is not None and not scene.dice, "nothing rolls by itself"
    expected = scene.state.clone().sample_chance()  # the state's own seeded RNG
    press(app, "confirm")
    assert scene.roll_call is None
    step(app, 2)
    assert scene.die is not None and scene.die.value == expected.value
    assert scene.state.players[0].name == "Ada"


def test_holding_the_button_charges_a_wobble_and_letting_go_throws():
    app, scene = board(default_seats(2, 1), seed=7)
    run_until(app, lambda: scene.roll_call is not None, 5 * SECOND)
    step(app, READY)  # (input opens after the fade-in)
    call = scene.roll_call
    app.stack.dispatch(Action("confirm", "pad:0", True))
    step(app, 20)
    assert call.holding and call.charge > 0.2 and scene.roll_call is call
    before = call.die_offset()
    step(app, 1, draw=False)
    assert call.die_offset() != before  # it shakes
    app.stack.dispatch(Action("confirm", "pad:0", False))
    assert scene.roll_call is None and not scene.director.idle


def test_a_click_rolls_too():
    app, scene = board(default_seats(2, 1), seed=7)
    run_until(app, lambda: scene.roll_call is not None, 5 * SECOND)
    step(app, READY)
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=(400, 300)))
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=(400, 300)))
    assert scene.roll_call is None


def in_phase(phase: str, position: int, cash: int = 50_000) -> sm.State:
    state = scenario(position)
    state.players[0].cash = cash
    state.phase = phase
    return state


@pytest.mark.parametrize("purpose, state", [
    ("move", scenario(1)),  # no CUSTOMER SERVICE within 6: straight to the move roll
    ("stuck", in_phase(STUCK_ROLL, 18, cash=10_000)),
    ("techpad", in_phase(TECHPAD_ROLL, 8)),
], ids=["move", "stuck", "techpad"])
def test_every_kind_of_roll_of_a_person_waits_for_their_press(purpose, state):
    app, scene = board(default_seats(2, 1), state=state)
    run_until(app, lambda: scene.roll_call is not None, 5 * SECOND)
    call = scene.roll_call
    assert call.purpose == purpose and call.seat == 0
    assert call.words("xbox") == "Ada: press A to roll!"
    assert call.words("keyboard") == "Ada: press Enter to roll!"
    assert call.words("keyboard", mouse=True) == "Ada: click to roll!"
    step(app, 3 * SECOND)
    assert scene.roll_call is call  # still waiting (and the fade-in is over)
    press(app, "confirm")
    assert scene.roll_call is None
    run_until(app, lambda: any(isinstance(d.value, int) for d in scene.dice), SECOND)


@pytest.mark.parametrize("position", [1, 19], ids=["top row", "bottom row"])
def test_the_roll_prompt_is_never_over_the_rolling_players_pawn(position):
    app, scene = board(default_seats(2, 1), state=scenario(position))
    run_until(app, lambda: scene.roll_call is not None, 5 * SECOND)
    step(app, 1)
    assert not scene.roll_plate_rect().colliderect(scene.pawn_rect(0))


def roll_off_ties(players: int, seed: int) -> int:
    """How many tie rounds the rules' roll-off (S2) has with this seed."""
    state = sm.new_game([f"P{i}" for i in range(players)], seed=seed)
    ties = 0
    while state.phase == ROLL_OFF:
        ties += sum(isinstance(e, ev.RollOffTie) for e in state.apply(state.sample_chance()))
    return ties


def roll_off_seeds() -> list[tuple[int, int, int]]:
    """(players, seed, ties): for 2-4 players, the first seeds with 0, 1, 2 and 3 ties."""
    cases = []
    for players in (2, 3, 4):
        found: dict[int, list[int]] = {}
        for seed in range(300):
            found.setdefault(roll_off_ties(players, seed), []).append(seed)
        cases += [(players, seed, ties) for ties in range(4) for seed in found.get(ties, [])[:3]]
    return cases


@pytest.mark.parametrize(("players", "seed", "ties"), roll_off_seeds())
def test_computers_settle_who_goes_first_within_3_seconds_ties_included(players, seed, ties):
    app, scene = board(default_seats(players, 0), seed=seed)
    frames = run_until(app, lambda: scene.active is not None, 10 * SECOND)
    assert sum("Tie" in text for text, _ in scene.log_panel.entries) == ties
    assert frames <= 3 * SECOND


def test_the_roll_off_has_seeds_with_one_two_and_three_ties():
    assert {ties for _, _, ties in roll_off_seeds()} == {0, 1, 2, 3}


def test_a_tie_rethrows_only_the_tied_dice_and_each_still_tumbles_and_lands():
    players, seed, _ = next(c for c in roll_off_seeds() if c[0] == 4 and c[2] == 1)
    app, scene = board(default_seats(players, 0), seed=seed)
    dice = scene.director.roll_off  # seat -> its die in the current round
    run_until(app, lambda: scene.banner_state is not None
              and scene.banner_state.text.startswith("TIE!"), 5 * SECOND)
    before = dict(dice)
    assert len(before) == 4 and all(die.landed for die in before.values())
    run_until(app, lambda: any(dice.get(k) is not d for k, d in before.items()), SECOND)
    tied = {k for k, d in before.items() if dice.get(k) is not d}
    assert 2 <= len(tied) < 4
    assert all(before[k] in scene.dice for k in before.keys() - tied), "the others stay"
    run_until(app, lambda: all(k in dice for k in tied), SECOND)
    fresh = dice[min(tied)]
    faces, frames = set(), 0
    while not fresh.landed:
        faces.add(id(fresh.face(fresh.t)))
        step(app, 1, draw=False)
        frames += 1
    assert frames >= 10 and len(faces) >= 4, "a re-thrown die still visibly tumbles"
    assert fresh.face(fresh.t) is fresh.face(99.0)  # and lands on its rolled face


def test_the_roll_off_dice_leave_the_board_when_the_first_turn_starts():
    app, scene = board(default_seats(4, 0), seed=1)
    run_until(app, lambda: scene.active is not None, 10 * SECOND)
    roll_off = list(scene.dice)
    assert len(roll_off) == 4  # side by side until the turn starts
    step(app, SECOND // 3)
    assert not any(die in scene.dice for die in roll_off)


# -- 6. pacing ----------------------------------------------------------------------------------

class AtOnce:
    """The Thinker's interface, answering at once: game time, not this machine's load."""

    def __init__(self) -> None:
        self.answer = None

    @property
    def idle(self) -> bool:
        return self.answer is None

    def ask(self, agent, state) -> None:
        self.answer = agent.decide(state.clone(), state.legal_actions())

    def poll(self):
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None


def test_a_four_computer_game_at_normal_speed_takes_at_most_4_minutes(monkeypatch):
    """Seed 8 plays 67 turns, more than most games (1000 simulated: 58 on average)."""
    app, scene = board(default_seats(4, 0), seed=8)
    scene.thinker = AtOnce()
    events, steps = [], []
    original = scene.director.steps_for

    def counted(event):
        made = original(event)
        events.append(event)
        steps.append(sum(s.duration for s in made) > 0 or any(s.until for s in made))
        return made
    monkeypatch.setattr(scene.director, "steps_for", counted)
    frames = run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 5 * 60 * SECOND)
    assert scene.state.turn == 67
    assert frames <= 4 * 60 * SECOND
    assert events and all(steps), "every event is animated, none skipped entirely"


def test_once_every_person_has_finished_the_others_turns_pass_faster():
    app, scene = board(default_seats(3, 1), seed=1)
    step(app, 1)
    normal = scene.speed
    scene.pawns.pawns[0].finished = True
    assert scene.speed == pytest.approx(2 * normal)
    scene.pawns.pawns[0].finished = False
    assert scene.speed == pytest.approx(normal)


def test_the_log_speaks_in_names_one_line_per_thing():
    app, scene = board(default_seats(2, 1), seed=1, autoplay=False)
    step(app, 1)
    before = len(scene.log_panel.entries)
    scene.director.push([ev.Rolled(0, 3, "move"), ev.Moved(0, 2, (3, 4, 5)),
                         ev.PassedPayday(0, 4, 20_000),
                         ev.CashChanged(0, 20_000, 70_000, "passed PAYDAY!"),
                         ev.Landed(0, 5, "payday"),
                         ev.CashChanged(0, 40_000, 110_000, "landed on PAYDAY!"),
                         ev.TurnEnded(0)])
    run_until(app, lambda: scene.director.idle, 20 * SECOND)
    lines = [text for text, _ in scene.log_panel.entries[before:]]
    assert lines == ["Ada rolls 3", "Ada +$20,000 (passed PAYDAY!)", "Ada moves to PAYDAY!",
                     "Ada +$40,000 (landed on PAYDAY!)"]


# -- 3. standings --------------------------------------------------------------------------------

def hud_with(money_cash: list[int], servers: list[int] | None = None):
    app, scene = board(default_seats(len(money_cash), 0), seed=1, autoplay=False)
    step(app, 1)
    hud = scene.hud
    hud.set_turn(0)
    for seat, cash in enumerate(money_cash):
        hud.cash[seat].set(cash)
        hud.servers[seat].set((servers or [2] * len(money_cash))[seat])
    hud.finish()
    return app, scene, hud


def test_no_ranks_while_everyone_is_equal():
    _, _, hud = hud_with([50_000] * 4)
    assert hud.rank_labels() == ["", "", "", ""]


def test_ranks_go_by_net_worth_and_ties_are_shown_as_ties():
    # cash alone would put seat 1 first; its 1 server makes it worth less than seat 0
    _, _, hud = hud_with([60_000, 70_000, 60_000, 10_000], servers=[3, 1, 3, 2])
    assert hud.money() == [120_000, 90_000, 120_000, 50_000]
    assert hud.rank_labels() == ["=1st", "3rd", "=1st", "4th"]


def test_the_finish_flag_never_draws_over_long_names():
    app, scene, hud = hud_with([50_000, 60_000, 70_000, 80_000])
    for seat in range(4):
        hud.finish_place[seat] = seat + 1
    fonts = app.fonts
    for seat in range(4):
        name = hud.name_rect(seat, fonts)
        assert hud.name_of(seat).endswith("(CPU)")
        assert not name.colliderect(hud.flag_rect(seat))
        assert not name.colliderect(hud.badge_rect(seat))
        assert name.h >= 20
    hud.draw(app.display.canvas, fonts, 0.0)  # draws without error at that size


def test_the_hud_shows_net_worth_beside_cash_and_servers():
    app, scene, hud = hud_with([50_000, 70_000], servers=[2, 5])
    assert hud.money() == [90_000, 170_000]


def test_hud_text_keeps_4_5_to_1_contrast_on_every_players_highlighted_row():
    from scenes.engine.palette import CREAM, GOLD, PANEL, STANDARD_PLAYER_COLOURS, WHITE, mix

    for colour in STANDARD_PLAYER_COLOURS.values():
        fill = mix(PANEL, colour, 0.25)  # the row of the player whose turn it is
        for ink in (WHITE, CREAM, GOLD):
            assert contrast(ink, fill) >= 4.5, (colour, ink)


# -- 4. nothing important hidden ----------------------------------------------------------------

@pytest.mark.parametrize("square", [1, 5, 12, 22, 30, 45, 49])
def test_banners_are_never_over_the_pawn_or_square_they_talk_about(square):
    app, scene = board(default_seats(2, 1), seed=1, autoplay=False)
    step(app, 1)
    scene.director.push([ev.Moved(0, 0, tuple(range(1, square + 1))),
                         ev.Landed(0, square, scene.state.board[square].kind)])
    run_until(app, lambda: scene.banner_state is not None or scene.director.idle, 30 * SECOND)
    scene.banner("CEO BONUS! Ada +$150,000", (255, 0, 0), "icon_ceo_bonus", seat=0,
                 square=square)
    rect = scene.banner_rect()
    assert not rect.colliderect(scene.pawn_rect(0))
    assert not rect.colliderect(scene.square_rect(square))
    scene.big_banner("CEO BONUS! Ada +$150,000", (255, 0, 0), "icon_ceo_bonus", seat=0)
    assert not scene.banner_rect().colliderect(scene.pawn_rect(0))


def test_the_camera_never_zooms_in_and_the_bottom_row_stays_in_view():
    app, scene = board(default_seats(2, 0), seed=1)
    zooms = set()
    run_until(app, lambda: scene.state.turn >= 6, 60 * SECOND,
              each=lambda: zooms.add(round(scene.camera.zoom, 4)))
    assert zooms == {round(scene.camera.full_zoom, 4)}
    for square in scene.state.board:
        assert scene.view.contains(scene.square_rect(square.index))


def test_start_and_finish_are_marked_over_the_pawns():
    app, scene = board(default_seats(4, 0), seed=1, autoplay=False)
    step(app, 2 * READY)  # all four pawns stand on START (and the fade-in is over)
    ends = scene.end_rects()
    assert set(ends) == {"START", "FINISH"}
    assert scene.view.contains(ends["START"]) and scene.view.contains(ends["FINISH"])
    assert not ends["FINISH"].colliderect(scene.square_rect(len(scene.state.board) - 1))
    canvas = app.display.canvas
    rect = ends["START"]
    fill = {tuple(canvas.get_at((x, rect.bottom - 5)))[:3]
            for x in range(rect.x + 8, rect.right - 8, 3)}
    assert fill == {MINT}, "no pawn is drawn over the START ribbon"


# -- 2. a board you can read -----------------------------------------------------------------

def contrast(a, b) -> float:
    def lum(c):
        def ch(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b_ = (ch(v) for v in c[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_square_titles_are_at_least_20px_with_4_5_to_1_contrast_on_the_full_board():
    app, scene = board(default_seats(2, 0), seed=1, autoplay=False)
    step(app, 1)
    zoom = scene.camera.full_zoom
    for kind, kind_look in KIND_LOOKS.items():
        assert contrast(TITLE_INK, kind_look.fill) >= 4.5, kind
        if kind_look.label:
            lines = scene.board_view.title_lines(kind, round(60 * zoom), zoom)
            assert all(line.get_height() >= TITLE_PX for line in lines), kind
    assert contrast(NUMBER_INK, KIND_LOOKS["plain"].fill) >= 4.5


def test_arrows_point_along_the_track_from_every_square_to_the_next():
    app, scene = board(default_seats(2, 0), seed=1, autoplay=False)
    step(app, 1)
    view = scene.board_view
    for index in range(len(scene.state.board) - 1):
        tip, *_ = view.arrow_points(index, 1.0)
        a, b = pygame.Vector2(view.center(index)), pygame.Vector2(view.center(index + 1))
        assert pygame.Vector2(tip).distance_to(b) < a.distance_to(b) / 2 + 0.01


def pause_and_choose(app, entry: str) -> PauseMenu:
    """Open the pause menu and activate `entry` with the keyboard; returns the menu."""
    step(app, READY)
    press(app, "pause")
    step(app, 30)
    pause = app.stack.top
    assert isinstance(pause, PauseMenu)
    labels = [label for label, _ in pause.choices]
    for _ in range(labels.index(entry)):
        press(app, "down")
    press(app, "confirm")
    step(app, 30)
    return pause


def test_the_legend_opens_from_pause_and_names_every_square_kind():
    app, scene = board(default_seats(2, 1), seed=1)
    pause = pause_and_choose(app, "Square legend")
    assert isinstance(app.stack.top, LegendScene)
    assert {kind for kind, _ in ENTRIES} == set(KIND_LOOKS)
    step(app, 1)  # it draws
    press(app, "back")
    step(app, 30)
    assert app.stack.top is pause


# -- 5. the bugs ---------------------------------------------------------------------------------

def test_game_over_says_wins_for_one_winner_and_win_for_a_shared_win():
    assert winners_line(["Ada"]) == "Ada wins!"
    assert winners_line(["Ada", "Linus"]) == "Ada & Linus win!"


def test_a_click_makes_the_prompt_bar_show_mouse_prompts():
    mapper = InputMapper()
    assert mapper.last_device != MOUSE
    mapper.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10)))
    assert mapper.last_device == MOUSE
    app, scene = board(default_seats(2, 1), seed=1)
    run_until(app, lambda: scene.roll_call is not None, 5 * SECOND)
    app.input.last_device = MOUSE
    assert scene.prompt_bar() is scene.BAR_MOUSE_ROLL
    app.input.last_device = "keyboard"
    assert scene.prompt_bar() is scene.BAR_ROLL


def test_a_still_stuck_roll_names_the_player():
    app, scene = board(default_seats(2, 1), seed=1, autoplay=False)
    step(app, 1)
    scene.director.push([ev.StuckRoll(0, 4, False)])
    step(app, 2)
    assert scene.banner_state.text == "Ada rolls 4: still STUCK"
    assert scene.log_panel.entries[-1][0] == "Ada rolls 4: still STUCK"


def test_the_ceo_bonus_is_a_big_moment_with_the_name_and_the_amount(monkeypatch):
    app, scene = board(default_seats(2, 1), seed=1, autoplay=False)
    step(app, 1)
    sounds = []
    monkeypatch.setattr(app.audio, "play", sounds.append)
    scene.director.push([ev.PotChanged(0, -150_000, 0, "CEO BONUS"),
                         ev.CashChanged(0, 150_000, 200_000, "CEO BONUS")])
    step(app, 2)
    banner = scene.banner_state
    assert banner.big and "Ada" in banner.text and "$150,000" in banner.text
    assert "jackpot" in sounds
    assert len(scene.effects.particles) >= 50


@pytest.mark.parametrize("event, words", [
    (ev.Finished(0, 1, 10), ("Ada", "1st", "+10 servers")),
    (ev.ServersChanged(0, -3, 3, "CUSTOMER SERVICE: no maintenance, halved"),
     ("Ada", "half", "3 servers")),
])
def test_first_to_finish_and_losing_half_the_servers_are_big_moments(event, words):
    app, scene = board(default_seats(2, 1), seed=1, autoplay=False)
    step(app, 1)
    scene.director.push([event])
    step(app, 2)
    assert scene.banner_state.big
    assert all(w in scene.banner_state.text for w in words)
    assert scene.effects.particles


def test_the_demo_results_screen_says_any_press_goes_to_the_title():
    results = ResultsScene(default_seats(2, 0), [100_000, 90_000], [0], [[90_000, 90_000]],
                           [None, None], demo=True)
    app = new_app(results)
    step(app, READY)
    assert [label for _, label in results.prompts.items] == ["Back to title", "Back to title"]
    press(app, "confirm")
    run_until(app, lambda: isinstance(app.stack.top, TitleScene), 120)


def test_save_and_quit_asks_first_and_no_keeps_the_game():
    app, scene = board(default_seats(2, 1), seed=1)
    pause = pause_and_choose(app, "Save and quit")
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmOverlay)
    assert scene in app.stack.scenes
    press(app, "confirm")  # "Keep playing" is selected first
    step(app, 30)
    assert app.stack.top is pause and scene in app.stack.scenes
    press(app, "confirm")  # Save and quit again (still selected)
    step(app, 30)
    press(app, "down")
    press(app, "confirm")  # "Save and quit"
    run_until(app, lambda: isinstance(app.stack.top, TitleScene), 120)
    assert app.saves.latest().state.to_json() == scene.state.to_json()


@pytest.mark.parametrize("position", [5, 8, 20, 23, 33, 35], ids=lambda p: f"square {p}")
def test_a_decision_prompt_never_covers_the_pawn_or_the_square_it_is_about(position):
    app, scene = board(default_seats(2, 1), state=scenario(position))
    run_until(app, lambda: scene.prompt is not None, 5 * SECOND)
    step(app, 1)
    cs = scene.state.board.cs_ahead[position]
    assert cs >= 0, "a maintenance question"
    assert not scene.prompt.rect.colliderect(scene.pawn_rect(0))
    assert not scene.prompt.rect.colliderect(scene.square_rect(cs))


@pytest.mark.parametrize("square", [2, 8, 28, 40, 45, 17, 20], ids=lambda s: f"square {s}")
def test_a_drawn_card_is_shown_away_from_the_drawers_pawn(square):
    app, scene = board(default_seats(2, 1), seed=1, autoplay=False)
    step(app, 1)
    scene.director.push([ev.Moved(0, 0, tuple(range(1, square + 1))),
                         ev.CardDrawn(0, "churn", 1, "A leap second crashes the cluster.")])
    run_until(app, lambda: scene.card is not None and scene.card.shows_front
              and scene.card.t > 1.0, 30 * SECOND)
    from scenes.table.cards import CARD_SIZE

    card = pygame.Rect((0, 0), CARD_SIZE)
    card.center = (round(scene.card.centre.x), round(scene.card.centre.y))
    assert not card.colliderect(scene.pawn_rect(0))


def test_a_pause_cancels_a_half_held_roll_instead_of_throwing_it_later():
    app, scene = board(default_seats(2, 1), seed=7)
    run_until(app, lambda: scene.roll_call is not None, 5 * SECOND)
    step(app, READY)
    call = scene.roll_call
    app.stack.dispatch(Action("confirm", "pad:0", True))  # held...
    app.stack.dispatch(Action("device_removed", "pad:0"))  # ...and the pad is pulled out
    step(app, 30)
    assert isinstance(app.stack.top, PauseMenu)
    press(app, "confirm")  # Resume
    step(app, 5 * SECOND)
    assert scene.roll_call is call and not call.holding


def test_from_the_lobbys_start_the_die_waits_for_a_person_within_5_seconds():
    """The issue's 'done when': START → "press A to roll" within 5 s → rolls on the press."""
    from scenes.servermania.setup import NewGameScene

    app = new_app(NewGameScene())
    step(app, READY)
    press(app, "confirm")  # join
    for name in ("down", "down", "down", "right", "right", "right"):  # to START
        press(app, name)
    press(app, "confirm")  # START
    frames = run_until(app, lambda: isinstance(app.stack.top, BoardScene)
                       and app.stack.top.roll_call is not None, 10 * SECOND)
    assert frames <= 5 * SECOND
    scene = app.stack.top
    assert scene.is_human(scene.roll_call.seat)
    step(app, READY)
    press(app, "confirm")
    assert scene.roll_call is None and not scene.director.idle  # the die is rolling
