"""Synthesise the music loops of Unicorn Arcade into OGG Vorbis files (numpy + soundfile).

Run (from the project root):

    python3 -m uv run --group test python assets/make_music.py [OUT_DIR]

OUT_DIR defaults to ``assets/music``. One seamless loop per screen: the title, each game's
board and the results, each at least a minute long and built from varied sections (a
verse, a chorus on other chords, a thinner break, the verse again with a new lead line),
so a game does not hear the same 15 seconds over and over. A little chiptune band plays
them: a triangle bass, a pulse arpeggio (left), a square lead (right, with a soft
ping-pong echo), noise hats and a sine kick. Stereo at 32 kHz: the hats and the echo keep
their sparkle up to 16 kHz, and OGG Vorbis keeps each file well under a megabyte.

Reproducible byte for byte (a test regenerates a loop): every random choice comes from a
random.Random seeded per track; the mix is rounded to 16-bit samples before encoding; and
the Ogg stream's serial number, which libsndfile draws at random, is set to a constant
(with each page's checksum recomputed). Notes and echoes that ring past the end wrap round
to the start, so the loop has no seam.
"""

from __future__ import annotations

import io
import random
import struct
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import soundfile

RATE = 32_000
PEAK = 10 ** (-4.0 / 20)  # -4 dBFS: music sits under the effects
QUALITY = 0.8  # libsndfile's Vorbis compression level (0 best quality .. 1 smallest)
BLOCK = 4096  # frames handed to the encoder at a time
SERIAL = 0x554E4943  # "UNIC": the Ogg stream's serial number, fixed for reproducible files
CHORDS = {  # chord name -> its notes, root first
    "C": ("C", "E", "G"), "Dm": ("D", "F", "A"), "Em": ("E", "G", "B"), "F": ("F", "A", "C"),
    "G": ("G", "B", "D"), "Am": ("A", "C", "E"), "Bb": ("Bb", "D", "F"), "D": ("D", "F#", "A"),
    "Gm": ("G", "Bb", "D"), "E": ("E", "G#", "B"), "A": ("A", "C#", "E"),
}
SEMITONES = {"C": -9, "C#": -8, "D": -7, "Eb": -6, "E": -5, "F": -4, "F#": -3, "G": -2,
             "G#": -1, "A": 0, "Bb": 1, "B": 2}
#: instrument -> (left gain, right gain): the band spread across the stereo picture
PAN = {"bass": (1.0, 1.0), "arp": (1.0, 0.3), "lead": (0.35, 1.0), "kick": (1.0, 1.0),
       "hats": (0.45, 1.0)}


@dataclass(frozen=True)
class Section:
    """Some bars of a loop: one chord per bar and which parts of the band play."""

    chords: tuple[str, ...]
    lead: bool = True
    drums: bool = True
    lift: int = 0  # octaves the lead climbs (a chorus sits higher)
    busy: float | None = None  # the lead's chance of an off-beat note (None: the track's)


@dataclass(frozen=True)
class Track:
    """One loop: tempo, its sections in order, the lead's octave and a seed for its lines."""

    bpm: int
    sections: tuple[Section, ...]
    lead_octave: int
    seed: int
    swing: float = 0.0  # how late the off-beat eighths come, as a fraction of an eighth
    busy: float = 0.6  # chance the lead plays on an off-beat

    @property
    def bars(self) -> int:
        return sum(len(s.chords) for s in self.sections)

    @property
    def seconds(self) -> float:
        return self.bars * 4 * 60 / self.bpm


def _song(verse: tuple[str, ...], chorus: tuple[str, ...], again: bool = True
          ) -> tuple[Section, ...]:
    """Verse, chorus (higher, busier), a four-bar break without drums or lead, then
    (`again`) the verse with a new lead line (the seed has moved on) and the chorus."""
    parts = [Section(verse), Section(chorus, lift=1, busy=0.85),
             Section(verse[:4], lead=False, drums=False)]
    if again:
        parts += [Section(verse), Section(chorus, lift=1, busy=0.85)]
    return tuple(parts)


