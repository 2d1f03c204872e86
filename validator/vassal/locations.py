"""Where one of our pieces is, in the game's own terms: a map hex or area, an off-map box, a track space, a side's
hand, a deck, or nowhere (docs/module.md: the module names hexes by their ids, areas and boxes by their names,
track spaces ``<track name> <space>``; hands are the maps ``<side name> Hand``, decks the Cards map's piles).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from games import hexgrid
from games.grid import Layout
from games.model import Game

from .module_names import ModuleNames
from .replay import Place

MAP, BOX, TRACK, HAND, DECK, NOWHERE, UNKNOWN = "map", "box", "track", "hand", "deck", "none", "unknown"


@dataclass(frozen=True)
class Where:
    """``kind`` (map, box, track, hand, deck, none, unknown) and ``id``: a hex/area id, a box id, ``box:space``, a
    side id or a deck name; ``raw`` is what VASSAL called the place (for notes)."""

    kind: str
    id: str = ""
    raw: str = ""

    def __str__(self) -> str:
        return self.id or self.raw or self.kind


@dataclass(frozen=True)
class Seen:
    """What the translator saw of one of our pieces: kind (unit, marker, card), its game id (unit id, marker kind,
    card id; "" when the game has no such one), where it is, its face, a unit's attack direction, the Joker's
    facing, and the unit a marker lies on."""

    kind: str
    id: str
    where: Where
    face: str | None = None
    attack: str = ""
    turned: str = ""
    on: str | None = None
    xy: tuple[int, int] | None = None  # main-map pixel
    battle: str = ""  # a unit: the number of the battle it was declared in with the module's battle command
    role: str = ""  # ... as "attacker" or "defender"


_STEPS = tuple((n.q, n.r) for n in hexgrid.neighbours(hexgrid.Hex(0, 0)))  # the six neighbours' offsets


def module_name(game: Game, loc: str) -> str:
    """The name our module gives a location id: hexes keep their ids, areas and boxes their names, a track space
    ``box:space`` is ``<track name> <space>``."""
    m = game.map
    if loc in m.areas:
        return m.areas[loc].name
    box, _, space = loc.partition(":")
    if box in m.boxes:
        return f"{m.boxes[box].name} {space}" if space else m.boxes[box].name
    return loc


@dataclass(frozen=True)
class Locator:
    """Where a piece is in the game's terms: a main-map position as its hex, a box or area by its name in the module."""

    game: Game
    names: ModuleNames

    @cached_property
    def _by_name(self) -> dict[str, Where]:
        g = self.game
        out = {module_name(g, aid): Where(MAP, aid, module_name(g, aid)) for aid in g.map.areas}
        for bid, b in g.map.boxes.items():
            out[module_name(g, bid)] = Where(BOX, bid, module_name(g, bid))
            for space in b.spaces:
                name = module_name(g, f"{bid}:{space}")
                out[name] = Where(TRACK, f"{bid}:{space}", name)
        return out

    @cached_property
    def side_names(self) -> dict[str, str]:
        return {s.name: sid for sid, s in self.game.sides.items()}

    @cached_property
    def decks(self) -> frozenset[str]:
        n = self.names
        return frozenset((n.draw_pile, n.discard_pile, n.set_aside))

    def on_main_map(self, x: int, y: int, centres_only: bool = False) -> Where | None:
        """A hex or area from a main-map pixel by the game's own grid (no module needed); None elsewhere. With
        ``centres_only`` (the module is known and names the pixel itself) a pixel off every cell's centre is None
        too: pieces snap to the centres, and one off them stands in a zone the module draws over the cells (an
        Entry Area along a map edge inside the whole map: Stalingrad '42's north map edge), which the module's
        location name gives and the grid would take for the cell under it."""
        key = (x, y)
        found = self._on_main_map.get(key, False)
        if found is False:
            if centres_only:
                return None
            loc = self._cells.get(self._layout.hex_at(key))
            found = self._on_main_map[key] = None if loc is None else Where(MAP, loc, loc)
        return found

    @cached_property
    def _on_main_map(self) -> dict[tuple[int, int], Where | None]:
        """Pixel -> location, as pieces come back to the same pixels again and again; begun with the centre of every
        cell (where a snapped piece stands), which ``hex_at`` gives back as that cell (checked for every cell by
        tests/test_vassal_translation_pin.py): the search of the grid is left for pixels off the centres."""
        centre = self._layout.centre
        return {centre(cell): Where(MAP, loc, loc) for cell, loc in self._cells.items()}

    def location_id(self, name: str) -> str | None:
        """The hex or area a location name of the main map stands for (None: not a map location)."""
        if name in self.game.map.hexes:
            return name
        w = self._by_name.get(name)
        return w.id if w is not None and w.kind == MAP else None

    def where(self, place: Place | None) -> Where:
        if place is None or place.map is None:
            return Where(NOWHERE)
        n = self.names
        side = n.hand_side(place.map, self.side_names)
        if side is not None:
            return Where(HAND, side, place.map)
        loc = place.location
        if place.map == n.main_map:
            if loc in self.game.map.hexes:
                return Where(MAP, loc, loc)
            if loc in self._by_name:
                return self._by_name[loc]
            if place.hex is not None:
                return Where(MAP, place.hex, place.hex)
        elif place.map == n.card_map and loc is not None:
            return Where(DECK, loc, loc)
        raw = loc if loc is not None else f"({place.x}, {place.y})"
        return Where(UNKNOWN, "", f"{place.map}: {raw}")

    # -- adjacency of map locations (hexes and areas), for paths drawn hex by hex --
    def neighbours(self, loc: str) -> frozenset[str]:
        """The map locations next to ``loc`` (none for what is not a map location), worked out for the locations a
        log's drags touch only."""
        found = self._neighbours.get(loc)
        if found is None:
            m = self.game.map
            h = m.hexes.get(loc)
            out = set()
            if h is not None:
                axial = self._axial
                q, r = h.hex.q, h.hex.r
                for dq, dr in _STEPS:
                    n = axial.get((q + dq, r + dr))
                    if n is not None:
                        out.add(n)
            a = m.areas.get(loc)
            if a is not None:
                out.update(a.adjacent)
            out.update(aid for aid, area in m.areas.items() if loc in area.adjacent)
            found = self._neighbours[loc] = frozenset(out)
        return found

    @cached_property
    def _axial(self) -> dict[tuple[int, int], str]:
        """Axial coordinates -> hex id (pairs of ints look up faster than Hex objects)."""
        return {(h.q, h.r): hid for h, hid in self.game.map.by_hex.items()}

    @cached_property
    def _neighbours(self) -> dict[str, frozenset[str]]:
        return {}  # location -> its neighbours, filled as drags ask

    def between(self, a: str, b: str) -> list[list[str]]:
        """Every shortest way from ``a`` to ``b`` (the locations entered after ``a``), up to two hexes apart; [] when
        they are further apart or not map locations."""
        if b in self.neighbours(a):
            return [[b]]
        return [[c, b] for c in sorted(self.neighbours(a) & self.neighbours(b))]

    @cached_property
    def _cells(self) -> dict[hexgrid.Hex, str]:
        """Grid cell -> the map location it belongs to (a hex, or an area drawn over several cells)."""
        m = self.game.map
        out = {c: aid for aid, a in m.areas.items() for c in a.cells}
        out.update(m.by_hex)
        return out

    @cached_property
    def _layout(self) -> Layout:
        return Layout.module(self.game.map.grid)

    def toward(self, loc: str, direction: str, xy: tuple[int, int] | None = None) -> str | None:
        """The location next to ``loc`` in a direction of ``games.hexgrid.directions``: from the cell the piece
        stands on (``xy``, main-map pixels: an area covers several cells), else from hex ``loc``."""
        d = hexgrid.directions(self.game.map.grid.orientation).get(direction)
        h = self.game.map.hexes.get(loc)
        cell = self._layout.hex_at(xy) if xy is not None else (h.hex if h is not None else None)
        if d is None or cell is None or self._cells.get(cell) != loc:
            return None
        return self._cells.get(hexgrid.neighbour(cell, d))
