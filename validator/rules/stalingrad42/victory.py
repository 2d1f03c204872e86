"""Victory Points and Automatic Victory (24.0) and each scenario's victory conditions (S1.3, S2.5, S3.5, S4.4).

- 24.1.1: only the Axis scores: the VP value of each VP hex it controls (16.3.4) and that traces a Line of Supply in
  the Victory Determination Phase (Mt Elbrus is 24.3's). S1.3: a VP hex the Soviets still hold that traces no
  Unlimited LOS to a Soviet source counts for the Axis too.
- 24.1.2: 3 VPs once five divisions (at least one a Panzer division; full Axis-allied and reduced German divisions
  count half, reduced allies, non-divisional units and Remnants nothing) left the map through Entry Area G in one
  Axis Movement Phase, kept while five such divisions with a Panzer division stay in G and trace a Line of Supply.
- 24.1.3: Soviet units in G when they enter go to H, Disrupted; no Soviet unit enters G while Axis units are there.
- 24.1.4: -3 for each of Entry Areas X, Y, Z with a Soviet unit on the map edge next to it; -3 for each Major City
  and -1 for each Minor City west of the June 28th start line that a Soviet unit occupies.
- 24.2: the Axis wins automatically in a Victory Determination Phase with the turn's benchmark (``turns.csv``) plus
  six VPs or more, the Soviets with the benchmark minus six or less (the Campaign only: S1.3, S2.5 and S3.5 have their
  own conditions).
- 24.3: one temporary VP once an Axis Mountain unit has occupied Mt Elbrus: counted for Automatic Victory and the
  turn 28 benchmark, not on the last turn (S2.5: a permanent VP).
- S1.3: 8 VPs in any Victory Determination Phase win for the Axis (plus 2 for five mechanized steps off the east
  edge, 2 off the south edge, each while a road-bound LOS runs to that Entry Area, and 1 for a German Combat Unit
  south of row xx31); else the Soviets at the end of turn 8. S2.5: 12 VPs on turn 27. S3.5: a Stalingrad hex held
  until the Axis Player Turn of turn 34 and 11 VPs on turn 36. S4.4: 24 VPs at the end of the Axis Player Turn of
  turn 28 or the Soviets win at once; 21 VPs on turn 36.
- A ``victory`` line claims the VPs (``vp``) and the winner (``winner``, ``null`` while nobody has won): in the Victory
  Determination Phase against that phase's outcome, elsewhere against the game as it stands.
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine.context import Context, per_replay
from ...engine.paths import move_bits

from ...engine.state import evolve
from ...model import Action, Finding
from . import supply
from .board import in_play
from .campaign_data import later, scenario_rules
from .data import axis as _axis, facts, scenario_facts
from .resources import info_of, put_units
from .state import DISRUPTED, State
from .zoc import locations, sides, units_by_location, units_in

VICTORY = "victory"
AUTOMATIC, BENCHMARK, THRESHOLD, FINAL = "automatic", "benchmark", "vp", "final"


def _soviet(ctx: Context) -> str:
    return facts(ctx).volga_side


class Tally(NamedTuple):
    """The Axis VPs now, part by part."""

    hexes: int  # 24.1.1 (S1.3: isolated Soviet VP hexes too)
    baku: int  # 24.1.2
    penalties: int  # 24.1.4 (a negative number)
    elbrus: int  # 24.3 (when it counts)
    extras: int  # S1.3's exits and the German unit south of the Don
    total: int


def vp_hexes(ctx: Context) -> dict[str, int]:
    """The VP hexes in play (Mt Elbrus is 24.3's)."""
    def make(c: Context) -> dict[str, int]:
        playing = in_play(c)
        el = later(c).victory.elbrus
        return {h: x.vp for h, x in c.game.map.hexes.items() if x.vp and h in playing and h != el}
    return per_replay(ctx, "s42_vp_hexes", make)


def steps_of(ctx: Context, state: State, uid: str) -> int:
    """The steps a unit has now (2.3.5): a 3-step unit 3 or 2, a 2-step unit 2 or 1, others 1."""
    u = ctx.game.units[uid]
    if u.flip == "step" and u.steps >= 2 and state.units[uid].face == "back":
        return u.steps - 1
    return max(1, u.steps)


def _ally(ctx: Context, uid: str) -> bool:
    return "axis_ally" in ctx.game.tags(ctx.game.units[uid], "front")


def divisions(ctx: Context, state: State, units) -> tuple[float, bool]:
    """24.1.2: the divisions these units count for and whether one is a Panzer division."""
    v = later(ctx).victory
    n, panzer = 0.0, False
    for uid in units:
        u = ctx.game.units[uid]
        us = state.units[uid]
        i = info_of(ctx, state, uid)
        if str(u.extra.get("size") or "") != v.division or us.represents or "remnant" in i.tags or not i.combat:
            continue
        reduced = us.face == "back" and u.flip == "step"
        if _ally(ctx, uid):
            n += 0 if reduced else 0.5
        else:
            n += 0.5 if reduced else 1.0
            panzer = panzer or i.type == v.baku_type
    return n, panzer


def _baku_units(ctx: Context, state: State) -> list[str]:
    g = facts(ctx).entry.baku
    side = _axis(ctx)
    return [u for u in units_in(ctx, state, g) if ctx.game.units[u].side == side]


def road_bound(ctx: Context, state: State, side: str, area: str) -> bool:
    """24.1.2, S1.3: a road-bound Line of Supply runs from the Entry Area to a source of ``side``: the road portion
    of its Line of Supply (16.3.3) reaches a map hex next to the area."""
    road = supply.net(ctx, state, side).road
    bit = move_bits(ctx).bit
    return any(road & bit.get(h, 0) for h in ctx.game.map.areas[area].adjacent)


def _baku_holds(ctx: Context, state: State) -> bool:
    """24.1.2: five divisions with a Panzer division in G, with a road-bound Line of Supply."""
    v = later(ctx).victory
    n, panzer = divisions(ctx, state, _baku_units(ctx, state))
    return n >= v.baku_divisions and panzer and road_bound(ctx, state, _axis(ctx), facts(ctx).entry.baku)


def _penalties(ctx: Context, state: State) -> int:
    """24.1.4: the VPs the Axis loses now."""
    v = later(ctx).victory
    soviet = _soviet(ctx)
    held = sides(ctx, state, soviet).units  # (the locations with a Soviet unit, as bits)
    bit = move_bits(ctx).bit
    areas = scenario_facts(ctx).areas
    out = 0
    for a in v.penalty_areas:
        if areas.get(a) == _axis(ctx) and any(held & bit.get(h, 0) for h in ctx.game.map.areas[a].adjacent):
            out += v.penalty_area_vp
    mask, vp = _penalty_hexes(ctx)
    for h in locations(ctx, held & mask):  # (the few held ones, not each of the list)
        out += vp[h]
    return -out


def _penalty_hexes(ctx: Context) -> tuple[int, dict[str, int]]:
    """24.1.4: the penalty hexes in play, as bits, and the VPs a Soviet unit in each costs the Axis (made once per
    replay)."""
    def make(c: Context) -> tuple[int, dict[str, int]]:
        v = later(c).victory
        bit = move_bits(c).bit
        playing = in_play(c)
        mask, vp = 0, {}
        for h in v.penalty_hexes:
            if h in playing and h in bit:
                s = c.game.map.hexes[h].settlement
                mask |= bit[h]
                vp[h] = vp.get(h, 0) + (v.major_city_vp if s == "major_city" else v.minor_city_vp
                                        if s == "minor_city" else 0)
        return mask, vp
    return per_replay(ctx, "s42_penalty_hexes", make)


def _extras(ctx: Context, state: State) -> int:
    """S1.3: mechanized steps exited off the east and south edges; a German Combat Unit south of the Don."""
    sr = scenario_rules(ctx)
    side = _axis(ctx)
    out = 0
    for areas in sr.exits.values():
        units = [u for a in areas for u in units_in(ctx, state, a) if ctx.game.units[u].side == side]
        steps = sum(steps_of(ctx, state, u) for u in units if info_of(ctx, state, u).mechanized)
        if steps >= sr.exit_steps and any(road_bound(ctx, state, side, a) for a in areas):
            out += sr.exit_vp
    if sr.south_row is not None:
        south = south_of_don(ctx)
        for h, units in units_by_location(ctx, state, side).items():
            if h in south and any(not _ally(ctx, u) and info_of(ctx, state, u).combat for u in units):
                out += sr.south_vp
                break
    return out


def south_of_don(ctx: Context) -> frozenset[str]:
    """S1.3: the hexes in play south of the Don and below hex row xx31: in each hex column the Don crosses between
    Azov and Kalach (``special.don``), the hexes below its southernmost north-bank hex (the hex of each Don hexside
    that lies higher on the map: Rostov 3133 is north of the Don, Bataysk 3134 across it south)."""
    def make(c: Context) -> frozenset[str]:
        from .special import don  # noqa: PLC0415
        digits = c.game.map.grid.id_digits
        hexes = c.game.map.hexes

        def height(h: str) -> int:  # twice the vertical place of the hex centre (flat-topped: r + q/2)
            x = hexes[h].hex
            return 2 * x.r + x.q
        bank: dict[str, int] = {}
        for a, b in don(c):
            h = min((a, b), key=height)
            col, row = h[:digits], int(h[digits:])
            bank[col] = max(bank.get(col, row), row)
        row = scenario_rules(c).south_row or 0
        return frozenset(h for h in in_play(c) if h in c.game.map.hexes and h[:digits] in bank and
                         int(h[digits:]) > max(row, bank[h[:digits]]))
    return per_replay(ctx, "s42_south_of_don", make)


def elbrus_counts(ctx: Context, state: State) -> bool:
    """24.3: the Elbrus VP counts for Automatic Victory and the turn 28 benchmark, not on the last turn (S2.5:
    always)."""
    return state.score.elbrus and (scenario_rules(ctx).elbrus == "permanent" or state.turn < ctx.scenario.last_turn)


def tally(ctx: Context, state: State) -> Tally:
    """The Axis VPs now (24.1, 24.3, S1.3), before the log's own offset (a ``position.vp``)."""
    v = later(ctx).victory
    axis = _axis(ctx)
    sr = scenario_rules(ctx)
    hexes = 0
    for h, vp in vp_hexes(ctx).items():
        owner = state.control.get(h)
        if owner == axis:
            if supply.traces(ctx, state, axis, h):
                hexes += vp
        elif sr.isolated_count and not supply.traces(ctx, state, _soviet(ctx), h, unlimited=True):
            hexes += vp
    baku = v.baku_vp if state.score.baku and _baku_holds(ctx, state) else 0
    pen = _penalties(ctx, state)
    el = v.elbrus_vp if elbrus_counts(ctx, state) else 0
    ex = _extras(ctx, state) if sr.exits or sr.south_row is not None else 0
    return Tally(hexes, baku, pen, el, ex, hexes + baku + pen + el + ex)


def base(ctx: Context) -> int:
    """The log's VP offset: with a ``position.vp`` (the VP marker where the log starts) the difference between it and
    the VPs the start position counts, else 0 (the validator counts every VP from the map). The start position is the
    replay's first state: with the control the scenario gives vacant hexes (Uranus's Axis-held VP hexes, S3.5) and the
    header's Elbrus and Baku flags (24.3, 24.1.2), which the VP marker already counts: also where the count leaves them
    out (24.3: a log that starts on the last turn; 24.1.2: no five divisions left in G), so that they drop out of the
    score there."""
    def make(c: Context) -> int:
        if "vp" not in c.header.position:
            return 0
        from .scenarios import start  # noqa: PLC0415
        from .state import initial_state  # noqa: PLC0415
        first = start(c, initial_state(c))
        t = tally(c, first)
        v = later(c).victory
        marker = (v.elbrus_vp if first.score.elbrus and not t.elbrus else 0) + \
            (v.baku_vp if first.score.baku and not t.baku else 0)
        return int(c.header.position["vp"]) - t.total - marker
    return per_replay(ctx, "s42_vp_base", make)


def vp(ctx: Context, state: State) -> int:
    """The Axis VPs now."""
    return tally(ctx, state).total + base(ctx)


def _words(ctx: Context, state: State, t: Tally) -> str:
    parts = [f"{t.hexes} for VP hexes with a Line of Supply"]
    if t.baku:
        parts.append(f"{t.baku} for the Baku exit")
    if t.penalties:
        parts.append(f"{t.penalties} in penalties (24.1.4)")
    if t.elbrus:
        parts.append(f"{t.elbrus} for Mt Elbrus")
    if t.extras:
        parts.append(f"{t.extras} for {ctx.scenario.name}'s own VPs")
    if base(ctx):
        parts.append(f"{base(ctx):+d} from the log's start")
    return ", ".join(parts)


# --- who wins --------------------------------------------------------------------------------------------------

class Result(NamedTuple):
    winner: str | None
    reason: str
    rule: str
    text: str


def decide(ctx: Context, state: State) -> Result | None:
    """The result of a Victory Determination Phase of ``state.turn`` (24.2, S1.3, S2.5, S3.5, S4.4), or None."""
    sr = scenario_rules(ctx)
    axis, soviet = _axis(ctx), _soviet(ctx)
    have = vp(ctx, state)
    last = state.turn >= ctx.scenario.last_turn
    if sr.turn_vp is not None and have >= sr.turn_vp:
        return Result(axis, THRESHOLD, sr.rule, f"the Axis has {have} VPs, {sr.turn_vp} win ({sr.rule})")
    if sr.automatic and not last:
        bench = int(ctx.game.turns[state.turn].extra.get("benchmark") or 0)
        m = later(ctx).victory.margin
        if have >= bench + m:
            return Result(axis, AUTOMATIC, "24.2", f"Automatic Victory: the Axis has {have} VPs, the turn {state.turn} "
                                                   f"benchmark {bench} plus {m}")
        if have <= bench - m:
            return Result(soviet, AUTOMATIC, "24.2", f"Automatic Victory: the Axis has {have} VPs, the turn "
                                                     f"{state.turn} benchmark {bench} less {m}")
    if sr.hold_hexes and not state.score.held:
        return Result(soviet, FINAL, sr.rule, f"the Axis did not hold a Stalingrad hex until turn {sr.hold_turn} "
                                              f"({sr.rule})")
    if not last:
        return None
    if sr.final_vp is not None and have >= sr.final_vp:
        return Result(axis, FINAL, sr.rule, f"the Axis has {have} VPs on the last turn, {sr.final_vp} win ({sr.rule})")
    need = sr.final_vp if sr.final_vp is not None else sr.turn_vp
    return Result(soviet, FINAL, sr.rule, f"the Axis has {have} VPs on the last turn, short of {need} ({sr.rule})")


def _decided(state: State, r: Result) -> State:
    return evolve(state, score=evolve(state.score, winner=r.winner, reason=r.reason, rule=r.rule))


def end_phase(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The Victory Determination Phase ends: the VPs are counted, the game may end (24.2, the scenarios')."""
    state = _hold(ctx, state)
    state = evolve(state, score=evolve(state.score, vp=vp(ctx, state)))
    if state.score.winner is not None:
        return state, []
    r = decide(ctx, state)
    return (_decided(state, r) if r is not None else state), []


def finish(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """A log that ends in the scenario's last Victory Determination Phase: the phase is over, the game decided
    (S1.3, S2.5, S3.5, S4.4)."""
    if state.phase == VICTORY and state.turn >= ctx.scenario.last_turn:
        return end_phase(ctx, state)
    return state, []


def end_player_turn(ctx: Context, state: State, side: str) -> tuple[State, list[Finding]]:
    """S4.4: at the end of the Axis Player Turn of turn 28 the Axis needs the turn's benchmark (24 VPs) or the
    Soviets win at once."""
    sr = scenario_rules(ctx)
    if not sr.benchmark_check or side != _axis(ctx) or state.score.winner is not None:
        return state, []
    if state.turn != ctx.first_turn_of.get(sr.benchmark_check):
        return state, []
    need = int(ctx.game.turns[state.turn].extra.get("benchmark") or 0)
    have = vp(ctx, state)
    if have < need:
        return _decided(state, Result(_soviet(ctx), BENCHMARK, sr.rule, f"the Axis has {have} VPs at the end of its "
                                                                        f"Player Turn of turn {state.turn}, short of "
                                                                        f"{need} ({sr.rule})")), []
    return state, []


def _hold(ctx: Context, state: State) -> State:
    """S3.5: the Axis must hold a Stalingrad hex until the start of its Player Turn of the hold turn."""
    sr = scenario_rules(ctx)
    if not sr.hold_hexes or not state.score.held or state.turn >= (sr.hold_turn or 0):
        return state
    if any(state.control.get(h) == _axis(ctx) for h in sr.hold_hexes):
        return state
    return evolve(state, score=evolve(state.score, held=False))


def begin_initial(ctx: Context, state: State, side: str) -> State:
    """S3.5: the Axis Player Turn of the hold turn begins: it must still hold a Stalingrad hex."""
    sr = scenario_rules(ctx)
    if sr.hold_hexes and side == _axis(ctx) and state.turn == sr.hold_turn and state.score.held and \
            not any(state.control.get(h) == side for h in sr.hold_hexes):
        return evolve(state, score=evolve(state.score, held=False))
    return state


# --- events that change the score ---------------------------------------------------------------------------------

def after_units(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """24.3: an Axis Mountain unit on Mt Elbrus; 24.1.3: Soviet units entering G while Axis units are there;
    S3.5: a Stalingrad hex lost."""
    findings: list[Finding] = []
    el = later(ctx).victory.elbrus
    axis = _axis(ctx)
    listed = [u for u in (action.get("unit"), *(action.get("units") or ())) if isinstance(u, str) and u in state.units]
    arrived = not listed or any(state.units[u].loc == el for u in listed)  # (only a line's own units enter a hex)
    if not state.score.elbrus and arrived and any(
            ctx.game.units[u].side == axis and "mountain_unit" in info_of(ctx, state, u).tags
            for u in units_in(ctx, state, el)):
        state = evolve(state, score=evolve(state.score, elbrus=True))
    g = facts(ctx).entry.baku
    uid = action.get("unit")
    if uid and ctx.game.units[uid].side != axis and state.units[uid].loc == g and before.units[uid].loc != g and \
            _baku_units(ctx, before):
        findings.append(Finding("24.1.3", f"{ctx.game.units[uid].front.name}: no Soviet unit enters Entry Area {g} "
                                          "while Axis units are there", (uid,), (g,)))
    return state, findings


def end_movement(ctx: Context, state: State, side: str | None) -> State:
    """24.1.2: at the end of an Axis Movement Phase, the divisions that entered G this phase: five (with a Panzer
    division) earn the Baku VPs."""
    if side != _axis(ctx):
        return state
    g = facts(ctx).entry.baku
    entered = [u for u in _baku_units(ctx, state) if u in state.moved and state.moved[u].start != g]
    if not entered:
        return state
    v = later(ctx).victory
    n, panzer = divisions(ctx, state, entered)
    if n >= v.baku_divisions and panzer and not state.score.baku:
        state = evolve(state, score=evolve(state.score, baku=True))
    return state


def before_move(ctx: Context, state: State, action: Action) -> State:
    """24.1.3: when Axis units enter G, the Soviet units there go to H (the first Soviet Entry Area south of the
    Caspian next to it), Disrupted."""
    uid = action.get("unit")
    g = facts(ctx).entry.baku
    if not uid or uid not in ctx.game.units or ctx.game.units[uid].side != _axis(ctx):
        return state
    path = list(action.get("path") or ()) + ([action["to"]] if action.get("to") else [])
    if g not in path:
        return state
    soviet = [u for u in units_in(ctx, state, g) if ctx.game.units[u].side == _soviet(ctx)]
    to = sorted(a for a, s in scenario_facts(ctx).areas.items() if s == _soviet(ctx) and a in facts(ctx).entry.south
                and a != g)
    if not soviet or not to:
        return state
    return put_units(ctx, state, {u: evolve(state.units[u], loc=to[0], order=DISRUPTED if info_of(ctx, state, u).combat
                                            else state.units[u].order) for u in soviet})


# --- the claims -----------------------------------------------------------------------------------------------

def handle_victory(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``victory`` line: the VPs and the winner it claims, checked (in the Victory Determination Phase against
    its outcome, elsewhere against the game as it stands); a wrong VP count under 24.1.1, or under the rule of the
    part it left out (``_vp_rule``)."""
    findings = []
    if "vp" in action.data:
        t = tally(ctx, state)
        have = t.total + base(ctx)
        if action["vp"] != have:
            findings.append(Finding(_vp_rule(ctx, t, have, action["vp"]), f"the Axis has {have} VPs "
                                    f"({_words(ctx, state, t)}), not {action['vp']}"))
    if "winner" in action.data:
        r = state.score.winner and Result(state.score.winner, state.score.reason, state.score.rule or "24.2", "")
        if r is None and state.phase == VICTORY:
            r = decide(ctx, _hold(ctx, state))
        claimed = action["winner"]
        got = r.winner if r else None
        if claimed != got:
            rule = r.rule if r else _claim_rule(ctx, state)
            want = f"{ctx.game.sides[got].name} wins ({r.text})" if r and r.text else \
                (f"{ctx.game.sides[got].name} has won" if got else "nobody has won yet")
            said = f"that the {ctx.game.sides[claimed].name} player wins" if claimed else "that nobody has won"
            findings.append(Finding(rule, f"the rules give: {want}, not {said} (Axis VPs {vp(ctx, state)})"))
    return state, findings


def _vp_rule(ctx: Context, t: Tally, have: int, claimed: int) -> str:
    """The rule a wrong VP claim breaks: the part of the count whose omission gives the claim (24.1.4 a penalty,
    24.1.2 the Baku exit, 24.3 Mt Elbrus, the scenario's own VPs), else the count of the VP hexes (24.1.1)."""
    for part, rule in ((t.penalties, "24.1.4"), (t.baku, "24.1.2"), (t.elbrus, "24.3"),
                       (t.extras, scenario_rules(ctx).rule)):
        if part and claimed == have - part:
            return rule
    return "24.1.1"


def _claim_rule(ctx: Context, state: State) -> str:
    """The rule a wrong claim of a win breaks when nobody has won: 24.2 while Automatic Victory decides, else the
    scenario's victory conditions (S1.3, S2.5, S3.5, S4.4)."""
    sr = scenario_rules(ctx)
    benchmark = sr.benchmark_check and state.turn == ctx.first_turn_of.get(sr.benchmark_check)
    if sr.automatic and not benchmark and state.turn < ctx.scenario.last_turn:
        return "24.2"
    return sr.rule


def outcome(ctx: Context, state: State) -> dict:
    s = state.score
    have = vp(ctx, state)
    text = f"Axis VPs {have}; " + (f"{ctx.game.sides[s.winner].name} wins ({s.reason})" if s.winner
                                   else "no winner yet")
    return {"vp": have, "winner": s.winner, "reason": s.reason, "text": text}
