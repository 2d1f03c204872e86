"""Column shifts (8.3 step 2, 9.2-9.4, 9.7.1, 9.9), positive to the right (the attacker's favour).

- 9.2.1: a side with a participating Tank Unit (black or red dot) gains one shift (the attacker right, the defender
  left); both: they cancel. 9.2.3: never when the defender is in Woods, Wooded Rough, Marsh, Mountain, a City or a
  completed Fortification (the TEC's ``tank_shift = barred``); a tank attacking across a river hexside or out of
  Marsh earns nothing but still denies the defender's shift. 9.2.2: the Elite Tank Shift (red dot) is one more for
  the Axis, attacking or defending, never cancelled. 9.2.4: a defending anti-tank unit (white dot) denies the
  attacker's basic Tank Shift, and earns none. Units under a Train marker (5.6.4), in Full Retreat (13.3.2) or that
  retreated into the hex this phase (12.4) earn and deny nothing; Disrupted defenders still do (13.2.2).
- 9.9, 9.7.1: Rough and Wooded Rough one shift left, a Fortification one more (the TEC's ``shift``).
- 9.3.3, 9.3.4: an Air unit one shift (``air``: right, ``defensive_air``: left); 9.4, 18.5: one shift per ASU or SP
  (``resources.artillery_shifts``: at most a Massive Barrage's two).
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from ...engine.context import Context
from .battlefield import Crossing, Ground
from .combat_data import combat_facts
from .state import FULL_RETREAT, State
from .units import table

TANK, ELITE, ANTI_TANK = ("black_dot", "red_dot"), "red_dot", "white_dot"


class Shift(NamedTuple):
    value: int  # columns, positive to the right
    words: str
    rule: str


def describe(shifts: Sequence[Shift]) -> str:
    return "; ".join(f"{s.value:+d} {s.words} ({s.rule})" for s in shifts) or "no shifts"


def _dots(ctx: Context, state: State, uids: Sequence[str], dots: Sequence[str] | str) -> list[str]:
    """The units with one of these dots that may earn or deny a Tank Shift (5.6.4, 13.3.2)."""
    wanted = (dots,) if isinstance(dots, str) else tuple(dots)
    out = []
    for u in uids:
        us = state.units[u]
        tags = table(ctx)[u, us.face].tags
        if not us.train and us.order != FULL_RETREAT and any(d in tags for d in wanted):
            out.append(u)
    return out


def tank(ctx: Context, state: State, side: str, attackers: Sequence[str], defenders: Sequence[str],
         crossings: dict[str, Crossing], g: Ground) -> list[Shift]:
    """9.2.1 the Tank Shift, 9.2.2 the Elite Tank Shift, 9.2.3 where they are barred, 9.2.4 anti-tank units
    (``defenders``: those whose strength counted)."""
    if g.tanks_barred:
        return []
    elite = combat_facts(ctx).elite_side

    def earns(u: str) -> bool:
        c = crossings.get(u)
        return c is None or not (c.river or c.marsh)
    present = _dots(ctx, state, attackers, TANK)
    earning = [u for u in present if earns(u)]
    held = _dots(ctx, state, defenders, TANK)
    anti = _dots(ctx, state, defenders, ANTI_TANK)
    out = []
    if earning and not held and not anti:
        out.append(Shift(1, f"Tank Shift ({earning[0]})", "9.2.1"))
    elif held and not present:
        out.append(Shift(-1, f"the defender's Tank Shift ({held[0]})", "9.2.1"))
    if side == elite:
        red = [u for u in _dots(ctx, state, attackers, ELITE) if earns(u)]
        if red:
            out.append(Shift(1, f"Elite Tank Shift ({red[0]})", "9.2.2"))
    else:
        red = _dots(ctx, state, defenders, ELITE)
        if red:
            out.append(Shift(-1, f"the defender's Elite Tank Shift ({red[0]})", "9.2.2"))
    return out


def terrain(ctx: Context, g: Ground) -> list[Shift]:
    """9.9 Rough and Wooded Rough, 9.7.1 a Fortification: shifts left."""
    if not g.shift:
        return []
    fort = ctx.game.tec["fortification"].defense_shift if g.fortified else 0
    out = []
    if g.shift - fort:
        out.append(Shift(fort - g.shift, f"{ctx.game.tec[g.terrain].name} terrain", "9.9"))
    if fort:
        out.append(Shift(-fort, "Fortification", "9.7.1"))
    return out
