"""Why the game went as it did: one or two lines per person on the results screen.

`Story` reads the rules' events as the table plays them (launches by year, showdown
rows); `reasons(state, story, seat)` picks, from those and the final state's figures
(Nerds on launched products, VP per product), the one or two facts that best explain
that company's result next to the winner's: "0 Nerds on your launched products: Nerds
win showdowns", "Alan launched 3 products by year 3; you 1". Nothing is guessed: every
number is the rules' own. A game continued from a save knows only the years it played
here; the lines that need the earlier years are then left out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from game.startupfever import events as ev
from game.startupfever import usertrack


class Story:
    """Launches and showdowns per company, as the events tell them."""

    def __init__(self, owners: dict[str, int], year: int = 0) -> None:
        self.owners = owners
        self.year = year
        self.first_year = year  # the first year seen here (a continued game starts later)
        self.launched: dict[int, list[int]] = defaultdict(list)  # seat -> launch years
        self.won: dict[int, list[int]] = defaultdict(list)  # seat -> fields gained, per
        # showdown it came first in
        self.lost: dict[int, list[int]] = defaultdict(list)  # seat -> fields lost, per one
        # it lost users in

    def add(self, events: list[object]) -> None:
        for e in events:
            if isinstance(e, ev.YearStarted):
                self.year = e.year
            elif isinstance(e, ev.ProductLaunched):
                self.launched[e.seat].append(max(1, self.year))
            elif isinstance(e, ev.CompetitionResult):
                for rank, (slot, _strength, _delta, before, after) in enumerate(e.ranking):
                    seat = self.owners[slot]
                    if rank == 0:
                        self.won[seat].append(after - before)
                    elif after < before:
                        self.lost[seat].append(after - before)

    def launched_by(self, seat: int, year: int) -> int:
        return sum(1 for y in self.launched[seat] if y <= year)

    @property
    def complete(self) -> bool:
        """Whether the whole game was seen (not continued from a save mid-game)."""
        return self.first_year <= 1


def reasons(state: Any, story: Story | None, seat: int, name: str = "",
            names: Sequence[str] | None = None) -> list[str]:
    """One or two lines on why `seat` did as it did (module notes), best first; `names`:
    the seats' names as the table shows them (else the rules' own)."""
    scores = state.scores()
    winners = state.winners()
    best = winners[0]
    mine = _products(state, seat)
    lines: list[tuple[int, str]] = []  # (weight, line)
    launched = [p for p in mine if p.launched]
    nerds = sum(p.nerd_count for p in launched)
    big = len(state.players[seat].big_nerds)
    if launched and nerds == 0 and big == 0:
        lines.append((30, "0 Nerds on your launched products: Nerds win showdowns"))
    idle = [p.slot for p in mine if not p.launched]
    if idle:
        lines.append((10 + 5 * len(idle), f"{_slots(idle)} never launched: 0 VP"))
    if story is not None:
        won, lost = story.won[seat], story.lost[seat]
        if lost and len(lost) > len(won):
            lines.append((12 + 3 * len(lost), f"Lost {_n(len(lost), 'showdown')} "
                          f"({sum(lost)} fields), won {len(won)}: Nerds win them"))
        elif won and len(won) >= len(lost):
            lines.append((8 + 2 * len(won), f"Won {_n(len(won), 'showdown')} "
                          f"(+{sum(won)} fields), lost {len(lost)}"))
    if seat in winners:
        top = max(mine, key=lambda p: p.field)
        vp = usertrack.victory_points(top.field)
        lines.append((40, f"You won with {scores[seat]} VP; {top.slot} alone made {vp} "
                      f"({usertrack.label(top.field)} users)"))
    else:
        rival = names[best] if names is not None else state.players[best].name
        if story is not None and story.complete:
            for year in range(1, state.year + 1):
                theirs, ours = story.launched_by(best, year), story.launched_by(seat, year)
                if theirs >= ours + 2:
                    lines.append((25, f"{rival} launched {theirs} products by year {year}, "
                                  f"you {ours}"))
                    break
        top = max(_products(state, best), key=lambda p: p.field)
        vp = usertrack.victory_points(top.field)
        if vp >= scores[best] // 2 and vp > 0:
            lines.append((20, f"{rival}'s {top.slot} alone made {vp} VP "
                          f"({usertrack.label(top.field)} users)"))
        theirs = _products(state, best)
        high = [sum(1 for p in ps if p.field > usertrack.MARK_100M) for ps in (theirs, mine)]
        if high[0] >= high[1] + 2:
            lines.append((18, f"{rival} had {high[0]} products above 100M users, you "
                          f"{high[1]}"))
        their_nerds = sum(p.nerd_count for p in theirs if p.launched) + \
            4 * len(state.players[best].big_nerds)
        ours = nerds + 4 * big
        if their_nerds >= 2 * ours and their_nerds >= ours + 4:
            lines.append((15, f"{rival}'s Nerd strength on launched products {their_nerds}, "
                          f"yours {ours}"))
        gap = scores[best] - scores[seat]
        if not lines:
            lines.append((1, f"{gap} VP behind {rival}"))
    lines.sort(key=lambda wl: -wl[0])
    return [line for _w, line in lines[:2]]


def _products(state: Any, seat: int) -> list[Any]:
    return [state.products[s] for s in state.players[seat].slots]


def _n(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _slots(slots: list[str]) -> str:
    return slots[0] if len(slots) == 1 else ", ".join(slots[:-1]) + " and " + slots[-1]
