"""Following every piece through a save or log: additions, moves, state changes, removals (vassal-format.md §d.6).

:class:`Replay` keeps a table ``id -> piece`` the way VASSAL's GameState does: AddPiece creates, ChangePiece
replaces the state, MovePiece sets map and position (joining the stack or deck already at that spot), RemovePiece
deletes. A piece inside a stack or deck is where its container is (VASSAL 2.x wrote ``null`` positions for stacked
pieces and listed them in the stack). Positions are named with the module's own grids when a module is given
(:class:`~validator.vassal.module.MapLayout`, boards placed as the save's SetBoards commands say), and with our hex
ids when our game is given. Nothing is guessed: commands about unknown pieces are counted in ``anomalies``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterator, Mapping

from games.grid import Layout
from games.model import Game

from .commands import (
    AddPiece, ChangePiece, Command, MovePiece, RemovePiece, SetBoards, SetTurn, steps as split_steps, walk,
)
from .module import MapLayout, ModuleDef
from .pieces import PieceDef, parse_base_state
from .units import IDENTITY, Identity, IdentityNames, identify
from .values import maker

CONTAINERS = ("Stack", "Deck")


@dataclass(frozen=True)
class Place:
    """Where a piece is: map id and map pixel, with VASSAL's location name and our hex id when they can be told."""

    map: str | None
    x: int
    y: int
    location: str | None = None
    board: str | None = None
    hex: str | None = None

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"map": self.map, "x": self.x, "y": self.y}
        if self.location is not None:
            out["location"] = self.location
        if self.board is not None:
            out["board"] = self.board
        if self.hex is not None:
            out["hex"] = self.hex
        return out


@dataclass(frozen=True)
class PieceEvent:
    """One thing that happened to a piece: ``add``, ``move``, ``change`` or ``remove``."""

    action: str
    id: str
    name: str
    kind: str
    before: Place | None = None
    after: Place | None = None
    changes: tuple[tuple[str, str, str], ...] = ()  # (what, old, new) for Layer levels and property values
    identity: Identity | None = None

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"event": self.action, "id": self.id, "name": self.name, "kind": self.kind}
        if self.before is not None:
            out["from"] = self.before.as_json()
        if self.after is not None:
            out["to"] = self.after.as_json()
        if self.changes:
            out["changes"] = [{"what": w, "old": o, "new": n} for w, o, n in self.changes]
        if self.identity is not None:
            out["identity"] = {"kind": self.identity.kind, "id": self.identity.id, "side": self.identity.side,
                               "face": self.identity.face, "known": self.identity.known}
        return out


@dataclass(frozen=True)
class Step:
    """One replay step: index 0 is the restore part of a save or log, 1.. the logged steps in order."""

    index: int
    commands: tuple[Command, ...]
    events: tuple[PieceEvent, ...]
    turn: Mapping[str, Mapping[str, str]] | None = None  # tracker id -> level values, when the step set the turn
    leaves: tuple[Command, ...] = ()  # the commands' leaves in stream order (``commands.walk``), LOG wrappers included


@dataclass(frozen=True)
class PieceView:
    """One piece of a replayed game: its traits and state, where it is, what holds it."""

    id: str
    piece: PieceDef
    place: Place
    container: str | None


@dataclass(frozen=True)
class GameState:
    """Every piece of a replayed game at one step."""

    pieces: Mapping[str, PieceView]

    def positions(self, kinds: tuple[str, ...] = ("BasicPiece",)) -> dict[str, tuple[str | None, int, int]]:
        """``id -> (map, x, y)`` of the pieces of these base kinds."""
        return {i: (v.place.map, v.place.x, v.place.y) for i, v in self.pieces.items() if v.piece.kind in kinds}


@dataclass
class _Entry:
    """A piece while the replay changes it (mutable; made into a :class:`PieceView` for a state)."""

    piece: PieceDef
    map: str | None
    x: int
    y: int
    container: str | None = None
    members: list[str] = field(default_factory=list)
    holds: bool = False  # a stack or deck (a piece keeps its kind: its state changes, its traits do not)


_entry = maker(_Entry)  # (one per piece added: every move of a log adds a stack)


