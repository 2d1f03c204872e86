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

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ...engine.bits import Bits, board_bits, mask, named, spread
from ...engine.context import Context, once
from ...engine.position import enemy_zoc_mask, position, spots_of_others, unit_ranks, unit_sides
from ...engine.state import unit_name
from .control import OCCUPATION_AREAS, controller
from .state import State
from .zoc import enemies

SUPPLY_RANGE = 4  # 6.1: at most four hexes (three in between)
CITY_DIRECTIONS = {"axis": frozenset({"W", "SW", "NW"}), "soviet": frozenset({"E", "SE", "NE"})}  # 6.1 (3rd ed)
HOME_SUPPLY = {"finnish": "finland", "yugoslav": "balkans"}  # nationality -> region where always supplied
COAST_NEEDS_CITY = {"baltic": "Leningrad"}  # sea -> city that must be friendly and supplied (3rd-ed summary)


@dataclass(frozen=True)
class SupplyNet:
    """Everything about one side's supply at one moment. Distances to the sources are worked out when first asked
    for (:func:`distances`, :func:`within`) and kept in ``memo``."""

    side: str
    blocked_bits: int  # locations a path may not enter (6.3), as bits (``bitboard``)
    cities: frozenset[str]  # friendly supplied cities (6.1)
    sources: frozenset[str]  # supplied cities and friendly edge hexes
    graph: Mapping[str, tuple[str, ...]] = field(compare=False, repr=False)  # adjacency of supply paths
    bits: Bits = field(compare=False, repr=False)  # locations as bits (``bitboard``)
    names: Mapping[int, str] = field(compare=False, repr=False)  # a location's bit -> the location
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def blocked(self) -> frozenset[str]:
        """The blocked locations by name (made when first asked for)."""
        out = self.memo.get("blocked")
        if out is None:
            out = self.memo["blocked"] = _names(self.names, self.blocked_bits)
        return out


def _bit_names(ctx: Context) -> Mapping[int, str]:
    """A location's bit (``bitboard``) -> the location (per game)."""
    made = ctx.tables.get("bit_names")  # (asked by every supply net: looked up without once's call)
    if made is None:
        made = once(ctx, "bit_names", lambda c: {b: loc for loc, b in board_bits(c).bit.items()})
    return made


def _names(name: Mapping[int, str], m: int) -> frozenset[str]:
    """The locations of the bits of ``m``."""
    return frozenset(named(name, m))


def blocked_for(ctx: Context, state: State, side: str, with_enemy: bool = True) -> frozenset[str]:
    """Locations a ``side`` supply path may not enter (6.3); ``with_enemy=False`` leaves out enemy units and
    zones of control (to tell whether they are what cuts a unit off)."""
    return _names(_bit_names(ctx), _blocked(ctx, state, side, with_enemy, _owners(ctx, state)))


def _owners(ctx: Context, state: State) -> list[tuple[str, str | None]]:
    """(city, the side that controls it) for every city (remembered for the last control mapping and, when a city is
    controlled by occupation (12.4.2), the units in those cities: a move elsewhere keeps the list)."""
    occupied = ctx.tables.get("occupied_cities")
    if occupied is None:
        occupied = once(ctx, "occupied_cities", lambda c: tuple([x for x in c.board.cities if x in OCCUPATION_AREAS]))
    control = state.control
    if occupied:
        at = position(ctx, state.units).at
        here = tuple([at.get(city) for city in occupied])
    else:
        here = ()
    last = ctx.derived.get("city_owners")
    if last is not None and last[0] is control and last[1] == here:
        return last[2]
    # (controller's own test for the cities controlled by occupation only, 12.4.2)
    out = [(city, controller(ctx, state, city) if city in occupied else control.get(city)) for city in ctx.board.cities]
    if last is not None and last[2] == out:  # control changed elsewhere: the same list, and what is kept for it
        out = last[2]
    ctx.derived["city_owners"] = (control, here, out)  # (the control kept alive with it: its id stays its own)
    return out


