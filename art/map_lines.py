"""Lines and marks on hexsides, by the style of each hexside feature (``[hexsides.<id>] draw``): roads and
railroads through the hex centres along the hexsides they cross (5.2, 5.6), the rail hexes that need repair
highlighted under them (17.1), bridges, ferries and sea crossings at the hexside's middle (5.5.4-5.5.7, 5.7.2),
and barriers along the hexside itself (alpine hexsides, 9.6.2). Rivers and lakes are :mod:`art.map_shapes`'."""

from __future__ import annotations

import math
from typing import Mapping

from PIL import ImageDraw
from shapely.geometry import LineString, MultiLineString
from shapely.ops import linemerge

from games import Game
from games.grid import Layout

from .map_shapes import Point, drawn_as, lines, side_segment
from .style import RGB, Style, parse_colour

Draw = ImageDraw.ImageDraw

DEFAULTS: Mapping[str, Mapping[str, object]] = {  # per kind: colour and width (hex widths) when the style omits them
    "road": {"colour": "#8c3b2a", "width": 0.05},
    "rail": {"colour": "#1e1e1e", "width": 0.03},
    "bridge": {"colour": "#1e1e1e", "width": 0.02},
    "ferry": {"colour": "#1d3f66", "width": 0.02},
    "ridge": {"colour": "#5a4632", "width": 0.03},
    "strait": {"colour": "#1d3f66", "width": 0.025},
}


def look(style: Style, feature: str, kind: str) -> tuple[RGB, float, Mapping[str, object]]:
    """(colour, width in hex widths, the whole style table) of a hexside feature drawn as ``kind``."""
    t = style.table(f"hexsides.{feature}")
    base = DEFAULTS.get(kind, {})
    colour = parse_colour(str(t.get("colour", base.get("colour", "#000000"))), f"hexsides.{feature}.colour")
    return colour, float(t.get("width", base.get("width", 0.03))), t


def _edges(game: Game, feature: str):
    return [e for e, fs in sorted(game.map.hexsides.items()) if feature in fs]


def centre_chains(game: Game, lay: Layout, feature: str) -> list[list[Point]]:
    """The hexsides a line feature crosses, as polylines through the hex centres they join."""
    segs = []
    for e in _edges(game, feature):
        a, b = lay.centre_f(e.a), lay.centre_f(e.b)
        segs.append([(round(a[0] * 64) / 64, round(a[1] * 64) / 64), (round(b[0] * 64) / 64, round(b[1] * 64) / 64)])
    if not segs:
        return []
    return sorted([[(float(x), float(y)) for x, y in ln] for ln in lines(linemerge(MultiLineString(segs)))])


def _stroke(d: Draw, pts: list[Point], colour: RGB, width: int) -> None:
    if len(pts) >= 2:
        d.line(pts, fill=colour, width=width, joint="curve")
        r = width / 2
        for x, y in (pts[0], pts[-1]):
            d.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _dashes(pts: list[Point], on: float, off: float) -> list[list[Point]]:
    from .map_shapes import dashes

    return dashes(pts, on, off)


def draw_lines(d: Draw, game: Game, lay: Layout, style: Style) -> None:
    """Roads, then railroads, through the hex centres; under railroads the halves of their hexsides that lie in a
    hex with a ``highlight`` feature (rail to repair) in that feature's colour."""
    w = lay.hex_width
    highlight = {f: t for f, t in style.table("features").items() if t.get("draw") == "highlight"}
    for feature in sorted(drawn_as(style, "road"), key=lambda f: look(style, f, "road")[1]):
        colour, width, t = look(style, feature, "road")
        px = max(1, round(w * width))
        casing = t.get("casing")
        for pts in centre_chains(game, lay, feature):
            if casing:
                _stroke(d, pts, parse_colour(str(casing), f"hexsides.{feature}.casing"), px + max(2, round(px * 0.8)))
            if t.get("dashed"):
                for dash in _dashes(pts, w * 0.22, w * 0.1):
                    _stroke(d, dash, colour, px)
            else:
                _stroke(d, pts, colour, px)
    for feature in drawn_as(style, "rail"):
        colour, width, t = look(style, feature, "rail")
        px = max(1, round(w * width))
        for hf, ht in sorted(highlight.items()):
            hc = parse_colour(str(ht.get("colour", "#5fb85a")), f"features.{hf}.colour")
            hw = max(2, round(w * float(ht.get("width", 0.16))))
            for e in _edges(game, feature):
                for near, far in ((e.a, e.b), (e.b, e.a)):
                    hid = game.map.by_hex.get(near)
                    if hid is not None and hf in game.map.hexes[hid].features:
                        (x0, y0), (x1, y1) = lay.centre_f(near), lay.centre_f(far)
                        _stroke(d, [(x0, y0), ((x0 + x1) / 2, (y0 + y1) / 2)], hc, hw)
        for pts in centre_chains(game, lay, feature):
            _stroke(d, pts, colour, px)
            if t.get("ties", True):
                _ties(d, pts, colour, px, w)


