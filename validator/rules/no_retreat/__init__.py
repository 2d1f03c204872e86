"""The rules of No Retreat! (GMT 3rd edition, 2011 map) for the validator: one module per rule area.

The validator core calls :func:`context`, :func:`start`, :func:`step` for each action, and :func:`finish`.
Rule areas: ``sequence`` (4.0), ``supply`` and ``supply_phase`` (6.0-6.5), ``placement`` (7.6-7.9),
``organization`` (7.x actions), ``movement`` (8.0-8.6) and ``ground`` (what a moving unit meets), ``zoc`` (8.5),
``stacking`` (8.4), ``rail`` (9.0-9.2),
``declaration``, ``combat``, ``odds``, ``shifts``, ``results``, ``retreat``, ``advance`` (10.0-10.8), ``removal``
(11.0-11.3), ``control`` (12.4), ``cards`` and ``card_play`` (5.0-5.5), ``events`` and ``events_*`` (the effect
of every event card, 5.3.1), ``turn_events`` (4.0 A-B, 13.0),
``victory`` (4.0 C, 12.x), ``eliminations`` (units entering boxes), ``phase_ends``. See
``docs/rules/no_retreat.md`` for every rule enforced and the decisions where the texts differ or are silent.

:data:`RULES` is the rule index (``rule_index``: number, title, the function that checks it); the game's own log
kinds are declared in ``log_actions.json``. The shared machinery is the engine's (``validator.engine``).
"""

from __future__ import annotations

from typing import Callable

from games.model import Game

from ...engine.context import Context
from ...engine.position import noted_changes
from ...model import Action, Finding, Header
from . import (
    advance, card_play, cards, combat, declaration, eliminations, events, events_combat, events_org, movement,
    organization, placement, rail, removal, results, sequence, stacking, supply_phase, turn_events, victory)
from .battle_facts import battle_facts
from .board import make_context
from .data_check import check_data  # noqa: F401  (hexforge info's hook: this package's own data files)
from .rule_index import RULES
from .state import State, initial_state

Handler = Callable[[Context, State, Action], "tuple[State, list[Finding]]"]

__all__ = ["RULES", "battle_facts", "context", "finish", "outcome", "pieces", "start", "step", "where"]

TIMING_OF, REGULAR, REMEMBERED = sequence.TIMING_OF, card_play.REGULAR, events.REMEMBERED  # (read on every action)
CARD_ACTIONS = frozenset({"draw", "discard"})  # the actions a card "by" may call for (``events.unexpected``)
NONE: list[Finding] = []  # no findings (shared: never changed, only added to)

HANDLERS: dict[str, Handler] = {
    "turn": sequence.handle_turn,
    "phase": sequence.handle_phase,
    "weather": turn_events.handle_weather,
    "event": turn_events.handle_event,
    "victory": victory.handle_victory,
    "note": sequence.handle_nothing,
    "draw": cards.handle_draw,
    "discard": cards.handle_discard,
    "play": events.handle_play,
    "supply": supply_phase.handle_supply,
    "flip": organization.handle_flip,
    "place": placement.handle_place,
    "reorganize": organization.handle_reorganize,
    "move": movement.handle_move,
    "entrain": rail.handle_entrain,
    "detrain": rail.handle_detrain,
    "declare": declaration.handle_declare,
    "counterblow": declaration.handle_counterblow,
    "battle": combat.handle_battle,
    "loss": results.handle_loss,
    "retreat": results.handle_retreat,
    "advance": advance.handle_advance,
    "remove": results.handle_remove,
}


def context(game: Game, header: Header) -> Context:
    return make_context(game, header)


def start(ctx: Context) -> State:
    """The state before the first action; ValueError when the header's start is impossible."""
    state = turn_events.header_removals(ctx, initial_state(ctx))
    return victory.setup(ctx, cards.setup(ctx, state))


