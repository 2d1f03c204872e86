"""The random legal player's event cards (5.3), for its phases (``phases``) and battles (``combat``).

At the moments of a player turn where events are played (each phase, its start and its end, the Counterblows Step,
each battle), both players now and then try a card of their hand whose event is open now: the play is built from
the card's effect (which units, hexes, options, dice), carried out with what it asks next (draws and discards "by"
it, step losses, eliminations, a move or two) and kept only when the engine finds the whole of it legal; otherwise
it is taken back. The initiative player tries first (5.0). In a battle each side may add a card to the battle's
``cards`` (with its dice and choices), kept only when the battle with it is legal.
"""

from __future__ import annotations

import random

from validator.engine.state import occupants
from validator.rules.no_retreat.card_play import window_open
from validator.rules.no_retreat.combat_data import rules
from validator.rules.no_retreat.declaration import counterblow_eligible, current, target_problem, units_of
from validator.rules.no_retreat.event_state import Due
from validator.rules.no_retreat.events_common import hexes_of, other, units_on_map
from validator.rules.no_retreat.events_data import Effect, half
from validator.rules.no_retreat.placement import place_hexes
from validator.rules.no_retreat.rail import detrain_hexes
from validator.rules.no_retreat.results import elimination_box
from validator.rules.no_retreat.stacking import overstacks

from .draws import draw
from .seat import Player
from .targets import kept_back, obligations

PLAY_SHARE = 0.25  # chance that a card whose event is open now is tried
BATTLE_CARD_SHARE = 0.3  # chance that a side tries a card in a battle
MOVE_SHARE = 0.7  # chance that a unit an event lets move does move
MAX_TRIES = 6  # candidates tried for one choice


def _moment_open(p: Player, side: str, card: str, when: str) -> bool:
    """Whether an event of ``card`` is open now at the moment ``when`` ("start", "end", or "any" other time)."""
    for w in p.game.cards[card].events[side].windows:
        if w.kind in ("on_draw", "on_pay") or w.moment in ("commitment", "roll", "result"):
            continue
        at = w.moment if w.moment in ("start", "end") else "any"
        if at == when and window_open(p.ctx, p.state, side, w):
            return True
    return False


def maybe_play(p: Player, when: str = "any") -> None:
    """Both players (the initiative side first) may try the events of their hands (and the Joker, on its face)
    that are open now."""
    sides = sorted(p.game.sides, key=lambda s: s != p.state.score.initiative)
    for side in sides:
        joker = ["joker"] if p.state.deck.joker == side and "joker" in p.game.cards else []
        for card in sorted(p.state.hands[side].known) + joker:
            if p.rng.random() > PLAY_SHARE or (card not in p.state.hands[side].known and card not in joker):
                continue
            event = _event_of(p, side, card)
            if event is None or not _moment_open(p, side, event, when):
                continue
            effect = _standalone(p, side, event)
            if effect is not None:
                attempt(p, side, card, effect, event)


def _event_of(p: Player, side: str, card: str) -> str | None:
    """The card whose event ``card`` performs: itself, or for the Joker, Gott Mit Uns and Na Berlin! the top discard
    (not a "Play Immediately" one, nor another copy)."""
    if not p.game.cards[card].joker and half(p.ctx, card, side).options[0].kind != "copy_discard":
        return card
    top = p.state.discards[-1] if p.state.discards else None
    if top is None or p.game.cards[top].events[side].play_immediately \
            or half(p.ctx, top, side).options[0].kind == "copy_discard":
        return None
    return top


def _standalone(p: Player, side: str, card: str) -> Effect | None:
    options = [e for e in half(p.ctx, card, side).options if e.where == "play" and e.kind in FIELDS]
    return p.rng.choice(options) if options else None


def attempt(p: Player, side: str, card: str, effect: Effect, event: str | None = None) -> bool:
    """Play ``card`` (performing the event of ``event``) with fields for ``effect`` and carry out what it asks; take
    it all back if anything fails."""
    saved, n = p.state, len(p.lines)
    fields = FIELDS[effect.kind](p, side, effect)
    if fields is None:
        return False
    if effect.option and len(half(p.ctx, event or card, side).options) > 1:
        fields["choice"] = effect.option
    if p.try_act("play", side, card=card, **fields) and fulfil(p):
        return True
    p.state, p.lines[n:] = saved, []
    return False


