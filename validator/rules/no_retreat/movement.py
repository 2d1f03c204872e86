"""Movement (8.0-8.6), checked step by step along the logged path, or along a legal path the validator finds when
the log gives only the destination.

- 8.0: only the phasing player moves, only his own units, only mobile ones (forts and garrisons have no MA);
- 8.1: a unit spends at most its Movement Allowance (the face it shows); several logged moves of one unit in a
  phase continue one movement;
- 8.1 and events: cards 10, 39, 43 give a unit its own allowance for the event's move, card 17 +2 MP; card 7 makes a
  city cost what Marsh costs;
- 8.2: weather caps the allowance (``weather.csv`` ``ma_cap``); 6.5.2: so does an Unsupplied marker (the TEC
  ``unsupplied`` row);
- 8.3: the TEC cost to enter each hex or area, by armor or other unit; rivers cost nothing extra; lake hexsides
  and sea or lake hexes are prohibited; a unit may always move one hex whatever the cost (not across a prohibited
  hexside, into an enemy unit or from EZOC to EZOC);
- 8.4: never into a location holding enemy units;
- 8.5.1: a unit stops on entering an enemy zone of control; 8.5.2: +1 MP (TEC ``ezoc``) to leave one;
  8.5.3: no move from an EZOC hex straight into another unless a friendly unit is there;
- 8.6: Finland is one location (TEC "Areas" cost) that only German, Finnish and Soviet units may enter;
- 9.1: a unit that entrained this phase does not move.
"""

from __future__ import annotations

from collections import deque
from typing import Mapping, NamedTuple, Sequence

from ...engine.bits import mask
from ...engine.context import Context
from ...engine.paths import Search, explore, found, move_bits, path
from ...engine.position import note_changes
from ...engine.state import evolve, face_of, unit_name
from ...model import Action, Finding, indefinite
from .board import RESTRICTED_AREAS, terrain_cost
from .control import enter
from .event_state import mp_change
from .ground import Ground, ground, ground_bits
from .state import Moved, State, relocated
from .supply_phase import reported_markers


class Allowance(NamedTuple):
    """A unit's movement allowance this phase and what capped it."""

    mp: int  # what the unit may spend this phase
    printed: int
    weather_cap: int | None
    supply_cap: int | None
    extra: int = 0  # MP an event adds beyond the capped allowance (card 17)


def allowance(ctx: Context, state: State, uid: str) -> Allowance:
    """The unit's allowance this phase: printed MA (or what an event gives: cards 10, 39, 43), capped by weather
    (8.2) and an Unsupplied marker (6.5.2); MP an event adds (card 17, General Staff: +2 MP) come on top of the capped
    allowance (5.3.2: the event's text wins where it meets the rules; 8.2 reduces the Movement Allowance, the card
    gives MPs besides it)."""
    face = face_of(ctx, state, uid)
    printed = face.ma or 0
    extra = 0
    change = mp_change(state, uid) if state.effects.mp else None
    if change is not None and change[0] == "set":
        printed = change[1]
    elif change is not None:
        extra = change[1]
    wcap = ctx.game.weather[state.weather].ma_cap
    scap = None
    if state.units[uid].unsupplied:
        t = ctx.game.tec["unsupplied"]
        scap = t.mp_armor if _armor(ctx, state, uid) else t.mp_other
    mp = printed  # the least of the allowance and the caps that apply
    if wcap is not None and wcap < mp:
        mp = wcap
    if scap is not None and scap < mp:
        mp = scap
    return Allowance(mp + extra, printed, wcap, scap, extra)


def _armor(ctx: Context, state: State, uid: str) -> bool:
    return ctx.game.unit_types[ctx.unit_type[uid, state.units[uid].face]].category == "armor"


class Mover(NamedTuple):
    """What one move of a unit pays, worked out once for the move (its search, its path's check and its record all
    ask): the TEC column (armor 0, other 1), the cost table in force, the MP to leave an enemy zone of control."""

    column: int
    table: Mapping[str, tuple[int, int]]
    exit_mp: int


def mover(ctx: Context, state: State, uid: str) -> Mover:
    armor = _armor(ctx, state, uid)
    return Mover(0 if armor else 1, cost_table(ctx, state), exit_cost(ctx, armor))


