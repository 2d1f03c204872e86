"""The header of a translated VASSAL log: game, scenario (with its edition and options: the module has no other
settings), players, and where the log begins (docs/log-format.md).

A log begun at the scenario's start (the turn tracker on its first turn and phase, every unit where the scenario
sets it up) needs only the game and the scenario. A log begun later says where it starts (``start``: turn, phase,
phasing player) and what differs from the scenario's setup (``position`` with ``keep_scenario``: units moved,
flipped, arrived or eliminated, with what their markers say (the game table's ``position_flags``); the cards in
the hands and the discard pile). The cards the players deal themselves before the first turn begins are the
starting hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from games.model import Game, Scenario

from .game_table import GameTable
from .locations import BOX, HAND, MAP, TRACK, Seen
from .turn_sequence import Position, start_position

FORMAT = {"format": "hexforge-log", "version": 1}


@dataclass(frozen=True)
class Opening:
    """The game as the log found it: the turn tracker and every piece of ours."""

    position: Position
    pieces: Mapping[str, Seen]
    discards: tuple[str, ...] = ()  # the Discard Pile, bottom first


def expected_units(sc: Scenario) -> dict[str, tuple[str, str]]:
    """unit -> (location, face) of the scenario's setup."""
    return {p.unit: (p.location, p.face) for p in sc.setup}


def placed_units(pieces: Mapping[str, Seen]) -> dict[str, tuple[str, str]]:
    """unit -> (location, face) of the units on the map or in a box."""
    return {s.id: (s.where.id, s.face or "front") for s in pieces.values()
            if s.kind == "unit" and s.id and s.where.kind in (MAP, BOX)}


def pick_scenario(game: Game, pieces: Mapping[str, Seen], turn: int | None = None) -> str:
    """The scenario whose setup the opening matches best (the only one, for a game with one), among those whose
    turns hold the turn tracker's ``turn`` when any does (a position set up by hand matches few of any setup's units:
    its turn still rules out the scenarios that end before it; ``hexforge validate --scenario`` names the one meant)."""
    placed = placed_units(pieces)

    def matches(sc_id: str) -> int:
        return sum(placed.get(u) == where for u, where in expected_units(game.scenarios[sc_id]).items())

    def plays(sc_id: str) -> bool:
        sc = game.scenarios[sc_id]
        return turn is not None and sc.first_turn <= turn <= sc.last_turn

    return max(game.scenarios, key=lambda s: (plays(s), matches(s), -list(game.scenarios).index(s)))


def marker_faces(game: Game) -> dict[str, tuple[str, str]]:
    """marker kind -> the icons of its front and back (markers.csv)."""
    return {m.kind: (m.front.icon, m.back.icon) for m in game.all_markers}


def marker_role(faces: Mapping[str, tuple[str, str]], s: Seen, roles: Mapping[str, str]) -> str | None:
    """The role (``roles``: the game table's ``marker_roles``, icon -> role) of the face marker ``s`` shows (its
    front unless it shows its back); ``faces`` is :func:`marker_faces`."""
    front, back = faces.get(s.id, ("", ""))
    return roles.get(back if s.face == "back" else front)


def marked(game: Game, pieces: Mapping[str, Seen], table: GameTable) -> dict[str, dict[str, Any]]:
    """unit -> the fields of its header position its markers give (the table's ``position_flags``)."""
    faces = marker_faces(game)
    out: dict[str, dict[str, Any]] = {}
    for s in pieces.values():
        if s.kind == "marker" and s.on is not None and s.where.kind == MAP:
            flags = table.position_flags.get(marker_role(faces, s, table.marker_roles) or "")
            if flags:
                out.setdefault(s.on, {}).update(flags)
    return out


def keeps_scenario(sc: Scenario, pieces: Mapping[str, Seen]) -> bool:
    """Whether every unit the scenario sets up is still among the opening's pieces, wherever it is (on the map, in a
    box, on the turn track). A set-up unit deleted from the save (a position set up by hand, e.g. a rulebook
    example) is out of play: the header then lists the units in play only, without ``keep_scenario``."""
    present = {s.id for s in pieces.values() if s.kind == "unit" and s.id}
    return all(p.unit in present for p in sc.setup)


