"""The cards: the deck, hands, drawing, discarding, paying (5.0-5.2.1, 5.4, 5.5).

- 5.0: cards are drawn one by one from the draw pile; when only one card is left in it, that card is not drawn:
  the pile is reshuffled with the discard pile first. Draws are facts in the log: a drawn card must be one that
  can be in the draw pile (not in a hand, not in the discard pile before a reshuffle, not set aside). Played and
  spent cards go to the discard pile.
- 5.1: the Card Phase begins with the Discard Step: the phasing player keeps at most two cards. A discard at any
  other moment must pay for something (``pay`` lists) or come from an event (``by``).
- 5.2: then he draws four cards, less one for the Soviets for each of Moscow and the Caucasus oil field the Axis
  controls, less one for the Axis when the Soviets control the Rumanian oil field, one more for the Axis on the
  turns of the ``axis_extra_card`` event (8-9) and for the Soviets from the turn of ``soviet_extra_card`` (21).
  "Play Immediately" cards drawn are played at once and replaced (see ``card_play``). A draw at any other moment
  must come from an event (``by``).
- 5.2.1: on a turn with a red event the Axis discards one card at the end of his Draw Step (a discard past the one
  is reported on its own line, as a draw past the rate is; none, on the line that ends the step).
- 5.4: cards are spent to pay for replacements, rail moves, reorganization, improvements and counterblows; a
  player pays only with cards he holds.
- 5.5: the deck holds cards 1-44 until turn 23 (the green-circled 1945 cards and the Joker set aside); in the
  housekeeping of the ``reset_1945`` turn the fifteen red-barred cards leave play (hands, pile and discards) and
  the draw pile, the discards and the ten green-circled cards are shuffled into a new draw pile. A card out of the
  game on the turn (a header's hand may name one) that is spent or played is reported.

A hand is known card by card when the log names the cards (draws, the header's ``position.hands``), otherwise by
its size only (the scenario's ``[hands]``). When a log skips a Card Phase the validator assumes the discards and
draws the rules require, with unknown cards, and stops checking the pile's exact contents; a Draw Step the log
begins with its own ``phase`` line is not skipped: the draws after it are all there are (5.2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from ...engine.context import Context, once
from ...engine.state import evolve, start_of
from ...model import Action, Finding
from .control import controller
from .deck_state import Deck, PlayerTurn
from .events_data import half
from .state import MUTUAL_PHASE, Hand, State

HAND_LIMIT = 2  # 5.1: cards kept before drawing
OPEN_HAND_MAX = 12  # a generous bound on one hand: 2 kept (5.1), at most 5 drawn (5.2), the card-drawing events
RESET_1945 = "reset_1945"  # turn-event code of the 1945 card swap and VP reset (5.5)
# 5.2: draw-rate penalties: side -> (city names, region whose oil field) the enemy must not control
DRAW_CITIES = {"soviet": ("Moscow",)}
DRAW_OIL = {"soviet": "ussr_1941", "axis": "rumania"}
# 5.2 (3rd-ed summary): extra cards: turn-event code -> (side, "turn": on the turns listed / "from": from then on)
EXTRA_CARD = {"axis_extra_card": ("axis", "turn"), "soviet_extra_card": ("soviet", "from")}
TWO_FRONT_SIDE = "axis"  # 5.2.1: the side that discards after drawing on red-event turns
JOKER_OPTION = "joker"  # scenario/header option: the Joker is in use (set aside, Axis face up)


def card_words(ctx: Context, card: str, side: str | None = None) -> str:
    c = ctx.game.cards[card]
    if side is None:
        return card
    return f"{card} ({c.events[side].title})"


# -- the deck -----------------------------------------------------------------------------------------------------

def reset_turn(ctx: Context) -> int | None:
    return ctx.first_turn_of.get(RESET_1945)


def deck_for(ctx: Context, turn: int) -> tuple[frozenset[str], frozenset[str]]:
    """(cards in play, cards set aside) on ``turn`` (5.5): the Joker is always aside."""
    reset = reset_turn(ctx)
    late = reset is not None and turn >= reset
    leaving = "remove" if late else "add"
    inside = frozenset(c.id for c in ctx.game.cards.values() if not c.joker and c.mark_1945 != leaving)
    return inside, frozenset(ctx.game.cards) - inside


def unknown_cards(state: State) -> int:
    return sum([h.unknown for h in state.hands.values()])


def pile_size(state: State) -> int:
    """Cards in the draw pile (5.0): the unseen cards less those unseen in hands."""
    return len(state.deck.unseen) - unknown_cards(state)


def may_have_reshuffled(state: State) -> bool:
    """Whether the draw pile may have reached its last card (and the discards been reshuffled, 5.0) without the log
    showing it: never when the pile is known exactly; when hands were left out of the log, only if those open hands
    (at most :data:`OPEN_HAND_MAX` cards each) could hold all unseen cards but one."""
    deck = state.deck
    if deck.exact:
        return False
    if not deck.known_discards:
        return True  # the discard pile was not given: its size, and so the pile's, is unknown
    return pile_size(state) - OPEN_HAND_MAX * len(deck.open_hands) <= 1


def setup(ctx: Context, state: State) -> State:
    """The deck at the first action: the deck of the start turn less the cards in known hands and the header's
    discard pile; exact when the log starts on the scenario's first turn or lists the discard pile. A log that
    starts later without giving a side's hand leaves that hand open: any card it may hold it may spend."""
    inside, aside = deck_for(ctx, state.turn)
    position = ctx.header.position
    discards = tuple(position.get("discards", ()))
    held = {c for h in state.hands.values() for c in h.known}
    unseen = inside - held - set(discards)
    first = state.turn == ctx.scenario.first_turn
    exact = "discards" in position or first
    joker = "axis" if ctx.option(JOKER_OPTION) else None
    given = position.get("hands", {})
    open_hands = frozenset() if first else frozenset(s for s in ctx.game.sides if s not in given)
    return evolve(state, deck=Deck(frozenset(unseen), aside, exact and not open_hands, joker, open_hands=open_hands,
                                   known_discards=exact),
                  discards=discards)


