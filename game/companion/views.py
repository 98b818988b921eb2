"""What a phone seat is shown and asked, built from that seat's own `observation(seat)`.

The phone page renders a generic view (`hub.py` documents its shape); these functions
fill it for any game, each game's own words coming from its `PhoneAdapter` (the module
its `GameInfo.phone` names, e.g. `game/startupfever/phone.py`). A view is made from the
seat's observation only (never from the state itself), so a phone can show nothing the
rules would not tell that seat:

    view = seat_view("startupfever", state.observation(seat), names, log, over)
    question = question("startupfever", state, legal, seat, names)

A question says what the decision is about when the game's adapter has the words
(`about`: who, what it costs, what happens; an option it leaves out is not shown, one
with an `amount` is a stepper answered "id:amount"). Everyone's public table comes from
the game's public observation (`public`, `table`): a watcher's phone shows it, and every
seat's page shows it under its hand.

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
from typing import Any, Protocol

from game import registry
from game.names import isolate

#: Public log lines a phone keeps.
LOG_LINES = 30


class PhoneAdapter(Protocol):
    """What the phones' views need of a game (a module: `GameInfo.phone`)."""

    #: whether a seat with no card sees its (empty) hand
    SHOW_EMPTY_HAND: bool
    #: observation keys left out of a phone's view (the same for every seat, and large)
    DROP: tuple[str, ...]

    def stats(self, obs: dict[str, Any], seat: int) -> list[dict[str, str]]:
        """The seat's figures, as {"label", "value"} rows."""
        ...

    def hand(self, obs: dict[str, Any], seat: int) -> list[dict[str, str]]:
        """The seat's own cards, as {"title", "text"}."""
        ...

    def words(self, action: Any) -> str:
        """An action in words (the label before its first letter is raised)."""
        ...

    def text(self, action: Any) -> str | None:
        """A longer text shown under the option (a card's effect), or None."""
        ...

    def place(self, action: Any) -> tuple[str, str | None, bool] | None:
        """(group heading, short label or None, pinned), or None: the shared wording."""
        ...

    def prompt(self, stage: str, legal: list[Any], window: str | None) -> str:
        """The question's words for `stage`."""
        ...

    def stage_of(self, state: Any, legal: list[Any]) -> tuple[str, str | None]:
        """The decision's stage name and card window (or None), as `decision` takes them:
        public facts of the state."""
        ...

    def is_window(self, stage: str) -> bool:
        """Whether the question is a card window (the page shows it as one)."""
        ...

    # An adapter may also define (each is looked up, a game without it goes without):
    #   about(state, seat, legal, names) -> {"prompt", "how", "options"}: what the
    #       decision is about, from what the seat may see (`words_for`);
    #   public(state) -> the public observation; table(pub, names, squares) -> the
    #       public table a phone shows (`table_view`);
    #   standing(obs) -> [(rank key, score, detail)] per seat, for the results;
    #   beat_words(event, names, how) -> what a card window's beat is about.


def _hook(game: str, name: str) -> Any:
    """An adapter's optional hook (None: the game has none)."""
    return getattr(adapter(game), name, None)


def adapter(game: str) -> PhoneAdapter:
    """The phone words of `game` (the module its `GameInfo.phone` names)."""
    return registry.get(game).phone_adapter()


def ordinal(n: int) -> str:
    """1 -> "1st", 12 -> "12th"."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


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
    actor = obs.get("current_player")
    mine = actor == seat
    words = adapter(game)
    stats, hand = words.stats(obs, seat), words.hand(obs, seat)
    if over:
        status = "Game over"
    elif mine:
        status = "Your move"
    elif isinstance(actor, int) and 0 <= actor < len(names):
        status = f"{names[actor]}'s move"
    else:
        status = "Watch the TV"
    view = {"game": game, "status": status, "your_turn": mine, "stats": stats,
            "hand": hand, "show_empty_hand": words.SHOW_EMPTY_HAND,
            "log": isolated(log[-LOG_LINES:], names), "over": over, "seat": seat,
            **({"obs": obs} if with_obs else {})}
    if over and _hook(game, "standing") is not None:
        view["results"] = results(game, obs, names)
    return view


def results(game: str, obs: dict, names: list[str]) -> dict:
    """The final ranking as the TV's results rank it (the game's `standing`: Startup
    Fever by VP then money, SERVERMANIA by final money), the seat's own row marked."""
    seat = obs.get("seat")
    rows = _hook(game, "standing")(obs)
    keys = [key for key, _score, _detail in rows]
    order = sorted(range(len(rows)), key=lambda i: keys[i], reverse=True)
    place = {i: 1 + sum(keys[j] > keys[i] for j in order) for i in order}
    name = [names[i] if i < len(names) else f"Player {i + 1}" for i in range(len(rows))]
    ranking = [{"place": ordinal(place[i]), "name": name[i], "score": rows[i][1],
                "detail": rows[i][2], "you": i == seat} for i in order]
    winners = [i for i in order if place[i] == 1]
    if seat in winners:
        headline = "You win!" if len(winners) == 1 else "You share the win!"
    elif isinstance(seat, int) and 0 <= seat < len(rows):
        headline = f"You finished {ordinal(place[seat])} of {len(rows)}"
    else:
        headline = " and ".join(name[i] for i in winners) + \
            (" wins" if len(winners) == 1 else " share the win")
    return {"headline": headline, "ranking": ranking}


def public_of(game: str, state: Any) -> dict:
    """The game's public observation (its adapter's `public`): what everyone may see."""
    return _hook(game, "public")(state)


