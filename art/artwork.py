"""A game's own artwork files: unit-type symbols and marker icons drawn from a PNG or SVG in ``games/<id>/art/``
(style ``symbols.<name>.file`` / ``icons.<name>.file``), as a mask tinted with the counter's ink.

Files are untrusted data (SECURITY.md): the name is a plain file name in the game's ``art/`` folder, the file a
regular file of at most :data:`MAX_BYTES`; an SVG may not reference anything outside itself (no ``href`` but to
``#fragments``, no DOCTYPE or entities) and is rendered by resvg without system fonts; a PNG is decoded with a pixel
cap. What comes out is an alpha mask, so any file gives the same kind of symbol as the built-in ones.
"""

from __future__ import annotations

import io
import os
import re
from functools import lru_cache

from PIL import Image

from games import DataError
from games.datafiles import read_bytes
from games.fields import file_name_problem

MAX_BYTES = 512 * 1024  # one symbol file
MAX_PIXELS = 4_000_000  # a PNG symbol, decoded
ART_FOLDER = "art"
_OUTSIDE = re.compile(rb"""href\s*=\s*["'](?!#)|<!DOCTYPE|<!ENTITY""", re.IGNORECASE)


def file_problem(name: object) -> str | None:
    """Why ``name`` is not a usable artwork file name (a plain ``<id>.png`` or ``<id>.svg``), or None."""
    if not isinstance(name, str):
        return f"expected the name of a .png or .svg file in the game's {ART_FOLDER}/ folder, found {name!r}"
    ext = name.rpartition(".")[2]
    if ext not in ("png", "svg"):
        return f"{name[:40]!r} is not a .png or .svg file"
    return file_name_problem(name, ext, "an artwork file")


def artwork_path(root: str, name: str, key: str) -> str:
    problem = file_problem(name)
    if problem:
        raise DataError("style.toml", problem, key=key)
    return os.path.join(root, ART_FOLDER, name)


@lru_cache(maxsize=256)
def _mask(path: str, shown: str, px: int) -> Image.Image:
    data = read_bytes(path, MAX_BYTES, shown)
    if path.endswith(".svg"):
        if _OUTSIDE.search(data):
            raise DataError(shown, "an SVG symbol may not reference other files or declare entities")
        try:
            import resvg_py

            png = resvg_py.svg_to_bytes(svg_string=data.decode("utf-8"), width=px, height=px, skip_system_fonts=True)
        except (ValueError, UnicodeDecodeError) as exc:
            raise DataError(shown, f"cannot render the SVG ({str(exc)[:80]})") from None
        img = Image.open(io.BytesIO(bytes(png)))
    else:
        try:
            img = Image.open(io.BytesIO(data))
            if img.width * img.height > MAX_PIXELS:
                raise DataError(shown, f"image too large ({img.width}x{img.height} pixels)")
            img.load()
        except (OSError, Image.DecompressionBombError, ValueError) as exc:
            raise DataError(shown, f"cannot read the PNG ({str(exc)[:80]})") from None
    img = img.convert("RGBA")
    alpha = img.getchannel("A")
    if alpha.getextrema() == (255, 255):  # an opaque picture: its dark parts are the symbol
        alpha = Image.eval(img.convert("L"), lambda v: 255 - v)
    box = alpha.getbbox()
    if box is None:
        raise DataError(shown, "the symbol is empty")
    return alpha


def paste_artwork(img: Image.Image, box: tuple[float, float, float, float], root: str, name: str, ink,
                  key: str) -> None:
    """Draw the game's artwork file ``name`` into ``box`` of ``img`` in colour ``ink``, keeping its proportions
    (centred in the box)."""
    path = artwork_path(root, name, key)
    x0, y0, x1, y1 = box
    bw, bh = max(1, int(round(x1 - x0))), max(1, int(round(y1 - y0)))
    shown = f"{ART_FOLDER}/{name}"
    mask = _mask(path, shown, max(bw, bh) * 2)
    crop = mask.crop(mask.getbbox())
    k = min(bw / crop.width, bh / crop.height)
    size = (max(1, int(round(crop.width * k))), max(1, int(round(crop.height * k))))
    crop = crop.resize(size, Image.Resampling.LANCZOS)
    at = (int(round(x0 + (bw - size[0]) / 2)), int(round(y0 + (bh - size[1]) / 2)))
    img.paste(tuple(ink) if img.mode == "RGB" else (*ink, 255), (*at, at[0] + size[0], at[1] + size[1]), crop)


def check_artwork(root: str, name: object, key: str) -> DataError | None:
    """The problem with an artwork file the style names (name, file, or content), or None."""
    problem = file_problem(name)
    if problem:
        return DataError("style.toml", problem, key=key)
    try:
        _mask(os.path.join(root, ART_FOLDER, str(name)), f"{ART_FOLDER}/{name}", 64)
    except DataError as err:
        return err
    return None
