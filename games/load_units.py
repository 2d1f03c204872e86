"""The counters and cards: ``units.csv``, ``markers.csv`` and the legacy ``cards.csv`` (docs/data.md)."""

from __future__ import annotations

from typing import Mapping

from .card_timing import parse_timing, parse_weather_flips
from .columns import row_extra
from .datafiles import Row
from .errors import Reported
from .fields import (
    MAX_TEXT, row_bool, row_choice, row_colour, row_id, row_ids, row_int, row_source, row_text,
)
from .loading import Loading
from .model import Card, CardEvent, Face, Marker, MarkerFace, Phase, Unit, frozen_map

FACES = ("front", "back")
FACE_COLUMNS = ("name", "type", "strength", "attack", "defense", "ma", "colour", "flags")
UNIT_COLUMNS = frozenset({"id", "side", "nationality", "steps", "flip", "code", "repl", "optional", "source", "notes",
                          *(f"{f}_{c}" for f in FACES for c in FACE_COLUMNS)})
FLIPS = ("step", "improve", "convert", "none")
MAX_STEPS = 4
MARKER_COLUMNS = frozenset({"kind", "shape", "count", "source", "notes", "clear_phase",
                            *(f"{f}_{c}" for f in FACES for c in ("label", "icon", "colour", "side"))})
MAX_MARKERS = 1000  # physical marker counters in all (SECURITY.md)
CARD_SIDE_COLUMNS = ("title", "text", "initiative", "immediate", "play_timing", "timing", "movement", "weather")


# --- units ----------------------------------------------------------------------------------------------------


def load_units(ld: Loading) -> dict[str, Unit] | None:
    rows = ld.csv("units.csv", required=("id", "side", "nationality", "front_name", "front_type", "back_name",
                                         "back_type", "steps"), known=UNIT_COLUMNS, extra="units", kind="units")
    if rows is None:
        return None
    out: dict[str, Unit] = {}
    seen: dict[str, int] = {}
    for r in rows:
        with ld.guard():
            uid = ld.unique(r, "id", seen, "unit id", "units")
            out[uid] = _unit(ld, r, uid)
    return out


def _unit(ld: Loading, r: Row, uid: str) -> Unit:
    side = row_choice(r, "side", ld.sides) if ld.sides_ok else r.req("side")
    nat_id = r.req("nationality")
    nat = ld.nationalities.get(nat_id)
    if nat is None and nat_id in ld.names("nationalities"):
        raise Reported  # the nationality has a problem of its own
    if nat is None:
        raise r.error(f"unknown nationality '{nat_id[:40]}'")
    if nat.side != side:
        raise r.error(f"nationality '{nat_id}' belongs to side '{nat.side}', not '{side}'")
    front, back = (_face(ld, r, prefix, nat.colours) for prefix in FACES)
    steps = row_int(r, "steps", 1, MAX_STEPS)
    return Unit(uid, side, nat_id, front, back, steps, row_choice(r, "flip", FLIPS, "step" if steps > 1 else "none"),
                row_text(r, "code", 16), row_int(r, "repl", 0, 9, None), row_text(r, "optional", 64), row_source(r),
                row_text(r, "notes", MAX_TEXT), row_extra(r, ld.columns.get("units", {}), ld.refs))


def _face(ld: Loading, r: Row, prefix: str, colours: Mapping[str, str]) -> Face:
    typ = r.req(f"{prefix}_type")
    if typ not in ld.unit_types and typ in ld.names("unit_types"):
        raise Reported  # the unit type has a problem of its own
    if typ not in ld.unit_types:
        raise r.error(f"unknown unit type '{typ[:40]}'")
    colour = r.get(f"{prefix}_colour") or next(iter(colours))
    if colour not in colours:
        raise r.error(f"column '{prefix}_colour': '{colour[:40]}' is not a colour of the nationality "
                      f"(expected one of {', '.join(colours)})")
    ma = row_int(r, f"{prefix}_ma", 0, 99, None)
    if ma is None and ld.unit_types[typ].mobile:
        raise r.error(f"column '{prefix}_ma' is empty but unit type '{typ}' moves")
    flags = row_ids(r, f"{prefix}_flags")
    groups: dict[str, str] = {}
    for f in flags:
        trait = ld.traits.get(f)
        if trait is None:
            raise r.error(f"column '{prefix}_flags': unknown trait '{f}' (declare it in game.toml [traits])")
        if trait.group and trait.group in groups:
            raise r.error(f"column '{prefix}_flags': '{groups[trait.group]}' and '{f}' are both of group "
                          f"'{trait.group}'")
        groups[trait.group] = f
    return Face(row_text(r, f"{prefix}_name", required=True), typ, row_int(r, f"{prefix}_strength", 0, 99, None), ma,
                colour, row_int(r, f"{prefix}_attack", 0, 99, None), row_int(r, f"{prefix}_defense", 0, 99, None),
                frozenset(flags))


