"""What the event-effect modules share: a play as plain data, the words that name a card, dues and lasting effects
in the state, and where a moment lies in the sequence of play (for effects that lapse when a phase ends)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ...engine.context import Context, once
from ...engine.state import evolve
from ...model import Finding
from .event_state import Due, Key, Lasting, phase_key
from .events_data import Effect, Half
from .state import Hand, State

EFFECT_RULE = "5.3.1"  # 5.3.1 Event Effects: an event does what its card says, and no more


@dataclass(frozen=True)
class Play:
    """One event played: by whom, which card (``event``: the card whose event occurs, the copied one for the Joker,
    Gott Mit Uns and Na Berlin!), and what the log says it acts on."""

    side: str
    card: str
    event: str
    line: int
    units: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    choice: str = ""
    take: str | None = None
    cancel: str | None = None
    before: Any = None  # the State before the play


def card_label(ctx: Context, card: str, side: str | None) -> str:
    """"card 27 (River Crossing)": the card's number and, for a side, the title of its half."""
    c = ctx.game.cards[card]
    head = "the Joker" if c.joker else f"card {c.number}"
    return f"{head} ({c.events[side].title})" if side else head


def violation(ctx: Context, card: str, side: str | None, message: str, units: Iterable[str] = (),
              path: Iterable[str] = ()) -> Finding:
    return Finding(EFFECT_RULE, f"{card_label(ctx, card, side)}: {message}", tuple(units), tuple(path))


def other(ctx: Context, side: str) -> str:
    return next(s for s in ctx.game.sides if s != side)


def to_hand(state: State, side: str, card: str | None) -> State:
    """``card`` goes from the discard pile to ``side``'s hand (cards 5, 31, 33, 36)."""
    if card is None or card not in state.discards:
        return state
    hand = state.hands[side]
    return evolve(state, discards=tuple(c for c in state.discards if c != card),
                  hands={**state.hands, side: Hand(hand.known | {card}, hand.unknown)})


def open_due(state: State, due: Due) -> State:
    return evolve(state, effects=evolve(state.effects, due=state.effects.due + (due,)))


def add_lasting(state: State, lasting: Lasting) -> State:
    return evolve(state, effects=evolve(state.effects, lasting=state.effects.lasting + (lasting,)))


def scope_key(state: State, lasting: str) -> Key:
    """The key an effect lasting for ``lasting`` holds under (phase, player_turn, turn)."""
    if lasting == "phase":
        return ("phase", state.turn, state.player, state.phase)
    if lasting == "player_turn":
        return ("player_turn", state.turn, state.player)
    return ("turn", state.turn)


def active(state: State) -> list[Lasting]:
    """The lasting effects that hold now."""
    if not state.effects.lasting:  # (most battles: no lasting effect was ever played)
        return []
    keys = {scope_key(state, s) for s in ("phase", "player_turn", "turn")}
    return [x for x in state.effects.lasting if x.scope in keys]


def slot_position(ctx: Context, turn: int, player: str | None, phase: str) -> int:
    """An order on (turn, phasing player, phase): the last step of that phase in that turn."""
    key = ("slot_end", player, phase)
    last = ctx.tables.get(key)  # (asked at every play and remembered action: looked up without once's call)
    if last is None:
        last = once(ctx, key, lambda c: max(i for i, s in enumerate(c.slots) if s[0] == player and s[1] == phase))
    return turn * len(ctx.slots) + last


def hexes_of(ctx: Context, state: State, side: str) -> dict[str, list[str]]:
    """Map locations holding ``side``'s units -> those units."""
    out: dict[str, list[str]] = {}
    for uid, us in state.units.items():
        if us.loc in ctx.board.locations and ctx.game.units[uid].side == side:
            out.setdefault(us.loc, []).append(uid)
    return out


def named_hexes(state: State, play: Play) -> tuple[str, ...]:
    """The hexes a play of an event that acts on hexes names: its ``targets``, or, when the log names the ``units``
    there instead (docs/log-format.md: "the units it benefits or affects"), the hexes they stand in, in order."""
    return play.targets or tuple(dict.fromkeys(state.units[u].loc for u in play.units
                                               if u in state.units and state.units[u].loc))


def named_units(ctx: Context, state: State, play: Play, side: str | None = None) -> tuple[str, ...]:
    """The units a play of an event that acts on one stack or unit names: its ``units``, or, when the log names the
    hex (``targets``) instead, the units of ``side`` (default: the playing side) standing there."""
    if play.units or not play.targets:
        return play.units
    at = hexes_of(ctx, state, side or play.side)
    return tuple(u for t in dict.fromkeys(play.targets) for u in sorted(at.get(t, ())))


def units_on_map(ctx: Context, state: State, side: str) -> list[str]:
    """``side``'s units on the map, sorted."""
    return sorted(u for units in hexes_of(ctx, state, side).values() for u in units)


def city_named(ctx: Context, name: str) -> str | None:
    return once(ctx, "city_named", _city_hexes).get(name)


def _city_hexes(ctx: Context) -> dict[str, str]:
    """City name -> its first hex on the map."""
    named: dict[str, str] = {}
    for h in ctx.game.map.cities:
        named.setdefault(h.city, h.id)
    return named


def choose(h: Half, choice: str, fits: list[Effect]) -> tuple[Effect | None, str]:
    """The effect of a play of half ``h``: its only one, the option the log names (``choice``), or the one option
    that fits where and how it is played (``fits``); otherwise why none can be told."""
    if len(h.options) == 1:
        return h.options[0], ""
    names = [e.option for e in h.options]
    if choice:
        e = h.option(choice)
        return (e, "") if e else (None, f"choose one of {', '.join(names)}, not '{choice}'")
    if len(fits) == 1:
        return fits[0], ""
    if not fits:
        return None, f"none of its options ({', '.join(names)}) fits here"
    return None, f"say which option (choice: {' or '.join(e.option for e in fits)})"


def open_draws(state: State, play: Play, effect: Effect) -> State:
    """The cards an event then draws ("draw N"), and the ones "draw N, keep ..." discards again."""
    n = effect.draw
    if n:
        state = open_due(state, Due(play.event, play.side, "draw", n, n, phase_key(state), play.line, effect.kind,
                                    play.side))
    keep = int(effect.params.get("discard", 0))
    if keep:
        params = {"from": "drawn"} if effect.params.get("discard_from") == "drawn" else {}
        state = open_due(state, Due(play.event, play.side, "discard", keep, keep, phase_key(state), play.line,
                                    effect.kind, play.side, params=params))
    return state
