"""Colour-vision-deficiency simulation, to check that player colours stay apart.

Machado, Oliveira and Fernandes (2009) give one 3×3 matrix per deficiency (here at full
severity: protanopia, deuteranopia, tritanopia) applied to linear RGB. Distances are CIE76
ΔE in CIELAB (D65): about 2.3 is "just noticeable"; player colours should be far apart.
Pure arithmetic, no pygame: the palette test and the settings use it.
"""

from __future__ import annotations

from itertools import combinations

Rgb = tuple[int, int, int]

MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MATRICES)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encode(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(rgb: Rgb, vision: str) -> Rgb:
    """How `rgb` looks to someone with `vision` ("normal" returns it unchanged)."""
    if vision == "normal":
        return rgb
    lin = [_linear(c) for c in rgb]
    r, g, b = (sum(m * x for m, x in zip(row, lin, strict=True)) for row in MATRICES[vision])
    return (_encode(r), _encode(g), _encode(b))


def lab(rgb: Rgb) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: Rgb, b: Rgb) -> float:
    la, lb = lab(a), lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def closest_pair(colours: list[Rgb], vision: str) -> float:
    """The smallest ΔE between any two of `colours` as seen with `vision`."""
    seen = [simulate(c, vision) for c in colours]
    return min(delta_e(a, b) for a, b in combinations(seen, 2))
