"""The SHA-256 of a file's bytes, remembered in this process while the file's size, mtime and inode stay the same: a
build asks again and again for the hashes of the same inputs (a game's files, the engine jar), most of them unchanged
since it last asked."""

from __future__ import annotations

import hashlib
import os

_known: dict[str, tuple[tuple[int, int, int], str]] = {}


def file_sha256(path: str, st: os.stat_result | None = None) -> str:
    """The hex SHA-256 of the regular file ``path`` (``st``: its stat, when the caller already has it), read in 1 MB
    chunks."""
    st = st or os.stat(path)
    sig = (st.st_size, st.st_mtime_ns, st.st_ino)
    known = _known.get(path)
    if known is not None and known[0] == sig:
        return known[1]
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    _known[path] = (sig, h.hexdigest())
    return h.hexdigest()
