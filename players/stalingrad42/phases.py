"""What the random player does in each phase of its player turn but the Combat Phase (``combat``)."""

from __future__ import annotations

from validator.engine.position import position
from validator.rules.stalingrad42 import campaign, entry, movement, rail, replacements, supply_phase, weather
from validator.rules.stalingrad42.data import facts, scenario_facts
from validator.rules.stalingrad42.losses import box
from validator.rules.stalingrad42.stacking import problem
from validator.rules.stalingrad42.railheads import path_problems
from validator.rules.stalingrad42.state import GOOD_ORDER
from validator.rules.stalingrad42.units import table
from validator.rules.stalingrad42.zoc import ezoc_bits
from validator.engine.paths import move_bits

from .reactions import auto_retreats
from .seat import Player


def weather_phase(p: Player, turn: int) -> None:
    """23.1: from the turns without a printed weather, a die on the Weather Table."""
    if p.game.turns[turn].weather:
        return
    if turn == p.ctx.scenario.first_turn and any(m.marker_kind == "weather" for m in p.ctx.scenario.markers):
        return
    die = p.rng.randint(1, 6)
    w, _ = weather.rolled(p.ctx, p.state, turn, die)
    p.act("weather", "axis", weather=w, die=die)


def _mine(p: Player, side: str) -> list[str]:
    pos = position(p.ctx, p.state.units)
    return sorted(u for loc in pos.held[side] for u in pos.at[loc] if p.game.units[u].side == side)


def initial(p: Player, side: str) -> None:
    p.act("phase", side, phase="initial")
    for line in campaign.removals_owed(p.ctx, p.state, side):  # 32.1-32.3
        kind = line.pop("type")
        p.act(kind, side, **line)
    owner = scenario_facts(p.ctx).areas
    for uid, pl in sorted(entry.placements(p.ctx).items()):
        if p.game.units[uid].side != side or p.state.units[uid].loc is not None or pl.condition:
            continue
        if pl.turn is None or pl.turn > p.state.turn:
            continue
        areas = [a for a in entry.areas_for(p.ctx, uid) if owner.get(a) == side]
        if areas:
            p.try_act("place", side, unit=uid, to=p.rng.choice(areas))
    for uid in _mine(p, side):
        us = p.state.units[uid]
        if us.face != "back" or p.game.units[uid].flip != "step" or us.order != GOOD_ORDER or replacements.marked(us):
            continue
        for kind in sorted(facts(p.ctx).replacements.kinds):
            if replacements.rate(p.ctx, p.state, side, kind) and p.try_act("replace", side, unit=uid, pay=kind):
                break
    elim = box(p.ctx, side, "eliminated")
    areas = sorted(a for a, o in owner.items() if o == side and a != facts(p.ctx).entry.transit)
    for uid in sorted(u for u, us in p.state.units.items() if us.loc == elim):
        if p.game.units[uid].steps >= 3:
            continue
        for kind in sorted(facts(p.ctx).replacements.kinds):
            if replacements.rate(p.ctx, p.state, side, kind) and areas and \
                    p.try_act("place", side, unit=uid, to=p.rng.choice(areas), pay=kind):
                break


def move_phase(p: Player, side: str) -> None:
    p.act("phase", side, phase="movement")
    units = [u for u in _mine(p, side) if p.state.units[u].loc in p.ctx.board.locations]
    p.rng.shuffle(units)
    for uid in units:
        if p.rng.random() > p.move_share:
            continue
        if p.rng.random() < 0.08 and _try_rail(p, side, uid):
            continue
        if p.rng.random() < 0.05 and _try_areas(p, side, uid):
            continue
        _try_move(p, side, uid)
    stack_cleanup(p, side)


def _try_move(p: Player, side: str, uid: str) -> bool:
    if movement.mobility_problem(p.ctx, p.state, _fake(side), uid) is not None:
        return False
    modes = [movement.NORMAL, movement.EXTENDED, movement.TACTICAL]
    mode = p.rng.choices(modes, weights=(6, 2, 1))[0]
    for m in (mode, movement.TACTICAL):
        options = [(loc, path) for loc, path in sorted(movement.reachable(p.ctx, p.state, uid, m).items())
                   if p.fits(uid, loc) and loc not in p.game.map.areas]
        if options:
            loc, path = p.rng.choice(options)
            fields = {"unit": uid, "mode": m} if m != movement.NORMAL else {"unit": uid}
            if p.rng.random() < 0.5:
                moved = p.try_act("move", side, **fields, path=list(path))
            else:
                moved = p.try_act("move", side, **fields, to=loc)
            if moved:
                auto_retreats(p, side)
            return moved
    return False


