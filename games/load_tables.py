"""The charts: ``tables/tec.csv``, the die-roll tables of ``tables/crt.toml`` and ``tables/tables.toml`` (with the
CSVs they name) and ``tables/weather.csv`` (docs/data.md "tables/...")."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterable, Mapping

from .columns import row_extra
from .datafiles import Row, Table
from .errors import DataError, Reported
from .fields import (
    MAX_TEXT, header_line, parse_whole, row_bool, row_choice, row_colour, row_int, row_mp,
    row_source, row_text, toml_csv_name, toml_id, toml_int, toml_source, toml_text,
)
from .loading import Loading
from .model import LookupTable, Modifier, TableLimits, TerrainEffect, Weather, frozen_map

APPLIES_TO = ("hex", "settlement", "feature", "hexside", "area", "weather", "condition")
TEC_COLUMNS = frozenset({"id", "name", "applies_to", "shift", "stops_advance", "notes", "source", "mp_armor",
                         "mp_other", "armor_bonus"})
LEGACY_MOVE_CLASSES = ("armor", "other")  # No Retreat!'s mp_armor / mp_other
WEATHER_COLUMNS = frozenset({"id", "name", "colour", "source", "notes", "ma_cap", "armor_bonus", "multi_hex_advance",
                             "armor_third_hex", "river_shift"})
KINDS = ("odds", "differential", "plain")
DICE = re.compile(r"([1-5])d([1-9][0-9]?)")
ODDS = re.compile(r"(\d{1,2})[:\-](\d{1,2})")
DIFFERENTIAL = re.compile(r"[-+]?\d{1,3}")
RANGE = re.compile(r"(-?\d{1,3})-(-?\d{1,3})")
TABLE_KEYS = ("name", "file", "kind", "dice", "rolls", "clamp", "side", "source", "notes", "results", "layers",
              "limits", "modifiers")
MAX_RESULT = 16  # characters of a result id
MAX_COLUMNS = 40


# --- TEC ----------------------------------------------------------------------------------------------------------


def move_classes(ld: Loading) -> tuple[str, ...]:
    """The TEC movement columns the game uses: its unit types' move classes, and the legacy pair."""
    return tuple(dict.fromkeys([*LEGACY_MOVE_CLASSES, *(t.move_class for t in ld.unit_types.values() if t.move_class)]))


def load_tec(ld: Loading) -> dict[str, TerrainEffect] | None:
    classes = move_classes(ld)
    rows = ld.csv("tables", "tec.csv", required=("id", "name", "applies_to"),
                  known=TEC_COLUMNS | {f"mp_{c}" for c in classes}, extra="tec", kind="terrain")
    if rows is None:
        return None
    out: dict[str, TerrainEffect] = {}
    seen: dict[str, int] = {}
    for r in rows:
        with ld.guard():
            tid = ld.unique(r, "id", seen, "terrain id", "terrain")
            mp, prohibited = {}, set()
            for c in classes:
                v = row_mp(r, f"mp_{c}")
                if v == "P":
                    prohibited.add(c)
                elif v is not None:
                    mp[c] = v
            out[tid] = TerrainEffect(
                tid, row_text(r, "name"), row_choice(r, "applies_to", APPLIES_TO),
                _legacy_mp(r, "armor", mp, prohibited), _legacy_mp(r, "other", mp, prohibited),
                row_bool(r, "armor_bonus"), row_int(r, "shift", -9, 9, 0), row_bool(r, "stops_advance"),
                row_text(r, "notes", MAX_TEXT), row_source(r), frozen_map(mp), frozenset(prohibited),
                row_extra(r, ld.columns.get("tec", {}), ld.refs))
    for c in move_classes(ld)[len(LEGACY_MOVE_CLASSES):]:
        if rows and f"mp_{c}" not in rows[0].values:
            ld.problems.add(rows[0].error(f"no column 'mp_{c}' for the unit types that move as '{c}'"))
    return out


def _legacy_mp(r: Row, c: str, mp: Mapping[str, Fraction], prohibited: set[str]) -> int | None:
    """No Retreat!'s mp_armor / mp_other: a whole number, -1 for prohibited, None for empty."""
    if c in prohibited:
        return -1
    v = mp.get(c)
    if v is not None and v.denominator != 1:
        raise r.error(f"column 'mp_{c}' takes whole numbers (P = prohibited)")
    return None if v is None else int(v)


