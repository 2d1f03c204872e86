"""Load a game folder (``games/<id>/``) into the typed model, checking every file as it goes.

Layout of a game folder (all paths relative to it):

    game.toml                      identity, grid, sides, nationalities, unit types, VP track, stacking, phases
    map/hexes.csv                  one row per map hex: terrain, city, coasts, edge, objective, oil, hexsides
    map/areas.toml                 off-grid areas (one big hex each)
    map/water.toml                 seas and lakes drawn on the map
    map/regions.toml               named sets of locations (countries, the 1941 USSR ...)
    map/boxes.toml                 off-map boxes and tracks
    units.csv, markers.csv, cards.csv
    tables/crt.toml (+ the CSVs it names), tables/tec.csv, tables/weather.csv
    turns.csv, turn_events.csv
    scenarios/<id>/scenario.toml (+ its setup CSV)
    style.toml                     optional: colours and fonts for the art

The first problem found stops the load with a :class:`DataError` (``file:line: message``).
"""

from __future__ import annotations

import os
from typing import Iterable, Mapping

from .card_timing import parse_timing, parse_weather_flips
from .datafiles import Row, Table, display_path, read_csv, read_toml
from .errors import DataError
from .grid import HexIds
from .hexgrid import OPPOSITE, Hex, Hexside, directions, hexside
from .model import (
    CRT, Area, Box, Lake, Card, CardEvent, Face, Game, GridSpec, Immobile, MapDef, MapHex, Marker, MarkerFace, MarkerPlacement,
    Nationality, Phase, Placement, Region, Scenario, Sea, SideDef, StackingRule, TerrainEffect, Turn, TurnEvent, Unit, UnitType,
    VPTrack, Weather, frozen_map,
)

SOURCES = ("found", "authored", "found+authored")
FLIPS = ("step", "improve", "convert", "none")
CRT_RESULTS = ("-", "CB", "CA", "DR", "DS", "DD", "EX")


def _first_dup(rows: Iterable[tuple[str, Row]], what: str) -> None:
    seen: dict[str, int] = {}
    for key, row in rows:
        if key in seen:
            raise row.error(f"duplicate {what} '{key}' (first on line {seen[key]})")
        seen[key] = row.line


def _colour(t: Table, key: str, default: str | None = None) -> str:
    v = t.str(key, default)
    if not (len(v) == 7 and v.startswith("#") and all(c in "0123456789abcdefABCDEF" for c in v[1:])):
        raise t.error(f"'{v}' is not a colour like #a1b2c3", key)
    return v


def _row_colour(row: Row, key: str) -> str:
    v = row.req(key)
    if not (len(v) == 7 and v.startswith("#") and all(c in "0123456789abcdefABCDEF" for c in v[1:])):
        raise row.error(f"column '{key}': '{v}' is not a colour like #a1b2c3")
    return v


