"""The map's legend (terrain, hexside features, symbols, borders, map edges) and compass rose, placed in the
corner of the frame that covers the least playable land."""

from __future__ import annotations

import math

import shapely
from PIL import Image, ImageDraw

from games import Game
from games.grid import Layout

from .map_shapes import MapShapes
from .style import RGB, Style, parse_colour

Draw = ImageDraw.ImageDraw


def _entries(game: Game, style: Style, ground: str = "") -> list[tuple[str, str, object]]:
    """(kind, label, payload) for everything the map shows, in reading order."""
    from .map_sheet import is_plain

    out: list[tuple[str, str, object]] = []
    order = list(game.tec)
    terrains = sorted({h.terrain for h in game.map.hexes.values()} |
                      {a.terrain for a in game.map.areas.values() if a.cells},
                      key=lambda t: order.index(t) if t in game.tec else 99)
    for t in terrains:
        if t != ground and is_plain(style, t, ground or t):
            continue  # a terrain drawn as the ground under its place symbol: shown as that symbol below
        name = game.tec[t].name if t in game.tec else t.replace("_", " ").title()
        name = name.split(" (")[0]
        out.append(("terrain", name, t))
    hexside_styles = style.table("hexsides")
    features = {f for fs in game.map.hexsides.values() for f in fs}
    for f in sorted(features, key=lambda f: (order.index(f) if f in game.tec else len(order), f)):
        kind = str(hexside_styles.get(f, {}).get("draw", "none"))
        if kind == "none":
            continue
        name = game.tec[f].name if f in game.tec else f.title()
        out.append(("hexside", name, (f, kind)))
    settlements = sorted({h.settlement for h in game.map.hexes.values() if h.settlement},
                         key=lambda t: order.index(t) if t in game.tec else 99)
    for t in settlements:
        out.append(("settlement", game.tec[t].name if t in game.tec else t.title(), t))
    feature_styles = style.table("features")
    for f in sorted({f for h in game.map.hexes.values() for f in h.features},
                    key=lambda t: order.index(t) if t in game.tec else 99):
        kind = str(feature_styles.get(f, {}).get("draw", "none"))
        if kind != "none":
            out.append(("feature", game.tec[f].name if f in game.tec else f.title(), (f, kind)))
    if game.map.cities:
        out.append(("city", "City", next(h.terrain for h in game.map.cities)))
    if any(h.vp for h in game.map.hexes.values()):
        out.append(("vp", "Victory Point hex", None))
    if any(h.oil for h in game.map.hexes.values()):
        out.append(("oil", "Oil field", None))
    for side in sorted({h.objective for h in game.map.hexes.values() if h.objective}):
        out.append(("objective", f"{game.sides[side].name} objective", side))
    for side in sorted({h.edge for h in game.map.hexes.values() if h.edge}):
        out.append(("edge", f"{game.sides[side].name} map edge", side))
    for rid, region in sorted(game.map.regions.items()):
        if region.border_colour:
            out.append(("border", region.name, rid))
    entry_sides = sorted({a.side for a in game.map.areas.values() if not a.cells and a.adjacent and a.side})
    for side in entry_sides:
        out.append(("entry", f"{game.sides[side].name} Entry Area", side))
    if len(game.map.sections) > 1:
        out.append(("seam", "Map sheet seam", None))
    return out


SAMPLED = ("terrain", "hexside", "settlement", "feature", "city")


def map_samples(game: Game, style: Style, ground: str = "") -> dict[str, tuple[str, object]]:
    """Terrain, hexside feature, settlement or hex feature id -> the (kind, payload) of its legend sample, for the
    things the map draws (:func:`draw_sample`)."""
    out: dict[str, tuple[str, object]] = {}
    for kind, _, payload in _entries(game, style, ground):
        if kind in SAMPLED:
            out.setdefault(str(payload[0] if isinstance(payload, tuple) else payload), (kind, payload))
    return out


def _corner_boxes(shapes: MapShapes, bw: float, bh: float, pad: float) -> list[tuple[float, float, float, float]]:
    x0, y0, x1, y1 = shapes.grid_box.bounds
    return [(x0 + pad, y1 - pad - bh, x0 + pad + bw, y1 - pad), (x1 - pad - bw, y1 - pad - bh, x1 - pad, y1 - pad),
            (x0 + pad, y0 + pad, x0 + pad + bw, y0 + pad + bh), (x1 - pad - bw, y0 + pad, x1 - pad, y0 + pad + bh)]


def _least_land(shapes: MapShapes, boxes):
    """The box covering the least playable land (None when there is no box)."""
    if not boxes:
        return None
    return min(boxes, key=lambda b: shapes.land.intersection(shapely.box(*b)).area)


