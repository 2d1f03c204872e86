"""Event effects in combat (5.3.1; 10.5-10.8 for what they change): the cards of a battle and the lasting combat
effects of earlier plays.

A battle's ``cards`` are played in the log's order (the attacker's Commitment-Step card, the defender's, then cards
played on the roll or the result): each goes through ``card_play.play_event`` (whose half, timing, initiative, once
per player turn), at most one Commitment-Step card per player (10.5 step 2). Their effects, and the lasting ones of
earlier plays, enter the battle in this order (5.0: the card played last prevails):

1. the CRT: Georgy Zhukov (22) chooses the Axis or Soviet CRT for its battle and those within 2 hexes of its target
   for the phase; NKVD (16) re-rolls a tie on the Axis CRT;
2. modifiers after those of ``shifts`` (strength points, column shifts, cancelled shifts): shifts (Black Sea Fleet
   3 for battles on Black Sea coasts, Luftwaffe Support 6, Soviet SNAFU 28 and Andrei Yeremenko 30 one left after
   the roll, Katyushas 28, Soviet Logistics Problems 34 for every Soviet attack of the phase, Rokossovsky 46 with
   armor and infantry in a supplied attack, one supplied attacker of several being enough (VPG 6.5.5), Heavy
   Artillery 47 and Hurrah! 50 against cities, Defense Works 41), doubled strengths
   (Manstein 1: one unit; Walter Model 29: the defenders), Sturmoviks (23: +2 strength a Soviet unit, +4 from
   1944, in its battle and the next), the armor bonus (New Tank Design 8: against any defender, or none for the
   Soviets; Stalin Tanks 54: two shifts), river shifts cancelled (Bridgehead 21, River Crossing 27), two shifts a
   Shock! marker (Russian Steam Roller 39);
3. the die: re-rolls (Knight's Cross 16, Heroes 43: any; Paul von Kleist 44: a "-" or CB; River Crossing 27: a
   "-"), each giving the new die in the card's ``die``; Expert Leaders (21) rolls a second die and the attacker
   uses either;
4. the result: automatic results (Elastic Defense 4 DR; Russian Tenacity 14 EX against a city; Ivan Konev 27 and
   Heinz Guderian 37 DR at 2:1 or better, Guderian not against a city; Counteroffensive 32, Timoshenko 42, Heinrici
   52 a CA the defender must carry out at once), DR turned EX for the phase (Not a Step Back! 10, Hold at All Costs!
   24), "-" turned EX (Bridgehead 21), die-offs (NKVD 16: both roll, the lower loses a step, the regular result
   stands; Hedgehogs 38: both roll, the lower or both on a tie lose a step, no regular combat; ``dice``: each side's
   die);
5. after the result: one extra step for each side (No Mercy! 11), no advance beyond the vacated hex (Rasputitsa 4)
   or one more hex (General Staff 17), retreats that ignore enemy zones of control (Roving Cauldron 19), Forts and
   Volkssturm without their effects (Siege Artillery 33, Heavy Artillery 47), the units of one stack attacked one
   by one (Infiltration Tactics 17), a second battle of the survivors of a Soviet EX (One Last Push! 51).

Plays of their own: Manstein (1), Mobile Defense (26) and Russian Courage (37) place 3 / 2 / 2 Counterblow markers
free (within the limit of 10.1.2); Backhand Blow (15) takes up to two off Soviet hexes; Wave Assault (29) gives the
Soviets one more battle at the end of their Combat Phase with supplied units that already attacked, on any hex;
Russian Steam Roller (39) and Desperate Offensive (45: three more Blitz! markers this turn for 1 VP) change the
support markers; Defensive Works (41) marks an Axis hex (one column left when it defends, until a Soviet unit
enters it).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter, itemgetter
from typing import Iterable

from games.hexgrid import distance
from games.model import CRT

from ...engine.context import Context
from ...engine.position import held_by_others, noted_changes, position, unit_sides
from ...engine.state import evolve, occupants
from ...model import Action, Finding
from .battle_state import Battle, LossGroup
from .card_play import play_event
from .combat_data import rules
from .declaration import current, target_problem, units_of, voluntary_problem, with_combat
from .event_state import Again, BattleCards, Lasting, phase_key
from .events_common import (
    Play, active, add_lasting, card_label, choose, hexes_of, named_hexes, open_draws, other, scope_key, to_hand,
    violation)
from .events_data import Effect, half
from .odds import Odds, strength
from .shifts import BattleSpec, CardPlay, Modifier, armor_bonus, category, terrain
from .state import State
from .victory import gain

ARMOR_RULES = ("10.6.3", "15.1")  # the rules of the armor-bonus modifiers (``shifts``)
# the effect kinds played in a battle that this module gives a meaning to (a test keeps it equal to the data's)
BATTLE_EFFECTS = frozenset({
    "double_strength", "double_defence", "strength_per_unit", "shift", "auto_result", "result_map", "cancel_river",
    "reroll", "two_dice", "die_off", "crt_choice", "armor_bonus_any_defender", "cancel_armor_bonus",
    "armor_bonus_extra", "cancel_fort", "extra_losses", "advance_limit", "advance_extra", "retreat_ignores_zoc",
    "infiltration", "second_combat", "cancel_card"})


@dataclass(frozen=True)
class BattleCard:
    """A card of a battle as it will be played: the event it gives (copies resolved) and its effect."""

    entry: CardPlay
    event: str
    effect: Effect | None
    role: str  # attacker or defender: the card's side in this battle
    problem: str = ""  # why its effect does nothing here ("" when it applies)
    cancelled: bool = False


@dataclass(frozen=True)
class Outcome:
    """What the cards make of a battle's result."""

    result: str
    die: int
    alternatives: frozenset[str] = frozenset()  # other results the attacker may claim (Expert Leaders)
    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (side, units): one more step one of them loses
    ignore: frozenset[str] = frozenset()  # unit types whose effect on results is cancelled (10.7.4)
    must: str | None = None  # the card that makes the CA mandatory
    problems: tuple[tuple[int, Finding], ...] = ()  # (index of the card in the battle's cards, violation)