class _Loader:
    def __init__(self, root: str):
        self.root = root

    def p(self, *parts: str) -> str:
        return os.path.join(self.root, *parts)

    # -- game.toml ----------------------------------------------------------------------------------------
    def load(self) -> Game:
        g = read_toml(self.p("game.toml"))
        gid = g.name("id")
        grid_t = g.table("grid")
        orientation = grid_t.str("orientation")
        if orientation not in ("pointy", "flat"):
            raise grid_t.error(f"'{orientation}' is not pointy or flat", "orientation")
        offset = grid_t.str("offset")
        if offset not in ("odd", "even"):
            raise grid_t.error(f"'{offset}' is not odd or even", "offset")
        origin = grid_t.list("module_origin", [0, 0])
        if len(origin) != 2 or not all(isinstance(v, int) for v in origin):
            raise grid_t.error("expected two whole numbers", "module_origin")
        spec = GridSpec(
            orientation=orientation, offset=offset, columns=grid_t.int("columns"), rows=grid_t.int("rows"),
            id_digits=grid_t.int("id_digits", 2), module_hex_width=grid_t.float("module_hex_width", 96.0),
            module_origin=(origin[0], origin[1]),
        )
        self.ids = HexIds(spec)
        self.spec = spec

        sides = {k: SideDef(k, t.str("name"), _colour(t, "colour"), t.str("initiative_name", ""))
                 for k, t in g.table("sides").items()}
        if len(sides) < 2:
            raise g.error("a game needs at least two sides", "sides")
        self.sides = sides
        nats = {}
        for k, t in g.table("nationalities").items():
            side = t.str("side")
            if side not in sides:
                raise t.error(f"unknown side '{side}'", "side")
            colours = t.table("colours")
            nats[k] = Nationality(k, t.str("name"), side, frozen_map({c: _colour(colours, c) for c in colours.data}),
                                  _colour(t, "text_colour", "#000000"))
        types = {}
        for k, t in g.table("unit_types").items():
            cat = t.str("category")
            if cat not in ("armor", "infantry"):
                raise t.error(f"'{cat}' is not armor or infantry", "category")
            types[k] = UnitType(k, t.str("name"), t.str("symbol"), cat, t.bool("mobile", True), t.bool("zoc", True),
                                t.bool("can_attack", True))
        vp = g.table("vp_track")
        start_init = vp.str("start_initiative")
        if start_init not in sides:
            raise vp.error(f"unknown side '{start_init}'", "start_initiative")
        vp_track = VPTrack(vp.int("low"), vp.int("high"), vp.int("start"), start_init, vp.int("event_cap"),
                           vp.int("total_victory"))
        phases = []
        for t in g.tables("phases"):
            steps = t.list("steps", [])
            if not all(isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s) for s in steps):
                raise t.error("expected [[step id, step name], ...]", "steps")
            phases.append(Phase(t.str("id"), t.str("name"), t.bool("player"), tuple(tuple(s) for s in steps),
                                t.str("rule", "")))
        if not phases:
            raise g.error("no phases", "phases")
        stacking = self.load_stacking(g.table("stacking", required=False), types)

        tec = self.load_tec()
        self.tec = tec
        game_map = self.load_map(spec, tec)
        self.map = game_map
        units = self.load_units(nats, types)
        round_markers, square_markers = self.load_markers({p.id for p in phases})
        crts = self.load_crts()
        weather = self.load_weather(crts)
        cards = self.load_cards(phases, weather)
        turns = self.load_turns(weather, units)
        scenarios = self.load_scenarios(units, game_map, turns, round_markers + square_markers)
        style = read_toml(self.p("style.toml")).data if os.path.exists(self.p("style.toml")) else {}
        game = Game(
            id=gid, title=g.str("title"), publisher=g.str("publisher", ""), edition=g.str("edition", ""),
            module_name=g.name("module_name", gid), rules_package=g.str("rules_package", ""), sides=frozen_map(sides),
            nationalities=frozen_map(nats), unit_types=frozen_map(types), map=game_map, units=frozen_map(units),
            markers=round_markers, square_markers=square_markers, cards=frozen_map(cards), crts=frozen_map(crts),
            tec=frozen_map(tec), weather=frozen_map(weather), turns=frozen_map(turns), vp_track=vp_track,
            phases=tuple(phases), stacking=stacking, scenarios=frozen_map(scenarios), style=frozen_map(style), root=self.root,
            turn_draw=self.load_turn_draw(g),
        )
        for sc_id, sc in scenarios.items():
            check_stacking(game, sc, self._scenario_rows[sc_id])
        return game

    def load_stacking(self, t: Table, types: Mapping[str, UnitType]) -> Mapping[str, tuple[StackingRule, ...]]:
        out: dict[str, tuple[StackingRule, ...]] = {}
        for side, entries in t.data.items():
            if side not in self.sides:
                raise t.error(f"unknown side '{side}'", side)
            rules = []
            for i, e in enumerate(entries if isinstance(entries, list) else [None]):
                if not isinstance(e, dict) or not isinstance(e.get("from"), int) or not isinstance(e.get("limit"), int):
                    raise t.error("expected {from = turn, limit = units[, extra = unit type]}", f"{side}[{i}]")
                extra = e.get("extra")
                if extra is not None and extra not in types:
                    raise t.error(f"unknown unit type '{extra}'", f"{side}[{i}].extra")
                rules.append(StackingRule(e["from"], e["limit"], extra))
            out[side] = tuple(sorted(rules, key=lambda x: x.first_turn))
        for side in self.sides:
            if side not in out:
                raise t.error("no stacking limit", side)
        return frozen_map(out)

    # -- tables --------------------------------------------------------------------------------------------
    def load_tec(self) -> dict[str, TerrainEffect]:
        rows = read_csv(self.p("tables", "tec.csv"), ("id", "name", "applies_to", "mp_armor", "mp_other",
                                                      "armor_bonus", "shift", "stops_advance", "source"))
        _first_dup(((r.req("id"), r) for r in rows), "terrain id")
        out = {}
        for r in rows:
            def mp(key: str) -> int | None:
                v = r.get(key)
                if v == "P":
                    return -1
                return r.int(key, allow_empty=True)
            out[r.req("id")] = TerrainEffect(
                r.req("id"), r.req("name"), r.choice("applies_to", ("hex", "hexside", "area", "weather", "condition")),
                mp("mp_armor"), mp("mp_other"), r.bool("armor_bonus"), r.int("shift"), r.bool("stops_advance"),
                r.get("notes"), r.choice("source", SOURCES))
        return out

    def load_crts(self) -> dict[str, CRT]:
        t = read_toml(self.p("tables", "crt.toml"))
        legend_t = t.table("results", required=False)
        legend = {k: legend_t.str(k) for k in legend_t.data}
        known = tuple(legend) or CRT_RESULTS  # a game names its own results in its legend
        out = {}
        for k, tt in t.table("tables").items(names=True):
            side = tt.str("side")
            if side not in self.sides:
                raise tt.error(f"unknown side '{side}'", "side")
            rows = read_csv(self.p("tables", tt.name("file")), ("die",))
            header = [h for h in rows[0].values] if rows else []
            columns = tuple(h for h in header if h != "die")
            if not columns:
                raise DataError(display_path(self.p("tables", tt.name("file"))), "no odds columns", line=1)
            table = {}
            for r in rows:
                die = r.int("die")
                if die in table:
                    raise r.error(f"die roll {die} appears twice")
                results = []
                for c in columns:
                    v = r.get(c)
                    if not v:
                        raise r.error(f"missing result in column '{c}'")
                    if v not in known:
                        raise r.error(f"column '{c}': unknown result '{v}' (expected one of {' '.join(known)})")
                    results.append(v)
                table[die] = tuple(results)
            missing = sorted({v for row in table.values() for v in row} - set(legend))
            if legend and missing:
                raise legend_t.error(f"no meaning given for result(s) {' '.join(missing)}")
            out[k] = CRT(k, tt.str("name"), side, columns, frozen_map(table), tt.str("source", "found"),
                         frozen_map(legend))
        return out

    def load_weather(self, crts: Mapping[str, CRT]) -> dict[str, Weather]:
        rows = read_csv(self.p("tables", "weather.csv"), ("id", "name", "colour", "ma_cap", "axis_crt"))
        _first_dup(((r.req("id"), r) for r in rows), "weather id")
        out = {}
        for r in rows:
            crt = r.req("axis_crt")
            if crt not in crts:
                raise r.error(f"unknown CRT '{crt}'")
            limit = r.int("axis_targets", allow_empty=True)
            out[r.req("id")] = Weather(
                r.req("id"), r.req("name"), _row_colour(r, "colour"), r.int("ma_cap", allow_empty=True),
                r.bool("armor_bonus"), r.bool("multi_hex_advance"), r.bool("armor_third_hex"), r.bool("river_shift"),
                r.int("axis_shift", 0), crt, frozen_map({"axis": limit} if limit is not None else {}),
                r.choice("source", SOURCES))
        return out

    # -- map --------------------------------------------------------------------------------------------------
    def load_map(self, spec: GridSpec, tec: Mapping[str, TerrainEffect]) -> MapDef:
        water = read_toml(self.p("map", "water.toml"))
        seas: dict[str, Sea] = {}
        for k, t in water.table("seas").items():
            for s in t.str_list("supply"):
                if s not in self.sides:
                    raise t.error(f"unknown side '{s}'", "supply")
            seas[k] = Sea(k, t.str("name"), frozenset(t.str_list("supply")),
                          tuple(self._cell(t, "cells", c) for c in t.str_list("cells")))
        lakes = {k: Lake(k, t.str("name"), tuple(self._cell(t, "cells", c) for c in t.str_list("cells")),
                         t.bool("supply_passable", True))
                 for k, t in water.table("lakes", required=False).items()}
        hex_terrains = {k for k, v in tec.items() if v.applies_to == "hex"}
        side_features = {k for k, v in tec.items() if v.applies_to == "hexside"}
        rows = read_csv(self.p("map", "hexes.csv"), ("hex", "terrain", "source"))
        _first_dup(((r.req("hex"), r) for r in rows), "hex")
        hexes: dict[str, MapHex] = {}
        by_hex: dict[Hex, str] = {}
        side_rows: dict[tuple[Hex, str, str], Row] = {}
        dirs = directions(spec.orientation)
        for r in rows:
            hid = r.req("hex")
            h = self._hex(r, hid)
            terrain = r.req("terrain")
            if terrain not in hex_terrains:
                raise r.error(f"unknown terrain '{terrain}' (expected one of {', '.join(sorted(hex_terrains))})")
            coasts = frozenset(r.get("coast").split())
            for c in coasts:
                if c not in seas:
                    raise r.error(f"unknown sea '{c}'")
            edge = r.choice("edge", tuple(self.sides), allow_empty=True) or None
            objective = r.choice("objective", tuple(self.sides), allow_empty=True) or None
            city = r.get("city") or None
            if terrain == "city" and not city:
                raise r.error("a city hex needs a city name")
            for feature in ("rivers", "lakes"):
                kind = feature[:-1]
                if kind not in side_features:
                    raise r.error(f"hexside feature '{kind}' is not in the terrain effects chart")
                for d in r.get(feature).split():
                    if d not in dirs:
                        raise r.error(f"column '{feature}': unknown direction '{d}' (expected {' '.join(dirs)})")
                    side_rows[(h, d, kind)] = r
            hexes[hid] = MapHex(hid, h, terrain, city, coasts, edge, objective, r.get("oil") or None,
                                r.int("vp", 0), r.choice("source", SOURCES))
            by_hex[h] = hid
        # hexside features must be listed from both sides when both hexes are on the map
        hexsides: dict[Hexside, set[str]] = {}
        for (h, d, kind), r in side_rows.items():
            other = h + dirs[d]
            if other in by_hex:
                back = (other, OPPOSITE[d], kind)
                if back not in side_rows:
                    raise r.error(f"{kind} on side {d} of {by_hex[h]} is not listed on side {OPPOSITE[d]} of "
                                  f"{by_hex[other]}")
            hexsides.setdefault(hexside(h, other), set()).add(kind)
        areas = self.load_areas(hexes, tec, seas)
        regions = self.load_regions(hexes, areas)
        boxes = self.load_boxes()
        return MapDef(spec, frozen_map(hexes), frozen_map({k: frozenset(v) for k, v in hexsides.items()}),
                      frozen_map(areas), frozen_map(regions), frozen_map(seas), frozen_map(lakes), frozen_map(boxes),
                      frozen_map(by_hex))

    def _hex(self, r: Row, hid: str) -> Hex:
        try:
            h = self.ids.hex_of(hid)
        except ValueError as exc:
            raise r.error(str(exc)) from None
        col, row = self.ids.offset_of(h)
        if not (0 <= col < self.spec.columns and 0 <= row < self.spec.rows):
            raise r.error(f"hex '{hid}' is outside the {self.spec.columns}x{self.spec.rows} grid")
        return h

    def _cell(self, t: Table, key: str, cid: str) -> Hex:
        try:
            return self.ids.hex_of(cid)
        except ValueError as exc:
            raise t.error(str(exc), key) from None

    def load_areas(self, hexes: Mapping[str, MapHex], tec: Mapping[str, TerrainEffect],
                   seas: Mapping[str, Sea]) -> dict[str, Area]:
        t = read_toml(self.p("map", "areas.toml"))
        names = dict(t.items())
        hex_set = {h.hex for h in hexes.values()}
        out = {}
        for k, a in names.items():
            if k in hexes:
                raise a.error(f"area id '{k}' is also a hex id")
            terrain = a.str("terrain")
            if terrain not in tec:
                raise a.error(f"unknown terrain '{terrain}'", "terrain")
            cells = tuple(self._cell(a, "cells", c) for c in a.str_list("cells"))
            for c in cells:
                if c in hex_set:
                    raise a.error(f"cell {self.ids.id_of(c)} is a map hex", "cells")
            adjacent = tuple(a.str_list("adjacent"))
            for loc in adjacent:
                if loc not in hexes and loc not in names:
                    raise a.error(f"adjacent location '{loc}' does not exist", "adjacent")
            for c in a.str_list("coasts", []):
                if c not in seas:
                    raise a.error(f"unknown sea '{c}'", "coasts")
            src = a.str("source", "authored")
            if src not in SOURCES:
                raise a.error(f"unknown source '{src}'", "source")
            edge = a.str("edge", "") or None
            out[k] = Area(k, a.str("name"), terrain, cells, adjacent, frozenset(a.str_list("coasts", [])), edge,
                          a.int("vp", 0), a.str("control", ""), src)
        for k, area in out.items():
            for loc in area.adjacent:
                if loc in out and k not in out[loc].adjacent:
                    raise t.error(f"adjacent to '{loc}' but '{loc}' does not list '{k}'", f"{k}.adjacent")
        return out

    def load_regions(self, hexes: Mapping[str, MapHex], areas: Mapping[str, Area]) -> dict[str, Region]:
        t = read_toml(self.p("map", "regions.toml"))
        out = {}
        for k, r in t.items():
            locs = r.str_list("locations")
            for loc in locs:
                if loc not in hexes and loc not in areas:
                    raise r.error(f"location '{loc}' does not exist", "locations")
            border = _colour(r, "border") if r.has("border") else None
            out[k] = Region(k, r.str("name"), frozenset(locs), border, r.str("style", "dashed"),
                            r.str("source", "authored"))
        return out

    def load_boxes(self) -> dict[str, Box]:
        t = read_toml(self.p("map", "boxes.toml"))
        out = {}
        for k, b in t.items():
            kind = b.str("kind")
            if kind not in ("holding", "track"):
                raise b.error(f"'{kind}' is not holding or track", "kind")
            side = b.str("side", "") or None
            if side is not None and side not in self.sides:
                raise b.error(f"unknown side '{side}'", "side")
            cap = b.int("capacity", 0) or None
            out[k] = Box(k, b.str("name"), kind, side, cap, tuple(b.str_list("spaces", [])))
        return out

    # -- counters -----------------------------------------------------------------------------------------
    def load_units(self, nats: Mapping[str, Nationality], types: Mapping[str, UnitType]) -> dict[str, Unit]:
        cols = ("id", "side", "nationality", "front_name", "front_type", "front_strength", "front_ma", "front_colour",
                "back_name", "back_type", "back_strength", "back_ma", "back_colour", "steps", "flip", "code", "source")
        rows = read_csv(self.p("units.csv"), cols)
        _first_dup(((r.name("id"), r) for r in rows), "unit id")
        out = {}
        for r in rows:
            side = r.choice("side", tuple(self.sides))
            nat = r.req("nationality")
            if nat not in nats:
                raise r.error(f"unknown nationality '{nat}'")
            if nats[nat].side != side:
                raise r.error(f"nationality '{nat}' belongs to side '{nats[nat].side}', not '{side}'")

            def face(prefix: str) -> Face:
                typ = r.req(f"{prefix}_type")
                if typ not in types:
                    raise r.error(f"unknown unit type '{typ}'")
                colour = r.req(f"{prefix}_colour")
                if colour not in nats[nat].colours:
                    raise r.error(f"column '{prefix}_colour': '{colour}' is not a colour of nationality '{nat}'")
                ma = r.int(f"{prefix}_ma", allow_empty=True)
                if ma is None and types[typ].mobile:
                    raise r.error(f"column '{prefix}_ma' is empty but unit type '{typ}' moves")
                return Face(r.req(f"{prefix}_name"), typ, r.int(f"{prefix}_strength", allow_empty=True), ma, colour)

            steps = r.int("steps")
            if steps not in (1, 2):
                raise r.error(f"column 'steps': {steps} is not 1 or 2")
            out[r.req("id")] = Unit(r.req("id"), side, nat, face("front"), face("back"), steps,
                                    r.choice("flip", FLIPS), r.get("code"), r.int("repl", allow_empty=True),
                                    r.get("optional"), r.choice("source", SOURCES), r.get("notes"))
        return out

    def load_turn_draw(self, g: Table) -> int:
        """``[cards] turn_draw``: the cards a side draws in a turn's draw step (before modifiers); 0 when absent."""
        cards = g.table("cards", required=False)
        n = cards.int("turn_draw", 0)
        if n < 0:
            raise cards.error("must not be negative", "turn_draw")
        return n

    def load_markers(self, phase_ids: set[str]) -> tuple[tuple[Marker, ...], tuple[Marker, ...]]:
        rows = read_csv(self.p("markers.csv"), ("kind", "shape", "count", "front_label", "front_icon", "front_colour",
                                                "back_label", "back_icon", "back_colour", "source"))
        _first_dup(((r.name("kind"), r) for r in rows), "marker kind")
        round_m: list[Marker] = []
        square_m: list[Marker] = []
        for r in rows:
            shape = r.choice("shape", ("round", "square"))
            count = r.int("count")
            if count < 1:
                raise r.error("column 'count' must be at least 1")

            def face(prefix: str) -> MarkerFace:
                side = r.choice(f"{prefix}_side", tuple(self.sides), allow_empty=True) or None
                return MarkerFace(r.req(f"{prefix}_label"), r.req(f"{prefix}_icon"), _row_colour(r, f"{prefix}_colour"),
                                  side)

            front, back = face("front"), face("back")
            kind = r.req("kind")
            clear = r.choice("clear_phase", tuple(phase_ids), allow_empty=True)
            target = round_m if shape == "round" else square_m
            for n in range(1, count + 1):
                target.append(Marker(f"{kind}-{n:02d}", kind, shape, front, back, r.choice("source", SOURCES), clear))
        return tuple(round_m), tuple(square_m)

    def load_cards(self, phases: list[Phase], weather: Mapping[str, Weather]) -> dict[str, Card]:
        cols = ("number", "id", "mark_1945", "source")
        rows = read_csv(self.p("cards.csv"), cols)
        _first_dup(((str(r.int("number")), r) for r in rows), "card number")
        _first_dup(((r.name("id"), r) for r in rows), "card id")
        steps = {p.id: tuple(s for s, _ in p.steps) for p in phases}
        out = {}
        for r in rows:
            events = {}
            for side in self.sides:
                title = r.get(f"{side}_title")
                if not title:
                    raise r.error(f"column '{side}_title' is empty")
                init = r.choice(f"{side}_initiative", tuple(self.sides), allow_empty=True) or None
                immediate = r.bool(f"{side}_immediate")
                try:
                    windows = parse_timing(r.get(f"{side}_play_timing", "any"), steps, self.sides, weather)
                    flips = parse_weather_flips(r.get(f"{side}_weather"), weather)
                except ValueError as exc:
                    raise r.error(f"{side} event timing: {exc}") from None
                if immediate != any(w.kind == "on_draw" for w in windows):
                    raise r.error(f"column '{side}_play_timing': 'on_draw' goes with {side}_immediate = yes, and only "
                                  "with it")
                events[side] = CardEvent(side, title, r.req(f"{side}_text"), init, immediate, r.get(f"{side}_timing"),
                                         windows, r.bool(f"{side}_movement"), flips)
            mark = r.choice("mark_1945", ("remove", "add"), allow_empty=True) or None
            cid = r.req("id")
            if cid == "back":
                raise r.error("card id 'back' is taken by the image of the card backs (cards/back.png)")
            out[cid] = Card(r.int("number"), cid, frozen_map(events), mark, cid == "joker",
                            r.choice("source", SOURCES))
        return out

    # -- turns -----------------------------------------------------------------------------------------------
    def load_turns(self, weather: Mapping[str, Weather], units: Mapping[str, Unit]) -> dict[int, Turn]:
        rows = read_csv(self.p("turns.csv"), ("turn", "date", "weather", "blitz", "shock", "source"))
        ev_rows = read_csv(self.p("turn_events.csv"), ("turn", "code", "text", "red", "source"))
        by_turn: dict[int, list[TurnEvent]] = {}
        numbers = [r.int("turn") for r in rows]
        for r in ev_rows:
            n = r.int("turn")
            if n not in numbers:
                raise r.error(f"turn {n} is not on the turn track")
            unit = r.get("unit") or None
            if unit is not None and unit not in units:
                raise r.error(f"unknown unit '{unit}'")
            by_turn.setdefault(n, []).append(TurnEvent(r.req("code"), r.req("text"), r.bool("red"), unit,
                                                       r.choice("source", SOURCES)))
        out = {}
        for i, r in enumerate(rows, start=1):
            n = r.int("turn")
            if n != i:
                raise r.error(f"turn {n} out of order (expected {i})")
            w = r.req("weather")
            if w not in weather:
                raise r.error(f"unknown weather '{w}'")
            var = r.get("variable") or None
            if var is not None and var not in weather:
                raise r.error(f"unknown weather '{var}' in column 'variable'")
            sd = {}
            for side in self.sides:
                v = r.int(f"sd_{side}", allow_empty=True) if f"sd_{side}" in r.values else None
                if v is not None:
                    sd[side] = v
            out[n] = Turn(n, r.req("date"), w, var, r.int("blitz"), r.int("shock"), frozen_map(sd),
                          tuple(by_turn.get(n, ())), r.choice("source", SOURCES))
        return out

    # -- scenarios -------------------------------------------------------------------------------------------
    def load_scenarios(self, units: Mapping[str, Unit], game_map: MapDef, turns: Mapping[int, Turn],
                       markers: tuple[Marker, ...]) -> dict[str, Scenario]:
        sdir = self.p("scenarios")
        out = {}
        self._scenario_rows: dict[str, dict[str, Row]] = {}
        marker_kinds = {m.kind for m in markers}
        for name in sorted(os.listdir(sdir)) if os.path.isdir(sdir) else []:
            folder = os.path.join(sdir, name)
            if not os.path.isdir(folder):
                continue
            t = read_toml(os.path.join(folder, "scenario.toml"))
            first, last = t.int("first_turn"), t.int("last_turn")
            if first not in turns or last not in turns or first > last:
                raise t.error(f"turns {first}-{last} are not on the turn track", "last_turn")
            rows = read_csv(os.path.join(folder, t.name("setup_file")), ("unit", "location", "turn"))
            _first_dup(((r.req("unit"), r) for r in rows), "unit in the setup")
            setup, reinf = [], []
            rows_by_unit = {}
            for r in rows:
                uid = r.req("unit")
                if uid not in units:
                    raise r.error(f"unknown unit '{uid}'")
                loc = r.get("location")
                turn = r.int("turn", allow_empty=True)
                cond = r.get("condition")
                if loc:
                    self._location(r, loc, game_map, "set up in" if turn is None else "arriving in")
                elif turn is None and not cond:
                    raise r.error(f"unit '{uid}' has neither a location nor a turn of arrival")
                if turn is not None and turn not in turns:
                    raise r.error(f"turn {turn} is not on the turn track")
                face = r.choice("face", ("front", "back"), allow_empty=True) or "front"
                pl = Placement(uid, loc, face, turn, cond, r.choice("source", SOURCES, allow_empty=True) or "authored")
                (setup if turn is None and not cond else reinf).append(pl)
                rows_by_unit[uid] = r
            self._scenario_rows[t.name("id")] = rows_by_unit
            mks = []
            for m in t.tables("markers"):
                kind = m.str("kind")
                if kind not in marker_kinds:
                    raise m.error(f"unknown marker kind '{kind}'", "kind")
                loc = m.str("location")
                box, _, space = loc.partition(":")
                if box not in game_map.boxes and not game_map.location_exists(loc):
                    raise m.error(f"unknown location '{loc}'", "location")
                if space and space not in game_map.boxes[box].spaces:
                    raise m.error(f"box '{box}' has no space '{space}'", "location")
                mks.append(MarkerPlacement(kind, loc, m.str("face", "front"), m.int("count", 1)))
            hands = t.table("hands")
            control = {}
            for region_id, side in t.table("control", required=False).data.items():
                if region_id not in game_map.regions:
                    raise t.error(f"unknown region '{region_id}'", f"control.{region_id}")
                if side not in self.sides:
                    raise t.error(f"unknown side '{side}'", f"control.{region_id}")
                for loc in sorted(game_map.regions[region_id].locations):
                    control[loc] = side
            options = t.table("options", required=False).data
            for key, value in options.items():
                if not isinstance(value, bool):
                    raise t.error(f"expected true or false, found {value!r}", f"options.{key}")
            out[t.str("id")] = Scenario(
                t.str("id"), t.str("name"), first, last, tuple(setup), tuple(reinf), tuple(mks),
                frozen_map({k: int(v) for k, v in hands.data.items()}), frozen_map(control),
                tuple(t.str_list("special_rules", [])), tuple(t.str_list("victory", [])), frozen_map(options),
                tuple(_immobile(im, units, turns) for im in t.tables("immobile")))
        return out

    def _location(self, r: Row, loc: str, game_map: MapDef, verb: str) -> None:
        if game_map.location_exists(loc) or loc in game_map.boxes:
            return
        if loc[:1].isdigit():
            raise r.error(f"unit '{r.get('unit')}' {verb} hex '{loc}', which is not on the map")
        raise r.error(f"unit '{r.get('unit')}' {verb} '{loc}', which is not a hex, area or box")


