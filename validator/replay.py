"""Replaying a log through a game's rules package: every violation collected, the logged outcome kept.

The core knows no game. It loads ``game.rules_package`` and calls its functions: ``context(game, header)``,
``start(ctx)``, ``step(ctx, state, action) -> (state, findings)``, ``finish(ctx, state)`` and
``where(ctx, state) -> (turn, phase)``, and optionally ``outcome(ctx, state) -> dict`` (the score and the winner
it computes, with a ``text`` line for people). A package's ``RULES`` (its rule index, ``validator.engine.rule_index``)
lists every rule number its findings may carry: a finding with another number is a bug of the package, reported
like any failure of it. States are plain immutable data, so the replay keeps the state before each action that
broke a rule, for pictures in reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.model import Game

from .logfile import LogError
from .model import Action, Finding, GameLog, Violation


@dataclass(frozen=True)
class Replay:
    """The outcome of a replay: violations in log order, and the state before each offending action."""

    log: GameLog
    game: Game
    violations: tuple[Violation, ...]
    final: Any
    ctx: Any
    before: dict[int, Any] = field(default_factory=dict)  # action index -> state before it
    outcome: dict[str, Any] = field(default_factory=dict)  # the rules package's score and winner at the end ("text")
    states: tuple[Any, ...] = ()  # with every_state: the state before the first action, then after each action

    @property
    def clean(self) -> bool:
        return not self.violations


def rules_of(game: Game):
    """The rules package the game names (built in, or registered by an installed package: :mod:`.rules_packages`)."""
    from .rules_packages import load

    if not game.rules_package:
        raise LogError(game.id, "the game names no rules package (game.toml rules_package)")
    try:
        return load(game.rules_package)
    except ValueError as exc:
        raise LogError(game.id, str(exc)) from None


def _violation(rules, ctx, state, f: Finding, line: int, side: str, index: int) -> Violation:
    turn, phase = rules.where(ctx, state)
    return Violation(line, turn, side, phase, f.rule, f.message, f.units, f.path, index, f.arrows, f.labels)


def _unlisted(rules, findings: list[Finding]) -> str | None:
    """The first rule number of ``findings`` that the package's rule index does not list, or None."""
    listed = getattr(rules, "RULES", None)
    if listed is None:
        return None
    return next((f.rule for f in findings if f.rule not in listed), None)


def replay(log: GameLog, game: Game, keep_states: bool = True, every_state: bool = False) -> Replay:
    """Replay ``log``; ``keep_states``: keep the state before each action that broke a rule (``before``);
    ``every_state``: keep the state before the first action and after each one (``states``, for a step-through
    page)."""
    rules = rules_of(game)
    ctx = rules.context(game, log.header)
    try:
        state = rules.start(ctx)
    except ValueError as exc:
        raise LogError(log.source, f"header: {exc}", 1) from None
    out: list[Violation] = []
    before: dict[int, Any] = {}
    states: list[Any] = [state] if every_state else []
    keep_states = keep_states or every_state
    for i, action in enumerate(log.actions):
        try:
            new, findings = rules.step(ctx, state, action)
        except Exception as exc:  # a bug in a rules package must still give one line, not a traceback
            raise LogError(log.source, f"the validator failed on this action ({type(exc).__name__}: {exc}); "
                                       "please report it with the log", action.line) from exc
        if findings:
            wrong = _unlisted(rules, findings)
            if wrong is not None:
                raise LogError(log.source, f"the validator failed on this action (rule {wrong} is not in the rule "
                                           "index of the game's rules); please report it with the log", action.line)
            if keep_states:
                before[i] = state
            out.extend(_violation(rules, ctx, state, f, action.line, action.side, i) for f in findings)
        state = new
        if every_state:
            states.append(state)
    state, findings = rules.finish(ctx, state)
    last: Action | None = log.actions[-1] if log.actions else None
    line = last.line if last else 1
    side = last.side if last else ""
    out.extend(_violation(rules, ctx, state, f, line, side, -1) for f in findings)
    if findings and keep_states:
        before[-1] = state
    outcome = rules.outcome(ctx, state) if hasattr(rules, "outcome") else {}
    return Replay(log, game, tuple(out), state, ctx, before, outcome, tuple(states))