# -- the cards of a battle ------------------------------------------------------------------------------------------

BATTLE_MOMENTS = frozenset({"commitment", "roll", "result"})


def plays_in_battle(ctx: Context, action: Action) -> tuple[tuple[Action, ...], Action]:
    """5.3.1: an event of a play of its own that its card times in a battle (Backhand Blow, card 15: the Commitment
    Step of an Axis battle) may be listed in that battle's ``cards``, as the card's timing suggests; it is then
    played as a ``play`` line just before the battle (same line), and the battle goes on with the other cards."""
    plays, rest = [], []
    for entry in action["cards"]:
        card, side = (entry, action.side) if isinstance(entry, str) else (entry["card"], entry.get("side", action.side))
        ev = ctx.game.cards[card].events[side]
        own = all(e.where == "play" for e in half(ctx, card, side).options)
        if own and not ctx.game.cards[card].joker and any(w.moment in BATTLE_MOMENTS for w in ev.windows):
            data = {} if isinstance(entry, str) else {k: v for k, v in entry.items() if k != "side"}
            plays.append(Action(action.line, "play", side, {**data, "type": "play", "side": side, "card": card}))
        else:
            rest.append(entry)
    if not plays:
        return (), action
    return tuple(plays), Action(action.line, action.type, action.side, {**action.data, "cards": rest})

def battle_cards(ctx: Context, state: State, spec: BattleSpec) -> tuple[BattleCard, ...]:
    """The battle's cards in order, each with the event it gives (the Joker, Gott Mit Uns and Na Berlin! copy the
    top of the discard pile as it is when they are played) and the effect that applies."""
    if not spec.cards:
        return ()
    pile = list(state.discards)
    out: list[BattleCard] = []
    for entry in spec.cards:
        role = "attacker" if entry.side == spec.side else "defender"
        c = ctx.game.cards[entry.card]
        event, problem = entry.card, ""
        if c.joker or half(ctx, entry.card, entry.side).options[0].kind == "copy_discard":
            if pile:
                event = pile[-1]
            else:
                problem = "the discard pile is empty: there is no event to copy"
        if not c.joker:
            pile.append(entry.card)
        h = half(ctx, event, entry.side)
        here = [e for e in h.options if e.where in ("battle", "any")]
        fits = [e for e in here if e.role is None or e.role == role]
        effect, why = choose(h, entry.choice, fits)
        if effect is None and here and not fits and not entry.choice:
            effect, why = here[0], ""
        if effect is not None and effect.where not in ("battle", "any"):
            effect, why = None, "its event is not played in a battle"
        elif effect is not None and effect.kind == "copy_discard":
            effect, why = None, "it copies an event that copies"
        elif effect is not None and effect.role and effect.role != role:
            why = f"it is played by the {effect.role} of a battle, not the {role}"
        out.append(BattleCard(entry, event, effect, role, problem or why))
    return tuple(_cancels(ctx, out))


def _cancels(ctx: Context, cards: list[BattleCard]) -> list[BattleCard]:
    """Cancel cards in a battle void the enemy card played just before them (cards 14, 31, 34, 36)."""
    for i, bc in enumerate(cards):
        if bc.effect is None or bc.effect.kind != "cancel_card" or bc.problem:
            continue
        earlier = [j for j in range(i) if cards[j].entry.side != bc.entry.side and not cards[j].cancelled]
        target = next((j for j in reversed(earlier) if cards[j].entry.card == bc.entry.cancel), None) \
            if bc.entry.cancel else (earlier[-1] if earlier else None)
        if target is None:
            cards[i] = evolve(bc, problem="no enemy card was just played in this battle to cancel")
        elif ctx.game.cards[cards[target].event].events[cards[target].entry.side].play_immediately:
            cards[i] = evolve(bc, problem="a 'Play Immediately' event cannot be cancelled")
        else:
            cards[target] = evolve(cards[target], cancelled=True)
    return cards


