"""The SERVERMANIA rules: the flow of a turn, top to bottom, one function per rule.

`apply(state, action)` checks the action against the phase *before* touching anything
(so an illegal action changes nothing), then runs the flow until the next decision or
chance step, appending events as it goes. Rule numbers (S1-S13) are the rulings
written down in RULES.md beside this file.

The state is a plain `State` (see state.py); these functions only read and write its
fields, so the same code path serves the scenes, the AI, the simulator and the tests.
Events are noted as cheap `(EventClass, *fields)` tuples while the rules run and built
into the event dataclasses at the end of `apply`; the simulator asks `apply` not to build
them (`build_events=False`), which halves its time without a second copy of any rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.servermania.actions import (
    DIE_FACES,
    DRAWS,
    PAY_MAINTENANCE,
    PAY_TO_LEAVE_STUCK,
    ROLL_TO_LEAVE_STUCK,
    SKIP_MAINTENANCE,
    Action,
    Die,
    DrawCard,
    PayMaintenance,
    PayToLeaveStuck,
    RollToLeaveStuck,
    SkipMaintenance,
)
from game.servermania.board import (
    CEO_BONUS,
    CHURN,
    CUSTOMER_SERVICE,
    FINISH,
    PAYDAY,
    SIGNUPS,
    STUCK,
    TECHPAD,
)
from game.servermania.cards import DECK_NAMES, DECKS
from game.servermania.events import (
    CardDrawn,
    CashChanged,
    DeckReshuffled,
    FinalTally,
    Finished,
    FirstPlayer,
    GameOver,
    Landed,
    LeftStuck,
    MaintenanceChoice,
    Moved,
    PassedPayday,
    PotChanged,
    Rolled,
    RollOffTie,
    ServersChanged,
    StuckRoll,
    TurnEnded,
    TurnStarted,
)
from game.servermania.fields import (  # noqa: F401 (the rules' numbers, named here too)
    FIRST_FINISH_BONUS,
    MAINTENANCE_FEE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PAYDAY_PER_SERVER,
    SERVER_VALUE,
    STARTING_CASH,
    STARTING_SERVERS,
    STUCK_FEE,
    STUCK_FREE_MAX,
    Player,
)
from game.servermania.stages import (  # noqa: F401 (the phases, named here too)
    CHANCE,
    CHANCE_PHASES,
    DIE_PHASES,
    DRAW,
    GAME_OVER,
    MAINTENANCE,
    MOVE_ROLL,
    PHASES,
    ROLL_OFF,
    STUCK_CHOICE,
    STUCK_ROLL,
    TECHPAD_ROLL,
    TERMINAL,
)

if TYPE_CHECKING:  # the rules read and write only the State's fields
    from game.servermania.fields import Fields as State

class IllegalAction(ValueError):
    """The action is not legal now; the state has not changed."""


class StateError(RuntimeError):
    """The state contradicts itself (e.g. a hand-edited one); the rules cannot go on."""


def _uniform(n: int) -> tuple[float, ...]:
    """n equal probabilities whose plain left-to-right `sum()` is exactly 1.0.

    The last one is 1.0 minus the running sum of the others (within an ulp of 1/n;
    Sterbenz: for n >= 2 that subtraction and the final addition are exact).
    """
    p = 1 / n
    total = 0.0
    for _ in range(n - 1):
        total += p
    return (p,) * (n - 1) + (1.0 - total,)


#: _UNIFORM[n]: the probabilities of n equally likely outcomes (n <= the largest deck).
_UNIFORM = [()] + [_uniform(n) for n in range(1, max(len(c) for c in DECKS.values()) + 1)]
_DIE_OUTCOMES = tuple(zip(DIE_FACES, _uniform(len(DIE_FACES)), strict=True))


# --------------------------------------------------------------------------- queries

def legal_actions(s: State) -> list[Action]:
    phase = s.phase
    if phase in DIE_PHASES:
        return list(DIE_FACES)
    if phase == DRAW:
        table = DRAWS[s.draw_deck]
        return [table[i] for i in s.decks[s.draw_deck]]
    if phase == MAINTENANCE:            # S6: only a player with the $50,000 may pay
        if s.players[s.turn_seat].cash >= MAINTENANCE_FEE:
            return [PAY_MAINTENANCE, SKIP_MAINTENANCE]
        return [SKIP_MAINTENANCE]
    if phase == STUCK_CHOICE:           # S8: likewise the STUCK fee
        if s.players[s.turn_seat].cash >= STUCK_FEE:
            return [PAY_TO_LEAVE_STUCK, ROLL_TO_LEAVE_STUCK]
        return [ROLL_TO_LEAVE_STUCK]
    return []


def chance_outcomes(s: State) -> list[tuple[Action, float]]:
    """Dice are uniform; card draws are uniform over the cards not yet drawn since the
    last shuffle (S10). The probabilities `sum()` to exactly 1.0 (see `_uniform`)."""
    phase = s.phase
    if phase in DIE_PHASES:
        return list(_DIE_OUTCOMES)
    if phase == DRAW:
        outcomes = legal_actions(s)
        return list(zip(outcomes, _UNIFORM[len(outcomes)], strict=True))
    return []


def sample_chance(s: State) -> Action:
    """The outcome of the pending chance step, drawn from the state's seeded RNG."""
    phase = s.phase
    if phase in DIE_PHASES:
        return DIE_FACES[int(s.rng.random() * 6)]
    if phase == DRAW:
        remaining = s.decks[s.draw_deck]
        return DRAWS[s.draw_deck][remaining[int(s.rng.random() * len(remaining))]]
    raise IllegalAction(f"no chance step is pending (phase {phase!r})")


