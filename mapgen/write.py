"""The map files, byte for byte the same for the same inputs: sorted records, fixed formatting, no dates.

hexes.csv (hex, terrain, settlement, name, vp, coast, features, section, source, notes), hexsides.csv (hex, dir,
features, source: one row per hexside with features, from the hex whose id sorts first), areas.toml, water.toml,
regions.toml, sections.toml (docs/data.md describes them).
"""

from __future__ import annotations

import csv
import io
import json
import os
from typing import Any

from games.atomic import write_atomic

from .config import Config
from .generate import AUTHORED, MapData, source_of

FILES = ("hexes.csv", "hexsides.csv", "areas.toml", "water.toml", "regions.toml", "sections.toml")


def _header(cfg: Config) -> str:
    rel = os.path.relpath(cfg.path, cfg.output_dir).replace(os.sep, "/")
    lines = [f"# Written by `hexforge mapgen {rel}`: edit the generator's input and run it again, not this file."]
    if cfg.header:
        lines.append(f"# {cfg.header}")
    return "\n".join(lines) + "\n"


def _csv(header: list[str], rows: list[list[Any]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {v!r} as TOML")


def _table(name: str, items: dict[str, Any]) -> str:
    out = [f"[{name}]"]
    out.extend(f"{k} = {_value(v)}" for k, v in items.items())
    return "\n".join(out) + "\n"


def render(cfg: Config, m: MapData) -> dict[str, str]:
    """The text of every file, by name."""
    head = _header(cfg)
    hexes = []
    for hid in sorted(m.hexes):
        r = m.hexes[hid]
        hexes.append([
            hid, r.terrain, r.settlement, r.name, r.vp, " ".join(sorted(r.coast)), " ".join(sorted(r.features)),
            r.section, source_of(r.sources), "; ".join(r.notes),
        ])
    order = {d: i for i, d in enumerate(m.space.dirs)}
    sides = [
        [k[0], k[1], " ".join(sorted(r.features)), source_of(r.sources)]
        for k, r in sorted(m.sides.items(), key=lambda kv: (kv[0][0], order[kv[0][1]])) if r.features
    ]
    areas = [
        _table(a.id, {"name": a.name, **a.extra, "adjacent": m.areas[a.id], "source": AUTHORED})
        for a in cfg.areas
    ]
    water = [
        _table(f"{'seas' if w.kind == 'sea' else 'lakes'}.{w.id}",
               {"name": w.name, **w.extra, "cells": m.water.get(w.id, []), "source": "found+authored"})
        for w in cfg.water
    ]
    named = {w.id for w in cfg.water}
    water.extend(
        _table(f"lakes.{lake}", {"name": "", "cells": cells, "source": "found"})
        for lake, cells in sorted(m.water.items()) if lake not in named
    )
    regions = [
        _table(r.id, {"name": r.name, **r.extra, "locations": m.regions[r.id], "source": AUTHORED})
        for r in cfg.regions
    ]
    d = cfg.grid.id_digits
    sections = [
        _table(s.id, {
            "name": s.name, "first": f"{s.columns[0]:0{d}d}{s.rows[0]:0{d}d}",
            "last": f"{s.columns[1]:0{d}d}{s.rows[1]:0{d}d}", **s.extra, "source": AUTHORED,
        })
        for s in cfg.sections
    ]
    return {
        "hexes.csv": head + _csv(
            ["hex", "terrain", "settlement", "name", "vp", "coast", "features", "section", "source", "notes"], hexes),
        "hexsides.csv": head + _csv(["hex", "dir", "features", "source"], sides),
        "areas.toml": head + "\n".join(areas),
        "water.toml": head + "\n".join(water),
        "regions.toml": head + "\n".join(regions),
        "sections.toml": head + "\n".join(sections),
    }


def write(cfg: Config, m: MapData) -> list[str]:
    """Write every file into the config's output folder; the paths written."""
    out = []
    for name, text in render(cfg, m).items():
        out.append(write_atomic(os.path.join(cfg.output_dir, name), text.encode("utf-8")))
    return out