def _live(played: Iterable[BattleCard]) -> list[BattleCard]:
    return [bc for bc in played if bc.effect is not None and not bc.problem and not bc.cancelled]


# -- the CRT and the modifiers --------------------------------------------------------------------------------------

def _within(ctx: Context, a: Iterable[str], b: Iterable[str], n: int) -> bool:
    hexes = ctx.game.map.hexes
    return any(x in hexes and y in hexes and distance(hexes[x].hex, hexes[y].hex) <= n for x in a for y in b)


def card_crt(ctx: Context, state: State, spec: BattleSpec, played: tuple[BattleCard, ...],
             lasting: list[Lasting] | None = None) -> CRT | None:
    """Zhukov's CRT for this battle (the last one played that reaches it), or None; ``lasting``: the lasting effects
    that hold now, when known (``active``)."""
    lasting = active(state) if lasting is None else lasting
    if not lasting and not played:
        return None
    crt = None
    for x in lasting:
        if x.effect == "crt_choice" and x.choice in ctx.game.crts and \
                _within(ctx, spec.targets, x.hexes, int(x.params["range"])):
            crt = ctx.game.crts[x.choice]
    for bc in _live(played):
        if bc.effect.kind == "crt_choice" and bc.entry.choice in ctx.game.crts:
            crt = ctx.game.crts[bc.entry.choice]
    return crt


def _has_armor_bonus(mods: list[Modifier]) -> list[Modifier]:
    return [m for m in mods if m.rule in ARMOR_RULES and "armor bonus" in m.source]


def _cities(ctx: Context, spec: BattleSpec, region: str | None = None) -> list[str]:
    locs = ctx.game.map.regions[region].locations if region else None
    return [t for t in spec.targets if t in ctx.board.cities and (locs is None or t in locs)]


def _unmet(ctx: Context, state: State, spec: BattleSpec, e: Effect) -> str:
    """Why a shift's conditions fail on this battle (its coast, the attacker, the target, the attacking units), or
    "" when they hold."""
    p = e.params
    if "attacker" in p and spec.side != p["attacker"]:
        return f"it shifts {p['attacker']} attacks only"
    if "coast" in p and not any(p["coast"] in getattr(ctx.game.map.hexes.get(t), "coasts", ()) for t in spec.targets):
        return f"it works for battles in {p['coast']} coastal hexes only"
    if p.get("target", "").startswith("region_city:") and not _cities(ctx, spec, p["target"].split(":", 1)[1]):
        region = ctx.game.map.regions[p["target"].split(":", 1)[1]].name
        return f"it works against a city of {region} only; the target is not one"
    if p.get("needs") == "combined_arms":
        kinds = {category(ctx, state, a) for a in spec.attackers}
        if not {"armor", "infantry"} <= kinds:
            return "it needs armor and infantry-type units attacking together"
    if p.get("supplied") and all(state.units[a].unsupplied for a in spec.attackers):
        # VPG 6.5.5: an event for supplied forces needs, of several units, at least one supplied
        return "it needs a supplied attack (6.5.5: one supplied attacker at least); every attacker is Unsupplied"
    return ""


def _applies(ctx: Context, state: State, spec: BattleSpec, e: Effect) -> bool:
    return not _unmet(ctx, state, spec, e)