def cost_table(ctx: Context, state: State) -> Mapping[str, tuple[int, int]]:
    """MP to enter each location (TEC), with the terrain events give hexes (card 7: a city counts as Marsh)."""
    over = state.effects.terrain
    if not over:
        return ctx.board.cost
    last = ctx.derived.get("event_costs")
    if last is not None and last[0] is over:
        return last[1]
    key = ("event_costs", tuple(sorted(over.items())))
    table = ctx.derived.get(key)
    if table is None:
        table = ctx.derived[key] = {**ctx.board.cost, **{loc: terrain_cost(ctx.game, t) for loc, t in over.items()}}
    ctx.derived["event_costs"] = (over, table)
    return table


def enter_cost(ctx: Context, state: State, armor: bool, loc: str) -> int:
    """MP to enter ``loc`` now (the terrain events give included)."""
    a, o = cost_table(ctx, state)[loc]
    return a if armor else o


def exit_cost(ctx: Context, armor: bool) -> int:
    t = ctx.game.tec["ezoc"]
    return (t.mp_armor if armor else t.mp_other) or 0


def step_problem(ctx: Context, uid: str, cur: str, nxt: str, g: Ground, zoc_rules: bool = True) -> Finding | None:
    """What forbids one step from ``cur`` into ``nxt`` apart from MP, or None."""
    board = ctx.board
    if nxt in board.water:
        return Finding("8.3", f"{nxt} is water ({board.water[nxt]}), prohibited terrain that units never enter (TEC)",
                       (uid,), (cur, nxt))
    if not board.adjacent(cur, nxt):
        return Finding("8.0", f"{nxt} is not adjacent to {cur}: a unit moves hex by hex", (uid,), (cur, nxt))
    if board.crossing_prohibited(cur, nxt):
        return Finding("8.3", f"the hexside between {cur} and {nxt} is a lake hexside, prohibited to movement (TEC)",
                       (uid,), (cur, nxt))
    if nxt in g.enemy:
        return Finding("8.4", f"{nxt} holds enemy units; units never enter a hex containing enemy units",
                       (uid,), (cur, nxt))
    barred = RESTRICTED_AREAS.get(nxt)
    if barred and ctx.game.units[uid].nationality in barred:
        return Finding("8.6", f"only German, Finnish and Soviet units may enter {ctx.game.map.areas[nxt].name}",
                       (uid,), (cur, nxt))
    if zoc_rules and cur in g.ezoc and nxt in g.ezoc and nxt not in g.friendly:
        return Finding("8.5.3", f"moves from {cur} straight into {nxt}, both in an enemy zone of control, and no "
                                f"friendly unit is in {nxt} (no infiltration); it must first leave by a hex free of "
                                "enemy zones of control", (uid,), (cur, nxt))
    return None


def search(ctx: Context, state: State, uid: str, g: Ground, ignore_mp: bool = False,
           zoc_rules: bool = True, dest: str | None = None) -> dict[str, tuple[int, str | None]]:
    """Cheapest legal movement from the unit's location: location -> (MP spent in the phase, previous), cheapest
    first. With ``dest`` it stops once the cheapest way there is known."""
    return found(ctx, _explore(ctx, state, uid, g, ignore_mp, zoc_rules, dest))


