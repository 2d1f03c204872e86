"""The random legal player's Combat Phase (8.0-15.0): attacks, their results, Determined Defense, retreats, advances
and Breakthrough Combat.

In each Combat Phase the phasing player looks at every enemy stack next to his units (in a random order) and attacks
some of them with some of the units that may (from one hex or several: multi-hex combat), at odds the rules allow
(8.4.1), with an Air unit (9.3) and an ASU's shift (18.x) when the rules accept them; the die is a fact from the seeded
RNG, and the odds, net shift and result it claims are those of the rules package's own reading (``combat``'s). The
result is then carried out with random legal choices, each kept only when the rules find it legal
(:meth:`Player.try_act`): the step losses (the unit picked among those that may take it, 10.2), the defender's
Determined Defense when the CRT cell allows it (11.x; its result found by asking the rules which line of the table the
roll gives, a Desperate Defense rolled again until it holds or the stack is gone, 11.5), the retreats (one of the
retreats that keep the unit alive, ``retreat.saving``; an elimination when none is left, 12.2), the Breakthrough Group
with one Breakthrough Combat of its own (15.x), and advances after combat (14.x). What a combat still owes when it ends
would be reported on the next line, so :meth:`Player.act` of that line fails loudly: the player never leaves one
unsettled."""

from __future__ import annotations

from typing import Any, Sequence

from games.hexgrid import distance

from validator.engine.position import position
from validator.model import Action
from validator.rules.stalingrad42 import air, combat, retreat
from validator.rules.stalingrad42.battlefield import crossing
from validator.rules.stalingrad42.combat_data import combat_facts
from validator.rules.stalingrad42.combat_state import BREAKTHROUGH, REGULAR, battles, current
from validator.rules.stalingrad42.contested import city_contest
from validator.rules.stalingrad42.determined import desperate_ok
from validator.rules.stalingrad42.losses import box
from validator.rules.stalingrad42.state import GOOD_ORDER
from validator.rules.stalingrad42.units import table
from validator.rules.stalingrad42.zoc import other

from .phases import stack_cleanup
from .reactions import auto_retreats
from .seat import Player

ATTACK_SHARE = 0.45  # chance that a stack next to the player's units is attacked
ALL_IN_SHARE = 0.7  # chance that every unit that may attack a stack does; otherwise some of them
LOW_ODDS_SHARE = 0.25  # chance that an attack below 1-1 is made all the same
AIR_SHARE = 0.6  # chance that an Air unit is offered to a combat
ARTILLERY_SHARE = 0.5  # chance that an ASU's shift is offered
DETERMINED_SHARE = 0.7  # chance that the defender makes a Determined Defense when he may
ADVANCE_SHARE = 0.6  # chance that a unit advances when it may
BREAKTHROUGH_SHARE = 0.7  # chance that a Breakthrough Group is formed when the result allows one
MAX_DESPERATE = 12  # Desperate Defense rolls at most (each costs the Lead Unit a step, so it ends anyway)


def _hexes(p: Player) -> Any:
    return position(p.ctx, p.state.units)


def _eligible(p: Player, side: str, uid: str, target: str) -> bool:
    """Whether ``uid`` may attack ``target`` now, as far as the rules of 8.1 about the unit go (the rules are asked
    again when the battle is written)."""
    us = p.state.units[uid]
    i = table(p.ctx)[uid, us.face]
    if not (i.combat and i.attack) or us.train or us.order != GOOD_ORDER or us.auto_ds or us.replaced:
        return False
    if uid in battles(p.state).attacked or us.loc not in p.game.map.hexes:
        return False
    c = crossing(p.ctx, p.state, side, "mountain_unit" in i.tags, us.loc, target)
    return not c.problem


def attack_options(p: Player, side: str) -> list[tuple[str, list[str]]]:
    """(enemy hex, the units of ``side`` that may attack it) for every enemy stack next to the side's units."""
    pos = _hexes(p)
    foe = other(p.ctx, side)
    b = battles(p.state)
    out = []
    for loc in sorted(pos.held[foe]):
        if loc not in p.game.map.hexes or loc in b.defended:
            continue
        if not any(table(p.ctx)[u, p.state.units[u].face].combat for u in pos.at[loc]
                   if p.game.units[u].side == foe):
            continue
        mine = sorted(u for n in p.ctx.board.neighbours.get(loc, ()) for u in pos.at.get(n, ())
                      if p.game.units[u].side == side and _eligible(p, side, u, loc))
        if mine:
            out.append((loc, mine))
    return out


def reading(p: Player, side: str, fields: dict[str, Any]) -> combat.Reading | None:
    """The rules' reading of the battle ``fields`` would make (its strengths, shifts and column), or None when there is
    nothing to attack."""
    kind = fields.get("kind", REGULAR)
    target = fields["targets"][0]
    attackers = tuple(fields["attackers"])
    return combat.reading(p.ctx, p.state, Action(0, "battle", side, dict(fields)), side, attackers, target, kind)[1]


