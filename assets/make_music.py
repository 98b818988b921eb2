"""Synthesise the music loops of Unicorn Arcade into WAV files, with the standard library only.

Run (from the project root):

    python3 -m uv run python assets/make_music.py [OUT_DIR]

OUT_DIR defaults to ``assets/music``. One seamless loop per screen: the title, each game's
board and the results. Each is a little chiptune band (triangle bass, pulse arpeggio, square
lead, noise hats and a sine kick) playing an 8-bar chord progression; the lead is drawn
from the chord tones by a random.Random seeded per track, so re-running gives
byte-identical files. Notes that ring past the end wrap round to the start, so the loop
has no seam. 16-bit mono at 16 kHz keeps each file near half a megabyte.

The oscillators and note names come from make_sounds.py (the sound effects' script).
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_sounds import note, osc, write_wav  # noqa: E402  (the sibling script)

RATE = 16_000
PEAK = 10 ** (-4.0 / 20)  # -4 dBFS: music sits under the effects
CHORDS = {  # chord name -> its notes, root first (octave 3 for the bass)
    "C": ("C", "E", "G"), "Dm": ("D", "F", "A"), "Em": ("E", "G", "B"), "F": ("F", "A", "C"),
    "G": ("G", "B", "D"), "Am": ("A", "C", "E"), "Bb": ("Bb", "D", "F"), "D": ("D", "F#", "A"),
}


@dataclass(frozen=True)
class Track:
    """One loop: tempo, chords (one per bar), the lead's octave and a seed for its line."""

    bpm: int
    chords: tuple[str, ...]
    lead_octave: int
    seed: int
    swing: float = 0.0  # how late the off-beat eighths come, as a fraction of an eighth
    busy: float = 0.6  # chance the lead plays on an off-beat


TRACKS: dict[str, Track] = {
    "title": Track(112, ("C", "G", "Am", "F", "C", "G", "F", "G"), 5, 1),
    "servermania": Track(132, ("Am", "F", "C", "G", "Am", "F", "G", "G"), 5, 2, busy=0.75),
    "startupfever": Track(120, ("F", "Dm", "Bb", "C", "F", "Dm", "Bb", "C"), 5, 3, swing=0.3),
    "results": Track(100, ("G", "C", "D", "G", "Em", "C", "D", "G"), 5, 4, busy=0.4),
}


def _freq(name: str, octave: int) -> float:
    return note(f"{name}{octave}")


def _add(buf: list[float], start: float, seconds: float, freq: float, kind: str,
         level: float, decay: float) -> None:
    """Mix one note into `buf` at `start` seconds, wrapping past the end (seamless loop)."""
    n = round(seconds * RATE)
    first = round(start * RATE)
    dt = freq / RATE
    size = len(buf)
    attack = max(1, round(0.004 * RATE))
    release = max(1, round(0.02 * RATE))
    for i in range(n):
        env = min(1.0, i / attack) * math.exp(-i / (decay * RATE)) * min(1.0, (n - i) / release)
        buf[(first + i) % size] += level * env * osc(kind, i * dt, dt)


def _drums(buf: list[float], beat: float, beats: int, rng: random.Random) -> None:
    size = len(buf)
    for b in range(beats):
        start = round(b * beat * RATE)
        if b % 2 == 0:  # kick: a falling sine thump on 1 and 3
            for i in range(round(0.12 * RATE)):
                t = i / RATE
                phase = 2 * math.pi * (55 * t + 60 * (1 - math.exp(-t * 30)) / 30)
                buf[(start + i) % size] += 0.5 * math.sin(phase) * math.exp(-t * 25)
        for half in (0, 1):  # hats: short noise ticks on every eighth
            at = start + round(half * beat / 2 * RATE)
            level = 0.10 if half else 0.06
            prev = 0.0
            for i in range(round(0.03 * RATE)):
                x = rng.uniform(-1, 1)
                hp, prev = x - prev, x  # a crude high-pass: hats hiss, they do not thud
                buf[(at + i) % size] += level * hp * math.exp(-i / (0.008 * RATE))


def render(track: Track) -> list[float]:
    """The whole loop as floats in -1..1, peak-normalised."""
    rng = random.Random(track.seed)
    beat = 60.0 / track.bpm
    bar = 4 * beat
    buf = [0.0] * round(len(track.chords) * bar * RATE)
    for k, chord in enumerate(track.chords):
        tones = CHORDS[chord]
        t0 = k * bar
        for b in range(4):  # bass: root on the beat, fifth on beat 3
            name = tones[2] if b == 2 else tones[0]
            _add(buf, t0 + b * beat, beat * 0.9, _freq(name, 2), "triangle", 0.55, 0.5)
        for s in range(8):  # arpeggio: chord tones up and down in eighths
            name = tones[(0, 1, 2, 1)[s % 4]]
            octave = 4 if _freq(name, 4) >= _freq(tones[0], 4) else 5  # stay above the root
            at = t0 + s * beat / 2 + (track.swing * beat / 2 if s % 2 else 0)
            _add(buf, at, beat * 0.45, _freq(name, octave), "pulse", 0.12, 0.12)
        for s in range(8):  # lead: chord tones on the beat, a neighbour note off it
            if s % 2 and rng.random() > track.busy:
                continue
            name = tones[rng.randrange(3)]
            length = beat / 2 if s < 7 else beat
            at = t0 + s * beat / 2 + (track.swing * beat / 2 if s % 2 else 0)
            octave = track.lead_octave + (1 if rng.random() < 0.2 else 0)
            _add(buf, at, length * 0.85, _freq(name, octave), "square", 0.16, 0.35)
    _drums(buf, beat, 4 * len(track.chords), rng)
    peak = max(abs(x) for x in buf) or 1.0
    return [x * PEAK / peak for x in buf]


def main(argv: Sequence[str]) -> int:
    out_dir = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent / "music"
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, track in TRACKS.items():
        buf = render(track)
        write_wav(out_dir / f"{name}.wav", buf, RATE)
        print(f"{name:13s} {len(buf) / RATE:5.2f} s  {track.bpm} bpm")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