def _fake(side: str):
    from validator.model import Action  # noqa: PLC0415
    return Action(0, "move", side, {})


def _try_rail(p: Player, side: str, uid: str) -> bool:
    if rail.problem(p.ctx, p.state, _fake(side), uid) is not None:
        return False
    dests = [d for d in rail.destinations(p.ctx, p.state, uid) if p.fits(uid, d)]
    if not dests:
        return False
    return p.try_act("rail", side, unit=uid, to=p.rng.choice(dests))


def _try_areas(p: Player, side: str, uid: str) -> bool:
    us = p.state.units[uid]
    owner = scenario_facts(p.ctx).areas
    if us.loc not in owner:
        return False
    others = sorted(a for a, o in owner.items() if o == side and a != us.loc)
    return bool(others) and p.try_act("move", side, unit=uid, to=p.rng.choice(others))


def recovery(p: Player, side: str) -> None:
    p.act("phase", side, phase="recovery")
    ez = ezoc_bits(p.ctx, p.state, side)
    bit = move_bits(p.ctx).bit
    for uid in _mine(p, side):
        us = p.state.units[uid]
        if us.order != GOOD_ORDER and bit.get(us.loc or "", 0) & ez:
            p.act("rally", side, unit=uid, die=p.rng.randint(1, 6))


def supply(p: Player, side: str) -> None:
    p.act("phase", side, phase="supply")
    for i, r in enumerate(list(p.state.markers.railheads)):
        head = p.state.markers.railheads[i] if i < len(p.state.markers.railheads) else None
        if head is None or not head.ready:
            continue
        path = _railhead_path(p, head.hex)
        if path:
            p.try_act("railhead", side, **{"from": head.hex, "path": path})
    p.act("phase", side, phase="supply", step="supply")
    want = {u: supply_phase.status(p.ctx, p.state, side, p.state.units[u].loc or "")
            for u in supply_phase.checked(p.ctx, p.state, side)}
    oos = sorted(u for u, s in want.items() if s == "oos")
    iso = sorted(u for u, s in want.items() if s == "isolated")
    fields = {}
    if oos:
        fields["oos"] = oos
    if iso:
        fields["isolated"] = iso
    p.act("supply", side, **fields)
    p.act("phase", side, phase="supply", step="attrition")
    for uid in supply_phase.must_roll(p.ctx, p.state, side):
        if p.state.units[uid].loc in p.ctx.board.locations:
            p.act("attrition", side, unit=uid, die=p.rng.randint(1, 6))


def _railhead_path(p: Player, start: str) -> list[str]:
    hexes = p.game.map.hexes
    out: list[str] = []
    cur = start
    for _ in range(facts(p.ctx).railhead_hexes):
        options = [n for n in sorted(p.ctx.board.neighbours[cur]) if n in hexes and "repair" in hexes[n].features
                   and "railroad" in p.ctx.board.hexside(cur, n) and n not in p.state.markers.repaired
                   and n not in out]
        if not options:
            break
        nxt = p.rng.choice(options)
        if path_problems(p.ctx, p.state, start, out + [nxt]):
            break
        out.append(nxt)
        cur = nxt
    return out


def stack_cleanup(p: Player, side: str) -> None:
    """4.4: the phasing player eliminates the excess of his overstacked hexes at the end of his Movement and Combat
    Phases (a retreat of his units in the other player's Combat Phase may have left one; his own moves never do)."""
    pos = position(p.ctx, p.state.units)
    for loc in sorted(pos.held[side]):
        if loc not in p.ctx.board.locations or loc in p.game.map.areas:
            continue
        units = [u for u in pos.at[loc] if p.game.units[u].side == side]
        while units and problem(p.ctx, p.state, loc, side, units) is not None:
            uid = sorted(units, key=lambda u: (table(p.ctx)[u, p.state.units[u].face].defense, u))[0]
            p.act("remove", side, unit=uid, to=box(p.ctx, side, "eliminated"), reason="overstacked (4.4)")
            units.remove(uid)


__all__ = ["initial", "move_phase", "recovery", "supply", "weather_phase", "table"]
