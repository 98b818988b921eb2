"""The table map (maps/startupfever.tmx) against the rules' User Track, and broken maps.

The map holds the layout, the rules hold the numbers: a field object carries only its
number, and every label drawn on the table comes from `usertrack`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from game.startupfever import usertrack
from game.startupfever.layout import DEFAULT_MAP, PLACES, default_layout, load_layout
from game.startupfever.state import SLOTS
from game.tiled import MapError, load_map

TABLE = (0, 0, 904, 664)  # the screen region the table may use (DESIGN.md)


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _inside(rect, area=TABLE) -> bool:
    return (rect[0] >= area[0] and rect[1] >= area[1] and rect[0] + rect[2] <= area[2]
            and rect[1] + rect[3] <= area[3])


def test_map_has_one_field_per_user_track_field():
    layout = default_layout()
    assert len(layout.fields) == len(layout.field_rects) == usertrack.LAST_FIELD + 1 == 47
    assert len(usertrack.TABLE) == len(layout.fields)


def test_track_fields_carry_only_their_number_the_rules_hold_the_values():
    track = load_map(DEFAULT_MAP).object_layers["track"]
    assert sorted(o.properties["field"] for o in track) == list(range(47))
    assert all(set(o.properties) == {"field"} for o in track)


def test_fields_run_left_to_right_in_rows_and_launch_opens_a_row():
    rects = default_layout().field_rects
    row_starts = [1]
    for f in range(2, usertrack.LAST_FIELD + 1):
        prev, cur = rects[f - 1], rects[f]
        if cur[1] == prev[1]:
            assert cur[0] >= prev[0] + prev[2], f"field {f} is not right of field {f - 1}"
        else:
            assert cur[1] > prev[1], f"field {f} starts a row above field {f - 1}"
            row_starts.append(f)
    assert usertrack.LAUNCH_FIELD in row_starts  # the Launch line runs down a row's left edge
    assert all((f - 1) % 5 == 0 for f in row_starts)  # every row starts a decade
    assert rects[usertrack.MARK_100M][1] > rects[usertrack.LAUNCH_FIELD][1]


def test_every_product_slot_has_an_area_and_no_two_overlap():
    layout = default_layout()
    assert sorted(layout.products) == list(SLOTS)
    for a, b in combinations(SLOTS, 2):
        assert not _overlap(layout.products[a], layout.products[b]), (a, b)


def test_every_place_is_on_the_map():
    layout = default_layout()
    assert set(PLACES) <= set(layout.places)
    assert {"bank", "supply", "deck", "discard", "die", "log"} <= set(layout.places)


def test_everything_lies_in_the_table_region_and_nothing_overlaps():
    layout = default_layout()
    things = ([(f"field {f}", r) for f, r in enumerate(layout.field_rects)]
              + [(f"product {s}", r) for s, r in layout.products.items()]
              + list(layout.places.items()))
    for name, rect in things:
        assert _inside(rect), name
    for (na, a), (nb, b) in combinations(things, 2):
        assert not _overlap(a, b), (na, nb)


def test_field_centres_are_the_centres_of_their_rectangles():
    layout = default_layout()
    for (cx, cy), (x, y, w, h) in zip(layout.fields, layout.field_rects, strict=True):
        assert (cx, cy) == (x + w / 2, y + h / 2)
    assert layout.field_size == layout.field_rects[1][2:]


def test_generator_writes_exactly_the_committed_map():
    from maps.make_startupfever_map import tmx
    with open(DEFAULT_MAP, encoding="utf-8") as f:
        assert f.read() == tmx()


# -- broken maps ------------------------------------------------------------------------


def _broken(tmp_path, change) -> str:
    """A copy of the map after `change(root)`, placed so its tileset path still resolves."""
    tree = ET.parse(DEFAULT_MAP)
    change(tree.getroot())
    for image in tree.getroot().iter("image"):
        image.set("source", "../../" + image.get("source"))
    d = tmp_path / "a" / "b"
    d.mkdir(parents=True)
    path = d / "m.tmx"
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return str(path)


def _group(root, name):
    return next(g for g in root.iter("objectgroup") if g.get("name") == name)


def _obj(root, layer, key, value):
    for obj in _group(root, layer).iter("object"):
        for prop in obj.iter("property"):
            if prop.get("name") == key and prop.get("value") == value:
                return obj
    raise LookupError(value)


def _set(layer, key, value, new, kind=None):
    def change(root):
        obj = _obj(root, layer, key, value)
        prop = next(p for p in obj.iter("property") if p.get("name") == key)
        prop.set("value", new)
        if kind:
            prop.set("type", kind)
    return change


def _drop(layer, key, value):
    def change(root):
        _group(root, layer).remove(_obj(root, layer, key, value))
    return change


def _resize(layer, key, value, **attrs):
    def change(root):
        obj = _obj(root, layer, key, value)
        for k, v in attrs.items():
            obj.set(k, v)
    return change


def _drop_layer(name):
    def change(root):
        root.remove(_group(root, name))
    return change


@pytest.mark.parametrize("change,match", [
    (_drop("track", "field", "16"), r"field\(s\) \[16\] missing"),
    (_set("track", "field", "46", "45"), r"field\(s\) \[45\] appear more than once"),
    (_set("track", "field", "46", "47"), "field 47 is off the User Track"),
    (_set("track", "field", "3", "3.5", "float"), "not a whole number"),
    (_drop("products", "slot", "L"), r"product area\(s\) L missing"),
    (_set("products", "slot", "K", "L"), "product slot L appears more than once"),
    (_set("products", "slot", "K", "Z"), "'Z' is not one of"),
    (_drop("places", "place", "bank"), r"place\(s\) bank missing"),
    (_drop("places", "place", "die"), r"place\(s\) die missing"),
    (_drop_layer("products"), "no object layer named 'products'"),
    (_drop_layer("track"), "no object layer named 'track'"),
    (_resize("track", "field", "7", width="0"), "not a rectangle"),
    (_resize("products", "slot", "C", x="1900"), "outside the 1280x720 map"),
])
def test_broken_maps_are_refused_with_a_map_error_naming_the_problem(tmp_path, change, match):
    with pytest.raises(MapError, match=match):
        load_layout(_broken(tmp_path, change))


def test_an_intact_copy_loads_the_same_layout(tmp_path):
    layout = load_layout(_broken(tmp_path, lambda root: None))
    assert layout.fields == default_layout().fields
    assert layout.products == default_layout().products


def test_missing_or_garbled_map_file_is_a_map_error(tmp_path):
    with pytest.raises(MapError, match="not found"):
        load_layout(tmp_path / "nope.tmx")
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map", encoding="utf-8")
    with pytest.raises(MapError, match="not valid XML|could not be read"):
        load_layout(bad)
