"""One name rule (game/names.py) for the lobby, the phones, saves and records: characters
counted as people count them, normalised, joiners allowed and bidi controls refused; what
the lobby accepts always saves and loads again (Continue is never lost to a name)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game import startupfever as sf
from game.autosave import SeatRecord, Slots
from game.names import (
    FSI,
    NAME_MAX,
    PDI,
    clean_name,
    graphemes,
    isolate,
    name_problem,
    same_name,
)

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # man, woman, girl: one character
FLAG = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"  # Scotland


def test_an_emoji_family_or_a_flag_is_one_character_and_a_name():
    assert graphemes(FAMILY) == [FAMILY] and graphemes(FLAG) == [FLAG]
    assert name_problem(FAMILY) is None and name_problem(f"Mo {FLAG}") is None
    assert name_problem(FAMILY * NAME_MAX) is None  # 16 families: 16 characters
    assert name_problem(FAMILY * (NAME_MAX + 1)) == f"is longer than {NAME_MAX} characters"


def test_names_of_the_lobbys_length_are_names():
    assert name_problem("x" * NAME_MAX) is None
    assert name_problem("Maximilianus Ada") is None  # 16: the old save check refused 11+
    assert "longer" in name_problem("x" * (NAME_MAX + 1))


def test_names_typed_the_same_way_compare_equal():
    assert clean_name("  Zoe\u0301   Li ") == "Zo\u00e9 Li"  # NFC, one space, trimmed
    assert same_name("Zoe\u0301", "ZOÉ") and not same_name("Zoe", "Zoé")


def test_control_and_bidi_characters_are_refused_with_their_name():
    for bad, code in (("Mo\u202eay", "U+202E RIGHT-TO-LEFT OVERRIDE"),
                      ("a\u2066b", "U+2066"), ("a\u200fb", "U+200F"), ("a\x00", "U+0000"),
                      ("a\udcff", "U+DCFF"), ("a\ue000", "U+E000")):
        assert code in name_problem(bad), bad
    assert name_problem("   ") == "is empty" and name_problem(3) == "is not a text"
    assert name_problem("x" * 10**6) == f"is longer than {NAME_MAX} characters"
    assert name_problem("\u0645\u0631\u064a\u0645") is None  # Arabic
    assert name_problem("\u0645\u06cc\u200c\u0647\u0627") is None  # Persian, with a ZWNJ


def test_a_name_is_isolated_for_a_line_of_text():
    assert isolate("\u05e9\u05e8\u05d4") == f"{FSI}\u05e9\u05e8\u05d4{PDI}"


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1,
                max_size=40).map(clean_name).filter(lambda n: name_problem(n) is None)


@settings(max_examples=60, deadline=None)
@given(name=st.one_of(names, st.sampled_from([FAMILY * 3, "Maximilianus Ada", FLAG + "x",
                                                "\u0645\u0631\u064a\u0645 \u0639\u0644\u064a"])))
def test_what_the_lobby_accepts_always_saves_and_loads(name):
    state = sf.new_game([name, "Bo"], seed=1)
    slots = Slots(None)
    seats = [SeatRecord(name, "red"), SeatRecord("Bo", "blue")]
    assert slots.save("startupfever", state, seats, "Set-up")
    saved = slots.load("startupfever")
    assert saved is not None, slots.take_problems()
    assert saved.seats[0].name == name and saved.state.players[0].name == name
