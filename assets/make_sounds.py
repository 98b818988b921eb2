"""Synthesise the sound effects of Unicorn Arcade into WAV files, with the standard library only.

Run (from the project root):

    python3 -m uv run python assets/make_sounds.py [OUT_DIR]

OUT_DIR defaults to ``assets/sounds``. Every file is 16-bit mono PCM at 44.1 kHz, normalised to
a peak of -3 dBFS (or lower, see RMS_CAP_DBFS, so dense tones do not shout over sparse noises),
with short fades at both ends so nothing clicks. Noise comes from a
random.Random seeded per sound, so re-running gives byte-identical files (tests check this).

Why synthesised: no samples to license, tiny files, and one place to retune the game's voice.
The sounds are short and bright (square/triangle "chiptune" tones plus filtered noise) to suit
the arcade look; ``SOUNDS`` below lists each one with what it is for.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 44_100
PEAK_DBFS = -3.0
#: Dense square-wave tones at -3 dBFS peak sound far louder than a sparse rattle at the same
#: peak, so a sound's level is also capped by its RMS: the quieter of the two limits wins.
RMS_CAP_DBFS = -14.0
Buffer = list[float]


# --------------------------------------------------------------------------- building blocks


def silence(seconds: float) -> Buffer:
    return [0.0] * round(seconds * RATE)


def note(name: str) -> float:
    """Frequency of a note like 'C5' or 'F#4' (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = steps[name[0]] + (1 if "#" in name else 0) - (1 if name[1] == "b" else 0)
    octave = int(name[-1])
    return 440.0 * 2 ** ((semis + 12 * (octave - 4)) / 12)


def _blep(p: float, dt: float) -> float:
    """PolyBLEP correction: rounds off a waveform's jumps so high notes do not alias."""
    if p < dt:
        p /= dt
        return p + p - p * p - 1.0
    if p > 1.0 - dt:
        p = (p - 1.0) / dt
        return p * p + p + p + 1.0
    return 0.0


def osc(kind: str, phase: float, dt: float) -> float:
    """One sample of a waveform at `phase` (in cycles); dt = cycles per sample."""
    p = phase % 1.0
    if kind == "sine":
        return math.sin(2 * math.pi * p)
    if kind in ("square", "pulse"):  # pulse = 25 % duty: thinner, more "retro"
        duty = 0.5 if kind == "square" else 0.25
        return (1.0 if p < duty else -1.0) + _blep(p, dt) - _blep((p + 1.0 - duty) % 1.0, dt)
    if kind == "triangle":
        return 4 * p - 1 if p < 0.5 else 3 - 4 * p
    if kind == "saw":
        return 2 * p - 1 - _blep(p, dt)
    raise ValueError(f"unknown waveform {kind!r}")


def tone(
    freq: float | Callable[[float], float],
    seconds: float,
    kind: str = "sine",
    attack: float = 0.005,
    decay: float | None = None,
    vibrato: float = 0.0,
    release: float = 0.004,
) -> Buffer:
    """A tone whose frequency may glide (freq as a function of t in 0..1).

    Envelope: linear attack, exponential decay with time constant `decay` seconds (None =
    hold), and a short linear release so notes joined end to end do not click."""
    n = round(seconds * RATE)
    n_rel = max(1, round(release * RATE))
    out: Buffer = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq(i / n) if callable(freq) else freq
        if vibrato:
            f *= 1 + vibrato * math.sin(2 * math.pi * 5.5 * t)
        phase += f / RATE
        env = min(1.0, t / attack) if attack > 0 else 1.0
        if decay is not None:
            env *= math.exp(-t / decay)
        env *= min(1.0, (n - i) / n_rel)
        out.append(osc(kind, phase, f / RATE) * env)
    return out


def noise(seconds: float, rng: random.Random, decay: float | None = None) -> Buffer:
    n = round(seconds * RATE)
    out = [rng.uniform(-1.0, 1.0) for _ in range(n)]
    if decay is not None:
        out = [x * math.exp(-(i / RATE) / decay) for i, x in enumerate(out)]
    return out


def lowpass(buf: Buffer, cutoff: float | Callable[[float], float]) -> Buffer:
    """One-pole low-pass; cutoff in Hz, or a function of t in 0..1 for sweeps."""
    out: Buffer = []
    y = 0.0
    n = max(1, len(buf))
    for i, x in enumerate(buf):
        fc = cutoff(i / n) if callable(cutoff) else cutoff
        a = 1 - math.exp(-2 * math.pi * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(buf: Buffer, cutoff: float) -> Buffer:
    low = lowpass(buf, cutoff)
    return [x - y for x, y in zip(buf, low, strict=True)]


def bandpass(buf: Buffer, centre: float, q: float = 4.0) -> Buffer:
    """RBJ biquad band-pass (constant peak gain): gives noise a pitch, like a knock."""
    w = 2 * math.pi * centre / RATE
    alpha = math.sin(w) / (2 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1 + alpha, -2 * math.cos(w), 1 - alpha
    out: Buffer = []
    x1 = x2 = y1 = y2 = 0.0
    for x in buf:
        y = (b0 * x + b2 * x2 - a1 * y1 - a2 * y2) / a0
        x2, x1 = x1, x
        y2, y1 = y1, y
        out.append(y)
    return out


def gain(buf: Buffer, g: float) -> Buffer:
    return [x * g for x in buf]


def envelope(buf: Buffer, shape: Callable[[float], float]) -> Buffer:
    n = max(1, len(buf))
    return [x * shape(i / n) for i, x in enumerate(buf)]


def mix(length: float, *parts: tuple[float, Buffer]) -> Buffer:
    """Sum buffers, each starting at its offset in seconds, into one `length`-second buffer."""
    out = silence(length)
    for start, buf in parts:
        k = round(start * RATE)
        for i, x in enumerate(buf):
            if 0 <= k + i < len(out):
                out[k + i] += x
    return out


def seq(*bufs: Buffer) -> Buffer:
    out: Buffer = []
    for b in bufs:
        out.extend(b)
    return out


def finish(buf: Buffer, fade_in: float = 0.002, fade_out: float = 0.012) -> Buffer:
    """Fade the ends (no clicks) and normalise the peak to PEAK_DBFS."""
    buf = list(buf)
    n_in, n_out = round(fade_in * RATE), round(fade_out * RATE)
    for i in range(min(n_in, len(buf))):
        buf[i] *= i / n_in
    for i in range(min(n_out, len(buf))):
        buf[-1 - i] *= i / n_out
    peak = max(abs(x) for x in buf) or 1.0
    rms = math.sqrt(sum(x * x for x in buf) / len(buf)) or 1.0
    g = min(10 ** (PEAK_DBFS / 20) / peak, 10 ** (RMS_CAP_DBFS / 20) / rms)
    return [x * g for x in buf]


def write_wav(path: Path, buf: Sequence[float], rate: int = RATE) -> None:
    pcm = array("h", (max(-32767, min(32767, round(x * 32767))) for x in buf))
    if sys.byteorder == "big":
        pcm.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())


# --------------------------------------------------------------------------- the sounds


def click() -> Buffer:
    """UI click: a tiny bright tick."""
    rng = random.Random(1)
    body = tone(1900, 0.035, "sine", attack=0.0005, decay=0.008)
    tick = bandpass(noise(0.035, rng, decay=0.003), 3500, 2.0)
    return mix(0.04, (0, body), (0, gain(tick, 2.0)))


def move() -> Buffer:
    """Menu cursor move: a soft short upward blip."""
    return lowpass(tone(lambda t: 620 + 260 * t, 0.07, "triangle", attack=0.002, decay=0.03), 5000)


def confirm() -> Buffer:
    """Accept / select: two rising notes."""
    a = tone(note("E5"), 0.07, "square", decay=0.05)
    b = tone(note("B5"), 0.16, "square", decay=0.07)
    return lowpass(seq(a, b), 4200)


def back() -> Buffer:
    """Cancel / back: two falling notes, softer than confirm."""
    a = tone(note("B4"), 0.07, "triangle", decay=0.05)
    b = tone(note("E4"), 0.14, "triangle", decay=0.06)
    return lowpass(seq(a, b), 3000)


def error() -> Buffer:
    """Not allowed: a low double buzz."""
    def buzz() -> Buffer:
        a = tone(150, 0.12, "square", decay=0.2)
        b = tone(157, 0.12, "square", decay=0.2)
        return lowpass([x + y for x, y in zip(a, b, strict=True)], 1400)

    return seq(buzz(), silence(0.05), buzz())


def dice_roll() -> Buffer:
    """Dice rattling in a cup and across the table: ~0.6 s of knocks that thin out."""
    rng = random.Random(6)
    length = 0.62
    parts: list[tuple[float, Buffer]] = []
    t = 0.0
    while t < length - 0.05:
        pitch = rng.uniform(900, 2200)
        knock = bandpass(noise(0.04, rng, decay=0.006), pitch, 6.0)
        ring = tone(pitch * 0.5, 0.04, "sine", attack=0.0005, decay=0.01)
        level = rng.uniform(0.5, 1.0) * (1.0 - 0.5 * t / length)
        parts.append((t, gain([k * 3 + r * 0.4 for k, r in zip(knock, ring, strict=True)], level)))
        t += rng.uniform(0.025, 0.05) * (1 + 1.5 * t / length)
    rumble = lowpass(noise(length, rng), 400)
    rumble = envelope(rumble, lambda u: 0.5 * math.sin(math.pi * u))
    return mix(length, (0, rumble), *parts)


def dice_land() -> Buffer:
    """The die settles: a wooden thunk and a small second bounce."""
    rng = random.Random(7)

    def thunk(level: float) -> Buffer:
        body = tone(lambda u: 190 - 70 * u, 0.12, "sine", attack=0.001, decay=0.035)
        knock = bandpass(noise(0.05, rng, decay=0.006), 1300, 3.0)
        return gain(mix(0.12, (0, body), (0, gain(knock, 3.0))), level)

    return mix(0.3, (0, thunk(1.0)), (0.11, thunk(0.45)))


def hop() -> Buffer:
    """A pawn hops one square: a quick rising boing."""
    up = tone(lambda u: 320 + 520 * u * u, 0.12, "triangle", attack=0.003, decay=0.06)
    return lowpass(up, 6000)


def coin() -> Buffer:
    """Money in: the classic two-note coin."""
    a = tone(note("B5"), 0.06, "square", attack=0.001)
    b = tone(note("E6"), 0.32, "square", attack=0.001, decay=0.1)
    return lowpass(seq(a, b), 6000)


def card_flip() -> Buffer:
    """A card turns over: a short papery swish and snap."""
    rng = random.Random(4)
    swish = lowpass(noise(0.14, rng), lambda u: 800 + 5000 * u)
    swish = envelope(highpass(swish, 300), lambda u: math.sin(math.pi * u) ** 2)
    snap = bandpass(noise(0.03, rng, decay=0.004), 2500, 1.5)
    return mix(0.18, (0, swish), (0.12, gain(snap, 2.5)))


def server_up() -> Buffer:
    """A server is added: a bright rising power-up arpeggio."""
    notes = ["C5", "E5", "G5", "C6", "E6"]
    parts = [
        (0.06 * i, tone(note(n), 0.2 if i < 4 else 0.36, "pulse", attack=0.002,
                        decay=0.07 if i < 4 else 0.12))
        for i, n in enumerate(notes)
    ]
    sweep = tone(lambda u: 300 + 900 * u, 0.3, "triangle", decay=0.2)
    return lowpass(mix(0.62, (0, gain(sweep, 0.6)), *parts), 7000)


def server_down() -> Buffer:
    """A server is lost: a sagging power-down."""
    fall = tone(lambda u: 520 * (1 - 0.75 * u), 0.5, "saw", decay=0.3)
    wob = tone(lambda u: 260 * (1 - 0.7 * u), 0.5, "square", decay=0.3)
    return lowpass(mix(0.52, (0, fall), (0, gain(wob, 0.5))), lambda u: 2500 - 1900 * u)


def pot() -> Buffer:
    """The CEO bonus pot pays out: a cascade of coins over a shimmer."""
    rng = random.Random(9)
    parts: list[tuple[float, Buffer]] = []
    for i in range(8):
        base = note("B5") * 2 ** (i / 12 * 2)
        ding = seq(
            tone(base, 0.04, "square", attack=0.001),
            tone(base * 4 / 3, 0.22, "square", attack=0.001, decay=0.07),
        )
        parts.append((0.07 * i + rng.uniform(0, 0.015), gain(ding, 0.8 - 0.04 * i)))
    shimmer = highpass(noise(0.9, rng), 5000)
    shimmer = envelope(shimmer, lambda u: 0.25 * math.sin(math.pi * u))
    return lowpass(mix(0.95, (0, shimmer), *parts), 8000)


def stuck() -> Buffer:
    """Landed on STUCK: a heavy lock clank, then a sad falling 'wah-wah'."""
    rng = random.Random(3)
    partials = [(220, 1.0), (563, 0.6), (1012, 0.4), (1730, 0.25)]
    clank = [0.0] * round(0.25 * RATE)
    for f, a in partials:
        for i, x in enumerate(tone(f, 0.25, "sine", attack=0.0005, decay=0.06)):
            clank[i] += a * x
    hit = bandpass(noise(0.03, rng, decay=0.004), 1800, 2.0)
    wah1 = tone(lambda u: note("D4") - 10 * u, 0.16, "saw", decay=0.15)
    wah2 = tone(lambda u: note("A3") - 25 * u, 0.3, "saw", decay=0.2, vibrato=0.01)
    wah = lowpass(seq(wah1, wah2), 1600)
    return mix(0.72, (0, clank), (0, gain(hit, 2.0)), (0.22, gain(wah, 0.7)))


def fanfare() -> Buffer:
    """Victory / big win: a happy ~1.5 s arpeggio ending on a held major chord."""
    run = ["C5", "E5", "G5", "C6", "G5", "C6", "E6"]
    step = 0.11
    parts: list[tuple[float, Buffer]] = []
    for i, n in enumerate(run):
        f = note(n)
        lead = tone(f, step * 1.6, "square", attack=0.003, decay=0.12)
        parts.append((i * step, lowpass(lead, 5000)))
    hold_at = len(run) * step
    hold = 1.55 - hold_at
    for n, level in (("C5", 0.5), ("E5", 0.45), ("G5", 0.45), ("C6", 0.6)):
        brass = lowpass(tone(note(n), hold, "saw", attack=0.02, vibrato=0.004), 2600)
        brass = envelope(brass, lambda u: 1 - u * u)
        parts.append((hold_at, gain(brass, level)))
    return mix(1.55, *parts)


def jackpot() -> Buffer:
    """The biggest win (the CEO BONUS pot): a snare roll swelling into a bright chord
    stab, then a shower of coins."""
    rng = random.Random(21)
    roll: list[tuple[float, Buffer]] = []
    for i in range(14):  # the drum roll speeds up a little and grows louder
        at = 0.045 * i - 0.0008 * i * i
        hit = bandpass(noise(0.05, rng, decay=0.015), 1900, 1.2)
        roll.append((at, gain(hit, 0.35 + 0.05 * i)))
    stab_at = 0.5
    chord = []
    for n, level in (("C5", 0.5), ("E5", 0.45), ("G5", 0.45), ("C6", 0.55), ("E6", 0.3)):
        brass = lowpass(tone(note(n), 0.7, "saw", attack=0.005, decay=0.35), 3200)
        chord.append((stab_at, gain(brass, level)))
    coins = []
    for i in range(10):
        f = note("E6") * 2 ** (rng.uniform(-0.2, 0.3))
        ding = tone(f, 0.12, "square", attack=0.001, decay=0.04)
        coins.append((stab_at + 0.12 + 0.075 * i, gain(ding, 0.35)))
    return mix(1.6, *roll, *chord, *coins)


def crash() -> Buffer:
    """Half the servers gone: a rack toppling (noise crash) over a long falling tone."""
    rng = random.Random(13)
    smash = envelope(lowpass(noise(0.6, rng), lambda u: 6000 - 5000 * u),
                     lambda u: (1 - u) ** 2)
    fall = tone(lambda u: 440 * 2 ** (-2 * u), 0.85, "square", decay=0.45)
    return mix(0.9, (0, gain(smash, 0.9)), (0.05, lowpass(gain(fall, 0.6), 2200)))


def turn() -> Buffer:
    """A new player's turn: a friendly two-note bell."""
    def bell(f: float, seconds: float) -> Buffer:
        partials = ((1.0, 1.0), (2.0, 0.35), (3.01, 0.15), (4.2, 0.08))
        out = silence(seconds)
        for ratio, level in partials:
            ring = tone(f * ratio, seconds, "sine", attack=0.002, decay=0.25 / ratio)
            out = [a + level * b for a, b in zip(out, ring, strict=True)]
        return out

    return mix(0.6, (0, bell(note("G5"), 0.3)), (0.12, bell(note("C6"), 0.48)))


def last_call() -> Buffer:
    """The game's last year has come (Startup Fever): a station chime, three bells
    falling, the last one held."""
    def bell(f: float, seconds: float) -> Buffer:
        out = silence(seconds)
        for ratio, level in ((1.0, 1.0), (2.0, 0.4), (2.76, 0.2), (5.4, 0.06)):
            ring = tone(f * ratio, seconds, "sine", attack=0.003, decay=0.45 / ratio)
            out = [a + level * b for a, b in zip(out, ring, strict=True)]
        return out

    return mix(1.5, (0, bell(note("E5"), 0.5)), (0.28, bell(note("C5"), 0.5)),
               (0.56, gain(bell(note("G4"), 0.94), 1.1)))


def tick() -> Buffer:
    """One step of a number counting up: a very short high pip (plays many times a second)."""
    return tone(note("A6"), 0.025, "triangle", attack=0.001, decay=0.008)


def whoosh() -> Buffer:
    """A fast swipe for panels and transitions."""
    rng = random.Random(5)
    air = lowpass(noise(0.45, rng), lambda u: 300 + 3500 * math.sin(math.pi * u) ** 2)
    return envelope(highpass(air, 150), lambda u: math.sin(math.pi * u) ** 1.5)


SOUNDS: dict[str, Callable[[], Buffer]] = {
    "click": click,
    "move": move,
    "confirm": confirm,
    "back": back,
    "error": error,
    "dice_roll": dice_roll,
    "dice_land": dice_land,
    "hop": hop,
    "coin": coin,
    "card_flip": card_flip,
    "server_up": server_up,
    "server_down": server_down,
    "pot": pot,
    "stuck": stuck,
    "fanfare": fanfare,
    "whoosh": whoosh,
    "turn": turn,
    "tick": tick,
    "jackpot": jackpot,
    "crash": crash,
    "last_call": last_call,
}


def main(argv: Sequence[str]) -> int:
    out_dir = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent / "sounds"
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        buf = finish(make())
        write_wav(out_dir / f"{name}.wav", buf)
        print(f"{name:12s} {len(buf) / RATE:5.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
