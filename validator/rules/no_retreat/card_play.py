"""Playing events (5.0 Appropriate Timing, 5.3-5.4): whose half, when, how often; what each event then does is
``events`` (and ``events_combat`` for a battle's cards).

- 5.3: a player plays the event of his own side of a card in his hand; the card then goes to the discard pile.
- 5.3.1: an event is played when its card says (``*_play_timing`` in ``cards.csv``: the phase and step, whose
  player turn, the start or end of a phase, from which turn, in which weather); "Play Immediately" events are
  played at once when drawn, and only then (the draws that replace them are part of the Draw Step, 5.2); an
  event that works when the card is spent (``on_pay``) is never played on its own. An event played at the end
  of a phase must be the last thing of that phase: the phasing player acting again in it is a violation.
- 5.3.3: an event with an initiative symbol needs the VP marker on that side's face.
- 5.3.4: each unit benefits from at most one positive movement event per player turn (the units of a ``play``
  are the units it benefits).
- 5.4 "Once is Enough": the same event cannot occur twice in one player turn (a card taken back from the discard
  pile included; the Joker counts as the event it copies). Decision: a "Play Immediately" card drawn again in the
  same player turn (after a reshuffle) is still played at once, but its event does not occur a second time.
- 5.0: card play is sequential, the last card played prevailing on a conflict; when both players play at the same
  moment (the start or end of a phase, the Victory Phase) the initiative player plays first.
- The Joker (cards 20, 33, 40; used when the ``joker`` option is on): set aside with the Hitler (Axis) face up;
  the side whose face is up may play it at any time as a copy of its own event on the top card of the discard
  pile (not a "Play Immediately" one), then it turns to the other face. Gott Mit Uns (2) and Na Berlin! (26)
  copy the same way from the hand, ignoring the copied event's initiative symbol (their own still counts).
"""

from __future__ import annotations

from typing import Sequence

from games.model import CardEvent, CardWindow

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from .cards import acted, card_words, record, spend, with_record
from .events_data import half
from .state import State

REGULAR = frozenset({"supply", "flip", "place", "reorganize", "move", "entrain", "detrain", "declare", "counterblow",
                     "battle", "loss", "retreat", "advance", "remove"})  # actions that carry a phase forward
FIXED_MOMENTS = ("start", "end")


def _phase_words(ctx: Context, phase: str, step: str | None, whose: str = "the") -> str:
    if phase == "*":
        return "any phase" if whose == "the" else f"any phase of {whose} player turn"
    p = next(x for x in ctx.game.phases if x.id == phase)
    if not p.player:
        whose = "the"
    name = f"{whose} {p.name}"
    return f"the {dict(p.steps)[step]} of {name}" if step else name


MOMENT_WORDS = {"": "in ", "start": "at the start of ", "end": "at the end of ",
                "commitment": "in a Commitment Step of ", "roll": "right after a die roll in ",
                "result": "in an Apply Results Step of "}
BATTLE_MOMENTS = ("commitment", "roll", "result")


def window_words(ctx: Context, side: str, w: CardWindow) -> str:
    """A timing window in plain words."""
    if w.kind == "on_draw":
        return "at once when drawn"
    if w.kind == "on_pay":
        return "only when spent as a payment"
    if w.kind == "any":
        text = "any time"
    else:
        whose = {"any": "the", "own": "his own", "enemy": "the enemy's"}.get(
            w.who, f"the {ctx.game.sides[w.who].name}" if w.who in ctx.game.sides else "the")
        step = None if w.moment in BATTLE_MOMENTS else w.step
        text = MOMENT_WORDS[w.moment] + _phase_words(ctx, w.phase, step, whose)
    if w.from_turn:
        text += f", from turn {w.from_turn}"
    if w.weather:
        text += f", in {' or '.join(w.weather)} weather"
    return text


def window_open(ctx: Context, state: State, side: str, w: CardWindow) -> bool:
    """Whether ``side`` may play an event with window ``w`` now (5.3.1)."""
    if w.kind in ("on_draw", "on_pay"):
        return False
    if state.turn < w.from_turn or (w.weather and state.weather not in w.weather):
        return False
    if w.kind == "any":
        return True
    player = state.player
    who_ok = {"any": True, "own": player == side, "enemy": player is not None and player != side}.get(
        w.who, player == w.who)
    if not who_ok or (w.phase != "*" and state.phase != w.phase):
        return False
    if w.step is not None and state.step != w.step:
        return False
    return not (w.moment == "start" and state.phase in acted(state))


