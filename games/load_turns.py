"""The turn track: ``turns.csv`` and ``turn_events.csv`` (docs/data.md "turns.csv and turn_events.csv")."""

from __future__ import annotations

from typing import Mapping

from .columns import row_extra
from .fields import MAX_TEXT, row_bool, row_id, row_int, row_source, row_text
from .load_game import MAX_TURN
from .loading import Loading
from .model import Turn, TurnEvent, frozen_map

TURN_COLUMNS = frozenset({"turn", "date", "weather", "variable", "blitz", "shock", "source", "notes"})
EVENT_COLUMNS = frozenset({"turn", "code", "text", "red", "unit", "source", "notes"})


def turn_columns(sides: Mapping[str, object]) -> frozenset[str]:
    return TURN_COLUMNS | {f"sd_{s}" for s in sides}


def load_turns(ld: Loading) -> dict[int, Turn] | None:
    rows = ld.csv("turns.csv", required=("turn", "date"), known=turn_columns(ld.sides), extra="turns", kind="turns")
    if rows is None:
        return None
    for n in range(1, len(rows) + 1):
        ld.register("turns", str(n))
    events = _events(ld, len(rows))
    weathers = ld.names("weather")
    out: dict[int, Turn] = {}
    for i, r in enumerate(rows, start=1):
        with ld.guard():
            n = row_int(r, "turn", 1, MAX_TURN)
            if n != i:
                raise r.error(f"turn {n} out of order (expected {i})")
            w = row_id(r, "weather", required=False)
            if w and weathers.missing(w):
                raise r.error(f"unknown weather '{w}'" + ("" if weathers.ids else " (no tables/weather.csv)"))
            var = row_id(r, "variable", required=False) or None
            if var is not None and weathers.missing(var):
                raise r.error(f"unknown weather '{var}' in column 'variable'")
            sd = {}
            for side in ld.sides:
                v = row_int(r, f"sd_{side}", -999, 999, None)
                if v is not None:
                    sd[side] = v
            row_text(r, "notes", MAX_TEXT)
            out[n] = Turn(n, row_text(r, "date", 40, required=True), w, var, row_int(r, "blitz", 0, 99, 0),
                          row_int(r, "shock", 0, 99, 0), frozen_map(sd), tuple(events.get(n, ())), row_source(r),
                          row_extra(r, ld.columns.get("turns", {}), ld.refs))
    return out


def _events(ld: Loading, turns: int) -> dict[int, list[TurnEvent]]:
    """The events of ``turn_events.csv`` by turn (of a track of ``turns`` turns)."""
    rows = ld.csv("turn_events.csv", required=("turn", "code", "text"), known=EVENT_COLUMNS, extra="turn_events",
                  optional=True) or []
    units = ld.names("units")
    out: dict[int, list[TurnEvent]] = {}
    for r in rows:
        with ld.guard():
            n = row_int(r, "turn", 1, MAX_TURN)
            if n > turns:
                raise r.error(f"turn {n} is not on the turn track")
            unit = row_id(r, "unit", required=False) or None
            if unit is not None and units.missing(unit):
                raise r.error(f"unknown unit '{unit}'")
            row_text(r, "notes", MAX_TEXT)
            out.setdefault(n, []).append(TurnEvent(row_id(r, "code"), row_text(r, "text", MAX_TEXT, required=True),
                                                   row_bool(r, "red"), unit, row_source(r),
                                                   row_extra(r, ld.columns.get("turn_events", {}), ld.refs)))
    return out