def _modifiers_of(ctx: Context, state: State, spec: BattleSpec, side: str, e: Effect, choice: str,
                  units: tuple[str, ...], before: list[Modifier], label: str, as_played: bool = False
                  ) -> list[Modifier]:
    """The modifiers of one effect (``as_played``: a shift counted though its conditions fail, as the player who
    played the card against 5.3.1 counted it)."""
    k = e.kind
    attacking = side == spec.side
    if k == "shift":
        if not as_played and not _applies(ctx, state, spec, e):
            return []
        n = int(e.value("shift", state.turn))
        if e.params.get("either_way"):
            n = -abs(n) if (choice or ("right" if attacking else "left")) == "left" else abs(n)
        return [Modifier(label, n, "5.3.1")]
    if k == "double_strength":
        own = spec.attackers if attacking else spec.defenders
        extra = strength(ctx, state, [u for u in units[:int(e.params["units"])] if u in own])
        return [Modifier(label, 0, "5.3.1", attack=extra if attacking else 0, defence=0 if attacking else extra)]
    if k == "double_defence":
        return [Modifier(label, 0, "5.3.1", defence=strength(ctx, state, spec.defenders))] if not attacking else []
    if k == "strength_per_unit":
        per = int(e.value("per_unit", state.turn))
        if attacking:
            return [Modifier(label, 0, "5.3.1", attack=per * len(spec.attackers))]
        return [Modifier(label, 0, "5.3.1", defence=per * len(spec.defenders))]
    if k == "armor_bonus_any_defender":
        if not attacking or _has_armor_bonus(before):
            return []
        return [Modifier(f"{label}: armor bonus", m.shift, "5.3.1") for m in armor_bonus(ctx, state, spec, True)]
    if k == "cancel_armor_bonus":
        return [Modifier(f"{label}: no armor bonus", -m.shift, "5.3.1") for m in _has_armor_bonus(before)
                if spec.side != side]
    if k == "armor_bonus_extra":
        return [Modifier(label, int(e.params["shift"]), "5.3.1")] if _has_armor_bonus(before) else []
    if k == "cancel_river":
        gained = sum(m.shift for m in terrain(ctx, state, spec, rivers=False)) - sum(m.shift for m in
                                                                                      terrain(ctx, state, spec))
        return [Modifier(f"{label}: no river shift", gained, "5.3.1")] if gained else []
    if k == "cancel_fort" and e.params.get("city_shift") and _cities(ctx, spec):
        return [Modifier(f"{label}: against a city", int(e.params["city_shift"]), "5.3.1")]
    if k == "support_shift" and attacking and spec.support:
        given = sum(m.shift for m in before if m.rule.startswith("10.6.2"))
        extra = int(e.params["shift"]) - given
        return [Modifier(f"{label}: Shock! marker", extra, "5.3.1")] if extra > 0 else []
    return []


def _lasting_effect(x: Lasting) -> Effect:
    return Effect(x.card, x.side, x.effect, "", x.params)


def card_modifiers(ctx: Context, state: State, spec: BattleSpec, played: tuple[BattleCard, ...],
                   before: list[Modifier], as_played: tuple[BattleCard, ...] = (),
                   lasting: list[Lasting] | None = None) -> list[Modifier]:
    """The modifiers of lasting effects (in the order played), then of this battle's cards (10.6, 5.0); the shift
    cards of ``as_played`` count though their conditions fail (:func:`unmet_shifts`); ``lasting`` as for
    :func:`card_crt`."""
    lasting = active(state) if lasting is None else lasting
    if not lasting and not played and not state.effects.works:
        return []
    out: list[Modifier] = []
    for x in lasting:
        label = card_label(ctx, x.card, x.side)
        out += _modifiers_of(ctx, state, spec, x.side, _lasting_effect(x), x.choice, (), before + out, label)
    for loc, side in state.effects.works:
        if loc in spec.targets and side != spec.side:
            out.append(Modifier(f"Defense Works in {loc}", -1, "5.3.1"))
    for bc in _live(played):
        label = card_label(ctx, bc.event, bc.entry.side)
        out += _modifiers_of(ctx, state, spec, bc.entry.side, bc.effect, bc.entry.choice, bc.entry.units,
                             before + out, label, bc in as_played)
    return out


def _unmet_shift(ctx: Context, state: State, spec: BattleSpec, bc: BattleCard) -> str:
    """Why a battle card's own shift does not apply to this battle (5.3.1: its conditions are fixed when it is
    played; a lasting one waits for the battles it fits), or ""."""
    if bc.effect is None or bc.effect.kind != "shift" or bc.effect.params.get("lasting"):
        return ""
    return _unmet(ctx, state, spec, bc.effect)


def unmet_shifts(ctx: Context, state: State, spec: BattleSpec, played: tuple[BattleCard, ...]
                 ) -> tuple[BattleCard, ...]:
    """The live shift cards of the battle whose conditions fail: played against 5.3.1, and reported there; a claim
    that counted their shift all the same is that one mistake (10.5)."""
    return tuple(bc for bc in _live(played) if _unmet_shift(ctx, state, spec, bc))


def loose_card(ctx: Context, state: State, spec: BattleSpec) -> CardPlay | None:
    """A battle card of one of the battle's sides played on its own line right before the battle (the line just
    before: ``state.recent``), which the play reported under 5.3.1 (it belongs in the battle's ``cards``): a claim
    that counted its effect in this battle is that one mistake (10.5, 10.6), not a second one."""
    r = state.recent
    if r is None or r.kind != "play" or not r.cards or r.side not in (spec.side, other(ctx, spec.side)):
        return None
    h = half(ctx, r.event or r.cards[0], r.side)
    if not h.options or any(e.where != "battle" for e in h.options):
        return None
    return CardPlay(r.cards[0], r.side)


