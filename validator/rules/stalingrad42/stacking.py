"""Stacking (4.1-4.4), each side's stacks read from its units by location (``zoc``).

- 4.1: the Soviets stack two Combat Units and the Axis three in a hex, plus one Free Stacking Unit; Non-Combat Units
  (19.2) and ASUs (4.2, 18.2.3) have no stacking value (``game.toml [stacking]``);
- 4.2: one Free Stacking Unit stacks free; the others count in full;
- 4.3: a Soviet Army HQ in the hex raises the Soviet limit to three (plus one Free Stacking Unit), a second HQ no
  further (a stack that would fit only if each HQ raised it is reported under 4.3, as 4.2's extra Free Stacking
  Units are under 4.2); no more than two Tank or Mechanized Corps stack with the 1st Guards or the 5th Shock Army
  HQ (``rules.toml [stacking]``);
- 4.4: the limit may be exceeded during movement, retreats and advances; the phasing player's stacks are checked at
  the end of his Movement and Combat Phases (and before each Breakthrough and Auto DS attack, issue 15). An
  overstack left there is reported once; the owner eliminates the excess (``remove``). Entry Areas have no limit
  (22.4), the Caspian Sea Transit Box only its own two Combat Units (22.6.4, ``entry.py``: one mistake, one report);
  units a scenario sets up outside the limit (31.0, S1.2: ``stacking = no``) are not counted while they stay
  where they were set up.
- 14.1: the limit is observed at the end of each advance: an advance that ends in a stack over the limit is reported
  on its line (:func:`after_advance`), once; the phase's check does not report that stack again.
"""

from __future__ import annotations

from typing import Sequence

from ...engine.context import Context

from ...engine.state import evolve
from ...model import Finding
from .data import facts
from .state import State
from .units import table
from .zoc import units_at, units_by_location


def _frozen(ctx: Context) -> dict[str, str]:
    """Units the scenario sets up outside the stacking limit (``stacking = no``) -> their set-up location."""
    key = "s42_unstacked"
    out = ctx.derived.get(key)
    if out is None:
        out = ctx.derived[key] = {p.unit: p.location for p in ctx.scenario.setup if not p.stacking}
    return out


def _counted(ctx: Context, state: State, loc: str, units: Sequence[str]) -> list[str]:
    frozen = _frozen(ctx)
    return [u for u in units if frozen.get(u) != loc]


def problem(ctx: Context, state: State, loc: str, side: str, units: Sequence[str]) -> tuple[str, str] | None:
    """(rule, words) when these units of ``side`` may not end a phase together in ``loc`` (4.1-4.3), else None."""
    area = ctx.game.map.areas.get(loc)
    if area is not None and (not area.stacking or loc == facts(ctx).entry.transit):
        return None  # 22.4; the Caspian Sea Transit Box's limit is its own (22.6.4), reported on the move into it
    info = table(ctx)
    mine = _counted(ctx, state, loc, units)
    tags = [info[u, state.units[u].face].tags for u in mine]
    game = ctx.game
    if not game.stack_allows(side, state.turn, tags):
        rule = game.stacking_limit(side, state.turn)
        counting = [t for t in tags if not t & rule.exempt]
        free = [t for t in counting if rule.free_trait in t]
        raised = rule.raised_limit is not None and any(t & rule.raise_with for t in tags)
        limit = rule.raised_limit if raised else rule.limit
        if len(counting) - len(free) <= limit:
            return "4.2", (f"{len(free)} Free Stacking Units: only one stacks free, the others count in full "
                           f"(limit {limit} plus one)")
        hqs = sum(1 for t in tags if t & rule.raise_with) if raised else 0
        units_over = len(counting) - min(len(free), 1)
        if hqs > 1 and units_over <= limit + hqs - 1:
            return "4.3", (f"{units_over} counting units with {hqs} Soviet Army HQs: a second HQ raises the limit no "
                           f"further (limit {limit} plus one Free Stacking Unit)")
        why = " with a Soviet Army HQ (4.3)" if raised else ""
        return "4.1", f"{len(counting) - min(len(free), 1)} counting units; the limit is {limit} plus one Free " \
                      f"Stacking Unit{why}"
    s = facts(ctx).stacking
    if any(u in s.corps_hqs for u in units):
        corps = [u for u in mine if s.corps_trait in info[u, state.units[u].face].tags]
        if len(corps) > s.corps:
            return "4.3", (f"{len(corps)} Tank or Mechanized Corps with the 1st Guards or 5th Shock Army HQ; at most "
                           f"{s.corps}")
    return None


