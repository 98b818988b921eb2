"""What a phone seat is shown and asked, built from that seat's own `observation(seat)`.

The phone page renders a generic view (`hub.py` documents its shape); these functions
fill it for any game, each game's own words coming from its `PhoneAdapter` (the module
its `GameInfo.phone` names, e.g. `game/startupfever/phone.py`). A view is made from the
seat's observation only (never from the state itself), so a phone can show nothing the
rules would not tell that seat:

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

from typing import Any, Protocol

from game import registry

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


def adapter(game: str) -> PhoneAdapter:
    """The phone words of `game` (the module its `GameInfo.phone` names)."""
    return registry.get(game).phone_adapter()


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
    return {"game": game, "status": status, "your_turn": mine, "stats": stats,
            "hand": hand, "show_empty_hand": words.SHOW_EMPTY_HAND,
            "log": list(log[-LOG_LINES:]), "over": over, "seat": seat,
            **({"obs": obs} if with_obs else {})}


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


def decision(game: str, stage: str, legal: list, window: str | None = None,
             take_back: str | None = None) -> dict:
    """The question for a decision: one option per legal action (id = its index), each
    with its group (and short label, pin) for the page to show long lists grouped, and
    `undo` when the seat may take back its last step."""
    words = adapter(game)
    options = []
    for n, action in enumerate(legal):
        option: dict[str, Any] = {"id": n, "label": label(game, action)}
        text = words.text(action)
        if text is not None:
            option["text"] = text
        group, short, pin = place(game, action)
        option["group"] = group
        if short is not None:
            option["short"] = short[:1].upper() + short[1:]
        if pin:
            option["pin"] = True
        options.append(option)
    return with_take_back({"prompt": words.prompt(stage, legal, window), "kind": "choice",
                           "window": words.is_window(stage), "options": options}, take_back)


def question(game: str, state: Any, legal: list, take_back: str | None = None) -> dict:
    """The question for the decision `state` waits on (`decision` of its stage)."""
    stage, window = adapter(game).stage_of(state, legal)
    return decision(game, stage, legal, window=window, take_back=take_back)


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
