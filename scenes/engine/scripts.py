"""Text in every script a name may use on the TV: the game's own typefaces first, then
Noto for the letters they lack (Greek, Cyrillic, more Latin), Arabic and Hebrew shaped
right to left, and colour emoji from the computer's own emoji font when it has one.

    render(font, "Mo مريم 👨‍👩‍👧", colour)   # what `draw` renders any non-ASCII text with
    cannot_draw("名前")   # "The TV has no letters for 名: ..." (the lobby's and phones' check)

A line is cut into runs of characters (grapheme clusters) one font can draw; a run of
Arabic or Hebrew is shaped right to left (HarfBuzz, through SDL_ttf) and stays one run
across its spaces, so a name reads right to left inside the game's left-to-right lines.
Emoji come from a bitmap font drawn large and scaled to the line. Which characters each
font has is read once with `pygame.freetype` (its metrics say None for a missing glyph)
and kept as frozensets: `cannot_draw` reads only those, so the phone server's thread may
call it.
"""

from __future__ import annotations

import io
import unicodedata
import weakref
from pathlib import Path

import pygame
import pygame.freetype

from game.names import JOINERS, graphemes
from scenes.engine.paths import FONTS

#: The fallbacks, in order: (file, HarfBuzz script or None, right to left).
FALLBACKS = (
    (FONTS / "NotoSans-Bold.ttf", None, False),
    (FONTS / "NotoSansArabic-Bold.ttf", "Arab", True),
    (FONTS / "NotoSansHebrew-Bold.ttf", "Hebr", True),
)
#: Where computers keep a colour emoji font (not shipped: about 10 MB).
EMOJI_FONTS = (
    Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),  # Debian, Ubuntu
    Path("/usr/share/fonts/noto/NotoColorEmoji.ttf"),  # Arch
    Path("/usr/share/fonts/google-noto-color-emoji-fonts/NotoColorEmoji.ttf"),  # Fedora
    Path("C:/Windows/Fonts/seguiemj.ttf"),  # Windows
)
#: The code points whose glyphs are looked up: every script a name is likely to use that
#: these fonts could have, the presentation forms and the emoji blocks.
RANGES = ((0x20, 0x3400), (0xFB00, 0xFF00), (0x1F000, 0x1FB00))
#: Marks that ride on a character and need no glyph of their own to be drawn.
SILENT = JOINERS | {chr(c) for c in range(0xFE00, 0xFE10)}  # + variation selectors
_EMOJI_STRIKE = 109  # the pixel size of Noto Color Emoji's bitmaps

_coverage: dict[str, frozenset[str]] = {}  # font file -> the characters it has
_paths: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # font -> its file
_fonts: dict[tuple[str, int], pygame.font.Font] = {}  # (file, px) -> fallback font
_bytes: dict[str, bytes] = {}  # fallback file -> its bytes (a new size opens no file)
_emoji: list[Path | None] = []  # [the emoji font found, or None], once looked for


def register(font: pygame.font.Font, path: Path | None) -> None:
    """Say which file `font` was opened from (`Fonts.get` does), for its coverage."""
    _paths[font] = None if path is None else str(path)


def emoji_font() -> Path | None:
    """This computer's colour emoji font, or None."""
    if not _emoji:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        found = None
        for path in EMOJI_FONTS:
            try:
                if path.is_file():
                    pygame.freetype.Font(str(path), size=_EMOJI_STRIKE)
                    found = path
                    break
            except (OSError, pygame.error, ValueError, RuntimeError):
                continue
        _emoji.append(found)
    return _emoji[0]


def coverage(path: str) -> frozenset[str]:
    """The characters the font file `path` has a glyph for (within `RANGES`)."""
    have = _coverage.get(path)
    if have is None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        chars = "".join(chr(c) for a, b in RANGES for c in range(a, b))
        try:
            size = _EMOJI_STRIKE if path == str(emoji_font()) else 16
            data = _bytes.get(path)
            if data is None:
                data = _bytes[path] = Path(path).read_bytes()
            metrics = pygame.freetype.Font(io.BytesIO(data), size=size).get_metrics(chars)
        except (OSError, pygame.error, ValueError):
            return frozenset()  # not readable now: asked again next time
        have = frozenset(ch for ch, m in zip(chars, metrics, strict=True) if m is not None)
        _coverage[path] = have
    return have


def stack() -> list[tuple[str, str | None, bool]]:
    """The fallback fonts there are: (file, script, right to left), the emoji font last."""
    fonts = [(str(p), script, rtl) for p, script, rtl in FALLBACKS if p.is_file()]
    emoji = emoji_font()
    if emoji is not None:
        fonts.append((str(emoji), None, False))
    return fonts


def prepare() -> None:
    """Read every font's coverage now (in the game's thread, before a server asks)."""
    for path in [str(p) for p in (FONTS / "Lato-Bold.ttf", FONTS / "LeagueSpartan-Black.otf")
                 if p.is_file()] + [path for path, _s, _r in stack()]:
        coverage(path)


def _needs(cluster: str) -> set[str]:
    return {ch for ch in cluster if ch not in SILENT}


def _is_emoji(cluster: str) -> bool:
    return "\ufe0f" in cluster or "\u200d" in cluster and len(cluster) > 2 or \
        any(0x1F000 <= ord(ch) < 0x1FB00 for ch in cluster)


