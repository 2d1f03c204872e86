"""Paper sizes, printed lengths and the options of a print-and-play set. Every length is in millimetres.

A4 is ISO 216's 210 x 297 mm, which PDF writes as 595.28 x 841.89 pt (2 decimals, as fpdf2, poppler and most
tools round it) rather than the integer 595 x 842 pt: the duplex flip mirrors each back about the centre of the
page, so a MediaBox 0.28 pt (0.1 mm) narrower than the sheet would move that axis by 0.05 mm, half of the 0.1 mm
alignment budget. Letter is exactly 612 x 792 pt.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

MM_PER_IN = 25.4
PT_PER_MM = 72 / MM_PER_IN

PAPERS: dict[str, tuple[float, float]] = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}  # portrait, mm
DUPLEX_MODES = ("long", "short", "fold")
COUNTER_LAYOUTS = ("gutter", "shared")  # each counter cut on its own lines, a gutter between / butted, one cut a line
MAX_BACK_OFFSET_MM = 6.0  # larger readings are a misread calibration page, not a printer


class OptionError(ValueError):
    """A print option the user typed that cannot be used (reported on one line, exit code 2)."""


def px_for(mm: float, dpi: float) -> int:
    """Pixels needed to print ``mm`` at ``dpi`` or more (never fewer: images stay at or above ``dpi``)."""
    return math.ceil(mm / MM_PER_IN * dpi - 1e-6)


_LENGTH = re.compile(r"\s*(\d+(?:\.\d+)?|\d+/\d+)\s*(in|mm)\s*")


def parse_length(text: str, what: str = "length") -> float:
    """``"5/8in"``, ``"0.5in"``, ``"16mm"`` -> millimetres."""
    m = _LENGTH.fullmatch(text or "")
    if not m or m.group(1).endswith("/0"):
        raise OptionError(f"{what}: expected a length such as 5/8in, 1/2in or 16mm, got {text!r}")
    value = float(Fraction(m.group(1)))
    return value * MM_PER_IN if m.group(2) == "in" else value


def parse_offset(text: str) -> tuple[float, float]:
    """``"X,Y"`` in millimetres (the calibration page's reading) -> (x, y)."""
    parts = (text or "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise OptionError(f"--back-offset: expected X,Y in mm as read on the calibration page (e.g. 0.5,-1), "
                          f"got {text!r}") from None
    return x, y


def length_name(mm: float) -> str:
    """A printed size as players say it: 5/8 in, 1/2 in, 16 mm."""
    inches = Fraction(mm / MM_PER_IN).limit_denominator(16)
    if abs(float(inches) * MM_PER_IN - mm) < 0.01:
        return f"{inches} in"
    return f"{mm:g} mm"


@dataclass(frozen=True)
class Options:
    """What the player chose (``hexforge pnp`` flags) and the fixed print parameters, in mm."""

    paper: str = "letter"
    counter_mm: float = 5 / 8 * MM_PER_IN
    duplex: str = "long"  # long | short | fold
    back_offset: tuple[float, float] = (0.0, 0.0)  # the calibration reading: moves every back by (x, y)
    back_cut_lines: bool = False
    counter_layout: str = "gutter"  # gutter | shared (counter_sheets)
    dpi: int = 300  # minimum effective resolution of every embedded image
    bleed_mm: float = 0.5  # counter art extended beyond the cut line
    gutter_mm: float = 0.6  # white between two counters' bleeds
    margin_mm: float = 10.0  # kept clear at the paper's edges (printers' unprintable border)
    card_margin_mm: float = 5.0  # cards: 3 x 3 poker cards leave 6.35 mm top and bottom on Letter
    fold_gap_mm: float = 4.0  # kept clear either side of a fold line
    tile_overlap_mm: float = 8.0  # map tiles: each overlaps its neighbour by this much
    map_hex_in: float = 1.0  # map print scale: hex width flat to flat

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise OptionError(f"--paper: expected one of {', '.join(PAPERS)}, got {self.paper!r}")
        if self.duplex not in DUPLEX_MODES:
            raise OptionError(f"--duplex: expected one of {', '.join(DUPLEX_MODES)}, got {self.duplex!r}")
        if self.counter_layout not in COUNTER_LAYOUTS:
            raise OptionError(f"--counter-layout: expected one of {', '.join(COUNTER_LAYOUTS)}, "
                              f"got {self.counter_layout!r}")
        if not 8.0 <= self.counter_mm <= 40.0:
            raise OptionError(f"--counter-size: {self.counter_mm:g} mm is outside 8-40 mm")
        x, y = self.back_offset
        if max(abs(x), abs(y)) > MAX_BACK_OFFSET_MM:
            raise OptionError(f"--back-offset: {x:g},{y:g} mm is more than the calibration scale's "
                              f"{MAX_BACK_OFFSET_MM:g} mm; read the scale where the pin hole is")

    @property
    def page(self) -> tuple[float, float]:
        """The portrait page, (width, height) in mm."""
        return PAPERS[self.paper]
