"""Retreats (12.0, 13.1.2-13.1.3, 13.3.2, 22.5, 5.7.3): each ``retreat`` line is checked hex by hex, the unit ends
where it survives (or is eliminated where the rules eliminate it) and is Disrupted or in Full Retreat.

- 12.1.1: a combat's defenders retreat 4 hexes on a DS or DR4, 3 on a D1, 2 on the other retreat results; a Delay
  one or two (11.6.1); each hex entered one hex farther from the battle hex. 12.1.2: a stack may split; units
  retreat through friendly units. 12.1.4: they may end overstacked.
- 12.1.3: (1) a retreat that eliminates the unit while another would not is reported; (2) so is one that ends
  without a Line of Supply while another (that does not eliminate it) ends with one; (3) the full length, unless
  (4) the stack ends in a hex with friendly units that did not retreat and pays a step per hex short (``loss`` with
  ``pay``, at most three; steps paid beyond what its retreats ended short are reported when the combat ends), or (5)
  it ends in a friendly-controlled Fortification or City hex free of EZOCs (friendly units that did not retreat negate
  them; 13.3.2's automatic retreat too); a retreat into a friendly Entry Area fulfils the length (22.5). Neither
  shortens the advance nor cancels the Disruption. A stop the defenders cannot pay and keep a step (:func:`pay_owed`)
  saves no unit: one with no other saving retreat may be eliminated (:func:`saving`).
- 12.2: the unit is eliminated when it enters a hex with an enemy unit, enters or crosses an enemy ZOC Bond, enters
  two vacant EZOC hexes in a row, ends in a vacant EZOC hex (one more hex may save it), crosses an unbridged,
  unfrozen Major River (Pontoon Bridges and Ferries are bridges), crosses the Volga, leaves the map but into a
  friendly Entry Area (22.5), goes out to sea (5.7.3), or crosses a hexside or enters a hex it may not in movement.
  "Vacant": without a friendly unit that has not retreated this phase.
- 12.4: a unit that retreated into a hex attacked again this phase (not by Breakthrough Combat, 15.3.2) is eliminated
  if it must retreat again.
- 13.1.2-13.1.3: a Combat Unit that retreats 1-3 hexes is Disrupted, 4 hexes (DS, DR4) or already Disrupted in Full
  Retreat; Non-Combat Units stay in Good Order; a Train marker comes off (5.6.5).
- 13.3.2: a unit in Full Retreat next to an enemy Combat Unit, not stacked with a friendly Combat Unit that is not in
  Full Retreat, retreats two hexes at once (its owner's ``retreat`` line, in any phase). When a line moves, rails,
  ships, advances or retreats an enemy Combat Unit to a hex next to it (any hex of a ``path``; where a ``to``, rail or
  sea move ends), the retreat is owed:
  the owner's ``retreat`` lines of the units owed come next (the enemy moves on after them); any other line reports
  each unit still owed (:func:`came_next_to`, :func:`owed_first`). A unit every retreat would eliminate owes none
  (it is eliminated at the start of the next Movement or Combat Phase). 19.3: a Non-Combat Unit (not an SP) stacked
  with such a unit may retreat with it (its own ``retreat`` line, after the unit's: ``AUTO_FROM``).
- A Disengagement's retreat (27.2.3) is checked by ``reserves`` for its length and EZOCs; its eliminations are
  12.2's, and it follows 12.1.3's guidelines (1)-(2) against the other retreats of one or two hexes it may make.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from games.hexgrid import distance

from ...engine.context import Context, once
from ...engine.paths import move_bits
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from . import air, control, losses, railheads
from .board import in_play
from .bonds import enemy_bonds
from .combat_data import combat_facts
from .combat_state import BREAKTHROUGH, FAIL, SHORT_AUTO, Combat, battles, current, line_path, put
from .data import scenario_facts
from .movement import pontoon_steps
from .resources import fortified
from .reserves import disengaging, ezoc_entered
from .results import steps_left
from .state import DISRUPTED, FULL_RETREAT, GOOD_ORDER, State
from .supply import traces
from .terrain import closed, crossings, major_closed, situation
from .units import name, table
from .zoc import adjacent_bits, contested_bits, ezoc_bits, other, side_at, sides, units_at, units_in


class Walk(NamedTuple):
    """Where a retreat along a path leads (12.2)."""

    end: str  # the last location entered (where the unit is eliminated, when it is)
    hexes: int  # hexes entered
    eliminated: str  # why the unit is eliminated ("" when it survives)
    rule: str
    problem: str  # a path the rules do not allow at all (not hex by hex, not away from the battle hex)
    escaped: bool  # 12.2: the one hex more out of a final EZOC hex
    area: bool  # 22.5: it ended in a friendly Entry Area
    final_ezoc: bool = False  # the path ends in a vacant EZOC hex (12.2: eliminated if the retreat ends there)


def _dist(ctx: Context, a: str, b: str) -> int:
    hexes = ctx.game.map.hexes
    return distance(hexes[a].hex, hexes[b].hex)


def _friendly_area(ctx: Context, side: str, loc: str) -> bool:
    return scenario_facts(ctx).areas.get(loc) == side


def _shut(ctx: Context, state: State, uid: str, side: str):
    """The steps no retreat takes without elimination (12.2): what movement may never cross (the Volga at every
    hexside, even a Ferry), unbridged unfrozen Major Rivers but at a Pontoon Bridge, enemy Hexside Bonds."""
    sit = situation(ctx, state)
    i = table(ctx)[uid, state.units[uid].face]
    c = crossings(ctx)
    base = closed(ctx, sit, side, i.mechanized, "mountain_unit" in i.tags, None)
    pontoon = pontoon_steps(ctx, state, side, True)
    rivers = major_closed(ctx, sit)
    bonds = enemy_bonds(ctx, state, side).closed
    return tuple(a | v | (m & ~p) | bd for a, v, m, p, bd in zip(base, c.volga_all, rivers, pontoon, bonds))


class Ground(NamedTuple):
    """What a retreating unit of one side meets."""

    shut: tuple
    enemy: int  # hexes with an enemy unit
    bond_hexes: int
    ezoc: int  # EZOC hexes not negated (no friendly unit there that did not retreat this phase)
    playing: frozenset[str]


def ground(ctx: Context, state: State, uid: str, side: str) -> Ground:
    enemy = sides(ctx, state, other(ctx, side)).units
    enemy ^= enemy & contested_bits(ctx, state)  # 29.1.2: a retreat may enter a Contested City hex
    return Ground(_shut(ctx, state, uid, side), enemy,
                  enemy_bonds(ctx, state, side).hexes, ezoc_bits(ctx, state, side) & ~_staying(ctx, state, uid, side),
                  in_play(ctx))


def _staying(ctx: Context, state: State, uid: str, side: str) -> int:
    """The locations of ``side``'s units that negate an EZOC for ``uid``'s retreat (12.2): those with a unit of the
    side, other than ``uid``, that did not retreat this phase. All of the side's locations but those whose units all
    retreated (only the locations of the units that retreated are looked at, not every location of the side)."""
    gone = battles(state).retreated | {uid}
    out = sides(ctx, state, side).units
    bit = move_bits(ctx).bit
    for u in gone:
        us = state.units.get(u)  # (``uid`` may name no unit: a battle asks about its hex)
        if us is None or us.loc not in bit or ctx.game.units[u].side != side:
            continue
        if all(x in gone for x in units_at(ctx, state, side, us.loc)):
            out ^= out & bit[us.loc]
    return out


def walk(ctx: Context, state: State, uid: str, path: Sequence[str], away: str | None, g: Ground) -> Walk:
    """The retreat of ``uid`` along ``path`` (12.2, 22.5, 5.7.3); ``away``: the battle hex each hex must be one farther
    from (None: no such rule)."""
    side = ctx.game.units[uid].side
    bit = move_bits(ctx).bit
    cur = state.units[uid].loc or ""
    d0 = _dist(ctx, cur, away) if away in ctx.game.map.hexes and cur in ctx.game.map.hexes else 0
    last_ez = False
    for n, nxt in enumerate(path, start=1):
        if nxt in ctx.board.water:
            return Walk(nxt, n, f"it retreats out to sea ({nxt})", "5.7.3", "", False, False)
        if nxt not in ctx.board.neighbours.get(cur, ()):
            return Walk(cur, n - 1, "", "", f"{nxt} is not adjacent to {cur}; a retreat goes hex by hex", False, False)
        if nxt in ctx.game.map.areas:
            if _friendly_area(ctx, side, nxt) and nxt in g.playing:
                beyond = f"a retreat into a friendly Entry Area ({nxt}) ends there (22.5)" if n < len(path) else ""
                return Walk(nxt, n, "", "", beyond, False, True)
            return Walk(nxt, n, f"it retreats off the map into {nxt}, not a friendly Entry Area", "22.5", "", False,
                        False)
        if nxt not in g.playing:
            return Walk(nxt, n, f"it retreats off the map ({nxt} is not in play)", "12.2", "", False, False)
        if away is not None and cur in ctx.game.map.hexes and _dist(ctx, nxt, away) != d0 + n:
            return Walk(cur, n - 1, "", "", f"{nxt} is not one hex farther from the battle hex {away}; each hex of a "
                                            "retreat leads away from it", False, False)
        d = ctx.board.step_index.get((cur, nxt))
        b = bit[nxt]
        if d is not None and g.shut[d] & bit[cur]:
            return Walk(nxt, n, _crossing_words(ctx, state, side, cur, nxt), "12.2", "", False, False)
        if b & g.enemy:
            return Walk(nxt, n, f"it retreats into {nxt}, which holds an enemy unit", "12.2", "", False, False)
        if b & g.bond_hexes:
            return Walk(nxt, n, f"it retreats into an enemy Hex Bond ({nxt})", "12.2", "", False, False)
        ez = bool(b & g.ezoc)
        if ez and last_ez:
            return Walk(nxt, n, f"it retreats into two vacant hexes in an EZOC in a row ({cur}, {nxt})", "12.2", "",
                        False, False)
        last_ez = ez
        cur = nxt
    escaped = len(path) >= 2 and bool(bit.get(path[-2], 0) & g.ezoc) and not last_ez
    return Walk(cur, len(path), "", "", "", escaped, False, last_ez)


def final(w: Walk) -> Walk:
    """The walk as the whole retreat: ending in a vacant EZOC hex eliminates the unit (12.2)."""
    if w.final_ezoc and not w.eliminated and not w.problem:
        return w._replace(eliminated=f"its retreat ends in a vacant hex in an EZOC ({w.end})", rule="12.2")
    return w


def _crossing_words(ctx: Context, state: State, side: str, a: str, b: str) -> str:
    feats = ctx.board.hexside(a, b)
    if "volga" in feats:
        return f"it retreats across the Volga ({a}-{b}), even at a Ferry or bridge"
    if "major_river" in feats:
        return f"it retreats across the unbridged Major River {a}-{b} (no bridge, Ferry or Pontoon Bridge)"
    if enemy_bonds(ctx, state, side).crosses(ctx, a, b):
        return f"it retreats across an enemy Hexside Bond ({a}-{b})"
    return f"it retreats across the hexside {a}-{b}, which it may not cross in movement"


def _stop(ctx: Context, state: State, side: str, loc: str, g: Ground) -> str:
    """Why a retreat may end short here (12.1.3 (4) pay, (5) City/Fort), or ""."""
    bit = move_bits(ctx).bit
    h = ctx.game.map.hexes.get(loc)
    if h is None:
        return ""
    friendly_city = h.settlement in ("major_city", "minor_city") and state.control.get(loc, side) == side
    if (friendly_city or fortified(ctx, state, loc, side)) and not bit[loc] & g.ezoc:
        return "city"
    b = battles(state)
    if any(ctx.game.units[u].side == side and u not in b.retreated for u in units_in(ctx, state, loc)):
        return "pay"
    return ""


class Option(NamedTuple):
    path: tuple[str, ...]
    walk: Walk
    stop: str  # "", "city", "pay": the end is short of the length and may stop so


def options(ctx: Context, state: State, uid: str, away: str, length: int, g: Ground | None = None,
            least: int | None = None) -> list[Option]:
    """Every retreat of ``uid`` of up to ``length`` hexes away from ``away`` (and the one more hex of 12.2), with where
    it leads: those that end short only where 12.1.3 (4)-(5) let them, or (``least``: a Delay's one hex, 11.6.1,
    :func:`shortest`) anywhere from ``least`` hexes on."""
    side = ctx.game.units[uid].side
    g = g or ground(ctx, state, uid, side)
    start = state.units[uid].loc or ""
    out: list[Option] = []

    def go(path: tuple[str, ...]) -> None:
        w = walk(ctx, state, uid, path, away, g)
        if w.problem:
            return
        n = len(path)
        if w.eliminated or w.area:
            out.append(Option(path, w, ""))
            return
        if n >= length:
            out.append(Option(path, final(w), ""))
            if w.final_ezoc:  # 12.2: one hex more may save it
                for nxt in ctx.board.neighbours.get(path[-1], ()):
                    x = final(walk(ctx, state, uid, path + (nxt,), None, g))
                    if not x.problem and (x.hexes == n + 1 or x.eliminated) and _dist_ok(ctx, away, nxt, length):
                        out.append(Option(path + (nxt,), x, ""))
            return
        if least is not None and n >= least:
            out.append(Option(path, final(w), ""))
        else:
            stop = _stop(ctx, state, side, path[-1], g)
            if stop and not w.final_ezoc:
                out.append(Option(path, w, stop))
        for nxt in ctx.board.neighbours.get(path[-1], ()):
            go(path + (nxt,))

    for nxt in ctx.board.neighbours.get(start, ()):
        go((nxt,))
    return out


def _dist_ok(ctx: Context, away: str, loc: str, length: int) -> bool:
    """The one hex more of 12.2 goes no nearer the battle hex than the retreat's length."""
    return loc not in ctx.game.map.hexes or away not in ctx.game.map.hexes or _dist(ctx, loc, away) >= length


