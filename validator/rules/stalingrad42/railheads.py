"""Railheads and rail repair (17.1-17.3; S2.2).

- 17.2.1: in the Axis Supply Phase (its first step) up to four Railhead markers each move up to two hexes along
  green (to-repair) rail hexes joined by railroads, never into an enemy-occupied hex or a vacant hex in an EZOC (a
  marker's two hexes may be written on two lines: the limit holds for the sum); the hexes they enter are repaired
  (17.1, ``supply.repaired`` adds the unhighlighted lines whose ends are repaired).
- 17.2.2: a Railhead that reaches a rail junction (RR) puts a further Railhead there, within the four; the new one
  moves from the next Supply Phase.
- 17.3.1: in a Soviet Player Turn, a Soviet unit that enters a Railhead's hex or puts it in its ZOC (Axis units
  negate EZOCs here) pushes it back down the rail line towards the west to the first hex clear of Soviet units and
  their ZOCs: back along the way it came, then (past the way the log saw, or for a Railhead of the log's position or
  the scenario) on down the Axis's usable rail, westmost first; units moving by rail do not. The repaired hexes stay
  repaired.
- 17.3.2: a Railhead not on a Connecting Rail Hex (17.4) cannot move (it is Inoperative).
- S2.2: in the Caucasus scenario the first Railhead appears on its fourth turn.
"""

from __future__ import annotations

from typing import Callable

from ...engine.context import Context
from ...engine.paths import move_bits
from ...engine.state import evolve
from ...model import Action, Finding
from .data import axis, facts, scenario_facts
from .state import Railhead, State
from .supply import connecting_rail, rail_hexes
from .zoc import contested_bits, ezoc_bits, other, reaching, sides, winter


