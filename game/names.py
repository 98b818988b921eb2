"""Names and short texts read from files (saves, settings): data, never trusted; and the
one rule for a player's name, the same in the lobby, on a phone, in saves and records.

A save's seat name ends up in `font.render` and in boxes sized for the lobby's names: a
NUL or a lone surrogate crashes the renderer, and a name of 100,000 characters costs
seconds a frame. Every such text is checked when its file is loaded (`text_problem`); a
file holding a bad one is refused like any other damaged file.

A player's name (`name_problem`, `clean_name`):

- is counted in characters as a person counts them (grapheme clusters: an emoji family
  "👨‍👩‍👧", a flag or "é" typed as e + accent is one), at most `NAME_MAX` of them;
- is normalised (NFC, runs of spaces made one, trimmed), so names typed the same way
  compare equal (`same_name` also ignores case);
- may hold the joiners emoji and some scripts need (ZWJ, ZWNJ, emoji tags), never a
  control character, a bidi override or embedding (a name could reorder a log line
  around it), nor an unassigned, private-use or surrogate code point.

Whether the TV has a font for every character is the screens' check on top of this
(`scenes.engine.scripts.cannot_draw`); what this rule accepts always saves and loads.
On the phones a name in a log line is wrapped in Unicode isolates (`isolate`), so a
right-to-left name never reorders the words around it.
"""

from __future__ import annotations

import unicodedata

import regex

NAME_MAX = 16  # characters (graphemes) in a player's name: the lobby, phones and saves
LABEL_MAX = 40  # other short texts: a progress line, a colour, a time stamp, a square
#: The most code points one name may hold (16 graphemes of up to 8: long emoji sequences).
NAME_CODE_POINTS = NAME_MAX * 8

#: Format characters a name may hold: the joiners (emoji sequences, Persian, Indic) and
#: the tags of subdivision flags. Any other format character (bidi controls, soft
#: hyphen, invisible operators) is refused.
JOINERS = frozenset({"\u200c", "\u200d"}) | frozenset(chr(c) for c in range(0xE0020, 0xE0080))
#: Unicode categories a name may not hold: controls, format characters (but `JOINERS`),
#: surrogates, private use, unassigned code points, line and paragraph separators.
REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: First strong left-to-right / right-to-left isolate markers around a name in a log.
FSI, PDI = "\u2068", "\u2069"
_GRAPHEME = regex.compile(r"\X")


def graphemes(text: str) -> list[str]:
    """The characters of `text` as a person counts them (extended grapheme clusters)."""
    return _GRAPHEME.findall(text)


def clean_name(name: str) -> str:
    """`name` normalised: NFC, whitespace runs made one space, trimmed."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def name_problem(name: object) -> str | None:
    """Why `name` (already `clean_name`d, or not) cannot be a player's name, in words a
    player reads ("is longer than 16 characters"); None when it can."""
    if not isinstance(name, str):
        return "is not a text"
    if len(name) > NAME_CODE_POINTS * 4:  # never segment a megabyte to refuse it
        return f"is longer than {NAME_MAX} characters"
    for ch in name:  # as given: a tab or a newline is refused, not made a space
        if ch not in JOINERS and unicodedata.category(ch) in REFUSED:
            return f"holds a character a name can't use ({_code(ch)})"
    name = clean_name(name)
    if not name:
        return "is empty"
    if len(graphemes(name)) > NAME_MAX or len(name) > NAME_CODE_POINTS:
        return f"is longer than {NAME_MAX} characters"
    return None


def _code(ch: str) -> str:
    named = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {named}".strip()


def same_name(a: str, b: str) -> bool:
    """Whether two names are the same as people see them (case, width and spacing
    aside): their `name_key`s are equal."""
    return name_key(a) == name_key(b)


def isolate(name: str) -> str:
    """`name` between Unicode isolates (FSI ... PDI): in a line of text it keeps its own
    direction and never reorders the words around it (a right-to-left name in a log)."""
    return f"{FSI}{name}{PDI}"


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
