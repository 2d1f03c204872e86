"""What played events leave in the game state (5.3.1), as plain data; a part of :class:`~.state.State`.

- :class:`Due`: the actions an event lets or makes a side take next (draws and discards "by" the card, step
  losses, eliminations, moves, entraining, detraining), until the phase in which it was played ends;
- :class:`Lasting`: an effect that outlives its play (a whole Combat Phase, a player turn, a game turn, the next
  battle);
- :class:`Quota`: "must make N attacks or lose VPs" (cards 13, 19, 20, 23), settled when that Combat Phase ends;
- :class:`Recent`: the last action that played or spent cards, improved or replaced a unit, with the state before it,
  for the events that cancel something "just" done (cards 7, 14, 31, 34, 36; kept in ``State.recent`` itself);
- :class:`Again`: the battle an event lets fight again (cards 17 Soviet, 29 Soviet, 51 Soviet);
- the per-phase facts events change: movement allowances, terrain (card 7), Defense Works (card 41), units saved
  from surrender (card 6), extra stacking (card 32), the battle's own card effects (advance, retreat).

The helpers at the end are what other rule modules read (movement, advance, retreat, stacking, removal).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from games.model import frozen_map

Key = tuple  # (turn, phasing player, phase) or another scope key


@dataclass(frozen=True, slots=True)
class Due:
    """Actions that follow a play: ``side`` does ``kind`` between ``least`` and ``most`` times (``done`` so far)."""

    card: str  # the card whose event it is (the card named in "by")
    side: str  # the side that acts
    kind: str  # draw, discard, loss, eliminate, move, entrain, detrain
    least: int
    most: int
    key: Key  # (turn, player, phase) of the play: the due lapses when that phase ends
    line: int  # the play's line
    effect: str = ""  # the effect kind that opened it
    player: str = ""  # the side that played the event
    done: int = 0
    units: frozenset[str] | None = None  # the units it may act on (None: any the effect allows)
    used: tuple[str, ...] = ()  # units acted on so far, in order
    params: Mapping[str, Any] = field(default_factory=frozen_map)
    played: str = ""  # a copy's own card (Joker, Gott Mit Uns, Na Berlin!): "by" may name it or the copied ``card``


@dataclass(frozen=True, slots=True)
class Lasting:
    """An effect that lasts beyond its play: ``scope`` is the key it holds for (see ``events.scope_key``)."""

    card: str
    side: str
    effect: str
    scope: Key
    params: Mapping[str, Any] = field(default_factory=frozen_map)
    choice: str = ""
    hexes: tuple[str, ...] = ()  # where it applies (Zhukov's target hexes)
    battles: int = 0  # battles it still applies to (0: no limit)


@dataclass(frozen=True, slots=True)
class Quota:
    """``side`` must make ``attacks`` attacks (counted as ``count``) in its Combat Phase of ``turn`` or lose ``vp``."""

    card: str
    side: str
    turn: int
    attacks: int
    count: str  # declared, voluntary, any
    vp: int
    made: int = 0


@dataclass(frozen=True)
class Recent:
    """The last action that played or spent cards or improved or replaced a unit (cancel events, 'just')."""

    side: str
    line: int
    kind: str  # play, pay, discard, improve, upgrade, replacement
    cards: tuple[str, ...]
    before: Any  # the State before that action (with no Recent of its own)
    unit: str | None = None
    event: str | None = None  # for a play: the card whose event occurred
    forced: tuple[tuple[str, str], ...] = ()  # (side, card) discarded since, by the other side, because of this play


@dataclass(frozen=True, slots=True)
class Again:
    """The next battle of ``side`` may use ``units`` again against ``hexes`` (10.3.4 waived by ``card``)."""

    card: str
    side: str
    units: frozenset[str]
    hexes: frozenset[str]
    key: Key
    declared: bool = False  # a Target hex need not have been declared (a used Target marker, card 29)
    fought: bool = False  # the battle has been fought: its losses, retreats and advances are still part of it


@dataclass(frozen=True, slots=True)
class BattleCards:
    """What the cards of the battle being resolved change after its result (``line``: the battle's line)."""

    line: int
    advance: tuple[tuple[str, int], ...] = ()  # ("cap", n) / ("extra", n) in the order played (5.0)
    free_retreat: frozenset[str] = frozenset()  # sides whose retreating units ignore enemy zones of control


@dataclass(frozen=True)  # no slots: copied with a dict update (state.evolve)
class EventState:
    due: tuple[Due, ...] = ()
    lasting: tuple[Lasting, ...] = ()
    quotas: tuple[Quota, ...] = ()
    mp: Mapping[str, tuple[str, int, Key]] = field(default_factory=frozen_map)  # unit -> (set/add, MP, phase key)
    terrain: Mapping[str, str] = field(default_factory=frozen_map)  # hex -> terrain it counts as (card 7)
    works: frozenset[tuple[str, str]] = frozenset()  # (hex, side) of Defense Works markers (card 41)
    saved: tuple[frozenset[str], Key] = (frozenset(), ())  # units saved from surrender in this Removal Phase
    stacking: tuple[frozenset[str], int, int, str] = (frozenset(), 0, 0, "")  # (hexes, extra, turn, side) (card 32)
    must_counterattack: tuple[int, str, str] | None = None  # (battle line, side that must, card)
    again: Again | None = None
    infiltrated: tuple[str, Key, frozenset[str]] | None = None  # (hex, phase key, units attacked) (card 17)
    battle: BattleCards | None = None


# -- what other rule modules read ----------------------------------------------------------------------------------

def phase_key(state) -> Key:
    return (state.turn, state.player, state.phase)


def mp_change(state, uid: str) -> tuple[str, int] | None:
    """An event's change to a unit's movement allowance in this phase (cards 10, 17, 39, 43): ("set"/"add", MP)."""
    got = state.effects.mp.get(uid)
    if got is None or got[2] != phase_key(state):
        return None
    return got[0], got[1]


def terrain_override(state, loc: str) -> str | None:
    """The terrain a hex counts as because of an event (card 7, Scorched Earth), or None."""
    return state.effects.terrain.get(loc) if state.effects.terrain else None


def battle_cards(state, line: int) -> BattleCards | None:
    b = state.effects.battle
    return b if b is not None and b.line == line else None


def saved_units(state) -> frozenset[str]:
    """Unsupplied units an event saves from surrender in the current Removal Phase (card 6)."""
    units, key = state.effects.saved
    return units if key == phase_key(state) else frozenset()


def extra_stacking(state, side: str, loc: str) -> int:
    """Units ``side`` may stack beyond the limit in ``loc`` now (card 32: until the end of the game turn, its last
    Detraining Phase excepted)."""
    hexes, extra, turn, who = state.effects.stacking
    if not extra or who != side or loc not in hexes or state.turn != turn or state.phase == "detraining":
        return 0
    return extra


def battle_owes(state, uid: str) -> bool:
    """Whether the battle being resolved still asks a step of ``uid`` (a ``loss`` of it is the battle's)."""
    b = state.combat.battle
    if b is None or b.settled:
        return False
    return b.owed_steps.get(uid, 0) > 0 or any(uid in g.units for g in b.loss_groups)
