"""Card texts against the rulebook, the words the table prints, and what the code decides
where the cards are silent (RULES.md "What the code decides")."""

import pathlib

from game import startupfever as sf
from game.startupfever import events as ev
from game.startupfever.actions import Defend, EndManage, Hire, PlayCard
from game.startupfever.cardhelp import not_now, when
from game.startupfever.cards import CARD_TYPES, CARDS
from scenes.lobby import _players
from scenes.startupfever.words import describe

from .helpers import roll, start
from .test_cards import give_money, to_window

# The rulebook's appendix, phrase by phrase: each card's text must say these.
RULEBOOK = {
    "antitrust": ("antitrust investigation", "over 100M users",
                  "cannot Manage Employees this year", "still gains users"),
    "attrition": ("25%", "round down", "at most one to each Product",
                  "go back to the pile"),
    "audit_half": ("The government performs an audit", "half", "round down",
                   "Marketing Money allocated is not affected"),
    "audit_third": ("The government", "one third", "round down",
                    "Marketing Money allocated is not affected"),
    "defense": ("Legal or Public Relations team \u2013 or both \u2013", "at least one Suit",
                "neutralize", "Nothing happens"),
    "executive_power": ("Board of Directors", "second CEO", "second CTO",
                        "same cost and power", "back to a single one"),
}


def test_rulebook_cards_say_what_the_rulebook_says():
    for card, phrases in RULEBOOK.items():
        for phrase in phrases:
            assert phrase in CARDS[card].text, (card, phrase)


def test_audit_is_the_government_and_in_one_case_uncle_frank():
    """Five Audit cards: the government's, "or in one case, Uncle Frank"."""
    audits = [c for c in CARD_TYPES if c.id.startswith("audit")]
    assert sum(c.count for c in audits) == 5
    assert "Uncle Frank" not in CARDS["audit_half"].text
    third = CARDS["audit_third"]
    assert third.count == 3 and "on one of these three cards, Uncle Frank" in third.text
    assert third.text.count("Uncle Frank") == 1


def test_every_card_has_a_short_effect_and_a_time():
    for c in CARD_TYPES:
        assert 10 < len(c.short) <= 52, c.id
        assert when(c.id)


def test_play_card_text_names_the_card_not_its_id():
    assert str(PlayCard("audit_third", seat=1)) == "play Audit (one third) on company 1"
    assert str(PlayCard("leak", "E")) == "play Leak on E"
    assert "audit_third" not in str(PlayCard("audit_third"))


def test_a_zero_payment_does_not_read_as_a_gain():
    zero = ev.MoneyMoved(0, 0, "Audit (one third)")
    line = describe(zero, ["Ada"])
    assert line == "Ada's money is unchanged (Audit (one third))"
    assert "gets" not in str(zero) and "$0" not in line
    assert describe(ev.MoneyMoved(0, 5, "Funding Round"), ["Ada"]) == \
        "Ada gets $5 (Funding Round)"
    assert describe(ev.MoneyMoved(0, -2, "Patent Troll"), ["Ada"]) == \
        "Ada pays $2 (Patent Troll)"


def test_die_text_says_roll_once():
    assert str(ev.DieRolled("tie re-roll", 3, "A")) == "tie re-roll for A: 3"
    assert str(ev.DieRolled("competition", 5, "B")) == "competition roll for B: 5"


def test_the_lobby_counts_one_player():
    assert _players(1) == "1 player" and _players(4) == "4 players"


# -- what the code decides -------------------------------------------------------------

def test_a_second_server_outage_does_nothing_while_viral_growths_add_up():
    state = start(hands={1: ["server_outage", "server_outage", "viral_growth",
                             "viral_growth"]})
    state.apply(PlayCard("server_outage", "A"))
    events = state.apply(PlayCard("server_outage", "A"))
    note = next(e for e in events if isinstance(e, ev.CardEffect))
    assert note.description.startswith("no effect")
    state.apply(PlayCard("viral_growth", "A"))
    state.apply(PlayCard("viral_growth", "A"))
    adopted = next(e for e in roll(state, 4) if isinstance(e, ev.UsersAdopted))
    assert adopted.card_bonus == 6  # two Viral Growths add up
    assert adopted.total == 5  # (4 + 6) halved once, not quartered


