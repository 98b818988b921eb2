"""Names and short texts read from files (saves, settings): data, never trusted.

A save's seat name ends up in `font.render` and in boxes sized for the lobby's names: a
NUL or a lone surrogate crashes the renderer, and a name of 100,000 characters costs
seconds a frame. Every such text is checked when its file is loaded (`text_problem`); a
file holding a bad one is refused like any other damaged file.
"""

from __future__ import annotations

NAME_MAX = 10  # the lobby's limit on a player's name (scenes.lobby uses this one)
LABEL_MAX = 40  # other short texts: a progress line, a colour, a time stamp, a square


def text_problem(value: object, limit: int, *, empty: bool = False) -> str | None:
    """Why `value` is not a usable text of at most `limit` characters (None: it is).

    Usable: a str, printable (no NUL, control, format or surrogate characters), not
    longer than `limit`, and not blank unless `empty` allows it.
    """
    if not isinstance(value, str):
        return "is not a text"
    if len(value) > limit:
        return f"is longer than {limit} characters"
    if not value.isprintable():
        return "holds a control or unprintable character"
    if not empty and not value.strip():
        return "is empty"
    return None


def shown(value: object, limit: int = 60) -> str:
    """`repr(value)` cut to `limit` characters, for an error message naming a bad value
    (a save may hold megabytes in one field: a message never echoes them)."""
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # never repr ten megabytes to show sixty characters of them
    text = repr(value) if not isinstance(value, list | dict) or len(value) < 50 \
        else f"<{type(value).__name__} of {len(value)} items>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def name_key(name: str) -> str:
    """The one form names typed the same way share ("Ada", " ada ", "ＡＤＡ" alike): NFKC,
    case-folded, inner spaces collapsed. Records compare names by this."""
    import unicodedata

    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())
