"""What a Startup Fever decision is about, in words, for a seat that sees only its own
observation (a phone): who, what, what it costs and what happens, as the TV's prompt says.

    about(obs, legal, names) -> {"prompt": ..., "how": ..., "options": [...]}

`options` has one entry per legal action (same order): a dict of what to show for it
("label", "short", "text", "group") or None to leave the action out of the list (a poach
offer other than the lowest: the lowest carries an `amount` stepper, from it up to the
poacher's money, so any legal amount can be offered). Everything is worked out from the
observation and the rules' constants: nothing here can tell a seat more than its
observation does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import EndMarketing, EndReassign, EndUserLoss, Hire, Pass, Poach, Retain, kind_name
from .cardhelp import RULEBOOK_STEP, WINDOW_PLAIN
from .cards import CARDS, DISCARD
from .phrases import (
    HIRE_EFFECT,
    a_kind,
    card_effect,
    money,
    ordinal,
    plural,
    position_words,
    users,
    vesting,
)
from .state import COST, NEW_HIRE_FIELD
from .usertrack import MARK_100M, victory_points


def window_words(window: str | None, slot: str | None) -> str:
    """"before product I hires, poaches and retains (Manage Employees)": a letter alone
    ("I hires") reads as a word, so the product is named as one."""
    plain = WINDOW_PLAIN.get(window or "", window or "this step")
    plain = plain.format(slot=f"product {slot}" if slot else "the product")
    return f"before {plain} ({RULEBOOK_STEP.get(window or '', window)})"


class _Seen:
    """The observation read the way the questions need it."""

    def __init__(self, obs: dict, names: Sequence[str]) -> None:
        self.obs, self.names = obs, list(names)
        self.seat = obs["seat"]
        self.products = obs["products"]

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "someone"
        return self.names[seat]

    def owner(self, slot: str) -> str:
        """"Bo", or "yours" for the seat's own product."""
        owner = self.products[slot]["owner"]
        return "yours" if owner == self.seat else self.name(owner)

    def money(self, seat: int | None = None) -> int:
        return self.obs["players"][self.seat if seat is None else seat]["money"]

    def vp(self, seat: int) -> int:
        return sum(victory_points(p["field"]) for p in self.products.values()
                   if p["owner"] == seat)

    def workers(self, slot: str, kind: str) -> int:
        return sum(self.products[slot][kind + "s"])


def about(obs: dict, legal: list, names: Sequence[str]) -> dict[str, Any]:
    """The words of the decision `legal` (the seat's own legal actions) in `obs`."""
    seen = _Seen(obs, names)
    stage = obs.get("stage")
    words = _STAGES.get(str(stage))
    if words is None:
        return {"prompt": "Your move", "how": "", "options": [{} for _ in legal]}
    return words(seen, legal)


def _chips(seen: _Seen, legal: list) -> dict:
    slot = legal[0].slot
    return {"prompt": f"Secret chip for {slot}",
            "how": "Give each product a category, face down: it stays secret until the "
                   "product launches. Products of one category compete at year end.",
            "options": [{"label": f"{a.category} on {slot}", "short": a.category,
                         "text": f"{slot} competes as {a.category} once launched"}
                        for a in legal]}


def _target(seen: _Seen, action: Any) -> str:
    if action.kind is not None:
        return f"naming {kind_name(action.kind)}"
    if action.slot is not None:
        return f"{action.slot} ({seen.owner(action.slot)})"
    if action.seat is not None:
        return "your company" if action.seat == seen.seat else \
            f"{seen.name(action.seat)}'s company"
    return "no effect"


def _window(seen: _Seen, legal: list) -> dict:
    window, slot = seen.obs.get("window"), seen.obs.get("current_slot")
    options: list[dict | None] = []
    for a in legal:
        if isinstance(a, Pass):
            options.append({"label": "Play no more cards",
                            "text": "keep the rest of your hand"})
            continue
        card = CARDS[a.card].name
        if window == DISCARD:
            options.append({"label": f"Discard {card}", "short": "Discard",
                            "text": "no effect: makes room for a new card"})
            continue
        target = _target(seen, a)
        options.append({"label": f"Play {card} on {target}" if target != "no effect"
                         else f"Play {card} (no effect)",
                         "short": target[:1].upper() + target[1:],
                         "text": CARDS[a.card].text})
    if window == DISCARD:
        return {"prompt": "Discard old cards?", "options": options,
                "how": "Year end: discard old cards now (no effect) to make room for new "
                       "ones."}
    return {"prompt": "Play a card?", "options": options,
            "how": f"Card window {window_words(window, slot)}: play one on its target, "
                   "or stop. Several, one at a time."}


