"""The battle procedure (10.2-10.7): one ``battle`` action checked and resolved, and the end of the Combat Phase.

The other combat modules: ``declaration`` (10.1), ``odds`` (10.5, 10.6.4), ``shifts`` (10.6), ``results``
(10.7: losses, eliminations, the end of a battle), ``retreat`` (10.7.5, 10.7.6), ``advance`` (10.8),
``combat_data`` (the facts of ``tables/combat.toml``), ``battle_state`` (the records).

- 10.2: battles are resolved one at a time; when a battle begins the previous one ends (``results.close``);
- 10.3: a player attacks with his own units on the map that have a combat strength (2.3: "X" has none);
  10.1.1: in a voluntary battle no Disorganized or white-strength unit, and only declared Target hexes (a log
  that declares nothing in the phase declares its targets by attacking them, within the limit);
- 10.1: a target holds enemy units and is not across a prohibited (lake) hexside from an attacker;
  10.3.3: every attacker is adjacent to every target hex; 10.3.4: no unit attacks twice and no hex is attacked
  twice in a Combat Phase (counterattacks apart); 10.4: all units of a target hex defend together;
- 10.1.2, 10.7.3: a counterblow battle attacks Counterblow hexes (paid, or marked by a CB result); any of the
  phasing player's units may respond, Disorganized and white-strength ones too (no responder advances); the
  Disorganized and white-strength units of the hex take no part; no terrain shifts;
- 10.7.2: after a CA the defender may counterattack at once: the same units, roles swapped (units of those hexes
  that were not in the battle are unengaged and ignored), no terrain shifts; a counterattack may end in CA again;
- 10.5 step 2, 10.6.2: at most one Blitz!/Shock! marker (``support``), no more in a game turn than the turn track
  (and card 45) gives the side, never for an attack made only by Unsupplied units; the battle's ``cards`` are
  played through ``card_play`` (timing, initiative, once per player turn), at most one per player in the
  Commitment Step, and their effects (and lasting ones of earlier plays) come from ``events_combat``: the CRT,
  modifiers after those of ``shifts``, re-rolls and automatic results, and what they leave after the battle;
  events may let units or hexes fight again (cards 17, 29, 51);
- 10.5 steps 3-5: claimed ``odds`` and ``shifts`` must be the final column and net shift; the claimed ``result``
  must be the cell of the attacker's CRT (for the Axis the weather's, 10.5 / weather chart) for that column and
  the logged die, or the automatic CA of odds below the table (10.6.4). A result a Fort or Volkssturm changes
  (10.7.4) may be claimed either way. The claimed result stands;
- 10.7 CB: a Counterblow marker goes on one hex of the attacking units (``marker``; default: the first attacker's
  hex), for the other side's next Combat Phase;
- 10.3.1: at the end of the phase, see ``declaration.unattacked``.
"""

from __future__ import annotations


from games.model import CRT

from ...engine.context import Context
from ...engine.odds import claimed_cell, in_notation
from ...engine.state import evolve, face_of, occupants, unit_name
from ...model import Action, Finding, indefinite
from .battle_state import NO_BATTLE, NO_COMBAT, Battle, CBMarker, Combat
from .cards import record
from .combat_data import crt_for, rules, support_allowance, target_limit
from .declaration import (
    attack_neighbours, counterblow_eligible, current, noted, other_side, unattacked, voluntary_problem, with_combat)
from .events_combat import (
    BattleCard, Outcome, after_battle, battle_cards, card_crt, card_modifiers, card_problems, defender_problem,
    extra_support, loose_card, outcome, play_cards, unmet_shifts, used_again, waivers)
from .events_common import active
from .odds import Odds, compute, strength
from .results import as_ruled, close, hex_result, obligations, settle, with_forts
from .shifts import BattleSpec, Modifier, all_unsupplied, card_play, describe, modifiers
from .state import State

