"""Every rules event has an animation that finishes; shown numbers come from the events."""

import typing

import pytest

from game.servermania import events as ev
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.director import Director
from scenes.servermania.seats import default_seats
from tests.scenes_servermania.helpers import new_app, step

SECONDS = 60  # frames per second of animation at speed 1
CARD_TEXT = "A leap second crashes the whole cluster. Lose 3 servers."

SAMPLES = {
    ev.Rolled: [ev.Rolled(0, v, p) for v, p in ((3, "first"), (4, "move"), (2, "techpad"),
                                                 (5, "stuck"))],
    ev.RollOffTie: [ev.RollOffTie((0, 1), 5)],
    ev.FirstPlayer: [ev.FirstPlayer(1, 6)],
    ev.TurnStarted: [ev.TurnStarted(0, 1)],
    ev.MaintenanceChoice: [ev.MaintenanceChoice(0, 11, True, True),
                           ev.MaintenanceChoice(0, 11, False, True),
                           ev.MaintenanceChoice(0, 11, False, False)],
    ev.Moved: [ev.Moved(0, 0, (1, 2, 3, 4, 5, 6))],
    ev.PassedPayday: [ev.PassedPayday(0, 5, 20_000)],
    ev.Landed: [ev.Landed(0, sq, kind) for sq, kind in (
        (1, "plain"), (5, "payday"), (11, "customer_service"), (8, "techpad"),
        (18, "stuck"), (13, "ceo_bonus"), (4, "churn"), (2, "signups"), (49, "finish"),
        (0, "start"))],
    ev.CardDrawn: [ev.CardDrawn(0, "churn", 15, CARD_TEXT),
                   ev.CardDrawn(1, "signups", 4, "Your uptime badge goes viral. Gain 3 servers.")],
    ev.DeckReshuffled: [ev.DeckReshuffled("signups")],
    ev.CashChanged: [ev.CashChanged(0, 20_000, 70_000, "PAYDAY!"),
                     ev.CashChanged(1, -15_000, 35_000, "CHURN! card")],
    ev.ServersChanged: [ev.ServersChanged(0, 3, 5, "TechPad"),
                        ev.ServersChanged(1, -1, 1, "CHURN! card")],
    ev.PotChanged: [ev.PotChanged(1, 15_000, 15_000, "CHURN! card"),
                    ev.PotChanged(0, -15_000, 0, "CEO BONUS")],
    ev.StuckRoll: [ev.StuckRoll(0, 2, True), ev.StuckRoll(0, 5, False)],
    ev.LeftStuck: [ev.LeftStuck(0, "paid"), ev.LeftStuck(0, "rolled")],
    ev.Finished: [ev.Finished(0, 1, 10), ev.Finished(1, 2, 0)],
    ev.TurnEnded: [ev.TurnEnded(0)],
    ev.FinalTally: [ev.FinalTally(0, 100_000, 5, 200_000)],
    ev.GameOver: [ev.GameOver((200_000, 150_000), (0,))],
}
ALL = [e for samples in SAMPLES.values() for e in samples]


@pytest.fixture
def scene():
    board = BoardScene(default_seats(2), seed=1, autoplay=False)
    app = new_app(board)
    step(app, 1)
    board.app_for_tests = app
    return board


def play(scene, events, limit):
    """Frames until the director has played `events` (fails past `limit`)."""
    scene.director.push(events)
    for frame in range(limit):
        if scene.director.idle:
            return frame
        step(scene.app_for_tests, draw=frame % 10 == 0)
    raise AssertionError(f"{events} still playing after {limit} frames")


def test_every_event_kind_of_the_rules_has_a_sample_and_its_own_animation():
    kinds = set(typing.get_args(ev.Event))
    assert kinds == set(SAMPLES), "a new event kind needs an animation (and a sample here)"
    for kind in kinds:
        assert hasattr(Director, f"_{kind.__name__}"), f"no animation for {kind.__name__}"


@pytest.mark.parametrize("event", ALL, ids=lambda e: f"{type(e).__name__}:{e}")
def test_every_event_animation_finishes_within_bounded_frames(scene, event):
    steps = scene.director.steps_for(event)
    assert steps and all(s.label != type(event).__name__ for s in steps)
    lines = len(scene.log_panel.entries)
    frames = play(scene, [event], limit=6 * SECONDS)
    assert frames > 0  # it animates: nothing is instant
    expected = 0 if told_elsewhere(event) else 1
    assert len(scene.log_panel.entries) == lines + expected, \
        "one log line per thing that happened (none for what another event tells)"


