"""Deterministic zip archives (``.vmod``, ``.vsav``): sorted entries, fixed timestamps and attributes, fixed
compression per entry (PNG stored, text deflated at level 9, a save's ``savedGame`` at level 5), so two builds from
the same inputs are byte-identical (written atomically by ``games.atomic``: a failed build leaves nothing
half-written)."""

from __future__ import annotations

import io
import zipfile
from typing import Mapping

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
TEXT_LEVEL = 9
# A save's text is megabytes of hex (modgen.savegame.obfuscate): level 5 compresses a big game's set-up (2.9 MB)
# in a fifth of level 9's time (33 ms, not 180 ms, of a rebuild) into 7% more bytes (docs/benchmarks.md).
LEVELS = {"savedGame": 5}


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
            deflated = info.compress_type == zipfile.ZIP_DEFLATED
            zf.writestr(info, entries[name], compress_type=info.compress_type,
                        compresslevel=LEVELS.get(name, TEXT_LEVEL) if deflated else None)
    return buf.getvalue()