def _mark(ctx: Context, state: State, uid: str, full: bool) -> str:
    """13.1.2-13.1.3: the unit's state after a retreat."""
    us = state.units[uid]
    if not table(ctx)[uid, us.face].combat:
        return GOOD_ORDER
    return FULL_RETREAT if full or us.order != GOOD_ORDER else DISRUPTED


def _owing(ctx: Context, state: State, uid: str) -> tuple[Combat | None, int, str]:
    """(the combat whose retreat ``uid`` makes, the hexes, what it is: "combat", "delay", "auto", "disengage", "")."""
    c = current(state)
    us = state.units[uid]
    if c is not None and (uid in c.to_retreat or (us.loc == c.target and ctx.game.units[uid].side != c.side
                                                   and c.retreat and not c.cancelled)):
        return c, (combat_facts(ctx).delay_retreat if c.delay else c.retreat), "delay" if c.delay else "combat"
    if disengaging(state, uid):
        return None, 2, "disengage"
    if us.order == FULL_RETREAT and (auto_retreat_owed(ctx, state, uid) or uid in battles(state).auto_owed):
        return None, combat_facts(ctx).auto_retreat, "auto"
    if _goes_along(ctx, state, uid):
        return None, combat_facts(ctx).auto_retreat, "auto"
    return None, 0, ""


