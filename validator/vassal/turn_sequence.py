"""Our module's turn tracker read as game turns and phases, without the module (docs/module.md, the contract).

The tracker has two list levels: the Game Turns (index 0 = the game's first turn on its track) and, inside each,
the phases of the sequence of play: the mutual phases before the first player phase, each player phase once per
side in side order, then the mutual phases after them (``modgen.furniture.phase_labels`` writes the same list).
A game whose turn order can flip (Stalingrad '42: S3.3, 33.2.2) has a second Game Turn level after the first, whose
Phase level has the player turns the other way round (``modgen.furniture.tracker_orders``): the state's current
level says which order the tracker is in, so each state names its side and phase without the rules' help.
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


def phase_sequence(game: Game, order: tuple[str, ...] | None = None) -> tuple[tuple[str | None, str], ...]:
    """(side or None, phase id) in the order of the tracker's Phase level (its player turns in ``order``; default
    the game's player order)."""
    return tuple((side, p.id) for side, p in (game.turn_sequence if order is None else game.sequence_in(order)))


def level_orders(game: Game) -> tuple[tuple[str, ...], ...]:
    """The player order of each Game Turn level the module may have: the game's, then the reverse."""
    order = game.player_order or tuple(game.sides)
    return (order, tuple(reversed(order)))


def start_position(game: Game, first_turn: int) -> Position:
    side, phase = phase_sequence(game)[0]
    return Position(first_turn, side, phase)


@dataclass(frozen=True)
class TurnSequence:
    """A game's turns on the track and its phase sequence per Game Turn level, to read many tracker states (a log
    has hundreds)."""

    turns: tuple[int, ...]
    levels: tuple[tuple[tuple[str | None, str], ...], ...]

    @classmethod
    def of(cls, game: Game) -> TurnSequence:
        return cls(tuple(sorted(game.turns)), tuple(phase_sequence(game, o) for o in level_orders(game)))

    def position(self, state: str) -> Position | None:
        """The tracker's position from a ``TURN`` state, or None when the state is not one our module writes."""
        try:
            levels = decode(state, "|")
            current = int(levels[0]) if levels[0] else 0
            if current < 0:
                return None
            phases = self.levels[current]
            turn_level = decode(levels[1 + current], ";")
            phase_level = decode(turn_level[4], ";")
            turn_index, phase_index = int(turn_level[0]), int(phase_level[0])
        except (IndexError, ValueError):
            return None
        if not (0 <= turn_index < len(self.turns) and 0 <= phase_index < len(phases)):
            return None
        side, phase = phases[phase_index]
        return Position(self.turns[turn_index], side, phase)


def position_of(game: Game, state: str) -> Position | None:
    """The tracker's position from a ``TURN`` state, or None when the state is not one our module writes."""
    return TurnSequence.of(game).position(state)
