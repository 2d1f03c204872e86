"""The art's checks of a game: is there a look for everything its data names? ``hexforge info`` asks
:func:`style_problems` (so what ``info`` accepts, ``art`` and ``build`` draw), and :func:`art.build.build` runs the
same checks before it renders anything.

Every hexside feature, hex feature and settlement on the map, every unit type's symbol, every printed face flag,
every marker icon and card mark needs a style (``art/default_style.toml`` or the game's ``style.toml``); a
terrain without one gets a generated look (:func:`art.style.generated_terrain`), so it is not a problem. Each
problem is one :class:`games.DataError` naming the style key to add.
"""

from __future__ import annotations

from typing import Mapping

from games import DataError, Game
from games.errors import each

from .style import Style, parse_colour, style_of

HEXSIDE_KINDS = ("river", "lake", "road", "rail", "bridge", "ferry", "ridge", "strait", "none")
PATTERNS = ("forest", "marsh", "mountain", "rough", "desert", "hatch", "alpine")
LAYER_SHOWS = ("text", "fill")


NUMBERS = ("width", "size", "name_size", "span", "height")  # numbers in the tables below, in hex or counter widths
TABLES = ("terrain", "hexsides", "features", "settlements", "map.area_boxes", "counters.flags", "symbols", "icons",
          "cards.marks", "charts.layers", "charts.turn_tables")


def _shapes(style: Style) -> list[DataError]:
    """Each table a style maps names with holds tables, and their numbers are numbers of a sane size."""
    out = []
    for path in TABLES:
        node = style.get(path, {})
        if not isinstance(node, Mapping):
            out.append(DataError("style.toml", "expected a table", key=path))
            continue
        for name, look in node.items():
            if not isinstance(look, Mapping):
                out.append(DataError("style.toml", "expected a table", key=f"{path}.{name}"))
                continue
            for k in NUMBERS:
                v = look.get(k)
                if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 < v <= 10):
                    out.append(DataError("style.toml", f"expected a number above 0 and at most 10, got {v!r}"[:120],
                                         key=f"{path}.{name}.{k}"))
            if path == "terrain" and "colour" not in look:
                out.append(DataError("style.toml", "a terrain needs a colour", key=f"terrain.{name}.colour"))
    lines = style.get("board.turn_lines", ())
    if not isinstance(lines, (list, tuple)) or not all(
            isinstance(g, Mapping) and isinstance(g.get("columns", ()), (list, tuple)) and
            isinstance(g.get("tags", ()), (list, tuple)) for g in lines):
        out.append(DataError("style.toml", "expected a list of tables with columns and tags lists",
                             key="board.turn_lines"))
    for path in ("board.turn_band_colours", "charts.value_colours"):
        node = style.get(path, {})
        flat = node.items() if isinstance(node, Mapping) else ()
        for k, v in flat:
            for kk, colour in (v.items() if isinstance(v, Mapping) else [("", v)]):
                try:
                    parse_colour(colour, f"{path}.{k}" + (f".{kk}" if kk else ""))
                except DataError as err:
                    out.append(err)
    return out


def _colours(style_key: str, table: Mapping, keys: tuple[str, ...]) -> list[DataError]:
    out = []
    for k in keys:
        if k in table:
            try:
                parse_colour(table[k], f"{style_key}.{k}")
            except DataError as err:
                out.append(err)
    return out


def _map_problems(game: Game, style: Style) -> list[DataError]:
    from .map_places import FEATURE_MARKS, SETTLEMENT_SYMBOLS

    out: list[DataError] = []
    for t, look in sorted(style.table("terrain").items()):
        out += _colours(f"terrain.{t}", look, ("colour", "ink"))
        pattern = look.get("pattern")
        if pattern is not None and pattern not in PATTERNS:
            out.append(DataError("style.toml", f"unknown pattern {str(pattern)[:40]!r} (known: {', '.join(PATTERNS)})",
                                 key=f"terrain.{t}.pattern"))
        elif pattern is not None and "ink" not in look:
            out.append(DataError("style.toml", "a patterned terrain needs an ink colour", key=f"terrain.{t}.ink"))
    ground = str(style.get("map.ground", ""))
    used_terrain = {h.terrain for h in game.map.hexes.values()}
    if ground and ground not in used_terrain and ground not in style.table("terrain"):
        out.append(DataError("style.toml", f"the ground terrain '{ground[:40]}' is neither on the map nor styled",
                             key="map.ground"))
    hexsides = style.table("hexsides")
    for f in sorted({f for fs in game.map.hexsides.values() for f in fs}):
        kind = hexsides.get(f, {}).get("draw")
        if kind not in HEXSIDE_KINDS:
            out.append(DataError("style.toml", f"the hexside feature '{f}' has no look (add [hexsides.{f}] with draw = "
                                               f"one of {', '.join(HEXSIDE_KINDS)})", key=f"hexsides.{f}"))
        else:
            out += _colours(f"hexsides.{f}", hexsides[f], ("colour", "casing", "fill"))
    features = style.table("features")
    for f in sorted({f for h in game.map.hexes.values() for f in h.features}):
        kind = features.get(f, {}).get("draw")
        if kind not in FEATURE_MARKS:
            out.append(DataError("style.toml", f"the hex feature '{f}' has no look (add [features.{f}] with draw = "
                                               f"one of {', '.join(FEATURE_MARKS)})", key=f"features.{f}"))
        else:
            out += _colours(f"features.{f}", features[f], ("colour",))
    settlements = style.table("settlements")
    for s in sorted({h.settlement for h in game.map.hexes.values() if h.settlement}):
        look = settlements.get(s, {})
        if look.get("symbol") not in SETTLEMENT_SYMBOLS:
            out.append(DataError("style.toml", f"the settlement '{s}' has no look (add [settlements.{s}] with symbol = "
                                               f"one of {', '.join(SETTLEMENT_SYMBOLS)})", key=f"settlements.{s}"))
        else:
            out += _colours(f"settlements.{s}", look, ("colour",))
    from games.grid import HexIds

    for aid, placed in sorted(style.table("map.area_boxes").items()):
        if aid not in game.map.areas:
            out.append(DataError("style.toml", f"no area '{aid[:40]}' in map/areas.toml", key=f"map.area_boxes.{aid}"))
            continue
        try:
            HexIds(game.map.grid).hex_of(str(placed.get("at", "")))
        except ValueError:
            out.append(DataError("style.toml", f"not a hex id: {str(placed.get('at'))[:20]!r}",
                                 key=f"map.area_boxes.{aid}.at"))
    return out


