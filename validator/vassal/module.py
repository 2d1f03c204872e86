"""A VASSAL module's maps, boards, grids and zones read from its build file, and board points named as VASSAL does.

Reads ``buildFile.xml`` or the legacy ``buildFile`` — plain, or inside a ``.vmod``/``.mod`` zip (read with the same
caps as saves) — with lxml. Maps are the components that hold a BoardPicker (Map, PrivateMap, PlayerHand, WidgetMap
...). Boards carry HexGrid, SquareGrid, RegionGrid or ZonedGrid (zones with their own grids) and their numberings,
built as ``games.vassal_grid`` objects that reproduce VASSAL's arithmetic. :class:`MapLayout` places a map's chosen
boards the way ``Map.setBoardBoundaries`` does and names any map point like ``Map.locationName`` (deck name, then
the board's grid, else ``offboard``) — vassal-format.md §b.3, §d.6, §f.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Callable, Iterable, Iterator, Mapping

from lxml import etree

from games.datafiles import read_head
from games.errors import DataError
from games.vassal_codec import decode
from games.vassal_grid import (
    MapGrid, NumberedGrid, Point, Region, VassalHexGrid, VassalHexNumbering, VassalRegionGrid, VassalSquareGrid,
    VassalSquareNumbering, VassalZonedGrid, Zone,
)

from .archive import Caps, SafeZip, is_zip, read_file
from .images import image_size
from .values import whole

P = "VASSAL.build.module.map.boardPicker."
BOARD_PICKER = "VASSAL.build.module.map.BoardPicker"
BOARD = P + "Board"
HEX_GRID = P + "board.HexGrid"
SQUARE_GRID = P + "board.SquareGrid"
REGION_GRID = P + "board.RegionGrid"
ZONED_GRID = P + "board.ZonedGrid"
ZONE = P + "board.mapgrid.Zone"
REGION = P + "board.Region"
DRAW_PILE = "VASSAL.build.module.map.DrawPile"
TURN = "VASSAL.build.module.turn."
SLOT_TAGS = ("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot", "VASSAL.build.module.PrototypeDefinition")
OFFBOARD = "offboard"  # VASSAL.properties Map.offboard
SQRT3_2 = math.sqrt(3) / 2
HEX_DEFAULT_WIDTH = SQRT3_2 * 64.0
MAX_XML_DEPTH = 100  # elements nested in a build file (real ones: at most 10; the readers of turn levels recurse)
MAX_LEADING, MAX_OFFSET = 32, 100_000  # a grid numbering's zero padding and first numbers (real ones: 0-2, 0-1)
UNKNOWN_SIZE_LIMIT = 1 << 20  # a board of unknown size: points this far out are off it (no image is that large)


# --- the module's structure ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardDef:
    """A board of a map window (``Board``): its image, size and grid."""

    name: str
    image: str = ""
    size: tuple[int, int] | None = None  # None: the image size is not known (build file read without its images)
    reversible: bool = False
    grid: MapGrid | None = None
    magnification: float = 1.0


@dataclass(frozen=True)
class DeckDef:
    """A DrawPile: its name is the location name of its spot (``Map.getDeckNameAt``)."""

    name: str
    x: int
    y: int
    owning_board: str = ""


@dataclass(frozen=True)
class MapDef:
    """A map window of the module (``Map``, ``PlayerHand``, ...): its boards and decks."""

    id: str
    component: str  # element tag: VASSAL.build.module.Map, PlayerHand ...
    edge: tuple[int, int]
    boards: Mapping[str, BoardDef]
    decks: tuple[DeckDef, ...] = ()

    def default_boards(self) -> tuple[tuple[str, bool, int, int], ...]:
        """The boards VASSAL picks without asking: the only board, when there is exactly one."""
        if len(self.boards) == 1:
            return ((next(iter(self.boards)), False, 0, 0),)
        return ()


@dataclass(frozen=True)
class PieceSlotDef:
    """A piece definition in the build file (PieceSlot, CardSlot or PrototypeDefinition): its text is an AddPiece."""

    component: str
    name: str
    text: str
    line: int


@dataclass(frozen=True)
class TurnLevelDef:
    """A ``CounterTurnLevel`` (``items`` empty) or ``ListTurnLevel`` of a TurnTracker, with its sub-levels."""

    name: str
    property: str
    start: int = 1
    items: tuple[str, ...] = ()
    sublevels: tuple[TurnLevelDef, ...] = ()

    def value(self, current: int) -> str:
        """``getValueString``: the counter's number, or the list item at that index."""
        if not self.items:
            return str(current)
        return self.items[current] if 0 <= current < len(self.items) else ""

    def read(self, state: str, out: dict[str, str]) -> None:
        """``setState``: SE(';')[current, currentSubLevel, loop/first, loopLimit/active flags, sub-level states...]."""
        toks = decode(state, ";")
        try:
            current = int(toks[0]) if toks and toks[0] else (self.start if not self.items else 0)
        except ValueError:
            current = self.start if not self.items else 0
        out[self.property or self.name] = self.value(current)
        for level, sub in zip(self.sublevels, toks[4:]):
            level.read(sub, out)


