"""Reading zip archives we did not write (saves, logs, modules) without trusting them.

A save or module is a zip that anyone can hand us, so nothing in it is believed: entry names are checked (no absolute
paths, no ``..``, no duplicates), the number of entries is checked from the end record before the central directory
is read, and an entry is inflated here, in bounded chunks, only when a caller asks for it. The caps hold on the
sizes the zip records (checked before inflating) and on the bytes actually inflated (counted as they come); an entry
whose recorded sizes or checksum do not match what it holds is damaged, and an error. An archive on disk is read
through its file, never whole into memory: a module may be large, only the entries read count.
"""

from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib
from dataclasses import dataclass
from typing import BinaryIO, Iterator

from games.datafiles import open_regular, read_bytes
from games.errors import DataError

MAX_ENTRY_BYTES = 48 * 1024 * 1024  # one inflated entry (the largest real one we know, PathsOfGlory's savedGame, is 28 MB)
MAX_TOTAL_BYTES = 96 * 1024 * 1024  # everything inflated from one archive
MAX_XML_BYTES = 8 * 1024 * 1024  # a module's build file (lxml needs ~25 bytes of memory per byte of small elements)
MAX_METADATA_BYTES = 1024 * 1024  # savedata, moduledata
MAX_RATIO = 100  # inflated / compressed, for entries above RATIO_FLOOR (real saves: < 20)
RATIO_FLOOR = 1024 * 1024  # small entries may compress well without being bombs
MAX_ENTRIES = 100_000
MAX_DIRECTORY_BYTES = 32 * 1024 * 1024  # the central directory, read whole by zipfile (real modules: ~1 MB)
CHUNK = 64 * 1024  # compressed bytes read at a time; inflating one chunk gives at most OUT_CHUNK bytes at a time
OUT_CHUNK = 1024 * 1024
LOCAL_HEADER = struct.Struct("<4s5H3L2H")  # signature, version, flags, method, time, date, crc, sizes, name/extra len
LOCAL_MAGIC = b"PK\x03\x04"


@dataclass(frozen=True)
class Caps:
    """The safety caps for one archive (the defaults above; tests use smaller ones)."""

    entry_bytes: int = MAX_ENTRY_BYTES
    total_bytes: int = MAX_TOTAL_BYTES
    ratio: int = MAX_RATIO
    ratio_floor: int = RATIO_FLOOR
    entries: int = MAX_ENTRIES
    directory_bytes: int = MAX_DIRECTORY_BYTES
    xml_bytes: int = MAX_XML_BYTES
    metadata_bytes: int = MAX_METADATA_BYTES


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


def _check_directory(path: str, fp: BinaryIO, caps: Caps) -> None:
    """The entries and the size of the central directory, as its end record gives them, within the caps: zipfile
    reads the whole directory and makes an object per entry before anyone can count them. (No end record: zipfile
    refuses the archive.)"""
    try:
        end = zipfile._EndRecData(fp)  # the end record, zip64 resolved (the same look-up zipfile makes)
    except (OSError, struct.error, ValueError, EOFError):
        return
    if not end:
        return
    if end[zipfile._ECD_ENTRIES_TOTAL] > caps.entries:
        raise DataError(path, f"zip records {end[zipfile._ECD_ENTRIES_TOTAL]} entries, more than the cap of "
                              f"{caps.entries}")
    if end[zipfile._ECD_SIZE] > caps.directory_bytes:
        raise DataError(path, f"zip records a directory of {end[zipfile._ECD_SIZE]} bytes, more than the cap of "
                              f"{caps.directory_bytes}")


