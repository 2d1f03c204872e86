"""Who is where: the units on the map by location and by side, and where each side projects a zone of control,
derived from a state's units mapping for the rules that ask (movement, supply, stacking, control, combat).

A unit projects a zone of control when its face's unit type has one (``UnitType.zoc``) and the game's
``Hooks.zoc_off`` does not switch it off for its state (No Retreat!: an Unsupplied marker); it reaches the
locations ``Hooks.zoc_reach`` gives (default: the open neighbours, not across an impassable hexside). A position
counts, per side, the units that project one in each location (a unit that moves changes two entries); the
locations a side's zone of control reaches are made from those counts when first asked for, and kept for the
counts mapping (positions share a side's mapping while its projecting units stay put). A game whose rules keep their
own zones of control says so (``Hooks.zoc_counts``): its positions count none. Unit states are the game's own: the
engine reads ``loc`` and ``face`` only.

A units mapping is never changed once a state holds it (rule functions make a new one), so what is derived from
it is remembered on the replay context by the mapping's identity (the last few mappings, each kept alive by its
entry so that the identity cannot be reused), and a new mapping is derived from the last one through the units
whose entry changed: a move changes one unit, so a whole game derives each new position in microseconds instead of
going through every unit again. A derived position keeps each side's locations as bits too (``spots``, changed by
the units that came or went), for the searches; its units by location are made only when first asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from operator import is_not
from typing import AbstractSet, Any, Callable, Mapping, NamedTuple

from .bits import board_bits, mask, named
from .context import Context, once

KEEP = 8  # positions remembered on the context
REBUILD = 2  # 1/REBUILD of the units changed or more: derive the position from scratch (a changed unit is counted
# out and in again, two counts; a new position counts every unit once)


class Position:
    """The map as one units mapping leaves it. The mappings are shared: read them, never change them.

    ``at`` is made when first asked for: a derived position keeps its base position and the units that changed
    location, and the first ask copies the nearest made ``at`` back along that chain once and moves those units in
    it (a movement phase's moves need only the counts; the units by location are asked at the phase's end)."""

    __slots__ = ("units", "held", "spots", "stacked", "zoc", "sets", "zones", "_at", "_base", "_moves", "_depth")

    def __init__(self, units: Mapping[str, Any], at: Mapping[str, tuple[str, ...]] | None,
                 held: Mapping[str, Mapping[str, int]], spots: Mapping[str, int], stacked: Mapping[str, int],
                 zoc: Mapping[str, Mapping[str, int]], sets: dict, zones: "_Zones", base: "Position | None" = None,
                 moves: list | None = None, depth: int = 0) -> None:
        self.units = units  # the units mapping described (kept: its identity is the key)
        self.held = held  # side -> location -> how many of the side's units are there
        self.spots = spots  # side -> the locations of ``held`` as bits (:func:`~.bits.board_bits`)
        self.stacked = stacked  # side -> the locations holding more than one of its units, as bits
        self.zoc = zoc  # side -> location -> how many of the side's units there project a ZOC
        self.sets = sets  # what rule modules build from the above when first asked for
        self.zones = zones  # the game's ZOC reach and the zones made from the ``zoc`` counts (:func:`zoc_set`)
        self._at = at  # location -> units on the map there, in the game's unit order (None: not made yet)
        self._base = base  # (``at`` not made yet) the position derived from
        self._moves = moves  # (``at`` not made yet) (unit, from, to, rank) of the units that changed location
        self._depth = depth  # positions back to the nearest made ``at``

    @property
    def at(self) -> Mapping[str, tuple[str, ...]]:
        """location -> units on the map there, in the game's unit order."""
        at = self._at
        return at if at is not None else _make_at(self)


def changed_units(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str] | None:
    """The units whose entry differs between two units mappings of the same units (rule functions copy a mapping
    and replace the entries they change), or None when the mappings do not list the same units in the same order."""
    if before is after:
        return []
    if len(before) != len(after) or list(before) != list(after):
        return None
    return list(compress(after, map(is_not, after.values(), before.values())))


