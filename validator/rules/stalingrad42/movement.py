"""Movement (5.1-5.5, 6.2, 7.2, 22.3, 22.6), checked step by step along the logged path, or along a legal path the
validator finds when the log gives only the destination. Costs are half MPs (5.2).

- 5.1: the phasing player moves his own units on the map, each up to its MA (the face it shows; Snow: one less,
  23.2.4), paying the TEC cost of each hex (mechanized or not, 2.3.3; Seasonal Marsh as Marsh once wet, 23.2.3);
  never into a hex with an enemy Combat Unit; several ``move`` lines of one unit continue one movement;
- 5.2: a step that follows a road pays the road's rate (½ MP mechanized on both kinds; Secondary Roads 1 MP in Rain
  and Mud, 23.2.3); a road or railroad across a river is a bridge;
- 5.3 (``mode: extended``): +3 MPs, never adjacent to an enemy unit (a unit that starts in an EZOC leaves it with
  its first hex); not for a unit whose MA is boxed (2.3.2, 18.2.2, 18.6.3);
- 5.4 (``mode: tactical``): one or two hexes whatever they cost, all the other rules of movement kept;
- a log of unstated modes (``"modes": "unstated"``, a translated VASSAL log): a ``move`` without ``mode`` is the least
  restrictive mode that makes the unit's whole move so far legal, normal, else tactical, else extended
  (``move_modes``); none: the normal mode's findings, or Extended Movement's when only MA + 3 fits it;
- 5.5: Minor Rivers +1 in Rain and Mud (5.5.1); Major Rivers +2/+3 and only from a hex next to them at the start
  (5.5.2), except at a bridge (5.5.4: road bridges free and the road's rate, rail bridges +1/+2), a Pontoon Bridge
  (5.5.5: friendly Combat Units on both sides, the moving one counting), a Ferry (5.5.6), frozen (23.4: +1/+2); the
  Volga only at its Ferries, and for the Soviets the Saratov rail bridge and the Volga Flotilla hexside (5.5.3); the
  Vladimirovka rail ferry never by normal movement (5.5.7);
- 6.2: a unit stops when it enters an EZOC; leaving one costs +2 MP (Full Retreat units put there voluntarily
  excepted, 13.3.1); from an EZOC straight into another is allowed (stopping there); a move too long only for the
  +2 is that rule's report, on whichever line of the move (``Moved.exit_paid``) it becomes too long;
- 7.2: never into an enemy Hex Bond nor across an enemy Hexside Bond (``bonds``);
- 2.2.3, 9.6.2, 23.4: never across Sea or unfrozen Lake hexsides, Alpine hexsides (off-road) but by Mountain units,
  any Alpine hexside in Winter;
- 13.2.1: Disrupted units move only by Tactical Movement and never leave an Entry Area; 13.3.1-13.3.2: Full Retreat
  units use their full MA (Extended allowed) but never enter an EZOC without a friendly unit not in Full Retreat,
  nor an enemy-controlled City hex; 16.4: Out of Supply mechanized units move only tactically; 18.6.3: a Ready SP
  moves only tactically; 21.4: a unit with a Replacement marker moves at most one hex and never between Entry Areas;
- 22.3.1: entering a friendly Entry Area costs 1 MP and ends the move; a unit leaves one in a later Movement Phase,
  in Good Order, paying the first hex; 22.4: never into an enemy Entry Area (the Axis exits: 24.1.2, S1.2);
  22.6: between friendly Entry Areas for the whole MA (north and south of the Caspian apart, the Transit Box F for
  at most two Combat Units);
- 5.6.3: a unit that used Rail Movement this turn moves no more; 5.7.2: Entry Area W and Taman only across the
  Kerch Strait (``sea``);
- S1.2, S4.2: on the first turn the Axis Combat Units move only tactically; the scenario's ``[[immobile]]`` units
  not at all; 20.4, 20.6, 20.7: held units (``special``); 33.2.3: in the Interchange Turn only Tactical Movement,
  Full Retreat units their full MA;
- 19.3: a Combat Unit that enters a hex of enemy Non-Combat Units alone removes them; 17.3.1: Soviet units push
  Railheads back (``railheads``); 13.1.2, 18.2.2: a Ready ASU that moves more than two hexes is Disrupted at the
  end of the phase.
"""

from __future__ import annotations

from functools import partial
from typing import Mapping, NamedTuple, Sequence

from ...engine.bits import Steps, board_bits
from ...engine.context import Context, remember
from ...engine.paths import Search, explore, found, move_bits, path as search_path
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding, indefinite
from . import contested, control, railheads, scenarios, special
from .losses import remove_alone, removed_alone
from .move_modes import EXTENDED, NORMAL, TACTICAL, TRIED, mode_of, unstated
from .board import HALVES, in_play, off_the_maps
from .bonds import Bonds, Potential, crosses_bond, in_hex_bond, negated, potential_of
from .campaign_data import scenario_rules
from .data import facts, scenario_facts
from .state import DISRUPTED, FULL_RETREAT, GOOD_ORDER, OUT_OF_SUPPLY, ISOLATED, Moved, State
from .terrain import (Situation, allowed, closed, closed_in_winter, cost_table, major_closed, minus, situation,
                      step_costs, union)
from .turn_order import acting_side
from .units import Info, info, name, ready_sp, table
from .zoc import adjacent_bits, ezoc_bits, note_move, other, side_at, sides, units_by_location, winter


ENTRY = "entry"  # 22.6: between Entry Areas
ONES: dict = {}  # a cost table of one per location (Tactical Movement counts hexes), made per context


