"""The lobby: the mouse and the keyboard can be two people, every seat
(shared ones too) picks its name, colour and pawn, automatic names and colours never
change once shown, and each computer seat has its own level."""

from __future__ import annotations

from scenes.engine.input import CLICK, MOUSE, Action
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.setup import NewGameScene
from scenes.startupfever.setup import NewGameScene as FeverLobby
from tests.scenes_servermania.helpers import READY, new_app, press, shoot, step


def click(app, pos) -> None:
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=pos))
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=pos))


def lobby_app(scene=None):
    scene = scene or NewGameScene()
    app = new_app(scene)
    step(app, READY)
    return app, scene


def test_keyboard_mouse_and_two_pads_are_four_people_each_with_their_own_card(tmp_path):
    app, lobby = lobby_app()
    press(app, "confirm", "keyboard")  # the keyboard's person
    press(app, "confirm", "pad:0")
    press(app, "confirm", "pad:1")
    click(app, lobby.cards[3].move(0, 100).midtop)  # a 4th person clicks the computer:
    seats = lobby.seats()  # its seat becomes the mouse's own
    assert [s.device for s in seats] == ["keyboard", "pad:0", "pad:1", "mouse"]
    assert len({s.name for s in seats}) == 4 and len({s.colour for s in seats}) == 4
    mouse_card = 3
    before = seats[mouse_card]
    click(app, lobby._row_rect(mouse_card, 1).center)  # the mouse's colour row
    click(app, lobby._row_rect(mouse_card, 2).center)  # its pawn row
    after = lobby.seats()[mouse_card]
    assert after.colour != before.colour and after.token != before.token
    click(app, lobby._row_rect(mouse_card, 0).center)  # its name: the on-screen keyboard
    assert lobby.cursors[MOUSE].editing
    for key in ("Del", "Del", "Del", "Del", "Del", "Z", "OK"):
        click(app, lobby._osk_rects(mouse_card)[_osk(key)].center)
    assert lobby.seats()[mouse_card].name == "Z"
    click(app, lobby._row_rect(0, 1).center)  # the keyboard's card is not the mouse's
    assert lobby.seats()[0].colour == seats[0].colour
    press(app, "down", "keyboard")
    press(app, "right", "keyboard")  # the keyboard's own colour
    assert lobby.seats()[0].colour != seats[0].colour
    step(app, 10)
    shoot(app, "lobby_four_people_with_mouse", tmp_path)
    press(app, "pause", "pad:0")
    step(app, 40)
    board = app.stack.top
    assert isinstance(board, BoardScene)
    assert board.devices.bound == {0: "keyboard", 1: "pad:0", 2: "pad:1", 3: "mouse"}
    assert board.devices.may_answer(3, MOUSE) and not board.devices.may_answer(3, "keyboard")
    assert not board.devices.may_answer(0, MOUSE)


def _osk(key: str) -> int:
    from scenes.lobby import OSK_KEYS

    return OSK_KEYS.index(key)


def test_automatic_names_and_colours_never_change_once_shown():
    """The issue's "Alan in green became Ada in yellow": while others rename, recolour
    and join, every computer keeps the name and colour it was first shown with."""
    app, lobby = lobby_app(FeverLobby())

    def shown() -> list[tuple[str, str]]:
        return [(s.name, s.colour) for s in lobby.others]
    press(app, "confirm", "pad:0")
    press(app, "confirm", "pad:1")
    lobby._footer("computers", +1)
    lobby._footer("computers", +1)
    first = shown()
    assert len(first) == 3
    press(app, "confirm", "pad:0")  # pad 0 renames Ada to "A": "Ada" is free again
    for _ in range(3):
        press(app, "back", "pad:0")
    press(app, "confirm", "pad:0")  # A
    press(app, "pause", "pad:0")
    assert lobby.joined[0].name == "A" and shown() == first
    press(app, "down", "pad:1")
    for _ in range(4):
        press(app, "right", "pad:1")  # pad 1 tries every free colour
        assert shown() == first
    press(app, "confirm", "pad:2")  # a third person takes the first computer's card
    assert lobby.joined[2].name == first[0][0] and shown()[:2] == first[1:]
    press(app, "back", "pad:1")
    press(app, "back", "pad:1")  # Linus leaves: the computers stay who they were
    assert shown()[:2] == first[1:]


def test_a_shared_seat_picks_its_name_colour_and_logo_and_each_computer_its_level(tmp_path):
    app, lobby = lobby_app(FeverLobby())
    press(app, "confirm", "pad:0")
    lobby._footer("shared", +1)
    lobby._footer("computers", +1)  # two computers
    seats = lobby.seats()
    assert [(s.human, s.device) for s in seats] == \
        [(True, "pad:0"), (True, None), (False, None), (False, None)]
    press(app, "rshoulder", "pad:0")  # visit the shared seat's card
    press(app, "confirm", "pad:0")  # its name on the on-screen keyboard
    for _ in range(6):
        press(app, "back", "pad:0")
    press(app, "right", "pad:0")  # B
    press(app, "confirm", "pad:0")
    press(app, "pause", "pad:0")
    press(app, "down", "pad:0")
    press(app, "right", "pad:0")  # its colour
    press(app, "down", "pad:0")
    press(app, "right", "pad:0")  # its logo
    shared = lobby.seats()[1]
    assert shared.name == "B" and shared.colour != seats[1].colour
    assert shared.token != seats[1].token and lobby.joined[0] == seats[0]
    press(app, "rshoulder", "pad:0")
    press(app, "rshoulder", "pad:0")  # the second computer's card: its level row
    assert lobby.rows_of(3)[0] == "level"
    press(app, "right", "pad:0")
    press(app, "right", "pad:0")  # easy (a first game's default) -> normal -> hard
    press(app, "back", "pad:0")  # back to its own card (still seated)
    assert lobby.cursors["pad:0"].other is None and lobby.joined
    click(app, lobby._row_rect(2, 0).center)  # the mouse: the first computer's level
    assert [s.level for s in lobby.seats()[2:]] == ["normal", "hard"]
    press(app, "rshoulder", "pad:0")  # pad 0 visits the shared card again, for the picture
    step(app, 10)
    shoot(app, "lobby_shared_and_computer_levels", tmp_path)
    press(app, "back", "pad:0")
    started = []
    lobby.config = lobby.config.__class__(**{**lobby.config.__dict__,
                                             "start": lambda a, s, o, hub: started.append(s)})
    press(app, "pause", "pad:0")
    [seats] = started
    assert [(s.name, s.human, s.level) for s in seats][1:] == \
        [("B", True, "easy"), (seats[2].name, False, "normal"),
         (seats[3].name, False, "hard")]
