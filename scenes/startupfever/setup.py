"""New Startup Fever game: the join-in lobby with 2-6 companies and a logo per company.

`NewGameScene` keeps the import path the title menu names (scenes.startupfever.setup).
Each person joins with their own device and picks a name, a colour and a logo (the round
badge the company panels show, its shape readable without colour); empty seats become
computer companies of the chosen level, or shared pass-and-play seats. The players also
agree on 0-2 extra years (rulebook option, RULES.md F12). A device that joins is bound to
its company for the whole game (see scenes/seating.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.startupfever.levels import LEVEL_NOTES
from scenes.engine.theme import THEME
from scenes.lobby import LobbyConfig, LobbyOption, LobbyScene, LobbySeat
from scenes.seating import SeatDevices
from scenes.startupfever import look
from scenes.startupfever.seats import MAX_EXTRA_YEARS, MAX_SEATS, MIN_SEATS, Seat
from scenes.table.look import SHAPES
from scenes.table.phones import seat_phones
from scenes.table.seats import NAMES

if TYPE_CHECKING:
    from scenes.engine.scene import Host

EXTRA_YEARS = LobbyOption("extra_years", "Extra years",
                          tuple(str(n) for n in range(MAX_EXTRA_YEARS + 1)))


def _portrait(colour: str, token: str, height: int) -> pygame.Surface:
    """The company's logo: its colour's badge with the chosen shape, as the panels show."""
    return look.marker(colour, height, token)


def start_game(app: Host, seats: list[LobbySeat], options: dict[str, str],
               hub: Any = None) -> None:
    """The lobby's seats become the companies; joined devices stay bound to them."""
    table = [Seat(s.name, s.colour, s.human, s.level, s.token) for s in seats]
    phones, bound = seat_phones(hub, seats)
    devices = SeatDevices(bound)
    scene = app.screens.make("startupfever", table,
                             extra_years=int(options[EXTRA_YEARS.key]), devices=devices)
    if phones is not None:  # phone seats: their decisions and hands are on the phones
        phones.bind(devices)
        scene.phones = phones
    app.stack.replace(scene)


def phones_hint(people: int, phones: bool) -> str:
    """Two or more people on one screen: phones keep each hand private and spare the TV
    its card pauses (said once, under the footer)."""
    if people < 2 or phones:
        return ""
    return ("Two or more people: phones keep your cards private and the game quicker "
            "(Settings: Phones)")


LOBBY = LobbyConfig(
    game="startupfever", title="STARTUP FEVER", min_seats=MIN_SEATS, max_seats=MAX_SEATS,
    colours=look.COLOURS, rgb=THEME.player_rgb, names=NAMES,
    tokens=SHAPES, token_label="Logo", portrait=_portrait, start=start_game,
    default_token=look.shape_of, options=(EXTRA_YEARS,), first_level="easy",
    level_notes=LEVEL_NOTES, hint=phones_hint)


class NewGameScene(LobbyScene):
    """The title's Startup Fever entry (`level`: the computers' level to start with)."""

    def __init__(self, level: str | None = None) -> None:
        super().__init__(LOBBY, level)
