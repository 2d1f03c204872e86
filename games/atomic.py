"""Writing an output file whole or not at all: a temporary file in the same folder, renamed into place (so a failed
build, dump or report leaves nothing half-written), readable by all (0644, as any file the user writes)."""

from __future__ import annotations

import os
import tempfile


def write_atomic(path: str, data: bytes) -> str:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then rename it into place."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=os.path.basename(path))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path
