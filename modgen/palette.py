"""The piece palette: every unit, organised by side and nationality (and optional counter set), and every marker.

Each entry is a ``PieceSlot`` whose text is the piece's AddPiece definition and whose ``gpid`` is the piece's
stable id (:func:`gpids`); VASSAL copies the slot's piece when a player drags it onto a map.
"""

from __future__ import annotations

from itertools import groupby

from games.model import Game

from . import commands, markers, units
from .context import Context
from .traits import Piece, add_piece
from .xmltree import MODULE, WIDGET, element

PLACED_MARKERS = tuple(commands.PLACE)  # marker copies placed by unit commands (units.common_prototype)


def gpids(game: Game) -> dict[str, str]:
    """A stable PieceSlot id for every piece: ``unit:<id>``, ``marker:<id>``, ``card:<id>``, ``place:<label>``."""
    keys = ([f"unit:{u}" for u in game.units] + [f"marker:{m.id}" for m in game.all_markers]
            + [f"card:{c}" for c in game.cards] + [f"place:{label}" for label in PLACED_MARKERS])
    return {key: str(i) for i, key in enumerate(keys, start=1)}


def _slot(parent, name: str, gpid: str, piece: Piece, size: tuple[int, int]) -> None:
    element(parent, WIDGET + "PieceSlot", {"entryName": name, "gpid": gpid, "width": size[0], "height": size[1]},
            add_piece(piece))


def _panel(parent, name: str):
    return element(parent, WIDGET + "PanelWidget", {"entryName": name, "fixed": False, "nColumns": 8,
                                                    "vert": False, "scale": 1.0})


def palette(ctx: Context, root, ids: dict[str, str]) -> None:
    game = ctx.game
    window = element(root, MODULE + "PieceWindow", {"name": "Counters", "text": "Counters",
                                                    "tooltip": "Show the counters", "icon": "", "hotkey": "",
                                                    "hidden": False, "scale": 1.0, "defaultWidth": 0})
    tabs = element(window, WIDGET + "TabWidget", {"entryName": "Counters"})
    for side in game.sides.values():
        tab = element(tabs, WIDGET + "ListWidget", {"entryName": side.name, "scale": 1.0, "width": 0, "height": 0,
                                                    "divider": 220})
        side_units = [u for u in game.units.values() if u.side == side.id]
        order = {n: i for i, n in enumerate(game.nationalities)}
        side_units.sort(key=lambda u: (order[u.nationality], u.optional != "", u.optional))
        for (nat, optional), group in groupby(side_units, key=lambda u: (u.nationality, u.optional)):
            title = game.nationalities[nat].name + (f" ({optional})" if optional else "")
            panel = _panel(tab, title)
            for unit in group:
                _slot(panel, units.slot_name(unit), ids[f"unit:{unit.id}"],
                      units.unit_piece(ctx, unit, ids[f"unit:{unit.id}"]),
                      ctx.size(units.face_image(unit.id, "front")))
    tab = element(tabs, WIDGET + "ListWidget", {"entryName": "Markers", "scale": 1.0, "width": 0, "height": 0,
                                                "divider": 220})
    for kind, group in groupby(game.all_markers, key=lambda m: m.kind):
        group = list(group)
        panel = _panel(tab, f"{group[0].front.label} / {group[0].back.label}")
        for marker in group:
            _slot(panel, markers.slot_name(marker), ids[f"marker:{marker.id}"],
                  markers.marker_piece(ctx, marker, marker.id, "front", ids[f"marker:{marker.id}"]),
                  ctx.size(markers.face_image(kind, "front")))
