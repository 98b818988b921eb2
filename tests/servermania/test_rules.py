"""One test (at least) per rule of the SERVERMANIA rulebook and per ruling S1-S13.

Scenarios are built through the API on small tracks (see helpers.track): the chance
outcomes are chosen ("the die shows 5"), decisions are applied as actions.
"""

from __future__ import annotations

import os

import pytest

from game import servermania as sm
from game.servermania import events as ev
from game.servermania.board import BoardError, Square
from game.servermania.cards import CHURN_CARDS, DECKS, SIGNUPS_CARDS
from game.servermania.rules import CHANCE, TERMINAL

from .helpers import of, roll, scenario, track

RULES_MD = os.path.join(os.path.dirname(sm.__file__), "RULES.md")


# ------------------------------------------------------------------ S1 / set-up

def test_S1_everyone_starts_on_start_up_with_50000_and_2_servers():
    state = sm.new_game(players=["Ann", "Bob", "Cy"], seed=7)
    assert [p.name for p in state.players] == ["Ann", "Bob", "Cy"]
    for p in state.players:
        assert (p.cash, p.servers, p.position, p.finished) == (50_000, 2, 0, False)
    assert state.board.kinds[0] == "start"
    assert state.pot == 0


@pytest.mark.parametrize("n", [1, 5])
def test_S1_two_to_four_players_only(n):
    with pytest.raises(ValueError, match="2-4 players"):
        sm.new_game(players=n, seed=1)


def test_S1_bank_has_unlimited_money_and_servers():
    state = scenario("S . . . T . . $ . . F", seat0={"position": 1, "servers": 500})
    events = roll(state, 6)                      # lands on PAYDAY! with 500 servers
    assert of(events, ev.CashChanged)[-1].delta == 20_000 * 500


def test_rule_banker_is_the_game_bank_ledger_accounts_for_everything():
    state = scenario("S . $ . . . F")
    roll(state, 2)                               # land on PAYDAY!: bank pays 40,000
    assert state.bank_paid_out == 40_000
    assert state.invariant_violations() == []


# ------------------------------------------------------------------ S2 first player

def test_S2_highest_first_roll_goes_first():
    state = sm.new_game(3, seed=1, board=track("S . . . F"))
    assert state.current_player == CHANCE and state.phase == "roll_off"
    out = []
    for value in (2, 5, 3):
        assert state.current_player == CHANCE
        out += state.apply(sm.Die(value))
    assert of(out, ev.FirstPlayer) == [ev.FirstPlayer(1, 5)]
    assert [e.purpose for e in of(out, ev.Rolled)] == ["first"] * 3
    assert state.turn_seat == 1 and of(out, ev.TurnStarted) == [ev.TurnStarted(1, 1)]


def test_S2_tied_highest_players_reroll_among_themselves():
    state = sm.new_game(4, seed=1, board=track("S . . . F"))
    out = []
    for value in (6, 2, 6, 6):
        out += state.apply(sm.Die(value))
    assert of(out, ev.RollOffTie) == [ev.RollOffTie((0, 2, 3), 6)]
    assert state.turn_seat == 0 and state.roll_off == [0, 2, 3]
    out = []
    for value in (4, 5, 5):                      # seats 0, 2, 3: tie again between 2 and 3
        out += state.apply(sm.Die(value))
    assert of(out, ev.RollOffTie) == [ev.RollOffTie((2, 3), 5)]
    assert state.turn_seat == 2
    out = state.apply(sm.Die(1)) + state.apply(sm.Die(3))
    assert of(out, ev.FirstPlayer) == [ev.FirstPlayer(3, 3)]


def test_S2_play_goes_clockwise_in_seat_order_from_the_first_player():
    state = scenario("S . . . . . . . . . . . . . F", players=3, first=1)
    seen = [state.turn_seat]
    for _ in range(5):
        roll(state, 1)
        seen.append(state.turn_seat)
    assert seen == [1, 2, 0, 1, 2, 0]


# ------------------------------------------------------------------ movement

def test_rule_movement_pawn_moves_the_rolled_number_of_squares():
    state = scenario("S . . . . . . . F")
    assert state.current_player == CHANCE and state.phase == "move_roll"
    events = roll(state, 4)
    assert state.players[0].position == 4
    assert of(events, ev.Moved) == [ev.Moved(0, 0, (1, 2, 3, 4))]
    assert of(events, ev.Rolled) == [ev.Rolled(0, 4, "move")]
    assert of(events, ev.Landed) == [ev.Landed(0, 4, "plain")]