def swap_1945(ctx: Context, state: State) -> State:
    """5.5 "On to Berlin!": red-barred cards leave hands, pile and discards; the pile, the discards and the
    green-circled cards make the new draw pile."""
    inside, aside = deck_for(ctx, state.turn)
    hands = {s: Hand(h.known & inside, h.unknown) for s, h in state.hands.items()}
    unseen = (state.deck.unseen | set(state.discards) | {c for c in inside if c in state.deck.aside}) & inside
    return evolve(state, hands=hands, discards=(), deck=evolve(state.deck, unseen=frozenset(unseen), aside=aside))


def _aside_words(ctx: Context, card: str) -> str:
    """Why a card set aside (5.5) is out of the game now, in words."""
    reset = reset_turn(ctx)
    c = ctx.game.cards[card]
    if c.joker:
        return "set aside (the Joker is never drawn)"
    if c.mark_1945 == "add":
        return f"set aside until turn {reset} (a green-circled 1945 card, 5.5)"
    return f"out of play since turn {reset} (a red-barred card, 5.5)"


def where_is(ctx: Context, state: State, card: str) -> str:
    """Where a card is now, in words, for messages."""
    for s, h in state.hands.items():
        if card in h.known:
            return f"in the {ctx.game.sides[s].name} hand"
    if card in state.discards:
        return "in the discard pile"
    if card in state.deck.aside:
        return _aside_words(ctx, card)
    holders = [ctx.game.sides[s].name for s, h in state.hands.items() if h.unknown]
    return "in the draw pile" + (f" or among the unknown cards of the {' or '.join(holders)} hand" if holders else "")


# -- per player turn records ---------------------------------------------------------------------------------------

