"""What a phone seat is shown and asked, built from that seat's own `observation(seat)`.

The phone page renders a generic view (`hub.py` documents its shape); these functions
fill it for each game. A view is made from the seat's observation only (never from the
state itself), so a phone can show nothing the rules would not tell that seat:

    view = seat_view("startupfever", state.observation(seat), names, log, over)
    question = decision("startupfever", state.stage, legal, window=...)

A question's option ids are the indexes of the legal actions; labels are the actions'
own words (`str(action)`), and an option that plays an Event Card carries the card's
effect text. Each option also names its `group` (a heading: "Hire", "Poach", "Play
Attrition", ...) and, when it differs from the label, a `short` label to show under that
heading ("Nerd (vest 2) from F for 3", "A"); the options that end a step or decline
("End manage employees", "Pass", "No Defense") carry `pin`: the page keeps them in sight
below the groups. A long question (Startup Fever's manage step lists up to ~50 actions)
is thus read group by group; ids stay the indexes whatever the page shows.
"""

from __future__ import annotations

from typing import Any

from game.startupfever.actions import kind_name
from game.startupfever.cards import CARDS, WINDOW_TITLES
from game.startupfever.usertrack import victory_points

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
#: Actions that end a step or decline: always in sight on the phone.
PINNED = frozenset({"Pass", "EndManage", "EndUserLoss", "EndReassign", "EndMarketing"})
SM_PROMPTS = {"maintenance": "Maintenance: pay or skip?", "stuck": "STUCK: pay or roll?"}


def money(amount: int) -> str:
    """As the TV writes it: $41, -$3, $50,000."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def seat_view(game: str, obs: dict, names: list[str], log: list[str],
              over: bool = False, with_obs: bool = False) -> dict:
    """The view a phone seat shows: status, stats, its own hand with effect texts, log.
    with_obs: the observation itself rides along (tests read it to prove what a phone
    could ever learn; the page does not need it, and leaving it out keeps each message
    about a tenth as long)."""
    seat = obs["seat"]
    me = obs["players"][seat]
    actor = obs.get("current_player")
    mine = actor == seat
    if game == "startupfever":
        vp = sum(victory_points(p["field"]) for p in obs["products"].values()
                 if p["owner"] == seat)
        stats = [{"label": "Money", "value": money(me["money"])},
                 {"label": "VP", "value": str(vp)},
                 {"label": "Year", "value": str(obs["year"]) if obs["year"] else "Set-up"}]
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
            "log": list(log[-LOG_LINES:]), "over": over, "seat": seat,
            **({"obs": obs} if with_obs else {})}


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


def place(action: Any) -> tuple[str, str | None, bool]:
    """Where an option goes on the phone: (group heading, short label or None, pinned).

    Named from the action's class; the short label leaves out what the heading says
    (and the product being managed, which the prompt names)."""
    name = type(action).__name__
    if name in PINNED or (name == "Defend" and not action.use):
        return "Done", None, True
    if name == "PlayCard":
        kind = CARDS.get(action.card)
        where = (action.slot if action.slot is not None
                 else "no effect" if action.seat is None else f"company {action.seat}")
        return f"Play {kind.name if kind else action.card}", where, False
    if name == "Hire":
        return "Hire", kind_name(action.kind), False
    if name == "Poach":
        where = action.slot if action.slot is not None else f"company {action.seat}"
        return "Poach", (f"{kind_name(action.kind)} (vest {action.vest}) from {where} "
                         f"for {action.offer}"), False
    if name == "Retain":
        return "Retain", str(action).removeprefix("retain "), False
    if name == "MoveResigned":
        return (f"{kind_name(action.kind)} (vest {action.vest}) to",
                action.dest if action.dest is not None else "pile", False)
    if name == "Reassign":
        return (f"Move from {action.src}",
                f"{kind_name(action.kind)} (vest {action.vest}) to {action.dest}", False)
    if name == "LosePip":
        return "User loss on", action.slot, False
    if name == "Market":
        return "Market", action.slot, False
    if name == "ChoosePosition":
        return "Take position", str(action.position + 1), False
    if name == "PlaceChip":
        return "Place a chip", f"{action.category} on {action.slot}", False
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    return words[:1].upper() + words[1:], None, False


def managed(legal: list) -> str | None:
    """The product a manage step is for, as its actions name it (None if none does)."""
    for action in legal:
        name = type(action).__name__
        slot = (action.slot if name in ("Hire", "Retain")
                else action.to if name == "Poach" else None)
        if slot is not None:
            return slot
    return None


#: The answer id of "Take back" (game.undo): a string, never an option's index.
UNDO = "undo"


def with_take_back(question: dict, take_back: str | None) -> dict:
    """The question with its "Take back: hire Nerd for B" button (the seat's own last
    step, undone), when there is one to take back."""
    if take_back:
        question["undo"] = {"id": UNDO, "label": take_back}
    return question


def decision(game: str, stage: str, legal: list, window: str | None = None,
             take_back: str | None = None) -> dict:
    """The question for a decision: one option per legal action (id = its index), each
    with its group (and short label, pin) for the page to show long lists grouped, and
    `undo` when the seat may take back its last step."""
    options = []
    for n, action in enumerate(legal):
        option: dict[str, Any] = {"id": n, "label": label(action)}
        card = getattr(action, "card", None)
        if type(action).__name__ == "PlayCard" and card in CARDS:
            option["text"] = CARDS[card].text
        group, short, pin = place(action)
        option["group"] = group
        if short is not None:
            option["short"] = short[:1].upper() + short[1:]
        if pin:
            option["pin"] = True
        options.append(option)
    if game == "startupfever":
        prompt = SF_PROMPTS.get(stage, "Your move")
        if stage == "window" and window:
            prompt = f"Play a card {WINDOW_TITLES.get(window, window)}?"
        if stage == "manage" and (product := managed(legal)):
            prompt = f"Manage employees on {product}"
    else:
        prompt = SM_PROMPTS.get(stage, "Your move")
    return with_take_back({"prompt": prompt, "kind": "choice",
                           "window": stage in ("window", "defense"), "options": options},
                          take_back)


def roll(purpose: str, take_back: str | None = None) -> dict:
    """A die of the seat's own to throw (held on the phone to shake); a choice just made
    before it may be taken back (`undo`)."""
    words = {"first": "Roll for who goes first", "move": "Roll to move",
             "stuck": "Roll to leave STUCK", "techpad": "Roll for TechPad",
             "adoption": "Roll for new users"}
    return with_take_back({"prompt": words.get(purpose, "Your roll"), "kind": "roll",
                           "options": [{"id": "roll", "label": "Roll"}]}, take_back)


def beat(title: str, how: str, can_play: bool, play: str = "I'll play a card",
         hold: str = "Pass") -> dict:
    """The "any cards?" beat on a phone: every asked seat gets it alike (F11); "play" is
    offered only when the seat's own hand allows it (the phone alone sees that)."""
    options = [{"id": "pass", "label": hold}]
    if can_play:
        options.insert(0, {"id": "play", "label": play})
    return {"prompt": f"{title} {how}".strip(), "kind": "choice", "window": True,
            "options": options}
