"""Marker counters as VASSAL pieces (2.3): both faces in a Layer, on the map layer above the units.

Every physical marker of the counter mix is one palette piece with its own ``MarkerId``; a marker placed on a unit
by a command (Unsupplied, Disorganized) is a copy with an empty ``MarkerId``.
"""

from __future__ import annotations

from games.model import Marker as MarkerDef

from . import commands, names
from .context import Context
from .traits import (BasicPiece, Delete, Layer, Marker, Piece, Prototype, PropertyCommand, Report, SendToZone,
                     SetGlobal, Trait, Trigger, level_name)

MARKER_PROTOTYPE = "Marker"


def face_image(kind: str, face: str) -> str:
    return f"markers/{kind}_{face}.png"


def face_layer(images: tuple[str, str], level_names: tuple[str, str], face: str) -> Layer:
    """The ``Face`` Layer of a two-sided counter: front and back images and names, Ctrl+F turns it over."""
    return Layer(names.FACE_LAYER, images, tuple(level_name(n) for n in level_names), increase_key=commands.FLIP,
                 increase_command=commands.FLIP_MENU, value=1 if face == "front" else 2,
                 description="Front and back face")


def marker_piece(ctx: Context, marker: MarkerDef, marker_id: str, face: str, gpid: str) -> Piece:
    images = (ctx.require(face_image(marker.kind, "front")), ctx.require(face_image(marker.kind, "back")))
    layer = face_layer(images, (marker.front.label, marker.back.label), face)
    identity = Marker(tuple(zip(names.MARKER_PROPERTIES, (names.KIND_MARKER, marker.kind, marker_id))))
    score = vp_traits(ctx) if marker.kind == ctx.vp_marker_kind else ()
    return Piece(BasicPiece(marker.front.label, gpid=gpid), (identity, *score, Prototype(MARKER_PROTOTYPE), layer))


def vp_traits(ctx: Context) -> tuple[Trait, ...]:
    """The VP marker keeps the ``VP`` property (12.4.4): wherever a move or a send ends it on a space of the VP
    track, the property takes that space's number; the toolbar's VP +1 / -1 send it one space along the track."""
    box = ctx.vp_box
    assert box is not None
    vp = ctx.game.vp_track
    prefix = names.track_space_name(box.name, "")
    space = f'"{prefix}" + '

    def step(limit_test: str, delta: str) -> str:
        return "{" + f"{names.VP_PROPERTY} {limit_test} ? {space}({names.VP_PROPERTY} {delta}) : {space}{names.VP_PROPERTY}" + "}"

    on_track = "{" + f'CurrentZone.startsWith("{prefix}")' + "}"
    number = "{" + f"CurrentZone.substring({len(prefix)})" + "}"
    return (
        Trigger(commands.MOVED, (commands.VP_SYNC,), on_track, "Set VP when moved on the VP track"),
        SetGlobal(names.VP_PROPERTY, (PropertyCommand("", commands.VP_SYNC, number),), numeric=True,
                  minimum=vp.low, maximum=vp.high, description="VP = the marker's track space"),
        SendToZone("", commands.VP_UP, names.MAIN_MAP, step(f"< {vp.high}", "+ 1"), "VP +1"),
        SendToZone("", commands.VP_DOWN, names.MAIN_MAP, step(f"> {vp.low}", "- 1"), "VP -1"),
        Report((commands.VP_UP, commands.VP_DOWN), f"VP: ${names.VP_PROPERTY}$", "Report: VP"),
    )


def slot_name(marker: MarkerDef) -> str:
    return f"{marker.front.label} / {marker.back.label} ({marker.id})"


def prototype(ctx: Context) -> tuple[str, Piece]:
    """``Marker``: flip and remove, reported, and the markers' map layer."""
    traits: tuple[Trait, ...] = (
        Report((commands.FLIP,), "$oldPieceName$ marker flips to $newPieceName$ in $location$", "Report: flip"),
        Report((commands.REMOVE,), "$oldPieceName$ marker removed", "Report: remove"),
        Delete(commands.REMOVE_MENU, commands.REMOVE),
        Delete("", commands.CLEAR, "Removed by a toolbar clear"),
        Marker(((names.MAP_LAYER, names.LAYER_MARKERS),)),
    )
    return MARKER_PROTOTYPE, Piece(BasicPiece(""), traits)
