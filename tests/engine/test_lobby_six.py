"""The lobby is generic: a six-seat table (Startup Fever's size) lays out and plays the same."""

from __future__ import annotations

import pygame

from scenes.engine.palette import SEATS
from scenes.lobby import OSK_KEYS, LobbyConfig, LobbyOption, LobbyScene, LobbySeat
from tests.scenes_servermania.helpers import READY, assert_not_blank, new_app, press, shoot, step

COLOURS = ("pink", "sky", "gold", "mint", "orange", "violet")
started: list[tuple[list[LobbySeat], dict[str, str]]] = []


def logo(colour: str, token: str, height: int) -> pygame.Surface:
    """A plain round logo: enough to lay the cards out."""
    image = pygame.Surface((height, height), pygame.SRCALPHA)
    pygame.draw.circle(image, SEATS[COLOURS.index(colour)], (height // 2, height // 2),
                       height // 2)
    return image


SIX = LobbyConfig(game="startupfever", title="Startup Fever", min_seats=2, max_seats=6,
                  colours=COLOURS, rgb=lambda c: SEATS[COLOURS.index(c)],
                  names=("Ada", "Linus", "Grace", "Alan", "Radia", "Ken", "Hedy"),
                  tokens=("rocket", "cloud", "bolt"), token_label="Logo", portrait=logo,
                  start=lambda app, seats, options, hub: started.append((seats, options)),
                  default_token=lambda colour: "rocket",
                  options=(LobbyOption("extra_years", "Extra years", ("0", "1", "2")),))


def test_six_pads_join_a_six_seat_table_and_start_it(tmp_path):
    lobby = LobbyScene(SIX)
    app = new_app(lobby)
    step(app, READY)
    for pad in range(7):  # the seventh finds the table full
        press(app, "confirm", f"pad:{pad}")
    assert [s.device for s in lobby.seats()] == [f"pad:{i}" for i in range(6)]
    press(app, "down", "pad:5")
    press(app, "down", "pad:5")
    press(app, "right", "pad:5")  # logo
    press(app, "confirm", "pad:4")  # Radia edits her name
    step(app, 10)
    assert_not_blank(shoot(app, "couch_lobby_6_seats", tmp_path))
    cards = lobby.cards
    assert all(a.right < b.left for a, b in zip(cards, cards[1:], strict=False))
    keys = lobby._osk_rects(4)
    assert len(keys) == len(OSK_KEYS) and all(cards[4].contains(k) for k in keys)
    for name in ("down", "down", "down", "right", "right", "right", "confirm"):
        press(app, name, "pad:0")  # footer: Computers, Level, Shared, Extra years: 0 -> 1
    assert lobby.options == {"extra_years": "1"}
    assert all(lobby.footer[k].right < lobby.footer[k + 1].left for k in range(4))
    press(app, "pause", "pad:0")
    [(seats, options)] = started
    assert len(seats) == 6 and seats[5].token == "cloud" and options == {"extra_years": "1"}


def test_a_game_without_tokens_has_no_token_row():
    from dataclasses import replace

    lobby = LobbyScene(replace(SIX, tokens=()))
    app = new_app(lobby)
    step(app, READY)
    press(app, "confirm", "pad:0")
    press(app, "down", "pad:0")  # colour
    press(app, "down", "pad:0")  # straight into the footer: Computers
    assert lobby.cursors["pad:0"].row == len(lobby.rows) == 2
    press(app, "confirm", "pad:0")
    assert lobby.computers == 2
