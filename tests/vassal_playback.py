"""A game log played through the real VASSAL engine with our module: each action of the log format becomes what a
player does in VASSAL (issue 9, items 6 and 7), so that ``hexforge validate game.vlog`` can be compared with the
log it came from.

:func:`playback` walks the log through the rules engine (to know where units are and what a loss does) and writes
the harness actions (tests/vassal_engine.py): turn-tracker presses for ``turn``/``phase``; drags hex by hex for
``move`` paths, retreats and advances (one drag for ``to``); the unit menus for entraining, boxes, supply, target
and counterblow markers, attack directions and the battle result; flips; a replacement's flip or placement and its
Replacement marker; the die (a Rally roll's too: with ``orders`` the Disrupted and Full Retreat markers are kept on
the units, so that the marker taken off or turned over after it names the unit); drawing cards into a hand.
What a player cannot say with the module is left out (odds and shift claims, ``victory``, ``event``);
with ``cards=False`` every card action is left out too (VASSAL deals random cards, so a long random game cannot
play the cards its log names). :func:`java_dice` predicts the engine's seeded die rolls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from games import hexgrid
from games.model import Game, Marker
from modgen.markers import slot_name
from modgen.settings import settings
from validator.model import Action, Header
from validator.replay import rules_of
from validator.vassal.game_table import table_of
from validator.vassal.turn_sequence import level_orders, phase_sequence

UNUSED_BOX = "unused"  # where the scenario keeps the Blitz!/Shock! markers
SUPPORT_MARKER = "blitz_shock"
WEATHER_MARKER, WEATHER_TRACK = "weather-01", "weather_track"  # Stalingrad '42's Weather marker and track (23.1)
AIR_BOX = "air_holding"  # where Stalingrad '42's Air units wait (9.3)
TRAIN_MENU = "Mark Train"  # the unit command that puts a Train marker on a unit moved by rail
AUTO_DS_MENU = "Mark Automatic DS"
REPLACEMENT_MENU = "Mark Replacement"  # 21.4: the marker every unit that receives a replacement carries
RESOURCE_POINT = "rp"  # a place paid by a Resource Point (Stalingrad '42, 18.1): no replacement
SUPPLY_MENUS = {"unsupplied": "Mark Unsupplied", "oos": "Mark Out of Supply", "isolated": "Mark Isolated"}
ORDER_MENUS = {"disrupted": "Mark Disrupted", "full_retreat": "Mark Full Retreat"}  # Stalingrad '42's orders (13.0)
ON_UNIT = "MarkerOn"  # a piece key of the script: the marker a unit command last put on that unit (the writer's)


class JavaRandom:
    """``java.util.Random``: the harness seeds one and VASSAL's die button draws ``nextInt(6) + 1`` from it."""

    MULT, ADD, MASK = 0x5DEECE66D, 0xB, (1 << 48) - 1

    def __init__(self, seed: int):
        self.seed = (seed ^ self.MULT) & self.MASK

    def _next(self, bits: int) -> int:
        self.seed = (self.seed * self.MULT + self.ADD) & self.MASK
        return self.seed >> (48 - bits)

    def next_int(self, bound: int) -> int:
        r = self._next(31)
        if bound & (bound - 1) == 0:
            return (bound * r) >> 31
        while True:
            value = r % bound
            if r - value + bound - 1 < (1 << 31):
                return value
            r = self._next(31)


def java_dice(seed: int, n: int) -> list[int]:
    """The first ``n`` rolls of the 1d6 button of an engine seeded with ``seed`` (no card drawn before them)."""
    rng = JavaRandom(seed)
    return [rng.next_int(6) + 1 for _ in range(n)]


