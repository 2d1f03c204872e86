"""Our module's turn tracker read as game turns and phases, without the module (docs/module.md, the contract).

The tracker has two list levels: the Game Turns (index 0 = the game's first turn on its track) and, inside each,
the phases of the sequence of play: the mutual phases before the first player phase, each player phase once per
side in side order, then the mutual phases after them (``modgen.furniture.phase_labels`` writes the same list).
A ``TURN`` command's state is VASSAL's ``SequenceEncoder('|')[current level, level states]`` with a list level's
state ``SE(';')[index, current sub-level, first, active flags, sub-level states...]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.model import Game
from games.vassal_codec import decode


@dataclass(frozen=True)
class Position:
    """Where the turn tracker stands: a game turn and one phase of it (``side`` None for a mutual phase)."""

    turn: int
    side: str | None
    phase: str


def phase_sequence(game: Game) -> tuple[tuple[str | None, str], ...]:
    """(side or None, phase id) in the order of the tracker's Phase level."""
    player = [p for p in game.phases if p.player]
    first = next((i for i, p in enumerate(game.phases) if p.player), len(game.phases))
    last = max((i for i, p in enumerate(game.phases) if p.player), default=-1)
    out: list[tuple[str | None, str]] = [(None, p.id) for p in game.phases[:first]]
    for side in game.sides:
        out += [(side, p.id) for p in player]
    out += [(None, p.id) for p in game.phases[last + 1:]]
    return tuple(out)


def start_position(game: Game, first_turn: int) -> Position:
    side, phase = phase_sequence(game)[0]
    return Position(first_turn, side, phase)


@dataclass(frozen=True)
class TurnSequence:
    """A game's turns on the track and its phase sequence, to read many tracker states (a log has hundreds)."""

    turns: tuple[int, ...]
    phases: tuple[tuple[str | None, str], ...]

    @classmethod
    def of(cls, game: Game) -> TurnSequence:
        return cls(tuple(sorted(game.turns)), phase_sequence(game))

    def position(self, state: str) -> Position | None:
        """The tracker's position from a ``TURN`` state, or None when the state is not one our module writes."""
        try:
            levels = decode(state, "|")
            turn_level = decode(levels[1], ";")
            phase_level = decode(turn_level[4], ";")
            turn_index, phase_index = int(turn_level[0]), int(phase_level[0])
        except (IndexError, ValueError):
            return None
        if not (0 <= turn_index < len(self.turns) and 0 <= phase_index < len(self.phases)):
            return None
        side, phase = self.phases[phase_index]
        return Position(self.turns[turn_index], side, phase)


def position_of(game: Game, state: str) -> Position | None:
    """The tracker's position from a ``TURN`` state, or None when the state is not one our module writes."""
    return TurnSequence.of(game).position(state)
