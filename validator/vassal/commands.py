"""VASSAL's command stream as a tree of typed commands, decoded exactly and encodable back (vassal-format.md §d.3-d.5).

``GameModule.decode`` splits a string on unescaped ESC with the SequenceEncoder; each token is decoded again, so
nested compounds unescape one backslash level at a time. A string with no unescaped ESC is one command, recognised by
its prefix (``+/``, ``M/``, ``LOG\\t``, ``CHAT`` ...). Everything not recognised is kept verbatim as :class:`Unknown`
and counted by :func:`census`, never dropped. ``encode(decode(s)) == s`` for every stream VASSAL wrote.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from games.lasting import no_cycle_collection
from games.vassal_codec import decode, decode_canonical, encode

from .values import maker, memoised, whole
from .pieces import PieceDef, decode_piece

ESC = "\x1b"
TAB = "\t"


@dataclass(frozen=True)
class Command:
    """A leaf command; subclasses know their fields. ``text`` is the exact encoded form."""

    text: str

    kind = "command"

    def encode(self) -> str:
        return self.text

    def fields(self) -> dict[str, object]:
        """The decoded fields, for JSON output."""
        return {}

    def as_json(self) -> dict[str, object]:
        return {"command": self.kind, **self.fields()}


@dataclass(frozen=True)
class Compound(Command):
    """Several commands in one ESC-separated string: the first is the head, the others its sub-commands."""

    items: tuple[Command, ...] = ()

    kind = "compound"

    def encode(self) -> str:
        return encode([c.encode() for c in self.items], ESC)

    def as_json(self) -> dict[str, object]:
        return {"command": self.kind, "items": [c.as_json() for c in self.items]}


@dataclass(frozen=True)
class Null(Command):
    """An empty command text (``NullCommand``)."""

    kind = "null"


@dataclass(frozen=True)
class Log(Command):
    """``LOG\\t`` + an encoded command: one replay step in a log (``BasicLogger``)."""

    inner: Command = Null("")

    kind = "log"

    def encode(self) -> str:
        return "LOG\t" + self.inner.encode()

    def as_json(self) -> dict[str, object]:
        return {"command": self.kind, "logged": self.inner.as_json()}


@dataclass(frozen=True)
class AddPiece(Command):
    """``+/id/type/state``: a piece (or stack, or deck) comes into being with its full type and state."""

    id: str | None = None
    type: str = ""
    state: str = ""

    kind = "add"

    @memoised
    def piece(self) -> PieceDef:
        return decode_piece(self.type, self.state)

    def encode(self) -> str:
        return "+/" + encode([self.id if self.id is not None else "null", self.type, self.state], "/")

    def fields(self) -> dict[str, object]:
        return {"id": self.id, **self.piece.as_json()}


@dataclass(frozen=True)
class RemovePiece(Command):
    """``-/id``: a piece leaves the game (``RemovePiece``)."""

    id: str = ""

    kind = "remove"

    def encode(self) -> str:
        return "-/" + self.id

    def fields(self) -> dict[str, object]:
        return {"id": self.id}


@dataclass(frozen=True)
class ChangePiece(Command):
    """``D/id/newState[/oldState]``: the piece's full state is replaced."""

    id: str = ""
    new_state: str = ""
    old_state: str | None = None

    kind = "change"

    def encode(self) -> str:
        parts = [self.id, self.new_state] + ([self.old_state] if self.old_state is not None else [])
        return "D/" + encode(parts, "/")

    def fields(self) -> dict[str, object]:
        return {"id": self.id, "new_state": self.new_state, "old_state": self.old_state}


@dataclass(frozen=True)
class MovePiece(Command):
    """``M/id/newMap/x/y/newUnder/oldMap/oldX/oldY/oldUnder/player``."""

    id: str = ""
    new_map: str | None = None
    new_x: int = 0
    new_y: int = 0
    new_under: str | None = None
    old_map: str | None = None
    old_x: int = 0
    old_y: int = 0
    old_under: str | None = None
    player: str | None = None
    tokens: tuple[str, ...] = ()

    kind = "move"

    def encode(self) -> str:
        return "M/" + encode(self.tokens, "/")

    def fields(self) -> dict[str, object]:
        return {"id": self.id, "map": self.new_map, "x": self.new_x, "y": self.new_y, "under": self.new_under,
                "old_map": self.old_map, "old_x": self.old_x, "old_y": self.old_y, "old_under": self.old_under,
                "player": self.player}


