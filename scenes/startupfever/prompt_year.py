"""Set-up and year-end decisions: chips, user loss, reassign, marketing, turn order.

Chips and marketing are secret (F13, F14): they are chosen behind the curtain. A
marketing budget is set as a whole (one row per product, − / +) and placed at once (the
rules take it one token at a time from `ctx.queue`, showing nothing more); a second
panel then seals it or changes it (the placed tokens taken back, `game.undo`). Both
panels open for every budget, $0 too, so the TV shows nothing of its size.
"""

from __future__ import annotations

from typing import Any

from game.startupfever import usertrack
from game.startupfever.actions import (
    EndMarketing,
    EndReassign,
    EndUserLoss,
    Market,
    Reassign,
    kind_name,
)
from game.startupfever.phrases import ordinal, position_words
from game.startupfever.stages import Stage
from game.undo import TAKE_BACK
from scenes.startupfever import look as sf_look
from scenes.startupfever.choices import Adjust, Ctx, Decision, Option, after, cell

# -- chips (set-up) -----------------------------------------------------------------------------


class ChipsDecision(Decision):
    stage = Stage.CHIPS
    secret = True
    what = "chips"


def chips_decision(state: Any, ctx: Ctx) -> Decision:
    seat = state.current_player
    legal = state.legal_actions()
    slot = legal[0].slot
    mine = [s for s in state.players[seat].slots if state.products[s].category]
    placed = ", ".join(f"{s} {state.products[s].category}" for s in mine) or "none yet"
    options = [Option(a.category, f"{slot} competes as {a.category} once launched",
                      action=a, key=a.category, slots=frozenset({slot}),
                      icon=sf_look.chip(a.category, 52)) for a in legal]
    how = ("Give each product a category, face down: it stays secret until the product "
           "launches. Products of one category compete at year end.")
    return ChipsDecision(ctx, seat, f"{ctx.name(seat)}: chip for {slot}", how, options,
                         [f"Placed: {placed}"])


# -- user loss ---------------------------------------------------------------------------------


class LossDecision(Decision):
    stage = Stage.LOSS


def loss_decision(state: Any, ctx: Ctx) -> Decision:
    seat = state.current_player
    options = []
    for a in state.legal_actions():
        if type(a) is EndUserLoss:
            continue
        p = state.products[a.slot]
        clone, _events = after(state, a)
        to = clone.products[a.slot].field
        owner = ctx.name(p.owner)
        vp_before, vp_after = state.scores()[p.owner], clone.scores()[p.owner]
        options.append(Option(f"{a.slot} ({owner}) back one field",
                              f"{usertrack.label(p.field)} → {usertrack.label(to)} users · "
                              f"{owner} VP {vp_before} → {vp_after}", action=a,
                              key=a.slot, slots=frozenset({a.slot})))
    options.append(Option("Stop here", f"leave {state.loss_left} pip"
                          f"{'s' if state.loss_left > 1 else ''} unused",
                          action=EndUserLoss(), key="end"))
    how = ("A pip moves a launched product above 100M users back a field: 2 at most "
           "each, never below 100M. Optional: hit rivals, spare yours.")
    return LossDecision(ctx, seat, f"{ctx.name(seat)}: user loss, {state.loss_left} "
                        f"pip{'s' if state.loss_left > 1 else ''}", how, options)


# -- reassign (year end) -----------------------------------------------------------------------


class ReassignDecision(Decision):
    stage = Stage.REASSIGN


def reassign_decision(state: Any, ctx: Ctx) -> Decision:
    seat = state.current_player
    by_worker: dict[tuple[str, str, int], list[Reassign]] = {}
    for a in state.legal_actions():
        if type(a) is Reassign:
            by_worker.setdefault((a.src, a.kind, a.vest), []).append(a)

    def dest(a: Reassign) -> Option:
        src, dst = state.products[a.src], state.products[a.dest]
        count = src.workers(a.kind)
        kinds = kind_name(a.kind) + "s"
        return Option(f"To {a.dest}", f"{a.src}: {sum(count)} → {sum(count) - 1} {kinds}, "
                      f"{a.dest}: {sum(dst.workers(a.kind))} → "
                      f"{sum(dst.workers(a.kind)) + 1}", action=a, key=f"to:{a.dest}",
                      slots=frozenset({a.dest}))

    options = [Option(f"{kind_name(kind)} on {src}, vesting {vest}",
                      f"move to {' or '.join(m.dest for m in moves)}",
                      key=f"{src}:{kind}:{vest}", slots=frozenset({src}),
                      spots=(cell(ctx.view, src, vest, kind),),
                      then=lambda moves=moves: [dest(m) for m in moves],
                      title=f"Move the {kind_name(kind)} from {src} to…")
               for (src, kind, vest), moves in sorted(by_worker.items())]
    options.append(Option("Done", "keep everyone where they are", action=EndReassign(),
                          key="end"))
    how = "Move workers between your own products; each keeps its vesting field."
    return ReassignDecision(ctx, seat, f"{ctx.name(seat)}: reassign workers", how, options)


# -- marketing (year end, sealed) ---------------------------------------------------------------