COMBAT_PHASE = "combat"
KINDS = ("voluntary", "counterblow", "counterattack")
DEFENDER_RULE = {"voluntary": "10.4", "counterblow": "10.1.2", "counterattack": "10.7.2"}


def kind_of(c: Combat, prev: Battle | None, action: Action) -> str:
    """The battle's kind: a battle on Counterblow hexes only is a counterblow, whatever the log calls it (their
    defenders never get terrain shifts, 10.1.2); otherwise as logged, or as the situation says: right after a CA, a
    battle of the defender's units is his counterattack (``prev``: the battle before this one)."""
    kind = action.get("kind")
    if kind != "counterattack" and all(t in c.counterblows or t in c.marked for t in action["targets"]):
        return "counterblow"
    if kind:
        return kind
    if prev is not None and prev.may_counterattack and action.side != prev.side \
            and set(action["attackers"]) & set(prev.defenders):
        return "counterattack"
    return "voluntary"


def expected_defenders(ctx: Context, state: State, prev: Battle | None, kind: str, side: str,
                       targets: tuple[str, ...]) -> tuple[str, ...]:
    """Who defends (10.4; 10.1.2: not the Disorganized or white units of a Counterblow hex; 10.7.2: the attackers
    of the battle that ended in CA)."""
    if kind == "counterattack" and prev is not None:  # those still on the map (an event may have cost steps)
        on_map = tuple(a for a in prev.attackers if state.units[a].loc in ctx.board.locations)
        # of them, those in the hexes it targets: a counterattack on some of their hexes only is one mistake (10.7.2),
        # its odds worked out from the units it engages (`blind21_t7_soviet_ca_counterattack_on_one_hex`)
        return tuple(a for a in on_map if state.units[a].loc in targets) or on_map
    enemy = other_side(ctx, side)
    if all(t in ctx.board.locations for t in targets):
        at = occupants(ctx, state)
        out = sorted({uid for t in targets for uid in at.get(t, ()) if ctx.game.units[uid].side == enemy})
    else:
        out = [uid for uid, us in sorted(state.units.items())
               if us.loc in targets and ctx.game.units[uid].side == enemy]
    if kind == "counterblow":
        out = [u for u in out if counterblow_eligible(ctx, state, u)]
    return tuple(out)


def spec_of(ctx: Context, state: State, c: Combat, prev: Battle | None, action: Action) -> BattleSpec:
    kind = kind_of(c, prev, action)
    targets = tuple(dict.fromkeys(action["targets"]))
    defenders = tuple(dict.fromkeys(action["defenders"])) if "defenders" in action.data else \
        expected_defenders(ctx, state, prev, kind, action.side, targets)
    return BattleSpec(action.side, kind, tuple(dict.fromkeys(action["attackers"])), defenders, targets,
                      bool(action.get("support")), tuple(card_play(x, action.side) for x in action.get("cards", ())))


# -- composition --------------------------------------------------------------------------------------------------

def attacker_findings(ctx: Context, state: State, c: Combat, spec: BattleSpec,
                      waived: dict[str, frozenset]) -> list[Finding]:
    out = []
    if spec.kind != "counterattack" and state.player is not None and spec.side != state.player:
        out.append(Finding("10.0", f"only the phasing player ({ctx.game.sides[state.player].name}) attacks in his "
                                   "Combat Phase; the other player attacks only in a counterattack (10.7.2)",
                           spec.attackers, spec.targets))
    for uid in spec.attackers:
        name = unit_name(ctx, uid, state)
        loc = state.units[uid].loc
        if ctx.game.units[uid].side != spec.side:
            out.append(Finding("10.3", f"{name} is not {indefinite(ctx.game.sides[spec.side].name)} unit; a player "
                                       "attacks with his own units", (uid,)))
            continue
        if loc not in ctx.board.locations:
            out.append(Finding("10.3", f"{name} is not on the map", (uid,)))
            continue
        if not face_of(ctx, state, uid).strength:
            out.append(Finding("2.3", f"{name} has no combat strength (X) and cannot attack", (uid,), (loc,)))
        elif spec.kind == "voluntary" and voluntary_problem(ctx, state, uid):
            out.append(Finding("10.1.1", f"{name} {voluntary_problem(ctx, state, uid)} and cannot attack "
                                         "voluntarily (only in response to a counterblow)", (uid,), (loc,)))
        if spec.kind != "counterattack" and uid in c.attacked_units and uid not in waived.get("units", ()):
            out.append(Finding("10.3.4", f"{name} has already attacked in this Combat Phase; a unit attacks once "
                                         "(10.4: its strength is not divided)", (uid,), (loc,)))
        for t in spec.targets:
            if not ctx.board.adjacent(loc, t):
                out.append(Finding("10.3.3", f"{name} in {loc} is not adjacent to the target {t}: every attacker "
                                             "must be adjacent to every target hex", (uid,), (loc, t)))
                break
            if t not in attack_neighbours(ctx, loc):
                out.append(Finding("10.1", f"{name} in {loc} attacks {t} across a prohibited (lake) hexside",
                                   (uid,), (loc, t)))
                break
    return out