# --------------------------------------------------------------------------- apply

def _described(action: object) -> str:
    """`str(action)` for an error message, never an error itself: a malformed action
    (DrawCard(deck={}, ...), an object whose str() raises) must still give IllegalAction."""
    try:
        text = str(action)
    except Exception:  # any str() may fail on a forged object; the message must not
        return f"a malformed {type(action).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."


def apply(s: State, action: Any, build_events: bool = True) -> list:
    """Check `action` (any value: a caller may pass anything) against the phase, then play it
    out; returns the events.

    With build_events=False the same rules run and nothing is returned (simulator).
    """
    phase = s.phase
    cls = action.__class__
    ev: list = []
    if phase in DIE_PHASES:
        if cls is not Die or type(action.value) is not int or not 1 <= action.value <= 6:
            raise IllegalAction(f"a die roll (1-6) is due, not {_described(action)}")
        value = action.value
        if phase == MOVE_ROLL:
            ev.append((Rolled, s.turn_seat, value, "move"))
            _move(s, value, ev)
        elif phase == ROLL_OFF:
            _roll_off(s, value, ev)
        elif phase == STUCK_ROLL:
            _stuck_roll(s, value, ev)
        else:
            _techpad_roll(s, value, ev)
    elif phase == DRAW:
        if (cls is not DrawCard or action.deck != s.draw_deck
                or type(action.card_id) is not int
                or action.card_id not in s.decks[s.draw_deck]):
            raise IllegalAction(f"a card from the {s.draw_deck} deck is due, "
                                f"not {_described(action)}")
        _draw(s, action, ev)
    elif phase == MAINTENANCE:
        if cls is PayMaintenance:
            if s.players[s.turn_seat].cash < MAINTENANCE_FEE:
                raise IllegalAction("maintenance costs $50,000; this player cannot pay it")
            _pay_maintenance(s, ev)
        elif cls is SkipMaintenance:
            _skip_maintenance(s, ev)
        else:
            raise IllegalAction(f"pay or skip maintenance, not {_described(action)}")
    elif phase == STUCK_CHOICE:
        if cls is PayToLeaveStuck:
            if s.players[s.turn_seat].cash < STUCK_FEE:
                raise IllegalAction("leaving STUCK costs $50,000; this player cannot pay it")
            _pay_to_leave_stuck(s, ev)
        elif cls is RollToLeaveStuck:
            s.phase = STUCK_ROLL
        else:
            raise IllegalAction(f"pay or roll to leave STUCK, not {_described(action)}")
    else:
        raise IllegalAction(f"the game is over; {_described(action)} is not possible")
    if build_events:
        return [event(*fields) for event, *fields in ev]
    return []


# --------------------------------------------------------------------------- money

def _bank_pays(s: State, p: Player, seat: int, amount: int, reason: str, ev: list) -> None:
    p.cash += amount
    s.bank_paid_out += amount
    ev.append((CashChanged, seat, amount, p.cash, reason))


def _pay_pot(s: State, p: Player, seat: int, amount: int, reason: str, ev: list) -> None:
    """Fees and penalties go into the CEO BONUS pot (S9), never below $0 (S4)."""
    paid = amount if amount <= p.cash else p.cash
    if paid <= 0:
        return
    p.cash -= paid
    s.pot += paid
    ev.append((CashChanged, seat, -paid, p.cash, reason))
    ev.append((PotChanged, seat, paid, s.pot, reason))


def _gain_servers(s: State, p: Player, seat: int, n: int, reason: str, ev: list) -> None:
    p.servers += n
    s.servers_issued += n
    ev.append((ServersChanged, seat, n, p.servers, reason))


