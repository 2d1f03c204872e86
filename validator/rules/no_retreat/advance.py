"""Advance after combat (10.8-10.8.2).

- 10.8: after a DR, DS or DD (as changed for the hex, 10.7.4), surviving attackers of that battle may advance; the
  first hex is a target hex of the battle that its defenders have completely left; forts and other units without a
  movement allowance never advance, nor does any unit that attacked in a counterblow, nor a Disorganized or
  white-strength unit that attacked in a counterattack (10.7.3); each unit advances once; no MP are spent and enemy
  zones of control are ignored;
- 10.8.1: a second hex only in weather with ``multi_hex_advance`` (not Mud or Long Winter), never for an Unsupplied
  unit (6.5.4; TEC ``unsupplied`` row), not after entering a hex whose terrain stops advances (TEC
  ``stops_advance``: forest, marsh, mountain, Kerch Strait, the areas, objective hexes); never into enemy units,
  across a prohibited hexside or off the map; it need not follow the retreat path;
- 10.8.2: a third hex only for armor-type units not stopped in the second, in weather with ``armor_third_hex``
  (Clear), for the Soviets only from the turn of ``soviet_tank_advance``; never a fourth.
"""

from __future__ import annotations

from typing import Sequence

from ...engine.context import Context
from ...engine.state import evolve, face_of, occupants, unit_name
from ...model import Action, Finding
from .battle_state import Battle
from .combat_data import third_hex_allowed
from .declaration import current, with_combat
from .event_state import battle_cards, terrain_override
from .movement import RESTRICTED_AREAS
from .results import MOVING_RESULTS, logged_path, move_along, pictured, settle, to_box
from .shifts import category
from .state import State


def stops(ctx: Context, loc: str, state: State | None = None) -> bool:
    """Whether entering ``loc`` ends an advance (TEC ``stops_advance`` of its terrain, or of an objective; the
    terrain an event gives the hex, card 7)."""
    tec = ctx.game.tec
    m = ctx.game.map
    terrain = m.hexes[loc].terrain if loc in m.hexes else m.areas[loc].terrain
    terrain = (terrain_override(state, loc) if state is not None else None) or terrain
    if tec[terrain].stops_advance:
        return True
    mh = m.hexes.get(loc)
    return bool(mh is not None and mh.objective and "objective" in tec and tec["objective"].stops_advance)


def vacated(ctx: Context, state: State, b: Battle, occ: dict[str, list[str]]) -> list[str]:
    """Target hexes of the battle whose result moves defenders out and that hold no enemy unit now (10.8)."""
    return [t for t in b.targets if b.hex_results.get(t) in MOVING_RESULTS
            and not any(ctx.game.units[u].side != b.side for u in occ.get(t, ()))]


def unit_problem(ctx: Context, state: State, b: Battle | None, uid: str) -> tuple[str, str] | None:
    """(rule, why) the unit may not advance at all after this battle (10.8, 10.7.3), or None."""
    if b is None:
        return "10.8", "no battle result allows an advance now"
    if uid not in b.attackers:
        return "10.8", f"it did not attack in the battle at line {b.line}"
    if uid in b.advanced:
        return "10.8", "it has already advanced"
    if uid in b.no_advance:
        return b.no_advance[uid]
    if not any(r in MOVING_RESULTS for r in b.hex_results.values()):
        res = ", ".join(f"{r} in {t}" if r == b.result else f"{r} in {t} (a {b.result} changed, 10.7.4)"
                        for t, r in b.hex_results.items())
        return "10.8", f"the battle at line {b.line} ended {res}: only DR, DS and DD let attackers advance"
    return None


def normal_hexes(ctx: Context, state: State, uid: str) -> int:
    """How many hexes the unit may advance by 10.8.1-10.8.2 (terrain stops aside)."""
    if not ctx.game.weather[state.weather].multi_hex_advance or state.units[uid].unsupplied:
        return 1
    third, _ = third_hex_allowed(ctx, ctx.game.units[uid].side, state.turn, state.weather)
    return 3 if third and category(ctx, state, uid) == "armor" else 2


def card_limit(ctx: Context, state: State, b: Battle, uid: str) -> tuple[int, str] | None:
    """The hexes of advance the battle's cards allow (cards 4 and 17, applied in the order played, 5.0), or None.
    The message names only what was played: a cap (Rasputitsa) or an extra hex (General Staff), on the advance
    10.8.1-10.8.2 allow the unit."""
    cards = battle_cards(state, b.line)
    if cards is None or not cards.advance:
        return None
    n = rules = normal_hexes(ctx, state, uid)
    for how, k in cards.advance:
        n = min(n, k) if how == "cap" else n + k
    steps = ", then ".join(f"at most {k} (Rasputitsa)" if how == "cap" else f"{k} more (General Staff)"
                           for how, k in cards.advance)
    return n, (f"10.8.1-10.8.2 allow it {rules} hex(es) of advance; the battle's cards, in the order played: "
               f"{steps}; {n} in all")