@dataclass(frozen=True)
class Chat(Command):
    """``CHAT`` + message. ``dice`` is set for a DiceButton report in VASSAL's default format."""

    message: str = ""

    kind = "chat"

    @property
    def source(self) -> str:
        """``player`` (``<Name> - text``), ``report`` (``* ...`` auto-report/dice/turn) or ``system`` (``- ...``)."""
        m = self.message
        if m.startswith("*"):
            return "report"
        if m.startswith(("<", "&lt;")):
            return "player"
        return "system" if m.startswith("-") else "other"

    @property
    def dice(self) -> dict[str, object] | None:
        m = DICE_REPORT.match(self.message)
        if m is None:
            return None
        rolls = [n for n in map(whole, re.findall(r"-?\d+", m.group("result"))) if n is not None]
        return {"button": m.group("name"), "result": m.group("result"), "rolls": rolls, "player": m.group("player")}

    def fields(self) -> dict[str, object]:
        out: dict[str, object] = {"message": self.message, "source": self.source}
        if (dice := self.dice) is not None:
            out["dice"] = dice
        return out


# DiceButton's default report "** $name$ = $result$ *** <$PlayerName$>" (with "&lt;"/"&gt;" since VASSAL 3.x); a
# report logged in chat carries one more leading "*" ("*** d6 = 1 *** <Joel>" in the For the People logs)
DICE_REPORT = re.compile(r"^\*?\*\* (?P<name>.+?) = (?P<result>[-\d, ]+?) \*\*\*\s*(?:&lt;|<)(?P<player>.*?)(?:&gt;|>)\s*$")


@dataclass(frozen=True)
class Player(Command):
    """``PLAYER\\tid\\tname\\tside``: a player takes a side (``<observer>`` for observers)."""

    id: str = ""
    name: str = ""
    side: str = ""

    kind = "player"

    def fields(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "side": self.side}


@dataclass(frozen=True)
class PlayerRemove(Command):
    """``PYREMOVE\\t`` + a player id: the player leaves the roster (``PlayerRoster``)."""

    id: str = ""

    kind = "player_remove"

    def fields(self) -> dict[str, object]:
        return {"id": self.id}


@dataclass(frozen=True)
class SetTurn(Command):
    """``TURN<trackerId>\\t`` + state ``SE('|')[currentLevel, level states...]``."""

    tracker: str = ""
    state: str = ""

    kind = "turn"

    @property
    def levels(self) -> list[list[str]]:
        """Each top-level turn level's state tokens (first token: its current value or list index)."""
        toks = decode(self.state, "|")
        return [decode(t, ";") for t in toks[1:]]

    def fields(self) -> dict[str, object]:
        toks = decode(self.state, "|")
        return {"tracker": self.tracker, "state": self.state, "current_level": toks[0] if toks else "",
                "levels": self.levels}


@dataclass(frozen=True)
class SetGlobalProperty(Command):
    """``GlobalProperty\\t;name;value;container``: a global property's value as restored from a save."""

    name: str = ""
    value: str = ""
    container: str = ""

    kind = "global_property"

    def fields(self) -> dict[str, object]:
        return {"name": self.name, "value": self.value, "container": self.container}


@dataclass(frozen=True)
class ChangeProperty(Command):
    """``MutableProperty\\tname\\told\\tnew\\tcontainer``: a property changed in play (dice results included)."""

    name: str = ""
    old: str | None = None
    new: str | None = None
    container: str = ""

    kind = "property_change"

    def fields(self) -> dict[str, object]:
        return {"name": self.name, "old": self.old, "new": self.new, "container": self.container}


@dataclass(frozen=True)
class SetBoards(Command):
    """``<mapId>BoardPicker\\tboard[/rev]\\tcol\\trow...``: the boards a map uses and where they sit."""

    map: str = ""
    boards: tuple[tuple[str, bool, int, int], ...] = ()

    kind = "boards"

    def fields(self) -> dict[str, object]:
        return {"map": self.map, "boards": [{"name": n, "reversed": r, "column": c, "row": w}
                                            for n, r, c, w in self.boards]}


@dataclass(frozen=True)
class Undo(Command):
    """``UNDO\\t`` + true/false (``UndoCommand``): brackets the inverse commands an Undo writes to a log."""

    in_progress: bool = False

    kind = "undo"

    def fields(self) -> dict[str, object]:
        return {"in_progress": self.in_progress}