def _drawn_problems(game: Game, style: Style, table: str, names: set[str], look_of, built_in, what: str
                    ) -> list[DataError]:
    """The problems of the symbols or icons ``names``: no look, a file refused, a built-in drawing unknown (a look
    with ``text`` needs none)."""
    from .artwork import check_artwork

    out: list[DataError] = []
    for name in sorted(names):
        try:
            look = look_of(style, name)
        except DataError as err:
            out.append(err)
            continue
        if "file" in look:
            problem = check_artwork(game.root, look["file"], f"{table}.{name}.file")
            if problem:
                out.append(problem)
        elif "text" not in look and look.get("draw", name) not in built_in:
            out.append(DataError("style.toml", f"no {what} '{str(look.get('draw'))[:40]}' (known: "
                                               f"{', '.join(sorted(built_in))})", key=f"{table}.{name}.draw"))
    return out


def _piece_problems(game: Game, style: Style) -> list[DataError]:
    from .counters import flag_look
    from .symbols import ICONS, NATO, icon_look, symbol_look

    out: list[DataError] = []
    symbols = {t.symbol for t in game.unit_types.values()} | {
        str(look["symbol"]) for look in style.table("counters.flags").values() if "symbol" in look}
    out += _drawn_problems(game, style, "symbols", symbols, symbol_look, NATO, "NATO symbol")
    for flag in sorted({f for u in game.units.values() for face in (u.front, u.back) for f in face.flags}):
        try:
            look = flag_look(style, flag)
            out += _colours(f"counters.flags.{flag}", look, ("colour", "fill", "ink", "outline"))
        except DataError as err:
            out.append(err)
    icons = {f.icon for m in game.all_markers for f in (m.front, m.back)}
    out += _drawn_problems(game, style, "icons", icons, icon_look, ICONS, "icon")
    for mark in sorted({c.mark_1945 for c in game.cards.values() if c.mark_1945}):
        look = style.table(f"cards.marks.{mark}")
        if look.get("look") not in ("barred", "circled"):
            out.append(DataError("style.toml", f"the card mark '{mark}' has no look (add [cards.marks.{mark}] with "
                                               "text, colour and look = barred or circled)", key=f"cards.marks.{mark}"))
        else:
            out += _colours(f"cards.marks.{mark}", look, ("colour",))
    for layer, look in sorted(style.table("charts.layers").items()):
        if look.get("show", "text") not in LAYER_SHOWS:
            out.append(DataError("style.toml", f"show must be one of {', '.join(LAYER_SHOWS)}",
                                 key=f"charts.layers.{layer}.show"))
        for value, colour in sorted(dict(look.get("colours", {})).items()):
            try:
                parse_colour(colour, f"charts.layers.{layer}.colours.{value}")
            except DataError as err:
                out.append(err)
    return out


def style_problems(game: Game) -> list[DataError]:
    """Every problem the art finds in the game's style and in what the data asks it to draw (empty: the art
    can draw this game)."""
    try:
        style = style_of(game)
    except DataError as err:
        return each([err])
    problems = _shapes(style)
    if problems:
        return problems
    for check in (_map_problems, _piece_problems):
        try:
            problems += check(game, style)
        except DataError as err:  # a malformed table stops only its own checks
            problems += each([err])
        except (AttributeError, TypeError, ValueError) as exc:  # a value of the wrong shape (a list for a table)
            problems.append(DataError("style.toml", f"a value of the wrong kind ({str(exc)[:80]})"))
    return problems