@dataclass
class _Play:
    game: Game
    state: Any
    cards: bool
    turn: int
    index: int = 0
    script: list[dict[str, Any]] = field(default_factory=list)
    faces: dict[str, str] = field(default_factory=dict)
    on_board: set[str] = field(default_factory=set)
    hand_x: int = 60
    area_point: Any = None  # loc -> (x, y) main-map pixels of an area (a zone VASSAL cannot look up by its name)
    marker_on: dict[str, str] = field(default_factory=dict)  # unit -> the palette marker put on it (MarkerId)
    used_markers: set[str] = field(default_factory=set)  # palette markers taken out (each counter once)
    orders: dict[str, str] = field(default_factory=dict)  # unit -> the order its marker shows (disrupted ...)
    keep_orders: bool = False  # the markers of orders kept on the units (playback's ``orders``)
    ctx: Any = None  # the rules' context (the turn order of a turn, :meth:`phases`)
    level: int = 0  # the tracker's Game Turn level (1: the reversed order, modgen.furniture.tracker_orders)

    def do(self, **a: Any) -> None:
        self.script.append(a)

    def phases(self) -> tuple[tuple[str | None, str], ...]:
        """The tracker's phases on the current turn: the level of the turn's order as the rules have it (S3.3,
        33.2.2), where the tracker is (by itself, or set there: :func:`_turn`)."""
        return phase_sequence(self.game, level_orders(self.game)[self.level])

    def order_level(self) -> int:
        return order_level(self.game, self.ctx, self.state)

    def unit(self, uid: str, **a: Any) -> None:
        self.do(piece={"UnitId": uid}, **a)

    def loc(self, uid: str) -> str:
        return self.state.units[uid].loc

    def box_name(self, box: str) -> str:
        return self.game.map.boxes[box].name

    def name(self, loc: str) -> str:
        """The location name VASSAL's grid knows: a hex id, an area's or a box's name."""
        m = self.game.map
        if loc in m.areas and self.area_point is not None:
            return list(self.area_point(loc))  # type: ignore[return-value]
        return m.areas[loc].name if loc in m.areas else m.boxes[loc].name if loc in m.boxes else loc

    def drag(self, uid: str, path: list[str]) -> None:
        at = self.loc(uid)
        for loc in path:  # (a path may come back to where it began: an advance into the hex and back, 14.x)
            if loc != at:
                self.do(do="move", piece={"UnitId": uid}, to=self.name(loc))
                at = loc

    def press(self, n: int) -> None:
        """The turn tracker's + button ``n`` times (its - button for a negative ``n``)."""
        self.script += [{"do": "turn", "step": "next" if n > 0 else "prev"}] * abs(n)

    def flip(self, uid: str) -> None:
        self.do(do="key", piece={"UnitId": uid}, key="ctrl F")
        self.faces[uid] = "back" if self.faces.get(uid, "front") == "front" else "front"


def units_where_vassal_left_them(game: Game, pieces: Any, final: Any) -> int:
    """How many units on the main map's hexes, areas and boxes in VASSAL's final ``pieces`` (the harness's) the
    validator's ``final`` state puts in the same place (AssertionError naming the first that is elsewhere)."""
    names = {b.name: bid for bid, b in game.map.boxes.items()}
    names.update({a.name: aid for aid, a in game.map.areas.items()})
    seen = 0
    for p in pieces:
        uid = p.properties.get("UnitId")
        if uid and p.map == "Main Map" and (p.location in game.map.hexes or p.location in names):
            assert final.units[uid].loc == names.get(p.location, p.location), uid
            seen += 1
    return seen


def order_level(game: Game, ctx: Any, state: Any) -> int:
    """The tracker's Game Turn level whose player order is the rules' on the state's turn (0: the game's own; 1: the
    reversed order of a game whose order flips, Stalingrad '42's S3.3 and 33.2.2)."""
    try:
        seq = getattr(import_module(game.rules_package + ".sequence"), "SEQUENCE", None)
    except ImportError:
        return 0
    if seq is None or seq.order is None:
        return 0
    return level_orders(game).index(tuple(seq.order(ctx, state.turn, state)))