def changes(ctx: Context, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str] | None:
    """:func:`changed_units`, remembered on the context for the last pair asked about (the replay asks about the
    units before and after an action when it ends, and again when the next action needs the position)."""
    last = ctx.derived.get("changes")
    if last is not None and last[0] is before and last[1] is after:
        return last[2]
    found = changed_units(before, after)
    ctx.derived["changes"] = (before, after, found)
    return found


def noted_changes(ctx: Context, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str] | None:
    """:func:`changes` when it is known without comparing the mappings: the pair last noted or asked about, or a
    chain of the last :data:`NOTED` pairs noted from ``before`` to ``after`` (the units any of them changed, each
    once); else None."""
    if before is after:
        return []
    last = ctx.derived.get("changes")
    if last is not None and last[0] is before and last[1] is after:
        return last[2]
    noted = ctx.derived.get("noted")
    if not noted:
        return None
    out: list[str] = []
    cur = after
    for _ in range(NOTED):
        hit = noted.get(id(cur))
        if hit is None or hit[1] is not cur:
            return None
        out += hit[2]
        cur = hit[0]
        if cur is before:
            return list(dict.fromkeys(out))
    return None


NOTED = 8  # pairs of units mappings noted (:func:`note_changes`) that :func:`noted_changes` chains


def note_changes(ctx: Context, before: Mapping[str, Any], after: Mapping[str, Any], changed: list[str]) -> None:
    """What a rule function that made ``after`` by copying ``before`` and replacing the entries of ``changed``
    knows already (:func:`changes` then need not compare the mappings; :func:`noted_changes` chains the last few)."""
    pair = ctx.derived["changes"] = (before, after, changed)
    noted = ctx.derived.get("noted")
    if noted is None:
        noted = ctx.derived["noted"] = {}
    if len(noted) >= NOTED:
        del noted[next(iter(noted))]
    noted[id(after)] = pair  # (the mappings kept alive with it: their ids stay theirs)


@dataclass(frozen=True, slots=True)
class _Static:
    """Per game: each unit's side, its place in the game's unit order, whether each face projects a ZOC (its unit
    type's ``zoc``), what switches a ZOC off, and where a ZOC reaches from each location (``Hooks``)."""

    side: Mapping[str, str]
    rank: Mapping[str, int]
    bit: Mapping[str, int]  # a location's bit (:func:`~.bits.board_bits`)
    projects: Mapping[tuple[str, str], bool]
    reach: Mapping[str, tuple[str, ...]]
    off: Callable[[Any], bool]
    zones: "_Zones"


class _Zones(NamedTuple):
    """Per loaded game: where a ZOC reaches from each location, the zones made last (:func:`zoc_set`), each
    unit's place in the game's unit order (:func:`_make_at`), and the location of each bit (:func:`stacked_at`)."""

    reach: Mapping[str, tuple[str, ...]]
    made: dict  # id of a side's ZOC counts -> (the counts, kept alive with it; the locations they reach)
    rank: Mapping[str, int]
    name: Mapping[int, str]


def _static(ctx: Context) -> _Static:
    made = ctx.tables.get("position_static")  # (asked by every new position: looked up without once's call)
    return made if made is not None else once(ctx, "position_static", _make_static)


def _make_static(ctx: Context) -> _Static:
    game = ctx.game
    types = game.unit_types
    hooks = ctx.hooks
    if hooks.zoc_counts:
        projects = {key: types[t].zoc for key, t in ctx.unit_type.items()}
        reach = hooks.zoc_reach(ctx) if hooks.zoc_reach is not None else ctx.board.open_neighbours
    else:  # the game keeps its own zones of control: no unit is counted as projecting one
        projects, reach = dict.fromkeys(ctx.unit_type, False), {}
    rank = {uid: i for i, uid in enumerate(game.units)}
    bit = board_bits(ctx).bit
    return _Static({uid: u.side for uid, u in game.units.items()}, rank, bit, projects, reach, hooks.zoc_off,
                   _Zones(reach, {}, rank, {b: loc for loc, b in bit.items()}))


