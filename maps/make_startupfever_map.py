"""Write maps/startupfever.tmx: the Startup Fever table as a Tiled map.

Re-runnable and deterministic: `python maps/make_startupfever_map.py`. After this, the map
may be edited in Tiled directly; `game/startupfever/layout.py` reads whatever it says and
refuses a broken one. The map holds only places (rectangles); every number drawn on the
table (users, revenue, VP, the Launch line, the 100M mark) comes from the rules'
`game/startupfever/usertrack.py`.

Layout: 32 x 18 tiles of 40 px (1280 x 720, the whole screen, like the SERVERMANIA map);
the tile layer "ground" is the SERVERMANIA blueprint floor (its tileset), and every object
lies in the TABLE region (x < 904, y < 664), leaving the right for the company panels.
- "track": the User Track, one rectangle per field with the int property `field`. Field 0
  ("X", no users yet) is a tall box at the left that holds every marker at the start; the
  fields 1-46 run left to right in three rows of three decades (five fields each), so each
  row starts a new factor of 1000 and the Launch field (16) opens the second row. Field 46
  (10B) ends the third row. A 24 px strip above every row is left for the decade labels.
- "products": one area per product slot A-L (property `slot`), four to a row, so the
  products of one company sit side by side in reading order.
- "places": bank, supply, deck, discard, die, year and log (property `place`).
"""

from __future__ import annotations

import os

try:
    from maps.tmx_writing import MAP_H, MAP_W, document, header, rect_object, tile_layer, write
except ImportError:  # run as a script: `python maps/...py` puts maps/ first on the path
    from tmx_writing import MAP_H, MAP_W, document, header, rect_object, tile_layer, write

OUT = os.path.join(os.path.dirname(__file__), "startupfever.tmx")
FLOOR = 0  # tile id of the plain floor in that tileset (gid = id + 1)

FIELD = 52  # one track field, square
TRACK_X, TRACK_Y = 10, 6  # top-left of the track (of its first decade strip)
STRIP = 24  # decade label strip above each row
ROW_STEP = STRIP + FIELD + 6
PER_ROW = 15  # three decades of five fields
LAST_FIELD = 46

PRODUCT_W, PRODUCT_H = 216, 80
PRODUCT_X, PRODUCT_Y, PRODUCT_GAP = 8, 252, 8
PRODUCT_ROW_STEP = PRODUCT_H + 6
SLOTS = "ABCDEFGHIJKL"

PLACES: dict[str, tuple[int, int, int, int]] = {
    "bank": (8, 510, 148, 70),
    "supply": (162, 510, 302, 70),
    "deck": (8, 586, 112, 72),
    "discard": (126, 586, 112, 72),
    "die": (244, 586, 80, 72),
    "year": (330, 586, 134, 72),
    "log": (470, 510, 426, 148),
}


def field_rect(field: int) -> tuple[int, int, int, int]:
    """(x, y, w, h) of a User Track field."""
    if field == 0:
        top = TRACK_Y + STRIP
        return (TRACK_X, top, FIELD, 2 * ROW_STEP + FIELD)
    if field == LAST_FIELD:
        row, col = 2, PER_ROW + 1
    else:
        row, col = (field - 1) // PER_ROW, (field - 1) % PER_ROW + 1
    return (TRACK_X + col * FIELD, TRACK_Y + row * ROW_STEP + STRIP, FIELD, FIELD)


def product_rect(index: int) -> tuple[int, int, int, int]:
    row, col = divmod(index, 4)
    return (PRODUCT_X + col * (PRODUCT_W + PRODUCT_GAP), PRODUCT_Y + row * PRODUCT_ROW_STEP,
            PRODUCT_W, PRODUCT_H)


def ground() -> list[int]:
    """The floor's tiles: the plain blueprint floor everywhere (vents would peek out
    between the pieces and read as buttons)."""
    return [FLOOR] * (MAP_W * MAP_H)


def tmx() -> str:
    objects = 0
    groups: list[list[str]] = []
    track: list[str] = []
    for f in range(LAST_FIELD + 1):
        objects += 1
        track += rect_object(objects, f"field {f}", field_rect(f), [("field", "int", str(f))])
    groups.append([' <objectgroup id="1" name="track">', *track, ' </objectgroup>'])
    products: list[str] = []
    for i, slot in enumerate(SLOTS):
        objects += 1
        products += rect_object(objects, f"product {slot}", product_rect(i),
                            [("slot", "string", slot)])
    groups.append([' <objectgroup id="2" name="products">', *products, ' </objectgroup>'])
    places: list[str] = []
    for name, rect in PLACES.items():
        objects += 1
        places += rect_object(objects, name, rect, [("place", "string", name)])
    groups.append([' <objectgroup id="3" name="places">', *places, ' </objectgroup>'])
    out = [*header("startupfever", objects), *tile_layer(4, "ground", ground())]
    for group in groups:
        out += group
    return document(out)


def main() -> None:
    write(OUT, tmx())


if __name__ == "__main__":
    main()
