"""The random legal player's Combat Phase (10.0-10.8).

The phasing player declares some of the hexes he may attack (within the Target-marker limit), the other player
sometimes pays a card for a counterblow, then every declared, counterblow and CB-marked hex is attacked by
adjacent units: the die comes from the player's seeded RNG and the claimed odds, shift and result are the true
ones. Each result is then carried out with random legal choices: step losses (the owner picks the unit, the
special units of optional rules first), retreats toward supply that keep stacking legal (or elimination when
there is none), the Counterblow marker of a CB, counterattacks after a CA (sometimes chained), advances after
combat. Each side may add an event card to a battle (``events``); a CA an event makes mandatory is always
carried out. Everything goes through the engine (``Player.act``), so an illegal choice is a bug and stops the game.
"""

from __future__ import annotations

from typing import Any

from validator.engine.state import occupants
from validator.rules.no_retreat.advance import advances
from validator.rules.no_retreat.battle_state import Battle
from validator.rules.no_retreat.combat import evaluate, expected_defenders
from validator.rules.no_retreat.combat_data import rules, support_allowance, target_limit
from validator.rules.no_retreat.declaration import counterblow_eligible, current, other_side, units_of
from validator.rules.no_retreat.results import elimination_box
from validator.rules.no_retreat.retreat import retreats
from validator.rules.no_retreat.shifts import BattleSpec, all_unsupplied, card_play

from .events import battle_card, fulfil, maybe_play, remove_excess
from .targets import enemy_in, kept_back, obligations, sharing, unused, usable
from .seat import Player

DECLARE_SHARE = 0.75  # chance that a possible target is declared
COUNTERBLOW_SHARE = 0.25  # chance that the other player pays for a counterblow on one of his hexes
COUNTERATTACK_SHARE = 0.5  # chance that a CA is taken up
SUPPORT_SHARE = 0.5  # chance that an available Blitz!/Shock! marker is committed
ADVANCE_SHARE = 0.6  # chance that an attacker advances when it may
ALL_IN_SHARE = 0.7  # chance that every unit that may attack a target does; otherwise some of them
MAX_CHAIN = 3  # counterattacks in a row at most


def _enemy_hexes(p: Player, side: str) -> list[str]:
    occ = occupants(p.ctx, p.state)
    enemy = other_side(p.ctx, side)
    return sorted(loc for loc in occ if units_of(p.ctx, occ, loc, enemy))


def declare(p: Player, side: str) -> None:
    c = current(p.state)
    taken = c.marked | c.counterblows
    options = [t for t in _enemy_hexes(p, side) if t not in taken and unused(p, side, t, True)]
    limit, _ = target_limit(p.ctx, side, p.state.turn, p.state.weather)
    chosen = [t for t in options if p.rng.random() < DECLARE_SHARE][:limit]
    _, without = kept_back(p, side, obligations(p, side) + [(t, True) for t in chosen])
    chosen = [t for t in chosen if t not in without]  # only targets it can attack, each with a unit of its own
    if chosen:
        p.act("declare", side, targets=chosen)


def counterblows(p: Player, side: str) -> None:
    """The other player's paid counterblows (10.1.2)."""
    other = other_side(p.ctx, side)
    limit = rules(p.ctx).counterblows
    occ = occupants(p.ctx, p.state)
    for t in sorted(loc for loc in occ if units_of(p.ctx, occ, loc, other)):
        c = current(p.state)
        hand = sorted(p.state.hands[other].known)
        if not hand or len(c.counterblows) >= limit or t in c.declared | c.counterblows | c.marked:
            continue
        if not any(counterblow_eligible(p.ctx, p.state, u) for u in units_of(p.ctx, occ, t, other)):
            continue
        if unused(p, side, t, False) and p.rng.random() < COUNTERBLOW_SHARE \
                and not kept_back(p, side, obligations(p, side) + [(t, False)])[1]:
            p.act("counterblow", other, target=t, pay=[p.rng.choice(hand)])


def _support(p: Player, side: str, attackers: list[str]) -> bool:
    have, _ = support_allowance(p.ctx, side, p.state.turn)
    c = current(p.state)
    used = c.support_used.get(side, 0) if c.support_turn == p.state.turn else 0
    return used < have and not all_unsupplied(p.state, attackers) and p.rng.random() < SUPPORT_SHARE


def _battle_fields(p: Player, side: str, kind: str, attackers: list[str], targets: list[str],
                   defenders: tuple[str, ...], support: bool, die: int, cards: list[dict]) -> dict[str, Any]:
    """The battle line with its true odds and result (the cards' effects included)."""
    spec = BattleSpec(side, kind, tuple(attackers), defenders, tuple(targets), support,
                      tuple(card_play(c, side) for c in cards))
    _, odds, _, result = evaluate(p.ctx, p.state, spec, die)
    fields: dict[str, Any] = {"attackers": list(attackers), "targets": list(targets), "die": die, "result": result}
    if kind != "voluntary":
        fields["kind"] = kind
    if support:
        fields["support"] = True
    if cards:
        fields["cards"] = cards
    if odds.final is not None:
        fields["odds"] = odds.final
        fields["shifts"] = odds.shift
    if result == "CB":
        fields["marker"] = p.state.units[p.rng.choice(attackers)].loc
    return fields


