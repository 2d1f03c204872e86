"""The container of a VASSAL save or log: zip entries, ``!VCSK`` obfuscation, plain text (vassal-format.md §d.1-d.2).

``.vsav``, ``.vlog`` and the old ``.sav``/``.log`` share one layout: a zip whose ``savedGame`` entry holds the command
stream (optionally with ``savedata`` and ``moduledata`` XML). The stream is either ``!VCSK`` + a hex key + hex bytes
XORed with the key (VASSAL 3.x), or plain UTF-8 text (VASSAL 2.x). A bare stream outside a zip is accepted too.
Formats named in the format notes but not confirmed from VASSAL's source or real files (``VOBS`` raw obfuscation,
XZ) are refused with "unsupported save format" rather than misread.
"""

from __future__ import annotations

import binascii
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from lxml import etree

from games.datafiles import read_head
from games.errors import DataError

from .archive import Caps, SafeZip, is_zip, read_file

SAVED_GAME = "savedGame"
ESC = "\x1b"
MAX_COMMANDS = 30_000  # commands (ESC separators, nested ones too) in one stream: a whole campaign has ~10,000
METADATA_ENTRIES = ("savedata", "moduledata")
VCSK = b"!VCSK"
UNSUPPORTED_MAGIC = {
    b"VOBS": "VOBS raw-byte obfuscation (announced after VASSAL 3.8.0-beta1, not confirmed)",
    b"\xfd7zXZ\x00": "an XZ-compressed stream (not written by any VASSAL source we could check)",
}
# What a VASSAL command stream can start with: saves and logs begin with "begin_save"; a bare fragment with a command.
STREAM_STARTS = ("begin_save", "\x1b", "LOG\t", "+/", "-/", "D/", "M/", "CHAT", "PLAYER\t", "UNDO\t")


@dataclass(frozen=True)
class SaveFile:
    """A decoded save or log: its command text and the metadata entries that came with it."""

    path: str
    text: str
    obfuscated: bool
    zipped: bool
    metadata: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def vassal_version(self) -> str:
        """The VASSAL version that wrote the save (from ``savedata``), or "" when unknown."""
        return self.metadata.get("savedata", {}).get("VassalVersion", "")


def deobfuscate(path: str, data: bytes, where: str = SAVED_GAME) -> bytes:
    """The plain bytes of a ``!VCSK`` stream: 2 hex digits of key, then hex pairs XORed with it."""
    body = memoryview(data)[len(VCSK):]  # (the key and the payload are read from the text in place, not copied)
    if len(body) < 2:
        raise DataError(path, f"{where}: !VCSK stream ends before its key")
    if len(body) % 2:
        raise DataError(path, f"{where}: !VCSK stream has an odd number of hex digits ({len(body)}); truncated?")
    try:
        key = binascii.unhexlify(body[:2])[0]
        payload = binascii.unhexlify(body[2:])
    except (binascii.Error, ValueError):
        offset = _first_bad_hex(body)
        raise DataError(
            path, f"{where}: bad hex digit {bytes(body[offset:offset + 1])!r} at offset {offset + len(VCSK)}"
        ) from None
    if key == 0:
        return payload
    return payload.translate(bytes(b ^ key for b in range(256)))


def _first_bad_hex(body: bytes | memoryview) -> int:
    for i, b in enumerate(body):
        if b not in b"0123456789abcdefABCDEF":
            return i
    return 0


def decode_utf8(path: str, data: bytes, where: str = SAVED_GAME) -> str:
    """Strict UTF-8, naming the byte offset of the first bad sequence."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(path, f"{where}: not UTF-8 text (bad byte at offset {exc.start})") from None


def stream_text(path: str, data: bytes, where: str = SAVED_GAME) -> tuple[str, bool]:
    """The command text of a ``savedGame`` stream and whether it was obfuscated."""
    for magic, what in UNSUPPORTED_MAGIC.items():
        if data.startswith(magic):
            raise DataError(path, f"{where}: unsupported save format: {what}")
    obfuscated = data.startswith(VCSK)
    text = decode_utf8(path, deobfuscate(path, data, where) if obfuscated else data, where)
    if not text:
        raise DataError(path, f"{where}: empty command stream")
    if not text.startswith(STREAM_STARTS):
        raise DataError(path, f"{where}: not a VASSAL command stream (starts {text[:24]!r}; expected !VCSK or "
                              "begin_save)")
    return text, obfuscated


def _metadata(path: str, name: str, data: bytes) -> Mapping[str, str]:
    """The simple child elements of a ``savedata``/``moduledata`` XML entry (first value of each tag)."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise DataError(path, f"{name}: bad XML ({exc})") from None
    values: dict[str, str] = {}
    for child in root:
        if isinstance(child.tag, str) and child.get("lang") is None:
            values.setdefault(child.tag, (child.text or "").strip())
    return MappingProxyType(values)


def check_stream(path: str, text: str, where: str = SAVED_GAME) -> str:
    """``text`` within :data:`MAX_COMMANDS` (the work and memory of decoding and replaying grow with the number of
    commands, whatever their size)."""
    commands = text.count(ESC) + 1
    if commands > MAX_COMMANDS:
        raise DataError(path, f"{where}: more than {MAX_COMMANDS} commands ({commands}), the cap")
    return text


def read_save(path: str, caps: Caps = Caps()) -> SaveFile:
    """Read a ``.vsav``/``.vlog``/``.sav``/``.log`` (zipped or bare) into its command text."""
    if not is_zip(read_head(path, 4, path)):
        data = read_file(path, caps.entry_bytes)
        if not data:
            raise DataError(path, "empty file, not a VASSAL save or log")
        if data[:2] == b"PK":
            raise DataError(path, "damaged zip archive (unexpected header)")
        text, obfuscated = stream_text(path, data, "file")
        return SaveFile(path, check_stream(path, text, "file"), obfuscated, zipped=False)
    with SafeZip.open(path, caps) as archive:
        if not archive.has(SAVED_GAME):
            raise DataError(path, f"zip has no {SAVED_GAME!r} entry: not a VASSAL save or log (a module?)")
        text, obfuscated = stream_text(path, archive.read(SAVED_GAME))
        metadata = {}
        for name in METADATA_ENTRIES:
            if archive.has(name):
                metadata[name] = _metadata(path, name, archive.read(name, caps.metadata_bytes))
    return SaveFile(path, check_stream(path, text), obfuscated, zipped=True, metadata=MappingProxyType(metadata))
