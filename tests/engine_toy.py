"""A small synthetic game for the engine's own tests: a 9 x 7 pointy hex map (ids ``CCRR``), two sides, a few
unit types, two player phases with steps and a mutual one, as plain ``games.model`` data. Nothing of a real game:
what the engine does with it is what any game gets."""

from __future__ import annotations

from typing import Iterable, Mapping

from games.grid import HexIds
from games.hexgrid import Hexside, hexside
from games.model import (
    Face, Game, GridSpec, MapDef, MapHex, Phase, Scenario, SideDef, TerrainEffect, Turn, Unit, UnitType, VPTrack,
    frozen_map)
from validator.engine.board import build_board
from validator.engine.context import Context, Hooks, make_context
from validator.model import Header

COLUMNS, ROWS = 9, 7
GRID = GridSpec("pointy", "odd", COLUMNS, ROWS)
IDS = HexIds(GRID)
COSTS = {"clear": (1, 1), "forest": (3, 2), "marsh": (4, 2)}  # MP per movement class: (mechanized, other)
PHASES = (Phase("weather", "Weather Phase", False),
          Phase("move", "Movement Phase", True, (("rail", "Rail Step"), ("march", "March Step"))),
          Phase("fight", "Combat Phase", True),
          Phase("victory", "Victory Determination Phase", False))


def hid(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def toy_game(terrain: Mapping[str, str] | None = None, hexsides: Mapping[tuple[str, str], Iterable[str]] | None = None,
             units: Mapping[str, tuple[str, str, int, int]] | None = None, turns: int = 3) -> Game:
    """The toy game: ``terrain`` hex -> terrain (default clear), ``hexsides`` (a, b) -> features, ``units`` id ->
    (side, unit type, strength, MA)."""
    terrain = terrain or {}
    hexes = {}
    for c in range(1, COLUMNS + 1):
        for r in range(1, ROWS + 1):
            h = hid(c, r)
            hexes[h] = MapHex(h, IDS.hex_of(h), terrain.get(h, "clear"), edge="red" if c == 1 else None)
    sides: dict[Hexside, frozenset[str]] = {}
    for (a, b), features in (hexsides or {}).items():
        sides[hexside(IDS.hex_of(a), IDS.hex_of(b))] = frozenset(features)
    m = MapDef(GRID, hexes, sides, {}, {}, {}, {}, {})
    types = {"inf": UnitType("inf", "Infantry", "infantry", "infantry"),
             "tank": UnitType("tank", "Tank", "armor", "armor"),
             "hq": UnitType("hq", "HQ", "hq", "infantry", zoc=False, can_attack=False)}
    made = {}
    for uid, (side, kind, strength, ma) in (units or {}).items():
        face = Face(uid, kind, strength, ma, "full")
        made[uid] = Unit(uid, side, side, face, Face(uid, kind, max(strength - 1, 0), ma, "reduced"), 2, "step", "")
    tec = {t: TerrainEffect(t, t, "hex", a, o, True, 0, False) for t, (a, o) in COSTS.items()}
    tec["river"] = TerrainEffect("river", "River", "hexside", None, None, True, 1, False)
    tec["cliff"] = TerrainEffect("cliff", "Cliff", "hexside", -1, -1, False, 0, False)
    track = {n: Turn(n, f"turn {n}", "clear", None, 0, 0, {}) for n in range(1, turns + 1)}
    scenario = Scenario("toy", "Toy", 1, turns, (), (), (), {}, {})
    return Game("toy", "Toy", "", "", "Toy", "", {"red": SideDef("red", "Red", "#ff0000"),
                                                   "blue": SideDef("blue", "Blue", "#0000ff")},
                {}, types, m, made, (), (), {}, {}, tec, {}, track, VPTrack(0, 10, 0, "red", 3, 10), PHASES,
                {}, {"toy": scenario}, frozen_map())


def toy_context(game: Game, hooks: Hooks = Hooks(), start: Mapping | None = None) -> Context:
    """A replay context of the toy game (terrain costs from :data:`COSTS`; cliff hexsides impassable)."""
    board = build_board(game, lambda t: COSTS[t], frozenset({"cliff"}))
    return make_context(game, Header("toy", "toy", start=start or {}), board, hooks)
