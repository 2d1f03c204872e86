"""Event effects (5.3.1): what each played event does to the game state, checked against what the card allows.

``card_play`` checks the mechanics of playing (whose half, timing, initiative, once per player turn, movement
events); this module then applies the event of the half played (for the Joker, Gott Mit Uns and Na Berlin!: the
copied one), as ``tables/card_effects.toml`` describes it (``events_data``), through the module of its kind:

- ``events_combat``: a battle's cards (shifts, strengths, automatic results, re-rolls, CRT choice, advances,
  retreats), Counterblow markers, extra battles, Blitz!/Shock! changes, Defense Works;
- ``events_movement``: moves and rail moves the event allows, extra movement points, extra stacking;
- ``events_cards``: draws, discards, cards taken from the discard pile, reshuffles, cancelled events, the Joker;
- ``events_vp``: VP events, attack quotas, weather, the Sudden Death check;
- ``events_org``: units placed from boxes, upgrades, step losses, surrenders, markers, cancelled organization.

What an event lets or makes a side do next (draw "by" the card, lose a step, move, detrain ...) is a :class:`Due`:
the following actions that fit it are checked by the effect's module (and take their timing from the event, not
from the sequence of play); what it still requires when its phase ends is a violation. Violations of an event's
effect are reported under 5.3.1 with the card named ("card 27 (River Crossing): ..."); a wrong battle result
under 10.5.

Decisions (docs/rules/no_retreat.md, "Cards"): events are carried out in the log's order, the follow-up actions
of a play before the end of its phase; a card whose options cannot be told apart by where it is played needs
the log's ``choice``; details the log leaves out (which unit, which hex) leave the effect with nothing to act on
rather than making a violation, except where the card's follow-up actions show them.
"""

from __future__ import annotations

from typing import Callable

from ...engine.context import Context, once
from ...engine.state import evolve
from ...model import Action, Finding
from . import events_cards, events_combat, events_movement, events_org, events_vp
from .card_play import BATTLE_MOMENTS, play_event, window_open, window_words
from .cards import record
from .event_state import Due, Recent, phase_key
from .events_common import Play, card_label, choose, named_units, open_draws, slot_position
from .events_data import Effect, half
from .organization import flip_kind
from .state import State

Apply = Callable[[Context, State, Play, Effect], "tuple[State, list[Finding]]"]
APPLY: dict[str, Apply] = {**events_combat.APPLY, **events_movement.APPLY, **events_cards.APPLY,
                           **events_vp.APPLY, **events_org.APPLY}
FOLLOW = {**events_cards.FOLLOW, **events_movement.FOLLOW, **events_org.FOLLOW}
CLOSE = {**events_movement.CLOSE, **events_cards.CLOSE}
PAY_ACTIONS = ("entrain", "place", "flip", "reorganize", "counterblow")
# what may come between a CA an event makes mandatory and the counterattack: the battle's own losses, cards
SETTLING = ("note", "play", "draw", "discard", "loss", "remove")
REMEMBERED = frozenset(("play", "discard") + PAY_ACTIONS)  # actions ``_remember`` may remember (place: also paid)


# -- choosing the effect -------------------------------------------------------------------------------------------

def _narrow(ctx: Context, state: State, play: Play, fits: list[Effect]) -> list[Effect]:
    """Options of a play outside battles, told apart by what the log gives and where it is played."""
    if len(fits) < 2:
        return fits
    kinds = {e.kind: e for e in fits}
    if "take_discard" in kinds and "flip_joker" in kinds:
        return [kinds["take_discard"]]  # STAVKA: taking the top discard unless the log chooses the Joker
    if "cancel_sudden_death" in kinds and "draw" in kinds:
        victory = state.phase == "housekeeping" and state.step == "victory"
        return [kinds["cancel_sudden_death" if victory else "draw"]]
    if "free_upgrade" in kinds and "draw" in kinds:
        return [kinds["free_upgrade" if play.units else "draw"]]
    return fits