def unit_sides(ctx: Context) -> Mapping[str, str]:
    """unit -> its side."""
    made = ctx.tables.get("position_static")  # (asked after most actions: looked up without _static's call)
    return (made if made is not None else _static(ctx)).side


def unit_ranks(ctx: Context) -> Mapping[str, int]:
    """unit -> its place in the game's unit order (the order a location's units are listed in)."""
    return _static(ctx).rank


def _add(s: _Static, locations, at: dict, held: dict, zoc: dict, uid: str, us, sign: int) -> None:
    """Count unit ``uid`` in (``sign`` 1) or out of (``sign`` -1) the position."""
    loc = us.loc
    if loc not in locations:
        return
    side = s.side[uid]
    here = at.get(loc)
    if sign > 0:
        at[loc] = tuple(sorted(here + (uid,), key=s.rank.__getitem__)) if here else (uid,)
    elif len(here) == 1:
        del at[loc]
    else:
        i = here.index(uid)
        at[loc] = here[:i] + here[i + 1:]
    counts = held[side]
    n = counts.get(loc, 0) + sign
    if n:
        counts[loc] = n
    else:
        del counts[loc]
    if s.projects[uid, us.face] and not s.off(us):
        counts = zoc[side]
        n = counts.get(loc, 0) + sign
        if n:
            counts[loc] = n
        else:
            del counts[loc]


def _derive(ctx: Context, units: Mapping[str, Any], base: Position | None) -> Position:
    s = _static(ctx)
    locations = ctx.board.locations
    changed = changes(ctx, base.units, units) if base is not None else None
    if changed is None or len(changed) * REBUILD >= len(units):
        at: dict = {}
        held: dict = {side: {} for side in ctx.game.sides}
        zoc: dict = {side: {} for side in ctx.game.sides}
        for uid, us in units.items():
            _add(s, locations, at, held, zoc, uid, us, 1)
        bit = s.bit
        spots = {side: mask(bit, counts) for side, counts in held.items()}
        stacked = {side: mask(bit, [loc for loc, n in counts.items() if n > 1]) for side, counts in held.items()}
        return Position(units, at, held, spots, stacked, zoc, {}, s.zones)
    if not changed:
        if base._at is not None:
            return Position(units, base._at, base.held, base.spots, base.stacked, base.zoc, base.sets, s.zones)
        return Position(units, None, base.held, base.spots, base.stacked, base.zoc, base.sets, s.zones, base, [],
                        base._depth + 1)
    # A mapping is copied only when a unit changes it (``.copy()``, not ``dict()``: these mappings lose keys as units
    # leave, and ``dict()`` of a dict with deleted entries inserts key by key, five times slower than the block copy
    # ``.copy()`` still makes of it); the counts of a side none of whose units changed them are shared. Each mapping
    # changes as :func:`_add` would change it, counting the unit out of its old state and into its new one; the units
    # by location are left to :func:`_make_at`, with the units that changed location.
    base_held, base_spots, base_stacked, base_zoc = base.held, base.spots, base.stacked, base.zoc
    held, spots, stacked, zoc = base_held, base_spots, base_stacked, base_zoc
    side_of, rank, bit, projects, off, was = s.side, s.rank, s.bit, s.projects, s.off, base.units
    moves = []
    for uid in changed:  # (written out, no call a unit: a phase's first position counts many)
        old, new = was[uid], units[uid]
        a, b = old.loc, new.loc
        on_a, on_b = a in locations, b in locations
        if not (on_a or on_b):
            continue
        side = side_of[uid]
        if a != b:
            moves.append((uid, a if on_a else None, b if on_b else None, rank[uid]))
            if held is base_held:
                held = dict(held)
            counts = held[side]
            if counts is base_held[side]:
                counts = held[side] = counts.copy()
            if spots is base_spots:
                spots = dict(spots)
            if on_a:
                n = counts[a]
                if n == 1:  # (the last of the side's units there left)
                    del counts[a]
                    spots[side] ^= bit[a]
                else:
                    counts[a] = n - 1
                if n == 2:  # (one is left)
                    if stacked is base_stacked:
                        stacked = dict(stacked)
                    stacked[side] ^= bit[a]
            if on_b:
                n = counts.get(b, 0)
                counts[b] = n + 1
                if not n:
                    spots[side] |= bit[b]
                elif n == 1:
                    if stacked is base_stacked:
                        stacked = dict(stacked)
                    stacked[side] |= bit[b]
        from_a = on_a and projects[uid, old.face] and not off(old)
        from_b = on_b and projects[uid, new.face] and not off(new)
        if from_a == from_b and (a == b or not from_a):  # its zone of control neither moved, came nor went
            continue
        if zoc is base_zoc:
            zoc = dict(zoc)
        counts = zoc[side]
        if counts is base_zoc[side]:
            counts = zoc[side] = counts.copy()
        if from_a:
            n = counts[a] - 1
            if n:
                counts[a] = n
            else:
                del counts[a]
        if from_b:
            counts[b] = counts.get(b, 0) + 1
    if not moves:  # (the units by location, and the stacks, which depend on them alone, are the base's)
        sets = {"stacks": base.sets["stacks"]} if "stacks" in base.sets else {}
        if base._at is not None:
            return Position(units, base._at, held, spots, stacked, zoc, sets, s.zones)
        return Position(units, None, held, spots, stacked, zoc, sets, s.zones, base, moves, base._depth + 1)
    pos = Position(units, None, held, spots, stacked, zoc, {}, s.zones, base, moves,
                   1 if base._at is not None else base._depth + 1)
    if pos._depth >= CHAIN:
        _make_at(pos)
    return pos


