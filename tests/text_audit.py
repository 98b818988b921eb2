"""A test-only audit of every piece of text drawn: it must stay inside the box it sits in.

Under `TextAudit.active()` pygame's surface, font, draw.rect and transform entry points are
swapped for recording ones, so nothing in `scenes/` changes and no screen can opt out:

- a *text* surface is anything `Font.render` or `draw.render` made, or a scaled/rotated
  copy of one; its *ink* is its non-transparent area (`get_bounding_rect`);
- a *box* is every rect drawn with `pygame.draw.rect` (the panels, pills, tags and rows of
  `draw.box` are drawn with it), recorded on the surface it was drawn on; pictures are not
  boxes (a tiled floor is made of them) but an opaque one hides what it covers;
- when a text is blitted, the boxes on that surface that hold its left, centre or right
  point are the candidates: the smallest must hold all its ink (2 px of slack). With no
  candidate, the surface itself (and its clip rect) is the box: text never leaves the
  screen nor a clipped area;
- an opaque fill, rect or picture drawn later over a text removes it, and over a box it
  does not lie inside removes the box, so a new frame, a popup over the board or a
  repainted panel starts clean; but an opaque shape drawn inside a text's own box over
  part of it (a badge over the end of a name) is a problem;
- `overlaps()` lists texts still visible on a surface whose ink crosses another's, or
  runs into the box holding another text (a name running under a rank badge).

Limits: text drawn on a surface made by C code the audit cannot see (e.g. a
`pygame.transform` result used as a canvas) is only checked once that surface is blitted
as a picture, and a font made before `active()` is entered is not seen.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from scenes.engine import draw

SLACK = 2  # px of ink allowed past a box's edge (anti-aliasing, optical centring)
TOUCH = 4  # ink pixels two texts may share (anti-aliased edges)
ROOT = Path(__file__).resolve().parents[1]
_HERE = Path(__file__).resolve()


@dataclass
class Problem:
    kind: str  # "outside", "covered" (a shape drawn over part of it) or "overlap"
    text: str
    ink: pygame.Rect
    box: pygame.Rect
    where: str  # the scene code that drew it (file:line)
    other: str = ""

    def __str__(self) -> str:
        if self.kind == "crosses":
            return f"crosses: {self.text!r} ink {tuple(self.ink)} runs into the box " \
                   f"{tuple(self.box)} of {self.other!r} ({self.where})"
        if self.kind == "covered":
            return f"covered: {self.text!r} ink {tuple(self.ink)} is partly under a shape " \
                   f"{tuple(self.box)} drawn later in its own box ({self.where})"
        if self.kind == "overlap":
            return f"overlap: {self.text!r} {tuple(self.ink)} crosses {self.other!r} " \
                   f"{tuple(self.box)} ({self.where})"
        return f"outside: {self.text!r} ink {tuple(self.ink)} leaves box {tuple(self.box)} " \
               f"({self.where})"


@dataclass(eq=False)
class _Text:
    """One text on a surface: where its ink is, and what was wrong with it if anything."""

    ink: pygame.Rect
    text: str
    where: str
    face: pygame.Surface
    holder: pygame.Rect
    problem: Problem | None = None


@dataclass
class _Page:
    """What one surface shows now: live boxes and live texts."""

    boxes: list[pygame.Rect] = field(default_factory=list)
    texts: list[_Text] = field(default_factory=list)


def _caller() -> str:
    """file:line of the first frame in scenes/ outside the drawing helpers."""
    frame = sys._getframe(1)
    fallback = ""
    while frame is not None:
        path = Path(frame.f_code.co_filename)
        if path.resolve() != _HERE and "scenes" in path.parts:
            name = f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}" \
                   f":{frame.f_lineno}"
            if path.name not in ("draw.py", "widgets.py"):
                return name
            fallback = fallback or name
        frame = frame.f_back
    return fallback or "?"


class TextAudit:
    """Records text and boxes while active; `problems` lists every text outside its box."""

    def __init__(self) -> None:
        self.texts_seen = 0
        self._text: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # surf -> str
        self._ink: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # surf -> Rect
        self._pages: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # surf -> _Page

    # -- what the audit knows ----------------------------------------------------------------

    def mark(self, surface: pygame.Surface, text: str) -> pygame.Surface:
        if text.strip():
            self._text[surface] = text
        return surface

    def text_of(self, surface: pygame.Surface) -> str | None:
        return self._text.get(surface)

    def ink(self, surface: pygame.Surface) -> pygame.Rect:
        rect = self._ink.get(surface)
        if rect is None:
            w, h = surface.get_size()
            alpha = surface.get_flags() & pygame.SRCALPHA or surface.get_colorkey() is not None
            rect = surface.get_bounding_rect() if alpha and w * h <= 300_000 else \
                pygame.Rect(0, 0, w, h)
            self._ink[surface] = rect
        return rect

    def page(self, surface: pygame.Surface) -> _Page:
        page = self._pages.get(surface)
        if page is None:
            page = self._pages[surface] = _Page()
        return page

    # -- events --------------------------------------------------------------------------

    def drew_box(self, target: pygame.Surface, rect: pygame.Rect, opaque: bool) -> None:
        rect = rect.clip(target.get_clip())
        if rect.w <= 0 or rect.h <= 0:
            return
        page = self.page(target)
        if opaque:
            self._cover(page, rect)
        page.boxes.append(rect)

    def drew_text(self, target: pygame.Surface, text: str, ink: pygame.Rect,
                  face: pygame.Surface) -> None:
        self.texts_seen += 1
        page = self.page(target)
        if not ink.colliderect(target.get_rect()):
            return  # wholly off the surface (sliding in): nothing of it is seen
        points = (ink.midleft, ink.center, ink.midright)
        holders = [b for b in page.boxes if any(b.collidepoint(p) for p in points)]
        bounds = target.get_clip()
        box = min(holders, key=lambda b: b.w * b.h) if holders else bounds
        entry = _Text(ink, text, _caller(), face, box)
        for limit in (box, bounds):
            if not limit.inflate(2 * SLACK, 2 * SLACK).contains(ink):
                entry.problem = Problem("outside", text, ink, limit, entry.where)
                break
        page.texts.append(entry)

    def outside(self) -> list[Problem]:
        """Texts visible now (on any surface still alive) that leave their box."""
        seen: dict[tuple, Problem] = {}
        for surface, page in list(self._pages.items()):
            if self.text_of(surface) is None:
                for t in page.texts:
                    if t.problem is not None:
                        seen.setdefault((t.text, tuple(t.ink), t.where), t.problem)
        return list(seen.values())

    @staticmethod
    def _cover(page: _Page, rect: pygame.Rect) -> None:
        """Something opaque drawn over `rect`. A text wholly under it is gone; one half
        under it is gone too if the cover comes from outside the text's box (a popup
        over the game), but a shape drawn inside the text's own box over part of it (a
        badge on a name) is a problem. Boxes it hides are gone (see `_hides`)."""
        kept = []
        for t in page.texts:
            if not rect.colliderect(t.ink):
                kept.append(t)
            elif not rect.contains(t.ink) and t.holder.contains(rect) and t.holder != rect:
                t.problem = t.problem or Problem("covered", t.text, t.ink, rect, t.where)
                kept.append(t)
        page.texts = kept
        page.boxes = [b for b in page.boxes if not _hides(rect, b)]

    def overlaps(self) -> list[Problem]:
        """Visible texts whose ink pixels cross another's on the same surface (the same
        words excepted: a drop shadow or an outline under its own face; and the letters of
        a logo drawn one by one)."""
        found: dict[tuple, Problem] = {}
        for surface, page in list(self._pages.items()):
            if self.text_of(surface) is not None:
                continue
            texts = page.texts
            for a in texts:  # a text running into the box of another text (a badge)
                for b in texts:
                    box, cross = b.holder, b.holder.clip(a.ink)
                    if cross.w > SLACK and cross.h > SLACK and not _within(a.holder, box) \
                            and box != target_of(surface):
                        found.setdefault((a.text, tuple(box)), Problem(
                            "crosses", a.text, a.ink, box, f"{a.where} / {b.where}", b.text))
            for i, a in enumerate(texts):
                for b in texts[i + 1:]:
                    if a.text == b.text or not a.ink.colliderect(b.ink) or _letters(a, b):
                        continue
                    if _mask(a.face).overlap_area(_mask(b.face), _offset(a, b)) > TOUCH:
                        found.setdefault((a.text, b.text, tuple(a.ink)), Problem(
                            "overlap", a.text, a.ink, b.ink, f"{a.where} / {b.where}", b.text))
        return list(found.values())

    def problems_now(self) -> list[Problem]:
        return self.outside() + self.overlaps()

    # -- switching it on -----------------------------------------------------------------

    @contextmanager
    def active(self) -> Iterator[TextAudit]:
        """Swap in the recording classes and functions; restore them on the way out."""
        saved = (pygame.Surface, pygame.font.Font, pygame.draw.rect, draw.render,
                 {n: getattr(pygame.transform, n) for n in _TRANSFORMS})
        pygame.Surface = _surface_class(self)
        pygame.font.Font = _font_class(self)
        pygame.draw.rect = _rect_function(self, saved[2])
        draw.render = _render_function(self, saved[3])
        for name, original in saved[4].items():
            setattr(pygame.transform, name, _transform_function(self, original))
        try:
            yield self
        finally:
            pygame.Surface, pygame.font.Font, pygame.draw.rect, draw.render = saved[:4]
            for name, original in saved[4].items():
                setattr(pygame.transform, name, original)


_TRANSFORMS = ("scale", "smoothscale", "scale_by", "smoothscale_by", "rotate", "rotozoom",
               "flip")


def _mask(face: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(face)


def _offset(a: _Text, b: _Text) -> tuple[int, int]:
    """Where b's face sits relative to a's (faces are placed so their ink lands at `ink`)."""
    ia, ib = a.face.get_bounding_rect(), b.face.get_bounding_rect()
    return (b.ink.x - ib.x) - (a.ink.x - ia.x), (b.ink.y - ib.y) - (a.ink.y - ia.y)


def _hides(cover: pygame.Rect, box: pygame.Rect) -> bool:
    """A cover hides a box it mostly covers, or one it lies mostly outside of (a popup
    across a row); a shape mostly inside a box (a tag poking out of a panel by a few px)
    leaves the box holding what is drawn next."""
    cross = cover.clip(box)
    if not cross.w or not cross.h:
        return False
    area = cross.w * cross.h
    return 2 * area >= box.w * box.h or 2 * area < cover.w * cover.h


def _within(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    """`inner` lies (mostly) inside `outer`: a box within a box, not one beside it."""
    cross = inner.clip(outer)
    return 2 * cross.w * cross.h >= inner.w * inner.h


def target_of(surface: pygame.Surface) -> pygame.Rect:
    return surface.get_rect()


def _letters(a: _Text, b: _Text) -> bool:
    """Two single letters: a word drawn letter by letter (a logo), meant to touch."""
    return len(a.text.strip()) == 1 and len(b.text.strip()) == 1


def _alpha(color) -> int:  # noqa: ANN001
    return 255 if isinstance(color, int) else pygame.Color(color).a


def _opaque(surface: pygame.Surface) -> bool:
    return not surface.get_flags() & pygame.SRCALPHA and surface.get_alpha() is None \
        and surface.get_colorkey() is None


def _surface_class(audit: TextAudit) -> type:
    base = pygame.Surface

    class AuditSurface(base):  # type: ignore[misc, valid-type]
        def blit(self, source, dest, area=None, special_flags=0):  # noqa: ANN001
            rect = super().blit(source, dest, area, special_flags)
            if source is self or audit.text_of(self) is not None:
                return rect  # a text being composed (an outline ring under its face)
            pos = dest.topleft if isinstance(dest, pygame.Rect) else \
                (round(dest[0]), round(dest[1]))
            ink = audit.ink(source).move(pos) if area is None else \
                pygame.Rect(pos, pygame.Rect(area).clip(source.get_rect()).size)
            if not ink.w or not ink.h:
                return rect
            text = audit.text_of(source)
            if text is None:  # a picture: it may hide what is under it, it holds nothing
                if _opaque(source) and not special_flags:
                    audit._cover(audit.page(self), ink)
            else:
                audit.drew_text(self, text, ink, source)
            return rect

        def blits(self, blit_sequence, doreturn=1):  # noqa: ANN001
            out = [self.blit(*item) for item in blit_sequence]
            return out if doreturn else None

        def fblits(self, blit_sequence, special_flags=0):  # noqa: ANN001
            for source, dest in blit_sequence:
                self.blit(source, dest, None, special_flags)

        def fill(self, color, rect=None, special_flags=0):  # noqa: ANN001
            out = super().fill(color, rect, special_flags)
            alpha = _alpha(color) if self.get_flags() & pygame.SRCALPHA else 255
            if not special_flags and alpha in (0, 255):  # solid, or cleared to nothing
                audit._cover(audit.page(self), out)
            return out

    return AuditSurface


def _font_class(audit: TextAudit) -> type:
    base = pygame.font.Font

    class AuditFont(base):  # type: ignore[misc, valid-type]
        def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # noqa: ANN001
            out = super().render(text, antialias, color, bgcolor, wraplength)
            return audit.mark(out, str(text))

    return AuditFont


def _rect_function(audit: TextAudit, original):  # noqa: ANN001, ANN202
    def rect(surface, color, rect, width=0, *args, **kw):  # noqa: ANN001, ANN202
        drawn = original(surface, color, rect, width, *args, **kw)
        if width >= 0:
            audit.drew_box(surface, pygame.Rect(rect), width == 0 and _alpha(color) == 255)
        return drawn

    return rect


def _render_function(audit: TextAudit, original):  # noqa: ANN001, ANN202
    def render(font, text, *args, **kw):  # noqa: ANN001, ANN202
        return audit.mark(original(font, text, *args, **kw), text)

    return render


def clear_text_caches() -> None:
    """Forget every text picture the drawing helpers cached (made unseen by the audit)."""
    for name in dir(draw):
        cached = getattr(draw, name)
        if callable(getattr(cached, "cache_clear", None)):
            cached.cache_clear()


def _transform_function(audit: TextAudit, original):  # noqa: ANN001, ANN202
    def transformed(surface, *args, **kw):  # noqa: ANN001, ANN202
        out = original(surface, *args, **kw)
        text = audit.text_of(surface) if isinstance(surface, pygame.surface.Surface) else None
        return audit.mark(out, text) if text is not None else out

    return transformed
