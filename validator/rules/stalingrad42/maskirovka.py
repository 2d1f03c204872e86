"""Maskirovka (34.0, Campaign Game only): the Soviet Reserve Armies (Non-Combat Units) and their Holding Boxes.

- 34.1.1-34.1.2: a ``maskirovka`` line gives a Reserve Army the marker of a Holding Box; the marker stays with its
  army, switched only between armies that start the Movement Phase in one hex or Entry Area, never while the box
  holds units.
- 34.2, 34.4.1: units enter a box (``hold``) from the turn's reinforcements, from another box (one a turn), or by
  Strategic Movement (two a turn) from a Connecting Rail Hex or an Entry Area; eight at most; the army in supply.
- 34.4.2: they leave it (``reveal``) before the army moves: onto the army's hex, which reveals it, or into Entry
  Areas A-E (one a turn).
- 34.3.1-34.3.3, 34.5: an army that received units does not move after; with units in its box it moves at the rate
  of the slowest (one hex after a replacement in the box), by rail only empty, between Entry Areas only when no unit
  of its box is Disrupted or replaced.
- 34.6.1: they never attack from the box (``attack_from_box``, one of combat's attacker checks).
- 34.6.2: units in the box share the army's retreat (Disrupted or Full Retreat) or elimination; 34.7: a revealed army
  is removed at the end of that Soviet Player Turn, the units of its box placed in its hex.

Units in a box are off the map (the box is their location); the markers are known to the validator (a referee's log
is not hidden information).
"""

from __future__ import annotations

from ...engine.context import Context, once
from ...engine.state import evolve
from ...model import Action, Finding
from . import supply
from .campaign_data import campaign_rules, later, not_in_force
from .data import facts
from .losses import eliminate
from .resources import info_of, put_units
from .state import DISRUPTED, FULL_RETREAT, GOOD_ORDER, State, UnitState
from .units import name

RECEIVED = "received:"  # 34.3.1: an army that received units this phase (logged)
BOX_MOVES, STRATEGIC = "box_move", "strategic:"  # 34.4.1-34.4.2 this turn (events, with the turn)
REVEALED = "revealed:"  # 34.7
DEFEND = "defend:"  # 34.6.2: "defend:<army>:<unit>", a unit that left the box to defend this phase (logged)


def _army_of(state: State, box_id: str) -> str | None:
    return next((a for a, b in state.maskirovka.items() if b == box_id), None)


def _inside(ctx: Context, state: State, army: str) -> list[str]:
    b = state.maskirovka.get(army)
    return [u for u, us in state.units.items() if b is not None and us.loc == b]


def _is_army(ctx: Context, uid: str) -> bool:
    """Whether the unit is a Reserve Army with a Holding Box (a table of every unit made once per loaded game: asked at
    every move and rail move)."""
    return once(ctx, "s42_is_army", lambda c: {
        u: "holding_box" in c.game.tags(unit, "front") for u, unit in c.game.units.items()})[uid]


def attack_from_box(ctx: Context, state: State, uid: str) -> Finding | None:
    """34.6.1: a unit in a Holding Box never attacks until it has left the box (34.4.2); reported under 34.6.1, the
    rule that bars it, rather than as a unit off the map (8.1)."""
    loc = state.units[uid].loc
    if loc not in later(ctx).campaign.holding_boxes:
        return None
    return Finding("34.6.1", f"{name(ctx, state, uid)} is in a Reserve Army's Holding Box ({loc}): it attacks only "
                             "after leaving the box (34.4.2)", (uid,))


def moves_concern(ctx: Context, kind: str, uid: str) -> bool:
    """Whether :func:`after_move` may say anything about a line of ``kind`` moving ``uid`` (34.3: Reserve Armies
    alone; an unknown unit is left to the check itself)."""
    return uid not in ctx.game.units or _is_army(ctx, uid)


