"""The calibration page: how far the printer puts the back side off the front, measured by the player.

The front has five numbered targets; the back has, behind each, a millimetre grid centred where the back of that
target is meant to be (by the same :class:`~art.pnp.imposition.Imposition` as the counters, including any
``--back-offset`` already given). A pin pushed through a target's centre comes out on the grid: its X (right +)
and Y (down +) reading, in mm, is the value for ``--back-offset X,Y``. Printed again with that offset, the holes
land on 0,0.
"""

from __future__ import annotations

from games import Game

from .imposition import Imposition, Placement
from .marks import fold_line, header
from .paper import MAX_BACK_OFFSET_MM, Options
from .pdf import GREY, INK, Canvas, new_document, to_bytes
from .sheets import HOW_TO_PRINT

TARGET_R = 2.0  # mm, radius of a target's circle
GRID = int(MAX_BACK_OFFSET_MM)  # the grid runs from -GRID to +GRID mm on both axes
INSET = 25.0  # mm from the front area's corners to the corner targets


def calibration_imposition(options: Options) -> Imposition:
    return Imposition(options.duplex, options.page, options.back_offset)


def targets(options: Options) -> list[tuple[str, float, float]]:
    """The front targets: the centre of the front area, and four near its corners."""
    area = calibration_imposition(options).front_area(options.margin_mm, options.fold_gap_mm)
    cx, cy = (area.x0 + area.x1) / 2, (area.y0 + area.y1) / 2
    inset_x = min(INSET, area.w / 4)
    x0, x1 = area.x0 + inset_x, area.x1 - inset_x
    y0, y1 = area.y0 + INSET, area.y1 - INSET
    return [("1", x0, y0), ("2", x1, y0), ("3", cx, cy), ("4", x0, y1), ("5", x1, y1)]


def mm_grid(canvas: Canvas, x: float, y: float, name: str) -> None:
    """A millimetre grid of +-GRID mm centred on (x, y), with its axes numbered."""
    for i in range(-GRID, GRID + 1):
        colour, width = (INK, 0.18) if i == 0 else ((90, 90, 90), 0.1) if i % 5 == 0 else ((170, 170, 170), 0.06)
        canvas.line(x + i, y - GRID, x + i, y + GRID, width, colour)
        canvas.line(x - GRID, y + i, x + GRID, y + i, width, colour)
    for i in range(-GRID, GRID + 1, 2):
        canvas.text(x + i, y - GRID - 0.8, str(i), 4, align="centre", colour=GREY)
        canvas.text(x - GRID - 0.7, y + i + 0.5, str(i), 4, align="right", colour=GREY)
    canvas.text(x + GRID + 1.2, y - GRID - 0.8, "X mm →", 4.5, colour=GREY)
    canvas.text(x - GRID - 0.7, y + GRID + 3.2, "Y mm ↓", 4.5, align="right", colour=GREY)
    canvas.text(x, y + GRID + 4.0, f"target {name}", 6, bold=True, align="centre")


def instructions(game: Game, options: Options) -> list[str]:
    how = HOW_TO_PRINT[options.duplex]
    other = "the right half, after folding" if options.duplex == "fold" else "the other side"
    return [
        f"{game.title}: printer calibration",
        f"1. Print this page exactly as you print the counters: {how}.",
        "2. Push a pin straight through the centre of each numbered cross.",
        f"3. On {other}, read where each hole is on its millimetre grid: X (right +), Y (down +).",
        "4. Build the sheets with the reading of target 3, e.g.:",
        f"    hexforge pnp {game.id} --paper {options.paper} --duplex {options.duplex} --back-offset 0.5,-1",
        "    (the other targets show whether the offset changes across the page; use their average if so).",
        "5. Print this page again with that offset: every hole should now be on 0,0 (if not, add the new reading "
        "to the offset).",
        f"This print uses --back-offset {options.back_offset[0]:g},{options.back_offset[1]:g}.",
    ]


def calibration_page(game: Game, options: Options) -> bytes:
    """The calibration page as a PDF: front and back pages (duplex), or one page with both halves (fold)."""
    imp = calibration_imposition(options)
    pdf = new_document(f"{game.title} · printer calibration")
    page = options.page
    pdf.add_page(format=page)
    front = Canvas(pdf)
    header(front, page, options.margin_mm, options.margin_mm * 0.7, f"{game.title} · calibration · front",
           HOW_TO_PRINT[options.duplex])
    for name, x, y in targets(options):
        front.cross(x, y, TARGET_R)
        front.text(x + TARGET_R * 1.6, y - TARGET_R * 1.2, name, 9, bold=True)
        front.name(Placement(f"target/{name}", "front", 0, x, y, 2 * GRID, 2 * GRID))
    area = imp.front_area(options.margin_mm, options.fold_gap_mm)
    y = (area.y0 + area.y1) / 2 + 10
    for i, line in enumerate(instructions(game, options)):
        y = front.paragraph(area.x0 + INSET / 2, y, area.w - INSET, line, 8 if i == 0 else 6.5, bold=i == 0) + 0.8
    if imp.fold_x is None:
        pdf.add_page(format=page)
    back = Canvas(pdf, *imp.shift("back"))
    if imp.fold_x is None:
        header(back, page, options.margin_mm, options.margin_mm * 0.7, f"{game.title} · calibration · back",
               "read each pin hole on its grid: X right +, Y down +")
    else:
        fold_line(Canvas(pdf), imp.fold_x, page, options.margin_mm)
    for name, x, y in targets(options):
        bx, by = imp.back_centre(x, y)
        mm_grid(back, bx, by, name)
        back.name(Placement(f"target/{name}", "back", imp.page_of(0, "back"), bx, by, 2 * GRID, 2 * GRID))
    return to_bytes(pdf)