# -- what a play needs ----------------------------------------------------------------------------------------------

def _nothing(p: Player, side: str, e: Effect) -> dict | None:
    return {}


def _take(p: Player, side: str, e: Effect) -> dict | None:
    top = p.state.discards[-int(e.params["among"]):]
    ok = [c for c in reversed(top) if not p.game.cards[c].events[side].play_immediately]
    return {"take": ok[0]} if ok else None


def _enemy_unit(p: Player, side: str, e: Effect) -> dict | None:
    enemy = units_on_map(p.ctx, p.state, other(p.ctx, side))
    return {"units": [p.rng.choice(enemy)]} if enemy else None


def _surrender(p: Player, side: str, e: Effect) -> dict | None:
    enemy = [u for u in units_on_map(p.ctx, p.state, other(p.ctx, side)) if p.state.units[u].unsupplied]
    return {"units": [p.rng.choice(enemy)]} if enemy else None


def _place(p: Player, side: str, e: Effect) -> dict | None:
    boxes = {f"{b}_{side}" for b in e.params["from"]}
    types = e.params.get("types")
    units = sorted(u for u, us in p.state.units.items() if us.loc in boxes and p.game.units[u].side == side
                   and (not types or p.ctx.unit_type[u, us.face] in types))
    if not units:
        return None
    uid = p.rng.choice(units)
    to = e.params["to"]
    if to == "rail":
        return {"units": [uid]}
    if to == "detrain":
        spots = detrain_hexes(p.ctx, p.state, side)
    elif to == "placement":
        spots = place_hexes(p.ctx, p.state, uid, "replacement")
    else:
        spots = sorted(p.ctx.board.cities)
    spots = [s for s in spots if s in p.ctx.board.locations and p.fits(uid, s)]
    return {"units": [uid], "targets": [p.rng.choice(spots)]} if spots else None


def _own_unit(p: Player, side: str, e: Effect) -> dict | None:
    mine = units_on_map(p.ctx, p.state, side)
    return {"units": [p.rng.choice(mine)]} if mine else None


def _own_city(p: Player, side: str, e: Effect) -> dict | None:
    cities = sorted(c for c in p.ctx.board.cities if p.state.control.get(c) == side)
    return {"targets": [p.rng.choice(cities)]} if cities else None


def _own_hex(p: Player, side: str, e: Effect) -> dict | None:
    mine = sorted(hexes_of(p.ctx, p.state, side))
    return {"targets": [p.rng.choice(mine)]} if mine else None


def _saved(p: Player, side: str, e: Effect) -> dict | None:
    hexes = sorted(loc for loc, units in hexes_of(p.ctx, p.state, side).items()
                   if any(p.state.units[u].unsupplied for u in units))
    return {"targets": [p.rng.choice(hexes)]} if hexes else None


def _stack(p: Player, side: str, e: Effect) -> dict | None:
    stacks = sorted(hexes_of(p.ctx, p.state, side).items())
    if not stacks:
        return None
    _, units = p.rng.choice(stacks)
    return {"units": sorted(units)}


def _counterblows(p: Player, side: str, e: Effect) -> dict | None:
    c = current(p.state)
    occ = occupants(p.ctx, p.state)
    phasing = p.state.player
    if phasing is None or phasing == side:
        return None
    hexes = [t for t in sorted(occ) if units_of(p.ctx, occ, t, side) and t not in c.declared | c.counterblows | c.marked
             and any(counterblow_eligible(p.ctx, p.state, u) for u in units_of(p.ctx, occ, t, side))
             and target_problem(p.ctx, p.state, phasing, t, occ) is None]
    room = rules(p.ctx).counterblows - len(c.counterblows)
    n = min(int(e.params["markers"]), room, len(hexes))
    if n <= 0:
        return None
    chosen = p.rng.sample(hexes, n)  # only hexes the phasing player can attack besides his other targets (10.3.1)
    return {"targets": chosen} if not kept_back(p, phasing, obligations(p, phasing) + [(t, False) for t in chosen])[1] \
        else None