def handle_railhead(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``railhead`` line (17.2.1-17.2.2, 17.3.2)."""
    start = action["from"]
    path = list(action["path"])
    if path and path[0] == start:
        path = path[1:]
    heads = state.markers.railheads
    here = [i for i, r in enumerate(heads) if r.hex == start]  # (two after a junction is reached, 17.2.2)
    moved = state.record.railheads_moved
    f = facts(ctx)
    index = next((i for i in here if i not in moved), here[0] if here else None)
    if index is not None and not heads[index].ready:  # a junction's new marker, and the one that reached it goes on
        index = next((i for i in here if 0 < moved.get(i, 0) < f.railhead_hexes), index)
    findings = []
    side = axis(ctx)
    if action.side != side:
        return state, [Finding("17.2.1", "only the Axis has Railhead markers")]
    if index is None:  # a marker pushed back (17.3.1) is where the validator put it: the log has no line for that
        where = ", ".join(r.hex for r in heads) or "none on the map"
        return state, [Finding("17.2.1", f"no Railhead marker is in {start} (the Railheads: {where})", (), (start,))]
    head = heads[index]
    done = moved.get(index, 0)
    if done and done + len(path) > f.railhead_hexes:
        findings.append(Finding("17.2.1", f"the Railhead in {start} already moved {done} hex(es) this Supply Phase; a "
                                          f"Railhead moves at most {f.railhead_hexes} hexes", (), (start, *path)))
    elif not done and len(moved) >= f.railhead_count:
        findings.append(Finding("17.2.1", f"at most {f.railhead_count} Railheads move a Supply Phase", (), (start,)))
    elif not head.ready:
        findings.append(Finding("17.2.2", f"the Railhead placed in {start} moves from the next Supply Phase", (),
                                (start,)))
    elif not done and not connecting_rail(ctx, state, side) & move_bits(ctx).bit[start]:  # (where its move began)
        findings.append(Finding("17.3.2", f"the Railhead in {start} is not on a Connecting Rail Hex: it is Inoperative "
                                          "and cannot move", (), (start,)))
    elif len(path) > f.railhead_hexes:
        findings.append(Finding("17.2.1", f"a Railhead moves at most {f.railhead_hexes} hexes, not {len(path)}", (),
                                (start, *path)))
    else:
        findings += path_problems(ctx, state, start, path)
    hexes = ctx.game.map.hexes
    if any(h not in hexes for h in path):
        path = []  # a step off the map (already reported): the marker stays where it was
    trail = head.trail + (start,) + tuple(path[:-1])
    new = list(heads)
    new[index] = Railhead(path[-1] if path else start, trail, head.ready)
    repaired = state.markers.repaired | set(path)
    for h in path:
        if "rail_junction" in hexes[h].features and len(new) < f.railhead_count and \
                not any(r.hex == h for i, r in enumerate(new) if i != index):
            new.append(Railhead(h, trail, False))  # 17.2.2
    m = evolve(state.markers, railheads=tuple(new), repaired=frozenset(repaired))
    record = evolve(state.record, railheads_moved={**moved, index: done + len(path)})
    return evolve(state, markers=m, record=record), findings


def path_problems(ctx: Context, state: State, start: str, path: list[str]) -> list[Finding]:
    """Why a Railhead may not move from ``start`` along ``path`` (17.2.1: along the railroad, on green rail hexes,
    never into an enemy-occupied hex or a vacant hex in an enemy ZOC); empty when it may. The random player asks
    the same question before it moves one."""
    side = axis(ctx)
    hexes = ctx.game.map.hexes
    bit = move_bits(ctx).bit
    enemy = sides(ctx, state, other(ctx, side)).units
    mine = sides(ctx, state, side).units
    ez = ezoc_bits(ctx, state, side)
    cur = start
    for h in path:
        if h not in hexes or "railroad" not in ctx.board.hexside(cur, h):
            return [Finding("17.2.1", f"a Railhead moves along the railroad; none joins {cur} and {h}", (),
                            (start, *path))]
        if "repair" not in hexes[h].features:
            return [Finding("17.2.1", f"a Railhead moves only along green rail hexes; {h} is not one", (),
                            (start, *path))]
        if enemy & bit[h]:
            return [Finding("17.2.1", f"a Railhead never enters an enemy-occupied hex ({h})", (), (start, *path))]
        if ez & bit[h] and not mine & bit[h]:
            return [Finding("17.2.1", f"a Railhead never enters a vacant hex in an enemy zone of control ({h})", (),
                            (start, *path))]
        cur = h
    return []


def end_step(ctx: Context, state: State) -> State:
    """The Railhead step ends: the Railheads placed at junctions this phase may move next time (17.2.2)."""
    heads = state.markers.railheads
    if all(r.ready for r in heads):
        return state
    return evolve(state, markers=evolve(state.markers, railheads=tuple(evolve(r, ready=True) for r in heads)))


def after_move(ctx: Context, state: State, side: str) -> State:
    """17.3.1: in the Soviets' own Player Turn, a Railhead in a hex with a Soviet unit or in a Soviet ZOC (Axis units
    negate it) goes back along its trail, then on down the line (``_down_the_line``), to the first hex free of both.
    29.1.1: units in a Contested City hex exert no ZOC, so they push back no Railhead from the hexes around it."""
    heads = state.markers.railheads
    if not heads or side == axis(ctx) or state.player != side:
        return state
    bit = move_bits(ctx).bit
    mine = sides(ctx, state, side)
    soviet, axis_units = mine.units, sides(ctx, state, axis(ctx)).units
    projecting = mine.projecting ^ (mine.projecting & contested_bits(ctx, state))

    def threatened(b: int, zoc_reach: int) -> bool:  # a Soviet unit in the hex (bit b), or a Soviet ZOC not negated
        return bool(b & soviet or not b & axis_units and zoc_reach & projecting)

    def threat(h: str) -> bool:  # (hex by hex: a few Railheads)
        return threatened(bit[h], reaching(ctx, state, h))

    spots, reach, each = _near_heads(ctx, state, heads)
    if not (spots & soviet or reach & projecting) or not any(threatened(b, r) for b, r in each):
        return state
    new = []
    changed = False
    for r in heads:
        if not threat(r.hex):
            new.append(r)
            continue
        trail = list(r.trail)
        hex_ = r.hex
        while trail and threat(hex_):
            hex_ = trail.pop()
        if threat(hex_):
            hex_ = _down_the_line(ctx, state, hex_, {r.hex, *r.trail}, threat)
        if hex_ == r.hex:  # nowhere to go back to: it stays (the state is not copied for nothing)
            new.append(r)
            continue
        changed = True
        new.append(Railhead(hex_, tuple(trail), r.ready))
    if not changed:
        return state
    return evolve(state, markers=evolve(state.markers, railheads=tuple(new)))


def _down_the_line(ctx: Context, state: State, start: str, walked: set[str], threat: Callable[[str], bool]) -> str:
    """17.3.1 past the way the log saw a Railhead come (a Railhead of the log's position or of the scenario has
    none): on down the Axis's usable rail towards the west, a step at a time along a railroad to the westmost rail
    hex not east of the last (the lower id at a tie), until a hex clear of Soviet units and their ZOCs; where the
    line ends first, the marker stays at its end."""
    hexes = ctx.game.map.hexes
    bit = move_bits(ctx).bit
    usable = rail_hexes(ctx, state, axis(ctx))
    seen = walked | {start}
    cur = start
    while threat(cur):
        q = hexes[cur].hex.q
        ahead = sorted((hexes[n].hex.q, n) for n in ctx.board.neighbours.get(cur, ()) if n not in seen
                       and n in hexes and hexes[n].hex.q <= q and usable & bit[n]
                       and "railroad" in ctx.board.hexside(cur, n))
        if not ahead:
            break
        cur = ahead[0][1]
        seen.add(cur)
    return cur


def _near_heads(ctx: Context, state: State, heads: tuple[Railhead, ...]
                ) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """(the Railheads' hexes, the cells whose ZOC reaches one, and per Railhead its hex and those cells) as bits,
    remembered for the last Railheads (the same tuple through a Soviet Movement Phase unless one is pushed back)."""
    is_winter = winter(ctx, state)
    hit = ctx.derived.get("s42_near_heads")
    if hit is not None and hit[0] is heads and hit[1] == is_winter:
        return hit[2]
    bit = move_bits(ctx).bit
    spots = reach = 0
    each = []
    for r in heads:
        b, near = bit[r.hex], reaching(ctx, state, r.hex)
        spots |= b
        reach |= near
        each.append((b, near))
    out = (spots, reach, tuple(each))
    ctx.derived["s42_near_heads"] = (heads, is_winter, out)
    return out


def begin_turn(ctx: Context, state: State, turn: int) -> State:
    """S2.2: the scenario's later Railheads appear on their turn."""
    sf = scenario_facts(ctx)
    if sf.railheads_turn != turn:
        return state
    heads = state.markers.railheads + tuple(Railhead(h) for h in sf.railheads_later
                                            if not any(r.hex == h for r in state.markers.railheads))
    return evolve(state, markers=evolve(state.markers, railheads=heads,
                                        repaired=state.markers.repaired | set(sf.railheads_later)))
