"""Drawing a double-sided :class:`~art.pnp.imposition.SheetLayout`: the same for counters and cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from fpdf import FPDF
from PIL import Image

from .imposition import Placement, Rect, SheetLayout
from .marks import fold_line, header
from .paper import Options
from .pdf import Canvas

Marks = Callable[[Canvas, Iterable[Rect], tuple[float, float]], None]


@dataclass(frozen=True)
class Art:
    """An item's printed image: its cut size plus ``bleed`` pixels of art on every side."""

    image: Image.Image
    bleed: int = 0

    def scale(self, cut_mm: float) -> float:
        """Millimetres per pixel when the cut part is printed ``cut_mm`` wide."""
        return cut_mm / (self.image.width - 2 * self.bleed)


HOW_TO_PRINT = {
    "long": "print both sides, flip on long edge, actual size (100%)",
    "short": "print both sides, flip on short edge, actual size (100%)",
    "fold": "print one side at actual size, fold on the dashed line, glue, then cut",
}


def place(canvas: Canvas, p: Placement, art: Art) -> None:
    """``art`` centred on the placement, its cut part exactly ``p.w`` x ``p.h`` mm, turned by ``p.rotation``."""
    img = art.image.rotate(p.rotation) if p.rotation else art.image
    k = art.scale(p.w)
    canvas.image(img, p.cx - img.width * k / 2, p.cy - img.height * k / 2, img.width * k, img.height * k)
    canvas.name(p)


def butted_block(canvas: Canvas, placed: list[Placement], arts: dict[tuple[str, str], Art]) -> None:
    """Items that touch (their pitch is their cut size, all of one pixel size) as ONE image: every item's bleed
    first, then every item's cut part over its neighbours' bleeds, so each cut square shows only its own art and
    the bleed is left only around the block's outer edge; then each item's name."""
    first = arts[(placed[0].item, placed[0].face)]
    cut = first.image.width - 2 * first.bleed
    k = first.scale(placed[0].w)  # mm per pixel
    b = first.bleed
    x0 = min(p.cx - p.w / 2 for p in placed) - b * k
    y0 = min(p.cy - p.h / 2 for p in placed) - b * k
    corners = {p: (round((p.cx - p.w / 2 - x0) / k), round((p.cy - p.h / 2 - y0) / k)) for p in placed}
    width = max(x for x, _ in corners.values()) + cut + b
    height = max(y for _, y in corners.values()) + cut + b
    block = Image.new("RGB", (width, height), (255, 255, 255))
    images = {p: (arts[(p.item, p.face)].image.rotate(p.rotation) if p.rotation else arts[(p.item, p.face)].image)
              for p in placed}
    for p, (x, y) in corners.items():
        block.paste(images[p], (x - b, y - b))
    for p, (x, y) in corners.items():
        block.paste(images[p].crop((b, b, b + cut, b + cut)), (x, y))
    canvas.image(block, x0, y0, width * k, height * k)
    for p in placed:
        canvas.name(p)


def draw_sheets(pdf: FPDF, layout: SheetLayout, arts: dict[tuple[str, str], Art], options: Options, title: str,
                marks: Marks, butted: bool = False) -> None:
    """Every page of ``layout``: each placement's art and name (``butted``: all of a face's as one block image,
    :func:`butted_block`), ``marks`` around the fronts (and the backs with ``back_cut_lines``), a header above
    the art when there is room, and the fold line of fold-over sheets."""
    imp = layout.imposition
    for page in range(layout.pages):
        pdf.add_page(format=imp.page)
        placed = layout.on_page(page)
        sheet = page // imp.pages_per_sheet
        faces = [f for f in ("front", "back") if any(p.face == f for p in placed)]
        top = min((p.cy - arts[(p.item, p.face)].scale(p.w) * arts[(p.item, p.face)].image.height / 2
                   for p in placed), default=options.margin_mm)
        head = Canvas(pdf, *imp.shift("back" if faces == ["back"] else "front"))
        header(head, imp.page, options.margin_mm, min(options.margin_mm * 0.7, top - 2.0),
               f"{title} · sheet {sheet + 1} of {layout.sheets} · {' | '.join(f + 's' for f in faces)}",
               HOW_TO_PRINT[imp.mode])
        for face in faces:
            canvas = Canvas(pdf, *imp.shift(face))
            ps = [p for p in placed if p.face == face]
            if butted:
                butted_block(canvas, ps, arts)
            for p in ps if not butted else ():
                place(canvas, p, arts[(p.item, face)])
            if face == "front" or options.back_cut_lines:
                marks(canvas, [p.cut() for p in ps], imp.page)
        if imp.fold_x is not None:
            fold_line(Canvas(pdf), imp.fold_x, imp.page, options.margin_mm)
