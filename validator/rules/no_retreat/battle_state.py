"""The combat part of the game state as plain data (10.0-10.8): what was declared, who has fought, the battle being
resolved and what it still owes, the Counterblow markers that CB results leave for the other side, and the
Blitz!/Shock! markers used this game turn.

Like :class:`~.state.State`, these records are never changed: the combat modules make new ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from games.model import frozen_map


@dataclass(frozen=True)
class CBMarker:
    """A Counterblow marker left by a CB result (10.7): the other side must attack the hex in its next Combat
    Phase, as a counterblow."""

    hex: str
    owner: str  # the side whose attacking units got the CB result
    placed: tuple[int, str | None]  # (turn, phasing player) of the Combat Phase it was placed in
    disputed: bool = False  # placed by a CB claim reported as wrong (10.5) where the rules give no CB: not owed


@dataclass(frozen=True)
class LossGroup:
    """One step that one of ``units`` (chosen by their owner) must lose, e.g. each side's step of an EX (10.7.1);
    ``first`` are the units that must take it if present (15.1, 15.2), under ``rule``."""

    side: str
    units: frozenset[str]
    first: frozenset[str] = frozenset()
    rule: str = "10.7.1"


@dataclass(frozen=True)
class Battle:
    """The battle being resolved (10.5 step 6) and what its result still requires."""

    line: int  # log line of the battle
    side: str  # the attacker
    kind: str  # voluntary, counterblow or counterattack
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    targets: tuple[str, ...]
    result: str  # the CRT result
    hex_results: Mapping[str, str]  # target hex -> the result for its units (10.7.4 forts, Volkssturm)
    starts: Mapping[str, str]  # defender -> the hex it defended
    owed_steps: Mapping[str, int] = field(default_factory=frozen_map)  # unit -> steps it must still lose
    loss_groups: tuple[LossGroup, ...] = ()  # steps one of several units must lose (EX)
    to_retreat: frozenset[str] = frozenset()  # defenders that must retreat two hexes (10.7.5)
    to_shatter: frozenset[str] = frozenset()  # defenders that go to the Shattered box after retreating (10.7.6)
    retreated: frozenset[str] = frozenset()
    advanced: frozenset[str] = frozenset()
    no_advance: Mapping[str, tuple[str, str]] = field(default_factory=frozen_map)  # attacker -> (rule, why not)
    may_counterattack: bool = False  # a CA result: the defender may attack back at once (10.7.2)
    settled: bool = False  # the defender's side of the result is done (an advance began, or the battle ended)
    summary: str = ""  # "12 vs 9 1:1, shift +1 → 3:2, die 4: DR", for messages and pictures
    arrows: tuple[tuple[str, str], ...] = ()  # (attacker hex, target hex) for pictures
    rules_result: str | None = None  # the rules' result when the claimed one was reported (10.5): a loss or retreat
    # that only it asks for shows the log went on with it, and the battle does too (one mistake, one report)


@dataclass(frozen=True)
class Combat:
    """Combat bookkeeping. ``key`` names the Combat Phase the per-phase fields belong to; ``markers`` and the
    support count outlive it."""

    key: tuple[int, str | None] | None = None  # (turn, phasing player)
    declared: frozenset[str] = frozenset()  # Target hexes of the Voluntary Attacks Step (10.1.1)
    declared_logged: bool = False  # the log has a declare line in this phase
    counterblows: frozenset[str] = frozenset()  # Counterblow hexes paid for in this phase (10.1.2)
    unpaid: frozenset[str] = frozenset()  # of them, those whose card was not paid or not held: not owed (10.3.1)
    marked: frozenset[str] = frozenset()  # hexes with CB-result markers the phasing player must attack now
    disputed: frozenset[str] = frozenset()  # of them, those of a CB the rules do not give: not owed (10.3.1)
    attacked_units: frozenset[str] = frozenset()  # units that attacked in this phase (10.3.4)
    attacked_hexes: frozenset[str] = frozenset()  # target hexes of this phase's battles (10.3.4)
    voluntary_hexes: frozenset[str] = frozenset()  # target hexes of voluntary battles (for undeclared logs)
    possible: Mapping[str, frozenset[str]] = field(default_factory=frozen_map)  # target -> units that could attack
    # it when it became one (or when the phase's combat began), for 10.3.1
    battle: Battle | None = None
    markers: tuple[CBMarker, ...] = ()
    support_turn: int = 0
    support_used: Mapping[str, int] = field(default_factory=frozen_map)  # side -> markers used on support_turn


# The blank records: a new battle, and the record of a new Combat Phase, are copies of them with their fields given
# (``evolve``: a block copy of the fields, where a frozen dataclass's ``__init__`` sets each field by a call)
NO_BATTLE = Battle(0, "", "", (), (), (), "", frozen_map(), frozen_map())
NO_COMBAT = Combat()