def _top(ctx: Context, state: State, side: str, what: str) -> tuple[str | None, list[Finding]]:
    """The card on top of the discard pile whose ``side`` event a copy performs (not a "Play Immediately" one)."""
    top = state.discards[-1] if state.discards else None
    if top is None:
        return None, [Finding("5.3", f"{what} copies the event on the top card of the discard pile, which is empty")]
    if ctx.game.cards[top].events[side].play_immediately:
        return top, [Finding("5.3", f"{what} cannot copy {card_words(ctx, top, side)}: a 'Play Immediately' event")]
    return top, []


def _joker(ctx: Context, state: State, side: str) -> tuple[State, list[Finding], str | None]:
    """The Joker played by ``side``: (state with the Joker turned, findings, the copied card or None)."""
    joker = state.deck.joker
    findings = []
    if joker is None:
        return state, [Finding("5.3", "the Joker is not in use in this game (option 'joker')")], None
    if joker != side:
        findings.append(Finding("5.3", f"the Joker shows its {ctx.game.sides[joker].name} face: only that side may "
                                       "play it"))
    top, more = _top(ctx, state, side, "the Joker")
    other = next(s for s in ctx.game.sides if s != joker)
    return evolve(state, deck=evolve(state.deck, joker=other)), findings + more, top


def copier(ctx: Context, card: str, side: str) -> dict | None:
    """The parameters of a half that performs the top discard's event (Gott Mit Uns, Na Berlin!), or None."""
    e = half(ctx, card, side).options[0]
    return dict(e.params) if e.kind == "copy_discard" and not ctx.game.cards[card].joker else None


def play_event(ctx: Context, state: State, side: str, card: str, units: Sequence[str] = ()
               ) -> tuple[State, list[Finding]]:
    """``side`` plays the event of ``card`` (a card from its hand, or the Joker), benefiting ``units``; the
    mechanics of 5.3-5.4 are checked, the event's own effect is not applied here."""
    findings: list[Finding] = []
    event_card = card
    copy = copier(ctx, card, side)
    own = ctx.game.cards[card].events[side]
    if ctx.game.cards[card].joker:
        state, findings, copied = _joker(ctx, state, side)
        event_card = copied or card
    else:
        if copy is not None:
            copied, findings = _top(ctx, state, side, card_words(ctx, card, side))
            event_card = copied or card
        state, paid = spend(ctx, state, side, [card], "5.3", "an event")
        findings += paid
    ev = ctx.game.cards[event_card].events[side]
    ignoring = copy is not None and copy.get("ignore_initiative")
    symbol = own.initiative if ignoring else ev.initiative
    name = card_words(ctx, event_card, side)
    symbol_name = card_words(ctx, card, side) if ignoring else name  # 5.3.3: the card whose symbol counts
    deck = state.deck
    drawn_now = card in deck.pending and deck.pending_side == side
    if drawn_now:
        pending = list(deck.pending)
        pending.remove(card)
        state = evolve(state, deck=evolve(deck, pending=tuple(pending)))
    elif ev.play_immediately and event_card != card:
        pass  # a copy of a "Play Immediately" event: reported by _top
    elif ev.play_immediately and card in record(state).late:
        # reported when the player went on without it (one mistake, one report): played late, it is replaced, so it
        # no longer counts as one of the Draw Step's cards (5.2)
        rec = record(state)
        state = with_record(state, late=rec.late - {card}, unplayed=max(0, rec.unplayed - 1))
    elif ev.play_immediately:
        findings.append(Finding("5.3.1", f"{name} is a 'Play Immediately' event: it is played at once when "
                                         "drawn, not later"))
    elif any(w.kind == "on_pay" for w in ev.windows):
        findings.append(Finding("5.3.1", f"{name} works when the card is spent as a payment; it is not played "
                                         "on its own"))
    elif not any(window_open(ctx, state, side, w) for w in ev.windows):
        when = " or ".join(window_words(ctx, side, w) for w in ev.windows)
        findings.append(Finding("5.3.1", f"{name} is played {when} (5.0 Appropriate Timing); it is now turn "
                                         f"{state.turn}, {_now(ctx, state)}, {state.weather} weather"))
    if symbol and symbol != state.score.initiative:
        need = ctx.game.sides[symbol].initiative_name
        have = ctx.game.sides[state.score.initiative].initiative_name if state.score.initiative else "?"
        findings.append(Finding("5.3.3", f"{symbol_name} carries the {need} initiative symbol; the VP marker shows "
                                         f"{have}"))
    rec = record(state)
    if (event_card, side) in rec.events and not drawn_now:
        findings.append(Finding("5.4", f"{name} already occurred this player turn: the same event cannot occur "
                                       "twice in one player turn"))
    moved = rec.moved
    if ev.movement and units:
        again = sorted(set(units) & moved)
        if again:
            findings.append(Finding("5.3.4", f"{', '.join(again)} already benefited from a movement event this "
                                             f"player turn; {name} cannot move it again", tuple(again)))
        moved = moved | set(units)
    findings += _simultaneous(ctx, state, side, ev, name)
    end_plays = rec.end_plays
    if any(w.moment == "end" and window_open(ctx, state, side, w) for w in ev.windows):
        end_plays = end_plays + ((state.phase, event_card, side),)
    state = with_record(state, events=rec.events + ((event_card, side),), moved=moved, end_plays=end_plays,
                        last_play=(side, state.phase, _fixed_moment(ctx, state, side, ev)))
    return state, findings


