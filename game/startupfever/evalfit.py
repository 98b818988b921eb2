"""Fits the Hard player's evaluation (evaluate.py) to the outcomes of self-play games.

    python -m game.startupfever.evalfit            # writes game/startupfever/eval_weights.json

The model: at any position, seat i wins with probability exp(s_i) / sum_j exp(s_j), where
s_i = w . x_i and x_i are seat i's features (evaluate.seat_features: VP on the table and
projected, money, revenue, staff, executives, cards, some scaled by the years left). One
weight vector for every table size (2-6 seats), fitted by maximum likelihood (Newton's
method with a small ridge) to who won each game.

The games: GAMES games at 2-6 seats (seeded) of Normal players (so that a change to the
Hard player's own rules does not change the file), every seat taking a random legal
action at EXPLORE of its decisions, so that money, staff and cards vary apart from how well a
company is doing (without it the fit learns "rich players win" and prices money above
the staff it buys). Positions are sampled at a share of the decision points from year 1
on; all positions of one game fall on the same side of the split: every HOLD_OUT-th game
is held out, the others fitted. The held-out figures (log-loss against the uniform guess
and against the former hand-set evaluation, and how often the favourite wins) go into the
file beside the weights.

Same seed, same file, byte for byte: the games and the sampling are seeded, the fit is a
fixed number of Newton steps, and the weights are written rounded to 6 significant
digits. Needs numpy (the test/dev dependency group); the game itself reads only the JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path
from typing import Any

from .evaluate import FEATURES, WEIGHTS_FILE, seat_features
from .normal import NormalPlayer
from .rules import CHANCE, TERMINAL, new_game

GAMES = 3000
SEED = 1
EXPLORE = 0.08  # share of decisions taken at random (see the module notes)
EVERY = 0.06  # share of decision points (year 1 on) whose position is kept
HOLD_OUT = 5  # every HOLD_OUT-th game is held out of the fit
SEATS = (2, 3, 4, 4, 4, 5, 6, 6)  # table sizes, drawn in turn (four and six seats most)
RIDGE = 1e-2
NEWTON_STEPS = 25


def collect(games: int, seed: int, every: float = EVERY
            ) -> list[tuple[int, list[list[float]], list[float]]]:
    """(game number, every seat's features, every seat's share of the win) per sampled
    position of `games` seeded games (see the module notes)."""
    rng = random.Random(seed)
    out: list[tuple[int, list[list[float]], list[float]]] = []
    for g in range(games):
        players = SEATS[g % len(SEATS)]
        state = new_game(players, seed=seed * 1_000_003 + g)
        agents = [NormalPlayer() for _ in range(players)]
        pending: list[list[list[float]]] = []
        while True:
            cp = state.current_player
            if cp == CHANCE:
                state.apply_quiet(state.sample_chance())
                continue
            if cp == TERMINAL:
                break
            legal = state.legal_actions()
            if state.year >= 1 and len(legal) > 1 and rng.random() < every:
                pending.append(seat_features(state))
            if len(legal) > 1 and rng.random() < EXPLORE:
                action = legal[rng.randrange(len(legal))]
            else:
                action = agents[cp].decide(state, legal)
            if any(a is action for a in legal):
                state.apply_quiet(action)
            else:
                state.apply(action)
        winners = state.winners()
        shares = [1 / len(winners) if s in winners else 0.0 for s in range(players)]
        out += [(g, rows, shares) for rows in pending]
    return out


def fit(data: list[tuple[int, list[list[float]], list[float]]], steps: int = NEWTON_STEPS,
        ridge: float = RIDGE) -> list[float]:
    """The weights maximising the likelihood of the winners (a conditional logit), by
    Newton's method from zero; features are scaled to unit spread for the solve."""
    import numpy as np

    xs = [np.asarray(rows, dtype=np.float64) for _g, rows, _y in data]
    ys = [np.asarray(shares, dtype=np.float64) for _g, _r, shares in data]
    k = xs[0].shape[1]
    scale = np.concatenate(xs).std(axis=0)
    scale[scale == 0] = 1.0
    xs = [x / scale for x in xs]
    w = np.zeros(k)
    for _ in range(steps):
        grad = -ridge * w
        hess = -ridge * np.eye(k)
        for x, y in zip(xs, ys, strict=True):
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ x
            grad += y @ x - mean  # the shares sum to 1
            centred = x - mean
            hess -= (centred * p[:, None]).T @ centred
        w = w - np.linalg.solve(hess, grad)
    return [float(v) for v in w / scale]


def log_loss(data: list[tuple[int, list[list[float]], list[float]]],
             score: Any) -> tuple[float, float]:
    """(mean log-loss of the winners, share of positions whose favourite won) of
    `score(rows) -> list of scores` on the positions."""
    loss = hits = 0.0
    for _g, rows, shares in data:
        s = score(rows)
        top = max(s)
        z = sum(math.exp(v - top) for v in s)
        loss -= sum(y * (s[i] - top - math.log(z)) for i, y in enumerate(shares) if y)
        best = max(range(len(s)), key=s.__getitem__)
        hits += shares[best]
    return loss / len(data), hits / len(data)


#: The hand-set evaluation this fit replaced: projected VP + 0.8 money x turns after this
#: one + 0.6 revenue x turns + 0.3 cards, a softmax at 6 VP (for the comparison only).
FORMER = {"projected_vp": 1 / 6, "money_x_years": 0.8 / 6, "income_x_turns": 0.6 / 6,
          "cards": 0.3 / 6}


def figures(weights: list[float], train: list, held: list) -> dict[str, Any]:
    """The fit's figures on the fitted and the held-out positions."""
    fitted = lambda rows: [sum(w * x for w, x in zip(weights, r, strict=True)) for r in rows]  # noqa: E731
    former_w = [FORMER.get(name, 0.0) for name in FEATURES]
    former = lambda rows: [sum(w * x for w, x in zip(former_w, r, strict=True)) for r in rows]  # noqa: E731
    uniform = sum(math.log(len(rows)) for _g, rows, _y in held) / len(held)
    train_loss, _ = log_loss(train, fitted)
    held_loss, held_hits = log_loss(held, fitted)
    former_loss, former_hits = log_loss(held, former)
    return {"train_positions": len(train), "held_out_positions": len(held),
            "train_log_loss": round(train_loss, 4), "held_out_log_loss": round(held_loss, 4),
            "held_out_uniform_log_loss": round(uniform, 4),
            "held_out_former_log_loss": round(former_loss, 4),
            "held_out_favourite_wins": round(held_hits, 4),
            "held_out_former_favourite_wins": round(former_hits, 4)}


def run(games: int = GAMES, seed: int = SEED) -> dict[str, Any]:
    """Collect, fit, measure: the contents of the weights file."""
    data = collect(games, seed)
    train = [d for d in data if d[0] % HOLD_OUT]
    held = [d for d in data if d[0] % HOLD_OUT == 0]
    weights = [float(f"{w:.6g}") for w in fit(train)]
    return {"about": "Startup Fever's fitted evaluation: python -m game.startupfever.evalfit "
                     f"--games {games} --seed {seed} (see evalfit.py)",
            "games": games, "seed": seed, "explore": EXPLORE, "every": EVERY,
            "features": list(FEATURES), "weights": weights,
            "fit": figures(weights, train, held)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args(argv)
    result = run(args.games, args.seed)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    for key, value in result["fit"].items():
        print(f"{key:32s} {value}")
    for name, w in zip(FEATURES, result["weights"], strict=True):
        print(f"  {name:22s} {w:+.5g}")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