def once_twice(ctx: Context, state: State, findings: list[Finding]) -> list[Finding]:
    """10.3.4: a battle that uses again units that attacked, or a hex already attacked, is one mistake: its findings
    of 10.3.4 (each unit, the hex) become one report, where the first stood, naming them all."""
    twice = [f for f in findings if f.rule == "10.3.4"]
    if len(twice) < 2:
        return findings
    units = [u for f in twice for u in f.units]
    hexes = [f.path[0] for f in twice if not f.units]
    said = []
    if units:
        said.append(f"{', '.join(unit_name(ctx, u, state) for u in units)} already attacked")
    if hexes:
        said.append(f"{', '.join(hexes)} already attacked")
    one = Finding("10.3.4", f"{' and '.join(said)} in this Combat Phase: a unit attacks once (10.4: its strength is "
                            "not divided) and a hex is the target of one battle",
                  tuple(units), tuple(x for f in twice for x in f.path))
    at = findings.index(twice[0])
    rest = [f for f in findings if f.rule != "10.3.4"]
    return rest[:at] + [one] + rest[at:]


def target_findings(ctx: Context, state: State, c: Combat, spec: BattleSpec,
                    waived: dict[str, frozenset]) -> list[Finding]:
    out = []
    enemy = other_side(ctx, spec.side)
    at = occupants(ctx, state)
    units = ctx.game.units
    for t in spec.targets:
        here = at.get(t, ()) if t in ctx.board.locations else [u for u, us in state.units.items() if us.loc == t]
        if not any([units[uid].side == enemy for uid in here]):
            out.append(Finding("10.1", f"{t} holds no {ctx.game.sides[enemy].name} unit to attack", (), (t,)))
        if spec.kind != "counterattack" and t in c.attacked_hexes and t not in waived.get("hexes", ()):
            out.append(Finding("10.3.4", f"{t} has already been attacked in this Combat Phase; a hex is the target "
                                         "of one battle", (), (t,)))
        cb = t in c.counterblows or t in c.marked
        if spec.kind == "counterblow" and not cb:
            out.append(Finding("10.1.2", f"{t} is not a Counterblow hex; a counterblow battle attacks one", (), (t,)))
        if spec.kind == "voluntary" and c.declared_logged and t not in c.declared and not cb \
                and t not in waived.get("declared", ()):
            out.append(Finding("10.1.1", f"{t} was not declared a Target hex ({', '.join(sorted(c.declared))} were); "
                                         "only declared hexes are attacked voluntarily", (), (t,)))
    if spec.kind == "voluntary" and not c.declared_logged:
        hexes = c.voluntary_hexes | frozenset(spec.targets)
        limit, why = target_limit(ctx, spec.side, state.turn, state.weather)
        if len(hexes) > limit and not frozenset(spec.targets) <= c.voluntary_hexes:
            out.append(Finding("10.1.1", f"{len(hexes)} target hexes attacked ({', '.join(sorted(hexes))}); the "
                                         f"{ctx.game.sides[spec.side].name} player may place at most {limit} Target "
                                         f"markers on turn {state.turn} ({why})", (), spec.targets))
    return out