def _changes(old: PieceDef, new: PieceDef) -> tuple[tuple[str, str, str], ...]:
    out = []
    for name, value in new.layers().items():
        before = old.layers().get(name)
        if before != value:
            out.append((f"layer:{name}", str(before), str(value)))
    old_props, new_props = old.markers(), new.markers()
    for name, value in new_props.items():
        if old_props.get(name) != value:
            out.append((f"property:{name}", old_props.get(name, ""), value))
    for t_old, t_new in zip(old.traits, new.traits):
        if t_old.state != t_new.state and t_new.kind not in ("Layer", "Marker", "BasicPiece", "Stack", "Deck"):
            out.append((f"{t_new.kind.lower()}:{t_new.get('name', '') or ''}".rstrip(":"), t_old.state or "",
                        t_new.state or ""))
    return tuple(out)


def _merged_members(current: list[str], new: tuple[str, ...], old: tuple[str, ...]) -> tuple[str, ...]:
    """``Stack.mergeState``: the new member list, plus current members neither list names, kept after their
    predecessor."""
    merged = list(new)
    for i, m in enumerate(current):
        if m not in new and m not in old:
            index = -1 if i == 0 else (merged.index(current[i - 1]) if current[i - 1] in merged else -1)
            merged.insert(index + 1, m)
    return tuple(merged)


