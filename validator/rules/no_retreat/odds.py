"""Combat odds (10.5 steps 1, 3 and 4; 10.6.4) on the engine's odds columns (:mod:`validator.engine.odds`):

- 10.5 step 1: total the attackers' and the defenders' combat strengths (the face each unit shows; "X" is 0);
- 10.5 step 3: attacker ÷ defender, fractions dropped in the defender's favour, gives the best CRT column whose
  ratio the attack reaches (12 vs 9 → 1:1, 14 vs 9 → 3:2);
- 10.6.4: an initial ratio above the last column uses the last column (24 vs 2 → 6:1); one below the first is not
  shifted and is the automatic result of ``crt.toml [odds] below_first`` (CA); only the net shift moves the
  column; a final column beyond the last is the last, before the first is the automatic result again.
"""

from __future__ import annotations

from typing import Sequence

from games.model import CRT

from ...engine import odds as columns
from ...engine.context import Context
from ...engine.odds import Odds
from ...engine.state import face_of
from .state import State

__all__ = ["Odds", "compute", "strength"]


def strength(ctx: Context, state: State, uids: Sequence[str]) -> int:
    """10.5 step 1: the combat strengths of the face each unit shows ("X" is 0)."""
    return sum([face_of(ctx, state, uid).strength or 0 for uid in uids])


def compute(crt: CRT, attack: int, defence: int, shift: int) -> Odds:
    """The final column of ``crt`` after the net shift (10.5 step 3, 10.6.4)."""
    return columns.compute(crt.columns, attack, defence, shift)
