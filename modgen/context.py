"""What every part of the module writer needs: the game, the art's board geometry, the images, piece ids.

The main map is the art's boards stacked top to bottom (the hex map first, then the board of tracks and boxes), so
a board's origin on the map is the sum of the heights above it (VASSAL's ``Map.setBoardBoundaries`` for one column
of boards with no edge buffer). :meth:`Context.point` turns any game location — a hex id, an area id, a box id, or
a track space ``"<box>:<space>"`` — into the map pixel where a piece stands there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Mapping

from art.boards import BoardGeometry, Rect, boards
from games import DataError, Game
from games.grid import HexIds, Layout
from games.model import Box

from . import names

MAP_BOARD = "map"
TRACKS_BOARD = "board_tracks"


@dataclass(frozen=True)
class Context:
    game: Game
    boards: tuple[BoardGeometry, ...]
    image_sizes: Mapping[str, tuple[int, int]]  # image name (relative to images/) -> pixel size

    @classmethod
    def of(cls, game: Game, image_sizes: Mapping[str, tuple[int, int]]) -> Context:
        return cls(game, boards(game), image_sizes)

    # -- boards --
    @cached_property
    def board_names(self) -> dict[str, str]:
        """Art board name -> VASSAL board name."""
        return {b.name: (names.MAIN_BOARD if b.name == MAP_BOARD else "Tracks") for b in self.boards}

    @cached_property
    def origins(self) -> dict[str, tuple[int, int]]:
        """Art board name -> its top-left corner on the main map."""
        out, y = {}, 0
        for b in self.boards:
            out[b.name] = (0, y)
            y += b.size[1]
        return out

    @cached_property
    def map_board(self) -> BoardGeometry:
        return next(b for b in self.boards if b.name == MAP_BOARD)

    @property
    def layout(self) -> Layout:
        layout = self.map_board.layout
        assert layout is not None
        return layout

    @cached_property
    def hex_ids(self) -> HexIds:
        return HexIds(self.game.map.grid)

    @cached_property
    def box_rects(self) -> dict[str, tuple[str, Rect]]:
        """Box id or ``box:space`` -> (art board name, rectangle in that board's pixels)."""
        return {key: (b.name, rect) for b in self.boards for key, rect in b.boxes.items()}

    # -- what the module's toolbar links to --
    @cached_property
    def vp_box(self) -> Box | None:
        """The VP track: the track box whose spaces are the VP range of ``game.toml`` (12.4.4), if the map has one."""
        vp = self.game.vp_track
        if vp is None:
            return None
        spaces = [str(n) for n in range(vp.low, vp.high + 1)]
        return next((b for b in self.game.map.boxes.values() if b.kind == "track" and list(b.spaces) == spaces), None)

    @cached_property
    def vp_marker_kind(self) -> str | None:
        """The marker kind that keeps the score: the one the scenarios put on the VP track's start space."""
        box = self.vp_box
        if box is None or self.game.vp_track is None:
            return None
        start = f"{box.id}:{self.game.vp_track.start}"
        kinds = {m.marker_kind for s in self.game.scenarios.values() for m in s.markers if m.location == start}
        return kinds.pop() if len(kinds) == 1 else None

    @cached_property
    def hand_sides(self) -> tuple[str, ...]:
        """The side ids that hold a hand of cards: every side, when the game has cards."""
        return tuple(self.game.sides) if self.game.cards else ()

    # -- locations --
    def location_name(self, location: str) -> str:
        """The name VASSAL reports for a location (names.py module docstring)."""
        m = self.game.map
        if location in m.hexes:
            return location
        if location in m.areas:
            return m.areas[location].name
        if ":" in location:
            box, space = location.split(":", 1)
            return names.track_space_name(m.boxes[box].name, space)
        return m.boxes[location].name

    def point(self, location: str) -> tuple[int, int]:
        """The main-map pixel where a piece placed at ``location`` stands."""
        m = self.game.map
        if location in m.hexes:
            return self.layout.centre(self.hex_ids.hex_of(location))
        if location in m.areas:
            return self._area_point(location)
        if location in self.box_rects:
            board, rect = self.box_rects[location]
            ox, oy = self.origins[board]
            cx, cy = rect.centre
            return ox + cx, oy + cy
        raise DataError(self.game.id, f"no place on the boards for location {location!r}")

    def _area_point(self, area_id: str) -> tuple[int, int]:
        """The centre of the area's cell nearest the middle of its cells (always inside the area's polygon)."""
        centres = [self.layout.centre(h) for h in self.game.map.areas[area_id].cells]
        mx = sum(x for x, _ in centres) / len(centres)
        my = sum(y for _, y in centres) / len(centres)
        return min(centres, key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p))

    # -- images --
    def require(self, image: str) -> str:
        """``image`` if the art produced it, else a DataError naming the missing file."""
        if image not in self.image_sizes:
            raise DataError(f"images/{image}", "missing: the art step must render it before the module is built")
        return image

    def size(self, image: str) -> tuple[int, int]:
        return self.image_sizes[self.require(image)]