def _ties(d: Draw, pts: list[Point], colour: RGB, px: int, w: float) -> None:
    """Cross ties along a railroad, ``0.13`` hex widths apart."""
    line = LineString(pts)
    n = int(line.length / (w * 0.13))
    half = w * 0.055
    for k in range(1, n):
        s = k * line.length / n
        p, q = line.interpolate(s - 0.5), line.interpolate(s + 0.5)
        dx, dy = q.x - p.x, q.y - p.y
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm * half, dx / norm * half
        c = line.interpolate(s)
        d.line([(c.x - nx, c.y - ny), (c.x + nx, c.y + ny)], fill=colour, width=max(1, round(px * 0.7)))


def draw_crossings(d: Draw, game: Game, lay: Layout, style: Style) -> None:
    """Barriers along hexsides (ridge), then bridges, ferries and sea crossings at their middles."""
    w = lay.hex_width
    for feature in drawn_as(style, "ridge"):
        colour, width, t = look(style, feature, "ridge")
        px = max(1, round(w * width))
        for e in _edges(game, feature):
            (ax, ay), (bx, by) = side_segment(lay, e.a, e.b)
            _ridge(d, (ax, ay), (bx, by), lay.centre_f(e.a), colour, px, w)
    for kind, fn in (("bridge", _bridge), ("ferry", _ferry), ("strait", _strait)):
        for feature in drawn_as(style, kind):
            colour, width, t = look(style, feature, kind)
            px = max(1, round(w * width))
            for e in _edges(game, feature):
                fn(d, lay.centre_f(e.a), lay.centre_f(e.b), colour, px, w, t)


def _frame(a: Point, b: Point) -> tuple[float, float, float, float, float, float]:
    """Midpoint of the two centres, the unit vector from a to b, and its normal."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    return mx, my, dx / n, dy / n, -dy / n, dx / n


def _ridge(d: Draw, p: Point, q: Point, inside: Point, colour: RGB, px: int, w: float) -> None:
    """A sawtooth along the hexside p-q, its teeth pointing away from ``inside``: a mountain crest."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    if (inside[0] - mx) * nx + (inside[1] - my) * ny > 0:
        nx, ny = -nx, -ny
    teeth = 5
    h = w * 0.09
    pts = []
    for k in range(teeth * 2 + 1):
        t = k / (teeth * 2)
        off = h if k % 2 else 0.0
        pts.append((p[0] + dx * t + nx * off, p[1] + dy * t + ny * off))
    d.polygon(pts, fill=(245, 245, 245))
    d.line(pts, fill=colour, width=px, joint="curve")
    d.line([p, q], fill=colour, width=px)


def _bridge(d: Draw, a: Point, b: Point, colour: RGB, px: int, w: float, t: Mapping) -> None:
    """A bridge across the hexside between centres a and b: a deck along the line with flared parapets."""
    mx, my, ux, uy, nx, ny = _frame(a, b)
    half_len, half_w = w * 0.17, w * float(t.get("span", 0.07))
    deck = [(mx - ux * half_len + nx * half_w, my - uy * half_len + ny * half_w),
            (mx + ux * half_len + nx * half_w, my + uy * half_len + ny * half_w),
            (mx + ux * half_len - nx * half_w, my + uy * half_len - ny * half_w),
            (mx - ux * half_len - nx * half_w, my - uy * half_len - ny * half_w)]
    fill = t.get("fill")
    if fill:
        d.polygon(deck, fill=parse_colour(str(fill), "hexsides.*.fill"))
    for side in (1, -1):
        s0 = (mx - ux * half_len + nx * half_w * side, my - uy * half_len + ny * half_w * side)
        s1 = (mx + ux * half_len + nx * half_w * side, my + uy * half_len + ny * half_w * side)
        flare = w * 0.05
        d.line([(s0[0] - ux * flare + nx * flare * side, s0[1] - uy * flare + ny * flare * side), s0, s1,
                (s1[0] + ux * flare + nx * flare * side, s1[1] + uy * flare + ny * flare * side)], fill=colour,
               width=px, joint="curve")


