"""From a VASSAL log made with our module to the game actions of the log format (issue 9, item 4).

The replay (:mod:`.replay`) follows every piece; the translator looks at what each logged step changed on our
pieces (identified by their Marker properties, :mod:`.units`), at the step's chat reports and dice, and at the
turn tracker, and writes the actions of docs/log-format.md. Which VASSAL evidence gives which action is in one
table, :mod:`.action_table`; the module's names are in :mod:`.module_names`.

Conventions the module's help and docs/vassal-reading.md tell the players:

- a drag is one move; a unit dragged hex by hex gives its path, a longer drag only its destination;
- a battle is a battle marker (the module's *Declare battle*) once it is resolved: its units, targets, kind, column,
  net shift, die and result; a result set by hand afterwards changes the battle's result (the validator compares it
  with the table). Or, without the command, the units given an attack direction, a die roll, then one of them
  reports the result (its "Battle result" menu); losses are flips (or sends to the Destroyed box), retreats and
  advances are drags of the battle's units until the next battle or phase;
- a card discarded outside its side's Card Phase pays for the side's next flip, placement, reorganization,
  entraining or counterblow;
- an undone step (VASSAL's Undo) withdraws the actions of the step it undoes.

Nothing is guessed silently: what cannot be read as a game action becomes a ``note`` action that names the VASSAL
step and says why, and is counted (:attr:`Translation.notes`). A step that makes the translator itself fail is
such a note too: one strange step never stops a translation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from games.lasting import no_cycle_collection
from games.model import Game

from .action_table import ACTIONS, action_of, allowed_fields
from .commands import (
    AddPiece, ChangePiece, Chat, Command, MovePiece, Player, RemovePiece, SetTurn, Undo, Unknown,
)
from .locations import BOX, DECK, HAND, MAP, NOWHERE, TRACK, Locator, Seen, Where
from .module import ModuleDef
from .game_table import GameTable, MarkerAction, table_of
from .module_names import NAMES, ModuleNames
from .pieces import PieceDef
from .replay import Replay, replay_leaves
from .setup_header import Opening, header_of, marker_faces, marker_role, pick_scenario
from .turn_sequence import Position, TurnSequence, start_position
from .units import IDENTITY, identify
from .values import maker

PIECE_COMMANDS = frozenset((AddPiece, MovePiece, ChangePiece, RemovePiece))
_seen = maker(Seen)  # (Seen without a setattr per field: one per piece a step changes)
# what a step's commands are sorted into: pieces, chat, turn tracker, undo, roster, unclaimed
# a unit turned over anywhere that loses it a step, by how it flips: a step unit front to back; an improved unit back
# to its front (No Retreat!'s Soviet Fronts, improved by the flip, lose it so: a card's step loss outside combat)
_LOSS_TURN = {"step": ("front", "back"), "improve": ("back", "front")}
_SORTED: dict[type, int] = {**dict.fromkeys(PIECE_COMMANDS, 0), Chat: 1, SetTurn: 2, Undo: 3, Player: 4, Unknown: 5}


@dataclass(frozen=True)
class Translation:
    """A translated log: the header, the actions (dicts of the log format), and what could not be interpreted."""

    header: dict[str, Any]
    actions: tuple[dict[str, Any], ...]
    steps: int  # logged VASSAL steps read
    notes: int  # note actions: steps (or parts) that could not be interpreted
    undone: int = 0  # steps withdrawn by VASSAL's Undo

    def lines(self) -> list[dict[str, Any]]:
        """The lines of the game log: the header, then the actions (plain JSON values, not to be changed)."""
        return [self.header, *self.actions]

    def jsonl(self) -> str:
        return "".join(json.dumps(x, ensure_ascii=False, separators=(", ", ": ")) + "\n" for x in self.lines())


@dataclass(frozen=True)
class _Layout:
    """A piece's identity and the indices of its face Layer, attack direction and Joker rotation traits."""

    kind: str | None
    id: str
    face: int | None = None
    attack: int | None = None
    turned: int | None = None
    battle: int | None = None
    role: int | None = None


@dataclass
class _Battle:
    """The last battle of the Combat Phase (or a marker's battle of another phase, ``moving``): its units, and the
    action written for it (a CB marker is added)."""

    attackers: frozenset[str]
    defenders: frozenset[str]
    result: str
    line: dict[str, Any]
    attacker_hexes: frozenset[str]
    moving: bool = False  # a battle of the Movement Phase: its defenders' drags are retreats, its attackers' moves


@dataclass
class _Mover:
    """A retreat or advance being dragged hex by hex."""

    kind: str
    unit: str
    side: str
    at: str
    path: list[str]
    step: int
    notes: list[str] = field(default_factory=list)