def _uncounterblow(p: Player, side: str, e: Effect) -> dict | None:
    c = current(p.state)
    marked = sorted(c.counterblows | c.marked)
    return {"targets": marked[:int(e.params["most"])]} if marked else None


def _moves(p: Player, side: str, e: Effect) -> dict | None:
    if e.params.get("stack"):
        return _stack(p, side, e)
    return {}


FIELDS = {
    "draw": _nothing, "reshuffle": _nothing, "attack_quota": _nothing, "extra_support": _nothing,
    "support_shift": _nothing, "step_losses": _nothing, "enemy_discards": _nothing, "allies_waver": _nothing,
    "flip_joker": _nothing, "remove_for_vp": _nothing, "vp_if": _nothing, "weather": _nothing,
    "take_discard": _take, "place_units": _place, "mark_unsupplied": _enemy_unit, "surrender_unit": _surrender,
    "free_upgrade": _own_unit, "terrain": _own_city, "defense_works": _own_hex, "save_from_surrender": _saved,
    "free_counterblows": _counterblows, "remove_counterblows": _uncounterblow, "moves": _moves, "extra_mp": _stack,
}


# -- what a play asks next ------------------------------------------------------------------------------------------

def _may_discard(p: Player, d: Due, card: str) -> bool:
    """A discard the event asks for: "draw 2 and keep 1" (cards 9, 40) discards one of the cards it drew."""
    if d.params.get("from") != "drawn":
        return True
    return any(card in x.used for x in p.state.effects.due
               if x.card == d.card and x.line == d.line and x.kind == "draw")


def fulfil(p: Player) -> bool:
    """Carry out the dues of the current phase (draws, discards, losses, eliminations, some moves); False when one
    that must be done cannot be."""
    for _ in range(20):
        due = [d for d in p.state.effects.due if d.key[:3] == (p.state.turn, p.state.player, p.state.phase)
               and d.done < d.most and (d.done < d.least or d.kind in ("move", "either"))]
        if not due:
            return True
        d = due[0]
        before = d.done, d.used, len(p.lines)
        if d.kind == "draw":
            draw(p, d.side, 1, by=d.card)
        elif d.kind == "discard":
            hand = sorted(p.state.hands[d.side].known)
            k = min(d.least - d.done, len(hand))
            cards = p.rng.sample(hand, k) if k > 0 else []
            if not all(_may_discard(p, d, c) for c in cards):  # "keep 1": among the cards drawn, drawn anew
                allowed = [c for c in hand if _may_discard(p, d, c)]
                cards = p.rng.sample(allowed, min(k, len(allowed)))
            if not cards or not p.try_act("discard", d.side, cards=cards, by=d.card):
                return False
        elif d.kind == "either":
            hand = sorted(p.state.hands[d.side].known)
            if d.done == 0 and len(hand) >= int(d.params["cards"]):
                ok = p.try_act("discard", d.side, cards=p.rng.sample(hand, int(d.params["cards"])), by=d.card)
            elif d.done == 0 and hand:
                ok = p.try_act("discard", d.side, cards=[p.rng.choice(hand)], by=d.card)
            elif not d.used:
                ok = _lose(p, d.side)
            else:
                ok = False
            if not ok:
                return d.done == min(int(d.params["cards"]), d.params["held"]) and not d.used
        elif d.kind in ("loss", "eliminate"):
            if not (_eliminate(p, d) if d.kind == "eliminate" else _lose(p, d.side)):
                return False
        elif d.kind == "move":
            _event_moves(p, d)
            return True
        if (d.done, d.used, len(p.lines)) == before:
            return False
    return False


def _lose(p: Player, side: str) -> bool:
    units = units_on_map(p.ctx, p.state, side)
    p.rng.shuffle(units)
    lost = any(p.try_act("loss", side, unit=u) for u in units[:MAX_TRIES])
    remove_excess(p)
    return lost


def remove_excess(p: Player) -> None:
    """A tank reduced to a non-tank face may leave its hex over the limit: the owner eliminates the excess of his
    choice (8.4.3), not a unit the phasing player keeps back for a target still to attack (10.3.1)."""
    for loc, side, uids in overstacks(p.ctx, p.state):
        kept = kept_back(p, side, obligations(p, side))[0] if side == p.state.player else set()
        uid = next((u for u in uids if u not in kept), uids[0])
        p.act("remove", side, unit=uid, to=elimination_box(p.ctx, p.state, uid), reason="overstacked (8.4.3)")


