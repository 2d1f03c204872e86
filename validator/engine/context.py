"""The replay context: what every rule function needs besides the state, and what is derived from it once.

A rules package makes one :class:`Context` per replay (``context(game, header)``) with :func:`make_context`, giving
the engine its :class:`Hooks`: the few facts of its rules the engine's shared machinery needs (where a zone of
control reaches, which unit states switch it off). Everything a rule module derives from the game once, or
remembers during a replay (positions, supply nets), is kept in ``ctx.derived`` (:func:`once`): keyed by immutable
inputs, a bounded number at a time, nothing kept between replays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping

from games.model import Game

from ..model import Header
from .board import Board

Slot = tuple[str | None, str, str | None]  # (phasing player or None, phase id, step id or None)


def _never(unit_state: Any) -> bool:
    return False


@dataclass(frozen=True)
class Hooks:
    """What a game's rules tell the shared engine.

    ``zoc_reach``: location -> the locations its units' zones of control reach (default: every neighbour across a
    hexside that is not impassable, ``Board.open_neighbours``); ``zoc_off``: a unit state whose markers take its
    zone of control away (No Retreat!: an Unsupplied marker; default: none). Whether a unit's face projects a ZOC
    at all is the unit type's ``zoc``."""

    zoc_reach: Callable[["Context"], Mapping[str, tuple[str, ...]]] | None = None
    zoc_off: Callable[[Any], bool] = _never


@dataclass(frozen=True)
class Context:
    """What every rule function needs besides the state: the game, its board, the log header, the turn's slots."""

    game: Game
    board: Board
    header: Header
    scenario_id: str
    first_turn_of: Mapping[str, int] = field(default_factory=dict)  # turn-event code -> first turn it is listed
    slots: tuple[Slot, ...] = ()  # (player, phase, step) of one game turn, in order
    unit_type: Mapping[tuple[str, str], str] = field(default_factory=dict)  # (unit, face) -> unit type id
    # what rule modules derive once (static facts) or remember for the replay (positions, supply nets: keyed by
    # immutable inputs, a bounded number kept)
    derived: dict = field(default_factory=dict, compare=False, repr=False)
    phase_of: Mapping[str, Any] = field(default_factory=dict)  # phase id -> its Phase (game.phases)
    slot_index: Mapping[Slot, int] = field(default_factory=dict)  # slot -> index
    hooks: Hooks = Hooks()

    @property
    def scenario(self):
        return self.game.scenarios[self.scenario_id]

    def option(self, name: str) -> bool:
        """An optional rule: the header's ``options``, else the scenario's."""
        if name in self.header.options:
            return bool(self.header.options[name])
        return bool(self.scenario.options.get(name, False))


def once(ctx: Context, key: Hashable, make: Callable[[Context], Any]) -> Any:
    """What ``make`` derives from the game, made once per replay and kept on the context under ``key``."""
    value = ctx.derived.get(key)
    if value is None:
        value = ctx.derived[key] = make(ctx)
    return value


def remember(memo: dict, key: Hashable, value: Any, size: int) -> None:
    """Keep ``value`` under ``key`` in a bounded memo (the oldest entry goes first)."""
    if len(memo) >= size:
        del memo[next(iter(memo))]
    memo[key] = value


def turn_slots(game: Game, order: tuple[str, ...] | None = None) -> tuple[Slot, ...]:
    """(player, phase, step) of one game turn in order: the mutual phases listed before the first player phase of
    ``[[phases]]`` in ``game.toml``, each side's player turn (in ``order``, default the order of ``[sides]``), then
    the mutual phases listed after the last player phase (a Victory Determination Phase at the turn's end)."""
    phases = list(game.phases)
    player = [i for i, p in enumerate(phases) if p.player]
    first, last = (player[0], player[-1]) if player else (len(phases), len(phases))

    def of(p, side: str | None) -> list[Slot]:
        return [(side, p.id, s) for s in ([s for s, _ in p.steps] or [None])]

    out: list[Slot] = []
    for p in phases[:first]:
        if not p.player:
            out += of(p, None)
    for side in order or tuple(game.sides):
        for p in phases:
            if p.player:
                out += of(p, side)
    for p in phases[last + 1:]:
        if not p.player:
            out += of(p, None)
    return tuple(out)


def make_context(game: Game, header: Header, board: Board, hooks: Hooks = Hooks()) -> Context:
    """The context of one replay of ``game`` from ``header``, on ``board`` (``board.build_board``)."""
    first: dict[str, int] = {}
    for n in sorted(game.turns):
        for e in game.turns[n].events:
            first.setdefault(e.code, n)
    types = {(uid, face): (u.back if face == "back" else u.front).type
             for uid, u in game.units.items() for face in ("front", "back")}
    slots = turn_slots(game)
    return Context(game, board, header, header.scenario or next(iter(game.scenarios)), first, slots, types,
                   phase_of={p.id: p for p in reversed(game.phases)},
                   slot_index={s: i for i, s in reversed(list(enumerate(slots)))}, hooks=hooks)