class MarketingDecision(Decision):
    """One row per product (− / + tokens) and a row that places the whole budget; then
    `SealDecision` (the same for every budget, $0 too)."""

    stage = Stage.MARKETING
    secret = True
    what = "marketing"

    def __init__(self, state: Any, ctx: Ctx) -> None:
        self.state = state
        seat = state.current_player
        self.money = state.players[seat].money
        self.slots = list(state.players[seat].slots)
        kept = ctx.budgets.get(seat, {})  # a budget taken back comes back as it was
        self.budget = {s: min(kept.get(s, 0), self.money) for s in self.slots}
        rows = [self._row(s) for s in self.slots]
        self.seal = Option("Place the budget", "", action=EndMarketing(), key="seal")
        how = ("For next year's showdown: each $1 adds 1 to a product's strength. "
               "Sealed until everyone has chosen.")
        super().__init__(ctx, seat, f"{ctx.name(seat)}: marketing", how, [*rows, self.seal],
                         [f"Money ${self.money}"])
        self._update_seal()

    def _row(self, slot: str) -> Option:
        def build(tokens: int) -> tuple[str, str, object]:
            self.budget[slot] = tokens
            if hasattr(self, "seal"):
                self._update_seal()
            strength = self.state.strength(slot)
            note = "" if self.state.products[slot].launched else "not launched yet · "
            effect = f"strength {strength} → {strength + tokens}" if tokens else \
                f"strength {strength} now"
            return f"{slot}: ${tokens}", note + effect, None

        return Option(slot, adjust=Adjust(list(range(self.money + 1)), self.budget[slot],
                                           build), key=slot, slots=frozenset({slot}))

    def _update_seal(self) -> None:
        total = sum(self.budget.values())
        over = total > self.money
        self.seal.enabled = not over
        self.seal.detail = (f"over budget: ${total} of ${self.money}" if over else
                            f"spend ${total}, keep ${self.money - total}")

    def chosen(self, action: object) -> object | None:
        """Placing: the first token now, the rest queued; the seal panel comes next (at
        once for $0: no rules action is due then)."""
        if action is None or not self.seal.enabled:
            return None
        budget = {s: k for s, k in self.budget.items() if k}
        self.ctx.budgets[self.seat] = budget
        steps: list[object] = [Market(s) for s in self.slots for _ in range(self.budget[s])]
        if not steps:
            self.next = SealDecision(self.state, self.ctx, budget)
            return None
        for later in steps[1:]:
            self.ctx.queue.append((self.seat, self.stage, later))
        return steps[0]


class SealDecision(Decision):
    """The placed budget: one row seals it; Back (or X, "Take back") changes it, its
    tokens taken back. The same for every budget, $0 too (F14)."""

    stage = Stage.MARKETING
    secret = True
    what = "marketing"

    def __init__(self, state: Any, ctx: Ctx, budget: dict[str, int]) -> None:
        self.state = state
        seat = state.current_player
        self.budget = budget
        spent = sum(budget.values())
        placed = ", ".join(f"{s} ${k}" for s, k in budget.items()) or "nothing"
        options = [Option("Seal the budget", f"spend ${spent}, keep "
                          f"${state.players[seat].money}", action=EndMarketing(),
                          key="seal")]
        how = ("Sealed until everyone has chosen; then every budget shows at once. Back: "
               "change it.")
        super().__init__(ctx, seat, f"{ctx.name(seat)}: seal the marketing?", how, options,
                         [f"Budget: {placed}"])

    @property
    def bar(self) -> Any:
        bar = super().bar
        if self.curtain.open:
            bar.items.insert(-1 if self.take_back else len(bar.items), ("back", "Change it"))
        return bar

    def handle(self, action: Any) -> object | None:
        if action.name == "back" and action.pressed and self.curtain.open:
            return self.change()
        got = super().handle(action)
        return self.change() if got is TAKE_BACK else got

    def change(self) -> object | None:
        """Back to the budget panel: the placed tokens taken back (none: at once)."""
        self.curtain.close()
        if not self.budget:
            self.next = MarketingDecision(self.state, self.ctx)
            return None
        return TAKE_BACK

    def chosen(self, action: object) -> object | None:
        self.ctx.budgets.pop(self.seat, None)
        return action


def marketing_decision(state: Any, ctx: Ctx) -> Decision:
    """The budget panel; once placed (tokens pending, or $0 placed), the seal panel."""
    seat = state.current_player
    pending = {s: k for s, k in state.marketing_pending.items()
               if state.products[s].owner == seat}
    if pending:
        return SealDecision(state, ctx, pending)
    return MarketingDecision(state, ctx)


# -- next year's turn order ---------------------------------------------------------------------


class OrderDecision(Decision):
    stage = Stage.ORDER_CHOOSE


def order_decision(state: Any, ctx: Ctx) -> Decision:
    """One row: − / + walk the free places (left/right on a pad), confirm takes it."""
    seat = state.current_player
    slot = state.order_groups[0][0]
    taken = {i: s for i, s in enumerate(state.new_order) if s is not None}
    places = {a.position: a for a in state.legal_actions()}
    count = len(state.new_order)

    def build(i: int) -> tuple[str, str, object]:
        return (*position_words(slot, i, taken, count), places[i])

    row = Option("", adjust=Adjust(sorted(places), 0, build), key="place",
                 slots=frozenset({slot}))
    how = ("Next year's order: the products with the fewest users choose first. Early: "
           "grow before rivals; late: react to them.")
    return OrderDecision(ctx, seat, f"{ctx.name(seat)}: when does {slot} play?", how,
                         [row], [f"Taken: {_taken(taken)}"])


def _taken(taken: dict[int, str]) -> str:
    return ", ".join(f"{ordinal(i + 1)} {s}" for i, s in sorted(taken.items())) or \
        "none yet"
