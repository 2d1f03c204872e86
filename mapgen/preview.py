"""A quick look at a generated map (``hexforge mapgen CONFIG --preview map.png``): terrain colours, water, hexside
features, roads and railroads centre to centre, places, VP, hex features, entry areas and section outlines. A
development aid for the designer, not the game's art. Colours come from the config's ``[preview]`` table
(``terrain``, ``edges``, ``crossings``, ``marks``: feature -> colour) over neutral defaults.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from .config import Config
from .generate import MapData

DEFAULT_TERRAIN = "#f2eedc"
WATER = {"sea": "#9cc3e6", "lake": "#b9d8f2"}


def _font(size: int):
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # older Pillow
        return ImageFont.load_default()


def render(cfg: Config, m: MapData, scale: float = 14.0, style: dict | None = None) -> bytes:
    style = style or {}
    terrain_colours = style.get("terrain", {})
    edge_styles = style.get("edges", {})  # feature -> [colour, width]
    cross_styles = style.get("crossings", {})
    mark_colours = style.get("marks", {})
    space = m.space
    xs, ys = zip(*(space.centre(h) for h in space.cells))
    pad = 2.0
    w, h = int((max(xs) - min(xs) + 2 * pad) * scale), int((max(ys) - min(ys) + 2 * pad) * scale)
    ox, oy = pad - min(xs), pad - min(ys)
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    px = lambda p: ((p[0] + ox) * scale, (p[1] + oy) * scale)  # noqa: E731
    kinds = {w.id: w.kind for w in cfg.water}
    for cell in space.cells:
        hid = space.ids[cell]
        poly = [px(p) for p in space.layout.polygon(cell)]
        rec = m.hexes.get(hid)
        if rec is None:
            body = next((b for b, cells in m.water.items() if hid in cells), "")
            fill = WATER.get(kinds.get(body, "lake"), WATER["lake"]) if body else "#ffffff"
        else:
            fill = terrain_colours.get(rec.terrain, DEFAULT_TERRAIN)
        d.polygon(poly, fill=fill, outline="#d8d2bf" if rec else None)
    for key, rec in sorted(m.sides.items()):
        a, b = space.hexes_of_side(key)
        seg = [px(p) for p in space.side_segment(a, space.direction_between(a, b))]
        for f in sorted(rec.features, key=lambda f: edge_styles.get(f, ["", 0])[1]):
            if f not in cross_styles:  # features without a style are drawn thin and grey
                colour, width = edge_styles.get(f, ["#707070", 1])
                d.line(seg, fill=colour, width=max(1, round(width * scale / 14)))
        for f in sorted(rec.features):
            if f in cross_styles:
                colour, width = cross_styles[f]
                d.line([px(space.centre(a)), px(space.centre(b))], fill=colour, width=max(1, round(width * scale / 14)))
    small, big = _font(max(8, int(scale * 0.7))), _font(max(9, int(scale * 0.9)))
    for hid, rec in sorted(m.hexes.items()):
        cell = space.hex_of(hid)
        x, y = px(space.centre(cell))
        for i, f in enumerate(sorted(rec.features)):
            if f in mark_colours:
                r = scale * 0.12
                cx = x + (i - 1) * r * 2.2
                d.ellipse([cx - r, y + scale * 0.25 - r, cx + r, y + scale * 0.25 + r], fill=mark_colours[f])
        if rec.settlement:
            r = {"major_city": 0.32, "minor_city": 0.24, "town": 0.16}.get(rec.settlement, 0.12) * scale
            d.rectangle([x - r, y - r, x + r, y + r], fill="#202020" if rec.settlement != "landmark" else "#7a5a2a")
            d.text((x + r + 1, y - r - 2), rec.name, fill="black", font=big)
        if rec.vp:
            d.ellipse([x - scale * 0.45, y - scale * 0.45, x + scale * 0.45, y + scale * 0.45], outline="#d00000",
                      width=max(1, int(scale / 8)))
            d.text((x - scale * 0.45, y - scale * 0.5), str(rec.vp), fill="#d00000", font=small)
    for cell in space.cells:
        col, row = space.offset(cell)
        if col % 5 == 0 and row % 5 == 0:
            x, y = px(space.centre(cell))
            d.text((x - scale * 0.4, y - scale * 0.45), space.ids[cell], fill="#8c8c8c", font=small)
    for s in cfg.sections:
        cells = [c for c in space.cells if _in_box(cfg, space.offset(c), s.columns, s.rows)]
        if cells:
            bx = [px(space.centre(c)) for c in cells]
            x0, y0 = min(p[0] for p in bx), min(p[1] for p in bx)
            x1, y1 = max(p[0] for p in bx), max(p[1] for p in bx)
            d.rectangle([x0 - scale * 0.5, y0 - scale * 0.5, x1 + scale * 0.5, y1 + scale * 0.5], outline="#c00000",
                        width=2)
            d.text((x0, y0 - scale * 0.5), f"map {s.id}", fill="#c00000", font=big)
    for a in cfg.areas:
        cells = [space.hex_of(hid) for hid in m.areas[a.id]]
        if not cells:
            continue
        pts = [px(space.centre(c)) for c in cells]
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        for p in pts:
            d.ellipse([p[0] - 3, p[1] - 3, p[0] + 3, p[1] + 3], outline="#6a0dad", width=2)
        d.text((x, y), a.id, fill="#6a0dad", font=_font(max(12, int(scale * 1.6))))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def _in_box(cfg: Config, offset: tuple[int, int], cols: tuple[int, int], rows: tuple[int, int]) -> bool:
    col, row = offset[0] + cfg.grid.first_column, offset[1] + cfg.grid.first_row
    return cols[0] <= col <= cols[1] and rows[0] <= row <= rows[1]