class Replay:
    """The pieces of one game, changed command by command (see the module docstring)."""

    def __init__(self, module: ModuleDef | None = None, game: Game | None = None,
                 names: IdentityNames = IDENTITY, record: bool = True):
        self.record = record  # False: no events (faster when only the final positions matter)
        self.module = module
        self.game = game
        self.names = names
        self._pieces: dict[str, _Entry] = {}
        self._spots: dict[tuple[str | None, int, int], dict[str, None]] = {}  # spot -> stacks/decks there
        self._listed: dict[str, str] = {}  # member id -> the container whose state lists it
        self._boards: dict[str, tuple[tuple[str, bool, int, int], ...]] = {}
        self._layouts: dict[str, MapLayout | None] = {}
        self._places: dict[tuple[str | None, int, int], Place] = {}  # spot -> its place, for the boards now
        self._hex_layout = Layout.module(game.map.grid) if game is not None else None
        self.anomalies: list[str] = []
        self._turn_states: dict[str, str] = {}  # tracker id -> its last state (read into values when asked)
        self.turn_changed = False
        self._events: list[PieceEvent] = []
        # what each kind of leaf command does (compounds and LOG wrappers only hold leaves)
        self._run: dict[type, Callable[[Any], None]] = {
            AddPiece: self._add, MovePiece: self._move, ChangePiece: self._change,
            RemovePiece: lambda c: self._remove(c.id), SetBoards: self._set_boards, SetTurn: self._set_turn}

    # -- where things are --
    def layout(self, map_id: str) -> MapLayout | None:
        if map_id not in self._layouts:
            self._layouts[map_id] = (self.module.layout(map_id, self._boards.get(map_id))
                                     if self.module is not None else None)
        return self._layouts[map_id]

    def _xy(self, piece_id: str) -> tuple[str | None, int, int]:
        e = self._pieces[piece_id]
        seen = 0
        while e.container is not None and e.container in self._pieces and seen < 64:
            e = self._pieces[e.container]
            seen += 1
        return e.map, e.x, e.y

    def place(self, piece_id: str) -> Place:
        spot = self._xy(piece_id)
        found = self._places.get(spot)
        if found is None:
            found = self._places[spot] = self._place(*spot)
        return found

    def _place(self, map_id: str | None, x: int, y: int) -> Place:
        """A spot named (pure for given boards: kept in ``_places`` until a map's boards change)."""
        if map_id is None:
            return Place(None, x, y)
        layout = self.layout(map_id)
        location = board = hex_id = None
        local = (x, y)
        if layout is not None:
            loc = layout.locate((x, y))
            location, board = loc.name, loc.board
            local = loc.local if loc.local is not None else local
        if self.game is not None and layout is not None:
            hex_id = location if location in self.game.map.hexes else None  # our module names hexes by their ids
        elif self._hex_layout is not None and self.game is not None:
            hex_id = self.game.map.by_hex.get(self._hex_layout.hex_at(local))
        return Place(map_id, x, y, location, board, hex_id)

    def identity(self, piece: PieceDef) -> Identity | None:
        return identify(piece, self.game, self.names)

    # -- applying commands --
    def apply(self, c: Command, leaves: list[Command] | tuple[Command, ...] | None = None) -> list[PieceEvent]:
        """Execute one command tree (its leaves in stream order, ``walk(c)``, when the caller has them); the piece
        events it caused, in order."""
        self._events = []
        run = self._run
        for leaf in walk(c) if leaves is None else leaves:
            action = run.get(type(leaf))
            if action is not None:
                action(leaf)
        return self._events

    def _set_boards(self, c: SetBoards) -> None:
        self._boards[c.map] = c.boards
        self._layouts.pop(c.map, None)
        self._places.clear()

    def _set_turn(self, c: SetTurn) -> None:
        self._turn_states[c.tracker] = c.state
        self.turn_changed = True

    @property
    def turns(self) -> dict[str, dict[str, str]]:
        """Tracker id -> level (property) -> current value."""
        trackers = self.module.turn_trackers if self.module is not None else {}
        return {tid: trackers[tid].values(state) if tid in trackers else {"state": state}
                for tid, state in self._turn_states.items()}

    def _event(self, action: str, piece_id: str, piece: PieceDef, before: Place | None, after: Place | None,
               changes: tuple[tuple[str, str, str], ...] = ()) -> None:
        """Record a piece event (callers call this only when recording)."""
        if after is None and action != "remove":
            after = self.place(piece_id)
        name = piece.display_name
        if piece.kind == "Stack" and piece_id in self._pieces:  # a stack is reported by its pieces' names
            name = ", ".join(self._pieces[m].piece.display_name for m in self._pieces[piece_id].members
                             if m in self._pieces)
        self._events.append(PieceEvent(action, piece_id, name, piece.kind, before, after, changes,
                                       self.identity(piece) if piece.kind == "BasicPiece" else None))

    def _put(self, piece_id: str, map_id: str | None, x: int, y: int) -> None:
        """Set a piece's own map and position, keeping the index of stacks and decks by spot."""
        e = self._pieces[piece_id]
        if e.holds:
            self._spots.get((e.map, e.x, e.y), {}).pop(piece_id, None)
            self._spots.setdefault((map_id, x, y), {})[piece_id] = None
        e.map, e.x, e.y = map_id, x, y

    def _set_members(self, container: str, members: tuple[str, ...]) -> None:
        entry = self._pieces[container]
        for old in entry.members:
            if old in self._pieces and self._pieces[old].container == container:
                self._pieces[old].container = None
        entry.members = []
        for m in members:
            self._listed[m] = container
            if m in self._pieces:
                self._detach(m)
                self._pieces[m].container = container
            entry.members.append(m)

    def _detach(self, piece_id: str) -> None:
        e = self._pieces[piece_id]
        if e.container is not None and e.container in self._pieces:
            members = self._pieces[e.container].members
            if piece_id in members:
                members.remove(piece_id)
        e.container = None

    def _adopt_pending(self, piece_id: str) -> None:
        """A piece added after the stack that lists it (VASSAL looks members up when the stack is restored)."""
        cid = self._listed.get(piece_id)
        if cid is not None and cid in self._pieces and piece_id in self._pieces[cid].members:
            self._pieces[piece_id].container = cid

    def _add(self, c: AddPiece) -> None:
        if c.id is None:
            self.anomalies.append("AddPiece without an id (palette text in a save?)")
            return
        piece = c.piece
        st = piece.base_state
        if c.id in self._pieces:
            self._remove(c.id, quiet=True)
        holds = piece.kind in CONTAINERS
        self._pieces[c.id] = _entry(piece, None, 0, 0, None, [], holds)
        self._put(c.id, st.map_id, st.x, st.y)
        if holds:
            self._set_members(c.id, st.members)
        else:
            self._adopt_pending(c.id)
        if self.record:
            self._event("add", c.id, piece, None, None)

    def _change(self, c: ChangePiece) -> None:
        """``ChangePiece``: with the old state recorded, only the levels that differ are set (``mergeState``); a stack
        keeps members that neither state mentions. Without it, the whole state is set."""
        e = self._pieces.get(c.id)
        if e is None:
            self.anomalies.append(f"ChangePiece of unknown piece {c.id}")
            return
        before = self.place(c.id) if self.record else None
        old = e.piece
        if c.old_state is None:
            e.piece, base_changed = old.with_state(c.new_state), True
        else:
            e.piece, base_changed = old.merge_state(c.new_state, c.old_state)
        if base_changed:
            st = e.piece.base_state
            if e.holds:
                members = st.members
                if c.old_state is not None and e.piece.kind == "Stack":
                    members = _merged_members(e.members, members, parse_base_state("Stack", c.old_state).members)
                self._put(c.id, st.map_id, st.x, st.y)
                self._set_members(c.id, members)
            else:
                # BasicPiece.setState moves the piece to another map only when the map differs from its current
                # one, which for a stacked piece is its stack's (VASSAL 2.x wrote stacked pieces with a "null" map)
                if e.container is not None and st.map_id is not None and st.map_id != self._xy(c.id)[0]:
                    self._detach(c.id)
                self._put(c.id, st.map_id, st.x, st.y)
        if self.record:
            self._event("change", c.id, e.piece, before, None, _changes(old, e.piece))

    def _container_at(self, map_id: str, x: int, y: int, exclude: str) -> str | None:
        for cid in self._spots.get((map_id, x, y), ()):
            entry = self._pieces[cid]
            if cid != exclude and entry.container is None and entry.members \
                    and (entry.map, entry.x, entry.y) == (map_id, x, y):
                return cid
        return None

    def _move(self, c: MovePiece) -> None:
        """``MovePiece.executeCommand``. To no map: ``Map.removePiece`` only, so a stacked piece stays in its stack.
        To a map: merged after ``new_under`` when that piece is at the spot, else into the stack or deck at the
        spot, else placed alone; a moving stack hands its members over (``StackMetrics.merge``)."""
        e = self._pieces.get(c.id)
        if e is None:
            self.anomalies.append(f"MovePiece of unknown piece {c.id}")
            return
        before = self.place(c.id) if self.record else None
        if c.new_map is None:
            if e.container is None:
                self._put(c.id, None, e.x, e.y)
            if self.record:
                self._event("move", c.id, e.piece, before, None)
            return
        spot = (c.new_map, c.new_x, c.new_y)
        target, index = None, 0  # no "under": VASSAL puts the merged piece at the bottom of the stack
        under = self._pieces.get(c.new_under) if c.new_under else None
        if under is not None and c.new_under != c.id and self._xy(c.new_under) == spot:  # type: ignore[arg-type]
            if under.holds:
                target, index = c.new_under, len(under.members)
            elif under.container is not None:
                target = under.container
                index = self._pieces[target].members.index(c.new_under) + 1
        if target is None:
            target = self._container_at(c.new_map, c.new_x, c.new_y, c.id)
            if target is not None and c.new_under is not None:
                index = len(self._pieces[target].members)
        if target is not None and (target == c.id or target == e.container and e.holds):
            target = None
        if target is not None:
            moving = list(e.members) if e.holds else [c.id]
            for m in moving:
                index = self._insert(m, target, index)
        else:
            self._detach(c.id)
        self._put(c.id, *spot)
        if self.record:
            self._event("move", c.id, e.piece, before, None)

    def _insert(self, piece_id: str, container: str, index: int) -> int:
        """Put a piece into a container at ``index`` (counted after it leaves its old place); the next index."""
        if self._pieces[piece_id].container == container:
            members = self._pieces[container].members
            if members.index(piece_id) < index:
                index -= 1
        self._detach(piece_id)
        members = self._pieces[container].members
        index = max(0, min(index, len(members)))
        members.insert(index, piece_id)
        self._pieces[piece_id].container = container
        return index + 1

    def _remove(self, piece_id: str, quiet: bool = False) -> None:
        e = self._pieces.get(piece_id)
        if e is None:
            if not quiet:
                self.anomalies.append(f"RemovePiece of unknown piece {piece_id}")
            return
        before = self.place(piece_id) if self.record else None
        self._detach(piece_id)
        for m in list(e.members):
            if m in self._pieces and self._pieces[m].container == piece_id:
                self._pieces[m].container = None
        self._spots.get((e.map, e.x, e.y), {}).pop(piece_id, None)
        del self._pieces[piece_id]
        if not quiet and self.record:
            self._event("remove", piece_id, e.piece, before, None)

    # -- snapshots --
    def state(self) -> GameState:
        """A frozen snapshot of every piece and where it is."""
        return GameState(MappingProxyType({i: PieceView(i, e.piece, self.place(i), e.container)
                                           for i, e in self._pieces.items()}))

    def ids(self) -> tuple[str, ...]:
        """The ids of the pieces there are, in the order they were added."""
        return tuple(self._pieces)

    def positions(self, kinds: tuple[str, ...] = ("BasicPiece",)) -> dict[str, tuple[str | None, int, int]]:
        """``id -> (map, x, y)`` without naming locations (cheap, for comparing states)."""
        return {i: self._xy(i) for i, e in self._pieces.items() if e.piece.kind in kinds}

    def position(self, piece_id: str) -> tuple[str | None, int, int]:
        """``(map, x, y)`` of a piece (a piece in a stack or deck is where its container is), without naming it."""
        return self._xy(piece_id)

    def piece(self, piece_id: str) -> PieceDef | None:
        """A piece's current definition and state (None for an unknown or removed piece)."""
        e = self._pieces.get(piece_id)
        return e.piece if e is not None else None

    def members(self, piece_id: str) -> tuple[str, ...]:
        """The pieces a stack or deck holds, bottom first (empty for anything else)."""
        e = self._pieces.get(piece_id)
        return tuple(e.members) if e is not None else ()

    def __contains__(self, piece_id: str) -> bool:
        return piece_id in self._pieces

    def __len__(self) -> int:
        return len(self._pieces)


