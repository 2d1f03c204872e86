"""VASSAL piece traits, encoded exactly as the engine encodes them (docs/vassal-format.md §c).

Each trait is a frozen dataclass with ``type()`` and ``state()`` giving the strings VASSAL's ``myGetType()`` and
``myGetState()`` produce, field for field, for the 3.6.0 engine the project tests against (the trait sources at
commit 9a37405aa). A :class:`Piece` is a BasicPiece wrapped in traits, listed **outermost first** (the reverse of
the editor's list); :func:`add_piece` gives the ``+/id/type/state`` text of a PieceSlot, a prototype or a save.

Key strokes are plain ``javax.swing.KeyStroke`` codes (``keyCode,modifiers``); named key strokes are avoided
because their codes are allocated at run time and would not round-trip.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Protocol

from games.kept import Kept
from games.vassal_codec import encode

TAB = "\t"

# KeyStroke.getModifiers() keeps both the old and the new ("DOWN_MASK") bits: this is what VASSAL writes back.
CTRL = 128 | 2
SHIFT = 64 | 1
ALT = 512 | 8


@dataclass(frozen=True)
class Key:
    """A key stroke: a Java virtual key code and its modifiers."""

    code: int
    modifiers: int = 0

    def encode(self) -> str:
        return f"{self.code},{self.modifiers}"


def ctrl(char: str, extra: int = 0) -> Key:
    """Ctrl (+ ``extra`` modifiers) + a letter or digit key."""
    return Key(ord(char.upper()), CTRL | extra)


def alt(char: str, extra: int = 0) -> Key:
    return Key(ord(char.upper()), ALT | extra)


def key_text(key: Key | None) -> str:
    return key.encode() if key else ""


def key_list(keys: tuple[Key, ...]) -> str:
    """``NamedKeyStrokeArrayConfigurer.encode``: the keys joined by ``,`` (each key's own comma escaped)."""
    return encode([k.encode() for k in keys], ",")


def string_array(items: tuple[str, ...] | list[str]) -> str:
    """``StringArrayConfigurer.arrayToString``."""
    return encode(list(items), ",") if items else ""


class Trait(Protocol):
    def type(self) -> str: ...

    def state(self) -> str: ...


class Stateless:
    """A trait whose state is always empty (its behaviour is all in its type)."""

    def state(self) -> str:
        return ""


# --- the base piece -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BasicPiece:
    """``piece;``: name and image. In a palette the state is ``null;0;0;<gpid>;0``."""

    name: str
    image: str = ""
    map_id: str | None = None
    x: int = 0
    y: int = 0
    gpid: str = ""
    properties: tuple[tuple[str, str], ...] = ()

    def type(self) -> str:
        return "piece;" + encode(["", "", self.image, self.name], ";")

    def state(self) -> str:
        values: list[object] = ["null" if self.map_id is None else self.map_id, self.x, self.y, self.gpid,
                                len(self.properties)]
        for k, v in self.properties:
            values += [k, v]
        return encode(values, ";")


# --- decorators -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Marker:
    """``mark;``: constant properties. Names in the type, values in the state."""

    properties: tuple[tuple[str, str], ...]

    def type(self) -> str:
        return "mark;" + encode([k for k, _ in self.properties], ",")

    def state(self) -> str:
        return encode([v for _, v in self.properties], ",")


@dataclass(frozen=True)
class Prototype(Stateless):
    """``prototype;``: use a PrototypeDefinition by name; expanded inline when a piece enters a game."""

    name: str

    def type(self) -> str:
        return "prototype;" + self.name



def level_name(text: str) -> str:
    """A Layer level name that replaces the piece name (``+`` would make it a prefix or suffix, so it is escaped as
    ``Embellishment.getType`` does)."""
    return encode([text], "+") if text else ""


@dataclass(frozen=True)
class Layer:
    """``emb2;`` (Embellishment, version 1): one image per level, and keys to step, activate or reset it.

    ``value`` is the state: the 1-based level when active, minus the last level when inactive.
    """

    name: str
    images: tuple[str, ...]
    level_names: tuple[str, ...]
    always_active: bool = True
    increase_key: Key | None = None
    increase_command: str = ""
    decrease_key: Key | None = None
    decrease_command: str = ""
    activate_key: Key | None = None
    activate_command: str = ""
    reset_key: Key | None = None
    reset_command: str = ""
    reset_level: str = "1"
    loop: bool = True
    follow_property: bool = False
    property_name: str = ""
    first_level_value: int = 1
    x_offset: int = 0
    y_offset: int = 0
    draw_underneath: bool = False
    description: str = ""
    value: int = 1

    def type(self) -> str:
        fields: list[object] = [
            self.activate_command, CTRL, "",
            self.increase_command, CTRL, "",
            self.decrease_command, CTRL, "",
            self.reset_command, key_text(self.reset_key), self.reset_level,
            self.draw_underneath, self.x_offset, self.y_offset,
            string_array(self.images), string_array(self.level_names),
            self.loop, self.name,
            "", "",  # random-level key and menu text
            self.follow_property, self.property_name, self.first_level_value,
            1,  # version
            self.always_active,
            key_text(self.activate_key), key_text(self.increase_key), key_text(self.decrease_key),
            self.description, 1.0,
        ]
        return "emb2;" + encode(fields, ";")

    def state(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Report:
    """``report;`` (Report Action): a chat line ``* <format>`` whenever one of ``keys`` reaches the piece."""

    keys: tuple[Key, ...]
    format: str
    description: str = ""

    def type(self) -> str:
        return "report;" + encode([key_list(self.keys), self.format, "", "", self.description, False], ";")

    def state(self) -> str:
        return "-1"


@dataclass(frozen=True)
class SendToZone:
    """``sendto;`` with destination ``Z``: move the piece to the centre of a zone of a map (the zone name may be an
    expression ``{...}`` evaluated on the piece; an empty ``command`` gives no menu entry)."""

    command: str
    key: Key
    map_id: str
    zone: str
    description: str = ""

    def type(self) -> str:
        fields: list[object] = [
            self.command, self.key.encode(), self.map_id, "", "0", "0",
            "", "",  # "send back" command and key
            "0", "0", "1", "1",  # advanced-options offsets (unused)
            self.description, "Z", self.zone, "", "", "",
        ]
        return "sendto;" + encode(fields, ";")

    def state(self) -> str:
        return ";;"


@dataclass(frozen=True)
class PlaceMarker(Stateless):
    """``placemark;``: put a copy of another piece (embedded as its AddPiece text) on top of this one's stack."""

    command: str
    key: Key
    marker: str  # the AddPiece text of the piece placed, "+/null/type/state"
    gpid: str
    description: str = ""
    after: Key | None = None  # the key the placed piece receives at once (its "afterburner")
    x_offset: int = 0  # where it goes from this piece's centre (y up); a piece that does not stack keeps it
    y_offset: int = 0

    def type(self) -> str:
        fields: list[object] = [self.command, self.key.encode(), self.marker, "null", self.x_offset, self.y_offset,
                                False, key_text(self.after), self.description, self.gpid, 0, False]
        return "placemark;" + encode(fields, ";")



@dataclass(frozen=True)
class PropertyCommand:
    """One menu command of a Dynamic Property: set it to a value (changer ``P``; the value may be a format or an
    expression ``{...}`` evaluated on the piece) or, with ``changer="I"``, add ``value`` to it."""

    menu: str
    key: Key
    value: str
    changer: str = "P"

    def encode(self) -> str:
        return encode([self.menu, self.key.encode(), encode([self.changer, self.value], ",")], ":")


@dataclass(frozen=True)
class DynamicProperty:
    """``PROP;``: a property whose value (the state) menu commands change."""

    name: str
    commands: tuple[PropertyCommand, ...] = ()
    value: str = ""
    numeric: bool = False
    minimum: int = 0
    maximum: int = 100
    wrap: bool = False
    description: str = ""

    def type(self) -> str:
        constraints = encode([self.numeric, self.minimum, self.maximum, self.wrap], ",")
        commands = encode([c.encode() for c in self.commands], ",") if self.commands else ""
        return "PROP;" + encode([self.name, constraints, commands, self.description], ";")

    def state(self) -> str:
        return self.value


@dataclass(frozen=True)
class Label:
    """``label;`` (Text Label) with no menu command: draws ``text`` (a format, e.g. ``$AttackDir$``) on the piece
    and leaves the piece name alone."""

    text: str
    font_size: int = 12
    background: str = "255,255,255"
    foreground: str = "200,0,0"
    vertical: str = "b"
    description: str = ""
    vertical_offset: int = 0
    vertical_just: str = "c"
    horizontal: str = "c"
    horizontal_offset: int = 0
    horizontal_just: str = "c"
    property: str = "TextLabel"  # the property the label's text is exposed as (two labels need two names)

    def type(self) -> str:
        fields: list[object] = ["", "", self.font_size, self.background, self.foreground, self.vertical,
                                self.vertical_offset, self.horizontal, self.horizontal_offset, self.vertical_just,
                                self.horizontal_just, "$pieceName$", "Dialog", 1, 0, self.property, self.description]
        return "label;" + encode(fields, ";")

    def state(self) -> str:
        return self.text


@dataclass(frozen=True)
class Delete(Stateless):
    """``delete;``: a menu command that removes the piece from the game."""

    command: str
    key: Key
    description: str = ""

    def type(self) -> str:
        return "delete;" + encode([self.command, self.key.encode(), self.description], ";")



@dataclass(frozen=True)
class SubMenu(Stateless):
    """``submenu;``: gather the named menu commands under one menu entry."""

    name: str
    commands: tuple[str, ...]
    description: str = ""

    def type(self) -> str:
        return "submenu;" + encode([self.name, string_array(self.commands), self.description], ";")



@dataclass(frozen=True)
class ReturnToDeck(Stateless):
    """``return;``: send the piece to a named deck (a card to the discard pile)."""

    command: str
    key: Key
    deck: str
    description: str = ""

    def type(self) -> str:
        fields: list[object] = [self.command, self.key.encode(), self.deck, "", self.description, 2, False, self.deck]
        return "return;" + encode(fields, ";")



@dataclass(frozen=True)
class Mask:
    """``obs;`` (Mask) with no command of its own: what a face-down deck shows of a card (``B``: the mask image is
    drawn instead of the piece for everyone the piece is hidden from)."""

    image: str
    name: str = "Face down"
    description: str = ""
    key: Key | None = None  # unmasks a masked piece (no menu entry): see modgen.cards

    def type(self) -> str:
        return "obs;" + encode([key_text(self.key), self.image, "", "B", self.name, "player:", "", self.description,
                                False], ";")

    def state(self) -> str:
        return encode(["null", ""], ";")


@dataclass(frozen=True)
class Rotate:
    """``rotate;`` with a fixed number of facings, turned by ``cw_key`` (a joker card's two halves)."""

    facings: int
    cw_key: Key
    cw_command: str
    name: str = ""
    description: str = ""
    index: int = 0

    def type(self) -> str:
        fields: list[object] = [self.facings, self.cw_key.encode(), "", self.cw_command, "", "", "", self.name,
                                self.description, "", "", "", False]
        return "rotate;" + encode(fields, ";")

    def state(self) -> str:
        return str(self.index)


@dataclass(frozen=True)
class SendToPoint(Stateless):
    """``sendto;`` with destination ``L``: move the piece to a point of a board of a map (a card into a hand).
    An empty ``command`` gives no menu entry: only the key (sent by a toolbar command) moves it."""

    key: Key
    map_id: str
    board: str
    x: int
    y: int
    command: str = ""
    description: str = ""

    def type(self) -> str:
        fields: list[object] = [
            self.command, self.key.encode(), self.map_id, self.board, str(self.x), str(self.y),
            "", "", "0", "0", "1", "1", self.description, "L", "", "", "", "",
        ]
        return "sendto;" + encode(fields, ";")

    def state(self) -> str:
        return ";;"


@dataclass(frozen=True)
class Trigger(Stateless):
    """``macro;`` (Trigger Action) with no menu entry: when ``key`` reaches the piece and ``condition`` (a property
    expression, empty = always) holds, send ``actions`` to the piece, in order."""

    key: Key
    actions: tuple[Key, ...]
    condition: str = ""
    description: str = ""
    command: str = ""  # a menu entry for the key ("" none)

    def type(self) -> str:
        fields: list[object] = [
            self.description, self.command, self.key.encode(), self.condition, "", key_list(self.actions),
            False, "", "", "counted", "", "", "", False, "", "1", "1",
        ]
        return "macro;" + encode(fields, ";")


@dataclass(frozen=True)
class MovedMark:
    """``markmoved;`` (Mark When Moved): VASSAL's moved flag drawn at the counter's corner; state ``false`` until
    the piece moves (the map's "mark unmoved" button clears it)."""

    image: str = "/images/moved.gif"  # VASSAL's own flag, 9 x 48 pixels
    x_offset: int = 0  # the image's top-left corner from the piece's centre
    y_offset: int = 0
    command: str = "Mark moved"
    key: Key | None = None
    description: str = ""

    def type(self) -> str:
        fields: list[object] = [self.image, self.x_offset, self.y_offset, self.command, key_text(self.key),
                                self.description]
        return "markmoved;" + encode(fields, ";")

    def state(self) -> str:
        return "false"


@dataclass(frozen=True)
class Trail:
    """``footprint;`` (Movement Trail): the path the piece took this turn, shown on ``key`` (its own toggle) or for
    every unit by the toolbar's on / off keys, forgotten with ``clear_key``."""

    key: Key
    on_key: Key
    off_key: Key
    clear_key: Key
    command: str = "Movement trail"
    description: str = ""

    def type(self) -> str:
        fields: list[object] = [
            self.key.encode(), self.command, False, False, 10, "255,255,255", "200,0,0", 100, 60, 20, 30, "2.0",
            self.on_key.encode(), self.off_key.encode(), self.clear_key.encode(), self.description,
        ]
        return "footprint;" + encode(fields, ";")

    def state(self) -> str:
        return "false;;0"


@dataclass(frozen=True)
class SetGlobal(Stateless):
    """``setprop;`` (Set Global Property) with commands that set a module property (changer ``P``, the value a
    format evaluated on the piece); empty menu texts give no menu entry."""

    name: str
    commands: tuple[PropertyCommand, ...]
    numeric: bool = False
    minimum: int = 0
    maximum: int = 100
    description: str = ""

    def type(self) -> str:
        constraints = encode([self.numeric, self.minimum, self.maximum, False], ",")
        commands = encode([c.encode() for c in self.commands], ",")
        fields: list[object] = [self.name, constraints, commands, self.description,
                                "Current Zone/Current Map/Module", ""]
        return "setprop;" + encode(fields, ";")


@dataclass(frozen=True)
class Apart(Stateless):
    """``immob;`` (Does Not Stack) with the grid ignored and no band selection: a piece that stays exactly where it
    is put, beside a stack rather than in it, and that a rectangle drawn around units does not pick up."""

    description: str = ""

    def type(self) -> str:
        return f"immob;gZ;N;R;{self.description}"  # written by hand by VASSAL too (Immobilized.myGetType)


@dataclass(frozen=True)
class Calculated(Stateless):
    """``calcProp;`` (Calculated Property): a property whose value is an expression, evaluated when read."""

    name: str
    expression: str
    description: str = ""

    def type(self) -> str:
        return "calcProp;" + encode([self.name, self.expression, self.description], ";")


@dataclass(frozen=True)
class KeyToPieces(Stateless):
    """``globalkey;`` (a piece's Global Key Command) with no menu entry: when ``key`` reaches the piece, ``sends``
    goes to every piece on every map that ``filter`` accepts (``$name$`` in the filter is this piece's value).
    ``quiet`` false: the receivers' own reports are shown."""

    key: Key
    sends: Key
    filter: str
    description: str = ""
    quiet: bool = False

    def type(self) -> str:
        fields: list[object] = ["", self.key.encode(), self.sends.encode(), self.filter, False, 1, self.quiet, True, "",
                                self.description, -1, "COUNTER|false|MAP|||||0|0||false|||EQUALS"]
        return "globalkey;" + encode(fields, ";")


@dataclass(frozen=True)
class HideCommands(Stateless):
    """``hideCmd;`` (Restrict Commands): the menu commands of ``keys`` are hidden (and their keys do nothing) while
    ``condition`` holds."""

    keys: tuple[Key, ...]
    condition: str
    description: str = ""

    def type(self) -> str:
        return "hideCmd;" + encode([self.description, "Hide", self.condition, key_list(self.keys)], ";")


# --- whole pieces -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A BasicPiece wrapped in ``traits``, outermost first."""

    basic: BasicPiece
    traits: tuple[Trait, ...] = field(default_factory=tuple)

    def type(self) -> str:
        text = self.basic.type()
        for trait in reversed(self.traits):
            text = encode([trait.type(), text], TAB)
        return text

    def state(self) -> str:
        text = self.basic.state()
        for trait in reversed(self.traits):
            text = encode([trait.state(), text], TAB)
        return text

    def trait_types(self) -> list[str]:
        return [t.type() for t in self.traits] + [self.basic.type()]

    def expanded(self, prototypes: Mapping[str, Piece]) -> Piece:
        """The piece as it enters a game: each ``prototype;`` trait replaced by that prototype's traits, recursively
        (``PieceCloner.clonePiece``, vassal-format.md §c.6)."""
        traits: list[Trait] = []
        for t in self.traits:
            if isinstance(t, Prototype):
                traits += prototypes[t.name].expanded(prototypes).traits
            else:
                traits.append(t)
        return replace(self, traits=tuple(traits))

    def placed(self, map_id: str | None, x: int, y: int) -> Piece:
        """The same piece standing at ``(x, y)`` on a map."""
        return replace(self, basic=replace(self.basic, map_id=map_id, x=x, y=y))


_added: Kept[str] = Kept(4096)  # AddPiece texts by piece and id (a module has a few hundred pieces)


def add_piece(piece: Piece, piece_id: str | None = None) -> str:
    """The AddPiece command text ``+/id/type/state`` (``null`` id in a build file).

    A piece is a value (frozen dataclasses all the way down, each field of one declared type), and its text is a
    function of that value and the id alone: the text of a piece equal to one encoded before in this process is
    given again, so a rebuild after a change encodes only the pieces that changed (encoding is most of the time of
    writing a module's pieces; looking one up is a tenth of it)."""
    return _added.made((piece, piece_id), lambda: _add_piece_text(piece, piece_id))


def _add_piece_text(piece: Piece, piece_id: str | None) -> str:
    return "+/" + encode([piece_id or "null", piece.type(), piece.state()], "/")
