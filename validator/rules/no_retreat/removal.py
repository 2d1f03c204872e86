"""The Marker / Unit Removal Phase (11.0-11.3).

- 11.1: every unit with an Unsupplied marker traces supply again, the phasing player's first; those that still
  cannot go to their side's Surrendered box (unless an event saves them: card 6, Luftwaffe Support). A log may
  state the surrenders (``remove`` to a Surrendered box in this phase): a surrendered unit that could trace supply,
  or a unit that had to surrender and stayed or was sent to another box, is a violation; the logged outcome stands.
  A log that states none for a side gets the surrenders the rules give. A unit the Supply Check left unmarked
  (reported there, 6.4) may surrender as the marker it owed would have it, when it still traces no supply. A wrong
  surrender is not held against the units judged after it: their surrender or stay is judged in the rules' game
  too (``_as_the_rules_have_it``). The order of the lines does not change the rules' order: each side's units are
  judged with the other side's surrenders the log made first back in place when that side comes later, and with
  the surrenders the rules owe before them made (``_in_turn``; `mut5_removal_other_side_surrender_first`).
- 11.2: all Unsupplied and Disorganized markers are removed.
- 11.3: if a red (improved-side) Soviet unit is in a hex of Rumania, both Rumanian armies (the Axis allied units
  of the Rumanian setup group) are removed from play.
"""

from __future__ import annotations

from ...engine.context import Context, once
from ...engine.state import evolve, face_of, occupants, unit_name
from ...model import Action, Finding
from .cards import record
from .event_state import saved_units
from .results import handle_remove, to_box
from .state import State
from .supply import describe, supply_net, supply_order, unit_supply, unsupplied
from .turn_events import ALLY_NATIONALITY


RUMANIA = "rumania"  # 11.3: the region
RUMANIAN_CODE = "R"  # 11.3: the Rumanian armies are the Axis allied units of this setup group
RED_COLOUR = "red"  # the colour of the improved (red) face of Soviet counters


def _key(side: str) -> str:
    return f"surrender:{side}"


WRONG = "surrendered against 11.1:"  # a logged key: a unit the log surrendered though it traced supply, "uid@hex"
SURRENDERED = "surrendered:"  # a logged key: a unit the log surrendered from the map in this phase, "uid@hex"


def _back(state: State, keys: list[list[str]]) -> State:
    """``state`` with the units of ``keys`` (``[uid, hex]``) back in their hexes, still marked."""
    if not keys:
        return state
    units = dict(state.units)
    for uid, loc in keys:
        units[uid] = evolve(units[uid], loc=loc, unsupplied=True)
    return evolve(state, units=units)


def _as_the_rules_have_it(state: State) -> State:
    """``state`` with the units the log surrendered against 11.1 in this phase back in their hexes, still marked.
    The phasing side's surrenders come before the other side traces (11.1), so a wrong one can open a path (or take
    away an adjacent source, 6.2) for a unit judged after it: that unit's surrender or stay is a mistake only when it
    is one both in the logged game and in the rules' (one mistake, one report)."""
    return _back(state, [key[len(WRONG):].split("@") for key in state.logged if key.startswith(WRONG)])


def _in_turn(ctx: Context, state: State, side: str) -> State:
    """The position in which ``side``'s marked units trace again (11.1, the phasing player's units first), whatever
    the order of the log's lines: the units of the sides judged after it that the log already surrendered are back
    in their hexes, and those of the sides judged before it that cannot trace (as judged in their own turn) are gone
    (the rules surrender them first; the logged game may have left one standing, a report of its own)."""
    order = supply_order(ctx, state)
    later, before = order[order.index(side) + 1:], order[:order.index(side)]
    units_ = ctx.game.units
    keys = [key[len(SURRENDERED):].split("@") for key in state.logged if key.startswith(SURRENDERED)]
    judged = _back(state, [k for k in keys if units_[k[0]].side in later])
    for earlier in before:
        first = _in_turn(ctx, state, earlier)
        saved = saved_units(state)
        gone = [uid for uid in unsupplied(ctx, first, earlier)
                if first.units[uid].unsupplied and uid not in saved and judged.units[uid].loc == first.units[uid].loc]
        if gone:
            box = f"surrendered_{earlier}"
            units = {uid: evolve(judged.units[uid], loc=box, unsupplied=False) for uid in gone}
            judged = evolve(judged, units={**judged.units, **units})
    return judged


def _traces_by_the_rules(ctx: Context, state: State, uid: str, logged: bool) -> bool:
    """Whether ``uid`` traces supply in the rules' game (11.1, :func:`_as_the_rules_have_it`), ``logged`` being
    whether it does in the logged one (``state``, taken in its side's turn: :func:`_in_turn`): the same game when no
    surrender was wrong."""
    side, rules = ctx.game.units[uid].side, _as_the_rules_have_it(state)
    return logged if rules is state else unit_supply(ctx, rules, uid, supply_net(ctx, rules, side)).ok


def _marker_owed(ctx: Context, state: State, uid: str) -> bool:
    """Whether ``uid``, left unmarked in this player turn's Supply Check though it traced no supply (reported there,
    6.4), still traces none: its surrender is the rules' (the marker it owed, 11.1), no second mistake."""
    side = ctx.game.units[uid].side
    return uid in record(state).missing_marks and state.units[uid].loc in ctx.board.locations \
        and not unit_supply(ctx, state, uid, supply_net(ctx, state, side)).ok