def start_level(game: Game, header: dict[str, Any]) -> int:
    """:func:`order_level` where a game log's header starts."""
    _, ctx, state = _rules_start(game, header)
    return order_level(game, ctx, state)


def _rules_start(game: Game, header: dict[str, Any]):
    rules = rules_of(game)
    h = Header(game.id, header.get("scenario"), options=header.get("options", {}), position=header.get("position", {}),
               start=header.get("start", {}))
    ctx = rules.context(game, h)
    return rules, ctx, rules.start(ctx)


def playback(game: Game, header: dict[str, Any], actions: list[dict[str, Any]], log_file: str = "game.vlog",
             cards: bool = True, prelude: list[dict[str, Any]] = (), battle=None,  # type: ignore[assignment]
             area_point=None, removals: bool = False, orders: bool = False) -> list[dict[str, Any]]:
    """The harness script that plays ``actions`` (log-format dicts) from the scenario's predefined setup and logs
    them into ``log_file``. ``prelude``: what is done before the log begins (a header that ``start``s later: the
    tracker pressed there, units put in their places); ``battle(play, action, state before)``: how a battle is
    played (default: attack marks, the die, the result reported on a unit); ``area_point(loc)``: the main-map pixel
    of an area, for modules whose zones VASSAL's grid does not find by name (Stalingrad '42's Entry Areas);
    ``removals``: units the rules themselves take off the map into a holding box, with no line naming them (an SP an
    enemy unit reaches, a defender no retreat saves), are sent there as a player would; ``orders``: the Disrupted
    and Full Retreat markers are kept on the units as the rules change their order (:func:`_orders`; the markers are
    copies the script names by the unit they were put on, which tests/s42_vlog_writer.py knows, not the harness),
    and a No Retreat! reorganization takes the unit's Disorganized marker off. A card paid for a flip, a placement
    or a reorganization is discarded just before it (with ``cards``)."""
    sc = game.scenarios[header.get("scenario") or next(iter(game.scenarios))]
    rules, ctx, state = _rules_start(game, header)
    p = _Play(game, state, cards, sc.first_turn, area_point=area_point, keep_orders=orders, ctx=ctx)
    if orders:  # the orders a header's position gives are shown by markers already (the writer's set-up)
        p.orders = {u: o for u, us in state.units.items() if (o := getattr(us, "order", None)) in ORDER_MENUS}
    start = header.get("start")
    if start:
        phase = next(x for x in game.phases if x.id == start["phase"])
        p.turn, p.level = start["turn"], p.order_level()
        p.index = p.phases().index((start.get("player") if phase.player else None, phase.id))
    p.on_board = {x.unit for x in sc.setup} | {x.unit for x in sc.reinforcements if x.turn is not None}
    p.faces = {u: us.face for u, us in state.units.items() if us.face != "front"}  # units set up (or placed) reduced
    first = game.sides[next(iter(game.sides))].name
    p.script = [{"do": "new_game", "setup": sc.name}, {"do": "side", "side": first}, *prelude,
                {"do": "begin_log", "file": log_file}]
    for n, a in enumerate(actions, start=2):
        data = {k: v for k, v in a.items() if k not in ("type", "side")}
        before = p.state
        p.state, _ = rules.step(ctx, before, Action(n, a["type"], a["side"], data))
        if a["type"] == "battle" and battle is not None:
            battle(p, a, before)
        else:
            _convert(p, a, before)
        if removals and p.state.units is not before.units:
            _removed_by_rules(p, a, before)
            _placed_by_rules(p, a, before)
        if orders:
            _orders(p, a)
    p.do(do="end_log")
    return p.script


def _cells(game: Game, loc: str) -> tuple[hexgrid.Hex, ...]:
    m = game.map
    return (m.hexes[loc].hex,) if loc in m.hexes else m.areas[loc].cells