# -- the die and the result -----------------------------------------------------------------------------------------

def _at_least(crt: CRT, odds: Odds, column: str) -> bool:
    return odds.final is not None and crt.columns.index(odds.final) >= crt.columns.index(column)


def outcome(ctx: Context, state: State, spec: BattleSpec, played: tuple[BattleCard, ...], crt: CRT, odds: Odds,
            die: int, base: str, lasting: list[Lasting] | None = None) -> Outcome:
    """What the cards make of the result ``base`` the CRT gives for ``die`` (in the order played); ``lasting`` as
    for :func:`card_crt`."""
    lasting = active(state) if lasting is None else lasting
    # results changed for the whole battle (or phase) stay changed when a card re-rolls the die (5.3.2: a '-' made EX
    # by Bridgehead, played in the Commitment Step, is EX again when Knight's Cross re-rolls another '-')
    standing = [x.params["map"] for x in lasting if x.effect == "result_map"]
    if not standing and not played:  # nothing changes the CRT's result
        return Outcome(base, die)
    below = rules(ctx).below_first

    def cell(table: CRT, d: int) -> str:
        return table.result(odds.final, d) if odds.final is not None else below

    result, alts, groups, ignore, must = base, set(), [], set(), None
    problems: list[tuple[int, Finding]] = []

    def rolled(table: CRT, d: int) -> str:
        r = cell(table, d)
        for m in standing:
            r = m.get(r, r)
        return r

    for m in standing:
        result = m.get(result, result)
    for bc in _live(played):
        e, entry = bc.effect, bc.entry
        k = e.kind
        index = played.index(bc)

        def wrong(msg: str) -> None:
            problems.append((index, violation(ctx, bc.event, entry.side, msg)))

        if k == "cancel_river" and e.params["dash"] != "reroll":
            standing.append({"-": e.params["dash"]})
        if k == "reroll":
            allowed = e.params.get("results")
            if entry.die is None:
                continue  # no new die logged: the roll stands
            if allowed and result not in allowed:
                wrong(f"it re-rolls only a result of {' or '.join(allowed)}; the result is {result}")
                alts.add(rolled(crt, entry.die))  # reported there (5.3.1): the claim may be the re-roll's (one report)
            else:
                die, result = entry.die, rolled(crt, entry.die)
        elif k == "cancel_river" and result == "-":
            if e.params["dash"] == "reroll" and entry.die is not None:
                die, result = entry.die, rolled(crt, entry.die)
            elif e.params["dash"] != "reroll":
                result = e.params["dash"]
        elif k == "cancel_river" and entry.die is not None:
            wrong(f"it re-rolls a '-' only; the result is {result}")
            alts.add(rolled(crt, entry.die))  # as above: the first die's result or the re-roll's (one report)
        elif k == "two_dice" and entry.die is not None:  # without a second die logged, the first is used
            alts.add(rolled(crt, entry.die))
        elif k == "auto_result":
            target = e.params.get("target")
            reached = "min_odds" not in e.params or _at_least(crt, odds, e.params["min_odds"])
            unmet = ("the target is not a City" if target == "city" and not _cities(ctx, spec) else
                     "it does not work against a City" if target == "not_city" and _cities(ctx, spec) else "")
            if unmet:
                wrong(unmet)
                if reached:  # played against 5.3.1 and reported there: the claim may be its result as its player
                    alts.add(e.params["result"])  # applied it, or the CRT's (one mistake, one report)
                continue
            if not reached:
                continue  # the attack does not reach the odds: the CRT result stands
            result = e.params["result"]
            must = bc.event if e.params.get("must_counterattack") else must
        elif k == "result_map":
            standing.append(e.params["map"])
            result = e.params["map"].get(result, result)
        elif k == "die_off":
            dice = entry.dice or {}
            if set(dice) != set(ctx.game.sides):
                if dice:
                    wrong("give both players' dice (dice)")
                continue  # no die-off logged: nothing to apply
            a, b = (int(dice[s]) for s in ctx.game.sides)
            sides = list(ctx.game.sides)
            losers = sides if a == b else [sides[0] if a < b else sides[1]]
            if a == b and e.params["tie"] == "crt":
                losers = []
                if entry.die is not None:  # the combat rolled again on the card's CRT
                    die, result = entry.die, rolled(ctx.game.crts[e.params["crt"]], entry.die)
            if e.params["tie"] == "both":
                result = "-"
            groups += [(s, _units_of(spec, s)) for s in losers]
        elif k == "extra_losses":
            groups += [(s, _units_of(spec, s)) for s in ctx.game.sides]
        elif k == "cancel_fort":
            ignore |= set(e.params["types"])
        elif k == "second_combat" and result != e.params["after"]:
            wrong(f"it follows an {e.params['after']}; the result is {result}")
    return Outcome(result, die, frozenset(alts - {result}), tuple(groups), frozenset(ignore), must, tuple(problems))


