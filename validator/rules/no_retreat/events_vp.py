"""Event effects on victory points, the Victory Phase and the weather (5.3.1, 12.4, 13.0).

- ``vp_if`` (the 1945 "Play Immediately" cards 45-52): when drawn, the playing side gains ``vp`` Event VPs if the
  condition holds, else ``else`` (the Event VP marker stops at its cap, 12.4.4). Conditions (``if``, alternatives
  joined by ``|``): ``controls:<city or area>[+...]`` the side controls all of them; ``unit@<city or region>`` one of
  its units is there; ``unit:<type>@<city>`` one of its units of that type is there;
- ``remove_for_vp`` (Wacht am Rhein, 51): the Axis may remove one of his units (not Volkssturm, cadre or garrison)
  from play for +1 VP (the play's ``units``), otherwise he loses 1 VP;
- ``attack_quota`` (Hitler Orders Attack! 19, Stalin Orders Attack! 23) and the quotas of the draw cards (Summer
  Campaign 13, Major Offensive 20): the side named must make ``attacks`` attacks in its Combat Phase of this turn
  (``count``: Target hexes declared, voluntary battles, or battles of any kind it fights), or it loses ``vp``
  Event VPs when that phase ends;
- ``cancel_sudden_death`` (Za Rodinu! 9, Das Vaterland 40): no Sudden Death check in this turn's Victory Phase;
- ``weather`` (cards 9, 11, 12, 13): the Weather markers the card names (``*_weather`` in ``cards.csv``) turn over.
"""

from __future__ import annotations

from operator import is_
from typing import Any, Mapping

from ...engine.context import Context
from ...engine.state import evolve, unit_name, updated
from ...model import Action, Finding
from .control import controller
from .declaration import current
from .event_state import Quota
from .events_common import Play, city_named, other, slot_position, violation
from .events_data import Effect
from .state import State
from .turn_events import flip_markers
from .victory import gain


def weather(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    return flip_markers(ctx, state, ctx.game.cards[play.event].events[play.side].weather), []


def _locations(ctx: Context, name: str) -> frozenset[str]:
    city = city_named(ctx, name)
    if city is not None:
        return frozenset({city})
    if name in ctx.game.map.regions:
        return ctx.game.map.regions[name].locations
    if name in ctx.game.map.areas:
        return frozenset({name})
    raise ValueError(f"card_effects.toml: unknown place '{name}'")


def holds(ctx: Context, state: State, side: str, condition: str) -> bool:
    """Whether a ``vp_if`` condition holds for ``side`` now."""
    for alt in condition.split("|"):
        what, _, where = alt.partition(":") if alt.startswith("controls:") else alt.partition("@")
        if what == "controls":
            if all(controller(ctx, state, loc) == side for name in where.split("+") for loc in _locations(ctx, name)):
                return True
            continue
        kind = what.partition(":")[2]
        locs = _locations(ctx, where)
        if any(us.loc in locs and ctx.game.units[u].side == side and (not kind or ctx.unit_type[u, us.face] == kind)
               for u, us in state.units.items()):
            return True
    return False


def vp_if(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    p = effect.params
    n = int(p["vp"]) if holds(ctx, state, play.side, p["if"]) else int(p["else"])
    return (gain(ctx, state, play.side, n) if n else state), []


def remove_for_vp(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    p = effect.params
    findings = []
    if len(play.units) > 1:
        findings.append(violation(ctx, play.event, play.side, "it removes one unit", play.units))
    for uid in play.units[:1]:
        us = state.units[uid]
        if ctx.game.units[uid].side != play.side or us.loc in (None, "removed") or \
                ctx.unit_type[uid, us.face] in p["not_types"]:
            findings.append(violation(ctx, play.event, play.side, f"{unit_name(ctx, uid, state)} is not one of his "
                                                                   f"units in play other than "
                                                                   f"{', '.join(p['not_types'])}", (uid,)))
            continue
        state = evolve(state, units=updated(state.units, uid, evolve(us, loc="removed", unsupplied=False,
                                                                 disorganized=False)))
        return gain(ctx, state, play.side, int(p["vp"])), findings
    return gain(ctx, state, play.side, int(p["else"])), findings


def cancel_sudden_death(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    if state.phase != "housekeeping" or state.step != "victory":
        return state, [violation(ctx, play.event, play.side, "it cancels the Sudden Death check in the Victory Phase "
                                                              "(play it in the Victory step, or choose 'draw')")]
    return evolve(state, score=evolve(state.score, sd_cancelled=state.turn)), []


# -- attack quotas ---------------------------------------------------------------------------------------------

def add_quota(state: State, play: Play, side: str, q: Mapping[str, Any]) -> State:
    quota = Quota(play.event, side, state.turn, int(q["attacks"]), q["count"], int(q["vp"]))
    return evolve(state, effects=evolve(state.effects, quotas=state.effects.quotas + (quota,)))


def attack_quota(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    return add_quota(state, play, other(ctx, play.side), effect.params), []


def _made(ctx: Context, state: State, q: Quota, action: Action) -> int:
    c = current(state)
    if q.count == "declared":
        return max(q.made, len(c.declared | c.voluntary_hexes))
    b = c.battle
    if action.type != "battle" or b is None or b.side != q.side or b.line != action.line:
        return q.made
    return q.made + (1 if q.count == "any" or b.kind == "voluntary" else 0)


def _in_phase(state: State, q: Quota) -> bool:
    return state.phase == "combat" and state.player == q.side and state.turn == q.turn


def count_quotas(ctx: Context, first: State, state: State, action: Action) -> State:
    """Count each quota's attacks in its Combat Phase; when the phase is over, a quota not met costs its VPs."""
    now = slot_position(ctx, state.turn, state.player, state.phase)
    quotas = state.effects.quotas
    keep = []
    for q in quotas:
        seen = state if _in_phase(state, q) else first if _in_phase(first, q) else None
        if seen is not None:
            made = _made(ctx, seen, q, action)
            q = q if made == q.made else evolve(q, made=made)
        if now > slot_position(ctx, q.turn, q.side, "combat"):
            if q.made < q.attacks:
                state = gain(ctx, state, q.side, -q.vp)
            continue
        keep.append(q)
    if len(keep) == len(quotas) and all(map(is_, keep, quotas)):
        return state  # (no quota counted an attack nor ended: no copy)
    return evolve(state, effects=evolve(state.effects, quotas=tuple(keep)))


APPLY = {"weather": weather, "vp_if": vp_if, "remove_for_vp": remove_for_vp, "attack_quota": attack_quota,
         "cancel_sudden_death": cancel_sudden_death}