def _explore(ctx: Context, state: State, uid: str, g: Ground, ignore_mp: bool, zoc_rules: bool, dest: str | None,
             m: Mover | None = None) -> Search:
    """The steps allowed are those :func:`step_problem` finds nothing wrong with, tested here without its words:
    to the neighbours across no prohibited hexside (no map location is water), not into enemy units (8.4) or a
    barred area (8.6), not from EZOC to EZOC without a friendly unit there (8.5.3); a unit stops in an EZOC it
    enters (8.5.1) and pays to leave one (8.5.2); it may always move one hex (8.3)."""
    us = state.units[uid]
    moved = state.moved.get(uid)
    start = us.loc
    spent = moved.spent if moved else 0
    m = m or mover(ctx, state, uid)
    table, column = m.table, m.column
    if moved and moved.stopped and zoc_rules:
        return explore(ctx, start, spent, 0, -1, 0, 0, spent, False, table, column)
    mp = 10 ** 9 if ignore_mp else allowance(ctx, state, uid).mp
    ezoc = ground_bits(ctx, g, 1) if zoc_rules else 0
    bit = move_bits(ctx).bit
    nationality = ctx.game.units[uid].nationality
    blocked = ground_bits(ctx, g, 0)
    barred = [a for a, nats in RESTRICTED_AREAS.items() if nationality in nats and a in bit]
    if barred:
        blocked |= mask(bit, barred)
    if ezoc & bit[start]:  # it leaves an EZOC: +MP (8.5.2), not straight into another without a friend (8.5.3)
        closed = ezoc & ~ground_bits(ctx, g, 2)
        return explore(ctx, start, spent, m.exit_mp, blocked, closed, ezoc, mp, moved is None, table, column, dest)
    return explore(ctx, start, spent, 0, blocked, 0, ezoc, mp, moved is None, table, column, dest)


def path_to(best: dict[str, tuple[int, str | None]], dest: str) -> tuple[str, ...]:
    out = [dest]
    while best[out[-1]][1] is not None:
        out.append(best[out[-1]][1])
    return tuple(reversed(out[:-1]))


def trail(prev: Mapping[str, str | None], last: str) -> tuple[str, ...]:
    """The path a search found to ``last`` (``prev``: location -> the one it was reached from), without the start."""
    out = [last]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return tuple(reversed(out[:-1]))


def _hops(ctx: Context, start: str, dest: str) -> tuple[str, ...] | None:
    """Fewest hexes from start to dest ignoring every rule (for explaining why no legal path exists)."""
    prev: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        if x == dest:
            return trail(prev, x)
        for n in ctx.board.neighbours[x]:
            if n not in prev:
                prev[n] = x
                queue.append(n)
    return None


def find_path(ctx: Context, state: State, uid: str, dest: str, g: Ground | None = None, m: Mover | None = None
              ) -> tuple[tuple[str, ...], bool]:
    """A path for a destination-only move: (path, legal). When no legal path exists, the closest thing to one
    (within the allowance but ignoring zones of control, then ignoring MP, then both, then everything) so that
    checking it names the rule that forbids it."""
    g = g or ground(ctx, state, ctx.game.units[uid].side)
    start = state.units[uid].loc
    m = m or mover(ctx, state, uid)
    goal = move_bits(ctx).bit.get(dest, 0) if dest != start else 0
    for ignore_mp, zoc_rules in ((False, True), (False, False), (True, True), (True, False)):
        s = _explore(ctx, state, uid, g, ignore_mp, zoc_rules, dest, m)
        if s.reached & goal:
            return path(ctx, s, dest), not ignore_mp and zoc_rules
    return _hops(ctx, start, dest) or (dest,), False


def reachable(ctx: Context, state: State, uid: str) -> dict[str, tuple[str, ...]]:
    """Every location the unit may legally end this move in, with a path to it."""
    g = ground(ctx, state, ctx.game.units[uid].side)
    best = search(ctx, state, uid, g)
    start = state.units[uid].loc
    return {loc: path_to(best, loc) for loc in best if loc != start}


def _over_rule(a: Allowance, spent: int, plain: int, exit_extra: int) -> str:
    """Which rule a too-expensive move breaks (see docs/rules/no_retreat.md, "Movement")."""
    def cap_rule() -> str:
        if a.supply_cap is not None and (a.weather_cap is None or a.supply_cap <= a.weather_cap):
            return "6.5.2"
        return "8.2"
    uncapped = a.printed + a.extra
    if exit_extra and spent - exit_extra <= a.mp:
        return "8.5.2"
    if spent <= uncapped:
        return cap_rule()
    if plain <= a.mp:
        return "8.3"
    if plain <= uncapped:
        return cap_rule()
    return "8.1"


def _allowance_words(a: Allowance) -> str:
    words = [f"MA {a.printed}"]
    if a.weather_cap is not None and a.weather_cap < a.printed:
        words.append(f"{a.weather_cap} in this weather (8.2)")
    if a.supply_cap is not None and a.supply_cap < a.printed:
        words.append(f"{a.supply_cap} when unsupplied (6.5.2)")
    if a.extra:
        words.append(f"+{a.extra} by an event")
    return ", ".join(words)


