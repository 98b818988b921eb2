"""A friend who drops out does not stop the table: the TV reads the phones' connects and
disconnects during play, says "Mo's phone is away", hands the seat to the computer after
the setting's timeout, and gives it back when the phone returns; the pause menu hands any
seat to the computer and back (Pause › Seats)."""

from __future__ import annotations

from scenes.app import make_app
from scenes.seating import SeatDevices
from scenes.startupfever.seats import default_seats
from scenes.startupfever.table_scene import TableScene
from scenes.table.phones import PhoneLink
from tests.companion.test_phone_seats import FakeHub
from tests.scenes_servermania.helpers import step


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def phone_table(seats: int = 3, phones=(0, 1), away: int = 60):
    """A Startup Fever table whose seats `phones` are phones on a FakeHub (the last seat a
    computer), headless; the hub's questions are answered by `answer_all`."""
    devices = SeatDevices()
    scene = TableScene(default_seats(seats, humans=seats - 1), seed=4, devices=devices)
    hub = FakeHub()
    scene.phones = PhoneLink(hub, set(phones))
    scene.phones.bind(devices)
    clock = Clock()
    scene.phones.clock = clock
    app = make_app(scene, headless=True, seed=4)
    app.settings.phone_away = away
    return app, scene, hub, clock


class Answerer:
    """Answers the fake hub's open questions of the phones that are here (the last
    option: a pass or a way out; a die is rolled)."""

    def __init__(self, hub: FakeHub) -> None:
        self.hub = hub
        self.done: set[int] = set()
        self.here: set[int] = set()

    def open(self, seat: int) -> list[int]:
        gone = {t for s, t in self.hub.withdrawn if s == seat}
        return [t for s, t, _q in self.hub.asked
                if s == seat and t not in self.done and t not in gone]

    def __call__(self) -> None:
        gone = {t for _s, t in self.hub.withdrawn}
        for seat, ticket, question in self.hub.asked:
            if seat in self.here and ticket not in self.done and ticket not in gone:
                self.done.add(ticket)
                self.hub.inbox.append((seat, ticket, question["options"][-1]["id"]))


def run(app, answer, frames: int, until=lambda: False) -> None:
    for _ in range(frames):
        answer()
        step(app, 1, draw=False)
        if until():
            return


def test_a_phone_gone_mid_decision_is_played_by_the_computer_after_the_timeout_and_back():
    app, scene, hub, clock = phone_table()
    answer = Answerer(hub)
    answer.here = {1}
    hub.happened = [{"kind": "connect", "seat": 0}, {"kind": "connect", "seat": 1}]
    run(app, answer, 400, until=lambda: bool(answer.open(0)))
    asked = answer.open(0)
    assert asked, "seat 0's phone was never asked"
    decisions_before = scene.played
    # the phone closes mid-decision
    hub.happened.append({"kind": "disconnect", "seat": 0})
    toasts = []
    original = app.toasts.show
    app.toasts.show = lambda text, *a, **k: (toasts.append(text), original(text, *a, **k))
    step(app, 3, draw=False)
    assert f"{scene.name(0)}'s phone is away" in toasts
    assert scene.phones.away_for(0) == 0.0
    # the table waits (the setting's time), saying so on the bar when it is seat 0's turn
    clock.now += 30
    run(app, answer, 30)
    assert 0 not in scene.stood_in and scene.played == decisions_before
    if scene.phone_deciding() == 0:
        assert "phone is away · the computer plays in 30 s" in scene._bar().items[0][1]
    clock.now += 31
    run(app, answer, 5)
    assert scene.stood_in == {0: "away"} and not scene.is_human(0)
    assert any(t for s, t in hub.withdrawn if s == 0 and t in asked)  # the question goes
    run(app, answer, 1500, until=lambda: scene.played > decisions_before + 6)
    assert scene.played > decisions_before  # the computer plays seat 0's decisions
    asked_while_away = answer.open(0)
    # the phone comes back: its seat is its own again
    hub.happened.append({"kind": "connect", "seat": 0})
    step(app, 2, draw=False)
    assert scene.stood_in == {} and scene.is_human(0)
    assert f"{scene.name(0)}'s phone is back" in toasts
    assert scene.phones.away_for(0) is None
    answer.here = {0, 1}
    run(app, answer, 3000, until=lambda: len(answer.done & {t for s, t, _q in hub.asked
                                                            if s == 0}) > len(asked))
    mine = [t for s, t, _q in hub.asked if s == 0 and t not in asked_while_away]
    assert len(mine) > len(asked)  # asked on its phone again, and answered there


