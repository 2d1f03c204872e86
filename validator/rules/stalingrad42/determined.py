"""Determined Defense (11.0), Desperate Defense (11.5) and Partial Success (11.6): each ``determined`` line (the
defender's roll) is checked against the combat being resolved and the table, then its result applied.

- 11.1.1: only against an A1/DR2, DR2, A1/D1, DRX or D1, before the retreat, with at least one defending step left
  after the CRT's losses (taken first, 11.2.1). 11.1.2 (Not One Step Back!): before turn 8 a Soviet Lead Unit must be
  NKVD (20.3), or the stack qualify for a Desperate Defense, or the Lead Unit have been doubled, or the defender have
  had a Terrain or Fortification shift in this combat.
- 11.2.2: the CRT cell's colour: barred, no Determined Defense; light orange, only in a VP hex or as a Desperate
  Defense, at -1.
- 11.2.3: the Lead Unit is a Good Order Combat Unit of the defending stack that counted, not entrained (5.6.4), not
  an ASU; it takes the defender's steps of the result.
- 11.2.1, 11.2.4, 11.3: the column of the defender's hex (City, Clear/Desert without Town or Fortification, Other);
  +1 an elite Lead Unit (a German unit in a Fortification or City is elite), -1 a low-quality one, +1 Defensive
  Support (one Air unit or ASU, ``support``), -1 light orange; the modified roll reads rows 0-7 (``tables.toml``).
- 11.4: the ``result`` claimed must be the table's ("S -/1": the letter, then attacker/defender steps; '*': the
  defender picks the attacker's step). S cancels the retreat, the Disruption and the advance (11.4.2: if the defender
  had one step and lost it, a Limited Advance, unless friendly units still hold the hex); F: the retreat stands.
- A translated VASSAL log (header ``"modes": "unstated"``) gives ``result: "unstated"``: the module shows the roll,
  never the result read from the table; the table's result for the roll is then the line's.
- 11.5: a Desperate Defense (``desperate``: every defending unit would be eliminated retreating, or the hex is a
  Port whose loss would leave them Out of Supply wherever their retreats end) ignores a Fail: the Lead Unit loses a
  step and rolls again (a new line, a new Lead Unit allowed), until the retreat is cancelled or the stack
  eliminated; a Delay counts as a Fail, a second Delay as S -/1; the Defensive Support declared on its first roll
  gives every roll its +1, logged again or not (11.5.2).
- 11.6: a Partial Success is a Delay outside a City (11.6.1: the defender retreats one or two hexes Disrupted, the
  attacker advances one hex in any direction, no Breakthrough), a City Battle marker in one (11.6.2: 1, then 2 in a
  Major City; a Minor City only 1; then Delays), the retreat cancelled.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from . import air
from .battlefield import ground
from .combat_data import combat_facts
from .combat_state import FAIL, PARTIAL, SUCCESS, Combat, Determined, current, put
from .leaders import final_die
from .move_modes import translated
from .resources import defensive_support_problem
from .results import steps_left
from .retreat import alive, can_retreat
from .state import GOOD_ORDER, State
from .supply import traces
from .units import name, table


def _losses(cell: str) -> tuple[int, int, bool]:
    """(attacker steps, defender steps, '*') of a "#/#" cell (11.4.1)."""
    a, _, d = cell.partition("/")
    star = "*" in a
    a = a.replace("*", "").strip()
    return (int(a) if a.isdecimal() else 0), (int(d) if d.strip().isdecimal() else 0), star


def _parse(claim: str) -> tuple[str, str]:
    """A claimed result ("S -/1", "F", "P 1/-") as (letter, losses or "")."""
    text = claim.strip()
    return text[:1].upper(), text[1:].strip()


def desperate_ok(ctx: Context, state: State, c: Combat) -> bool:
    """11.5.1: every defending Combat Unit in the hex would be eliminated retreating, or the hex is a Port whose loss
    would leave them Out of Supply wherever their retreats end."""
    length = c.retreat or combat_facts(ctx).delay_retreat
    here = [u for u in c.defenders if state.units[u].loc == c.target and table(ctx)[u, state.units[u].face].combat]
    if not here:
        return False
    if not any(can_retreat(ctx, state, u, c.target, length, c) for u in here):
        return True
    return "port" in ctx.game.map.hexes[c.target].features and _port_cuts(ctx, state, c, here, length)


def _port_cuts(ctx: Context, state: State, c: Combat, here: list[str], length: int) -> bool:
    """11.5.1: with the Port lost (an attacker in it), no retreat of the stack ends where it traces a Line of Supply
    (16.3) or in a friendly Entry Area."""
    side = ctx.game.units[here[0]].side
    units = dict(state.units)
    if c.attackers:
        units[c.attackers[0]] = evolve(units[c.attackers[0]], loc=c.target)
    for u in here:
        for o in alive(ctx, state, u, c.target, length, c):
            if o.walk.area:
                return False
            after = dict(units)
            for v in here:
                after[v] = evolve(units[v], loc=o.walk.end)
            if traces(ctx, evolve(state, units=after), side, o.walk.end):
                return False
    return True


def _lead_problem(ctx: Context, state: State, c: Combat, lead: str) -> str:
    us = state.units[lead]
    i = table(ctx)[lead, us.face]
    if lead not in c.defenders or us.loc != c.target:
        return f"{name(ctx, state, lead)} is not one of the defending units in {c.target}"
    if not i.combat or i.asu or us.train:
        return f"{name(ctx, state, lead)} is not a Combat Unit that may lead (not an ASU, not entrained)"
    if us.order != GOOD_ORDER:
        return f"{name(ctx, state, lead)} is not in Good Order"
    if lead not in c.counted:
        return f"{name(ctx, state, lead)} added nothing to the defense (12.4, 13.3.2)"
    return ""


def _drm(ctx: Context, state: State, c: Combat, lead: str, support: bool) -> tuple[int, list[str]]:
    """11.2.4, 11.3: the modifiers of the roll."""
    i = table(ctx)[lead, state.units[lead].face]
    g = ground(ctx, state, c.target, i.side)
    german = i.nationality in combat_facts(ctx).german and (g.fortified or g.city)
    out, words = 0, []
    if "elite" in i.tags or german:
        out += 1
        words.append("+1 elite Lead Unit" + (" (German in a Fortification or City)" if german else ""))
    elif "low" in i.tags:
        out -= 1
        words.append("-1 low-quality Lead Unit")
    if support:
        out += 1
        words.append("+1 Defensive Support")
    if c.colour == "orange":
        out -= 1
        words.append("-1 light orange result")
    return out, words


def _allowed(ctx: Context, state: State, c: Combat | None, action: Action) -> list[Finding]:
    """11.1.1, 11.1.2, 11.2.2, 11.2.3, 11.5: whether this roll may be made."""
    target, lead = action["target"], action["lead"]
    cf = combat_facts(ctx)
    if c is None or c.target != target:
        return [Finding("11.1.1", f"no combat result at {target} is being resolved; a Determined Defense answers one",
                        (lead,), (target,))]
    res = cf.results[c.result]
    dd = c.determined
    desperate = bool(action.get("desperate"))
    out = []
    again = dd is not None and dd.rolls > 0
    if again and not (dd.desperate and dd.result != SUCCESS and c.to_retreat):
        return [Finding("11.5", "only a Desperate Defense rolls again, after a Fail (or a Delay)", (lead,), (target,))]
    if not res.determined:
        allowing = ", ".join(r for r, x in cf.results.items() if x.determined)
        return [Finding("11.1.1", f"a {c.result} allows no Determined Defense (only {allowing})", (lead,), (target,))]
    if c.retreated and not again:
        return [Finding("11.1.1", f"the defenders of {target} have begun their retreat; a Determined Defense comes "
                                  "before it", (lead,), (target,))]
    if c.colour == "no":
        out.append(Finding("11.2.2", f"the CRT cell of this {c.result} is barred: no Determined Defense",
                           (lead,), (target,)))
    elif c.colour == "orange" and not desperate and not ctx.game.map.hexes[target].vp:
        out.append(Finding("11.2.2", f"the CRT cell of this {c.result} is light orange: a Determined Defense only in a "
                                     f"VP hex or as a Desperate Defense ({target} is neither)", (lead,), (target,)))
    if desperate and not again and not desperate_ok(ctx, state, c):
        port = " (and losing its Port leaves a retreat with a Line of Supply)" \
            if "port" in ctx.game.map.hexes[c.target].features else ""
        out.append(Finding("11.5.1", f"the stack in {target} can retreat without elimination{port}: no Desperate "
                                     "Defense", (lead,), (target,)))
    why = _lead_problem(ctx, state, c, lead)
    if why:
        out.append(Finding("11.2.3", f"{why}; the Lead Unit is a Good Order Combat Unit of the stack", (lead,),
                           (target,)))
    left = sum(steps_left(ctx, state, u) for u in c.defenders if state.units[u].loc == target)
    if left - c.defender_steps <= 0:
        out.append(Finding("11.1.1", f"no defending step survived the {c.result}: nothing is left to defend "
                                     f"{target}", (lead,), (target,)))
    side = ctx.game.units[lead].side
    if state.turn < cf.not_one_step_back and side == cf.not_one_step_back_side and not desperate:
        nkvd = cf.nkvd_trait in table(ctx)[lead, state.units[lead].face].tags
        if not (nkvd or lead in c.doubled or c.terrain_shift or desperate_ok(ctx, state, c)):
            out.append(Finding("11.1.2", f"before turn {cf.not_one_step_back} (Not One Step Back!) a Soviet "
                                         "Determined Defense needs an NKVD Lead Unit, a doubled Lead Unit, a Terrain "
                                         "or Fortification shift, or a Desperate Defense", (lead,), (target,)))
    return out


def handle_determined(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``determined`` line (11.1-11.6): the column of the defender's hex (11.2.1), the modifiers (11.2.4, 11.3), the
    table's result (11.4)."""
    c = current(state)
    findings = _allowed(ctx, state, c, action)
    if c is None or c.target != action["target"] or any(f.rule == "11.5" for f in findings):
        return state, findings
    lead, target = action["lead"], action["target"]
    dd = c.determined
    carried = dd.support if dd is not None and dd.desperate else ""  # 11.5.2: declared once, +1 on every roll
    support = action.get("support") or carried
    side = ctx.game.units[lead].side
    refused = False
    if support and support == carried:
        pass
    elif support and air.is_air(ctx, support):
        flying = air.problems(ctx, state, support, side, target, (lead,), "determined")
        findings += flying
        refused = bool(flying)
        state = air.commit(ctx, state, support, "determined")
    elif support:
        refused = defensive_support_problem(ctx, state, action) is not None
    drm, words = _drm(ctx, state, c, lead, bool(support))
    if support and not refused and not carried:
        c = evolve(c, determined=evolve(dd or Determined(), support=support))
    t = ctx.game.tables["determined_defense"]
    g = ground(ctx, state, target, side)
    die = final_die(action)
    row = t.row_for(die + drm)
    letter, cell = t.result(g.dd_column, row), t.cell("losses", g.dd_column, row)
    if translated(ctx, action["result"]):  # a translated log: the table's result
        return _apply(ctx, state, c, action, letter, cell), findings
    claimed, claimed_losses = _parse(str(action["result"]))

    def wrong(letter: str, cell: str) -> bool:
        return claimed != letter or bool(claimed_losses and claimed_losses.replace(" ", "") != cell)
    # one mistake, one report: read without the +1 a refused support may not give (as 9.4's refused shifts), and
    # without the -1 of a light orange cell whose roll 11.2.2 refused (the player who rolls it reads it as allowed)
    offsets = {0, -1} if refused else {0}
    if c.colour == "orange" and any(f.rule == "11.2.2" for f in findings):
        offsets |= {o + 1 for o in offsets}
    for off in sorted(offsets - {0}, key=abs):
        bare = t.row_for(die + drm + off)
        if wrong(letter, cell) and not wrong(t.result(g.dd_column, bare), t.cell("losses", g.dd_column, bare)):
            letter, cell = t.result(g.dd_column, bare), t.cell("losses", g.dd_column, bare)
    if wrong(letter, cell):
        mods = f" ({', '.join(words)})" if words else ""
        findings.append(Finding("11.4", f"on the {t.name}, column {g.dd_column}, {die}{drm:+d}{mods} = {row} gives "
                                        f"{letter} {cell}, not {action['result']}", (lead,), (target,)))
    if claimed in (SUCCESS, PARTIAL, FAIL):  # the logged outcome stands (as a battle's result does)
        cell = claimed_losses.replace(" ", "") if "/" in claimed_losses else cell if claimed == letter else "-/-"
        letter = claimed
    return _apply(ctx, state, c, action, letter, cell), findings


