"""``game.toml``: identity, grid, sides, nationalities, traits, unit types, VP track, sequence of play, stacking and
the columns the game declares (docs/data.md "game.toml")."""

from __future__ import annotations

import re
from typing import Mapping

from .columns import read_declarations
from .datafiles import Table
from .fields import ID, short, toml_colour, toml_id, toml_ids, toml_int, toml_number, toml_text
from .grid import HexIds
from .hexgrid import SQRT3
from .installed import rules_module
from .loading import Loading
from .model import GridSpec, Nationality, Phase, SideDef, StackingRule, Trait, UnitType, VPTrack, frozen_map

TOP_KEYS = ("id", "title", "publisher", "edition", "module_name", "rules_package", "grid", "sides", "nationalities",
            "unit_types", "traits", "vp_track", "phases", "sequence", "stacking", "columns", "cards")
# a built-in rules package, or the name of one an installed package registers (games.installed: never an import path)
RULES_PACKAGE = re.compile(r"(validator\.rules\.)?[a-z][a-z0-9_]{0,63}")
# What the art can draw within its memory (SECURITY.md): the grid, the module hex and the module board's pixels.
MAX_GRID_SIDE = 120  # columns or rows (Stalingrad '42: 66 x 63)
MAX_CELLS = 6400  # columns x rows (print-and-play draws the whole map at 300 dpi: about 1 MB a cell)
HEX_PX = (24, 256)  # module_hex_width
MAX_ORIGIN = 4096  # module_origin, each coordinate
MAX_BOARD_PIXELS = 64_000_000  # the module board (No Retreat!: 5 million)
MAX_DRAW = 99  # cards a side draws in a turn
MAX_TURN = 500


def read_identity(ld: Loading, g: Table) -> dict[str, str]:
    """The game's identity, as the :class:`~games.model.Game` fields of the same names."""
    ld.keys(g, TOP_KEYS)
    gid = toml_id(g, "id")
    package = toml_text(g, "rules_package", default="")
    if package and not (RULES_PACKAGE.fullmatch(package) and (package.startswith("validator.rules.")
                                                              or rules_module(package) is not None)):
        raise g.error(f"'{package[:60]}' is not a rules package name (validator.rules.<name>, or a name an "
                      "installed package registers in the hexforge.rules entry points)", "rules_package")
    return dict(id=gid, title=toml_text(g, "title"), publisher=toml_text(g, "publisher", default=""),
                edition=toml_text(g, "edition", default=""), module_name=toml_id(g, "module_name", default=gid),
                rules_package=package)


def read_grid(ld: Loading, g: Table) -> None:
    """``[grid]``, bounded so that the module board (and the art's memory) stays bounded."""
    t = g.table("grid")
    ld.keys(t, ("orientation", "offset", "columns", "rows", "id_digits", "module_hex_width", "module_origin",
                "first_column", "first_row"))
    orientation = t.str("orientation")
    if orientation not in ("pointy", "flat"):
        raise t.error(f"'{orientation[:40]}' is not pointy or flat", "orientation")
    offset = t.str("offset")
    if offset not in ("odd", "even"):
        raise t.error(f"'{offset[:40]}' is not odd or even", "offset")
    digits = toml_int(t, "id_digits", 1, 3, 2)
    first_col = toml_int(t, "first_column", 0, 10**digits - 1, 1)
    first_row = toml_int(t, "first_row", 0, 10**digits - 1, 1)
    columns = toml_int(t, "columns", 1, min(MAX_GRID_SIDE, 10**digits - first_col))
    rows = toml_int(t, "rows", 1, min(MAX_GRID_SIDE, 10**digits - first_row))
    if columns * rows > MAX_CELLS:
        raise t.error(f"{columns} x {rows} is more than {MAX_CELLS} grid cells", "rows")
    width = toml_number(t, "module_hex_width", *HEX_PX, 96.0)
    origin = t.list("module_origin", [0, 0])
    if len(origin) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_ORIGIN
                                   for v in origin):
        raise t.error(f"expected two whole numbers 0..{MAX_ORIGIN}", "module_origin")
    across, down = (columns, rows) if orientation == "flat" else (rows, columns)
    step = width * SQRT3 / 2  # between columns (flat) or rows (pointy)
    size = (origin[0] + across * step + width) * (origin[1] + (down + 1) * width) if orientation == "flat" else \
        (origin[0] + (down + 1) * width) * (origin[1] + across * step + width)
    if size > MAX_BOARD_PIXELS:
        raise t.error(f"the module board would have {size / 1e6:.0f} million pixels (at most "
                      f"{MAX_BOARD_PIXELS // 1_000_000}); use a smaller hex width or grid", "module_hex_width")
    ld.spec = GridSpec(orientation, offset, columns, rows, digits, width, (origin[0], origin[1]), first_col, first_row)
    ld.ids = HexIds(ld.spec)


