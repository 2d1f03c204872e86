"""The map as the rules see it: locations (hexes and areas), adjacency, hexside features, the direction of each
step, terrain costs by movement class, map edges.

Built once per replay from ``games`` data by :func:`build_board`. What differs between games is given by the
caller: the cost to enter a terrain for each movement class (``cost``: No Retreat!'s armor and other columns,
Stalingrad '42's mechanized and non-mechanized ones) and the hexside features that no unit crosses
(``impassable``). Everything else is the map's data: hexes and their terrain, areas and the hexes next to them,
lakes whose cells a supply path may trace through (``supply_passable``), seas, edges and cities.

Steps between grid cells have a direction index 0-5, in the order of ``games.hexgrid.neighbours`` (the order of
the bit shifts of :mod:`.bits`): a hexside blocked one way is a step of one direction from one cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from games.grid import HexIds
from games.hexgrid import Hex, directions, neighbours
from games.model import Game

Costs = tuple[int, ...]  # MP to enter, one per movement class


@dataclass(frozen=True)
class Board:
    """Static map facts keyed by location id (hex id, area id, or a passable lake cell id for supply)."""

    locations: frozenset[str]  # hexes and areas: where units may be
    neighbours: Mapping[str, tuple[str, ...]]  # adjacency between locations (across any hexside)
    prohibited: frozenset[tuple[str, str]]  # (a, b) pairs whose shared hexside may not be crossed
    supply_neighbours: Mapping[str, tuple[str, ...]]  # adjacency for supply paths, through passable lake cells
    direction: Mapping[tuple[str, str], str]  # compass name of the side of a that faces b (hexes and cells)
    cost: Mapping[str, Costs]  # location -> MP to enter it, one per movement class
    edges: Mapping[str, frozenset[str]]  # side -> hexes of its friendly map edge
    cities: frozenset[str]
    areas: frozenset[str]
    lake_cells: frozenset[str]
    water: Mapping[str, str]  # sea and lake cells -> the name of their water: never entered by units
    open_neighbours: Mapping[str, tuple[str, ...]]  # neighbours not across a prohibited hexside (ZOC, attacks, moves)
    features: Mapping[tuple[str, str], frozenset[str]]  # (a, b) -> features of their hexside, both orders
    step_index: Mapping[tuple[str, str], int]  # (a, b) grid cells -> the direction 0-5 of the step from a to b

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())

    def crossing_prohibited(self, a: str, b: str) -> bool:
        return (a, b) in self.prohibited

    def hexside(self, a: str, b: str) -> frozenset[str]:
        """The features of the hexside between two adjacent hexes (empty when it has none)."""
        return self.features.get((a, b), frozenset())

    def between(self, a: str, b: str) -> tuple[str, ...]:
        """The locations adjacent to both ``a`` and ``b``: for two hexes two apart, the one hex on the straight line
        between them, or the two hexes whose shared hexside lies between them (a "hex" and a "hexside" ZOC bond)."""
        mine = self.neighbours.get(a, ())
        return tuple(n for n in self.neighbours.get(b, ()) if n in mine)


def build_board(game: Game, cost: Callable[[str], Costs], impassable: frozenset[str] = frozenset()) -> Board:
    """The board of ``game``: ``cost(terrain)`` gives the MP to enter a terrain per movement class, ``impassable``
    the hexside features no unit crosses (the hexes either side are not open neighbours)."""
    m = game.map
    ids = HexIds(m.grid)
    by_hex = {(h.hex.q, h.hex.r): hid for hid, h in m.hexes.items()}  # axial (q, r) -> hex id
    lake_cells = {(c.q, c.r): ids.id_of(c) for lake in m.lakes.values() if lake.supply_passable for c in lake.cells}
    nbrs: dict[str, list[str]] = {}
    sup: dict[str, list[str]] = {}
    direction: dict[tuple[str, str], str] = {}
    index: dict[tuple[str, str], int] = {}
    names = {(d.q, d.r): name for name, d in directions(m.grid.orientation).items()}  # delta -> side of a
    steps = [((d.q, d.r), names.get((d.q, d.r), "")) for d in neighbours(Hex(0, 0))]  # in the order of neighbours
    prohibited: set[tuple[str, str]] = set()
    features: dict[tuple[str, str], frozenset[str]] = {}
    for side, found in m.hexsides.items():
        a, b = by_hex.get((side.a.q, side.a.r)), by_hex.get((side.b.q, side.b.r))
        if a is None or b is None or not found:
            continue
        features[a, b] = features[b, a] = frozenset(found)
        if found & impassable:
            prohibited.update(((a, b), (b, a)))
    for (q, r), hid in by_hex.items():
        nbrs[hid] = mine = []
        sup[hid] = supply = []
        for i, ((dq, dr), name) in enumerate(steps):
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
            index[(hid, other)] = i
    for (q, r), cid in lake_cells.items():
        sup[cid] = supply = []
        for i, ((dq, dr), name) in enumerate(steps):
            n = (q + dq, r + dr)
            other = by_hex.get(n) or lake_cells.get(n)
            if other is not None:
                supply.append(other)
                direction[(cid, other)] = name
                index[(cid, other)] = i
    for aid, area in m.areas.items():
        nbrs.setdefault(aid, [])
        sup.setdefault(aid, [])
        for loc in area.adjacent:
            for a, b in ((aid, loc), (loc, aid)):
                if b not in nbrs.setdefault(a, []):
                    nbrs[a].append(b)
                    sup.setdefault(a, []).append(b)
    costs = {hid: cost(h.terrain) for hid, h in m.hexes.items()}
    costs.update({aid: cost(a.terrain) for aid, a in m.areas.items()})
    edges = {side: frozenset(hid for hid, h in m.hexes.items() if h.edge == side) for side in game.sides}
    return Board(
        locations=frozenset(nbrs), neighbours={k: tuple(v) for k, v in nbrs.items()}, prohibited=frozenset(prohibited),
        supply_neighbours={k: tuple(v) for k, v in sup.items()}, direction=direction, cost=costs, edges=edges,
        cities=frozenset(h.id for h in m.cities), areas=frozenset(m.areas), lake_cells=frozenset(lake_cells.values()),
        water={ids.id_of(c): w.name for w in (*m.seas.values(), *m.lakes.values()) for c in w.cells},
        open_neighbours={k: tuple(n for n in v if (k, n) not in prohibited) for k, v in nbrs.items()},
        features=features, step_index=index,
    )
