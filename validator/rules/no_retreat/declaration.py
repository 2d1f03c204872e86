"""Declaring battles (10.1) and the check, when the Combat Phase ends, that every declared target was attacked.

- 10.1: a Target hex holds units of the non-phasing player and is adjacent to units of the phasing player across a
  hexside that is not prohibited (no attack across a lake hexside);
- 10.1.1: the phasing player declares his voluntary Target hexes first: at most ``combat.toml`` ``targets`` (5),
  fewer for the Axis in weather with an ``axis_targets`` limit (Long Winter: 3) and from the turn-track events
  ``axis_targets_3`` (turn 20) and ``axis_targets_1`` (turn 26). Disorganized and white-strength units (types that
  cannot attack) never attack voluntarily;
- 10.1.2: then the non-phasing player may declare Counterblow hexes of his own units, each paid with a card
  (at most ``counterblows``, 5), not hexes already declared; units of the hex that are Disorganized or of white
  strength take no part, so at least one other unit must be there;
- 10.7 (CB result): a Counterblow marker a CB result left on one side's hex is a counterblow target of the other
  side's next Combat Phase;
- 10.3.1: when the Combat Phase ends, every declared Target hex, Counterblow hex and marked hex has been attacked,
  unless it no longer can be (no enemy unit left in it, or no unit left that may attack it) through no choice of
  the attacker: a unit that could attack a target when it became one (:func:`noted`) and attacked elsewhere instead
  did not leave it impossible, the player did.
"""

from __future__ import annotations

from typing import Iterator

from ...engine.context import Context, once
from ...engine.state import evolve, face_of, occupants, unit_name
from ...model import Action, Finding
from .battle_state import NO_COMBAT, Combat
from .cards import overpaid, payment, spend
from .combat_data import rules, target_limit
from .state import State


def current(state: State) -> Combat:
    """The combat record of the current Combat Phase (a fresh one when this phase has none yet): the CB-result
    markers placed in an earlier phase on the other side's hexes become this phase's marked hexes."""
    c = state.combat
    key = (state.turn, state.player)
    if c.key == key:
        return c
    now = [m for m in c.markers if m.owner != state.player and m.placed != key]
    return evolve(NO_COMBAT, key=key, marked=frozenset(m.hex for m in now),
                  disputed=frozenset(m.hex for m in now if m.disputed), markers=c.markers, support_turn=c.support_turn,
                  support_used=c.support_used)


def with_combat(state: State, c: Combat) -> State:
    return evolve(state, combat=c)


def other_side(ctx: Context, side: str) -> str:
    """The other side of a two-sided game (kept per loaded game: every battle and declaration asks)."""
    others = ctx.tables.get("other side")  # (asked by every battle and declaration: without once's call)
    if others is None:
        others = once(ctx, "other side", lambda c: {s: next(o for o in c.game.sides if o != s) for s in c.game.sides
                                                    if len(c.game.sides) > 1})
    found = others.get(side)
    return found if found is not None else [s for s in ctx.game.sides if s != side][0]


def units_of(ctx: Context, occ: dict[str, list[str]], loc: str, side: str) -> list[str]:
    here = occ.get(loc)
    if not here:  # most neighbours of a hex hold no unit
        return []
    return sorted([u for u in here if ctx.game.units[u].side == side])


def attack_neighbours(ctx: Context, loc: str) -> tuple[str, ...]:
    """Locations a unit in ``loc`` may attack: adjacent across a hexside that is not prohibited (10.1); a fact of
    the board, kept per loaded game for each location asked (declarations and battles ask the same hexes)."""
    kept = once(ctx, "attack neighbours", lambda c: {})
    found = kept.get(loc)
    if found is None:
        found = tuple([n for n in ctx.board.neighbours.get(loc, ()) if not ctx.board.crossing_prohibited(loc, n)])
        if loc in ctx.board.neighbours:  # a board location (never a name from a log)
            kept[loc] = found
    return found


def voluntary_problem(ctx: Context, state: State, uid: str) -> str | None:
    """Why a unit may not attack voluntarily (10.1.1; 2.3 "X": no combat strength), or None."""
    face = face_of(ctx, state, uid)
    if not face.strength:
        return "has no combat strength"
    if state.units[uid].disorganized:
        return "is Disorganized"
    if not ctx.game.unit_types[face.type].can_attack:
        return "has a white combat strength"
    return None


def counterblow_eligible(ctx: Context, state: State, uid: str) -> bool:
    """Whether a unit in a Counterblow hex takes part in the counterblow (10.1.2: not white or Disorganized)."""
    return voluntary_problem(ctx, state, uid) is None