CHAIN = 32  # derived positions at most between one whose ``at`` is made and one whose ``at`` is not


def _make_at(pos: Position) -> Mapping[str, tuple[str, ...]]:
    """The units by location of a derived position: the nearest made ``at`` back along its bases, copied once (when
    a unit changed location since) and each unit that did moved in it, oldest first. Kept on the position, which
    then lets its bases go."""
    chain = []
    p = pos
    while p._at is None:
        if p._moves:
            chain.append(p._moves)
        p = p._base
    at = p._at
    if chain:
        at, rank = at.copy(), pos.zones.rank
        for moves in reversed(chain):
            for uid, a, b, r in moves:
                if a is not None:
                    here = at[a]
                    if len(here) == 1:
                        del at[a]
                    else:
                        i = here.index(uid)
                        at[a] = here[:i] + here[i + 1:]
                if b is not None:
                    here = at.get(b)
                    if here:
                        i = 0
                        while i < len(here) and rank[here[i]] < r:
                            i += 1
                        at[b] = here[:i] + (uid,) + here[i:]
                    else:
                        at[b] = (uid,)
    pos._at, pos._base, pos._moves = at, None, None
    return at


def position(ctx: Context, units: Mapping[str, Any]) -> Position:
    """The position of a units mapping (remembered on the context; derived from the last one asked for)."""
    memo = ctx.derived.get("positions")
    if memo is None:
        memo = ctx.derived["positions"] = {}
    key = id(units)
    pos = memo.get(key)
    if pos is not None and pos.units is units:
        return pos
    last = memo[next(reversed(memo))] if memo else None
    pos = _derive(ctx, units, last)
    memo.pop(key, None)
    if len(memo) >= KEEP:
        del memo[next(iter(memo))]
    memo[key] = pos
    return pos