AUTO_FROM = "auto_from:"  # in ``State.logged``: a hex a unit in Full Retreat left by its automatic retreat (13.3.2)


def _goes_along(ctx: Context, state: State, uid: str) -> bool:
    """19.3: a Non-Combat Unit but an SP, stacked with a unit in Full Retreat making its automatic retreat (13.3.2:
    owed now, or just made from this hex), may retreat with it."""
    us = state.units[uid]
    t = table(ctx)[uid, us.face]
    if t.combat or "supply" in t.tags or (us.loc or "") not in ctx.game.map.hexes:
        return False
    if AUTO_FROM + (us.loc or "") in state.logged:
        return True
    side = ctx.game.units[uid].side
    return any(u in battles(state).auto_owed for u in units_in(ctx, state, us.loc or "")
               if ctx.game.units[u].side == side)


def auto_retreat_owed(ctx: Context, state: State, uid: str, any_unit: bool = False) -> bool:
    """13.3.2: a unit in Full Retreat next to an enemy Combat Unit (``any_unit``: any enemy unit, for its elimination
    at the start of a phase), not stacked with a friendly Combat Unit that is not in Full Retreat."""
    us = state.units[uid]
    side = ctx.game.units[uid].side
    bit = move_bits(ctx).bit
    here = bit.get(us.loc or "", 0)
    enemy = sides(ctx, state, other(ctx, side))
    if not here or not adjacent_bits(ctx, state, here) & (enemy.units if any_unit else enemy.combat):
        return False
    return _unshielded(ctx, state, uid)


