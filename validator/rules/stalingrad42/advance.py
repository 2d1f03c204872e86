"""Advance After Combat (14.0), the Breakthrough Group's advance (15.2), the Automatic DS's advance (8.6.2): each
``advance`` line is checked hex by hex against the combat being resolved.

- 14.1: when the defender is eliminated or has retreated, the attacking units (not the ASUs that gave a shift), and
  Good Order units stacked with them that have not attacked or advanced this phase, may advance; activated Reserves
  (25.2.3) up to two hexes; never a unit with a Replacement marker (21.4). Counting hexes, not MPs.
- 14.2: the result's Adv number (halved in Rain and Mud, one less in Snow: 23.2.3-23.2.4), capped by the unit's
  rate: mechanized 4 (but the Soviet Army HQs with an MA of 3: 2, 20.1.3), cavalry 3, the rest 2; Out of Supply 2
  (16.4). 14.2.3: a Limited Advance (every defender eliminated in an EX; the last step lost in a successful
  Determined Defense, 11.4.2): only into the vacated hex. 14.2.4, 11.6.1: a Delay: one hex in any direction.
- 14.3: any direction. 14.4.1: never into or across an enemy ZOC Bond but into the vacated hex. 14.4.2: a unit stops
  when it enters an EZOC (a friendly unit there changes nothing), except in the vacated hex, which it may pass.
- 14.5: never where movement may not go; an unbridged, unfrozen Major River (the Volga's crossing sites too, 9.5.3)
  only as the first hex, into the vacated hex, by a unit that attacked across it (bridges and Pontoon Bridges at any
  point); a unit stops in a Marsh or Mountain hex entered off-road; a mechanized unit enters a Mountain hex only by
  road.
- 15.2: the Breakthrough Group's advance costs hexes of its allowance: forming in the vacated hex 1, declining to
  enter it 1 (15.2.4), each hex 1, each Breakthrough Combat 1 (entering its vacated hex is then free); an EZOC other
  than the vacated hex stops it unless it attacks (15.2.6); after a Breakthrough Combat without Adv 3 or Adv 4 it may
  only enter that vacated hex and stop (15.2.7). It never gains hexes (15.2.8).
- 8.6.2: the units of an Automatic DS advance after every combat of the phase, at their full rate.
- After an advance: control (16.3.4), enemy Non-Combat Units left alone in a hex entered are removed (19.3), held
  units released (20.4, 20.6), Railheads pushed back (17.3.1).
"""

from __future__ import annotations

from typing import Sequence

from ...engine.context import Context
from ...engine.paths import move_bits
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from . import control, losses, railheads, special, stacking
from .bonds import enemy_bonds
from .board import in_play
from .campaign_data import later
from .combat_data import combat_facts
from .combat_state import Combat, battles, line_path, put
from .contested import city_contest
from .data import facts, scenario_facts
from .movement import pontoon_steps
from .reserves import activated, unactivated
from .state import GOOD_ORDER, ISOLATED, OUT_OF_SUPPLY, State
from .terrain import closed, crossings, major_closed, situation, terrain_of
from .units import name, table
from .zoc import ezoc_bits, other, sides, units_in


def rate(ctx: Context, state: State, uid: str) -> tuple[int, str]:
    """14.2.2, 16.4, 20.1.3: the most hexes the unit advances, and why."""
    us = state.units[uid]
    i = table(ctx)[uid, us.face]
    a = combat_facts(ctx).advance
    if i.type == a.slow_hq_type and i.ma <= a.slow_hq_ma:
        n, why = a.other, "an Army HQ with an MA of 3 advances as infantry (20.1.3)"
    elif i.mechanized:
        n, why = a.mechanized, "a mechanized unit advances 4 hexes at most (14.2.2)"
    elif "mounted" in i.tags:
        n, why = a.mounted, "a cavalry unit advances 3 hexes at most (14.2.2)"
    else:
        n, why = a.other, "it advances 2 hexes at most (14.2.2)"
    if us.supply in (OUT_OF_SUPPLY, ISOLATED) and a.out_of_supply < n:
        n, why = a.out_of_supply, "Out of Supply, it advances 2 hexes at most (16.4)"
    return n, why


def vacated(ctx: Context, state: State, c: Combat) -> bool:
    """14.1: the defender's hex holds none of its Combat Units any more."""
    foe = other(ctx, c.side)
    return not any(ctx.game.units[u].side == foe and table(ctx)[u, state.units[u].face].combat
                   for u in units_in(ctx, state, c.target))