def told_elsewhere(event) -> bool:
    """Events whose news another event's line carries: the move (told by where it lands),
    a PAYDAY! passed and a fee (told by the money's line), the TechPad and STUCK rolls
    (told by the servers gained / the STUCK roll), the pot filling, the turn's end, the
    landing on FINISH (told by the finishing place)."""
    return (isinstance(event, ev.Moved | ev.PassedPayday | ev.TurnEnded)
            or isinstance(event, ev.Rolled) and event.purpose in ("techpad", "stuck")
            or isinstance(event, ev.LeftStuck) and event.how == "rolled"
            or isinstance(event, ev.Landed) and event.kind == "finish"
            or isinstance(event, ev.PotChanged) and event.delta > 0
            or isinstance(event, ev.CashChanged) and event.reason == "CEO BONUS")


def test_skip_finishes_a_whole_batch_at_once_and_leaves_the_end_state(scene):
    scene.director.push([ev.Moved(0, 0, (1, 2, 3)), ev.Landed(0, 3, "plain"),
                         ev.CashChanged(0, 10_000, 60_000, "SIGN UPS card"),
                         ev.CardDrawn(0, "churn", 1, CARD_TEXT)])
    step(scene.app_for_tests, 5)
    scene.skip()
    assert scene.director.idle
    assert scene.pawns.pawns[0].square == 3 and not scene.pawns.pawns[0].moving
    assert scene.pawns.pawns[0].pos == scene.pawns.pawns[0].rest  # in its slot, not mid-air
    assert scene.hud.cash[0].shown == 60_000
    assert scene.card is None or scene.card.done


def test_hud_numbers_come_from_the_events_values_after_the_change(scene):
    play(scene, [ev.CashChanged(1, -15_000, 35_000, "CHURN! card"),
                 ev.PotChanged(1, 15_000, 15_000, "CHURN! card"),
                 ev.ServersChanged(1, 3, 5, "TechPad")], 6 * SECONDS)
    step(scene.app_for_tests, 2 * SECONDS)  # the counters finish counting
    assert scene.hud.cash[1].shown == 35_000
    assert scene.hud.pot.shown == 15_000
    assert scene.hud.servers[1].shown == 5


def test_stuck_landing_shackles_the_pawn_and_leaving_frees_it(scene):
    play(scene, [ev.Landed(0, 18, "stuck")], 3 * SECONDS)
    assert scene.pawns.pawns[0].stuck
    play(scene, [ev.LeftStuck(0, "paid")], 3 * SECONDS)
    assert not scene.pawns.pawns[0].stuck


def test_a_move_hops_through_every_square_of_the_path_in_order(scene):
    landed = []
    pawn = scene.pawns.pawns[1]
    scene.director.push([ev.Moved(1, 0, (1, 2, 3, 4))])
    for _ in range(4 * SECONDS):
        if pawn.square not in landed[-1:]:
            landed.append(pawn.square)
        step(scene.app_for_tests, draw=False)
    assert landed == [0, 1, 2, 3, 4]


def test_a_hop_squashes_before_take_off_and_stretches_in_the_air(scene):
    pawn = scene.pawns.pawns[0]
    scene.director.push([ev.Moved(0, 0, (1,))])
    shapes = []
    for _ in range(40):
        step(scene.app_for_tests, draw=False)
        shapes.append((pawn.sy, pawn.height))
    assert min(sy for sy, h in shapes if h == 0) < 0.9  # crouch / landing squash
    assert max(sy for sy, h in shapes if h > 0) > 1.05  # stretch while airborne


def test_board_view_draws_every_square_of_the_tiled_map_where_the_map_puts_it(scene):
    view = scene.board_view
    objects = {int(o.properties["index"]): o for o in
               view.tmx.get_layer_by_name("squares")}
    assert len(objects) == len(scene.state.board)
    for index, obj in objects.items():
        assert view.square_rect(index) == (round(obj.x), round(obj.y), round(obj.width),
                                           round(obj.height))
    assert view.size == (1280, 720)


def test_skip_leaves_pawns_that_share_a_square_in_separate_slots(scene):
    scene.director.push([ev.Moved(0, 0, (1, 2, 3)), ev.Moved(1, 0, (1, 2, 3))])
    step(scene.app_for_tests, 5)
    scene.skip()
    first, second = scene.pawns.pawns[0], scene.pawns.pawns[1]
    assert first.square == second.square == 3
    assert first.pos == first.rest and second.pos == second.rest
    assert first.pos != second.pos


def test_the_chart_point_of_a_turn_counts_servers_still_flying_to_the_hud(scene):
    # A finish bonus: ten server icons fly for about a second, longer than the step lasts.
    play(scene, [ev.ServersChanged(0, 10, 12, "finish bonus"), ev.TurnEnded(0)], 6 * SECONDS)
    assert scene.history[-1][0] == 50_000 + 12 * 20_000


def test_a_counter_holds_its_shown_number_until_the_flyers_land(scene):
    scene.director.push([ev.ServersChanged(1, 10, 12, "finish bonus")])
    step(scene.app_for_tests, 20)  # icons in the air
    assert scene.hud.servers[1].target == 12 and scene.hud.servers[1].shown == 2
    step(scene.app_for_tests, 90)
    assert scene.hud.servers[1].shown == 12
