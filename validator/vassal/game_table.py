"""What VASSAL evidence means in one game's own actions: the table a game's rules package declares for the translator.

The translator (:mod:`.translate`) reads what is common to every game made with our modules: drags (moves with
their paths), pieces placed and sent to boxes, flips, the turn tracker, dice, Undo. What a game's markers, boxes and
phases mean is the game's: its rules package declares it as data, in ``vassal.json`` beside its ``log_actions.json``
(as the validator engine asks the package for its rules). docs/vassal-reading.md describes the file:

- ``actions``: the game's own action kinds the translator may write (``{kind: {"fields": [...], "evidence": ...}}``),
  added to (or replacing) :data:`~.action_table.ACTIONS`;
- ``phase_roles``: which phase of the game plays a role the translator knows (``combat``: flips are losses, drags
  after a battle retreats and advances; ``card``, ``organization``);
- ``marker_roles``: marker face icon -> a role the translator's own code knows (``unsupplied``, ``disorganized``,
  ``target``, ``counterblow``, ``support``) or a role of the game's ``marker_actions``;
- ``marker_actions``: per role, the action a marker arriving on (``arrive``) or leaving (``leave``) a unit gives, in
  a phase or any: ``{"action": kind, "fields": {...}, "phase": id}``; a field's value ``"{unit}"`` is the marked
  unit (the line is its side's; without it the phasing side's: Stalingrad '42's Vasilevsky marker anywhere on the
  map), ``"{hex}"`` the marker's location, ``["{unit}"]`` a list of it, ``"{target}"`` the hex the marked unit's
  attack direction points at (the direction is used up); ``"recast": kind`` instead turns the moves the unit made in
  this phase into one action of that kind (a Train marker: the drag was a rail move); ``"battle": result`` makes the
  line a battle with that result, in whatever phase: drags of its target's units that follow are its retreats
  (Stalingrad '42's Automatic DS in the Movement Phase); ``"amend": {kind: {"action": kind, "fields": {...}}}``
  instead rewrites the unit's last line of this phase when it is of one of those kinds: into that action (or the
  same kind, without ``action``) with those fields set (Stalingrad '42's Replacement marker: the unit's flip back to
  full strength was a ``replace``, its placement out of the Eliminated Box one paid by a replacement); a field's
  value ``"{die}"`` is the last die rolled since the last action that took one (the dice before it changed nothing:
  a note), and ``"roll": true`` writes the action only when there is one (Stalingrad '42's Disrupted and Full
  Retreat markers taken off or turned over in the Recovery Phase: after a die, a Rally roll; else the unit recovered
  by itself, the validator's bookkeeping);
- ``box_actions``: per box kind (a box id before its side), the action a unit sent or dragged into one of those boxes
  (``arrive``) or out of one onto the map (``leave``) gives instead of the core's ``remove`` / ``place``, in a phase
  or any: ``{"action": kind, "fields": {...}, "phase": id}``; ``"{unit}"`` the unit, ``"{box}"`` the box, ``"{to}"``
  the map location it came out to (Stalingrad '42's Reserve Army Holding Boxes: ``hold`` and ``reveal``);
- ``track_actions``: per track (box id), the action a marker of one kind moved into one of its spaces gives, in a
  phase or any: ``{"marker": kind, "action": kind, "fields": {...}, "phase": id}``; ``"{space}"`` is the space,
  ``"{die}"`` the first die rolled since the last action that took one (the Weather marker on the Weather track);
- ``loss_rolls``: per phase, the action a unit's loss there (a flip to a weaker face, or a unit sent from the map to
  a box) gives when a die was rolled before it: ``{"action": kind, "fields": {...}}``; ``"{unit}"`` the unit,
  ``"{die}"`` the last die rolled since (Stalingrad '42's Isolation Attrition in the Supply Phase);
- ``after_battle``: a roll after a battle's result, on another table of the game: ``{"results": [...], "action":
  kind, "fields": {...}}``: a die rolled in the Combat Phase after a battle whose result is one of ``results``,
  before any new attack mark, gives this action; ``"{target}"`` the battle's (first) target, ``"{die}"`` the die,
  ``"{unit}"`` the first of the battle's defenders to take a loss after it (else the first of them still in the
  target) (Stalingrad '42's Determined Defense, 11.0);
- ``battle_units``: units committed to the battle being set up (attack marks set, no result yet) in the Combat
  Phase, and the battle's field they fill, for the phasing side (``phasing``) or the other (``other``): ``{"box":
  {box kind: {...}}, "used": {...}}``: a unit dragged out of a box of that kind onto the map (its return there and
  its flips while there are the validator's bookkeeping, silent), or a unit whose faces are Ready/Used (``convert``)
  turned to its back; a field given in a list (``["artillery"]``) collects every such unit, another takes one
  (Stalingrad '42: Air units from the Air Holding Box, ``air``/``defensive_air``; HQs turned Used, ``artillery``);
- ``repeat_attack``: the action a battle by units that attacked in the phase's previous battle begins with, and the
  battle's ``kind``: ``{"action": kind, "fields": {...}, "kind": kind}`` (``"{attackers}"`` its attackers); later
  battles of the same units in a row are of that kind too (Stalingrad '42's Breakthrough Combat, 15.1);
- ``unchecked``: per action kind, the fields whose values the translator copies from the log unchecked (a die from
  a chat report): the hand-over to the validator checks them against the schema;
- ``merge``: action kinds whose consecutive lines of one side are one line (their list fields joined);
- ``join_moves``: the phases in which a unit's drags one after the other (each to an adjacent location, nothing
  written between them) are one ``move`` with the joined path: the rules count a unit's movement in a phase as one
  (No Retreat! 8.1), so the joined path is the move the player made, and a cost paid on one drag (8.5.2's exit from
  an enemy zone of control) counts where a later drag overspends;
- ``position_flags``: role -> the fields of a unit in the header's ``position`` a marker of that role gives;
- ``control_marker``: the marker kind whose face's side controls the hex or area it lies on: in the opening, the
  header's ``position.control`` where it differs from the scenario's starting control;
- ``fort_markers``: marker face icon -> whether the fortification it shows is complete: in the opening, the header's
  ``position.forts`` (the face's side builds it);
- ``header``: fields the header of every log translated for the game carries (``{"modes": "unstated"}``: the module
  cannot say a move's mode, the game's rules pick one);
- ``rail_box``, ``elimination_boxes``, ``elimination_results``: the box kinds (a box id before its side) that are
  the Rail Movement box and the boxes of eliminated units, and the battle results whose units sent there are losses.

A game without a ``vassal.json`` gets an empty table: moves, places, removals, flips and the tracker only.
"""