def _units_of(spec: BattleSpec, side: str) -> tuple[str, ...]:
    return spec.attackers if side == spec.side else spec.defenders


def card_problems(ctx: Context, state: State, spec: BattleSpec, played: tuple[BattleCard, ...]
                  ) -> list[tuple[int, Finding]]:
    """The violations of the battle's cards before the roll (a wrong side, option or unit), by card index."""
    out = []
    for i, bc in enumerate(played):
        if bc.problem:
            out.append((i, violation(ctx, bc.event, bc.entry.side, bc.problem)))
        elif bc.effect is not None and bc.effect.kind == "double_strength" and bc.entry.units:
            mine = spec.attackers if bc.role == "attacker" else spec.defenders
            units = bc.entry.units
            if len(units) > int(bc.effect.params["units"]) or any(u not in mine for u in units):
                out.append((i, violation(ctx, bc.event, bc.entry.side, f"it doubles one of his units in the battle "
                                                                       f"({', '.join(mine)}); units: "
                                                                       f"{', '.join(units) or 'none'}", units)))
        elif bc.effect is not None and bc.effect.kind == "crt_choice" and bc.entry.choice \
                and bc.entry.choice not in ctx.game.crts:
            out.append((i, violation(ctx, bc.event, bc.entry.side, f"it chooses a CRT (choice: "
                                                                   f"{' or '.join(ctx.game.crts)}), not "
                                                                   f"'{bc.entry.choice}'")))
        elif why := _unmet_shift(ctx, state, spec, bc):
            out.append((i, violation(ctx, bc.event, bc.entry.side, why)))
        elif bc.effect is not None and bc.effect.kind == "infiltration" and (len(spec.targets) != 1 or
                                                                             len(spec.defenders) != 1):
            out.append((i, violation(ctx, bc.event, bc.entry.side, "it attacks the units of one stack one by one: "
                                                                   "one target hex, one defending unit")))
    return out


# -- playing the cards and what they leave -----------------------------------------------------------------------

def play_cards(ctx: Context, state: State, spec: BattleSpec, played: tuple[BattleCard, ...]
               ) -> tuple[State, list[Finding], frozenset[int]]:
    """Each card through the mechanics of 5.3-5.4, in order; one Commitment-Step card per player (10.5 step 2).
    Returns the indexes of the cards played against those rules: their effects still count (the logged outcome
    stands) but are not reported again."""
    findings: list[Finding] = []
    illegal = set()
    commitment: dict[str, int] = {}
    for i, bc in enumerate(played):
        e = bc.entry
        state, f = play_event(ctx, state, e.side, e.card, e.units)
        findings += f
        if f:
            illegal.add(i)
        ev = ctx.game.cards[bc.event].events[e.side]
        moments = {w.moment for w in ev.windows}
        if not moments & {"roll", "result"}:
            commitment[e.side] = commitment.get(e.side, 0) + 1
    for side, n in commitment.items():
        if n > 1:
            findings.append(Finding("10.5", f"the {ctx.game.sides[side].name} player plays {n} cards in the Commitment "
                                            "Step of one battle; each player may play one", (), spec.targets))
    return state, findings, frozenset(illegal)


