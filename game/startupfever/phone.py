"""What a Startup Fever phone seat shows and asks (`game.companion.views.PhoneAdapter`):
its money, VP, secret chips and sealed marketing, its hand with the cards' texts, and the
words of each step's question. Built from the seat's own observation only."""

from __future__ import annotations

from typing import Any

from game.companion.views import money
from game.startupfever.actions import (
    ChoosePosition,
    Defend,
    EndManage,
    EndMarketing,
    EndReassign,
    EndUserLoss,
    Hire,
    LosePip,
    Market,
    MoveResigned,
    Pass,
    PlaceChip,
    PlayCard,
    Poach,
    Reassign,
    Retain,
    kind_name,
)
from game.startupfever.cards import CARDS, WINDOW_TITLES
from game.startupfever.usertrack import victory_points

#: A player with no card in hand still sees the (empty) hand: cards are half the game.
SHOW_EMPTY_HAND = True
#: Nothing of the observation is left out of a phone's view.
DROP: tuple[str, ...] = ()

PROMPTS = {
    "chips": "Place a secret chip",
    "window": "Play a card?",
    "defense": "Defense?",
    "attrition": "Attrition: who leaves?",
    "manage": "Manage your employees",
    "counter": "Counter the poach?",
    "loss": "User loss: which product?",
    "reassign": "Reassign your employees",
    "marketing": "Sealed marketing",
    "order_choose": "Choose your place in the turn order",
}
#: Actions that end a step or decline: always in sight on the phone.
PINNED = (Pass, EndManage, EndUserLoss, EndReassign, EndMarketing)



def stats(obs: dict[str, Any], seat: int) -> list[dict[str, str]]:
    me = obs["players"][seat]
    vp = sum(victory_points(p["field"]) for p in obs["products"].values()
             if p["owner"] == seat)
    rows = [{"label": "Money", "value": money(me["money"])},
            {"label": "VP", "value": str(vp)},
            {"label": "Year", "value": str(obs["year"]) if obs["year"] else "Set-up"}]
    secret = [f"{slot}: {p['category']}" for slot, p in sorted(obs["products"].items())
              if p["owner"] == seat and p["category"] and not p["launched"]]
    if secret:
        rows.append({"label": "Secret chips", "value": ", ".join(secret)})
    sealed = obs.get("marketing_pending") or {}
    if sealed:
        rows.append({"label": "Sealed marketing", "value": ", ".join(
            f"{slot}: {amount}" for slot, amount in sorted(sealed.items()))})
    return rows


def hand(obs: dict[str, Any], seat: int) -> list[dict[str, str]]:
    return [card_face(card) for card in obs["players"][seat]["hand"]]


def card_face(card: str) -> dict[str, str]:
    kind = CARDS.get(card)
    if kind is None:
        return {"title": card}
    return {"title": kind.name, "text": kind.text}


def words(action: Any) -> str:
    """An action in words; a played card by its name."""
    text = str(action)
    if isinstance(action, PlayCard) and action.card in CARDS:
        text = text.replace(f"play {action.card}", f"Play {CARDS[action.card].name}", 1)
    return text


def text(action: Any) -> str | None:
    """A played card's effect text, shown under its option."""
    if isinstance(action, PlayCard) and action.card in CARDS:
        return CARDS[action.card].text
    return None


def place(action: Any) -> tuple[str, str | None, bool] | None:
    """Where an option goes on the phone: (group heading, short label or None, pinned);
    None for the shared wording (`views.place`). The short label leaves out what the
    heading says (and the product being managed, which the prompt names)."""
    if isinstance(action, PINNED) or (isinstance(action, Defend) and not action.use):
        return "Done", None, True
    if isinstance(action, PlayCard):
        kind = CARDS.get(action.card)
        where = (action.slot if action.slot is not None
                 else "no effect" if action.seat is None else f"company {action.seat}")
        return f"Play {kind.name if kind else action.card}", where, False
    if isinstance(action, Hire):
        return "Hire", kind_name(action.kind), False
    if isinstance(action, Poach):
        where = action.slot if action.slot is not None else f"company {action.seat}"
        return "Poach", (f"{kind_name(action.kind)} (vest {action.vest}) from {where} "
                         f"for {action.offer}"), False
    if isinstance(action, Retain):
        return "Retain", str(action).removeprefix("retain "), False
    if isinstance(action, MoveResigned):
        return (f"{kind_name(action.kind)} (vest {action.vest}) to",
                action.dest if action.dest is not None else "pile", False)
    if isinstance(action, Reassign):
        return (f"Move from {action.src}",
                f"{kind_name(action.kind)} (vest {action.vest}) to {action.dest}", False)
    if isinstance(action, LosePip):
        return "User loss on", action.slot, False
    if isinstance(action, Market):
        return "Market", action.slot, False
    if isinstance(action, ChoosePosition):
        return "Take position", str(action.position + 1), False
    if isinstance(action, PlaceChip):
        return "Place a chip", f"{action.category} on {action.slot}", False
    return None


