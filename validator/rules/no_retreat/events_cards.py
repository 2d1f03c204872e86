"""Event effects on the cards themselves (5.3.1, 5.0, 5.4): draws, discards, cards taken back from the discard
pile, reshuffles, cancelled events, the Joker, and the events that work when a card is spent.

- ``draw`` (cards 8, 9, 13, 20, 22, 38, 40 and the "draw 1" of cards 15, 34, 45-52): the player draws exactly the
  cards the event gives ("draw" lines "by" the card, facts), and discards the ones "draw N, keep M" leaves
  ("discard" "by" the card);
- "Play Immediately" events are replaced by one draw "by" the card (5.2; in the Draw Step it is counted by 5.2),
  except that cards 20 and 40 are replaced only when the Joker is in use and shows the playing side's face
  (decision: "draw again if the Joker is used and Hitler/Stalin is up" is their replacement draw);
- ``take_discard``: OKH (card 5) takes an Axis card that is not "Play Immediately" from the top three discards
  (``take``), then the deck and discards are reshuffled; STAVKA (card 33) takes the top Soviet one;
- ``reshuffle`` (cards 20, 40, 53, 54): the discard pile goes into the draw pile;
- ``enemy_discards``: the other player discards (``discard`` lines with his side, "by" the card): Western Allied
  Offensive (24) two cards, or one and a step of an on-map unit (his choice); Red Orchestra (25) one card;
  Soviet Industrial Relocation (42) one card; ``allies_waver`` (44): one card while an Axis-allied unit is on the
  map, and after turn 10 also one Axis-allied unit eliminated;
- ``cancel_card`` (cards 14, 31, 34, 36): the enemy's card just played (14, 34, 36: or just discarded, which
  cancels what it paid for) is cancelled: the state goes back to before it, the card stays spent (31 Axis and 36
  Soviet: it goes to the canceller's hand; 34: then draw 1). Only the last action may be cancelled ("just");
  "Play Immediately" cards never;
- ``flip_joker``: STAVKA turns the Joker to its Stalin face;
- ``draw_on_pay`` (card 12, Fedor von Bock): an Axis replacement paid with it lets the Axis draw one card;
  ``pay_double`` (card 53, Volksgrenadiers): in the Axis Organization Phase it counts as two cards paid.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from .cards import handle_discard, handle_draw, record, reshuffle, with_record
from .event_state import Due, battle_owes, phase_key
from .events_common import Play, card_label, open_due, other, to_hand, violation
from .events_data import Effect, half
from .events_org import follow_loss
from .events_vp import add_quota
from .state import State


def due_words(ctx: Context, d: Due) -> str:
    """What a due still requires, in words."""
    who = ctx.game.sides[d.side].name
    n = d.least
    return {"draw": f"the {who} player draws {n} card(s) by it",
            "discard": f"the {who} player discards {n} card(s) by it",
            "loss": f"the {who} player loses {n} step(s)",
            "eliminate": f"the {who} player eliminates {n} unit(s)"}.get(d.kind, f"{n} {d.kind}(s) by the {who} player")


def _due(state: State, play: Play, side: str, kind: str, least: int, most: int, effect: str, **params) -> State:
    return open_due(state, Due(play.event, side, kind, least, most, phase_key(state), play.line, effect, play.side,
                               params=params))


# -- follow-up draws and discards ---------------------------------------------------------------------------------

def _accepts(kind: str):
    """A follow-up of the event: a draw or discard `by` its card; also a draw that names no card outside the
    player's own Card Phase (where it could only be an event's: 5.2; a VASSAL log cannot name the card)."""
    def accepts(ctx: Context, state: State, d: Due, action: Action) -> bool:
        if action.type != kind or d.done >= d.most:
            return False
        by = action.get("by")
        return by in (d.card, d.played or d.card) or (by is None and kind == "draw"
                                                       and not (state.phase == "card" and action.side == state.player))
    return accepts


def _counted(ctx: Context, d: Due, n: int, **changes) -> tuple[Due, list[Finding]]:
    """The due with ``n`` more cards drawn or discarded (and its other ``changes``, in the same copy: a ``Due`` has
    slots, copied one field at a time)."""
    done = d.done + n
    if done > d.most and d.done <= d.most:
        verb = "draws" if d.kind == "draw" else "discards"
        return evolve(d, done=done, **changes), [violation(
            ctx, d.card, d.player or None, f"the event {verb} {d.most} card(s) for the "
                                           f"{ctx.game.sides[d.side].name} player; {done} logged")]
    return evolve(d, done=done, **changes), []


def follow_draw(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, Due, list[Finding]]:
    """The cards drawn are kept on the due (``used``): "draw 2 and keep 1" discards one of them."""
    state, findings = handle_draw(ctx, state, action, d.card)
    d, more = _counted(ctx, d, len(action["cards"]), used=d.used + tuple(action["cards"]))
    return state, d, findings + more


def _not_drawn(ctx: Context, state: State, d: Due, action: Action) -> list[Finding]:
    """5.3.1, "draw 2 and keep 1" (cards 9 Soviet, 40 Axis): the card discarded is one of the two the event drew;
    discarding an older card would keep both new ones."""
    if d.params.get("from") != "drawn":
        return []
    draws = [x for x in state.effects.due if x.card == d.card and x.line == d.line and x.kind == "draw"]
    drawn = {c for x in draws for c in x.used}
    older = [c for c in action["cards"] if c not in drawn]
    if not older or not drawn or any(x.done > len(x.used) for x in draws):  # no card named yet (a VASSAL log)
        return []
    return [violation(ctx, d.card, d.player or None, f"the event keeps one of the cards it drew "
                                                     f"({', '.join(sorted(drawn))}) and discards the other; "
                                                     f"{', '.join(older)} was not drawn by it")]


def follow_discard(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, Due, list[Finding]]:
    findings = _not_drawn(ctx, state, d, action)
    state, spent = handle_discard(ctx, state, action)
    d, more = _counted(ctx, d, len(action["cards"]))
    return state, d, findings + spent + more


def follow_either(ctx: Context, state: State, d: Due, action: Action) -> tuple[State, Due, list[Finding]]:
    """Western Allied Offensive: the Axis discards or loses a step (his choice)."""
    if action.type == "discard":
        return follow_discard(ctx, state, d, action)
    state, new, findings = follow_loss(ctx, state, evolve(d, kind="loss", done=0, most=1), action)
    return state, evolve(d, used=new.used), findings


def _accepts_either(ctx: Context, state: State, d: Due, action: Action) -> bool:
    if action.type == "discard":
        return action.get("by") in (d.card, d.played or d.card)
    return action.type == "loss" and not d.used and d.done <= int(d.params["or_cards"]) \
        and ctx.game.units[action["unit"]].side == d.side and not battle_owes(state, action["unit"])


def close_either(ctx: Context, state: State, d: Due) -> tuple[State, list[Finding]]:
    if d.kind != "either":
        return state, []
    cards_, steps = d.done, len(d.used)
    full, part = d.params["cards"], d.params["or_cards"]
    held = d.params["held"]
    ok = (cards_ == min(full, held) and steps == 0 and held >= full) or (cards_ == min(part, held) and steps == 1)
    if ok:
        return state, []
    return state, [violation(ctx, d.card, d.player or None,
                             f"the {ctx.game.sides[d.side].name} player discards {full} cards, or {part} and loses a "
                             f"step; {cards_} discarded and {steps} step(s) lost")]


FOLLOW = {"draw": (_accepts("draw"), follow_draw), "discard": (_accepts("discard"), follow_discard),
          "either": (_accepts_either, follow_either)}
CLOSE = {"enemy_discards": close_either}


# -- effects of plays ---------------------------------------------------------------------------------------------

def replace_immediate(ctx: Context, state: State, play: Play) -> State:
    """A "Play Immediately" card is replaced by one draw (5.2): counted by 5.2 in its player's Draw Step."""
    draw_step = state.phase == "card" and state.step == "draw" and state.player == play.side
    return _due(state, play, play.side, "draw", 0 if draw_step else 1, 1, "draw")