def claims(p: Player, side: str, fields: dict[str, Any]) -> dict[str, Any] | None:
    """``fields`` with the true odds, net shift and result (8.3, 8.4, 10.1); None when the odds are below 1-3."""
    r = reading(p, side, fields)
    if r is None or not r.col.allowed:
        return None
    crt = p.game.crts["crt"]
    odds = crt.limits.automatic if r.col.automatic else r.col.column
    return {**fields, "odds": odds, "shifts": r.net, "result": r.result(p.ctx, fields["die"])}


def _air_units(p: Player, side: str) -> list[str]:
    return sorted(u for u, us in p.state.units.items() if p.game.units[u].side == side and air.is_air(p.ctx, u)
                  and us.loc is not None and us.loc not in p.ctx.board.locations and us.face == air.READY)


def _artillery(p: Player, side: str, attackers: Sequence[str]) -> list[str]:
    """Ready ASUs of ``side`` on the map near the attackers (the rules say whether they reach, 18.4)."""
    froms = {p.state.units[u].loc for u in attackers}
    out = []
    for u, us in sorted(p.state.units.items()):
        if p.game.units[u].side != side or us.loc not in p.game.map.hexes or u in attackers:
            continue
        i = table(p.ctx)[u, us.face]
        if i.asu and us.face == "front" and us.order == GOOD_ORDER and \
                any(f in p.game.map.hexes and _dist(p, us.loc, f) <= 3 for f in froms):
            out.append(u)
    return out


def _dist(p: Player, a: str, b: str) -> int:
    hexes = p.game.map.hexes
    return distance(hexes[a].hex, hexes[b].hex)


def _variants(p: Player, side: str, base: dict[str, Any]) -> list[dict[str, Any]]:
    """The battle lines to offer, best supported first: with an Air unit and an ASU, with one of them, without."""
    airs = _air_units(p, side) if base.get("kind", REGULAR) == REGULAR else []
    arts = _artillery(p, side, base["attackers"]) if base.get("kind", REGULAR) == REGULAR else []
    extra_air = {"air": p.rng.choice(airs)} if airs and p.rng.random() < AIR_SHARE else {}
    extra_art = {"artillery": [p.rng.choice(arts)]} if arts and p.rng.random() < ARTILLERY_SHARE else {}
    foe = other(p.ctx, side)
    defensive = _air_units(p, foe)
    extra_def = {"defensive_air": p.rng.choice(defensive)} if defensive and p.rng.random() < AIR_SHARE / 2 else {}
    out = []
    for e in ({**extra_air, **extra_art, **extra_def}, {**extra_air, **extra_def}, {**extra_art}, {}):
        v = {**base, **e}
        if v not in out:
            out.append(v)
    return out


def _attack(p: Player, side: str, fields: dict[str, Any]) -> bool:
    """Write the battle with the first of its variants the rules accept; False when none is legal."""
    for v in _variants(p, side, fields):
        claimed = claims(p, side, v)
        if claimed is not None and p.try_act("battle", side, **claimed):
            return True
    return False


def combat_phase(p: Player, side: str) -> None:
    """The whole Combat Phase of ``side``: every attack, each resolved before the next (8.2)."""
    p.act("phase", side, phase="combat")
    targets = attack_options(p, side)
    p.rng.shuffle(targets)
    for target, _ in targets:
        if p.rng.random() > ATTACK_SHARE:
            continue
        units = next((m for t, m in attack_options(p, side) if t == target), [])
        if not units:
            continue
        if p.rng.random() > ALL_IN_SHARE:
            units = sorted(p.rng.sample(units, p.rng.randint(1, len(units))))
        fields = {"attackers": units, "targets": [target], "die": p.rng.randint(1, 6)}
        r = reading(p, side, fields)
        if r is None or not r.col.allowed:
            continue
        if r.attack.total < r.defense.total and p.rng.random() > LOW_ODDS_SHARE:
            continue
        if _attack(p, side, fields):
            resolve(p, side, top=True)
    stack_cleanup(p, side)


# --- a combat's result ---------------------------------------------------------------------------------------------

def _on_map(p: Player, uid: str) -> bool:
    return p.state.units[uid].loc in p.ctx.board.locations


def _lose(p: Player, pool: Sequence[str], **extra: Any) -> bool:
    """One step lost by a unit of ``pool`` the rules let take it (10.2)."""
    units = [u for u in pool if _on_map(p, u)]
    p.rng.shuffle(units)
    return any(p.try_act("loss", p.game.units[u].side, unit=u, **extra) for u in units)


