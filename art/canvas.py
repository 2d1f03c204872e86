"""Drawing primitives shared by every renderer: bundled fonts, text that must fit its panel, deterministic PNGs.

Text is laid out first (:func:`fit_text` returns :class:`Label` records with their bounding boxes and the panel
they must stay in), then drawn; tests check the same labels, so "nothing clipped" is checked on what is drawn.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from games import DataError

from .style import RGB, Style, font_path


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


class TextOverflow(DataError):
    """Text that does not fit its panel even at the smallest allowed size (a build error, reported on one line)."""


@lru_cache(maxsize=512)
def load_font(filename: str, px: int) -> ImageFont.FreeTypeFont:
    """A bundled font at ``px`` pixels, with Pillow's basic layout (same glyph positions on every machine)."""
    path = font_path(filename)
    try:
        return ImageFont.truetype(path, max(1, int(px)), layout_engine=ImageFont.Layout.BASIC)
    except OSError as exc:
        raise DataError("style.toml", f"font file {filename!r} cannot be read ({exc})", key="fonts") from None


def font(style: Style, role: str, px: float) -> ImageFont.FreeTypeFont:
    return load_font(style.get(f"fonts.{role}"), int(round(px)))  # (style_of checked every font name)


@dataclass(frozen=True)
class Label:
    """A line of text placed on an image: ``xy`` is its anchor point (Pillow ``anchor``), ``bbox`` the ink box."""

    text: str
    role: str
    px: int
    xy: tuple[float, float]
    anchor: str
    bbox: Box
    panel: Box
    fill: RGB = (0, 0, 0)
    stroke: int = 0
    stroke_fill: RGB | None = None

    def inside(self, slack: float = 0.5) -> bool:
        x0, y0, x1, y1 = self.bbox
        p0, q0, p1, q1 = self.panel
        return x0 >= p0 - slack and y0 >= q0 - slack and x1 <= p1 + slack and y1 <= q1 + slack


def wrap(text: str, f: ImageFont.FreeTypeFont, width: float) -> list[str] | None:
    """``text`` broken into lines at most ``width`` pixels long in font ``f`` (None if a word is longer)."""
    return _wrap(text.split(), f, width)


def _wrap(words: list[str], f: ImageFont.FreeTypeFont, width: float) -> list[str] | None:
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}" if cur else w
        if f.getlength(trial) <= width:
            cur = trial
            continue
        if not cur or f.getlength(w) > width:
            return None
        lines.append(cur)
        cur = w
    if cur:
        lines.append(cur)
    return lines


def fit_text(style: Style, text: str, panel: Box, role: str, max_px: float, min_px: float, *,
             wrap: bool = False, align: str = "centre", valign: str = "middle", fill: RGB = (0, 0, 0),
             stroke: float = 0.0, stroke_fill: RGB | None = None, line_gap: float = 0.12,
             what: str = "text") -> tuple[Label, ...]:
    """Lay ``text`` out inside ``panel`` at the largest size from ``max_px`` down to ``min_px`` that fits
    (word-wrapped when ``wrap``). Raises :class:`TextOverflow` naming ``what`` when even ``min_px`` overflows."""
    x0, y0, x1, y1 = panel
    width, height = x1 - x0, y1 - y0
    px = int(max_px)
    words = text.split()
    while px >= max(1, int(min_px)):
        f = font(style, role, px)
        sw = int(round(stroke * px))
        lines = _wrap(words, f, width - 2 * sw) if wrap else ([text] if f.getlength(text) + 2 * sw <= width else None)
        if lines:
            asc, desc = f.getmetrics()
            step = int(round((asc + desc) * (1 + line_gap)))
            total = step * (len(lines) - 1) + asc + desc
            if total + 2 * sw <= height:
                top = {"top": y0 + sw, "bottom": y1 - sw - total}.get(valign, y0 + (height - total) / 2)
                ax = {"left": (x0 + sw, "la"), "right": (x1 - sw, "ra")}.get(align, ((x0 + x1) / 2, "ma"))
                out = []
                for i, line in enumerate(lines):
                    y = top + i * step
                    bx0, by0, bx1, by1 = f.getbbox(line, anchor=ax[1], stroke_width=sw)
                    # keep overhanging ink (a serif's foot) inside the panel's aligned edge
                    x = ax[0] + (max(0, -bx0) if align == "left" else -max(0, bx1) if align == "right" else 0)
                    out.append(Label(line, role, px, (x, y), ax[1],
                                     (x + bx0, y + by0, x + bx1, y + by1), panel, fill, sw, stroke_fill))
                if all(lb.inside() for lb in out):  # ink can overhang the advance width: check what is drawn
                    return tuple(out)
        px -= 1
    raise TextOverflow("art", f"{what} does not fit in {width:.0f}x{height:.0f} px even at {int(min_px)} px: "
                              f"{text[:60]!r}")


def draw_labels(draw: ImageDraw.ImageDraw, style: Style, labels: tuple[Label, ...] | list[Label]) -> None:
    for lb in labels:
        draw.text(lb.xy, lb.text, font=font(style, lb.role, lb.px), fill=lb.fill, anchor=lb.anchor,
                  stroke_width=lb.stroke, stroke_fill=lb.stroke_fill)


def supersample(size_px: float, work_px: float = 240.0) -> int:
    """How many times larger to draw something ``size_px`` wide so that vector shapes come out antialiased."""
    return max(1, min(4, int(round(work_px / max(size_px, 1)))))


def downsample(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    return img if img.size == size else img.resize(size, Image.Resampling.LANCZOS)


def png_bytes(img: Image.Image, style: Style) -> bytes:
    """``img`` as a PNG with fixed encoder settings and no metadata (same pixels -> same bytes)."""
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=int(style.num("png.compress_level")), optimize=False)
    return buf.getvalue()


def save_png(img: Image.Image, path: str, style: Style) -> str:
    """Write ``img`` as a PNG (:func:`png_bytes`)."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(png_bytes(img, style))
    os.replace(tmp, path)
    return path


def scaled(box: Box, k: float) -> Box:
    return box[0] * k, box[1] * k, box[2] * k, box[3] * k