def _blocked(ctx: Context, state: State, side: str, with_enemy: bool, owners) -> int:
    """The blocked locations (6.3) as bits (``bitboard``), from the bits of their parts: the areas (per game), the
    enemy's cities (kept for the owners list, which stays the same while control does), and with the enemy the
    locations of his units (the position's ``spots``, kept up to date as units move) and his zones of control
    without a ``side`` unit in them (the zones kept per counts mapping of the position, which positions share while
    his projecting units stay put). A net is then found by these bits without going through the blocked locations
    one by one."""
    bit = board_bits(ctx).bit
    memo_key = ("blocked_cities", side)
    last = ctx.derived.get(memo_key)
    if last is not None and last[0] is owners:
        cities = last[1]
    else:
        cities = mask(bit, [city for city, owner in owners if owner is not None and owner != side])
        ctx.derived[memo_key] = (owners, cities)  # (the owners list kept alive with it: its id stays its own)
    areas = ctx.tables.get("area_bits")
    if areas is None:
        areas = once(ctx, "area_bits", lambda c: mask(bit, c.board.areas))
    if not with_enemy:
        return areas | cities
    pos = position(ctx, state.units)
    ezoc = enemy_zoc_mask(ctx, pos.zoc, side)
    # ``a ^ (a & b)`` for ``a & ~b``: the EZOCs without a ``side`` unit in them
    return areas | cities | spots_of_others(pos.spots, side) | (ezoc ^ (ezoc & pos.spots[side]))


def _city_steps(ctx: Context, side: str) -> dict[str, tuple[str, ...]]:
    """For each location the neighbours one step in ``side``'s city direction."""
    def make(c: Context) -> dict[str, tuple[str, ...]]:
        dirs, direction = CITY_DIRECTIONS[side], c.board.direction  # (list comprehensions: made on a first replay)
        return {x: tuple([n for n in ns if direction.get((x, n)) in dirs])
                for x, ns in c.board.supply_neighbours.items()}

    return once(ctx, ("city_steps", side), make)


def supplied_cities(ctx: Context, state: State, side: str, blocked: frozenset[str]) -> frozenset[str]:
    """Friendly cities that trace a directional path of any length to a friendly map edge (6.1, 3rd ed)."""
    return _supplied_cities(ctx, side, mask(board_bits(ctx).bit, blocked), _own_cities(ctx, _owners(ctx, state), side))


def _own_cities(ctx: Context, owners: list[tuple[str, str | None]], side: str) -> tuple[str, ...]:
    """``side``'s cities in the owners list (kept per side for the last owners list, which stays while control
    does: asked by every supply net)."""
    key = ("own_cities", side)
    last = ctx.derived.get(key)
    if last is not None and last[0] is owners:
        return last[1]
    mine = tuple([c for c, owner in owners if owner == side])
    ctx.derived[key] = (owners, mine)  # (the owners list kept alive with it: its id stays its own)
    return mine


def _supplied_cities(ctx: Context, side: str, blocked: int, mine: Sequence[str]) -> frozenset[str]:
    """``mine`` (friendly cities, in the board's order) that are on the edge, or have a step in the side's
    direction to an unblocked location (``blocked``: bits) that is on the edge or has such a step itself. Every step
    moves the same way across the map, so the steps never lead back: each location is settled once, by a search
    from the city that stops at the first way found. The way found for a city is kept on the context (by side, as
    bits) and tried first next time: while none of it is blocked, the city is supplied. A replay's first ways are
    those of the open map (:func:`_open_ways`, per game): most are never blocked, and need no search. When every
    city of ``mine`` was supplied, the bits of all their ways are kept with them: while none of those is blocked,
    they all are, and no city is looked at."""
    every = ctx.derived.get(("all_city_ways", side))
    if every is not None and (every[0] is mine or every[0] == mine) and not blocked & every[1]:
        return every[2]
    edge = ctx.board.edges[side]
    witness = ctx.derived.get(("city_paths", side))
    if witness is None:
        witness = ctx.derived[("city_paths", side)] = dict(_open_ways(ctx, side))
    steps = bit = None
    reaches: dict[str, bool] = {}  # location -> it has a path to the edge (blocked ones: False once met)
    after: dict[str, str] = {}  # location that has a path -> the next location on it
    out = set()
    for city in mine:
        if city in edge:
            out.add(city)
            continue
        way = witness.get(city)
        if way is not None and not blocked & way:
            out.add(city)
            continue
        if steps is None:
            steps, bit = _city_steps(ctx, side), board_bits(ctx).bit
        way = _way(city, steps, edge, reaches, after, bit, blocked)
        if way is None:
            witness.pop(city, None)
            continue
        witness[city] = way
        out.add(city)
    cities = frozenset(out)
    if len(cities) == len(mine):
        ways = 0
        for city in mine:
            ways |= witness.get(city, 0)  # (an edge city has none)
        ctx.derived[("all_city_ways", side)] = (mine, ways, cities)
    return cities