def cannot_draw(text: str) -> str | None:
    """None when the TV can draw every character of `text`; else why not, a sentence a
    player reads. Uses only the coverage read by `prepare` (safe from any thread)."""
    fonts = [_coverage.get(path, frozenset()) for path, _s, _r in stack()]
    body = _coverage.get(str(FONTS / "Lato-Bold.ttf"), frozenset())
    emoji = emoji_font()
    for cluster in graphemes(text):
        need = _needs(cluster)
        if not need or need <= body or any(need <= have for have in fonts):
            continue
        if _is_emoji(cluster) and emoji is None:
            return "This TV has no emoji font: a name without emoji, please."
        return f"The TV has no letters for {cluster}: another name, please."
    return None


# --- drawing ------------------------------------------------------------------------------

def _font(path: str, px: int, script: str | None, rtl: bool) -> pygame.font.Font | None:
    """A fallback font of `px` pixels, made from the file's bytes (read once: a new size
    opens no file); None when the file cannot be read now (its run is drawn without it)."""
    key = (path, px)
    font = _fonts.get(key)
    if font is None:
        try:
            data = _bytes.get(path)
            if data is None:
                data = _bytes[path] = Path(path).read_bytes()
            size = _EMOJI_STRIKE if path == str(emoji_font()) else px
            font = pygame.font.Font(io.BytesIO(data), size)
        except (OSError, pygame.error):
            return None
        if script:
            font.set_script(script)
        if rtl:
            font.set_direction(pygame.DIRECTION_RTL)
        _fonts[key] = font
    return font


def _own(font: pygame.font.Font) -> frozenset[str]:
    path = _paths.get(font)
    return coverage(path) if path else frozenset(chr(c) for c in range(0x20, 0x7F))


def runs(font: pygame.font.Font, text: str) -> list[tuple[str, tuple | None]]:
    """`text` cut into (run, fallback) pieces in reading order: fallback None is `font`
    itself, else (file, script, right to left) of the font that draws the run."""
    own, fallbacks = _own(font), stack()
    pieces: list[tuple[str, tuple | None]] = []
    for cluster in graphemes(text):
        need = _needs(cluster)
        pick: tuple | None = None
        if _is_emoji(cluster) and emoji_font() is not None:
            pick = fallbacks[-1]
        elif need and not need <= own:
            pick = next((f for f in fallbacks if need <= coverage(f[0])), None)
        pieces.append((cluster, pick))
    # a space or a mark between two runs of one right-to-left font belongs to them
    for i in range(1, len(pieces) - 1):
        cluster, pick = pieces[i]
        before, after = pieces[i - 1][1], pieces[i + 1][1]
        if pick is None and before is not None and before == after and before[2] and \
                _needs(cluster) <= coverage(before[0]) and not cluster.isalnum():
            pieces[i] = (cluster, before)
    merged: list[tuple[str, tuple | None]] = []
    for cluster, pick in pieces:
        if merged and merged[-1][1] == pick:
            merged[-1] = (merged[-1][0] + cluster, pick)
        else:
            merged.append((cluster, pick))
    return merged


def right_to_left(text: str) -> bool:
    """Whether the first strong letter of `text` is right-to-left (Arabic, Hebrew)."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def plain(font: pygame.font.Font, text: str) -> bool:
    """Whether `font` draws `text` alone (no fallback, nothing right to left)."""
    if text.isascii():
        return True
    return set(text) <= _own(font) and not right_to_left(text) and \
        not any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def render(font: pygame.font.Font, text: str, colour) -> pygame.Surface:
    """`text` in `colour` with `font`, and the fallbacks where it lacks a letter."""
    if plain(font, text):
        return font.render(text, True, colour)
    px = font.point_size
    height, ascent = font.get_height(), font.get_ascent()
    parts: list[tuple[pygame.Surface, int | None]] = []  # (picture, ascent: None centred)
    for run, pick in runs(font, text):
        if pick is None:
            parts.append((font.render(run, True, colour), ascent))
            continue
        path, script, rtl = pick
        face = _font(path, px, script, rtl)
        if face is None:  # its file cannot be read now: the run as `font` draws it
            parts.append((font.render(run, True, colour), ascent))
            continue
        image = face.render(run, True, colour)
        if path == str(emoji_font()):  # a bitmap strike: scaled to the line
            side = max(1, round(height * 0.92))
            w = max(1, round(image.get_width() * side / max(1, image.get_height())))
            image = pygame.transform.smoothscale(image, (w, side))
            parts.append((image, None))
        else:
            parts.append((image, face.get_ascent()))
    # runs side by side in reading order (the game's lines are English: left to right;
    # a right-to-left run was shaped right to left), on the baseline of `font`, in a
    # picture as tall as `font` alone would draw (a layout made for it stays put); emoji
    # are centred on its line
    tall = font.size(" ")[1]
    out = pygame.Surface((max(1, sum(image.get_width() for image, _a in parts)), tall),
                         pygame.SRCALPHA)
    x = 0
    for image, its_ascent in parts:
        y = (height - image.get_height()) // 2 if its_ascent is None else ascent - its_ascent
        out.blit(image, (x, y))
        x += image.get_width()
    return out


def size(font: pygame.font.Font, text: str) -> tuple[int, int]:
    """The width and height `render` gives `text` (its fallbacks measured)."""
    if plain(font, text):
        return font.size(text)
    return render(font, text, (255, 255, 255)).get_size()