# --- markers --------------------------------------------------------------------------------------------------


def load_markers(ld: Loading, phases: tuple[Phase, ...]) -> tuple[tuple[Marker, ...], tuple[Marker, ...]] | None:
    """(round markers, square markers), one per physical counter; absent file: none. ``clear_phase``: the phase in
    which every marker of the kind leaves the map (the module's clear-markers button)."""
    rows = ld.csv("markers.csv", required=("kind", "shape", "count", "front_label", "front_icon", "front_colour",
                                           "back_label", "back_icon", "back_colour"),
                  known=MARKER_COLUMNS, extra="markers", optional=True, kind="markers")
    if rows is None:
        return None
    round_m: list[Marker] = []
    square_m: list[Marker] = []
    seen: dict[str, int] = {}
    total = 0
    phase_ids = tuple(p.id for p in phases)
    for r in rows:
        with ld.guard():
            kind = ld.unique(r, "kind", seen, "marker kind", "markers")
            shape = row_choice(r, "shape", ("round", "square"))
            count = row_int(r, "count", 1, 999)
            total += count
            if total > MAX_MARKERS:
                raise r.error(f"more than {MAX_MARKERS} markers in all")
            front, back = (_marker_face(ld, r, prefix) for prefix in FACES)
            source = row_source(r)
            clear = row_choice(r, "clear_phase", phase_ids, "") if phase_ids else ""  # (no phases: game.toml's problem)
            row_text(r, "notes", MAX_TEXT)
            extra = row_extra(r, ld.columns.get("markers", {}), ld.refs)
            target = round_m if shape == "round" else square_m
            for n in range(1, count + 1):
                target.append(Marker(f"{kind}-{n:02d}", kind, shape, front, back, source, clear, extra))
    return tuple(round_m), tuple(square_m)


def _marker_face(ld: Loading, r: Row, prefix: str) -> MarkerFace:
    side = row_choice(r, f"{prefix}_side", ld.sides, "") or None if ld.sides_ok else r.get(f"{prefix}_side") or None
    return MarkerFace(row_text(r, f"{prefix}_label", 40, required=True), row_id(r, f"{prefix}_icon"),
                      row_colour(r, f"{prefix}_colour"), side)


# --- cards (legacy shape) -------------------------------------------------------------------------------------


def card_columns(sides: Mapping[str, object]) -> frozenset[str]:
    return frozenset({"number", "id", "mark_1945", "source", *(f"{s}_{c}" for s in sides for c in CARD_SIDE_COLUMNS)})


def load_cards(ld: Loading, phases: tuple[Phase, ...]) -> dict[str, Card] | None:
    rows = ld.csv("cards.csv", required=("number", "id"), known=card_columns(ld.sides), optional=True, kind="cards")
    if rows is None:
        return None
    steps = {p.id: tuple(s for s, _ in p.steps) for p in phases}
    out: dict[str, Card] = {}
    numbers: dict[int, int] = {}
    seen: dict[str, int] = {}
    for r in rows:
        with ld.guard():
            cid = ld.unique(r, "id", seen, "card id", "cards")
            if cid == "back":
                raise r.error("card id 'back' is taken by the image of the card backs (cards/back.png)")
            number = row_int(r, "number", 0, 999)
            if number in numbers:  # the card itself is whole: keep it, so that nothing that names it fails too
                ld.problems.add(r.error(f"duplicate card number '{number}' (first on line {numbers[number]})"))
            numbers.setdefault(number, r.line)
            events = {side: _event(ld, r, side, steps) for side in ld.sides}
            mark = row_choice(r, "mark_1945", ("remove", "add"), "") or None
            out[cid] = Card(number, cid, frozen_map(events), mark, cid == "joker", row_source(r))
    return out


def _event(ld: Loading, r: Row, side: str, steps: Mapping[str, tuple[str, ...]]) -> CardEvent:
    title = row_text(r, f"{side}_title", required=True)
    init = row_choice(r, f"{side}_initiative", ld.sides, "") or None
    immediate = row_bool(r, f"{side}_immediate")
    weathers = ld.names("weather")  # every weather read, a record with a problem of its own too
    try:
        windows = parse_timing(row_text(r, f"{side}_play_timing", 400) or "any", steps, ld.sides, weathers.ids)
        flips = parse_weather_flips(row_text(r, f"{side}_weather", 400), weathers.ids)
    except ValueError as exc:
        if not weathers.complete:
            raise Reported from None  # the weather file failed: its names cannot be checked
        raise r.error(f"{side} event timing: {exc}") from None
    if immediate != any(w.kind == "on_draw" for w in windows):
        raise r.error(f"column '{side}_play_timing': 'on_draw' goes with {side}_immediate = yes, and only with it")
    return CardEvent(side, title, row_text(r, f"{side}_text", MAX_TEXT, required=True), init, immediate,
                     row_text(r, f"{side}_timing", 400), windows, row_bool(r, f"{side}_movement"), flips)
