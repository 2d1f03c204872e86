"""Identifying our own module's pieces from the Marker traits the module writer puts on them (issues 4 and 9).

Every piece of a hexforge module carries a ``mark;`` trait whose properties say what it is (a unit, a marker, a
card) and which one (``UnitId`` = the id in ``units.csv`` ...), and its faces are a Layer. The property names are
a parameter (:class:`IdentityNames`); the defaults are the names ``modgen.names`` writes (a test checks they agree,
since the validator may not import the module writer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from games.model import Game

from .pieces import PieceDef


@dataclass(frozen=True)
class IdentityNames:
    """Marker property names (and values) that identify a piece of our module."""

    kind: str = "Kind"
    kind_unit: str = "unit"
    kind_marker: str = "marker"
    kind_card: str = "card"
    unit_id: str = "UnitId"
    side: str = "Side"
    nationality: str = "Nationality"
    unit_type: str = "UnitType"
    strength: str = "Strength"
    ma: str = "MA"
    marker_kind: str = "MarkerKind"
    marker_id: str = "MarkerId"
    card_id: str = "CardId"
    face_layer: str = "Face"  # Layer whose value is 1 for the front, 2 for the back


IDENTITY = IdentityNames()


@dataclass(frozen=True)
class Identity:
    """What a piece of our module is: ``kind`` (unit, marker, card), its game id, side and face up."""

    kind: str
    id: str
    side: str | None = None
    face: str | None = None  # "front" | "back" | None (no face layer)
    known: bool = True  # False when a game is given and it has no such unit / marker kind / card
    properties: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


def identify(piece: PieceDef, game: Game | None = None, names: IdentityNames = IDENTITY) -> Identity | None:
    """The identity of a piece from its Marker properties, or None for a piece that does not carry them."""
    props = piece.markers()
    kind = props.get(names.kind)
    if kind is None:
        return None
    if kind == names.kind_unit:
        ident, known = props.get(names.unit_id, ""), game is None or props.get(names.unit_id, "") in game.units
    elif kind == names.kind_marker:
        ident = props.get(names.marker_id) or props.get(names.marker_kind, "")
        known = game is None or any(m.kind == props.get(names.marker_kind) for m in game.all_markers)
    elif kind == names.kind_card:
        ident, known = props.get(names.card_id, ""), game is None or props.get(names.card_id, "") in game.cards
    else:
        ident, known = "", False
    level = piece.layers().get(names.face_layer)
    face = None if level is None else ("back" if abs(level) == 2 else "front")
    return Identity(kind, ident, props.get(names.side), face, known, MappingProxyType(props))