def step(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Check one action and apply it (the logged outcome stands even when it breaks a rule). An action out of its
    phase is reported for that alone (4.0), not also for what its own rules would say there. An action that an
    event just played calls for (a draw "by" it, a step loss, a move ...) takes its timing from the event and is
    checked by the event's module (``events``)."""
    kind = action.type
    if kind == "battle" and action.data.get("cards"):
        plays, action = events_combat.plays_in_battle(ctx, action)
        if plays:  # Backhand Blow listed in a battle's cards: played just before it
            findings = []
            for play in plays:
                state, found = step(ctx, state, play)
                findings += found
            state, found = step(ctx, state, action)
            return state, findings + found
    first = state
    noted = NONE
    if kind in CARD_ACTIONS:
        state, noted = cards.note_card_action(ctx, state, action)
    # (each hook below is called only when the state holds something it acts on: most actions need none of them)
    e = state.effects
    if e.must_counterattack is not None:
        state, forced = events.before(ctx, state, action)
        e = state.effects
    else:
        forced = NONE
    index = events.due_for(ctx, state, action) if e.due else None
    if index is not None:
        state, waiting = card_play.before(ctx, state, action, exempt=True)
        state, findings = events.follow(ctx, state, action, index)
        findings, more, out_of_turn = waiting + findings, [], False
    else:
        rec = state.record  # (a "Play Immediately" card waiting, or a play of this player turn ``before`` checks)
        if state.deck.pending or rec.end_plays or rec.last_play:
            state, waiting = card_play.before(ctx, state, action, events.exempt_from_end(state, action))
        else:
            waiting = NONE
        timed = TIMING_OF.get(kind)
        if timed is not None:
            state, findings = timed(ctx, state, action)
        else:  # (phase, turn, note, victory ... lines: any time, and the phase machine is their handler's)
            findings = []
        if waiting:
            findings = waiting + findings
        if state.phase == "supply" and supply_phase.after_check(state, action):  # 6.0: the check is over
            state, over = supply_phase.end_check(ctx, state)
            findings = findings + over
        terrain = kind == "discard" and events_org.clears_terrain(ctx, state, action)
        if kind in CARD_ACTIONS and not terrain:
            findings = findings + events.unexpected(ctx, state, action)
        out_of_turn = any(f.rule == "4.0" for f in findings) if findings else False
        if kind == "remove" and state.phase == "removal":
            handler = removal.handle_removal_remove
        elif terrain:
            handler = events_org.clear_terrain
        else:
            handler = HANDLERS[kind]
        state, more = handler(ctx, state, action)
    if state.units is not first.units:
        moved = noted_changes(ctx, first.units, state.units)  # (most actions note the units they changed)
        if moved is None or len(moved) > 1 or moved and state.units[moved[0]].loc not in ctx.game.map.hexes:
            state = eliminations.after(ctx, first, state)  # (one unit that went to a hex: nothing follows)
    if kind in REGULAR:
        key, phases = state.acted  # (once the phase's first regular action is noted, the rest change nothing)
        if state.phase not in phases or key[0] != state.turn or key[1] != state.player:
            state = card_play.after(ctx, state, action)
    e = state.effects  # (dues, quotas or Defense Works out, an action to remember or a remembered one to forget;
    # Works markers only when the units or the markers changed: else the last check stands)
    if e.due or e.quotas or kind in REMEMBERED or (state.recent is not None and kind != "note") or (
            e.works and (state.units is not first.units or e.works is not first.effects.works)):
        state, lapsed = events.after(ctx, first, state, action)
    else:
        lapsed = NONE
    if not (noted or forced or lapsed or (more and not out_of_turn)):
        return state, findings
    return state, noted + forced + findings + ([] if out_of_turn else more) + lapsed


def finish(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """Checks at the end of the log: stacking as it stands."""
    return stacking.check(ctx, state, "at the end of the log")


def outcome(ctx: Context, state: State) -> dict:
    """The score and the winner at the end of a replay (``text`` for people), for reports."""
    return victory.outcome(ctx, state)


def pieces(ctx: Context, state: State) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(unit, location, face, markers) of every unit on the map, for report pictures."""
    out = []
    for uid, us in sorted(state.units.items()):
        if us.loc in ctx.board.locations:
            markers = tuple(m for m, on in (("unsupplied", us.unsupplied), ("disorganized", us.disorganized)) if on)
            out.append((uid, us.loc, us.face, markers))
    return out


def where(ctx: Context, state: State) -> tuple[int, str]:
    """(turn, phase id) for reports."""
    return state.turn, state.phase