def handle_maskirovka(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``maskirovka`` line (34.1.1-34.1.2): the marker of a Holding Box assigned to a Reserve Army; switched only
    between two armies that start the Movement Phase in one hex or Entry Area."""
    if not campaign_rules(ctx):
        return state, not_in_force(ctx, "Maskirovka (34.1)")
    army, box_id = action["unit"], action["box"]
    c = later(ctx).campaign
    findings = []
    where = (state.units[army].loc or "",)
    if not _is_army(ctx, army) or box_id not in c.holding_boxes:
        findings.append(Finding("34.1.2", f"a Maskirovka marker names a Holding Box ({', '.join(c.holding_boxes)}) "
                                          f"for a Reserve Army", (army,), where))
        return state, findings
    if where[0] not in ctx.board.locations:
        findings.append(Finding("34.1.1", f"{name(ctx, state, army)} is not in play (the Reserve Armies arrive as "
                                          "reinforcements on turn 21)", (army,), where))
        return state, findings
    other = _army_of(state, box_id)
    mine = dict(state.maskirovka)
    if other is not None and other != army:
        if state.units[other].loc != state.units[army].loc or army in state.moved or other in state.moved:
            findings.append(Finding("34.1.2", f"the marker of {box_id} stays with {name(ctx, state, other)}: markers "
                                              "switch only between armies that start a Movement Phase together",
                                    (army, other), where))
        old = mine.get(army)
        if old is not None:
            mine[other] = old
        else:
            mine.pop(other, None)
    elif army in mine and mine[army] != box_id and _inside(ctx, state, army):
        findings.append(Finding("34.1.2", f"{name(ctx, state, army)} keeps its marker while its box holds units",
                                (army,), where))
    mine[army] = box_id
    return evolve(state, maskirovka=mine), findings


def handle_hold(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``hold`` line (34.4.1): a unit enters a Reserve Army's Holding Box, which holds eight units at most (34.2)."""
    if not campaign_rules(ctx):
        return state, not_in_force(ctx, "a Reserve Army's Holding Box (34.4.1)")
    uid, box_id = action["unit"], action["box"]
    c = later(ctx).campaign
    us = state.units[uid]
    army = _army_of(state, box_id)
    who = name(ctx, state, uid)
    findings = []
    if army is None or state.units[army].loc not in ctx.board.locations:
        findings.append(Finding("34.4.1", f"{who}: no Reserve Army on the map holds {box_id}", (uid,)))
    elif len(_inside(ctx, state, army)) >= c.box_units:
        findings.append(Finding("34.2", f"{who}: a Holding Box holds {c.box_units} units at most", (uid,)))
    if army is not None and not findings:
        findings += _entry_way(ctx, state, uid, army)
    state = put_units(ctx, state, {uid: UnitState(box_id, us.face, us.order, us.supply, replaced=us.replaced)})
    if army is not None:
        state = evolve(state, logged=state.logged | {RECEIVED + army})
    return state, findings


def _army_supplied(ctx: Context, state: State, army: str) -> bool:
    loc = state.units[army].loc or ""
    return loc in ctx.game.map.areas or supply.traces(ctx, state, ctx.game.units[army].side, loc)


def _entry_way(ctx: Context, state: State, uid: str, army: str) -> list[Finding]:
    """34.4.1: from the turn's reinforcements, from another box (one a turn), by Strategic Movement (two a turn)."""
    c = later(ctx).campaign
    us = state.units[uid]
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    if not _army_supplied(ctx, state, army):
        return [Finding("34.4.1", f"{who}: the Reserve Army is not in supply", (uid,))]
    if us.loc is None:
        return []  # a reinforcement goes straight into the box
    if us.loc in c.holding_boxes:
        key = f"{BOX_MOVES}:{state.turn}"
        if key in state.events:
            return [Finding("34.4.1", f"{who}: one unit a turn moves from one Holding Box to another", (uid,))]
        return []
    n = sum(1 for e in state.events if e.startswith(f"{STRATEGIC}{state.turn}:"))
    if n >= c.strategic_units:
        return [Finding("34.4.1", f"{who}: {c.strategic_units} units a turn enter Holding Boxes by Strategic Movement",
                        (uid,))]
    if us.loc not in ctx.game.map.areas and not supply.connecting(ctx, state, side, us.loc or ""):
        return [Finding("34.4.1", f"{who} is neither on a Connecting Rail Hex nor in an Entry Area", (uid,))]
    return []


def after_hold(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """34.4.1: count the turn's box-to-box and Strategic moves."""
    us = before.units[action["unit"]]
    c = later(ctx).campaign
    if us.loc in c.holding_boxes:
        return evolve(state, events=state.events | {f"{BOX_MOVES}:{state.turn}"}), []
    if us.loc is not None:
        return evolve(state, events=state.events | {f"{STRATEGIC}{state.turn}:{action['unit']}"}), []
    return state, []


def handle_reveal(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``reveal`` line (34.4.2, 34.6.2): a unit leaves its Holding Box onto the army's hex (the army is revealed)
    or into Entry Areas A-E (one a turn); in the enemy's Player Turn, up to three units a phase leave it to defend."""
    if not campaign_rules(ctx):
        return state, not_in_force(ctx, "a Reserve Army's Holding Box (34.4.2)")
    uid, to = action["unit"], action["to"]
    c = later(ctx).campaign
    us = state.units[uid]
    army = _army_of(state, us.loc or "")
    who = name(ctx, state, uid)
    findings = []
    if army is None:
        findings.append(Finding("34.4.2", f"{who} is not in a Reserve Army's Holding Box", (uid,), (to,)))
        return put_units(ctx, state, {uid: evolve(us, loc=to)}), findings
    events, logged = state.events, state.logged
    here = state.units[army].loc
    if army in state.moved:
        findings.append(Finding("34.4.2", f"{who}: units leave the box before its Reserve Army moves", (uid,), (to,)))
    if to == here:
        events = events | {REVEALED + army}
        if state.player is not None and state.player != ctx.game.units[army].side:
            key = f"{DEFEND}{army}:"
            if sum(1 for e in logged if e.startswith(key)) >= c.defenders:
                findings.append(Finding("34.6.2", f"{who}: up to {c.defenders} units leave a Holding Box to defend "
                                                  "its Reserve Army", (uid,), (to,)))
            logged = logged | {key + uid}
    elif to in c.box_areas:
        key = f"{BOX_MOVES}:{state.turn}"
        if key in events:
            findings.append(Finding("34.4.2", f"{who}: one unit a turn leaves a Holding Box for Entry Areas A-E",
                                    (uid,), (to,)))
        elif not _army_supplied(ctx, state, army):
            findings.append(Finding("34.4.2", f"{who}: the Reserve Army is not in supply", (uid,), (to,)))
        events = events | {key}
    else:
        findings.append(Finding("34.4.2", f"{who} leaves the box onto its Reserve Army's hex ({here}) or into Entry "
                                          f"Areas {', '.join(sorted(c.box_areas))}, not {to}", (uid,), (to,)))
    return put_units(ctx, state, {uid: evolve(us, loc=to)}, events=events, logged=logged), findings


def after_move(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """34.3: how a Reserve Army moves (a ``move`` or ``rail``)."""
    uid = action["unit"]
    return state, _army_moves(ctx, before, action, uid) or _army_pace(ctx, before, state, uid)


def _army_moves(ctx: Context, before: State, action: Action, uid: str) -> list[Finding]:
    """34.3.1-34.3.3: a Reserve Army moves before, not after, it receives units; by rail only empty; from one Entry
    Area to another only when no unit of its box is Disrupted or received a replacement."""
    if not _is_army(ctx, uid):
        return []
    who = name(ctx, before, uid)
    if RECEIVED + uid in before.logged:
        return [Finding("34.3.1", f"{who} received units into its Holding Box this phase: it moves before, not after",
                        (uid,))]
    inside = _inside(ctx, before, uid)
    if action.type == "rail" and inside:
        return [Finding("34.3.2", f"{who} uses Rail Movement only with an empty Holding Box", (uid,))]
    path = list(action.get("path") or ()) or [action.get("to")]
    areas = ctx.game.map.areas
    if before.units[uid].loc in areas and path[-1] in areas:
        bad = [u for u in inside if before.units[u].order != GOOD_ORDER or before.units[u].replaced]
        if bad:
            return [Finding("34.3.3", f"{who} moves between Entry Areas only when no unit of its box is Disrupted or "
                                      f"received a replacement ({name(ctx, before, bad[0])})", (uid, bad[0]))]
    return []


def _army_pace(ctx: Context, before: State, state: State, uid: str) -> list[Finding]:
    """34.3.1, 34.5: a Reserve Army with units in its box moves at the rate of the slowest of them, and one hex at most
    when one of them received a replacement (their MAs in half MPs, as ``Moved.spent``; Extended Movement adds its
    MPs, Tactical Movement is hexes)."""
    moved = state.moved.get(uid)
    inside = _inside(ctx, before, uid) if _is_army(ctx, uid) else []
    if moved is None or not inside or moved.mode not in ("normal", "extended", "tactical"):
        return []
    who = name(ctx, before, uid)
    replaced = [u for u in inside if before.units[u].replaced]
    if replaced and moved.hexes > 1:
        return [Finding("34.3.1", f"{who} moves one hex at most: {name(ctx, before, replaced[0])} in its box received "
                                  "a replacement (34.5)", (uid, replaced[0]))]
    if moved.mode == "tactical":
        return []
    slow = min(inside, key=lambda u: info_of(ctx, before, u).ma or 0)
    ma = info_of(ctx, before, slow).ma or 0
    allowance = 2 * (ma + (facts(ctx).movement.extended_mp if moved.mode == "extended" else 0))
    if moved.spent > allowance:
        return [Finding("34.3.1", f"{who} moves at the rate of the slowest unit in its box ({name(ctx, before, slow)}, "
                                  f"MA {ma}): it spent {moved.spent / 2:g} MPs", (uid, slow))]
    return []


def after_army(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """34.6.2: units in the box share their army's retreat (Disrupted or Full Retreat) and elimination."""
    uid = action["unit"]
    if not _is_army(ctx, uid) or uid not in before.maskirovka:
        return state, []
    inside = _inside(ctx, before, uid)
    if not inside:
        return state, []
    us = state.units[uid]
    if us.loc in ctx.board.locations and action.type == "retreat":
        order = lambda o: FULL_RETREAT if o != GOOD_ORDER or len(action["path"]) >= 4 else DISRUPTED  # noqa: E731
        return put_units(ctx, state, {u: evolve(state.units[u], order=order(state.units[u].order)) for u in inside}), []
    if us.loc not in ctx.board.locations:
        for u in inside:
            state = eliminate(ctx, state, u)
    return state, []


def end_player_turn(ctx: Context, state: State, side: str) -> tuple[State, list[Finding]]:
    """34.7: a revealed Reserve Army leaves at the end of that Soviet Player Turn, its units placed in its hex."""
    armies = sorted(e[len(REVEALED):] for e in state.events if e.startswith(REVEALED)
                    and ctx.game.units[e[len(REVEALED):]].side == side)
    if not armies:
        return state, []
    for army in armies:
        here = state.units[army].loc
        changes = {u: evolve(state.units[u], loc=here) for u in _inside(ctx, state, army)}
        state = put_units(ctx, state, changes) if changes and here in ctx.board.locations else state
        if state.units[army].loc in ctx.board.locations:
            state = eliminate(ctx, state, army)
    return evolve(state, events=state.events - {REVEALED + a for a in armies}), []
