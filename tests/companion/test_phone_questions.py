"""Every phone decision says what it is about, as the TV's prompt does: who, what, what it
costs and what happens (game.startupfever.questions, game.servermania.previews), built
from the deciding seat's own observation; a poach offer of any legal amount (a stepper);
the results on the phone."""

from __future__ import annotations

import random

import pytest

from game import servermania as sm
from game import startupfever as sf
from game.companion import views
from game.companion.hub import _amount_choices
from game.startupfever import questions
from game.startupfever.cards import CARDS
from game.startupfever.events import CardPlayed, WindowOpened
from scenes.table.phones import PhoneSource

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay"]


def reach(stage: str, when=lambda state: True, games: int = 60, players: int = 4):
    """A Startup Fever state at a decision of `stage` (random play) for which `when`."""
    for seed in range(games):
        rng = random.Random(seed)
        state = sf.new_game(players, seed=seed)
        while not state.is_terminal():
            if state.current_player == sf.CHANCE:
                state.apply(state.sample_chance())
                continue
            if state.stage == stage and when(state):
                return state
            legal = state.legal_actions()
            state.apply(rng.choice(legal))
    raise AssertionError(f"no {stage} reached")


def ask(state) -> dict:
    legal = state.legal_actions()
    words = views.words_for("startupfever", state, state.current_player, legal, NAMES[:4])
    return views.decision("startupfever", state.stage, legal, state.window, words=words)


def said(question: dict) -> str:
    return " ".join([question["prompt"], question.get("how", "")] +
                    [f"{o['label']} {o.get('text', '')}" for o in question["options"]])


def test_a_counter_offer_names_the_poacher_the_employee_the_offer_and_your_price():
    state = reach("counter")
    pp, seat = state.pending_poach, state.current_player
    question = ask(state)
    poacher = NAMES[state.turn_seat]
    kind = sf.actions.kind_name(pp["kind"])
    assert poacher in question["prompt"] and kind in question["prompt"]
    assert f"${pp['offer']}" in question["how"]
    keep, go = question["options"]
    assert keep["label"] == f"Keep your {kind} for ${pp['offer'] + 1}"
    money = state.players[seat].money
    assert f"${money} → ${money - pp['offer'] - 1}" in keep["text"]
    assert go["label"] == "Let it go" and f"{poacher} pays ${pp['offer']}" in go["text"]


def test_defense_says_which_card_hits_what_and_what_it_does():
    state = reach("defense")
    pc = state.pending_card
    question = ask(state)
    card = CARDS[pc["card"]]
    assert question["prompt"].startswith(f"{NAMES[pc['seat']]} plays {card.name} on your")
    assert card.short in question["how"]
    allow = next(o for o in question["options"] if o["label"] == "Let it happen")
    assert allow["text"] and allow["text"] in card.text


def test_user_loss_says_the_pips_the_users_and_the_100m_floor():
    state = reach("loss")
    question = ask(state)
    pips = state.loss_left
    assert f"{pips} pip" in question["prompt"]
    assert "never below 100M users" in question["how"]
    for option, action in zip(question["options"], state.legal_actions(), strict=True):
        if type(action) is sf.LosePip:
            field = state.products[action.slot].field
            assert f"{sf.usertrack.label(field)} users → " \
                   f"{sf.usertrack.label(field - 1)} users" in option["text"]
            assert "VP" in option["text"]


def test_hires_carry_their_price_and_what_they_do():
    state = reach("manage", lambda s: any(type(a) is sf.Hire for a in s.legal_actions()))
    hires = [o for o in ask(state)["options"] if o["group"] == "Hire"]
    assert hires
    for option in hires:
        assert "$" in option["label"] and option["text"]


def test_a_turn_order_place_is_explained():
    state = reach("order_choose", lambda s: any(s.new_order))
    question = ask(state)
    count = len(state.new_order)
    assert all(f"of {count}" in o["label"] for o in question["options"])
    assert any(("after " in o["text"]) or ("before " in o["text"])
               for o in question["options"])
    assert "fewest users choose first" in question["how"]


def test_a_card_window_names_a_product_as_a_product_never_as_a_word():
    def said(event) -> str:
        return views.beat("Any cards?", "", True, event=event, names=NAMES,
                          game="startupfever")["how"]

    text = said(WindowOpened("manage", "I"))
    assert "before product I hires" in text and "before I hires" not in text
    assert questions.window_words("revenue", "A").startswith("before product A earns")
    hit = CardPlayed(1, "antitrust", "Antitrust", "", "C", 0)
    assert said(hit) == f"Bo plays Antitrust on your C: {CARDS['antitrust'].short}"