def read_sides(ld: Loading, g: Table) -> None:
    t = g.table("sides")
    sides = {}
    for k, s in ld.records(t):
        with ld.guard():
            ld.keys(s, ("name", "colour", "initiative_name"))
            sides[k] = SideDef(k, toml_text(s, "name"), toml_colour(s, "colour"),
                               toml_text(s, "initiative_name", default=""))
    ld.sides = sides
    ld.sides_ok = len(sides) == len(t.data)
    for k in t.data:
        ld.register("sides", k)
    if len(t.data) < 2:
        raise g.error("a game needs at least two sides", "sides")


def read_nationalities(ld: Loading, g: Table) -> None:
    for k, t in ld.records(g.table("nationalities")):
        ld.register("nationalities", k)
        with ld.guard():
            ld.keys(t, ("name", "side", "colours", "text_colour"))
            side = t.str("side")
            ld.side_ref(side, lambda m: t.error(m, "side"))
            colours = t.table("colours")
            if not colours.data:
                raise t.error("a nationality needs at least one colour", "colours")
            by_key = {c: toml_colour(colours, c) for c in colours.data}
            ld.nationalities[k] = Nationality(k, toml_text(t, "name"), side, frozen_map(by_key),
                                              toml_colour(t, "text_colour", "#000000"))


def read_traits(ld: Loading, g: Table) -> None:
    for k, t in ld.records(g.table("traits", required=False)):
        ld.register("traits", k)
        with ld.guard():
            ld.keys(t, ("name", "group", "rule"))
            ld.traits[k] = Trait(k, toml_text(t, "name"), toml_id(t, "group", ""), toml_text(t, "rule", default=""))


def read_unit_types(ld: Loading, g: Table) -> None:
    for k, t in ld.records(g.table("unit_types")):
        ld.register("unit_types", k)
        with ld.guard():
            ld.keys(t, ("name", "symbol", "category", "mobile", "zoc", "can_attack", "move_class", "traits"))
            if k in ld.traits:
                raise t.error(f"'{k}' is both a unit type and a trait")
            traits = toml_ids(t, "traits", ())
            for x in traits:
                if x not in ld.traits:
                    raise t.error(f"unknown trait '{x}' (declare it in [traits])", "traits")
            ld.unit_types[k] = UnitType(
                k, toml_text(t, "name"), toml_id(t, "symbol"), toml_id(t, "category", ""), t.bool("mobile", True),
                t.bool("zoc", True), t.bool("can_attack", True), toml_id(t, "move_class", ""), frozenset(traits))


def read_vp_track(ld: Loading, g: Table) -> VPTrack | None:
    if "vp_track" not in g.data:
        return None
    t = g.table("vp_track")
    ld.keys(t, ("low", "high", "start", "start_initiative", "event_cap", "total_victory"))
    low, high = toml_int(t, "low", -999, 999), toml_int(t, "high", -999, 999)
    if low > high:
        raise t.error(f"low {low} is above high {high}", "high")
    start_init = toml_id(t, "start_initiative", "")
    if start_init:
        ld.side_ref(start_init, lambda m: t.error(m, "start_initiative"))
    return VPTrack(low, high, toml_int(t, "start", low, high, low), start_init,
                   toml_int(t, "event_cap", 0, 999, None), toml_int(t, "total_victory", low, high, None))


