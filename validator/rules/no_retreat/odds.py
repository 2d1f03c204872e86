"""Combat odds (10.5 steps 1, 3 and 4; 10.6.4): strengths, the initial odds column, the net shift and its limits.

- 10.5 step 1: total the attackers' and the defenders' combat strengths (the face each unit shows; "X" is 0);
- 10.5 step 3: attacker ÷ defender, fractions dropped in the defender's favour, gives the best CRT column whose
  ratio the attack reaches (12 vs 9 → 1:1, 14 vs 9 → 3:2);
- 10.6.4: an initial ratio above the last column uses the last column (24 vs 2 → 6:1); one below the first is not
  shifted and is the automatic result of ``crt.toml [odds] below_first`` (CA); only the net shift moves the
  column; a final column beyond the last is the last, before the first is the automatic result again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.model import CRT

from .board import Context
from .state import State, face_of


def strength(ctx: Context, state: State, uids: Sequence[str]) -> int:
    return sum(face_of(ctx, state, uid).strength or 0 for uid in uids)


def ratio(column: str) -> tuple[int, int]:
    """A column's odds "a:b" as (a, b)."""
    a, b = column.split(":")
    return int(a), int(b)


def initial_index(crt: CRT, attack: int, defence: int) -> int | None:
    """Index of the initial odds column (10.5 step 3), capped at the last (10.6.4); None below the first. The
    attack reaches a:b when attack / defence >= a / b, compared as attack * b >= a * defence."""
    best = None
    for i, col in enumerate(crt.columns):
        a, b = ratio(col)
        if defence == 0 or attack * b >= a * defence:
            best = i
    return best


@dataclass(frozen=True)
class Odds:
    """The odds of one battle: strengths, columns (None: below the table, the automatic result) and net shift."""

    attack: int
    defence: int
    initial: str | None
    shift: int
    final: str | None
    lowest: str  # the first column of the CRT, for messages

    def words(self) -> str:
        start = f"{self.attack} vs {self.defence}"
        if self.initial is None:
            return f"{start}: below {self.lowest} (automatic result)"
        sign = f"{self.shift:+d}" if self.shift else "0"
        end = self.final if self.final is not None else f"below {self.lowest} (automatic result)"
        return f"{start}: {self.initial}, net shift {sign} → {end}"


def compute(crt: CRT, attack: int, defence: int, shift: int) -> Odds:
    """The final column after the net shift (10.6.4); an initial ratio below the table is not shifted."""
    i = initial_index(crt, attack, defence)
    low = crt.columns[0]
    if i is None:
        return Odds(attack, defence, None, 0, None, low)
    j = min(i + shift, len(crt.columns) - 1)
    return Odds(attack, defence, crt.columns[i], shift, crt.columns[j] if j >= 0 else None, low)