def _role(ctx: Context, state: State, c: Combat, uid: str) -> str:
    """How ``uid`` advances after ``c``: "group", "attacker", "stacked", "reserve", or ""."""
    if c.group is not None and uid in c.group.units:
        return "group"
    if uid in c.attackers:
        return "attacker"
    b = battles(state)
    if uid in c.stacked and state.units[uid].order == GOOD_ORDER and uid not in b.attacked \
            and (uid not in b.advanced or uid in c.advanced) \
            and not state.units[uid].reserve:  # 25.2.3: a Reserve advances once activated, not as a stacked unit
        return "stacked"
    if activated(state, uid):
        return "reserve"
    return ""


def terrain_problem(ctx: Context, state: State, uid: str, cur: str, nxt: str, river_ok: bool, role: str
                    ) -> tuple[str, str]:
    """(rule, words) when the ground forbids the unit the step (14.5; 15.2.9 for a Breakthrough Combat's target): a
    hexside it may not cross in movement; an unbridged, unfrozen Major River or the Volga (9.5.3) but where
    ``river_ok`` (the first hex, into the vacated hex, across the hexside it attacked across) or at a Pontoon Bridge
    (not for an activated Reserve, 25.2.3); a Mountain hex off-road for a mechanized unit; else ("", "")."""
    side = ctx.game.units[uid].side
    i = table(ctx)[uid, state.units[uid].face]
    bit = move_bits(ctx).bit
    sit = situation(ctx, state)
    d = ctx.board.step_index.get((cur, nxt))
    here = bit.get(cur, 0)
    if d is None:
        return "", ""
    flotilla = state.markers.flotilla if side == facts(ctx).volga_side else None
    shut = closed(ctx, sit, side, i.mechanized, "mountain_unit" in i.tags, flotilla)
    if shut[d] & here:
        return "14.5", f"the hexside {cur}-{nxt} may not be crossed in movement"
    volga = "volga" in ctx.board.hexside(cur, nxt)
    if major_closed(ctx, sit)[d] & here or volga:
        pontoon = pontoon_steps(ctx, state, side, i.combat)[d] & here and not volga
        if role == "reserve" and not pontoon:
            return "14.5", f"an activated Reserve never crosses an unbridged Major River ({cur}-{nxt}) (25.2.3)"
        if not pontoon and not river_ok:
            return "14.5", (f"the unbridged Major River {cur}-{nxt} is crossed only as the first hex, into the "
                            "defender's vacated hex, by a unit that attacked across it")
    t = ctx.game.tec[terrain_of(ctx, sit, nxt)]
    if t.extra.get("advance") == "stop_unless_road_no_mech" and i.mechanized and not crossings(ctx).road[d] & here:
        return "14.5", f"a mechanized unit enters the Mountain hex {nxt} only along a road"
    return "", ""


def _step_problem(ctx: Context, state: State, uid: str, cur: str, nxt: str, first: bool, c: Combat, role: str,
                  into: str) -> tuple[str, str]:
    """(rule, words) forbidding one advance step, or ("", "") (14.4.1, 14.5, 22.4)."""
    side = ctx.game.units[uid].side
    bit = move_bits(ctx).bit
    if nxt not in ctx.board.neighbours.get(cur, ()):
        return "14.1", f"{nxt} is not adjacent to {cur}; an advance goes hex by hex"
    if nxt in ctx.game.map.areas or nxt not in in_play(ctx):
        if scenario_facts(ctx).areas.get(nxt) == side and nxt in in_play(ctx):
            return "", ""
        return "22.4", f"{nxt} is not a friendly Entry Area nor a hex in play"
    if sides(ctx, state, other(ctx, side)).combat & bit[nxt]:
        return "14.5", f"{nxt} holds an enemy Combat Unit"
    bonds = enemy_bonds(ctx, state, side)
    if nxt != into and bonds.hexes & bit[nxt]:
        return "14.4.1", f"{nxt} is in an enemy Hex Bond (entered only as the defender's vacated hex)"
    if nxt != into and bonds.crosses(ctx, cur, nxt):
        return "14.4.1", f"the hexside {cur}-{nxt} is crossed by an enemy Hexside Bond"
    river_ok = first and nxt == c.target and role in ("attacker", "group") and state.units[uid].loc == cur \
        and cur in c.froms
    return terrain_problem(ctx, state, uid, cur, nxt, river_ok, role)


