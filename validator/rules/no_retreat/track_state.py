"""Plain data for victory (12.x) and the Game Turn track (13.0); parts of the game state.

- :class:`Score`: the initiative (the face of the square VP marker, 12.6), the round Event VP marker (12.4.4),
  the High Tide marker (12.7) and, once a victory condition is met, the result (:class:`Victory`). On-map VPs
  are never stored: they are counted from control of the map whenever they are needed (12.4).
- :class:`TurnTrack`: units waiting on the Game Turn track (eliminated Axis allies and Luftwaffe units, cadres)
  and the Weather markers turned to their other face by cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True, slots=True)
class Victory:
    winner: str | None  # None: a draw
    reason: str  # objective, sudden_death, total, operational, final
    turn: int
    rule: str
    text: str  # plain words: who won, how, with what


@dataclass(frozen=True, slots=True)
class Score:
    initiative: str = ""  # the side whose face of the square VP marker is up (12.6)
    event_vp: int = 0  # the round Event VP marker, for the side with the initiative (12.4.4, capped)
    high_tide: int | None = None  # the Axis VPs when the initiative shifted (12.7); None: not placed (or unknown)
    result: Victory | None = None  # the game is over
    sd_cancelled: int = 0  # a turn whose Sudden Death check an event cancelled (cards 9 and 40)


@dataclass(frozen=True, slots=True)
class TurnTrack:
    returns: Mapping[str, int] = field(default_factory=dict)  # unit on the turn track -> turn it comes back
    weather_flips: frozenset[int] = frozenset()  # turns whose Weather marker shows its other face