@dataclass(frozen=True)
class Marker(Command):
    """A command without fields that marks something: ``begin_save``, ``end_save``, ``SETUP_STACK\\t``."""

    kind = "marker"

    def fields(self) -> dict[str, object]:
        return {"marker": self.text.rstrip("\t")}


@dataclass(frozen=True)
class Other(Command):
    """A command VASSAL knows but whose fields we do not interpret (notes, clocks, startup key commands ...)."""

    name: str = ""

    kind = "other"

    def fields(self) -> dict[str, object]:
        return {"name": self.name, "text": self.text}


@dataclass(frozen=True)
class Unknown(Command):
    """A string no known encoder claims; kept verbatim (VASSAL itself ignores these)."""

    kind = "unknown"

    def fields(self) -> dict[str, object]:
        return {"text": self.text}


# constructors of the commands a log holds by the thousand, without a setattr per field (see values.maker)
_compound, _log_of, _add_of, _change_of, _move_of, _chat = (maker(c) for c in (Compound, Log, AddPiece, ChangePiece,
                                                                                 MovePiece, Chat))

MARKERS = ("begin_save", "end_save", "SETUP_STACK\t")
# prefixes of commands we keep opaque: (prefix, name)
OTHER_PREFIXES = (
    ("NOTES\t", "notes"), ("PNOTES\t", "private_notes"), ("PNOTE\t", "private_note"), ("SNOTE\t", "secret_note"),
    ("SGKC\t", "startup_key_command"), ("CLOCKCONTROL\t", "clock_control"), ("CLOCK\t", "clock"),
    ("DECKREPOS\t", "deck_reposition"), ("DECK\t", "deck_load"), ("UNMASK\t", "unmask"), ("FLARE\t", "flare"),
    ("LOS\t", "line_of_sight"), ("EXT\t", "extension"), ("PLUGIN\t", "plugin"), ("SHOW_RESULTS\t", "special_dice"),
    ("SEMAIL\t", "server_email"), ("GlobalTranslatable\t", "translatable"), ("LOCKSPOTAB", "lock_spotab"),
    ("AUDIO\t", "audio"), ("CHECK\t", "version_check"), ("ALERT\t", "alert"), ("SetupCommand", "setup"),
)
BOARD_PICKER = "BoardPicker\t"


Memo = dict[tuple[str, int], Command]  # (text, depth) -> its command, within one stream


def _unnull(tok: str) -> str | None:
    return None if tok == "null" else tok


def _int(tok: str) -> int | None:
    try:
        return int(tok)
    except ValueError:
        return None


def decode_leaf(s: str, depth: int = 0, memo: Memo | None = None) -> Command:
    """One command string with no unescaped ESC (``decodeSubCommand``: the first encoder that claims it wins).

    No prefix an encoder claims is a prefix of another, so the claimant is found by the string's first two
    characters (:data:`_CLAIMS`); what no prefix claims may still be a marker, an opaque command or a board picker."""
    if not s:
        return Null(s)
    claim = _CLAIMS.get(s[:2])
    if claim is not None and s.startswith(claim[0]):
        command = claim[1](s, depth, memo)
        if command is not None:
            return command
    if s in MARKERS:
        return Marker(s)
    if s.startswith(_OTHER_STARTS):
        return Other(s, next(name for prefix, name in OTHER_PREFIXES if s.startswith(prefix)))
    if "BoardPicker" in s:  # decoding only drops characters, so the head can name a board picker only if s does
        head = decode(s, TAB)[0]
        if head.endswith(BOARD_PICKER[:-1]) and s.startswith(head + TAB) or s == head and head.endswith("BoardPicker"):
            return _boards(s, head[:-len("BoardPicker")])
    return Unknown(s)


def _log(s: str, depth: int, memo: Memo | None) -> Command:
    return _log_of(s, _decoded(s[4:], depth + 1, {} if memo is None else memo))


# A piece command is what its encoder would write for its tokens, or it is kept as Unknown text. Its encoder writes
# a fixed number of tokens, so more tokens than that never re-encode to the text.


def _add(s: str, depth: int = 0, memo: Memo | None = None) -> Command:
    toks = decode_canonical(s[2:], "/")
    if toks is None or len(toks) != 3:
        return Unknown(s)
    return _add_of(s, _unnull(toks[0]), toks[1], toks[2])