TRACKS: dict[str, Track] = {
    "title": Track(112, _song(("C", "G", "Am", "F", "C", "G", "F", "G"),
                              ("F", "G", "Em", "Am", "F", "G", "C", "C")), 5, 1),
    "servermania": Track(132, _song(("Am", "F", "C", "G", "Am", "F", "G", "G"),
                                    ("F", "G", "Am", "Am", "F", "G", "E", "E")),
                         5, 2, busy=0.75),
    "startupfever": Track(120, _song(("F", "Dm", "Bb", "C", "F", "Dm", "Bb", "C"),
                                     ("Bb", "C", "Am", "Dm", "Gm", "C", "F", "F")),
                          5, 3, swing=0.3),
    "results": Track(100, _song(("G", "C", "D", "G", "Em", "C", "D", "G"),
                                ("C", "D", "Em", "Em", "C", "D", "G", "G"), again=False),
                     5, 4, busy=0.4),
}


def freq(name: str, octave: int) -> float:
    """Frequency of a note name in an octave (A4 = 440 Hz)."""
    return 440.0 * 2 ** ((SEMITONES[name] + 12 * (octave - 4)) / 12)


# --------------------------------------------------------------------------- oscillators


def _blep(p: np.ndarray, dt: float) -> np.ndarray:
    """PolyBLEP correction: rounds off a waveform's jumps so high notes do not alias."""
    out = np.zeros_like(p)
    low = p < dt
    t = p[low] / dt
    out[low] = t + t - t * t - 1.0
    high = p > 1.0 - dt
    t = (p[high] - 1.0) / dt
    out[high] = t * t + t + t + 1.0
    return out


def osc(kind: str, phase: np.ndarray, dt: float) -> np.ndarray:
    """A waveform at `phase` (in cycles); dt = cycles per sample."""
    p = phase % 1.0
    if kind in ("square", "pulse"):  # pulse = 25 % duty: thinner, more "retro"
        duty = 0.5 if kind == "square" else 0.25
        return np.where(p < duty, 1.0, -1.0) + _blep(p, dt) - _blep((p + 1.0 - duty) % 1.0, dt)
    if kind == "triangle":
        return np.where(p < 0.5, 4 * p - 1, 3 - 4 * p)
    raise ValueError(f"unknown waveform {kind!r}")


def _mix_in(buf: np.ndarray, first: int, x: np.ndarray) -> None:
    """Add `x` into `buf` from sample `first`, wrapping past the end (seamless loop)."""
    size = len(buf)
    first %= size
    head = min(len(x), size - first)
    buf[first:first + head] += x[:head]
    if head < len(x):
        buf[:len(x) - head] += x[head:]


def _note(buf: np.ndarray, start: float, seconds: float, hz: float, kind: str, level: float,
          decay: float) -> None:
    n = round(seconds * RATE)
    i = np.arange(n, dtype=np.float64)
    attack, release = max(1, round(0.004 * RATE)), max(1, round(0.02 * RATE))
    env = (np.minimum(1.0, i / attack) * np.exp(-i / (decay * RATE))
           * np.minimum(1.0, (n - i) / release))
    _mix_in(buf, round(start * RATE), level * env * osc(kind, i * (hz / RATE), hz / RATE))


_KICK = None


def _kick() -> np.ndarray:
    """A falling sine thump (made once)."""
    global _KICK
    if _KICK is None:
        t = np.arange(round(0.12 * RATE)) / RATE
        phase = 2 * np.pi * (55 * t + 60 * (1 - np.exp(-t * 30)) / 30)
        _KICK = 0.5 * np.sin(phase) * np.exp(-t * 25)
    return _KICK


def _hat(rng: random.Random, level: float) -> np.ndarray:
    """A short tick of high-passed noise: hats hiss, they do not thud."""
    x = np.array([rng.uniform(-1, 1) for _ in range(round(0.03 * RATE) + 1)])
    return level * np.diff(x) * np.exp(-np.arange(len(x) - 1) / (0.008 * RATE))


# --------------------------------------------------------------------------- the band