# --- die-roll tables ----------------------------------------------------------------------------------------------


def load_crts(ld: Loading) -> dict[str, LookupTable] | None:
    """``tables/crt.toml`` (absent: no CRT)."""
    return _load_tables(ld, "crt.toml", "odds", ("tables", "results", "odds"), "crts")


def load_lookup_tables(ld: Loading) -> dict[str, LookupTable] | None:
    """``tables/tables.toml`` (absent: no other tables)."""
    return _load_tables(ld, "tables.toml", "plain", ("tables", "results"), "tables")


def _load_tables(ld: Loading, name: str, kind: str, keys: tuple[str, ...], registry: str
                 ) -> dict[str, LookupTable] | None:
    t = ld.toml("tables", name, optional=True, kind=registry)
    if t is None:
        return None
    out: dict[str, LookupTable] = {}
    with ld.guard():
        ld.keys(t, keys)
        tables = ld.records(t.table("tables", required=False))
        for k, _ in tables:
            ld.register(registry, k)
        shared = _vocabulary(t.table("results", required=False))
        for k, tt in tables:
            with ld.guard():
                out[k] = _table(ld, k, tt, kind, shared)
    return out


def _vocabulary(t: Table) -> dict[str, str]:
    out = {}
    for k, v in t.data.items():
        if len(k) > MAX_RESULT or any(ch.isspace() or not ch.isprintable() for ch in k):
            raise t.error(f"a result is at most {MAX_RESULT} printable characters without spaces", k[:40])
        out[k] = toml_text(t, k, MAX_TEXT)
    return out


def _table(ld: Loading, tid: str, t: Table, default_kind: str, shared: Mapping[str, str]) -> LookupTable:
    ld.keys(t, TABLE_KEYS)
    kind = t.str("kind", default_kind)
    if kind not in KINDS:
        raise t.error(f"'{kind[:40]}' is not one of {', '.join(KINDS)}", "kind")
    m = DICE.fullmatch(t.str("dice", "1d6"))
    if not m:
        raise t.error("expected NdS: 1-5 dice of 2-99 sides, e.g. 1d6 or 2d6", "dice")
    dice = (int(m.group(1)), int(m.group(2)))
    if dice[1] < 2:
        raise t.error("a die has at least 2 sides", "dice")
    rolls = t.list("rolls", [dice[0], dice[0] * dice[1]])
    if not (len(rolls) == 2 and all(isinstance(v, int) and not isinstance(v, bool) and -99 <= v <= 999 for v in rolls)
            and rolls[0] <= rolls[1] and rolls[1] - rolls[0] < 200):
        raise t.error("expected [lowest, highest] roll, whole numbers -99..999, at most 200 rows", "rolls")
    side = toml_id(t, "side", "")
    if side:
        ld.side_ref(side, lambda msg: t.error(msg, "side"))
    results_ref = ""
    if isinstance(t.data.get("results"), str):
        results_ref = t.str("results")
        if results_ref != "weather":
            raise t.error("expected a table of results, or \"weather\"", "results")
        legend: dict[str, str] = {}
    else:
        legend = _vocabulary(t.table("results")) if "results" in t.data else dict(shared)
        if not legend:
            raise t.error("no result vocabulary: give [results] (result = meaning)", "results")
    file = toml_csv_name(t, "file")
    labels, columns, rows = _grid(ld, file, tuple(rolls), None if results_ref else legend)
    values = _column_values(kind, columns, ld.shown("tables", file))
    layers, layer_legends = {}, {}
    for name, lt in ld.records(t.table("layers", required=False)):
        layers[name], layer_legends[name] = _layer(ld, lt, tuple(rolls), labels, columns)
    limits = _limits(ld, t, kind, legend)
    modifiers = tuple(_modifier(ld, x) for x in t.tables("modifiers"))
    return LookupTable(
        tid, toml_text(t, "name"), side, columns, frozen_map(rows), toml_source(t), frozen_map(legend), kind, dice,
        labels, values, frozen_map(layers), frozen_map(layer_legends), t.bool("clamp", False), limits, modifiers,
        results_ref, toml_text(t, "notes", MAX_TEXT, ""))