def _defense(seen: _Seen, legal: list) -> dict:
    pc = seen.obs["pending_card"]
    kind = CARDS[pc["card"]]
    on = f"your {pc['slot']}" if pc["slot"] else "your company"
    attacker = seen.name(pc["seat"])
    options: list[dict | None] = []
    for a in legal:
        if a.use:
            options.append({"label": "Play Defense",
                            "text": f"Cancels {kind.name}: nothing happens; both cards "
                                    "are discarded"})
        else:
            options.append({"label": "Let it happen", "text": card_effect(kind.text)})
    can = any(a.use for a in legal)
    how = f"{kind.short}." if kind.short else ""
    how += (" Your Defense card can cancel it." if can
            else " You cannot cancel it now (no Defense card, or no Suit to play it).")
    return {"prompt": f"{attacker} plays {kind.name} on {on}", "how": how.strip(),
            "options": options}


def _attrition(seen: _Seen, legal: list) -> dict:
    at = seen.obs["attrition"]
    src = at["slot"]
    options: list[dict | None] = []
    for a in legal:
        who = f"{kind_name(a.kind)} ({vesting(a.vest)})"
        if a.dest is None:
            options.append({"label": f"Send the {who} back to the pile",
                            "group": f"{who} goes to", "short": "The pile",
                            "text": "nobody gets this worker"})
        else:
            owner = seen.owner(a.dest)
            options.append({"label": f"Send the {who} to {a.dest} ({owner})",
                            "group": f"{who} goes to", "short": f"{a.dest} ({owner})",
                            "text": f"joins {a.dest} as a new hire"})
    return {"prompt": f"Attrition on {src}: who goes where?", "options": options,
            "how": f"{plural(at['left'], 'worker')} of {src} "
                   f"{'resigns' if at['left'] == 1 else 'resign'}. Send each one to a "
                   "product of another company (one each), or back to the pile."}


def _poach_note(seen: _Seen, a: Any) -> dict:
    owner = seen.name(a.seat)
    what = f"{owner}'s {kind_name(a.kind)}" + (f" on {a.slot}" if a.slot else "")
    label = f"{what}, {vesting(a.vest)}"
    can = seen.money(a.seat) - 1  # a counter costs offer + 1: it can match up to this
    mine = seen.money()
    notes = []
    if can >= a.offer:
        notes.append({"upto": min(can, mine), "text": f"{owner} can pay $1 more to keep "
                                                      "it: raise to stop that"})
    if can < mine:
        notes.append({"upto": mine, "text": f"{owner} can't match: it joins "
                                            f"{seen.obs['current_slot']}"})
    return {"label": f"Poach {label}", "short": label, "group": "Poach",
            "text": f"Lowest offer {money(a.offer)} (price + vesting field)",
            "amount": {"min": a.offer, "max": mine, "unit": "$", "verb": "Offer",
                       "field": "offer", "notes": notes}}


def _manage(seen: _Seen, legal: list) -> dict:
    obs, slot, mine = seen.obs, seen.obs["current_slot"], seen.money()
    options: list[dict | None] = []
    lowest: dict[tuple, int] = {}
    for n, a in enumerate(legal):
        if isinstance(a, Poach):
            key = (a.seat, a.slot, a.kind, a.vest)
            if key not in lowest or a.offer < legal[lowest[key]].offer:
                lowest[key] = n
    keep = set(lowest.values())
    for n, a in enumerate(legal):
        if isinstance(a, Hire):
            cost = COST[a.kind]
            effect = ("Hiring Failure: paid, but nobody comes" if slot in obs["hire_fails"]
                      else HIRE_EFFECT[a.kind].format(slot=slot))
            options.append({"label": f"Hire {a_kind(a.kind)} for {money(cost)}",
                            "short": f"{kind_name(a.kind)} for {money(cost)}",
                            "group": "Hire", "text": effect})
        elif isinstance(a, Poach):
            options.append(_poach_note(seen, a) if n in keep else None)
        elif isinstance(a, Retain):
            on = f" on {a.slot}" if a.slot else ""
            to = a.vest + a.steps
            what = f"{kind_name(a.kind)}{on}: {vesting(a.vest)} → {to}"
            options.append({"label": f"Retain {what} for {money(a.steps)}",
                            "short": f"{what} for {money(a.steps)}", "group": "Retain",
                            "text": "back towards 4: dearer for rivals to poach"})
        else:  # EndManage
            options.append({"label": "End Manage Employees",
                            "text": f"keep your {money(mine)}"})
    return {"prompt": f"Manage employees on {slot}", "options": options,
            "how": f"Money {money(mine)} · hires {obs['hires']} of {obs['hire_limit']}. "
                   "Hire from the supply, poach from a rival, or retain your own: every "
                   "step costs money."}