def draw(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    """The draws themselves are opened by ``events.open_draws`` (every effect may draw); a quota goes with some."""
    quota = effect.params.get("quota")
    if quota:
        state = add_quota(state, play, play.side, quota)
    return state, []


def take_discard(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    among = int(effect.params["among"])
    pile = play.before.discards
    top = pile[-among:] if among else ()
    eligible = [c for c in reversed(top) if not ctx.game.cards[c].events[play.side].play_immediately]
    card = play.take or (eligible[0] if eligible else None)
    findings = []
    if card is None:
        findings.append(violation(ctx, play.event, play.side, "no card to take: the top of the discard pile holds "
                                                               "no card whose event for this side is not 'Play "
                                                               "Immediately'"))
    elif card not in top:
        where = f"the top {among} discards" if among > 1 else "the top discard"
        findings.append(violation(ctx, play.event, play.side, f"{card} is not among {where} "
                                                               f"({', '.join(reversed(top)) or 'none'})"))
    elif card not in eligible:
        findings.append(violation(ctx, play.event, play.side, f"{card_label(ctx, card, play.side)} is a 'Play "
                                                               "Immediately' event and cannot be taken"))
    state = to_hand(state, play.side, card)
    if effect.params.get("reshuffle"):
        state = reshuffle(state)
    return state, findings


def reshuffle_effect(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    state = reshuffle(state)
    if not effect.params.get("replace_if_joker") or state.deck.joker == play.side:
        return replace_immediate(ctx, state, play), []
    rec = record(state)
    if state.phase == "card" and state.step == "draw" and state.player == play.side and rec.immediate:
        state = with_record(state, immediate=rec.immediate - 1)  # not replaced: it counts as one of the draws
    return state, []


def enemy_discards(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    enemy = other(ctx, play.side)
    n = int(effect.params["cards"])
    held = state.hands[enemy].size
    if "or_steps" in effect.params:
        return _due(state, play, enemy, "either", 0, n, "enemy_discards", cards=n,
                    or_cards=int(effect.params["or_cards"]), held=held), []
    n = min(n, held)
    return _due(state, play, enemy, "discard", n, n, "enemy_discards"), []


def allies_waver(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    enemy = other(ctx, play.side)
    nat = effect.params["nationality"]
    allies = frozenset(u for u, us in state.units.items() if us.loc in ctx.board.locations
                       and ctx.game.units[u].nationality == nat)
    if not allies:
        return state, []
    n = min(int(effect.params["cards"]), state.hands[enemy].size)
    state = _due(state, play, enemy, "discard", n, n, "allies_waver")
    if state.turn > int(effect.params["eliminate_after"]):
        state = open_due(state, Due(play.event, enemy, "eliminate", 1, 1, phase_key(state), play.line, "allies_waver",
                                    play.side, units=allies))
    return state, []


def flip_joker(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    if state.deck.joker is None:
        return state, [violation(ctx, play.event, play.side, "the Joker is not in use in this game (option 'joker')")]
    return evolve(state, deck=evolve(state.deck, joker=play.side)), []


def cancel_card(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    """Cards 14, 31, 34, 36: the enemy card just played (or just discarded) is cancelled."""
    recent = play.before.recent
    enemy = other(ctx, play.side)
    kinds = ("play", "discard", "pay", "replacement", "improve", "upgrade") if effect.params.get("discarded") \
        else ("play",)
    what = "played or discarded" if effect.params.get("discarded") else "played"
    if recent is None or recent.side != enemy or recent.kind not in kinds or not recent.cards:
        return state, [violation(ctx, play.event, play.side, f"it cancels the {ctx.game.sides[enemy].name} card just "
                                                              f"{what}; the action before it is not one")]
    card = play.cancel or recent.cards[0]
    findings = []
    if card not in recent.cards:
        findings.append(violation(ctx, play.event, play.side, f"{card} was not the card just {what} "
                                                               f"({', '.join(recent.cards)} was, line {recent.line})"))
        return state, findings
    event_card = recent.event if recent.kind == "play" and recent.event else card
    if ctx.game.cards[event_card].events[enemy].play_immediately:
        findings.append(violation(ctx, play.event, play.side, f"{card_label(ctx, event_card, enemy)} is a 'Play "
                                                               "Immediately' event and cannot be cancelled"))
        return state, findings
    back = recent.before
    state = evolve(back, hands=state.hands, discards=state.discards, deck=state.deck, record=state.record,
                   acted=state.acted, recent=None)
    for side, forced in recent.forced:  # the discards the cancelled event made the other player make come back
        state = to_hand(state, side, forced)
    if effect.params.get("take"):
        state = to_hand(state, play.side, card)
    return state, findings


def copy_nothing(ctx: Context, state: State, play: Play, effect: Effect) -> tuple[State, list[Finding]]:
    """A copy (Joker, Gott Mit Uns, Na Berlin!) performs the copied event (``card_play`` resolves it); one that found
    nothing to copy (reported there) does nothing."""
    return state, []


PAY_EFFECTS = frozenset({"draw_on_pay", "pay_double"})  # effects that work when the card is spent (``cards.paid``)
APPLY = {"draw": draw, "take_discard": take_discard, "reshuffle": reshuffle_effect, "enemy_discards": enemy_discards,
         "allies_waver": allies_waver, "flip_joker": flip_joker, "cancel_card": cancel_card,
         "copy_discard": copy_nothing}


# -- cards that work when spent ---------------------------------------------------------------------------------

def pay_event_refused(ctx: Context, state: State, action: Action) -> list[Finding]:
    """5.3.3 for a card that works when spent (Fedor von Bock, card 12): a draw "by" it while the VP marker shows the
    other side's face is refused by its initiative symbol (``pay_events`` opens no draw then)."""
    by = action.get("by")
    if action.type != "draw" or not by or half(ctx, by, action.side).options[0].kind != "draw_on_pay":
        return []
    symbol = ctx.game.cards[by].events[action.side].initiative
    if not symbol or symbol == state.score.initiative:
        return []
    have = ctx.game.sides[state.score.initiative].initiative_name if state.score.initiative else "?"
    return [Finding("5.3.3", f"{card_label(ctx, by, action.side)} carries the {ctx.game.sides[symbol].initiative_name} "
                             f"initiative symbol; the VP marker shows {have}: spending the card draws nothing")]


def pay_events(ctx: Context, first: State, state: State, action: Action) -> State:
    """Card 12 (Fedor von Bock): spent on a replacement, the Axis then draws one card (with the Axis initiative)."""
    if action.type != "place" or not action.get("pay"):
        return state
    side = action.side
    loc = first.units[action["unit"]].loc
    if loc not in (f"destroyed_{side}", f"surrendered_{side}"):
        return state
    for c in action["pay"]:
        ev = ctx.game.cards[c].events[side]
        e = half(ctx, c, side).options[0]
        if e.kind == "draw_on_pay" and (not ev.initiative or ev.initiative == state.score.initiative):
            play = Play(side, c, c, action.line)
            state = _due(state, play, side, "draw", e.draw, e.draw, "draw_on_pay")
    return state
