"""A Stalingrad '42 game by the random legal player with the state before each of its actions, and its mutations (an
action replaced or inserted: ``nr_played``'s helpers, the same for every game; what the validator reports on a line
of the changed log), shared by the player's tests (``test_s42_player``, ``test_s42_combat_player``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nr_played import encode, first, inserted, replaced, states_before  # noqa: F401  (the same for every game)
from games_once import parse_log
from validator.replay import replay
from validator.rules import stalingrad42 as rules

Lines = list[dict[str, Any]]


@dataclass(frozen=True)
class Played:
    """A generated game: its log lines (header first), the state before each action, the rules' context."""

    lines: Lines
    states: list
    ctx: Any

    def reported(self, lines: Lines, upto: int) -> list[tuple[int, str]]:
        """(action index, rule) of what the validator reports on the actions of ``lines`` (the game's, changed) up to
        action ``upto``: the lines read as the validator reads them (the schema), then replayed by the rules from the
        state before the first changed line (the game's lines before it are clean)."""
        d = next((k for k in range(min(len(lines), len(self.lines)) - 1) if lines[k + 1] != self.lines[k + 1]), upto)
        end = min(upto, len(lines) - 2)
        log, _ = parse_log("mutant.jsonl", encode([lines[0], *lines[d + 1:end + 2]]))
        state, out = self.states[d], []
        for k, a in enumerate(log.actions, start=d):
            state, found = rules.step(self.ctx, state, a)
            out += [(k, f.rule) for f in found]
        return out

    def rules_at(self, lines: Lines, index: int) -> set[str]:
        """The rules reported on the line of action ``index`` (0-based among the actions) of a changed game (the
        lines after it cannot change that, so the replay stops two lines later)."""
        return {rule for k, rule in self.reported(lines, index + 2) if k == index}


def replayed(lines: Lines) -> Played:
    return Played(lines, *states_before(lines, rules))


def validate(lines: Lines):
    """The validator's whole replay of a log."""
    log, game = parse_log("played.jsonl", encode(lines))
    return replay(log, game, keep_states=False)
