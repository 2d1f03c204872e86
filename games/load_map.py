"""The map: ``map/hexes.csv``, ``map/hexsides.csv``, ``map/sections.toml``, ``map/areas.toml``, ``map/water.toml``,
``map/regions.toml`` and ``map/boxes.toml`` (docs/data.md "map/...")."""

from __future__ import annotations

from typing import Callable, Mapping

from .columns import row_extra, toml_extra
from .datafiles import Row, Table
from .errors import DataError, Reported
from .fields import (
    MAX_TEXT, row_choice, row_id, row_ids, row_int, row_source, row_text, toml_colour, toml_id,
    toml_ids, toml_int, toml_source, toml_text,
)
from .hexgrid import OPPOSITE, Hex, Hexside, directions, hexside
from .loading import Loading, Names
from .model import (
    Area, Box, HexsideRecord, Lake, MapDef, MapHex, Region, Sea, Section, TerrainEffect, frozen_map,
)

HEX_COLUMNS = frozenset({"hex", "terrain", "settlement", "name", "features", "section", "vp", "coast", "source",
                         "notes", "city", "edge", "objective", "oil", "rivers", "lakes"})
HEXSIDE_COLUMNS = frozenset({"hex", "dir", "features", "source", "notes"})
AREA_KEYS = frozenset({"name", "adjacent", "side", "kind", "terrain", "cells", "coasts", "vp", "source", "notes",
                       "control", "edge", "stacking"})
BOX_KEYS = frozenset({"name", "kind", "side", "capacity", "spaces", "source", "notes"})
LEGACY_SIDE_FEATURES = {"rivers": "river", "lakes": "lake"}  # legacy hexes.csv columns -> TEC hexside rows


class _Tec:
    """The TEC row ids by what they apply to. Nothing is checked when the TEC failed to load, and a row that had a
    problem of its own (its id is known, what it applies to may not be) is not checked against."""

    def __init__(self, tec: Mapping[str, TerrainEffect] | None, names: Names):
        self.names = names
        self.by_kind: dict[str, set[str]] = {}
        for k, v in (tec or {}).items():
            self.by_kind.setdefault(v.applies_to, set()).add(k)
        self.loaded = {k for v in self.by_kind.values() for k in v}

    def check(self, kind: str, value: str, error: Callable[[str], DataError], what: str) -> None:
        known = self.by_kind.get(kind, set())
        if value in self.names and value not in self.loaded:
            return
        if self.names.complete and value not in known:
            shown = ", ".join(sorted(known)) if known else f"none: add a TEC row with applies_to = {kind}"
            raise error(f"unknown {what} '{value[:40]}' (expected one of {shown})")


def load_map(ld: Loading, tec: Mapping[str, TerrainEffect] | None) -> MapDef | None:
    """The map, or None when the grid is unusable (then nothing else of the map is checked)."""
    if ld.spec is None:
        ld.failed.update(("hexes", "areas", "boxes", "regions", "seas"))
        return None
    t = _Tec(tec, ld.names("terrain"))
    seas, lakes = load_water(ld)
    sections = load_sections(ld)
    hexes, by_hex, legacy_sides = load_hexes(ld, t, ld.names("seas"), sections)
    hexsides, records_ = load_hexsides(ld, t, by_hex)
    for key, features in legacy_sides.items():
        hexsides[key] = hexsides.get(key, frozenset()) | features
    areas = load_areas(ld, t, hexes)
    regions = load_regions(ld)
    boxes = load_boxes(ld)
    return MapDef(ld.spec, frozen_map(hexes), frozen_map(hexsides), frozen_map(areas), frozen_map(regions),
                  frozen_map(seas or {}), frozen_map(lakes), frozen_map(boxes), frozen_map(by_hex),
                  frozen_map(sections), frozen_map(records_))


# --- hexes --------------------------------------------------------------------------------------------------------


