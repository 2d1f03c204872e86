"""Writing outputs safely: only inside the output folder, whole or not at all, never over an input (SECURITY.md).

- :func:`inside` is the one check every writer makes before it writes: the path, resolved (symbolic links
  followed), lies inside the command's output folder. Names from data are already plain names (checked at load);
  this is the second, independent guard.
- :func:`write_atomic` writes one output file (``import -o``, ``vassal-dump -o``, ``validate --html``) through a
  temporary file in the same folder, renamed into place, after :func:`check_output_file`: the output is not a
  symbolic link, folder, device, FIFO or socket, and not the same file as any input.
- :class:`Staging` is the output of a folder command (``build``, ``art``, ``pnp``): every file is written into a
  hidden staging folder beside the target and moved into place only when the whole command succeeded; a failed
  command leaves the previous output as it was and no staging folder behind.

Every refusal is a :class:`~games.errors.UserError`: one line, exit code 2. Files are readable by all (0644).
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from typing import Iterable

from .datafiles import file_kind
from .errors import UserError

STAGING_MARK = ".staging-"


def _refuse(path: str, message: str) -> UserError:
    return UserError(f"{path}: {message}")


def inside(root: str, rel: str) -> str:
    """``root``/``rel``, refused unless it lies inside ``root`` once both are resolved: ``rel`` is relative, holds no
    NUL, and neither ``..`` nor a symbolic link on the way leads out of ``root``."""
    path = os.path.join(root, rel)
    if not rel or "\x00" in rel or os.path.isabs(rel):
        raise _refuse(path, f"refused: {rel!r} is not a relative file name")
    base = os.path.realpath(root)
    full = os.path.realpath(path)
    if full == base or os.path.commonpath([base, full]) != base:
        raise _refuse(path, f"refused: it lies outside the output folder {root}")
    return path


def write_file(root: str, rel: str, data: bytes) -> str:
    """Write ``data`` to ``rel`` inside the output folder ``root`` (checked by :func:`inside`); returns the path."""
    path = inside(root, rel)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    except OSError as exc:
        raise _refuse(path, f"cannot write: {exc.strerror or exc}") from None
    return path


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _input_stats(inputs: Iterable[str | None]) -> list[tuple[str, os.stat_result]]:
    out = []
    for p in inputs:
        if p:
            try:
                out.append((p, os.stat(p)))
            except (OSError, ValueError):
                continue
    return out


def _lstat(path: str) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):  # (under a file: reported by _check_parents)
        return None
    except (OSError, ValueError) as exc:
        raise _refuse(path, f"cannot write: {getattr(exc, 'strerror', None) or exc}") from None


def _check_parents(path: str) -> None:
    """The nearest existing folder above ``path`` must be a folder (``-o FILE/x`` is refused)."""
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.lexists(parent):
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        raise _refuse(path, f"cannot write: {parent} is not a folder")


def check_output_file(path: str, inputs: Iterable[str | None] = ()) -> None:
    """Refuse an output file that is a symbolic link, folder, device, FIFO or socket, sits under a file, or is the
    same file (after resolving links, or a hard link) as one of ``inputs``, or an empty name."""
    if not path:
        raise UserError("-o: an empty output file name; give the file to write")
    st = _lstat(path)
    if st is not None:
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(path, f"refused as output: it is {file_kind(st.st_mode)}, not a regular file")
        for name, ist in _input_stats(inputs):
            if _same_file(st, ist):
                raise _refuse(path, f"refused as output: it is the input {name}; choose another file")
    _check_parents(path)


def write_atomic(path: str, data: bytes | Iterable[bytes], inputs: Iterable[str | None] = ()) -> str:
    """Write ``data`` (bytes, or chunks of bytes written as they come) to ``path`` through a temporary file in the
    same folder, then rename it into place, after :func:`check_output_file`."""
    check_output_file(path, inputs)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".part")
    except OSError as exc:
        raise _refuse(path, f"cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            for chunk in [data] if isinstance(data, bytes) else data:
                f.write(chunk)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        raise _refuse(path, f"cannot write: {exc.strerror or exc}") from None
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)
    return path


def _overlaps(a: str, b: str) -> bool:
    ra, rb = os.path.realpath(a), os.path.realpath(b)
    return os.path.commonpath([ra, rb]) in (ra, rb)


class Staging:
    """The output folder ``target`` of a command, written all or nothing.

    ``with Staging(target, inputs) as folder:`` -- the command writes into ``folder`` (a hidden folder beside
    ``target``); on success every file in it is moved to the same place in ``target`` (files the command did not
    write stay as they were), on any failure the staging folder is removed and ``target`` is untouched. ``target``
    must not be a symbolic link or a file, and must not overlap any of the ``inputs`` folders (the game folder).
    """

    def __init__(self, target: str, inputs: Iterable[str] = ()):
        self.target = target
        st = _lstat(target)
        if st is not None and not stat.S_ISDIR(st.st_mode):
            raise _refuse(target, f"refused as output folder: it is {file_kind(st.st_mode)}")
        _check_parents(target)
        for folder in inputs:
            if _overlaps(target, folder):
                raise _refuse(target, f"refused as output folder: it overlaps the input folder {folder}")
        self.folder = ""
        self._made: list[str] = []

    def __enter__(self) -> str:
        parent = os.path.dirname(os.path.abspath(self.target))
        missing = []
        p = parent
        while not os.path.lexists(p):
            missing.append(p)
            p = os.path.dirname(p)
        try:
            os.makedirs(parent, exist_ok=True)
            self._made = missing  # deepest first: removed again (when still empty) if the command fails
            self.folder = tempfile.mkdtemp(dir=parent, prefix=f".{os.path.basename(self.target)}{STAGING_MARK}")
        except OSError as exc:
            self._remove_made()
            raise _refuse(self.target, f"cannot write: {exc.strerror or exc}") from None
        return self.folder

    def __exit__(self, exc_type, exc, tb) -> bool:
        try:
            if exc_type is None:
                self._commit()
        finally:
            if os.path.isdir(self.folder):
                shutil.rmtree(self.folder, ignore_errors=True)
            if exc_type is not None or not os.path.isdir(self.target):
                self._remove_made()
        return False

    def _remove_made(self) -> None:
        for p in self._made:
            try:
                os.rmdir(p)
            except OSError:
                break

    def _commit(self) -> None:
        if not os.path.lexists(self.target):  # a first build: the whole folder in one rename
            try:
                os.chmod(self.folder, 0o755)
                os.rename(self.folder, self.target)
                return
            except OSError as exc:
                raise _refuse(self.target, f"cannot write: {exc.strerror or exc}") from None
        plan = []
        for dirpath, _, filenames in os.walk(self.folder):
            for name in sorted(filenames):
                src = os.path.join(dirpath, name)
                rel = os.path.relpath(src, self.folder)
                dest = inside(self.target, rel)
                self._check_way(rel)
                plan.append((src, dest))
        try:  # every destination checked first: what is left can fail only for want of disk or permission
            for src, dest in plan:
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                os.replace(src, dest)
        except OSError as exc:
            raise _refuse(self.target, f"cannot write: {exc.strerror or exc}") from None

    def _check_way(self, rel: str) -> None:
        """Every existing part of ``target``/``rel`` is a real folder, and the file itself (if there) a regular
        file: nothing in the way of the move, no link to follow."""
        parts = rel.split(os.sep)
        path = self.target
        for i, part in enumerate(parts):
            path = os.path.join(path, part)
            st = _lstat(path)
            if st is None:
                return
            last = i == len(parts) - 1
            ok = stat.S_ISREG(st.st_mode) if last else stat.S_ISDIR(st.st_mode)
            if not ok:
                raise _refuse(path, f"refused: it is {file_kind(st.st_mode)} where the output writes a "
                                    f"{'file' if last else 'folder'}")