def _direction(game: Game, a: str, b: str) -> str:
    """The attack direction from location ``a`` to ``b`` (areas cover several cells: the first adjacent pair)."""
    orientation = game.map.grid.orientation
    for x in _cells(game, a):
        for y in _cells(game, b):
            d = hexgrid.direction_between(x, y, orientation)
            if d:
                return d
    return next(iter(hexgrid.directions(orientation)))


def _convert(p: _Play, a: dict[str, Any], before: Any) -> None:
    kind, side = a["type"], a["side"]
    game = p.game
    phases = p.phases()
    if kind == "turn":
        _turn(p, a["turn"])
    elif kind == "phase":
        phase = next(x for x in game.phases if x.id == a["phase"])
        target = phases.index((side if phase.player else None, phase.id))
        p.press(target - p.index)
        p.index = target
    elif kind in ("move", "retreat", "advance"):
        p.state, now = before, p.state
        p.drag(a["unit"], list(a.get("path") or [a["to"]]))
        p.state = now
    elif kind == "rail":  # a game with Train markers (Stalingrad '42, 5.6): the drag, then the unit's Train marker
        p.state, now = before, p.state
        p.drag(a["unit"], list(a.get("path") or [a["to"]]))
        p.state = now
        p.unit(a["unit"], do="key", menu=TRAIN_MENU)
    elif kind in ("reserve", "offensive"):  # Stalingrad '42 (25.2.1, 26.2): a marker from the palette on the unit
        for uid in a.get("units") or [a["unit"]]:
            _put_marker(p, kind, side, uid)
    elif kind == "winter_offensive":  # Stalingrad '42 (33.1): the Vasilevsky marker from the palette onto the map
        m, _ = _marker_for(p, kind, side)  # (the palette gives a copy each time: a second use is a second marker)
        p.do(do="place", slot=slot_name(m), at=p.name(min(game.map.hexes)))
    elif kind == "auto_ds":  # 8.6.1: the attackers' directions toward the target, then their Automatic DS markers
        for uid in a["attackers"]:
            p.unit(uid, do="key", menu=f"toward {_direction(game, before.units[uid].loc, a['target'])}")
            p.unit(uid, do="key", menu=AUTO_DS_MENU)
    elif kind == "activate":  # 25.2.3: the Reserve marker taken off
        for uid in a["units"]:
            if uid in p.marker_on:
                p.do(do="key", piece={"MarkerId": p.marker_on.pop(uid)}, menu="Remove")
    elif kind == "full_retreat":  # Stalingrad '42 (13.1.3): the unit command that puts the marker on
        for uid in a["units"]:
            if p.orders.get(uid):  # (a Disrupted unit: its marker replaced)
                p.do(do="key", piece={ON_UNIT: uid}, menu="Remove")
            p.unit(uid, do="key", menu=ORDER_MENUS["full_retreat"])
            p.orders[uid] = "full_retreat"
    elif kind == "rally" and a.get("die") is not None:  # 13.5: the roll; the marker taken off or turned after it
        p.do(do="button", name="1d6")
    elif kind == "weather":  # a game with a Weather track (Stalingrad '42, 23.1): the roll, then the marker moved
        if a.get("die") is not None:
            p.do(do="button", name="1d6")
        if a["weather"] != before.weather:  # (the track's space, as the writer of tests/s42_vlog_writer.py names it)
            p.do(do="move", piece={"MarkerId": WEATHER_MARKER}, to=f"{WEATHER_TRACK}:{a['weather']}")
    elif kind == "determined":  # Stalingrad '42 (11.2): the defender's roll; its losses are the loss lines after it
        p.do(do="button", name="1d6")
    elif kind == "attrition":  # Stalingrad '42 (16.5.2): the roll, then the step it costs (a flip, or to the box)
        p.do(do="button", name="1d6")
        _to_box_or_flip(p, a, before)
    elif kind == "detrain":
        p.do(do="move", piece={"UnitId": a["unit"]}, to=p.name(a["to"]))
    elif kind in ("entrain", "remove", "loss"):
        _to_box_or_flip(p, a, before)
    elif kind == "flip":
        _pay(p, a)
        p.flip(a["unit"])
    elif kind == "reorganize" and p.keep_orders:  # 7.10: the Disorganized marker taken off (the writer's copy)
        _pay(p, a)
        p.do(do="key", piece={ON_UNIT: a["unit"]}, menu="Remove", role="disorganized")
    elif kind == "place":
        _pay(p, a)
        uid = a["unit"]
        if uid in p.on_board:
            p.do(do="move", piece={"UnitId": uid}, to=p.name(a["to"]), map="Main Map")
        else:
            unit = game.units[uid]
            p.do(do="place", slot=f"{unit.front.name} [{uid}]", at=p.name(a["to"]))
            p.on_board.add(uid)
        if p.state.units[uid].face != p.faces.get(uid, "front"):  # the face the rules give (21.3.3: the lowest)
            p.flip(uid)
        if a.get("pay") not in (None, RESOURCE_POINT) and _marks_replacement(p.game, "place"):
            p.unit(uid, do="key", menu=REPLACEMENT_MENU)  # out of the Eliminated Box by a replacement (21.3, 21.4)
    elif kind == "replace":  # 21.1.1, 21.4: the reduced unit turned to its full side, then its Replacement marker
        uid = a["unit"]
        if p.state.units[uid].loc == before.units[uid].loc:  # (a Remnant's replacement is left out)
            if p.state.units[uid].face != p.faces.get(uid, "front"):
                p.flip(uid)
            p.unit(uid, do="key", menu=REPLACEMENT_MENU)
    elif kind == "supply":  # the unit commands of No Retreat!'s Unsupplied, Stalingrad '42's Out of Supply, Isolated
        for listed, menu in SUPPLY_MENUS.items():
            for uid in a.get(listed, ()):
                p.unit(uid, do="key", menu=menu)
    elif kind == "declare":
        for t in a["targets"]:
            p.unit(unit_in(before, t), do="key", menu="Mark as Target")
    elif kind == "counterblow":
        _pay(p, a)
        p.unit(unit_in(before, a["target"]), do="key", menu="Mark Counterblow")
    elif kind == "battle":
        _battle(p, a, before)
    elif kind == "draw" and p.cards:
        hand = f"{game.sides[side].name} Hand"
        for _ in a["cards"]:
            p.do(do="draw", deck="Draw Pile", map=hand, to=[p.hand_x, 120])
            p.hand_x += 90
    elif kind == "play" and p.cards:
        p.do(do="key", piece={"CardId": a["card"]}, menu=f"Play {game.sides[side].name} event")
    elif kind == "discard" and p.cards:
        for c in a["cards"]:
            p.do(do="key", piece={"CardId": c}, menu="Discard")