@dataclass(frozen=True)
class TurnTrackerDef:
    """A ``TurnTracker``: ``id`` is what its ``TURN<id>`` commands name (``TurnTracker0``, ``TurnTracker1`` ...)."""

    id: str
    name: str
    levels: tuple[TurnLevelDef, ...]

    def values(self, state: str) -> dict[str, str]:
        """Every level's current value (by its global property name, else its name) from a ``TURN`` state; levels
        that share a property (our Stalingrad '42 tracker's two Game Turn levels) give it the current level's value,
        as VASSAL's shared property has it."""
        toks = decode(state, "|")
        out: dict[str, str] = {}
        pairs = list(zip(self.levels, toks[1:]))
        n = whole(toks[0]) if toks else None
        current = n if n is not None and n >= 0 else 0
        for level, sub in pairs[:current] + pairs[current + 1:] + pairs[current:current + 1]:
            level.read(sub, out)
        return out


@dataclass(frozen=True)
class ModuleDef:
    """What hexforge reads of a ``.vmod``: its name and versions, maps, piece slots and sides."""

    path: str
    name: str
    version: str
    vassal_version: str
    maps: Mapping[str, MapDef]
    slots: tuple[PieceSlotDef, ...] = ()
    sides: tuple[str, ...] = ()
    build_file: str = ""
    turn_trackers: Mapping[str, TurnTrackerDef] = field(default_factory=lambda: MappingProxyType({}))

    def map(self, map_id: str | None) -> MapDef | None:
        """A map by the id saves use: its ``mapName``, or VASSAL's generated ``Map<n>`` when that is what was saved."""
        if map_id is None:
            return None
        found = self.maps.get(map_id)
        index = whole(map_id[3:]) if map_id.startswith("Map") else None
        if found is None and index is not None and index >= 0:
            ordered = list(self.maps.values())
            found = ordered[index] if index < len(ordered) else None
        return found

    def layout(self, map_id: str, boards: Iterable[tuple[str, bool, int, int]] | None = None) -> MapLayout | None:
        """The map with its boards placed (``boards`` from the save's SetBoards, else the default board)."""
        m = self.map(map_id)
        if m is None:
            return None
        chosen = tuple(boards) if boards is not None else m.default_boards()
        return MapLayout.place(m, chosen)