def battle(p: Player, side: str, kind: str, attackers: list[str], targets: list[str], chain: int = 0) -> None:
    """One battle written with its true odds and result, then carried out; each side may add an event card (kept
    only when the battle with it is legal)."""
    ctx = p.ctx
    prev = current(p.state).battle
    defenders = expected_defenders(ctx, p.state, prev, kind, side, tuple(targets))
    support = _support(p, side, attackers)
    die = p.rng.randint(1, 6)
    cards = [c for c in (battle_card(p, side, "attacker", attackers, list(defenders), p.rng),
                         battle_card(p, other_side(ctx, side), "defender", attackers, list(defenders), p.rng)) if c]
    if not (cards and p.try_act("battle", side, **_battle_fields(p, side, kind, attackers, targets, defenders,
                                                                    support, die, cards))):
        p.act("battle", side, **_battle_fields(p, side, kind, attackers, targets, defenders, support, die, []))
    b = current(p.state).battle
    losses(p, b)
    retreat_all(p)
    advance_all(p, b)
    fulfil(p)
    forced = p.state.effects.must_counterattack is not None
    if b.may_counterattack and (forced or chain < MAX_CHAIN and p.rng.random() < COUNTERATTACK_SHARE):
        on_map = ctx.board.locations
        hexes = sorted({p.state.units[a].loc for a in b.attackers} & on_map)
        units = [d for d in b.defenders if p.state.units[d].loc in on_map]
        if hexes and units:
            battle(p, other_side(ctx, side), "counterattack", units, hexes, chain + 1)


def losses(p: Player, b: Battle) -> None:
    for uid, n in sorted(b.owed_steps.items()):
        for _ in range(n):
            if p.state.units[uid].loc in p.ctx.board.locations:
                p.act("loss", p.game.units[uid].side, unit=uid)
    for g in b.loss_groups:
        on_map = [u for u in sorted(g.first or g.units) if p.state.units[u].loc in p.ctx.board.locations]
        if on_map:
            p.act("loss", g.side, unit=p.rng.choice(on_map))
    remove_excess(p)


def retreat_all(p: Player) -> None:
    ctx = p.ctx
    for uid in sorted(current(p.state).battle.to_retreat):
        us = p.state.units[uid]
        side = p.game.units[uid].side
        if us.loc not in ctx.board.locations or uid in current(p.state).battle.retreated:
            continue
        paths = retreats(ctx, p.state, uid, us.loc)
        if not paths:
            p.act("remove", side, unit=uid, to=elimination_box(ctx, p.state, uid), reason="cannot retreat")
            continue
        fitting = [q for q in paths if p.fits(uid, q[-1])]
        path = list(p.rng.choice(fitting or paths))
        p.act("retreat", side, unit=uid, path=path)
        if not fitting and p.state.units[uid].loc in ctx.board.locations:
            p.act("remove", side, unit=uid, to=elimination_box(ctx, p.state, uid), reason="overstacked (8.4.3)")


def advance_all(p: Player, b: Battle) -> None:
    for uid in b.attackers:
        if p.rng.random() > ADVANCE_SHARE or p.state.units[uid].loc not in p.ctx.board.locations:
            continue
        options = [q for q in advances(p.ctx, p.state, uid) if p.fits(uid, q[-1])]
        if options:
            p.act("advance", b.side, unit=uid, path=list(p.rng.choice(options)))


def combat_phase(p: Player, side: str) -> None:
    """The whole Combat Phase of ``side``: declarations, counterblows (and events that place or take off Counterblow
    markers), every battle, events at its end."""
    p.act("phase", side, phase="combat")
    declare(p, side)
    p.act("phase", side, phase="combat", step="counterblows")
    counterblows(p, side)
    maybe_play(p)
    p.act("phase", side, phase="combat", step="battles")
    maybe_play(p)
    c = current(p.state)
    forced = sorted(c.marked | c.counterblows)
    p.rng.shuffle(forced)
    for t in forced:
        units = unused(p, side, t, False)
        defenders = expected_defenders(p.ctx, p.state, None, "counterblow", side, (t,))
        if units and defenders and t not in current(p.state).attacked_hexes:
            shared = sharing(p, side, t, units)
            if shared:  # marked hexes with no attacker but these: all attacked in one battle (10.3.1, 10.3.3)
                battle(p, side, "counterblow", shared[0], [t, *shared[1]])
                continue
            units = usable(p, side, t, units)
            battle(p, side, "counterblow", p.rng.sample(units, p.rng.randint(1, len(units))), [t])
    for t in sorted(c.declared):
        units = unused(p, side, t, True)
        if units and t not in current(p.state).attacked_hexes and enemy_in(p, side, t):
            units = usable(p, side, t, units)
            if p.rng.random() > ALL_IN_SHARE:
                units = p.rng.sample(units, p.rng.randint(1, len(units)))
            battle(p, side, "voluntary", units, [t])
    maybe_play(p, "end")