def _stops(ctx: Context, state: State, uid: str, cur: str, nxt: str, into: str) -> str:
    """Why the unit must stop in ``nxt`` (14.4.2, 14.5, 22.3.1), or ""."""
    side = ctx.game.units[uid].side
    bit = move_bits(ctx).bit
    if nxt in ctx.game.map.areas:
        return "it entered an Entry Area (22.3.1)"
    if nxt != into and ezoc_bits(ctx, state, side) & bit[nxt]:
        return f"it entered an EZOC at {nxt} (14.4.2)"
    sit = situation(ctx, state)
    t = ctx.game.tec[terrain_of(ctx, sit, nxt)]
    d = ctx.board.step_index.get((cur, nxt))
    road = d is not None and crossings(ctx).road[d] & bit.get(cur, 0)
    if str(t.extra.get("advance", "")).startswith("stop_unless_road") and not road:
        return f"it entered the {t.name} hex {nxt} off-road (14.5)"
    return ""


def _allowance(ctx: Context, state: State, c: Combat, uid: str, role: str) -> tuple[int, str, str]:
    """(hexes, rule, words) the unit may advance after ``c``: the result's Adv number (14.2.1; 12.3: the defender's
    elimination does not reduce it), capped by the unit's rate (14.2.2); a Delay one hex (14.2.4, 11.6.1); an activated
    Reserve two (25.2.3)."""
    cf = combat_facts(ctx)
    n, why = rate(ctx, state, uid)
    rule = "16.4" if "16.4" in why else "14.2.2"
    if c.delay:
        return min(cf.delay_advance, n), "14.2.4", "a Delay allows a one-hex advance (11.6.1)"
    if _limited(ctx, state, c) and role != "reserve":
        return 1, "14.2.3", "a Limited Advance enters the defender's vacated hex only"
    if role == "reserve":
        r = later(ctx).reserves.advance
        return (r, "25.2.3", "an activated Reserve advances two hexes") if r <= n else (n, rule, why)
    if c.adv < n:
        return c.adv, "14.2.1", f"the result allows Adv {c.adv} (after the weather, 23.2)"
    return n, rule, why


def _limited(ctx: Context, state: State, c: Combat) -> bool:
    """14.2.3: a Limited Advance: an EX or a successful Determined Defense that left the hex empty."""
    return c.limited or c.cancelled