class SafeZip:
    """A zip archive (bytes, or an open file) with checked names and capped, verified reads."""

    def __init__(self, path: str, source: bytes | BinaryIO, caps: Caps = Caps()):
        self.path = path
        self.caps = caps
        self._read_total = 0
        self._fp: BinaryIO = io.BytesIO(source) if isinstance(source, (bytes, bytearray)) else source
        _check_directory(path, self._fp, caps)
        try:
            self._zip = zipfile.ZipFile(self._fp)
            infos = self._zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, NotImplementedError, OSError,
                struct.error, UnicodeDecodeError) as exc:
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

    @classmethod
    def open(cls, path: str, caps: Caps = Caps()) -> SafeZip:
        """The archive in the regular file ``path``, read through the file (close it, or use ``with``)."""
        fp = os.fdopen(open_regular(path, path), "rb")
        try:
            return cls(path, fp, caps)
        except BaseException:
            fp.close()
            raise

    def close(self) -> None:
        self._fp.close()

    def __enter__(self) -> SafeZip:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._infos)

    def has(self, name: str) -> bool:
        return name in self._infos

    def read(self, name: str, limit: int | None = None) -> bytes:
        """Inflate one entry whole (at most ``limit`` bytes, and the caps), checking that it holds exactly the size
        and checksum its zip records."""
        info = self._entry(name)
        cap = min(self.caps.entry_bytes, limit) if limit is not None else self.caps.entry_bytes
        if info.file_size > cap:
            raise DataError(self.path, f"zip entry {name!r} inflates to more than the cap of {cap} bytes (it records "
                                       f"{info.file_size})")
        self._check_size(name, info.file_size, info.compress_size)
        chunks = []  # (joined once at the end: a growing buffer copies a large entry several times over)
        size = crc = 0
        for chunk in self._inflate(info):
            chunks.append(chunk)
            size += len(chunk)
            crc = zlib.crc32(chunk, crc)
            if size > info.file_size:
                raise self._damaged(name, f"it inflates to more than the {info.file_size} bytes it records")
        if size != info.file_size:
            raise self._damaged(name, f"it inflates to {size} bytes, not the {info.file_size} it records")
        if crc != info.CRC:
            raise self._damaged(name, "its checksum (CRC-32) does not match")
        self._count(size)
        return b"".join(chunks)

    def read_head(self, name: str, size: int) -> tuple[bytes, bool]:
        """The first ``size`` inflated bytes of one entry (what a header needs, however large the entry), and
        whether that is the whole entry."""
        info = self._entry(name)
        head = bytearray()
        for chunk in self._inflate(info):
            head += chunk
            if len(head) > size:
                break
        whole = len(head) <= size
        head = head[:size]
        self._count(len(head))
        return bytes(head), whole

    def _entry(self, name: str) -> zipfile.ZipInfo:
        """The entry of this name, if it is there and not encrypted."""
        info = self._infos.get(name)
        if info is None:
            raise DataError(self.path, f"zip entry {name!r} is missing")
        if info.flag_bits & 0x1:
            raise DataError(self.path, f"zip entry {name!r} is encrypted")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise DataError(self.path, f"zip entry {name!r}: unsupported compression method {info.compress_type}")
        return info

    def _damaged(self, name: str, why: str) -> DataError:
        return DataError(self.path, f"zip entry {name!r} is damaged: {why}")

    def _raw(self, info: zipfile.ZipInfo) -> Iterator[bytes]:
        """The entry's compressed bytes as the central directory places and sizes them, in chunks."""
        fp = self._fp
        if not 0 <= info.header_offset < fp.seek(0, os.SEEK_END):  # (a zip64 offset may be any 64-bit number)
            raise self._damaged(info.filename, "the directory points past the end of the archive")
        try:
            fp.seek(info.header_offset)
            header = fp.read(LOCAL_HEADER.size)
            if len(header) != LOCAL_HEADER.size or header[:4] != LOCAL_MAGIC:
                raise self._damaged(info.filename, "no local header where the directory points")
            fields = LOCAL_HEADER.unpack(header)
            fp.seek(fields[-2] + fields[-1], os.SEEK_CUR)  # its name and extra field
            left = info.compress_size
            while left > 0:
                chunk = fp.read(min(CHUNK, left))
                if not chunk:
                    raise self._damaged(info.filename, "the archive ends inside it (truncated?)")
                left -= len(chunk)
                yield chunk
        except OSError as exc:
            raise DataError(self.path, f"cannot read zip entry {info.filename!r} ({exc})") from None

    def _inflate(self, info: zipfile.ZipInfo) -> Iterator[bytes]:
        """The entry's inflated bytes in chunks of at most :data:`OUT_CHUNK`; the deflate stream must end exactly
        where its recorded compressed size does."""
        if info.compress_type == zipfile.ZIP_STORED:
            yield from self._raw(info)
            return
        inflater = zlib.decompressobj(-zlib.MAX_WBITS)
        try:
            for chunk in self._raw(info):
                if inflater.eof:
                    raise self._damaged(info.filename, "data after the end of its compressed stream")
                data = chunk
                while data:
                    out = inflater.decompress(data, OUT_CHUNK)
                    data = inflater.unconsumed_tail
                    if out:
                        yield out
                    if inflater.eof:
                        if inflater.unused_data or data:
                            raise self._damaged(info.filename, "data after the end of its compressed stream")
                        break
        except zlib.error as exc:
            raise self._damaged(info.filename, f"bad compressed data ({exc})") from None
        if not inflater.eof:
            raise self._damaged(info.filename, "its compressed stream ends early (truncated?)")

    def _count(self, size: int) -> None:
        """Add ``size`` inflated bytes to what this archive has given, within the cap on the total."""
        self._read_total += size
        if self._read_total > self.caps.total_bytes:
            raise DataError(self.path, f"zip entries inflate to more than the cap of {self.caps.total_bytes} bytes "
                                       "in total")

    def _check_size(self, name: str, size: int, compressed: int) -> None:
        caps = self.caps
        if self._read_total + size > caps.total_bytes:
            raise DataError(self.path, f"zip entries inflate to more than the cap of {caps.total_bytes} bytes in total")
        if size > caps.ratio_floor and size > caps.ratio * max(compressed, 1):
            raise DataError(self.path, f"zip entry {name!r} inflates more than {caps.ratio}:1 (zip bomb?)")


def read_file(path: str, limit: int = MAX_ENTRY_BYTES) -> bytes:
    """The bytes of a regular file on disk, refusing files larger than ``limit``."""
    return read_bytes(path, limit, path)
