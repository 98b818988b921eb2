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