def handle_removal_remove(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``remove`` in the Removal Phase: a surrender (11.1) when it goes to a Surrendered box."""
    uid, box = action["unit"], action["to"]
    side = ctx.game.units[uid].side
    findings = []
    us = state.units[uid]
    if box in (f"destroyed_{side}", f"shattered_{side}") and us.unsupplied and us.loc in ctx.board.locations \
            and uid not in saved_units(state) and not unit_supply(ctx, state, uid, supply_net(ctx, state, side)).ok:
        # a unit that must surrender goes to the Surrendered box (and scores its Event VP, 12.4), no other; the
        # logged box stands (any other unit sent to a box here is an overstack's excess or nothing: 8.4.3)
        findings.append(Finding("11.1", f"{unit_name(ctx, uid, state)} still cannot trace supply and surrenders: it "
                                        f"goes to surrendered_{side}, not {box}", (uid,), (us.loc,)))
        return evolve(to_box(ctx, state, uid, box), logged=state.logged | {_key(side)}), findings
    if box == f"surrendered_{side}":
        us = state.units[uid]
        if not us.unsupplied:
            if not _marker_owed(ctx, state, uid):
                findings.append(Finding("11.1", f"{unit_name(ctx, uid, state)} has no Unsupplied marker; only marked "
                                                "units surrender", (uid,), (us.loc,) if us.loc else ()))
        elif us.loc in ctx.board.locations:
            turn = _in_turn(ctx, state, side)
            s = unit_supply(ctx, turn, uid, supply_net(ctx, turn, side))
            if s.ok and _traces_by_the_rules(ctx, turn, uid, True):
                findings.append(Finding("11.1", f"{unit_name(ctx, uid, state)} can trace supply again and stays: "
                                                f"it {describe(ctx, turn, uid, s)}", (uid,), (us.loc,) + s.path))
                state = evolve(state, logged=state.logged | {f"{WRONG}{uid}@{us.loc}"})
            state = evolve(state, logged=state.logged | {f"{SURRENDERED}{uid}@{us.loc}"})
        state = evolve(state, logged=state.logged | {_key(side)})
    state, more = handle_remove(ctx, state, action)
    return state, findings + more


def end_removal_phase(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The end of the Removal Phase: the marked units that still cannot trace supply surrender (11.1), every
    Unsupplied and Disorganized marker goes (11.2), then the Rumanian armies may leave (11.3)."""
    findings = []
    locations, units_ = ctx.board.locations, ctx.game.units
    # the units with a marker, found in one pass over the units (the surrenders below only take markers away)
    marked_any = [uid for uid, us in state.units.items() if us.unsupplied or us.disorganized]
    if not marked_any:  # (most Removal Phases: nothing to surrender, no marker to take away)
        return rumanian_surrender(ctx, state), findings
    on_map = [uid for uid in marked_any if state.units[uid].unsupplied and state.units[uid].loc in locations]
    for side in supply_order(ctx, state) if on_map else ():
        marked = [uid for uid in on_map if units_[uid].side == side]
        if not marked:
            continue
        turn = _in_turn(ctx, state, side)
        cut_off = set(unsupplied(ctx, turn, side))
        saved = saved_units(state)  # card 6 (Luftwaffe Support) saves one hex's units
        due = sorted(uid for uid in marked if uid in cut_off and uid not in saved)
        if not due:
            continue
        units = dict(state.units)
        for uid in due:
            if _key(side) in state.logged:  # the log states its surrenders: one left standing is its claim
                if not _traces_by_the_rules(ctx, turn, uid, False):
                    findings.append(Finding("11.1", f"{unit_name(ctx, uid, state)} in {units[uid].loc} still cannot "
                                                    "trace supply and must surrender", (uid,), (units[uid].loc,)))
            else:
                units[uid] = evolve(units[uid], loc=f"surrendered_{side}", unsupplied=False)
        state = evolve(state, units=units)
    still = [uid for uid in marked_any if state.units[uid].unsupplied or state.units[uid].disorganized]
    if still:  # (else the mapping is kept as it is)
        units = dict(state.units)
        for uid in still:
            units[uid] = evolve(units[uid], unsupplied=False, disorganized=False)
        state = evolve(state, units=units)
    return rumanian_surrender(ctx, state), findings


def _rumanian_armies(ctx: Context) -> list[str]:
    """The Rumanian armies (11.3), in the game's unit order (the game's data alone: looked up at every Removal Phase's
    end)."""
    return [uid for uid, u in ctx.game.units.items() if u.nationality == ALLY_NATIONALITY and u.code == RUMANIAN_CODE]


def rumanian_surrender(ctx: Context, state: State) -> State:
    """11.3: a red Soviet unit in Rumania takes both Rumanian armies out of play."""
    game = ctx.game
    armies = [uid for uid in once(ctx, "rumanian_armies", _rumanian_armies) if state.units[uid].loc != "removed"]
    if not armies:
        return state
    region = game.map.regions[RUMANIA].locations
    side = game.units[armies[0]].side
    at = occupants(ctx, state)  # (the units on the map by location: the region's twenty hexes looked at)
    red = any([game.units[uid].side != side and face_of(ctx, state, uid).colour == RED_COLOUR
               for loc in region for uid in at.get(loc, ())])
    if not red:
        return state
    units = dict(state.units)
    for uid in armies:
        units[uid] = evolve(units[uid], loc="removed", unsupplied=False, disorganized=False)
    return evolve(state, units=units)