def _change(s: str, depth: int = 0, memo: Memo | None = None) -> Command:
    toks = decode_canonical(s[2:], "/")
    if toks is None or len(toks) not in (2, 3):
        return Unknown(s)
    return _change_of(s, toks[0], toks[1], toks[2] if len(toks) > 2 else None)


def _player(s: str, depth: int = 0, memo: Memo | None = None) -> Command:
    toks = decode(s, TAB)[1:] + ["", "", ""]
    return Player(s, toks[0], toks[1], toks[2])


def _player_remove(s: str, depth: int = 0, memo: Memo | None = None) -> Command:
    toks = decode(s, TAB)[1:] + [""]
    return PlayerRemove(s, toks[0])


def _property_change(s: str, depth: int = 0, memo: Memo | None = None) -> Command:
    toks: list[str | None] = list(decode(s[len("MutableProperty\t"):], TAB))
    toks += [None] * (3 - len(toks))
    return ChangeProperty(s, toks[0] or "", toks[1], toks[2], (toks[3] if len(toks) > 3 else "") or "")


def _global_property(s: str, depth: int = 0, memo: Memo | None = None) -> Command | None:
    if not s.startswith("GlobalProperty\t;") and s != "GlobalProperty\t":
        return None
    toks = decode(s, ";")[1:] + ["", "", ""]
    return SetGlobalProperty(s, toks[0], toks[1], toks[2])


def _turn(s: str, depth: int = 0, memo: Memo | None = None) -> Command | None:
    if TAB not in s:
        return None
    tracker, _, state = s[4:].partition(TAB)
    return SetTurn(s, tracker, state)


def _move(s: str, depth: int = 0, memo: Memo | None = None) -> Command:
    toks = decode_canonical(s[2:], "/")
    if toks is None or len(toks) < 9:
        return Unknown(s)
    try:
        x, y, old_x, old_y = int(toks[2]), int(toks[3]), int(toks[6]), int(toks[7])
    except ValueError:
        return Unknown(s)
    piece, new_map, new_under, old_map, old_under = (None if t == "null" else t
                                                     for t in (*toks[:2], *toks[4:6], toks[8]))
    return _move_of(s, piece or "", new_map, x, y, new_under, old_map, old_x, old_y, old_under,
                    toks[9] if len(toks) > 9 else None, tuple(toks))


def _boards(s: str, map_id: str) -> Command:
    toks = decode(s, TAB)[1:]
    boards = []
    for i in range(0, len(toks) - 2, 3):
        name_rev = decode(toks[i], "/")
        col, row = _int(toks[i + 1]), _int(toks[i + 2])
        boards.append((name_rev[0], len(name_rev) > 1 and name_rev[1] == "rev", col or 0, row or 0))
    return SetBoards(s, map_id, tuple(boards))


# prefix -> reader, by the prefix's first two characters (a reader may still decline: None)
_CLAIMS: dict[str, tuple[str, Callable[[str, int, Memo | None], Command | None]]] = {
    prefix[:2]: (prefix, read) for prefix, read in (
        ("LOG\t", _log), ("+/", _add), ("-/", lambda s, *_: RemovePiece(s, s[2:])), ("D/", _change), ("M/", _move),
        ("CHAT", lambda s, *_: _chat(s, s[4:])), ("UNDO\t", lambda s, *_: Undo(s, s[5:] == "true")),
        ("PLAYER\t", _player), ("PYREMOVE\t", _player_remove), ("MutableProperty\t", _property_change),
        ("GlobalProperty\t", _global_property), ("TURN", _turn),
    )
}
_OTHER_STARTS = tuple(prefix for prefix, _ in OTHER_PREFIXES)


class CommandError(ValueError):
    """A command stream that cannot be decoded safely (nested deeper than :data:`MAX_DEPTH`)."""


MAX_DEPTH = 100  # real streams nest 4 or 5 levels (compound, LOG, compound, LOG ...)
MEMO_LONGEST = 48  # longer texts are decoded without the memo: they seldom repeat, and hashing them is not free


def decode_command(s: str, depth: int = 0, memo: Memo | None = None) -> Command:
    """``GameModule.decode``: a compound when the string splits on unescaped ESC (or unescapes), else one command.

    Commands are values, so a text met again at the same depth is decoded once (``memo``, one per stream: a log
    repeats ``LOG\\tnull`` thousands of times). The garbage collector waits meanwhile (``no_cycle_collection``)."""
    with no_cycle_collection():
        return _decoded(s, depth, {} if memo is None else memo)


