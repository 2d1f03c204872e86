"""Supply (6.0-6.5; 3rd edition 6.1 for city paths, the 3rd-edition summary for the special cases).

- 6.1 overland supply: a path of at most 4 hexes from the unit to a friendly *supplied* city or to a hex of its
  side's friendly map edge;
- 6.1 (3rd ed.) supplied city: a friendly city that traces a path of any length to a friendly map edge, every step
  in its side's direction (Axis: W, SW, NW; Soviet: E, SE, NE);
- 6.2 alternate sources (not overland): a coastal hex of a sea whose ``supply`` list names the side (the Baltic
  only while Leningrad is a friendly supplied city, 3rd-ed summary), or adjacency to a friendly unit that traces
  overland supply itself; Finnish units in Finland and Yugoslav units in the Balkans are always supplied
  (3rd-ed summary);
- 6.3 blocking: enemy units always block; enemy zones of control block unless a friendly unit is in the hex;
  enemy-controlled cities and the areas (Finland, Balkans) block (3rd-ed summary); lake hexes and lake
  hexsides do not block (a path may cross them);
- 6.0 timing: the phasing player's units are checked and marked first, then the other side's, with the markers
  just placed already taking away the marked units' zones of control (6.5.3);
- 6.4/6.5: marked units keep the marker until the Removal Phase (see ``removal``); their effects live in the
  modules that use them (``movement``: 3 MP at most, ``zoc``: no ZOC).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .board import Context
from .control import controller
from .position import enemy_zoc_set, held_by, held_by_others, position
from .state import State, unit_name
from .zoc import enemies

SUPPLY_RANGE = 4  # 6.1: at most four hexes (three in between)
CITY_DIRECTIONS = {"axis": frozenset({"W", "SW", "NW"}), "soviet": frozenset({"E", "SE", "NE"})}  # 6.1 (3rd ed)
HOME_SUPPLY = {"finnish": "finland", "yugoslav": "balkans"}  # nationality -> region where always supplied
COAST_NEEDS_CITY = {"baltic": "Leningrad"}  # sea -> city that must be friendly and supplied (3rd-ed summary)


@dataclass(frozen=True)
class SupplyNet:
    """Everything about one side's supply at one moment."""

    side: str
    blocked: frozenset[str]  # locations a path may not enter (6.3)
    cities: frozenset[str]  # friendly supplied cities (6.1)
    sources: frozenset[str]  # supplied cities and friendly edge hexes
    dist: Mapping[str, int]  # unblocked locations -> hexes to the nearest source (at most SUPPLY_RANGE)
    toward: Mapping[str, str]  # location -> next location on a shortest path to a source


def blocked_for(ctx: Context, state: State, side: str, with_enemy: bool = True) -> frozenset[str]:
    """Locations a ``side`` supply path may not enter (6.3); ``with_enemy=False`` leaves out enemy units and
    zones of control (to tell whether they are what cuts a unit off)."""
    out = set(ctx.board.areas)
    if with_enemy:
        pos = position(ctx, state.units)
        out |= held_by_others(pos, side)
        out |= enemy_zoc_set(pos, side) - held_by(pos, side)
    for city in ctx.board.cities:
        owner = controller(ctx, state, city)
        if owner is not None and owner != side:
            out.add(city)
    return frozenset(out)


def _city_steps(ctx: Context, side: str) -> dict[str, tuple[str, ...]]:
    """For each location the neighbours one step in ``side``'s city direction."""
    key = ("city_steps", side)
    if key not in ctx.derived:
        board = ctx.board
        dirs = CITY_DIRECTIONS[side]
        ctx.derived[key] = {x: tuple(n for n in ns if board.direction.get((x, n)) in dirs)
                            for x, ns in board.supply_neighbours.items()}
    return ctx.derived[key]


def supplied_cities(ctx: Context, state: State, side: str, blocked: frozenset[str]) -> frozenset[str]:
    """Friendly cities that trace a directional path of any length to a friendly map edge (6.1, 3rd ed): a city on
    the edge, or one with a step in the side's direction to an unblocked location that is on the edge or has such
    a step itself. Every step moves the same way across the map, so the steps never lead back: each location is
    settled once, by a search from the city that stops at the first way found."""
    board = ctx.board
    steps = _city_steps(ctx, side)
    edge = board.edges[side]
    reaches: dict[str, bool] = dict.fromkeys(blocked, False)  # location -> it has a path to the edge
    out = set()
    for city in board.cities:
        if controller(ctx, state, city) != side:
            continue
        if city in edge or any(_reaches(n, steps, edge, reaches) for n in steps[city]):
            out.add(city)
    return frozenset(out)


