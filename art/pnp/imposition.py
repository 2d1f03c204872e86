"""Where fronts and backs go on the paper: the duplex flip, the fold-over mirror, and grids of slots.

Coordinates are millimetres from the page's top-left corner, y down, each page seen from its own printed side.

* ``long``: fronts on page 2k, backs on page 2k+1; the sheet turns over about its long (vertical) edge, so the
  back of a point (x, y) is printed at (W - x, y).
* ``short``: the sheet turns over about its short (horizontal) edge: the back is printed at (x, H - y) and turned
  180 degrees, so a cut counter still shows its back upright when turned over sideways.
* ``fold``: one page per sheet; fronts in the left half, backs mirrored about the vertical fold line at W / 2,
  i.e. also at (W - x, y) but on the same page.

The calibration reading (``--back-offset X,Y``) moves everything printed for the backs by (X, Y) in the back's own
coordinates; :meth:`Imposition.printed` gives a placement's position on the paper with it applied.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from .paper import OptionError, Options


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


@dataclass(frozen=True)
class Placement:
    """One face of one item on one page: ``cx, cy`` its centre, ``w, h`` its cut size (bleed not included)."""

    item: str  # "<kind>/<id>": unit/ger_1pz, marker/control-3, card/c01
    face: str  # "front" | "back"
    page: int  # 0-based page of the document
    cx: float
    cy: float
    w: float
    h: float
    rotation: int = 0  # degrees the art is turned (180 for the backs of short-edge duplex)

    @property
    def label(self) -> str:
        """The placement's name in the PDF text layer (searchable; the tests read it back with pdftotext)."""
        return f"{self.item}/{self.face}"

    def cut(self, dx: float = 0.0, dy: float = 0.0) -> Rect:
        return Rect(self.cx + dx - self.w / 2, self.cy + dy - self.h / 2, self.cx + dx + self.w / 2,
                    self.cy + dy + self.h / 2)


@dataclass(frozen=True)
class Imposition:
    mode: str  # long | short | fold
    page: tuple[float, float]  # every page of the document, (width, height) mm
    offset: tuple[float, float] = (0.0, 0.0)

    @property
    def pages_per_sheet(self) -> int:
        return 1 if self.mode == "fold" else 2

    def page_of(self, sheet: int, face: str) -> int:
        if self.mode == "fold":
            return sheet
        return 2 * sheet + (face == "back")

    @property
    def back_rotation(self) -> int:
        return 180 if self.mode == "short" else 0

    def back_centre(self, x: float, y: float) -> tuple[float, float]:
        """Where the back of a front point (x, y) is printed, before the calibration offset."""
        w, h = self.page
        return (x, h - y) if self.mode == "short" else (w - x, y)

    def shift(self, face: str) -> tuple[float, float]:
        """The translation of everything printed for ``face``: the calibration offset for backs."""
        return self.offset if face == "back" else (0.0, 0.0)

    def printed(self, p: Placement) -> tuple[float, float]:
        """A placement's centre on the paper, calibration offset applied."""
        dx, dy = self.shift(p.face)
        return p.cx + dx, p.cy + dy

    def front_area(self, margin: float, fold_gap: float) -> Rect:
        """Where fronts may go: the page inside its margins, or its left half for fold-over."""
        w, h = self.page
        right = w / 2 - fold_gap if self.mode == "fold" else w - margin
        return Rect(margin, margin, right, h - margin)

    @property
    def fold_x(self) -> float | None:
        return self.page[0] / 2 if self.mode == "fold" else None


def grid_slots(area: Rect, cell: tuple[float, float], pitch: tuple[float, float]) -> list[list[tuple[float, float]]]:
    """Rows of slot centres for ``cell``-sized items ``pitch`` apart, the block centred in ``area``."""
    cols = max(0, math.floor((area.w - cell[0]) / pitch[0] + 1e-9) + 1) if area.w >= cell[0] else 0
    rows = max(0, math.floor((area.h - cell[1]) / pitch[1] + 1e-9) + 1) if area.h >= cell[1] else 0
    bw, bh = (cols - 1) * pitch[0] + cell[0], (rows - 1) * pitch[1] + cell[1]
    x0 = area.x0 + (area.w - bw) / 2 + cell[0] / 2
    y0 = area.y0 + (area.h - bh) / 2 + cell[1] / 2
    return [[(x0 + c * pitch[0], y0 + r * pitch[1]) for c in range(cols)] for r in range(rows)]


def pack(groups: Sequence[Sequence[str]], rows: list[list[tuple[float, float]]]
         ) -> list[list[tuple[str, tuple[float, float]]]]:
    """Items into sheets of ``rows`` of slots, row by row; each group starts on a fresh row."""
    if not rows or not rows[0]:
        raise OptionError("the items do not fit on the page: choose a smaller --counter-size or larger --paper")
    sheets: list[list[tuple[str, tuple[float, float]]]] = [[]]
    r = c = 0
    for group in groups:
        if c:
            r, c = r + 1, 0
        for item in group:
            if r == len(rows):
                sheets.append([])
                r = c = 0
            sheets[-1].append((item, rows[r][c]))
            c += 1
            if c == len(rows[r]):
                r, c = r + 1, 0
    return sheets


@dataclass(frozen=True)
class SheetLayout:
    """Every placement of a double-sided document, and how its pages pair up."""

    imposition: Imposition
    placements: tuple[Placement, ...]
    sheets: int

    @property
    def pages(self) -> int:
        return self.sheets * self.imposition.pages_per_sheet

    def on_page(self, page: int) -> list[Placement]:
        return [p for p in self.placements if p.page == page]


def impose(groups: Sequence[Sequence[str]], cell: tuple[float, float], pitch: tuple[float, float], options: Options,
           margin: float) -> SheetLayout:
    """Fronts of ``groups`` on grids, backs where :class:`Imposition` flips them. Duplex pages are portrait;
    fold-over pages take the orientation that holds more items (portrait on a tie)."""
    w, h = options.page
    candidates = [(w, h)] if options.duplex != "fold" else [(w, h), (h, w)]
    best = None
    for page in candidates:
        imp = Imposition(options.duplex, page, options.back_offset)
        rows = grid_slots(imp.front_area(margin, options.fold_gap_mm), cell, pitch)
        capacity = sum(len(r) for r in rows)
        if best is None or capacity > best[0]:
            best = (capacity, imp, rows)
    assert best is not None
    _, imp, rows = best
    placements = []
    sheets = pack(groups, rows)
    for s, sheet in enumerate(sheets):
        for item, (x, y) in sheet:
            placements.append(Placement(item, "front", imp.page_of(s, "front"), x, y, *cell))
            bx, by = imp.back_centre(x, y)
            placements.append(Placement(item, "back", imp.page_of(s, "back"), bx, by, *cell, imp.back_rotation))
    return SheetLayout(imp, tuple(placements), len(sheets))
