"""Event effects on movement, rail movement and stacking (5.3.1, 5.3.4; 8.x, 9.x for the moves themselves).

- ``moves``: after the play, the side's ``move`` lines for the units the event moves (the play's ``units``, or any
  that fit, at most ``units``) are the event's moves, whoever's phase it is: Battle Initiative (10) one supplied
  unit not in an EZOC up to 2 MP; Operational Moves (39) any units not in an EZOC, 1 MP each into hexes that cost
  1 MP; Panzerblitz! (43) supplied armor not in an EZOC up to 2 MP; Central Command (41) up to four units not in an
  EZOC one hex each; Surprise Attack (36) one supplied stack up to two hexes (terrain costs aside), ending
  together, with a Counterblow marker on it that the Soviets must attack in their Combat Phase. MP moves follow
  8.x with the event's allowance (terrain costs, EZOC stop and exit cost, no infiltration, the one-hex minimum);
  hex moves follow 8.x but for the cost; a unit's later lines for the same event go on from the earlier ones (the
  hexes moved and an EZOC entered count);
- ``extra_mp`` (General Staff, 17): the units of one stack get +2 MP in this Movement Phase;
- ``rail_jump`` (Strategic Surprise, 18): in a Card Phase, up to two supplied units entrain and up to two detrain
  (9.2 hexes), free; ``rail_detrain_move`` (Maskirovka, 35): at the end of the Soviet Movement Phase the units of
  the Soviet Rail box may detrain (9.2) and then move with their full allowance;
- ``extra_stacking`` (Prepared Offensive, 32): up to three adjacent hexes (``targets``) hold one unit beyond the
  stacking limit until the end of the game turn; what is still overstacked then moves one unit one hex out in the
  Soviet Detraining Phase (or is reported, 8.4.1).

Each unit benefits from one positive movement event per player turn (5.3.4): the units moved are recorded.
"""

from __future__ import annotations

from collections import deque

from ...engine.context import Context
from ...engine.state import evolve, face_of, unit_name, updated
from ...model import Action, Finding, indefinite
from .battle_state import CBMarker
from .cards import record, with_record
from .control import enter
from .event_state import Due, phase_key
from .events_common import Play, named_units, open_due, violation
from .events_data import Effect
from .movement import apply_move, enter_cost, ground, handle_move, immobile_problem, step_problem, trail
from .rail import detrain_problem, in_box, rail_box
from .shifts import category
from .state import State
from .zoc import enemy_zoc

UNLIMITED = 10 ** 6


def _unit_problem(ctx: Context, state: State, side: str, p, uid: str) -> str | None:
    """Why ``uid`` may not be moved by the event, or None."""
    u = ctx.game.units[uid]
    us = state.units[uid]
    if u.side != side:
        return "it is not his unit"
    if us.loc not in ctx.board.locations:
        return "it is not on the map"
    face = face_of(ctx, state, uid)
    if not face.ma or not ctx.game.unit_types[face.type].mobile:
        return "it has no movement allowance"
    if p.get("supplied") and us.unsupplied:
        return "it carries an Unsupplied marker"
    if p.get("types") and category(ctx, state, uid) not in p["types"]:
        return f"it is not {' or '.join(p['types'])}"
    if p.get("not_in_ezoc") and us.loc in enemy_zoc(ctx, state, side):
        return "it starts in an enemy zone of control"
    return None


