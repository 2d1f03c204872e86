"""Pictures of the board for reports, drawn with the ``art`` package: the board cropped to its hexes (not the
map's title band), and a picture of the moment of one violation with the offending move drawn on it.

Only the report modules need Pillow; checking a log does not. The rules package tells what stands where through
``pieces(ctx, state)``: (unit, location, face, markers) for every unit on the map. The step-through page built from
these is :mod:`.replay_page`.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from typing import Iterable

from PIL import Image, ImageDraw

from games.grid import Layout
from games.model import Game

from .battle_view import Battle
from .model import Violation

MAP_SCALE = 0.6  # of the module map (hex 96 px): 58 px hexes
COUNTER_SHARE = 0.62  # counter size as a share of the hex width
MAX_PICTURES = 60  # pictures drawn at most; later violations are listed without one
MARGIN_HEXES = 3.5  # board shown around what the picture is about
REGION_MARGIN = 8  # hexes of board drawn around a region (the replay page zooms to at least 14 hexes around a step)
PATH_RGBA = (200, 20, 30, 230)
FOCUS_RGB = (220, 20, 40)
UNSUPPLIED_RGB = (245, 210, 40)
BATTLE_RGBA = (25, 70, 200, 235)  # battle arrows and label frames
MOVE_RGBA = {"retreat": (224, 120, 0, 235), "advance": (18, 140, 60, 235)}  # a battle's retreats and advances
LABEL_FONT = "DejaVuSans-Bold.ttf"
ARROW_SPAN = (0.2, 0.78)  # a battle arrow runs over this share of the way between the hex centres


@dataclass(frozen=True)
class Board:
    """The map drawn once, cropped to its hexes and areas, and where each location's centre is on it."""

    image: Image.Image
    layout: Layout
    centres: dict[str, tuple[float, float]]
    hex_px: float


def board(game: Game, region: Iterable[str] | None = None) -> Board:
    """The map at report scale, cropped to the hexes and areas (with a margin of half a hex): the board, without the
    title band or the paper around it. ``region``: locations; only the board within :data:`REGION_MARGIN` hexes of
    them is drawn (the map painted for that window alone, ``art.map_sheet.MapPainter.window``: the same pixels)."""
    from art.boards import area_polygons
    from art.map_sheet import MapPainter

    layout = Layout.module(game.map.grid, MAP_SCALE)
    painter = MapPainter(game, layout)
    width, height = painter.size
    centres = {hid: layout.centre_f(h.hex) for hid, h in game.map.hexes.items()}
    points = [p for h in game.map.hexes.values() for p in layout.polygon(h.hex)]
    for aid, poly in area_polygons(game, layout).items():
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        centres[aid] = (sum(xs) / len(xs), sum(ys) / len(ys))
        points += poly
    m = layout.hex_width * 0.5
    x0 = max(0, int(min(p[0] for p in points) - m))
    y0 = max(0, int(min(p[1] for p in points) - m))
    x1 = min(width, int(max(p[0] for p in points) + m) + 1)
    y1 = min(height, int(max(p[1] for p in points) + m) + 1)
    shown = [centres[x] for x in sorted(region or ()) if x in centres]
    if shown:
        r = layout.hex_width * REGION_MARGIN
        x0, y0 = max(x0, int(min(x for x, _ in shown) - r)), max(y0, int(min(y for _, y in shown) - r))
        x1, y1 = min(x1, int(max(x for x, _ in shown) + r) + 1), min(y1, int(max(y for _, y in shown) + r) + 1)
    centres = {k: (x - x0, y - y0) for k, (x, y) in centres.items()}
    return Board(painter.window((x0, y0, x1, y1)), layout, centres, layout.hex_width)


def _counter(game: Game, cache: dict, uid: str, face: str, px: int) -> Image.Image:
    from art.counters import render_unit

    key = (uid, face)
    if key not in cache:
        cache[key] = render_unit(game, uid, face, px).convert("RGBA")
    return cache[key]


