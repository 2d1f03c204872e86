"""Stalingrad '42's board and replay context (the engine's :mod:`~validator.engine.board`, filled from this game's
Terrain Effects Chart):

- 5.1 / TEC: the cost to enter a hex or an Entry Area by movement class (mechanized, non-mechanized: 2.3.3), in
  **half MPs** (5.2: roads cost half an MP to mechanized units), so every cost doubles; a blank is 1 MP;
- 2.2.3: Sea hexsides (and the Kerch Strait, crossed only from Entry Area W, 5.7.2) are impassable to every unit;
  what depends on the season or the side (Lakes, Alpine hexsides, the Volga, Major Rivers) is closed step by step
  by ``crossings``;
- 9.6.2: a full Alpine hex is a Mountain hex surrounded by Alpine hexsides: every hexside of one is an Alpine
  hexside on the board, whether or not the map marks it (:func:`with_alpine_hexes`);
- 6.1: zones of control are ``zoc``'s (the engine's positions count none: ``Hooks.zoc_counts``);
- the scenario's maps (S1.1, S2.1, S3.1, S4.1): the hexes of the other map sections are not in play (:func:`in_play`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Mapping

from games.hexgrid import to_offset
from games.model import Game

from ...engine.board import Board, build_board
from ...engine.context import Context, Hooks, derived_from, make_context as engine_context
from ...model import Finding, Header
from .data import scenario_facts

HALVES = 2  # the costs count half MPs (5.2)
MOVE_CLASSES = ("mech", "nonmech")  # movement class 0 and 1 (the TEC's mp_mech and mp_nonmech)
ALWAYS_IMPASSABLE = frozenset({"sea", "kerch_strait"})  # 2.2.3; 5.7.2 (the Strait is crossed from W only)
ALPINE_HEX, ALPINE_SIDE = "alpine", "alpine_side"  # 9.6.2: the TEC's full Alpine hex and Alpine hexside


def halves(mp: Fraction | int | None, default: int = 1) -> int:
    """An MP cost in half MPs (a blank is ``default`` MPs)."""
    return int((default if mp is None else mp) * HALVES)


def terrain_cost(game: Game, terrain: str) -> tuple[int, int]:
    """(mechanized, non-mechanized) half MPs to enter a location of this terrain (TEC; a blank is 1 MP)."""
    t = game.tec.get(terrain)
    if t is None:  # an area without terrain (the Caspian Sea Transit Box): 1 MP
        return (HALVES, HALVES)
    return tuple(halves(t.mp.get(c)) for c in MOVE_CLASSES)  # type: ignore[return-value]


def with_alpine_hexes(game: Game, board: Board) -> Board:
    """9.6.2: the board with every hexside of a full Alpine hex an Alpine hexside (besides its other features), so
    that whatever reads Alpine hexsides (movement, advance, attacks and the Mountain doubling, Lines of Supply, ranges,
    bonds, the Winter's closing, 23.4) reads them around such a hex too."""
    features = dict(board.features)
    hexes = game.map.hexes
    for hid, h in hexes.items():
        if h.terrain != ALPINE_HEX:
            continue
        for n in board.neighbours.get(hid, ()):
            if n in hexes:
                features[hid, n] = features[n, hid] = features.get((hid, n), frozenset()) | {ALPINE_SIDE}
    return replace(board, features=features)


HOOKS = Hooks(zoc_counts=False)  # 6.1: ``zoc`` keeps both sides' zones of control (as bits, with the Winter's changes)


def make_context(game: Game, header: Header) -> Context:
    """One replay's context; the board is built once per process for a loaded game (``derived_from``), so that what
    is derived from the game and its board alone (``once``) is kept between replays too."""
    tables = derived_from(game)
    board = tables.get("board")
    if board is None:
        board = tables["board"] = with_alpine_hexes(
            game, build_board(game, lambda terrain: terrain_cost(game, terrain), ALWAYS_IMPASSABLE))
    return engine_context(game, header, board, HOOKS)


def in_play(ctx: Context) -> frozenset[str]:
    """The hexes of the scenario's maps and its Entry Areas (S1.1, S2.1, S3.1, S4.1, 22.2), made once. A map is the
    box its sheet prints (``sections.toml``), not only the hexes it owns: the Caucasus maps begin at hex row xx40,
    which the north maps also print (S2.1: rows 40-43 are in play there; 2740-4240 are S2.2's entry hexes)."""
    key = ("s42_in_play", ctx.scenario_id)  # the scenario's maps: made once per loaded game
    out = ctx.tables.get(key)
    if out is None:
        sf = scenario_facts(ctx)
        m = ctx.game.map
        boxes = [m.sections[s] for s in sf.maps if s in m.sections]
        hexes = {h for h, x in m.hexes.items() if x.section in sf.maps
                 or any(b.contains(*to_offset(x.hex, m.grid.orientation, m.grid.offset)) for b in boxes)}
        out = ctx.tables[key] = frozenset(hexes | set(sf.areas))
    return out


def off_the_maps(ctx: Context, who: str, loc: str, uid: str) -> Finding:
    """A unit moved (by land or rail) onto a hex of a map the scenario does not use: the scenario's map rule (S1.1,
    S2.1, S3.1, S4.1: ``rules.toml maps_rule``)."""
    sf = scenario_facts(ctx)
    return Finding(sf.maps_rule, f"{who}: {loc} is not on the maps of {ctx.scenario.name} (map "
                                 f"{', '.join(sorted(sf.maps))}); no unit enters it", (uid,))


def rail_exits(ctx: Context) -> Mapping[str, str]:
    """S1.2: the hexes in play whose railroad leaves the scenario's maps, each with the edge it leaves by ("east":
    toward columns beyond the last one in play; "south": toward rows beyond the last one), made once."""
    key = "s42_rail_exits"
    out = ctx.derived.get(key)
    if out is None:
        m = ctx.game.map
        play = in_play(ctx)

        def col_row(h: str) -> tuple[int, int]:
            return to_offset(m.hexes[h].hex, m.grid.orientation, m.grid.offset)

        hexes = [h for h in play if h in m.hexes]
        last_col = max(col_row(h)[0] for h in hexes)
        last_row = max(col_row(h)[1] for h in hexes)
        out = {}
        for h in sorted(hexes):
            for n in ctx.board.neighbours.get(h, ()):
                if n in play or n not in m.hexes or "railroad" not in ctx.board.hexside(h, n):
                    continue
                col, row = col_row(n)
                edge = "east" if col > last_col else "south" if row > last_row else None
                if edge is not None:
                    out.setdefault(h, edge)
        ctx.derived[key] = out
    return out