def managed(legal: list[Any]) -> str | None:
    """The product a manage step is for, as its actions name it (None if none does)."""
    for action in legal:
        slot = (action.slot if isinstance(action, Hire | Retain)
                else action.to if isinstance(action, Poach) else None)
        if slot is not None:
            return str(slot)
    return None


def prompt(stage: str, legal: list[Any], window: str | None) -> str:
    """The question's words for `stage` (which window, which product being managed)."""
    if stage == "window" and window:
        return f"Play a card {WINDOW_TITLES.get(window, window)}?"
    if stage == "manage" and (product := managed(legal)):
        return f"Manage employees on {product}"
    return PROMPTS.get(stage, "Your move")


def stage_of(state: Any, legal: list[Any]) -> tuple[str, str | None]:
    return str(state.stage), state.window


def is_window(stage: str) -> bool:
    """A card window or a Defense question (the page shows it as one)."""
    return stage in ("window", "defense")


# --- what each decision is about, the public table, the results (optional hooks) -------

def about(state: Any, seat: int, legal: list[Any], names: list[str]) -> dict[str, Any]:
    """What the decision is about, from the seat's own observation
    (`game.startupfever.questions`)."""
    from game.startupfever.questions import about as words_of

    return words_of(state.observation(seat), legal, names)


def public(state: Any) -> dict[str, Any]:
    from game.startupfever.public import public_observation

    return public_observation(state)


def table(pub: dict[str, Any], names: list[str], squares: list[str] | None = None
          ) -> dict[str, Any]:
    """The public table: whose move, the product turn, each company's money, VP, hand
    size and products (category once launched, users, staff, place in the order)."""
    from game.startupfever.phrases import ordinal
    from game.startupfever.usertrack import label

    def name(i: Any) -> str:
        return names[i] if isinstance(i, int) and 0 <= i < len(names) else "someone"

    actor = pub.get("current_player")
    whose = f"{name(actor)}'s move" if isinstance(actor, int) and actor >= 0 else ""
    order = {slot: i + 1 for i, slot in enumerate(pub.get("turn_order") or [])}
    rows = []
    for i, pl in enumerate(pub["players"]):
        products = []
        for slot in pl["slots"]:
            p = pub["products"][slot]
            products.append({
                "slot": slot, "category": p["category"] or "?", "users": label(p["field"]),
                "launched": p["launched"],
                "staff": f"{sum(p['nerds'])} Nerds · {sum(p['suits'])} Suits",
                "order": ordinal(order[slot]) if slot in order else ""})
        vp = sum(victory_points(pub["products"][s]["field"]) for s in pl["slots"])
        cards = pl["hand"] if isinstance(pl["hand"], int) else len(pl["hand"])
        rows.append({"name": name(i), "money": money(pl["money"]), "vp": vp, "cards": cards,
                     "execs": len(pl["big_nerds"]) + len(pl["big_suits"]),
                     "products": products})
    slot = pub.get("current_slot")
    turn = f"{name(pub.get('turn_seat'))}'s {slot} takes its turn" if slot else \
        ("Year end" if pub.get("year") else "Set-up")
    return {"game": "startupfever", "whose": whose, "turn": turn,
            "year": pub.get("year") or 0, "bank": money(pub["bank"]), "deck": pub["deck"],
            "companies": rows}


def standing(obs: dict[str, Any]) -> list[tuple[tuple[int, int], str, str]]:
    """Per seat: (VP, money) (most VP wins, then more money), its VP and its money."""
    out = []
    for i, pl in enumerate(obs["players"]):
        vp = sum(victory_points(p["field"]) for p in obs["products"].values()
                 if p["owner"] == i)
        out.append(((vp, pl["money"]), f"{vp} VP", f"Money {money(pl['money'])}"))
    return out


def beat_words(event: Any, names: list[str], how: str) -> str:
    """What a beat is about: the window and its product (named as one: "before product
    I hires"), or the card played on you and what it does."""
    from game.startupfever.events import CardPlayed, WindowOpened
    from game.startupfever.phrases import card_effect
    from game.startupfever.questions import window_words

    if isinstance(event, WindowOpened):
        if event.window == "adoption":
            return f"Cards for product {event.slot}'s whole turn" if event.slot else how
        return f"Card window {window_words(event.window, event.slot)}"
    if isinstance(event, CardPlayed) and event.card in CARDS:
        who = names[event.seat] if 0 <= event.seat < len(names) else "someone"
        card = CARDS[event.card]
        on = f"your {event.slot}" if event.slot else "your company"
        return f"{who} plays {card.name} on {on}: {card.short or card_effect(card.text)}"
    return how