def losses(p: Player) -> None:
    """10.1: the CRT's step losses, the defender's first (11.2.1: before a Determined Defense)."""
    for attacker in (False, True):
        while True:
            c = current(p.state)
            n = c.attacker_steps if attacker else c.defender_steps
            if not n or not _lose(p, c.attackers if attacker else c.defenders):
                break


def _determined_claims(p: Player) -> list[str]:
    """Every result the Determined Defense Table prints ("S -/1", "F -/-" ...), to find the one a roll gives."""
    t = p.game.tables["determined_defense"]
    out = []
    for col in t.columns:
        for row in t.rows:
            text = f"{t.result(col, row)} {t.cell('losses', col, row)}"
            if text not in out:
                out.append(text)
    return out


def _roll_determined(p: Player, c, lead: str, desperate: bool) -> bool:
    """One Determined Defense roll by ``lead``, with the result the table gives (the claim the rules accept)."""
    die = p.rng.randint(1, 6)
    foe = p.game.units[lead].side
    base = {"target": c.target, "lead": lead, "die": die}
    if desperate:
        base["desperate"] = True
    for claim in _determined_claims(p):
        if p.try_act("determined", foe, **base, result=claim):
            return True
    return False


def _leads(p: Player, c) -> list[str]:
    units = [u for u in c.defenders if p.state.units[u].loc == c.target and p.state.units[u].order == GOOD_ORDER]
    p.rng.shuffle(units)
    return units


def determined(p: Player) -> None:
    """11.x: the defender's Determined Defense when the rules allow one (the CRT cell, 11.1.2), and the Desperate
    Defense's further rolls (11.5); the steps it costs are taken at once."""
    c = current(p.state)
    cf = combat_facts(p.ctx)
    if c is None or not cf.results[c.result].determined or c.colour == "no" or not c.to_retreat:
        return
    if p.rng.random() > DETERMINED_SHARE:
        return
    desperate = desperate_ok(p.ctx, p.state, c)
    rolled = False
    for lead in _leads(p, c):
        if (not desperate and _roll_determined(p, c, lead, False)) or \
                (desperate and _roll_determined(p, c, lead, True)):
            rolled = True
            break
    if not rolled:
        return
    for _ in range(MAX_DESPERATE):
        _determined_steps(p)
        c = current(p.state)
        dd = c.determined
        if not (dd.desperate and dd.result != "S" and any(p.state.units[u].loc == c.target for u in c.to_retreat)):
            return
        if not any(_roll_determined(p, c, lead, True) for lead in _leads(p, c)[:1]):
            return


def _determined_steps(p: Player) -> None:
    """11.4.1: the Lead Unit's steps, and the attacker's (the defender picks for '*')."""
    while True:
        c = current(p.state)
        dd = c.determined
        if not dd.lead_steps or not _on_map(p, dd.lead):
            break
        if not p.try_act("loss", p.game.units[dd.lead].side, unit=dd.lead):
            break
    while True:
        c = current(p.state)
        if not c.determined.attacker_steps or not _lose(p, c.attackers):
            break


def retreats(p: Player) -> None:
    """12.x: every defender that owes a retreat makes one of the retreats that keep it alive (``retreat.saving``: full
    length and stacking legally first; one ended short beside friendly units paid for with steps, 12.1.3 (4), only
    when the defenders keep a step after paying); a unit no such retreat saves retreats into its elimination or is
    removed (12.2, 12.1.3 (1))."""
    cf = combat_facts(p.ctx)
    while True:
        c = current(p.state)
        owing = sorted(u for u in c.to_retreat if p.state.units[u].loc == c.target)
        if not owing or c.cancelled:
            return
        uid = owing[0]
        length = cf.delay_retreat if c.delay else c.retreat
        side = p.game.units[uid].side
        opts = [o for o in retreat.options(p.ctx, p.state, uid, c.target, length)
                if o.walk.eliminated or retreat.saving(p.ctx, p.state, c, length, o)]
        p.rng.shuffle(opts)
        opts.sort(key=lambda o: (bool(o.walk.eliminated), o.stop == "pay", not p.fits(uid, o.path[-1])))
        if c.delay:  # 11.6.1: a Delay's one hex anywhere, tried after its two hexes, before an elimination
            shorter = [o for o in retreat.alive(p.ctx, p.state, uid, c.target, length, c) if o not in opts]
            cut = next((i for i, o in enumerate(opts) if o.walk.eliminated), len(opts))
            opts[cut:cut] = shorter
        chosen = next((o for o in opts[:40] if p.try_act("retreat", side, unit=uid, path=list(o.path))), None)
        if chosen is None:
            p.act("remove", side, unit=uid, to=box(p.ctx, side, "eliminated"), reason="cannot retreat (12.2)")
        elif chosen.stop == "pay" and not c.delay:
            while _owed_pay(p) and _lose(p, c.defenders, pay=True):
                pass


