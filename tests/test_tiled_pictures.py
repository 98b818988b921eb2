"""Hostile pictures and external tilesets: every picture a map names, directly or through
a `.tsx`, is a regular file under the size cap whose header declares a sane size, checked
before any decoder sees it, and a bad one costs one line (a MapError), never a traceback."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pygame
import pytest

from game import tiled
from game.files import FileProblem
from game.pictures import picture_size
from game.tiled import MapError, load_map, open_tmx, read_tmx

MAP = Path(__file__).resolve().parents[1] / "maps" / "servermania.tmx"
TILES = MAP.parent.parent / "assets" / "tiles" / "servermania_tiles.png"
INLINE = MAP.read_text(encoding="utf-8")
START = INLINE.index("<tileset ")
END = INLINE.index("</tileset>") + len("</tileset>")


def png_header(width: int, height: int) -> bytes:
    """A PNG signature and IHDR chunk claiming `width` x `height` (no pixel data)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk
            + struct.pack(">I", zlib.crc32(chunk)))


def with_tileset(folder: Path, picture: str) -> Path:
    """The shipped map in `folder`, its tileset moved to `tiles.tsx` naming `picture`."""
    tsx = INLINE[START:END].replace(' firstgid="1"', "").replace(
        "../assets/tiles/servermania_tiles.png", picture)
    (folder / "tiles.tsx").write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + tsx,
                                      encoding="utf-8")
    path = folder / "board.tmx"
    path.write_text(INLINE[:START] + '<tileset firstgid="1" source="tiles.tsx"/>'
                    + INLINE[END:], encoding="utf-8")
    return path


class Loader:
    """pytmx's image-loader hook, recording what it was asked to decode (nothing real)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __call__(self, filename: str, colorkey: object, **_kwargs: object):
        self.asked.append(filename)
        return lambda rect=None, flags=None: None


def refused_before_decoding(path: Path, message: str) -> None:
    loader = Loader()
    with pytest.raises(MapError, match=message) as caught:
        open_tmx(path, loader)
    assert loader.asked == []  # never handed to the decoder
    assert "\n" not in str(caught.value)  # one line


def test_an_honest_external_tileset_reaches_the_loader(tmp_path):
    path = with_tileset(tmp_path, str(TILES))
    loader = Loader()
    open_tmx(path, loader)
    assert [Path(f).name for f in loader.asked] == [TILES.name]


def test_a_tileset_picture_claiming_huge_dimensions_is_refused_from_its_header(tmp_path):
    (tmp_path / "huge.png").write_bytes(png_header(60_000, 60_000))  # 14 GB once decoded
    path = with_tileset(tmp_path, "huge.png")
    refused_before_decoding(path, r"image .*huge\.png is 60000x60000 px \(at most 4096")
    with pytest.raises(MapError, match="60000x60000"):
        load_map(path)  # the headless rules refuse it too


def test_a_tileset_picture_that_is_a_folder_is_refused(tmp_path):
    (tmp_path / "tiles.png").mkdir()
    refused_before_decoding(with_tileset(tmp_path, "tiles.png"), "image .*is a folder")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_tileset_picture_that_is_a_device_is_refused(tmp_path):
    refused_before_decoding(with_tileset(tmp_path, "/dev/zero"), "image /dev/zero: not a regular")


def test_a_missing_tileset_picture_is_named_in_one_line_when_the_art_is_drawn(tmp_path):
    path = with_tileset(tmp_path, "gone.png")
    refused_before_decoding(path, r"image .*gone\.png not found")
    assert load_map(path).tile_layers  # the headless rules never draw the art


def test_an_oversized_or_unknown_picture_is_refused(tmp_path):
    with open(tmp_path / "big.png", "wb") as handle:
        handle.truncate(tiled.MAX_IMAGE_BYTES + 1)  # sparse: no disk used
    refused_before_decoding(with_tileset(tmp_path, "big.png"), "image .*big.png: too large")
    (tmp_path / "notes.png").write_text("not a picture at all", encoding="utf-8")
    refused_before_decoding(with_tileset(tmp_path, "notes.png"),
                            "not a PNG, JPEG, GIF or BMP picture")


def test_the_maps_own_picture_goes_through_the_same_header_check(tmp_path):
    (tmp_path / "huge.png").write_bytes(png_header(5000, 10))
    path = tmp_path / "board.tmx"
    path.write_text(INLINE.replace("../assets/tiles/servermania_tiles.png", "huge.png"),
                    encoding="utf-8")
    refused_before_decoding(path, r"is 5000x10 px")


@pytest.mark.parametrize("kind", ["folder", "device", "missing", "not xml"])
def test_a_hostile_tsx_file_is_refused(tmp_path, kind):
    path = with_tileset(tmp_path, str(TILES))
    tsx = tmp_path / "tiles.tsx"
    tsx.unlink()
    if kind == "folder":
        tsx.mkdir()
    elif kind == "device":
        if not os.path.exists("/dev/zero"):
            pytest.skip("needs /dev/zero")
        path.write_text(path.read_text(encoding="utf-8").replace('"tiles.tsx"', '"/dev/zero"'),
                        encoding="utf-8")
    elif kind == "not xml":
        tsx.write_bytes(b"\xff\xfe<tileset")
    message = {"folder": "is a folder", "device": "not a regular file",
               "missing": "tileset .*not found", "not xml": "is not valid XML"}[kind]
    with pytest.raises(MapError, match=message):
        read_tmx(path)


@pytest.mark.parametrize("ext", ["png", "jpg", "bmp"])
def test_picture_size_reads_real_pictures_headers(tmp_path, ext):
    picture = pygame.Surface((37, 21))
    picture.fill((200, 40, 90))
    path = tmp_path / f"p.{ext}"
    pygame.image.save(picture, str(path))
    assert picture_size(path, 1 << 20) == (37, 21)


def test_picture_size_reads_gif_and_forged_headers(tmp_path):
    gif = tmp_path / "p.gif"
    gif.write_bytes(b"GIF89a" + struct.pack("<HH", 9000, 3) + b"\x00" * 8)
    assert picture_size(gif, 1024) == (9000, 3)
    bmp = tmp_path / "p.bmp"
    bmp.write_bytes(b"BM" + bytes(12) + struct.pack("<Iii", 40, 70_000, -5) + bytes(30))
    assert picture_size(bmp, 1024) == (70_000, 5)  # negative height: rows top-down
    jpeg = tmp_path / "p.jpg"  # a comment segment, then a frame header claiming 65535²
    jpeg.write_bytes(b"\xff\xd8\xff\xfe\x00\x05abc\xff\xc0\x00\x11\x08"
                     + struct.pack(">HH", 65535, 65535) + bytes(12))
    assert picture_size(jpeg, 1024) == (65535, 65535)
    broken = tmp_path / "cut.jpg"
    broken.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF")
    with pytest.raises(FileProblem, match="without a readable frame header"):
        picture_size(broken, 1024)
