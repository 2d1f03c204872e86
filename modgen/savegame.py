"""Our own VASSAL save writer: a ``.vsav`` that VASSAL opens as a saved game (vassal-format.md §d).

A save is the *restore command* of a game: ``begin_save``, the empty version-check token, one nested token with
an AddPiece per piece, stack and deck (members before the container that lists them), then each game component's
restore command (boards, the new-game indicator, turn tracker, global properties, notes), then ``end_save``. The
text is joined by ESC with SequenceEncoder escaping, obfuscated as VASSAL's ``ObfuscatingOutputStream`` does
(``!VCSK`` + key + hex of each UTF-8 byte XOR key), and zipped with ``savedata`` and the module's ``moduledata``.

Nothing here knows the game: :mod:`modgen.scenario` says what stands where.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from lxml import etree

from games.kept import Kept
from games.vassal_codec import encode

from .archive import zip_bytes
from .traits import Piece, add_piece

ESC = "\x1b"
HEADER = "!VCSK"


@dataclass(frozen=True)
class Stack:
    """A stack of pieces on a map (``layer``: the map layer index, -1 when the map has none)."""

    id: str
    map_id: str
    x: int
    y: int
    members: tuple[str, ...]
    layer: int

    def add_command(self) -> str:
        state = encode([self.map_id, self.x, self.y, *self.members, f"@@{self.layer}"], ";")
        return "+/" + encode([self.id, "stack", state], "/")


@dataclass(frozen=True)
class Deck:
    """The deck a DrawPile made: its ``Deck`` type string, where it is, and its cards, bottom first."""

    id: str
    deck_type: str
    map_id: str
    x: int
    y: int
    face_down: bool
    members: tuple[str, ...]

    def add_command(self) -> str:
        values: list[object] = [self.map_id, self.x, self.y, self.face_down]
        if self.members:
            values.append(encode(list(self.members), ","))
        return "+/" + encode([self.id, self.deck_type, encode(values, ";")], "/")


@dataclass(frozen=True)
class Contents:
    """Everything a save restores: pieces (id -> piece), containers, and component restore commands."""

    pieces: tuple[tuple[str, Piece], ...]
    containers: tuple[Stack | Deck, ...]
    components: tuple[str, ...]


def restore_text(contents: Contents) -> str:
    """The plain text of ``savedGame``: the restore command tree, encoded."""
    by_id = dict(contents.pieces)
    adds = [""]  # the NullCommand that heads the pieces
    listed: set[str] = set()
    for container in contents.containers:
        for member in container.members:
            adds.append(add_piece(by_id[member], member))
            listed.add(member)
        adds.append(container.add_command())
    adds += [add_piece(piece, pid) for pid, piece in contents.pieces if pid not in listed]
    return encode(["begin_save", "", encode(adds, ESC), *contents.components, "end_save"], ESC)


def obfuscate(text: str) -> str:
    """``ObfuscatingOutputStream``: ``!VCSK``, a key byte in hex, then each UTF-8 byte XOR key in hex. VASSAL
    picks the key at random; we derive it from the text so that the same save is always the same bytes."""
    data = text.encode()
    key = hashlib.sha256(data).digest()[0]
    return HEADER + f"{key:02x}" + data.translate(bytes(b ^ key for b in range(256))).hex()


def deobfuscate(data: str) -> str:
    """The inverse of :func:`obfuscate` (and plain text passes through), for tests and tools."""
    if not data.startswith(HEADER):
        return data
    key = int(data[5:7], 16)
    return bytes(b ^ key for b in bytes.fromhex(data[7:])).decode()


def save_data(module_version: str, vassal_version: str) -> bytes:
    """``savedata``: the save's metadata (no date: a setup is timeless and the bytes stay reproducible)."""
    root = etree.Element("data", version="1")
    for tag, text in (("version", module_version), ("VassalVersion", vassal_version), ("dateSaved", "0")):
        etree.SubElement(root, tag).text = text
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)


_saves: Kept[bytes] = Kept(16)  # by text, module data and versions (a game has a few scenarios)


def save_bytes(contents: Contents, module_data: bytes, module_version: str, vassal_version: str) -> bytes:
    """The ``.vsav`` archive. Obfuscating and compressing the text is most of the cost of a save: the archive of a
    text made before in this process (with the same module data and versions) is given again, so a rebuild after a
    change makes only the saves of the scenarios whose pieces changed."""
    text = restore_text(contents)
    return _saves.made((text, module_data, module_version, vassal_version),
                       lambda: zip_bytes({"savedGame": obfuscate(text).encode("ascii"),
                                          "savedata": save_data(module_version, vassal_version),
                                          "moduledata": module_data}))