def unit_position(game: Game, sc: Scenario, pieces: Mapping[str, Seen], table: GameTable,
                  keep: bool = True) -> dict[str, Any]:
    """unit -> its header entry: with ``keep``, the units placed otherwise than the scenario sets them up (or
    marked); without, every unit placed."""
    expected = expected_units(sc)
    flags = marked(game, pieces, table)
    out: dict[str, Any] = {}
    for uid, (loc, face) in sorted(placed_units(pieces).items()):
        fields = flags.get(uid, {})
        if keep and expected.get(uid) == (loc, face) and not fields:
            continue
        spec: dict[str, Any] = {"at": loc, "face": face}
        spec.update(sorted(fields.items()))
        out[uid] = spec
    return out


def shown_faces(game: Game, pieces: Mapping[str, Seen]) -> Iterator[tuple[Seen, str, str | None]]:
    """(marker, the icon of the face it shows, that face's side) of every marker of ours on the map."""
    faces = {m.kind: (m.front, m.back) for m in game.all_markers}
    for s in pieces.values():
        if s.kind == "marker" and s.where.kind == MAP and s.face is not None and s.id in faces:
            face = faces[s.id][1 if s.face == "back" else 0]
            yield s, face.icon, face.side


def controlled(game: Game, sc: Scenario, pieces: Mapping[str, Seen], table: GameTable) -> dict[str, str]:
    """location -> side, of the control markers (the table's ``control_marker``) on the map whose side differs from
    the scenario's starting control there: the header's ``position.control``."""
    out = {s.where.id: side for s, _, side in shown_faces(game, pieces)
           if s.id == table.control_marker and side and sc.control.get(s.where.id) != side}
    return dict(sorted(out.items()))


def fortified(game: Game, pieces: Mapping[str, Seen], table: GameTable) -> dict[str, dict[str, Any]]:
    """hex -> its fortification (side, complete) shown by a marker of the table's ``fort_markers``: the header's
    ``position.forts``."""
    out = {s.where.id: {"side": side, "complete": table.fort_markers[icon]} for s, icon, side in
           shown_faces(game, pieces) if icon in table.fort_markers and side}
    return dict(sorted(out.items()))


def tracked(pos: Position, pieces: Mapping[str, Seen], table: GameTable) -> dict[str, str]:
    """The header's ``start`` fields the track markers give in the opening (the table's ``track_actions``: the field
    of the action that takes the marker's space; Stalingrad '42's weather), once their phase is over (in it, the
    marker still shows the turn before)."""
    out: dict[str, str] = {}
    for box, (kind, spec) in table.tracks.items():
        if spec.phase == pos.phase:
            continue
        for s in pieces.values():
            where, _, space = s.where.id.partition(":")
            if s.kind == "marker" and s.id == kind and s.where.kind == TRACK and where == box and space:
                out.update({k: space for k, v in spec.fields.items() if v == "{space}"})
    return out


def cards_in_hand(pieces: Mapping[str, Seen], side: str) -> list[str]:
    return sorted(s.id for s in pieces.values() if s.kind == "card" and s.id and s.where.kind == HAND
                  and s.where.id == side)


def header_of(game: Game, scenario: str, opening: Opening, players: Mapping[str, str],
              dealt: Mapping[str, list[str]], table: GameTable) -> dict[str, Any]:
    sc = game.scenarios[scenario]
    header: dict[str, Any] = {**FORMAT, "game": game.id, "scenario": scenario, "edition": game.edition}
    if sc.options:
        header["options"] = dict(sc.options)  # the module has no switches: the scenario's own settings
    if players:
        header["players"] = dict(sorted(players.items()))
    header.update(table.header)  # what the game's table says of every translated log (its moves' modes unstated)
    pos = opening.position
    if pos != start_position(game, sc.first_turn):
        start: dict[str, Any] = {"turn": pos.turn, "phase": pos.phase}
        if pos.side is not None:
            start["player"] = pos.side
        start.update(tracked(pos, opening.pieces, table))
        header["start"] = start
    position: dict[str, Any] = {}
    keep = keeps_scenario(sc, opening.pieces)
    units = unit_position(game, sc, opening.pieces, table, keep)
    if units:
        position["units"] = units
        if keep:
            position["keep_scenario"] = True
    control = controlled(game, sc, opening.pieces, table)
    if control:
        position["control"] = control
    forts = fortified(game, opening.pieces, table)
    if forts:
        position["forts"] = forts
    hands = {side: cards_in_hand(opening.pieces, side) + list(dealt.get(side, ())) for side in game.sides}
    if any(hands.values()):
        position["hands"] = hands
    if opening.discards:
        position["discards"] = list(opening.discards)
    if position:
        header["position"] = position
    return header
