"""Card decisions: playing from the hand at a window, Defense, and Attrition's moves.

Playing a card and answering Defense show the hand, so both sit behind the curtain
(F13). A card's effect is previewed by the rules on a clone in which no rival holds
Defense (the preview must not tell whether one does), and a rival's chip revealed by
a Leak in that preview is never named.
"""

from __future__ import annotations

from typing import Any

from game.startupfever import cardhelp
from game.startupfever import events as ev
from game.startupfever.actions import Defend, MoveResigned, Pass, PlayCard, kind_name
from game.startupfever.cards import CARDS, DISCARD
from game.startupfever.events import CardPlayed, ProductLaunched
from game.startupfever.stages import Stage
from scenes.startupfever.choices import Ctx, Decision, Option, after, cell
from scenes.startupfever.words import describe

# Events that are a card's own effect (the preview stops at anything else: the next step)
EFFECTS = (ev.CardEffect, ev.MoneyMoved, ev.UsersLost, ev.ProductLaunched, ev.EmployeeMoved,
           ev.Hired)


def card_effect(text: str) -> str:
    """The card's text without its first sentence (when it is played, said elsewhere)."""
    head, _, rest = text.partition(". ")
    return rest or head


class WindowDecision(Decision):
    stage = Stage.WINDOW
    secret = True
    what = "hand"


def window_decision(state: Any, ctx: Ctx) -> Decision:
    seat = state.current_player
    plays: dict[str, list[PlayCard]] = {}
    for a in state.legal_actions():
        if type(a) is PlayCard:
            plays.setdefault(a.card, []).append(a)
    hand = state.players[seat].hand
    options = []
    for card in sorted(set(hand), key=lambda c: CARDS[c].name):
        copies = hand.count(card)
        name = CARDS[card].name + (f" ×{copies}" if copies > 1 else "")
        ways = plays.get(card, [])
        effect = card_effect(CARDS[card].text)
        if not ways:
            why = cardhelp.not_now(state, seat, card) or "can't be played now"
            options.append(Option(name, f"not now: {why}", enabled=False, key=card))
        elif state.window == DISCARD:
            options.append(Option(f"Discard {name}", "no effect: makes room for a new card",
                                  action=ways[0], key=card))
        elif len(ways) == 1:
            options.append(_play(state, ctx, ways[0], name, effect))
        else:
            options.append(Option(name, f"{CARDS[card].short}: pick one of {len(ways)}",
                                  key=card,
                                  then=lambda ways=ways: [_play(state, ctx, w, _target(ctx,
                                                          state, w), card_effect(
                                                              CARDS[w.card].text))
                                                          for w in ways],
                                  title=f"{CARDS[card].name} on…", how=effect))
    options.append(Option("Play no more cards", "keep the rest of your hand",
                          action=Pass(), key="pass"))
    where = cardhelp.window_words(state.window, state.current_slot)
    how = f"Cards {where}: play one on its target, or stop. Several, one at a time."
    if state.window == DISCARD:
        how = "Year end: discard old cards now (no effect) to make room for new ones."
    options.sort(key=lambda o: (o.key == "pass", not o.enabled))  # playable first
    title = "discard old cards?" if state.window == DISCARD else "play a card?"
    return WindowDecision(ctx, seat, f"{ctx.name(seat)}: {title}", how, options)


def _target(ctx: Ctx, state: Any, play: PlayCard) -> str:
    if play.kind is not None:
        return f"naming {kind_name(play.kind)}"
    if play.slot is not None:
        return f"on {play.slot} ({ctx.name(state.products[play.slot].owner)})"
    if play.seat is not None:
        return f"on {ctx.name(play.seat)}'s company"
    return "without effect"


