"""Load a game folder (``games/<id>/``) into the typed model, checking every file as it goes.

Layout of a game folder (all paths relative to it; docs/data.md describes every file, column and key):

    game.toml                      identity, grid, sides, nationalities, traits, unit types, VP track, sequence of
                                   play, stacking, declared columns                           (games.load_game)
    map/hexes.csv, map/hexsides.csv, map/sections.toml, map/areas.toml, map/water.toml,
    map/regions.toml, map/boxes.toml                                                          (games.load_map)
    units.csv, markers.csv, cards.csv                                                         (games.load_units)
    tables/tec.csv, tables/crt.toml, tables/tables.toml (+ the CSVs they name), tables/weather.csv
                                                                                              (games.load_tables)
    turns.csv, turn_events.csv                                                                (games.load_turns)
    scenarios/<id>/scenario.toml (+ its setup CSV)                                            (games.load_scenarios)
    style.toml                     optional: colours and fonts for the art (checked by the art)
    module.toml                    optional: how the VASSAL module presents the game (checked by the module writer)

Every problem found is collected (a bad record does not stop the next one; a file that fails stops only the checks
that need it): :func:`check_folder` returns them with the game (which, with problems, may lack the records that
had them), :func:`load_folder` raises them together as :class:`~games.errors.DataErrors`, at most ``MAX_ERRORS``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .columns import REFS, check_refs
from .errors import MAX_ERRORS, DataError, DataErrors, Problems, collect
from .load_game import (
    read_columns, read_grid, read_identity, read_nationalities, read_phases, read_player_order, read_sides,
    read_stacking, read_traits, read_turn_draw, read_unit_types, read_vp_track,
)
from .load_map import AREA_KEYS, BOX_KEYS, HEX_COLUMNS, HEXSIDE_COLUMNS, load_map
from .load_scenarios import SETUP_COLUMNS, load_scenarios, stacking_problems
from .load_tables import (
    TEC_COLUMNS, WEATHER_COLUMNS, check_weather_tables, load_crts, load_lookup_tables, load_tec, load_weather,
)
from .load_turns import EVENT_COLUMNS, TURN_COLUMNS
from .load_turns import load_turns
from .load_units import MARKER_COLUMNS, UNIT_COLUMNS, load_cards, load_markers, load_units
from .loading import Loading
from .model import Game, frozen_map

# Each file's own columns (or keys), which a game's [columns] declarations may not redefine.
BUILTIN_COLUMNS = {
    "hexes": HEX_COLUMNS, "hexsides": HEXSIDE_COLUMNS, "units": UNIT_COLUMNS, "markers": MARKER_COLUMNS,
    "tec": TEC_COLUMNS, "weather": WEATHER_COLUMNS, "turns": TURN_COLUMNS, "turn_events": EVENT_COLUMNS,
    "areas": AREA_KEYS, "boxes": BOX_KEYS, "setup": SETUP_COLUMNS,
}


@dataclass(frozen=True)
class Checked:
    """What loading a folder found: the game (None when a file it cannot do without failed, or the load stopped at
    the limit; with problems it may lack the records that had them) and every problem."""

    game: Game | None
    problems: tuple[DataError, ...]
    truncated: bool = False
    unread: frozenset[str] = frozenset()  # the kinds of record whose file could not be read (the game lacks them all)

    def raise_any(self) -> None:
        if self.problems:
            raise DataErrors(list(self.problems), self.truncated)


def check_folder(root: str, max_errors: int = MAX_ERRORS) -> Checked:
    """Load the game in folder ``root`` and collect every problem (at most ``max_errors``)."""
    loads: list[Loading] = []

    def load(problems: Problems) -> Game | None:
        loads.append(Loading(root, problems))
        return _load(loads[0])

    game, problems = collect(max_errors, load)
    return Checked(game, tuple(problems.errors), problems.truncated, frozenset(loads[0].failed))


def load_folder(root: str, max_errors: int = MAX_ERRORS) -> Game:
    """Load the game in folder ``root``; every problem found is raised together (:class:`DataErrors`)."""
    checked = check_folder(root, max_errors)
    checked.raise_any()
    assert checked.game is not None
    return checked.game


def _load(ld: Loading) -> Game | None:
    g = ld.toml("game.toml")
    if g is None:
        return None
    identity: dict[str, str] | None = None
    with ld.guard():
        identity = read_identity(ld, g)
    for read in (read_grid, read_sides, read_nationalities, read_traits, read_unit_types):  # each sets ld's part
        with ld.guard():
            read(ld, g)
    with ld.guard():
        read_columns(ld, g, BUILTIN_COLUMNS)
    vp_track, phases, order, stacking, turn_draw = None, (), (), frozen_map(), 0
    with ld.guard():
        vp_track = read_vp_track(ld, g)
    with ld.guard():
        phases = read_phases(ld, g)
    with ld.guard():
        order = read_player_order(ld, g)
    with ld.guard():
        stacking = read_stacking(ld, g)
    with ld.guard():
        turn_draw = read_turn_draw(ld, g)

    tec = load_tec(ld)
    game_map = load_map(ld, tec)
    units = load_units(ld)
    markers = load_markers(ld, phases)
    crts = load_crts(ld)
    tables = load_lookup_tables(ld)
    weather = load_weather(ld)
    check_weather_tables(ld, "crt.toml", (crts or {}).values())
    check_weather_tables(ld, "tables.toml", (tables or {}).values())
    cards = load_cards(ld, phases)
    turns = load_turns(ld)
    scenarios, setup_rows = load_scenarios(ld, game_map)
    style = ld.toml("style.toml", optional=True)  # its content is the art's to check
    module = ld.toml("module.toml", optional=True)  # the module writer's to check
    ld.report(check_refs(ld.refs, {kind: ld.names(kind) for kind in REFS}))
    parts = (identity, game_map, units, markers, crts, tables, tec, weather, cards, turns)
    if any(p is None for p in parts):
        return None  # a file the game cannot do without failed: only its own problems are reported
    game = Game(
        **identity, sides=frozen_map(ld.sides),
        nationalities=frozen_map(ld.nationalities), unit_types=frozen_map(ld.unit_types), map=game_map,
        units=frozen_map(units), markers=markers[0], square_markers=markers[1], cards=frozen_map(cards),
        crts=frozen_map(crts), tec=frozen_map(tec), weather=frozen_map(weather), turns=frozen_map(turns),
        vp_track=vp_track, phases=phases, stacking=stacking, scenarios=frozen_map(scenarios),
        style=frozen_map(style.data if style else {}), module=frozen_map(module.data if module else {}),
        root=ld.root, tables=frozen_map(tables), traits=frozen_map(ld.traits), player_order=order,
        columns=frozen_map({k: frozen_map(v) for k, v in ld.columns.items()}), turn_draw=turn_draw,
    )
    for sc_id, sc in scenarios.items():
        ld.report(stacking_problems(game, sc, setup_rows[sc_id]))
    return game