def table_view(game: str, pub: dict, names: list[str],
               squares: list[str] | None = None) -> dict:
    """The public table for a phone, from the public observation `pub` alone: every
    company's (or player's) money and standing, whose turn it is, the track or the
    squares (squares: SERVERMANIA's square labels)."""
    return _hook(game, "table")(pub, names, squares)


def watch_view(game: str, pub: dict, names: list[str], log: list[str], over: bool,
               squares: list[str] | None = None, table: dict | None = None) -> dict:
    """What a watcher's phone shows: the public table and log, the results at the end
    (`table`: the `table_view` of `pub`, when made already)."""
    table = table or table_view(game, pub, names, squares)
    view = {"game": game, "watch": True, "status": "Game over" if over else
            (table["whose"] or "Watching"), "your_turn": False, "stats": [], "hand": [],
            "show_empty_hand": False, "log": isolated(log[-LOG_LINES:], names),
            "over": over, "seat": None, "table": table}
    if over and _hook(game, "standing") is not None:
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


def label(game: str, action: Any) -> str:
    """An action in words (its game's), first letter raised."""
    text = adapter(game).words(action)
    return text[:1].upper() + text[1:]


def place(game: str, action: Any) -> tuple[str, str | None, bool]:
    """Where an option goes on the phone: (group heading, short label or None, pinned):
    the game's own grouping, or the action's class name in words."""
    where = adapter(game).place(action)
    if where is not None:
        return where
    name = type(action).__name__
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    return words[:1].upper() + words[1:], None, False


#: The answer id of "Take back" (game.undo): a string, never an option's index.
UNDO = "undo"


def with_take_back(question: dict, take_back: str | None) -> dict:
    """The question with its "Take back: hire Nerd for B" button (the seat's own last
    step, undone), when there is one to take back."""
    if take_back:
        question["undo"] = {"id": UNDO, "label": take_back}
    return question


def words_for(game: str, state: Any, seat: int, legal: list,
              names: list[str]) -> dict | None:
    """What the decision is about, in the game's own words (its adapter's `about`: the
    prompt, a line on what is at stake, each option's label and text; built from what
    the seat may see), or None when the game has none."""
    about = _hook(game, "about")
    return about(state, seat, legal, names) if about is not None else None


def decision(game: str, stage: str, legal: list, window: str | None = None,
             take_back: str | None = None, words: dict | None = None) -> dict:
    """The question for a decision: one option per legal action (id = its index), each
    with its group (and short label, pin) for the page to show long lists grouped, and
    `undo` when the seat may take back its last step.

    words: what the decision is about (`words_for`): the prompt, a line saying what is
    at stake (`how`), each option's label and text; an option they leave out (None) is
    not shown, one with an `amount` is a stepper answered "id:amount"."""
    said = (words or {}).get("options") or [{}] * len(legal)
    adapted = adapter(game)
    options = []
    for n, action in enumerate(legal):
        extra = said[n] if n < len(said) else {}
        if extra is None:
            continue
        option: dict[str, Any] = {"id": n, "label": label(game, action)}
        text = adapted.text(action)
        if text is not None:
            option["text"] = text
        group, short, pin = place(game, action)
        option["group"] = group
        if short is not None:
            option["short"] = short[:1].upper() + short[1:]
        if pin:
            option["pin"] = True
        for key in ("label", "short", "text", "group", "amount"):
            if extra.get(key):
                option[key] = extra[key]
        options.append(option)
    question = {"prompt": (words or {}).get("prompt") or adapted.prompt(stage, legal, window),
                "kind": "choice", "window": adapted.is_window(stage), "options": options}
    if words and words.get("how"):
        question["how"] = words["how"]
    return with_take_back(question, take_back)


def question(game: str, state: Any, legal: list, take_back: str | None = None,
             seat: int | None = None, names: list[str] | None = None) -> dict:
    """The question for the decision `state` waits on (`decision` of its stage), in
    words saying what it is about when the seat deciding is given."""
    stage, window = adapter(game).stage_of(state, legal)
    words = words_for(game, state, seat, legal, names or []) if seat is not None else None
    return decision(game, stage, legal, window=window, take_back=take_back, words=words)


def amounts(question: dict) -> dict[int, tuple[int, int]]:
    """{option id: (least, most)} of a question's steppers."""
    return {o["id"]: (o["amount"]["min"], o["amount"]["max"])
            for o in question.get("options", []) if "amount" in o}


def roll(purpose: str, take_back: str | None = None) -> dict:
    """A die of the seat's own to throw (held on the phone to shake); a choice just made
    before it may be taken back (`undo`)."""
    words = {"first": "Roll for who goes first", "move": "Roll to move",
             "stuck": "Roll to leave STUCK", "techpad": "Roll for TechPad",
             "adoption": "Roll for new users"}
    return with_take_back({"prompt": words.get(purpose, "Your roll"), "kind": "roll",
                           "options": [{"id": "roll", "label": "Roll"}]}, take_back)


def beat(title: str, how: str, can_play: bool, play: str = "I'll play a card",
         hold: str = "Pass", event: Any = None, names: list[str] | None = None,
         game: str | None = None) -> dict:
    """The "any cards?" beat on a phone: every asked seat gets it alike (F11); "play" is
    offered only when the seat's own hand allows it (the phone alone sees that).
    event: what opened the beat (a card window, a card played on the seat): the game's
    `beat_words` say it in the phone's own words ("before product I hires")."""
    options = [{"id": "pass", "label": hold}]
    if can_play:
        options.insert(0, {"id": "play", "label": play})
    question = {"prompt": title, "kind": "choice", "window": True, "options": options}
    said = _hook(game, "beat_words") if game else None
    how = said(event, names or [], how) if said is not None else how
    if how:
        question["how"] = how
    return question
