"""Settings file, sound layer, letterboxing, glyphs and widgets."""

import json
import wave

import pygame
import pytest

from scenes.app import make_app
from scenes.engine.audio import Audio
from scenes.engine.display import CANVAS_SIZE, Display, letterbox
from scenes.engine.fonts import Fonts
from scenes.engine.glyphs import glyph
from scenes.engine.input import Action
from scenes.engine.palette import PS_CROSS, XBOX_A
from scenes.engine.settings import Settings
from scenes.engine.widgets import Button, Menu, PromptBar, Toasts
from scenes.settings import SettingsScene

# settings


def test_settings_round_trip_through_the_file(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    Settings(volume=0.3, anim_speed=1.5, fullscreen=True, path=path).save()
    loaded = Settings.load(path)
    assert (loaded.volume, loaded.anim_speed, loaded.fullscreen) == (0.3, 1.5, True)


def test_corrupt_settings_file_gives_defaults_and_a_message(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    assert Settings.load(path).as_dict() == Settings().as_dict()
    assert "unreadable" in capsys.readouterr().err


def test_out_of_range_settings_values_are_replaced_by_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 7, "anim_speed": 99, "fullscreen": "yes"}))
    loaded = Settings.load(path)
    assert (loaded.volume, loaded.anim_speed, loaded.fullscreen) == (0.8, 1.0, False)


def test_settings_screen_changes_volume_and_saves_on_back(tmp_path):
    path = tmp_path / "settings.json"
    app = make_app(SettingsScene(), headless=True, frames=60,
                   settings=Settings(volume=0.5, path=path),
                   script=[(19, Action("down")),  # Music volume, then Effects volume
                           (20, Action("right")), (21, Action("right")), (25, Action("back"))])
    app.run()
    assert app.audio.volume == 0.7
    assert json.loads(path.read_text())["volume"] == 0.7


def test_settings_screen_animation_speed_reaches_the_fades():
    app = make_app(SettingsScene(), headless=True, frames=40,
                   script=[(19, Action("down")), (20, Action("down")), (21, Action("right"))])
    app.run()
    assert app.settings.anim_speed == 1.5 and app.stack.speed == 1.5


def test_settings_screen_switches_startupfever_card_questions_and_saves_it(tmp_path):
    """F13's neutral card beat is the default; the faster, leakier choice is one row."""
    from scenes.settings import ROWS

    path = tmp_path / "settings.json"
    downs = [(19 + i, Action("down")) for i in range(ROWS.index("Card questions"))]
    app = make_app(SettingsScene(), headless=True, frames=60, settings=Settings(path=path),
                   script=[*downs, (30, Action("right")), (35, Action("back"))])
    assert not app.settings.ask_only_when_playable
    app.run()
    assert app.settings.ask_only_when_playable
    assert json.loads(path.read_text())["ask_only_when_playable"] is True


# sound


def test_missing_sound_is_silent(tmp_path):
    audio = Audio(folder=tmp_path)
    if not audio.enabled:
        pytest.skip("no audio mixer on this machine: play() returns before looking")
    pygame.mixer.stop()  # sounds of earlier tests may still be playing
    audio.play("no_such_sound")  # no exception, and nothing is playing
    assert audio._sounds == {"no_such_sound": None}
    assert not pygame.mixer.get_busy()


def test_sound_without_a_device_is_a_no_op(monkeypatch):
    def no_sound_may_be_made(*args, **kwargs):
        raise AssertionError("a sound was loaded without an audio device")

    monkeypatch.setattr(pygame.mixer, "Sound", no_sound_may_be_made)
    audio = Audio(enabled=False)
    audio.play("click")
    assert not audio.enabled and audio._sounds == {}