def _turn(p: _Play, turn: int) -> None:
    """The tracker pressed on to ``turn``'s first phase. Where the rules' turn order there is not the one the
    tracker's level goes on with (a scenario's set switch turn goes over by itself, modgen's ``reversed_from``), the
    player sets it with the tracker's Set command on that level (``set_turn``: the log writer's, not the harness's:
    the Winter Offensive, 33.2.2)."""
    per_turn = len(p.phases())
    p.press((turn - p.turn) * per_turn - p.index)
    flips = settings(p.game).reversed_from.get(p.ctx.scenario.id) if p.ctx.scenario else None
    goes_on = 1 if flips is not None and turn >= flips else p.level
    p.turn, p.index, p.level = turn, 0, p.order_level()
    if p.level != goes_on:
        p.do(do="set_turn", turn=turn, level=p.level)


def _orders(p: _Play, a: dict[str, Any]) -> None:
    """13.0: the Disrupted and Full Retreat markers as a player keeps them after line ``a``: put on by the unit's
    command when the rules disrupt a unit or put it in Full Retreat (a Full Retreat the rules give in the Movement
    Phase waits for its end: a marker put then declares one, 13.1.3), taken off when it recovers or leaves the map,
    a Full Retreat marker turned to its Disrupted side when it recovers one level (after a ``rally`` line's die: its
    Rally roll; the units that recover by themselves, 13.4, on the line that ends the phase, as the next begins)."""
    m = p.game.map
    phase = p.phases()[p.index][1]
    for uid, us in p.state.units.items():
        order = getattr(us, "order", None)
        want = order if order in ORDER_MENUS and (us.loc in m.hexes or us.loc in m.areas) else None
        shown = p.orders.get(uid)
        if want == shown or (want == "full_retreat" and phase == "movement" and a["type"] != "full_retreat"):
            continue
        if (shown, want) == ("full_retreat", "disrupted"):
            p.do(do="key", piece={ON_UNIT: uid}, key="ctrl F")
        else:
            if shown is not None:
                p.do(do="key", piece={ON_UNIT: uid}, menu="Remove")
            if want is not None:
                p.unit(uid, do="key", menu=ORDER_MENUS[want])
        if want is None:
            del p.orders[uid]
        else:
            p.orders[uid] = want


