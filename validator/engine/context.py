"""The replay context: what every rule function needs besides the state, and what is derived from it once.

A rules package makes one :class:`Context` per replay (``context(game, header)``) with :func:`make_context`, giving
the engine its :class:`Hooks`: the few facts of its rules the engine's shared machinery needs (where a zone of
control reaches, which unit states switch it off). Everything a rule module derives from the game once, or
remembers during a replay (positions, supply nets), is kept in ``ctx.derived``: keyed by immutable inputs, a
bounded number at a time, nothing kept between replays. What is derived from the game and its board alone (bit
boards, the game's unit order and slots, its card tables: :func:`once`) is made once per process and shared by
every replay of that loaded game (:func:`derived_from`; in memory only, nothing is written anywhere).
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
    at all is the unit type's ``zoc``. ``zoc_counts`` False: the game's rules keep their own zones of control, and
    positions count none (``Position.zoc`` is empty: counting them was a third of the cost of a new position)."""

    zoc_reach: Callable[["Context"], Mapping[str, tuple[str, ...]]] | None = None
    zoc_off: Callable[[Any], bool] = _never
    zoc_counts: bool = True


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
    # what is derived from the game, its board and the hooks alone: shared by every replay in this process (once)
    tables: dict = field(default_factory=dict, compare=False, repr=False)
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
    """What ``make`` derives from the game, its board and the package's hooks alone (never from the header or the
    state), made once per process for that loaded game and kept under ``key`` (:func:`derived_from`)."""
    value = ctx.tables.get(key)
    if value is None:
        value = ctx.tables[key] = make(ctx)
    return value


def per_replay(ctx: Context, key: Hashable, make: Callable[[Context], Any]) -> Any:
    """What ``make`` derives from the game AND this replay's header or scenario (the sections in play, the set-up,
    the starting position): made once per replay and kept on the context under ``key``, never shared with another
    log's replay as :func:`once`'s tables are."""
    value = ctx.derived.get(key)
    if value is None:
        value = ctx.derived[key] = make(ctx)
    return value


_KEPT: dict[tuple[int, ...], tuple[tuple[Any, ...], dict]] = {}  # ids -> (the objects, kept alive; their tables)
KEPT = 8  # loaded games (or boards) whose tables a process keeps; the oldest goes first


def derived_from(*owners: Any) -> dict:
    """The dict of what is derived from ``owners`` alone (a loaded game; a board and its hooks), the same dict for
    the same objects as long as the process keeps them (the last :data:`KEPT`): tables a replay would otherwise
    build again every time. In memory only. The objects are kept alive with it, so their ids stay theirs."""
    key = tuple(map(id, owners))
    entry = _KEPT.get(key)
    if entry is None or any(a is not b for a, b in zip(entry[0], owners)):
        entry = (owners, {})
        remember(_KEPT, key, entry, KEPT)
    return entry[1]


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
    """The context of one replay of ``game`` from ``header``, on ``board`` (``board.build_board``); what it derives
    from the game alone is made once per process (:func:`derived_from`)."""
    tables = derived_from(game, board, hooks)
    static = tables.get("context")
    if static is None:
        static = tables["context"] = _static_context(game)
    first, slots, types, phase_of, slot_index = static
    return Context(game, board, header, header.scenario or next(iter(game.scenarios)), first, slots, types,
                   tables=tables, phase_of=phase_of, slot_index=slot_index, hooks=hooks)


def _static_context(game: Game) -> tuple:
    """(turn-event code -> first turn, slots, (unit, face) -> type, phase id -> phase, slot -> index)."""
    first: dict[str, int] = {}
    for n in sorted(game.turns):
        for e in game.turns[n].events:
            first.setdefault(e.code, n)
    types = {(uid, face): (u.back if face == "back" else u.front).type
             for uid, u in game.units.items() for face in ("front", "back")}
    slots = turn_slots(game)
    return (first, slots, types, {p.id: p for p in reversed(game.phases)},
            {s: i for i, s in reversed(list(enumerate(slots)))})