from __future__ import annotations

import importlib.util
import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping

from games.errors import DataError
from games.model import Game

TABLE_FILE = "vassal.json"


@dataclass(frozen=True)
class MarkerAction:
    """The action a marker of one role gives when it arrives on or leaves a unit (see the module docstring)."""

    action: str
    fields: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    phase: str | None = None  # only in this phase (None: any)
    recast: bool = False  # the unit's moves of this phase become one ``action``
    battle: str | None = None  # the line is a battle with this result: its target's units retreat by drags
    amend: Mapping[str, tuple[str | None, Mapping[str, Any]]] = field(default_factory=lambda: MappingProxyType({}))
    # the unit's last line of this phase, when of one of these kinds, rewritten: (new kind or None, fields set)
    roll: bool = False  # only after a die (``"{die}"``): without one, the validator's own bookkeeping (silent)


@dataclass(frozen=True)
class GameTable:
    """One game's table (see the module docstring)."""

    actions: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=lambda: MappingProxyType({}))
    phase_roles: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    marker_roles: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    arrive: Mapping[str, MarkerAction] = field(default_factory=lambda: MappingProxyType({}))
    leave: Mapping[str, MarkerAction] = field(default_factory=lambda: MappingProxyType({}))
    merge: frozenset[str] = frozenset()
    join_moves: frozenset[str] = frozenset()  # phase ids
    position_flags: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    tracks: Mapping[str, tuple[str, MarkerAction]] = field(default_factory=lambda: MappingProxyType({}))
    box_arrive: Mapping[str, MarkerAction] = field(default_factory=lambda: MappingProxyType({}))
    box_leave: Mapping[str, MarkerAction] = field(default_factory=lambda: MappingProxyType({}))
    unchecked: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    loss_rolls: Mapping[str, MarkerAction] = field(default_factory=lambda: MappingProxyType({}))
    after_battle: tuple[frozenset[str], MarkerAction] | None = None  # (the results it follows, its action)
    battle_boxes: Mapping[str, Mapping[str, str | tuple[str]]] = field(default_factory=lambda: MappingProxyType({}))
    battle_used: Mapping[str, str | tuple[str]] = field(default_factory=lambda: MappingProxyType({}))  # role -> field
    repeat_attack: tuple[MarkerAction, str] | None = None  # (its action, the battles' kind)
    header: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    control_marker: str = ""
    fort_markers: Mapping[str, bool] = field(default_factory=lambda: MappingProxyType({}))
    rail_box: str | None = None
    elimination_boxes: tuple[str, ...] = ()
    elimination_results: tuple[str, ...] = ()


EMPTY = GameTable()


def table_path(package: str) -> str | None:
    """Where a rules package keeps its ``vassal.json`` (None: no such package, or it has none)."""
    from ..rules_packages import module_of

    try:
        spec = importlib.util.find_spec(module_of(package))
    except (ValueError, ImportError):
        return None
    if spec is None or spec.origin is None:
        return None
    path = os.path.join(os.path.dirname(spec.origin), TABLE_FILE)
    return path if os.path.isfile(path) else None