def target_problem(ctx: Context, state: State, side: str, loc: str, occ: dict[str, list[str]]) -> Finding | None:
    """Why ``loc`` is not a Target hex for ``side`` (10.1), or None."""
    enemy = other_side(ctx, side)
    if not units_of(ctx, occ, loc, enemy):
        return Finding("10.1", f"{loc} holds no {ctx.game.sides[enemy].name} unit: only hexes with enemy units are "
                               "targets", (), (loc,))
    if not any(units_of(ctx, occ, n, side) for n in attack_neighbours(ctx, loc)):
        across = [n for n in ctx.board.neighbours.get(loc, ()) if units_of(ctx, occ, n, side)]
        why = f" (only across the prohibited hexside from {across[0]})" if across else ""
        return Finding("10.1", f"no {ctx.game.sides[side].name} unit is adjacent to {loc}{why}: a Target hex must be "
                               "adjacent to the attacker's units", (), (loc,))
    return None


def handle_declare(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    c = current(state)
    side = action.side
    occ = occupants(ctx, state)
    findings = []
    new = [t for t in dict.fromkeys(action["targets"]) if t not in c.declared]
    for t in new:
        f = target_problem(ctx, state, side, t, occ)
        if f is not None:
            findings.append(f)
    declared = c.declared | frozenset(new)
    limit, why = target_limit(ctx, side, state.turn, state.weather)
    if len(declared) > limit and new:
        findings.append(Finding("10.1.1", f"{len(declared)} Target hexes declared ({', '.join(sorted(declared))}); "
                                          f"the {ctx.game.sides[side].name} player may place at most {limit} Target "
                                          f"markers on turn {state.turn} ({why})", (), tuple(new)))
    c = noted(ctx, state, evolve(c, declared=declared, declared_logged=True))
    return with_combat(state, c), findings


def handle_counterblow(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    c = current(state)
    side, t = action.side, action["target"]
    r = rules(ctx)
    occ = occupants(ctx, state)
    findings = []
    mine = units_of(ctx, occ, t, side)
    if not mine:
        findings.append(Finding("10.1.2", f"a counterblow is declared on a hex of the declaring player's own units; "
                                          f"{t} holds none", (), (t,)))
    elif not any(counterblow_eligible(ctx, state, u) for u in mine):
        findings.append(Finding("10.1.2", f"the units in {t} are Disorganized or of white strength and take no part "
                                          "in a counterblow", tuple(mine), (t,)))
    elif state.player is not None:
        f = target_problem(ctx, state, state.player, t, occ)
        if f is not None:
            findings.append(evolve(f, rule="10.1.2"))
    if t in c.declared or t in c.counterblows or t in c.marked:
        findings.append(Finding("10.1.2", f"{t} is already a target this Combat Phase; counterblows add other hexes",
                                (), (t,)))
    if len(c.counterblows | {t}) > r.counterblows:
        findings.append(Finding("10.1.2", f"at most {r.counterblows} Counterblow markers may be placed", (), (t,)))
    pay = payment(action)
    if len(pay) < r.counterblow_cost:
        findings.append(Finding("10.1.2", f"a counterblow against {t} costs {r.counterblow_cost} card; "
                                          f"{len(pay)} paid", (), (t,)))
    elif extra := overpaid(ctx, state, side, pay, r.counterblow_cost, f"a counterblow against {t}"):
        findings.append(Finding("10.1.2", extra, (), (t,)))
    state, paid = spend(ctx, state, side, pay, "10.1.2", f"a counterblow on {t}")
    if t in c.declared:  # reported above: the hex stays the Target hex it was, attacked voluntarily (one report)
        return with_combat(state, noted(ctx, state, c)), findings + paid
    unpaid = c.unpaid | ({t} if paid or len(pay) < r.counterblow_cost else set())
    c = evolve(c, counterblows=c.counterblows | {t}, unpaid=unpaid)
    return with_combat(state, noted(ctx, state, c)), findings + paid


def _defended(ctx: Context, state: State, loc: str, voluntary: bool, occ: dict[str, list[str]]) -> bool:
    """Whether ``loc`` still holds enemy units to attack (10.3.1; in a counterblow, units that take part)."""
    side = state.player
    if side is None:
        return False
    defenders = units_of(ctx, occ, loc, other_side(ctx, side))
    if not voluntary:
        defenders = [u for u in defenders if counterblow_eligible(ctx, state, u)]
    return bool(defenders)


def could_attack(ctx: Context, state: State, c: Combat, loc: str, voluntary: bool,
                 occ: dict[str, list[str]]) -> str | None:
    """A phasing unit that could still attack ``loc``, or None (10.3.1 "if possible")."""
    if not _defended(ctx, state, loc, voluntary, occ):
        return None
    return next(free_attackers(ctx, state, c, loc, state.player, voluntary, occ), None)


def _targets(c: Combat) -> tuple[tuple[frozenset[str], bool, str], ...]:
    """(hexes, whether they are attacked voluntarily, what they are) of the targets a Combat Phase must attack."""
    return ((c.declared, True, "declared Target hex"), (c.counterblows, False, "Counterblow hex"),
            (c.marked, False, "hex with a Counterblow marker (from a CB result or an event)"))


def noted(ctx: Context, state: State, c: Combat) -> Combat:
    """10.3.1: the units that could attack each target (declared, Counterblow or marked hex) when it became one, or
    when the phase's combat began, noted once, so that leaving a target unattacked after using them elsewhere is
    not excused as impossible."""
    side = state.player
    pending = [(t, voluntary) for hexes, voluntary, _ in _targets(c) for t in hexes
               if t not in c.possible and t not in c.attacked_hexes]
    if side is None or not pending:
        return c
    occ = occupants(ctx, state)
    possible = dict(c.possible)
    for t, voluntary in pending:
        possible[t] = frozenset(free_attackers(ctx, state, c, t, side, voluntary, occ))
    return evolve(c, possible=possible)


def free_attackers(ctx: Context, state: State, c: Combat, loc: str, side: str, voluntary: bool,
                   occ: dict[str, list[str]]) -> Iterator[str]:
    """``side``'s units that may still attack ``loc`` (10.1, 10.3.4; 10.1.1 when ``voluntary``), hex by hex."""
    for n in attack_neighbours(ctx, loc):
        for u in units_of(ctx, occ, n, side):
            if u in c.attacked_units or not face_of(ctx, state, u).strength:
                continue
            if not voluntary or voluntary_problem(ctx, state, u) is None:
                yield u


def unattacked(ctx: Context, state: State, c: Combat) -> list[Finding]:
    """Declared targets left unattacked when the Combat Phase ends: 10.3.1 for every kind (the attacker's prerogative
    holds "as long as all declared Target hexes are attacked"; counterblow hexes are targets too, 10.1.2). A target
    no unit can attack any more is excused only when the units that could attack it did not attack elsewhere.
    Hexes declared past the limit (10.1.1, 10.1.2: reported on their declaration) are not targets: as many
    unattacked hexes of that kind as its targets (hexes a unit could attack, 10.1) go past the limit are excused
    (one mistake, one report); so is a Counterblow hex whose card was not paid (10.1.2, reported there), and a hex
    marked by a CB claim reported as wrong where the rules give no CB (10.5). Each may still be attacked, as the
    counterblow its declaration or marker claims."""
    findings: list[Finding] = []
    for hexes, voluntary, what in _targets(c):
        if not hexes:  # no target of this kind: nothing is owed
            continue
        kind: list[Finding] = []
        owed = hexes - c.attacked_hexes - (c.unpaid if hexes is c.counterblows else frozenset())
        for t in sorted(owed - (c.disputed if hexes is c.marked else frozenset())):
            occ = occupants(ctx, state)
            who = could_attack(ctx, state, c, t, voluntary, occ)
            if who is not None:
                kind.append(Finding("10.3.1", f"the {what} {t} was not attacked; every target must be "
                                              f"attacked (e.g. by {unit_name(ctx, who, state)} in "
                                              f"{state.units[who].loc})", (who,), (t,)))
                continue
            used = sorted(c.possible.get(t, frozenset()) & c.attacked_units)
            if used and _defended(ctx, state, t, voluntary, occ):
                kind.append(Finding("10.3.1", f"the {what} {t} was not attacked; every target must be "
                                              f"attacked, and {unit_name(ctx, used[0], state)}, which could "
                                              "attack it, attacked elsewhere instead", (used[0],), (t,)))
        if kind:
            valid = len(hexes & c.attacked_hexes) + len(kind)  # the hexes that were targets (10.1), attacked or owed
            limit = _limit(ctx, state, c, hexes)
            findings += kind[max(0, valid - limit) if limit is not None else 0:]
    return findings


def _limit(ctx: Context, state: State, c: Combat, hexes: frozenset[str]) -> int | None:
    """How many hexes of this kind of target may be declared (10.1.1, 10.1.2); None: no limit (marked hexes)."""
    if hexes is c.declared:
        return target_limit(ctx, state.player, state.turn, state.weather)[0] if state.player is not None \
            else len(c.declared)
    return rules(ctx).counterblows if hexes is c.counterblows else None