def _eliminate(p: Player, d) -> bool:
    units = sorted(u for u in d.units or () if p.state.units[u].loc in p.ctx.board.locations)
    return any(p.try_act("remove", d.side, unit=u, to=elimination_box(p.ctx, p.state, u)) for u in units)


def _event_moves(p: Player, d) -> None:
    """Some of the moves an event allows: each unit one to three hexes, the first legal path tried."""
    if d.params.get("then_move") or "from" in d.params:
        return
    units = sorted(d.units) if d.units is not None else units_on_map(p.ctx, p.state, d.side)
    p.rng.shuffle(units)
    target = None
    for uid in units[:4]:
        if p.rng.random() > MOVE_SHARE and not d.params.get("stack"):
            continue
        start = p.state.units[uid].loc
        if target is not None:
            p.try_act("move", d.side, unit=uid, to=target)
            continue
        paths = _paths(p, start, 2)
        p.rng.shuffle(paths)
        for path in paths[:MAX_TRIES]:
            if p.fits(uid, path[-1]) and p.try_act("move", d.side, unit=uid, path=list(path)):
                target = path[-1] if d.params.get("stack") else None
                break


def _paths(p: Player, start: str, n: int) -> list[tuple[str, ...]]:
    out, frontier = [], [(start,)]
    for _ in range(n):
        nxt = []
        for path in frontier:
            for loc in p.ctx.board.neighbours.get(path[-1], ()):
                if loc not in path and loc in p.ctx.board.locations:
                    nxt.append(path + (loc,))
        out += [q[1:] for q in nxt]
        frontier = nxt
    return out


# -- cards in a battle ------------------------------------------------------------------------------------------

def battle_card(p: Player, side: str, role: str, attackers: list[str], defenders: list[str],
                rng: random.Random) -> dict | None:
    """A card ``side`` may add to a battle as its ``role`` (attacker or defender), with what its effect needs."""
    if rng.random() > BATTLE_CARD_SHARE:
        return None
    hand = sorted(p.state.hands[side].known)
    rng.shuffle(hand)
    for card in hand:
        h = half(p.ctx, card, side)
        options = [e for e in h.options if e.where == "battle" and (e.role is None or e.role == role)
                   and e.kind in BATTLE_FIELDS]
        windows = p.game.cards[card].events[side].windows
        if not options or not any(window_open(p.ctx, p.state, side, w) for w in windows):
            continue
        e = rng.choice(options)
        entry = {"card": card, "side": side, **BATTLE_FIELDS[e.kind](p, side, e, attackers if role == "attacker"
                                                                     else defenders, rng)}
        if len(h.options) > 1:
            entry["choice"] = e.option
        return entry
    return None


def _die(p: Player, side: str, e: Effect, mine: list[str], rng: random.Random) -> dict:
    return {"die": rng.randint(1, 6)}


def _dice(p: Player, side: str, e: Effect, mine: list[str], rng: random.Random) -> dict:
    return {"dice": {s: rng.randint(1, 6) for s in p.game.sides}, "die": rng.randint(1, 6)}


def _plain(p: Player, side: str, e: Effect, mine: list[str], rng: random.Random) -> dict:
    return {}


def _one_unit(p: Player, side: str, e: Effect, mine: list[str], rng: random.Random) -> dict:
    return {"units": [rng.choice(mine)]} if mine else {}


def _crt(p: Player, side: str, e: Effect, mine: list[str], rng: random.Random) -> dict:
    return {"choice": rng.choice(sorted(p.game.crts))}


BATTLE_FIELDS = {
    "shift": _plain, "auto_result": _plain, "result_map": _plain, "double_defence": _plain,
    "strength_per_unit": _plain, "armor_bonus_any_defender": _plain, "cancel_armor_bonus": _plain,
    "armor_bonus_extra": _plain, "cancel_fort": _plain, "extra_losses": _plain, "advance_limit": _plain,
    "advance_extra": _plain, "retreat_ignores_zoc": _plain, "cancel_river": _die, "reroll": _die, "two_dice": _die,
    "die_off": _dice, "double_strength": _one_unit, "crt_choice": _crt,
}