def defender_findings(ctx: Context, state: State, prev: Battle | None, spec: BattleSpec,
                      waived: dict[str, frozenset], expected: tuple[str, ...] | None = None) -> list[Finding]:
    """10.4 (10.1.2, 10.7.2): the logged defenders are those the rules give (``expected``: them, when known)."""
    if set(spec.targets) & waived.get("defenders", frozenset()):
        why = defender_problem(ctx, state, spec)
        return [Finding("10.4", f"{why}; the defenders are {', '.join(spec.defenders) or 'none'}", spec.defenders,
                        spec.targets)] if why else []
    if expected is None:
        expected = expected_defenders(ctx, state, prev, spec.kind, spec.side, spec.targets)
    if set(expected) == set(spec.defenders):
        return []
    rule = DEFENDER_RULE[spec.kind]
    what = {"voluntary": "all units in a target hex defend together",
            "counterblow": "the Disorganized and white-strength units of a Counterblow hex take no part",
            "counterattack": "a counterattack is against the same units"}[spec.kind]
    logged = ", ".join(spec.defenders) or "none"
    return [Finding(rule, f"the defenders are {', '.join(expected) or 'none'}, not {logged} ({what})",
                    tuple(sorted(set(expected) ^ set(spec.defenders))), spec.targets)]


def counterattacked_hexes(ctx: Context, state: State, prev: Battle) -> set[str]:
    """The hexes a counterattack after ``prev`` targets: those of the units that attacked (10.7.2)."""
    return {state.units[a].loc for a in prev.attackers if state.units[a].loc in ctx.board.locations}


def counterattack_findings(ctx: Context, state: State, prev: Battle | None, spec: BattleSpec) -> list[Finding]:
    if spec.kind != "counterattack":
        return []
    if prev is None or not prev.may_counterattack or spec.side == prev.side:
        return [Finding("10.7.2", "a counterattack is made only by the defender of a battle that ended in CA, right "
                                  "after it", spec.attackers, spec.targets)]
    out = []
    defended = [d for d in prev.defenders if state.units[d].loc in ctx.board.locations]
    if set(spec.attackers) != set(defended):
        out.append(Finding("10.7.2", f"a counterattack is made by exactly the units that defended "
                                     f"({', '.join(defended)})", spec.attackers, spec.targets))
    hexes = counterattacked_hexes(ctx, state, prev)
    if set(spec.targets) != hexes:
        out.append(Finding("10.7.2", f"a counterattack targets the hexes of the units that attacked "
                                     f"({', '.join(sorted(hexes))})", spec.attackers, spec.targets))
    return out


def support_findings(ctx: Context, state: State, c: Combat, spec: BattleSpec) -> list[Finding]:
    if not spec.support:
        return []
    out = []
    if all_unsupplied(state, spec.attackers):
        out.append(Finding("10.6.2", "a Blitz!/Shock! marker cannot support an attack made only by Unsupplied units",
                           spec.attackers, spec.targets))
    have, name = support_allowance(ctx, spec.side, state.turn)
    have += extra_support(state, spec.side)
    used = c.support_used.get(spec.side, 0) if c.support_turn == state.turn else 0
    if used >= have:
        out.append(Finding("10.6.2", f"the {ctx.game.sides[spec.side].name} player has {have} {name} marker(s) on turn "
                                     f"{state.turn} and has used {used}; markers do not carry over between turns",
                           spec.attackers, spec.targets))
    return out


def used_support(c: Combat, state: State, side: str) -> dict[str, object]:
    """The record's fields after ``side`` commits a Blitz!/Shock! marker (10.6.2: counted per game turn)."""
    used = dict(c.support_used) if c.support_turn == state.turn else {}
    used[side] = used.get(side, 0) + 1
    return {"support_turn": state.turn, "support_used": used}


