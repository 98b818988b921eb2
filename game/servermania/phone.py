"""What a SERVERMANIA phone seat shows and asks (`game.companion.views.PhoneAdapter`):
its cash, servers and worth, and the words of its two questions. No hand: the cards are
drawn and resolved at once."""

from __future__ import annotations

from typing import Any

from game.companion.views import money

SHOW_EMPTY_HAND = False
#: The board is the same for everyone, and large: left out of each phone's view.
DROP = ("board",)
PROMPTS = {"maintenance": "Maintenance: pay or skip?", "stuck": "STUCK: pay or roll?"}



def stats(obs: dict[str, Any], seat: int) -> list[dict[str, str]]:
    me = obs["players"][seat]
    return [{"label": "Cash", "value": money(me["cash"])},
            {"label": "Servers", "value": str(me["servers"])},
            {"label": "Worth", "value": money(obs["scores"][seat])}]


def hand(obs: dict[str, Any], seat: int) -> list[dict[str, str]]:
    return []


def words(action: Any) -> str:
    return str(action)


def text(action: Any) -> str | None:
    return None


def place(action: Any) -> tuple[str, str | None, bool] | None:
    return None


def prompt(stage: str, legal: list[Any], window: str | None) -> str:
    return PROMPTS.get(stage, "Your move")


def stage_of(state: Any, legal: list[Any]) -> tuple[str, str | None]:
    """Maintenance (pay or skip) or STUCK (pay or roll): the only two decisions."""
    from game.servermania.actions import PayMaintenance

    maintenance = any(isinstance(action, PayMaintenance) for action in legal)
    return ("maintenance" if maintenance else "stuck"), None


def is_window(stage: str) -> bool:
    return False


# --- what each decision is about, the public table, the results (optional hooks) -------

def about(state: Any, seat: int, legal: list[Any], names: list[str]) -> dict[str, Any]:
    """The cost and the odds, as the TV's prompt says them (`game.servermania.previews`:
    SERVERMANIA hides nothing, so its previews read the state)."""
    from game.servermania.previews import about as words_of

    return words_of(state, legal)


def public(state: Any) -> dict[str, Any]:
    from game.servermania.public import public_observation

    return public_observation(state)


def table(pub: dict[str, Any], names: list[str], squares: list[str] | None = None
          ) -> dict[str, Any]:
    """The public table: whose turn, each player's square, cash, servers and worth."""
    def name(i: Any) -> str:
        return names[i] if isinstance(i, int) and 0 <= i < len(names) else "someone"

    actor = pub.get("current_player")
    rows = []
    for i, pl in enumerate(pub["players"]):
        where = pl["position"]
        label = squares[where] if squares and 0 <= where < len(squares) else ""
        rows.append({"name": name(i), "cash": money(pl["cash"]), "servers": pl["servers"],
                     "worth": money(pub["scores"][i]),
                     "square": f"{where}" + (f" · {label}" if label else ""),
                     "finished": pl["finished"], "turn": i == pub.get("turn_seat")})
    return {"game": "servermania",
            "whose": f"{name(actor)}'s move" if isinstance(actor, int) and actor >= 0
            else "", "turn": f"{name(pub.get('turn_seat'))}'s turn",
            "pot": money(pub.get("pot", 0)), "players": rows}


def standing(obs: dict[str, Any]) -> list[tuple[tuple[int, int], str, str]]:
    """Per seat: its final money (cash + servers: the most wins), then cash and servers."""
    out = []
    for i, pl in enumerate(obs["players"]):
        servers = f"{pl['servers']} server{'s' if pl['servers'] != 1 else ''}"
        out.append(((obs["scores"][i], 0), money(obs["scores"][i]),
                    f"Cash {money(pl['cash'])} · {servers}"))
    return out
