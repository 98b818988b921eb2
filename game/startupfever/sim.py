"""Headless Startup Fever simulator behind `python main.py sim startupfever`.

Plays whole games with the simple players (seat types alternate random / rules and rotate
from game to game, so seat and player type are not confounded; `rule_only` puts the rule
player in every seat, to measure seat bias), checks the invariants after every product
turn and at the end, and returns the figures. Game `g` of a run uses the seed
`mixed_seed(seed, g)` (a hash of both: runs with different seeds are independent), so any
game can be replayed alone with `play_game(players, seed, g)`.

Invariants checked whenever a product turn has ended (`turn_index` moved on: after each
turn, and after the year end's steps when the next year starts) and when the game ends
(F3, F4, F12):
* money: bank + players + marketing (sealed tokens too) = 100, nobody (bank included)
  below 0;
* employees: Nerds and Suits on products + supply = 50 each, executives held + supply =
  players - 1 each, and no negative count anywhere;
* the game does not run past the year-15 safety stop, and it reaches its end.

Why not after every action: money and employees are conserved quantities, so a leak stays
visible at the next check, and the check cost as much as a sixth of the run. `main.py
stress` still checks every invariant after every single step (game/tools/stress.py), on random
play that reaches far more states; a violation found here names the game to replay there.

Figures: avg_turns counts product turns (every product has one turn a year, and a game
always ends at a year end, so it is years x products), avg_steps the applied actions
(decisions and chance outcomes), avg_years the years played.

Decisions the players take from `legal_actions()` and chance outcomes drawn by
`sample_chance()` are applied through `State.apply_quiet`, unchecked (this very
state listed or drew them a moment ago); any object a player built itself goes through
the checked `State.apply`.

Large runs are split over the machine's cores (each game is independent, so the figures
do not depend on the split).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Final

from game.engine import engine
from game.parallel import play_ranges
from game.simulate import figures, mixed_seed, new_tally, rotating_seat_types, tally_game

from .players import RandomPlayer, RulePlayer
from .rules import State, new_game
from .stages import CHANCE_STAGES
from .state import (
    BIG_NERD,
    BIG_SUIT,
    LAST_YEAR,
    NERD,
    SUIT,
    SUPPLY_WORKERS,
    TOTAL_MONEY,
    products_per_player,
)

TYPES: tuple[Any, ...] = (RulePlayer, RandomPlayer)
KINDS: Final = tuple(cls.kind for cls in TYPES)
STEP_CAP = 20_000  # applied actions; a game this long is stuck: a violation
PARALLEL_FROM: Final = 200  # games; smaller runs are not worth starting processes


def game_seed(seed: int, g: int) -> int:
    return mixed_seed(seed, g)


def seat_types(players: int, g: int, rule_only: bool = False) -> list[Any]:
    if rule_only:
        return [RulePlayer] * players
    return rotating_seat_types(TYPES, players, g)


def invariant_violations(state: State) -> list[str]:
    """Broken invariants of a state (empty when all hold). Written to be cheap: it runs
    after every action of every simulated game."""
    bad: list[str] = []
    money = state.bank
    if money < 0:
        bad.append(f"bank has {money}")
    nerds = state.supply[NERD]
    suits = state.supply[SUIT]
    big_nerds = state.supply[BIG_NERD]
    big_suits = state.supply[BIG_SUIT]
    for i, pl in enumerate(state.players):
        if pl.money < 0:
            bad.append(f"seat {i} has {pl.money} money")
        money += pl.money
        big_nerds += len(pl.big_nerds)
        big_suits += len(pl.big_suits)
    negative = False
    money += sum(state.marketing_pending.values())
    for p in state.products.values():
        money += p.marketing
        pn, ps = p.nerds, p.suits
        nerds += pn[0] + pn[1] + pn[2] + pn[3] + pn[4]
        suits += ps[0] + ps[1] + ps[2] + ps[3] + ps[4]
        if p.marketing < 0 or min(pn) < 0 or min(ps) < 0:
            negative = True
    if money != TOTAL_MONEY:
        bad.append(f"money adds up to {money}, not {TOTAL_MONEY}")
    if negative or min(state.supply.values()) < 0:
        bad.append("a negative employee or marketing count")
    execs = len(state.players) - 1
    if (nerds, suits, big_nerds, big_suits) != (SUPPLY_WORKERS, SUPPLY_WORKERS, execs, execs):
        bad.append(f"employees not conserved: {nerds} Nerds, {suits} Suits, "
                   f"{big_nerds} Big Nerds, {big_suits} Big Suits")
    if state.year > LAST_YEAR:
        bad.append(f"year {state.year} is past the safety stop")
    return bad


def fast_check(state: State) -> Callable[[], bool]:
    """A closure returning True while every invariant holds: the simulator's hot path.
    `invariant_violations` says what is wrong once it returns False. (Plain loops over
    typed fields: compiled by mypyc they beat the former `map`/`attrgetter` sums.)"""
    products = list(state.products.values())
    players = state.players
    supply = state.supply
    execs = len(players) - 1

    def ok() -> bool:
        bank = state.bank
        money = bank
        neg = bank  # the bitwise or of every count: negative when any one is
        big_nerds = supply[BIG_NERD]
        big_suits = supply[BIG_SUIT]
        for pl in players:
            m = pl.money
            money += m
            neg |= m
            big_nerds += len(pl.big_nerds)
            big_suits += len(pl.big_suits)
        nerds = supply[NERD]
        suits = supply[SUIT]
        for p in products:
            m = p.marketing
            money += m
            a, b, c, d, e = p.nerds  # a product's five vesting fields, written out
            nerds += a + b + c + d + e
            neg |= m | a | b | c | d | e
            a, b, c, d, e = p.suits
            suits += a + b + c + d + e
            neg |= a | b | c | d | e
        pending = state.marketing_pending  # sealed marketing (F14), only at year end
        if pending:
            money += sum(pending.values())
        for k in supply.values():
            neg |= k
        return (neg >= 0 and money == TOTAL_MONEY and nerds == SUPPLY_WORKERS
                and suits == SUPPLY_WORKERS and big_nerds == execs and big_suits == execs
                and state.year <= LAST_YEAR)

    return ok


def play_game(players: int, seed: int, g: int, rule_only: bool = False,
              final: list[Any] | None = None
              ) -> tuple[int, int, list[int], list[str], list[str]]:
    """Play game g; returns (steps, years, winners, seat type names, violations).
    Steps are applied actions: decisions and chance outcomes. `final`, if given, receives
    the final (VP, money) per seat."""
    gs = game_seed(seed, g)
    state = new_game(players, seed=gs)
    kinds = seat_types(players, g, rule_only)
    # typed: compiled, `decide` is then a direct call
    agents: list[RulePlayer | RandomPlayer] = [cls(gs * 8 + seat)
                                               for seat, cls in enumerate(kinds)]
    violations: list[str] = []
    # The one shortcut: a decision that is the very object this state listed a
    # moment ago, or the outcome its own `sample_chance` drew (nothing changed in
    # between), is legal, so its check is skipped. Any other object a player returns
    # goes through the public, checked `apply`. A run of card-window Passes that are
    # their seat's only choice is applied at once (`pass_forced`): a third of all steps.
    # (Methods are called on the state itself,
    # not through saved bound methods: compiled, those are direct calls;
    # `apply_quiet` stays a bound method, which tests replace.)
    apply_listed = state.apply_quiet  # builds no events: nobody reads them
    ok = fast_check(state)
    steps = 0
    turn = 0  # turn_index at the last check: a product turn (or a year end) ended since
    cap = STEP_CAP
    while True:
        # `current_player` read from the stage here (a property call per step is 2% of a
        # plain game): a chance stage is CHANCE, "over" TERMINAL, any other the actor
        stage = state.stage
        if stage == "window" and (passes := state.pass_forced()):  # (see above)
            steps += passes - 1  # (the last one is counted below)
        elif stage in CHANCE_STAGES:
            apply_listed(state.sample_chance())
        elif stage == "over":
            if not ok():
                violations += _broken(state, g, gs, steps)
            break
        else:
            legal = state.legal_actions()
            if len(legal) == 1:  # a card window's Pass, a Defense one cannot play: no choice
                apply_listed(legal[0])
            else:
                action = agents[state.actor].decide(state, legal)
                if legal[-1] is action or _listed(action, legal):  # often the last one
                    apply_listed(action)
                else:
                    state.apply(action)
        steps += 1
        if state.turn_index != turn:
            turn = state.turn_index
            if not ok():
                violations += _broken(state, g, gs, steps)
                break
        if steps > cap:
            violations.append(f"game {g} (seed {gs}) did not end in {cap} steps")
            break
    if final is not None:
        final.append((state.scores(), [pl.money for pl in state.players]))
    return steps, state.year, state.winners(), [cls.kind for cls in kinds], violations


def _listed(action: Any, legal: list) -> bool:
    """Is `action` one of the listed objects themselves (identity, not equality)? (A
    plain loop: compiled, a sixth of a game quicker than `any(map(partial(is_, action),
    legal))`; plain, quicker than `any()` over a generator.)"""
    for a in legal:  # noqa: SIM110 (the loop is the point: see above)
        if a is action:
            return True
    return False


def _broken(state: State, g: int, gs: int, steps: int) -> list[str]:
    """The violation messages of game g once `fast_check` has failed."""
    bad = invariant_violations(state) or ["fast check and full check disagree"]
    return [f"game {g} (seed {gs}) year {state.year} step {steps}: {b}" for b in bad]


def _play_range(args: tuple[int, int, int, int], rule_only: bool = False) -> dict[str, Any]:
    players, seed, start, stop = args
    tally = new_tally(players, KINDS)
    steps = years = turns = 0
    for g in range(start, stop):
        n, y, winners, kinds, bad = play_game(players, seed, g, rule_only)
        steps += n
        years += y
        turns += y * players * products_per_player(players)
        tally_game(tally, winners, kinds, bad)
    tally.update(steps=steps, years=years, turns=turns)
    return tally


def simulate(games: int, players: int = 4, seed: int = 1, workers: int | None = None,
             rule_only: bool = False) -> dict[str, Any]:
    """Play `games` games of `players` and return the figures (see game/simulate.py);
    `rule_only`: the rule player in every seat."""
    if games < 1:
        raise ValueError("games must be at least 1")
    if not 2 <= players <= 6:
        raise ValueError(f"Startup Fever needs 2-6 players, not {players}")
    parts, seconds, workers = play_ranges(
        partial(_play_range, rule_only=rule_only), games=games, players=players, seed=seed,
        workers=workers, parallel_from=PARALLEL_FROM)
    averages = {f"avg_{key}": round(sum(p[key] for p in parts) / games, 2)
                for key in ("turns", "years", "steps")}
    result = figures(parts, averages, games=games, players=players, seed=seed,
                     workers=workers, seconds=seconds, kinds=KINDS)
    result["engine"] = engine()  # "compiled" (mypyc, game/engine.py) or "python"
    if rule_only:
        result["rule_only"] = True
    return result