def check_path(ctx: Context, state: State, uid: str, path: Sequence[str], g: Ground | None = None,
               m: Mover | None = None) -> list[Finding]:
    """Every rule a logged path breaks (8.1-8.6)."""
    side = ctx.game.units[uid].side
    g = g or ground(ctx, state, side)
    moved = state.moved.get(uid)
    start = state.units[uid].loc
    m = m or mover(ctx, state, uid)
    a = allowance(ctx, state, uid)
    out: list[Finding] = []
    full = (start,) + tuple(path)
    spent = moved.spent if moved else 0
    stopped = moved.stopped if moved else False
    plain = moved.plain if moved else 0
    exit_extra = moved.exits if moved else 0  # a move continued on a later line keeps its 8.5.2 share
    last_ok = None
    cur = start
    column, table, exit_mp = m
    for nxt in path:
        if stopped:  # one report: the step into enemy units is an 8.4 whatever came before it
            if nxt in g.enemy:
                prob = step_problem(ctx, uid, cur, nxt, g)
                if prob is not None and prob.rule == "8.4":
                    out.append(evolve(prob, message=f"{unit_name(ctx, uid, state)}: {prob.message}", path=full))
                    break
            out.append(Finding("8.5.1", f"{unit_name(ctx, uid, state)} entered an enemy zone of control at {cur} and "
                                        f"must stop there; it went on to {nxt}", (uid,), full))
            break
        prob = step_problem(ctx, uid, cur, nxt, g)
        if prob is not None:
            out.append(evolve(prob, message=f"{unit_name(ctx, uid, state)}: {prob.message}", path=full))
            if prob.rule == "8.0" or nxt not in ctx.board.locations:
                return out
        extra = exit_mp if cur in g.ezoc else 0
        spent += table[nxt][column] + extra
        plain += 1 + extra
        exit_extra += extra
        stopped = nxt in g.ezoc
        if spent <= a.mp and prob is None:
            last_ok = nxt
        cur = nxt
    one_hex = moved is None and len(path) == 1
    if spent > a.mp and not one_hex:
        rule = _over_rule(a, spent, plain, exit_extra)
        hint = f"; it could have stopped in {last_ok}" if last_ok else ""
        exit_words = f" (including +{exit_extra} to leave an enemy zone of control, 8.5.2)" if exit_extra else ""
        before = f" ({moved.spent} MP spent before, from {moved.start})" if moved else ""
        name = unit_name(ctx, uid, state)
        out.append(Finding(rule, f"{name} needs {spent} MP{exit_words} for {'-'.join(full)}{before} but may spend "
                                 f"{a.mp} ({_allowance_words(a)}){hint}", (uid,), full))
    return out


def mobility_problem(ctx: Context, state: State, action: Action, uid: str) -> Finding | None:
    """Whether this unit may move at all now (8.0, 9.1)."""
    u = ctx.game.units[uid]
    if u.side != action.side:
        return Finding("8.0", f"{unit_name(ctx, uid, state)} is {indefinite(ctx.game.sides[u.side].name)} unit; "
                              "a player moves only his own units", (uid,))
    if uid in state.entrained:
        return Finding("9.1", f"{unit_name(ctx, uid, state)} entrained this phase, in lieu of any other movement",
                       (uid,))
    loc = state.units[uid].loc
    if loc not in ctx.board.locations:
        where = 'not in play' if loc is None else 'in ' + loc
        return Finding("8.0", f"{unit_name(ctx, uid, state)} is not on the map (it is {where})", (uid,))
    face = face_of(ctx, state, uid)
    if not ctx.game.unit_types[face.type].mobile or not face.ma:
        return Finding("8.0", f"{unit_name(ctx, uid, state)} has no Movement Allowance: forts and garrisons never "
                              "move", (uid,))
    return immobile_problem(ctx, state, uid)


