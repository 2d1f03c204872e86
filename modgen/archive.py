"""Deterministic zip archives (``.vmod``, ``.vsav``): sorted entries, fixed timestamps and attributes, fixed
compression per entry (PNG stored, text deflated at level 9), so two builds from the same inputs are byte-identical
(written atomically by ``games.atomic``: a failed build leaves nothing half-written)."""

from __future__ import annotations

import io
import zipfile
from typing import Mapping

FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def _info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
    info.create_system = 3
    info.external_attr = 0o644 << 16
    stored = name.lower().endswith((".png", ".jpg", ".gif"))
    info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    return info


def zip_bytes(entries: Mapping[str, bytes]) -> bytes:
    """The archive of ``entries`` (name -> content), in sorted name order."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in sorted(entries):
            info = _info(name)
            zf.writestr(info, entries[name], compress_type=info.compress_type,
                        compresslevel=9 if info.compress_type == zipfile.ZIP_DEFLATED else None)
    return buf.getvalue()
