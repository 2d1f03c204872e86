"""The main map: the art's boards, the hex grid that reproduces our hex ids, and zones for areas and boxes.

The ``Main`` board is the hex map: a ``ZonedGrid`` whose zones are the off-grid areas (rule 8.6: Finland, the
Balkans) and whose background is the ``HexGrid`` + ``HexGridNumbering`` derived from :class:`games.grid.Layout`
(pointy hexes: ``sideways``, numbering ``first="V"``, no stagger). The ``Tracks`` board below it has one zone per
off-map box and per track space, so that VASSAL names every location the way the game data does
(:mod:`modgen.names`). Moves are reported in chat as ``<unit> moves <from> → <to>``.

Every map opens at 100% (the counters' own pixels: unit names are crisp); the main map also has what players of
published modules expect: an overview window, a snapshot of the whole map as a PNG, a button hiding every piece,
a flare (Alt+click), moved pieces marked and a "mark all unmoved" button, and the ``moved`` key
(:data:`commands.MOVED`) sent to every piece a move ends on the map (the VP marker sets the VP property with it).
"""

from __future__ import annotations

from typing import Iterable, Mapping

from shapely.geometry import Polygon

from games.vassal_codec import encode

from . import commands, names
from .context import MAP_BOARD, Context
from .traits import Key, key_text
from .xmltree import BOARD, GRID, MAP, MODULE, element

MOVE_REPORT = "$pieceName$ moves $previousLocation$ &rarr; $location$ *"
MOVE_TO_REPORT = "$pieceName$ moves from $previousMap$ to $location$ *"
CREATE_REPORT = "$pieceName$ placed in $location$ *"
MAP_TOOLS = ("Overview", "Snapshot", "Hide pieces", "Mark all unmoved")  # the main map's buttons
ZOOM_LEVELS = (0.25, 0.333, 0.5, 0.625, 0.75, 1.0, 1.25, 1.6)  # ascending
OPENING_ZOOM = 1.0
CARD_ZOOM = 0.5  # card tables and hands: a card's text is readable and four decks fit a screen


def report_formats(within: str, to: str, create: str) -> dict[str, str]:
    """All four auto-report attributes, explicitly (VASSAL's defaults depend on the grid: vassal-format.md §e)."""
    return {"moveWithinFormat": within, "moveToFormat": to, "createFormat": create, "changeFormat": "$message$"}


def map_attributes(name: str, button: str, tooltip: str, launch: bool, formats: dict[str, str]) -> dict[str, object]:
    return {
        "mapName": name, "allowMultiple": False, "backgroundcolor": "255,255,255", "buttonName": button,
        "color": "255,0,0", "edgeHeight": 0, "edgeWidth": 0, "hideKey": "", "hotkey": "", "icon": "",
        "launch": launch, "markMoved": "Never", "markUnmovedHotkey": "", "markUnmovedIcon": "",
        "markUnmovedReport": "", "markUnmovedText": "", "markUnmovedTooltip": "", "moveKey": "", "showKey": "",
        "thickness": 3, "tooltip": tooltip, **formats,
    }


def board_picker(parent, setup: str | None = None):
    picker = element(parent, MAP + "BoardPicker", {
        "title": "Choose Boards", "slotWidth": 350, "slotHeight": 125, "slotScale": 0.2, "addRowText": "Add row",
        "addColumnText": "Add column", "boardPrompt": "Select board"})
    if setup is not None:
        element(picker, "setup", text=setup)
    return picker


def plain_board(picker, name: str, width: int, height: int, colour: str) -> None:
    """A board with no image: a coloured table (hands, the card table)."""
    element(picker, BOARD + "Board", {"name": name, "image": "", "reversible": False, "width": width,
                                      "height": height, "color": colour})


def map_components(parent, layers: Iterable[str] = (), hand: bool = False, zoom: float = OPENING_ZOOM) -> None:
    """What makes a map playable: stacking (a hand lays its cards out in a row), drag and drop, selection, menus,
    keys, the stack viewer, zoom (opening at ``zoom``: 100% for the map, where counters are crisp), and (``layers``,
    bottom first) the map layers that keep markers above units."""
    metrics = {"bottom": "40,0", "disabled": False, "down": "37,0", "top": "38,0", "up": "39,0"}
    if hand:
        element(parent, MAP + "HandMetrics", {**metrics, "exSepX": 12, "exSepY": 0, "unexSepX": 12, "unexSepY": 0})
    else:
        element(parent, MAP + "StackMetrics", {**metrics, "exSepX": 6, "exSepY": 18, "unexSepX": 2, "unexSepY": 4})
    for cls in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
                "StackExpander", "PieceMover", "KeyBufferer", "SelectionHighlighters", "HighlightLastMoved"):
        element(parent, MAP + cls)
    element(parent, MAP + "CounterDetailViewer", {"delay": 700, "display": "from all layers", "minDisplayPieces": 2,
                                                  "showgraph": True, "showtext": True, "fontSize": 11,
                                                  "summaryReportFormat": "$LocationName$", "zoomlevel": 1.0})
    # zoomStart counts from the largest level, one-based (Zoomer.setAttribute)
    element(parent, MAP + "Zoomer", {"zoomLevels": ",".join(str(z) for z in ZOOM_LEVELS),
                                     "zoomStart": len(ZOOM_LEVELS) - ZOOM_LEVELS.index(zoom)})
    layers = tuple(layers)
    if layers:
        element(parent, MAP + "LayeredPieceCollection", {"property": names.MAP_LAYER, "layerOrder": ",".join(layers)})


def set_boards(map_name: str, placements: list[tuple[str, int, int]]) -> str:
    """A BoardPicker ``SetBoards`` command: which boards a map uses, at which column and row."""
    values: list[object] = [map_name + "BoardPicker"]
    for board, col, row in placements:
        values += [board, col, row]
    return encode(values, "\t")