def draw_legend(img: Image.Image, d: Draw, game: Game, lay: Layout, style: Style, shapes: MapShapes,
                ground: str = "") -> None:
    from .canvas import font

    w = lay.hex_width * float(style.get("map.legend_scale", 1.0))
    entries = _entries(game, style, ground)
    if not entries:
        return
    columns = int(style.get("map.legend_columns", 2))
    rows = math.ceil(len(entries) / columns)
    row_h = w * 0.34
    col_w = w * 3.2
    bw, bh = col_w * columns + w * 0.3, rows * row_h + w * 0.75
    gx0, gy0, gx1, gy1 = shapes.grid_box.bounds
    if bw > (gx1 - gx0) * 0.9 or bh > (gy1 - gy0) * 0.9:
        return  # a map too small for its legend keeps its hexes in sight (the charts explain the terrain)
    boxes = _corner_boxes(shapes, bw, bh, w * 0.15)
    box = _least_land(shapes, boxes)
    ink = style.colour("map.frame")
    d.rectangle(box, fill=style.colour("map.paper"), outline=ink, width=max(1, round(w * 0.02)))
    f = font(style, "condensed", w * 0.15)
    d.text(((box[0] + box[2]) / 2, box[1] + w * 0.25), "LEGEND", font=font(style, "serif", w * 0.2), fill=ink,
           anchor="mm")
    sw = w * 0.36
    for i, (kind, label, payload) in enumerate(entries):
        c, r = divmod(i, rows)
        x = box[0] + w * 0.2 + c * col_w
        y = box[1] + w * 0.55 + r * row_h
        cy = y + row_h / 2
        draw_sample(d, game, style, kind, payload, (x, y + row_h * 0.1, x + sw, y + row_h * 0.9), w, ground)
        d.text((x + sw + w * 0.1, cy), label, font=f, fill=ink, anchor="lm")
    rest = [b for b in _corner_boxes(shapes, w * 1.4, w * 1.4, w * 0.3) if not _overlaps(b, box)]
    spot = _least_land(shapes, rest)
    # a grid too small for both keeps the legend only; a compass never hides map hexes (their ids, their units)
    if spot is not None and shapes.land.intersection(shapely.box(*spot)).area < 0.1 * (spot[2] - spot[0]) ** 2:
        compass(d, spot, ink, style)


