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
