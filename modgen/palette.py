"""The piece palette: every unit, organised by side and nationality (and optional counter set), and every marker.

Published modules' palettes are tabs of counter grids; VASSAL's own defaults (a list beside one row of counters)
squeeze a nationality's counters into one overlapping row of a narrow pane and cut the list's names. Here every
level is a tab pane (Swing wraps tabs into rows, so titles stay whole) and every group a fixed grid of
:data:`COLUMNS` counters per row, and the docked palette is as wide as that grid.

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
COLUMNS = 8  # counters per row of a palette grid
TAB_INSETS = 12  # pixels a tab pane's border takes on each side (Swing's Metal look, measured in the engine test)


def gpids(game: Game) -> dict[str, str]:
    """A stable PieceSlot id for every piece: ``unit:<id>``, ``marker:<id>``, ``card:<id>``, ``place:<label>``."""
    keys = ([f"unit:{u}" for u in game.units] + [f"marker:{m.id}" for m in game.all_markers]
            + [f"card:{c}" for c in game.cards] + [f"place:{label}" for label in PLACED_MARKERS])
    return {key: str(i) for i, key in enumerate(keys, start=1)}


def _slot(parent, name: str, gpid: str, piece: Piece, size: tuple[int, int]) -> None:
    element(parent, WIDGET + "PieceSlot", {"entryName": name, "gpid": gpid, "width": size[0], "height": size[1]},
            add_piece(piece))


def _grid(parent, name: str):
    """A panel of counters in rows of :data:`COLUMNS` (a grid that wraps: no counter ever covers another)."""
    return element(parent, WIDGET + "PanelWidget", {"entryName": name, "fixed": True, "nColumns": COLUMNS,
                                                    "vert": False, "scale": 1.0})


def _tabs(parent, name: str):
    """Tabs whose titles are always whole: Swing wraps tabs that do not fit into more rows."""
    return element(parent, WIDGET + "TabWidget", {"entryName": name})


def palette_width(ctx: Context) -> int:
    """The docked palette's width: :data:`COLUMNS` of the widest counter, plus the tabs' borders."""
    widest = max(ctx.size(units.face_image(u, "front"))[0] for u in ctx.game.units)
    widest = max([widest] + [ctx.size(markers.face_image(m.kind, "front"))[0] for m in ctx.game.all_markers])
    return COLUMNS * widest + 2 * TAB_INSETS


def palette(ctx: Context, root, ids: dict[str, str]) -> None:
    """Tabs: one per side, holding one tab per nationality (and optional counter set), and one for the markers;
    each a grid of counters. The palette docks beside the map at :func:`palette_width`."""
    game = ctx.game
    window = element(root, MODULE + "PieceWindow", {"name": "Counters", "text": "Counters",
                                                    "tooltip": "Show the counters", "icon": "", "hotkey": "",
                                                    "hidden": False, "scale": 1.0,
                                                    "defaultWidth": palette_width(ctx)})
    tabs = _tabs(window, "Counters")
    order = {n: i for i, n in enumerate(game.nationalities)}
    for side in game.sides.values():
        side_tabs = _tabs(tabs, side.name)
        side_units = [u for u in game.units.values() if u.side == side.id]
        side_units.sort(key=lambda u: (order[u.nationality], u.optional != "", u.optional))
        for (nat, optional), group in groupby(side_units, key=lambda u: (u.nationality, u.optional)):
            title = game.nationalities[nat].name + (f" ({optional})" if optional else "")
            panel = _grid(side_tabs, title)
            for unit in group:
                _slot(panel, units.slot_name(unit), ids[f"unit:{unit.id}"],
                      units.unit_piece(ctx, unit, ids[f"unit:{unit.id}"]),
                      ctx.size(units.face_image(unit.id, "front")))
    panel = _grid(tabs, "Markers")
    for marker in game.all_markers:
        _slot(panel, markers.slot_name(marker), ids[f"marker:{marker.id}"],
              markers.marker_piece(ctx, marker, marker.id, "front", ids[f"marker:{marker.id}"]),
              ctx.size(markers.face_image(marker.kind, "front")))
