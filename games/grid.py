"""A game's hex ids and pixel layout, tied to VASSAL's grid so that art, module and log reader agree.

Hex ids are the game's offset coordinates, column first, numbered from ``first_column`` and ``first_row`` (1 unless
the grid says otherwise): with 2 digits per part, ``0512`` is column 5 (west to east), row 12 (north to south). For
a pointy-topped grid VASSAL's ``sideways`` HexGrid swaps its axes, so the id is produced by a numbering with
``first="V"`` (VASSAL's "row" is our column there); :meth:`Layout.numbering` builds exactly that (its ``hOff`` and
``vOff`` are the first column and row), and :func:`tests.test_grid` checks that VASSAL's ``locationName`` of every hex
centre is its id.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property

from .hexgrid import SQRT3, Hex, corner_offsets, from_offset, to_offset
from .model import GridSpec
from .vassal_grid import Point, VassalHexGrid, VassalHexNumbering


@dataclass(frozen=True)
class HexIds:
    """Hex id ↔ axial coordinate for a :class:`GridSpec`."""

    spec: GridSpec

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        d = self.spec.id_digits
        return re.compile(r"([0-9]{%d})([0-9]{%d})" % (d, d))

    def id_of(self, h: Hex) -> str:
        col, row = to_offset(h, self.spec.orientation, self.spec.offset)
        d = self.spec.id_digits
        return f"{col + self.spec.first_column:0{d}d}{row + self.spec.first_row:0{d}d}"

    def hex_of(self, hex_id: str) -> Hex:
        """The axial hex of an id; ValueError if the id is not well formed."""
        m = self._pattern.fullmatch(hex_id)
        if not m:
            raise ValueError(f"not a hex id: {hex_id[:20]!r} (expected {2 * self.spec.id_digits} digits, column then "
                             "row)")
        col, row = int(m.group(1)) - self.spec.first_column, int(m.group(2)) - self.spec.first_row
        return from_offset(col, row, self.spec.orientation, self.spec.offset)

    def offset_of(self, h: Hex) -> tuple[int, int]:
        return to_offset(h, self.spec.orientation, self.spec.offset)


@dataclass(frozen=True)
class Layout:
    """Where hexes sit in board pixels, for a hex of ``hex_width`` pixels flat-to-flat whose (col 0, row 0) centre
    is at ``origin``. Centres are VASSAL's integer centres; polygons use exact float geometry for drawing."""

    spec: GridSpec
    hex_width: float
    origin: tuple[int, int]

    @classmethod
    def module(cls, spec: GridSpec, scale: float = 1.0) -> Layout:
        """The module board's layout, optionally scaled (e.g. 300 dpi print uses the same proportions)."""
        ox, oy = spec.module_origin
        return cls(spec, spec.module_hex_width * scale, (round(ox * scale), round(oy * scale)))

    @property
    def row_spacing(self) -> float:
        """Distance between rows (pointy) or columns (flat) of centres."""
        return self.hex_width * SQRT3 / 2

    # -- VASSAL --
    @cached_property
    def _stagger_shift(self) -> int:
        # VASSAL shifts odd raw columns; with "even" offset our index 0 must be an odd raw column.
        return 0 if self.spec.offset == "odd" else 1

    @cached_property
    def vassal_grid(self) -> VassalHexGrid:
        k = self._stagger_shift
        dx, dy = self.row_spacing, float(self.hex_width)
        ox, oy = self.origin
        if self.spec.orientation == "pointy":
            # rotated frame: VASSAL's x axis is our y axis
            return VassalHexGrid(dx=dx, dy=dy, x0=oy - math.trunc(k * dx), y0=ox, sideways=True)
        return VassalHexGrid(dx=dx, dy=dy, x0=ox - math.trunc(k * dx), y0=oy, sideways=False)

    def numbering(self, board_width: int = 0, board_height: int = 0) -> VassalHexNumbering:
        k = self._stagger_shift
        lead = self.spec.id_digits - 1
        first_col, first_row = self.spec.first_column, self.spec.first_row
        if self.spec.orientation == "pointy":
            # VASSAL column = our row (+k), VASSAL row = our column; ids are column first -> first="V"
            return VassalHexNumbering(
                self.vassal_grid, first="V", h_off=first_row - k, v_off=first_col, h_leading=lead, v_leading=lead,
                stagger=False, board_width=board_width, board_height=board_height,
            )
        return VassalHexNumbering(
            self.vassal_grid, first="H", h_off=first_col - k, v_off=first_row, h_leading=lead, v_leading=lead,
            stagger=False, board_width=board_width, board_height=board_height,
        )

    # -- geometry --
    def _raw(self, h: Hex) -> tuple[int, int]:
        col, row = to_offset(h, self.spec.orientation, self.spec.offset)
        if self.spec.orientation == "pointy":
            return row + self._stagger_shift, col
        return col + self._stagger_shift, row

    def centre(self, h: Hex) -> Point:
        """VASSAL's integer centre of a hex (what a snapped piece position is)."""
        return self.vassal_grid.raw_centre(*self._raw(h))

    def centre_f(self, h: Hex) -> tuple[float, float]:
        """Exact (float) centre, for drawing seamless shapes."""
        col, row = to_offset(h, self.spec.orientation, self.spec.offset)
        w, s = self.hex_width, self.row_spacing
        ox, oy = self.origin
        odd_shift = (row & 1) if self.spec.offset == "odd" else 1 - (row & 1)
        if self.spec.orientation == "pointy":
            return ox + w * (col + 0.5 * odd_shift), oy + s * row
        odd_shift = (col & 1) if self.spec.offset == "odd" else 1 - (col & 1)
        return ox + s * col, oy + w * (row + 0.5 * odd_shift)

    def polygon(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.centre_f(h)
        return [(cx + dx, cy + dy) for dx, dy in corner_offsets(self.hex_width, self.spec.orientation)]

    def hex_at(self, p: Point) -> Hex:
        """The hex whose VASSAL cell contains board point ``p`` (snap, then read the raw indices)."""
        g = self.vassal_grid
        s = g.snap(p)
        nx, ny = g.raw_column(s), g.raw_row(s)
        if self.spec.orientation == "pointy":
            row, col = nx - self._stagger_shift, ny
        else:
            col, row = nx - self._stagger_shift, ny
        return from_offset(col, row, self.spec.orientation, self.spec.offset)