# --- laying out boards and naming points ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PlacedBoard:
    """A board where a game placed it on its map (``Map.getBoardPicker`` layout)."""

    board: BoardDef
    reversed: bool
    column: int
    row: int
    origin: Point

    def contains(self, p: Point, only: bool) -> bool:
        """``Rectangle.contains``; a board of unknown size contains everything right/below its origin when it is the
        map's only board (its size cannot matter then), nothing otherwise."""
        x, y = p[0] - self.origin[0], p[1] - self.origin[1]
        if self.board.size is None:
            return only and 0 <= x < UNKNOWN_SIZE_LIMIT and 0 <= y < UNKNOWN_SIZE_LIMIT
        w, h = self.board.size
        return 0 <= x < w and 0 <= y < h

    def local(self, p: Point) -> Point:
        """``Board.localCoordinates`` of a map point."""
        x, y = p[0] - self.origin[0], p[1] - self.origin[1]
        if self.reversed and self.board.size is not None:
            x, y = self.board.size[0] - x, self.board.size[1] - y
        mag = self.board.magnification
        if mag != 1.0:
            x, y = math.floor(x / mag + 0.5), math.floor(y / mag + 0.5)
        return x, y


@dataclass(frozen=True)
class Location:
    """Where a map point is: the board and its local point (None when off every board) and VASSAL's name for it."""

    name: str
    board: str | None = None
    local: Point | None = None
    deck: str | None = None


@dataclass(frozen=True)
class MapLayout:
    """A map's boards as a game placed them, with the names the module lacks."""

    map: MapDef
    boards: tuple[PlacedBoard, ...]
    missing: tuple[str, ...] = ()  # board names the save chose that the module does not have

    @classmethod
    def place(cls, m: MapDef, chosen: tuple[tuple[str, bool, int, int], ...]) -> MapLayout:
        widths: dict[tuple[int, int], int] = {}
        heights: dict[tuple[int, int], int] = {}
        found, missing = [], []
        for name, rev, col, row in chosen:
            b = m.boards.get(name)
            if b is None:
                missing.append(name)
                continue
            found.append((b, rev, col, row))
            size = b.size or (0, 0)
            widths[(col, row)] = size[0]
            heights[(col, row)] = size[1]
        placed = []
        for b, rev, col, row in found:
            dx = sum(widths.get((x, row), 0) for x in range(col))
            dy = sum(heights.get((col, y), 0) for y in range(row))
            placed.append(PlacedBoard(b, rev, col, row, (m.edge[0] + dx, m.edge[1] + dy)))
        return cls(m, tuple(placed), tuple(missing))

    def board_at(self, p: Point) -> PlacedBoard | None:
        """``Map.findBoard``: the first board whose bounds contain the point."""
        only = len(self.boards) == 1
        return next((b for b in self.boards if b.contains(p, only)), None)

    def deck_at(self, p: Point) -> DeckDef | None:
        for d in self.map.decks:
            if self.deck_position(d) == p:
                return d
        return None

    def deck_position(self, d: DeckDef) -> Point:
        """``DrawPile.getPosition``: relative to its owning board, else to the edge buffer."""
        owner = next((b for b in self.boards if b.board.name == d.owning_board), None)
        ox, oy = owner.origin if owner is not None else self.map.edge
        return d.x + ox, d.y + oy

    @cached_property
    def _located(self) -> dict[Point, Location]:
        return {}  # point -> its location, as pieces come back to the same points again and again

    def locate(self, p: Point) -> Location:
        """``Map.locationName``: a DrawPile's name at exactly that point, else the board grid's name, else offboard."""
        found = self._located.get(p)
        if found is None:
            found = self._located[p] = self._locate(p)
        return found

    def _locate(self, p: Point) -> Location:
        deck = self.deck_at(p)
        if deck is not None:
            return Location(deck.name, deck=deck.name)
        b = self.board_at(p)
        if b is None:
            return Location(OFFBOARD)
        local = b.local(p)
        name = b.board.grid.location_name(local) if b.board.grid is not None else None
        return Location(name if name is not None else OFFBOARD, b.board.name, local)

    def location_name(self, p: Point) -> str:
        return self.locate(p).name


# --- reading the build file ----------------------------------------------------------------------------------------


def _bool(v: str | None, default: bool) -> bool:
    return default if v is None or v == "" else v == "true"


