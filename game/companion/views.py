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

import re
from typing import Any

from game.names import isolate
from game.startupfever.actions import kind_name
from game.startupfever.cards import CARDS, WINDOW_TITLES
from game.startupfever.phrases import card_effect, ordinal
from game.startupfever.usertrack import label as usertrack_label
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
    view = {"game": game, "status": status, "your_turn": mine, "stats": stats,
            "hand": hand, "show_empty_hand": game == "startupfever",
            "log": isolated(log[-LOG_LINES:], names), "over": over, "seat": seat,
            **({"obs": obs} if with_obs else {})}
    if over:
        view["results"] = results(game, obs, names)
    return view


def results(game: str, obs: dict, names: list[str]) -> dict:
    """The final ranking as the TV's results rank it (Startup Fever: VP, then money;
    SERVERMANIA: final money), with the seat's own row marked and a headline."""
    seat = obs.get("seat")
    players = obs["players"]
    if game == "startupfever":
        vp = [sum(victory_points(p["field"]) for p in obs["products"].values()
                  if p["owner"] == i) for i in range(len(players))]
        keys = [(vp[i], pl["money"]) for i, pl in enumerate(players)]
        rows = [(f"{vp[i]} VP", f"Money {money(pl['money'])}")
                for i, pl in enumerate(players)]
    else:
        keys = [(worth, 0) for worth in obs["scores"]]
        rows = [(money(obs["scores"][i]), f"Cash {money(pl['cash'])} · "
                 f"{pl['servers']} server{'s' if pl['servers'] != 1 else ''}")
                for i, pl in enumerate(players)]
    order = sorted(range(len(players)), key=lambda i: keys[i], reverse=True)
    place = {i: 1 + sum(keys[j] > keys[i] for j in order) for i in order}
    name = [names[i] if i < len(names) else f"Player {i + 1}" for i in range(len(players))]
    ranking = [{"place": ordinal(place[i]), "name": name[i], "score": rows[i][0],
                "detail": rows[i][1], "you": i == seat} for i in order]
    winners = [i for i in order if place[i] == 1]
    if seat in winners:
        headline = "You win!" if len(winners) == 1 else "You share the win!"
    elif isinstance(seat, int) and 0 <= seat < len(players):
        headline = f"You finished {ordinal(place[seat])} of {len(players)}"
    else:
        headline = " and ".join(name[i] for i in winners) + \
            (" wins" if len(winners) == 1 else " share the win")
    return {"headline": headline, "ranking": ranking}


def public_of(game: str, state: Any) -> dict:
    """The game's public observation (`game.<game>.public`): what everyone may see."""
    if game == "startupfever":
        from game.startupfever.public import public_observation
    else:
        from game.servermania.public import public_observation
    return public_observation(state)


def table_view(game: str, pub: dict, names: list[str], squares: list[str] | None = None,
               seat: int | None = None) -> dict:
    """The public table for a phone, from the public observation `pub` alone: every
    company's (or player's) money and standing, whose turn it is, the products on the
    User Track; `seat` marks one's own row. squares: SERVERMANIA's square labels."""
    def name(i: int | None) -> str:
        return names[i] if isinstance(i, int) and 0 <= i < len(names) else "someone"

    actor = pub.get("current_player")
    whose = f"{name(actor)}'s move" if isinstance(actor, int) and actor >= 0 else ""
    if game == "startupfever":
        order = {slot: i + 1 for i, slot in enumerate(pub.get("turn_order") or [])}
        rows = []
        for i, pl in enumerate(pub["players"]):
            products = []
            for slot in pl["slots"]:
                p = pub["products"][slot]
                products.append({
                    "slot": slot, "category": p["category"] or "?",
                    "users": usertrack_label(p["field"]), "launched": p["launched"],
                    "staff": f"{sum(p['nerds'])} Nerds · {sum(p['suits'])} Suits",
                    "order": ordinal(order[slot]) if slot in order else ""})
            vp = sum(victory_points(pub["products"][s]["field"]) for s in pl["slots"])
            execs = len(pl["big_nerds"]) + len(pl["big_suits"])
            rows.append({"name": name(i), "you": i == seat, "money": money(pl["money"]),
                         "vp": vp, "cards": pl["hand"] if isinstance(pl["hand"], int)
                         else len(pl["hand"]), "execs": execs, "products": products})
        slot = pub.get("current_slot")
        turn = f"{name(pub.get('turn_seat'))}'s {slot} takes its turn" if slot else \
            ("Year end" if pub.get("year") else "Set-up")
        return {"game": game, "whose": whose, "turn": turn,
                "year": pub.get("year") or 0, "bank": money(pub["bank"]),
                "deck": pub["deck"], "companies": rows}
    rows = []
    for i, pl in enumerate(pub["players"]):
        where = pl["position"]
        label = squares[where] if squares and 0 <= where < len(squares) else ""
        rows.append({"name": name(i), "you": i == seat, "cash": money(pl["cash"]),
                     "servers": pl["servers"], "worth": money(pub["scores"][i]),
                     "square": f"{where}" + (f" · {label}" if label else ""),
                     "finished": pl["finished"], "turn": i == pub.get("turn_seat")})
    return {"game": game, "whose": whose, "turn": f"{name(pub.get('turn_seat'))}'s turn",
            "pot": money(pub.get("pot", 0)), "players": rows}