class _Translator:
    """One translation: the stream of steps in, actions out (see the module docstring)."""

    def __init__(self, game: Game, names: ModuleNames, scenario: str | None, table: GameTable):
        self.game = game
        self.table = table
        self.kinds = allowed_fields(table.actions)
        self.chosen = scenario
        self.names = names
        self.loc = Locator(game, names)
        self.scenario = game.scenarios[scenario or next(iter(game.scenarios))]
        self.out: list[dict[str, Any]] = []
        self.seen: dict[str, Seen] = {}
        self.pos = start_position(game, self.scenario.first_turn)
        self.sequence = TurnSequence.of(game)
        self.opening: Opening | None = None
        self.step_no = 0
        self.marks: dict[str, str] = {}
        self.dice: list[tuple[int, int]] = []  # (step, value) since the last battle
        self.support = False
        self.battle_cards: list[dict[str, str]] = []
        self.last: _Battle | None = None
        self.committed: dict[str, Any] = {}  # battle field -> units committed to the battle being set up
        self.previous: _Battle | None = None  # the battle before the one being set up (in this phase)
        self.group: frozenset[str] = frozenset()  # units making repeated attacks (``repeat_attack``) in a row
        self.parent: _Battle | None = None  # the battle they first attacked in (its other units still advance)
        self.after: int | None = None  # the die of a roll after the last battle's result, its action not written yet
        self.movers: dict[str, _Mover] = {}  # retreats and advances being dragged, by unit
        self.moving_attackers: frozenset[str] = frozenset()  # attackers of this phase's marker battles (Automatic DS)
        self.advancing: frozenset[str] = frozenset()  # ... of the phase before: their drags in combat are advances
        self.pay: dict[str, list[str]] = {}
        self.reshuffled = False
        self.dealing = True
        self.dealt: dict[str, list[str]] = {}
        self.players: dict[str, str] = {}
        self.undone = 0
        self.steps_with_actions: list[int] = []
        self.marker_faces = marker_faces(game)
        self.layouts: dict[str, _Layout] = {}
        self.fought: dict[str, dict[str, Any]] = {}  # battle marker piece -> the battle line written when resolved
        self.recasts: dict[int, tuple[dict[str, Any], list[dict[str, Any]]]] = {}  # step -> (its line, the moves)
        self.merged: dict[int, tuple[dict[str, Any], dict[str, list[Any]]]] = {}  # step -> (line, its lists before)

    # -- writing --------------------------------------------------------------------------------------------
    def emit(self, kind: str, side: str | None, /, **fields: Any) -> dict[str, Any]:
        if kind != "note":
            self.game_line()
        line = action_of(kind, side or self.phasing, self.step_no, fields, self.kinds)
        last = self.out[-1] if self.out else None
        if (kind in self.table.merge and last is not None and last["type"] == kind and last["side"] == line["side"]
                and not self.movers and all(last.get(k) == v for k, v in line.items()
                                            if k != "src" and not isinstance(v, list))):
            self.merged[self.step_no] = (last, {k: list(v) for k, v in last.items() if isinstance(v, list)})
            self.acted()
            for k, v in line.items():  # one line of this kind: its list fields joined
                if isinstance(v, list):
                    last[k] = [*last.get(k, []), *(x for x in v if x not in last.get(k, []))]
            return last
        self.out.append(line)
        self.acted()
        return line

    def game_line(self) -> None:
        """A game action is written: the dealing is over and a roll awaited after a battle is settled."""
        self.dealing = False
        if self.after is not None:
            self.after_roll(None)

    def join_drag(self, uid: str, side: str, start: str, end: str) -> bool:
        """Whether the drag continues the unit's own move written just before (the table's ``join_moves``): its path
        gets the hex, and VASSAL's Undo of this step takes it off again."""
        if self.pos.phase not in self.table.join_moves:
            return False
        self.game_line()
        last = self.out[-1] if self.out else None
        if (last is None or last["type"] != "move" or last.get("unit") != uid or last["side"] != side
                or not last.get("path") or last["path"][-1] != start):
            return False
        self.merged[self.step_no] = (last, {"path": list(last["path"])})
        self.acted()
        last["path"] = [*last["path"], end]
        return True

    def acted(self) -> None:
        """This step wrote or changed a line (VASSAL's Undo of it withdraws that)."""
        if not self.steps_with_actions or self.steps_with_actions[-1] != self.step_no:
            self.steps_with_actions.append(self.step_no)

    def note(self, text: str, side: str | None = None) -> None:
        self.emit("note", side, text=f"VASSAL step {self.step_no}: {text}")

    @property
    def phasing(self) -> str:
        return self.pos.side or next(iter(self.game.sides))

    def in_phase(self, role: str) -> bool:
        return self.pos.phase == self.table.phase_roles.get(role)

    def side_of(self, unit: str) -> str:
        return self.game.units[unit].side

    def other(self, side: str) -> str:
        return next(s for s in self.game.sides if s != side)

    # -- reading pieces -------------------------------------------------------------------------------------
    def observe(self, rp: Replay, pid: str) -> Seen | None:
        piece = rp.piece(pid)
        if piece is None or piece.kind != "BasicPiece":
            return None
        layout = self.layouts.get(pid)
        if layout is None:
            layout = self.layouts[pid] = self.piece_layout(piece)
        if layout.kind is None:
            return None
        states = piece.states
        map_id, x, y = rp.position(pid)
        where = self.loc.on_main_map(x, y, rp.module is not None) if map_id == self.names.main_map else None
        if where is None:
            where = self.loc.where(rp.place(pid))
        face = None
        if layout.face is not None:
            level = (states[layout.face] or "").split(";", 1)[0]
            face = "back" if level.lstrip("-") == "2" else "front"
        attack = (states[layout.attack] or "") if layout.attack is not None else ""
        turned = (states[layout.turned] or "") if layout.turned is not None else ""
        battle = (states[layout.battle] or "") if layout.battle is not None else ""
        role = (states[layout.role] or "") if layout.role is not None else ""
        return _seen(layout.kind, layout.id, where, face, attack, turned, None, (x, y) if where.kind == MAP else None,
                     battle, role)

    def piece_layout(self, piece: PieceDef) -> _Layout:
        """Which traits of a piece say its face, attack direction and facing (a piece keeps its traits in play)."""
        ident = identify(piece, self.game, IDENTITY)
        if ident is None:
            return _Layout(None, "")
        if ident.kind == self.names.kind_battle:
            return _Layout(ident.kind, "")
        game_id = ident.properties.get(IDENTITY.marker_kind, "") if ident.kind == "marker" else ident.id
        face = attack = turned = battle = role = None
        n = self.names
        for i, t in enumerate(piece.types):
            if t.kind == "Layer" and face is None and t.get("name") == IDENTITY.face_layer:
                face = i
            elif t.kind == "DynamicProperty" and t.fields[:1] == (n.attack,):
                attack = i
            elif t.kind == "DynamicProperty" and t.fields[:1] == (n.battle,):
                battle = i
            elif t.kind == "DynamicProperty" and t.fields[:1] == (n.battle_role,):
                role = i
            elif t.kind == "FreeRotator" and t.get("name") == n.joker_rotation:
                turned = i
        return _Layout(ident.kind, game_id if ident.known else "", face, attack, turned, battle, role)

    def touched(self, leaves: list[Command] | tuple[Command, ...], rp: Replay) -> list[str]:
        """Our pieces a step may have changed: those its commands name, and the members of the stacks and decks
        they name."""
        out: dict[str, None] = {}
        for leaf in leaves:
            pid = leaf.id if type(leaf) in PIECE_COMMANDS else None  # type: ignore[attr-defined]
            if pid is None:
                continue
            piece = rp.piece(pid)
            if piece is not None and piece.kind != "BasicPiece":
                out.update(dict.fromkeys(rp.members(pid)))
            else:
                out[pid] = None
        return list(out)

    def units_in(self, loc: str) -> list[str]:
        return [s.id for s in self.seen.values() if s.kind == "unit" and s.id and s.where.kind == MAP
                and s.where.id == loc]

    # -- the stream -----------------------------------------------------------------------------------------
    def begin(self, leaves: list[Command], rp: Replay) -> None:
        """The restore part (step 0): what is where, the scenario, the tracker, the roster."""
        self.read_roster(leaves)
        pieces = rp.ids()
        for pid in pieces:
            s = self.observe(rp, pid)
            if s is not None:
                self.seen[pid] = s
        for pid, s in list(self.seen.items()):
            if s.kind == "marker" and s.where.kind == MAP:
                role = self.role(s)
                self.seen[pid] = replace(s, on=self.unit_under(s.where.id, role, [], pid))
        tracked = self.tracker_in(leaves)
        if self.chosen is None:
            self.scenario = self.game.scenarios[pick_scenario(self.game, self.seen, tracked and tracked.turn)]
        self.pos = tracked or start_position(self.game, self.scenario.first_turn)
        self.dealing = self.pos == start_position(self.game, self.scenario.first_turn)
        discards: tuple[str, ...] = ()
        for pid in pieces:
            if rp.piece(pid).kind != "Deck":  # type: ignore[union-attr]
                continue
            where = self.loc.where(rp.place(pid))
            if (where.kind, where.id) == (DECK, self.names.discard_pile):
                discards = tuple(s.id for m in rp.members(pid) if (s := self.seen.get(m)) is not None and s.id)
        self.opening = Opening(self.pos, dict(self.seen), discards)

    def read_roster(self, leaves: list[Command] | tuple[Command, ...]) -> None:
        for leaf in leaves:
            if isinstance(leaf, Player) and leaf.side in self.loc.side_names:
                self.players[self.loc.side_names[leaf.side]] = leaf.name

    def tracker_in(self, leaves: list[Command]) -> Position | None:
        found = None
        for leaf in leaves:
            if isinstance(leaf, SetTurn):
                found = self.sequence.position(leaf.state) or found
        return found

    def step(self, index: int, leaves: list[Command], rp: Replay) -> None:
        self.step_no = index
        kinds: tuple[list[Any], ...] = ([], [], [], [], [], [])  # see _SORTED
        for leaf in leaves:  # one pass sorting the step's commands by what is done with them (LOG wrappers: none)
            bucket = _SORTED.get(type(leaf))
            if bucket is not None:
                kinds[bucket].append(leaf)
        pieces, chats, turns, undo, players, unknown = kinds
        if undo:
            self.undo(leaves, rp)
            return
        if players:
            self.read_roster(players)
        unknown = [u.text for u in unknown if u.text not in ("", "null")]
        if unknown:
            shown = ", ".join(repr(u[:40]) for u in unknown)
            self.note(f"commands no VASSAL encoder claims were kept and ignored: {shown}")
        messages = [c.message for c in chats]
        if pieces:
            for pid in self.touched(pieces, rp):
                self.piece_changed(pid, rp, messages)
        for message in messages:
            self.chat(message)
        for leaf in turns:
            pos = self.sequence.position(leaf.state)
            if pos is None:
                self.note(f"the turn tracker was set to a state this module does not write ({leaf.state!r})")
            else:
                self.tracker(pos)

    def undo(self, leaves: list[Command], rp: Replay) -> None:
        """VASSAL's Undo: the actions of the last step that wrote any are withdrawn; pieces are seen anew."""
        self.flush_mover()
        if self.steps_with_actions:
            last = self.steps_with_actions.pop()
            self.out = [a for a in self.out if a.get("src", {}).get("step") != last]
            if last in self.merged:  # a line this step had joined gets its lists back
                line, lists = self.merged.pop(last)
                line.update(lists)
            if last in self.recasts:  # the moves a marker had made into one line are moves again
                line, moves = self.recasts.pop(last)
                at = next(i for i, a in enumerate(self.out) if a is line)
                self.out[at:at + 1] = moves
        self.undone += 1
        for leaf in leaves:  # an undone turn-tracker press sets the tracker back
            if isinstance(leaf, SetTurn):
                self.pos = self.sequence.position(leaf.state) or self.pos
        for pid in self.touched(leaves, rp):
            s = self.observe(rp, pid)
            if s is None:
                self.seen.pop(pid, None)
            else:
                self.seen[pid] = s

    def finish(self) -> None:
        self.flush_mover()
        self.end_of_phase()

    # -- the turn tracker -----------------------------------------------------------------------------------
    def tracker(self, pos: Position) -> None:
        if pos == self.pos:
            return
        self.flush_mover()
        self.end_of_phase()
        self.dealing = False
        first = next(iter(self.game.sides))
        if pos.turn != self.pos.turn:
            self.emit("turn", first, turn=pos.turn)
            opening = start_position(self.game, pos.turn)
            if (pos.side, pos.phase) != (opening.side, opening.phase):
                self.emit("phase", pos.side or first, phase=pos.phase)
        else:
            self.emit("phase", pos.side or first, phase=pos.phase)
        self.pos = pos

    def end_of_phase(self) -> None:
        """What was pending when a phase ends: attack marks without a result, unspent discards, a die rolled for a
        track marker that stayed where it was (its action, with that space), unused dice."""
        self.track_rolls()
        if self.after is not None:
            self.after_roll(None)
        if self.marks:
            self.note(f"attack marks of {', '.join(sorted(self.marks))} were not followed by a battle result: "
                      "no battle is translated for them")
        for c in self.battle_cards:
            self.emit("play", c["side"], card=c["card"])
        for side, cards in sorted(self.pay.items()):
            if cards:
                self.emit("discard", side, cards=list(cards))
        if self.dice:
            self.note(f"die roll(s) {', '.join(str(v) for _, v in self.dice)} belong to no battle")
        self.marks, self.pay, self.dice, self.support, self.battle_cards = {}, {}, [], False, []
        self.advancing, self.moving_attackers = self.moving_attackers, frozenset()
        self.last, self.previous, self.group, self.parent, self.committed = None, None, frozenset(), None, {}

    # -- pieces ---------------------------------------------------------------------------------------------
    def piece_changed(self, pid: str, rp: Replay, chats: list[str]) -> None:
        old = self.seen.get(pid)
        new = self.observe(rp, pid)
        if new is None and old is None:
            return
        if new is not None and old is not None and new.kind == "marker":
            new = replace(new, on=old.on)
        if new is None:
            self.seen.pop(pid, None)
        else:
            self.seen[pid] = new
        kind = (new or old).kind  # type: ignore[union-attr]
        if kind == self.names.kind_battle:
            self.battle_marker(pid, rp)
            return
        if new is not None and old is not None and new == old:
            return
        if (new or old).id == "":  # type: ignore[union-attr]
            self.note(f"a {kind} this game does not know ({(new or old).where}) changed")  # type: ignore[union-attr]
            return
        if kind == "unit":
            self.unit_changed(old, new)
        elif kind == "marker":
            self.marker_changed(pid, old, new, chats)
        elif kind == "card":
            self.card_changed(old, new, chats)

    # -- units --
    def unit_changed(self, old: Seen | None, new: Seen | None) -> None:
        uid = (new or old).id  # type: ignore[union-attr]
        if new is None:
            self.flush_mover()
            self.note(f"{uid} was deleted (no game action removes a counter from the game)", self.side_of(uid))
            return
        before = old.where if old is not None else Where(NOWHERE)
        if old is not None and old.face != new.face and new.face is not None:
            self.flipped(uid, old.face, new.face, new.where)
        if old is not None and old.attack != new.attack:
            self.attack_changed(uid, new)
        if before != new.where:
            self.moved(uid, before, new.where, new)

    def flipped(self, uid: str, old: str | None, new: str, where: Where | None = None) -> None:
        if where is not None and where.kind == BOX and self.box_kind(where.id) in self.table.battle_boxes:
            return  # an Air unit turned over in its box: the validator's bookkeeping
        if (old, new) == ("front", "back") and self.game.units[uid].flip == "convert" and self.commit(uid):
            return
        self.flush_mover()
        self.lead_loss(uid)
        side = self.side_of(uid)
        unit = self.game.units[uid]
        placed = None if self.in_phase("combat") or self.pay.get(side) else self.placed_this_phase(uid)
        if placed is None and (self.in_phase("combat") or (old, new) == _LOSS_TURN.get(unit.flip)):
            if not self.rolled_loss(uid, side):
                self.emit("loss", side, unit=uid)
        elif placed is not None:  # put on the map and turned over at once: put on that face
            self.merged[self.step_no] = (placed, {"face": placed.get("face")})  # Undo turns it back
            self.acted()
            placed["face"] = new
        else:
            self.emit("flip", side, unit=uid, face=new, pay=self.take_pay(side))

    def last_line_at(self, uid: str, since: dict[str, Any] | None = None) -> int | None:
        """Where the unit's last line of this phase is in ``out`` (None: it has none), only after ``since`` when
        given."""
        for i in range(len(self.out) - 1, -1, -1):
            line = self.out[i]
            if line["type"] in ("phase", "turn") or line is since:
                return None
            if line.get("unit") == uid:
                return i
        return None

    def placed_this_phase(self, uid: str) -> dict[str, Any] | None:
        """The unit's ``place`` line when it is the unit's last line of this phase, else None."""
        at = self.last_line_at(uid)
        return self.out[at] if at is not None and self.out[at]["type"] == "place" else None

    def attack_changed(self, uid: str, new: Seen) -> None:
        if not new.attack:
            self.marks.pop(uid, None)
            return
        target = self.loc.toward(new.where.id, new.attack, new.xy) if new.where.kind == MAP else None
        if target is None:
            self.note(f"{uid} in {new.where} attacks toward {new.attack}, where there is no map location",
                      self.side_of(uid))
            return
        self.flush_mover()
        if self.after is not None:
            self.after_roll(None)
        if not self.marks:
            self.last_battle_over()
        self.marks[uid] = target

    def last_battle_over(self) -> None:
        """A new battle is being set up: dice and cards count for it from now on."""
        self.previous, self.last = self.last, None

    def moved(self, uid: str, before: Where, after: Where, seen: Seen) -> None:
        side = self.side_of(uid)
        if before.kind == MAP and after.kind == MAP:
            self.dragged(uid, side, before.id, after.id)
            return
        if TRACK in (before.kind, after.kind) and MAP not in (before.kind, after.kind):
            return  # the turn track's comings and goings (reinforcements, returns): the validator does them
        self.flush_mover()
        if after.kind == BOX:
            self.to_box(uid, side, before, after.id)
        elif after.kind == MAP and before.kind == BOX and self.box_kind(before.id) in self.table.battle_boxes and \
                self.commit(uid, self.table.battle_boxes[self.box_kind(before.id)]):
            return
        elif after.kind == MAP:
            out = self.table.box_leave.get(self.box_kind(before.id)) if before.kind == BOX else None
            if out is not None and self.box_action(out, side, {"{unit}": uid, "{box}": before.id, "{to}": after.id}):
                return
            if before.kind == BOX and self.box_kind(before.id) == self.table.rail_box:
                self.emit("detrain", side, unit=uid, to=after.id)
            elif before.kind in (BOX, TRACK, NOWHERE):
                self.emit("place", side, unit=uid, to=after.id, face=seen.face, pay=self.take_pay(side))
            else:
                self.note(f"{uid} came onto the map at {after} from {before}", side)
        else:
            self.note(f"{uid} went from {before} to {after}: no game action moves a unit there", side)

    def box_kind(self, box: str) -> str:
        b = self.game.map.boxes[box]
        return box.rsplit("_", 1)[0] if b.side is not None else box

    def box_action(self, spec: MarkerAction, side: str, values: dict[str, str]) -> bool:
        """A unit into or out of a box whose kind the game's table gives an action (:mod:`.game_table`): written
        when in its phase (True), else False (the core's reading stands)."""
        if spec.phase is not None and self.pos.phase != spec.phase:
            return False
        self.emit(spec.action, side, **{k: _fill(v, values) for k, v in spec.fields.items()})
        return True

    def lead_loss(self, uid: str) -> None:
        """A unit's loss: when a roll after the battle waits and the unit is a defender, it led that roll."""
        if self.after is not None and self.last is not None and uid in self.last.defenders:
            self.after_roll(uid)

    def commit(self, uid: str, fields: Mapping[str, Any] | None = None) -> bool:
        """The unit is committed to the battle being set up (``battle_units``): True when it is (attack marks set in
        the Combat Phase and a field for its side), its field then names it."""
        fields = self.table.battle_used if fields is None else fields
        if not self.marks or not self.in_phase("combat"):
            return False
        side = self.side_of(uid)
        field_ = fields.get("phasing" if side == self.phasing else "other")
        if field_ is None:
            return False
        if isinstance(field_, tuple):  # a field that lists units
            self.committed.setdefault(field_[0], []).append(uid)
        else:
            self.committed[field_] = uid
        return True

    def to_box(self, uid: str, side: str, before: Where, box: str) -> None:
        kind = self.box_kind(box)
        if kind in self.table.battle_boxes:
            return  # an Air unit back in its box: the validator's bookkeeping
        if before.kind == MAP:
            self.lead_loss(uid)
        into = self.table.box_arrive.get(kind)
        if into is not None and self.box_action(into, side, {"{unit}": uid, "{box}": box, "{to}": box}):
            return
        if before.kind == MAP and self.rolled_loss(uid, side):
            return
        if kind in self.table.elimination_boxes and before.kind == MAP and self.retreated(uid):
            return  # eliminated where its retreat ended (no way on): the validator does it
        if kind == self.table.rail_box and before.kind == MAP:
            self.emit("entrain", side, unit=uid, pay=self.take_pay(side))
        elif kind in self.table.elimination_boxes and before.kind == MAP and self.is_loss(uid):
            self.emit("loss", side, unit=uid)
        else:
            self.emit("remove", side, unit=uid, to=box)

    def after_roll(self, loser: str | None) -> None:
        """The action of the roll after the last battle's result (``after_battle``): its lead the defender
        ``loser`` that takes a loss now, else the first of the battle's defenders still in its target, else the first
        on the map (retreating)."""
        die, self.after = self.after, None
        b = self.last
        spec = self.table.after_battle[1]  # type: ignore[index]
        target = b.line["targets"][0]  # type: ignore[union-attr]
        here = self.units_in(target)
        on_map = [u for u in sorted(b.defenders) if (s := self.seen_unit(u)) is not None  # type: ignore[union-attr]
                  and s.where.kind == MAP]
        unit = loser or next((u for u in on_map if u in here), on_map[0] if on_map else None)  # (or retreating)
        if unit is None:
            self.note(f"a die ({die}) was rolled after the battle at {target}, where no defender is left")
            return
        self.emit(spec.action, self.side_of(unit),
                  **{k: _fill(v, {"{unit}": unit, "{die}": die, "{target}": target}) for k, v in spec.fields.items()})

    def rolled_loss(self, uid: str, side: str) -> bool:
        """A unit's loss after a die roll in a phase whose ``loss_rolls`` action it is (:mod:`.game_table`): that
        action written with the last die (:meth:`take_die`; True), else False."""
        spec = self.table.loss_rolls.get(self.pos.phase or "")
        if spec is None or not self.dice:
            return False
        die = self.take_die(spec.action)
        self.emit(spec.action, side, **{k: _fill(v, {"{unit}": uid, "{die}": die}) for k, v in spec.fields.items()})
        return True

    def first_die(self, what: str, side: str | None = None) -> int:
        """The first of the dice rolled since the last action that took one, for an action whose die the first roll
        is (a battle's, the weather's); more rolls are noted (``what``: "for one battle")."""
        if len(self.dice) > 1:
            self.note(f"the die was rolled {len(self.dice)} times {what} "
                      f"({', '.join(str(v) for _, v in self.dice)}); the first roll counts", side)
        return self.dice[0][1]

    def take_die(self, kind: str) -> int | None:
        """The last die rolled since the last action that took one, for a ``kind`` line (None: none); the dice
        before it changed nothing on the map, so they name no unit (a note: a roll that cost nothing, a failed
        Rally roll)."""
        if not self.dice:
            return None
        *before, (_, die) = self.dice
        self.dice = []
        if before:
            self.note(f"die roll(s) {', '.join(str(v) for _, v in before)} before the {kind} changed nothing: they "
                      "name no unit")
        return die

    def retreated(self, uid: str) -> bool:
        """Whether the unit's last line since the last battle is its retreat."""
        b = self.last
        if b is None or not self.in_phase("combat"):
            return False
        at = self.last_line_at(uid, since=b.line)
        return at is not None and self.out[at]["type"] == "retreat"

    def is_loss(self, uid: str) -> bool:
        """A unit of a battle whose result eliminates (the table's ``elimination_results``; No Retreat!'s DD and EX)
        eliminated in the Combat Phase (or after a marker's battle of another phase: Stalingrad '42's Automatic DS),
        whose face has no reduced side (No Retreat! 10.7.1)."""
        b = self.last
        if b is None or not (self.in_phase("combat") or b.moving) or b.result not in self.table.elimination_results:
            return False
        if uid not in b.attackers | b.defenders:
            return False
        unit = self.game.units[uid]
        seen = self.seen_unit(uid)
        face = seen.face if seen is not None else None
        reducible = unit.steps > 1 and ((unit.flip == "step" and face == "front") or (unit.flip == "convert"
                                                                                         and face == "back"))
        return not reducible

    def seen_unit(self, uid: str) -> Seen | None:
        return next((s for s in self.seen.values() if s.kind == "unit" and s.id == uid), None)

    # -- drags: moves, retreats, advances --
    def dragged(self, uid: str, side: str, start: str, end: str) -> None:
        b = self.last
        role = None
        if b is not None and (self.in_phase("combat") or b.moving):
            role = "retreat" if uid in b.defenders else "advance" if uid in b.attackers and not b.moving else None
        if role is None and b is not None and self.parent is not None and uid in self.parent.attackers:
            role = "advance"  # the rest of a combat's advance, after its units' repeated attack (15.2.2)
        if role is None and uid in self.advancing and self.in_phase("combat"):
            role = "advance"  # an attacker of the Movement Phase's marker battle (an Automatic DS, 8.6.2)
        if role is None:
            self.flush_mover()
            if end in self.loc.neighbours(start):
                if not self.join_drag(uid, side, start, end):
                    self.emit("move", side, unit=uid, path=[end])
            else:
                self.emit("move", side, unit=uid, to=end)
            return
        m = self.movers.get(uid)
        if m is not None and m.kind != role:
            self.flush_mover()
            m = None
        if m is None:
            m = self.movers[uid] = _Mover(role, uid, side, start, [], self.step_no)
        ways = self.loc.between(m.at, end)
        if not ways:
            ways = [[end]]
            m.notes.append(f"{m.at} to {end} is more than two hexes in one drag: only its end is known")
        elif len(ways) > 1:
            m.notes.append(f"{m.at} to {end} in one drag could pass {' or '.join(w[0] for w in ways)}; "
                           f"taken as {ways[0][0]}")
        m.path += ways[0]
        m.at = end

    def flush_mover(self) -> None:
        """The retreats and advances dragged so far are complete (something else happens): write them, in the
        order they began (a stack dragged hex by hex moves its units in turn)."""
        if not self.movers:
            return
        movers, self.movers = self.movers, {}
        here = self.step_no
        for m in movers.values():
            self.step_no = m.step
            for text in m.notes:
                self.note(f"the {m.kind} of {m.unit}: {text}", m.side)
            self.emit(m.kind, m.side, unit=m.unit, path=m.path)
        self.step_no = here

    # -- markers --
    def role(self, s: Seen | None) -> str | None:
        if s is None or s.where.kind != MAP or s.face is None:
            return None
        return marker_role(self.marker_faces, s, self.table.marker_roles)

    def unit_under(self, loc: str, role: str | None, chats: list[str], pid: str | None = None) -> str | None:
        """The unit a marker arriving in ``loc`` marks: the one the command's report names, else the only unit
        there, else the first unit there (bottom up) that no other marker of that role marks yet."""
        units = self.units_in(loc)
        for message in chats:
            m = self.names.marked_report.search(message)
            if m and m.group("unit") in units:
                return m.group("unit")
        if len(units) <= 1:
            return units[0] if units else None
        taken = {s.on for p, s in self.seen.items() if p != pid and s.kind == "marker" and self.role(s) == role}
        return next((u for u in units if u not in taken), None)

    def marker_changed(self, pid: str, old: Seen | None, new: Seen | None, chats: list[str]) -> None:
        if new is not None and new.where.kind == TRACK and (old is None or old.where != new.where):
            self.track_marker(new)
        was, now = self.role(old), self.role(new)
        if was == now and old is not None and new is not None and (old.where == new.where or was not in (
                "target", "counterblow")):
            if old.where != new.where:  # a marker carried along with its unit: it now marks the unit it lies on
                self.seen[pid] = replace(new, on=self.unit_under(new.where.id, now, chats, pid) if now else None)
            return
        if was is not None and old is not None:
            self.marker_left(was, old)
        if now is not None and new is not None:  # (a marker turned over where it lies still marks its unit)
            unit = old.on if old is not None and old.where == new.where and old.on is not None else \
                self.unit_under(new.where.id, now, chats, pid)
            self.seen[pid] = replace(new, on=unit)
            self.marker_arrived(now, new.where.id, unit)
        elif new is not None:
            self.seen[pid] = replace(new, on=None)

    def marker_left(self, role: str, old: Seen) -> None:
        spec = self.table.leave.get(role)
        if spec is not None:
            self.marker_action(spec, old.where.id, old.on)
            return
        if role == "disorganized" and self.in_phase("organization") and old.on is not None:
            side = self.side_of(old.on)
            self.emit("reorganize", side, unit=old.on, pay=self.take_pay(side))

    def marker_arrived(self, role: str, loc: str, unit: str | None) -> None:
        spec = self.table.arrive.get(role)
        if spec is not None:
            self.marker_action(spec, loc, unit)
        elif role == "unsupplied":
            if unit is None:
                self.note(f"an Unsupplied marker was put in {loc}, where no unit is")
            else:
                self.flush_mover()
                self.emit("supply", self.side_of(unit), unsupplied=[unit])
        elif role == "target":
            units = self.units_in(loc)
            if not units:
                self.note(f"a Target marker was put in {loc}, where no unit is")
            elif self.pos.side == self.side_of(units[0]):
                self.note(f"a Target marker was put on the phasing player's own units in {loc} (a Counterblow "
                          "marker is put with Mark Counterblow): no declaration")
            else:
                self.flush_mover()
                self.emit("declare", self.other(self.side_of(units[0])), targets=[loc])
        elif role == "counterblow":
            self.counterblow_marker(loc)
        elif role == "support" and self.in_phase("combat"):
            self.support = True  # for the battle being set up (or the next one)

    def marker_action(self, spec: MarkerAction, loc: str, unit: str | None) -> None:
        """A marker of a role the game's table gives an action (:mod:`.game_table`), in its phase: the marked unit's
        side's, or the phasing side's when the action names no unit (Stalingrad '42's Vasilevsky marker, 33.1)."""
        if spec.phase is not None and self.pos.phase != spec.phase:
            return
        if spec.roll and not self.dice:
            return  # no die rolled for it: the validator's own bookkeeping (a unit that recovers by itself, 13.4)
        wants_unit = spec.recast or bool(spec.amend) or any(v == "{unit}" or v == ["{unit}"]
                                                            for v in spec.fields.values())
        if wants_unit and unit is None:
            self.note(f"a marker for '{spec.action}' was put in {loc}, where no unit is")
            return
        self.flush_mover()
        if spec.recast:
            self.recast(spec.action, unit)  # type: ignore[arg-type]
            return
        if spec.amend:
            self.amend(spec, unit)  # type: ignore[arg-type]
            return
        values: dict[str, Any] = {"{unit}": unit, "{hex}": loc}
        if "{die}" in spec.fields.values():
            values["{die}"] = self.take_die(spec.action)
        if "{target}" in spec.fields.values():
            target = self.marks.pop(unit, None) if unit is not None else None
            if target is None:
                self.note(f"a marker for '{spec.action}' was put on {unit}, which has no attack direction set")
                return
            values["{target}"] = target
        line = self.emit(spec.action, self.side_of(unit) if unit is not None and wants_unit else None,
                         **{k: _fill(v, values) for k, v in spec.fields.items()})
        if spec.battle is not None:
            self.marker_battle(line, spec.battle)

    def marker_battle(self, line: dict[str, Any], result: str) -> None:
        """A marker's action that is a battle (``battle`` in the game's table): the last battle from now on, so that
        drags of its target's units are their retreats (its attackers' drags stay moves)."""
        attackers = frozenset(line.get("attackers", ()))
        if not self.in_phase("combat"):
            self.moving_attackers |= attackers
        self.last = _Battle(attackers, self.enemies_in([line.get("target", "")], line["side"]), result, line,
                            self.hexes_of(attackers), moving=not self.in_phase("combat"))

    def enemies_in(self, targets: list[str], side: str) -> frozenset[str]:
        return frozenset(u for t in targets for u in self.units_in(t) if self.side_of(u) != side)

    def hexes_of(self, units: frozenset[str] | dict[str, str]) -> frozenset[str]:
        """The map locations of these units."""
        return frozenset(s.where.id for s in self.seen.values() if s.kind == "unit" and s.id in units
                         and s.where.kind == MAP)

    def track_marker(self, new: Seen) -> None:
        """A marker moved along a track: the game table's action for that track and marker kind, in its phase."""
        box, _, space = new.where.id.partition(":")
        kind, spec = self.table.tracks.get(box, ("", None))
        if spec is None or kind != new.id or (spec.phase is not None and self.pos.phase != spec.phase):
            return
        die = None
        if any(v == "{die}" for v in spec.fields.values()) and self.dice:
            die, self.dice = self.first_die(f"before the {spec.action}"), []
        self.flush_mover()
        fields = {k: space if v == "{space}" else die if v == "{die}" else v for k, v in spec.fields.items()}
        self.emit(spec.action, None, **fields)

    def track_rolls(self) -> None:
        """Dice rolled in the phase of a track action that takes a die, and no such action written since the phase
        began: the roll kept the marker where it was (the weather stays), so the action names its space."""
        if not self.dice:
            return
        for box, (kind, spec) in self.table.tracks.items():
            if spec.phase != self.pos.phase or "{die}" not in spec.fields.values():
                continue
            here = next((s for s in self.seen.values() if s.kind == "marker" and s.id == kind and s.where.kind == TRACK
                         and s.where.id.partition(":")[0] == box), None)
            written = next((a for a in reversed(self.out) if a["type"] in ("phase", "turn", spec.action)), None)
            if here is not None and (written is None or written["type"] != spec.action):
                self.track_marker(here)

    def recast(self, kind: str, unit: str) -> None:
        """The unit's moves of this phase (since its other actions) become one ``kind`` action with their path, or
        with the last destination when a drag was not hex by hex."""
        moves = []
        for line in reversed(self.out):
            if line["type"] in ("phase", "turn"):
                break
            if line.get("unit") != unit:
                continue
            if line["type"] != "move":
                break
            moves.append(line)
        if not moves:
            self.note(f"a marker for '{kind}' was put on {unit}, which has not moved in this phase")
            return
        moves.reverse()
        first = moves[0]
        fields: dict[str, Any] = {"unit": unit}
        if all("path" in m for m in moves):
            fields["path"] = [h for m in moves for h in m["path"]]
        else:
            fields["to"] = moves[-1].get("to") or moves[-1]["path"][-1]
        line = action_of(kind, first["side"], first.get("src", {}).get("step"), fields, self.kinds)
        at = next(i for i, a in enumerate(self.out) if a is first)
        self.out = [a for a in self.out if not any(a is m for m in moves)]
        self.out.insert(at, line)
        self.recasts[self.step_no] = (line, moves)  # VASSAL's Undo of this step gives the moves back
        self.acted()

    def amend(self, spec: MarkerAction, unit: str) -> None:
        """The unit's last line of this phase, when of a kind the marker's ``amend`` names, rewritten: its kind
        changed and fields set (a Replacement marker: the unit's flip back was a ``replace``)."""
        at = self.last_line_at(unit)
        old = self.out[at] if at is not None else None
        if old is None or old["type"] not in spec.amend:
            self.note(f"a marker was put on {unit}, whose last action of this phase is not "
                      f"{' or '.join(sorted(spec.amend))}: it changes nothing", self.side_of(unit))
            return
        kind, fields = spec.amend[old["type"]]
        kind = kind or old["type"]
        allowed = self.kinds[kind]
        kept = {k: v for k, v in old.items() if k in allowed}
        kept.update({k: _fill(v, {"{unit}": unit}) for k, v in fields.items()})
        line = action_of(kind, old["side"], old.get("src", {}).get("step"), kept, self.kinds)
        self.out[at] = line  # type: ignore[index]
        self.recasts[self.step_no] = (line, [old])  # VASSAL's Undo of this step gives the old line back
        self.acted()

    def counterblow_marker(self, loc: str) -> None:
        b = self.last
        if b is not None and b.result == "CB" and "marker" not in b.line and loc in b.attacker_hexes:
            b.line["marker"] = loc
            return
        units = self.units_in(loc)
        if not units:
            self.note(f"a Counterblow marker was put in {loc}, where no unit is")
            return
        self.flush_mover()
        side = self.side_of(units[0])
        self.emit("counterblow", side, target=loc, pay=self.take_pay(side))

    # -- cards --
    def card_changed(self, old: Seen | None, new: Seen | None, chats: list[str]) -> None:
        cid = (new or old).id  # type: ignore[union-attr]
        if old is not None and new is not None and old.turned != new.turned:
            self.joker_turned(old.turned)
        before = old.where if old is not None else Where(NOWHERE)
        after = new.where if new is not None else Where(NOWHERE)
        if before == after:
            return
        n = self.names
        if before.kind == DECK and before.id == n.draw_pile and after.kind == HAND:
            self.drawn(after.id, cid)
        elif before.kind == HAND and after.kind == DECK and after.id == n.discard_pile:
            self.from_hand(before.id, cid, chats)
        elif before.kind == DECK and after.kind == DECK and after.id == n.draw_pile:
            if before.id == n.discard_pile:
                self.reshuffled = True
            # the 1945 cards joining the Draw Pile: the validator makes that change itself (5.5)
        else:
            self.note(f"card {cid} went from {before} to {after}: no game action moves a card there")

    def joker_turned(self, facing: str) -> None:
        sides = list(self.game.sides)
        try:
            side = sides[int(facing or 0)]
        except (ValueError, IndexError):
            self.note(f"the Joker was turned from a facing this module does not have ({facing!r})")
            return
        self.played(side, "joker")

    def drawn(self, side: str, cid: str) -> None:
        if self.dealing and len(self.dealt.get(side, [])) < self.scenario.hands.get(side, 0):
            self.dealt.setdefault(side, []).append(cid)
            return
        last = self.out[-1] if self.out else None
        if (last is not None and last["type"] == "draw" and last["side"] == side and not self.movers
                and not self.reshuffled):
            last["cards"].append(cid)
            return
        self.flush_mover()
        self.emit("draw", side, cards=[cid], reshuffle=True if self.reshuffled else None)
        self.reshuffled = False

    def from_hand(self, side: str, cid: str, chats: list[str]) -> None:
        player = None
        for message in chats:
            m = self.names.play_report.search(message)
            if m and m.group("side") in self.loc.side_names:
                player = self.loc.side_names[m.group("side")]
        if player is not None:
            self.played(player, cid)
        elif self.in_phase("card") and side == self.pos.side:
            self.flush_mover()
            self.emit("discard", side, cards=[cid])
        else:
            self.pay.setdefault(side, []).append(cid)

    def played(self, side: str, cid: str) -> None:
        if (self.marks or self.declared()) and self.in_phase("combat"):
            self.battle_cards.append({"card": cid, "side": side})
            return
        self.flush_mover()
        self.emit("play", side, card=cid)

    def take_pay(self, side: str) -> list[str] | None:
        cards = self.pay.pop(side, None)
        return cards or None

    # -- chat: battle results and dice --
    def chat(self, message: str) -> None:
        for mark in self.names.report_marks:
            if mark in message:
                break
        else:
            return
        m = self.names.dice_report.search(message)
        if m and m.group("button") == self.names.dice_button:
            die = int(m.group("result"))
            b, after = self.last, self.table.after_battle
            if after is not None and b is not None and not self.marks and self.in_phase("combat") and \
                    b.result in after[0]:
                if self.after is not None:
                    self.after_roll(None)
                self.after = die
            else:
                self.dice.append((self.step_no, die))
            return
        m = self.names.attack_report.search(message)
        if m:  # also when the direction was already set (VASSAL then changes no state)
            uid, direction = m.group("unit"), m.group("direction")
            seen = self.seen_unit(uid)
            if seen is not None and uid not in self.marks:
                self.attack_changed(uid, replace(seen, attack=direction))
            return
        m = self.names.result_report.search(message)
        if m:
            self.battle(m.group("unit"), m.group("result"))

    def battle(self, reporter: str, result: str) -> None:
        self.flush_mover()
        marks = dict(self.marks)
        if not marks:
            self.note(f"{reporter} reported the battle result {result}, but no unit has an attack direction set")
            return
        sides = {self.side_of(u) for u in marks}
        if len(sides) > 1:
            self.note(f"units of both sides have attack directions set ({', '.join(sorted(marks))}): no battle")
            return
        if not self.dice:
            self.note(f"the battle of {', '.join(sorted(marks))} has a result ({result}) but no die roll")
            return
        side = sides.pop()
        die = self.first_die("for one battle", side)
        targets = sorted(set(marks.values()))
        committed = {u for v in self.committed.values() for u in (v if isinstance(v, list) else [v])}
        defenders = self.enemies_in(targets, side) - committed
        kind = self.repeated(frozenset(marks), side)
        optional = {"support": True if self.support else None, "cards": list(self.battle_cards) or None, "kind": kind}
        line = self.emit("battle", side, attackers=sorted(marks), targets=targets, die=die, result=result,
                         **{k: v for k, v in optional.items() if v is not None}, **self.committed)
        self.last = _Battle(frozenset(marks), defenders, result, line, self.hexes_of(marks))
        self.marks, self.dice, self.support, self.battle_cards, self.committed = {}, [], False, [], {}

    def repeated(self, attackers: frozenset[str], side: str) -> str | None:
        """A battle by units that attacked in the previous battle (``repeat_attack``): its action written first
        (unless they are the group that did so in a row), and its kind; else None."""
        spec = self.table.repeat_attack
        if spec is None:
            return None
        if self.group and attackers <= self.group:
            return spec[1]
        b = self.previous
        if b is None or b.moving or not attackers & b.attackers:
            self.group, self.parent = frozenset(), None
            return None
        self.group, self.parent = attackers, b
        self.emit(spec[0].action, side, **{k: _fill(v, {"{attackers}": sorted(attackers)})
                                           for k, v in spec[0].fields.items()})
        return spec[1]


    # -- battles of the module's battle command --
    def declared(self) -> bool:
        """A battle marker stands on the map, not resolved yet (cards played now are played in a battle)."""
        return any(s.kind == self.names.kind_battle and pid not in self.fought for pid, s in self.seen.items())

    def battle_marker(self, pid: str, rp: Replay) -> None:
        """A battle marker changed: resolved (its battle is written), its result set by hand (the battle's result
        follows), or gone (the clean-up)."""
        piece = rp.piece(pid)
        if piece is None:
            self.fought.pop(pid, None)
            return
        v = dynamic_values(piece)
        n = self.names
        outcome = v.get(n.battle_outcome, "")
        line = self.fought.get(pid)
        if line is not None:
            if outcome and outcome != line["result"]:
                line["result"] = outcome
            return
        if outcome:
            self.fight(pid, v)

    def fight(self, pid: str, v: dict[str, str]) -> None:
        n = self.names
        number = v.get(n.battle_no, "")
        units = [s for s in self.seen.values() if s.kind == "unit" and s.id and s.battle == number]
        attackers = sorted(s.id for s in units if s.role == "attacker")
        names_ = [t for t in v.get(n.battle_targets, "").split(",") if t]
        targets = [self.loc.location_id(t) for t in names_]
        if not attackers or not targets or None in targets:
            self.note(f"battle {number} was resolved, but its attackers or targets ({', '.join(names_)}) are not "
                      "units and locations of this game: no battle is translated for it")
            self.fought[pid] = {"result": v.get(n.battle_outcome, "")}
            return
        self.flush_mover()
        side = self.side_of(attackers[0])
        fields: dict[str, Any] = {"attackers": attackers, "targets": targets, "die": _int(v.get(n.battle_die)),
                                  "result": v.get(n.battle_outcome)}
        if self.battle_cards:
            fields["cards"] = list(self.battle_cards)
        kind = v.get(n.battle_kind, "")
        if kind and kind != "voluntary":
            fields["kind"] = kind
        column = self.column(v)
        if column is None and v.get(n.battle_column, "-1") not in ("-1", ""):
            self.note(f"battle {number} states column {v.get(n.battle_column)!r}, which its table does not have")
        if column:
            fields["odds"] = column
            fields["shifts"] = _int(v.get(n.battle_shift))
        for name, value in v.items():
            if name.startswith(n.adjustment_prefix) and value == "1":
                field_ = name[len(n.adjustment_prefix):]
                if field_ in ACTIONS["battle"].fields and field_ not in fields:
                    fields[field_] = True
        line = self.emit("battle", side, **fields)
        self.fought[pid] = line
        defenders = frozenset(s.id for s in units if s.role == "defender")
        hexes = frozenset(s.where.id for s in units if s.role == "attacker" and s.where.kind == MAP)
        self.last = _Battle(frozenset(attackers), defenders, line["result"], line, hexes)
        self.battle_cards = []


    def column(self, v: dict[str, str]) -> str | None:
        """The final column the marker states (its index into the CRT it names), or None (an automatic result)."""
        crt = self.game.crts.get(v.get(self.names.battle_crt, ""))
        index = _int(v.get(self.names.battle_column))
        if crt is None or not isinstance(index, int) or not 0 <= index < len(crt.columns):
            return None
        return crt.columns[index]