def stacked_at(pos: Position) -> list[tuple[str, str]]:
    """(location, side) for every location holding more than one unit of a side, side by side (from the bits the
    position keeps: no location is looked at that holds fewer)."""
    name = pos.zones.name
    return [(loc, side) for side, m in pos.stacked.items() for loc in named(name, m)]


def held_by(pos: Position, side: str) -> AbstractSet[str]:
    """Locations holding units of ``side``."""
    return pos.held[side].keys()


def spots_of_others(spots: Mapping[str, int], side: str) -> int:
    """:func:`held_by_others` as bits (:func:`~.bits.board_bits`), from a position's ``spots``."""
    out = 0
    for s, bits in spots.items():
        if s != side:
            out |= bits
    return out


def held_by_others(pos: Position, side: str) -> AbstractSet[str]:
    """Locations holding units of a side other than ``side`` (enemy units, for ``side``)."""
    return _others(pos, pos.held, side, "held")


ZONES = 16  # zones of control kept per loaded game (by the counts they are made from)


def zoc_set(pos: Position, side: str) -> frozenset[str]:
    """Locations in the zone of control of ``side``'s units (made when first asked for a side's counts mapping, and
    kept for it: positions share it while the side's projecting units stay put)."""
    counts = pos.zoc[side]
    made = pos.zones.made
    hit = made.get(id(counts))
    if hit is not None and hit[0] is counts:
        return hit[1]
    reach = pos.zones.reach
    out = frozenset().union(*[reach[loc] for loc in counts])
    if len(made) >= ZONES:
        del made[next(iter(made))]
    made[id(counts)] = (counts, out)
    return out


def enemy_zoc_set(pos: Position, side: str) -> frozenset[str]:
    """Locations in an enemy zone of control for ``side`` (an EZOC)."""
    others = [zoc_set(pos, s) for s in pos.zoc if s != side]
    if len(others) == 1:
        return others[0]
    key = ("zoc", side)
    out = pos.sets.get(key)
    if out is None:
        out = pos.sets[key] = frozenset().union(*others)
    return out


def enemy_zoc_mask(ctx: Context, zoc: Mapping[str, Mapping[str, int]], side: str) -> int:
    """:func:`enemy_zoc_set` as bits (:func:`~.bits.board_bits`) from a position's ``zoc`` counts: made from the
    other sides' counts of projecting units, each projecting location's reach as bits (per game), and kept per
    counts mapping like the zones."""
    reach = ctx.tables.get("zoc_reach_bits")
    if reach is None:
        reach = once(ctx, "zoc_reach_bits", _reach_bits)
    out = 0
    for s, counts in zoc.items():
        if s != side:
            out |= _zone_mask(ctx, counts, reach)
    return out


def _reach_bits(ctx: Context) -> dict[str, int]:
    bit = board_bits(ctx).bit
    return {loc: mask(bit, near) for loc, near in _static(ctx).reach.items()}


def _zone_mask(ctx: Context, counts: Mapping[str, int], reach: Mapping[str, int]) -> int:
    """The bits a side's zone of control reaches, from its counts of projecting units (remembered for the last few
    counts mappings, each kept alive by its entry)."""
    memo = ctx.derived.get("zone_masks")
    if memo is None:
        memo = ctx.derived["zone_masks"] = {}
    hit = memo.get(id(counts))
    if hit is not None and hit[0] is counts:
        return hit[1]
    out = 0
    for loc in counts:
        out |= reach[loc]
    if len(memo) >= ZONES:
        del memo[next(iter(memo))]
    memo[id(counts)] = (counts, out)
    return out


def _others(pos: Position, by_side: Mapping[str, Mapping[str, int]], side: str, what: str) -> AbstractSet[str]:
    if len(by_side) == 2:  # one other side: its counts' keys
        for s, counts in by_side.items():
            if s != side:
                return counts.keys()
    others = [counts for s, counts in by_side.items() if s != side]
    key = (what, side)
    out = pos.sets.get(key)
    if out is None:
        out = pos.sets[key] = frozenset().union(*others)
    return out