def _grid(ld: Loading, file: str, rolls: tuple[int, int], vocabulary: Mapping[str, str] | None
          ) -> tuple[tuple[str, ...], tuple[str, ...], dict[int, tuple[str, ...]]]:
    """A table CSV: the row labels, the column labels and roll -> cells (each cell in ``vocabulary`` when given)."""
    shown = ld.shown("tables", file)
    rows = ld.csv("tables", file, known=None)
    if rows is None:
        raise Reported
    if not rows:
        raise DataError(shown, "no rows", line=1)
    header = list(rows[0].values)
    roll_col = header[0]
    if roll_col not in ("die", "roll"):
        raise DataError(shown, f"the first column is '{roll_col[:40]}' (expected die or roll)", line=_header(rows))
    columns = tuple(header[1:])
    if not columns or len(columns) > MAX_COLUMNS:
        raise DataError(shown, f"expected 1-{MAX_COLUMNS} columns after '{roll_col}'", line=_header(rows))
    for c in columns:
        if not c or len(c) > 40:
            raise DataError(shown, "a column label is empty or longer than 40 characters", line=_header(rows))
    labels: list[str] = []
    out: dict[int, tuple[str, ...]] = {}
    line_of: dict[int, int] = {}
    for r in rows:
        label = r.get(roll_col)
        covered = _rolls(r, roll_col, label)
        for n in covered:
            if n in line_of:
                raise r.error(f"roll {n} appears twice (first on line {line_of[n]})")
            if not rolls[0] <= n <= rolls[1]:
                raise r.error(f"roll {n} is outside the table's rolls {rolls[0]}..{rolls[1]}")
        cells = []
        for c in columns:
            v = r.get(c)
            if vocabulary is not None and v not in vocabulary:
                what = f"unknown result '{v[:20]}'" if v else "missing result"
                raise r.error(f"column '{c}': {what} (expected one of {' '.join(k for k in vocabulary if k)})")
            if len(v) > MAX_RESULT:
                raise r.error(f"column '{c}': a result is at most {MAX_RESULT} characters")
            cells.append(v)
        labels.append(label)
        for n in covered:
            out[n] = tuple(cells)
            line_of[n] = r.line
    missing = [n for n in range(rolls[0], rolls[1] + 1) if n not in out]
    if missing:
        raise DataError(shown, f"no row for roll {missing[0]}" + (f" (and {len(missing) - 1} more)" if len(missing) > 1
                                                                   else ""), line=rows[-1].line)
    return tuple(labels), columns, out


def _header(rows: list[Row]) -> int:
    return header_line(rows[0].path)


def _rolls(r: Row, key: str, label: str) -> range:
    n = parse_whole(label) if len(label) <= 4 else None
    if n is not None:
        return range(n, n + 1)
    m = RANGE.fullmatch(label)
    if m and int(m.group(1)) < int(m.group(2)):
        return range(int(m.group(1)), int(m.group(2)) + 1)
    raise r.error(f"column '{key}': '{label[:20]}' is not a roll or a range of rolls like 1-4")


def _column_values(kind: str, columns: tuple[str, ...], shown: str) -> tuple[Fraction, ...]:
    if kind == "plain":
        if len(set(columns)) != len(columns):
            raise DataError(shown, "a column label appears twice")
        return ()
    values = []
    for c in columns:
        v = _column_value(kind, c)
        if v is None:
            form = "attack:defense like 3:1 or 3-1" if kind == "odds" else "a difference like -2, 0 or +3"
            raise DataError(shown, f"column '{c}' is not {form}")
        values.append(v)
    if any(b <= a for a, b in zip(values, values[1:])):
        raise DataError(shown, f"the {kind} columns must increase from left to right")
    return tuple(values)


def _column_value(kind: str, label: str) -> Fraction | None:
    if kind == "odds":
        m = ODDS.fullmatch(label)
        if not m or int(m.group(1)) == 0 or int(m.group(2)) == 0:
            return None
        return Fraction(int(m.group(1)), int(m.group(2)))
    return Fraction(int(label)) if DIFFERENTIAL.fullmatch(label) else None