def check(ctx: Context, state: State, side: str | None, when: str) -> tuple[State, list[Finding]]:
    """4.4: every stack of ``side`` over its limit now (each reported once)."""
    if side is None:
        return state, []
    out: list[Finding] = []
    seen = set(state.overstacks)
    for loc, units in _over(ctx, state, side):
        key = _key(loc, units)
        if key in seen:
            continue
        seen.add(key)
        rule, words = _known_problem(ctx, state, loc, side, units)  # type: ignore[misc]
        out.append(Finding(rule, f"{loc} is overstacked {when}: {words} (4.4: the owner eliminates the excess)",
                           units, (loc,)))
    if out:
        state = evolve(state, overstacks=frozenset(seen))
    return state, out


def _over(ctx: Context, state: State, side: str) -> list[tuple[str, tuple[str, ...]]]:
    """(location, units sorted) of each stack of ``side`` over its limit, by location: read from the side's units by
    location (:func:`zoc.units_by_location`, kept per move), not from every location's units of both sides; remembered
    for the last units mapping, side and turn (phases that end with no unit changed ask again)."""
    hit = ctx.derived.get("s42_over")
    if hit is not None and hit[0] is state.units and hit[1] == side and hit[2] == state.turn:
        return hit[3]
    out = []
    safe = None
    for loc, here in units_by_location(ctx, state, side).items():
        if len(here) > 1:
            if safe is None:
                safe = _never_over(ctx, side, state.turn)
            if len(here) <= safe:
                continue
            units = tuple(sorted(here))
            if _known_problem(ctx, state, loc, side, units) is not None:
                out.append((loc, units))
    out.sort()
    ctx.derived["s42_over"] = (state.units, side, state.turn, out)
    return out


def _never_over(ctx: Context, side: str, turn: int) -> int:
    """The most units of ``side`` that :func:`problem` never finds over the limit, whatever they are: no more than the
    limit of 4.1 (or a lower raised one, 4.3) count, and no more than the Tank or Mechanized Corps 4.3 allows with the
    1st Guards or 5th Shock Army HQ are there. Stacks this small are passed over without their units looked at."""
    rule = ctx.game.stacking_limit(side, turn)
    raised = rule.raised_limit if rule.raised_limit is not None else rule.limit
    return min(rule.limit, raised, facts(ctx).stacking.corps)


def _known_problem(ctx: Context, state: State, loc: str, side: str, units: Sequence[str]) -> tuple[str, str] | None:
    """:func:`problem`, remembered by all it reads: the units, their faces and the turn (a stack mostly outlasts
    many phases' checks)."""
    key = (loc, side, tuple(units), tuple(state.units[u].face for u in units), state.turn)
    memo = ctx.derived.setdefault("s42_stack_problems", {})
    if key in memo:
        return memo[key]
    if len(memo) >= 4096:
        memo.clear()
    out = memo[key] = problem(ctx, state, loc, side, units)
    return out


def _key(loc: str, units: Sequence[str]) -> str:
    return f"{loc}:{','.join(units)}"


def after_advance(ctx: Context, state: State, uid: str) -> tuple[State, list[Finding]]:
    """14.1: the stack ``uid`` ended its advance in is within the limit (4.1-4.3), else one finding (remembered so
    that 4.4's check at the end of the phase does not report the same stack again)."""
    loc = state.units[uid].loc
    if loc is None:
        return state, []
    side = ctx.game.units[uid].side
    mine = tuple(sorted(units_at(ctx, state, side, loc)))
    found = problem(ctx, state, loc, side, mine) if len(mine) > 1 else None
    key = _key(loc, mine)
    if found is None or key in state.overstacks:
        return state, []
    rule, words = found
    finding = Finding("14.1", f"the advance ends in {loc} over the stacking limit: {words} (the limit is observed "
                              f"at the end of each advance; {rule})", mine, (loc,))
    return evolve(state, overstacks=state.overstacks | {key}), [finding]