def _number(e: etree._Element, name: str, default: float, where: str, kind: type = int) -> float:
    """An integer (``kind=int``) or decimal attribute, ``default`` when absent; a bad value is a one-line error."""
    v = e.get(name)
    if v is None or v == "":
        return default
    try:
        return kind(v)
    except ValueError:
        what = "an integer" if kind is int else "a number"
        raise DataError(where, f"line {e.sourceline}: {e.tag.rsplit('.', 1)[-1]} {name}={v!r} is not {what}") \
            from None


def _int(e: etree._Element, name: str, default: int, where: str) -> int:
    return int(_number(e, name, default, where, int))


def _bounded(e: etree._Element, name: str, default: int, most: int, where: str) -> int:
    """An integer attribute of at most ``most`` either way (a grid's origin, a numbering's padding and offsets: the
    names it makes grow with them, and a float of them overflows)."""
    v = _int(e, name, default, where)
    if abs(v) > most:
        raise DataError(where, f"line {e.sourceline}: {e.tag.rsplit('.', 1)[-1]} {name}={e.get(name)!r} must be "
                               f"between {-most} and {most}")
    return v


def _float(e: etree._Element, name: str, default: float, where: str) -> float:
    return float(_number(e, name, default, where, float))


def _children(e: etree._Element, tag: str) -> list[etree._Element]:
    return [c for c in e if c.tag == tag]


def _child(e: etree._Element, suffix: str) -> etree._Element | None:
    """The last child whose tag ends with ``suffix`` (VASSAL keeps the last numbering it builds)."""
    found = None
    for c in e:
        if isinstance(c.tag, str) and c.tag.endswith(suffix):
            found = c
    return found


def _numbering_fields(n: etree._Element, size: tuple[int, int], where: str) -> dict[str, object]:
    return dict(
        board_width=size[0], board_height=size[1],
        first=n.get("first") or "H", sep=n.get("sep") or "", h_type=n.get("hType") or "N",
        v_type=n.get("vType") or "N", h_leading=_bounded(n, "hLeading", 1, MAX_LEADING, where),
        v_leading=_bounded(n, "vLeading", 1, MAX_LEADING, where), h_off=_bounded(n, "hOff", 1, MAX_OFFSET, where),
        v_off=_bounded(n, "vOff", 1, MAX_OFFSET, where), h_descend=_bool(n.get("hDescend"), False),
        v_descend=_bool(n.get("vDescend"), False), location_format=n.get("locationFormat") or "$gridLocation$",
    )


def _spacing(e: etree._Element, name: str, default: float, where: str, least: float = 1,
             most: float = UNKNOWN_SIZE_LIMIT) -> float:
    """A grid's ``dx``/``dy`` (a number of pixels 1..2**20: VASSAL divides by it, and a tinier one makes column
    numbers past any float or name, a larger one points past the largest board), or a board's magnification."""
    v = _float(e, name, default, where)
    if not (math.isfinite(v) and least <= v <= most):
        raise DataError(where, f"line {e.sourceline}: {e.tag.rsplit('.', 1)[-1]} {name}={e.get(name)!r} must be a "
                               f"number {least}..{most}")
    return v


def _hex_grid(e: etree._Element, size: tuple[int, int], where: str) -> NumberedGrid:
    dx = _spacing(e, "dx", HEX_DEFAULT_WIDTH, where)
    dy = _spacing(e, "dy", 64.0, where)
    if e.get("dy") and dx == HEX_DEFAULT_WIDTH:  # HexGrid.setAttribute(dy) resets a default dx (attributes sorted)
        dx = SQRT3_2 * dy
    grid = VassalHexGrid(dx=dx, dy=dy, x0=_bounded(e, "x0", 0, UNKNOWN_SIZE_LIMIT, where),
                         y0=_bounded(e, "y0", 32, UNKNOWN_SIZE_LIMIT, where),
                         sideways=_bool(e.get("sideways"), False), snap_to=_bool(e.get("snapTo"), True))
    n = _child(e, "mapgrid.HexGridNumbering")
    numbering = None if n is None else VassalHexNumbering(
        grid, stagger=_bool(n.get("stagger"), True), **_numbering_fields(n, size, where))  # type: ignore[arg-type]
    return NumberedGrid(grid, numbering)


