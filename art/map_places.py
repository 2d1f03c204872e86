"""Places and furniture on the map, by their styles: settlements (``[settlements.<id>]``: major and minor cities as
built-up areas, towns as dots, landmarks) with their names, hex features (``[features.<id>]``: printed
fortifications, ports, rail junction marks), the seams of a multi-sheet map and each sheet's name (2.1), and the
areas that lie beyond the map's edge (Entry Areas, 22.0) or in a box the style places (the Caspian Sea Transit Box,
22.6.4), drawn in their owner's colour with their letter."""

from __future__ import annotations

import math
from typing import Mapping, Sequence

import numpy as np
from PIL import ImageDraw
from shapely.geometry import MultiLineString
from shapely.ops import linemerge

from games import Game
from games.grid import Layout
from games.hexgrid import directions, distance

from .boards import area_bands
from .canvas import font
from .map_shapes import dashes, lines, merge, polygons, side_segment
from .noise import hash_unit
from .style import RGB, Style, parse_colour

Draw = ImageDraw.ImageDraw

NAME_DROP = 0.31  # names sit this many hex widths below the centre (as in art.map_sheet)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))  # type: ignore[return-value]


def _halo_text(d: Draw, style: Style, xy, text: str, role: str, px: float, fill: RGB, halo: RGB,
               anchor: str = "mm") -> None:
    d.text(xy, text, font=font(style, role, px), fill=fill, anchor=anchor, stroke_width=max(1, round(px * 0.12)),
           stroke_fill=halo)


# --- settlements ---------------------------------------------------------------------------------------------


