"""The Supply Phase (16.1, 16.5): supply markers and Isolation Attrition.

- 16.1: in his Supply Phase the phasing player checks each of his units on the map: one that cannot trace a Line of
  Supply (``supply``) gets an Out of Supply marker, one that can loses its marker. A ``supply`` line lists the units
  that end the check Out of Supply (``oos``) or Isolated (``isolated``); every other unit of the side is in supply.
  A wrong mark is reported on the line; a unit the log leaves unmarked that cannot trace supply on the line that ends
  the step. A Supply Phase without a ``supply`` line gets the markers the rules give.
- 16.5.1: a unit that cannot trace an Unlimited Line of Supply is Isolated (the marker's red side).
- 16.5.3: each Isolated Combat Unit (not an ASU) adjacent to an enemy Combat Unit rolls on the Isolation Attrition
  Table (``tables.toml isolation_attrition``): 1-4 it loses a step (a reduced 3-step unit may become a Remnant).
  When the log records some rolls of a phase, a unit that owed one and did not roll is reported on the line that
  ends the step; a phase that records none is not (decision: the log did not record them).
- 16.5.4: the modifiers, at most +4 in all: Airfield (+2 Axis, +1 Soviet, the Axis +1 in Snow: ``weather.csv
  airfield_axis``; one less when the nearest Connecting Rail Hex is more than 15 hexes away) for an Unlimited LOS to
  a friendly Town, Landmark or Clear hex (a Seasonal Marsh too before the first Rain: a Clear hex until then, 23.2.3)
  not adjacent to an enemy Combat Unit (Pitomnik even so: ``rules.toml airfield_beside_enemy``); City +1 for one to a
  friendly
  occupied or controlled City hex; HQ +1 for one to a friendly Army (Axis) or Front (Soviet) HQ; Desert -1 for a
  unit in a Desert hex (TEC ``isolation_drm``). A logged ``drm`` must be this sum.
- 16.4: what an Out of Supply marker does is checked where it matters: movement (``movement``), replacements
  (``replacements``), combat (issue 15).
"""

from __future__ import annotations

from ...engine.bits import board_bits, spread
from ...engine.context import Context
from ...engine.paths import move_bits
from ...engine.position import note_changes, position
from ...engine.state import evolve
from ...model import Action, Finding, indefinite
from . import supply
from .data import facts
from .losses import lose_step
from .state import IN_SUPPLY, ISOLATED, OUT_OF_SUPPLY, State
from .terrain import situation, terrain_of
from .units import name, table
from .zoc import adjacent_bits, holds, locations, other, sides, units_at

WORDS = {IN_SUPPLY: "in supply", OUT_OF_SUPPLY: "Out of Supply", ISOLATED: "Isolated"}
# 16.5.4: the Clear Terrain of an airfield as the terrain is now (``terrain.terrain_of``): a Seasonal Marsh hex is a
# Clear hex until the first Rain (23.2.3), Marsh after it
AIRFIELD_TERRAIN = frozenset({"clear", "seasonal_marsh"})


def status(ctx: Context, state: State, side: str, loc: str) -> str:
    """16.1, 16.5.1: what the check gives a unit of ``side`` in ``loc``."""
    n = supply.net(ctx, state, side)
    b = move_bits(ctx).bit.get(loc, 0)
    if n.supplied & b:
        return IN_SUPPLY
    return OUT_OF_SUPPLY if n.unlimited & b else ISOLATED


def checked(ctx: Context, state: State, side: str) -> tuple[str, ...]:
    """The side's units the Supply Phase checks: every unit on the map (hexes and Entry Areas). Remembered for the
    last position's units by location (the marks of a ``supply`` line change no location: the step's end asks again).
    """
    pos = position(ctx, state.units)
    hit = ctx.derived.get("s42_checked")
    if hit is not None and hit[0] is pos.at and hit[1] is pos.held and hit[2] == side:
        return hit[3]
    out = tuple(u for loc in pos.held[side] for u in pos.at[loc] if ctx.game.units[u].side == side)
    ctx.derived["s42_checked"] = (pos.at, pos.held, side, out)
    return out