def handle_advance(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``advance`` line (14.1-14.5: in any direction, 14.3; 15.2; 8.6.2)."""
    moving = line_path(ctx, state, action)
    if moving is None:
        return state, _off_the_map(ctx, state, action)
    uid, path = moving
    us = state.units[uid]
    who = name(ctx, state, uid)
    full = (us.loc or "",) + path
    c = battles(state).current
    if c is None:
        # 25.2.3: an activated Reserve advances even without any combat (its two hexes: reserves.after_advance)
        return _apply(ctx, state, None, uid, path), [] if activated(state, uid) else [
            unactivated(ctx, state, uid, full)
            or Finding("14.1", f"{who}: no combat is being resolved; units advance only after one", (uid,), full)]
    role = _role(ctx, state, c, uid)
    findings: list[Finding] = []
    if not role:
        findings.append(unactivated(ctx, state, uid, full) or Finding(
            "14.1", f"{who} neither attacked at {c.target} nor stood with its attackers in Good Order without having "
                    "attacked or advanced this phase (nor given them an artillery shift, as an ASU)", (uid,), full))
    if us.replaced and us.loc not in c.froms:  # out of an attackers' hex: that combat was reported (21.4), once
        findings.append(Finding("21.4", f"{who} has a Replacement marker: it does not advance", (uid,), full))
    held = not vacated(ctx, state, c)
    if held and path == (c.target,) and city_contest(ctx, c):
        pass  # 29.1.1: after a City Battle the attackers advance into the City hex and share it
    elif held:
        why = "the Determined Defense held it" if c.cancelled else "the defender has not left it"
        findings.append(Finding("14.1", f"{who} advances but {c.target} still holds the defender ({why})", (uid,),
                                full))
    elif _limited(ctx, state, c) and not c.delay and path != (c.target,):
        findings.append(Finding("14.2.3", f"{who}: a Limited Advance enters the defender's vacated hex {c.target} and "
                                          "stops", (uid,), full))
    elif c.cancelled and not c.limited:
        findings.append(Finding("11.1.1", f"{who}: the Determined Defense cancelled the advance", (uid,), full))
    if role == "group":
        more, c = _group_advance(ctx, state, c, uid, path, full)
        findings += [] if held else more
    else:
        findings += [] if held else _plain_advance(ctx, state, c, uid, path, full, role or "attacker")
        c = _after_plain(ctx, state, c, uid, path)
    b = battles(state)
    state = evolve(state, battles=evolve(b, advanced=b.advanced | {uid}))
    state = put(state, c)
    state, over = stacking.after_advance(ctx, _apply(ctx, state, c, uid, path), uid)
    return state, findings + over


def _off_the_map(ctx: Context, state: State, action: Action) -> list[Finding]:
    """14.1: only units of the combat on the map advance; one off it (eliminated, removed, not yet placed) does not:
    its line is reported and has no effect (a line that names only the unit's own hex is no advance)."""
    uid = action["unit"]
    if state.units[uid].loc in ctx.board.locations or not action["path"]:
        return []
    return [Finding("14.1", f"{name(ctx, state, uid)} is not on the map: only units on it advance after combat",
                    (uid,), tuple(action["path"]))]


def _plain_advance(ctx: Context, state: State, c: Combat, uid: str, path: Sequence[str], full: tuple[str, ...],
                   role: str) -> list[Finding]:
    """14.2-14.5 for a unit that is not in the Breakthrough Group."""
    who = name(ctx, state, uid)
    out: list[Finding] = []
    if uid in c.halted:  # (an earlier line of its advance stopped it: the rule of where it stands)
        here = state.units[uid].loc or ""
        rule = "22.3.1" if here in ctx.game.map.areas else "14.4.2" if here != c.target and \
            ezoc_bits(ctx, state, ctx.game.units[uid].side) & move_bits(ctx).bit.get(here, 0) else "14.5"
        return out + [Finding(rule, f"{who} had to stop where its advance ended ({here})", (uid,), full)]
    n, rule, why = _allowance(ctx, state, c, uid, role)
    spent = c.advanced.get(uid, 0)
    cur = state.units[uid].loc or ""
    for k, nxt in enumerate(path):
        r, words = _step_problem(ctx, state, uid, cur, nxt, spent + k == 0, c, role, c.target)
        if r:
            out.append(Finding(r, f"{who}: {words}", (uid,), full))
            break
        stop = _stops(ctx, state, uid, cur, nxt, c.target)
        if stop and k + 1 < len(path):
            out.append(Finding("14.4.2" if "EZOC" in stop else "14.5" if "14.5" in stop else "22.3.1",
                               f"{who} must stop: {stop}; it went on to {path[k + 1]}", (uid,), full))
            break
        cur = nxt
    if spent + len(path) > n and rule != "14.2.3":  # a Limited Advance's path is handle_advance's finding
        out.append(Finding(rule, f"{who} advances {spent + len(path)} hexes; {why}", (uid,), full))
    return out


def _after_plain(ctx: Context, state: State, c: Combat, uid: str, path: Sequence[str]) -> Combat:
    cur = state.units[uid].loc or ""
    halted = c.halted
    for nxt in path:
        if _stops(ctx, state, uid, cur, nxt, c.target):
            halted = halted | {uid}
        cur = nxt
    group = c.group
    if group is not None and uid not in group.units:
        group = evolve(group, done=True)
    return evolve(c, advanced={**c.advanced, uid: c.advanced.get(uid, 0) + len(path)}, halted=halted, group=group)


def _group_advance(ctx: Context, state: State, c: Combat, uid: str, path: Sequence[str], full: tuple[str, ...]
                   ) -> tuple[list[Finding], Combat]:
    """15.2.4-15.2.8: one Breakthrough Group unit's advance, hex by hex against its allowance; after a Breakthrough
    Combat with Adv 3 or Adv 4 it goes on from either hex (15.2.8), without it only into the vacated hex (15.2.7)."""
    g = c.group
    assert g is not None
    who = name(ctx, state, uid)
    out: list[Finding] = []
    n, rule, why = _allowance(ctx, state, c, uid, "group")
    spent = g.spent.get(uid, 0)
    started, free, only, halted, ezoc = g.started, dict(g.free), g.only_free, g.halted, g.in_ezoc
    sub = c.sub
    if uid in free and sub is not None and uid in sub.attackers:
        if sub.cancelled or sub.delay or sub.adv < combat_facts(ctx).breakthrough_success:
            only = only | {uid}  # 15.2.7
    if g.done and not g.told:  # reported once: the first act of the group after another unit advanced
        out.append(Finding("15.2.2", f"{who}: the Breakthrough Group's advance is over (another unit of the combat "
                                     "has advanced)", (uid,), full))
    if uid in halted:
        out.append(Finding("15.2.7" if uid in g.only_free else "15.2.6", f"{who}: the Breakthrough Group's advance "
                                                                         "ended in its hex", (uid,), full))
    if uid not in started:
        started = started | {uid}
        if path[0] != c.target:
            spent += 1  # 15.2.4: declining to enter the defender's vacated hex
    if uid in only and tuple(path) != (free.get(uid),):
        out.append(Finding("15.2.7", f"{who}: after a Breakthrough Combat without Adv 3 or Adv 4 the group only "
                                     f"enters that vacated hex ({free.get(uid)}) and stops", (uid,), full))
    cur = state.units[uid].loc or ""
    bit = move_bits(ctx).bit
    ez_all = ezoc_bits(ctx, state, ctx.game.units[uid].side)
    if uid in ezoc and ez_all & bit.get(cur, 0) and path[0] != free.get(uid):
        words = (f"is still in an EZOC at {cur} after its Breakthrough Combat: it goes on only into the vacated hex "
                 f"{free[uid]}" if uid in free else "entered an EZOC: it stops there or attacks (Breakthrough Combat)")
        out.append(Finding("15.2.6", f"{who} {words}", (uid,), full))
    stop_now = False
    for k, nxt in enumerate(path):
        into = free.get(uid) if nxt == free.get(uid) else c.target
        r, words = _step_problem(ctx, state, uid, cur, nxt, spent == 0 and k == 0, c, "group", into)
        if r:
            out.append(Finding(r, f"{who}: {words}", (uid,), full))
            break
        if nxt == free.get(uid) and k == 0:
            free.pop(uid)  # 15.2.4: entering the hex after its defender left is free
        else:
            spent += 1
        stop = _stops(ctx, state, uid, cur, nxt, into)
        if stop and k + 1 < len(path):
            rule_ = "15.2.6" if "EZOC" in stop else "14.5"
            out.append(Finding(rule_, f"{who} must stop or attack: {stop}; it went on to {path[k + 1]}", (uid,),
                               full))
            break
        stop_now = bool(stop)
        cur = nxt
    free.pop(uid, None)
    if spent > n:
        out.append(Finding("15.2.4", f"{who} has used {spent} hexes of its advance (15.2.4: forming, declining, each "
                           f"hex, each Breakthrough Combat); {why}", (uid,), full))
    if uid in only:
        halted = halted | {uid}
    in_ezoc = (ezoc | {uid}) if stop_now and ez_all & bit.get(cur, 0) else ezoc - {uid}
    if stop_now and not ez_all & bit.get(cur, 0):
        halted = halted | {uid}
    g = evolve(g, spent={**g.spent, uid: spent}, started=started, free=free, only_free=only, halted=halted,
               in_ezoc=in_ezoc, told=g.done)
    return out, evolve(c, group=g, advanced={**c.advanced, uid: c.advanced.get(uid, 0) + len(path)})


def _apply(ctx: Context, state: State, c: Combat | None, uid: str, path: Sequence[str]) -> State:
    """The unit ends at the end of ``path``: control (16.3.4), enemy Non-Combat Units left alone in a hex entered are
    removed (19.3), held units released (20.4, 20.6), Railheads pushed back (17.3.1)."""
    side = ctx.game.units[uid].side
    units = dict(state.units)
    units[uid] = evolve(state.units[uid], loc=path[-1])
    note_changes(ctx, state.units, units, [uid])
    state = control.enter(ctx, state, side, [h for h in path if h in ctx.game.map.hexes], units=units)
    state = losses.overrun(ctx, state, side, path)
    state = special.after_move(ctx, state, uid, path)
    return railheads.after_move(ctx, state, side)


__all__ = ["handle_advance", "rate", "vacated"]