def test_rule_dice_rolls_are_chance_steps_with_six_equal_outcomes():
    state = scenario("S . . . . . . . F")
    assert state.current_player == CHANCE
    assert state.legal_actions() == [sm.Die(v) for v in range(1, 7)]
    outcomes = state.chance_outcomes()
    assert [a.value for a, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


# ------------------------------------------------------------------ S3 board

def test_S3_default_map_track_has_48_to_64_squares_with_the_minimum_counts():
    board = sm.default_board()
    assert 48 <= len(board) <= 64
    kinds = board.kinds
    assert kinds[0] == "start" and kinds[-1] == "finish"
    least = {"payday": 4, "customer_service": 2, "techpad": 2, "stuck": 1, "ceo_bonus": 2,
             "signups": 6, "churn": 6}
    for kind, n in least.items():
        assert kinds.count(kind) >= n, kind
    assert [s.index for s in board] == list(range(len(board)))


def test_S3_no_two_customer_service_squares_within_6_of_each_other():
    cs = [s.index for s in sm.default_board() if s.kind == "customer_service"]
    assert all(b - a > 6 for a, b in zip(cs, cs[1:], strict=False))
    kinds = list(sm.default_board().kinds)
    assert kinds[cs[0] + 6] == "plain"
    kinds[cs[0] + 6] = "customer_service"
    squares = [Square(i, k, (0, 0)) for i, k in enumerate(kinds)]
    with pytest.raises(BoardError, match=f"CUSTOMER SERVICE squares {cs[0]} and {cs[0] + 6}"):
        sm.Board(squares, strict=True)


def test_S3_track_is_forward_only_from_start_to_finish():
    state = scenario("S . . . . F")
    roll(state, 3)
    roll(state, 2)                     # seat 1
    roll(state, 1)                     # seat 0 moves on from 3 to 4, never backwards
    assert state.players[0].position == 4


# ------------------------------------------------------------------ S4 floors

def test_S4_cash_never_below_zero_churn_pays_what_it_can():
    state = scenario("S - . . F", seat0={"cash": 7_000})
    roll(state, 1)
    events = state.apply(sm.DrawCard("churn", 12))       # "Pay $50,000."
    assert state.players[0].cash == 0
    assert state.pot == 7_000
    assert of(events, ev.CashChanged)[0].delta == -7_000


def test_S4_servers_never_below_one():
    state = scenario("S - . . F", seat0={"servers": 2})
    roll(state, 1)
    state.apply(sm.DrawCard("churn", 15))                # "Lose 3 servers."
    assert state.players[0].servers == 1


# ------------------------------------------------------------------ S5 PAYDAY!

def test_S5_passing_payday_pays_10000_per_server():
    # A pawn 3 before PAYDAY!, the die shows 5, two servers: +$20,000.
    state = scenario("S . . . $ . . . . . F", seat0={"position": 1, "servers": 2})
    events = roll(state, 5)
    assert of(events, ev.PassedPayday) == [ev.PassedPayday(0, 4, 20_000)]
    assert state.players[0].cash == 70_000


def test_S5_landing_on_payday_pays_double():
    state = scenario("S . . . $ . . . . . F", seat0={"position": 1, "servers": 3})
    events = roll(state, 3)
    assert of(events, ev.PassedPayday) == []
    assert of(events, ev.CashChanged) == [ev.CashChanged(0, 60_000, 110_000,
                                                         "landed on PAYDAY!")]


def test_S5_each_payday_passed_in_one_move_pays():
    state = scenario("S $ . $ . . . F", seat0={"servers": 4})
    events = roll(state, 5)
    assert [e.square for e in of(events, ev.PassedPayday)] == [1, 3]
    assert state.players[0].cash == 50_000 + 2 * 40_000


def test_S5_payday_pays_for_servers_owned_at_that_moment():
    state = scenario("S $ . . . F", seat0={"servers": 2})
    roll(state, 2)
    state.players[0].servers = 7      # later changes do not alter the payment made
    assert state.players[0].cash == 70_000


def test_S5_stuck_release_move_counts_for_payday():
    state = scenario("S X . $ . . F", seat0={"position": 1, "cash": 0})
    assert state.phase == "stuck_roll"
    roll(state, 2)                                   # 1-3: free, roll again to move
    events = roll(state, 4)
    assert [e.square for e in of(events, ev.PassedPayday)] == [3]


# ------------------------------------------------------------------ S6 CUSTOMER SERVICE

def test_S6_maintenance_choice_when_customer_service_1_to_6_ahead():
    for position in range(1, 7):
        state = scenario("S . . . . . . . C . . . . F", seat0={"position": 8 - position})
        assert state.current_player == 0, position
        assert state.legal_actions() == [sm.PAY_MAINTENANCE, sm.SKIP_MAINTENANCE]
        assert [str(a) for a in state.legal_actions()] == ["pay maintenance",
                                                           "skip maintenance"]
    state = scenario("S . . . . . . . C . . . . F", seat0={"position": 1})   # 7 ahead
    assert state.current_player == CHANCE and state.phase == "move_roll"


def test_S6_paying_maintenance_and_landing_doubles_servers():
    state = scenario("S . C . . F", seat0={"servers": 3})
    events = state.apply(sm.PAY_MAINTENANCE)
    assert state.players[0].cash == 0 and state.pot == 50_000
    assert of(events, ev.MaintenanceChoice) == [ev.MaintenanceChoice(0, 2, True, True)]
    events = roll(state, 2)
    assert state.players[0].servers == 6
    assert of(events, ev.ServersChanged)[0].delta == 3


@pytest.mark.parametrize("before,after", [(5, 2), (2, 1), (1, 1), (4, 2), (9, 4)])
def test_S6_skipping_maintenance_and_landing_returns_half_rounded_up(before, after):
    state = scenario("S . C . . F", seat0={"servers": before})
    state.apply(sm.SKIP_MAINTENANCE)
    roll(state, 2)
    assert state.players[0].servers == after
    assert state.players[0].cash == 50_000


def test_S6_no_borrowing_player_under_50000_is_not_asked_and_risks_halving():
    state = scenario("S . C . . F", seat0={"cash": 49_999, "servers": 4})
    assert state.current_player == CHANCE            # no decision offered
    roll(state, 2)
    assert state.players[0].servers == 2 and state.players[0].cash == 49_999


def test_S6_no_borrowing_event_says_the_player_could_not_pay():
    state = sm.new_game(2, seed=1, board=track("S . C . . F"))
    state.players[0].cash = 10_000
    events = state.apply(sm.Die(6)) + state.apply(sm.Die(1))
    assert of(events, ev.MaintenanceChoice) == [ev.MaintenanceChoice(0, 2, False, False)]


def test_S6_passing_or_missing_customer_service_does_nothing_fee_not_returned():
    state = scenario("S . C . . . . F", seat0={"servers": 3})
    state.apply(sm.PAY_MAINTENANCE)
    events = roll(state, 4)                          # passes CS
    assert state.players[0].servers == 3
    assert state.players[0].cash == 0 and state.pot == 50_000
    assert of(events, ev.ServersChanged) == []


def test_S6_choice_is_asked_again_before_every_roll():
    state = scenario("S . . . . C . . F", seat0={"servers": 3, "cash": 200_000})
    state.apply(sm.PAY_MAINTENANCE)
    roll(state, 1)                                   # 0 -> 1: falls short of CS
    assert state.turn_seat == 1 and state.current_player == 1   # seat 1: CS 5 ahead
    state.apply(sm.SKIP_MAINTENANCE)
    roll(state, 1)
    assert state.turn_seat == 0 and state.current_player == 0   # asked again
    state.apply(sm.PAY_MAINTENANCE)                  # pays again
    assert state.players[0].cash == 100_000 and state.pot == 100_000


def test_S6_paid_maintenance_counts_only_for_the_roll_right_after():
    state = scenario("S . . C . . . F", seat0={"servers": 3, "cash": 200_000})
    state.apply(sm.PAY_MAINTENANCE)
    roll(state, 1)                                   # misses (1 of 2)
    state.apply(sm.SKIP_MAINTENANCE)                 # seat 1
    roll(state, 4)
    state.apply(sm.SKIP_MAINTENANCE)                 # seat 0, skips this time
    roll(state, 2)                                   # lands on CS: halved, not doubled
    assert state.players[0].servers == 1


def test_S6_maintenance_fee_goes_into_the_ceo_bonus_pot():
    state = scenario("S . C . . F")
    events = state.apply(sm.PAY_MAINTENANCE)
    assert of(events, ev.PotChanged) == [ev.PotChanged(0, 50_000, 50_000, "maintenance fee")]


# ------------------------------------------------------------------ S7 TechPad

def test_S7_techpad_roll_once_more_and_gain_that_many_servers():
    state = scenario("S . T . . F")
    events = roll(state, 2)
    assert state.current_player == CHANCE and state.phase == "techpad_roll"
    assert state.turn_seat == 0
    events = roll(state, 5)
    assert of(events, ev.Rolled) == [ev.Rolled(0, 5, "techpad")]
    assert state.players[0].servers == 7
    assert state.players[0].position == 2           # the extra roll does not move
    assert state.turn_seat == 1


# ------------------------------------------------------------------ S8 STUCK

def test_S8_landing_on_stuck_ends_the_turn():
    state = scenario("S . X . . F")
    events = roll(state, 2)
    assert of(events, ev.Landed) == [ev.Landed(0, 2, "stuck")]
    assert state.turn_seat == 1


def test_S8_player_with_50000_chooses_to_pay_then_rolls_and_moves():
    state = scenario("S X . . . . . . F", seat0={"position": 1, "cash": 80_000})
    assert state.current_player == 0
    assert state.legal_actions() == [sm.PAY_TO_LEAVE_STUCK, sm.ROLL_TO_LEAVE_STUCK]
    events = state.apply(sm.PAY_TO_LEAVE_STUCK)
    assert state.players[0].cash == 30_000 and state.pot == 50_000
    assert of(events, ev.LeftStuck) == [ev.LeftStuck(0, "paid")]
    roll(state, 6)
    assert state.players[0].position == 7


@pytest.mark.parametrize("value", [1, 2, 3])
def test_S8_roll_of_1_to_3_frees_and_rolls_again_to_move(value):
    state = scenario("S X . . . . . . F", seat0={"position": 1})
    state.apply(sm.ROLL_TO_LEAVE_STUCK)
    events = roll(state, value)
    assert of(events, ev.StuckRoll) == [ev.StuckRoll(0, value, True)]
    assert state.players[0].position == 1 and state.turn_seat == 0
    assert state.phase == "move_roll"
    roll(state, 5)
    assert state.players[0].position == 6


@pytest.mark.parametrize("value", [4, 5, 6])
def test_S8_roll_of_4_to_6_ends_the_turn_still_stuck(value):
    state = scenario("S X . . . . . . F", seat0={"position": 1})
    state.apply(sm.ROLL_TO_LEAVE_STUCK)
    events = roll(state, value)
    assert of(events, ev.StuckRoll) == [ev.StuckRoll(0, value, False)]
    assert state.players[0].position == 1 and state.turn_seat == 1


def test_S8_player_without_50000_must_roll():
    state = scenario("S X . . . . . . F", seat0={"position": 1, "cash": 49_000})
    assert state.current_player == CHANCE and state.phase == "stuck_roll"
    with pytest.raises(sm.IllegalAction):
        state.apply(sm.PAY_TO_LEAVE_STUCK)


def test_S8_stuck_release_roll_asks_maintenance_before_the_move():
    state = scenario("S X . . C . . F", seat0={"position": 1, "cash": 60_000})
    state.apply(sm.ROLL_TO_LEAVE_STUCK)
    roll(state, 1)
    assert state.current_player == 0
    assert state.legal_actions() == [sm.PAY_MAINTENANCE, sm.SKIP_MAINTENANCE]


# ------------------------------------------------------------------ S9 CEO BONUS

def test_S9_every_fee_and_penalty_goes_into_the_pot():
    state = scenario("S X - . . . . . . F", seat0={"position": 1, "cash": 100_000})
    state.apply(sm.PAY_TO_LEAVE_STUCK)                    # STUCK fee
    roll(state, 1)
    state.apply(sm.DrawCard("churn", 2))                 # "Pay $10,000."
    assert state.pot == 60_000
    assert state.players[0].cash == 40_000


def test_S9_landing_on_ceo_bonus_takes_the_whole_pot():
    state = scenario("S . B . . F")
    state.pot = 123_000
    events = roll(state, 2)
    assert state.players[0].cash == 173_000 and state.pot == 0
    assert of(events, ev.PotChanged) == [ev.PotChanged(0, -123_000, 0, "CEO BONUS")]


def test_S9_empty_pot_pays_nothing():
    state = scenario("S . B . . F")
    events = roll(state, 2)
    assert state.players[0].cash == 50_000
    assert of(events, ev.PotChanged) == [] and of(events, ev.CashChanged) == []


# ------------------------------------------------------------------ S10 cards

def test_S10_each_deck_has_16_to_24_cards_signups_gain_churn_lose():
    assert 16 <= len(SIGNUPS_CARDS) <= 24 and 16 <= len(CHURN_CARDS) <= 24
    for card in SIGNUPS_CARDS:
        assert min(card.cash, card.cash_per_server, card.servers) >= 0
        assert card.cash or card.cash_per_server or card.servers
    for card in CHURN_CARDS:
        assert max(card.cash, card.cash_per_server, card.servers) <= 0
        assert card.cash or card.cash_per_server or card.servers


def test_S10_card_texts_state_exactly_what_the_card_does():
    for card in SIGNUPS_CARDS + CHURN_CARDS:
        if card.cash:
            assert f"${abs(card.cash):,}." in card.text, card.text
        if card.cash_per_server:
            assert f"${abs(card.cash_per_server):,} per server" in card.text, card.text
        if card.servers:
            n = abs(card.servers)
            assert f"{n} server{'s' if n > 1 else ''}." in card.text, card.text
        verb = ("Collect", "Gain") if card.deck == "signups" else ("Pay", "Lose")
        assert any(v in card.text for v in verb), card.text


def test_S10_landing_on_signups_draws_a_card_as_a_chance_step_and_gains():
    state = scenario("S + . . F", seat0={"servers": 3})
    roll(state, 1)
    assert state.current_player == CHANCE and state.phase == "draw"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(SIGNUPS_CARDS)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    events = state.apply(sm.DrawCard("signups", 6))      # $5,000 per server
    assert of(events, ev.CardDrawn) == [ev.CardDrawn(0, "signups", 6,
                                                     SIGNUPS_CARDS[6].text)]
    assert state.players[0].cash == 65_000
    events = roll(state, 1)                              # seat 1 draws servers
    state.apply(sm.DrawCard("signups", 4))
    assert state.players[1].servers == 5


def test_S10_churn_losses_money_into_pot_servers_to_bank():
    state = scenario("S - . . F", seat0={"servers": 5})
    roll(state, 1)
    state.apply(sm.DrawCard("churn", 3))                 # Lose 2 servers.
    assert state.players[0].servers == 3 and state.servers_returned == 2
    roll(state, 1)
    state.apply(sm.DrawCard("churn", 8))                 # $5,000 per server (seat 1: 2)
    assert state.players[1].cash == 40_000 and state.pot == 10_000


def test_S10_drawn_card_leaves_the_deck_until_reshuffled_when_empty():
    state = scenario("S + + + + + + + + + + + + + + + + + + + + + + F", players=2)
    n = len(SIGNUPS_CARDS)
    drawn = []
    for k in range(n):
        roll(state, 1)
        remaining = {a.card_id for a in state.legal_actions()}
        assert len(remaining) == n - k and not remaining & set(drawn)
        card = state.sample_chance()
        events = state.apply(card)
        drawn.append(card.card_id)
    assert sorted(drawn) == list(range(n))
    assert of(events, ev.DeckReshuffled) == [ev.DeckReshuffled("signups")]
    assert state.decks["signups"] == list(range(n))


def test_S10_decks_are_shuffled_with_the_game_seed():
    def draws(seed):
        state = sm.new_game(2, seed=seed, board=track("S + . . F"))
        state.apply(sm.Die(6))
        state.apply(sm.Die(1))
        state.apply(sm.Die(1))
        return state.sample_chance()
    assert draws(5) == draws(5)
    assert len({draws(s).card_id for s in range(30)}) > 5


def test_S10_drawing_a_card_not_in_the_deck_is_illegal():
    state = scenario("S + . . F")
    roll(state, 1)
    with pytest.raises(sm.IllegalAction):
        state.apply(sm.DrawCard("churn", 0))
    with pytest.raises(sm.IllegalAction):
        state.apply(sm.DrawCard("signups", len(SIGNUPS_CARDS)))


# ------------------------------------------------------------------ S11 FINISH

def test_S11_move_stops_at_finish_surplus_pips_lost():
    state = scenario("S . . F", seat0={"position": 1})
    events = roll(state, 6)
    assert of(events, ev.Moved) == [ev.Moved(0, 1, (2, 3))]
    assert state.players[0].position == 3 and state.players[0].finished


def test_S11_first_to_finish_gains_10_servers_later_ones_do_not():
    state = scenario("S . . F", players=3)
    events = roll(state, 3)
    assert of(events, ev.Finished) == [ev.Finished(0, 1, 10)]
    assert state.players[0].servers == 12
    events = roll(state, 5)
    assert of(events, ev.Finished) == [ev.Finished(1, 2, 0)]
    assert state.players[1].servers == 2


def test_S11_finished_players_wait_and_take_no_more_turns():
    state = scenario("S . . . . F", players=3)
    roll(state, 5)                                       # seat 0 finishes
    seats = []
    for _ in range(4):
        seats.append(state.turn_seat)
        roll(state, 1)
    assert seats == [1, 2, 1, 2]


def test_S11_game_ends_when_every_player_has_reached_finish():
    state = scenario("S . . F", players=2)
    roll(state, 3)
    assert not state.is_terminal()
    events = roll(state, 4)
    assert state.is_terminal() and state.current_player == TERMINAL
    assert isinstance(events[-1], ev.GameOver)
    assert state.legal_actions() == []
    with pytest.raises(sm.IllegalAction):
        state.apply(sm.Die(1))


def test_S11_paydays_passed_on_the_way_to_finish_pay_before_the_bonus():
    state = scenario("S . $ F", players=2, seat0={"servers": 2})
    events = roll(state, 3)                              # passes PAYDAY! then FINISH
    assert of(events, ev.PassedPayday)[0].amount == 20_000   # paid before the bonus


# ------------------------------------------------------------------ S12 winner

def test_S12_final_money_is_cash_plus_20000_per_server_highest_wins():
    state = scenario("S . . F", players=3,
                     seat1={"cash": 300_000}, seat2={"cash": 100_000, "servers": 9})
    for _ in range(3):
        roll(state, 6)
    # seat 0: 50,000 + 12 * 20,000; seat 1: 300,000 + 40,000; seat 2: 100,000 + 180,000
    assert state.scores() == [290_000, 340_000, 280_000]
    assert state.winners() == [1]


def test_S12_equal_final_money_shares_the_win():
    state = scenario("S . . F", players=2, seat1={"cash": 250_000})
    roll(state, 6)                                     # seat 0: 50k + 12 servers = 290k
    events = roll(state, 6)                            # seat 1: 250k + 2 servers = 290k
    assert state.winners() == [0, 1]
    assert events[-1] == ev.GameOver((290_000, 290_000), (0, 1))
    assert [e.final_money for e in of(events, ev.FinalTally)] == [290_000, 290_000]


# ------------------------------------------------------------------ S13

def test_S13_stray_last_line_is_not_a_rule():
    """The rules text ends with "from Halo Wars ..."; nothing in the game uses it."""
    with open(RULES_MD, encoding="utf-8") as f:
        notes = f.read()
    assert "S13" in notes and "Halo Wars" in notes
    texts = " ".join(c.text for deck in DECKS.values() for c in deck)
    labels = " ".join(s.label for s in sm.default_board())
    assert "Halo" not in texts and "Halo" not in labels and "Vasquez" not in texts


# ------------------------------------------------------------------ the whole game on the map

def test_rule_object_of_the_game_play_a_whole_game_on_the_tiled_board():
    state = sm.new_game(4, seed=3)
    assert state.board is sm.default_board()
    steps = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            action = state.sample_chance()
        else:
            action = state.legal_actions()[0]
        state.apply(action)
        steps += 1
        assert steps < 10_000
    assert all(p.finished for p in state.players)
    assert state.winners()