def check_stacking(game: Game, scenario: Scenario, rows: Mapping[str, Row]) -> None:
    """Setup units must respect the first turn's stacking limits (8.4)."""
    per_loc: dict[str, list[str]] = {}
    for p in scenario.setup:
        if game.map.location_exists(p.location):
            per_loc.setdefault(p.location, []).append(p.unit)
    for loc, uids in sorted(per_loc.items()):
        side = game.units[uids[0]].side
        for uid in uids:
            if game.units[uid].side != side:
                raise rows[uid].error(f"unit '{uid}' is set up in {loc} together with enemy units")
        types = [game.units[u].front.type for u in uids]
        if not game.stacking_allows(side, scenario.first_turn, types):
            limit = game.stacking_limit(side, scenario.first_turn)
            raise rows[uids[-1]].error(
                f"{len(uids)} {side} units set up in {loc}; the stacking limit on turn {scenario.first_turn} is "
                f"{limit.limit}" + (f" plus one {limit.extra}" if limit.extra else ""))


def load_folder(root: str) -> Game:
    """Load the game in folder ``root``."""
    return _Loader(root).load()


def _immobile(t: Table, units: Mapping[str, Unit], turns: Mapping[int, Turn]) -> Immobile:
    """A scenario's ``[[immobile]]`` table: units that may not move on some turns."""
    listed = t.str_list("units")
    for uid in listed:
        if uid not in units:
            raise t.error(f"unknown unit '{uid}'", "units")
    on = t.list("turns")
    for turn in on:
        if isinstance(turn, bool) or not isinstance(turn, int) or turn not in turns:
            raise t.error(f"turn {turn!r} is not on the turn track", "turns")
    return Immobile(tuple(listed), tuple(on), t.str("text"))
