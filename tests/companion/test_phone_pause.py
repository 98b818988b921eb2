"""The pause menu of a game with phone seats offers "Phone codes": each phone seat's QR
code (its hub slot's join link), to reopen a lost page or move the seat to another phone.
A game without phones has no such entry."""

from __future__ import annotations

from scenes.app import SCREENS, make_app
from scenes.engine.screens import Screens
from scenes.phone_game import PhoneGame
from scenes.phone_join import PhoneJoinOverlay
from tests.scenes_servermania.helpers import step
from tests.scenes_startupfever.helpers import computers, table


def test_pause_offers_each_phone_seats_code_and_stays_up():
    game = PhoneGame(Screens(SCREENS), "startupfever",
                     ["phone", "normal", "keyboard", "phone"], "127.0.0.1", 0, seed=3)
    game.start(lambda line: None)
    try:
        app = make_app(game.scene, headless=True, seed=3)
        step(app, 30)
        game.scene.open_pause()
        step(app, 20)
        pause = app.stack.top
        labels = [label for label, _ in pause.choices]
        assert labels[-3:] == ["Phone codes", "Seats", "Save and quit"]
        assert pause.menu.buttons[-1].rect.bottom <= 632  # above the prompt bar
        pause.choices[labels.index("Phone codes")][1]()
        step(app, 20)
        codes = app.stack.top
        assert isinstance(codes, PhoneJoinOverlay) and codes.stay
        assert [seat for seat, _name, _colour in codes.seats] == [0, 3]
        assert [name for _seat, name, _colour in codes.seats] == \
            [game.scene.name(0), game.scene.name(3)]
        step(app, 20)
        assert app.stack.top is codes  # no phone is connected, and it stays up anyway
    finally:
        game.finish()


def test_a_game_without_phones_has_no_phone_codes():
    app, scene = table(computers(3))
    scene.open_pause()
    step(app, 20)
    labels = [label for label, _ in app.stack.top.choices]
    assert labels[-1] == "Save and quit" and "Phone codes" not in labels


def test_the_bar_names_the_phone_that_decides_but_never_in_a_card_window():
    """Whose decision is open on a phone shows on the TV ("Ada answers on the phone"),
    as a pad's seat is named; in a card window or a Defense nothing says who decides (F11:
    it would tell who holds a card), so the bar is the one nobody's decision shows."""
    from game import startupfever as sf
    from scenes.seating import SeatDevices
    from scenes.startupfever.seats import default_seats
    from scenes.startupfever.table_scene import TableScene
    from scenes.table.phones import PhoneLink
    from tests.companion.test_phone_seats import FakeHub

    devices = SeatDevices()
    scene = TableScene(default_seats(3, humans=3), seed=1, devices=devices)
    scene.phones = PhoneLink(FakeHub(), {0})
    scene.phones.bind(devices)
    make_app(scene, headless=True, seed=1)
    quiet = scene._bar()
    source = scene.phones.source("startupfever")
    state = scene.state
    source.begin(0, state, state.legal_actions())
    assert state.stage not in ("window", "defense")
    assert scene._bar().items[0] == ("Phone", f"{scene.name(0)} answers on the phone")
    for stage in (sf.Stage.WINDOW, sf.Stage.DEFENSE):
        state.stage = stage  # the same open phone question, now in a card window
        assert scene.phone_deciding() is None and scene._bar() == quiet
    state.stage = sf.Stage.CHIPS
    source.cancel()
    assert scene.phone_deciding() is None and scene._bar() == quiet