def test_an_existing_wav_is_loaded_and_played(tmp_path):
    with wave.open(str(tmp_path / "click.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        w.writeframes(b"\x00\x10" * 2205)
    audio = Audio(folder=tmp_path)
    if not audio.enabled:
        pytest.skip("no audio mixer on this machine: nothing is loaded")
    audio.play("click")
    assert audio._sounds.get("click") is not None


def test_a_broken_wav_is_silent(tmp_path):
    (tmp_path / "hop.wav").write_bytes(b"not a wav")
    Audio(folder=tmp_path).play("hop")


# display


def test_letterbox_fills_a_16_9_window_exactly():
    assert letterbox((1920, 1080)) == pygame.Rect(0, 0, 1920, 1080)


def test_letterbox_puts_bars_above_and_below_in_a_square_window():
    assert letterbox((1000, 1000)) == pygame.Rect(0, 219, 1000, 562)


def test_letterbox_puts_bars_left_and_right_in_a_wide_window():
    assert letterbox((2000, 720)) == pygame.Rect(360, 0, 1280, 720)


def test_headless_display_is_the_logical_canvas_and_rejects_outside_points():
    display = Display(headless=True)
    assert display.canvas.get_size() == CANVAS_SIZE
    assert display.to_canvas((100, 200)) == (100, 200)
    assert display.to_canvas((1300, 10)) is None


def test_fallback_window_maps_mouse_through_the_letterbox():
    display = Display(headless=True)
    display.canvas = pygame.Surface(CANVAS_SIZE)  # as in the self-scaling fallback
    display.window = pygame.Surface((1000, 1000))
    assert display.to_canvas((500, 500)) == (640, 360)
    assert display.to_canvas((500, 100)) is None  # on the top bar


# glyphs and widgets


def test_every_action_has_a_glyph_in_every_style():
    fonts = Fonts()
    names = ("up", "down", "left", "right", "confirm", "back", "pause", "x", "y",
             "lshoulder", "rshoulder", "updown", "leftright", "dpad")
    for style in ("keyboard", "xbox", "playstation"):
        for name in names:
            surface = glyph(fonts, name, style)
            assert surface.get_height() >= 40 and surface.get_width() >= 40


def colour_near(surface, colour, tolerance=10):
    """Whether any pixel of `surface` is within `tolerance` of `colour`."""
    for x in range(surface.get_width()):
        for y in range(surface.get_height()):
            pixel = surface.get_at((x, y))
            if max(abs(pixel[i] - colour[i]) for i in range(3)) <= tolerance:
                return True
    return False


def test_prompt_glyphs_follow_the_device_style():
    fonts = Fonts()
    assert colour_near(glyph(fonts, "confirm", "xbox"), XBOX_A)
    assert colour_near(glyph(fonts, "confirm", "playstation"), PS_CROSS)
    assert not colour_near(glyph(fonts, "confirm", "keyboard"), XBOX_A)


def test_prompt_bar_draws_differently_for_keyboard_and_pad():
    fonts = Fonts()
    bar = PromptBar([("confirm", "Select"), ("back", "Back")])
    shots = []
    for style in ("keyboard", "xbox"):
        canvas = pygame.Surface(CANVAS_SIZE)
        bar.draw(canvas, fonts, style)
        shots.append(pygame.image.tobytes(canvas, "RGB"))
    assert shots[0] != shots[1]


def test_menu_wraps_around_and_reports_disabled_entries():
    buttons = [Button(n, pygame.Rect(0, i * 70, 300, 60), enabled=n != "B")
               for i, n in enumerate("ABC")]
    menu = Menu(buttons)
    assert menu.handle(Action("up")) == ("move", 2)
    assert menu.handle(Action("up")) == ("move", 1)
    assert menu.handle(Action("confirm")) == ("blocked", 1)
    assert menu.handle(Action("down")) == ("move", 2)
    assert menu.handle(Action("confirm")) == ("activate", 2)
    assert menu.handle(Action("confirm", pressed=False)) is None


def test_menu_follows_the_mouse_pointer():
    menu = Menu([Button(n, pygame.Rect(0, i * 70, 300, 60)) for i, n in enumerate("AB")])
    assert menu.handle(Action("point", "mouse", pos=(10, 80))) == ("move", 1)
    assert menu.handle(Action("click", "mouse", pos=(10, 10))) == ("activate", 0)
    assert menu.handle(Action("click", "mouse", pos=(900, 900))) is None


def test_toasts_leave_by_themselves():
    toasts = Toasts()
    toasts.show("Controller connected")
    for _ in range(round(Toasts.LIFETIME * 60) + 1):
        toasts.update(1 / 60)
    assert toasts.items == []