def preview_card(state: Any, ctx: Ctx, play: PlayCard) -> list[str]:
    """What the card would do, by the rules, if nobody answered with Defense."""
    seat = state.current_player
    clone = state.clone()
    events = clone.apply(play)
    if clone.stage == Stage.DEFENSE:  # the target is asked whatever it holds: it lets it be
        events += clone.apply(Defend(False))
    start = next((i for i, e in enumerate(events) if isinstance(e, CardPlayed)), -1)
    lines = []
    names = [s.name for s in ctx.seats]
    for e in events[start + 1:]:
        if type(e) not in EFFECTS:
            break
        if isinstance(e, ProductLaunched) and e.seat != seat:
            lines.append(f"{e.slot} {'leaks' if e.leaked else 'launches'}: its chip is shown")
            continue
        line = describe(e, names)
        if line:
            lines.append(line)
    return lines


def _play(state: Any, ctx: Ctx, play: PlayCard, label: str, effect: str) -> Option:
    lines = preview_card(state, ctx, play)
    detail = lines[0] if lines else effect
    target = _target(ctx, state, play)
    slots = frozenset({play.slot}) if play.slot else \
        frozenset({play.seat}) if play.seat is not None else frozenset()
    return Option(label, detail if label.startswith(("on ", "naming")) else
                  f"{target}: {detail}", action=play, slots=slots,
                  key=f"{play.card}:{play.slot}:{play.seat}:{play.kind}")


class DefenseDecision(Decision):
    stage = Stage.DEFENSE
    secret = True
    what = "hand"


def defense_decision(state: Any, ctx: Ctx) -> Decision:
    """Asked of the targeted company only (the rules put it in `current_player`)."""
    seat = state.current_player
    pc = state.pending_card
    card = CARDS[pc["card"]].name
    player = ctx.name(pc["seat"])
    on = f"your {pc['slot']}" if pc["slot"] else "your company"
    _clone, events = after(state, Defend(False))
    names = [s.name for s in ctx.seats]
    harm = [describe(e, names) for e in events if type(e) in EFFECTS]
    harm = [h for h in harm if h]
    idle = bool(harm) and all(h.lower().startswith("no effect") for h in harm)
    cancel = (f"{card} would do nothing anyway; Defense is used up all the same" if idle
              else f"Cancels {card}: nothing happens")
    options = [
        Option("Play Defense", cancel, action=Defend(True), key="defend"),
        Option("Let it happen", harm[0] if harm else card_effect(CARDS[pc["card"]].text),
               action=Defend(False), key="allow"),
    ]
    for o in options:
        o.slots = frozenset({pc["slot"] or seat})
    how = (f"{player} plays {card} on {on} ({CARDS[pc['card']].short}). Your "
           "Defense card can cancel it; both cards are then discarded.")
    return DefenseDecision(ctx, seat, f"{ctx.name(seat)}: play Defense?", how, options)


class AttritionDecision(Decision):
    stage = Stage.ATTRITION


def attrition_decision(state: Any, ctx: Ctx) -> Decision:
    """The Attrition player sends each resigning worker to a rival product or the pile."""
    seat = state.current_player
    at = state.attrition
    src = at["slot"]
    by_worker: dict[tuple[str, int], list[MoveResigned]] = {}
    for a in state.legal_actions():
        by_worker.setdefault((a.kind, a.vest), []).append(a)

    def dest(a: MoveResigned) -> Option:
        if a.dest is None:
            return Option("Back to the pile", "nobody gets this worker", action=a,
                          key="pile", slots=frozenset({src}))
        owner = ctx.name(state.products[a.dest].owner)
        return Option(f"To {a.dest} ({owner})", f"joins {a.dest} as a new hire", action=a,
                      key=f"to:{a.dest}", slots=frozenset({a.dest}),
                      spots=(cell(ctx.view, src, a.vest, a.kind),))

    options = [Option(f"{kind_name(kind)}, vesting {vest}",
                      f"send to one of {len(moves)} places", key=f"{kind}:{vest}",
                      then=lambda moves=moves: [dest(m) for m in moves],
                      slots=frozenset({src}), spots=(cell(ctx.view, src, vest, kind),),
                      title=f"Where does the {kind_name(kind)} go?")
               for (kind, vest), moves in sorted(by_worker.items())]
    how = (f"{at['left']} of {src}'s workers resign. Pick each one and send it to a "
           "product of another company (one each), or back to the pile.")
    return AttritionDecision(ctx, seat, f"{ctx.name(seat)}: Attrition on {src}", how,
                             options)
