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


def _entries(game: Game, style: Style) -> list[tuple[str, str, object]]:
    """(kind, label, payload) for everything the map shows, in reading order."""
    out: list[tuple[str, str, object]] = []
    terrains = sorted({h.terrain for h in game.map.hexes.values()} | {a.terrain for a in game.map.areas.values()},
                      key=lambda t: list(game.tec).index(t) if t in game.tec else 99)
    for t in terrains:
        if t == "city" and game.map.cities:
            continue  # shown as the city symbol below
        name = game.tec[t].name if t in game.tec else t.replace("_", " ").title()
        name = name.split(" (")[0]
        out.append(("terrain", name, t))
    features = {f for fs in game.map.hexsides.values() for f in fs}
    for f in sorted(features):
        name = game.tec[f].name if f in game.tec else f.title()
        out.append(("hexside", name, f))
    if game.map.cities:
        out.append(("city", "City", None))
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
    return out


def _corner_boxes(shapes: MapShapes, bw: float, bh: float, pad: float) -> list[tuple[float, float, float, float]]:
    x0, y0, x1, y1 = shapes.grid_box.bounds
    return [(x0 + pad, y1 - pad - bh, x0 + pad + bw, y1 - pad), (x1 - pad - bw, y1 - pad - bh, x1 - pad, y1 - pad),
            (x0 + pad, y0 + pad, x0 + pad + bw, y0 + pad + bh), (x1 - pad - bw, y0 + pad, x1 - pad, y0 + pad + bh)]


def _least_land(shapes: MapShapes, boxes):
    return min(boxes, key=lambda b: shapes.land.intersection(shapely.box(*b)).area)


def draw_legend(img: Image.Image, d: Draw, game: Game, lay: Layout, style: Style, shapes: MapShapes) -> None:
    from .canvas import font
    from .map_sheet import draw_motifs, draw_polyline, oil_icon, terrain_palette, vp_mark

    w = lay.hex_width
    entries = _entries(game, style)
    rows = math.ceil(len(entries) / 2)
    row_h = w * 0.34
    col_w = w * 3.2
    bw, bh = col_w * 2 + w * 0.3, rows * row_h + w * 0.75
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
        cx, cy = x + sw / 2, y + row_h / 2
        sx = (x, y + row_h * 0.1, x + sw, y + row_h * 0.9)
        ground = style.terrain_colour("open")
        if kind == "terrain":
            palette = terrain_palette(style, str(payload))
            d.rectangle(sx, fill=palette[0], outline=style.colour("map.grid"))
            pattern = style.terrain(str(payload)).get("pattern")
            if pattern:
                size = float(style.get(f"patterns.{pattern}.size"))
                r = sw * 0.22
                clump = [(cx - r, cy - r * 0.3, 0.3), (cx + r * 0.9, cy - r * 0.4, -0.2), (cx, cy + r * 0.35, 0.0)]
                draw_motifs(d, pattern, clump, w, palette, size)
        elif kind in ("hexside", "city", "objective", "edge"):
            d.rectangle(sx, fill=ground, outline=style.colour("map.grid"))
        half = (sx[3] - sx[1]) / 2
        if kind == "hexside" and payload == "river":
            width = max(1, round(w * style.num("map.river_width")))
            draw_polyline(d, [(sx[0] + width, cy), (sx[2] - width, cy)], style.colour("map.river"), width)
        elif kind == "hexside":  # a long thin lake, as drawn on the map
            d.ellipse((sx[0] + half * 0.2, cy - half * 0.45, sx[2] - half * 0.2, cy + half * 0.45),
                      fill=style.colour("map.water"), outline=style.colour("map.coast"), width=max(1, round(w * 0.01)))
        elif kind == "city":
            s = w * 0.1
            d.rounded_rectangle((cx - s, cy - s, cx + s, cy + s), radius=s * 0.3, fill=style.terrain_colour("city"),
                                outline=(40, 20, 15))
        elif kind == "vp":
            vp_mark(d, style, (cx, cy), w * 0.1, 1)
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
        d.text((x + sw + w * 0.1, cy), label, font=f, fill=ink, anchor="lm")
    rest = [b for b in _corner_boxes(shapes, w * 1.4, w * 1.4, w * 0.3) if not _overlaps(b, box)]
    compass(d, _least_land(shapes, rest), ink, style)


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
