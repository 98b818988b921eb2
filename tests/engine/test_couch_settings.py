"""Settings for couch play: volumes, text size, the colour-blind palette and remapped keys."""

from __future__ import annotations

import json

import pygame
import pytest

from scenes.engine.audio import DUCK_LEVEL, Audio
from scenes.engine.colourblind import VISIONS, closest_pair, simulate
from scenes.engine.input import KEY, KEYBOARD, InputMapper
from scenes.engine.palette import SAFE_PLAYER_COLOURS
from scenes.engine.settings import Settings, default_keys
from scenes.table import look


def test_settings_round_trip_with_remapped_keys_text_size_palette_and_volumes(tmp_path):
    path = tmp_path / "settings.json"
    settings = Settings(path=path)
    settings.music_volume, settings.volume = 0.3, 0.9
    settings.text_size, settings.palette = 150, "safe"
    assert settings.bind_key("confirm", pygame.K_j) != ""  # full: asks
    assert settings.bind_key("confirm", pygame.K_j, replacing=pygame.K_SPACE) == ""
    assert settings.bind_key("pause", pygame.K_w) == ""  # w leaves "up", which keeps K_UP
    settings.save()
    loaded = Settings.load(path)
    assert loaded.as_dict() == settings.as_dict()
    assert loaded.keys["confirm"][0] == pygame.K_j and pygame.K_w not in loaded.keys["up"]
    assert loaded.keymap()[pygame.K_w] == "pause"
    assert (loaded.text_size, loaded.palette, loaded.music_volume) == (150, "safe", 0.3)


def test_a_key_never_leaves_an_action_without_keys():
    settings = Settings()
    settings.keys["y"] = [pygame.K_c]
    assert "only key" in settings.bind_key("confirm", pygame.K_c)
    assert settings.keys["y"] == [pygame.K_c]


@pytest.mark.parametrize("keys", [
    {"confirm": [13]},  # actions missing
    {**default_keys(), "confirm": []},  # an action without keys
    {**default_keys(), "confirm": [-5]},  # not a key
    {**default_keys(), "confirm": [pygame.K_UP]},  # a key used twice
    {**default_keys(), "confirm": ["return"]},
])
def test_broken_key_tables_fall_back_to_the_default_keys(tmp_path, keys, capsys):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keys": keys, "text_size": 175}))
    loaded = Settings.load(path)
    assert loaded.keys == default_keys() and loaded.text_size == 100
    assert "keys" in capsys.readouterr().err


def test_remapped_keys_drive_the_input_layer_and_capture_reports_any_key():
    settings = Settings()
    settings.bind_key("confirm", pygame.K_j, replacing=pygame.K_SPACE)
    mapper = InputMapper()
    mapper.keymap = settings.keymap()
    [action] = mapper.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0))
    assert (action.name, action.key) == ("confirm", pygame.K_j)
    mapper.capture = True
    [action] = mapper.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0))
    assert (action.name, action.device, action.key) == (KEY, KEYBOARD, pygame.K_F5)
    assert not mapper.capture


def test_the_safe_palette_stays_apart_under_every_colour_blindness_simulation():
    safe = list(SAFE_PLAYER_COLOURS.values())
    standard = list(look.STANDARD_RGB.values())
    for vision in VISIONS:
        assert closest_pair(safe, vision) >= 25, vision  # ΔE: far apart, not just "different"
    assert closest_pair(standard, "deuteranopia") < 20  # why the safe palette exists


def test_the_simulation_matches_known_values():
    assert simulate((255, 255, 255), "protanopia") == (255, 255, 255)  # white stays white
    red_as_protan = simulate((255, 0, 0), "protanopia")
    assert red_as_protan[0] < 150 and abs(red_as_protan[0] - red_as_protan[1]) < 40


def test_the_safe_palette_repaints_pawns_and_markers():
    from scenes.engine.theme import THEME

    pygame.display.set_mode((10, 10))
    try:
        THEME.configure(palette="safe")
        assert THEME.player_rgb("blue") == SAFE_PLAYER_COLOURS["blue"]
        body = look.pawn("blue")
        colours = {tuple(body.get_at((x, y)))[:3] for x in range(body.get_width())
                   for y in range(body.get_height())}
        assert SAFE_PLAYER_COLOURS["blue"] in colours
        assert look.STANDARD_RGB["blue"] not in colours
    finally:
        THEME.configure(palette="standard")
    assert THEME.player_rgb("blue") == look.STANDARD_RGB["blue"]


def test_music_ducks_under_a_big_moment_and_comes_back():
    audio = Audio(enabled=False, music_volume=0.5)
    audio.play("fanfare")
    assert audio.music_level == pytest.approx(0.5 * DUCK_LEVEL)
    for _ in range(60 * 4):
        audio.update(1 / 60)
    assert audio.music_level == pytest.approx(0.5)
    audio.duck(0.5)
    audio.play("click")  # a small sound does not duck
    audio.update(1 / 60)
    assert audio.music_level < 0.5


def test_the_controls_screen_remaps_a_key_and_the_game_then_answers_to_it(tmp_path):
    from scenes.app import make_app
    from scenes.controls import ROWS, ControlsScene

    settings = Settings(path=tmp_path / "settings.json")
    app = make_app(ControlsScene(), headless=True, settings=settings)
    for _ in range(20):
        app.step()
    screen = app.stack.top
    screen.selected = ROWS.index("confirm")
    app._on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert screen.waiting and app.input.capture
    app._on_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
    app._on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0))
    assert screen.full == ("confirm", pygame.K_j)  # three keys already: which one goes?
    for code in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN):  # Space goes
        app._on_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
        app._on_event(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
    assert settings.keys["confirm"] == [pygame.K_j, pygame.K_RETURN, pygame.K_KP_ENTER]
    assert not screen.waiting and screen.full is None
    assert app.input.keymap[pygame.K_j] == "confirm"
    app._on_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_j, mod=0))
    app._on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))  # back
    for _ in range(30):
        app.step()
    assert Settings.load(settings.path).keys["confirm"][0] == pygame.K_j  # saved on leaving