def record(state: State) -> PlayerTurn:
    """What the current player turn has used so far (a fresh record when the last one is of another turn)."""
    rec = state.record
    key = rec.key
    if key[0] == state.turn and key[1] == state.player:
        return rec
    return _fresh_record(state.turn, state.player)


def acted(state: State) -> frozenset[str]:
    """The phases of the current player turn in which an action other than a card play happened (``State.acted``;
    none when it is of another player turn)."""
    key, phases = state.acted
    return phases if key[0] == state.turn and key[1] == state.player else frozenset()


_BLANK_RECORD = evolve(PlayerTurn())  # (a copy: its attributes in a combined dict, copied in one block)


@lru_cache(maxsize=8)
def _fresh_record(turn: int, player: str | None) -> PlayerTurn:
    """An empty record (immutable: one made per player turn, asked for on every action of the mutual phase); a copy
    of the blank one (a ``PlayerTurn``'s ``__init__`` sets its fields one call each)."""
    return evolve(_BLANK_RECORD, key=(turn, player))


def with_record(state: State, **changes) -> State:
    return evolve(state, record=evolve(record(state), **changes))


# -- hands and payments ---------------------------------------------------------------------------------------------

def spend(ctx: Context, state: State, side: str, cards: Sequence[str], rule: str, what: str
          ) -> tuple[State, list[Finding]]:
    """``side`` discards ``cards`` to pay for ``what`` (5.4); each card it does not hold breaks ``rule``. A card
    of a hand known only by its size is taken from it when it can be there. The logged payment stands."""
    if not cards:  # (most flips, placements and entrainments pay nothing: the state stays as it is)
        return state, []
    hand = state.hands[side]
    known, unknown = set(hand.known), hand.unknown
    unseen = state.deck.unseen
    findings = []
    for card in cards:
        if card in known:
            known.discard(card)
            if card in state.deck.aside:  # a header's hand naming it (the Joker too: it is played, never spent)
                findings.append(Finding("5.5", f"{side} spends card {card} on {what}, but on turn {state.turn} it "
                                               f"is {_aside_words(ctx, card)}: no hand can hold it"))
            continue
        open_hand = side in state.deck.open_hands
        if card in unseen and (unknown > 0 or open_hand):
            unknown = max(0, unknown - 1)
            unseen = unseen - {card}
            continue
        if card in state.discards and not state.deck.exact and unknown > 0:
            unknown -= 1  # the log lost track of the pile: the card may have come back in a reshuffle
            continue
        holding = f"hand: {', '.join(sorted(known)) or 'empty'}" + (f" and {unknown} unknown" if unknown else "") + \
            (" and the cards of the start, which the log does not give" if open_hand else "")
        findings.append(Finding(rule, f"{side} holds no card {card} to spend on {what}: it is "
                                      f"{where_is(ctx, state, card)} ({holding})"))
        unseen = unseen - {card}
        for other, h in state.hands.items():
            if other != side and card in h.known:
                state = evolve(state, hands={**state.hands, other: Hand(h.known - {card}, h.unknown)})
    kept = state.discards  # (a card spent is in the discard pile already only when the log lost track of it)
    if any([c in kept for c in cards]):
        kept = tuple([c for c in kept if c not in cards])
    discards = kept + tuple([c for c in cards if not ctx.game.cards[c].joker])
    hands = {**state.hands, side: Hand(frozenset(known), unknown)}
    if unseen is state.deck.unseen:  # (every card spent was in the hand as the log gave it: the deck stays)
        return evolve(state, hands=hands, discards=discards), findings
    return evolve(state, hands=hands, discards=discards, deck=evolve(state.deck, unseen=unseen)), findings


def payment(action: Action) -> list[str]:
    return list(action.get("pay") or ())


# -- drawing ----------------------------------------------------------------------------------------------------

def reshuffle(state: State) -> State:
    """5.0: the discard pile is shuffled into the draw pile."""
    return evolve(state, discards=(), deck=evolve(state.deck, unseen=state.deck.unseen | set(state.discards)))