def draw_sample(d: Draw, game: Game, style: Style, kind: str, payload, sx: tuple[float, float, float, float], w: float,
                ground: str = "") -> None:
    """One legend entry's sample, drawn as the map draws it, in the box ``sx`` (a swatch ``0.36 w`` wide for hex
    width ``w``): a terrain with its pattern, a hexside feature, a settlement, a hex feature, a city, a VP mark ...
    (the map legend and the Terrain Effects Chart)."""
    from .canvas import font
    from .map_lines import legend_sample
    from .map_places import feature_mark, settlement_look, settlement_symbol
    from .map_sheet import city_colour, draw_motifs, draw_polyline, oil_icon, river_look, terrain_palette, vp_mark

    sw = sx[2] - sx[0]
    cx, cy = (sx[0] + sx[2]) / 2, (sx[1] + sx[3]) / 2
    plain = style.terrain_colour(ground) if ground else style.colour("map.paper")
    if kind == "terrain":
        palette = terrain_palette(style, str(payload), ground)
        d.rectangle(sx, fill=palette[0], outline=style.colour("map.grid"))
        pattern = style.terrain(str(payload)).get("pattern")
        if pattern:
            size = float(style.get(f"patterns.{pattern}.size"))
            r = sw * 0.22
            clump = [(cx - r, cy - r * 0.3, 0.3), (cx + r * 0.9, cy - r * 0.4, -0.2), (cx, cy + r * 0.35, 0.0)]
            draw_motifs(d, pattern, clump, w, palette, size)
    elif kind in ("hexside", "city", "objective", "edge", "settlement", "feature", "seam"):
        d.rectangle(sx, fill=plain, outline=style.colour("map.grid"))
    half = (sx[3] - sx[1]) / 2
    if kind == "hexside" and payload[1] == "river":
        colour, rw = river_look(style, payload[0])
        width = max(1, round(w * rw))
        inset = width
        if width > sw * 0.18:  # a broad river: a bar inside the swatch, not a blob over its edges
            width = min(width, max(1, round((sx[3] - sx[1]) * 0.5)))
            inset = width / 2 + 1
        draw_polyline(d, [(sx[0] + inset, cy), (sx[2] - inset, cy)], colour, width)
    elif kind == "hexside" and payload[1] == "lake":  # a long thin lake, as drawn on the map
        d.ellipse((sx[0] + half * 0.2, cy - half * 0.45, sx[2] - half * 0.2, cy + half * 0.45),
                  fill=style.colour("map.water"), outline=style.colour("map.coast"), width=max(1, round(w * 0.01)))
    elif kind == "hexside":
        legend_sample(d, style, payload[0], payload[1], sx, w)
    elif kind == "settlement":
        symbol, colour, size, _ = settlement_look(style, str(payload))
        settlement_symbol(d, symbol, (cx, cy), min(w * size, half * 0.9), colour, (35, 25, 20))
    elif kind == "feature":
        feature, fkind = payload
        t = style.table(f"features.{feature}")
        colour = parse_colour(str(t.get("colour", "#222222")))
        if fkind == "highlight":
            draw_polyline(d, [(sx[0] + 2, cy), (sx[2] - 2, cy)], colour, max(2, round(w * 0.1)))
            draw_polyline(d, [(sx[0] + 2, cy), (sx[2] - 2, cy)], (30, 30, 30), max(1, round(w * 0.03)))
        elif fkind == "text":
            d.text((cx, cy), str(t.get("text", "?")), font=font(style, "condensed", half * 1.1), fill=colour,
                   anchor="mm")
        else:  # drawn as on a hex as large as the swatch
            r = half * 1.05
            hexagon = [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
                       for k in range(6)]
            at = (cx + r * 0.55, cy - r * 0.3) if fkind == "anchor" else (cx, cy)
            feature_mark(d, style, fkind, hexagon, at, r * (3 if fkind == "anchor" else 2), colour, t)
    elif kind == "city":
        s = w * 0.1
        d.rounded_rectangle((cx - s, cy - s, cx + s, cy + s), radius=s * 0.3, fill=city_colour(style, str(payload)),
                            outline=(40, 20, 15))
    elif kind == "vp":
        vp_mark(d, style, (cx, cy), w * style.num("map.vp_size"), 1)
    elif kind == "oil":
        oil_icon(d, (cx, cy), w * 0.2, style.colour("map.oil"))
    elif kind == "objective":  # the ring inside an objective hex
        ring = [(cx + half * 0.85 * math.cos(math.radians(90 + 60 * k)),
                 cy + half * 0.85 * math.sin(math.radians(90 + 60 * k))) for k in range(7)]
        d.line(ring + [ring[1]], fill=parse_colour(game.sides[str(payload)].colour),
               width=max(1, round(w * style.num("map.objective_width") * 0.5)), joint="curve")
    elif kind == "edge":
        width = max(1, round(w * style.num("map.edge_width") * 0.7))
        draw_polyline(d, [(sx[0] + width, cy), (sx[2] - width, cy)], parse_colour(game.sides[str(payload)].colour),
                      width)
    elif kind == "border":
        region = game.map.regions[str(payload)]
        colour, width = parse_colour(region.border_colour), max(1, round(w * 0.035))
        draw_polyline(d, [(sx[0], cy), (sx[0] + sw * 0.4, cy)], colour, width)
        draw_polyline(d, [(sx[0] + sw * 0.6, cy), (sx[2], cy)], colour, width)
    elif kind == "entry":
        colour = parse_colour(game.sides[str(payload)].colour)
        d.rectangle(sx, fill=tuple(int(c + (p - c) * 0.72) for c, p in zip(colour, style.colour("map.paper"))),
                    outline=colour, width=max(1, round(w * 0.02)))
    elif kind == "seam":
        seam, sw_px = style.colour("map.seam"), max(1, round(w * style.num("map.seam_width")))
        draw_polyline(d, [(sx[0], cy), (sx[0] + sw * 0.4, cy)], seam, sw_px)
        draw_polyline(d, [(sx[0] + sw * 0.6, cy), (sx[2], cy)], seam, sw_px)


def _overlaps(a, b) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def compass(d: Draw, box, ink: RGB, style: Style) -> None:
    from .canvas import font

    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    r = (box[2] - box[0]) * 0.36
    light = style.colour("map.paper")
    for k in range(4):
        a = -math.pi / 2 + k * math.pi / 2
        tip = (cx + r * math.cos(a), cy + r * math.sin(a))
        left = (cx + r * 0.2 * math.cos(a - math.pi / 2), cy + r * 0.2 * math.sin(a - math.pi / 2))
        right = (cx + r * 0.2 * math.cos(a + math.pi / 2), cy + r * 0.2 * math.sin(a + math.pi / 2))
        d.polygon([tip, left, (cx, cy)], fill=ink)
        d.polygon([tip, right, (cx, cy)], fill=light, outline=ink)
    d.text((cx, cy - r * 1.25), "N", font=font(style, "serif", r * 0.5), fill=ink, anchor="mm")
