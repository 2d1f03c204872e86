"""No Retreat!'s board and replay context (the engine's :mod:`~validator.engine.board`, filled from this game's
Terrain Effects Chart):

- 8.3 / TEC: the cost in MP to enter a hex or area, by armor (movement class 0) or other unit (class 1); a blank
  is 1; hexside features whose cost is "P" (lake hexsides) are prohibited: no unit crosses them;
- 8.6: Finland (and the Balkan areas) are single locations adjacent to the hexes listed in ``areas.toml``;
- 6.3: supply paths may trace through lake hexes (``supply_passable`` lake cells) and across lake hexsides;
- TEC "Lake hexside": no zone of control across it (the engine's default reach: the open neighbours);
- 6.5.3: an Unsupplied marker takes a unit's zone of control away (the engine's ``Hooks.zoc_off``).
"""

from __future__ import annotations

from operator import attrgetter

from games.model import Game

from ...engine.board import build_board
from ...engine.context import Context, Hooks, derived_from, make_context as engine_context
from ...model import Header

# area id -> nationalities that may not enter it (8.6: only German, Finnish and Soviet units enter Finland)
RESTRICTED_AREAS: dict[str, frozenset[str]] = {"finland": frozenset({"axis_ally"})}

PROHIBITED = -1  # TEC "P"
HOOKS = Hooks(zoc_off=attrgetter("unsupplied"))


def terrain_cost(game: Game, terrain: str) -> tuple[int, int]:
    """(MP for armor, MP for other units) to enter a location of this terrain (TEC; a blank is 1)."""
    t = game.tec[terrain]
    return (t.mp_armor if t.mp_armor is not None else 1, t.mp_other if t.mp_other is not None else 1)


def prohibited_features(game: Game) -> frozenset[str]:
    """The hexside features of the TEC whose cost is "P": no unit crosses them (8.3)."""
    return frozenset(k for k, v in game.tec.items() if v.applies_to == "hexside" and v.mp_armor == PROHIBITED)


def make_context(game: Game, header: Header) -> Context:
    """One replay's context; the board is built once per process for a loaded game (``derived_from``)."""
    tables = derived_from(game)
    board = tables.get("board")
    if board is None:
        board = tables["board"] = build_board(game, lambda terrain: terrain_cost(game, terrain),
                                              prohibited_features(game))
    return engine_context(game, header, board, HOOKS)