def test_server_outage_halves_the_whole_sum_whatever_the_order():
    totals = []
    for order in (["viral_growth", "server_outage"], ["server_outage", "viral_growth"]):
        state = start(hands={1: list(order)})
        for card in order:
            state.apply(PlayCard(card, "A"))
        totals.append(next(e for e in roll(state, 4)
                           if isinstance(e, ev.UsersAdopted)).total)
    assert totals == [4, 4]  # (4 + 3 + 0 Nerds) / 2, rounded up, either way


def test_a_second_executive_power_in_a_year_does_nothing():
    state = start(hands={0: ["executive_power", "executive_power"]})
    state.players[0].big_nerds = [0]
    state.supply["big_nerd"] -= 1
    to_window(state, "manage")
    state.apply(PlayCard("executive_power", seat=0))
    events = state.apply(PlayCard("executive_power", seat=0))
    note = next(e for e in events if isinstance(e, ev.CardEffect))
    assert note.description.startswith("no effect")
    give_money(state, 0, 20)
    state.apply(Hire("big_nerd"))
    assert state.players[0].big_nerds == [0, 4]
    assert Hire("big_nerd") not in state.legal_actions()  # still only one extra


def test_antitrust_blocks_only_that_products_manage_step():
    state = start(hands={1: ["antitrust"]})
    state.products["A"].field = 40
    to_window(state, "manage")
    assert state.current_slot == "A"
    state.apply(PlayCard("antitrust", "A"))
    assert state.manage_blocked
    for _ in range(200):  # on to B's manage step: B, of the same company, manages
        if state.stage == "manage":
            break
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
        else:
            acts = state.legal_actions()
            state.apply(next((a for a in acts if type(a).__name__ in ("Pass", "EndUserLoss",
                                                                       "EndManage")),
                             acts[-1]))
    assert state.stage == "manage" and state.current_slot == "B"
    assert EndManage() in state.legal_actions()


def test_defense_may_be_spent_on_a_card_that_does_nothing():
    """Antitrust on a product under 100M users does nothing; Defense may still cancel it."""
    state = start(hands={0: ["defense"], 1: ["antitrust"]})
    state.products["A"].suits[4] = 1
    state.supply["suit"] -= 1
    to_window(state, "manage")
    state.apply(PlayCard("antitrust", "A"))
    assert state.stage == "defense" and state.current_player == 0
    events = state.apply(Defend(True))
    assert any(isinstance(e, ev.CardCancelled) for e in events)
    assert "defense" not in state.players[0].hand


def test_why_a_card_is_not_playable_now():
    state = start(hands={1: ["press_coverage", "viral_growth", "defense"]})
    assert state.window == "adoption"
    assert not_now(state, 1, "viral_growth") == ""
    assert not_now(state, 1, "press_coverage") == "only before the showdown"
    assert not_now(state, 1, "defense").startswith("only in reply")


def test_rules_notes_write_down_what_the_code_decides():
    notes = (pathlib.Path(sf.__file__).parent / "RULES.md").read_text()
    section = notes.split("### What the code decides", 1)[1].split("\n## ", 1)[0]
    section = " ".join(section.split())
    for phrase in ("second Server Outage", "Viral Growth, Press Coverage and Security Breach",
                   "second Executive Power", "only that product's own Manage Employees",
                   "Defense can be spent on a card that would do nothing",
                   "halves the whole sum"):
        assert phrase in section, phrase


def test_card_windows_are_said_in_plain_words_with_the_rulebook_name():
    from game.startupfever.cardhelp import window_words

    assert window_words("adoption", "J") == "before J rolls for new users (New User Adoption)"
    assert window_words("competition", None).endswith("(Compete for Users)")