def _unshielded(ctx: Context, state: State, uid: str) -> bool:
    """13.3.2: a unit in Full Retreat on the map, not stacked with a friendly Combat Unit not in Full Retreat."""
    us = state.units[uid]
    if us.order != FULL_RETREAT or (us.loc or "") not in ctx.game.map.hexes:
        return False
    side = ctx.game.units[uid].side
    for u in units_in(ctx, state, us.loc or ""):
        x = state.units[u]
        if u != uid and ctx.game.units[u].side == side and x.order != FULL_RETREAT and table(ctx)[u, x.face].combat:
            return False
    return True


def _unowed(ctx: Context, state: State, uid: str, who: str, full_path: tuple[str, ...]) -> Finding:
    """A retreat nothing asks for (12.1.1); a defender whose retreat its Determined Defense cancelled breaks the rule
    that cancelled it: a City Battle (11.6.2) or a Success (11.4); a unit that attacked this phase, 12.1.5 (the
    attacker never retreats but from a successful Disengagement, which asks its retreat)."""
    c = current(state)
    dd = c.determined if c is not None else None
    if (c is not None and dd is not None and c.cancelled and state.units[uid].loc == c.target
            and ctx.game.units[uid].side != c.side):
        if dd.city_battle:
            return Finding("11.6.2", f"{who} owes no retreat: the Partial Success in the City hex {c.target} put a "
                                     "City Battle marker there and cancelled the retreat", (uid,), full_path)
        return Finding("11.4", f"{who} owes no retreat: the Determined Defense's Success cancelled it", (uid,),
                       full_path)
    if uid in battles(state).attacked or (c is not None and uid in c.attackers):
        return Finding("12.1.5", f"{who} attacked this phase: the attacker never retreats (only after a successful "
                                 "Disengagement, 27.2.3)", (uid,), full_path)
    return Finding("12.1.1", f"{who} owes no retreat: no combat result, Full Retreat next to an enemy Combat Unit "
                             "(13.3.2) or Disengagement asks it", (uid,), full_path)


def _off_the_map(ctx: Context, state: State, action: Action) -> list[Finding]:
    """12.1.1: only a unit on the map owes a retreat; a ``retreat`` line of one off it (eliminated, removed, not
    placed) is reported and has no effect (a line that names only the unit's own hex is no retreat)."""
    uid = action["unit"]
    if state.units[uid].loc in ctx.board.locations or not action["path"]:
        return []
    return [Finding("12.1.1", f"{name(ctx, state, uid)} is not on the map: it owes no retreat", (uid,),
                    tuple(action["path"]))]