def _decoded(s: str, depth: int, memo: Memo) -> Command:
    short = len(s) <= MEMO_LONGEST
    if short:
        found = memo.get((s, depth))
        if found is not None:
            return found
    if depth > MAX_DEPTH:
        raise CommandError(f"commands nested more than {MAX_DEPTH} levels deep")
    # the one token of a string without ESC is the string itself unless quoted
    if ESC in s or (len(s) > 1 and s[0] == "'" and s[-1] == "'"):
        toks = decode(s, ESC)
        if len(toks) != 1 or toks[0] != s:
            inner = depth + 1
            items = [_logged(t, inner, memo) if t[:4] == "LOG\t" and inner < MAX_DEPTH else _decoded(t, inner, memo)
                     for t in toks]
            command: Command = _compound(s, tuple(items))
            if short:
                memo[(s, depth)] = command
            return command
    command = decode_leaf(s, depth, memo)
    if short:
        memo[(s, depth)] = command
    return command


def _logged(s: str, depth: int, memo: Memo) -> Command:
    """:func:`_decoded` of a ``LOG\\t`` item of a compound (most items of a log), in one call when neither it nor
    its logged text holds an ESC or is quoted: the logged text is then one leaf command one level down."""
    rest = s[4:]
    if ESC in s or (len(s) > 1 and s[0] == "'" and s[-1] == "'") or (len(rest) > 1 and rest[0] == "'"
                                                                     and rest[-1] == "'"):
        return _decoded(s, depth, memo)
    if len(rest) > MEMO_LONGEST:  # (a piece command, say: nothing of it is kept in the memo)
        return _log_of(s, decode_leaf(rest, depth + 1, memo))
    key = (s, depth)
    found = memo.get(key) if len(s) <= MEMO_LONGEST else None
    if found is None:
        found = memo.get((rest, depth + 1)) if len(rest) <= MEMO_LONGEST else None
        if found is None:
            found = decode_leaf(rest, depth + 1, memo)
            if len(rest) <= MEMO_LONGEST:
                memo[(rest, depth + 1)] = found
        found = _log_of(s, found)
        if len(s) <= MEMO_LONGEST:
            memo[key] = found
    return found


def walk(c: Command) -> list[Command]:
    """Every leaf command in stream order, looking inside compounds and LOG wrappers (the wrappers included)."""
    out: list[Command] = []
    _walk(c, out)
    return out


def _walk(c: Command, out: list[Command]) -> None:
    """(Compound and Log have no subclasses: their types are compared directly, and a LOG wrapper's leaf, the usual
    item of a compound, is taken without a call.)"""
    kind = type(c)
    if kind is Compound:
        for item in c.items:  # type: ignore[attr-defined]
            kind = type(item)
            if kind is Log:
                out.append(item)
                inner = item.inner  # type: ignore[attr-defined]
                if type(inner) is Compound or type(inner) is Log:
                    _walk(inner, out)
                else:
                    out.append(inner)
            elif kind is Compound:
                _walk(item, out)
            else:
                out.append(item)
    elif kind is Log:
        out.append(c)
        _walk(c.inner, out)  # type: ignore[attr-defined]
    else:
        out.append(c)


def census(c: Command) -> Counter[str]:
    """How many commands of each kind the tree holds (unknown ones included, by their first characters)."""
    counts: Counter[str] = Counter()
    for leaf in walk(c):
        counts[leaf.kind if not isinstance(leaf, Unknown) else "unknown"] += 1
    return counts


def is_step(c: Command) -> bool:
    """Whether a top-level token is a logged step: a ``LOG`` command, or a compound headed by one (a logged command's
    sub-commands are each wrapped in their own ``LOG`` one ESC level down)."""
    while isinstance(c, Compound) and c.items:
        c = c.items[0]
    return isinstance(c, Log)


def steps(root: Command) -> tuple[tuple[Command, ...], tuple[Command, ...]]:
    """Split a save or log into its restore part (everything before the first logged step) and its steps (one per
    top-level logged token: one press of VASSAL's "Step" button)."""
    items = root.items if isinstance(root, Compound) else (root,)
    first = next((i for i, c in enumerate(items) if is_step(c)), len(items))
    return items[:first], items[first:]