def watch_view(game: str, pub: dict, names: list[str], log: list[str], over: bool,
               squares: list[str] | None = None, table: dict | None = None) -> dict:
    """What a watcher's phone shows: the public table and log, the results at the end
    (`table`: the `table_view` of `pub`, when made already)."""
    table = table or table_view(game, pub, names, squares)
    view = {"game": game, "watch": True, "status": "Game over" if over else
            (table["whose"] or "Watching"), "your_turn": False, "stats": [], "hand": [],
            "show_empty_hand": False, "log": isolated(log[-LOG_LINES:], names),
            "over": over, "seat": None, "table": table}
    if over:
        view["results"] = results(game, pub, names)
    return view


def isolated(lines: list[str], names: list[str]) -> list[str]:
    """Log lines with each seat's name between Unicode isolates (`game.names.isolate`):
    a right-to-left name never reorders the words around it on a phone."""
    ordered = sorted({n for n in names if n}, key=len, reverse=True)
    if not ordered:
        return list(lines)
    pattern = re.compile("|".join(re.escape(n) for n in ordered))
    return [pattern.sub(lambda m: isolate(m.group(0)), line) for line in lines]


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


def words_for(game: str, state: Any, seat: int, legal: list,
              names: list[str]) -> dict | None:
    """What the decision is about, in the game's own words (`prompt`, `how`, one entry per
    legal action; see `game.startupfever.questions`): Startup Fever's from the seat's
    observation alone, SERVERMANIA's (which hides nothing) from the rules' previews."""
    if game == "startupfever":
        from game.startupfever.questions import about

        return about(state.observation(seat), legal, names)
    if game == "servermania":
        from game.servermania.previews import about as sm_about

        return sm_about(state, legal)
    return None


def decision(game: str, stage: str, legal: list, window: str | None = None,
             words: dict | None = None) -> dict:
    """The question for a decision: one option per legal action (id = its index), each
    with its group (and short label, pin) for the page to show long lists grouped.

    words: what the decision is about (`words_for`): the prompt, a line saying what is
    at stake (`how`), each option's label and text; an option they leave out (None) is
    not shown, one with an `amount` is a stepper answered "id:amount"."""
    options = []
    said = (words or {}).get("options") or [{}] * len(legal)
    for n, action in enumerate(legal):
        extra = said[n] if n < len(said) else {}
        if extra is None:
            continue
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
        for key in ("label", "short", "text", "group", "amount"):
            if extra.get(key):
                option[key] = extra[key]
        options.append(option)
    if game == "startupfever":
        prompt = SF_PROMPTS.get(stage, "Your move")
        if stage == "window" and window:
            prompt = f"Play a card {WINDOW_TITLES.get(window, window)}?"
        if stage == "manage" and (product := managed(legal)):
            prompt = f"Manage employees on {product}"
    else:
        prompt = SM_PROMPTS.get(stage, "Your move")
    question = {"prompt": (words or {}).get("prompt") or prompt, "kind": "choice",
                "window": stage in ("window", "defense"), "options": options}
    if words and words.get("how"):
        question["how"] = words["how"]
    return question


def amounts(question: dict) -> dict[int, tuple[int, int]]:
    """{option id: (least, most)} of a question's steppers."""
    return {o["id"]: (o["amount"]["min"], o["amount"]["max"])
            for o in question.get("options", []) if "amount" in o}


def roll(purpose: str) -> dict:
    """A die of the seat's own to throw (held on the phone to shake)."""
    words = {"first": "Roll for who goes first", "move": "Roll to move",
             "stuck": "Roll to leave STUCK", "techpad": "Roll for TechPad",
             "adoption": "Roll for new users"}
    return {"prompt": words.get(purpose, "Your roll"), "kind": "roll",
            "options": [{"id": "roll", "label": "Roll"}]}


def beat(title: str, how: str, can_play: bool, play: str = "I'll play a card",
         hold: str = "Pass", event: Any = None, names: list[str] | None = None) -> dict:
    """The "any cards?" beat on a phone: every asked seat gets it alike (F11); "play" is
    offered only when the seat's own hand allows it (the phone alone sees that).
    event: what opened the beat (a card window, a card played on the seat): the phone
    says it in its own words, a product named as one ("before product I hires")."""
    options = [{"id": "pass", "label": hold}]
    if can_play:
        options.insert(0, {"id": "play", "label": play})
    question = {"prompt": title, "kind": "choice", "window": True, "options": options}
    said = beat_words(event, names or [], how)
    if said:
        question["how"] = said
    return question


def beat_words(event: Any, names: list[str], how: str) -> str:
    """What a beat is about: the window and its product, or the card played on you."""
    kind = type(event).__name__
    if kind == "WindowOpened":
        from game.startupfever.questions import window_words

        if event.window == "adoption":
            return f"Cards for product {event.slot}'s whole turn" if event.slot else how
        return f"Card window {window_words(event.window, event.slot)}"
    if kind == "CardPlayed" and event.card in CARDS:
        who = names[event.seat] if 0 <= event.seat < len(names) else "someone"
        card = CARDS[event.card]
        on = f"your {event.slot}" if event.slot else "your company"
        return f"{who} plays {card.name} on {on}: {card.short or card_effect(card.text)}"
    return how
