"""Vector symbols: NATO unit-type symbols (2.3), the sides' emblems (Iron Cross, Red Star) and marker icons.

Every function draws into ``box`` = (x0, y0, x1, y1) on an ``ImageDraw`` with colour ``ink``; sizes derive from
the box, so the same symbol serves a 60 px counter and a 300 dpi sheet. Which symbol a unit gets is data
(``UnitType.symbol``, ``MarkerFace.icon``); an unknown name is a build error naming it.
"""

from __future__ import annotations

import math
from types import MappingProxyType
from typing import Callable

from PIL import ImageDraw

from games import DataError

from .canvas import Box
from .style import RGB

Draw = ImageDraw.ImageDraw


def _w(box: Box, k: float) -> int:
    return max(1, int(round(min(box[2] - box[0], box[3] - box[1]) * k)))


def _inset(box: Box, dx: float, dy: float | None = None) -> Box:
    dy = dx if dy is None else dy
    return box[0] + dx, box[1] + dy, box[2] - dx, box[3] - dy


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.4,
                turn: float = 0.0) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + turn + i * math.pi / points
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


# --- NATO unit symbols: a frame and what is inside it ---------------------------------------------------------


def _cross(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    d.line([(b[0], b[1]), (b[2], b[3])], fill=ink, width=lw)
    d.line([(b[0], b[3]), (b[2], b[1])], fill=ink, width=lw)


def _oval(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    w, h = b[2] - b[0], b[3] - b[1]
    o = (b[0] + w * 0.2, b[1] + h * 0.24, b[2] - w * 0.2, b[3] - h * 0.24)
    d.rounded_rectangle(o, radius=(o[3] - o[1]) / 2, outline=ink, width=lw)


def nato_symbol(d: Draw, box: Box, symbol: str, ink: RGB, fill: RGB | None = None) -> None:
    """Draw the NATO symbol ``symbol`` (``UnitType.symbol``) in ``box``."""
    if symbol not in NATO:
        raise DataError("game.toml", f"no NATO symbol drawn for '{symbol}' (known: {', '.join(sorted(NATO))})",
                        key="unit_types.*.symbol")
    lw = _w(box, 0.075)
    if fill is not None:
        d.rectangle(box, fill=fill)
    NATO[symbol](d, box, ink, lw)
    if symbol not in UNFRAMED:
        d.rectangle(box, outline=ink, width=lw)


def _infantry(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)


def _armor(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _oval(d, b, ink, lw)


def _mech(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    _oval(d, b, ink, lw)


def _fort(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    # battlements along the top edge: the fortified-position mark
    n, w = 4, (b[2] - b[0])
    step = w / (2 * n - 1)
    h = (b[3] - b[1]) * 0.22
    for i in range(n):
        x = b[0] + i * 2 * step
        d.rectangle((x, b[1] - h, x + step, b[1]), fill=ink)


def _regional(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    h = (b[3] - b[1]) * 0.22
    d.rectangle((b[0], b[3] - h, b[2], b[3]), fill=ink)


def _shock(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    w, h = b[2] - b[0], b[3] - b[1]
    cx = (b[0] + b[2]) / 2
    # a lightning bolt above the frame
    pts = [(cx - w * 0.12, b[1] - h * 0.45), (cx + w * 0.1, b[1] - h * 0.45), (cx, b[1] - h * 0.25),
           (cx + w * 0.14, b[1] - h * 0.25), (cx - w * 0.1, b[1] + h * 0.02), (cx - w * 0.02, b[1] - h * 0.2),
           (cx - w * 0.16, b[1] - h * 0.2)]
    d.polygon(pts, fill=ink)


def _cadre(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    # a dashed frame around a small cross: a skeleton formation
    n = 5
    for x0, y0, x1, y1 in ((b[0], b[1], b[2], b[1]), (b[0], b[3], b[2], b[3]), (b[0], b[1], b[0], b[3]),
                           (b[2], b[1], b[2], b[3])):
        for i in range(n):
            t0, t1 = i / n, (i + 0.6) / n
            d.line([(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0), (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)],
                   fill=ink, width=lw)
    _cross(d, _inset(b, (b[2] - b[0]) * 0.25, (b[3] - b[1]) * 0.25), ink, lw)


def _mountain(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    w, h = b[2] - b[0], b[3] - b[1]
    cx = (b[0] + b[2]) / 2
    d.polygon([(cx - w * 0.2, b[3]), (cx + w * 0.2, b[3]), (cx, b[3] - h * 0.42)], fill=ink)


def _garrison(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    w, h = b[2] - b[0], b[3] - b[1]
    d.rectangle((b[0] + w * 0.3, b[1] - h * 0.3, b[2] - w * 0.3, b[1]), outline=ink, width=lw)


def _volkssturm(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    h = b[3] - b[1]
    cy = (b[1] + b[3]) / 2
    d.rectangle((b[0], cy - h * 0.12, b[2], cy + h * 0.12), fill=ink)


def _luftwaffe(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    w, h = b[2] - b[0], b[3] - b[1]
    cx = (b[0] + b[2]) / 2
    y = b[1] - h * 0.22
    d.polygon([(cx - w * 0.32, y - h * 0.14), (cx, y), (cx + w * 0.32, y - h * 0.14), (cx + w * 0.32, y + h * 0.02),
               (cx, y + h * 0.16), (cx - w * 0.32, y + h * 0.02)], fill=ink)


def _partisan(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    w, h = b[2] - b[0], b[3] - b[1]
    # guerrilla: a cross with a broken diagonal band
    _cross(d, b, ink, lw)
    d.polygon([(b[0], b[1] + h * 0.7), (b[0] + w * 0.3, b[3]), (b[0], b[3])], fill=ink)
    d.polygon([(b[2], b[1] + h * 0.3), (b[2] - w * 0.3, b[1]), (b[2], b[1])], fill=ink)


def _cavalry(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    d.line([(b[0], b[3]), (b[2], b[1])], fill=ink, width=lw)


def _motorized(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    cx = (b[0] + b[2]) / 2
    d.line([(cx, b[1]), (cx, b[3])], fill=ink, width=lw)


def _engineer(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    # the bridge-like "E" of engineers: a bar with three legs
    w, h = b[2] - b[0], b[3] - b[1]
    y0, y1 = b[1] + h * 0.35, b[1] + h * 0.68
    d.line([(b[0] + w * 0.22, y1), (b[0] + w * 0.22, y0), (b[2] - w * 0.22, y0), (b[2] - w * 0.22, y1)], fill=ink,
           width=lw, joint="curve")
    d.line([((b[0] + b[2]) / 2, y0), ((b[0] + b[2]) / 2, y1)], fill=ink, width=lw)


def _artillery(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    r = (b[3] - b[1]) * 0.17
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)


def _anti_tank(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    d.line([(b[0], b[3]), ((b[0] + b[2]) / 2, b[1]), (b[2], b[3])], fill=ink, width=lw, joint="curve")


def _tank_destroyer(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _anti_tank(d, b, ink, lw)
    _oval(d, b, ink, lw)


def _hq(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    # a headquarters: the staff below the frame's left edge, and a bar across the top of the frame
    h = b[3] - b[1]
    d.line([(b[0], b[3]), (b[0], b[3] + h * 0.35)], fill=ink, width=lw)
    d.rectangle((b[0], b[1], b[2], b[1] + h * 0.28), fill=ink)


def _supply(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    h = b[3] - b[1]
    d.line([(b[0], b[3] - h * 0.3), (b[2], b[3] - h * 0.3)], fill=ink, width=lw)


def _air(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    # a propeller aircraft seen from above
    w, h = b[2] - b[0], b[3] - b[1]
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    d.polygon([(cx - w * 0.06, b[1] + h * 0.12), (cx + w * 0.06, b[1] + h * 0.12), (cx + w * 0.05, b[3] - h * 0.1),
               (cx - w * 0.05, b[3] - h * 0.1)], fill=ink)
    d.polygon([(b[0] + w * 0.1, cy - h * 0.08), (b[2] - w * 0.1, cy - h * 0.08), (b[2] - w * 0.14, cy + h * 0.07),
               (b[0] + w * 0.14, cy + h * 0.07)], fill=ink)
    d.polygon([(cx - w * 0.16, b[3] - h * 0.2), (cx + w * 0.16, b[3] - h * 0.2), (cx + w * 0.14, b[3] - h * 0.1),
               (cx - w * 0.14, b[3] - h * 0.1)], fill=ink)


def _naval(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    w, h = b[2] - b[0], b[3] - b[1]
    cx = (b[0] + b[2]) / 2
    d.arc((cx - w * 0.18, b[3] - h * 0.42, cx + w * 0.18, b[3] - h * 0.06), start=0, end=180, fill=ink, width=lw)


def _ski(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    w, h = b[2] - b[0], b[3] - b[1]
    for k in (-1, 1):
        x = (b[0] + b[2]) / 2 + k * w * 0.14
        d.line([(x - w * 0.12, b[3] - h * 0.08), (x + w * 0.12, b[3] - h * 0.22)], fill=ink, width=lw)


def _bicycle(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    w, h = b[2] - b[0], b[3] - b[1]
    r = h * 0.13  # two wheels under the frame
    for cx in (b[0] + w * 0.28, b[2] - w * 0.28):
        d.ellipse((cx - r, b[3] + h * 0.04, cx + r, b[3] + h * 0.04 + 2 * r), outline=ink, width=max(1, lw // 2))


def _security(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    _cross(d, b, ink, lw)
    w, h = b[2] - b[0], b[3] - b[1]
    d.polygon([(b[0], b[1]), (b[0] + w * 0.3, b[1]), (b[0], b[1] + h * 0.45)], fill=ink)


def _star(d: Draw, b: Box, ink: RGB, lw: int) -> None:
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    d.polygon(star_points(cx, cy, (b[3] - b[1]) * 0.42, inner=0.42), fill=ink)


NATO: MappingProxyType[str, Callable[[Draw, Box, RGB, int], None]] = MappingProxyType({
    "infantry": _infantry, "armor": _armor, "mech": _mech, "fort": _fort, "regional": _regional,
    "shock": _shock, "cadre": _cadre, "mountain": _mountain, "garrison": _garrison,
    "volkssturm": _volkssturm, "luftwaffe": _luftwaffe, "partisan": _partisan, "cavalry": _cavalry,
    "motorized": _motorized, "engineer": _engineer, "artillery": _artillery, "anti_tank": _anti_tank,
    "tank_destroyer": _tank_destroyer, "hq": _hq, "supply": _supply, "air": _air, "naval": _naval, "ski": _ski,
    "bicycle": _bicycle, "security": _security, "star": _star, "blank": lambda d, b, ink, lw: None,
})
UNFRAMED = frozenset({"cadre", "star"})  # drawn without the NATO frame


# --- emblems ----------------------------------------------------------------------------------------------------


def iron_cross(d: Draw, box: Box, ink: RGB = (0, 0, 0), edge: RGB = (255, 255, 255)) -> None:
    """The Balkenkreuz-style cross with flared arms, outlined."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    r = min(box[2] - box[0], box[3] - box[1]) / 2
    pts = []
    for k in range(4):
        a = k * math.pi / 2
        ca, sa = math.cos(a), math.sin(a)

        def rot(x: float, y: float) -> tuple[float, float]:
            return cx + x * ca - y * sa, cy + x * sa + y * ca
        pts += [rot(r * 0.18, -r * 0.18), rot(r, -r * 0.45), rot(r, r * 0.45)]
    d.polygon(pts, fill=edge)
    inner = []
    for k in range(4):
        a = k * math.pi / 2
        ca, sa = math.cos(a), math.sin(a)
        for x, y in ((r * 0.12, -r * 0.12), (r * 0.86, -r * 0.33), (r * 0.86, r * 0.33)):
            inner.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    d.polygon(inner, fill=ink)


def red_star(d: Draw, box: Box, ink: RGB = (200, 16, 46), edge: RGB | None = (250, 210, 60)) -> None:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    r = min(box[2] - box[0], box[3] - box[1]) / 2
    if edge is not None:
        d.polygon(star_points(cx, cy + r * 0.05, r, inner=0.42), fill=edge)
        d.polygon(star_points(cx, cy + r * 0.05, r * 0.8, inner=0.42), fill=ink)
    else:
        d.polygon(star_points(cx, cy + r * 0.05, r, inner=0.42), fill=ink)


# --- marker icons -----------------------------------------------------------------------------------------------


def _bolt(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.polygon([(x0 + w * 0.55, y0), (x0 + w * 0.15, y0 + h * 0.58), (x0 + w * 0.45, y0 + h * 0.58),
               (x0 + w * 0.3, y1), (x0 + w * 0.85, y0 + h * 0.38), (x0 + w * 0.55, y0 + h * 0.38),
               (x0 + w * 0.75, y0)], fill=ink)


def _shock_icon(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    # a spearhead arrow
    d.polygon([(x0 + w * 0.5, y0), (x1, y0 + h * 0.5), (x0 + w * 0.68, y0 + h * 0.5), (x0 + w * 0.68, y1),
               (x0 + w * 0.32, y1), (x0 + w * 0.32, y0 + h * 0.5), (x0, y0 + h * 0.5)], fill=ink)


def _disorganized(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.1)
    # scattered arrows pointing every way
    for (ax, ay), ang in (((0.3, 0.3), 200), ((0.72, 0.3), -30), ((0.3, 0.74), 150), ((0.72, 0.72), 20)):
        cx, cy = x0 + w * ax, y0 + h * ay
        a = math.radians(ang)
        ex, ey = cx + math.cos(a) * w * 0.22, cy + math.sin(a) * h * 0.22
        d.line([(cx, cy), (ex, ey)], fill=ink, width=lw)
        for da in (2.5, -2.5):
            d.line([(ex, ey), (ex - math.cos(a + da / 6) * w * 0.1, ey - math.sin(a + da / 6) * h * 0.1)],
                   fill=ink, width=lw)


def _unsupplied(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.1)
    # a supply crate, struck through
    d.rectangle((x0 + w * 0.18, y0 + h * 0.28, x1 - w * 0.18, y1 - h * 0.22), outline=ink, width=lw)
    d.line([(x0 + w * 0.18, y0 + h * 0.5), (x1 - w * 0.18, y0 + h * 0.5)], fill=ink, width=max(1, lw // 2))
    d.line([(x0, y1), (x1, y0)], fill=ink, width=lw)


def _target(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    lw = _w(b, 0.08)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = (x1 - x0) / 2
    for k in (0.85, 0.45):
        d.ellipse((cx - r * k, cy - r * k, cx + r * k, cy + r * k), outline=ink, width=lw)
    d.line([(x0, cy), (x1, cy)], fill=ink, width=lw)
    d.line([(cx, y0), (cx, y1)], fill=ink, width=lw)


def _counterblow(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.13)
    d.arc((x0 + w * 0.1, y0 + h * 0.15, x1 - w * 0.1, y1 - h * 0.05), start=200, end=20, fill=ink, width=lw)
    # arrow head at the right end, pointing down-left: strike back
    d.polygon([(x1 - w * 0.02, y0 + h * 0.42), (x1 - w * 0.38, y0 + h * 0.55), (x1 - w * 0.1, y0 + h * 0.82)],
              fill=ink)


def _control(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.08)
    d.line([(x0 + w * 0.3, y1), (x0 + w * 0.3, y0)], fill=ink, width=lw)
    d.polygon([(x0 + w * 0.3, y0), (x1 - w * 0.05, y0 + h * 0.22), (x0 + w * 0.3, y0 + h * 0.44)], fill=ink)


def _game_turn(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    # an hourglass
    d.polygon([(x0 + w * 0.2, y0), (x1 - w * 0.2, y0), (x0 + w * 0.5, y0 + h * 0.5)], fill=ink)
    d.polygon([(x0 + w * 0.5, y0 + h * 0.5), (x1 - w * 0.2, y1), (x0 + w * 0.2, y1)], fill=ink)


def _event_vp(d: Draw, b: Box, ink: RGB) -> None:
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    d.polygon(star_points(cx, cy, (b[2] - b[0]) / 2, inner=0.45), fill=ink)


def _support(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    # an aircraft seen from above
    d.polygon([(cx - w * 0.07, y0), (cx + w * 0.07, y0), (cx + w * 0.07, y1), (cx - w * 0.07, y1)], fill=ink)
    d.polygon([(x0, y0 + h * 0.42), (x1, y0 + h * 0.42), (x1, y0 + h * 0.56), (x0, y0 + h * 0.56)], fill=ink)
    d.polygon([(cx - w * 0.25, y1 - h * 0.12), (cx + w * 0.25, y1 - h * 0.12), (cx + w * 0.25, y1),
               (cx - w * 0.25, y1)], fill=ink)


def _defense_works(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.1)
    # a trench line with teeth
    pts = [(x0 + w * i / 6, y0 + h * (0.35 if i % 2 else 0.65)) for i in range(7)]
    d.line(pts, fill=ink, width=lw, joint="curve")
    d.line([(x0, y1 - h * 0.12), (x1, y1 - h * 0.12)], fill=ink, width=lw)


def _scorched_earth(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    # a flame
    d.polygon([(x0 + w * 0.5, y0), (x0 + w * 0.78, y0 + h * 0.45), (x0 + w * 0.68, y0 + h * 0.35),
               (x1 - w * 0.1, y1 - h * 0.15), (x0 + w * 0.5, y1), (x0 + w * 0.1, y1 - h * 0.15),
               (x0 + w * 0.3, y0 + h * 0.3), (x0 + w * 0.38, y0 + h * 0.45)], fill=ink)


def _strategic_reserve(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.08)
    # a railway: two rails and sleepers
    d.line([(x0, y0 + h * 0.35), (x1, y0 + h * 0.35)], fill=ink, width=lw)
    d.line([(x0, y0 + h * 0.65), (x1, y0 + h * 0.65)], fill=ink, width=lw)
    for i in range(5):
        x = x0 + w * (0.1 + 0.2 * i)
        d.line([(x, y0 + h * 0.22), (x, y0 + h * 0.78)], fill=ink, width=lw)


def _solitaire_attack(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.polygon([(x0, y0 + h * 0.35), (x0 + w * 0.55, y0 + h * 0.35), (x0 + w * 0.55, y0 + h * 0.1),
               (x1, y0 + h * 0.5), (x0 + w * 0.55, y1 - h * 0.1), (x0 + w * 0.55, y1 - h * 0.35),
               (x0, y1 - h * 0.35)], fill=ink)


def _solitaire_defend(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.polygon([(x0 + w * 0.1, y0), (x1 - w * 0.1, y0), (x1 - w * 0.1, y0 + h * 0.5), (x0 + w * 0.5, y1),
               (x0 + w * 0.1, y0 + h * 0.5)], fill=ink)


def _high_tide(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.1)
    for k in (0.3, 0.6):
        pts = [(x0 + w * i / 12, y0 + h * k + math.sin(i * math.pi / 3) * h * 0.12) for i in range(13)]
        d.line(pts, fill=ink, width=lw, joint="curve")
    d.polygon([(x0 + w * 0.5, y1), (x0 + w * 0.3, y1 - h * 0.15), (x0 + w * 0.7, y1 - h * 0.15)], fill=ink)


def _weather(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.07)
    cx, cy = x0 + w * 0.38, y0 + h * 0.4
    r = w * 0.2
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    for i in range(8):
        a = i * math.pi / 4
        d.line([(cx + math.cos(a) * r * 1.35, cy + math.sin(a) * r * 1.35),
                (cx + math.cos(a) * r * 1.8, cy + math.sin(a) * r * 1.8)], fill=ink, width=lw)
    # a cloud in front of the sun
    for ex, ey, er in ((0.55, 0.72, 0.17), (0.72, 0.64, 0.2), (0.88, 0.74, 0.12)):
        d.ellipse((x0 + w * (ex - er), y0 + h * (ey - er), x0 + w * (ex + er), y0 + h * (ey + er)), fill=ink)
    d.rectangle((x0 + w * 0.55, y0 + h * 0.72, x0 + w * 0.9, y0 + h * 0.86), fill=ink)


def _iron_cross_icon(d: Draw, b: Box, ink: RGB) -> None:
    iron_cross(d, b, (0, 0, 0), (255, 255, 255))


def _red_star_icon(d: Draw, b: Box, ink: RGB) -> None:
    red_star(d, b)


def _bunker(d: Draw, b: Box, ink: RGB, dashed: bool = False) -> None:
    """A fortification: a dome with firing slits on a line of teeth."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.09)
    if dashed:  # under construction: the outline only, and scaffolding
        d.arc((x0 + w * 0.12, y0 + h * 0.15, x1 - w * 0.12, y1 + h * 0.35), start=180, end=360, fill=ink, width=lw)
        for k in range(4):
            x = x0 + w * (0.22 + 0.19 * k)
            d.line([(x, y0 + h * 0.55), (x + w * 0.1, y0 + h * 0.3)], fill=ink, width=max(1, lw // 2))
    else:
        d.pieslice((x0 + w * 0.12, y0 + h * 0.15, x1 - w * 0.12, y1 + h * 0.35), start=180, end=360, fill=ink)
        d.rectangle((x0 + w * 0.3, y0 + h * 0.42, x1 - w * 0.3, y0 + h * 0.5), fill=(255, 255, 255))
    for k in range(5):
        x = x0 + w * (0.05 + 0.2 * k)
        d.polygon([(x, y1 - h * 0.08), (x + w * 0.1, y1 - h * 0.3), (x + w * 0.2, y1 - h * 0.08)], fill=ink)
    d.line([(x0, y1 - h * 0.06), (x1, y1 - h * 0.06)], fill=ink, width=lw)


def _construction(d: Draw, b: Box, ink: RGB) -> None:
    _bunker(d, b, ink, dashed=True)


def _fortification(d: Draw, b: Box, ink: RGB) -> None:
    _bunker(d, b, ink)


def _arrow(d: Draw, b: Box, ink: RGB) -> None:
    """A broad offensive arrow pointing right."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.polygon([(x0, y0 + h * 0.62), (x0 + w * 0.2, y0 + h * 0.32), (x0 + w * 0.58, y0 + h * 0.32),
               (x0 + w * 0.58, y0 + h * 0.1), (x1, y0 + h * 0.5), (x0 + w * 0.58, y0 + h * 0.9),
               (x0 + w * 0.58, y0 + h * 0.68), (x0 + w * 0.2, y0 + h * 0.68)], fill=ink)


def _hollow_arrow(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.polygon([(x0, y0 + h * 0.62), (x0 + w * 0.2, y0 + h * 0.32), (x0 + w * 0.58, y0 + h * 0.32),
               (x0 + w * 0.58, y0 + h * 0.1), (x1, y0 + h * 0.5), (x0 + w * 0.58, y0 + h * 0.9),
               (x0 + w * 0.58, y0 + h * 0.68), (x0 + w * 0.2, y0 + h * 0.68)], outline=ink, width=_w(b, 0.08))


def _railhead(d: Draw, b: Box, ink: RGB) -> None:
    """The end of a track: rails and sleepers ending at a buffer stop."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.08)
    d.line([(x0, y0 + h * 0.38), (x1 - w * 0.18, y0 + h * 0.38)], fill=ink, width=lw)
    d.line([(x0, y0 + h * 0.62), (x1 - w * 0.18, y0 + h * 0.62)], fill=ink, width=lw)
    for i in range(4):
        x = x0 + w * (0.08 + 0.18 * i)
        d.line([(x, y0 + h * 0.26), (x, y0 + h * 0.74)], fill=ink, width=lw)
    d.rectangle((x1 - w * 0.16, y0 + h * 0.18, x1 - w * 0.04, y0 + h * 0.82), fill=ink)


def _stalled(d: Draw, b: Box, ink: RGB) -> None:
    _railhead(d, b, ink)
    d.line([(b[0], b[3]), (b[2], b[1])], fill=ink, width=_w(b, 0.1))


def _train(d: Draw, b: Box, ink: RGB) -> None:
    """A steam locomotive, side view."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.rectangle((x0 + w * 0.05, y0 + h * 0.38, x0 + w * 0.62, y0 + h * 0.72), fill=ink)  # boiler
    d.rectangle((x0 + w * 0.6, y0 + h * 0.2, x1 - w * 0.05, y0 + h * 0.72), fill=ink)  # cab
    d.rectangle((x0 + w * 0.12, y0 + h * 0.18, x0 + w * 0.24, y0 + h * 0.4), fill=ink)  # chimney
    for cx in (0.18, 0.4, 0.62, 0.84):
        r = h * 0.11
        x = x0 + w * cx
        d.ellipse((x - r, y0 + h * 0.74, x + r, y0 + h * 0.74 + 2 * r), fill=ink)


def _ruins(d: Draw, b: Box, ink: RGB) -> None:
    """Ruined buildings: broken walls."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.polygon([(x0, y1), (x0, y0 + h * 0.3), (x0 + w * 0.14, y0 + h * 0.45), (x0 + w * 0.24, y0 + h * 0.2),
               (x0 + w * 0.36, y0 + h * 0.5), (x0 + w * 0.46, y1)], fill=ink)
    d.polygon([(x0 + w * 0.52, y1), (x0 + w * 0.52, y0 + h * 0.12), (x0 + w * 0.7, y0 + h * 0.3),
               (x0 + w * 0.8, y0 + h * 0.05), (x1, y0 + h * 0.4), (x1, y1)], fill=ink)
    for k in range(3):
        d.rectangle((x0 + w * (0.6 + 0.12 * k), y0 + h * 0.5, x0 + w * (0.66 + 0.12 * k), y0 + h * 0.62),
                    fill=(255, 255, 255))


def _retreat(d: Draw, b: Box, ink: RGB) -> None:
    """Two arrows falling back (to the left and down)."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.1)
    for dy in (0.3, 0.7):
        y = y0 + h * dy
        d.line([(x1, y), (x0 + w * 0.2, y)], fill=ink, width=lw)
        d.polygon([(x0, y), (x0 + w * 0.28, y - h * 0.15), (x0 + w * 0.28, y + h * 0.15)], fill=ink)


def _skull(d: Draw, b: Box, ink: RGB) -> None:
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    r = (b[2] - b[0]) * 0.38
    d.ellipse((cx - r, cy - r, cx + r, cy + r * 0.7), fill=ink)
    d.rectangle((cx - r * 0.55, cy + r * 0.3, cx + r * 0.55, cy + r * 1.0), fill=ink)
    paper = (255, 255, 255) if sum(ink) < 380 else (0, 0, 0)
    for ex in (-0.42, 0.42):
        d.ellipse((cx + r * ex - r * 0.28, cy - r * 0.2, cx + r * ex + r * 0.28, cy + r * 0.32), fill=paper)


def _encircled(d: Draw, b: Box, ink: RGB) -> None:
    """Isolated: a ring closing round a dot."""
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    r = (b[2] - b[0]) / 2
    lw = _w(b, 0.1)
    d.ellipse((cx - r * 0.9, cy - r * 0.9, cx + r * 0.9, cy + r * 0.9), outline=ink, width=lw)
    for k in range(8):
        a = k * math.pi / 4
        d.line([(cx + math.cos(a) * r * 0.9, cy + math.sin(a) * r * 0.9),
                (cx + math.cos(a) * r * 0.62, cy + math.sin(a) * r * 0.62)], fill=ink, width=lw)
    d.ellipse((cx - r * 0.22, cy - r * 0.22, cx + r * 0.22, cy + r * 0.22), fill=ink)


def _snowflake(d: Draw, b: Box, ink: RGB) -> None:
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    r = (b[2] - b[0]) * 0.46
    lw = _w(b, 0.08)
    for k in range(3):
        a = k * math.pi / 3 + math.pi / 2
        dx, dy = math.cos(a) * r, math.sin(a) * r
        d.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], fill=ink, width=lw)
        for s in (-1, 1):
            ex, ey = cx + s * dx * 0.6, cy + s * dy * 0.6
            for t in (-0.5, 0.5):
                b2 = a + t
                d.line([(ex, ey), (ex + s * math.cos(b2) * r * 0.3, ey + s * math.sin(b2) * r * 0.3)], fill=ink,
                       width=max(1, lw - 1))


def _boat(d: Draw, b: Box, ink: RGB) -> None:
    """A river gunboat: hull, cabin and gun."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.polygon([(x0, y0 + h * 0.55), (x1, y0 + h * 0.55), (x1 - w * 0.12, y0 + h * 0.8), (x0 + w * 0.08, y0 + h * 0.8)],
              fill=ink)
    d.rectangle((x0 + w * 0.3, y0 + h * 0.35, x0 + w * 0.62, y0 + h * 0.55), fill=ink)
    d.line([(x0 + w * 0.62, y0 + h * 0.42), (x1 - w * 0.05, y0 + h * 0.3)], fill=ink, width=_w(b, 0.07))
    lw = _w(b, 0.05)
    for k in range(3):
        x = x0 + w * (0.1 + 0.3 * k)
        d.arc((x, y0 + h * 0.84, x + w * 0.25, y1 + h * 0.06), start=200, end=340, fill=ink, width=lw)


def _peak(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    d.polygon([(x0, y1), (x0 + w * 0.45, y0 + h * 0.1), (x0 + w * 0.62, y0 + h * 0.38), (x0 + w * 0.75, y0 + h * 0.25),
               (x1, y1)], fill=ink)
    paper = (255, 255, 255) if sum(ink) < 380 else (0, 0, 0)
    d.polygon([(x0 + w * 0.45, y0 + h * 0.1), (x0 + w * 0.32, y0 + h * 0.34), (x0 + w * 0.4, y0 + h * 0.3),
               (x0 + w * 0.47, y0 + h * 0.38), (x0 + w * 0.55, y0 + h * 0.26)], fill=paper)


def _plus(d: Draw, b: Box, ink: RGB) -> None:
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    r, t = (b[2] - b[0]) * 0.42, (b[2] - b[0]) * 0.13
    d.rectangle((cx - r, cy - t, cx + r, cy + t), fill=ink)
    d.rectangle((cx - t, cy - r, cx + t, cy + r), fill=ink)


def _drops(d: Draw, b: Box, ink: RGB) -> None:
    """Mud: puddles and drops."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    for cx, cy, r in ((0.3, 0.3, 0.12), (0.65, 0.2, 0.1), (0.5, 0.5, 0.11)):
        x, y = x0 + w * cx, y0 + h * cy
        d.polygon([(x, y - h * r * 1.8), (x + w * r, y), (x - w * r, y)], fill=ink)
        d.ellipse((x - w * r, y - h * r, x + w * r, y + h * r), fill=ink)
    d.ellipse((x0, y0 + h * 0.72, x1, y1), fill=ink)


def _question(d: Draw, b: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    lw = _w(b, 0.14)
    d.arc((x0 + w * 0.22, y0, x1 - w * 0.22, y0 + h * 0.55), start=180, end=80, fill=ink, width=lw)
    d.line([(x0 + w * 0.55, y0 + h * 0.5), (x0 + w * 0.5, y0 + h * 0.7)], fill=ink, width=lw)
    r = lw * 0.7
    d.ellipse((x0 + w * 0.5 - r, y1 - r * 2, x0 + w * 0.5 + r, y1), fill=ink)


ICONS: MappingProxyType[str, Callable[[Draw, Box, RGB], None]] = MappingProxyType({
    "blitz": _bolt, "shock": _shock_icon, "disorganized": _disorganized, "unsupplied": _unsupplied,
    "target": _target, "counterblow": _counterblow, "control": _control, "game_turn": _game_turn,
    "event_vp": _event_vp, "support": _support, "defense_works": _defense_works,
    "scorched_earth": _scorched_earth, "strategic_reserve": _strategic_reserve,
    "solitaire_attack": _solitaire_attack, "solitaire_defend": _solitaire_defend, "high_tide": _high_tide,
    "weather": _weather, "iron_cross": _iron_cross_icon, "red_star": _red_star_icon,
    "fortification": _fortification, "construction": _construction, "arrow": _arrow, "hollow_arrow": _hollow_arrow,
    "railhead": _railhead, "railhead_stalled": _stalled, "train": _train, "ruins": _ruins, "retreat": _retreat,
    "skull": _skull, "encircled": _encircled, "snowflake": _snowflake, "boat": _boat, "peak": _peak,
    "plus": _plus, "drops": _drops, "question": _question, "none": lambda d, b, ink: None,
})


def icon(d: Draw, box: Box, name: str, ink: RGB) -> None:
    """Draw the built-in marker icon ``name``."""
    if name not in ICONS:
        raise DataError("markers.csv", f"no icon drawn for '{name}' (known: {', '.join(sorted(ICONS))})",
                        key="icon")
    ICONS[name](d, box, ink)


def _look(style, table: str, name: str, built_in, error: DataError):
    look = style.table(f"{table}.{name}")
    if look:
        return look
    if name in built_in:
        return {"draw": name}
    raise error


def icon_look(style, name: str):
    """How marker icon ``name`` (``MarkerFace.icon``) is drawn: style ``icons.<name>`` (``draw``: a built-in icon,
    ``file``: a PNG/SVG of the game, ``text``: a short label; ``backdrop = "disc"``), else the built-in icon of that
    name; a name with neither is a DataError."""
    return _look(style, "icons", name, ICONS, DataError(
        "markers.csv", f"no icon drawn for '{name}' (add [icons.{name}] to style.toml: draw = one of "
                       f"{', '.join(sorted(ICONS))}, or file, or text)", key="icon"))


def symbol_look(style, name: str):
    """How unit symbol ``name`` (``UnitType.symbol``) is drawn: style ``symbols.<name>`` (``draw``: a built-in NATO
    symbol, ``file``: a PNG/SVG of the game, ``label``: a few letters under it, ``frame = false``), else the
    built-in NATO symbol of that name; a name with neither is a DataError."""
    return _look(style, "symbols", name, NATO, DataError(
        "game.toml", f"no NATO symbol drawn for '{name}' (known: {', '.join(sorted(NATO))}; or add [symbols.{name}] "
                     "to style.toml with draw or file)", key="unit_types.*.symbol"))
