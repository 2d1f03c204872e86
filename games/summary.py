"""What ``hexforge info GAME`` prints about a loaded game, so a designer sees the data is complete (the command
itself is ``hexforge.info``: it also asks the game's rules package to check its own data). Only what the game has
is listed."""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from .model import Game


def _counts(values: Iterable[str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(Counter(values).items()))


def _map_lines(game: Game) -> list[str]:
    m = game.map
    lines = [f"map: {len(m.hexes)} hexes ({_counts(h.terrain for h in m.hexes.values())}), "
             f"{len(m.areas)} areas ({', '.join(a.name for a in m.areas.values())})"]
    if m.sections:
        lines.append(f"     sections: {_counts(h.section for h in m.hexes.values())}")
    settlements = [h.settlement for h in m.hexes.values() if h.settlement]
    features = [f for h in m.hexes.values() for f in h.features]
    if settlements or features:
        lines.append(f"     settlements: {_counts(settlements) or 'none'}; hex features: {_counts(features) or 'none'}")
    side_features = Counter(f for fs in m.hexsides.values() for f in fs)
    legacy = []
    if m.cities:
        legacy.append(f"{len(m.cities)} cities")
    if any(h.oil for h in m.hexes.values()):
        legacy.append(f"{sum(1 for h in m.hexes.values() if h.oil)} oil fields")
    if any(h.objective for h in m.hexes.values()):
        legacy.append(f"{sum(1 for h in m.hexes.values() if h.objective)} objectives")
    hexsides = ", ".join(f"{v} {k}" for k, v in sorted(side_features.items())) or "no features"
    lines.append("     " + ", ".join(legacy + [f"hexsides: {hexsides}", f"{len(m.regions)} regions",
                                                f"{len(m.seas)} seas", f"{len(m.boxes)} boxes/tracks"]))
    return lines


def _tables_line(game: Game) -> str:
    tables = [f"{c.name} {len(c.columns)}x{len(c.row_labels) or len(c.rows)}"
              + (f" (+{', '.join(c.layers)})" if c.layers else "")
              for c in (*game.crts.values(), *game.tables.values())]
    parts = [", ".join(tables) or "no die-roll tables", f"TEC {len(game.tec)} rows"]
    if game.weather:
        parts.append(f"{len(game.weather)} weathers")
    return "tables: " + "; ".join(parts)


def _turns_line(game: Game) -> str:
    turns = game.turns.values()
    notes = []
    if any(t.weather for t in turns):
        notes.append(", ".join(f"{k} {v}" for k, v in Counter(t.weather for t in turns if t.weather).items()))
    for what, n in (("sudden-death", sum(1 for t in turns if t.skull)), ("red-event", sum(1 for t in turns if t.red)),
                    ("variable-weather", sum(1 for t in turns if t.variable))):
        if n:
            notes.append(f"{n} {what}")
    extra = sorted({k for t in turns for k in t.extra})
    if extra:
        notes.append(f"columns {', '.join(extra)}")
    return f"turns: {len(game.turns)}" + (f" ({'; '.join(notes)})" if notes else "")


def summary(game: Game) -> list[str]:
    units_by_side = Counter(u.side for u in game.units.values())
    optional = Counter(u.optional or "standard" for u in game.units.values())
    sources = Counter(u.source for u in game.units.values())
    marker_kinds = Counter(mk.kind for mk in game.markers)
    lines = [f"{game.title} ({game.edition}) — {game.publisher}", *_map_lines(game),
             f"units: {len(game.units)} ({', '.join(f'{k} {v}' for k, v in sorted(units_by_side.items()))}; "
             f"{', '.join(f'{k} {v}' for k, v in sorted(optional.items()))}; "
             f"{', '.join(f'{k} {v}' for k, v in sorted(sources.items()))})",
             f"markers: {len(game.markers)} round ({', '.join(f'{k} {v}' for k, v in marker_kinds.items())}), "
             f"{len(game.square_markers)} square"]
    if game.cards:
        lines.append(f"cards: {len(game.cards)} ({sum(1 for c in game.cards.values() if c.mark_1945 == 'remove')} "
                     f"leave and {sum(1 for c in game.cards.values() if c.mark_1945 == 'add')} join in 1945, "
                     f"{sum(1 for c in game.cards.values() if c.joker)} joker)")
    lines += [_tables_line(game), _turns_line(game), f"phases: {' > '.join(p.name for p in game.phases)}"]
    if game.vp_track is not None:
        lines.append(f"VP track: {game.vp_track.low} to {game.vp_track.high}, start {game.vp_track.start}")
    for sc in game.scenarios.values():
        hands = f", hands {dict(sc.hands)}" if sc.hands else ""
        lines.append(f"scenario {sc.id}: {sc.name}, turns {sc.first_turn}-{sc.last_turn}, {len(sc.setup)} units set "
                     f"up, {len(sc.reinforcements)} arrive later{hands}")
    return lines