def _open_ways(ctx: Context, side: str) -> Mapping[str, int]:
    """Per game: a way to ``side``'s edge (bits) of every city that has one with nothing blocked."""
    def make(c: Context) -> dict[str, int]:
        steps, edge, bit = _city_steps(c, side), c.board.edges[side], board_bits(c).bit
        reaches: dict[str, bool] = {}
        after: dict[str, str] = {}
        ways = {city: _way(city, steps, edge, reaches, after, bit, 0) for city in c.board.cities if city not in edge}
        return {city: way for city, way in ways.items() if way is not None}

    return once(ctx, ("open_ways", side), make)


def _way(city: str, steps: Mapping[str, tuple[str, ...]], edge: frozenset[str], reaches: dict[str, bool],
         after: dict[str, str], bit: Mapping[str, int], blocked: int) -> int | None:
    """The bits of a directional path from ``city`` (excluded) to the edge along unblocked locations, or None
    (:func:`_reaches` settles the locations met in ``reaches`` and ``after``, shared by the searches of one net)."""
    first = next((n for n in steps[city] if _reaches(n, steps, edge, reaches, after, bit, blocked)), None)
    if first is None:
        return None
    way = [first]
    while way[-1] not in edge:
        way.append(after[way[-1]])
    return mask(bit, way)


def _reaches(loc: str, steps: Mapping[str, tuple[str, ...]], edge: frozenset[str], reaches: dict[str, bool],
             after: dict[str, str], bit: Mapping[str, int], blocked: int) -> bool:
    """Whether ``loc`` has a directional path to the edge (settled in ``reaches``, with the next location of the
    path in ``after``; a blocked location is settled False when first met, and a location is taken as False while
    it is searched, so a loop could not hang the search)."""
    known = reaches.get(loc)
    if known is not None:
        return known
    reaches[loc] = False
    if bit[loc] & blocked:
        return False
    stack = [(loc, iter(steps[loc]))]
    while stack:
        x, todo = stack[-1]
        found: bool | None = x in edge
        if not found:
            for n in todo:
                settled = reaches.get(n)
                if settled is None:
                    reaches[n] = False
                    if bit[n] & blocked:
                        continue
                    stack.append((n, iter(steps[n])))
                    found = None
                    break
                if settled:
                    after[x] = n
                    found = True
                    break
            if found is None:
                continue  # a step to settle first
        if found:  # every location below on the stack steps into the one above it: they all reach the edge
            for (y, _), (z, _) in zip(stack, stack[1:]):
                after[y] = z
                reaches[y] = True
            reaches[x] = True
            stack.clear()
        else:
            reaches[x] = False
            stack.pop()
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
    owners = _owners(ctx, state)
    blocked = _blocked(ctx, state, side, with_enemy, owners)
    mine = _own_cities(ctx, owners, side)
    nets = ctx.derived.get("supply_nets_by_content")
    if nets is None:
        nets = ctx.derived["supply_nets_by_content"] = {}
    content = (side, blocked, mine)
    net = nets.get(content)
    if net is None:
        cities = _supplied_cities(ctx, side, blocked, mine)
        bits = board_bits(ctx)
        net = SupplyNet(side, blocked, cities, cities | ctx.board.edges[side], ctx.board.supply_neighbours, bits,
                        _bit_names(ctx))
        net.memo["source_bits"] = mask(bits.bit, cities) | once(ctx, ("edge_bits", side),
                                                                lambda c: mask(bits.bit, c.board.edges[side]))
        _keep(nets, content, net)
    _keep(memo, key, (units, control, net))
    return net


