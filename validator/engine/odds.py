"""Odds and table look-up: the initial column a battle's strengths reach, the net shift and its limits, and the
result a table gives for a column and a roll.

Two column kinds: **odds** columns ``"a:b"`` (or ``"a-b"``), reached when attack ÷ defence is at least a ÷ b, the
fraction dropped in the defender's favour (compared as attack·b ≥ a·defence); **differential** columns
(``"-3"``, ``"0"``, ``"+2"``), reached when attack − defence is at least the column's number. The best column
reached is the initial one; a ratio above the last column uses the last; one below the first is not on the table
(the caller gives the automatic result it has there) and is not shifted. Only the net shift moves the column;
shifted beyond the last it stays on the last, before the first it is off the table again.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

ODDS = "odds"
DIFFERENTIAL = "differential"


@lru_cache(maxsize=256)
def ratio(column: str) -> tuple[int, int]:
    """An odds column "a:b" (or "a-b") as (a, b); read once per label (every battle asks each column of its table)."""
    sep = ":" if ":" in column else "-"
    a, b = column.split(sep)
    return int(a), int(b)


def column_value(column: str, kind: str = ODDS) -> Fraction:
    """What a column asks: attack ÷ defence for odds, attack − defence for a differential."""
    if kind == DIFFERENTIAL:
        return Fraction(int(column))
    a, b = ratio(column)
    return Fraction(a, b)


def initial_index(columns: Sequence[str], attack: int, defence: int, kind: str = ODDS) -> int | None:
    """Index of the initial column (the best one the strengths reach), capped at the last; None below the first."""
    best = None
    for i, col in enumerate(columns):
        if kind == DIFFERENTIAL:
            if attack - defence >= int(col):
                best = i
            continue
        a, b = ratio(col)
        if defence == 0 or attack * b >= a * defence:
            best = i
    return best


def shifted(columns: Sequence[str], index: int, shift: int) -> str | None:
    """The column ``shift`` columns right of ``index`` (left when negative): the last when beyond it, None (off the
    table) before the first."""
    j = min(index + shift, len(columns) - 1)
    return columns[j] if j >= 0 else None


@dataclass(frozen=True)
class Odds:
    """The odds of one battle: strengths, columns (None: below the table, the automatic result) and net shift."""

    attack: int
    defence: int
    initial: str | None
    shift: int
    final: str | None
    lowest: str  # the first column of the table, for messages

    def words(self) -> str:
        start = f"{self.attack} vs {self.defence}"
        if self.initial is None:
            return f"{start}: below {self.lowest} (automatic result)"
        sign = f"{self.shift:+d}" if self.shift else "0"
        end = self.final if self.final is not None else f"below {self.lowest} (automatic result)"
        return f"{start}: {self.initial}, net shift {sign} → {end}"


def compute(columns: Sequence[str], attack: int, defence: int, shift: int, kind: str = ODDS) -> Odds:
    """The final column after the net shift; an initial ratio below the table is not shifted."""
    i = initial_index(columns, attack, defence, kind)
    low = columns[0]
    if i is None:
        return Odds(attack, defence, None, 0, None, low)
    return Odds(attack, defence, columns[i], shift, shifted(columns, i, shift), low)


def virtual_index(columns: Sequence[str], attack: int, defence: int) -> int:
    """The index of the odds column the strengths reach as if the ladder went on past both ends of an odds table
    whose first column is "1-k" and last "n-1" (some games shift and limit on such columns: beyond the last,
    "n+1-1", "n+2-1" ... one more column each; before the first, "1-(k+1)", "1-(k+2)" ...), the ratio rounded in the
    defender's favour. Negative before the first column, past ``len(columns) - 1`` beyond the last; no defence at
    all reaches beyond any column (a very large index)."""
    last_a, last_b = ratio(columns[-1])
    first_a, first_b = ratio(columns[0])
    if defence <= 0:
        return 10 ** 6
    i = initial_index(columns, attack, defence)
    if i is None:
        if first_a != 1 or attack <= 0:
            return -10 ** 6 if attack <= 0 else -1
        return first_b - -(-defence // attack)  # 1-(k+j): defence/attack above k+j-1 -> column -j
    if i == len(columns) - 1 and last_b == 1:
        return i + attack // defence - last_a
    return i


def virtual_label(columns: Sequence[str], index: int) -> str:
    """The words of a column of :func:`virtual_index`: a printed one, or "8-1", "1-4" ... past the ends."""
    if 0 <= index < len(columns):
        return columns[index]
    sep = ":" if ":" in columns[0] else "-"
    if index >= len(columns):
        a, _ = ratio(columns[-1])
        return f"{a + index - len(columns) + 1}{sep}1"
    _, b = ratio(columns[0])
    return f"1{sep}{b - index}"


def lookup(columns: Sequence[str], rows, column: str, roll: int) -> str:
    """The cell of a table (``rows``: roll -> one result per column) for a column and a roll."""
    return rows[roll][list(columns).index(column)]


def in_notation(columns: Sequence[str], claimed: str) -> str:
    """A logged odds column written in the table's own notation: a log may write "4-1" or "4:1" for the same column
    (docs/log-format.md)."""
    if not columns or claimed in columns:
        return claimed
    return claimed.replace("-", ":") if ":" in columns[0] else claimed.replace(":", "-")


def claimed_cell(table, column: str | None, roll: int) -> str | None:
    """The cell a ``games.model.LookupTable`` gives a claimed column and a roll (the row the roll reads), or None when
    the table has no such column or row: a logged result that is the cell of a wrongly claimed column follows from
    that one mistake, which the game reports once, as the odds."""
    if column not in table.columns:
        return None
    try:
        return table.result(column, table.row_for(roll))
    except KeyError:
        return None