def handle_retreat(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``retreat`` line (12.1-12.4, 13.1.2-13.1.3, 13.3.2, 22.5, 5.7.3)."""
    moving = line_path(ctx, state, action)
    if moving is None:
        return state, _off_the_map(ctx, state, action)
    uid, path = moving
    us = state.units[uid]
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    c, length, what = _owing(ctx, state, uid)
    findings: list[Finding] = []
    full_path = (us.loc or "",) + path
    if not what:
        findings.append(_unowed(ctx, state, uid, who, full_path))
    away = c.target if c is not None else us.loc
    g = ground(ctx, state, uid, side)
    if c is not None and c.kind != BREAKTHROUGH and uid in battles(state).retreated and uid in c.defenders:
        c = _tried(c, length)
        findings.append(Finding("12.4", f"{who} retreated into {us.loc} earlier this phase and must retreat again: it "
                                        "is eliminated, not retreated", (uid,), full_path))
        return _done(ctx, state, c, uid, (), us.loc or "", True, 0), findings
    w = _walk_retreat(ctx, state, uid, path, away if what != "disengage" else us.loc, length, g)
    if w.problem:
        findings.append(Finding("12.1.1", f"{who}: {w.problem}", (uid,), full_path))
    if c is not None and what == "combat":  # what a pay may answer (12.1.3 (4)), a stop the rules forbid included
        c = _tried(c, 0 if w.area else length if w.eliminated else length - min(len(path), length))
    short = 0
    if what in ("combat", "delay", "auto") and not w.problem and not w.eliminated and not w.area:
        short, problem = _length(ctx, state, side, w, length, what, g)
        if problem:
            # a Delay's one or two hexes are 11.6.1's (12.1.1 gives the CRT's lengths): the rule that sets the length
            findings.append(Finding("11.6.1" if what == "delay" else "12.1.1", f"{who} {problem}", (uid,), full_path))
            if what == "auto" and w.hexes < length:
                state = evolve(state, logged=state.logged | {SHORT_AUTO + uid})
    if what in ("combat", "delay", "auto", "disengage") and not w.problem:
        findings += _guidelines(ctx, state, uid, away or "", length, w, g, full_path, c, what == "disengage")
    if what == "auto" and us.order == FULL_RETREAT:  # 19.3: its Non-Combat Units may follow it
        state = evolve(state, logged=state.logged | {AUTO_FROM + (us.loc or "")})
    full = c.full if c is not None else False
    return _done(ctx, state, c, uid, path[:w.hexes], w.end, bool(w.eliminated), short, full), findings


def _tried(c: Combat, short: int) -> Combat:
    """The combat with a retreat ``short`` hexes short (an elimination: its whole length) noted (12.1.3 (4))."""
    return evolve(c, tried=short) if short > c.tried else c


def _walk_retreat(ctx: Context, state: State, uid: str, path: Sequence[str], away: str | None, length: int,
                  g: Ground) -> Walk:
    """The whole retreat along ``path``: ``length`` hexes away from the battle hex, and the one hex more of 12.2 out of
    a final vacant EZOC hex (no nearer the battle hex than ``length``)."""
    if away is not None and len(path) == length + 1:
        w = walk(ctx, state, uid, path[:-1], away, g)
        if not (w.problem or w.eliminated or w.area) and w.final_ezoc and _dist_ok(ctx, away, path[-1], length):
            return final(walk(ctx, state, uid, path, None, g))
    return final(walk(ctx, state, uid, path, away, g))


def pay_owed(ctx: Context, state: State, c: Combat, short: int) -> int | None:
    """12.1.3 (4): the steps still to pay when a retreat of combat ``c`` ends ``short`` hexes short (the most any of
    its retreats ended short, less what was paid), or None when the defenders cannot pay them: more than three in all,
    or as many as the defenders have left on the map (paying them all eliminates the stack, so the stop saves no
    unit, guideline 1)."""
    need = max(0, max([short, *c.short.values()]) - c.paid)
    have = sum(steps_left(ctx, state, u) for u in c.defenders)
    if c.paid + need > combat_facts(ctx).pay_steps or need >= have:
        return None
    return need


def saving(ctx: Context, state: State, c: Combat | None, length: int, o: Option) -> bool:
    """Whether the retreat ``o`` keeps the unit alive (12.1.3 (1)): it is not eliminated (12.2), and when it ends
    short, the stop is one the retreat may make: a Delay's one hex (11.6.1), a City or Fortification (12.1.3 (5)), or
    friendly units with the steps paid (12.1.3 (4), :func:`pay_owed`). A retreat of no combat (13.3.2's automatic
    one) stops short only in a City or Fortification: (4)'s steps are "additional" to a combat's losses."""
    if o.walk.eliminated:
        return False
    if not o.stop or o.stop == "city" or (c is not None and c.delay):
        return True
    return c is not None and pay_owed(ctx, state, c, length - o.walk.hexes) is not None


def shortest(c: Combat | None) -> int | None:
    """11.6.1: a Delay retreats one or two hexes (the shortest whole retreat, for :func:`options`); None otherwise."""
    return 1 if c is not None and c.delay else None


def alive(ctx: Context, state: State, uid: str, away: str, length: int, c: Combat | None,
          g: Ground | None = None) -> list[Option]:
    """The retreats of ``uid`` that keep it alive (:func:`saving`); ``c``: the combat whose retreat it makes. A
    Delay's are one hex or two, never a third past an EZOC (11.6.1, as :func:`_length` has it)."""
    found = [o for o in options(ctx, state, uid, away, length, g, shortest(c)) if saving(ctx, state, c, length, o)]
    return [o for o in found if o.walk.hexes <= length] if c is not None and c.delay else found


def _forced(ctx: Context, state: State, uid: str, away: str, length: int, g: Ground, c: Combat | None) -> bool:
    """Whether every retreat of the unit eliminates it (12.2) or ends short where it cannot pay (12.1.3 (4)): the log
    shows the elimination, not a violation."""
    return not alive(ctx, state, uid, away, length, c, g)


def _length(ctx: Context, state: State, side: str, w: Walk, length: int, what: str, g: Ground) -> tuple[int, str]:
    """(hexes short to be paid for, what is wrong with the length) (12.1.1, 12.1.3 (3)-(5), 11.6.1, 13.3.2)."""
    if what == "delay":
        return 0, "" if 1 <= w.hexes <= length else f"retreats {w.hexes} hexes; a Delay retreats one or two (11.6.1)"
    if w.hexes == length or (w.hexes == length + 1 and w.escaped):
        return 0, ""
    stop = _stop(ctx, state, side, w.end, g) if w.hexes < length and what in ("combat", "auto") else ""
    if stop == "city":  # 12.1.3 (5): "all retreats", 13.3.2's automatic one too
        return 0, ""
    if w.hexes < length and what == "combat":
        if stop == "pay":
            return length - w.hexes, ""
        return 0, (f"retreats {w.hexes} hex(es) of {length}; a retreat ends short only in a friendly-controlled City "
                   "or Fortification hex free of EZOCs, or with friendly units that did not retreat, paying a step "
                   "per hex (12.1.3)")
    city = (" (only a friendly-controlled City or Fortification hex free of EZOCs stops it short, 12.1.3 (5))"
            if what == "auto" and w.hexes < length else "")
    return 0, f"retreats {w.hexes} hex(es); it must retreat {length}{city}"


def _guidelines(ctx: Context, state: State, uid: str, away: str, length: int, w: Walk, g: Ground,
                full_path: tuple[str, ...], c: Combat | None, disengage: bool = False) -> list[Finding]:
    """12.1.3 (1)-(2): not into elimination, and to a hex with a Line of Supply, when another retreat does better.
    The other retreats are walked only when a guideline asks about them: a retreat into elimination, or one that
    ends without a Line of Supply (most end with one: no walk of every retreat then). ``disengage``: a
    Disengagement's retreat (27.2.3: "all rules of Retreats"), whose other retreats are those of one or two hexes that
    enter no EZOC hex without a friendly unit; one that breaks that is 27.2.3's one report (``reserves``)."""
    side = ctx.game.units[uid].side
    if not w.eliminated and (w.area or traces(ctx, state, side, w.end)):
        return []
    if disengage:
        if ezoc_entered(ctx, state, uid, full_path[1:]):
            return []
        safe = [o for o in options(ctx, state, uid, away, length, g, 1) if saving(ctx, state, None, length, o)
                and not ezoc_entered(ctx, state, uid, o.path)]
    else:
        safe = alive(ctx, state, uid, away, length, c, g)
    if w.eliminated:
        if not safe:
            return []
        best = safe[0].path
        return [Finding("12.1.3", f"{name(ctx, state, uid)} retreats into elimination ({w.eliminated}) though it "
                                  f"could retreat without ({'-'.join(best)}): guideline 1", (uid,), full_path)]
    fed = [o for o in safe if o.walk.area or traces(ctx, state, side, o.walk.end)]
    if fed:
        return [Finding("12.1.3", f"{name(ctx, state, uid)} ends its retreat in {w.end} without a Line of Supply "
                                  f"though it could end in {fed[0].walk.end} with one: guideline 2", (uid,), full_path)]
    return []


def _done(ctx: Context, state: State, c: Combat | None, uid: str, entered: Sequence[str], end: str, eliminated: bool,
          short: int, full: bool = False) -> State:
    """The retreat made: the unit ends (or is eliminated) at ``end``, marked (13.1.2-13.1.3); the combat and the
    phase's bookkeeping record it; control (16.3.4), Railheads (17.3.1), Air units with it (9.3.7)."""
    side = ctx.game.units[uid].side
    if eliminated:
        state = losses.eliminate(ctx, state, uid)
    else:
        units = dict(state.units)
        units[uid] = evolve(state.units[uid], loc=end, order=_mark(ctx, state, uid, full), train=False)
        note_changes(ctx, state.units, units, [uid])
        state = evolve(state, units=units)
    state = control.enter(ctx, state, side, [x for x in entered if x in ctx.game.map.hexes])
    b = battles(state)
    state = evolve(state, battles=evolve(b, retreated=b.retreated | {uid}))
    if c is not None:
        c = evolve(c, to_retreat=c.to_retreat - {uid}, retreated=c.retreated | {uid}, ends={**c.ends, uid: end},
                   short={**c.short, uid: short} if short else c.short)
        state = put(state, c)
    state = air.left(ctx, state, [uid])
    return railheads.after_move(ctx, state, side)


def settle(ctx: Context, state: State, c: Combat) -> tuple[State, list[Finding]]:
    """When the combat ends: units that still owe their retreat are eliminated when every retreat would eliminate them
    (12.2) or they retreated into the hex this phase (12.4), else reported (12.1.1; 11.4.3 after a failed Determined
    Defense, not a Desperate one: its Fail leaves the retreat owed); short retreats paid for (12.1.3 (4))."""
    findings = []
    length = _length_owed(ctx, c)
    for uid in _still_owing(state, c, length):
        c = _tried(c, length)  # eliminated (12.2, 12.4) or reported (12.1.1): no step of it paid for nothing
        if _doomed(ctx, state, c, uid, length):
            state = losses.eliminate(ctx, state, uid)
            continue
        dd = " (or make a Determined Defense)" if c.determined is None and c.colour != "no" and \
            combat_facts(ctx).results[c.result].determined else ""
        failed = c.determined is not None and c.determined.result == FAIL and not c.determined.desperate
        if failed:
            dd = " (its Determined Defense failed: the retreat stands)"
        findings.append(Finding("11.4.3" if failed else "12.1.1",
                                f"{name(ctx, state, uid)} must retreat {length} hexes after the {c.result} at "
                                f"{c.target}{dd}", (uid,), (c.target,)))
    need = max(c.short.values(), default=0)
    if c.paid > c.tried:
        findings.append(Finding("12.1.3", f"{c.paid} step(s) paid to shorten the retreat from {c.target}, but "
                                          + (f"its retreats ended at most {c.tried} hex(es) short" if c.tried else
                                             "no retreat of it ended short")
                                          + ": a step is paid only for a hex short (guideline 4)", (), (c.target,)))
    elif need > c.paid:
        findings.append(Finding("12.1.3", f"the retreat from {c.target} ended {need} hex(es) short with friendly units "
                                          f"but paid {c.paid} step(s): one step a hex (loss with pay)", (),
                                (c.target,)))
    return state, findings


def _length_owed(ctx: Context, c: Combat) -> int:
    return combat_facts(ctx).delay_retreat if c.delay else c.retreat


def _still_owing(state: State, c: Combat, length: int) -> list[str]:
    """The units of ``c`` still in its hex that owe their retreat (none after a Success, 11.4)."""
    return [] if c.cancelled or not length else [u for u in sorted(c.to_retreat) if state.units[u].loc == c.target]


def _doomed(ctx: Context, state: State, c: Combat, uid: str, length: int) -> bool:
    """12.4: a unit that retreated into the hex this phase (not in a Breakthrough Combat, 15.3.2), or 12.2: one every
    retreat of which eliminates it: eliminated, its only outcome."""
    return (c.kind != BREAKTHROUGH and uid in battles(state).retreated) or _forced(
        ctx, state, uid, c.target, length, ground(ctx, state, uid, us_side(ctx, uid)), c)


def sure_retreats(ctx: Context, state: State, c: Combat) -> tuple[State, Combat]:
    """When the combat's advance begins (8.3 step 3: retreats before advances): the units whose only outcome is
    elimination (:func:`_doomed`) are eliminated; the others' retreats stay owed (:func:`settle`)."""
    length = _length_owed(ctx, c)
    for uid in _still_owing(state, c, length):
        tried = _tried(c, length)  # as settle() weighs it: an elimination counts as a retreat its whole length short
        if _doomed(ctx, state, tried, uid, length):
            c, state = tried, losses.eliminate(ctx, state, uid)
    return state, c


def us_side(ctx: Context, uid: str) -> str:
    return ctx.game.units[uid].side


def can_retreat(ctx: Context, state: State, uid: str, away: str, length: int, c: Combat | None) -> bool:
    """Whether some retreat of ``uid`` keeps it alive (11.5.1, 12.2, 12.1.3 (4): :func:`saving`); ``c``: the combat
    whose retreat it makes (None: 13.3.2's automatic retreat)."""
    return not _forced(ctx, state, uid, away, length, ground(ctx, state, uid, us_side(ctx, uid)), c)


MOVING = frozenset({"move", "rail", "sea", "advance", "retreat"})  # lines that take a unit next to others (13.3.2)


def came_next_to(ctx: Context, before: State, state: State, action: Action) -> State:
    """13.3.2: a line that took an enemy Combat Unit to a hex next to units in Full Retreat (not stacked with a
    friendly Combat Unit not in Full Retreat) makes them owe their automatic retreat at once, unless every retreat
    would eliminate them: any hex its ``path`` enters counts (the enemy moves on after the retreat), where the line
    ends for a ``to`` or a rail or sea move."""
    if action.type not in MOVING:
        return state
    uid = action.get("unit")
    us = state.units.get(uid) if isinstance(uid, str) else None
    if us is None or us.loc == before.units[uid].loc or not table(ctx)[uid, us.face].combat:
        return state
    side = ctx.game.units[uid].side
    them = sides(ctx, state, other(ctx, side))
    if not them.retreating:  # no enemy unit in Full Retreat anywhere (most lines): nothing to look at
        return state
    hexes = ctx.game.map.hexes
    path = action.get("path") if action.type in ("move", "advance", "retreat") else None
    entered = [h for h in (path or ()) if h in hexes and h != before.units[uid].loc]
    if us.loc in hexes and us.loc not in entered:
        entered.append(us.loc)
    # an enemy unit in Full Retreat and unshielded is in a location of the enemy's units where none has a ZOC (every
    # unit with a ZOC is a Combat Unit not in Full Retreat, which shields it, 13.3.2): the hexes entered next to no
    # such location are passed over without a look at their units (the mask may hold more locations than are
    # unshielded, never fewer)
    around_bits = _neighbour_bits(ctx)
    next_to = 0
    for h in entered:
        next_to |= around_bits.get(h, 0)
    exposed = them.units & next_to  # (cut to the hexes next to those entered first: the side's masks span the board)
    exposed ^= exposed & them.projecting
    if not exposed:
        return state
    enemy = side_at(ctx, state, other(ctx, side))  # kept per side: no new position per move
    length = combat_facts(ctx).auto_retreat
    bit = move_bits(ctx).bit
    owed: set[str] = set()
    for h in entered:
        if not exposed & around_bits.get(h, 0):
            continue
        near = [(n, u) for n in ctx.board.neighbours.get(h, ()) for u in enemy.get(n, ()) if _unshielded(ctx, state, u)]
        if not near:
            continue
        around = adjacent_bits(ctx, state, bit.get(h, 0))  # next to it for the rules (2.2.3, 22.4), as 13.3.2 reads
        owed |= {u for n, u in near if bit.get(n, 0) & around and can_retreat(ctx, state, u, h, length, None)}
    if not owed:
        return state
    b = battles(state)
    return evolve(state, battles=evolve(b, auto_owed=b.auto_owed | owed))


def _neighbour_bits(ctx: Context) -> dict[str, int]:
    """Location -> the bits (``move_bits``) of the locations next to it on the board (made once per loaded game)."""
    def make(c: Context) -> dict[str, int]:
        bit = move_bits(c).bit
        out = {}
        for loc, near in c.board.neighbours.items():
            m = 0
            for n in near:
                m |= bit.get(n, 0)
            out[loc] = m
        return out
    return once(ctx, "s42_neighbour_bits", make)


def settled(state: State, action: Action) -> State:
    """13.3.2: an owed unit's own ``retreat``, ``remove`` or ``loss`` line settles what it owed."""
    if action.type not in ("retreat", "remove", "loss"):
        return state
    b = battles(state)
    uid = action.get("unit")
    if uid in b.auto_owed:
        return evolve(state, battles=evolve(b, auto_owed=b.auto_owed - {uid}))
    return state


def owed_first(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """13.3.2: the automatic retreats owed come before any other line (a unit's own ``retreat``, or its ``remove`` or
    ``loss``, settles it); another line reports each unit that still owes its retreat."""
    b = battles(state)
    if not b.auto_owed or action.type == "note":
        return state, []
    uid = action.get("unit")
    if action.type in ("retreat", "remove", "loss") and uid in b.auto_owed:
        return state, []  # settled by this line (handle_retreat still reads it owed; settled() forgets it)
    length = combat_facts(ctx).auto_retreat
    findings = [Finding("13.3.2", f"{name(ctx, state, u)} is in Full Retreat and an enemy Combat Unit came next to it: "
                                  f"it must retreat {length} hexes at once, before any other line", (u,),
                        (state.units[u].loc or "",))
                for u in sorted(b.auto_owed) if _unshielded(ctx, state, u)]
    return evolve(state, battles=evolve(b, auto_owed=frozenset())), findings


__all__ = ["alive", "auto_retreat_owed", "came_next_to", "can_retreat", "handle_retreat", "options", "owed_first",
           "pay_owed", "saving", "settle", "settled", "shortest", "sure_retreats", "walk"]


def handle_remove(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``remove`` line; a defender that owes a retreat is eliminated so only when every retreat would eliminate it
    (12.2, 12.1.3 (1)) or it retreated into the hex this phase (12.4)."""
    uid = action["unit"]
    c = current(state)
    findings = []
    if c is not None and uid in c.to_retreat and action["to"] == losses.box(ctx, us_side(ctx, uid), "eliminated"):
        length = combat_facts(ctx).delay_retreat if c.delay else c.retreat
        again = c.kind != BREAKTHROUGH and uid in battles(state).retreated
        safe = [] if again else alive(ctx, state, uid, c.target, length, c)
        if safe:
            paid = f", paying {pay_owed(ctx, state, c, length - safe[0].walk.hexes)} step(s) (12.1.3 (4))" \
                if safe[0].stop == "pay" and not c.delay else ""
            findings.append(Finding("12.1.3", f"{name(ctx, state, uid)} could retreat ({'-'.join(safe[0].path)}"
                                              f"{paid}) instead of being eliminated: guideline 1", (uid,),
                                    (c.target,)))
        state = put(state, evolve(_tried(c, length), to_retreat=c.to_retreat - {uid}, retreated=c.retreated | {uid}))
    state, more = losses.handle_remove(ctx, state, action)
    return air.left(ctx, state, [uid]), findings + more
