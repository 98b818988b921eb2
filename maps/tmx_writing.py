"""Writing Tiled maps by hand: what both map scripts write alike.

Both games' maps are 32 x 18 tiles of 40 px (1280 x 720) on SERVERMANIA's blueprint
tileset, so the map header, a CSV tile layer and a rectangle object with properties are
written here once; `make_servermania_map.py` and `make_startupfever_map.py` say only
what lies where. The output is plain TMX that Tiled opens and saves again.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

TILE = 40
MAP_W, MAP_H = 32, 18
TILESET_IMAGE = "../assets/tiles/servermania_tiles.png"


def header(game: str, objects: int) -> list[str]:
    """The map element, its `game` property and the shared tileset (`objects` placed)."""
    return ['<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{MAP_W}" height="{MAP_H}" tilewidth="{TILE}" '
            f'tileheight="{TILE}" infinite="0" nextlayerid="5" '
            f'nextobjectid="{objects + 1}">',
            ' <properties>',
            f'  <property name="game" value="{game}"/>',
            ' </properties>',
            f' <tileset firstgid="1" name="servermania_tiles" tilewidth="{TILE}" '
            f'tileheight="{TILE}" tilecount="16" columns="8">',
            f'  <image source="{TILESET_IMAGE}" width="{8 * TILE}" height="{2 * TILE}"/>',
            ' </tileset>']


def csv(tiles: list[int]) -> str:
    """A whole layer of tile ids (-1: empty) as Tiled's CSV, row by row (gid = id + 1)."""
    rows = []
    for ty in range(MAP_H):
        row = tiles[ty * MAP_W:(ty + 1) * MAP_W]
        rows.append(",".join(str(t + 1 if t >= 0 else 0) for t in row))
    return "\n" + ",\n".join(rows) + "\n"


def tile_layer(layer_id: int, name: str, tiles: list[int]) -> list[str]:
    """A tile layer covering the whole map."""
    return [f' <layer id="{layer_id}" name="{name}" width="{MAP_W}" height="{MAP_H}">',
            f'  <data encoding="csv">{csv(tiles)}</data>',
            ' </layer>']


def rect_object(oid: int, name: str, rect: tuple[int, int, int, int],
                props: list[tuple[str, str, str]]) -> list[str]:
    """One rectangle object; props are (name, Tiled type, value), "string" left unsaid."""
    x, y, w, h = rect
    out = [f'  <object id="{oid}" name={quoteattr(name)} x="{x}" y="{y}" '
           f'width="{w}" height="{h}">', '   <properties>']
    for key, kind, value in props:
        type_attr = f' type="{kind}"' if kind != "string" else ""
        out.append(f'    <property name="{key}"{type_attr} value={quoteattr(value)}/>')
    out += ['   </properties>', '  </object>']
    return out


def document(lines: list[str]) -> str:
    """The whole file: `lines` (from `header` on), the map element closed."""
    return "\n".join([*lines, "</map>"]) + "\n"


def write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {path}")
