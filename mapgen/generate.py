"""The whole map from a config: fit the projection, lay water, terrain, rivers, lines, places, areas, regions and
sections onto the grid, apply the authored fixes. The result (:class:`MapData`) is plain data; :mod:`write` turns
it into the files the loader reads.

Rules of thumb a designer can rely on (docs/mapgen.md):
- a cell is water when more than half of it is water (sea, or lake); a hex holding a place is always land; a land
  hex is on a sea's coast when it borders a water cell of that sea or a tenth of it is that sea; a port on no coast
  is on the coasts of its land neighbours;
- a hexside between two land hexes is a sea/lake hexside when (nearly) all of it is water (9 tenths);
- a terrain region gives its terrain to the land hexes it covers at least ``min_fraction`` of (later regions win);
- a river is the cheapest chain of hexsides along its line (its own data where the source has it, its authored
  guide elsewhere); a tributary joins the network when its mouth is within a hex of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from games.errors import DataError
from games.hexgrid import Hex

from . import routing
from .config import Config, LonLat, Waypoint
from .hexspace import HexSpace, Side
from .projection import Projector, fit
from .sources import Geography, Places, load_geography

WATER_SHARE = 0.5  # a cell is water when more than this share of it is water
SIDE_SHARE = 0.9  # a land-land hexside is a water hexside when (nearly) all of it is water
COAST_SHARE = 0.1  # a land hex with at least this share of sea in it is on that sea's coast
SETTLEMENT_RANK = ("major_city", "minor_city", "town", "landmark")
FOUND, AUTHORED = "found", "authored"


@dataclass
class HexRecord:
    terrain: str
    settlement: str = ""
    name: str = ""
    vp: int = 0
    coast: set[str] = field(default_factory=set)
    features: set[str] = field(default_factory=set)
    section: str = ""
    sources: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)


@dataclass
class SideRecord:
    features: set[str] = field(default_factory=set)
    sources: set[str] = field(default_factory=set)


@dataclass
class MapData:
    space: HexSpace
    projector: Projector
    hexes: dict[str, HexRecord]
    water: dict[str, list[str]]  # water body id -> its cells
    water_sides: dict[str, list[Side]]  # lake id -> its lake hexsides
    sides: dict[Side, SideRecord]
    areas: dict[str, list[str]]  # area id -> adjacent hexes
    regions: dict[str, list[str]]
    lines: dict[str, list[str]]  # line id -> hexes along it
    warnings: list[str]


def source_of(sources: set[str]) -> str:
    if sources == {FOUND}:
        return FOUND
    return "found+authored" if FOUND in sources else AUTHORED


class Generator:
    def __init__(self, cfg: Config, geography: Geography | None = None):
        self.cfg = cfg
        self.where = cfg.path
        self.space = HexSpace(cfg.grid)
        self.places = Places(cfg)
        self.geo = geography if geography is not None else load_geography(cfg)
        self.warnings: list[str] = []
        self._lonlat_cache: dict[str, LonLat] = {}

    # -- helpers --
    def err(self, message: str) -> DataError:
        return DataError(self.where, message)

    def lonlat(self, wp: Waypoint) -> LonLat:
        if not isinstance(wp, str):
            return wp
        if wp not in self._lonlat_cache:
            self._lonlat_cache[wp] = self.places.lonlat(self.cfg.place(wp))
        return self._lonlat_cache[wp]

    def xy(self, points: list[LonLat] | tuple[LonLat, ...]) -> list[tuple[float, float]]:
        arr = np.asarray(points, float).reshape(-1, 2)
        x, y = self.proj(arr[:, 0], arr[:, 1])
        return [(round(float(a), 9), round(float(b), 9)) for a, b in zip(x, y)]

    def to_space(self, geom: BaseGeometry) -> BaseGeometry:
        def fn(coords: np.ndarray) -> np.ndarray:
            if not len(coords):
                return coords
            # each distinct point once (so a ring stays closed), rounded (so tiny float noise decides nothing)
            uniq, back = np.unique(coords, axis=0, return_inverse=True)
            x, y = self.proj(uniq[:, 0], uniq[:, 1])
            return np.round(np.c_[x, y], 9)[back.reshape(-1)]
        return shapely.make_valid(shapely.transform(geom, fn))

    def hex_id(self, hex_id: str, what: str) -> Hex:
        h = self.space.hex_of(hex_id)
        if h is None:
            raise self.err(f"{what}: '{hex_id}' is not a hex of the grid")
        return h

    # -- the pipeline --
    def run(self) -> MapData:
        self.proj = self._fit()
        self.grid_box = box(-1, -1, *self._extent())
        self.polys = {h: self.space.polygon(h) for h in self.space.cells}
        self._sections()
        self._water()
        self._terrain()
        self.sides: dict[Side, SideRecord] = {}
        self._water_sides()
        self._rivers()
        self._sites()
        self.line_hexes: dict[str, list[str]] = {}
        self.regions: dict[str, list[str]] = {}
        self._regions(before_lines=True)
        self._lines()
        self._bridges()
        self._places()
        self._regions(before_lines=False)
        self._junctions()
        self._fixes()
        self._ports()
        areas = self._areas()
        self._check_fit_hexes()
        return MapData(
            self.space, self.proj, self.hexes, self.water_cells, self.lake_sides, self.sides, areas,
            {r.id: self.regions[r.id] for r in self.cfg.regions}, self.line_hexes, self.warnings,
        )

    def _extent(self) -> tuple[float, float]:
        xs, ys = zip(*(self.space.centre(h) for h in self.space.cells))
        return max(xs) + 1, max(ys) + 1

    def _fit(self) -> Projector:
        pts = self.cfg.fit
        if not pts:
            raise self.err("no [[fit]] points: the projection needs at least two")
        targets = []
        for p in pts:
            h = self.hex_id(p.hex, f"fit point '{p.name}'")
            if p.side:
                if self.space.neighbour(h, p.side) is None:
                    raise self.err(f"fit point '{p.name}': hex {p.hex} has no side {p.side} inside the grid")
                targets.append(self.space.side_midpoint(h, p.side))
            else:
                targets.append(self.space.centre(h))
        lonlat = np.array([self.lonlat(p.at) for p in pts], float)
        try:
            return fit(self.cfg.projection, [p.name for p in pts], [p.hex + (":" + p.side if p.side else "")
                                                                   for p in pts], lonlat, np.array(targets))
        except ValueError as exc:
            raise self.err(str(exc)) from None

    def _sections(self) -> None:
        self.section_of: dict[Hex, str] = {}
        self.in_section: dict[str, set[Hex]] = {}
        for s in self.cfg.sections:
            cells = set()
            for h in self.space.cells:
                col, row = self.space.offset(h)
                col, row = col + self.cfg.grid.first_column, row + self.cfg.grid.first_row
                if s.columns[0] <= col <= s.columns[1] and s.rows[0] <= row <= s.rows[1]:
                    cells.add(h)
                    self.section_of.setdefault(h, s.id)
            self.in_section[s.id] = cells

    # -- water --
    def _water(self) -> None:
        water = self.to_space(self.geo.water).intersection(self.grid_box)
        self.water_geom = water
        self.seas = [(w, self.to_space(Polygon(w.polygon))) for w in self.cfg.water if w.kind == "sea"]
        sea_union = shapely.union_all([g for _, g in self.seas]) if self.seas else Polygon()
        lakes = []
        for poly in self.geo.lakes:
            g = self.to_space(poly)
            if g.is_empty or not g.intersects(self.grid_box):
                continue
            if sea_union.contains(g.representative_point()):
                continue
            lakes.append(g)
        self.lakes: list[tuple[str, BaseGeometry]] = self._name_lakes(lakes)
        cells = list(self.space.cells)
        shares = shapely.area(shapely.intersection([self.polys[h] for h in cells], water)) / self.space.hex_area
        self.body_of: dict[Hex, str] = {}
        place_hexes = self._place_hexes()
        for h, share in zip(cells, shares):
            if share <= WATER_SHARE or h in place_hexes:
                continue
            body = self._body(self.polys[h].intersection(water))
            if body:
                self.body_of[h] = body
        self.hexes: dict[str, HexRecord] = {}
        for h in cells:
            if h not in self.body_of:
                self.hexes[self.space.ids[h]] = HexRecord(
                    self.cfg.default_terrain, section=self.section_of.get(h, ""), sources={AUTHORED})
        self.water_cells: dict[str, list[str]] = {}
        for h, body in sorted(self.body_of.items(), key=lambda kv: self.space.ids[kv[0]]):
            self.water_cells.setdefault(body, []).append(self.space.ids[h])
        for h, share in zip(cells, shares):  # a land hex with a real piece of sea in it is on the coast
            if share >= COAST_SHARE and self.land(h):
                body = self._body(self.polys[h].intersection(water))
                if self._is_sea(body):
                    self.hexes[self.space.ids[h]].coast.add(body)
                    self.hexes[self.space.ids[h]].sources.add(FOUND)

    def _name_lakes(self, lakes: list[BaseGeometry]) -> list[tuple[str, BaseGeometry]]:
        named = {}
        for w in self.cfg.water:
            if w.kind != "lake":
                continue
            (x, y), = self.xy([w.at])
            hit = [g for g in lakes if g.buffer(1e-9).contains(Point(x, y))]
            if not hit:
                raise self.err(f"lake '{w.id}': no lake of the source at {list(w.at)}")
            named[id(hit[0])] = w.id
        out = []
        for g in lakes:
            if id(g) in named:
                out.append((named[id(g)], g))
            else:
                c = g.representative_point()
                h = self.space.hex_at(c.x, c.y)
                out.append((f"lake_{self.space.ids[h]}" if h else "lake", g))
        merged: dict[str, list[BaseGeometry]] = {}
        for name, g in out:
            merged.setdefault(name, []).append(g)
        return sorted((k, shapely.union_all(v)) for k, v in merged.items())

    def _body(self, part: BaseGeometry) -> str:
        """Which sea or lake a piece of water belongs to (seas first, by their authored outline)."""
        if part.is_empty:
            return ""
        p = part.representative_point()
        for w, g in self.seas:
            if g.contains(p):
                return w.id
        best = max(((part.intersection(g).area, name) for name, g in self.lakes), default=(0.0, ""))
        return best[1] if best[0] > 0 else ""

    def _place_hexes(self) -> set[Hex]:
        out = set()
        for p in self.cfg.places:
            if p.settlement:
                for x, y in self.xy([self.lonlat(p.name)] + list(p.also)):
                    h = self.space.hex_at(x, y)
                    if h is not None:
                        out.add(h)
        return out

    def land(self, h: Hex | None) -> bool:
        return h is not None and h in self.space.ids and self.space.ids[h] in self.hexes

    def _water_sides(self) -> None:
        """Shores (land hex next to a water cell) and land-land hexsides mostly covered by water; coasts."""
        self.lake_sides: dict[str, list[Side]] = {}
        _, sides = self.space.corner_graph
        keys = sorted(sides)
        segs = [LineString(self.space.side_segment(self.space.hex_of(k[0]), k[1])) for k in keys]
        wet = shapely.length(shapely.intersection(segs, self.water_geom)) / (1 / math.sqrt(3))
        for key, seg, share in zip(keys, segs, wet):
            a, b = self.space.hexes_of_side(key)
            body = ""
            if self.land(a) and self.land(b):
                if share > SIDE_SHARE:
                    body = self._body(seg.buffer(0.02).intersection(self.water_geom))
            elif self.land(a) or self.land(b):
                body = self.body_of[b if self.land(a) else a]
                land_hex = a if self.land(a) else b
                if self._is_sea(body):
                    self.hexes[self.space.ids[land_hex]].coast.add(body)
                    self.hexes[self.space.ids[land_hex]].sources.add(FOUND)
            if body:
                self._add_side(key, self._water_feature(body), FOUND)
                if not self._is_sea(body):
                    self.lake_sides.setdefault(body, []).append(key)
        self._small_lakes()

    def _is_sea(self, body: str) -> bool:
        return any(w.id == body and w.kind == "sea" for w in self.cfg.water)

    def _lake_features(self) -> set[str]:
        return {"lake"} | {self._water_feature(w.id) for w in self.cfg.water if w.kind == "lake"}

    def _water_feature(self, body: str) -> str:
        for w in self.cfg.water:
            if w.id == body:
                return str(w.extra.get("hexside", w.kind))
        return "lake"

    def _small_lakes(self) -> None:
        """A lake too small for a cell or a hexside of its own still shows: as the hexsides along its long axis."""
        allowed = self._land_sides()
        for name, g in self.lakes:
            if name in self.lake_sides or name in self.water_cells:
                continue
            rect = g.minimum_rotated_rectangle
            if not isinstance(rect, Polygon):
                continue
            c = list(rect.exterior.coords)[:4]
            edges = sorted(((math.dist(c[i], c[(i + 1) % 4]), i) for i in range(4)), reverse=True)
            i = edges[-1][1]  # a short edge: the axis joins its middle to the opposite short edge's middle
            p = ((c[i][0] + c[(i + 1) % 4][0]) / 2, (c[i][1] + c[(i + 1) % 4][1]) / 2)
            q = ((c[(i + 2) % 4][0] + c[(i + 3) % 4][0]) / 2, (c[(i + 2) % 4][1] + c[(i + 3) % 4][1]) / 2)
            axis = LineString([p, q])
            try:
                keys = routing.chain(self.space, allowed, axis, p, q)
            except routing.Unroutable:
                continue
            if not keys:
                keys = [self._nearest_side(allowed, g.centroid)]
            for k in keys:
                self._add_side(k, self._water_feature(name), FOUND)
            self.lake_sides[name] = keys

    def _nearest_side(self, allowed: set[Side], p: Point) -> Side:
        return min(sorted(allowed), key=lambda k: math.dist(self.space.side_midpoint(self.space.hex_of(k[0]), k[1]),
                                                            (p.x, p.y)))

    def _land_sides(self) -> set[Side]:
        _, sides = self.space.corner_graph
        return {k for k in sides if all(self.land(h) for h in self.space.hexes_of_side(k))}

    def _add_side(self, key: Side, feature: str, source: str) -> None:
        rec = self.sides.setdefault(key, SideRecord())
        rec.features.add(feature)
        rec.sources.add(source)

    # -- terrain --
    def _terrain(self) -> None:
        land = [h for h in self.space.cells if self.land(h)]
        polys = [self.polys[h] for h in land]
        for t in self.cfg.terrain:
            g = self.to_space(Polygon(t.polygon))
            shares = shapely.area(shapely.intersection(polys, g)) / self.space.hex_area
            for h, share in zip(land, shares):
                if share >= t.min_fraction:
                    self.hexes[self.space.ids[h]].terrain = t.terrain

    # -- rivers --
    def _rivers(self) -> None:
        allowed = self._land_sides()
        network: set[tuple[int, int]] = set()
        corners, sides = self.space.corner_graph
        data = [self.to_space(x) for x in self.geo.rivers]
        data = [g for g in data if not g.is_empty]
        tree = shapely.STRtree(data) if data else None
        self.river_geoms: dict[str, BaseGeometry] = {}
        rank = {r.feature: i for i, r in enumerate(self._river_ranks())}
        for r in self.cfg.rivers:
            guide = routing.as_line(self.xy([self.lonlat(w) for w in r.guide]))
            km = self.proj.km_per_hex
            width = r.corridor_km / km
            geom, sources = guide, {AUTHORED}
            if r.use_data and tree is not None:
                corridor = guide.buffer(width)
                found = [data[i].intersection(corridor) for i in tree.query(corridor)]
                found = [g for g in found if not g.is_empty and g.length > 0]
                if found:
                    found_geom = shapely.union_all(found)
                    gaps = guide.difference(found_geom.buffer(width))
                    geom = shapely.union_all([found_geom, gaps]) if not gaps.is_empty else found_geom
                    sources = {FOUND} if gaps.is_empty or gaps.length < 0.5 else {FOUND, AUTHORED}
            self.river_geoms[r.id] = geom
            start, end = guide.coords[0], guide.coords[-1]
            try:
                keys = routing.chain(self.space, allowed, geom, start, end, network)
            except routing.Unroutable as exc:
                raise self.err(f"river '{r.id}': {exc}") from None
            for k in keys:
                rec = self.sides.get(k)
                have = [f for f in (rec.features if rec else ()) if f in rank]
                if have and rank[have[0]] <= rank.get(r.feature, 99):
                    continue  # a greater river already runs here
                if rec:
                    rec.features.difference_update(have)
                    rec.features.difference_update(self._lake_features())  # a river, not a lake, runs here
                for src in sorted(sources):
                    self._add_side(k, r.feature, src)
                network.update(sides[k])
        if not self.cfg.rivers:
            self.river_geoms = {}

    def _sites(self) -> None:
        for site in self.cfg.sites:
            (x, y), = self.xy([site.at])
            keys = [k for k, rec in self.sides.items() if site.on in rec.features]
            if not keys:
                raise self.err(f"site '{site.name}': no hexside with '{site.on}'")
            key = min(sorted(keys), key=lambda k: math.dist(self.space.side_midpoint(self.space.hex_of(k[0]), k[1]),
                                                            (x, y)))
            self._add_side(key, site.feature, AUTHORED)

    def _river_ranks(self):
        """River features from greatest to least: the order of first appearance among ``[[river]]`` records
        (list the greatest river first)."""
        seen, out = set(), []
        for r in self.cfg.rivers:
            if r.feature not in seen:
                seen.add(r.feature)
                out.append(r)
        return out

    # -- lines --
    def _lines(self) -> None:
        allowed = self._land_sides()
        self.land_cells = {h for h in self.space.cells if self.land(h)}
        water = self._lake_features() | {self._water_feature(w.id) for w in self.cfg.water}
        water_sides = {k for k, rec in self.sides.items() if rec.features & water}
        self.crossings: dict[Side, set[str]] = {}
        for ln in self.cfg.lines:
            pts = self.xy([self.lonlat(w) for w in ln.via])
            if ln.mode == "along":
                try:
                    keys = routing.chain(self.space, allowed, routing.as_line(pts), pts[0], pts[-1])
                except routing.Unroutable as exc:
                    raise self.err(f"line '{ln.id}': {exc}") from None
                for k in keys:
                    self._add_side(k, ln.feature, AUTHORED)
                self.line_hexes[ln.id] = sorted({self.space.ids[h] for k in keys for h in self.space.hexes_of_side(k)
                                                 if self.land(h)})
                continue
            blocked = water_sides | {k for k, rec in self.sides.items() if rec.features & set(ln.avoid)}
            path = routing.hex_route(self.space, self.land_cells, pts, blocked)
            ids = [self.space.ids[h] for h in path]
            self.line_hexes[ln.id] = ids
            exempt = set(self.regions.get(ln.mark_outside, [])) if ln.mark else set()
            for hid in ids:
                rec = self.hexes[hid]
                rec.features.update(ln.hex_features if ln.mode == "cross" else (ln.feature,))
                if ln.mark and hid not in exempt:
                    rec.features.add(ln.mark)
                rec.sources.add(AUTHORED)
            if ln.mode != "cross":
                continue
            for a, b in zip(path, path[1:]):
                if b - a not in self.space.dirs.values():
                    self.warnings.append(f"line '{ln.id}': no way from {self.space.ids[a]} to {self.space.ids[b]} "
                                         "that crosses no water or avoided hexside: left open")
                    continue
                key = self.space.side_key(a, self.space.direction_between(a, b))
                self._add_side(key, ln.feature, AUTHORED)
                if ln.mark and self.space.ids[a] not in exempt and self.space.ids[b] not in exempt:
                    self.crossings.setdefault(key, set()).add(ln.mark)

    def _bridges(self) -> None:
        for key, rec in sorted(self.sides.items()):
            for b in self.cfg.bridges:
                if b.crossing in rec.features and rec.features & set(b.over) and not rec.features & set(b.unless):
                    rec.features.add(b.add)

    def _junctions(self) -> None:
        for j in self.cfg.junctions:
            degree: dict[str, int] = {}
            for key, marks in self.crossings.items():
                if j.mark in marks:
                    for h in self.space.hexes_of_side(key):
                        hid = self.space.ids[h]
                        if j.mark in self.hexes[hid].features:
                            degree[hid] = degree.get(hid, 0) + 1
            for hid, n in degree.items():
                if n >= 3:
                    self.hexes[hid].features.add(j.feature)

    # -- places --
    def _places(self) -> None:
        for p in self.cfg.places:
            if not p.settlement:
                continue
            for i, (x, y) in enumerate(self.xy([self.lonlat(p.name)] + list(p.also))):
                h = self.space.hex_at(x, y)
                if h is None:
                    self.warnings.append(f"place '{p.name}' is outside the grid")
                    continue
                hid = self.space.ids[h]
                if i == 0 and p.hex and p.hex != hid:
                    self.warnings.append(f"place '{p.name}' falls in {hid}, not {p.hex} as the rules say")
                rec = self.hexes[hid]
                if rec.settlement and _rank(rec.settlement) <= _rank(p.settlement):
                    if rec.name != p.name:
                        self.warnings.append(f"place '{p.name}' shares hex {hid} with '{rec.name}': left out")
                    continue
                vp = p.also_vp[i - 1] if 0 < i <= len(p.also_vp) else p.vp
                rec.settlement, rec.name, rec.vp = p.settlement, p.name, vp
                rec.features.update(p.features)
                rec.sources.update({FOUND, AUTHORED})
                if p.modern and p.modern != p.name:
                    rec.notes.append(f"today {p.modern}")
                if p.notes:
                    rec.notes.append(p.notes)

    # -- regions, areas, fixes --
    def _regions(self, before_lines: bool) -> None:
        land = [h for h in self.space.cells if self.land(h)]
        for r in self.cfg.regions:
            if bool(r.lines) == before_lines:
                continue
            chosen: set[str] = set()
            if r.polygon:
                g = self.to_space(Polygon(r.polygon))
                shares = shapely.area(shapely.intersection([self.polys[h] for h in land], g)) / self.space.hex_area
                chosen.update(self.space.ids[h] for h, s in zip(land, shares) if s >= r.min_fraction)
            for s in r.sections:
                if s not in self.in_section:
                    raise self.err(f"region '{r.id}': unknown section '{s}'")
                chosen.update(self.space.ids[h] for h in self.in_section[s] if self.land(h))
            for ln in r.lines:
                if ln not in self.line_hexes:
                    raise self.err(f"region '{r.id}': unknown line '{ln}'")
                chosen.update(self.line_hexes[ln])
            chosen.update(self._hex_list(r.hexes, f"region '{r.id}'"))
            if r.with_feature:
                chosen = {h for h in chosen if h in self.hexes and r.with_feature in self.hexes[h].features}
            self.regions[r.id] = sorted(chosen)

    def _hex_list(self, items: tuple[str, ...], what: str) -> list[str]:
        """Hex ids and ranges "CCRR-CCRR" along one column or one row."""
        d = self.cfg.grid.id_digits
        out = []
        for item in items:
            a, _, b = item.partition("-")
            self.hex_id(a, what)
            if not b:
                out.append(a)
                continue
            self.hex_id(b, what)
            (ca, ra), (cb, rb) = (int(a[:d]), int(a[d:])), (int(b[:d]), int(b[d:]))
            if ca == cb:
                out.extend(f"{ca:0{d}d}{r:0{d}d}" for r in range(min(ra, rb), max(ra, rb) + 1))
            elif ra == rb:
                out.extend(f"{c:0{d}d}{ra:0{d}d}" for c in range(min(ca, cb), max(ca, cb) + 1))
            else:
                raise self.err(f"{what}: range '{item}' is neither one column nor one row")
        return out

    def _areas(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for a in self.cfg.areas:
            chosen = set(self._hex_list(a.hexes, f"area '{a.id}'"))
            if a.edge:
                cells = set(self.space.cells)
                for s in a.edge_of:
                    if s not in self.in_section:
                        raise self.err(f"area '{a.id}': unknown section '{s}'")
                if a.edge_of:
                    cells = set().union(*(self.in_section[s] for s in a.edge_of))
                border = [h for h in cells if self.land(h)
                          and any(h + v not in cells for v in self.space.dirs.values())]
                guide = routing.as_line(self.xy([self.lonlat(w) for w in a.edge]))
                chosen.update(self.space.ids[h] for h in border if guide.distance(Point(self.space.centre(h))) <= 1.0)
            missing = [h for h in chosen if h not in self.hexes]
            if missing:
                self.warnings.append(f"area '{a.id}': {', '.join(sorted(missing))} not land hexes: left out")
            out[a.id] = sorted(h for h in chosen if h in self.hexes)
        return out

    def _fixes(self) -> None:
        for f in self.cfg.hex_fixes:
            h = self.hex_id(f.hex, "hex fix")
            hid = self.space.ids[h]
            if f.water == "land" and hid not in self.hexes:
                for cells in self.water_cells.values():
                    if hid in cells:
                        cells.remove(hid)
                self.hexes[hid] = HexRecord(self.cfg.default_terrain, section=self.section_of.get(h, ""))
            elif f.water:
                self.hexes.pop(hid, None)
                self.water_cells.setdefault(f.water, []).append(hid)
                self.water_cells[f.water].sort()
                continue
            rec = self.hexes.get(hid)
            if rec is None:
                raise self.err(f"hex fix {hid}: a water cell (say water = \"land\" to make it land)")
            if f.terrain:
                rec.terrain = f.terrain
            rec.features.update(f.add)
            rec.features.difference_update(f.remove)
            rec.sources.add(AUTHORED)
            if f.note:
                rec.notes.append(f.note)
        for f in self.cfg.hexside_fixes:
            h = self.hex_id(f.hex, "hexside fix")
            for d in f.dirs:
                key = self.space.side_key(h, d)
                if key is None:
                    raise self.err(f"hexside fix {f.hex} {d}: leads off the grid")
                rec = self.sides.setdefault(key, SideRecord())
                rec.features.update(f.add)
                rec.features.difference_update(f.remove)
                rec.sources.add(AUTHORED)
                if not rec.features:
                    del self.sides[key]

    def _ports(self) -> None:
        """A port whose hex is on no sea's coast (the town's point a few kilometres inland, or the shore drawn a hex
        away at this scale) is on the coasts its land neighbours are on: a port is where ships land (5.7) and a
        Supply Source on its sea (16.2.3), so a port on no sea would be neither. One that has no such neighbour is
        left as it is, with a warning."""
        for h in sorted(self.space.cells, key=lambda c: self.space.ids[c]):
            rec = self.hexes.get(self.space.ids[h])
            if rec is None or "port" not in rec.features or rec.coast:
                continue
            seas = set().union(*(self.hexes[self.space.ids[h + v]].coast for v in self.space.dirs.values()
                                 if self.land(h + v)))
            if not seas:
                self.warnings.append(f"port {self.space.ids[h]} ({rec.name or 'unnamed'}) is on no sea's coast")
                continue
            rec.coast.update(seas)
            rec.sources.add(AUTHORED)
            rec.notes.append(f"port on the {' and '.join(sorted(seas))} coast of its neighbours")

    def _check_fit_hexes(self) -> None:
        for p in self.cfg.fit:
            if not p.side and p.hex not in self.hexes:
                self.warnings.append(f"fit point '{p.name}' ({p.hex}) is a water cell")


def _rank(settlement: str) -> int:
    return SETTLEMENT_RANK.index(settlement) if settlement in SETTLEMENT_RANK else len(SETTLEMENT_RANK)


def generate(cfg: Config, geography: Geography | None = None) -> MapData:
    return Generator(cfg, geography).run()