def path_problem(ctx: Context, state: State, b: Battle, uid: str, path: Sequence[str]) -> tuple[str, str] | None:
    """(rule, why) for the first step of ``path`` that breaks 10.8-10.8.2, or None."""
    occ = occupants(ctx, state)
    open_hexes = vacated(ctx, state, b, occ)
    if path[0] not in open_hexes:
        return "10.8", (f"the first hex of an advance is a target hex its defenders have completely left "
                        f"({', '.join(open_hexes) or 'none is'}), not {path[0]}")
    cur = state.units[uid].loc
    weather = ctx.game.weather[state.weather]
    armor = category(ctx, state, uid) == "armor"
    limit = card_limit(ctx, state, b, uid)
    for i, nxt in enumerate(path):
        if i == 0:
            cur = nxt
            continue
        if limit is not None:
            if i >= limit[0]:
                return "5.3.1", limit[1]
        elif i == 1:
            if not weather.multi_hex_advance:
                return "10.8.1", f"no advance beyond the vacated hex in {weather.name} weather"
            if state.units[uid].unsupplied:
                return "10.8.1", "an Unsupplied unit advances only into the vacated hex (6.5.4)"
        if limit is None and i >= 3:
            return "10.8.2", f"an advance is at most three hexes (armor in Clear weather); this one has {len(path)}"
        if limit is None and i == 2:
            if not armor:
                return "10.8.2", "only armor-type units advance a third hex"
            ok, why = third_hex_allowed(ctx, ctx.game.units[uid].side, state.turn, state.weather)
            if not ok:
                return "10.8.2", why
        if stops(ctx, cur, state):
            return "10.8.1", f"an advance stops on entering {cur} (terrain that stops advances, TEC)"
        board = ctx.board
        if nxt not in board.locations:
            return "10.8.1", f"{nxt} is {'water' if nxt in board.water else 'off the map'}"
        if not board.adjacent(cur, nxt):
            return "10.8.1", f"{nxt} is not adjacent to {cur}"
        if board.crossing_prohibited(cur, nxt):
            return "10.8.1", f"the hexside between {cur} and {nxt} is prohibited (lake)"
        if any(ctx.game.units[u].side != b.side for u in occ.get(nxt, ())):
            return "10.8.1", f"{nxt} holds enemy units"
        barred = RESTRICTED_AREAS.get(nxt)
        if barred and ctx.game.units[uid].nationality in barred:
            return "8.6", f"its nationality may not enter {ctx.game.map.areas[nxt].name}"
        cur = nxt
    return None


def _left_out_retreat(ctx: Context, state: State, settled: list[Finding], path: Sequence[str]) -> State:
    """One mistake, one report (10.7.5, 10.8): an advance into the hex of a defender whose retreat the log left out
    (reported by ``settle`` on this line, with a legal retreat as example) shows the defender left it; the defender
    retreats along that example (and a DS unit goes on to its Shattered box), so the advance is not reported too."""
    b = current(state).battle
    for f in settled:
        if f.rule != "10.7.5" or len(f.units) != 1 or len(f.path) < 2 or not path or f.path[0] != path[0]:
            continue
        uid = f.units[0]
        if b is None or state.units[uid].loc != path[0]:
            continue
        state = move_along(ctx, state, uid, list(f.path[1:]))
        if uid in b.to_shatter:
            state = to_box(ctx, state, uid, f"shattered_{ctx.game.units[uid].side}")
    return state


def handle_advance(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid, start, path = logged_path(state, action)
    state, findings = settle(ctx, state)
    state = _left_out_retreat(ctx, state, findings, path)
    b = current(state).battle
    name = unit_name(ctx, uid, state)
    full = ((start,) if start else ()) + tuple(path)
    why = unit_problem(ctx, state, b, uid)
    if why is not None:
        findings.append(Finding(why[0], f"{name} may not advance: {why[1]}", (uid,), full))
    elif path:
        problem = path_problem(ctx, state, b, uid, path)
        if problem is not None:
            findings.append(Finding(problem[0], f"{name} advances {'-'.join(full)}: {problem[1]}", (uid,), full))
    findings = pictured(findings, b)
    if not path or start not in ctx.board.locations:
        return state, findings
    state = move_along(ctx, state, uid, path)
    if b is not None:
        state = with_combat(state, evolve(current(state), battle=evolve(b, advanced=b.advanced | {uid})))
    return state, findings


def advances(ctx: Context, state: State, uid: str) -> list[tuple[str, ...]]:
    """Every legal advance path of an attacker of the current battle (for the random player)."""
    b = current(state).battle
    if unit_problem(ctx, state, b, uid) is not None or not face_of(ctx, state, uid).ma:
        return []
    out: list[tuple[str, ...]] = []
    frontier = [(t,) for t in vacated(ctx, state, b, occupants(ctx, state))]
    while frontier:
        p = frontier.pop()
        if path_problem(ctx, state, b, uid, p) is not None:
            continue
        out.append(p)
        if len(p) < 4:
            frontier.extend(p + (n,) for n in ctx.board.neighbours.get(p[-1], ()) if n not in p)
    return sorted(out)
