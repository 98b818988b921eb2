"""`python main.py pace GAME --humans H --cpus C --games N --seed S --answer-after 1.0`:
how long a game takes at the table, and how long its people wait.

Plays whole games through the real game screen (TableScene or BoardScene) headless, at
the default settings, with scripted people in the human seats: each answers every
prompt (a decision, their die, a card or Defense question, a beat row) `answer_after`
seconds of game time after it opens, and otherwise never touches the table (nothing held
fast, nothing skipped). The screens run their own logic only: nothing is drawn, except
when a prompt's answer needs what drawing lays out.

Figures per game and overall: `minutes` (game time: updates / 60, from the first update
to the results), `prompts` per person (every time the game waits on that person),
`presses` per person (every button a person pressed: a prompt may take several),
`window_s` (Startup Fever: seconds of game time a card beat or a card / Defense question
was on the table), `longest_idle_s` (seconds from a person's answer to
their next prompt, the longest over people and games; the wait for the results after the
last prompt does not count); overall `median_minutes`, `prompts_per_human` and
`presses_per_human` (medians over people and games), `median_window_s` and
`longest_idle_s`.
"""

from __future__ import annotations

import statistics
from typing import Any

from scenes.engine.input import Action

STEP_HZ = 60
MAX_MINUTES = 120.0  # game time: a game still running then is cut off (and said so)


class ScriptedPeople:
    """Every human seat of one screen, answering each prompt `after` seconds in."""

    def __init__(self, app: Any, scene: Any, after: float) -> None:
        self.app, self.scene, self.after = app, scene, after
        people = [i for i, s in enumerate(scene.seats) if s.human]
        self.prompts = dict.fromkeys(people, 0)
        self.presses = dict.fromkeys(people, 0)
        self.window_updates = 0  # updates spent in card windows (Startup Fever)
        self.pressing: int | None = None  # the seat whose answer is being pressed
        self.free_since = dict.fromkeys(people, 0.0)  # game time of each one's last answer
        self.longest_idle = 0.0
        self.waiting: dict[int, float] = {}  # seat -> game time its open prompt opened
        self.keys: dict[int, Any] = {}  # seat -> the prompt it waits on (a new one counts)
        self.calls = 0
        self.tried: set[tuple] = set()  # (stage, year, product, seat) where "first" was taken

    @property
    def now(self) -> float:
        return self.app.updates / STEP_HZ

    def send(self, name: str, pressed: bool = True) -> None:
        if pressed and self.pressing is not None:
            self.presses[self.pressing] += 1
        self.app.stack.dispatch(Action(name, "keyboard", pressed))

    def tap(self, name: str) -> None:
        self.send(name, True)
        self.send(name, False)

    def asked(self) -> dict[int, Any]:
        """seat -> the prompt now waiting on that person (a screen-specific key)."""
        raise NotImplementedError

    def in_window(self) -> bool:
        """Whether the table is in a card window now (Startup Fever's; none elsewhere)."""
        return False

    def answer(self, seat: int) -> None:
        raise NotImplementedError

    def __call__(self) -> None:
        if self.app.stack.top is not self.scene or self.scene.leaving:
            return
        now = self.now
        if self.in_window():
            self.window_updates += 1
        asked = self.asked()
        for seat, key in asked.items():
            if self.keys.get(seat) is not key or seat not in self.waiting:
                self.keys[seat] = key
                self.waiting[seat] = now
                self.prompts[seat] += 1
                self.longest_idle = max(self.longest_idle, now - self.free_since[seat])
        for seat in [s for s in self.waiting if s not in asked]:  # answered (or moved on)
            del self.waiting[seat]
            self.keys.pop(seat, None)
            self.free_since[seat] = now
        for seat, since in list(self.waiting.items()):
            if now - since >= self.after:
                self.pressing = seat
                self.answer(seat)
                self.pressing = None
                break  # one answer per update: the screen moves on in between


class StartupFeverPeople(ScriptedPeople):
    """Startup Fever's people: the die, the beat rows (they pass) and decisions (mostly
    the last option, End / Pass / Seal, every third time the first one, as a person who
    plays a card or hires now and then, at most once a turn and stage)."""

    def in_window(self) -> bool:
        """A card beat on the table, or a card / Defense question open to a person (the
        rules' state may rest at a window while the table still shows what came before:
        that is not counted)."""
        s = self.scene
        decision = s.decision
        return s.beat is not None or (decision is not None
                                      and decision.stage in ("window", "defense"))

    def asked(self) -> dict[int, Any]:
        s = self.scene
        if s.roll_call is not None:
            return {s.roll_call.seat: s.roll_call}
        beat = s.beat
        if beat is not None and not beat.done:
            return {seat: beat for seat in beat.seats if seat not in beat.answers}
        if s.decision is not None:
            return {s.decision.seat: s.decision}
        return {}

    def answer(self, seat: int) -> None:
        s = self.scene
        if s.roll_call is not None:
            self.tap("confirm")
        elif s.beat is not None and not s.beat.done:
            beat = s.beat
            if beat.seat != seat and seat in beat.seats:
                beat.selected = beat.seats.index(seat)
            self.tap("confirm")  # pass
        elif s.decision is not None:
            self._decide(s.decision)

    def _decide(self, decision: Any) -> None:
        self.calls += 1
        choices = decision.choices
        options = choices.level.options
        enabled = [i for i, o in enumerate(options) if o.enabled]
        if not enabled:
            self.tap("back")
            return
        state = self.scene.state
        turn = (decision.stage, state.year, state.current_slot, decision.seat)
        first = len(choices.levels) > 1 or (self.calls % 3 == 0 and turn not in self.tried)
        if first:  # at most once a turn and stage: a person does not shuffle for ever
            self.tried.add(turn)
        target = enabled[0] if first else enabled[-1]
        if decision.secret:
            self.send("y", True)
        for _ in range(len(options)):
            if choices.level.selected == target:
                break
            self.tap("down")
        self.tap("confirm")
        if decision.secret:
            self.send("y", False)


