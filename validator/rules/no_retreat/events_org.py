"""Event effects on units and the organization of the armies (5.3.1; 7.x for placement and flips).

- ``place_units``: units taken from the side's boxes (``from``) to the map or the Rail Movement box: the play's
  ``units``, each to the hex at the same place in ``targets`` (a hex left over is reported), at most ``most``; ``to``
  says where: a friendly city that traces an overland supply path or a hex adjacent to one (New Conscripts, 1), the Rail
  box (Manpower Reserves, 2), a hex where the unit could be placed (7.6: Troop Transfer 3, Last Reserves 30, Industrial
  Surge 38, Volkssturm Levies 49), a hex where a unit could detrain (9.2: Strategic Reserves 15, Ersatz Units 25), a
  friendly city of a region (Festung Deutschland 48). A replacement (``replacement``) comes on the face and with the
  Disorganized marker of 7.9 and is free (Troop Transfer also before turn 5, 7.9.1); ``vp``: the Event VPs it costs;
- ``free_upgrade`` (Allied Lend-Lease, 8): one unit that could be upgraded (7.0 A, 7.2) turns to its improved face;
- ``mark_unsupplied`` (Cavalry Raid, 5): an Unsupplied marker on one enemy unit on the map;
- ``save_from_surrender`` (Luftwaffe Support, 6): the Unsupplied units of one friendly hex (``targets``, or the hex
  of the ``units`` the play names) do not surrender in this Removal Phase (11.1);
- ``step_losses`` (Partisans 6: one step; Soviet Manpower Crisis 35: one step from each of two supplied non-cadre
  units): the enemy, owner of the units, logs the ``loss`` lines, on the map, his choice of units;
- ``surrender_unit`` (Kesselschlacht, 18): one enemy unit with an Unsupplied marker goes to its Surrendered box;
- ``undo_organization`` (Production Problems 7, Allied Strategic Bombing 31): the enemy improvement or replacement
  just made is undone (the unit goes back; the cards paid stay spent);
- ``terrain`` (Scorched Earth, 7): a friendly city counts as Marsh (movement cost, advance) until the side that
  controls it pays two cards (``discard`` "by" the card) in a Removal Phase.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve, unit_name, updated
from ...model import Action, Finding, indefinite
from .cards import spend
from .control import controller, enter
from .event_state import Due, battle_owes, phase_key
from .events_common import Play, hexes_of, named_hexes, named_units, open_due, other, units_on_map, violation
from .events_data import Effect, half
from .organization import flip_kind, supplied_overland
from .placement import expected_face, place_problem
from .rail import detrain_problem, in_box, rail_box
from .results import elimination_box, step_loss, to_box
from .state import State
from .supply import supply_net, traces_overland
from .supply_phase import end_check, reported_markers
from .victory import gain


def _target_problem(ctx: Context, state: State, effect: Effect, side: str, uid: str, loc: str | None) -> str | None:
    """Why ``uid`` may not go to ``loc`` by this event, or None."""
    to = effect.params["to"]
    if to == "rail":
        return None
    if loc is None:
        return "the play names no hex for it (targets)"
    if loc not in ctx.board.locations:
        return f"{loc} is not a land hex of the map"
    if any(us.loc == loc and ctx.game.units[u].side != side for u, us in state.units.items()):
        return f"{loc} holds enemy units"
    if to == "placement":
        why = place_problem(ctx, state, uid, "replacement", loc)
        return None if why is None else why
    if to == "detrain":
        return detrain_problem(ctx, state, side, loc)
    if to == "region_city":
        region = ctx.game.map.regions[effect.params["region"]]
        if loc in ctx.board.cities and loc in region.locations and controller(ctx, state, loc) == side:
            return None
        return f"{loc} is not {indefinite(ctx.game.sides[side].name)}-controlled city of {region.name}"
    net = supply_net(ctx, state, side)
    cities = [c for c in (loc, *ctx.board.neighbours.get(loc, ())) if c in ctx.board.cities
              and controller(ctx, state, c) == side and traces_overland(net, c)]
    return None if cities else f"{loc} is neither a friendly city that traces an overland supply path nor next to one"


def place_units(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    side, p = play.side, effect.params
    boxes = {f"{b}_{side}" for b in p["from"]}
    most = int(p["most"])
    findings = []
    if len(play.units) > most:
        findings.append(violation(ctx, play.event, play.side, f"at most {most} unit(s); {len(play.units)} named",
                                  play.units))
    if p["to"] != "rail" and len(play.targets) > len(play.units):
        findings.append(violation(ctx, play.event, play.side, f"{len(play.targets)} hexes named (targets) for "
                                  f"{len(play.units)} unit(s): {', '.join(play.targets[len(play.units):])} "
                                  "gets no unit", play.units, play.targets[len(play.units):]))
    types = p.get("types")
    for i, uid in enumerate(play.units):
        u = ctx.game.units[uid]
        us = state.units[uid]
        loc = play.targets[i] if i < len(play.targets) else None
        problems = []
        if u.side != side:
            problems.append(f"{unit_name(ctx, uid, state)} is not {indefinite(ctx.game.sides[side].name)} unit")
        elif us.loc not in boxes:
            problems.append(f"{unit_name(ctx, uid, state)} is in {us.loc or 'no box'}, not the "
                            f"{' / '.join(sorted(boxes))} box")
        if types and ctx.unit_type[uid, us.face] not in types:
            problems.append(f"{unit_name(ctx, uid, state)} is not {indefinite(' or '.join(types))} unit")
        why = _target_problem(ctx, state, effect, side, uid, loc) if not problems else None
        if why:
            problems.append(why)
        findings += [violation(ctx, play.event, play.side, w, (uid,), (loc,) if loc else ()) for w in problems]
        if p["to"] == "rail":
            box = ctx.game.map.boxes[rail_box(ctx, side)]
            if len(in_box(state, box.id)) >= (box.capacity or 0):
                findings.append(violation(ctx, play.event, play.side, f"the {box.name} box is full "
                                                                       f"(capacity {box.capacity}, 9.1.2)", (uid,)))
            loc = box.id
        if loc is None:
            continue
        face = us.face
        if p.get("replacement") and us.loc in (f"destroyed_{side}", f"surrendered_{side}"):
            face = expected_face(ctx, state, uid, "replacement")
        new = evolve(us, loc=loc, face=face, unsupplied=False, disorganized=bool(p.get("replacement")))
        state = evolve(state, units=updated(state.units, uid, new))
        if loc in ctx.board.locations:
            state = enter(ctx, state, side, [loc])
    if p.get("vp") and (play.units or not findings):
        state = gain(ctx, state, side, int(p["vp"]))
    return state, findings


def free_upgrade(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    findings = []
    for uid in play.units[:int(effect.params["units"])]:
        us = state.units[uid]
        to = "back" if us.face == "front" else "front"
        kind = flip_kind(ctx, uid, us.face, to)
        if ctx.game.units[uid].side != play.side or us.loc not in ctx.board.locations or kind not in ("upgrade",
                                                                                                    "improve"):
            findings.append(violation(ctx, play.event, play.side, f"{unit_name(ctx, uid, state)} cannot be upgraded "
                                                                   "(one of his own units on the map, on its weaker "
                                                                   "face)", (uid,)))
            continue
        if not supplied_overland(ctx, state, uid):
            findings.append(violation(ctx, play.event, play.side, f"{unit_name(ctx, uid, state)} does not trace an "
                                                                   "overland supply path (7.0 A)", (uid,)))
        state = evolve(state, units=updated(state.units, uid, evolve(us, face=to)))
    if len(play.units) > int(effect.params["units"]):
        findings.append(violation(ctx, play.event, play.side, f"it upgrades {effect.params['units']} unit",
                                  play.units))
    return state, findings


def _enemy_named(ctx: Context, state: State, play: Play) -> tuple[tuple[str, ...], list[Finding]]:
    """The enemy units an event that acts on one enemy unit names (its ``units``, or the enemy units in the hexes its
    ``targets`` name), and a finding when the hexes it names hold none (the play would act on nothing, silently)."""
    units = named_units(ctx, state, play, other(ctx, play.side))
    if units or play.units or not play.targets:
        return units, []
    return units, [violation(ctx, play.event, play.side, f"{', '.join(play.targets)} holds no "
                                                          f"{ctx.game.sides[other(ctx, play.side)].name} unit", (),
                             play.targets)]


def mark_unsupplied(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    units, findings = _enemy_named(ctx, state, play)
    if len(units) > int(effect.params["units"]):
        findings.append(violation(ctx, play.event, play.side, f"it marks {effect.params['units']} unit", units))
    for uid in units:
        if ctx.game.units[uid].side == play.side or state.units[uid].loc not in ctx.board.locations:
            findings.append(violation(ctx, play.event, play.side, f"{unit_name(ctx, uid, state)} is not an enemy "
                                                                   "unit on the map", (uid,)))
            continue
        state = evolve(state, units=updated(state.units, uid, evolve(state.units[uid], unsupplied=True)))
    return state, findings


def save_from_surrender(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    n = int(effect.params["hexes"])
    findings = []
    hexes = named_hexes(state, play)
    if len(hexes) > n:
        findings.append(violation(ctx, play.event, play.side, f"it saves the units of {n} hex; "
                                                               f"{len(hexes)} named", (), hexes))
    mine = hexes_of(ctx, state, play.side)
    either = reported_markers(ctx, state) or state  # a marker the Supply Check reported either way (6.4: one report)
    saved = set()
    for loc in hexes[:n]:
        units = [u for u in mine.get(loc, ()) if either.units[u].unsupplied]
        if not units:
            findings.append(violation(ctx, play.event, play.side, f"{loc} holds no Unsupplied "
                                                                   f"{ctx.game.sides[play.side].name} unit", (),
                                      (loc,)))
        saved |= set(units)
    return evolve(state, effects=evolve(state.effects, saved=(frozenset(saved), phase_key(state)))), findings


def step_losses(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    enemy = other(ctx, play.side)
    p = effect.params
    eligible = [uid for uid in units_on_map(ctx, state, enemy) if _loss_problem(ctx, state, p, uid, ()) is None]
    n = min(int(p["steps"]), len(eligible))
    return open_due(state, Due(play.event, enemy, "loss", n, int(p["steps"]), phase_key(state), play.line,
                               "step_losses", play.side, params=p)), []


def _loss_problem(ctx: Context, state: State, p, uid: str, used) -> str | None:
    us = state.units[uid]
    if us.loc not in ctx.board.locations:
        return "it is not on the map"
    if p.get("supplied") and us.unsupplied:
        return "it carries an Unsupplied marker (the event takes supplied units)"
    if ctx.unit_type[uid, us.face] in p.get("not_types", ()):
        return f"the event takes no {ctx.unit_type[uid, us.face]} unit"
    if uid in used:
        return "it has already lost a step to this event (one step from each of different units)"
    return None


def _accepts_loss(ctx: Context, state: State, d: Due, action: Action) -> bool:
    return action.type == "loss" and d.done < d.most and ctx.game.units[action["unit"]].side == d.side \
        and not battle_owes(state, action["unit"])


def follow_loss(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, Due, list[Finding]]:
    uid = action["unit"]
    why = _loss_problem(ctx, state, d.params, uid, d.used)
    findings = [violation(ctx, d.card, d.player or None, f"{unit_name(ctx, uid, state)} cannot lose the step: {why}",
                          (uid,))] if why else []
    if state.units[uid].loc in ctx.board.locations:
        state = step_loss(ctx, state, uid)
    return state, evolve(d, done=d.done + 1, used=d.used + (uid,)), findings


def _accepts_eliminate(ctx: Context, state: State, d: Due, action: Action) -> bool:
    return action.type in ("remove", "loss") and action["unit"] in (d.units or ()) and d.done < d.most


def follow_eliminate(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, Due, list[Finding]]:
    uid = action["unit"]
    box = action["to"] if action.type == "remove" else elimination_box(ctx, state, uid)
    findings = []
    if box != elimination_box(ctx, state, uid):
        findings.append(violation(ctx, d.card, d.player or None, f"{unit_name(ctx, uid, state)} is eliminated to "
                                                                  f"{elimination_box(ctx, state, uid)}, not {box}",
                                  (uid,)))
    state = to_box(ctx, state, uid, box)
    return state, evolve(d, done=d.done + 1, used=d.used + (uid,)), findings


FOLLOW = {"loss": (_accepts_loss, follow_loss), "eliminate": (_accepts_eliminate, follow_eliminate)}


def surrender_unit(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    n = int(effect.params["units"])
    early: list[Finding] = []
    if state.phase == "supply":  # played at the Supply Check's end: the check is over, its markers placed (6.0)
        state, early = end_check(ctx, state)  # (already, after a ``supply`` line; else the rules' markers, silently)
    either = reported_markers(ctx, state) or state  # a marker the check reported either way counts (6.4: one report)
    units, findings = _enemy_named(ctx, state, play)
    findings = early + findings
    if play.targets and not play.units:  # a hex named: its enemy units with an Unsupplied marker are the ones meant
        units = tuple(u for u in units if either.units[u].unsupplied) or units
    if len(units) > n:
        findings.append(violation(ctx, play.event, play.side, f"it sends {n} unit to the Surrendered box", units))
    for uid in units[:n]:
        us = state.units[uid]
        marked = either.units[uid].unsupplied
        if ctx.game.units[uid].side == play.side or us.loc not in ctx.board.locations or not marked:
            findings.append(violation(ctx, play.event, play.side, f"{unit_name(ctx, uid, state)} is not an enemy "
                                                                   "unit on the map with an Unsupplied marker", (uid,)))
            continue
        state = to_box(ctx, state, uid, f"surrendered_{ctx.game.units[uid].side}")
    return state, findings


def undo_organization(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    recent = play.before.recent
    enemy = other(ctx, play.side)
    kinds = tuple(effect.params["kinds"])
    words = " or ".join(kinds)
    if recent is None or recent.side != enemy or recent.kind not in kinds or recent.unit is None:
        return state, [violation(ctx, play.event, play.side, f"it cancels the {ctx.game.sides[enemy].name} {words} "
                                                              "just made; the action before it is not one")]
    uid = play.units[0] if play.units else recent.unit
    if uid != recent.unit:
        return state, [violation(ctx, play.event, play.side, f"{unit_name(ctx, uid, state)} was not the unit just "
                                                              f"improved or replaced ({recent.unit} was)", (uid,))]
    old = recent.before.units[uid]
    loc = state.units[uid].loc
    state = evolve(state, units=updated(state.units, uid, old))
    if loc in ctx.board.locations and recent.before.control.get(loc) != state.control.get(loc):
        control = dict(state.control)
        if loc in recent.before.control:
            control[loc] = recent.before.control[loc]
        else:
            control.pop(loc, None)
        state = evolve(state, control=control)
    return state, []


def terrain(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    findings = []
    for loc in play.targets[:1]:
        if loc not in ctx.board.cities or controller(ctx, state, loc) != play.side:
            findings.append(violation(ctx, play.event, play.side, f"{loc} is not a "
                                                                   f"{ctx.game.sides[play.side].name}-controlled city",
                                      (), (loc,)))
            continue
        state = evolve(state, effects=evolve(state.effects, terrain={**state.effects.terrain,
                                                                      loc: effect.params["terrain"]}))
    if len(play.targets) > 1:
        findings.append(violation(ctx, play.event, play.side, "it turns one city", (), play.targets))
    return state, findings


def clears_terrain(ctx: Context, state: State, action: Action) -> bool:
    """A discard "by" Scorched Earth: the side controlling a scorched city pays to clear it (card 7)."""
    by = action.get("by")
    return action.type == "discard" and bool(by) and bool(state.effects.terrain) and any(
        e.kind == "terrain" for s in ctx.game.sides for e in half(ctx, by, s).options)


def clear_terrain(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    by, side = action["by"], action.side
    effect = next(e for s in ctx.game.sides for e in half(ctx, by, s).options if e.kind == "terrain")
    player = effect.side
    p = effect.params
    state, findings = spend(ctx, state, side, list(action["cards"]), "5.3", f"clearing {by}")
    mine = [loc for loc in state.effects.terrain if controller(ctx, state, loc) == side]
    if state.phase != p["clear_phase"] or not mine:
        findings.append(violation(ctx, by, player, f"its marker is removed by the side that controls the city, in a "
                                                   f"{p['clear_phase']} phase"))
        return state, findings
    if len(action["cards"]) < int(p["clear_cost"]):
        findings.append(violation(ctx, by, player, f"removing its marker costs {p['clear_cost']} cards; "
                                                   f"{len(action['cards'])} paid", (), (mine[0],)))
    terrain_ = {k: v for k, v in state.effects.terrain.items() if k != mine[0]}
    return evolve(state, effects=evolve(state.effects, terrain=terrain_)), findings


APPLY = {"place_units": place_units, "free_upgrade": free_upgrade, "mark_unsupplied": mark_unsupplied,
         "save_from_surrender": save_from_surrender, "step_losses": step_losses, "surrender_unit": surrender_unit,
         "undo_organization": undo_organization, "terrain": terrain}