def load_hexes(ld: Loading, tec: _Tec, seas: Names, sections: Mapping[str, Section]
               ) -> tuple[dict[str, MapHex], dict[Hex, str], dict[Hexside, frozenset[str]]]:
    rows = ld.csv("map", "hexes.csv", required=("hex", "terrain"), known=HEX_COLUMNS, extra="hexes", kind="hexes") or []
    hexes: dict[str, MapHex] = {}
    by_hex: dict[Hex, str] = {}
    first_line: dict[str, int] = {}
    side_rows: dict[tuple[Hex, str, str], Row] = {}
    dirs = directions(ld.spec.orientation)
    for r in rows:
        with ld.guard():
            hid = r.req("hex")
            if hid in first_line:
                raise r.error(f"duplicate hex '{hid[:40]}' (first on line {first_line[hid]})")
            h = ld.hex_in_grid(hid, r.error)
            if h in by_hex:
                raise r.error(f"hex '{hid}' is the same cell as '{by_hex[h]}' (line {first_line[by_hex[h]]})")
            first_line[hid] = r.line
            by_hex[h] = hid
            ld.register("hexes", hid)
            terrain = r.req("terrain")
            tec.check("hex", terrain, r.error, "terrain")
            settlement = row_id(r, "settlement", required=False)
            if settlement:
                tec.check("settlement", settlement, r.error, "settlement")
            features = row_ids(r, "features")
            for f in features:
                tec.check("feature", f, r.error, "hex feature")
            coasts = row_ids(r, "coast")
            for c in coasts:
                if seas.missing(c):
                    raise r.error(f"unknown sea '{c}'")
            edge = row_choice(r, "edge", ld.sides, "") or None
            objective = row_choice(r, "objective", ld.sides, "") or None
            for column, kind in LEGACY_SIDE_FEATURES.items():
                listed = r.get(column).split()
                if listed:
                    tec.check("hexside", kind, lambda m, c=column: r.error(f"column '{c}': {m}"), "hexside feature")
                for d in listed:
                    if d not in dirs:
                        raise r.error(f"column '{column}': unknown direction '{d[:10]}' (expected {' '.join(dirs)})")
                    side_rows[(h, d, kind)] = r
            city = row_text(r, "city") or None
            hexes[hid] = MapHex(
                hid, h, terrain, city, frozenset(coasts), edge, objective, row_text(r, "oil") or None,
                row_int(r, "vp", 0, 99, 0), row_source(r), settlement or None, row_text(r, "name") or city or "",
                frozenset(features), _section_of(ld, r, h, sections),
                row_extra(r, ld.columns.get("hexes", {}), ld.refs))
            row_text(r, "notes", MAX_TEXT)
    legacy: dict[Hexside, set[str]] = {}
    for (h, d, kind), r in side_rows.items():
        with ld.guard():
            other = h + dirs[d]
            if other in by_hex and (other, OPPOSITE[d], kind) not in side_rows:
                raise r.error(f"{kind} on side {d} of {by_hex[h]} is not listed on side {OPPOSITE[d]} of "
                              f"{by_hex[other]}")
            legacy.setdefault(hexside(h, other), set()).add(kind)
    return hexes, by_hex, {k: frozenset(v) for k, v in legacy.items()}


def _section_of(ld: Loading, r: Row, h: Hex, sections: Mapping[str, Section]) -> str:
    """The section that owns a hex: the ``section`` column (whose box must contain it), else the first that does."""
    named = row_id(r, "section", required=False)
    if not named and not sections:
        return ""
    col, row = ld.ids.offset_of(h)
    if named:
        if named not in sections and named in ld.names("sections") or "sections" in ld.failed:
            raise Reported  # the section has a problem of its own
        if named not in sections:
            raise r.error(f"unknown section '{named}'" + (f" (expected one of {', '.join(sections)})" if sections
                                                           else " (no map/sections.toml)"))
        if not sections[named].contains(col, row):
            raise r.error(f"hex {ld.ids.id_of(h)} is outside section {named}'s box")
        return named
    found = next((s.id for s in sections.values() if s.contains(col, row)), None)
    if found is None:
        raise r.error(f"hex {ld.ids.id_of(h)} lies in no map section")
    return found


# --- hexsides -----------------------------------------------------------------------------------------------------


