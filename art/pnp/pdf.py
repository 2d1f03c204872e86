"""Deterministic PDF documents with fpdf2: fixed metadata, lossless images, and drawing helpers in millimetres.

Images are embedded from Pillow images as Flate-compressed raw pixels (fpdf2's ``FlateDecode`` filter; never
JPEG), each at the size that gives it the effective resolution asked for. The creation date and producer are fixed
and the file identifier is a hash of the content, so the same inputs give byte-identical files. Text uses the
bundled DejaVu fonts (embedded as subsets). Every placed item also gets a line of invisible text naming it, so a
reader can search the PDF for a counter and the tests can check what went where (``pdftotext -bbox``).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime, timezone

from fpdf import FPDF
from fpdf.image_datastructures import RasterImageInfo
from PIL import Image

from games.kept import Kept

from ..style import FONT_DIR
from .imposition import Placement

FIXED_DATE = datetime(2000, 1, 1, tzinfo=timezone.utc)
PRODUCER = "hexforge print-and-play (fpdf2)"
INK = (0, 0, 0)
GREY = (110, 110, 110)
FONTS = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}


def new_document(title: str) -> FPDF:
    pdf = FPDF(unit="mm", format="letter")
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_producer(PRODUCER)
    pdf.set_creator("hexforge pnp")
    pdf.set_title(title)
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_image_filter("FlateDecode")
    return pdf


def use_font(pdf: FPDF, size: float, bold: bool = False) -> None:
    """Select the bundled DejaVu font, embedding it on first use (parsing a TTF takes a third of a second, so
    documents without text never load one)."""
    style = "B" if bold else ""
    if f"dejavu{style}" not in pdf.fonts:
        pdf.add_font("dejavu", style, os.path.join(FONT_DIR, FONTS[style]))
    pdf.set_font("dejavu", style, size)


def to_bytes(pdf: FPDF) -> bytes:
    return bytes(pdf.output())


MAX_ENCODED = 4096  # images whose PDF encoding is kept between documents of one process
MAX_NAMED_PIXELS = 512 * 512  # images up to this size are known by object too (counter faces, not whole blocks)
_encoded: Kept[dict] = Kept(MAX_ENCODED)  # (fpdf2's name of an image: the MD5 of its pixels, filter) -> its info


_names: Kept[tuple[Image.Image, str]] = Kept(MAX_ENCODED)  # id of an image -> (the image, its name): unchanged faces


def _pixels_name(img: Image.Image) -> str:
    """The name fpdf2 gives a Pillow image in a document (the MD5 of its pixel bytes): the same pixels are the same
    image, so their Flate-compressed encoding (the costly part of placing an image) is made once per process and
    copied into each later document's image cache as fpdf2 would have made it (same bytes out). An image placed
    again as the same object (a counter face kept by the build cache) is not hashed again: it is never drawn on
    after it is made, and the entry holds it, so its id is not reused."""
    known = _names.get(id(img))
    if known is not None and known[0] is img:
        return known[1]
    name = hashlib.md5(img.tobytes(), usedforsecurity=False).hexdigest()
    if img.width * img.height <= MAX_NAMED_PIXELS:  # (a sheet's block image is made afresh each time: not kept)
        _names.put(id(img), (img, name))
    return name


@dataclass(frozen=True)
class Canvas:
    """Drawing on the current page of ``pdf``, everything moved by (dx, dy) mm (the back-side calibration)."""

    pdf: FPDF
    dx: float = 0.0
    dy: float = 0.0

    def image(self, img: Image.Image, x: float, y: float, w: float, h: float) -> None:
        """``img`` (RGB) into the box (x, y, w, h)."""
        images = self.pdf.image_cache.images
        key = (_pixels_name(img), self.pdf.image_cache.image_filter)
        known = _encoded.get(key)
        if known is not None and key[0] not in images:  # encoded by an earlier document of this process
            images[key[0]] = RasterImageInfo({**known, "i": len(images) + 1, "usages": 0, "iccp_i": None})
        fresh = key[0] not in images
        self.pdf.image(img, x=x + self.dx, y=y + self.dy, w=w, h=h)
        info = images.get(key[0])
        if fresh and info is not None and info.get("iccp_i") is None and info.get("usages") == 1:
            _encoded.put(key, {k: v for k, v in info.items() if k not in ("i", "usages", "iccp_i", "obj_id")})

    def line(self, x0: float, y0: float, x1: float, y1: float, width: float = 0.1, colour=INK,
             dash: float = 0.0) -> None:
        pdf = self.pdf
        pdf.set_draw_color(*colour)
        pdf.set_line_width(width)
        pdf.set_dash_pattern(dash, dash * 0.6 if dash else 0)
        pdf.line(x0 + self.dx, y0 + self.dy, x1 + self.dx, y1 + self.dy)
        pdf.set_dash_pattern()

    def circle(self, cx: float, cy: float, r: float, width: float = 0.15, colour=INK, fill=None) -> None:
        pdf = self.pdf
        pdf.set_draw_color(*colour)
        pdf.set_line_width(width)
        if fill is not None:
            pdf.set_fill_color(*fill)
        pdf.circle(cx + self.dx, cy + self.dy, r, style="DF" if fill is not None else "D")

    def rect(self, x: float, y: float, w: float, h: float, fill=None, colour=INK, width: float = 0.1) -> None:
        pdf = self.pdf
        pdf.set_draw_color(*colour)
        pdf.set_line_width(width)
        if fill is not None:
            pdf.set_fill_color(*fill)
        pdf.rect(x + self.dx, y + self.dy, w, h, style="DF" if fill is not None else "D")

    def text(self, x: float, y: float, text: str, size: float = 7.0, bold: bool = False, align: str = "left",
             colour=INK) -> float:
        """``text`` with its baseline at y, starting (left), centred (centre) or ending (right) at x; its width."""
        pdf = self.pdf
        use_font(pdf, size, bold)
        pdf.set_text_color(*colour)
        w = pdf.get_string_width(text)
        x0 = {"left": x, "centre": x - w / 2, "right": x - w}[align]
        pdf.text(x0 + self.dx, y + self.dy, text)
        return w

    def paragraph(self, x: float, y: float, w: float, text: str, size: float = 7.0, bold: bool = False,
                  colour=INK) -> float:
        """``text`` word-wrapped to ``w`` mm, its first line's top at y; returns the y below it."""
        pdf = self.pdf
        use_font(pdf, size, bold)
        pdf.set_text_color(*colour)
        pdf.set_xy(x + self.dx, y + self.dy)
        pdf.multi_cell(w, size * 0.45, text, align="L")
        return pdf.get_y() - self.dy

    def name(self, p: Placement) -> None:
        """The placement's label as invisible text at its centre (a core font: labels are ASCII)."""
        pdf = self.pdf
        with pdf.local_context(text_mode="INVISIBLE"):
            pdf.set_font("helvetica", "", 1)
            pdf.set_font_size(min(4.0, 0.8 * p.w / pdf.get_string_width(p.label)))  # inside its item
            w = pdf.get_string_width(p.label)
            pdf.text(p.cx + self.dx - w / 2, p.cy + self.dy + pdf.font_size * 0.3, p.label)  # centred on the item

    def cross(self, x: float, y: float, r: float, width: float = 0.12) -> None:
        """A registration cross in a circle, black on a white halo so it shows on any art."""
        for colour, wd in (((255, 255, 255), width * 3), (INK, width)):
            self.line(x - r * 1.5, y, x + r * 1.5, y, wd, colour)
            self.line(x, y - r * 1.5, x, y + r * 1.5, wd, colour)
            self.circle(x, y, r, wd, colour)