# -- odds and result ----------------------------------------------------------------------------------------------

def claimed_column(crt: CRT, action: Action) -> str | None:
    """The logged ``odds`` in the CRT's own notation: the log takes "4-1" as well as "4:1" (docs/log-format.md), and
    both name the 4:1 column (10.5)."""
    claimed = action.get("odds")
    return None if claimed is None else in_notation(crt.columns, claimed)


def claim_findings(ctx: Context, action: Action, crt: CRT, odds: Odds, mods: list[Modifier]) -> list[Finding]:
    out = []
    net = odds.shift
    claimed_shift = action.get("shifts")
    if claimed_shift is not None and claimed_shift != net and odds.initial is not None:
        out.append(Finding("10.6", f"the net shift is {net:+d} ({describe(mods)}), not {claimed_shift:+d}"))
    claimed_odds = claimed_column(crt, action)
    if claimed_odds is not None:
        if claimed_odds not in crt.columns:
            out.append(Finding("10.6.4", f"there is no {claimed_odds} column: odds above {crt.columns[-1]} are "
                                         f"{crt.columns[-1]}, below {crt.columns[0]} an automatic "
                                         f"{rules(ctx).below_first}"))
        elif odds.final is None:
            out.append(Finding("10.6.4", f"{odds.words()}: the battle is an automatic {rules(ctx).below_first}, not "
                                         f"resolved on the {claimed_odds} column"))
        elif claimed_odds != odds.final and not (claimed_shift is not None and claimed_shift != net):
            out.append(Finding("10.5", f"the odds are {odds.words()}, not {claimed_odds}"))
    return out


def _accepted(ctx: Context, state: State, spec: BattleSpec, expected: str, out: Outcome | None) -> set[str]:
    """The results a claim may give: the expected one, those the cards allow besides, and for one target hex what
    a Fort or Volkssturm there makes of them (10.7.4)."""
    ignore = out.ignore if out else frozenset()
    accepted = {expected} | (set(out.alternatives) if out else set())
    if len(spec.targets) == 1:
        units = with_forts(ctx, state, spec.targets[0], spec.defenders)
        accepted |= {hex_result(ctx, state, r, units, ignore)[0] for r in set(accepted)}
    return accepted


def result_finding(ctx: Context, state: State, spec: BattleSpec, action: Action, crt: CRT, odds: Odds,
                   expected: str, out: Outcome | None = None, others: tuple[tuple[str, Odds, Outcome], ...] = ()
                   ) -> tuple[str, Finding | None]:
    """(the result the battle goes on with, the violation of a wrong claim); ``out``: what cards allow besides
    (another die to choose, Fort effects cancelled); ``others``: (how, odds, outcome) of the other readings of a
    battle with a mistake reported under its own rule (without an illegal Blitz!/Shock! marker or a card played
    against 5.3-5.4; with the shift of a card whose conditions fail, as its player counted it): a claim of one of
    them is accepted too (10.5: one mistake, one report), and a claim of none names them all."""
    claimed = action["result"]
    if claimed == expected:  # (the usual claim: the other results accepted need not be worked out)
        return expected, None
    if claimed in _accepted(ctx, state, spec, expected, out):
        return claimed if out and claimed in out.alternatives else expected, None
    for _, _, other in others:
        if claimed in _accepted(ctx, state, spec, other.result, other):
            return claimed if claimed in other.alternatives else other.result, None
    column = claimed_column(crt, action)
    if column != odds.final and claimed_cell(crt, column, out.die if out else action["die"]) == claimed:
        # 10.5, 10.6.4: the wrong odds (claim_findings: a wrong column, or one claimed for odds below the table) are
        # the one mistake; the result follows from them
        return claimed, None
    valid = claimed in crt.legend or claimed in {r for row in crt.rows.values() for r in row}
    keep = claimed if valid else "-"
    if odds.final is None:
        return keep, Finding("10.6.4", f"{odds.words()}: the result is an automatic {expected}, not {claimed}")
    die = out.die if out else action["die"]
    cards = f"; with the cards played ({', '.join(c.card for c in spec.cards)})" if spec.cards else ""
    other = "".join(f"; {how}, {o.words()} and die {x.die} give {x.result}" for how, o, x in others)
    return keep, Finding("10.5", f"on the {crt.name}, column {odds.final} and die {die} give {expected}{cards}, "
                                 f"not {claimed} ({odds.words()}{other})")