def _square_grid(e: etree._Element, size: tuple[int, int], where: str) -> NumberedGrid:
    grid = VassalSquareGrid(
        dx=_spacing(e, "dx", 48.0, where), dy=_spacing(e, "dy", 48.0, where),
        x0=_bounded(e, "x0", 24, UNKNOWN_SIZE_LIMIT, where), y0=_bounded(e, "y0", 24, UNKNOWN_SIZE_LIMIT, where),
        snap_to=_bool(e.get("snapTo"), True),
        edges_legal=_bool(e.get("edgesLegal"), False), corners_legal=_bool(e.get("cornersLegal"), False),
        snap_scale=_bounded(e, "snapscale", 0, UNKNOWN_SIZE_LIMIT, where),
    )
    n = _child(e, "mapgrid.SquareGridNumbering")
    numbering = None if n is None else VassalSquareNumbering(grid, **_numbering_fields(n, size, where))  # type: ignore
    return NumberedGrid(grid, numbering)


def _region_grid(e: etree._Element, where: str) -> VassalRegionGrid:
    regions = tuple(Region(r.get("name") or "", _int(r, "originx", 0, where), _int(r, "originy", 0, where))
                    for r in e.iter(REGION))
    return VassalRegionGrid(regions, snap_to=_bool(e.get("snapto"), True))


def _points(path: str, e: etree._Element, where: str) -> tuple[Point, ...]:
    pts = []
    for pair in filter(None, path.split(";")):
        xy = pair.split(",")
        try:
            pts.append((int(xy[0]), int(xy[1])))
        except (ValueError, IndexError):
            raise DataError(where, f"line {e.sourceline}: Zone path point {pair!r} is not 'x,y'") from None
    return tuple(pts)


def _zone(e: etree._Element, where: str) -> Zone:
    pts = _points(e.get("path") or "", e, where)
    size = (max(x for x, _ in pts) - min(x for x, _ in pts), max(y for _, y in pts) - min(y for _, y in pts)) \
        if pts else (0, 0)
    return Zone(e.get("name") or "", pts, e.get("locationFormat") or "$name$", _grid(e, size, where),
                _bool(e.get("useParentGrid"), False))


def _grid(parent: etree._Element, size: tuple[int, int], where: str) -> MapGrid | None:
    """The first grid child of a Board, ZonedGrid or Zone."""
    for e in parent:
        if e.tag == HEX_GRID:
            return _hex_grid(e, size, where)
        if e.tag == SQUARE_GRID:
            return _square_grid(e, size, where)
        if e.tag == REGION_GRID:
            return _region_grid(e, where)
        if e.tag == ZONED_GRID:
            zones = tuple(_zone(z, where) for z in _children(e, ZONE))
            return VassalZonedGrid(zones, _grid(e, size, where))
    return None


def _board(e: etree._Element, images: Mapping[str, tuple[int, int]], where: str) -> BoardDef:
    image = e.get("image") or ""
    size: tuple[int, int] | None
    if image:
        size = images.get(image)
    else:
        size = (_bounded(e, "width", 0, UNKNOWN_SIZE_LIMIT, where), _bounded(e, "height", 0, UNKNOWN_SIZE_LIMIT, where))
    mag = _spacing(e, "magnification", 1.0, where, least=0.01, most=100)
    if size is not None and mag != 1.0:
        size = (math.floor(size[0] * mag + 0.5), math.floor(size[1] * mag + 0.5))
    return BoardDef(e.get("name") or "", image, size, _bool(e.get("reversible"), False),
                    _grid(e, size or (0, 0), where), mag)


