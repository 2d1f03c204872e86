"""Plain data for the cards (5.0-5.5) and for what one player turn has used so far; parts of the game state.

- :class:`Deck`: the draw pile as far as the log tells it, the cards set aside, the Joker, and "Play Immediately"
  cards waiting to be played. Hands and the discard pile are fields of the state itself.
- :class:`PlayerTurn`: counts that the rules limit per player turn or per phase (events played, 5.4; units moved
  by events, 5.3.4; free Soviet upgrades, 7.2; the Card Phase's draws and discards, 5.1-5.2.1). A record belongs
  to one (turn, phasing player); a record for another one reads as empty (see ``cards.record``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)  # no slots: copied with a dict update (state.evolve)
class Deck:
    unseen: frozenset[str] = frozenset()  # in the draw pile, or unseen in a hand the log gave only as a count
    aside: frozenset[str] = frozenset()  # out of play: the 1945 cards before turn 23, the red-barred ones after (5.5)
    exact: bool = True  # every draw and discard since the start is logged: the pile's contents and size are known
    joker: str | None = None  # the side whose face of the Joker is up, None when the Joker is not used
    pending: tuple[str, ...] = ()  # "Play Immediately" cards just drawn that must be played now (5.3.1)
    pending_side: str = ""
    open_hands: frozenset[str] = frozenset()  # sides whose hand the log never gave: of unknown size (cards.setup)
    known_discards: bool = True  # the discard pile is known: the log gave it, or starts on the first turn


@dataclass(frozen=True)  # no slots: copied with a dict update (state.evolve)
class PlayerTurn:
    key: tuple[int, str | None] = (0, None)  # (turn, phasing player) of this record
    events: tuple[tuple[str, str], ...] = ()  # (card, side of its event) played this player turn, in order (5.4)
    moved: frozenset[str] = frozenset()  # units that benefited from a movement event (5.3.4)
    free_upgrades: int = 0  # free Soviet upgrades used in this Organization Phase (7.2)
    drawn: int = 0  # cards drawn in the Draw Step, replacements of "Play Immediately" cards included (5.2)
    immediate: int = 0  # "Play Immediately" cards drawn in the Draw Step (5.2: each is replaced)
    uncounted: frozenset[str] = frozenset()  # "Play Immediately" cards an event drew (their replacements are its own)
    unplayed: int = 0  # "Play Immediately" cards of the Draw Step never played (reported under 5.3.1; count for 5.2)
    late: frozenset[str] = frozenset()  # "Play Immediately" cards reported unplayed (5.3.1); played late: no new report
    after_draw_discards: int = 0  # cards the phasing player discarded in the Draw Step (5.2.1)
    unheld_discards: int = 0  # Discard Step discards of cards he did not hold (reported under 5.1; they still count)
    card_logged: bool = False  # the log records this Card Phase (a draw or a discard by the phasing player)
    draw_step_logged: bool = False  # a ``phase`` line began this Draw Step: the log records it, draws or none (5.2)
    end_plays: tuple[tuple[str, str, str], ...] = ()  # (phase, card, side) played at the end of a phase ("@end")
    last_play: tuple[str, str, str] | None = None  # (side, phase, fixed moment) of a play just made (5.0)
    false_marks: frozenset[str] = frozenset()  # units marked Unsupplied though they trace supply (6.4: not placed)
    missing_marks: frozenset[str] = frozenset()  # units left unmarked though they trace no supply (6.4: reported)