def _reaches(loc: str, steps: Mapping[str, tuple[str, ...]], edge: frozenset[str], reaches: dict[str, bool]) -> bool:
    """Whether ``loc`` has a directional path to the edge (settled in ``reaches``, blocked locations settled False;
    a location is taken as False while it is searched, so a loop could not hang the search)."""
    known = reaches.get(loc)
    if known is not None:
        return known
    reaches[loc] = False
    stack = [(loc, iter(steps[loc]))]
    while stack:
        x, todo = stack[-1]
        if x in edge:
            found = True
        else:
            found = None
            for n in todo:
                settled = reaches.get(n)
                if settled is None:
                    reaches[n] = False
                    stack.append((n, iter(steps[n])))
                    break
                if settled:
                    found = True
                    break
            else:
                found = False
            if found is None:
                continue  # a step to settle first
        reaches[x] = found
        stack.pop()
        if found:  # every location below on the stack steps into this one: they all reach the edge
            for y, _ in stack:
                reaches[y] = True
            stack.clear()
    return reaches[loc]


def supply_net(ctx: Context, state: State, side: str, with_enemy: bool = True) -> SupplyNet:
    """``side``'s supply net now (remembered on the context for the units and control it was made from, and for
    what it depends on: the blocked locations and the side's cities)."""
    memo = ctx.derived.get("supply_nets")
    if memo is None:
        memo = ctx.derived["supply_nets"] = {}
    units, control = state.units, state.control
    key = (id(units), id(control), side, with_enemy)
    hit = memo.get(key)
    if hit is not None and hit[0] is units and hit[1] is control:
        return hit[2]
    blocked = blocked_for(ctx, state, side, with_enemy)
    mine = frozenset(c for c in ctx.board.cities if controller(ctx, state, c) == side)
    nets = ctx.derived.get("supply_nets_by_content")
    if nets is None:
        nets = ctx.derived["supply_nets_by_content"] = {}
    content = (side, blocked, mine)
    net = nets.get(content)
    if net is None:
        net = _net(ctx, state, side, blocked)
        _keep(nets, content, net)
    _keep(memo, key, (units, control, net))
    return net


def _keep(memo: dict, key, value, size: int = 16) -> None:
    if len(memo) >= size:
        del memo[next(iter(memo))]
    memo[key] = value


def _net(ctx: Context, state: State, side: str, blocked: frozenset[str]) -> SupplyNet:
    """Breadth first from every source, one ring at a time (in the order of ``sources``; ``toward`` is the first
    location of the previous ring found next to each)."""
    board = ctx.board
    neighbours = board.supply_neighbours
    cities = supplied_cities(ctx, state, side, blocked)
    sources = cities | board.edges[side]
    ring = [s for s in sources if s not in blocked]
    dist: dict[str, int] = dict.fromkeys(ring, 0)
    toward: dict[str, str] = {}
    for d in range(1, SUPPLY_RANGE):
        out = []
        for x in ring:
            for n in neighbours[x]:
                if n not in dist and n not in blocked:
                    dist[n] = d
                    toward[n] = x
                    out.append(n)
        ring = out
    return SupplyNet(side, blocked, cities, frozenset(sources), dist, toward)


def overland_path(ctx: Context, net: SupplyNet, loc: str) -> tuple[str, ...] | None:
    """A shortest overland supply path from ``loc`` (excluded) to a source, or None (6.1). A source's own hex
    needs no path (empty tuple)."""
    if loc in net.sources:
        return ()
    best = None
    for n in ctx.board.supply_neighbours.get(loc, ()):
        d = net.dist.get(n)
        if d is not None and d <= SUPPLY_RANGE - 1 and (best is None or d < net.dist[best]):
            best = n
    if best is None:
        return None
    path = [best]
    while path[-1] in net.toward:
        path.append(net.toward[path[-1]])
    return tuple(path)