def _now(ctx: Context, state: State) -> str:
    whose = f"the {ctx.game.sides[state.player].name}" if state.player else "the"
    return _phase_words(ctx, state.phase, state.step, whose)


def _fixed_moment(ctx: Context, state: State, side: str, ev: CardEvent) -> str:
    """The fixed moment (the start or end of a phase, the Victory step) this play was made in, or ""."""
    for w in ev.windows:
        if w.kind == "phase" and window_open(ctx, state, side, w):
            if w.moment in FIXED_MOMENTS:
                return f"{w.moment} of {_phase_words(ctx, state.phase, None)}"
            if w.phase == "housekeeping":
                return _phase_words(ctx, state.phase, state.step)
    return ""


def _simultaneous(ctx: Context, state: State, side: str, ev: CardEvent, name: str) -> list[Finding]:
    """5.0: plays at the same fixed moment by both players: the initiative player's first."""
    last = record(state).last_play
    moment = _fixed_moment(ctx, state, side, ev)
    if not last or not moment or last[0] == side or last[2] != moment or side != state.score.initiative:
        return []
    return [Finding("5.0", f"both players play at the {moment}: the {side} player, who has the initiative, plays "
                           f"{name} first")]


def _unplayed(state: State, cards: Sequence[str], side: str) -> State:
    """"Play Immediately" cards of the phasing player's Draw Step that he never played: reported once, under 5.3.1;
    the Draw Step's count (5.2) takes them as drawn cards, as their replacements were never due."""
    rec = record(state)
    counted = [c for c in cards if c not in rec.uncounted]
    if not counted or side != state.player or state.phase != "card" or state.step != "draw":
        return state
    return with_record(state, unplayed=rec.unplayed + len(counted))


def before(ctx: Context, state: State, action: Action, exempt: bool = False) -> tuple[State, list[Finding]]:
    """Checks on the action that follows a play: "Play Immediately" cards still waiting (5.3.1), an event
    played at the end of a phase that the phasing player then carried on (5.3.1; ``exempt``: an action the event
    itself calls for)."""
    findings = []
    deck = state.deck
    if deck.pending and action.type != "note":
        played = action.type == "play" and action.side == deck.pending_side and action["card"] in deck.pending
        if not played:
            names = ", ".join(card_words(ctx, c, deck.pending_side) for c in deck.pending)
            findings.append(Finding("5.3.1", f"{names}: 'Play Immediately', to be played at once when drawn; the "
                                             f"{deck.pending_side} player went on without playing it"))
            state = _unplayed(state, deck.pending, deck.pending_side)
            state = with_record(state, late=record(state).late | frozenset(deck.pending))
            state = evolve(state, deck=evolve(deck, pending=(), pending_side=""))
    rec = record(state)
    if rec.end_plays and action.type in REGULAR and action.side == state.player and not exempt:
        due = [p for p in rec.end_plays if p[0] == state.phase]
        if due:
            names = ", ".join(card_words(ctx, c, s) for _, c, s in due)
            findings.append(Finding("5.3.1", f"{names} played at the end of {_phase_words(ctx, state.phase, None)}: "
                                             f"the phasing player may not go on with the '{action.type}' action in it"))
            state = with_record(state, end_plays=tuple(p for p in rec.end_plays if p[0] != state.phase))
    if action.type not in ("play", "note") and rec.last_play:
        state = with_record(state, last_play=None)
    return state, findings


def after(ctx: Context, state: State, action: Action) -> State:
    """After an action: the phase it happened in has begun ("@start" windows close)."""
    if action.type in REGULAR:
        phases = acted(state)
        if state.phase not in phases:  # (a record of another player turn is replaced by a fresh one in the same copy)
            return evolve(state, acted=((state.turn, state.player), phases | {state.phase}), record=record(state))
    return state
