"""The rules of Stalingrad '42 (GMT, 2nd edition, rules v2.0) for the validator: one module per rule area.

The validator core calls :func:`context`, :func:`start`, :func:`step` for each action, and :func:`finish`
(``docs/rules/engine.md``). Rule areas: ``sequence`` and ``turn_order`` (3.0, S3.3, 33.2.2), ``phase_ends`` (what
ends each phase), ``weather`` (23.1-23.3), ``stacking`` (4.x), ``movement`` (5.1-5.5, 6.2, 22.3), ``rail`` (5.6,
5.5.7), ``sea`` (5.7, 5.5.3), ``entry`` (22.x), ``zoc`` (6.1), ``bonds`` (7.x), ``terrain`` (the season's ground),
``supply`` (16.2-16.3, 17.1, 17.4), ``supply_phase`` (16.1, 16.5), ``railheads`` (17.2-17.3), ``replacements``
(21.x, 19.4), ``special`` (20.4, 20.6-20.8), ``losses`` (step losses), ``control`` (16.3.4); issue 15's:
``combat``, ``determined``, ``retreat``, ``advance``, ``recovery``, ``resources``, ``reserves``, ``campaign``,
``victory``. The game's own facts are read by ``data`` (``tables/rules.toml``); units by ``units``; the board and
hooks by ``board``. See ``docs/rules/stalingrad42.md`` for every rule and decision.

:data:`RULES` is the rule index (``rule_index``); the game's own log kinds are declared in ``log_actions.json``.
"""

from __future__ import annotations

from typing import Callable

from games.model import Game

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding, Header
from . import (
    advance, campaign, checks, combat, determined, movement, offensives, rail, recovery, replacements,
    reserves, resources, results, retreat, scenarios, sea, sequence, supply_phase, victory, weather)
from . import campaign_data, combat_data, data, maskirovka
from . import railheads as railhead_moves
from .battle_facts import battle_facts
from .board import make_context
from .rule_index import RULES
from .state import State, initial_state

Handler = Callable[[Context, State, Action], "tuple[State, list[Finding]]"]

__all__ = ["RULES", "battle_facts", "context", "finish", "outcome", "pieces", "start", "step", "where"]

HANDLERS: dict[str, Handler] = {
    "turn": sequence.handle_turn,
    "phase": sequence.handle_phase,
    "note": sequence.handle_nothing,
    "weather": weather.handle_weather,
    "detrain": rail.handle_detrain,
    "place": lambda ctx, state, action: checks.handle_place(ctx, state, action) or
    replacements.handle_place(ctx, state, action),
    "replace": replacements.handle_replace,
    "flip": resources.handle_flip,
    "fortify": resources.handle_fortify,
    "unfortify": resources.handle_unfortify,
    "offensive": offensives.handle_offensive,
    "release": campaign.handle_release,
    "winter_offensive": campaign.handle_winter_offensive,
    "maskirovka": maskirovka.handle_maskirovka,
    "hold": maskirovka.handle_hold,
    "full_retreat": recovery.handle_full_retreat,
    "move": movement.handle_move,
    "rail": rail.handle_rail,
    "sea": sea.handle_sea,
    "flotilla": sea.handle_flotilla,
    "auto_ds": combat.handle_auto_ds,
    "reserve": reserves.handle_reserve,
    "battle": combat.handle_battle,
    "determined": determined.handle_determined,
    "loss": results.handle_loss,
    "retreat": retreat.handle_retreat,
    "advance": advance.handle_advance,
    "breakthrough": combat.handle_breakthrough,
    "activate": reserves.handle_activate,
    "disengage": reserves.handle_disengage,
    "remove": retreat.handle_remove,
    "rally": recovery.handle_rally,
    "railhead": railhead_moves.handle_railhead,
    "supply": supply_phase.handle_supply,
    "attrition": supply_phase.handle_attrition,
    "victory": victory.handle_victory,
    "absorb": campaign.handle_absorb,
    "reveal": maskirovka.handle_reveal,
}


def check_data(game: Game) -> list:
    """``hexforge info``'s hook: the problems of this package's own data file (``tables/rules.toml``)."""
    return data.check_data(game) + combat_data.check_data(game) + campaign_data.check_data(game)


def context(game: Game, header: Header) -> Context:
    return make_context(game, header)


def start(ctx: Context) -> State:
    """The state before the first action; ValueError when the header's start is impossible."""
    return scenarios.start(ctx, campaign.from_position(ctx, initial_state(ctx)))


def step(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Check one action and apply it (the logged outcome stands even when it breaks a rule). An action out of its
    phase is reported for that alone (3.0), not also for what its own rules would say there. What the header's
    position gives (``State.opening``: units on maps the scenario does not use) is reported on the first action."""
    if state.opening:
        opening, state = list(state.opening), evolve(state, opening=())
        state, found = step(ctx, state, action)
        return state, opening + found
    state, findings = sequence.timing(ctx, state, action)
    state, owed = combat.ends_with(ctx, state, action)
    state, unretreated = retreat.owed_first(ctx, state, action)
    owed = owed + unretreated
    state = before = checks.before(ctx, state, action)
    state, more = HANDLERS[action.type](ctx, state, action)
    state, later = checks.after(ctx, before, state, action)
    state = retreat.came_next_to(ctx, before, retreat.settled(state, action), action)
    more = checks.merged(action, more, later)
    if findings:
        return state, owed + findings
    return state, owed + more


def finish(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The end of the log. A log may stop anywhere, inside a combat too (a case ends at the line it is about), so
    nothing a later line could still have logged is reported (``docs/rules/stalingrad42.md``, *The end of the log*).
    A combat still open is settled as far as the rules leave one outcome (the only unit that can lose a step loses
    it, a unit every retreat would eliminate is eliminated: ``combat.close``), so the final position is the rules'.
    One that ends in the scenario's last Victory Determination Phase has the game decided (``victory.finish``)."""
    state, _unsaid = combat.close(ctx, state)  # what only a later line could say: not reported at the log's end
    return victory.finish(ctx, state)


def outcome(ctx: Context, state: State) -> dict:
    """The score and the winner at the end of a replay (``text`` for people), for reports."""
    return victory.outcome(ctx, state)


def pieces(ctx: Context, state: State) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(unit, location, face, markers) of every unit on the map, for report pictures."""
    out = []
    for uid, us in sorted(state.units.items()):
        if us.loc in ctx.board.locations:
            markers = tuple(m for m, on in (("disrupted", us.order == "disrupted"),
                                            ("full_retreat", us.order == "full_retreat"),
                                            ("out_of_supply", us.supply == "oos"),
                                            ("isolated", us.supply == "isolated"),
                                            ("train", us.train), ("replacement", us.replaced)) if on)
            out.append((uid, us.loc, us.face, markers))
    return out


def where(ctx: Context, state: State) -> tuple[int, str]:
    """(turn, phase id) for reports."""
    return state.turn, state.phase