def _apply(ctx: Context, state: State, c: Combat, action: Action, letter: str, cell: str) -> State:
    """11.4-11.6: the roll's result: S cancels the retreat (11.4.1-11.4.2); P a City Battle marker (11.6.2) or a
    Delay (11.6.1); F the retreat stands, or in a Desperate Defense a step and another roll (11.5.2)."""
    cf = combat_facts(ctx)
    lead, target = action["lead"], action["target"]
    a, d, star = _losses(cell)
    dd = c.determined or Determined()
    desperate = bool(action.get("desperate")) or dd.desperate
    side = ctx.game.units[lead].side
    g = ground(ctx, state, target, side)
    markers = state.markers
    city_battle = False
    if letter == PARTIAL:
        level = markers.city_battle.get(target, 0)
        top = cf.city_battle.get(g.settlement, 0)
        if g.city and level < top:
            state = evolve(state, markers=evolve(markers, city_battle={**markers.city_battle, target: level + 1}))
            letter, city_battle = SUCCESS, True
        elif desperate:
            if dd.delays:
                letter, a, d, star = SUCCESS, 0, 1, False  # 11.6.1: a second Delay is S -/1
            else:
                letter = FAIL
            dd = evolve(dd, delays=dd.delays + 1)
    if letter == FAIL and desperate:
        a, d, star = 0, 1, False  # 11.5.2: the Fail is ignored: the Lead Unit loses a step and rolls again
    dd = evolve(dd, rolls=dd.rolls + 1, result=letter, desperate=desperate, lead=lead, city_battle=city_battle,
                lead_steps=dd.lead_steps + d, attacker_steps=dd.attacker_steps + a, star=star or dd.star)
    c = evolve(c, determined=dd)
    if letter == SUCCESS:
        c = evolve(c, cancelled=True, to_retreat=frozenset(), limited=True)
    elif letter == PARTIAL:
        c = evolve(c, delay=True, adv=cf.delay_advance, group=None)
    return put(state, c)