def marker_findings(ctx: Context, state: State, spec: BattleSpec, action: Action, result: str
                    ) -> tuple[str | None, list[Finding]]:
    """Where a CB result's Counterblow marker goes (10.7), and what is wrong with the logged place."""
    hexes = [state.units[a].loc for a in spec.attackers if state.units[a].loc in ctx.board.locations]
    where = action.get("marker")
    if result != "CB":
        if where is not None:
            return None, [Finding("10.7", f"only a CB result places a Counterblow marker (the result is {result})",
                                  (), (where,))]
        return None, []
    if where is None:
        return (hexes[0] if hexes else None), []
    if where not in hexes:
        return where, [Finding("10.7", f"the Counterblow marker of a CB result goes on a hex of the attacking units "
                                       f"({', '.join(sorted(set(hexes)))}), not {where}", (), (where,))]
    return where, []


def no_advance(ctx: Context, state: State, spec: BattleSpec) -> dict[str, tuple[str, str]]:
    """Attackers that never advance after this battle (10.8 forts; 10.7.3)."""
    out = {}
    for a in spec.attackers:
        if a not in state.units or state.units[a].loc not in ctx.board.locations:
            continue
        face = face_of(ctx, state, a)
        t = ctx.game.unit_types[face.type]
        if not t.mobile or not face.ma:
            out[a] = ("10.8", "forts and other units without a movement allowance never advance")
        elif spec.kind == "counterblow":
            out[a] = ("10.7.3", "a unit that attacks in a counterblow battle never advances (decision: every "
                                "counterblow responder, as issue 7 asks)")
        elif spec.kind == "counterattack" and (state.units[a].disorganized or not t.can_attack):
            out[a] = ("10.7.3", "a Disorganized or white-strength unit that fights in a counterattack never "
                                "advances")
    return out


def arrows_of(ctx: Context, state: State, spec: BattleSpec) -> tuple[tuple[str, str], ...]:
    hexes = dict.fromkeys(state.units[a].loc for a in spec.attackers if state.units[a].loc in ctx.board.locations)
    return tuple((h, t) for h in hexes for t in spec.targets if h != t)


def resolve(ctx: Context, state: State, spec: BattleSpec, die: int, unshifted: frozenset[int] = frozenset(),
            as_played: tuple[BattleCard, ...] = ()
            ) -> tuple[CRT, Odds, list[Modifier], Outcome, tuple[BattleCard, ...]]:
    """(CRT, odds, modifiers, outcome, cards) of a battle for a die roll (10.5 steps 1-5), cards included (the
    cards of ``unshifted``, by index, without their modifiers; the shift cards of ``as_played`` with their shift
    though their conditions fail)."""
    played = battle_cards(ctx, state, spec)
    lasting = active(state)
    crt = card_crt(ctx, state, spec, played, lasting) or crt_for(ctx, spec.side, state.weather)
    mods = modifiers(ctx, state, spec)
    shifting = tuple(bc for i, bc in enumerate(played) if i not in unshifted) if unshifted else played
    mods = mods + card_modifiers(ctx, state, spec, shifting, mods, as_played, lasting)
    odds = compute(crt, strength(ctx, state, spec.attackers) + sum(m.attack for m in mods),
                   strength(ctx, state, spec.defenders) + sum(m.defence for m in mods), sum(m.shift for m in mods))
    forced = next((m.result for m in reversed(mods) if m.result), None)
    base = forced or (crt.result(odds.final, die) if odds.final else rules(ctx).below_first)
    return crt, odds, mods, outcome(ctx, state, spec, played, crt, odds, die, base, lasting), played