def _counter(seen: _Seen, legal: list) -> dict:
    pp = seen.obs["pending_poach"]
    poacher = seen.name(seen.obs["turn_seat"])
    kind = kind_name(pp["kind"])
    where = f"on {pp['slot']}" if pp["slot"] else "in your company"
    paid, mine = pp["offer"] + 1, seen.money()
    new_vest = min(NEW_HIRE_FIELD, pp["vest"] + paid)
    options: list[dict | None] = []
    for a in legal:
        if a.accept:
            options.append({"label": f"Keep your {kind} for {money(paid)}",
                            "text": f"Money {money(mine)} → {money(mine - paid)} · "
                                    f"{vesting(new_vest)} · safe for this turn"})
        else:
            options.append({"label": "Let it go",
                            "text": f"{poacher} pays {money(pp['offer'])}; it joins "
                                    f"{seen.obs['current_slot']}"})
    return {"prompt": f"{poacher} poaches your {kind} {where}",
            "how": f"{poacher} offers {money(pp['offer'])} for your {kind} ({vesting(pp['vest'])}"
                   f"). Pay {money(paid)} ($1 more) to keep it.",
            "options": options}


def _loss(seen: _Seen, legal: list) -> dict:
    left = seen.obs["loss_left"]
    taken = seen.obs.get("loss_taken") or {}
    options: list[dict | None] = []
    for a in legal:
        if isinstance(a, EndUserLoss):
            options.append({"label": "Stop here",
                            "text": f"leave {plural(left, 'pip')} unused"})
            continue
        p = seen.products[a.slot]
        owner = p["owner"]
        who = "your" if owner == seen.seat else f"{seen.name(owner)}'s"
        vp = seen.vp(owner)
        vp_after = vp - victory_points(p["field"]) + victory_points(p["field"] - 1)
        done = taken.get(a.slot, 0)
        options.append({"label": f"{a.slot} ({seen.owner(a.slot)}) back one field",
                        "short": f"{a.slot} ({seen.owner(a.slot)})",
                        "group": "Back one field",
                        "text": f"{users(p['field'])} → {users(p['field'] - 1)} · "
                                f"{who} VP {vp} → {vp_after}"
                                + (f" · {done} of 2 taken" if done else "")})
    floor = users(MARK_100M)
    return {"prompt": f"User loss: {plural(left, 'pip')} to use",
            "how": f"A pip moves a launched product above {floor} back a field: 2 at "
                   f"most each, never below {floor}. Optional: hit rivals, spare yours.",
            "options": options}


def _reassign(seen: _Seen, legal: list) -> dict:
    options: list[dict | None] = []
    for a in legal:
        if isinstance(a, EndReassign):
            options.append({"label": "Done", "text": "keep everyone where they are"})
            continue
        kinds = kind_name(a.kind) + "s"
        have, there = seen.workers(a.src, a.kind), seen.workers(a.dest, a.kind)
        options.append({"label": f"Move a {kind_name(a.kind)} ({vesting(a.vest)}) from "
                                 f"{a.src} to {a.dest}",
                        "group": f"Move from {a.src}",
                        "short": f"{kind_name(a.kind)} ({vesting(a.vest)}) to {a.dest}",
                        "text": f"{a.src}: {have} → {have - 1} {kinds}, {a.dest}: "
                                f"{there} → {there + 1}"})
    return {"prompt": "Reassign your workers", "options": options,
            "how": "Move workers between your own products; each keeps its vesting field."}


def _marketing(seen: _Seen, legal: list) -> dict:
    sealed = seen.obs.get("marketing_pending") or {}
    mine = seen.money()
    total = sum(sealed.values())
    options: list[dict | None] = []
    for a in legal:
        if isinstance(a, EndMarketing):
            options.append({"label": "Seal the budget",
                            "text": f"spend {money(total)}, keep {money(mine)}"})
            continue
        p = seen.products[a.slot]
        note = "" if p["launched"] else "not launched yet · "
        options.append({"label": f"$1 more on {a.slot}", "group": "$1 more on",
                        "short": a.slot,
                        "text": f"{note}sealed on {a.slot} so far: "
                                f"{money(sealed.get(a.slot, 0))}"})
    return {"prompt": "Sealed marketing", "options": options,
            "how": f"For next year's showdown: each $1 adds 1 to a product's strength. "
                   f"Sealed until everyone has chosen. Sealed so far {money(total)}, "
                   f"money left {money(mine)}."}


def _order(seen: _Seen, legal: list) -> dict:
    groups = seen.obs.get("order_groups") or [[None]]
    slot = groups[0][0]
    order = list(seen.obs.get("new_order") or [])
    count = len(order)
    taken = {i: s for i, s in enumerate(order) if s is not None}
    options: list[dict | None] = []
    for a in legal:
        label, where = position_words(slot, a.position, taken, count)
        options.append({"label": label, "group": "Play", "short": ordinal(a.position + 1),
                        "text": where})
    placed = ", ".join(f"{ordinal(i + 1)} {s}" for i, s in sorted(taken.items()))
    return {"prompt": f"When does {slot} play next year?", "options": options,
            "how": "Next year's order: the products with the fewest users choose first. "
                   "Early: grow before rivals; late: react to them. "
                   f"Taken: {placed or 'none yet'}."}


_STAGES = {
    "chips": _chips, "window": _window, "defense": _defense, "attrition": _attrition,
    "manage": _manage, "counter": _counter, "loss": _loss, "reassign": _reassign,
    "marketing": _marketing, "order_choose": _order,
}