def _edge(m: etree._Element, where: str) -> tuple[int, int]:
    legacy = m.get("edge")
    if legacy and "," in legacy and m.get("edgeWidth") is None:
        w, _, h = legacy.partition(",")
        edge = whole(w.strip()), whole(h.strip())
        if None in edge or any(abs(v) > UNKNOWN_SIZE_LIMIT for v in edge):  # type: ignore[arg-type]
            raise DataError(where, f"line {m.sourceline}: Map edge={legacy!r} is not 'w,h' (pixels)")
        return edge  # type: ignore[return-value]
    return (_bounded(m, "edgeWidth", 0, UNKNOWN_SIZE_LIMIT, where),
            _bounded(m, "edgeHeight", 0, UNKNOWN_SIZE_LIMIT, where))


def parse_build_file(path: str, data: bytes, where: str, images: Mapping[str, tuple[int, int]] | None = None,
                     image_names: list[str] | None = None) -> ModuleDef:
    """A :class:`ModuleDef` from build-file bytes. ``image_names`` (if given) collects the board images it names."""
    root = _build_root(data, where)
    if image_names is not None:
        image_names += _board_images(root)
    return _module(path, root, where, images or {})


def _build_root(data: bytes, where: str) -> etree._Element:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True, remove_comments=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if exc.lineno else "?"
        raise DataError(where, f"line {line}: bad XML ({exc.msg})") from None
    depth = 0
    for event, e in etree.iterwalk(root, events=("start", "end")):
        depth += 1 if event == "start" else -1
        if depth > MAX_XML_DEPTH:
            raise DataError(where, f"line {e.sourceline}: elements nested more than {MAX_XML_DEPTH} deep")
    if root.tag not in ("VASSAL.build.GameModule", "VASSAL.launch.BasicModule"):
        raise DataError(where, f"root element is {root.tag!r}, not VASSAL.build.GameModule: not a VASSAL build file")
    return root


def _pickers(root: etree._Element) -> Iterator[tuple[etree._Element, list[etree._Element]]]:
    """Each map component that holds a BoardPicker, with the picker's boards."""
    for picker in root.iter(BOARD_PICKER):
        m = picker.getparent()
        if m is not None:
            yield m, _children(picker, BOARD)


def _board_images(root: etree._Element) -> list[str]:
    """The images the boards name, in order (a name once per board)."""
    return [b.get("image") for _, boards in _pickers(root) for b in boards if b.get("image")]


def _module(path: str, root: etree._Element, where: str, images: Mapping[str, tuple[int, int]]) -> ModuleDef:
    maps: dict[str, MapDef] = {}
    for m, board_elements in _pickers(root):
        boards: dict[str, BoardDef] = {}
        for b in board_elements:
            boards.setdefault(b.get("name") or "", _board(b, images, where))
        decks = tuple(DeckDef(d.get("name") or "", _int(d, "x", 0, where), _int(d, "y", 0, where),
                              d.get("owningBoard") or "") for d in _children(m, DRAW_PILE))
        map_id = m.get("mapName") or f"Map{len(maps)}"
        maps.setdefault(map_id, MapDef(map_id, m.tag, _edge(m, where), MappingProxyType(boards), decks))
    slots = tuple(PieceSlotDef(e.tag.rsplit(".", 1)[-1], e.get("entryName") or e.get("name") or "",
                               (e.text or "").strip(), e.sourceline or 0)
                  for e in root.iter(*SLOT_TAGS))
    sides = tuple((e.text or "").strip() for r in root.iter("VASSAL.build.module.PlayerRoster") for e in r
                  if e.tag == "entry")
    trackers = {f"TurnTracker{i}": TurnTrackerDef(f"TurnTracker{i}", t.get("name") or "", _turn_levels(t, where))
                for i, t in enumerate(root.iter(TURN + "TurnTracker"))}
    return ModuleDef(path, root.get("name") or "", root.get("version") or "", root.get("VassalVersion") or "",
                     MappingProxyType(maps), slots, sides, where, MappingProxyType(trackers))