def evaluate(ctx: Context, state: State, spec: BattleSpec, die: int) -> tuple[CRT, Odds, list[Modifier], str]:
    """(CRT, odds, modifiers, result) of a battle for a die roll (10.5 steps 1-5)."""
    crt, odds, mods, out, _ = resolve(ctx, state, spec, die)
    return crt, odds, mods, out.result


def handle_battle(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    prev = current(state).battle
    ruled = as_ruled(ctx, state, prev)
    if ruled is not None and ruled.may_counterattack and action.side != prev.side:
        prev = ruled  # the rules' CA, its claim reported (10.5): the defender's counterattack is no second mistake
    state, findings = close(ctx, state)
    c = noted(ctx, state, current(state))
    if c is not state.combat:  # a new record (this phase's first, or targets noted)
        state = with_combat(state, c)
    spec = spec_of(ctx, state, c, prev, action)
    given = None if "defenders" in action.data else spec.defenders  # the rules' defenders (spec_of found them)
    if spec.kind not in KINDS:
        spec = evolve(spec, kind="voluntary")
    crt, odds, mods, out, played = resolve(ctx, state, spec, action["die"])
    waived = waivers(ctx, state, spec, played)
    support = support_findings(ctx, state, c, spec)
    attacking = attacker_findings(ctx, state, c, spec, waived)
    if spec.kind == "counterattack" and prev is not None and prev.may_counterattack and spec.side != prev.side \
            and set(spec.targets) != counterattacked_hexes(ctx, state, prev):
        # a counterattack on the wrong hex is one mistake, reported under 10.7.2 (not also its adjacency, 10.3.3)
        attacking = [f for f in attacking if f.rule != "10.3.3"]
    checks = once_twice(ctx, state, attacking + target_findings(ctx, state, c, spec, waived)
                        + defender_findings(ctx, state, prev, spec, waived, given)
                        + counterattack_findings(ctx, state, prev, spec) + support)
    off_turn = any(f.rule == "10.0" for f in attacking)
    if off_turn:  # 10.0: a battle the other player may not fight at all is one mistake, not also an undeclared
        # target (10.1.1: declarations are the phasing player's) or a wrong claim (10.5, below)
        checks = [f for f in checks if f.rule != "10.1.1"]
    expected = out.result
    problems = card_problems(ctx, state, spec, played) + list(out.problems)
    after_cards, paid, illegal = play_cards(ctx, state, spec, played)
    alts = []  # (how, its resolution): the other readings a claim may follow (10.5: one mistake, one report)
    if (support and spec.support) or illegal:  # the modifiers the rules forbid here: a claim may leave them out
        alts.append(("without the modifiers the rules forbid here", resolve(
            ctx, state, evolve(spec, support=spec.support and not support), action["die"], illegal)))
    rec = record(state)
    falsely = [u for u in spec.attackers + spec.defenders
               if u in rec.false_marks | rec.missing_marks and not state.units[u].unsupplied]
    if falsely:  # 6.4: a marker the Supply Check reported, placed by the log and not the rules or the other way
        # round (the claim stands); a battle claim may count it (one mistake, one report)
        units = {**state.units, **{u: evolve(state.units[u], unsupplied=True) for u in falsely}}
        alts.append(("with the Unsupplied marker the Supply Check reported (6.4)",
                     resolve(ctx, evolve(state, units=units), spec, action["die"])))
    unmet = unmet_shifts(ctx, state, spec, played)
    if unmet:  # a card whose conditions fail (5.3.1): a claim may count its shift all the same
        alts.append(("with the shift of a card whose conditions fail",
                     resolve(ctx, state, spec, action["die"], as_played=unmet)))
    loose = loose_card(ctx, state, spec)
    if loose is not None:  # a battle card played on its own line just before (5.3.1 there): a claim may count it
        alts.append(("with the card played on its own line before the battle",
                     resolve(ctx, state, evolve(spec, cards=spec.cards + (loose,)), action["die"])))
    alts = [(how, a) for how, a in alts if (a[2], a[3]) != (mods, out)]
    claims = claim_findings(ctx, action, crt, odds, mods)
    if claims and any(not claim_findings(ctx, action, a[0], a[1], a[2]) for _, a in alts):
        claims = []  # the claimed odds and shift are those of another reading
    result, wrong = result_finding(ctx, state, spec, action, crt, odds, expected, out,
                                   tuple((how, a[1], a[3]) for how, a in alts))
    if spec.defenders and not off_turn:  # a battle against nobody (10.1), or by the non-phasing player outside a
        # counterattack (10.0), has no odds or result to check: one mistake, one report
        checks += claims + ([wrong] if wrong is not None else [])
    marker, more = marker_findings(ctx, state, spec, action, result)
    checks += more
    state = after_cards
    checks += [f for i, f in problems if i not in illegal]
    summary = f"{odds.words()}, die {out.die}: {expected}"
    arrows = arrows_of(ctx, state, spec)
    label = ((spec.targets[0], summary),) if spec.targets else ()
    findings += [evolve(f, units=f.units or spec.attackers + spec.defenders, arrows=arrows, labels=label)
                 for f in checks + paid]
    starts = {d: state.units[d].loc for d in spec.defenders if d in state.units}
    reported = (wrong is not None or claims) and expected != result and not spec.cards  # the rules' result, 10.5
    # 10.0: the rules give a battle the other player may not fight no result at all, so its defenders owe nothing
    # (lines that follow its claim are no mistake either: one mistake, one report)
    by_rules = "-" if off_turn else expected if reported else None
    b = obligations(ctx, state, evolve(NO_BATTLE, line=action.line, side=spec.side, kind=spec.kind,
                                       attackers=spec.attackers, defenders=spec.defenders, targets=spec.targets,
                                       result=result, hex_results={}, starts=starts,
                                       no_advance=no_advance(ctx, state, spec), summary=summary, arrows=arrows,
                                       rules_result=by_rules),
                    out.ignore)
    state, b = after_battle(ctx, used_again(state, spec), spec, played, out, b)
    c = current(state)
    made = {"battle": b}  # the phase's record after the battle, in one copy
    if spec.kind != "counterattack":
        made.update(attacked_units=c.attacked_units | frozenset(spec.attackers),
                    attacked_hexes=c.attacked_hexes | frozenset(spec.targets))
    if spec.kind == "voluntary":
        made["voluntary_hexes"] = c.voluntary_hexes | frozenset(spec.targets)
    if spec.support:
        made.update(used_support(c, state, spec.side))
    if marker is not None:
        made["markers"] = c.markers + (CBMarker(marker, spec.side, c.key or (state.turn, state.player),
                                                disputed=bool(reported) and expected != "CB"),)
    return evolve(state, battles=state.battles + 1, combat=evolve(c, **made)), findings


def end_combat_step(ctx: Context, state: State, step: str | None) -> tuple[State, list[Finding]]:
    """When the Combat Phase ends (its last step): the last battle ends, every declared target must have been
    attacked (10.3.1, 10.1.2), the markers attacked in this phase go, and the phase's bookkeeping is cleared."""
    phase = ctx.phase_of[COMBAT_PHASE]
    if phase.steps and step != phase.steps[-1][0]:
        return state, []
    state, findings = settle(ctx, state, ended=True)  # the last battle ends (the phase's record is replaced below)
    c = current(state)
    findings += unattacked(ctx, state, c)
    kept = tuple(m for m in c.markers if m.owner == state.player or m.placed == c.key)
    return with_combat(state, evolve(NO_COMBAT, markers=kept, support_turn=c.support_turn,
                                     support_used=c.support_used)), findings