def replay(root: Command, module: ModuleDef | None = None, game: Game | None = None,
           names: IdentityNames = IDENTITY, record: bool = True) -> Iterator[tuple[Step, Replay]]:
    """Replay a decoded save or log: step 0 is the restore part, then one step per logged command. Yields each step
    with the replay right after it (call ``.state()`` on it for a snapshot)."""
    for i, commands, leaves, events, r in replay_leaves(root, module, game, names, record):
        yield Step(i, commands, tuple(events), _turn(r), tuple(leaves)), r


def replay_leaves(root: Command, module: ModuleDef | None = None, game: Game | None = None,
                  names: IdentityNames = IDENTITY, record: bool = True
                  ) -> Iterator[tuple[int, tuple[Command, ...], list[Command], list[PieceEvent], Replay]]:
    """:func:`replay` without the :class:`Step` records (for a reader that goes through every step once): yields
    ``(index, commands, leaves, events, replay)``; the lists are the replay's, not to be kept or changed."""
    r = Replay(module, game, names, record)
    restore, logged = split_steps(root)
    for c in restore:  # a save lists its boards after its pieces; VASSAL names places only once all is loaded
        if isinstance(c, SetBoards):
            r.apply(c)
    events: list[PieceEvent] = []
    setup: list[Command] = []
    for c in restore:
        leaves = walk(c)
        events += r.apply(c, leaves)
        setup += leaves
    if record:  # where things are once the whole setup is loaded (stacks and decks list pieces added before them)
        events = [PieceEvent(e.action, e.id, e.name, e.kind, e.before, r.place(e.id), e.changes, e.identity)
                  if e.after is not None and e.id in r else e for e in events]
    yield 0, tuple(restore), setup, events, r
    apply = r.apply
    for i, c in enumerate(logged, 1):
        leaves = walk(c)
        yield i, (c,), leaves, apply(c, leaves), r


def _turn(r: Replay) -> Mapping[str, Mapping[str, str]] | None:
    """The turn trackers' values if the step just applied set them (and clears the flag)."""
    if not r.turn_changed:
        return None
    r.turn_changed = False
    return MappingProxyType({k: MappingProxyType(dict(v)) for k, v in r.turns.items()})
