"""A game's rule index: one table of the rule numbers its rules package enforces, each with its title and the
function that checks it, so a reader who has a rule number finds its code at once.

Every finding a rules package reports takes its number from its index (the replay refuses a number the index does
not list: :func:`check`), and a test checks the index against ``docs/rules/<game>.md`` both ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping


@dataclass(frozen=True)
class Rule:
    """One rule a package enforces: its number as findings carry it, a short title, the function that checks it."""

    number: str
    title: str
    check: Callable


def index(rules: Iterable[Rule]) -> Mapping[str, Rule]:
    """number -> rule; a number listed twice is an error."""
    out: dict[str, Rule] = {}
    for r in rules:
        if r.number in out:
            raise ValueError(f"rule {r.number} is listed twice in the rule index")
        out[r.number] = r
    return out


def check(numbers: Mapping[str, Rule], number: str) -> str:
    """``number`` when the index lists it; ValueError otherwise (a finding with a number of no rule is a bug)."""
    if number not in numbers:
        raise ValueError(f"rule {number} is not in the rule index")
    return number
