"""The map as the rules see it: locations (hexes and areas), adjacency, hexside features, terrain costs, edges.

Built once per game from ``games`` data (map hexes, areas, lakes, the TEC) into a :class:`Board` that the rule
modules share through :class:`Context`. Rules covered here are the static facts of the map:

- 8.3 / TEC: the cost in MP to enter a hex or area, by armor or other unit; prohibited (lake) hexsides;
- 8.6: Finland (and the Balkan areas) are single locations adjacent to the hexes listed in ``areas.toml``;
- 6.3: supply paths may trace through lake hexes (``supply_passable`` lake cells) and across lake hexsides;
- TEC "Lake hexside": no zone of control across it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping

from games.grid import HexIds
from games.hexgrid import Hex, directions, neighbours
from games.model import Game

from ...model import Header

PROHIBITED = -1  # TEC "P"


@dataclass(frozen=True)
class Board:
    """Static map facts keyed by location id (hex id, area id, or a passable lake cell id for supply)."""

    locations: frozenset[str]  # hexes and areas: where units may be
    neighbours: Mapping[str, tuple[str, ...]]  # adjacency between locations (across any hexside)
    prohibited: frozenset[tuple[str, str]]  # (a, b) pairs whose shared hexside may not be crossed
    supply_neighbours: Mapping[str, tuple[str, ...]]  # adjacency for supply paths, through passable lake cells
    direction: Mapping[tuple[str, str], str]  # compass name of the side of a that faces b (hexes and cells)
    cost: Mapping[str, tuple[int, int]]  # location -> (MP for armor, MP for other units) to enter
    edges: Mapping[str, frozenset[str]]  # side -> hexes of its friendly map edge
    cities: frozenset[str]
    areas: frozenset[str]
    lake_cells: frozenset[str]
    water: Mapping[str, str]  # sea and lake cells -> the name of their water: never entered by units
    open_neighbours: Mapping[str, tuple[str, ...]]  # neighbours not across a prohibited hexside (ZOC, attacks, moves)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())

    def crossing_prohibited(self, a: str, b: str) -> bool:
        return (a, b) in self.prohibited


@dataclass(frozen=True)
class Context:
    """What every rule function needs besides the state: the game, its board, the log header."""

    game: Game
    board: Board
    header: Header
    scenario_id: str
    first_turn_of: Mapping[str, int] = field(default_factory=dict)  # turn-event code -> first turn it is listed
    slots: tuple[tuple[str | None, str, str | None], ...] = ()  # (player, phase, step) of one game turn, in order
    unit_type: Mapping[tuple[str, str], str] = field(default_factory=dict)  # (unit, face) -> unit type id
    # what rule modules derive once (static facts) or remember for the replay (positions, supply nets: keyed by
    # immutable inputs, a bounded number kept)
    derived: dict = field(default_factory=dict, compare=False, repr=False)
    phase_of: Mapping[str, Any] = field(default_factory=dict)  # phase id -> its Phase (game.phases)
    slot_index: Mapping[tuple[str | None, str, str | None], int] = field(default_factory=dict)  # slot -> index

    @property
    def scenario(self):
        return self.game.scenarios[self.scenario_id]

    def option(self, name: str) -> bool:
        if name in self.header.options:
            return bool(self.header.options[name])
        return bool(self.scenario.options.get(name, False))


def once(ctx: Context, key: Hashable, make: Callable[[Context], Any]) -> Any:
    """What ``make`` derives from the game, made once per replay and kept on the context under ``key``."""
    value = ctx.derived.get(key)
    if value is None:
        value = ctx.derived[key] = make(ctx)
    return value


def terrain_cost(game: Game, terrain: str) -> tuple[int, int]:
    """(MP for armor, MP for other units) to enter a location of this terrain (TEC; a blank is 1)."""
    t = game.tec[terrain]
    return (t.mp_armor if t.mp_armor is not None else 1, t.mp_other if t.mp_other is not None else 1)


def build_board(game: Game) -> Board:
    m = game.map
    ids = HexIds(m.grid)
    by_hex = {(h.hex.q, h.hex.r): hid for hid, h in m.hexes.items()}  # axial (q, r) -> hex id
    lake_cells = {(c.q, c.r): ids.id_of(c) for lake in m.lakes.values() if lake.supply_passable for c in lake.cells}
    nbrs: dict[str, list[str]] = {}
    sup: dict[str, list[str]] = {}
    direction: dict[tuple[str, str], str] = {}
    names = {(d.q, d.r): name for name, d in directions(m.grid.orientation).items()}  # delta -> side of a
    steps = [((d.q, d.r), names.get((d.q, d.r), "")) for d in neighbours(Hex(0, 0))]  # in the order of neighbours
    side_features = {k for k, v in game.tec.items() if v.applies_to == "hexside"}
    blocked_features = {k for k in side_features if game.tec[k].mp_armor == PROHIBITED}
    prohibited: set[tuple[str, str]] = set()
    for side, features in m.hexsides.items():
        a, b = by_hex.get((side.a.q, side.a.r)), by_hex.get((side.b.q, side.b.r))
        if a is not None and b is not None and features & blocked_features:
            prohibited.update(((a, b), (b, a)))
    for (q, r), hid in by_hex.items():
        nbrs[hid] = mine = []
        sup[hid] = supply = []
        for (dq, dr), name in steps:
            n = (q + dq, r + dr)
            other = by_hex.get(n)
            if other is not None:
                mine.append(other)
            else:
                other = lake_cells.get(n)
                if other is None:
                    continue
            supply.append(other)
            direction[(hid, other)] = name
    for (q, r), cid in lake_cells.items():
        sup[cid] = supply = []
        for (dq, dr), name in steps:
            n = (q + dq, r + dr)
            other = by_hex.get(n) or lake_cells.get(n)
            if other is not None:
                supply.append(other)
                direction[(cid, other)] = name
    for aid, area in m.areas.items():
        nbrs.setdefault(aid, [])
        sup.setdefault(aid, [])
        for loc in area.adjacent:
            for a, b in ((aid, loc), (loc, aid)):
                if b not in nbrs.setdefault(a, []):
                    nbrs[a].append(b)
                    sup.setdefault(a, []).append(b)
    cost = {hid: terrain_cost(game, h.terrain) for hid, h in m.hexes.items()}
    cost.update({aid: terrain_cost(game, a.terrain) for aid, a in m.areas.items()})
    edges = {side: frozenset(hid for hid, h in m.hexes.items() if h.edge == side) for side in game.sides}
    return Board(
        locations=frozenset(nbrs), neighbours={k: tuple(v) for k, v in nbrs.items()}, prohibited=frozenset(prohibited),
        supply_neighbours={k: tuple(v) for k, v in sup.items()}, direction=direction, cost=cost, edges=edges,
        cities=frozenset(h.id for h in m.cities), areas=frozenset(m.areas), lake_cells=frozenset(lake_cells.values()),
        water={ids.id_of(c): w.name for w in (*m.seas.values(), *m.lakes.values()) for c in w.cells},
        open_neighbours={k: tuple(n for n in v if (k, n) not in prohibited) for k, v in nbrs.items()},
    )


def turn_slots(game: Game) -> tuple[tuple[str | None, str, str | None], ...]:
    """(player, phase, step) of one game turn in order: the mutual phases, then each side's player turn (4.0)."""
    out = []
    for p in game.phases:
        if not p.player:
            out.extend((None, p.id, s) for s in ([s for s, _ in p.steps] or [None]))
    for side in game.sides:
        for p in game.phases:
            if p.player:
                out.extend((side, p.id, s) for s in ([s for s, _ in p.steps] or [None]))
    return tuple(out)


def make_context(game: Game, header: Header) -> Context:
    first: dict[str, int] = {}
    for n in sorted(game.turns):
        for e in game.turns[n].events:
            first.setdefault(e.code, n)
    types = {(uid, face): (u.back if face == "back" else u.front).type
             for uid, u in game.units.items() for face in ("front", "back")}
    slots = turn_slots(game)
    return Context(game, build_board(game), header, header.scenario or next(iter(game.scenarios)), first,
                   slots, types, phase_of={p.id: p for p in reversed(game.phases)},
                   slot_index={s: i for i, s in reversed(list(enumerate(slots)))})
