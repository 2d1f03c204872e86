"""Lines onto the grid: a river or ridge becomes the chain of hexsides nearest it (a cheapest path through the
corner graph, each hexside costing more the farther it lies from the line); a road or railroad becomes the hexes it
passes through, centre to centre.
"""

from __future__ import annotations

import heapq
import math

import numpy as np
import shapely
from shapely.geometry import LineString, Point, box
from shapely.geometry.base import BaseGeometry

from games.hexgrid import Hex

from .hexspace import HexSpace, Side

SIGMA = 0.2  # hexes: how quickly a hexside's cost grows with its distance from the line
HEX_SIGMA = 0.4  # the same for the hexes of a road or railroad
MARGIN = 3.0  # hexes around the line's bounding box searched for the chain


class Unroutable(Exception):
    """No chain of allowed hexsides joins the two ends."""


def chain(space: HexSpace, allowed: set[Side], geom: BaseGeometry, start: tuple[float, float],
          end: tuple[float, float], snap: set[tuple[int, int]] = frozenset()) -> list[Side]:
    """The hexsides (canonical keys) of the cheapest chain of allowed hexsides from the corner nearest ``start``
    to the corner nearest ``end`` (or to a corner of ``snap``, an existing network, when one is within a hex of
    ``end``: so a tributary meets its river). Empty when both ends are the same corner."""
    corners, sides = space.corner_graph
    x0, y0, x1, y1 = geom.bounds
    window = box(x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN)
    keys = [s for s in sorted(allowed) if s in sides]
    ends = [sides[s] for s in keys]
    mids = np.array([[(corners[a][0] + corners[b][0]) / 2, (corners[a][1] + corners[b][1]) / 2] for a, b in ends])
    if not len(keys):
        raise Unroutable("no hexsides to route along")
    inside = shapely.contains_xy(window, mids[:, 0], mids[:, 1])
    pts_a = np.array([corners[a] for a, _ in ends])
    pts_b = np.array([corners[b] for _, b in ends])
    d = np.zeros(len(keys))
    for pts in (pts_a, mids, pts_b):
        d += shapely.distance(shapely.points(pts), geom)
    d /= 3
    length = 1 / math.sqrt(3)
    graph: dict[tuple[int, int], list[tuple[float, tuple[int, int], Side]]] = {}
    for key, (a, b), dist, ok in zip(keys, ends, d, inside):
        if not ok:
            continue
        cost = length * (1 + (dist / SIGMA) ** 2)
        graph.setdefault(a, []).append((cost, b, key))
        graph.setdefault(b, []).append((cost, a, key))
    if not graph:
        raise Unroutable("the line is outside the grid")
    nodes = sorted(graph)

    def nearest(p: tuple[float, float], among: list[tuple[int, int]]) -> tuple[int, int]:
        return min(among, key=lambda k: ((corners[k][0] - p[0]) ** 2 + (corners[k][1] - p[1]) ** 2, k))

    source = nearest(start, nodes)
    near_snap = [k for k in sorted(snap) if k in graph and math.dist(corners[k], end) <= 1.0]
    target = nearest(end, near_snap) if near_snap else nearest(end, nodes)
    if source == target:
        return []
    best = {source: 0.0}
    back: dict[tuple[int, int], tuple[tuple[int, int], Side]] = {}
    heap = [(0.0, source)]
    while heap:
        cost, node = heapq.heappop(heap)
        if node == target:
            break
        if cost > best[node]:
            continue
        for step, nxt, key in graph[node]:
            c = cost + step
            if c < best.get(nxt, math.inf) - 1e-12:
                best[nxt] = c
                back[nxt] = (node, key)
                heapq.heappush(heap, (c, nxt))
    if target not in back:
        raise Unroutable("its ends are not joined by hexsides it may use")
    out: list[Side] = []
    node = target
    while node != source:
        node, key = back[node]
        out.append(key)
    return out[::-1]


def hex_route(space: HexSpace, land: set[Hex], points: list[tuple[float, float]],
              blocked: set[Side] = frozenset()) -> list[Hex]:
    """The land hexes a road or railroad through ``points`` (hex space) passes, each next to the one before: leg by
    leg, from the hex of one waypoint to the hex of the next, the cheapest path of hexes whose centres stay near
    the leg (so a line never crosses a water cell or a ``blocked`` hexside and always passes through its waypoints'
    hexes)."""
    out: list[Hex] = []
    for a, b in zip(points, points[1:]):
        leg = _leg(space, land, blocked, a, b)
        out.extend(leg[1:] if out and leg and out[-1] == leg[0] else leg)
    if len(points) == 1:
        h = _nearest_land(space, land, points[0])
        out = [h] if h else []
    cut: list[Hex] = []
    for h in out:  # a hex met again ends the detour
        if h in cut:
            del cut[cut.index(h) + 1:]
        else:
            cut.append(h)
    return cut


def _nearest_land(space: HexSpace, land: set[Hex], p: tuple[float, float]) -> Hex | None:
    h = space.hex_at(*p)
    if h in land:
        return h
    near = [c for c in land if math.dist(space.centre(c), p) < 3]
    return min(near, key=lambda c: (math.dist(space.centre(c), p), space.ids[c]), default=None)


def _leg(space: HexSpace, land: set[Hex], blocked: set[Side], a: tuple[float, float], b: tuple[float, float]
         ) -> list[Hex]:
    start, goal = _nearest_land(space, land, a), _nearest_land(space, land, b)
    if start is None or goal is None:
        return []
    seg = LineString([a, b]) if a != b else LineString([a, (a[0] + 1e-9, a[1])])
    x0, y0, x1, y1 = seg.bounds
    window = box(x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN)
    cost_of: dict[Hex, float] = {}

    def enter(h: Hex) -> float:
        if h not in cost_of:
            c = space.centre(h)
            cost_of[h] = 1 + (seg.distance(Point(c)) / HEX_SIGMA) ** 2 if window.contains(Point(c)) else math.inf
        return cost_of[h]

    best = {start: 0.0}
    back: dict[Hex, Hex] = {}
    heap = [(0.0, space.ids[start], start)]
    while heap:
        cost, _, h = heapq.heappop(heap)
        if h == goal:
            break
        if cost > best[h]:
            continue
        for d, v in space.dirs.items():
            n = h + v
            if n not in land or (blocked and space.side_key(h, d) in blocked):
                continue
            c = cost + enter(n)
            if c < best.get(n, math.inf) - 1e-12:
                best[n] = c
                back[n] = h
                heapq.heappush(heap, (c, space.ids[n], n))
    if goal != start and goal not in back:
        return [start]
    path = [goal]
    while path[-1] != start:
        path.append(back[path[-1]])
    return path[::-1]


def as_line(points: list[tuple[float, float]]) -> LineString:
    return LineString(points) if len(points) > 1 else LineString(points * 2)