def main_board_placements(ctx: Context) -> list[tuple[str, int, int]]:
    return [(ctx.board_names[b.name], 0, row) for row, b in enumerate(ctx.boards)]


def _path(points) -> str:
    return ";".join(f"{x},{y}" for x, y in points)


def _zone(parent, name: str, points) -> None:
    element(parent, GRID + "mapgrid.Zone", {"name": name, "path": _path(points), "locationFormat": "$name$",
                                            "useParentGrid": False, "useHighlight": False, "highlightProperty": ""})


def zone_order(areas: Mapping[str, tuple[tuple[int, int], ...]]) -> list[str]:
    """The areas of a board in the order their zones are written: VASSAL names a point after the first zone that
    holds it, so an area lying mostly inside another (a scenario's map edge along a map sheet's edge) comes first,
    then the rest, each group by id."""
    shapes = {a: Polygon(p).buffer(0) for a, p in areas.items()}

    def inside_another(a: str) -> bool:
        own = shapes[a].area
        return any(b != a and shapes[a].intersection(s).area > own / 2 for b, s in shapes.items())

    return sorted(areas, key=lambda a: (not inside_another(a), a))


def hex_grid(parent, ctx: Context) -> None:
    """The ``HexGrid`` and ``HexGridNumbering`` whose location names are our hex ids (games.grid.Layout)."""
    g = ctx.layout.vassal_grid
    w, h = ctx.map_board.size
    n = ctx.layout.numbering(w, h)
    grid = element(parent, GRID + "HexGrid", {
        "dx": repr(g.dx), "dy": repr(g.dy), "x0": g.x0, "y0": g.y0, "sideways": g.sideways, "snapTo": g.snap_to,
        "edgesLegal": False, "cornersLegal": False, "visible": False, "dotsVisible": False, "color": "0,0,0"})
    element(grid, GRID + "mapgrid.HexGridNumbering", {
        "first": n.first, "sep": n.sep, "hType": n.h_type, "vType": n.v_type, "hLeading": n.h_leading,
        "vLeading": n.v_leading, "hOff": n.h_off, "vOff": n.v_off, "hDescend": n.h_descend,
        "vDescend": n.v_descend, "stagger": n.stagger, "locationFormat": n.location_format, "visible": False,
        "fontSize": 9, "color": "0,0,0", "rotateText": 0, "hDrawOff": 0, "vDrawOff": 0})


def map_tools(parent, keys: dict[str, Key | None]) -> None:
    """The overview map, the snapshot, hide pieces and the flare (``keys``: button text -> hot key)."""
    overview, snapshot, hide, _ = MAP_TOOLS
    element(parent, MAP + "GlobalMap", {"buttonText": overview, "tooltip": "Show the whole map, small",
                                        "icon": "", "hotkey": key_text(keys[overview]), "scale": 0.15,
                                        "color": "255,0,0"})
    element(parent, MAP + "ImageSaver", {"buttonText": snapshot, "tooltip": "Save the whole map as a PNG image",
                                         "icon": "", "hotkey": key_text(keys[snapshot]), "canDisable": False,
                                         "propertyGate": "", "hideWhenDisabled": False})
    element(parent, MAP + "HidePiecesButton", {"buttonText": hide, "tooltip": "Hide or show every piece",
                                               "hotkey": key_text(keys[hide]), "showingIcon": "", "hiddenIcon": ""})
    element(parent, MAP + "Flare", {"flareName": "Flare", "flareKey": "keyAlt", "circleSize": 100,
                                    "circleColor": "255,0,0", "circleScale": True, "flarePulses": 6,
                                    "flarePulsesPerSec": 3, "reportFormat": "$PlayerName$ flares at $FlareLocation$"})


def main_map(ctx: Context, root, keys: dict[str, Key | None]) -> None:
    attrs = map_attributes(names.MAIN_MAP, "Map", "Show the map", False,
                           report_formats(MOVE_REPORT, MOVE_TO_REPORT, CREATE_REPORT))
    attrs.update({"markMoved": "Always", "markUnmovedText": MAP_TOOLS[3],
                  "markUnmovedTooltip": "Clear every moved mark on the map",
                  "markUnmovedIcon": "/images/unmoved.gif",  # VASSAL's own icon: a button without one stays hidden
                  "markUnmovedHotkey": key_text(keys[MAP_TOOLS[3]]), "markUnmovedReport": "$PlayerName$ clears moved marks",
                  "moveKey": key_text(commands.MOVED)})
    m = element(root, MODULE + "Map", attrs)
    picker = board_picker(m, set_boards(names.MAIN_MAP, main_board_placements(ctx)))
    for b in ctx.boards:
        board = element(picker, BOARD + "Board", {"name": ctx.board_names[b.name],
                                                  "image": b.image.removeprefix("images/"), "reversible": False})
        zoned = element(board, GRID + "ZonedGrid")
        for area_id in zone_order(b.areas):
            _zone(zoned, ctx.game.map.areas[area_id].name, b.areas[area_id])
        for key, rect in sorted(b.boxes.items(), key=lambda kv: (":" not in kv[0], kv[0])):
            if key in ctx.game.map.boxes and ctx.game.map.boxes[key].kind == "track":
                continue  # a whole track: its spaces are the zones
            corners = ((rect.x0, rect.y0), (rect.x1, rect.y0), (rect.x1, rect.y1), (rect.x0, rect.y1))
            _zone(zoned, ctx.location_name(key), corners)
        if b.name == MAP_BOARD:
            hex_grid(zoned, ctx)
    map_components(m, (names.LAYER_UNITS, names.LAYER_MARKERS))
    map_tools(m, keys)