def _lose_servers(s: State, p: Player, seat: int, n: int, reason: str, ev: list) -> None:
    """Servers go back to the bank, never below 1 (S4)."""
    lost = n if n < p.servers else p.servers - 1
    if lost <= 0:
        return
    p.servers -= lost
    s.servers_returned += lost
    ev.append((ServersChanged, seat, -lost, p.servers, reason))


# --------------------------------------------------------------------------- turn flow

def _roll_off(s: State, value: int, ev: list) -> None:
    """S2: everyone rolls; highest starts; tied highest roll again among themselves."""
    ev.append((Rolled, s.turn_seat, value, "first"))
    s.roll_off_rolls.append(value)
    done = len(s.roll_off_rolls)
    if done < len(s.roll_off):
        s.turn_seat = s.roll_off[done]
        return
    best = max(s.roll_off_rolls)
    top = [seat for seat, v in zip(s.roll_off, s.roll_off_rolls, strict=True) if v == best]
    s.roll_off_rolls = []
    if len(top) > 1:
        ev.append((RollOffTie, tuple(top), best))
        s.roll_off = top
        s.turn_seat = top[0]
        return
    s.roll_off = []
    s.turn_seat = top[0]
    ev.append((FirstPlayer, top[0], best))
    _start_turn(s, ev)


def _start_turn(s: State, ev: list) -> None:
    s.turn += 1
    seat = s.turn_seat
    ev.append((TurnStarted, seat, s.turn))
    p = s.players[seat]
    if s.board.kinds[p.position] == STUCK:     # S8: a later turn on STUCK
        s.phase = STUCK_CHOICE if p.cash >= STUCK_FEE else STUCK_ROLL
    else:
        _before_move_roll(s, ev)


def _before_move_roll(s: State, ev: list) -> None:
    """S6: before a roll that moves the pawn, ask about maintenance if CS is 1-6 ahead."""
    seat = s.turn_seat
    p = s.players[seat]
    s.maintenance_paid = False
    cs = s.board.cs_ahead[p.position]
    if cs >= 0:
        if p.cash >= MAINTENANCE_FEE:
            s.phase = MAINTENANCE
            return
        ev.append((MaintenanceChoice, seat, cs, False, False))   # can't pay: no borrowing
    s.phase = MOVE_ROLL


def _pay_maintenance(s: State, ev: list) -> None:
    seat = s.turn_seat
    _pay_pot(s, s.players[seat], seat, MAINTENANCE_FEE, "maintenance fee", ev)
    ev.append((MaintenanceChoice, seat, s.board.cs_ahead[s.players[seat].position], True, True))
    s.maintenance_paid = True
    s.phase = MOVE_ROLL


def _skip_maintenance(s: State, ev: list) -> None:
    seat = s.turn_seat
    ev.append((MaintenanceChoice, seat, s.board.cs_ahead[s.players[seat].position], False, True))
    s.maintenance_paid = False
    s.phase = MOVE_ROLL


def _pay_to_leave_stuck(s: State, ev: list) -> None:
    seat = s.turn_seat
    _pay_pot(s, s.players[seat], seat, STUCK_FEE, "STUCK fee", ev)
    ev.append((LeftStuck, seat, "paid"))
    _before_move_roll(s, ev)


def _stuck_roll(s: State, value: int, ev: list) -> None:
    """S8: 1-3 frees the pawn, which then rolls again to move; 4-6 ends the turn."""
    seat = s.turn_seat
    ev.append((Rolled, seat, value, "stuck"))
    freed = value <= STUCK_FREE_MAX
    ev.append((StuckRoll, seat, value, freed))
    if freed:
        ev.append((LeftStuck, seat, "rolled"))
        _before_move_roll(s, ev)
    else:
        _end_turn(s, ev)


def _move(s: State, steps: int, ev: list) -> None:
    """Move forward; every PAYDAY! passed pays (S5); FINISH stops the move (S11)."""
    seat = s.turn_seat
    p = s.players[seat]
    kinds = s.board.kinds
    start = p.position
    end = start + steps
    if end > s.board.last:
        end = s.board.last
    ev.append((Moved, seat, start, tuple(range(start + 1, end + 1))))
    for square in range(start + 1, end):
        if kinds[square] == PAYDAY:
            amount = PAYDAY_PER_SERVER * p.servers
            ev.append((PassedPayday, seat, square, amount))
            _bank_pays(s, p, seat, amount, "passed PAYDAY!", ev)
    p.position = end
    _land(s, ev)


