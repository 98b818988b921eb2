"""Fits the Hard player's evaluation weights (evaluate.WEIGHTS) from Normal-player games.

    python -m game.startupfever.evalfit --games 600 --seed 1

plays four-player games of Normal players, records every seat's features
(evaluate.seat_features) at a sample of decision points, and fits by least squares the
weights that predict each seat's final VP from them. It prints the weights (to paste
into evaluate.py) and how well they predict (R^2 and the residual spread, which sets
the scale of the win-chance logistic). Plain Python: the system is 14 x 14.
"""

from __future__ import annotations

import argparse
import random

from .evaluate import FEATURES, seat_features
from .normal import NormalPlayer
from .rules import CHANCE, new_game

RIDGE = 1e-3  # keeps the system well-posed when a feature is rarely non-zero


def collect(games: int, seed: int, every: float = 0.08) -> tuple[list[list[float]], list[float]]:
    """(feature rows, final VP of that seat) from `games` games of four Normal players."""
    rng = random.Random(seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    for g in range(games):
        state = new_game(4, seed=seed * 100_003 + g)
        agents = [NormalPlayer() for _ in range(4)]
        pending: list[tuple[int, list[float]]] = []
        while not state.is_terminal():
            cp = state.current_player
            if cp == CHANCE:
                state.apply(state.sample_chance())
                continue
            if state.year >= 1 and rng.random() < every:
                pending += list(enumerate(seat_features(state)))
            state.apply(agents[cp].decide(state, state.legal_actions()))
        final = state.scores()
        for seat, row in pending:
            xs.append(row)
            ys.append(float(final[seat]))
    return xs, ys


def fit(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Least squares with a small ridge, solved by Gaussian elimination."""
    k = len(xs[0])
    a = [[RIDGE * (i == j) for j in range(k)] for i in range(k)]
    b = [0.0] * k
    for row, y in zip(xs, ys, strict=True):
        for i in range(k):
            ri = row[i]
            if ri:
                b[i] += ri * y
                ai = a[i]
                for j in range(k):
                    ai[j] += ri * row[j]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def report(weights: list[float], xs: list[list[float]], ys: list[float]) -> tuple[float, float]:
    """(R^2, residual standard deviation) of the weights on the rows."""
    pred = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in xs]
    mean = sum(ys) / len(ys)
    ss_res = sum((p - y) ** 2 for p, y in zip(pred, ys, strict=True))
    ss_tot = sum((y - mean) ** 2 for y in ys)
    return 1 - ss_res / ss_tot, (ss_res / len(ys)) ** 0.5


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    xs, ys = collect(args.games, args.seed)
    weights = fit(xs, ys)
    r2, spread = report(weights, xs, ys)
    print(f"{len(xs)} rows; R^2 {r2:.3f}; residual sd {spread:.2f} VP")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:20s} {w:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