def _keep(memo: dict, key, value, size: int = 16) -> None:
    if len(memo) >= size:
        del memo[next(iter(memo))]
    memo[key] = value


def distances(net: SupplyNet) -> tuple[Mapping[str, int], Mapping[str, str]]:
    """(dist, toward): hexes from each unblocked location within SUPPLY_RANGE - 1 of a source to the nearest one,
    and the next location toward it. Breadth first from every source, one ring at a time in the order of
    ``sources``; ``toward`` is the first location of the previous ring found next to each."""
    done = net.memo.get("rings")
    if done is not None:
        return done
    neighbours, blocked = net.graph, net.blocked
    ring = [s for s in net.sources if s not in blocked]
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
    done = net.memo["rings"] = (dist, toward)
    return done


def _near(net: SupplyNet) -> list[int]:
    """For k = 0 .. SUPPLY_RANGE - 1 the unblocked locations at most k hexes from a source, as bits (the keys of
    ``distances(net)[0]`` with a value of at most k, found ring by ring)."""
    near = net.memo.get("near")
    if near is None:
        b, blocked = net.bits, net.blocked_bits
        # ``a ^ (a & b)`` for ``a & ~b``: the same bits, without a negative board-sized integer (three times as slow)
        ring = _source_bits(net)
        ring ^= ring & blocked
        reached = ring
        near = [ring]
        for _ in range(1, SUPPLY_RANGE):
            ring = spread(b, ring)
            ring ^= ring & (blocked | reached)
            reached |= ring
            near.append(reached)
        net.memo["near"] = near
    return near


def _reach(net: SupplyNet, hexes: int) -> int:
    """The bits of the locations that are sources or have a neighbour at most ``hexes - 1`` from one."""
    key = ("reach", hexes)
    out = net.memo.get(key)
    if out is None:
        out = net.memo[key] = _source_bits(net) | spread(net.bits, _near(net)[hexes - 1])
    return out


def _source_bits(net: SupplyNet) -> int:
    """The bits of the net's sources (made once per net)."""
    out = net.memo.get("source_bits")
    if out is None:
        out = net.memo["source_bits"] = mask(net.bits.bit, net.sources)
    return out


def within(net: SupplyNet, loc: str, hexes: int) -> bool:
    """Whether ``loc`` is a source, or one is at most ``hexes`` (<= SUPPLY_RANGE) hexes away along unblocked
    locations (``loc`` itself excluded): a neighbour of ``loc`` is at most ``hexes - 1`` from a source. The net finds
    every location near a source at the first question (a few board-sized spreads: about what one search around a
    location costs, and most nets are asked again)."""
    return loc in net.sources or bool(net.bits.bit.get(loc, 0) & _reach(net, hexes))


def overland_path(ctx: Context, net: SupplyNet, loc: str) -> tuple[str, ...] | None:
    """A shortest overland supply path from ``loc`` (excluded) to a source, or None (6.1). A source's own hex
    needs no path (empty tuple)."""
    if loc in net.sources:
        return ()
    dist, toward = distances(net)
    best = None
    for n in ctx.board.supply_neighbours.get(loc, ()):
        d = dist.get(n)
        if d is not None and d <= SUPPLY_RANGE - 1 and (best is None or d < dist[best]):
            best = n
    if best is None:
        return None
    path = [best]
    while path[-1] in toward:
        path.append(toward[path[-1]])
    return tuple(path)


def traces_overland(net: SupplyNet, loc: str) -> bool:
    """Whether ``loc`` traces an overland supply path (6.1): ``overland_path(...) is not None``, without the path."""
    return within(net, loc, SUPPLY_RANGE)


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


