"""Replacements (21.0), units returning from the Eliminated Box (21.3, 19.4), and what a ``place`` line is.

- 21.1.1: each turn's replacements (the Turn Record Track: ``turns.csv`` ``repl_<side>_<kind>``; the Caucasus track
  in the Caucasus scenario, S2.2-S2.3) are used in the owner's Initial Phase, never saved; none in the turns a
  scenario says (S2.4, S3.2). One restores a reduced Combat Unit one step (``replace``), or brings a unit out of the
  Eliminated Box on its lowest step (``place`` with ``pay``).
- 21.1.2: what each kind restores (``rules.toml [replacements.kinds]``): Tank/Panzer, Infantry (Cavalry and Special
  may stand in), Cavalry, Special (Free Stacking Units too), the Axis-allied kinds by nationality; German
  replacements never restore an Axis ally; units the counter mix marks never replaced (20.9, reported under it).
- 21.2: a unit on the map receives one only in supply (at that instant, 16.3; and without an Out of Supply marker,
  16.4) and in Good Order, one a turn (a unit with a Replacement marker, 21.4, has had it: a position may give the
  marker); the Soviets use one a turn at most on a Guards unit, on the map or out of
  the Eliminated Box.
- 21.3.1: a unit from the Eliminated Box goes to a friendly Entry Area, a friendly-controlled Major City on a
  Connecting Rail Hex, or the hex of an in-supply (a Line of Supply traced at that instant, whatever Supply marker it
  bears: 16.4's penalties are the marked unit's own), Good Order Army (Axis, of its nationality) or Front (Soviet) HQ
  on or within two hexes of a Connecting Rail Hex; never next to an enemy Combat Unit; Soviet Tank and Mechanized Corps
  only at A, B or C; one unit a turn per HQ or Major City hex (two where both are). 21.3.3: an ASU comes back on its
  Used side; 21.3.4, 10.4.3: a 3-step unit comes back as a Remnant (``remnant``), and a Remnant that receives a
  replacement brings its unit back reduced.
- 19.4: Leaders, Reserve Armies and Soviet Army HQs come back two turns after their elimination, where replacements
  go, without a replacement.
- A translated VASSAL log (header ``"modes": "unstated"``) gives ``pay: "unstated"``: the module shows a Replacement
  marker put on the unit, never which kind paid; the validator picks the narrowest kind left this turn that restores
  it (``kind_of``). Elsewhere "unstated" is no kind (21.1.2).
- 21.4: every unit that receives a replacement carries a Replacement marker until its Recovery Phase (one hex of
  movement, no rail, no move between Entry Areas: ``movement``, ``rail``, ``entry``).
"""

from __future__ import annotations

from games.hexgrid import distance

from ...engine.context import Context
from ...engine.paths import move_bits
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from . import entry, supply
from .data import facts, scenario_facts
from .move_modes import translated
from .losses import box
from .state import GOOD_ORDER, ISOLATED, OUT_OF_SUPPLY, State, UnitState
from .units import name, table
from .zoc import adjacent_bits, other, sides, units_in

NEVER = "no_replacement"  # the trait of a unit never replaced (20.9)
RP = "rp"  # a Resource Point (18.1): an SP placed in an Entry Area (issue 15)


def rate(ctx: Context, state: State, side: str, kind: str) -> int:
    """21.1.1: the replacements of a kind the side receives this turn."""
    f = facts(ctx)
    if (state.turn, side) in scenario_facts(ctx).no_replacements:
        return 0
    col = f.replacements.columns.get(side, {}).get(kind)
    if col is None:
        return 0
    col = f.replacements.track.get(ctx.scenario_id, "") + col
    return int(ctx.game.turns[state.turn].extra.get(col) or 0)


def marked(us: UnitState) -> str | None:
    """16.4, 21.2: the Out of Supply marker a unit bears ('Out of Supply', 'Isolated' for its red side), or None; a
    unit bearing one receives no replacement, whatever it traces now (the marker is put on and taken off in its
    owner's Supply Phase, 16.5.1, so it still stands in the next Initial Phase)."""
    return {OUT_OF_SUPPLY: "Out of Supply", ISOLATED: "Isolated"}.get(us.supply)


