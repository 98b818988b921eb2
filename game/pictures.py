"""A picture's pixel size read from its header, before anything decodes it.

A map names pictures (tileset images, directly or through an external `.tsx`), and the
image loader would decode whatever it is given: a 1 KB PNG whose header claims
60000x60000 pixels asks for 14 GB. `picture_size` reads only the header of the formats
a Tiled map uses (PNG, JPEG, GIF, BMP) through `game.files` (regular file, size cap), so
the map checks can refuse such a picture with one line. Headless: no pygame here.
"""

from __future__ import annotations

import os
import struct
from typing import BinaryIO

from game.files import FileProblem, open_checked

PNG = b"\x89PNG\r\n\x1a\n"
JPEG_SEGMENTS = 512  # markers scanned for the frame header before giving up
# JPEG start-of-frame markers (SOF0..SOF15 without DHT, JPG and DAC): they hold the size
JPEG_FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def picture_size(path: str | os.PathLike[str], limit: int) -> tuple[int, int]:
    """(width, height) in pixels of the picture at `path`, from its header only.

    FileProblem (one line naming the file) for a missing, irregular or oversized file,
    a format other than PNG, JPEG, GIF or BMP, or a header that does not hold together.
    """
    with open_checked(path, limit) as handle:
        head = handle.read(32)
        if head.startswith(PNG) and head[12:16] == b"IHDR":
            return struct.unpack(">II", head[16:24])
        if head[:6] in (b"GIF87a", b"GIF89a"):
            return struct.unpack("<HH", head[6:10])
        if head.startswith(b"BM") and len(head) >= 26:
            return _bmp_size(head, path)
        if head.startswith(b"\xff\xd8"):
            handle.seek(2)
            return _jpeg_size(handle, path)
    raise FileProblem(f"{path}: not a PNG, JPEG, GIF or BMP picture")


def _bmp_size(head: bytes, path: str | os.PathLike[str]) -> tuple[int, int]:
    (header,) = struct.unpack("<I", head[14:18])
    if header == 12:  # the old OS/2 header: 16-bit sizes
        return struct.unpack("<HH", head[18:22])
    if header < 40:
        raise FileProblem(f"{path}: a BMP header of {header} bytes")
    width, height = struct.unpack("<ii", head[18:26])
    return abs(width), abs(height)  # a negative height means rows stored top-down


def _jpeg_size(handle: BinaryIO, path: str | os.PathLike[str]) -> tuple[int, int]:
    """Walk the JPEG's segments (seeking past each one) up to its frame header."""
    for _ in range(JPEG_SEGMENTS):
        marker = handle.read(2)
        while len(marker) == 2 and marker[0] == 0xFF and marker[1] == 0xFF:  # fill bytes
            marker = marker[1:] + handle.read(1)
        if len(marker) < 2 or marker[0] != 0xFF:
            break
        length_bytes = handle.read(2)
        if len(length_bytes) < 2:
            break
        (length,) = struct.unpack(">H", length_bytes)
        if length < 2:
            break
        if marker[1] in JPEG_FRAMES:
            frame = handle.read(5)
            if len(frame) < 5:
                break
            height, width = struct.unpack(">HH", frame[1:5])
            return width, height
        handle.seek(length - 2, os.SEEK_CUR)
    raise FileProblem(f"{path}: a JPEG without a readable frame header")