class ServermaniaPeople(ScriptedPeople):
    """SERVERMANIA's people: their dice and the maintenance / stuck prompts (the choice
    the prompt offers first)."""

    def asked(self) -> dict[int, Any]:
        s = self.scene
        if s.roll_call is not None:
            return {s.roll_call.seat: s.roll_call}
        if s.prompt is not None:
            return {s.state.current_player: s.prompt}
        return {}

    def answer(self, seat: int) -> None:
        self.tap("confirm")


def _screen(game: str, humans: int, cpus: int, seed: int) -> tuple[Any, type]:
    if game == "startupfever":
        from scenes.startupfever.seats import default_seats
        from scenes.startupfever.table_scene import TableScene

        return TableScene(default_seats(humans + cpus, humans), seed=seed), StartupFeverPeople
    from scenes.servermania.board_scene import BoardScene
    from scenes.servermania.seats import default_seats as sm_seats

    return BoardScene(sm_seats(humans + cpus, humans), seed=seed), ServermaniaPeople


def _over(app: Any, scene: Any) -> bool:
    top = app.stack.top
    return top is not scene and type(top).__name__ == "ResultsScene"


def play_one(game: str, humans: int, cpus: int, seed: int, answer_after: float
             ) -> dict[str, Any]:
    """One game at the table; its figures (see the module notes)."""
    from scenes.app import make_app

    scene, people_class = _screen(game, humans, cpus, seed)
    app = make_app(scene, headless=True, seed=seed)
    people = people_class(app, scene, answer_after)
    start = app.updates
    limit = int(MAX_MINUTES * 60 * STEP_HZ)
    while not _over(app, scene) and app.updates - start < limit:
        if app.stack.top is scene:
            people()
        app.step()
    minutes = (app.updates - start) / STEP_HZ / 60
    return {"seed": seed, "minutes": round(minutes, 2), "finished": _over(app, scene),
            "prompts": {scene.seats[s].name: n for s, n in people.prompts.items()},
            "presses": {scene.seats[s].name: n for s, n in people.presses.items()},
            "window_s": round(people.window_updates / STEP_HZ, 1),
            "longest_idle_s": round(people.longest_idle, 1)}


def pace(game: str, humans: int, cpus: int, games: int, seed: int = 1,
         answer_after: float = 1.0, out: Any = None) -> dict[str, Any]:
    """`games` games (game g uses seed + g); per-game rows and the overall figures."""
    rows = []
    for g in range(games):
        row = play_one(game, humans, cpus, seed + g, answer_after)
        rows.append(row)
        if out is not None:
            out(format_row(row))
    prompts = [n for r in rows for n in r["prompts"].values()]
    presses = [n for r in rows for n in r["presses"].values()]
    return {"game": game, "humans": humans, "cpus": cpus, "games": games, "seed": seed,
            "answer_after": answer_after,
            "median_minutes": round(statistics.median(r["minutes"] for r in rows), 2),
            "prompts_per_human": statistics.median(prompts) if prompts else 0,
            "presses_per_human": statistics.median(presses) if presses else 0,
            "median_window_s": round(statistics.median(r["window_s"] for r in rows), 1),
            "longest_idle_s": max((r["longest_idle_s"] for r in rows), default=0.0),
            "unfinished": sum(1 for r in rows if not r["finished"]),
            "per_game": rows}


def format_row(row: dict[str, Any]) -> str:
    prompts = ", ".join(f"{name} {n}" for name, n in row["prompts"].items()) or "none"
    presses = ", ".join(f"{name} {n}" for name, n in row["presses"].items()) or "none"
    cut = "" if row["finished"] else " (cut off)"
    return (f"  seed {row['seed']}: {row['minutes']:.1f} min{cut}; prompts: {prompts}; "
            f"presses: {presses}; card windows {row['window_s']:.0f} s; "
            f"longest idle {row['longest_idle_s']:.0f} s")


def format_report(figures: dict[str, Any]) -> str:
    return (f"pace {figures['game']}: {figures['humans']} people + {figures['cpus']} "
            f"computers, {figures['games']} games from seed {figures['seed']}, answers "
            f"after {figures['answer_after']:g} s: median {figures['median_minutes']:.1f} "
            f"min, {figures['prompts_per_human']:g} prompts and "
            f"{figures['presses_per_human']:g} presses per person (median), "
            f"{figures['median_window_s']:g} s in card windows (median), longest idle "
            f"{figures['longest_idle_s']:.0f} s")