def load_hexsides(ld: Loading, tec: _Tec, by_hex: Mapping[Hex, str]
                  ) -> tuple[dict[Hexside, frozenset[str]], dict[Hexside, HexsideRecord]]:
    rows = ld.csv("map", "hexsides.csv", required=("hex", "dir", "features"), known=HEXSIDE_COLUMNS,
                  extra="hexsides", optional=True) or []
    dirs = directions(ld.spec.orientation)
    out: dict[Hexside, frozenset[str]] = {}
    recs: dict[Hexside, HexsideRecord] = {}
    lines: dict[Hexside, int] = {}
    for r in rows:
        with ld.guard():
            hid = r.req("hex")
            h = ld.hex_in_grid(hid, r.error)
            d = r.req("dir")
            if d not in dirs:
                raise r.error(f"unknown direction '{d[:10]}' (expected {' '.join(dirs)})")
            other = h + dirs[d]
            col, row = ld.ids.offset_of(other)
            if not (0 <= col < ld.spec.columns and 0 <= row < ld.spec.rows):
                raise r.error(f"side {d} of {hid} leads off the grid")
            if h not in by_hex and other not in by_hex:
                raise r.error(f"neither {hid} nor {ld.ids.id_of(other)} is a map hex")
            key = hexside(h, other)
            if key in lines:
                raise r.error(f"hexside {hid} {d} ({hid}-{ld.ids.id_of(other)}) is listed twice (first on line "
                              f"{lines[key]})")
            features = row_ids(r, "features")
            if not features:
                raise r.error("column 'features' is empty")
            for f in features:
                tec.check("hexside", f, r.error, "hexside feature")
            row_text(r, "notes", MAX_TEXT)
            lines[key] = r.line
            out[key] = frozenset(features)
            recs[key] = HexsideRecord(hid, d, frozenset(features), row_source(r),
                                      row_extra(r, ld.columns.get("hexsides", {}), ld.refs))
    return out, recs


# --- sections, water, areas, regions, boxes -----------------------------------------------------------------------


def load_sections(ld: Loading) -> dict[str, Section]:
    t = ld.toml("map", "sections.toml", optional=True, kind="sections")
    out: dict[str, Section] = {}
    with ld.guard():
        for k, s in ld.records(t) if t is not None else ():
            ld.register("sections", k)
            with ld.guard():
                ld.keys(s, ("name", "first", "last", "source", "notes"))
                first = ld.ids.offset_of(ld.hex_in_grid(s.str("first"), lambda m: s.error(m, "first")))
                last = ld.ids.offset_of(ld.hex_in_grid(s.str("last"), lambda m: s.error(m, "last")))
                if first[0] > last[0] or first[1] > last[1]:
                    raise s.error("first must be the north-west corner (lowest column and row) of the box", "last")
                toml_text(s, "notes", MAX_TEXT, "")
                out[k] = Section(k, toml_text(s, "name"), first, last, toml_source(s))
    return out


def _cells(ld: Loading, t: Table, key: str) -> tuple[Hex, ...]:
    return tuple(ld.hex_in_grid(c, lambda m: t.error(m, key)) for c in t.str_list(key, []))


def load_water(ld: Loading) -> tuple[dict[str, Sea] | None, dict[str, Lake]]:
    """Seas (None when the file failed) and lakes."""
    t = ld.toml("map", "water.toml", optional=True, kind="seas")
    if t is None:
        return None, {}
    seas: dict[str, Sea] = {}
    lakes: dict[str, Lake] = {}
    with ld.guard():
        ld.keys(t, ("seas", "lakes"))
        for k, s in ld.records(t.table("seas", required=False)):
            ld.register("seas", k)
            with ld.guard():
                ld.keys(s, ("name", "supply", "cells", "source"))
                supply = toml_ids(s, "supply", ())
                for side in supply:
                    ld.side_ref(side, lambda m: s.error(m, "supply"))
                toml_source(s)
                seas[k] = Sea(k, toml_text(s, "name"), frozenset(supply), _cells(ld, s, "cells"))
        for k, lk in ld.records(t.table("lakes", required=False)):
            with ld.guard():
                ld.keys(lk, ("name", "cells", "supply_passable", "source"))
                toml_source(lk)
                lakes[k] = Lake(k, toml_text(lk, "name"), _cells(ld, lk, "cells"), lk.bool("supply_passable", True))
    return seas, lakes


def load_areas(ld: Loading, tec: _Tec, hexes: Mapping[str, MapHex]) -> dict[str, Area]:
    t = ld.toml("map", "areas.toml", optional=True, kind="areas")
    if t is None:
        return {}
    out: dict[str, Area] = {}
    with ld.guard():
        names = ld.records(t)
        for k, _ in names:
            ld.register("areas", k)
        ids = ld.names("areas").ids
        hex_set = {h.hex for h in hexes.values()}
        for k, a in names:
            with ld.guard():
                out[k] = _area(ld, tec, k, a, hexes, hex_set, ids)
        for k, area in out.items():
            for loc in area.adjacent:
                if loc in out and k not in out[loc].adjacent:
                    ld.problems.add(t.error(f"adjacent to '{loc}' but '{loc}' does not list '{k}'", f"{k}.adjacent"))
    return out