def _expected(ctx: Context, state: State, side: str) -> dict[str, str]:
    """What the check gives each unit it checks (:func:`status`), in the order of :func:`checked`: every unit in
    supply but those in the side's locations the net does not supply, looked at location by location (a few dozen of
    some 190), not unit by unit."""
    n = supply.net(ctx, state, side)
    out = dict.fromkeys(checked(ctx, state, side), IN_SUPPLY)
    mine = sides(ctx, state, side).units
    bit = move_bits(ctx).bit
    cut = mine ^ (mine & n.supplied)
    unlimited = n.unlimited_of(cut)
    for loc in locations(ctx, cut):
        s = OUT_OF_SUPPLY if unlimited & bit[loc] else ISOLATED
        for u in units_at(ctx, state, side, loc):
            out[u] = s
    return out


def _mark(ctx: Context, state: State, marks: dict[str, str]) -> State:
    changed = [u for u, s in marks.items() if state.units[u].supply != s]
    if not changed:
        return state
    units = dict(state.units)
    for u in changed:
        units[u] = evolve(units[u], supply=marks[u])
    note_changes(ctx, state.units, units, changed)
    return evolve(state, units=units)


def handle_supply(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``supply`` line (16.1, 16.5.1)."""
    side = action.side
    want = _expected(ctx, state, side)
    claims = {u: OUT_OF_SUPPLY for u in action.get("oos", ())}
    claims.update({u: ISOLATED for u in action.get("isolated", ())})
    findings = []
    marks: dict[str, str] = {}
    for uid, claim in sorted(claims.items()):
        if uid not in want:
            findings.append(Finding("16.1", f"{name(ctx, state, uid)} is not "
                                            f"{indefinite(ctx.game.sides[side].name)} unit on the map: the Supply "
                                            "Phase checks the phasing player's units", (uid,)))
            continue
        marks[uid] = claim
        if want[uid] != claim:
            rule = "16.5.1" if IN_SUPPLY not in (claim, want[uid]) else "16.1"
            findings.append(Finding(rule, f"{name(ctx, state, uid)} in {state.units[uid].loc} is "
                                          f"{WORDS[want[uid]]}{_why(ctx, state, side, uid, want[uid])}; the log marks "
                                          f"it {WORDS[claim]}", (uid,), (state.units[uid].loc or "",)))
    if "supply" not in state.logged:  # the first line: every unit it does not list is in supply
        marks = {**{u: IN_SUPPLY for u in want}, **marks}
    state = _mark(ctx, state, marks)
    return evolve(state, logged=state.logged | {"supply"} | {f"supply:{u}" for u in claims}), findings


def _why(ctx: Context, state: State, side: str, uid: str, result: str) -> str:
    if result == IN_SUPPLY:
        return " (it traces a Line of Supply, 16.3)"
    if result == OUT_OF_SUPPLY:
        return " (no Line of Supply of five overland hexes or fewer, 16.3.2, but an Unlimited one, 16.5.1)"
    return " (not even an Unlimited Line of Supply, 16.5.1)"


def end_check(ctx: Context, state: State, side: str | None) -> tuple[State, list[Finding]]:
    """16.1: the check step ends: the markers the rules give, when the log gave none; else every unit that cannot
    trace supply and was not marked is reported."""
    if side is None:
        return state, []
    want = _expected(ctx, state, side)
    if "supply" not in state.logged:
        return _mark(ctx, state, want), []
    findings = []
    for uid, s in sorted(want.items()):
        if s != IN_SUPPLY and f"supply:{uid}" not in state.logged:
            findings.append(Finding("16.1", f"{name(ctx, state, uid)} in {state.units[uid].loc} is {WORDS[s]}"
                                            f"{_why(ctx, state, side, uid, s)} but was not marked", (uid,),
                                    (state.units[uid].loc or "",)))
    return state, findings


# --- Isolation Attrition -------------------------------------------------------------------------------------------

def must_roll(ctx: Context, state: State, side: str) -> list[str]:
    """16.5.3: the side's Isolated Combat Units (not ASUs) adjacent to an enemy Combat Unit."""
    enemy = sides(ctx, state, other(ctx, side)).combat
    near = adjacent_bits(ctx, state, enemy)
    bit = move_bits(ctx).bit
    out = []
    for uid in checked(ctx, state, side):
        us = state.units[uid]
        i = table(ctx)[uid, us.face]
        if us.supply == ISOLATED and i.combat and not i.asu and near & bit.get(us.loc or "", 0):
            out.append(uid)
    return out


def drm(ctx: Context, state: State, uid: str) -> tuple[int, list[str]]:
    """16.5.4: the modifier of a unit's Isolation Attrition roll and its parts (for messages)."""
    f = facts(ctx).supply
    side = ctx.game.units[uid].side
    loc = state.units[uid].loc or ""
    parts: list[tuple[int, str]] = []
    hexes = ctx.game.map.hexes
    reach = supply.pocket(ctx, state, side, loc)
    enemy_adj = adjacent_bits(ctx, state, sides(ctx, state, other(ctx, side)).combat)
    bit = move_bits(ctx).bit
    sit = situation(ctx, state)
    airfields = [h for h in reach if h in hexes and (not bit[h] & enemy_adj or h in f.beside_enemy)
                 and state.control.get(h, side) == side
                 and (hexes[h].settlement in ("town", "landmark") or terrain_of(ctx, sit, h) in AIRFIELD_TERRAIN)]
    if airfields:
        w = ctx.game.weather[state.weather]
        value = int(w.extra.get("airfield_axis", f.airfield.get(side, 0))) if side != facts(ctx).volga_side \
            else f.airfield.get(side, 0)
        if not _near_rail(ctx, state, side, airfields):
            value -= 1
        parts.append((value, "airfield"))
    if any(hexes[h].settlement in supply.CITY and (state.control.get(h) == side or holds(ctx, state, side, h))
           for h in reach if h in hexes):
        parts.append((f.city, "city"))
    if any("command_hq" in table(ctx)[u, state.units[u].face].tags for h in reach
           for u in units_at(ctx, state, side, h)):
        parts.append((f.hq, "HQ"))
    desert = int(ctx.game.tec[hexes[loc].terrain].extra.get("isolation_drm") or 0) if loc in hexes else 0
    if desert:
        parts.append((desert, "desert"))
    total = min(f.cap, sum(v for v, _ in parts))
    return total, [f"{v:+d} {w}" for v, w in parts]


def _near_rail(ctx: Context, state: State, side: str, hexes: list[str]) -> bool:
    """16.5.4: a Connecting Rail Hex within 15 hexes of one of these airfields."""
    b = board_bits(ctx)
    rail = supply.connecting_rail(ctx, state, side) & b.grid
    reach = rail
    for _ in range(facts(ctx).supply.airfield_rail_hexes):
        reach |= spread(b, reach) & b.grid
    return any(reach & b.bit[h] for h in hexes)


def handle_attrition(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``attrition`` line: one roll on the Isolation Attrition Table (16.5.2-16.5.4) with the rules' modifier (a
    logged ``drm`` that differs is reported); the step loss it gives is taken at once (a reduced 3-step unit becomes
    the ``remnant`` named, 10.4.1). 16.5.3: one roll a unit each Supply Phase; a second is reported and has no
    effect."""
    uid, die = action["unit"], action["die"]
    findings = []
    if f"attrition:{uid}" in state.logged:
        return state, [Finding("16.5.3", f"{name(ctx, state, uid)} already rolled for Isolation Attrition this Supply "
                                         "Phase: one roll a unit", (uid,), (state.units[uid].loc or "",))]
    if uid not in must_roll(ctx, state, action.side):
        findings.append(Finding("16.5.3", f"{name(ctx, state, uid)} does not roll for Isolation Attrition: only "
                                          "Isolated Combat Units (not ASUs) adjacent to an enemy Combat Unit do",
                                (uid,), (state.units[uid].loc or "",)))
    total, parts = drm(ctx, state, uid)
    if action.get("drm") is not None and action["drm"] != total:
        findings.append(Finding("16.5.4", f"the Isolation Attrition modifier of {name(ctx, state, uid)} is "
                                          f"{total:+d} ({', '.join(parts) or 'none'}, at most +4); the log says "
                                          f"{action['drm']:+d}", (uid,), (state.units[uid].loc or "",)))
    state = evolve(state, logged=state.logged | {"attrition", f"attrition:{uid}"})
    t = ctx.game.tables["isolation_attrition"]  # the die is a fact: the rules' modifier decides (a wrong one reported)
    if t.result(t.columns[0], t.row_for(die + total)) == "lose_step" and state.units[uid].loc in ctx.board.locations:
        state = lose_step(ctx, state, uid, action.get("remnant"))
    return state, findings


def end_attrition(ctx: Context, state: State, side: str | None) -> tuple[State, list[Finding]]:
    """16.5.3: when the log recorded rolls this phase, every unit that owed one and did not roll is reported."""
    if side is None or "attrition" not in state.logged:
        return state, []
    return state, [Finding("16.5.3", f"{name(ctx, state, u)} is Isolated and adjacent to an enemy Combat Unit: it "
                                     "must roll for Isolation Attrition", (u,), (state.units[u].loc or "",))
                   for u in must_roll(ctx, state, side) if f"attrition:{u}" not in state.logged]