def test_with_the_setting_at_zero_the_table_waits_for_the_phone():
    app, scene, hub, clock = phone_table(away=0)
    answer = Answerer(hub)
    answer.here = {1}
    run(app, answer, 400, until=lambda: bool(answer.open(0)))
    hub.happened.append({"kind": "disconnect", "seat": 0})
    clock.now += 3600
    run(app, answer, 30)
    assert scene.stood_in == {} and answer.open(0)
    if scene.phone_deciding() == 0:
        assert "Pause › Seats" in scene._bar().items[0][1]


def test_pause_seats_hands_a_seat_to_the_computer_and_back():
    from scenes.seat_hands import SeatsOverlay

    app, scene, hub, clock = phone_table()
    answer = Answerer(hub)
    answer.here = {0, 1}
    run(app, answer, 60)
    scene.open_pause()
    step(app, 20)
    pause = app.stack.top
    labels = [label for label, _ in pause.choices]
    assert "Seats" in labels and pause.menu.buttons[-1].rect.bottom <= 632
    pause.choices[labels.index("Seats")][1]()
    step(app, 10)
    seats = app.stack.top
    assert isinstance(seats, SeatsOverlay)
    assert [label.split(" · ")[0] for label, _ in seats.choices[:3]] == \
        [scene.name(i) for i in range(3)]
    assert seats.choices[3][0] == "Phone away: computer after 60 s"
    seats.choices[3][1]()  # the setting's next choice, saved
    assert app.settings.phone_away == 120 and seats.choices[3][0].endswith("120 s")
    app.settings.phone_away = 60
    seats.choices[1][1]()  # seat 1 (a phone)
    step(app, 10)
    hand = app.stack.top
    labels = [label for label, _ in hand.choices]
    assert labels[:3] == ["Computer: Easy", "Computer: Normal", "Computer: Hard"]
    hand.choices[2][1]()  # Hard
    step(app, 10)
    assert scene.stood_in == {1: "asked"} and scene.agents[1].kind == "hard"
    # a phone that comes back does not take a seat handed over in the pause menu
    hub.happened.append({"kind": "connect", "seat": 1})
    step(app, 2)
    assert scene.stood_in == {1: "asked"}
    # and back to its person from the same menu
    scene.open_pause()
    step(app, 20)
    pause = app.stack.top
    pause.choices[[label for label, _ in pause.choices].index("Seats")][1]()
    step(app, 10)
    seats = app.stack.top
    assert "computer for now" in seats.choices[1][0].lower()
    seats.choices[1][1]()
    step(app, 10)
    hand = app.stack.top
    back = [label for label, _ in hand.choices if label.startswith("Back to")]
    assert back == [f"Back to {scene.name(1)}'s phone"]
    hand.choices[[label for label, _ in hand.choices].index(back[0])][1]()
    step(app, 10)
    assert scene.stood_in == {} and scene.is_human(1)


def test_a_computer_from_the_lobby_is_not_offered_to_hand_over():
    from scenes.seat_hands import SeatsOverlay

    app, scene, hub, clock = phone_table()
    overlay = SeatsOverlay(scene)
    overlay.app = app
    assert overlay.choices[2][0].endswith("Computer (Normal)")
    overlay.choices[2][1]()  # says so, opens nothing
    assert scene.stood_in == {} and app.stack.top is scene