def _kind_problem(ctx: Context, state: State, uid: str, kind: str, face: str | None = None) -> str | None:
    """21.1.2: why this kind of replacement does not restore the unit, or None."""
    f = facts(ctx).replacements
    u = ctx.game.units[uid]
    i = table(ctx)[uid, face or state.units[uid].face]
    k = f.kinds.get(kind)
    if k is None:
        return f"'{kind}' is not a kind of replacement"
    if NEVER in i.tags:
        return f"it may never be replaced ({ctx.game.traits[NEVER].rule})"
    allies = f.kinds.get("allies")
    ally = allies is not None and u.nationality in allies.nationalities
    if k.nationalities:
        return None if u.nationality in k.nationalities else \
            f"{kind} replacements restore only {', '.join(sorted(k.nationalities))} units"
    if ally:
        return "German replacements never restore an Axis ally (21.1.2)"
    if k.restores & i.tags:
        return None
    return f"{kind.capitalize()} replacements do not restore {ctx.game.unit_types[i.type].name} units"


def _kind_rule(ctx: Context, uid: str, face: str, why: str) -> str:
    """The rule a replacement that cannot be had breaks: a unit never replaced, its trait's rule (20.9: Linden); a kind
    that does not restore it, 21.1.2; none of the kind left this turn, 21.1.1."""
    if NEVER in table(ctx)[uid, face].tags:
        return ctx.game.traits[NEVER].rule
    return "21.1.2" if "restore" in why or "never" in why else "21.1.1"


def _budget(ctx: Context, state: State, side: str, kind: str) -> str | None:
    used = state.record.replacements.get(kind, 0)
    have = rate(ctx, state, side, kind)
    if used >= have:
        return f"the {ctx.game.sides[side].name} player receives {have} {kind} replacement(s) on turn {state.turn} " \
               f"and has used {used}"
    return None


def kind_of(ctx: Context, state: State, action: Action, uid: str, face: str) -> str | None:
    """The kind of replacement a line uses: its ``pay``, or in a log whose choices are unstated (a translated VASSAL
    log) the narrowest kind left this turn that restores ``uid`` on ``face`` (else the narrowest that restores it, so
    the budget is what is reported)."""
    kind = action.get("pay")
    if not translated(ctx, kind):
        return kind
    side = ctx.game.units[uid].side
    kinds = sorted(facts(ctx).replacements.kinds.values(), key=lambda k: len(k.nationalities) or len(k.restores))
    fits = [k.id for k in kinds if _kind_problem(ctx, state, uid, k.id, face) is None]
    return next((k for k in fits if _budget(ctx, state, side, k) is None), fits[0] if fits else kind)


GUARDS_LIMIT = "the Soviets use one replacement a turn on a Guards unit"


def _is_guards(ctx: Context, uid: str) -> bool:
    """21.2: a Soviet Guards unit, whose replacements the Guards limit counts."""
    return ctx.game.units[uid].nationality == "guards" and ctx.game.units[uid].side == facts(ctx).volga_side


def _guards_spent(ctx: Context, state: State, uid: str) -> bool:
    """21.2: ``uid`` is a Guards unit and the turn's Guards replacements are used up, whether they restored a step on
    the map or brought a Guards unit out of the Eliminated Box (21.1.1: both are uses of a replacement)."""
    return _is_guards(ctx, uid) and state.record.guards >= facts(ctx).replacements.guards


def _spend(state: State, uid: str, kind: str, guards: bool) -> State:
    r = state.record
    return evolve(state, record=evolve(r, replaced=r.replaced | {uid},
                                       replacements={**r.replacements, kind: r.replacements.get(kind, 0) + 1},
                                       guards=r.guards + (1 if guards else 0)))