def draw_one(ctx: Context, state: State, side: str, card: str) -> tuple[State, list[Finding], bool]:
    """``side`` draws ``card`` (a fact): (new state, findings, whether the pile was reshuffled first)."""
    findings = []
    reshuffled = False
    if pile_size(state) <= 1 and state.discards:
        state, reshuffled = reshuffle(state), True
    deck = state.deck
    if card in deck.unseen:
        if pile_size(state) <= 1 and deck.exact:
            findings.append(Finding("5.0", f"{side} drew {card} from a draw pile of {pile_size(state)} card(s) and "
                                           "no discards: the last card of the draw pile is never drawn"))
        return _take(state, side, frozenset((card,))), findings, reshuffled
    elif card in state.discards and may_have_reshuffled(state):
        state = evolve(state, discards=tuple(c for c in state.discards if c != card))
    else:
        where = where_is(ctx, state, card)
        extra = ""
        if card in state.discards:
            extra = f"; the draw pile still holds {pile_size(state)} cards and is reshuffled only when one is left"
        rule = "5.5" if card in deck.aside and not ctx.game.cards[card].joker else "5.0"
        findings.append(Finding(rule, f"{side} cannot draw {card}: it is {where}{extra}"))
        state = evolve(state, discards=tuple(c for c in state.discards if c != card),
                       hands={s: Hand(h.known - {card}, h.unknown) for s, h in state.hands.items()},
                       deck=evolve(deck, aside=deck.aside - {card}))
    hand = state.hands[side]
    return evolve(state, hands={**state.hands, side: Hand(hand.known | {card}, hand.unknown)}), findings, reshuffled


def _take(state: State, side: str, cards: frozenset[str]) -> State:
    """``cards`` leave the draw pile for ``side``'s hand."""
    deck, hand = state.deck, state.hands[side]
    return evolve(state, deck=evolve(deck, unseen=deck.unseen - cards),
                  hands={**state.hands, side: Hand(hand.known | cards, hand.unknown)})


def draw_cards(ctx: Context, state: State, side: str, cards: Sequence[str]) -> tuple[State, list[Finding], bool]:
    """``side`` draws ``cards`` in order (5.0): :func:`draw_one` for each, or, when that would take them all from the
    pile with nothing to report (:func:`_plain_draw`), all of them in one copy."""
    if _plain_draw(state, cards):
        return _take(state, side, frozenset(cards)), [], False
    findings: list[Finding] = []
    reshuffled = False
    for card in cards:
        state, f, r = draw_one(ctx, state, side, card)
        findings += f
        reshuffled = reshuffled or r
    return state, findings, reshuffled


def _plain_draw(state: State, cards: Sequence[str]) -> bool:
    """Whether :func:`draw_one` takes every card of a draw from the draw pile, with no reshuffle and nothing to
    report: different cards, all unseen, and the pile holding more than it gives (so that its last card is never
    reached, 5.0)."""
    return bool(cards) and pile_size(state) > len(cards) and state.deck.unseen.issuperset(cards) \
        and len(set(cards)) == len(cards)


