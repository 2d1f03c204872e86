"""Reading zip archives we did not write (saves, logs, modules) without trusting them.

A save or module is a zip that anyone can hand us, so nothing in it is believed: entry names are checked (no absolute
paths, no ``..``, no duplicates), and entries are read in chunks with caps on each entry's size, on the total read and
on the compression ratio, counting the bytes actually inflated rather than the sizes the zip claims. Only the entries
a caller asks for are ever inflated.
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from dataclasses import dataclass

from games.errors import DataError

MAX_ENTRY_BYTES = 256 * 1024 * 1024  # one inflated entry (a 3.7 PathsOfGlory savedGame is 28 MB)
MAX_TOTAL_BYTES = 512 * 1024 * 1024  # everything inflated from one archive
MAX_RATIO = 200  # inflated / compressed, for entries above RATIO_FLOOR (real saves: < 20)
RATIO_FLOOR = 1024 * 1024  # small entries may compress well without being bombs
MAX_ENTRIES = 100_000
CHUNK = 1024 * 1024


@dataclass(frozen=True)
class Caps:
    """The safety caps for one archive (the defaults above; tests use smaller ones)."""

    entry_bytes: int = MAX_ENTRY_BYTES
    total_bytes: int = MAX_TOTAL_BYTES
    ratio: int = MAX_RATIO
    ratio_floor: int = RATIO_FLOOR
    entries: int = MAX_ENTRIES


def is_zip(data: bytes) -> bool:
    """Whether ``data`` starts like a zip archive (local header or empty-archive end record)."""
    return data[:4] in (b"PK\x03\x04", b"PK\x05\x06")


def check_name(path: str, name: str) -> None:
    """Refuse entry names that could escape a folder or that are not plain relative paths."""
    if not name:
        raise DataError(path, "zip entry with an empty name")
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise DataError(path, f"zip entry {name!r}: absolute path refused")
    parts = name.replace("\\", "/").split("/")
    if ".." in parts:
        raise DataError(path, f"zip entry {name!r}: '..' in path refused")
    if "\x00" in name:
        raise DataError(path, f"zip entry {name!r}: NUL in name refused")


class SafeZip:
    """A zip archive opened from bytes, with checked names and capped reads."""

    def __init__(self, path: str, data: bytes, caps: Caps = Caps()):
        self.path = path
        self.caps = caps
        self._read_total = 0
        try:
            self._zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self._zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, NotImplementedError) as exc:
            raise DataError(path, f"not a readable zip archive ({exc})") from None
        if len(infos) > caps.entries:
            raise DataError(path, f"zip has {len(infos)} entries, more than the cap of {caps.entries}")
        seen: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            check_name(path, info.filename)
            if info.filename in seen:
                raise DataError(path, f"zip entry {info.filename!r} appears twice")
            seen[info.filename] = info
        self._infos = seen

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._infos)

    def has(self, name: str) -> bool:
        return name in self._infos

    def read(self, name: str) -> bytes:
        """Inflate one entry, stopping as soon as a cap is passed (the zip's own size fields are not trusted)."""
        info = self._entry(name)
        out = bytearray()
        try:
            with self._zip.open(info) as stream:
                while True:
                    chunk = stream.read(CHUNK)
                    if not chunk:
                        break
                    out += chunk
                    self._check_size(name, len(out), info.compress_size)
        except DataError:
            raise
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError) as exc:
            raise DataError(self.path, f"zip entry {name!r} is corrupt or truncated ({exc})") from None
        self._count(len(out))  # (the caps on this entry were checked after its last chunk)
        return bytes(out)

    def read_head(self, name: str, size: int) -> tuple[bytes, bool]:
        """The first ``size`` inflated bytes of one entry (what a header needs, however large the entry), and
        whether that is the whole entry."""
        info = self._entry(name)
        try:
            with self._zip.open(info) as stream:
                head = stream.read(size)
                whole = len(head) < size or not stream.read(1)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError) as exc:
            raise DataError(self.path, f"zip entry {name!r} is corrupt or truncated ({exc})") from None
        self._count(len(head))
        return head, whole

    def _entry(self, name: str) -> zipfile.ZipInfo:
        """The entry of this name, if it is there and not encrypted."""
        info = self._infos.get(name)
        if info is None:
            raise DataError(self.path, f"zip entry {name!r} is missing")
        if info.flag_bits & 0x1:
            raise DataError(self.path, f"zip entry {name!r} is encrypted")
        return info

    def _count(self, size: int) -> None:
        """Add ``size`` inflated bytes to what this archive has given, within the cap on the total."""
        self._read_total += size
        if self._read_total > self.caps.total_bytes:
            raise DataError(self.path, f"zip entries inflate to more than the cap of {self.caps.total_bytes} bytes "
                                       "in total")

    def _check_size(self, name: str, size: int, compressed: int) -> None:
        caps = self.caps
        if size > caps.entry_bytes:
            raise DataError(self.path, f"zip entry {name!r} inflates to more than the cap of {caps.entry_bytes} bytes")
        if self._read_total + size > caps.total_bytes:
            raise DataError(self.path, f"zip entries inflate to more than the cap of {caps.total_bytes} bytes in total")
        if size > caps.ratio_floor and size > caps.ratio * max(compressed, 1):
            raise DataError(self.path, f"zip entry {name!r} inflates more than {caps.ratio}:1 (zip bomb?)")


def read_file(path: str, limit: int = MAX_ENTRY_BYTES) -> bytes:
    """The bytes of a file on disk, refusing files larger than ``limit``."""
    try:
        size = os.path.getsize(path)
        if size > limit:
            raise DataError(path, f"file is {size} bytes, more than the cap of {limit}")
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise DataError(path, f"cannot read file ({exc.strerror or exc})") from None