def _home(ctx: Context, uid: str, loc: str | None) -> Supply | None:
    """Finnish units in Finland and Yugoslav units in the Balkans are always supplied (3rd-ed summary)."""
    home = _home_regions(ctx).get(uid)
    if home is not None and loc in home[1]:
        return Supply("home", (), home[0])
    return None


def _home_regions(ctx: Context) -> Mapping[str, tuple[str, frozenset[str]]]:
    """unit -> (region, its locations) for the units of a nationality always supplied in a region."""
    return once(ctx, "home_regions", lambda c: {
        uid: (HOME_SUPPLY[u.nationality], c.game.map.regions[HOME_SUPPLY[u.nationality]].locations)
        for uid, u in c.game.units.items() if u.nationality in HOME_SUPPLY})


def unit_supply(ctx: Context, state: State, uid: str, net: SupplyNet,
                overland: Mapping[str, tuple[str, ...] | None] | None = None) -> Supply:
    """How unit ``uid`` is supplied given its side's net (6.1, 6.2)."""
    u = ctx.game.units[uid]
    loc = state.units[uid].loc
    home = _home(ctx, uid, loc)
    if home is not None:
        return home
    if overland is None:
        path = overland_path(ctx, net, loc) if traces_overland(net, loc) else None
    else:
        path = overland.get(uid)
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
            traced = traces_overland(net, us.loc) if overland is None else overland.get(other) is not None
            if traced:
                return Supply("adjacent", (), other)
    return Supply(None)


def side_supply(ctx: Context, state: State, side: str) -> dict[str, Supply]:
    """The supply of every on-map unit of ``side`` (6.1, 6.2), with its path (:func:`unsupplied` for checks that only
    ask which units are not supplied)."""
    net = supply_net(ctx, state, side)
    units = state.units
    mine = _on_map(ctx, state, side)
    overland = {uid: overland_path(ctx, net, units[uid].loc) for uid in mine}
    return {uid: unit_supply(ctx, state, uid, net, overland) for uid in mine}


def unsupplied(ctx: Context, state: State, side: str) -> list[str]:
    """The on-map units of ``side`` that trace no supply (6.1, 6.2), in the units' order: those whose
    :func:`side_supply` is not ok, without a :class:`Supply` made for every unit (the ends of the Supply Check and
    Removal Phases ask only this, for every unit on the map). The side's locations (the position's ``spots``) that no
    overland path reaches are found at once, as bits: only the units there are looked at, one by one (their
    neighbours' overland supply, 6.2, a test of the same bits)."""
    net = supply_net(ctx, state, side)
    pos = position(ctx, state.units)
    spots = pos.spots[side]
    cut = spots ^ (spots & _reach(net, SUPPLY_RANGE))  # (``a ^ (a & b)`` for ``a & ~b``) not overland (6.1)
    if not cut:
        return []
    at, sides = pos.at, unit_sides(ctx)
    there = sorted([uid for loc in named(_bit_names(ctx), cut) for uid in at[loc] if sides[uid] == side],
                   key=unit_ranks(ctx).__getitem__)
    return [uid for uid in there if not unit_supply(ctx, state, uid, net).ok]


def _on_map(ctx: Context, state: State, side: str) -> list[str]:
    """``side``'s units on the map, in the units' order (kept with the position)."""
    pos = position(ctx, state.units)
    key = ("on_map", side)
    out = pos.sets.get(key)
    if out is None:
        locations, units = ctx.board.locations, state.units
        out = pos.sets[key] = [uid for uid in _side_units(ctx, side) if units[uid].loc in locations]
    return out


def _side_units(ctx: Context, side: str) -> list[str]:
    """``side``'s units in the game's unit order (the game's data alone)."""
    made = ctx.tables.get(("side_units", side))  # (asked by every new position's supply: without once's call)
    if made is None:
        sides = unit_sides(ctx)
        made = once(ctx, ("side_units", side), lambda c: [uid for uid in c.game.units if sides[uid] == side])
    return made


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