def settlement_symbol(d: Draw, symbol: str, xy: tuple[float, float], r: float, fill: RGB, ink: RGB, seed: int = 0
                      ) -> None:
    """One settlement symbol of radius ``r`` at ``xy``: urban (an irregular built-up block), square, dot (a dot
    in a white ring), ring, triangle, star."""
    x, y = xy
    lw = max(1, round(r * 0.16))
    if symbol == "urban":
        n = 11
        k = np.arange(n)
        jitter = hash_unit(k, np.full(n, seed), 4242)
        pts = [(x + r * (0.86 + 0.2 * j) * math.cos(2 * math.pi * i / n + 0.3),
                y + r * (0.86 + 0.2 * j) * math.sin(2 * math.pi * i / n + 0.3)) for i, j in zip(k, jitter)]
        d.polygon(pts, fill=fill, outline=ink, width=lw)
        d.line([(x - r * 0.55, y), (x + r * 0.55, y)], fill=ink, width=max(1, lw // 2))
        d.line([(x, y - r * 0.55), (x, y + r * 0.55)], fill=ink, width=max(1, lw // 2))
    elif symbol == "square":
        d.rounded_rectangle((x - r, y - r, x + r, y + r), radius=r * 0.3, fill=fill, outline=ink, width=lw)
    elif symbol == "dot":
        d.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255), outline=ink, width=lw)
        d.ellipse((x - r * 0.55, y - r * 0.55, x + r * 0.55, y + r * 0.55), fill=fill)
    elif symbol == "ring":
        d.ellipse((x - r, y - r, x + r, y + r), outline=fill, width=max(1, round(r * 0.35)))
    elif symbol == "triangle":
        d.polygon([(x, y - r), (x + r * 0.95, y + r * 0.7), (x - r * 0.95, y + r * 0.7)], fill=fill, outline=ink,
                  width=lw)
    elif symbol == "star":
        from .symbols import star_points

        d.polygon(star_points(x, y, r * 1.2, inner=0.45), fill=fill, outline=ink)
    else:
        from games import DataError

        raise DataError("style.toml", f"no settlement symbol '{symbol}' (known: {', '.join(SETTLEMENT_SYMBOLS)})",
                        key="settlements.*.symbol")


SETTLEMENT_SYMBOLS = ("urban", "square", "dot", "ring", "triangle", "star")


def settlement_look(style: Style, settlement: str) -> tuple[str, RGB, float, float]:
    """(symbol, colour, radius in hex widths, name size in hex widths) of a settlement kind."""
    t = style.table(f"settlements.{settlement}")
    colour = parse_colour(str(t.get("colour", "#7a3b2e")), f"settlements.{settlement}.colour")
    return (str(t.get("symbol", "dot")), colour, float(t.get("size", 0.1)),
            float(t.get("name_size", style.num("map.city_name_size"))))


def draw_places(d: Draw, game: Game, lay: Layout, style: Style) -> None:
    """Hex features (under the settlement), settlement symbols, then every name (on top, with a halo)."""
    w = lay.hex_width
    paper = style.colour("map.paper")
    ink = style.colour("map.city_name")
    features = style.table("features")
    names = []
    named = named_hexes(game)
    for h in sorted(game.map.hexes.values(), key=lambda h: h.id):
        cx, cy = lay.centre_f(h.hex)
        for f in sorted(h.features):
            t = features.get(f, {})
            kind = t.get("draw", "none")
            if kind in ("none", "highlight"):
                continue
            colour = parse_colour(str(t.get("colour", "#222222")), f"features.{f}.colour")
            feature_mark(d, style, kind, lay.polygon(h.hex), (cx, cy), w, colour, t)
        if h.settlement:
            symbol, colour, size, name_size = settlement_look(style, h.settlement)
            settlement_symbol(d, symbol, (cx, cy), w * size, colour, (35, 25, 20), int(h.id) if h.id.isdecimal() else 0)
            if h.id in named:
                names.append(((cx, cy + w * NAME_DROP), h.name, w * name_size))
    for xy, name, px in names:
        _halo_text(d, style, xy, name, "condensed", px, ink, paper)


def named_hexes(game: Game) -> set[str]:
    """The settlement hexes that print their name: a place of several adjacent hexes of one name (a city spread
    over hexes) prints it once, at its hex nearest the place's middle (ties: the lower id)."""
    by_name: dict[str, list] = {}
    for h in game.map.hexes.values():
        if h.settlement and h.name:
            by_name.setdefault(h.name, []).append(h)
    out = set()
    for hexes in by_name.values():
        left = sorted(hexes, key=lambda h: h.id)
        while left:
            group = [left.pop(0)]
            todo = list(group)
            while todo:
                cur = todo.pop()
                near = [h for h in left if distance(cur.hex, h.hex) == 1]
                for h in near:
                    left.remove(h)
                group += near
                todo += near
            q = sum(h.hex.q for h in group) / len(group)
            r = sum(h.hex.r for h in group) / len(group)
            dq, dr = (lambda h: h.hex.q - q), (lambda h: h.hex.r - r)
            out.add(min(group, key=lambda h: (dq(h) ** 2 + dr(h) ** 2 + dq(h) * dr(h), h.id)).id)
    return out


def feature_mark(d: Draw, style: Style, kind: str, poly, centre, w: float, colour: RGB, t: Mapping) -> None:
    """A hex feature's mark: fort (teeth along an inner ring of the hex), anchor (a port, in the lower corner),
    text (``t["text"]`` beside the centre)."""
    cx, cy = centre
    if kind == "fort":
        k = 0.86
        ring = [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in poly]
        lw = max(1, round(w * 0.022))
        d.line(ring + [ring[0], ring[1]], fill=colour, width=lw, joint="curve")
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
            for s in (0.25, 0.5, 0.75):  # teeth pointing inwards
                px, py = ax + (bx - ax) * s, ay + (by - ay) * s
                nx, ny = cx - px, cy - py
                n = math.hypot(nx, ny) or 1.0
                nx, ny = nx / n, ny / n
                tx, ty = -ny, nx
                half, depth = w * 0.03, w * 0.05
                d.polygon([(px - tx * half, py - ty * half), (px + tx * half, py + ty * half),
                           (px + nx * depth, py + ny * depth)], fill=colour)
    elif kind == "anchor":
        anchor_icon(d, (cx - w * 0.27, cy + w * 0.12), w * 0.11, colour)
    elif kind == "text":
        px = w * float(t.get("size", 0.12))
        _halo_text(d, style, (cx + w * 0.27, cy + w * 0.12), str(t.get("text", "?")), "condensed", px, colour,
                   style.colour("map.paper"))
    else:
        from games import DataError

        raise DataError("style.toml", f"no feature mark '{kind}' (known: {', '.join(FEATURE_MARKS)})",
                        key="features.*.draw")


FEATURE_MARKS = ("fort", "anchor", "text", "highlight", "none")


def anchor_icon(d: Draw, xy, r: float, ink: RGB) -> None:
    x, y = xy
    lw = max(1, round(r * 0.22))
    d.line([(x, y - r), (x, y + r)], fill=ink, width=lw)
    d.line([(x - r * 0.5, y - r * 0.55), (x + r * 0.5, y - r * 0.55)], fill=ink, width=lw)
    d.arc((x - r * 0.85, y - r * 0.1, x + r * 0.85, y + r * 1.1), start=20, end=160, fill=ink, width=lw)
    d.ellipse((x - r * 0.25, y - r * 1.35, x + r * 0.25, y - r * 0.85), outline=ink, width=max(1, lw // 2))


# --- sections ---------------------------------------------------------------------------------------------------


def section_seams(game: Game, lay: Layout) -> list[list[tuple[float, float]]]:
    """The hexsides between hexes of different sections, chained."""
    segs = []
    for h in game.map.hexes.values():
        for dv in directions(lay.spec.orientation).values():
            other = game.map.by_hex.get(h.hex + dv)
            if other is not None and game.map.hexes[other].section != h.section and h.id < other:
                segs.append([(round(x * 64) / 64, round(y * 64) / 64) for x, y in side_segment(lay, h.hex, h.hex + dv)])
    if not segs:
        return []
    return sorted([[(float(x), float(y)) for x, y in ln] for ln in lines(linemerge(MultiLineString(segs)))])


def _near(window: Sequence[float] | None, xs: Sequence[float], ys: Sequence[float], margin: float) -> bool:
    """Whether points (``xs``, ``ys``), grown by ``margin``, can reach into ``window`` (x0, y0, x1, y1; None: the
    whole picture): what lies wholly outside a window leaves no pixel in it, and is not worked out."""
    return window is None or (min(xs) - margin <= window[2] and max(xs) + margin >= window[0] and
                              min(ys) - margin <= window[3] and max(ys) + margin >= window[1])


def draw_sections(d: Draw, game: Game, lay: Layout, style: Style, window: Sequence[float] | None = None) -> None:
    """The seams where one map sheet meets another (dashed), the edge of each sheet's printed box where it runs
    through another sheet's hexes (dotted: the rows both sheets print), and each sheet's name in its corner; of the
    seams and edges, only those that reach into ``window`` (the canvas's box) are worked out."""
    if len(game.map.sections) < 2:
        return
    from games.hexgrid import from_offset

    w = lay.hex_width
    colour = style.colour("map.seam")
    width = max(1, round(w * style.num("map.seam_width")))
    for pts in section_seams(game, lay):
        if _near(window, [x for x, _ in pts], [y for _, y in pts], w):
            for dash in dashes(pts, w * 0.3, w * 0.12):
                d.line(dash, fill=colour, width=width)
    spec = lay.spec
    land = None
    for sid, sec in sorted(game.map.sections.items()):
        cells = [from_offset(c, r, spec.orientation, spec.offset) for c in range(sec.first[0], sec.last[0] + 1)
                 for r in range(sec.first[1], sec.last[1] + 1)]
        own = {h.hex for h in game.map.hexes.values() if h.section == sid}
        at = [lay.centre_f(c) for c in cells]
        if set(cells) - own and _near(window, [x for x, _ in at], [y for _, y in at], w):
            # the box prints hexes another sheet owns: show where this sheet's paper ends
            if land is None:
                land = merge(lay, [h.hex for h in game.map.hexes.values()]).buffer(-w * 0.3)
            box = merge(lay, cells)
            for ln in lines(box.boundary.intersection(land)):
                for dot in dashes(ln, w * 0.06, w * 0.1):
                    d.line(dot, fill=colour, width=max(1, width // 2))
        mine = [c for c in cells if c in own] or cells
        x0, y0 = min(lay.centre_f(c)[0] for c in mine), min(lay.centre_f(c)[1] for c in mine)
        px = w * style.num("map.section_name_size")
        label = f"MAP {sid}"
        f = font(style, "serif", px)
        bx0, by0, bx1, by1 = f.getbbox(label, anchor="lt")
        x, y = x0 - w * 0.38, y0 - w * 0.05  # in the corner hex, below its id
        pad = px * 0.25
        d.rounded_rectangle((x + bx0 - pad, y + by0 - pad, x + bx1 + pad, y + by1 + pad), radius=pad,
                            fill=style.colour("map.paper"), outline=colour, width=max(1, width // 2))
        d.text((x, y), label, font=f, fill=colour, anchor="lt")


# --- areas beyond the edge ------------------------------------------------------------------------------------


def draw_area_bands(d: Draw, game: Game, lay: Layout, style: Style, size: tuple[int, int]) -> None:
    """Every area without cells where :func:`art.boards.area_bands` puts it: a band in a pale tone of its
    owner's colour, outlined in that colour, with the area's id in a disc and its name where it fits."""
    bands = area_bands(game, lay, style, size)
    if not bands:
        return
    w = lay.hex_width
    paper = style.colour("map.paper")
    for aid, band in sorted(bands.items()):
        area = game.map.areas[aid]
        owner = area.side
        colour = parse_colour(game.sides[owner].colour, f"sides.{owner}.colour") if owner in game.sides else \
            style.colour("map.frame")
        lw = max(1, round(w * 0.025))
        if band.kind != "seam":
            for poly in polygons(band.shape):
                d.polygon(list(poly.exterior.coords), fill=_mix(colour, paper, 0.72))
                d.line(list(poly.exterior.coords), fill=colour, width=lw, joint="curve")
        stripe = max(1, round(w * (0.07 if band.kind == "edge" else 0.04)))
        for a, b in band.sides:  # along the map edge (or the sheet's edge): the owner's colour, as a friendly edge
            if band.kind == "seam":
                for dash in dashes([a, b], w * 0.1, w * 0.07):
                    d.line(dash, fill=colour, width=stripe)
            else:
                d.line([a, b], fill=colour, width=stripe)
        if band.shape.is_empty or (band.kind == "seam" and len(aid) > 2):
            continue
        r = w * 0.17
        p = _label_point(band, r)
        p = (min(max(p[0], r + 2), size[0] - r - 2), min(max(p[1], r + 2), size[1] - r - 2))  # on the image
        d.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=colour, outline=(255, 255, 255),
                  width=max(1, round(r * 0.12)))
        if len(aid) <= 2:
            d.text(p, aid, font=font(style, "bold", r * (1.15 if len(aid) == 1 else 0.8)), fill=(255, 255, 255),
                   anchor="mm")
        if band.kind != "seam":
            _area_name(d, style, band, area.name, p, r, colour)


def _label_point(band, r: float) -> tuple[float, float]:
    """Where an area's disc (radius ``r``) goes: the middle of a box's left part; on an edge band, the point nearest
    the middle of the hexsides it runs along where the whole disc lies in the band (so it sits on the map's edge
    next to its hexes, over none of them), else the band's point nearest it."""
    import shapely

    x0, y0, x1, y1 = band.shape.bounds
    if band.kind == "box":  # the disc at the top, the name under it
        return (x0 + x1) / 2, y0 + min(x1 - x0, y1 - y0) * 0.25
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in band.sides]
    mid = shapely.Point(mids[len(mids) // 2])
    room = band.shape.buffer(-r * 1.1)
    q = shapely.ops.nearest_points(room if not room.is_empty else band.shape, mid)[0]
    return q.x, q.y


def _area_name(d: Draw, style: Style, band, name: str, p, r: float, colour: RGB) -> None:
    """The area's name right of its disc (in a box: under it, on as many lines as it needs), at the largest size
    (down to a floor) that stays inside the band."""
    import shapely

    x0, y0, x1, y1 = band.shape.bounds
    if band.kind == "box":
        from .canvas import TextOverflow, draw_labels, fit_text

        try:
            draw_labels(d, style, fit_text(style, name, (x0 + r * 0.3, p[1] + r * 1.3, x1 - r * 0.3, y1 - r * 0.3),
                                           "condensed", r * 1.0, r * 0.5, wrap=True, line_gap=-0.05,
                                           fill=_mix(colour, (0, 0, 0), 0.35), what=f"area {name}"))
        except TextOverflow:
            pass  # the disc's letter alone
        return
    for k in range(6):
        px = (y1 - y0) * (0.3 - 0.03 * k) if band.kind == "box" else r * (1.0 - 0.1 * k)
        px = min(px, r * 1.1)
        f = font(style, "condensed", px)
        bx0, by0, bx1, by1 = f.getbbox(name, anchor="lm")
        x, y = p[0] + r * 1.25, p[1]
        if band.shape.contains(shapely.box(x + bx0, y + by0, x + bx1, y + by1)):
            d.text((x, y), name, font=f, fill=_mix(colour, (0, 0, 0), 0.35), anchor="lm")
            return