def _bar(parts: dict[str, np.ndarray], track: Track, section: Section, chord: str,
         t0: float, rng: random.Random) -> None:
    """One bar of every part that plays in `section`, starting at `t0` seconds."""
    tones = CHORDS[chord]
    beat = 60.0 / track.bpm
    for b in range(4):  # bass: root on the beat, fifth on beat 3
        name = tones[2] if b == 2 else tones[0]
        _note(parts["bass"], t0 + b * beat, beat * 0.9, freq(name, 2), "triangle", 0.55, 0.5)
    for s in range(8):  # arpeggio: chord tones up and down in eighths
        name = tones[(0, 1, 2, 1)[s % 4]]
        octave = 4 if freq(name, 4) >= freq(tones[0], 4) else 5  # stay above the root
        at = t0 + s * beat / 2 + (track.swing * beat / 2 if s % 2 else 0)
        _note(parts["arp"], at, beat * 0.45, freq(name, octave), "pulse", 0.12, 0.12)
    busy = track.busy if section.busy is None else section.busy
    for s in range(8):  # lead: chord tones on the beat, a neighbour note off it
        if s % 2 and rng.random() > busy:
            continue
        name = tones[rng.randrange(3)]
        length = beat / 2 if s < 7 else beat
        at = t0 + s * beat / 2 + (track.swing * beat / 2 if s % 2 else 0)
        octave = track.lead_octave + section.lift + (1 if rng.random() < 0.2 else 0)
        if section.lead:
            _note(parts["lead"], at, length * 0.85, freq(name, octave), "square", 0.16, 0.35)
    for b in range(4):  # drums: kick on 1 and 3, hats on every eighth
        start = round((t0 + b * beat) * RATE)
        hats = [_hat(rng, 0.06), _hat(rng, 0.10)]
        if not section.drums:
            continue
        if b % 2 == 0:
            _mix_in(parts["kick"], start, _kick())
        for half, hat in enumerate(hats):
            _mix_in(parts["hats"], start + round(half * beat / 2 * RATE), hat)


def render(track: Track) -> np.ndarray:
    """The whole loop as (samples, 2) floats in -1..1, peak-normalised."""
    rng = random.Random(track.seed)
    size = round(track.seconds * RATE)
    parts = {name: np.zeros(size) for name in PAN}
    bar = 4 * 60.0 / track.bpm
    k = 0
    for section in track.sections:
        for chord in section.chords:
            _bar(parts, track, section, chord, k * bar, rng)
            k += 1
    stereo = np.zeros((size, 2))
    for name, (left, right) in PAN.items():
        stereo[:, 0] += left * parts[name]
        stereo[:, 1] += right * parts[name]
    delay = round(3 * 60.0 / track.bpm / 4 * RATE)  # a dotted-eighth ping-pong echo
    stereo[:, 0] += 0.35 * np.roll(parts["lead"], delay)
    stereo[:, 1] += 0.2 * np.roll(parts["lead"], 2 * delay)
    return stereo * (PEAK / (np.abs(stereo).max() or 1.0))


# --------------------------------------------------------------------------- the file


def _crc_table() -> list[int]:
    table = []
    for i in range(256):
        r = i << 24
        for _ in range(8):
            r = ((r << 1) ^ 0x04C11DB7) if r & 0x80000000 else (r << 1)
        table.append(r & 0xFFFFFFFF)
    return table


_CRC = _crc_table()


def _ogg_crc(data: bytes) -> int:
    """The Ogg page checksum (CRC-32, polynomial 0x04C11DB7, not reflected)."""
    crc = 0
    for byte in data:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _CRC[(crc >> 24) ^ byte]
    return crc


def fix_serial(data: bytes, serial: int = SERIAL) -> bytes:
    """The Ogg stream `data` with every page's serial number set to `serial`."""
    out = bytearray(data)
    at = 0
    while at < len(out):
        if out[at:at + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {at}")
        segments = out[at + 26]
        size = 27 + segments + sum(out[at + 27:at + 27 + segments])
        out[at + 14:at + 18] = struct.pack("<I", serial)
        out[at + 22:at + 26] = bytes(4)
        out[at + 22:at + 26] = struct.pack("<I", _ogg_crc(bytes(out[at:at + size])))
        at += size
    return bytes(out)


def encode(stereo: np.ndarray) -> bytes:
    """The loop as OGG Vorbis bytes, the same on every run."""
    pcm = np.clip(np.round(stereo * 32767), -32767, 32767).astype(np.int16)
    out = io.BytesIO()
    with soundfile.SoundFile(out, "w", RATE, 2, format="OGG", subtype="VORBIS",
                             compression_level=QUALITY) as f:
        for at in range(0, len(pcm), BLOCK):  # libsndfile crashes on one big Vorbis write
            f.write(pcm[at:at + BLOCK])
    return fix_serial(out.getvalue())


def main(argv: Sequence[str]) -> int:
    out_dir = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent / "music"
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, track in TRACKS.items():
        data = encode(render(track))
        (out_dir / f"{name}.ogg").write_bytes(data)
        print(f"{name:13s} {track.seconds:5.1f} s  {track.bars} bars  {track.bpm} bpm  "
              f"{len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