class _Named(partial):
    """A unit's name in a message, made only when a message is (the checks of each move and each step of a logged
    path named the unit for every one of them: 24,000 names a campaign for a few findings). ``who =
    _Named(name, ctx, state, uid)``; ``f"{who}"`` formats ``name(ctx, state, uid)``."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return format(self(), spec)


class Ground:
    """What a moving unit of one side meets on the map now, as bits (``move_bits``); the enemy's ZOC Bonds as a
    whole only when a search asks (:meth:`bonds`), else bond by bond (:meth:`in_hex_bond`, :meth:`crosses`)."""

    __slots__ = ("enemy_combat", "enemy_units", "friendly_combat", "friendly_units", "ezoc", "pot", "off", "_bonds")

    def __init__(self, enemy_combat: int, enemy_units: int, friendly_combat: int, friendly_units: int, ezoc: int,
                 pot: Potential, off: int):
        self.enemy_combat, self.enemy_units, self.friendly_combat = enemy_combat, enemy_units, friendly_combat
        self.friendly_units, self.ezoc, self.pot, self.off = friendly_units, ezoc, pot, off  # pot: the enemy's
        self._bonds: Bonds | None = None

    def bonds(self, ctx: Context) -> Bonds:
        """The enemy's ZOC Bonds, negated by this side's units (7.3)."""
        if self._bonds is None:
            self._bonds = negated(ctx, self.pot, self.friendly_units)
        return self._bonds

    def in_hex_bond(self, b: int) -> bool:
        return in_hex_bond(self.pot, self.friendly_units, b)

    def crosses(self, ctx: Context, a: str, c: str) -> bool:
        return crosses_bond(ctx, self.pot, self.friendly_units, a, c)


def ground(ctx: Context, state: State, side: str) -> Ground:
    """What ``side`` meets now (remembered while both sides' masks stay the same)."""
    mine, theirs = sides(ctx, state, side), sides(ctx, state, other(ctx, side))
    key = (side, winter(ctx, state))
    memo = ctx.derived.setdefault("s42_ground", {})
    hit = memo.get(key)
    if hit is not None and hit[0] is mine and hit[1] is theirs:
        return hit[2]
    g = Ground(theirs.combat, theirs.units, mine.combat, mine.units, ezoc_bits(ctx, state, side),
               potential_of(ctx, state, other(ctx, side)), _off(ctx, side))
    memo[key] = (mine, theirs, g)
    return g


def _off(ctx: Context, side: str) -> int:
    """Locations a unit of ``side`` never enters by movement: hexes of other maps, enemy Entry Areas but the exits
    its side may use (24.1.2, S1.2), Entry Area W and the Transit Box (only the Kerch Strait and 22.6 lead there)."""
    key = ("s42_off", side)
    out = ctx.derived.get(key)
    if out is None:
        bit = move_bits(ctx).bit
        sf = scenario_facts(ctx)
        f = facts(ctx)
        playing = in_play(ctx)
        exits = set(special.exits(ctx, side))
        out = 0
        for loc, b in bit.items():
            if loc not in playing:
                out |= b
            elif loc in ctx.game.map.areas and (sf.areas.get(loc) != side and loc not in exits
                                                or loc in (f.sea.kerch_area, f.entry.transit)):
                out |= b
        ctx.derived[key] = out
    return out


class Allowance(NamedTuple):
    """What a unit may do this Movement Phase."""

    mode: str  # normal, extended or tactical
    limit: int  # half MPs (normal, extended) or hexes (tactical)
    printed: int  # the MA of its face
    why: str  # why the mode or limit is what it is (for messages), "" when nothing restricts it
    rule: str  # the rule that restricts it


def _ma_change(ctx: Context, state: State) -> int:
    """23.2.4: what the weather adds to (or takes from) every printed MA (``weather.csv`` ``ma_change``)."""
    return int(ctx.game.weather[state.weather].extra.get("ma_change") or 0)


def allowance(ctx: Context, state: State, uid: str, asked: str) -> Allowance | Finding:
    """The unit's movement this phase in the mode the log asks (5.1, 5.3, 5.4; Snow: the MA one less, 23.2.4; a
    Replacement marker: one hex, 21.4), or why it may not move so."""
    us = state.units[uid]
    i = info(ctx, state, uid)
    f = facts(ctx)
    who = _Named(name, ctx, state, uid)
    forced = tactical_only(ctx, state, uid)
    if forced is not None and asked != TACTICAL:
        return Finding(forced[0], f"{who} may move only by Tactical Movement (two hexes): {forced[1]}", (uid,))
    if not ctx.game.units[uid].front.ma:
        return Finding("5.1", f"{who} has no Movement Allowance: it moves only by rail or by sea (18.6.8)", (uid,))
    if asked == TACTICAL:
        limit = f.movement.replacement_hexes if us.replaced else f.movement.tactical_hexes
        return Allowance(TACTICAL, limit, i.ma, "a Replacement marker (21.4)" if us.replaced else "", "21.4")
    ma = max(0, i.ma + _ma_change(ctx, state))
    if not i.ma:
        return Finding("5.1", f"{who} has no Movement Allowance on this side", (uid,))
    if asked == EXTENDED:
        if "boxed_ma" in i.tags:
            return Finding("5.3", f"{who} has its MA in a black box: no Extended Movement (2.3.2, 18.2.2, 18.6.3)",
                           (uid,))
        ma += f.movement.extended_mp
    if us.replaced:
        return Allowance(TACTICAL, f.movement.replacement_hexes, i.ma, "a Replacement marker (21.4)", "21.4")
    return Allowance(asked, ma * HALVES, i.ma, "", "5.1")


def tactical_only(ctx: Context, state: State, uid: str) -> tuple[str, str] | None:
    """(rule, why) when the unit may move only by Tactical Movement now (units in Full Retreat move their full MA, but
    an Out of Supply mechanized one, 13.3.1, 16.4), else None: then no Rail Move, Kerch crossing or move between Entry
    Areas either, none of them Tactical Movement (``rail``, :func:`_special_move`)."""
    forced = _forced_tactical(ctx, state, uid, info(ctx, state, uid))
    if forced is not None and state.units[uid].order == FULL_RETREAT and forced[0] != "16.4":
        return None
    return forced


def _forced_tactical(ctx: Context, state: State, uid: str, i: Info) -> tuple[str, str] | None:
    """(rule, why) when the unit may move only tactically now, else None."""
    us = state.units[uid]
    if us.order == DISRUPTED:
        return "13.2.1", "it is Disrupted"
    if us.supply in (OUT_OF_SUPPLY, ISOLATED) and i.mechanized:
        return "16.4", "a mechanized unit Out of Supply"
    if ready_sp(ctx, state, uid):
        return "18.6.3", "a Supply Point on its Ready side"
    if state.phase == "interchange":
        return "33.2.3", "the Interchange Turn allows only Tactical Movement but to units in Full Retreat"
    sf = scenario_facts(ctx)
    if sf.tactical_first_turn == i.side and state.turn == ctx.scenario.first_turn and i.combat:
        # the scenario's special rule says so (S1.2, S4.2); 5.4 is what Tactical Movement is
        return scenario_rules(ctx).special or "5.4", \
            f"on the first turn of {ctx.scenario.name} its Combat Units use Tactical Movement only (5.4)"
    return None


def railed(state: State, uid: str) -> bool:
    """5.6.3, 5.6.5: the unit moved by rail this turn: a ``rail`` line of the log, or a Train marker (a position's)
    in the Movement Phase, as every Train marker comes off in its owner's Initial Phase."""
    return uid in state.record.rail or (state.units[uid].train and state.phase == "movement")


def mobility_problem(ctx: Context, state: State, action: Action, uid: str) -> Finding | None:
    """Whether this unit may move at all now (5.1, 5.6.3, the scenario's held units, 20.x)."""
    u = ctx.game.units[uid]
    us = state.units[uid]
    who = _Named(name, ctx, state, uid)
    if u.side != action.side or u.side != acting_side(ctx, state):
        return Finding("5.1", f"{who} is {indefinite(ctx.game.sides[u.side].name)} unit; only the phasing player "
                              "moves, and only his own units", (uid,))
    if us.loc not in ctx.board.locations:
        if uid in state.record.fled:
            return Finding("13.3.2", f"{who} was eliminated as a Movement or Combat Phase of this turn began: in Full "
                                     "Retreat next to an enemy unit, not stacked with a friendly Combat Unit that is "
                                     "not", (uid,))
        if removed_alone(state, uid):
            return Finding("19.3", f"{who} was removed when an enemy Combat Unit found it without a friendly Combat "
                                   f"Unit; it comes back on turn {state.returns[uid]} (19.4)", (uid,))
        where = "not in play" if us.loc is None else f"in {us.loc}"
        return Finding("5.1", f"{who} is not on the map (it is {where})", (uid,))
    if railed(state, uid):
        return Finding("5.6.3", f"{who} used Rail Movement this turn and may use no other movement", (uid,))
    if us.auto_ds:
        return Finding("8.6.1", f"{who} made an Automatic DS: its movement is over", (uid,), (us.loc or "",))
    moved = state.moved.get(uid)
    if moved is not None and moved.stopped:
        ahead = _entered(state, action)[:1] if "path" in action.data else ()
        if ahead and move_bits(ctx).bit.get(ahead[0], 0) & ground(ctx, state, u.side).enemy_combat and \
                _no_entry(ctx, state, ahead[0]):  # a step into enemy units is that (5.1), stop or not (check_path)
            return _into_enemy(ctx, state, uid, ahead[0])
        why = {"sea": "it landed by sea (5.7.1)", "kerch": "it crossed the Kerch Strait (5.7.2)",
               ENTRY: "it moved between Entry Areas (22.6.1)"}.get(moved.mode, "its move has ended")
        rule = {"sea": "5.7.1", "kerch": "5.7.2", ENTRY: "22.6.1"}.get(moved.mode, "6.2")
        if moved.mode in (NORMAL, EXTENDED, TACTICAL):
            rule = "22.3.1" if us.loc in ctx.game.map.areas else "6.2"
            why = ("it entered an Entry Area and must stop there" if rule == "22.3.1"
                   else f"it entered an enemy zone of control at {us.loc} and must stop there")
        return Finding(rule, f"{who} may not move again: {why}", (uid,), (us.loc,))
    for rule in ctx.scenario.immobile:
        if uid in rule.units and state.turn in rule.turns:
            return Finding("5.1", f"{who} may not move: {rule.text} ({ctx.scenario.name})", (uid,), (us.loc,))
    held = special.held(ctx, state, uid)
    if held is not None:
        return Finding(held[0], f"{who} may not move yet: {held[1]}", (uid,), (us.loc,))
    return None


# --- the search ----------------------------------------------------------------------------------------------------

class Plan(NamedTuple):
    """What one unit's search needs."""

    sit: Situation
    start: str
    spent: int
    extra: int
    blocked: int
    stops: int
    limit: int
    table: Mapping[str, tuple[int, ...]]
    column: int
    steps: Steps | None  # the steps allowed after the first (None: not worked out, a path is only walked)
    first: Steps | None
    sides: object
    shut: Steps  # the steps never taken: closed hexsides and enemy Hexside Bonds (Major Rivers apart)
    majors: Steps  # the unbridged, unfrozen Major River steps (5.5.2)


def _ones(ctx: Context) -> Mapping[str, tuple[int, int]]:
    table_ = ctx.derived.get("s42_ones")
    if table_ is None:
        table_ = ctx.derived["s42_ones"] = {loc: (1, 1) for loc in ctx.board.cost}
    return table_


def pontoon_steps(ctx: Context, state: State, side: str, combat_mover: bool, g: Ground | None = None) -> Steps:
    """5.5.5: the Major River steps a Pontoon Bridge opens for a unit of ``side``: into a hex with a friendly Combat
    Unit, from one (the moving unit counts when it is a Combat Unit); never on the Volga (its steps are closed)."""
    g = g or ground(ctx, state, side)
    b = board_bits(ctx)
    friends = g.friendly_combat
    out = []
    for d, s in enumerate(b.shifts):
        into = friends >> s if s > 0 else friends << -s  # cells whose neighbour in direction d holds a friend
        out.append(into if combat_mover else into & friends)
    return tuple(out)  # type: ignore[return-value]


def plan(ctx: Context, state: State, uid: str, a: Allowance, g: Ground, search: bool = True) -> Plan:
    """What a search (or, ``search`` false, the walk of a logged path) of this unit's move needs. 13.3.1: a unit the
    player put into Full Retreat this phase leaves the EZOC it starts in without the +2 MPs (6.2); one already in Full
    Retreat pays them."""
    us = state.units[uid]
    i = info(ctx, state, uid)
    side = i.side
    sit = situation(ctx, state)
    moved = state.moved.get(uid)
    start = us.loc or ""
    mb = move_bits(ctx)
    here = mb.bit[start]
    column = 0 if i.mechanized else 1
    mountain = "mountain_unit" in i.tags
    flotilla = state.markers.flotilla if side == facts(ctx).volga_side else None
    base = closed(ctx, sit, side, i.mechanized, mountain, flotilla)
    majors = major_closed(ctx, sit)
    steps = first = None
    if search:
        base, steps, first = _search_steps(ctx, state, side, i.combat, g, base, majors,
                                           moved is None or not moved.crossed)
    blocked = g.enemy_combat | g.off | (g.bonds(ctx).hexes if search else 0)
    blocked ^= blocked & here  # (``& ~here`` without a negative board-sized integer)
    stops = g.ezoc | _areas_bits(ctx)
    ezoc_here = bool(g.ezoc & here)
    if a.mode == EXTENDED:
        blocked |= adjacent_bits(ctx, state, g.enemy_units) | g.ezoc
    if us.order == FULL_RETREAT:
        blocked |= _full_retreat_blocked(ctx, state, side, g)
    if a.mode == TACTICAL:
        return Plan(sit, start, moved.hexes if moved else 0, 0, blocked, stops, a.limit, _ones(ctx), column, steps,
                    first, None, base, majors)
    extra = 0
    if ezoc_here and not (us.order == FULL_RETREAT and uid in state.record.chose_full_retreat
                          and (moved is None or moved.spent == 0)):
        extra = _exit(ctx)
    sc = step_costs(ctx, sit, column)
    return Plan(sit, start, moved.spent if moved else 0, extra, blocked, stops, a.limit, cost_table(ctx, sit), column,
                steps, first, sc, base, majors)


def _search_steps(ctx: Context, state: State, side: str, combat: bool, g: Ground, shut: Steps, majors: Steps,
                  first_step: bool) -> tuple[Steps, Steps, Steps | None]:
    """(the steps never taken: ``shut`` and the enemy's Hexside Bonds; the steps a search allows after the first: those
    and the unbridged Major Rivers no Pontoon Bridge opens, 5.5.2, 5.5.5; the steps allowed from the start, or None).
    Remembered by the objects they are made of and the friendly Combat Units next to a Major River, the only ones
    that count: the moves of a phase share a handful."""
    memo = ctx.derived.setdefault("s42_search_steps", {})
    bonds = g.bonds(ctx)
    key = (id(shut), id(bonds), id(majors), g.friendly_combat & _river_banks(ctx, majors), combat, first_step)
    hit = memo.get(key)
    if hit is None or hit[0] is not shut or hit[1] is not bonds or hit[2] is not majors:
        # what does not depend on the friendly units (the closed steps and those allowed from the start) is kept by
        # its objects alone: most new keys differ only by the friendly Combat Units on the river banks
        bases = ctx.derived.setdefault("s42_search_bases", {})
        bkey = (id(shut), id(bonds))
        got = bases.get(bkey)
        if got is None or got[0] is not shut or got[1] is not bonds:
            base = union(shut, bonds.closed)
            got = (shut, bonds, base, allowed(ctx, base))
            remember(bases, bkey, got, 16)
        base, open_ = got[2], got[3]
        # allowed(base + rivers): the steps open from the start less the rivers no Pontoon Bridge opens (5.5.2, 5.5.5)
        steps = minus(open_, minus(majors, pontoon_steps(ctx, state, side, combat, g)))
        hit = (shut, bonds, majors, base, steps, open_ if first_step else None)
        remember(memo, key, hit, 32)
    return hit[3], hit[4], hit[5]


def _river_banks(ctx: Context, majors: Steps) -> int:
    """The cells on both sides of the steps of ``majors`` (where a friendly Combat Unit makes a Pontoon Bridge)."""
    memo = ctx.derived.setdefault("s42_river_banks", {})
    hit = memo.get(id(majors))
    if hit is None or hit[0] is not majors:
        out = 0
        for m, s in zip(majors, board_bits(ctx).shifts):
            out |= m | (m << s if s > 0 else m >> -s)
        hit = memo[id(majors)] = (majors, out)
    return hit[1]


def _exit(ctx: Context) -> int:
    return int((ctx.game.tec["ezoc"].mp.get("mech") or 2) * HALVES)


def _areas_bits(ctx: Context) -> int:
    key = "s42_area_bits"
    out = ctx.derived.get(key)
    if out is None:
        bit = move_bits(ctx).bit
        out = 0
        for a in ctx.game.map.areas:
            out |= bit.get(a, 0)
        ctx.derived[key] = out
    return out


def _full_retreat_blocked(ctx: Context, state: State, side: str, g: Ground) -> int:
    """13.3.2: EZOC hexes without a friendly unit not in Full Retreat, and enemy-controlled City hexes."""
    bit = move_bits(ctx).bit
    steady = 0
    theirs = units_by_location(ctx, state, other(ctx, side))  # (every unit there counts, as the position had it)
    for loc, here in units_by_location(ctx, state, side).items():
        if any(state.units[u].order != FULL_RETREAT and table(ctx)[u, state.units[u].face].combat
               for u in here + theirs.get(loc, ())):
            steady |= bit.get(loc, 0)
    cities = 0
    for h in _city_hexes(ctx):
        if control.enemy_controlled(ctx, state, side, h):
            cities |= bit[h]
    return (g.ezoc ^ (g.ezoc & steady)) | cities


def _city_hexes(ctx: Context) -> frozenset[str]:
    key = "s42_cities"
    out = ctx.derived.get(key)
    if out is None:
        out = ctx.derived[key] = frozenset(h for h, x in ctx.game.map.hexes.items()
                                           if x.settlement in ("major_city", "minor_city"))
    return out


def explore_plan(ctx: Context, p: Plan, dest: str | None = None, limit: int | None = None) -> Search:
    return explore(ctx, p.start, p.spent, p.extra, p.blocked, 0, p.stops, p.limit if limit is None else limit, False,
                   p.table, p.column, dest, p.steps, p.first, p.sides)  # type: ignore[arg-type]


# --- checking a path -----------------------------------------------------------------------------------------------

def _step_problem(ctx: Context, state: State, uid: str, cur: str, nxt: str, p: Plan, g: Ground, a: Allowance,
                  first: bool) -> Finding | None:
    """What forbids one step from ``cur`` into ``nxt`` apart from MPs, or None."""
    board = ctx.board
    who = _Named(name, ctx, state, uid)
    bit = move_bits(ctx).bit
    if nxt in board.water:
        return Finding("2.2.3", f"{who}: {nxt} is water ({board.water[nxt]}); units never enter it", (uid,))
    if not board.adjacent(cur, nxt):
        return Finding("5.1", f"{who}: {nxt} is not adjacent to {cur}; a unit moves hex by hex", (uid,))
    f = facts(ctx)
    if f.sea.kerch_area in (cur, nxt):
        return Finding("5.7.2", f"{who}: Entry Area {f.sea.kerch_area} and Taman are joined only across the Kerch "
                                "Strait (a move of the whole MA, one unit a turn)", (uid,))
    feats = board.hexside(cur, nxt)
    b = bit[nxt]
    if b & g.off:
        return _off_problem(ctx, state, uid, nxt)
    if closed_in_winter(ctx, state.turn, nxt):
        return Finding("23.4", f"{who}: Entry Area {nxt} is not usable in the Russian Winter; units never enter it",
                       (uid,))
    entry = _first_entry_problem(ctx, state, uid, cur, nxt)
    if entry is not None:
        return entry
    if b & g.enemy_combat and _no_entry(ctx, state, nxt):
        return _into_enemy(ctx, state, uid, nxt)
    hexside = _hexside_problem(ctx, state, uid, cur, nxt, feats, first, p, g)
    if hexside is not None:
        return hexside
    if g.in_hex_bond(b):
        return Finding("7.2", f"{who}: {nxt} is in an enemy Hex Bond; no unit enters it", (uid,))
    if g.crosses(ctx, cur, nxt):
        return Finding("7.2", f"{who}: the hexside {cur}-{nxt} is crossed by an enemy Hexside Bond; no unit crosses "
                              "it", (uid,))
    if a.mode == EXTENDED and b & (adjacent_bits(ctx, state, g.enemy_units) | g.ezoc):
        return Finding("5.3", f"{who} uses Extended Movement and may not move adjacent to an enemy unit, as it does "
                              f"in {nxt}", (uid,))
    if state.units[uid].order == FULL_RETREAT and b & _full_retreat_blocked(ctx, state, ctx.game.units[uid].side, g):
        return Finding("13.3.2", f"{who} is in Full Retreat: it never enters an EZOC without a friendly unit not in "
                                 f"Full Retreat, nor an enemy-controlled City hex, as {nxt} is", (uid,))
    return None


def _first_entry(ctx: Context, state: State, start: str) -> frozenset[str] | None:
    """S2.2: the hexes a unit may enter the map by from ``start`` now (the scenario's first turn), or None: any."""
    if state.turn != ctx.scenario.first_turn:
        return None
    return scenario_facts(ctx).first_entry.get(start)


def _first_entry_problem(ctx: Context, state: State, uid: str, cur: str, nxt: str) -> Finding | None:
    entry = _first_entry(ctx, state, cur)
    if entry is None or nxt in entry:
        return None
    return Finding("S2.2", f"{name(ctx, state, uid)}: on the first turn units enter from "
                           f"{ctx.game.map.areas[cur].name} only by {min(entry)}, {max(entry)} and the hexes between",
                   (uid,))


def _no_entry(ctx: Context, state: State, loc: str) -> bool:
    """5.1, for a location that holds an enemy Combat Unit: no unit enters it, but for a Contested City hex (29.1.2)
    and an Entry Area (24.1.3: Entry Area G with the Axis units that exited there), whose own rules say."""
    return loc not in contested.hexes(ctx, state) and loc not in ctx.game.map.areas


def _into_enemy(ctx: Context, state: State, uid: str, loc: str) -> Finding:
    return Finding("5.1", f"{name(ctx, state, uid)}: {loc} holds an enemy Combat Unit; no unit enters it", (uid,))


def _off_problem(ctx: Context, state: State, uid: str, nxt: str) -> Finding:
    who = name(ctx, state, uid)
    if nxt in ctx.game.map.areas:
        if nxt == facts(ctx).entry.transit:
            return Finding("22.6.4", f"{who}: the Caspian Sea Transit Box is reached only from an Entry Area, for the "
                                     "whole MA (22.6)", (uid,))
        return Finding("22.4", f"{who}: {ctx.game.map.areas[nxt].name} is not a friendly Entry Area; units never "
                               "enter enemy Entry Areas", (uid,))
    return off_the_maps(ctx, who, nxt, uid)


def _hexside_problem(ctx: Context, state: State, uid: str, cur: str, nxt: str, feats: frozenset[str], first: bool,
                     p: Plan, g: Ground) -> Finding | None:
    """The hexside between ``cur`` and ``nxt`` may not be crossed now (2.2.3, 5.5, 9.6.2, 23.4)."""
    who = _Named(name, ctx, state, uid)
    d = ctx.board.step_index.get((cur, nxt))
    if d is None or not feats:
        return None
    bit = move_bits(ctx).bit
    here = bit[cur]
    if not p.shut[d] & here:
        if not p.majors[d] & here or first:
            return None
        mover = info(ctx, state, uid).combat
        if bit[nxt] & g.friendly_combat and (mover or here & g.friendly_combat):
            return None  # 5.5.5: a Pontoon Bridge
    if "volga" in feats:
        if "rail_ferry" in feats:
            return Finding("5.5.7", f"{who}: the Vladimirovka ferry ({cur}-{nxt}) is crossed only by Rail Movement",
                           (uid,))
        return Finding("5.5.3", f"{who}: the Volga ({cur}-{nxt}) is crossed only at a Ferry (the Soviets also at the "
                                "Saratov rail bridge and the Volga Flotilla hexside)", (uid,))
    if "lake" in feats:
        return Finding("2.2.3", f"{who}: the Lake hexside {cur}-{nxt} is impassable until it freezes", (uid,))
    if "alpine_side" in feats:
        if p.sit.winter:
            return Finding("23.4", f"{who}: Alpine hexsides ({cur}-{nxt}) are impassable in Winter", (uid,))
        return Finding("9.6.2", f"{who}: only Mountain units cross the Alpine hexside {cur}-{nxt} off-road", (uid,))
    if "major_river" in feats:
        return Finding("5.5.2", f"{who}: the unbridged Major River {cur}-{nxt} is crossed only by a unit that starts "
                                "its move next to it, at a Pontoon Bridge (friendly Combat Units on both sides, 5.5.5) "
                                "or a Ferry", (uid,))
    if g.crosses(ctx, cur, nxt):
        return None  # reported as 7.2
    return Finding("2.2.3", f"{who}: the hexside {cur}-{nxt} is impassable", (uid,))


def check_path(ctx: Context, state: State, uid: str, path: Sequence[str], a: Allowance, p: Plan, g: Ground
               ) -> list[Finding]:
    """Every rule a logged path breaks."""
    us = state.units[uid]
    moved = state.moved.get(uid)
    who = _Named(name, ctx, state, uid)
    out: list[Finding] = []
    full = (us.loc,) + tuple(path)
    spent = p.spent + p.extra
    cur = us.loc or ""
    last_ok = None
    bit = move_bits(ctx).bit
    first = moved is None or not moved.crossed
    exit_extra = p.extra + (moved.exit_paid if moved else 0)  # 6.2: paid on this line or an earlier one of the move
    for n, nxt in enumerate(path):
        if n and bit.get(cur, 0) & p.stops:
            if bit.get(nxt, 0) & g.enemy_combat and _no_entry(ctx, state, nxt):  # one report: a step into enemy
                return [evolve(_into_enemy(ctx, state, uid, nxt), path=full)]   # units is that (5.1), stop or not
            rule = "22.3.1" if cur in ctx.game.map.areas else "6.2"
            what = "an Entry Area" if rule == "22.3.1" else "an enemy zone of control"
            return [Finding(rule, f"{who} entered {what} at {cur} and must stop there; it went on to {nxt}",
                            (uid,), full)]
        prob = _step_problem(ctx, state, uid, cur, nxt, p, g, a, first and n == 0)
        if prob is not None:  # one mistake, one report: the step it may not take
            return out + [evolve(prob, path=full)]
        spent += _step_cost(ctx, p, cur, nxt, a)
        if spent <= p.limit:
            last_ok = nxt
        cur = nxt
    if spent > p.limit:
        hint = f"; it could have stopped in {last_ok}" if last_ok else ""
        if a.mode == TACTICAL:
            out.append(Finding(a.rule if a.why else "5.4", f"{who} moves {spent} hexes ({'-'.join(full)}) but "
                               f"Tactical Movement allows {p.limit}{' with ' + a.why if a.why else ''}{hint}",
                               (uid,), full))
        else:
            exit_words = " (+2 to leave an enemy zone of control, 6.2)" if exit_extra else ""
            before = f" ({p.spent / HALVES:g} spent before)" if p.spent else ""
            snow = -_ma_change(ctx, state) * HALVES  # 23.2.4: MA one less
            rule = "6.2" if exit_extra and spent - exit_extra <= p.limit else "5.3" if a.mode == EXTENDED \
                else "23.2.4" if 0 < snow and spent - snow <= p.limit else "5.1"
            out.append(Finding(rule, f"{who} needs {spent / HALVES:g} MP{exit_words} for {'-'.join(full)}{before} "
                                     f"but has {p.limit / HALVES:g} ({_words(ctx, state, a)}){hint}", (uid,), full))
    return out


def _words(ctx: Context, state: State, a: Allowance) -> str:
    parts = [f"MA {a.printed}"]
    change = _ma_change(ctx, state)
    if change:
        parts.append(f"{change:+d} in {ctx.game.weather[state.weather].name} (23.2.4)")
    if a.mode == EXTENDED:
        parts.append("+3 Extended Movement (5.3)")
    return ", ".join(parts)


def _step_cost(ctx: Context, p: Plan, cur: str, nxt: str, a: Allowance) -> int:
    if a.mode == TACTICAL:
        return 1
    if p.sides is not None:
        c = p.sides.cost.get((cur, nxt))  # type: ignore[attr-defined]
        if c is not None:
            return c
    row = p.table.get(nxt)  # a sea or lake cell of the grid has no cost: the step is a violation (2.2.3)
    return row[p.column] if row is not None else 0


# --- the handler ---------------------------------------------------------------------------------------------------

def handle_move(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``move`` line (5.1-5.5, 6.2, 7.2, 22.3, 22.6); without its mode in a log of unstated modes, the least
    restrictive mode that makes the unit's whole move so far legal (``move_modes``). A move resumed after another
    unit began to move (5.1) is reported when nothing else is wrong with the line (one mistake, one report)."""
    after, findings = _handle_move(ctx, state, action)
    if not findings:
        resumed = _resumed(ctx, state, action["unit"])
        if resumed is not None:
            findings = [evolve(resumed, path=(state.units[action["unit"]].loc or "",) + _entered(state, action))]
    return after, findings


def _handle_move(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``move`` line's own checks, in its stated mode or the least restrictive one (``handle_move``)."""
    if not unstated(ctx, action):
        return _move(ctx, state, action, action.get("mode", NORMAL))
    moved = state.moved.get(action["unit"])
    current = moved.mode if moved is not None and moved.mode in TRIED else None
    first = _move(ctx, state, action, current or NORMAL)
    if not first[1] and _mode_allowed(ctx, state, first[0], action):
        return first
    # no mode makes it legal: the normal mode's findings, or Extended Movement's own (5.3) when only its MPs keep the
    # move from being a normal one and it fits Extended Movement's
    fallback = first
    for mode in TRIED:
        if mode == (current or NORMAL) and mode != EXTENDED:  # (Extended Movement again: its 5.3 below)
            continue
        base, line = state, action
        if current is not None:  # the whole move again, from where it began, in another mode
            base = _restart(ctx, state, action["unit"], moved)  # type: ignore[arg-type]
            data = {k: v for k, v in action.data.items() if k != "to"}
            whole = moved.path + _entered(state, action)  # type: ignore[union-attr]
            line = evolve(action, data={**data, "path": whole})
        trial = _move(ctx, base, line, mode)
        if not trial[1] and _mode_allowed(ctx, state, trial[0], action):
            return trial
        if mode == NORMAL:
            fallback = trial
        elif mode == EXTENDED and _within(ctx, base, trial[0], line["unit"]):
            unlimited = _move(ctx, base, line, NORMAL, unlimited=True)
            if not unlimited[1] and _mode_allowed(ctx, state, unlimited[0], action):
                fallback = trial
    return fallback


def _within(ctx: Context, before: State, after: State, uid: str) -> bool:
    """The unit's move (in ``after``) spent no more MPs than Extended Movement allows it (5.3)."""
    a = allowance(ctx, before, uid, EXTENDED)
    moved = after.moved.get(uid)
    return isinstance(a, Allowance) and a.mode == EXTENDED and moved is not None and moved.spent <= a.limit


def _entered(state: State, action: Action) -> tuple[str, ...]:
    """The locations a ``move`` line enters (a leading start location left out)."""
    path = tuple(action.get("path") or (action["to"],))
    return path[1:] if path and path[0] == state.units[action["unit"]].loc else path


def _restart(ctx: Context, state: State, uid: str, moved: Moved) -> State:
    """The state with the unit back where its move began, as yet unmoved (its move is checked whole again)."""
    units = dict(state.units)
    units[uid] = evolve(state.units[uid], loc=moved.start)
    note_changes(ctx, state.units, units, [uid])
    return evolve(state, units=units, moved={u: m for u, m in state.moved.items() if u != uid})


def _mode_allowed(ctx: Context, before: State, after: State, action: Action) -> bool:
    """The mode a move of unstated mode took is one the other rules of movement allow it: 29.1.2 (into and out of
    a Contested City hex only tactically), the scenario's first-turn kinds of movement (S3.4)."""
    return not contested.after_move(ctx, before, after, action)[1] and \
        not scenarios.first_turn_mode(ctx, before, action, mode_of(ctx, after, action))


def _resumed(ctx: Context, state: State, uid: str) -> Finding | None:
    """5.1: the movement of one unit or stack is completed before another starts: a later ``move`` line of a unit
    continues its move only while every unit that moved since its last line started from the same hex (its stack,
    moved together or dropped off on the way); 20.1.3: a Soviet Army HQ also picks up units on its way, so those
    that started from a hex it entered may move in between."""
    moved = state.moved.get(uid)
    if moved is None or state.units[uid].reserve:  # a unit put in Reserve may not move at all: 25.2.1's report
        return None
    stack = {moved.start}
    if facts(ctx).movement.pickup_trait in info(ctx, state, uid).tags:
        stack.update(moved.path)
    order = list(state.moved)
    for other_uid in order[order.index(uid) + 1:]:
        if state.moved[other_uid].start not in stack:
            return Finding("5.1", f"{name(ctx, state, uid)}'s move was over when {name(ctx, state, other_uid)} began "
                                  "to move: a unit or stack completes its movement before another starts", (uid,))
    return None


def _move(ctx: Context, state: State, action: Action, mode: str, unlimited: bool = False
          ) -> tuple[State, list[Finding]]:
    """A ``move`` line in ``mode`` (``unlimited``: with MPs enough, what else the move breaks)."""
    uid = action["unit"]
    us = state.units[uid]
    start = us.loc
    path = _entered(state, action)
    if not path:
        return state, []
    problem = mobility_problem(ctx, state, action, uid)
    if problem is not None:  # (in the line's mode: a later line of the move is not another mode's, 5.1)
        return _apply(ctx, state, uid, path, mode, 0, 0), [evolve(problem, path=(start or "",) + path)]
    special_move = _special_move(ctx, state, uid, path)
    if special_move is not None:
        return special_move
    a = allowance(ctx, state, uid, mode)
    if unlimited and isinstance(a, Allowance):
        a = a._replace(limit=10 ** 6)
    search = "path" not in action.data
    if isinstance(a, Finding):
        return _apply(ctx, state, uid, path, NORMAL, 0, 0), [evolve(a, path=(start or "",) + path)]
    moved = state.moved.get(uid)
    if moved is not None and moved.mode != a.mode:
        return _apply(ctx, state, uid, path, moved.mode, moved.spent, len(path)), [
            Finding("5.1", f"{name(ctx, state, uid)} began its move by {moved.mode} movement and goes on by {a.mode} "
                           "movement; a move is of one kind", (uid,), (start or "",) + path)]
    if start in ctx.game.map.areas and us.order != GOOD_ORDER:
        return _apply(ctx, state, uid, path, a.mode, 0, len(path)), [
            Finding("22.3.1", f"{name(ctx, state, uid)} is not in Good Order; only Good Order units leave an Entry "
                              "Area (13.2.1)", (uid,), (start or "",) + path)]
    side = ctx.game.units[uid].side
    g = ground(ctx, state, side)
    p = plan(ctx, state, uid, a, g, search)
    findings: list[Finding] = []
    if search:
        found_path = _find(ctx, p, path[-1])
        entry = found_path and _first_entry_problem(ctx, state, uid, start, found_path[0])
        if entry:  # S2.2: the cheapest way enters by a hex closed on the first turn: another, else that one
            shut = sum(move_bits(ctx).bit[h] for h in ctx.game.map.areas[start].adjacent
                       if h not in (_first_entry(ctx, state, start) or ()))
            other = _find(ctx, p._replace(blocked=p.blocked | shut), path[-1])
            if other is None:
                findings = [evolve(entry, path=(start or "",) + found_path)]
            found_path = other or found_path
        if found_path and start in ctx.game.map.areas and g.crosses(ctx, start, found_path[0]):
            # 22.3.2: the cheapest way enters across an enemy bond along the edge: another, else that one's finding
            edge = sum(move_bits(ctx).bit[h] for h in ctx.game.map.areas[start].adjacent if g.crosses(ctx, start, h))
            other = _find(ctx, p._replace(blocked=p.blocked | edge), path[-1])
            if other is None:
                findings = check_path(ctx, state, uid, found_path, a, p, g)
            found_path = other or found_path
        if found_path is not None:
            path = found_path
        else:
            far = _find(ctx, p, path[-1], limit=10 ** 6)  # legal but for the MPs: the MP rule it breaks
            if far is None and a.mode == EXTENDED:  # a way that only 5.3's "never adjacent to an enemy" closes
                far = _find(ctx, plan(ctx, state, uid, a._replace(mode=NORMAL), g), path[-1], limit=10 ** 6)
            if far is not None:
                path = far
                findings = check_path(ctx, state, uid, path, a, p, g)
            if not findings and move_bits(ctx).bit.get(path[-1], 0) & g.enemy_combat and \
                    _no_entry(ctx, state, path[-1]):
                findings = [evolve(_into_enemy(ctx, state, uid, path[-1]), path=(start or "",) + path)]
            if not findings and move_bits(ctx).bit.get(path[-1], 0) & g.off:  # 22.4: an enemy Entry Area, a hex
                findings = [evolve(_off_problem(ctx, state, uid, path[-1]), path=(start or "",) + path)]  # not in play
            if not findings:
                findings = [Finding("5.1", f"no legal path takes {name(ctx, state, uid)} from {start} to {path[-1]} "
                                           "(enemy units, zones of control, bonds or terrain close every way)",
                                    (uid,), (start or "",) + path)]
    else:
        findings = check_path(ctx, state, uid, path, a, p, g)
    spent = p.spent + p.extra + sum(_step_cost(ctx, p, x, y, a) for x, y in zip((start,) + path, path))
    paid = p.extra + (moved.exit_paid if moved else 0)
    return _apply(ctx, state, uid, path, a.mode, spent, len(path), exit_paid=paid), findings


def _find(ctx: Context, p: Plan, dest: str, limit: int | None = None) -> tuple[str, ...] | None:
    s = explore_plan(ctx, p, dest, limit)
    if s.reached & move_bits(ctx).bit.get(dest, 0) and dest != p.start:
        return search_path(ctx, s, dest)
    return None


def reachable(ctx: Context, state: State, uid: str, mode: str = NORMAL) -> dict[str, tuple[str, ...]]:
    """Every location the unit may legally end this move in (in ``mode``), with a path to it (for players)."""
    a = allowance(ctx, state, uid, mode)
    if isinstance(a, Finding):
        return {}
    g = ground(ctx, state, ctx.game.units[uid].side)
    p = plan(ctx, state, uid, a, g)
    best = found(ctx, explore_plan(ctx, p))
    out = {}
    for loc in best:
        if loc == p.start:
            continue
        trail = [loc]
        while best[trail[-1]][1] is not None:
            trail.append(best[trail[-1]][1])  # type: ignore[arg-type]
        out[loc] = tuple(reversed(trail[:-1]))
    return out


def _special_move(ctx: Context, state: State, uid: str, path: tuple[str, ...]) -> tuple[State, list[Finding]] | None:
    """Moves that are not hex by hex: between Entry Areas (22.6), across the Kerch Strait (5.7.2)."""
    start = state.units[uid].loc or ""
    areas = ctx.game.map.areas
    f = facts(ctx)
    if f.entry.transit in path and start not in areas:  # 22.6.4: never by land
        return _apply(ctx, state, uid, path, NORMAL, 0, len(path)), [
            Finding("22.6.4", f"{name(ctx, state, uid)}: the Caspian Sea Transit Box ({f.entry.transit}) is reached "
                              "only from a Soviet Entry Area (22.6), never from the map", (uid,), (start,) + path)]
    if len(path) == 1 and start in areas and path[0] in areas:
        from . import entry  # noqa: PLC0415  (it uses this module's helpers; imported when a move needs it)
        return _tactical_only_too(ctx, state, uid, entry.between_areas(ctx, state, uid, path[0]), "between Entry Areas")
    if len(path) == 1 and f.sea.kerch_area in (start, path[0]):
        from . import sea  # noqa: PLC0415  (as entry)
        return _tactical_only_too(ctx, state, uid, sea.kerch(ctx, state, uid, path[0]), "across the Kerch Strait")
    return None


def _tactical_only_too(ctx: Context, state: State, uid: str, done: tuple[State, list[Finding]], what: str
                       ) -> tuple[State, list[Finding]]:
    """A move between Entry Areas or across the Kerch Strait is not Tactical Movement: a unit that may move only so
    (:func:`tactical_only`; the first turn's S1.2, S4.2) is reported, unless the move already broke a rule."""
    forced = tactical_only(ctx, state, uid)
    if forced is None or done[1]:
        return done
    return done[0], [Finding(forced[0], f"{name(ctx, state, uid)} may move only by Tactical Movement (two hexes), not "
                                        f"{what}: {forced[1]}", (uid,))]


def _apply(ctx: Context, state: State, uid: str, path: Sequence[str], mode: str, spent: int, hexes: int,
           stopped: bool | None = None, exit_paid: int = 0) -> State:
    """The unit ends at the end of ``path``; its side controls the hexes entered (16.3.4); enemy Non-Combat Units
    alone in a hex it enters are removed (19.3); held units may be released (20.4, 20.6); Railheads pushed back
    (17.3.1)."""
    if not path:
        return state
    side = ctx.game.units[uid].side
    us = state.units[uid]
    moved = state.moved.get(uid)
    g = ground(ctx, state, side)
    last = path[-1]
    bit = move_bits(ctx).bit
    if stopped is None:
        stopped = bool(bit.get(last, 0) & (g.ezoc | _areas_bits(ctx)))
    record = Moved(moved.start if moved else us.loc or "", spent, (moved.hexes if moved else 0) + hexes, mode,
                   stopped, True, (moved.path if moved else ()) + tuple(path), exit_paid)
    captured = _captured(ctx, state, side, path, g) if info(ctx, state, uid).combat else []
    units = dict(state.units)
    units[uid] = evolve(us, loc=last)
    note_changes(ctx, state.units, units, [uid])
    note_move(ctx, state.units, units, uid)
    # the units in the order of their last move lines (5.1, _resumed)
    later = moved is not None and next(reversed(state.moved)) != uid
    order = {u: m for u, m in state.moved.items() if u != uid} if later else state.moved
    state = control.enter(ctx, state, side, path, units=units, moved={**order, uid: record})
    state = remove_alone(ctx, state, captured)
    state = special.after_move(ctx, state, uid, path)
    return railheads.after_move(ctx, state, side)


def _captured(ctx: Context, state: State, side: str, path: Sequence[str], g: Ground) -> list[str]:
    """19.3: enemy Non-Combat Units alone in a hex a Combat Unit enters are removed."""
    bit = move_bits(ctx).bit
    entered = 0
    for loc in path:
        entered |= bit.get(loc, 0)
    if not g.enemy_units & entered:  # (a move nearly never enters an enemy's location)
        return []
    at = side_at(ctx, state, other(ctx, side))
    info_ = table(ctx)
    out: list[str] = []
    for loc in path:
        enemy = at.get(loc)
        if enemy and not any(info_[u, state.units[u].face].combat for u in enemy):
            out += enemy
    return out


def end_phase(ctx: Context, state: State, side: str | None) -> State:
    """13.1.2, 18.2.2: a Ready ASU (its front) that moved more than two hexes this phase is Disrupted."""
    limit = facts(ctx).movement.asu_ready_hexes
    units = None
    for uid, m in state.moved.items():
        us = state.units[uid]
        i = table(ctx)[uid, us.face]
        if i.asu and us.face == "front" and m.hexes > limit and us.order == GOOD_ORDER:
            units = units or dict(state.units)
            units[uid] = evolve(us, order=DISRUPTED)
    return evolve(state, units=units) if units else state