def immobile_problem(ctx: Context, state: State, uid: str) -> Finding | None:
    """8.0 and the scenario: a unit the scenario keeps still this turn (``[[immobile]]``) neither moves nor entrains;
    advancing after combat is not movement."""
    rules = ctx.derived.get("immobile")  # (asked at every move: the scenario's rules kept on the replay context)
    if rules is None:
        rules = ctx.derived["immobile"] = tuple(ctx.scenario.immobile)
    for rule in rules:
        if uid in rule.units and state.turn in rule.turns:
            return Finding("8.0", f"{unit_name(ctx, uid, state)} may not move: {rule.text} ({ctx.scenario.name} "
                                  "scenario rule)", (uid,), (state.units[uid].loc,))
    return None


def handle_move(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    data = action.data  # (the fields read straight from the mapping: every move reads three or four)
    uid = data["unit"]
    problem = mobility_problem(ctx, state, action, uid)
    start = state.units[uid].loc
    g = ground(ctx, state, ctx.game.units[uid].side)
    m = mover(ctx, state, uid)
    logged = data.get("path")
    if problem is not None:
        findings = [problem]
        path = tuple(logged or (data["to"],))
    elif "path" in data:
        path = tuple(logged)
        if path and path[0] == start:
            path = path[1:]
        findings = check_path(ctx, state, uid, path, g, m) if path else []
    elif data["to"] == start:
        path, findings = (), []  # it stays where it is
    else:
        dest = data["to"]
        path, legal = find_path(ctx, state, uid, dest, g, m)
        findings = [] if legal else check_path(ctx, state, uid, path, g, m)
        if not legal and not findings:
            findings = [Finding("8.0", f"no legal path takes {unit_name(ctx, uid, state)} from {start} to "
                                       f"{dest}", (uid,), (start, dest))]
    if findings and problem is None:
        path, findings = _as_reported(ctx, state, action, uid, path, findings)
    return apply_move(ctx, state, uid, path, g, m), findings


def _as_reported(ctx: Context, state: State, action: Action, uid: str, path: tuple[str, ...], findings: list[Finding]
                 ) -> tuple[tuple[str, ...], list[Finding]]:
    """A move the markers in force forbid, judged with the Supply Check's reported markers in place as well (an enemy
    unit the log left unmarked, or marked though it traced, has no zone of control in that reading, 6.5.3): what is
    wrong with it there is its own mistake, the rest follows from the supply one (6.4, one report)."""
    owed = reported_markers(ctx, state)
    if owed is None:
        return path, findings
    if owed.units[uid] is not state.units[uid]:  # the mover's own marker stays as logged (its allowance: 6.4)
        owed = evolve(owed, units={**owed.units, uid: state.units[uid]})
    g = ground(ctx, owed, ctx.game.units[uid].side)
    if "path" in action.data:
        return path, check_path(ctx, owed, uid, path, g)
    other, legal = find_path(ctx, owed, uid, action["to"], g)
    return (other, []) if legal else (path, findings)


def apply_move(ctx: Context, state: State, uid: str, path: Sequence[str], g: Ground | None = None,
               m: Mover | None = None) -> State:
    """The unit ends in the last location of ``path`` and its side controls every location entered (12.4.1)."""
    if not path:
        return state
    side = ctx.game.units[uid].side
    us = state.units[uid]
    moved = state.moved.get(uid)
    board_ok = us.loc in ctx.board.locations and ctx.board.locations.issuperset(path)
    if board_ok:
        g = g or ground(ctx, state, side)
    else:
        g = None
    spent = moved.spent if moved else 0
    plain = moved.plain if moved else 0
    exits = moved.exits if moved else 0
    cur = us.loc
    if g is not None:
        column, table, exit_mp = m or mover(ctx, state, uid)
        ezoc = g.ezoc
        for nxt in path:
            extra = exit_mp if cur in ezoc else 0
            spent += table[nxt][column] + extra
            plain += 1 + extra
            exits += extra
            cur = nxt
    record = Moved(moved.start if moved else us.loc, spent, bool(g and path[-1] in g.ezoc), plain, exits)
    units = dict(state.units)  # (a dict's copy is one block copy; {**a, k: v} inserts key by key)
    units[uid] = relocated(ctx, us, path[-1])
    note_changes(ctx, state.units, units, [uid])
    moved = dict(state.moved)
    moved[uid] = record
    return enter(ctx, state, side, path, units=units, moved=moved)