def _turn_levels(e: etree._Element, where: str) -> tuple[TurnLevelDef, ...]:
    levels = []
    for c in e:
        if c.tag == TURN + "CounterTurnLevel":
            levels.append(TurnLevelDef(c.get("name") or "", c.get("property") or "", _int(c, "start", 1, where),
                                       (), _turn_levels(c, where)))
        elif c.tag == TURN + "ListTurnLevel":
            items = tuple(decode(c.get("list") or "", ",")) if c.get("list") else ()
            levels.append(TurnLevelDef(c.get("name") or "", c.get("property") or "", 0, items, _turn_levels(c, where)))
    return tuple(levels)


def _vassal_version_below_3_5(data: bytes) -> bool:
    try:
        root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        return False
    v = (root.findtext("VassalVersion") or "").strip()
    parts = v.split(".")
    try:
        return (int(parts[0]), int(parts[1].split("-")[0])) < (3, 5)
    except (ValueError, IndexError):
        return False


def read_module(path: str, caps: Caps = Caps()) -> ModuleDef:
    """Read a module from a ``.vmod``/``.mod`` zip or a plain ``buildFile``/``buildFile.xml`` (board images are read
    from the zip, or from an ``images/`` folder beside a plain build file, for their sizes)."""
    if not is_zip(read_head(path, 4, path)):
        folder = os.path.realpath(os.path.join(os.path.dirname(path), "images"))

        def file_size(name: str) -> tuple[int, int] | None:
            """The size of an image in ``images/`` (None when it is not there): a name from the build file is never
            a way out of that folder (``../``, an absolute path, a link leading elsewhere)."""
            image = os.path.realpath(os.path.join(folder, name))
            if os.path.commonpath([folder, image]) != folder or not os.path.isfile(image):
                return None
            return image_size(read_head(image, IMAGE_HEAD, image))

        return _sized_module(path, _build_root(read_file(path, caps.xml_bytes), path), path, file_size)
    with SafeZip.open(path, caps) as archive:
        return _zipped_module(path, archive)


def _zipped_module(path: str, archive: SafeZip) -> ModuleDef:
    if archive.has("savedGame"):
        raise DataError(path, "this is a saved game or log, not a module")
    caps = archive.caps
    old = archive.has("moduledata") and _vassal_version_below_3_5(archive.read("moduledata", caps.metadata_bytes))
    candidates = ("buildFile", "buildFile.xml") if old else ("buildFile.xml", "buildFile")
    entry = next((n for n in candidates if archive.has(n)), None)
    if entry is None:
        raise DataError(path, "zip has no buildFile.xml or buildFile: not a VASSAL module")
    where = f"{path}:{entry}"

    def entry_size(name: str) -> tuple[int, int] | None:
        name = "images/" + name
        if not archive.has(name):
            return None
        head, whole = archive.read_head(name, IMAGE_HEAD)
        size = image_size(head)
        return size if size is not None or whole else image_size(archive.read(name))

    return _sized_module(path, _build_root(archive.read(entry, caps.xml_bytes), where), where, entry_size)


IMAGE_HEAD = 65536  # the bytes of an image read for its size (the whole image only when its header runs longer)


def _sized_module(path: str, root: etree._Element, where: str,
                  size_of: Callable[[str], tuple[int, int] | None]) -> ModuleDef:
    """The module with the sizes of its boards' images (``size_of``: None when unknown). A problem of the build file
    itself is reported before one of an image, as it was found first when the build file was read twice."""
    sizes = {}
    try:
        for name in dict.fromkeys(_board_images(root)):
            size = size_of(name)
            if size is not None:
                sizes[name] = size
    except DataError:
        _module(path, root, where, {})
        raise
    return _module(path, root, where, sizes)
