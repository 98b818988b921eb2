"""Write maps/servermania.tmx: the SERVERMANIA board as a Tiled map.

Re-runnable and deterministic: `python maps/make_servermania_map.py`. After this, the map
is meant to be edited in Tiled directly; the rules read whatever the map says.

Layout: 32 x 18 tiles of 40 px (1280 x 720). Each square is an 80 px cell (2 x 2 tiles);
the 50 squares wind clockwise in a spiral inward from START UP at the top-left to
FINISH in the middle, inside x 40..920, y 40..680, leaving the right ~340 px free for
the scene's side panel and the middle of the spiral free for the CEO BONUS pot and decks.
Layers: "ground" (floor), "track" (a slab under every square), "decor", and the object
layer "squares" (one rectangle per square: properties index, kind, label).
"""

from __future__ import annotations

import os

try:
    from maps.tmx_writing import (
        MAP_H,
        MAP_W,
        TILE,
        document,
        header,
        rect_object,
        tile_layer,
        write,
    )
except ImportError:  # run as a script: `python maps/...py` puts maps/ first on the path
    from tmx_writing import MAP_H, MAP_W, TILE, document, header, rect_object, tile_layer, write

CELL = 2 * TILE
ORIGIN = (TILE, TILE)  # pixel of cell (0, 0)
OUT = os.path.join(os.path.dirname(__file__), "servermania.tmx")

# Tile ids in the tileset (gid = id + 1).
FLOOR, FLOOR_VENT, SLAB_TL, SLAB_TR, SLAB_BL, SLAB_BR = 0, 1, 2, 3, 4, 5
DECOR = (6, 7, 8, 9, 10, 11, 13, 14, 15)
PANEL = 12


def spiral_cells() -> list[tuple[int, int]]:
    """Cells (column, row) of the track in order, on an 11 x 8 grid of 80 px cells."""
    cells = [(c, 0) for c in range(0, 11)]
    cells += [(10, r) for r in range(1, 8)]
    cells += [(c, 7) for c in range(9, -1, -1)]
    cells += [(0, r) for r in range(6, 1, -1)]
    cells += [(c, 2) for c in range(1, 9)]
    cells += [(8, r) for r in range(3, 6)]
    cells += [(c, 5) for c in range(7, 1, -1)]
    return cells


# One kind per square (RULES.md S3 counts: >= 4 payday, 2 customer_service, 2 techpad,
# 1 stuck, 2 ceo_bonus, 6 signups, 6 churn; CUSTOMER SERVICE squares >= 7 apart).
KINDS = " ".join([
    "start plain signups plain churn payday plain signups techpad churn",
    "plain customer_service plain ceo_bonus signups payday churn plain stuck plain",
    "signups plain churn techpad payday plain customer_service plain signups churn",
    "plain ceo_bonus payday plain signups churn techpad plain customer_service plain",
    "churn payday signups plain ceo_bonus churn plain payday plain finish",
]).split(" ")

NAMES = {
    "start": "START UP", "payday": "PAYDAY!", "customer_service": "CUSTOMER SERVICE",
    "techpad": "TechPad Agency", "stuck": "STUCK", "ceo_bonus": "CEO BONUS",
    "churn": "CHURN!", "signups": "SIGN UPS", "finish": "FINISH",
}
PLAIN_LABELS = iter("""Ping|Domain bought|Logo drafted|Coffee run|DNS set|Hello, World|
Git push|Cache warm|Cron job|Backups|Hotfix|Load balancer|SSL renewed|Uptime 99.9%|
Status page|CDN on|Dark mode|Rack & stack|404 page|IPv6|Log rotate|Pizza Friday""".replace(
    "\n", "").split("|"))


def squares() -> list[tuple[int, str, str, int, int]]:
    """(index, kind, label, x, y) of every square, x/y = top-left pixel."""
    cells = spiral_cells()
    assert len(cells) == len(KINDS), (len(cells), len(KINDS))
    out = []
    for i, ((c, r), kind) in enumerate(zip(cells, KINDS, strict=True)):
        label = NAMES.get(kind) or next(PLAIN_LABELS)
        out.append((i, kind, label, ORIGIN[0] + c * CELL, ORIGIN[1] + r * CELL))
    return out


def layers(track: list[tuple[int, str, str, int, int]]) -> tuple[list[int], list[int], list[int]]:
    """Tile ids (or -1 for empty) of the ground, track and decor layers."""
    ground = [FLOOR] * (MAP_W * MAP_H)
    track_tiles = [-1] * (MAP_W * MAP_H)
    decor = [-1] * (MAP_W * MAP_H)
    used = set()
    for _, _, _, x, y in track:
        tx, ty = x // TILE, y // TILE
        for (dx, dy), tile in zip(((0, 0), (1, 0), (0, 1), (1, 1)),
                                  (SLAB_TL, SLAB_TR, SLAB_BL, SLAB_BR), strict=True):
            track_tiles[(ty + dy) * MAP_W + tx + dx] = tile
            used.add((tx + dx, ty + dy))
    # The middle of the spiral (cells 2..7 x 3..4) is a panel for the pot and the decks.
    for ty in range(1 + 3 * 2, 1 + 5 * 2):
        for tx in range(1 + 2 * 2, 1 + 8 * 2):
            ground[ty * MAP_W + tx] = PANEL
            used.add((tx, ty))
    for ty in range(MAP_H):
        for tx in range(MAP_W):
            h = (tx * 73 + ty * 151 + tx * ty * 7) % 97
            if (tx, ty) not in used and h % 11 == 0:
                ground[ty * MAP_W + tx] = FLOOR_VENT
            elif (tx, ty) not in used and tx < 24 and h % 13 == 0:
                decor[ty * MAP_W + tx] = DECOR[h % len(DECOR)]
    return ground, track_tiles, decor


def tmx() -> str:
    track = squares()
    ground, track_tiles, decor = layers(track)
    out = header("servermania", len(track))
    for layer_id, (name, tiles) in enumerate(
            (("ground", ground), ("track", track_tiles), ("decor", decor)), start=1):
        out += tile_layer(layer_id, name, tiles)
    out.append(' <objectgroup id="4" name="squares">')
    for index, kind, label, x, y in track:
        out += rect_object(index + 1, label, (x, y, CELL, CELL),
                           [("index", "int", str(index)), ("kind", "string", kind),
                            ("label", "string", label)])
    out.append(' </objectgroup>')
    return document(out)


def main() -> None:
    write(OUT, tmx())


if __name__ == "__main__":
    main()