def test_every_decision_of_random_games_has_words_and_an_option_per_shown_action():
    stages = set()
    for seed in range(8):
        rng = random.Random(seed)
        state = sf.new_game(2 + seed % 5, seed=seed)
        while not state.is_terminal():
            if state.current_player == sf.CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            question = ask(state)
            stages.add(state.stage)
            assert question["prompt"] and question.get("how"), state.stage
            ids = [o["id"] for o in question["options"]]
            assert ids == sorted(set(ids)) and all(0 <= i < len(legal) for i in ids)
            shown = {type(legal[i]).__name__ for i in ids}
            assert shown == {type(a).__name__ for a in legal}  # every kind still offered
            assert "  " not in said(question) and "None" not in said(question)
            state.apply(rng.choice(legal))
    assert {"chips", "window", "manage", "loss", "marketing", "order_choose"} <= stages


def poach_state():
    return reach("manage", lambda s: any(type(a) is sf.Poach and
                                         a.offer < s.players[s.current_player].money
                                         for a in s.legal_actions()))


def test_a_poach_offer_is_a_stepper_from_the_lowest_offer_to_the_poachers_money():
    state = poach_state()
    legal = state.legal_actions()
    question = ask(state)
    money = state.players[state.current_player].money
    steppers = [o for o in question["options"] if "amount" in o]
    targets = {(a.seat, a.slot, a.kind, a.vest) for a in legal if type(a) is sf.Poach}
    assert len(steppers) == len(targets)  # one per employee, not one per listed amount
    for option in steppers:
        low = legal[option["id"]]
        assert option["amount"]["min"] == low.offer and option["amount"]["max"] == money
        owner = NAMES[low.seat]
        assert option["label"].startswith(f"Poach {owner}'s")
        assert option["amount"]["notes"]


class _Link:
    """The bits of a PhoneLink a PhoneSource uses."""

    def __init__(self) -> None:
        self.asked: list[dict] = []
        self.answer = None
        self.deciding = None

    def names(self) -> list[str]:
        return NAMES[:4]

    def ask(self, seat: int, question: dict) -> int:
        self.asked.append(question)
        return 1

    def take(self, seat: int, ticket: int):
        answer, self.answer = self.answer, None
        return answer


def test_a_phone_poaches_for_any_amount_it_picks_and_the_rules_take_it():
    state = poach_state()
    link = _Link()
    source = PhoneSource(link, "startupfever")  # type: ignore[arg-type]
    source.begin(state.current_player, state, state.legal_actions())
    option = next(o for o in link.asked[0]["options"] if "amount" in o)
    low, high = option["amount"]["min"], option["amount"]["max"]
    middle = (low + high + 1) // 2
    for bad in (f"{option['id']}:{low - 1}", f"{option['id']}:{high + 1}", "x:3",
                f"{option['id']}:-1", f"{option['id']}:3:4"):
        link.answer = bad
        assert source.poll() is None, bad
    link.answer = f"{option['id']}:{middle}"
    action = source.poll()
    assert type(action) is sf.Poach and action.offer == middle
    events = state.apply(action)  # a legal offer the rules take
    assert any(type(e).__name__ == "PoachOffered" and e.offer == middle for e in events)


def test_the_server_accepts_exactly_the_amounts_a_stepper_offers():
    options = [{"id": 0, "label": "Hire"},
               {"id": 3, "label": "Poach", "amount": {"min": 2, "max": 5}}]
    assert _amount_choices(options) == {"3:2", "3:3", "3:4", "3:5"}
    with pytest.raises(ValueError):
        _amount_choices([{"id": 1, "label": "x", "amount": {"min": 0, "max": 10**7}}])


def test_servermania_decisions_say_the_cost_and_the_odds():
    state, checked = sm.new_game(2, seed=3), 0
    while not state.is_terminal() and checked < 5:
        if state.current_player == sm.CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        words = views.words_for("servermania", state, state.current_player, legal, NAMES)
        question = views.decision("servermania", "maintenance", legal, words=words)
        assert question["prompt"] in ("Pay maintenance?", "Get out of STUCK?")
        assert all("$" in o["label"] + o.get("text", "") for o in question["options"])
        assert "CUSTOMER SERVICE" in question["how"] or "roll" in question["how"]
        state.apply(legal[checked % len(legal)])
        checked += 1
    assert checked == 5


@pytest.mark.parametrize("game", ["startupfever", "servermania"])
def test_the_phone_shows_the_ranking_and_your_place_at_the_end(game):
    module = sf if game == "startupfever" else sm
    state, rng = module.new_game(3, seed=5), random.Random(5)
    while not state.is_terminal():
        if state.current_player == module.CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_actions()))
    winners = state.winners()
    for seat in range(3):
        obs = state.observation(seat)
        if game == "servermania":
            obs.pop("board", None)
        view = views.seat_view(game, obs, NAMES[:3], [], over=True)
        ranking = view["results"]["ranking"]
        assert [row["you"] for row in ranking].count(True) == 1
        assert ranking[0]["name"] in [NAMES[w] for w in winners]
        mine = next(row for row in ranking if row["you"])
        assert mine["name"] == NAMES[seat]
        headline = view["results"]["headline"]
        assert ("win" in headline) == (seat in winners), headline
    assert "results" not in views.seat_view(game, obs, NAMES[:3], [], over=False)
