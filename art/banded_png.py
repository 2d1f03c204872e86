"""A PNG encoded in horizontal bands, for a large image that changes in a few places between builds (the contact
sheet: a changed counter changes a few of its rows).

The image data of a PNG is one zlib stream, so with an ordinary encoder a change near the top changes every
compressed byte after it, and the whole image is compressed again (a third of a second for the 2400-pixel contact
sheet). Here each band of :data:`BAND_ROWS` rows is filtered and compressed on its own:

* the first row of a band uses PNG filter 1 (*Sub*: each byte less the byte one pixel to its left) and the others
  filter 2 (*Up*: less the byte above), so a band's filtered bytes depend on its own rows alone;
* each band is a run of raw deflate blocks ended by a full flush (byte-aligned, no reference back into an earlier
  band), so the zlib stream is the zlib header, the bands' blocks one after another, an empty final block and the
  Adler-32 of all the filtered bytes (combined from the bands' own, as zlib's ``adler32_combine`` does).

Any PNG reader decodes it (``tests/test_rebuild_parts.py`` compares the decoded pixels). The compressed bands of the
last images encoded are kept in this process by their raw pixel bytes (the key is the bytes themselves, with the
width, mode and level: nothing else goes into a band), so encoding the next version of the image compresses only the
bands whose pixels changed. The bytes are the same whichever bands were kept: a rebuild and a clean build agree.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

import numpy as np
from PIL import Image

from games.kept import on_forget

BAND_ROWS = 32
MODES = {"L": (0, 1), "LA": (4, 2), "RGB": (2, 3), "RGBA": (6, 4)}  # Pillow mode -> (PNG colour type, bytes a pixel)
ADLER_BASE = 65521
MAX_KEPT_BYTES = 96 * 1024 * 1024  # raw band bytes kept between encodes (a few sheets' worth)
SUB, UP = 1, 2


@dataclass(frozen=True)
class Band:
    deflated: bytes  # raw deflate blocks ending in a full flush
    adler: int  # Adler-32 of the band's filtered bytes
    length: int  # their count


_kept: dict[tuple, Band] = {}  # (width, mode, level, raw rows) -> the band, in the order last used
on_forget(_kept.clear)  # (kept by raw bytes, least recently used first out: not a games.kept table)


def supported(img: Image.Image) -> bool:
    return img.mode in MODES


def _filtered(raw: bytes, rows: int, stride: int, bpp: int) -> bytes:
    """The band's rows filtered: the first by Sub, the others by Up; each row led by its filter type byte."""
    pixels = np.frombuffer(raw, dtype=np.uint8).reshape(rows, stride)
    out = np.empty((rows, stride + 1), dtype=np.uint8)
    out[:, 0] = UP
    out[0, 0] = SUB
    out[0, 1:bpp + 1] = pixels[0, :bpp]
    np.subtract(pixels[0, bpp:], pixels[0, :-bpp], out=out[0, bpp + 1:])  # (uint8: modulo 256, as PNG says)
    np.subtract(pixels[1:], pixels[:-1], out=out[1:, 1:])
    return out.tobytes()


def _band(raw: bytes, rows: int, stride: int, bpp: int, level: int) -> Band:
    data = _filtered(raw, rows, stride, bpp)
    z = zlib.compressobj(level, zlib.DEFLATED, -15)
    return Band(z.compress(data) + z.flush(zlib.Z_FULL_FLUSH), zlib.adler32(data), len(data))


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from theirs (zlib's ``adler32_combine``)."""
    rem = second_length % ADLER_BASE
    s1 = (first & 0xFFFF) + (second & 0xFFFF) + ADLER_BASE - 1
    s2 = (rem * (first & 0xFFFF)) % ADLER_BASE + (first >> 16) + (second >> 16) + ADLER_BASE - rem
    return (s1 % ADLER_BASE) | ((s2 % ADLER_BASE) << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def png_bytes(img: Image.Image, level: int) -> bytes:
    """``img`` (mode L, LA, RGB or RGBA) as a PNG, its bands compressed at zlib ``level``; no metadata (the same
    pixels give the same bytes)."""
    colour_type, bpp = MODES[img.mode]
    width, height = img.size
    stride = width * bpp
    raw = img.tobytes()
    bands = []
    for top in range(0, height, BAND_ROWS):
        rows = min(BAND_ROWS, height - top)
        part = raw[top * stride:(top + rows) * stride]
        key = (width, img.mode, level, part)
        band = _kept.pop(key, None)
        if band is None:
            band = _band(part, rows, stride, bpp, level)
        _kept[key] = band  # (moved to the end: the most recently used)
        bands.append(band)
    _bound()
    adler = 1
    for band in bands:
        adler = adler32_combine(adler, band.adler, band.length)
    header = bytes((0x78, 0x9C))  # deflate, 32 KB window; the level field is informational only
    idat = b"".join([header, *(b.deflated for b in bands), zlib.compressobj(level, zlib.DEFLATED, -15).flush(),
                     struct.pack(">I", adler)])
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def _bound() -> None:
    """Forget the least recently used bands beyond :data:`MAX_KEPT_BYTES` of raw bytes."""
    total = sum(len(k[3]) for k in _kept)
    for key in list(_kept):
        if total <= MAX_KEPT_BYTES:
            break
        total -= len(key[3])
        del _kept[key]
