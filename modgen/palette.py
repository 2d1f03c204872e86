"""The piece palette: every unit, organised by side and nationality (and optional counter set), and every marker.

Published modules' palettes are tabs of counter grids; VASSAL's own defaults (a list beside one row of counters)
squeeze a nationality's counters into one overlapping row of a narrow pane and cut the list's names. Here every
level is a tab pane (Swing wraps tabs into rows, so titles stay whole) and every group a fixed grid of
:data:`COLUMNS` counters per row, in a window of its own sized for that grid (:func:`palette`).

Each entry is a ``PieceSlot`` whose text is the piece's AddPiece definition and whose ``gpid`` is the piece's
stable id (:func:`gpids`); VASSAL copies the slot's piece when a player drags it onto a map.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from games.model import Game

from . import markers, units
from .context import Context
from .settings import settings
from .traits import Piece, add_piece
from .xmltree import MODULE, WIDGET, element

COLUMNS = 8  # counters per row of a palette grid (at least)
MAX_ROWS = 14  # rows of counters the tallest grid may have (its window fits a 1024 px high screen)
MARKERS = "Markers"


def gpids(game: Game) -> dict[str, str]:
    """A stable PieceSlot id for every piece: ``unit:<id>``, ``marker:<id>``, ``card:<id>``, ``place:<label>``, and
    ``place:battle`` (the battle marker, modgen.battles), ``place:battle_unit`` (a counter's battle unit)."""
    keys = ([f"unit:{u}" for u in game.units] + [f"marker:{m.id}" for m in game.all_markers]
            + [f"card:{c}" for c in game.cards] + [f"place:{label}" for label in placed_labels(game)]
            + ["place:battle", "place:battle_unit"])
    return {key: str(i) for i, key in enumerate(keys, start=1)}


def placed_labels(game: Game) -> tuple[str, ...]:
    """The labels of the unit commands that place a marker copy (module.toml ``unit_commands``)."""
    return tuple(c.label for c in settings(game).unit_commands)


def place_gpids(game: Game, ids: dict[str, str]) -> dict[str, str]:
    """Label of a placing unit command -> the gpid of the marker copy it places."""
    return {label: ids[f"place:{label}"] for label in placed_labels(game)}


def _slot(parent, name: str, gpid: str, piece: Piece, size: tuple[int, int]) -> None:
    element(parent, WIDGET + "PieceSlot", {"entryName": name, "gpid": gpid, "width": size[0], "height": size[1]},
            add_piece(piece))


def _grid(parent, name: str, columns: int):
    """A panel of counters in rows of ``columns`` (a grid that wraps: no counter ever covers another)."""
    return element(parent, WIDGET + "PanelWidget", {"entryName": name, "fixed": True, "nColumns": columns,
                                                    "vert": False, "scale": 1.0})


def _tabs(parent, name: str):
    """Tabs whose titles are always whole: Swing wraps tabs that do not fit into more rows."""
    return element(parent, WIDGET + "TabWidget", {"entryName": name})


@dataclass(frozen=True)
class Entry:
    name: str
    gpid: str
    piece: Piece
    size: tuple[int, int]


def _groups(ctx: Context, ids: dict[str, str]) -> list[tuple[tuple[str, str], list[Entry]]]:
    """Every grid of the palette, as (top tab, inner tab) and its counters: one per side and nationality (and
    optional counter set), one per marker shape; the tallest first, then the other grids of its top tab, then the
    rest (VASSAL packs the window to the first tab: the other tabs are built when first shown)."""
    game = ctx.game
    order = {n: i for i, n in enumerate(game.nationalities)}
    unit_groups = []
    for side in game.sides.values():
        side_units = sorted((u for u in game.units.values() if u.side == side.id),
                            key=lambda u: (order[u.nationality], u.optional != "", u.optional))
        for (nat, optional), group in groupby(side_units, key=lambda u: (u.nationality, u.optional)):
            title = game.nationalities[nat].name + (f" ({optional})" if optional else "")
            unit_groups.append(((side.name, title), [
                Entry(units.slot_name(u), ids[f"unit:{u.id}"], units.unit_piece(ctx, u, ids[f"unit:{u.id}"]),
                      ctx.size(units.face_image(u.id, "front"))) for u in group]))
    marker_groups = []
    by_shape = sorted(game.all_markers, key=lambda m: m.shape != "round")
    for shape, group in groupby(by_shape, key=lambda m: m.shape):
        marker_groups.append(((MARKERS, f"{shape.capitalize()} markers"), [
            Entry(markers.slot_name(m), ids[f"marker:{m.id}"],
                  markers.marker_piece(ctx, m, m.id, "front", ids[f"marker:{m.id}"]),
                  ctx.size(markers.face_image(m.kind, "front"))) for m in group]))

    groups = unit_groups + marker_groups
    columns = columns_of(groups)

    def height(group: tuple[tuple[str, str], list[Entry]]) -> int:
        """Counter rows, plus about one for a side's tabs (they wrap into more rows than the markers' tabs)."""
        (top, _), entries = group
        return -(-len(entries) // columns) + (top != MARKERS)

    tallest = max(groups, key=height)  # the first of the tallest: VASSAL packs the window to it
    top = tallest[0][0]
    rest = [g for g in groups if g is not tallest]
    return [tallest] + [g for g in rest if g[0][0] == top] + [g for g in rest if g[0][0] != top]


def columns_of(groups: list[tuple[tuple[str, str], list[Entry]]]) -> int:
    """Counters per row of the palette's first grid: :data:`COLUMNS`, or more when the longest grid would be taller
    than :data:`MAX_ROWS` (VASSAL squeezes the counters of a grid taller than the window: a side of 226 counters of
    one nationality needs 17)."""
    longest = max((len(entries) for _, entries in groups), default=0)
    return max(COLUMNS, -(-longest // MAX_ROWS))


def palette(ctx: Context, root, ids: dict[str, str], hotkey: str) -> None:
    """Tabs: one per side, holding one tab per nationality (and optional counter set), and one for the markers,
    holding one tab per shape; each a grid of counters, in a window of its own that fits them.

    VASSAL docks the module's first palette beside the chat, as high as the chat (a strip a few counters high); an
    empty hidden first palette leaves the docking place empty, so the Counters palette opens in its own window,
    packed to its first tab. That tab's grid has :func:`columns_of` columns; every other grid as many of its own
    counters as fit that width, so no counter is ever squeezed."""
    element(root, MODULE + "PieceWindow", {"name": "Docked palette (unused)", "text": "", "tooltip": "", "icon": "",
                                           "hotkey": "", "hidden": True, "scale": 1.0, "defaultWidth": 0})
    window = element(root, MODULE + "PieceWindow", {"name": "Counters", "text": "Counters",
                                                    "tooltip": "Show the counters", "icon": "", "hotkey": hotkey,
                                                    "hidden": False, "scale": 1.0, "defaultWidth": 0})
    tabs = _tabs(window, "Counters")
    groups = _groups(ctx, ids)
    width = columns_of(groups) * max(e.size[0] for e in groups[0][1])
    outer: dict[str, object] = {}
    for (top, inner), entries in groups:
        if top not in outer:
            outer[top] = _tabs(tabs, top)
        panel = _grid(outer[top], inner, max(1, width // max(e.size[0] for e in entries)))
        for e in entries:
            _slot(panel, e.name, e.gpid, e.piece, e.size)