def _land(s: State, ev: list) -> None:
    seat = s.turn_seat
    p = s.players[seat]
    square = p.position
    kind = s.board.kinds[square]
    ev.append((Landed, seat, square, kind))
    maintained = s.maintenance_paid
    s.maintenance_paid = False
    if kind == PAYDAY:                                   # S5: landing pays double
        _bank_pays(s, p, seat, 2 * PAYDAY_PER_SERVER * p.servers, "landed on PAYDAY!", ev)
    elif kind == CUSTOMER_SERVICE:                       # S6
        if maintained:
            _gain_servers(s, p, seat, p.servers, "CUSTOMER SERVICE: maintained, doubled", ev)
        else:
            _lose_servers(s, p, seat, (p.servers + 1) // 2,
                          "CUSTOMER SERVICE: no maintenance, halved", ev)
    elif kind == TECHPAD:                                # S7: roll once more
        s.phase = TECHPAD_ROLL
        return
    elif kind == CEO_BONUS:                              # S9
        if s.pot > 0:
            won = s.pot
            s.pot = 0
            p.cash += won
            ev.append((PotChanged, seat, -won, 0, "CEO BONUS"))
            ev.append((CashChanged, seat, won, p.cash, "CEO BONUS"))
    elif kind in (SIGNUPS, CHURN):                       # S10
        s.draw_deck = kind
        s.phase = DRAW
        return
    elif kind == FINISH:                                 # S11
        _finish(s, seat, p, ev)
    # STUCK (S8): landing ends the turn; the pawn waits there. Plain/start: nothing.
    _end_turn(s, ev)


def _techpad_roll(s: State, value: int, ev: list) -> None:
    seat = s.turn_seat
    ev.append((Rolled, seat, value, "techpad"))
    _gain_servers(s, s.players[seat], seat, value, "TechPad Agency", ev)
    _end_turn(s, ev)


def _draw(s: State, action: DrawCard, ev: list) -> None:
    """S10: do what the card says; reshuffle the deck when its last card is drawn."""
    seat = s.turn_seat
    p = s.players[seat]
    deck = action.deck
    card = DECKS[deck][action.card_id]
    remaining = s.decks[deck]
    remaining.remove(card.id)
    ev.append((CardDrawn, seat, deck, card.id, card.text))
    if not remaining:
        remaining.extend(range(len(DECKS[deck])))
        ev.append((DeckReshuffled, deck))
    reason = f"{DECK_NAMES[deck]} card"
    if card.servers > 0:
        _gain_servers(s, p, seat, card.servers, reason, ev)
    elif card.servers < 0:
        _lose_servers(s, p, seat, -card.servers, reason, ev)
    amount = card.cash + card.cash_per_server * p.servers
    if amount > 0:
        _bank_pays(s, p, seat, amount, reason, ev)
    elif amount < 0:
        _pay_pot(s, p, seat, -amount, reason, ev)    # all they have if short (S10, S4)
    s.draw_deck = ""
    _end_turn(s, ev)


def _finish(s: State, seat: int, p: Player, ev: list) -> None:
    """S11: the first to reach FINISH gains 10 servers; finished players wait."""
    p.finished = True
    s.finish_order.append(seat)
    place = len(s.finish_order)
    bonus = FIRST_FINISH_BONUS if place == 1 else 0
    ev.append((Finished, seat, place, bonus))
    if bonus:
        _gain_servers(s, p, seat, bonus, "first to FINISH", ev)


def _end_turn(s: State, ev: list) -> None:
    seat = s.turn_seat
    ev.append((TurnEnded, seat))
    players = s.players
    n = len(players)
    if len(s.finish_order) == n:
        _game_over(s, ev)
        return
    nxt = (seat + 1) % n                                 # S2: clockwise = seat order
    if players[nxt].finished:
        nxt = _next_unfinished(s, nxt)
    s.turn_seat = nxt
    _start_turn(s, ev)


def _next_unfinished(s: State, seat: int) -> int:
    """The first seat from `seat` on, clockwise, still racing. Bounded by the number of
    players, so a state whose finished flags contradict finish_order raises, not hangs."""
    n = len(s.players)
    for step in range(n):
        nxt = (seat + step) % n
        if not s.players[nxt].finished:
            return nxt
    raise StateError(f"every player is flagged finished but finish_order is "
                     f"{s.finish_order}; the state is inconsistent")


def _game_over(s: State, ev: list) -> None:
    """S11/S12: everyone has finished; final money = cash + $20,000 per server."""
    s.phase = GAME_OVER
    money = final_money(s)
    for seat, p in enumerate(s.players):
        ev.append((FinalTally, seat, p.cash, p.servers, money[seat]))
    ev.append((GameOver, tuple(money), tuple(winners_of(money))))


def final_money(s: State) -> list[int]:
    return [p.cash + SERVER_VALUE * p.servers for p in s.players]


def winners_of(money: list[int]) -> list[int]:
    best = max(money)
    return [seat for seat, m in enumerate(money) if m == best]
