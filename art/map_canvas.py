"""Drawing a window of a picture too big to hold: the map's painters draw in the whole picture's coordinates on a
:class:`MapCanvas`, which holds only the window's pixels and moves every coordinate by the window's origin.

PIL clips what falls outside the image; a shape crossing the window's edge is drawn as PIL draws it there (its
scanline rounding differs at negative coordinates by a pixel at the edge), so a window is drawn with a margin and
the margin cut away (:func:`art.map_sheet.MapPainter.window`).
"""

from __future__ import annotations

from numbers import Number
from typing import Any, Sequence

from PIL import Image, ImageDraw


def _moved(xy: Any, dx: float, dy: float) -> Any:
    """Coordinates as ImageDraw takes them (a point, a box, a flat list, or a list of points) moved by (-dx, -dy)."""
    seq = list(xy)
    if seq and isinstance(seq[0], Number):
        return [v - (dx if i % 2 == 0 else dy) for i, v in enumerate(seq)]
    return [(p[0] - dx, p[1] - dy) for p in seq]


def _bounds(xy: Any) -> tuple[float, float, float, float]:
    seq = list(xy)
    if seq and isinstance(seq[0], Number):
        xs, ys = seq[0::2], seq[1::2]
    else:
        xs, ys = [p[0] for p in seq], [p[1] for p in seq]
    return min(xs), min(ys), max(xs), max(ys)


SHAPES = frozenset({"polygon", "line", "ellipse", "rectangle", "rounded_rectangle", "arc", "chord", "pieslice",
                    "point"})  # the ImageDraw calls that take coordinates first
PAD = 4  # pixels kept around a shape's box when deciding whether it reaches the window (antialiasing, joints)


class ShiftedDraw:
    """An ``ImageDraw`` whose coordinates are the whole picture's: each is moved by the window's origin. A shape
    whose box (grown by its line width) does not reach the window is not drawn at all: a window of a big map
    skips most of the map's shapes."""

    def __init__(self, draw: ImageDraw.ImageDraw, dx: float, dy: float):
        self._draw = draw
        self._dx = dx
        self._dy = dy
        self._w, self._h = draw.im.size

    def _misses(self, box: tuple[float, float, float, float], grow: float) -> bool:
        x0, y0, x1, y1 = box
        g = grow + PAD
        return (x1 + g < self._dx or y1 + g < self._dy or x0 - g > self._dx + self._w
                or y0 - g > self._dy + self._h)

    def _call(self, name: str, xy: Any, *args: Any, **kwargs: Any) -> Any:
        seq = list(xy)
        if seq and self._misses(_bounds(seq), float(kwargs.get("width") or 1)):
            return None
        return getattr(self._draw, name)(_moved(seq, self._dx, self._dy), *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        """The shape calls, moved; any other ``ImageDraw`` call is an AttributeError (never drawn unmoved)."""
        if name not in SHAPES:
            raise AttributeError(f"{type(self).__name__} does not move {name!r}")
        return lambda xy, *args, **kwargs: self._call(name, xy, *args, **kwargs)

    def text(self, xy, text, *args, **kwargs):
        f = kwargs.get("font")
        if f is not None and not args and hasattr(f, "getbbox"):
            stroke = kwargs.get("stroke_width", 0)
            bx0, by0, bx1, by1 = f.getbbox(text, anchor=kwargs.get("anchor"), stroke_width=stroke)
            if self._misses((xy[0] + bx0, xy[1] + by0, xy[0] + bx1, xy[1] + by1), 0):
                return None
        return self._draw.text(_moved(xy, self._dx, self._dy), text, *args, **kwargs)


class MapCanvas:
    """The pixels of ``box`` (x0, y0, x1, y1) of a picture of ``size``: ``draw`` and :meth:`paste` take the whole
    picture's coordinates; ``size`` is the whole picture's (what painters place frames and bands by)."""

    def __init__(self, size: tuple[int, int], box: Sequence[int], colour: tuple[int, int, int]):
        self.size = size
        self.box = tuple(box)
        self.image = Image.new("RGB", (box[2] - box[0], box[3] - box[1]), colour)
        plain = ImageDraw.Draw(self.image)
        self.draw: Any = plain if box[0] == 0 and box[1] == 0 else ShiftedDraw(plain, box[0], box[1])

    def clip(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """``box`` (whole-picture pixels) cut to the window's pixels, for a window; as it is for the whole picture
        (whose masks are made as they always were)."""
        if self.box == (0, 0, *self.size):
            return box
        return (max(box[0], self.box[0]), max(box[1], self.box[1]), min(box[2], self.box[2]), min(box[3], self.box[3]))

    def paste(self, colour: tuple[int, int, int], box: tuple[int, int, int, int], mask: Image.Image) -> None:
        """``Image.paste`` of a colour through ``mask`` at ``box`` (whole-picture pixels)."""
        x0, y0 = self.box[0], self.box[1]
        self.image.paste(colour, (box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0), mask)
