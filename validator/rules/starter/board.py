"""The starter ruleset's board and context, from the game's Terrain Effects Chart (rule 2.0):

- the cost to enter a hex (or area) is its terrain's ``mp_<class>`` for the unit's movement class (the unit type's
  ``move_class``), whole MP (a fraction is rounded up); a class the TEC marks prohibited for a terrain never enters
  it;
- a hexside feature prohibited for every movement class is impassable: no unit moves, attacks or projects a zone of
  control across it.
"""

from __future__ import annotations

import math

from games.model import Game

from ...engine.board import build_board
from ...engine.context import Context, make_context as engine_context
from ...model import Header

PROHIBITED = 10_000  # MP: more than any unit has


def move_classes(game: Game) -> tuple[str, ...]:
    """The movement classes of the game's unit types, in a fixed order (the board's cost columns)."""
    return tuple(sorted({t.move_class for t in game.unit_types.values()})) or ("",)


def terrain_cost(game: Game, terrain: str) -> tuple[int, ...]:
    t = game.tec.get(terrain)
    out = []
    for cls in move_classes(game):
        if t is None:
            out.append(1)
        elif cls in t.prohibited:
            out.append(PROHIBITED)
        else:
            mp = t.mp.get(cls)
            out.append(max(1, math.ceil(mp)) if mp is not None else 1)
    return tuple(out)


def impassable(game: Game) -> frozenset[str]:
    classes = set(move_classes(game))
    return frozenset(k for k, t in game.tec.items() if t.applies_to == "hexside" and t.prohibited
                     and classes <= set(t.prohibited))


def make_context(game: Game, header: Header) -> Context:
    return engine_context(game, header, build_board(game, lambda terrain: terrain_cost(game, terrain),
                                                    impassable(game)))


def move_class(ctx: Context, uid: str, face: str) -> int:
    """The board's cost column of a unit's face."""
    kind = ctx.game.unit_types[ctx.unit_type[uid, face]].move_class
    return move_classes(ctx.game).index(kind)