def dynamic_values(piece: PieceDef) -> dict[str, str]:
    """A piece's Dynamic Properties: name -> value."""
    return {t.fields[0]: s or "" for t, s in zip(piece.types, piece.states) if t.kind == "DynamicProperty" and t.fields}


def _fill(value: Any, values: Mapping[str, Any]) -> Any:
    """A field of a table's action with its placeholders (``values``) filled in, in a list too."""
    if isinstance(value, list):
        return [_fill(v, values) for v in value]
    return values.get(value, value) if isinstance(value, str) else value


def _int(text: str | None) -> int | str | None:
    """A number the marker states, as a number (as it is when it is not one: the log check reports it)."""
    try:
        return int(text or "")
    except ValueError:
        return text


def translate(root: Command, game: Game, module: ModuleDef | None = None, names: ModuleNames = NAMES,
              scenario: str | None = None, table: GameTable | None = None) -> Translation:
    """Translate a decoded save or log (made with our module for ``game``) into the log format. ``module`` names
    the off-map boxes and tracks (without it, only hexes are known and box moves become notes); ``scenario``
    defaults to the one whose setup the log's opening matches best."""
    table = table_of(game) if table is None else table
    t = _Translator(game, names, scenario, table)
    steps = 0
    with no_cycle_collection():  # (tens of thousands of new pieces, traits and lines, none in a cycle)
        for index, _, leaves, _, rp in replay_leaves(root, module, game, record=False):
            if index == 0:
                t.begin(leaves, rp)
                continue
            steps = index
            try:
                t.step(index, leaves, rp)
            except Exception as exc:  # one strange step must not stop the translation: it is reported instead
                t.step_no = index
                t.note(f"could not be translated ({type(exc).__name__}: {exc})")
        t.finish()
    opening = t.opening or Opening(t.pos, {})
    header = header_of(game, t.scenario.id, opening, t.players, t.dealt, table)
    notes = sum(1 for a in t.out if a["type"] == "note")
    return Translation(header, tuple(t.out), steps, notes, t.undone)