def after_battle(ctx: Context, state: State, spec: BattleSpec, played: tuple[BattleCard, ...], out: Outcome,
                 b: Battle) -> tuple[State, Battle]:
    """What the battle's cards leave in the state: lasting effects, the battle's own card effects (advance,
    retreat), extra step losses, a mandatory counterattack, a battle to fight again, cards taken, cards to draw."""
    e = state.effects
    if e.lasting:
        lasting = tuple(x if not x.battles else evolve(x, battles=x.battles - 1) for x in e.lasting)
        lasting = tuple(x for x in lasting if x.battles >= 0 and not (x.battles == 0 and x.params.get("battles")))
        if len(lasting) != len(e.lasting) or any(x is not y for x, y in zip(lasting, e.lasting)):  # else: no copy
            state = evolve(state, effects=evolve(e, lasting=lasting))
    advance, free = [], set()
    for bc in _live(played):
        eff, entry = bc.effect, bc.entry
        play = Play(entry.side, entry.card, bc.event, b.line, entry.units, entry.targets, entry.choice)
        state = open_draws(state, play, eff)
        if eff.lasting != "battle":
            hexes = spec.targets if eff.kind == "crt_choice" else ()
            state = add_lasting(state, Lasting(bc.event, entry.side, eff.kind, scope_key(state, eff.lasting),
                                               eff.params, entry.choice, hexes))
        if eff.params.get("battles"):
            state = add_lasting(state, Lasting(bc.event, entry.side, eff.kind, scope_key(state, "phase"), eff.params,
                                               entry.choice, (), int(eff.params["battles"]) - 1))
        if eff.kind == "advance_limit":
            advance.append(("cap", int(eff.params["hexes"])))
        elif eff.kind == "advance_extra":
            advance.append(("extra", int(eff.params["hexes"])))
        elif eff.kind == "retreat_ignores_zoc":
            free.add(entry.side)
        elif eff.kind == "infiltration":
            state = evolve(state, effects=evolve(state.effects, infiltrated=(spec.targets[0], phase_key(state),
                                                                              frozenset())))
        elif eff.kind == "second_combat" and out.result == eff.params["after"]:
            state = evolve(state, effects=evolve(state.effects, again=Again(
                bc.event, spec.side, frozenset(spec.attackers), frozenset(spec.targets), phase_key(state))))
        elif eff.kind == "cancel_card" and eff.params.get("take"):
            state = to_hand(state, entry.side, entry.cancel or _cancelled_card(played, bc))
    inf = state.effects.infiltrated
    if inf is not None and inf[1] == phase_key(state) and spec.targets == (inf[0],):
        state = evolve(state, effects=evolve(state.effects, infiltrated=(inf[0], inf[1],
                                                                          inf[2] | frozenset(spec.defenders))))
    if out.must:
        state = evolve(state, effects=evolve(state.effects, must_counterattack=(b.line, other(ctx, spec.side),
                                                                                 out.must)))
    groups = tuple(LossGroup(side, frozenset(units), rule="5.3.1") for side, units in out.groups if units) \
        if out.groups else ()
    if groups:
        b = evolve(b, loss_groups=b.loss_groups + groups)
    if not advance and not free:  # (what the readers make of no record, or of an earlier battle's: no copy)
        return state, b
    return evolve(state, effects=evolve(state.effects, battle=BattleCards(b.line, tuple(advance), frozenset(free)))), b


def _cancelled_card(played: tuple[BattleCard, ...], canceller: BattleCard) -> str | None:
    i = played.index(canceller)
    return next((bc.entry.card for bc in reversed(played[:i]) if bc.cancelled), None)


# -- battles the rules would not allow -------------------------------------------------------------------------------

def waivers(ctx: Context, state: State, spec: BattleSpec, played: tuple[BattleCard, ...]) -> dict[str, frozenset]:
    """Combat checks an event waives for this battle: ``units`` may attack again, ``hexes`` may be attacked again,
    ``declared``: the target need not be declared, ``defenders``: the defenders may be some units of the hex."""
    out: dict[str, frozenset] = {}
    key = phase_key(state)
    again = state.effects.again
    if again is not None and again.key == key and again.side == spec.side and not again.fought:
        if not again.hexes or set(spec.targets) <= again.hexes:
            out["units"] = again.units
            out["hexes"] = frozenset(spec.targets)
            out["declared"] = frozenset(spec.targets) if again.declared else frozenset()
    inf = state.effects.infiltrated
    if inf is not None and inf[1] == key and spec.targets == (inf[0],):
        out["hexes"] = out.get("hexes", frozenset()) | {inf[0]}
        out["defenders"] = frozenset({inf[0]})
    if any(bc.effect.kind == "infiltration" for bc in _live(played)):
        out["defenders"] = frozenset(spec.targets)
    return out


def defender_problem(ctx: Context, state: State, spec: BattleSpec) -> str | None:
    """Infiltration Tactics: one unit of the stack, not one attacked before in this phase."""
    inf = state.effects.infiltrated
    done = inf[2] if inf is not None and inf[1] == phase_key(state) else frozenset()
    here = {u for u, us in state.units.items() if us.loc in spec.targets}
    if len(spec.defenders) != 1 or not set(spec.defenders) <= here:
        return "one unit of the stack defends in each battle (Infiltration Tactics)"
    if set(spec.defenders) & done:
        return f"{spec.defenders[0]} has already been attacked on its own (Infiltration Tactics)"
    return None


def used_again(state: State, spec: BattleSpec) -> State:
    """The battle an event allowed has been fought (what settles it, its losses, retreats and advances, is still the
    event's: card 29's comes after the end of the Combat Phase, 5.3.1)."""
    again = state.effects.again
    if again is not None and again.side == spec.side and not again.fought and \
            (not again.hexes or set(spec.targets) <= again.hexes):
        return evolve(state, effects=evolve(state.effects, again=evolve(again, fought=True)))
    return state


def extra_support(state: State, side: str) -> int:
    """Blitz!/Shock! markers an event adds this turn (card 45)."""
    return sum(int(x.params["markers"]) for x in active(state) if x.effect == "extra_support" and x.side == side)


# -- plays of their own ------------------------------------------------------------------------------------------

