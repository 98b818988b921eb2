"""New SERVERMANIA game: the join-in lobby with 2-4 seats and a pawn per player.

`NewGameScene` keeps the import path the title menu names (scenes.servermania.setup).
Each seat picks a colour and a pawn shape; a device that joins is bound to its seat for
the whole game (see scenes/seating.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes.engine.theme import THEME
from scenes.lobby import LobbyConfig, LobbyScene, LobbySeat
from scenes.seating import SeatDevices
from scenes.servermania.seats import MAX_SEATS, MIN_SEATS, NAMES, Seat
from scenes.table import look
from scenes.table.phones import seat_phones

if TYPE_CHECKING:
    from scenes.engine.scene import Host


def _portrait(colour: str, token: str, height: int) -> pygame.Surface:
    w, h = look.pawn(colour, token).get_size()
    return look.pawn_scaled(colour, round(w * height / h), height, token)


def start_game(app: Host, seats: list[LobbySeat], options: dict[str, str],
               hub: Any = None) -> None:
    """The lobby's seats become the board's seats; joined devices stay bound to them."""
    table = [Seat(s.name, s.colour, s.human, s.level, s.token) for s in seats]
    phones, bound = seat_phones(hub, seats)
    devices = SeatDevices(bound)
    scene = app.screens.make("servermania", table, devices=devices)
    if phones is not None:  # phone seats: their decisions and hands are on the phones
        phones.bind(devices)
        scene.phones = phones
    app.stack.replace(scene)


LOBBY = LobbyConfig(
    game="servermania", title="SERVERMANIA", min_seats=MIN_SEATS, max_seats=MAX_SEATS,
    colours=look.COLOURS, rgb=THEME.player_rgb, names=NAMES,
    tokens=look.SHAPES, token_label="Pawn", portrait=_portrait, start=start_game,
    default_token=look.shape_of)


class NewGameScene(LobbyScene):
    """The title's SERVERMANIA entry."""

    def __init__(self) -> None:
        super().__init__(LOBBY)