def _draw_hexes(ctx: Context, side: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(city name, hex) of the cities and (oil name, hex) of the oil hexes whose loss to the enemy cuts ``side``'s
    draw rate (5.2), in the order of the rules' list and of the map (found once per replay)."""
    return once(ctx, ("draw_hexes", side), lambda c: _find_draw_hexes(c, side))


def _find_draw_hexes(ctx: Context, side: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    m = ctx.game.map
    cities = [(name, h.id) for name in DRAW_CITIES.get(side, ()) for h in m.cities if h.city == name]
    region = DRAW_OIL.get(side)
    locs = m.regions[region].locations if region else frozenset()
    oil = [(h.oil, h.id) for h in m.hexes.values() if h.oil and h.id in locs]
    return cities, oil


def draw_rate(ctx: Context, state: State, side: str) -> tuple[int, list[str]]:
    """Cards ``side`` draws in its Draw Step now, and the reasons for any change from the game's rate (5.2: four,
    game.toml ``[cards] turn_draw``)."""
    enemy, cities, oil, n, why = once(ctx, ("draw_rate", state.turn, side), lambda c: _turn_rate(c, state.turn, side))
    if not cities and not oil:
        return n, list(why)
    lost = []
    for name, h in cities:
        if controller(ctx, state, h) == enemy:
            lost.append(f"-1: the {ctx.game.sides[enemy].name} player controls {name}")
    for name, h in oil:
        if controller(ctx, state, h) == enemy:
            lost.append(f"-1: the {ctx.game.sides[enemy].name} player controls the {name}")
    return max(n - len(lost), 0), lost + list(why)


def _turn_rate(ctx: Context, turn: int, side: str) -> tuple[str, list, list, int, tuple[str, ...]]:
    """What the draw rate of ``side`` on ``turn`` owes to the game alone (5.2): (the enemy, the cities and oil
    hexes whose control by the enemy cuts it, the rate with the turn's extra cards, the reasons for those)."""
    n, why = ctx.game.turn_draw, []
    enemy = [s for s in ctx.game.sides if s != side][0]
    cities, oil = _draw_hexes(ctx, side)
    for code, (who, how) in EXTRA_CARD.items():
        if who != side:
            continue
        listed = any([e.code == code for e in ctx.game.turns[turn].events])
        first = ctx.first_turn_of.get(code)
        if listed or (how == "from" and first is not None and turn >= first):
            n += 1
            why.append(f"+1: turn-track event '{code}'")
    return enemy, cities, oil, n, tuple(why)


def _too_many(ctx: Context, state: State, side: str, before: PlayerTurn) -> list[Finding]:
    """5.2: the draw that takes the Draw Step past the draw rate (plus one replacement per "Play Immediately"
    card drawn) is reported, once."""
    rec = record(state)
    rate, why = draw_rate(ctx, state, side)
    if rec.drawn <= rate + rec.immediate or before.drawn > rate + before.immediate:
        return []
    reasons = f" ({'; '.join(why)})" if why else ""
    extra = (f", plus one replacement for each of the {rec.immediate} 'Play Immediately' card(s)"
             if rec.immediate else "")
    return [Finding("5.2", f"{side} has drawn {rec.drawn} card(s) in the Draw Step; the draw rate is {rate}{reasons}"
                           f"{extra}")]


def handle_draw(ctx: Context, state: State, action: Action, event: str | None = None
                ) -> tuple[State, list[Finding]]:
    """``side`` draws the cards (5.0); ``event``: the card whose event the draw follows when the log does not name
    it (``by``)."""
    side = action.side
    drawn_immediate = []
    cards = action["cards"]
    state, findings, reshuffled = draw_cards(ctx, state, side, cards)
    for card in cards:
        if ctx.game.cards[card].events[side].play_immediately:
            drawn_immediate.append(card)
    claimed = action.get("reshuffle")
    if claimed is not None and bool(claimed) != reshuffled and state.deck.exact:
        findings.append(Finding("5.0", "the draw pile was " + ("not " if not reshuffled else "") +
                                "reshuffled before these cards: it is reshuffled when one card is left in it"))
    by = action.get("by") or event
    in_draw_step = state.phase == "card" and state.step == "draw" and side == state.player
    rec = record(state)
    # a draw "by" a "Play Immediately" card counts as its replacement only when its play called for one (``event``:
    # the draw follows it); one that no play calls for is reported there (5.3.1) and not counted again (5.2)
    if in_draw_step and (by is None or event is not None and ctx.game.cards[by].events[side].play_immediately
                         and by not in rec.uncounted):
        state = with_record(state, drawn=rec.drawn + len(action["cards"]),
                            immediate=rec.immediate + len(drawn_immediate))
        findings += _too_many(ctx, state, side, rec)
    elif in_draw_step and drawn_immediate:  # drawn by an event: their replacements are the event's too
        state = with_record(state, uncounted=rec.uncounted | frozenset(drawn_immediate))
    elif by is None:
        findings.append(Finding("5.2", f"{side} drew {', '.join(action['cards'])} outside his Card Phase's Draw Step; "
                                       "cards are otherwise drawn only by an event ('by')"))
    if drawn_immediate:
        pending = tuple(drawn_immediate)
        if state.deck.pending_side == side:
            pending = state.deck.pending + pending
        state = evolve(state, deck=evolve(state.deck, pending=pending, pending_side=side))
    return state, findings


# -- discarding --------------------------------------------------------------------------------------------------

def handle_discard(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    side, cards = action.side, list(action["cards"])
    by = action.get("by")
    card_phase = state.phase == "card" and side == state.player
    findings: list[Finding] = []
    if by is not None:
        return spend(ctx, state, side, cards, "5.3", f"the discard {by} calls for")
    if card_phase and state.step == "draw":
        rec = record(state)
        state = with_record(state, after_draw_discards=rec.after_draw_discards + len(cards))
        red = red_events(ctx, state.turn)
        if side != TWO_FRONT_SIDE or not red:
            findings.append(Finding("5.1", f"{side} discarded {', '.join(cards)} after drawing: the Discard Step "
                                           "comes before the Draw Step (only the Axis discards one card after "
                                           "drawing, on red-event turns, 5.2.1)"))
        elif rec.after_draw_discards + len(cards) > 1:  # the line that goes past the one card, as draws (5.2)
            findings.append(Finding("5.2.1", f"the red event of turn {state.turn} ({red[0]}) calls for one discard "
                                             f"after drawing; {rec.after_draw_discards + len(cards)} were discarded"))
    elif not (card_phase and state.step == "discard"):
        findings.append(Finding("5.1", f"{side} discarded {', '.join(cards)} outside his Card Phase's Discard Step; "
                                       "cards are otherwise spent only to pay for something (a 'pay' list) or by an "
                                       "event ('by')"))
    state, paid = spend(ctx, state, side, cards, "5.1", "a discard")
    if paid and card_phase and state.step == "discard":  # one finding per card not held: still one card discarded
        state = with_record(state, unheld_discards=record(state).unheld_discards + len(paid))
    return state, findings + paid


def red_events(ctx: Context, turn: int) -> list[str]:
    return [e.text for e in ctx.game.turns[turn].events if e.red]


# -- the Card Phase ---------------------------------------------------------------------------------------------

def note_card_action(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Before an action: a draw or discard by the phasing player in his Card Phase means the log records it. A
    first such draw or discard after the Discard Step ended (the log recorded that step empty) checks the hand kept
    then (5.1), unless the log began in the Draw Step."""
    if state.phase == "card" and action.side == state.player and action.type in ("draw", "discard") \
            and not action.get("by") and not record(state).card_logged:
        state = with_record(state, card_logged=True)
        if state.step == "draw" and not _begun_in_draw_step(ctx, state):
            return end_discard_step(ctx, state)
        return state, []
    return state, []


def _begun_in_draw_step(ctx: Context, state: State) -> bool:
    """The log starts in this Card Phase's Draw Step: its Discard Step came before the log."""
    at = start_of(ctx, MUTUAL_PHASE)
    return (at.turn, at.player, at.phase, at.step) == (state.turn, state.player, "card", "draw")


def end_discard_step(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """5.1: at most two cards are kept (checked when the log records the Card Phase). A discard naming a card the
    hand cannot hold (e.g. a red-barred one after the 1945 swap, 5.5) is reported on its line and still counts as a
    card discarded: one mistake, one report."""
    side = state.player
    if side is None or not record(state).card_logged or side in state.deck.open_hands:
        return state, []
    size = max(0, state.hands[side].size - record(state).unheld_discards)
    if size > HAND_LIMIT:
        return state, [Finding("5.1", f"{side} keeps {size} cards at the end of the Discard Step; at most "
                                      f"{HAND_LIMIT} may be kept before drawing (discard {size - HAND_LIMIT})")]
    return state, []


def note_draw_step(ctx: Context, state: State, action: Action) -> State:
    """After a ``phase`` line: one that begins the phasing player's own Draw Step records it (5.2: he must draw, so
    the step's end checks the draws, even none)."""
    if (action["phase"], action.get("step"), action.side) != ("card", "draw", state.player) \
            or (state.phase, state.step) != ("card", "draw"):
        return state
    return with_record(state, draw_step_logged=True)


def end_draw_step(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """5.2, 5.2.1: the number of cards drawn and the Axis discard on red-event turns; when the log records
    nothing of this Card Phase, the validator assumes it (unknown cards). A Draw Step the log begins with its own
    ``phase`` line is recorded: ended without a draw or discard, the hand kept whole (5.1) and no card drawn (5.2)
    are reported on the line that ends it."""
    side = state.player
    if side is None:
        return state, []
    rec = record(state)
    rate, why = draw_rate(ctx, state, side)
    kept: list[Finding] = []
    if not rec.card_logged and rec.draw_step_logged:
        state = with_record(state, card_logged=True)
        rec = record(state)
        if not _begun_in_draw_step(ctx, state):
            state, kept = end_discard_step(ctx, state)
    if not rec.card_logged:
        if side in state.deck.open_hands:
            return state, []
        hand = state.hands[side]
        kept = min(hand.size, HAND_LIMIT)
        left = max(0, pile_size(state) + len(state.discards) - 1)
        extra = 1 if side == TWO_FRONT_SIDE and red_events(ctx, state.turn) else 0
        n = max(0, kept + min(rate, left) - extra)
        unseen = state.deck.unseen | hand.known
        return evolve(state, hands={**state.hands, side: Hand(frozenset(), n)},
                      deck=evolve(state.deck, unseen=unseen, exact=False)), []
    findings = kept
    reasons = f" ({'; '.join(why)})" if why else ""
    regular = rec.drawn - rec.immediate + rec.unplayed  # a card never played is not replaced: it counts (5.3.1)
    possible = pile_size(state) + len(state.discards) > 1
    if regular < rate and (possible or not state.deck.exact):
        kept = f", but counting the {rec.unplayed} never played" if rec.unplayed else ""
        findings.append(Finding("5.2", f"{side} drew {regular} card(s) in the Draw Step (not counting "
                                       f"'Play Immediately' cards{kept}); the draw rate is {rate}{reasons}"))
    red = red_events(ctx, state.turn)
    if side == TWO_FRONT_SIDE and red:
        n = rec.after_draw_discards
        if n == 0 and state.hands[side].size > 0:
            findings.append(Finding("5.2.1", f"turn {state.turn} has a red event ({red[0]}): the {side} player "
                                             "must discard one card of his choice at the end of the Draw Step"))
    return state, findings


def paid(ctx: Context, state: State, side: str, pay: Sequence[str]) -> int:
    """How many cards ``pay`` counts as (card 53, Volksgrenadiers: two in its side's own Organization Phase)."""
    n = len(pay)
    for c in pay:
        e = half(ctx, c, side).options[0]
        if e.kind == "pay_double" and state.phase == e.params["phase"] and state.player == side:
            n += 1
    return n


def overpaid(ctx: Context, state: State, side: str, pay: Sequence[str], cost: int, what: str) -> str | None:
    """Decision (5.4 with 5.1): a payment holds no card beyond the cost. Cards are spent to pay a cost, and outside
    the Discard Step a card leaves the hand only to pay for something or by an event; a card the others already
    cover pays for nothing (a free entrain or placement paid for; card 53 counting two pays a one-card cost alone).
    Why, in words, or None; the cost's own rule reports it."""
    pay = list(pay)
    if not any(paid(ctx, state, side, pay[:i] + pay[i + 1:]) >= cost for i in range(len(pay))):
        return None
    return (f"{what} costs {cost} card(s); {len(pay)} paid ({', '.join(pay)}): a card beyond the cost pays for "
            "nothing (5.4, 5.1)")