def _layer(ld: Loading, t: Table, rolls: tuple[int, int], labels: tuple[str, ...], columns: tuple[str, ...]
           ) -> tuple[dict[int, tuple[str, ...]], dict[str, str]]:
    """A named cell layer: a CSV with the table's shape; cells from ``values`` or whole numbers in a range."""
    ld.keys(t, ("file", "values", "type", "min", "max", "name"))
    file = toml_csv_name(t, "file")
    if "values" in t.data:
        legend = _vocabulary(t.table("values"))
        vocabulary: Mapping[str, str] | None = legend
    else:
        if t.str("type") != "int":
            raise t.error("a layer has values = { value = meaning } or type = \"int\" with min and max", "type")
        lo, hi = toml_int(t, "min", -999, 999), toml_int(t, "max", -999, 999)
        legend = {}
        vocabulary = {str(n): "" for n in range(lo, hi + 1)} | {"": ""}
    layer_labels, layer_columns, cells = _grid(ld, file, rolls, vocabulary)
    shown = ld.shown("tables", file)
    if layer_columns != columns:
        raise DataError(shown, "its columns differ from the table's")
    if layer_labels != labels:
        raise DataError(shown, "its rows differ from the table's")
    return cells, legend


def _limits(ld: Loading, t: Table, kind: str, legend: Mapping[str, str]) -> TableLimits:
    if "limits" not in t.data:
        return TableLimits()
    lt = t.table("limits")
    ld.keys(lt, ("below", "above", "automatic", "automatic_result"))

    def outcome(key: str, words: tuple[str, ...], default: str) -> str:
        v = lt.str(key, default)
        if v not in words and v not in legend:
            raise lt.error(f"'{v[:20]}' is not {' or '.join(words)} or a result", key)
        return v

    automatic = lt.str("automatic", "")
    if automatic and (kind == "plain" or _column_value(kind, automatic) is None):
        raise lt.error(f"'{automatic[:20]}' is not a column value of this {kind} table", "automatic")
    result = lt.str("automatic_result", "")
    if bool(automatic) != bool(result) or (result and result not in legend):
        raise lt.error("automatic and automatic_result go together; the result is one of the table's",
                       "automatic_result")
    return TableLimits(outcome("below", ("none", "first"), "first"), outcome("above", ("last",), "last"), automatic,
                       result)


def _modifier(ld: Loading, t: Table) -> Modifier:
    ld.keys(t, ("value", "text", "rule"))
    return Modifier(toml_int(t, "value", -99, 99), toml_text(t, "text", MAX_TEXT), toml_text(t, "rule", default=""))


# --- weather ------------------------------------------------------------------------------------------------------


def side_columns(sides: Iterable[str]) -> frozenset[str]:
    return frozenset(f"{s}_{what}" for s in sides for what in ("crt", "shift", "targets"))


def load_weather(ld: Loading) -> dict[str, Weather] | None:
    rows = ld.csv("tables", "weather.csv", required=("id", "name", "colour"),
                  known=WEATHER_COLUMNS | side_columns(ld.sides), extra="weather", optional=True, kind="weather")
    if rows is None:
        return None
    out: dict[str, Weather] = {}
    seen: dict[str, int] = {}
    crts = ld.names("crts")
    for r in rows:
        with ld.guard():
            wid = ld.unique(r, "id", seen, "weather id", "weather")
            crt, shift, targets = {}, {}, {}
            for side in ld.sides:
                v = r.get(f"{side}_crt")
                if v:
                    if crts.missing(v):
                        raise r.error(f"column '{side}_crt': unknown CRT '{v[:40]}'")
                    crt[side] = v
                n = row_int(r, f"{side}_shift", -9, 9, None)
                if n is not None:
                    shift[side] = n
                n = row_int(r, f"{side}_targets", 0, 99, None)
                if n is not None:
                    targets[side] = n
            row_text(r, "notes", MAX_TEXT)
            out[wid] = Weather(
                wid, row_text(r, "name", required=True), row_colour(r, "colour"), row_int(r, "ma_cap", 0, 99, None),
                row_bool(r, "armor_bonus"), row_bool(r, "multi_hex_advance"), row_bool(r, "armor_third_hex"),
                row_bool(r, "river_shift"), frozen_map(crt), frozen_map(shift), frozen_map(targets), row_source(r),
                row_extra(r, ld.columns.get("weather", {}), ld.refs))
    return out


def check_weather_tables(ld: Loading, file: str, tables: Iterable[LookupTable]) -> None:
    """Tables whose cells are weather ids (``results = "weather"``) name existing weathers (not checked when
    tables/weather.csv could not be read)."""
    weathers = ld.names("weather")
    for table in tables:
        bad = sorted({c for row in table.rows.values() for c in row if weathers.missing(c)}) \
            if table.results_ref == "weather" else []
        if bad:
            ld.problems.add(DataError(ld.shown("tables", file), f"unknown weather '{bad[0][:40]}' in its cells",
                                      key=f"tables.{table.id}"))