def _owed_pay(p: Player) -> int:
    """12.1.3 (4): the steps the combat's short retreats still ask (three at most in all)."""
    c = current(p.state)
    need = max(c.short.values(), default=0) - c.paid
    return max(0, min(need, combat_facts(p.ctx).pay_steps - c.paid))


def _advance_paths(p: Player, uid: str, start: str, n: int) -> list[list[str]]:
    """Paths of one to ``n`` hexes from ``start`` (the rules decide which are legal)."""
    out: list[list[str]] = []
    frontier = [[start]]
    hexes = p.game.map.hexes
    for _ in range(n):
        frontier = [q + [h] for q in frontier for h in sorted(p.ctx.board.neighbours.get(q[-1], ()))
                    if h in hexes and h not in q]
        p.rng.shuffle(frontier)
        frontier = frontier[:12]
        out += [q[1:] for q in frontier]
    return out


def _advance(p: Player, side: str, uid: str, adv: int, first: str) -> bool:
    """One advance of ``uid``, into ``first`` (the vacated hex) and maybe beyond (``adv`` hexes at most); False when
    none was legal."""
    n = max(1, min(adv, 4))
    paths = [[first] + q for q in _advance_paths(p, uid, first, n - 1)] if n > 1 else []
    p.rng.shuffle(paths)
    paths = [q for q in paths if p.fits(uid, q[-1])][:8] + [[first]]
    return any(p.try_act("advance", side, unit=uid, path=q) for q in paths if p.fits(uid, q[-1]))


def advances(p: Player, side: str, top: bool) -> None:
    """14.x: attackers advance into the vacated hex and beyond, within the allowance the rules give (``top``: the
    combat itself, not the Breakthrough Combat within its advance)."""
    c = battles(p.state).current if top else current(p.state)
    if c is None or not c.adv and not c.limited:
        return
    if any(p.game.units[u].side != side and p.state.units[u].loc == c.target for u in c.defenders):
        if city_contest(p.ctx, c):
            _contest(p, side, c)
        return
    for uid in c.attackers:
        if _on_map(p, uid) and p.rng.random() < ADVANCE_SHARE and uid not in battles(p.state).advanced:
            _advance(p, side, uid, c.adv, c.target)


def _contest(p: Player, side: str, c: Any) -> None:
    """29.1.1: after a City Battle's Partial Success the attackers share the City hex with its defender: at least one
    advances into it, each other one now and then."""
    done = False
    for uid in c.attackers:
        if _on_map(p, uid) and uid not in battles(p.state).advanced and (not done or p.rng.random() < ADVANCE_SHARE) \
                and p.fits(uid, c.target):
            done = p.try_act("advance", side, unit=uid, path=[c.target]) or done


def breakthrough(p: Player, side: str) -> None:
    """15.x: a Breakthrough Group (the attackers of one hex) enters the vacated hex and makes one Breakthrough Combat
    against an enemy stack next to it, resolved like any other; then it may go on into that combat's hex."""
    c = current(p.state)
    cf = combat_facts(p.ctx)
    if c is None or c.kind != REGULAR or c.delay or c.cancelled or c.limited or c.adv < cf.breakthrough_from:
        return
    if p.rng.random() > BREAKTHROUGH_SHARE:
        return
    stacks: dict[str, list[str]] = {}
    for u in c.attackers:
        if _on_map(p, u):
            stacks.setdefault(p.state.units[u].loc, []).append(u)
    if not stacks:
        return
    group = sorted(stacks[p.rng.choice(sorted(stacks))])
    if not p.try_act("breakthrough", side, units=group):
        return
    moved = [u for u in group if p.fits(u, c.target) and p.try_act("advance", side, unit=u, path=[c.target])]
    if not moved:
        return
    foe = other(p.ctx, side)
    pos = _hexes(p)
    options = sorted(n for n in p.ctx.board.neighbours.get(c.target, ()) if n in pos.held[foe]
                     and n in p.game.map.hexes)
    p.rng.shuffle(options)
    for t in options:
        fields = {"attackers": moved, "targets": [t], "die": p.rng.randint(1, 6), "kind": BREAKTHROUGH}
        if c.air:
            fields["air"] = c.air
        claimed = claims(p, side, fields)
        if claimed is None:
            continue
        if p.try_act("battle", side, **claimed):
            resolve(p, side, top=False)
            return


def resolve(p: Player, side: str, top: bool) -> None:
    """The combat just written, carried out: losses, Determined Defense, retreats, Breakthrough, advances, and the
    automatic retreats of Full Retreat units the advances came next to (13.3.2)."""
    losses(p)
    determined(p)
    retreats(p)
    if top:
        breakthrough(p, side)
    advances(p, side, top)
    if top:
        auto_retreats(p, side)


__all__ = ["attack_options", "claims", "combat_phase", "reading", "resolve"]