def _area(ld: Loading, tec: _Tec, k: str, a: Table, hexes: Mapping[str, MapHex], hex_set: set[Hex],
          ids: frozenset[str]) -> Area:
    ld.keys(a, AREA_KEYS | set(ld.columns.get("areas", {})))
    if k in hexes:
        raise a.error(f"area id '{k}' is also a hex id")
    terrain = toml_id(a, "terrain", "")
    if terrain:
        tec.check("area", terrain, lambda m: a.error(m, "terrain"), "terrain")
    cells = _cells(ld, a, "cells")
    for c in cells:
        if c in hex_set:
            raise a.error(f"cell {ld.ids.id_of(c)} is a map hex", "cells")
    adjacent = toml_ids(a, "adjacent", ())
    for loc in adjacent:
        if ld.names("hexes").missing(loc) and loc not in ids:
            raise a.error(f"adjacent location '{loc}' does not exist", "adjacent")
    coasts = toml_ids(a, "coasts", ())
    for c in coasts:
        if ld.names("seas").missing(c):
            raise a.error(f"unknown sea '{c}'", "coasts")
    side, edge = toml_id(a, "side", ""), toml_id(a, "edge", "")
    for key, value in (("side", side), ("edge", edge)):
        if value:
            ld.side_ref(value, lambda m, key=key: a.error(m, key))
    toml_text(a, "notes", MAX_TEXT, "")
    return Area(k, toml_text(a, "name"), terrain, cells, adjacent, frozenset(coasts), edge or None,
                toml_int(a, "vp", 0, 99, 0), toml_text(a, "control", MAX_TEXT, ""), toml_source(a), side or None,
                toml_id(a, "kind", ""), toml_extra(a, ld.columns.get("areas", {}), ld.refs), a.bool("stacking", True))


def load_regions(ld: Loading) -> dict[str, Region]:
    t = ld.toml("map", "regions.toml", optional=True, kind="regions")
    out: dict[str, Region] = {}
    hex_names, area_names = ld.names("hexes"), ld.names("areas")
    with ld.guard():
        for k, r in ld.records(t) if t is not None else ():
            ld.register("regions", k)
            with ld.guard():
                ld.keys(r, ("name", "locations", "border", "style", "source", "notes"))
                locs = toml_ids(r, "locations")
                for loc in locs:
                    if hex_names.missing(loc) and area_names.missing(loc):
                        raise r.error(f"location '{loc}' does not exist", "locations")
                border = toml_colour(r, "border") if r.has("border") else None
                toml_text(r, "notes", MAX_TEXT, "")
                out[k] = Region(k, toml_text(r, "name"), frozenset(locs), border, toml_id(r, "style", "dashed"),
                                toml_source(r))
    return out


def load_boxes(ld: Loading) -> dict[str, Box]:
    t = ld.toml("map", "boxes.toml", optional=True, kind="boxes")
    out: dict[str, Box] = {}
    with ld.guard():
        for k, b in ld.records(t) if t is not None else ():
            ld.register("boxes", k)
            with ld.guard():
                ld.keys(b, BOX_KEYS | set(ld.columns.get("boxes", {})))
                kind = b.str("kind")
                if kind not in ("holding", "track"):
                    raise b.error(f"'{kind[:40]}' is not holding or track", "kind")
                side = toml_id(b, "side", "") or None
                if side is not None:
                    ld.side_ref(side, lambda m: b.error(m, "side"))
                spaces = tuple(b.str_list("spaces", []))
                if len(spaces) > 1000 or any(not 0 < len(s) <= 40 for s in spaces):
                    raise b.error("at most 1000 spaces, each a label of 1-40 characters", "spaces")
                if len(set(spaces)) != len(spaces):
                    raise b.error("a space label appears twice", "spaces")
                toml_text(b, "notes", MAX_TEXT, "")
                out[k] = Box(k, toml_text(b, "name"), kind, side, toml_int(b, "capacity", 0, 999, 0) or None, spaces,
                             toml_source(b), toml_extra(b, ld.columns.get("boxes", {}), ld.refs))
    return out