def picture(game: Game, b: Board, pieces, v: Violation, cache: dict, battle: Battle | None = None) -> Image.Image:
    """The board with its units, the violation's units outlined and its path drawn, cropped around them; with
    ``battle`` (:mod:`.battle_view`), the battle the violation is about: its arrows, retreats, advances and label."""
    img = b.image.copy()
    d = ImageDraw.Draw(img, "RGBA")
    px = max(12, int(b.hex_px * COUNTER_SHARE))
    by_loc: dict[str, list] = {}
    for uid, loc, face, markers in pieces:
        if loc in b.centres:
            by_loc.setdefault(loc, []).append((uid, face, markers))
    focus_boxes = []
    for loc in sorted(by_loc):
        cx, cy = b.centres[loc]
        for k, (uid, face, markers) in enumerate(sorted(by_loc[loc])):
            x0, y0 = int(cx - px / 2 + 5 * k), int(cy - px / 2 - 5 * k)
            c = _counter(game, cache, uid, face, px)
            img.paste(c, (x0, y0), c)
            if "unsupplied" in markers:
                d.ellipse((x0 + px - 9, y0 - 3, x0 + px + 3, y0 + 9), fill=UNSUPPLIED_RGB, outline=(0, 0, 0))
            if uid in v.units:
                d.rectangle((x0 - 3, y0 - 3, x0 + px + 3, y0 + px + 3), outline=FOCUS_RGB, width=3)
                focus_boxes.append((x0, y0, x0 + px, y0 + px))
    arrows, labels = list(v.arrows), list(v.labels)
    if battle is not None:
        arrows += [(f, battle.target) for f in battle.froms if (f, battle.target) not in arrows]
        if battle.label() and not labels:
            labels.append((battle.target, battle.label()))
        for m in battle.moves:
            _path(d, b, m.path, MOVE_RGBA.get(m.kind, PATH_RGBA), 4)
    extra = _battle_marks(d, b, arrows, labels)
    if battle is not None:
        extra += [(x - 1, y - 1, x + 1, y + 1) for m in battle.moves for x, y in
                  (b.centres[p] for p in m.path if p in b.centres)]
    pts = [b.centres[loc] for loc in v.path if loc in b.centres]
    _path(d, b, v.path, PATH_RGBA, 5)
    for x, y in pts:
        r = b.hex_px * 0.1
        d.ellipse((x - r, y - r, x + r, y + r), fill=PATH_RGBA)
    if len(pts) == 1:
        x, y = pts[0]
        r = b.hex_px * 0.48
        d.ellipse((x - r, y - r, x + r, y + r), outline=PATH_RGBA, width=4)
    boxes = focus_boxes + extra
    xs = [p[0] for p in pts] + [bx for box in boxes for bx in (box[0], box[2])]
    ys = [p[1] for p in pts] + [by for box in boxes for by in (box[1], box[3])]
    if not xs:  # nothing to centre on: the whole board, at half size
        return img.resize((img.width // 2, img.height // 2))
    m = b.hex_px * MARGIN_HEXES
    box = (max(0, int(min(xs) - m)), max(0, int(min(ys) - m)),
           min(img.width, int(max(xs) + m)), min(img.height, int(max(ys) + m)))
    return img.crop(box)


def _path(d: ImageDraw.ImageDraw, b: Board, path, fill: tuple[int, int, int, int], width: int) -> None:
    """A path through locations, with an arrow head at its end."""
    pts = [b.centres[loc] for loc in path if loc in b.centres]
    if len(pts) >= 2:
        d.line(pts, fill=fill, width=width, joint="curve")
        _arrow_head(d, pts[-2], pts[-1], b.hex_px * 0.28, fill)


def _arrow_head(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], size: float,
                fill: tuple[int, int, int, int] = PATH_RGBA) -> None:
    import math

    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    left = (b[0] - size * math.cos(ang - 0.45), b[1] - size * math.sin(ang - 0.45))
    right = (b[0] - size * math.cos(ang + 0.45), b[1] - size * math.sin(ang + 0.45))
    d.polygon([b, left, right], fill=fill)


def _battle_marks(d: ImageDraw.ImageDraw, b: Board, arrows, labels) -> list[tuple[float, float, float, float]]:
    """A battle drawn on the picture: an arrow from each attacking hex to its target, and the labels (odds,
    shifts, die, result) in a box beside the target. Returns the boxes drawn, for cropping."""
    from art.canvas import load_font

    boxes = []
    for a, t in arrows:
        if a in b.centres and t in b.centres:
            (x0, y0), (x1, y1) = b.centres[a], b.centres[t]
            p0 = (x0 + (x1 - x0) * ARROW_SPAN[0], y0 + (y1 - y0) * ARROW_SPAN[0])
            p1 = (x0 + (x1 - x0) * ARROW_SPAN[1], y0 + (y1 - y0) * ARROW_SPAN[1])
            d.line([p0, p1], fill=BATTLE_RGBA, width=max(3, int(b.hex_px * 0.12)))
            _arrow_head(d, p0, p1, b.hex_px * 0.34, BATTLE_RGBA)
            boxes.append((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
    font = load_font(LABEL_FONT, max(10, int(b.hex_px * 0.21)))
    for loc, text in labels:
        if loc not in b.centres:
            continue
        x, y = b.centres[loc]
        at = (x, y - b.hex_px * 0.62)  # above the target hex, clear of its counters
        left, top, right, bottom = d.textbbox(at, text, font=font, anchor="mb")
        pad = 4
        box = (left - pad, top - pad, right + pad, bottom + pad)
        d.rectangle(box, fill=(255, 255, 255, 235), outline=BATTLE_RGBA, width=2)
        d.text(at, text, font=font, fill=(0, 0, 0), anchor="mb")
        boxes.append(box)
    return boxes


def data_uri(img: Image.Image, fmt: str = "PNG", **options) -> str:
    """An image inlined in a page: PNG (counters, pictures) or WEBP (the board: a quarter of the PNG's size)."""
    buf = io.BytesIO()
    img.save(buf, format=fmt, **options)
    return f"data:image/{fmt.lower()};base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def png_data_uri(img: Image.Image) -> str:
    return data_uri(img, "PNG", compress_level=6)