def _ferry(d: Draw, a: Point, b: Point, colour: RGB, px: int, w: float, t: Mapping) -> None:
    """A ferry crossing: a dashed line from centre to centre over the water with a small boat at the middle."""
    mx, my, ux, uy, nx, ny = _frame(a, b)
    reach = w * 0.36
    line = [(mx - ux * reach, my - uy * reach), (mx + ux * reach, my + uy * reach)]
    for dash in _dashes(line, w * 0.07, w * 0.05):
        _stroke(d, dash, colour, px)
    bl, bw = w * 0.1, w * 0.05
    hull = [(mx - nx * bl - ux * bw * 0.3, my - ny * bl - uy * bw * 0.3),
            (mx + nx * bl - ux * bw * 0.3, my + ny * bl - uy * bw * 0.3),
            (mx + nx * bl * 0.6 + ux * bw, my + ny * bl * 0.6 + uy * bw),
            (mx - nx * bl * 0.6 + ux * bw, my - ny * bl * 0.6 + uy * bw)]
    d.polygon(hull, fill=colour)
    for x, y in line:
        r = px * 1.4
        d.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _strait(d: Draw, a: Point, b: Point, colour: RGB, px: int, w: float, t: Mapping) -> None:
    """A sea crossing: a dashed double-headed arrow from centre to centre."""
    mx, my, ux, uy, nx, ny = _frame(a, b)
    reach = w * 0.42
    p, q = (mx - ux * reach, my - uy * reach), (mx + ux * reach, my + uy * reach)
    for dash in _dashes([p, q], w * 0.08, w * 0.05):
        _stroke(d, dash, colour, px)
    head = w * 0.09
    for (x, y), s in ((p, -1), (q, 1)):
        d.polygon([(x + ux * s * head * 0.4, y + uy * s * head * 0.4),
                   (x - ux * s * head * 0.6 + nx * head * 0.5, y - uy * s * head * 0.6 + ny * head * 0.5),
                   (x - ux * s * head * 0.6 - nx * head * 0.5, y - uy * s * head * 0.6 - ny * head * 0.5)],
                  fill=colour)


def legend_sample(d: Draw, style: Style, feature: str, kind: str, box: tuple[float, float, float, float],
                  w: float) -> None:
    """What a hexside feature looks like, drawn in a legend swatch ``box``."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    colour, width, t = look(style, feature, kind)
    px = max(1, round(w * width))
    a, b = (x0 + w * 0.02, cy), (x1 - w * 0.02, cy)
    if kind == "road":
        if t.get("casing"):
            _stroke(d, [a, b], parse_colour(str(t["casing"])), px + max(2, round(px * 0.8)))
        for dash in (_dashes([a, b], w * 0.12, w * 0.06) if t.get("dashed") else [[a, b]]):
            _stroke(d, dash, colour, px)
    elif kind == "rail":
        _stroke(d, [a, b], colour, px)
        if t.get("ties", True):
            _ties(d, [a, b], colour, px, w)
    elif kind == "ridge":
        _ridge(d, a, b, (cy, y1 + w), colour, px, w)
    else:
        river = style.colour("map.river")
        mx = (x0 + x1) / 2
        d.line([(mx, y0), (mx, y1)], fill=river, width=max(1, round(w * 0.05)))
        fn = {"bridge": _bridge, "ferry": _ferry, "strait": _strait}[kind]
        fit = (x1 - x0) * 1.05  # the hex width at which the crossing spans the swatch
        fn(d, (mx - 1, cy), (mx + 1, cy), colour, px, w if kind == "bridge" else fit, t)