def free_counterblows(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    c = current(state)
    n = int(effect.params["markers"])
    limit = rules(ctx).counterblows
    occ = occupants(ctx, state)
    findings = []
    hexes = named_hexes(state, play)
    if len(hexes) > n:
        findings.append(violation(ctx, play.event, play.side, f"it places {n} Counterblow markers; "
                                                               f"{len(hexes)} named", (), hexes))
    added = set()
    for t in hexes:
        mine = units_of(ctx, occ, t, play.side)
        why = None
        if not any(voluntary_problem(ctx, state, u) is None for u in mine):
            why = f"{t} holds none of his units that may take part in a counterblow"
        elif state.player is not None and target_problem(ctx, state, state.player, t, occ) is not None:
            why = f"no {ctx.game.sides[state.player].name} unit can attack {t}"
        elif t in c.declared or t in c.counterblows or t in c.marked:
            why = f"{t} is already a target this Combat Phase"
        elif len(c.counterblows | added | {t}) > limit:
            why = f"at most {limit} Counterblow markers may be placed (10.1.2)"
        if why:
            findings.append(violation(ctx, play.event, play.side, why, (), (t,)))
        added.add(t)
    return with_combat(state, evolve(c, counterblows=c.counterblows | frozenset(added))), findings


def remove_counterblows(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    c = current(state)
    n = int(effect.params["most"])
    enemy = other(ctx, play.side)
    marked = c.counterblows | c.marked
    findings = []
    hexes = named_hexes(state, play)
    if len(hexes) > n:
        findings.append(violation(ctx, play.event, play.side, f"it removes up to {n} Counterblow markers; "
                                                               f"{len(hexes)} named", (), hexes))
    gone = set()
    for t in hexes[:n]:
        if t not in marked:
            findings.append(violation(ctx, play.event, play.side, f"{t} has no Counterblow marker on "
                                                                   f"{ctx.game.sides[enemy].name} units", (), (t,)))
            continue
        gone.add(t)
    markers = tuple(m for m in c.markers if not (m.hex in gone and m.owner == enemy))
    c = evolve(c, counterblows=c.counterblows - gone, marked=c.marked - gone, markers=markers)
    return with_combat(state, c), findings


def extra_battle(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    c = current(state)
    units = frozenset(u for u in c.attacked_units if not state.units[u].unsupplied)
    return evolve(state, effects=evolve(state.effects, again=Again(play.event, play.side, units, frozenset(),
                                                                    phase_key(state), True))), []


def lasting_play(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    """Russian Steam Roller (39), Desperate Offensive (45, for its VP)."""
    state = add_lasting(state, Lasting(play.event, play.side, effect.kind, scope_key(state, effect.lasting),
                                       effect.params))
    if effect.params.get("vp"):
        state = gain(ctx, state, play.side, int(effect.params["vp"]))
    return state, []


def defense_works(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    mine = hexes_of(ctx, state, play.side)
    findings = []
    hexes = named_hexes(state, play)
    for loc in hexes[:1]:
        if loc not in mine:
            findings.append(violation(ctx, play.event, play.side, f"{loc} holds none of his units", (), (loc,)))
            continue
        state = evolve(state, effects=evolve(state.effects, works=state.effects.works | {(loc, play.side)}))
    if len(hexes) > 1:
        findings.append(violation(ctx, play.event, play.side, "it marks one hex", (), hexes))
    return state, findings


_LOC, _HEX = attrgetter("loc"), itemgetter(0)


def works_entered(ctx: Context, first: State, state: State) -> State:
    """A Defense Works marker goes when an enemy unit enters its hex (card 41), checked after every action while a
    marker is out (``first``: the state before the action). Each marker left after the check before had no enemy
    unit in its hex, so while the markers stay the same only the units the action changed are looked at (the
    action noted them, or its units are compared with those before it); else the enemy's counts by location, which
    every position has."""
    works = state.effects.works
    changed = noted_changes(ctx, first.units, state.units) if works is first.effects.works else None
    if changed is not None:
        units = state.units
        if set(map(_LOC, map(units.__getitem__, changed))).isdisjoint(map(_HEX, works)):
            return state  # (no unit the action changed stands in a marked hex: the usual case, found in C)
        sides = unit_sides(ctx)
        keep = frozenset(w for w in works if not any(units[u].loc == w[0] and sides[u] != w[1] for u in changed))
    else:
        pos = position(ctx, state.units)
        keep = frozenset(w for w in works if w[0] not in held_by_others(pos, w[1]))
    if keep == state.effects.works:
        return state
    return evolve(state, effects=evolve(state.effects, works=keep))


APPLY = {"free_counterblows": free_counterblows, "remove_counterblows": remove_counterblows,
         "extra_battle": extra_battle, "support_shift": lasting_play, "extra_support": lasting_play,
         "defense_works": defense_works}

