"""Pixel size of a board image from its first bytes (PNG, GIF, JPEG, SVG), so that boards can be laid out without
Pillow. VASSAL takes a board's size from its image (``Board.bounds``)."""

from __future__ import annotations

import re
import struct

_SVG_LENGTH = re.compile(rb'\b(width|height)\s*=\s*["\']\s*([0-9.]+)\s*(px)?\s*["\']')


MAX_SIDE = 1 << 20  # pixels: a side larger than this (or zero) is a damaged header, not an image


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) in pixels, or None when the format is not recognised or the header is damaged."""
    size = _size(data)
    if size is None or not all(0 < side <= MAX_SIDE for side in size):
        return None
    return size


def _size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return struct.unpack("<HH", data[6:10])
    if data[:2] == b"\xff\xd8":
        return _jpeg_size(data)
    head = data[:4096].lstrip()
    if head.startswith((b"<?xml", b"<svg", b"<!--")) and b"<svg" in head:
        svg = head[head.index(b"<svg"):]
        svg = svg[:svg.find(b">") + 1] if b">" in svg else svg
        try:
            found = {m.group(1): float(m.group(2)[:16]) for m in _SVG_LENGTH.finditer(svg)}
        except ValueError:  # "1.2.3"
            return None
        if b"width" in found and b"height" in found:
            return int(round(found[b"width"])), int(round(found[b"height"]))
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        i += 2 + length
    return None