def moves(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    p = effect.params
    most = int(p.get("units", UNLIMITED))
    findings = []
    named = play.units
    if p.get("stack"):
        most = UNLIMITED
        named = named_units(ctx, state, play)  # the stack's units, or its hex
        hexes = {state.units[u].loc for u in named}
        if len(hexes) > 1:
            findings.append(violation(ctx, play.event, play.side, f"it moves one stack; the units named are in "
                                                                   f"{', '.join(sorted(h or '-' for h in hexes))}",
                                      named))
    if len(named) > most:
        findings.append(violation(ctx, play.event, play.side, f"it moves at most {most} unit(s); "
                                                               f"{len(named)} named", named))
    for uid in named:
        why = _unit_problem(ctx, state, play.side, p, uid)
        if why:
            findings.append(violation(ctx, play.event, play.side, f"{unit_name(ctx, uid, state)} cannot be moved by "
                                                                   f"it: {why}", (uid,)))
    units = frozenset(named) if named else None
    state = open_due(state, Due(play.event, play.side, "move", 0, most, phase_key(state), play.line, "moves",
                                play.side, units=units, params=p))
    if p.get("counterblow_marker") and named:
        state = _mark(state, play, state.units[named[0]].loc)
    return state, findings


def _mark(state: State, play: Play, loc: str | None) -> State:
    """Surprise Attack's Counterblow marker on the stack (kept on it as it moves)."""
    c = state.combat
    kept = tuple(m for m in c.markers if not (m.owner == play.side and m.placed == (state.turn, play.event)))
    if loc is None:
        return state
    return evolve(state, combat=evolve(c, markers=kept + (CBMarker(loc, play.side, (state.turn, play.event)),)))


def _accepts_move(ctx: Context, state: State, d: Due, action: Action) -> bool:
    if action.type != "move":
        return False
    uid = action["unit"]
    if d.units is not None:
        return uid in d.units
    if "from" in d.params and uid not in d.used and state.units[uid].loc not in d.params["from"]:
        return False
    return uid in d.used or (len(d.used) < d.most and ctx.game.units[uid].side == d.side)


def _hex_path(ctx: Context, state: State, uid: str, dest: str, hexes: int) -> tuple[str, ...] | None:
    """Fewest-hex legal path (8.x but for the MP cost) of at most ``hexes`` hexes (none from off the map)."""
    g = ground(ctx, state, ctx.game.units[uid].side)
    start = state.units[uid].loc
    if start not in ctx.board.locations:
        return None
    prev: dict[str, str | None] = {start: None}
    queue = deque([(start, 0)])
    while queue:
        x, n = queue.popleft()
        if x == dest:
            return trail(prev, x)
        if n >= hexes or (x != start and x in g.ezoc):
            continue
        for nxt in ctx.board.neighbours[x]:
            if nxt not in prev and step_problem(ctx, uid, x, nxt, g) is None:
                prev[nxt] = x
                queue.append((nxt, n + 1))
    return None


def _hex_move(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, list[Finding]]:
    """One line of a hex move; a later line for the same unit goes on from where the earlier ones left it: the hexes
    already moved count, and a unit that entered an enemy zone of control has stopped (5.3.1, 8.5.1). A unit the
    scenario keeps still this turn moves no more by an event than by itself (8.0, as a ``move`` line: the Campaign's
    Rumanian armies on turn 1)."""
    uid = action["unit"]
    still = None if uid in d.used else immobile_problem(ctx, state, uid)
    moved = state.moved.get(uid) if uid in d.used else None  # (``follow_move`` cleared it on the unit's first line)
    before = moved.plain - moved.exits if moved else 0  # hexes moved by this event so far
    hexes = int(d.params["hexes"])
    start = state.units[uid].loc
    g = ground(ctx, state, ctx.game.units[uid].side)
    if "path" in action.data:
        path = tuple(action["path"])
        path = path[1:] if path and path[0] == start else path
        problem = None
        cur = start
        for i, nxt in enumerate(path):
            f = step_problem(ctx, uid, cur, nxt, g)
            if f is not None:
                problem = f.message
            elif (i or (moved and moved.stopped)) and cur in g.ezoc:
                problem = f"it entered an enemy zone of control at {cur} and stops there (8.5.1)"
            if problem:
                break
            cur = nxt
    else:
        left = hexes - before
        found = None if moved and moved.stopped else _hex_path(ctx, state, uid, action["to"], left)
        path = found or (action["to"],)
        problem = None if found else f"no legal path of at most {left} hex(es) to {action['to']}"
    findings = [still] if still else []
    if problem is None and before + len(path) > hexes:
        problem = f"it moves {before + len(path)} hexes; the event gives {hexes}"
    if problem:
        findings.append(violation(ctx, d.card, d.player or None, f"{unit_name(ctx, uid, state)}: {problem}", (uid,),
                                  (start,) + path))
    if path and all(x in ctx.board.locations for x in path):
        state = apply_move(ctx, state, uid, path)
    return state, findings


def follow_move(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, Due, list[Finding]]:
    uid = action["unit"]
    p = d.params
    findings = []
    first = uid not in d.used
    if first:
        if d.units is None and not p.get("then_move"):
            why = _unit_problem(ctx, state, d.side, p, uid)
            if why:
                findings.append(violation(ctx, d.card, d.player or None, f"{unit_name(ctx, uid, state)} cannot be "
                                                                         f"moved by it: {why}", (uid,)))
        rec = record(state)
        if d.units is None and uid in rec.moved:
            findings.append(Finding("5.3.4", f"{unit_name(ctx, uid, state)} already benefited from a movement event "
                                             "this player turn", (uid,)))
        state = with_record(state, moved=rec.moved | {uid})
        if uid in state.moved:  # an event's move is a movement of its own: MP spent before do not count
            state = evolve(state, moved={k: v for k, v in state.moved.items() if k != uid})
    if "hexes" in p:
        state, more = _hex_move(ctx, state, d, action)
    else:
        state, more = _mp_move(ctx, state, d, action)
    d = evolve(d, done=d.done + (1 if first else 0), used=d.used + ((uid,) if first else ()))
    if p.get("counterblow_marker"):
        state = _mark(state, Play(d.player, d.card, d.card, d.line), state.units[uid].loc)
    return state, d, findings + more


def _mp_move(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, list[Finding]]:
    uid = action["unit"]
    p = d.params
    if "mp" in p:
        mp = dict(state.effects.mp)
        mp[uid] = ("set", int(p["mp"]), phase_key(state))
        state = evolve(state, effects=evolve(state.effects, mp=mp))
    start = state.units[uid].loc
    state, findings = handle_move(ctx, state, action)
    end = state.units[uid].loc
    if p.get("one_mp_hexes") and end != start and end in ctx.board.locations:
        if enter_cost(ctx, state, category(ctx, state, uid) == "armor", end) != 1:
            findings.append(violation(ctx, d.card, d.player or None, f"{unit_name(ctx, uid, state)} enters {end}, "
                                                                     "which costs more than 1 MP", (uid,)))
    return state, findings


def close_moves(ctx: Context, state: State, d: Due) -> tuple[State, list[Finding]]:
    """Surprise Attack: the stack ends together (its marker is where its units are)."""
    if not d.params.get("stack") or not d.units:
        return state, []
    hexes = sorted({state.units[u].loc or "-" for u in d.units})
    if len(hexes) > 1:
        return state, [violation(ctx, d.card, d.player or None, f"the stack moves together; it ended in "
                                                                 f"{', '.join(hexes)}", tuple(d.units))]
    return state, []


# -- rail ----------------------------------------------------------------------------------------------------------

def rail_jump(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    p = effect.params
    state = open_due(state, Due(play.event, play.side, "entrain", 0, int(p["entrain"]), phase_key(state), play.line,
                                "rail_jump", play.side))
    state = open_due(state, Due(play.event, play.side, "detrain", 0, int(p["detrain"]), phase_key(state), play.line,
                                "rail_jump", play.side))
    side = indefinite(ctx.game.sides[play.side].name)  # the units it names are the side's own (the rail moves follow)
    return state, [violation(ctx, play.event, play.side, f"{unit_name(ctx, u, state)} is not {side} unit", (u,))
                   for u in play.units if ctx.game.units[u].side != play.side]


def rail_detrain_move(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    box = ctx.game.map.boxes[rail_box(ctx, play.side)]
    return open_due(state, Due(play.event, play.side, "detrain", 0, box.capacity or 0, phase_key(state), play.line,
                               "rail_detrain_move", play.side, params={"then_move": True})), []


def _accepts_entrain(ctx: Context, state: State, d: Due, action: Action) -> bool:
    return action.type == "entrain" and d.done < d.most


def follow_entrain(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, Due, list[Finding]]:
    uid = action["unit"]
    side = d.side
    why = _unit_problem(ctx, state, side, {"supplied": True}, uid)
    box = ctx.game.map.boxes[rail_box(ctx, side)]
    if why is None and len(in_box(state, box.id)) >= (box.capacity or 0):
        why = f"the {box.name} box is full (capacity {box.capacity}, 9.1.2)"
    findings = [violation(ctx, d.card, d.player or None, f"{unit_name(ctx, uid, state)} cannot entrain: {why}",
                          (uid,))] if why else []
    state = evolve(state, units=updated(state.units, uid, evolve(state.units[uid], loc=box.id)))
    rec = record(state)
    state = with_record(state, moved=rec.moved | {uid})
    return state, evolve(d, done=d.done + 1, used=d.used + (uid,)), findings


def _accepts_detrain(ctx: Context, state: State, d: Due, action: Action) -> bool:
    if action.type == "detrain":
        return d.done < d.most
    return action.type == "move" and bool(d.params.get("then_move")) and action["unit"] in d.used


def follow_detrain(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, Due, list[Finding]]:
    uid = action["unit"]
    if action.type == "move":
        state, findings = handle_move(ctx, state, action)
        return state, d, findings
    side, loc = d.side, action["to"]
    box = rail_box(ctx, side)
    findings = []
    if state.units[uid].loc != box:
        findings.append(violation(ctx, d.card, d.player or None, f"{unit_name(ctx, uid, state)} is not in the "
                                                                 f"{side} Rail Movement box", (uid,), (loc,)))
    why = detrain_problem(ctx, state, side, loc)
    if why:
        findings.append(violation(ctx, d.card, d.player or None, f"{unit_name(ctx, uid, state)} may not detrain in "
                                                                 f"{loc}: {why} (9.2)", (uid,), (loc,)))
    rec = record(state)
    same = any(uid in x.used for x in state.effects.due if x.card == d.card and x.line == d.line)
    if uid in rec.moved and not same:
        findings.append(Finding("5.3.4", f"{unit_name(ctx, uid, state)} already benefited from a movement event this "
                                         "player turn", (uid,)))
    state = with_record(state, moved=rec.moved | {uid})
    moved = {k: v for k, v in state.moved.items() if k != uid}
    state = evolve(state, units=updated(state.units, uid, evolve(state.units[uid], loc=loc)), moved=moved)
    state = enter(ctx, state, side, [loc])
    return state, evolve(d, done=d.done + 1, used=d.used + (uid,)), findings


# -- movement points and stacking ----------------------------------------------------------------------------------

def extra_mp(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    findings = []
    units = named_units(ctx, state, play)  # the stack's units, or its hex
    hexes = {state.units[u].loc for u in units} | set(play.targets)  # a hex named with no unit is a second stack too
    if not units or len(hexes) > 1:
        findings.append(violation(ctx, play.event, play.side, "it gives extra MP to the units of one stack (units)",
                                  units))
    mp = dict(state.effects.mp)
    for uid in units:
        why = _unit_problem(ctx, state, play.side, {}, uid)
        if why:
            findings.append(violation(ctx, play.event, play.side, f"{unit_name(ctx, uid, state)}: {why}", (uid,)))
            continue
        mp[uid] = ("add", int(effect.params["mp"]), phase_key(state))
    return evolve(state, effects=evolve(state.effects, mp=mp)), findings


def extra_stacking(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    p = effect.params
    n = int(p["hexes"])
    hexes = tuple(dict.fromkeys(play.targets))
    findings = []
    if len(hexes) > n:
        findings.append(violation(ctx, play.event, play.side, f"up to {n} hexes; {len(hexes)} named", (), hexes))
    if len(hexes) > 1 and not all(any(ctx.board.adjacent(a, b) for b in hexes if b != a) for a in hexes):
        findings.append(violation(ctx, play.event, play.side, f"the hexes must be adjacent ({', '.join(hexes)} are "
                                                               "not)", (), hexes))
    chosen = frozenset(hexes[:n])
    state = evolve(state, effects=evolve(state.effects, stacking=(chosen, int(p["extra"]), state.turn, play.side)))
    key = (state.turn, play.side, "detraining")
    state = open_due(state, Due(play.event, play.side, "move", 0, len(chosen), key, play.line, "extra_stacking",
                                play.side, params={"hexes": 1, "from": tuple(chosen)}))
    return state, findings


APPLY = {"moves": moves, "extra_mp": extra_mp, "rail_jump": rail_jump, "rail_detrain_move": rail_detrain_move,
         "extra_stacking": extra_stacking}
FOLLOW = {"move": (_accepts_move, follow_move), "entrain": (_accepts_entrain, follow_entrain),
          "detrain": (_accepts_detrain, follow_detrain)}
CLOSE = {"moves": close_moves}
