"""Printer's marks in vector: cut lines through a grid of items, crop marks outside a block, fold lines, page
headers. Each takes the cut rectangles of what is on the page, so marks always follow the layout."""

from __future__ import annotations

from typing import Iterable

from .imposition import Rect
from .pdf import GREY, Canvas

CUT_WIDTH = 0.1  # mm: thin enough to vanish in the cut, dark enough to follow


def _edges(rects: Iterable[Rect]) -> tuple[list[float], list[float], Rect]:
    rects = list(rects)
    xs = sorted({round(v, 4) for r in rects for v in (r.x0, r.x1)})
    ys = sorted({round(v, 4) for r in rects for v in (r.y0, r.y1)})
    block = Rect(min(r.x0 for r in rects), min(r.y0 for r in rects), max(r.x1 for r in rects),
                 max(r.y1 for r in rects))
    return xs, ys, block


def cut_lines(canvas: Canvas, rects: Iterable[Rect], page: tuple[float, float], overrun: float = 3.0) -> None:
    """A full-length line along every cut edge of a grid, running ``overrun`` mm past the block (for a ruler and
    a craft knife, or a rotary trimmer)."""
    rects = list(rects)
    if not rects:
        return
    xs, ys, b = _edges(rects)
    for x in xs:
        canvas.line(x, b.y0 - overrun, x, b.y1 + overrun, CUT_WIDTH)
    for y in ys:
        canvas.line(b.x0 - overrun, y, b.x1 + overrun, y, CUT_WIDTH)


def crop_marks(canvas: Canvas, rects: Iterable[Rect], page: tuple[float, float], gap: float = 1.0,
               length: float = 5.0, edge: float = 2.0) -> None:
    """Crop marks outside a block of touching items: one short line per cut edge on each side of the block,
    ``gap`` mm away from it, at most ``length`` long and ``edge`` mm clear of the paper's edge."""
    rects = list(rects)
    if not rects:
        return
    xs, ys, b = _edges(rects)
    top, bottom = b.y0 - gap, b.y1 + gap
    left, right = b.x0 - gap, b.x1 + gap
    for x in xs:
        canvas.line(x, top, x, max(edge, top - length), CUT_WIDTH)
        canvas.line(x, bottom, x, min(page[1] - edge, bottom + length), CUT_WIDTH)
    for y in ys:
        canvas.line(left, y, max(edge, left - length), y, CUT_WIDTH)
        canvas.line(right, y, min(page[0] - edge, right + length), y, CUT_WIDTH)


def fold_line(canvas: Canvas, x: float, page: tuple[float, float], margin: float) -> None:
    canvas.line(x, margin, x, page[1] - margin * 0.6, 0.2, GREY, dash=3.0)
    canvas.text(x, page[1] - margin * 0.25, "fold", 6, align="centre", colour=GREY)


HEADER_MIN_Y = 5.5  # mm from the paper's top edge: lower baselines fall in many printers' unprintable border


def header(canvas: Canvas, page: tuple[float, float], margin: float, y: float, left: str, right: str = "") -> None:
    """One line of text with its baseline at ``y``: what the page is (left) and how to print it (right);
    nothing when ``y`` is too close to the paper's edge."""
    if y < HEADER_MIN_Y:
        return
    canvas.text(margin, y, left, 7, bold=True)
    if right:
        canvas.text(page[0] - margin, y, right, 6.5, align="right", colour=GREY)