@dataclass(frozen=True)
class Supply:
    """How a unit is supplied: ``how`` is overland (6.1), coast, adjacent or home (6.2), or None (unsupplied)."""

    how: str | None
    path: tuple[str, ...] = ()
    via: str = ""  # the sea, the adjacent unit, or the region

    @property
    def ok(self) -> bool:
        return self.how is not None

    @property
    def rule(self) -> str:
        return "6.1" if self.how == "overland" else "6.2"


def _coast_ok(ctx: Context, state: State, side: str, sea: str, net: SupplyNet) -> bool:
    if side not in ctx.game.map.seas[sea].supply_sides:
        return False
    city_name = COAST_NEEDS_CITY.get(sea)
    if city_name is None:
        return True
    return any(ctx.game.map.hexes[c].city == city_name for c in net.cities)


def unit_supply(ctx: Context, state: State, uid: str, net: SupplyNet,
                overland: Mapping[str, tuple[str, ...] | None] | None = None) -> Supply:
    """How unit ``uid`` is supplied given its side's net (6.1, 6.2)."""
    u = ctx.game.units[uid]
    loc = state.units[uid].loc
    region = HOME_SUPPLY.get(u.nationality)
    if region and loc in ctx.game.map.regions[region].locations:
        return Supply("home", (), region)
    path = overland_path(ctx, net, loc) if overland is None else overland.get(uid)
    if path is not None:
        return Supply("overland", path, path[-1] if path else loc)
    mh = ctx.game.map.hexes.get(loc)
    coasts = mh.coasts if mh else ctx.game.map.areas[loc].coasts if loc in ctx.game.map.areas else frozenset()
    for sea in sorted(coasts):
        if _coast_ok(ctx, state, u.side, sea, net):
            return Supply("coast", (), sea)
    neighbours = ctx.board.neighbours.get(loc, ())
    for other, us in state.units.items():
        if other != uid and us.loc in neighbours and ctx.game.units[other].side == u.side:
            op = overland_path(ctx, net, us.loc) if overland is None else overland.get(other)
            if op is not None:
                return Supply("adjacent", (), other)
    return Supply(None)


def side_supply(ctx: Context, state: State, side: str) -> dict[str, Supply]:
    """The supply of every on-map unit of ``side`` (6.1, 6.2)."""
    net = supply_net(ctx, state, side)
    mine = [uid for uid, us in state.units.items()
            if us.loc in ctx.board.locations and ctx.game.units[uid].side == side]
    overland = {uid: overland_path(ctx, net, state.units[uid].loc) for uid in mine}
    return {uid: unit_supply(ctx, state, uid, net, overland) for uid in mine}


def describe(ctx: Context, state: State, uid: str, s: Supply) -> str:
    """Plain words for how a unit is supplied."""
    if s.how == "home":
        return f"is always supplied in {ctx.game.map.regions[s.via].name}"
    if s.how == "coast":
        return f"is on a {ctx.game.map.seas[s.via].name} coastal hex (6.2)"
    if s.how == "adjacent":
        return f"is adjacent to {unit_name(ctx, s.via, state)}, which traces overland supply (6.2)"
    end = s.via
    mh = ctx.game.map.hexes.get(end)
    what = f"the friendly supplied city {mh.city} ({end})" if mh and mh.city and end in ctx.board.cities \
        else f"its friendly map edge at {end}"
    if not s.path:
        return f"is in {what}"
    return f"traces a {len(s.path)}-hex path {'-'.join(s.path)} to {what}"


def why_unsupplied(ctx: Context, state: State, uid: str) -> tuple[str, str]:
    """(rule, words) for a unit that cannot trace supply: 6.3 when only enemy units or zones of control cut it
    off, else 6.1."""
    side = ctx.game.units[uid].side
    open_net = supply_net(ctx, state, side, with_enemy=False)
    if unit_supply(ctx, state, uid, open_net).ok:
        return "6.3", ("every supply path within 4 hexes is blocked by enemy units or by enemy zones of control "
                       "without a friendly unit in the hex")
    return "6.1", ("it has no path of at most 4 hexes to a friendly supplied city or friendly map edge, and no "
                   "alternate source (6.2)")


def supply_order(ctx: Context, state: State) -> tuple[str, ...]:
    """The phasing player's side first, then the others (6.0)."""
    first = state.player or next(iter(ctx.game.sides))
    return (first,) + enemies(ctx, first)