def read_phases(ld: Loading, g: Table) -> tuple[Phase, ...]:
    phases: list[Phase] = []
    seen: set[str] = set()
    for t in g.tables("phases"):
        with ld.guard():
            ld.keys(t, ("id", "name", "player", "steps", "rule"))
            pid = toml_id(t, "id")
            if pid in seen:
                raise t.error(f"duplicate phase id '{pid}'", "id")
            seen.add(pid)
            steps = t.list("steps", [])
            if not all(isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s)
                       and ID.fullmatch(s[0]) and len(s[1]) <= 120 and s[1].isprintable() for s in steps):
                raise t.error("expected [[step id, step name], ...]", "steps")
            ids = [s[0] for s in steps]
            if len(set(ids)) != len(ids):
                raise t.error("a step id appears twice", "steps")
            phases.append(Phase(pid, toml_text(t, "name"), t.bool("player"), tuple(tuple(s) for s in steps),
                                toml_text(t, "rule", default="")))
    if not g.data.get("phases"):
        raise g.error("no phases", "phases")
    player = [i for i, p in enumerate(phases) if p.player]
    if player and player[-1] - player[0] + 1 != len(player):
        raise g.error("the player phases must follow each other (mutual phases go before or after them)", "phases")
    return tuple(phases)


def read_player_order(ld: Loading, g: Table) -> tuple[str, ...]:
    t = g.table("sequence", required=False)
    ld.keys(t, ("players",))
    if "players" not in t.data:
        return tuple(ld.sides)
    order = toml_ids(t, "players")
    if ld.sides_ok and sorted(order) != sorted(ld.sides):
        raise t.error(f"expected each side once ({', '.join(ld.sides)})", "players")
    return order


def read_stacking(ld: Loading, g: Table) -> Mapping[str, tuple[StackingRule, ...]]:
    t = g.table("stacking", required=False)
    out: dict[str, tuple[StackingRule, ...]] = {}
    tags = set(ld.names("unit_types").ids) | set(ld.names("traits").ids)
    for side, entries in t.data.items():
        with ld.guard():
            ld.side_ref(side, lambda m: t.error(m, short(side)))
            if not isinstance(entries, list) or not entries:
                raise t.error("expected a list of {from = turn, limit = units, ...}", short(side))
            rules = []
            for i, e in enumerate(entries):
                if not isinstance(e, dict):
                    raise t.error("expected {from = turn, limit = units, ...}", f"{side}[{i}]")
                rules.append(_stacking_rule(Table(t.path, f"{t.key}.{side}[{i}]", e), ld, tags))
            out[side] = tuple(sorted(rules, key=lambda x: x.first_turn))
    for side in ld.sides:
        if side not in out and side not in t.data:
            ld.problems.add(t.error("no stacking limit", side))
    return frozen_map(out)


def _stacking_rule(e: Table, ld: Loading, tags: set[str]) -> StackingRule:
    ld.keys(e, ("from", "limit", "extra", "free", "exempt", "raise"))
    extra = toml_id(e, "extra", None)
    if extra is not None and ld.names("unit_types").missing(extra):
        raise e.error(f"unknown unit type '{extra}'", "extra")

    def known(values: tuple[str, ...], key: str) -> frozenset[str]:
        for v in values:
            if v not in tags:
                raise e.error(f"'{v}' is not a unit type or trait", key)
        return frozenset(values)

    free_trait, free_count = None, 0
    if "free" in e.data:
        f = e.table("free")
        ld.keys(f, ("trait", "count"))
        free_trait = toml_id(f, "trait")
        known((free_trait,), "free.trait")
        free_count = toml_int(f, "count", 0, 99)
    raise_with, raised = frozenset(), None
    if "raise" in e.data:
        r = e.table("raise")
        ld.keys(r, ("with", "limit"))
        raise_with = known(toml_ids(r, "with"), "raise.with")
        raised = toml_int(r, "limit", 0, 99)
    return StackingRule(toml_int(e, "from", 1, MAX_TURN), toml_int(e, "limit", 0, 99), extra, free_trait, free_count,
                        known(toml_ids(e, "exempt", ()), "exempt"), raise_with, raised)


def read_columns(ld: Loading, g: Table, builtin: Mapping[str, frozenset[str]]) -> None:
    ld.columns = read_declarations(g.table("columns", required=False), builtin, ld.problems)


def read_turn_draw(ld: Loading, g: Table) -> int:
    """``[cards] turn_draw``: the cards a side draws in a turn's draw step (before modifiers); 0 when absent."""
    t = g.table("cards", required=False)
    ld.keys(t, ("turn_draw",))
    return toml_int(t, "turn_draw", 0, MAX_DRAW, 0)
