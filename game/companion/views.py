"""What a phone seat is shown and asked, built from that seat's own `observation(seat)`.

The phone page renders a generic view (`hub.py` documents its shape); these functions
fill it for each game. A view is made from the seat's observation only (never from the
state itself), so a phone can show nothing the rules would not tell that seat:

    view = seat_view("startupfever", state.observation(seat), names, log, over)
    question = decision("startupfever", state.stage, legal, window=...)

A question's option ids are the indexes of the legal actions; labels are the actions'
own words (`str(action)`), and an option that plays an Event Card carries the card's
effect text.
"""

from __future__ import annotations

from typing import Any

from game.startupfever.cards import CARDS, WINDOW_TITLES

#: Public log lines a phone keeps.
LOG_LINES = 30

SF_PROMPTS = {
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
SM_PROMPTS = {"maintenance": "Maintenance: pay or skip?", "stuck": "STUCK: pay or roll?"}


def money(amount: int) -> str:
    """As the TV writes it: $41, -$3, $50,000."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def seat_view(game: str, obs: dict, names: list[str], log: list[str],
              over: bool = False) -> dict:
    """The view a phone seat shows: status, stats, its own hand with effect texts, log."""
    seat = obs["seat"]
    me = obs["players"][seat]
    actor = obs.get("current_player")
    mine = actor == seat
    if game == "startupfever":
        stats = [{"label": "Money", "value": money(me["money"])},
                 {"label": "Year", "value": str(obs["year"])},
                 {"label": "Launched", "value": str(sum(
                     1 for p in obs["products"].values()
                     if p["owner"] == seat and p["launched"]))}]
        secret = [f"{slot}: {p['category']}" for slot, p in sorted(obs["products"].items())
                  if p["owner"] == seat and p["category"] and not p["launched"]]
        if secret:
            stats.append({"label": "Secret chips", "value": ", ".join(secret)})
        sealed = obs.get("marketing_pending") or {}
        if sealed:
            stats.append({"label": "Sealed marketing", "value": ", ".join(
                f"{slot}: {amount}" for slot, amount in sorted(sealed.items()))})
        hand = [card_face(card) for card in me["hand"]]
    else:
        stats = [{"label": "Cash", "value": money(me["cash"])},
                 {"label": "Servers", "value": str(me["servers"])},
                 {"label": "Worth", "value": money(obs["scores"][seat])}]
        hand = []
    if over:
        status = "Game over"
    elif mine:
        status = "Your move"
    elif isinstance(actor, int) and 0 <= actor < len(names):
        status = f"{names[actor]}'s move"
    else:
        status = "Watch the TV"
    return {"game": game, "status": status, "your_turn": mine, "stats": stats,
            "hand": hand, "show_empty_hand": game == "startupfever",
            "log": list(log[-LOG_LINES:]), "over": over, "obs": obs}


def card_face(card: str) -> dict:
    kind = CARDS.get(card)
    if kind is None:
        return {"title": card}
    return {"title": kind.name, "text": kind.text}


def label(action: Any) -> str:
    """An action in words; a played card by its name."""
    card = getattr(action, "card", None)
    text = str(action)
    if isinstance(card, str) and card in CARDS and type(action).__name__ == "PlayCard":
        text = text.replace(f"play {card}", f"Play {CARDS[card].name}", 1)
    return text[:1].upper() + text[1:]


def decision(game: str, stage: str, legal: list, window: str | None = None) -> dict:
    """The question for a decision: one option per legal action (id = its index)."""
    options = []
    for n, action in enumerate(legal):
        option: dict[str, Any] = {"id": n, "label": label(action)}
        card = getattr(action, "card", None)
        if type(action).__name__ == "PlayCard" and card in CARDS:
            option["text"] = CARDS[card].text
        options.append(option)
    if game == "startupfever":
        prompt = SF_PROMPTS.get(stage, "Your move")
        if stage == "window" and window:
            prompt = f"Play a card {WINDOW_TITLES.get(window, window)}?"
    else:
        prompt = SM_PROMPTS.get(stage, "Your move")
    return {"prompt": prompt, "kind": "choice",
            "window": stage in ("window", "defense"), "options": options}


def roll(purpose: str) -> dict:
    """A die of the seat's own to throw (held on the phone to shake)."""
    words = {"first": "Roll for who goes first", "move": "Roll to move",
             "stuck": "Roll to leave STUCK", "techpad": "Roll for TechPad",
             "adoption": "Roll for new users"}
    return {"prompt": words.get(purpose, "Your roll"), "kind": "roll",
            "options": [{"id": "roll", "label": "Roll"}]}


def beat(title: str, how: str, can_play: bool, play: str = "I'll play a card",
         hold: str = "Pass") -> dict:
    """The "any cards?" beat on a phone: every asked seat gets it alike (F11); "play" is
    offered only when the seat's own hand allows it (the phone alone sees that)."""
    options = [{"id": "pass", "label": hold}]
    if can_play:
        options.insert(0, {"id": "play", "label": play})
    return {"prompt": f"{title} {how}".strip(), "kind": "choice", "window": True,
            "options": options}