def _marks_replacement(game: Game, kind: str) -> bool:
    """Whether a marker put on a unit rewrites its last line of ``kind`` in the game's translator table (Stalingrad
    '42's Replacement marker, 21.4). No Retreat!'s ``pay`` on a place is the cards paid: no marker."""
    return any(kind in spec.amend for spec in table_of(game).arrive.values())


def _marker_for(p: _Play, kind: str, side: str) -> tuple[Marker, str]:
    """A palette marker not used yet and its face whose role the game's translator table gives the action ``kind``
    when it arrives on a unit (the side's own marker when it has one)."""
    table = table_of(p.game)
    roles = {r for r, spec in table.arrive.items() if spec.action == kind and not spec.recast}
    for m in p.game.all_markers:
        for face in ("front", "back"):
            f = getattr(m, face)
            if m.id not in p.used_markers and f.side in (None, side) and table.marker_roles.get(f.icon) in roles:
                return m, face
    raise ValueError(f"no marker of the module gives '{kind}'")


def _put_marker(p: _Play, kind: str, side: str, uid: str) -> None:
    """The marker dragged from the palette onto the unit (and turned over when the face that counts is its back)."""
    m, face = _marker_for(p, kind, side)
    p.used_markers.add(m.id)
    p.do(do="place", slot=slot_name(m), at=p.name(p.loc(uid)))
    if face == "back":
        p.do(do="key", piece={"MarkerId": m.id}, key="ctrl F")
    p.marker_on[uid] = m.id


def unit_in(state: Any, loc: str) -> str:
    """The first unit (by id) at ``loc`` in a validator state: the piece a player clicks to mark that hex."""
    return next(u for u, us in sorted(state.units.items()) if us.loc == loc)


def _pay(p: _Play, a: dict[str, Any]) -> None:
    if p.cards:
        for c in a.get("pay", ()):
            p.do(do="key", piece={"CardId": c}, menu="Discard")


def _to_box_or_flip(p: _Play, a: dict[str, Any], before: Any) -> None:
    """The box the action sends the unit to (a loss: its side's Destroyed or Surrendered box where the game has
    them, as No Retreat! does: the rules may then move it on, e.g. to the turn track, which the validator does
    itself; else the box the rules put it in, e.g. Stalingrad '42's Eliminated Box or Remnant Display), or a
    flip."""
    uid = a["unit"]
    _pay(p, a)
    was, after = before.units[uid], p.state.units[uid]
    side = p.game.units[uid].side
    if a["type"] == "remove":
        box = a["to"]
    elif a["type"] == "entrain":
        box = f"rail_{side}"
    elif after.loc != was.loc:
        box = f"{'surrendered' if getattr(was, 'unsupplied', False) else 'destroyed'}_{side}"
        box = box if box in p.game.map.boxes else after.loc
    else:
        box = None
    if box is not None:
        _send(p, uid, box)
    elif after.face != was.face:
        p.flip(uid)