def handle_replace(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``replace`` line (21.1-21.2, 21.3.4): a reduced unit (or a Remnant) on the map gets one step back."""
    uid = action["unit"]
    us = state.units[uid]
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    findings = []
    target = us.represents or uid
    target_face = "back" if us.represents else us.face
    kind = kind_of(ctx, state, action, target, target_face)
    guards = _is_guards(ctx, target)
    if side != action.side or us.loc not in ctx.board.locations:
        findings.append(Finding("21.1.1", f"{who} is not one of the phasing player's units on the map", (uid,)))
    elif not us.represents and (us.face != "back" or ctx.game.units[uid].flip != "step"):
        findings.append(Finding("21.1.1", f"{who} is not a reduced unit: a replacement restores one step", (uid,)))
    else:
        why = _kind_problem(ctx, state, target, kind, target_face) or _budget(ctx, state, side, kind)
        if why is not None:
            findings.append(Finding(_kind_rule(ctx, target, target_face, why), f"{who}: {why}", (uid,)))
        elif marked(us):
            findings.append(Finding("21.2", f"{who} bears an {marked(us)} marker; such a unit receives no replacement "
                                            "(16.4)", (uid,)))
        elif not supply.traces(ctx, state, side, us.loc or ""):
            findings.append(Finding("21.2", f"{who} cannot trace a Line of Supply now; only units in supply receive "
                                            "replacements", (uid,), (us.loc or "",)))
        elif us.order != GOOD_ORDER:
            findings.append(Finding("21.2", f"{who} is not in Good Order", (uid,)))
        elif uid in state.record.replaced or target in state.record.replaced or us.replaced:
            # (its Replacement marker, 21.4, says so too: one the log's position gave, in the owner's Initial Phase)
            findings.append(Finding("21.2", f"{who} already received a replacement this turn", (uid,)))
        elif _guards_spent(ctx, state, target):
            findings.append(Finding("21.2", f"{who}: {GUARDS_LIMIT}", (uid,)))
    units = dict(state.units)
    if us.represents:  # 21.3.4
        units[target] = evolve(us, face="back", represents=None, replaced=True)
        units[uid] = UnitState(box(ctx, side, "remnant_display"))
        changed = [uid, target]
    else:
        units[uid] = evolve(us, face="front", replaced=True)
        changed = [uid]
    note_changes(ctx, state.units, units, changed)
    return _spend(evolve(state, units=units), target, kind, guards), findings


# --- place ---------------------------------------------------------------------------------------------------------

def handle_place(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``place`` line: a reinforcement (22.1), a unit from the Eliminated Box (21.3) or back after its delay (19.4),
    or a Supply Point for a Resource Point (18.1, issue 15)."""
    uid = action["unit"]
    us = state.units[uid]
    side = ctx.game.units[uid].side
    if us.loc is None and uid in entry.placements(ctx):
        return entry.place_reinforcement(ctx, state, action)
    if action.get("pay") == RP:
        return _put(ctx, state, uid, action["to"], action.get("face", "front")), []
    if us.loc == box(ctx, side, "eliminated") or us.loc == box(ctx, side, "remnant_display"):
        return from_eliminated(ctx, state, action)
    return _put(ctx, state, uid, action["to"], action.get("face", us.face)), [
        Finding("22.1.2", f"{name(ctx, state, uid)} is neither a reinforcement still to arrive nor in the Eliminated "
                          f"Box (it is {'in ' + us.loc if us.loc else 'not in play'})", (uid,), (action["to"],))]


def _put(ctx: Context, state: State, uid: str, to: str, face: str, replaced: bool = False, **more) -> State:
    units = dict(state.units)
    units[uid] = UnitState(to, face, replaced=replaced, **more)
    note_changes(ctx, state.units, units, [uid])
    return evolve(state, units=units)


def lowest_face(ctx: Context, uid: str) -> str:
    """21.1.1, 21.3.3: the face a unit comes back on: its lowest step (a 2-step unit reduced; an ASU Used)."""
    u = ctx.game.units[uid]
    return "back" if u.steps >= 2 or u.flip == "convert" else "front"


def from_eliminated(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """21.3, 19.4: a unit comes out of the Eliminated Box."""
    uid, to = action["unit"], action["to"]
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    kind = kind_of(ctx, state, action, uid, "front")
    findings = []
    delayed = uid in state.returns
    remnant = action.get("remnant")
    if delayed:
        if state.returns[uid] > state.turn:
            findings.append(Finding("19.4", f"{who} comes back on turn {state.returns[uid]} (two turns after its "
                                            "elimination), not before", (uid,), (to,)))
    elif kind is None:
        findings.append(Finding("21.1.1", f"{who} leaves the Eliminated Box only with a replacement", (uid,), (to,)))
    else:
        why = _kind_problem(ctx, state, uid, kind, "front") or _budget(ctx, state, side, kind)
        if why is not None:
            findings.append(Finding(_kind_rule(ctx, uid, "front", why), f"{who}: {why}", (uid,), (to,)))
        elif _guards_spent(ctx, state, uid):
            findings.append(Finding("21.2", f"{who}: {GUARDS_LIMIT}", (uid,), (to,)))
    where = _where_problem(ctx, state, uid, to)
    if where is not None:
        findings.append(Finding("21.3.1", f"{who}: {where}", (uid,), (to,)))
    face = lowest_face(ctx, uid)
    if ctx.game.units[uid].steps >= 3 and ctx.game.units[uid].flip == "step":
        if remnant is None:
            findings.append(Finding("21.3.3", f"{who} comes back on its lowest step, as a Remnant (10.4.3): name "
                                              "the Remnant", (uid,), (to,)))  # its step, not where: not 21.3.1
        else:
            state = _put(ctx, state, uid, box(ctx, side, "remnant_display"), "back")
            state = _put(ctx, state, remnant, to, "front", True, represents=uid)
            state = _count(ctx, state, to)
            return (_spend(state, uid, kind, _is_guards(ctx, uid)) if kind else state), findings
    state = _put(ctx, state, uid, to, action.get("face", face), True)
    if action.get("face", face) != face:
        findings.append(Finding("21.3.3", f"{who} comes back on its lowest step ({face})", (uid,), (to,)))
    state = _count(ctx, state, to)
    if delayed:
        state = evolve(state, returns={u: t for u, t in state.returns.items() if u != uid})
    return (_spend(state, uid, kind, _is_guards(ctx, uid)) if kind and not delayed else state), findings


def _count(ctx: Context, state: State, to: str) -> State:
    r = state.record
    return evolve(state, record=evolve(r, from_eliminated={**r.from_eliminated, to: r.from_eliminated.get(to, 0) + 1}))


def _where_problem(ctx: Context, state: State, uid: str, to: str) -> str | None:
    """21.3.1: why ``to`` is no place for a unit from the Eliminated Box, or None."""
    side = ctx.game.units[uid].side
    f = facts(ctx)
    areas = scenario_facts(ctx).areas
    i = table(ctx)[uid, "front"]
    corps = f.stacking.corps_trait in i.tags and side == f.volga_side
    if to in ctx.game.map.areas:
        if areas.get(to) != side or to == f.entry.transit:
            return f"{to} is not a friendly Entry Area"
        if corps and to not in f.entry.corps_areas:
            return f"Soviet Tank and Mechanized Corps come back at {', '.join(sorted(f.entry.corps_areas))}"
        return None
    if corps:
        return f"Soviet Tank and Mechanized Corps come back at {', '.join(sorted(f.entry.corps_areas))}"
    hexes = ctx.game.map.hexes
    if to not in hexes:
        return f"{to} is not on the map"
    bit = move_bits(ctx).bit
    if adjacent_bits(ctx, state, sides(ctx, state, other(ctx, side)).combat) & bit[to]:
        return f"{to} is next to an enemy Combat Unit"
    city = hexes[to].settlement == "major_city" and state.control.get(to) == side and \
        supply.connecting(ctx, state, side, to)
    hq = _hq_here(ctx, state, uid, to)
    allowed = int(city) + int(hq)
    if not allowed:
        return (f"{to} is neither a friendly Entry Area, a friendly Major City on a Connecting Rail Hex, nor the hex "
                "of an in-supply Good Order HQ within two hexes of one")
    if state.record.from_eliminated.get(to, 0) >= allowed * f.replacements.eliminated_per_hex:
        return f"{to} already received its unit from the Eliminated Box this turn"
    return None


def _hq_here(ctx: Context, state: State, uid: str, to: str) -> bool:
    side = ctx.game.units[uid].side
    nat = ctx.game.units[uid].nationality
    hexes = ctx.game.map.hexes
    rail = supply.connecting_rail(ctx, state, side)
    near = any(rail & move_bits(ctx).bit[h] for h in hexes
               if distance(hexes[h].hex, hexes[to].hex) <= facts(ctx).replacements.hq_rail_hexes)
    if not near:
        return False
    for u in units_in(ctx, state, to):
        us = state.units[u]
        i = table(ctx)[u, us.face]
        if "command_hq" in i.tags and i.side == side and us.order == GOOD_ORDER and \
                supply.traces(ctx, state, side, to) and (side == facts(ctx).volga_side or
                                                          ctx.game.units[u].nationality == nat or
                                                          _german(ctx, nat, ctx.game.units[u].nationality)):
            return True
    return False


def _german(ctx: Context, unit_nat: str, hq_nat: str) -> bool:
    """21.3.1: Axis units use an HQ of their nationality; the German HQs serve every German-side unit that is not an
    Axis ally (SS, Luftwaffe)."""
    allies = facts(ctx).replacements.kinds.get("allies")
    ally = allies is not None and unit_nat in allies.nationalities
    return not ally and hq_nat == "german"


def clear_markers(ctx: Context, state: State, side: str | None) -> State:
    """21.4: the phasing player's Replacement markers come off in his Recovery Phase."""
    marked = [u for u, us in state.units.items() if us.replaced and ctx.game.units[u].side == side]
    if not marked:
        return state
    units = dict(state.units)
    for u in marked:
        units[u] = evolve(units[u], replaced=False)
    note_changes(ctx, state.units, units, marked)
    return evolve(state, units=units)