def _own_window_closed(ctx: Context, state: State, side: str, ev) -> str | None:
    """5.0 Appropriate Timing of a play on its own line: when the half's windows are a battle's (its battle option)
    and others (its option of its own: Manstein's Counterblow markers, Luftwaffe Support's rescue, General Staff's
    MP), a battle's open window does not time the other option: one of its own must be open (in words, or None)."""
    own = [w for w in ev.windows if w.moment not in BATTLE_MOMENTS]
    if not own or len(own) == len(ev.windows) or any(window_open(ctx, state, side, w) for w in own):
        return None
    return " or ".join(window_words(ctx, side, w) for w in own)


# -- a play line --------------------------------------------------------------------------------------------------

def _event_of(state: State, card: str | None) -> str | None:
    """The card whose event the last play of this player turn made occur (``card`` when none was played)."""
    events = record(state).events
    return events[-1][0] if events else card


def play_of(action: Action, event: str, before: State) -> Play:
    return Play(action.side, action["card"], event, action.line, tuple(action.get("units") or ()),
                tuple(action.get("targets") or ()), action.get("choice") or "", action.get("take"),
                action.get("cancel"), before)


def handle_play(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """5.3: the event of a card played on its own line: the mechanics (``card_play``), then its effect."""
    side, card = action.side, action["card"]
    before = state
    drawn_now = card in before.deck.pending and before.deck.pending_side == side \
        or card in record(before).late  # played late: reported once already (card_play), then replaced as due
    # the units it benefits (5.3.4): its ``units``, or the playing side's units in the stack whose hex it names
    # (General Staff, Surprise Attack)
    play = play_of(action, card, before)
    benefiting = named_units(ctx, before, play)
    state, findings = play_event(ctx, state, side, card, benefiting)
    event = _event_of(state, card)  # the event that occurred (a copier's: the copied one), known once it is played
    if event != card:
        play = evolve(play, event=event)
    label = card_label(ctx, play.event, side)
    h = half(ctx, play.event, side)
    ev = ctx.game.cards[play.event].events[side]
    repeat = drawn_now and (play.event, side) in record(before).events
    quiet = bool(findings)  # played against 5.3-5.4: its effect stands but is not reported again
    if all(e.where == "battle" for e in h.options):
        return state, findings + ([] if quiet else [Finding("5.3.1", f"{label} is played in a battle: list it in the "
                                                                     "battle's 'cards'")])
    fits = _narrow(ctx, before, play, [e for e in h.options if e.where != "battle"])
    effect, why = choose(h, play.choice, fits)
    if effect is None:
        return state, findings + ([] if quiet else [Finding("5.3.1", f"{label}: {why}")])
    if effect.where == "pay":
        return state, findings  # card_play reports it: it works when spent
    if not quiet and effect.where != "battle" and (why := _own_window_closed(ctx, before, side, ev)):
        findings.append(Finding("5.3.1", f"{label}: the option '{effect.option}' is played only {why} (5.0 "
                                         "Appropriate Timing); the window of the card's battle option does not "
                                         "time it"))
        quiet = True
    if effect.where == "battle":
        return state, findings + ([] if quiet else [Finding("5.3.1", f"{label}: the option '{effect.option}' is "
                                                                     "played in a battle: list it in the battle's "
                                                                     "'cards'")])
    if repeat:
        return events_cards.replace_immediate(ctx, state, play), findings  # 5.4 decision: no second event
    if effect.kind == "moves":  # 5.3.4: the movement event played before is over; its units move no more by it
        state, findings = _settle(ctx, state, lambda d: d.kind == "move" and d.side == play.side, findings)
    opened = len(state.effects.due)
    state, more = APPLY[effect.kind](ctx, state, play, effect)
    state = open_draws(state, play, effect)
    if play.card != play.event:  # a copy: its follow-ups may be logged "by" the card played (5.3, log format "by")
        due = state.effects.due
        state = evolve(state, effects=evolve(state.effects, due=due[:opened] + tuple(
            evolve(d, played=play.card) for d in due[opened:])))
    if ev.play_immediately and drawn_now and effect.kind != "reshuffle":
        state = events_cards.replace_immediate(ctx, state, play)
    if quiet:  # nor what it asks for next
        due = state.effects.due
        state = evolve(state, effects=evolve(state.effects, due=due[:opened] + tuple(
            evolve(d, least=0) for d in due[opened:])))
        more = []
    return state, findings + more


# -- follow-up actions -----------------------------------------------------------------------------------------

def due_for(ctx: Context, state: State, action: Action) -> int | None:
    """The index of the due this action carries out, or None."""
    key, side = phase_key(state), action.side
    for i, d in enumerate(state.effects.due):
        if d.key[:3] != key or d.side != side:
            continue
        accepts = FOLLOW.get(d.kind)
        if accepts is not None and accepts[0](ctx, state, d, action):
            return i
    return None


def follow(ctx: Context, state: State, action: Action, index: int) -> tuple[State, list[Finding]]:
    d = state.effects.due[index]
    state, new, findings = FOLLOW[d.kind][1](ctx, state, d, action)
    due = list(state.effects.due)
    due[index] = new
    return evolve(state, effects=evolve(state.effects, due=tuple(due))), findings


def _unexpected_by(ctx: Context, action: Action) -> list[Finding]:
    by = action.get("by")
    if action.type not in ("draw", "discard") or not by:
        return []
    what = "draws" if action.type == "draw" else "discards"
    return [Finding("5.3.1", f"{card_label(ctx, by, action.side)}: no event played now calls for {what} by the "
                             f"{ctx.game.sides[action.side].name} player")]


# -- around every action -------------------------------------------------------------------------------------------

def before(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Checks before an action: a CA an event made mandatory (cards 32, 42, 52) is carried out at once, when it can
    be: not once the losses settling the battle (card 11's, say) left none of its attackers or none of its defenders
    on the map, for a counterattack has the same units, roles swapped, against the attackers' hexes (10.7.2)."""
    e = state.effects
    if e.must_counterattack is None or action.type in SETTLING:
        return state, []
    line, side, card = e.must_counterattack
    state = evolve(state, effects=evolve(e, must_counterattack=None))
    if action.type == "battle" and action.side == side or not _can_counterattack(ctx, state, line):
        return state, []
    return state, [Finding("10.7.2", f"{card_label(ctx, card, side)}: the CA of the battle at line {line} must be "
                                     f"carried out: the {ctx.game.sides[side].name} units counterattack at once")]


def _can_counterattack(ctx: Context, state: State, line: int) -> bool:
    """Whether the battle of ``line`` still has an attacker and a defender on the map (10.7.2)."""
    b = state.combat.battle
    on_map = ctx.board.locations
    return b is None or b.line != line or all(any(state.units[u].loc in on_map for u in units)
                                              for units in (b.attackers, b.defenders))


def exempt_from_end(state: State, action: Action) -> bool:
    """Actions an event played at the end of a phase itself calls for (the extra battle of card 29, and the losses,
    retreats and advances that settle it)."""
    again = state.effects.again
    return again is not None and again.key == phase_key(state) and \
        action.type in (("loss", "retreat", "advance", "remove") if again.fought else
                        ("battle", "loss", "retreat", "advance", "remove"))


def after(ctx: Context, first: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """After an action: dues and effects whose phase is over lapse (what they still required is a violation);
    attack quotas count and settle; Defense Works go when the enemy enters; the action is remembered for the
    events that cancel what was 'just' done."""
    findings: list[Finding] = []
    e = state.effects
    if e.due:
        state, findings = _lapse(ctx, state)
    if e.quotas:
        state = events_vp.count_quotas(ctx, first, state, action)
    if e.works and (state.units is not first.units or state.effects.works is not first.effects.works):
        state = events_combat.works_entered(ctx, first, state)  # (else the last check stands: nothing moved)
    if action.type == "place":
        state = events_cards.pay_events(ctx, first, state, action)
    if action.type in REMEMBERED or (state.recent is not None and action.type != "note"):
        state = _remember(ctx, first, state, action)  # (else it has nothing to remember, nor to forget)
    return state, findings


def _lapse(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    key = phase_key(state)
    for d in state.effects.due:
        if d.key[:3] != key:
            break
    else:  # every due is of this phase (the usual case between a play and its phase's end): none lapses
        return state, []
    now = slot_position(ctx, state.turn, state.player, state.phase)
    return _settle(ctx, state, lambda d: slot_position(ctx, *d.key[:3]) < now, [])


def _settle(ctx: Context, state: State, over: Callable[[Due], bool], findings: list[Finding]
            ) -> tuple[State, list[Finding]]:
    """The dues for which ``over`` holds end: what they still owe is reported (5.3.1), the others stay."""
    keep, findings = [], list(findings)
    for d in state.effects.due:
        if not over(d):
            keep.append(d)
            continue
        close = CLOSE.get(d.effect)
        if close is not None:
            state, more = close(ctx, state, d)
            findings += more
        if d.done < d.least:
            findings.append(Finding("5.3.1", f"{card_label(ctx, d.card, d.player or None)}, played at line {d.line}: "
                                             f"{events_cards.due_words(ctx, d)}; {d.done} logged"))
    if len(keep) != len(state.effects.due):
        state = evolve(state, effects=evolve(state.effects, due=tuple(keep)))
    return state, findings


_NO_RECENT = evolve(Recent("", 0, "", (), None))  # a blank made once: a copy of it costs less than ``Recent``'s
# ``__init__`` (one store a field); a copy's attributes in a combined dict


def _remember(ctx: Context, first: State, state: State, action: Action) -> State:
    kind, cards_, unit = "", (), None
    if action.type == "play":
        kind, cards_ = "play", (action["card"],)
    elif action.type == "discard":
        kind, cards_ = "discard", tuple(action["cards"])
    elif action.type in PAY_ACTIONS:
        cards_ = tuple(action.get("pay") or ())
        kind = "pay" if cards_ else ""
        if action.type == "place" and first.units[action["unit"]].loc in _boxes(ctx, "destroyed", "surrendered"):
            kind, unit = "replacement", action["unit"]
        elif action.type == "flip":
            fk = flip_kind(ctx, action["unit"], first.units[action["unit"]].face, action["face"])
            if fk in ("improve", "upgrade"):
                kind, unit = fk, action["unit"]
    prior = first.recent
    if (kind == "discard" and prior is not None and prior.kind == "play" and action.side != prior.side
            and action.get("by") in prior.cards):  # a discard the play forces: the play is still the card just played
        return evolve(state, recent=evolve(prior, forced=prior.forced + tuple((action.side, c) for c in cards_)))
    recent = None
    if kind:
        stripped = first if prior is None else evolve(first, recent=None)
        event = _event_of(state, None) if kind == "play" else None
        recent = evolve(_NO_RECENT, side=action.side, line=action.line, kind=kind, cards=cards_, before=stripped,
                        unit=unit, event=event)
    if recent is None and state.recent is None:
        return state
    return evolve(state, recent=recent)


def _boxes(ctx: Context, *kinds: str) -> frozenset[str]:
    return once(ctx, ("event_boxes",) + kinds, lambda c: frozenset(f"{k}_{s}" for k in kinds for s in c.game.sides))


def unexpected(ctx: Context, state: State, action: Action) -> list[Finding]:
    """A draw or discard "by" a card that no event calls for now (Scorched Earth's clearing apart)."""
    if events_org.clears_terrain(ctx, state, action):
        return []
    return events_cards.pay_event_refused(ctx, state, action) or _unexpected_by(ctx, action)