def table_of(game: Game) -> GameTable:
    """The table the game's rules package declares (the empty table when it declares none)."""
    path = table_path(game.rules_package) if game.rules_package else None
    return read_table(path) if path else EMPTY


@lru_cache(maxsize=8)
def read_table(path: str) -> GameTable:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        return parse_table(data)
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise DataError(path, f"not a translator table: {exc}") from None


def _marker_action(spec: Mapping[str, Any]) -> MarkerAction:
    if "recast" in spec:
        return MarkerAction(str(spec["recast"]), phase=spec.get("phase"), recast=True)
    if "amend" in spec:
        amend = {str(k): (v.get("action"), MappingProxyType(dict(v.get("fields", {}))))
                 for k, v in spec["amend"].items()}
        return MarkerAction("amend", phase=spec.get("phase"), amend=MappingProxyType(amend))
    return MarkerAction(str(spec["action"]), MappingProxyType(dict(spec.get("fields", {}))), spec.get("phase"),
                        battle=spec.get("battle"), roll=bool(spec.get("roll", False)))


def _arrive_leave(specs: Mapping[str, Any]) -> tuple[dict[str, MarkerAction], dict[str, MarkerAction]]:
    """Per key (a marker role, a box kind), the actions of ``arrive`` and of ``leave``."""
    arrive, leave = {}, {}
    for key, spec in specs.items():
        if "arrive" in spec:
            arrive[str(key)] = _marker_action(spec["arrive"])
        if "leave" in spec:
            leave[str(key)] = _marker_action(spec["leave"])
    return arrive, leave


def _fields(spec: Mapping[str, Any]) -> Mapping[str, str | tuple[str]]:
    """Side role -> the battle field a committed unit fills (a one-item tuple: a field that lists units)."""
    return MappingProxyType({str(r): (str(f[0]),) if isinstance(f, list) else str(f) for r, f in spec.items()})


def parse_table(data: Mapping[str, Any]) -> GameTable:
    """A table from the decoded JSON of a ``vassal.json`` (ValueError, KeyError or TypeError when malformed)."""
    known = {"actions", "phase_roles", "marker_roles", "marker_actions", "merge", "position_flags", "rail_box",
             "elimination_boxes", "elimination_results", "track_actions", "box_actions", "unchecked", "header", "about",
             "loss_rolls", "after_battle", "battle_units", "repeat_attack", "control_marker",
             "fort_markers", "join_moves"}
    unknown = set(data) - known
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)}")
    actions = {str(k): (tuple(str(f) for f in v["fields"]), str(v.get("evidence", "")))
               for k, v in data.get("actions", {}).items()}
    arrive, leave = _arrive_leave(data.get("marker_actions", {}))
    box_arrive, box_leave = _arrive_leave(data.get("box_actions", {}))
    return GameTable(
        actions=MappingProxyType(actions),
        phase_roles=MappingProxyType({str(k): str(v) for k, v in data.get("phase_roles", {}).items()}),
        marker_roles=MappingProxyType({str(k): str(v) for k, v in data.get("marker_roles", {}).items()}),
        arrive=MappingProxyType(arrive), leave=MappingProxyType(leave),
        merge=frozenset(str(k) for k in data.get("merge", ())),
        join_moves=frozenset(str(k) for k in data.get("join_moves", ())),
        position_flags=MappingProxyType({str(k): MappingProxyType(dict(v))
                                         for k, v in data.get("position_flags", {}).items()}),
        tracks=MappingProxyType({str(k): (str(v["marker"]), _marker_action(v))
                                 for k, v in data.get("track_actions", {}).items()}),
        box_arrive=MappingProxyType(box_arrive), box_leave=MappingProxyType(box_leave),
        unchecked=MappingProxyType({str(k): tuple(str(f) for f in v) for k, v in data.get("unchecked", {}).items()}),
        loss_rolls=MappingProxyType({str(k): _marker_action({**v, "phase": k})
                                     for k, v in data.get("loss_rolls", {}).items()}),
        after_battle=(frozenset(str(r) for r in data["after_battle"]["results"]),
                      _marker_action(data["after_battle"])) if "after_battle" in data else None,
        battle_boxes=MappingProxyType({str(k): _fields(v)
                                       for k, v in data.get("battle_units", {}).get("box", {}).items()}),
        battle_used=_fields(data.get("battle_units", {}).get("used", {})),
        repeat_attack=(_marker_action(data["repeat_attack"]), str(data["repeat_attack"]["kind"]))
        if "repeat_attack" in data else None,
        header=MappingProxyType(dict(data.get("header", {}))),
        control_marker=str(data.get("control_marker", "")),
        fort_markers=MappingProxyType({str(k): bool(v) for k, v in data.get("fort_markers", {}).items()}),
        rail_box=data.get("rail_box"),
        elimination_boxes=tuple(str(b) for b in data.get("elimination_boxes", ())),
        elimination_results=tuple(str(r) for r in data.get("elimination_results", ())),
    )