def _send(p: _Play, uid: str, box: str) -> None:
    """The unit to a box: its side's boxes are in its Send to menu; a box of no side (Removed from play) by a drag."""
    if p.game.map.boxes[box].side == p.game.units[uid].side:
        p.unit(uid, do="key", menu=f"Send to {p.box_name(box)}")
    else:
        p.do(do="move", piece={"UnitId": uid}, to=p.box_name(box))


def _removed_by_rules(p: _Play, a: dict[str, Any], before: Any) -> None:
    """Units the rules took from the map into a holding box on this line without it naming them: sent there."""
    named = {a.get("unit") if a["type"] != "retreat" else None, *a.get("units", ()), *a.get("attackers", ())}
    # (a retreat that ends in elimination, 12.1.3: the unit dragged as far as it went, then sent to its box)
    m = p.game.map
    for uid, us in p.state.units.items():
        was = before.units[uid].loc
        if us.loc != was and uid not in named and (was in m.hexes or was in m.areas) and us.loc in m.boxes \
                and m.boxes[us.loc].kind == "holding":
            _send(p, uid, us.loc)


def _placed_by_rules(p: _Play, a: dict[str, Any], before: Any) -> None:
    """Units the rules put on the map on this line without it naming them (Stalingrad '42's upgrade counters, 32.4,
    32.5): dragged there from where they wait, as a player swaps the counters."""
    named = {a.get("unit"), *a.get("units", ()), *a.get("attackers", ())}
    m = p.game.map
    for uid, us in p.state.units.items():
        was = before.units[uid].loc if uid in before.units else None
        if us.loc != was and uid not in named and us.loc in m.hexes and was not in m.hexes and uid in p.on_board:
            p.do(do="move", piece={"UnitId": uid}, to=p.name(us.loc), map="Main Map")


def _battle(p: _Play, a: dict[str, Any], before: Any) -> None:
    game = p.game
    targets = a["targets"]
    for i, uid in enumerate(a["attackers"]):
        target = targets[i % len(targets)]
        p.unit(uid, do="key", menu=f"toward {_direction(game, before.units[uid].loc, target)}")
    support = None
    if a.get("support"):
        support = {"MarkerId": next(m.id for m in game.all_markers if m.kind == SUPPORT_MARKER)}
        p.do(do="move", piece=support, to=p.name(targets[0]))
    if p.cards:
        for c in a.get("cards", ()):
            card, side = (c, a["side"]) if isinstance(c, str) else (c["card"], c.get("side", a["side"]))
            p.do(do="key", piece={"CardId": card}, menu=f"Play {game.sides[side].name} event")
    air = a.get("air") or a.get("defensive_air")  # Stalingrad '42 (9.3.3-9.3.4): out of its box onto the battle
    if air:
        p.do(do="move", piece={"UnitId": air}, to=p.name(before.units[a["attackers"][0]].loc if a.get("air")
                                                       else targets[0]))
    for uid in a.get("artillery", ()):  # 18.3: the HQ turned to its Used side
        if p.faces.get(uid, "front") == "front":
            p.flip(uid)
    p.do(do="button", name="1d6")
    p.unit(a["attackers"][0], do="key", menu=f"Result {a['result']}")
    if air:  # back to its box, turned Used when the rules say so (9.3.6)
        p.do(do="move", piece={"UnitId": air}, to=p.box_name(AIR_BOX))
        if p.state.units[air].face != p.faces.get(air, "front"):
            p.flip(air)
    if a.get("marker"):
        p.unit(unit_in(before, a["marker"]), do="key", menu="Mark Counterblow")
    if support is not None:
        p.do(do="move", piece=support, to=p.box_name(UNUSED_BOX))
