"""``hexforge info GAME``: what loaded, so a designer sees the data is complete."""

from __future__ import annotations

import argparse
from collections import Counter

from . import load
from .model import Game


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (e.g. no_retreat) or path to a game folder")


def summary(game: Game) -> list[str]:
    m = game.map
    terrain = Counter(h.terrain for h in m.hexes.values())
    units_by_side = Counter(u.side for u in game.units.values())
    optional = Counter(u.optional or "standard" for u in game.units.values())
    sources = Counter(u.source for u in game.units.values())
    marker_kinds = Counter(mk.kind for mk in game.markers)
    rivers = sum(1 for f in m.hexsides.values() if "river" in f)
    lakes = sum(1 for f in m.hexsides.values() if "lake" in f)
    weather = Counter(t.weather for t in game.turns.values())
    lines = [
        f"{game.title} ({game.edition}) — {game.publisher}",
        f"map: {len(m.hexes)} hexes ({', '.join(f'{k} {v}' for k, v in sorted(terrain.items()))}), "
        f"{len(m.areas)} areas ({', '.join(a.name for a in m.areas.values())})",
        f"     {len(m.cities)} cities, {sum(1 for h in m.hexes.values() if h.oil)} oil fields, "
        f"{sum(1 for h in m.hexes.values() if h.objective)} objectives, {rivers} river and {lakes} lake hexsides, "
        f"{len(m.regions)} regions, {len(m.seas)} seas, {len(m.boxes)} boxes/tracks",
        f"units: {len(game.units)} ({', '.join(f'{k} {v}' for k, v in sorted(units_by_side.items()))}; "
        f"{', '.join(f'{k} {v}' for k, v in sorted(optional.items()))}; "
        f"{', '.join(f'{k} {v}' for k, v in sorted(sources.items()))})",
        f"markers: {len(game.markers)} round ({', '.join(f'{k} {v}' for k, v in marker_kinds.items())}), "
        f"{len(game.square_markers)} square",
        f"cards: {len(game.cards)} ({sum(1 for c in game.cards.values() if c.mark_1945 == 'remove')} leave and "
        f"{sum(1 for c in game.cards.values() if c.mark_1945 == 'add')} join in 1945, "
        f"{sum(1 for c in game.cards.values() if c.joker)} joker)",
        f"tables: {', '.join(f'{c.name} {len(c.columns)}x{len(c.rows)}' for c in game.crts.values())}; "
        f"TEC {len(game.tec)} rows; {len(game.weather)} weathers",
        f"turns: {len(game.turns)} ({', '.join(f'{k} {v}' for k, v in weather.items())}; "
        f"{sum(1 for t in game.turns.values() if t.skull)} sudden-death, {sum(1 for t in game.turns.values() if t.red)} "
        f"red-event, {sum(1 for t in game.turns.values() if t.variable)} variable-weather)",
        f"phases: {' > '.join(p.name for p in game.phases)}",
    ]
    for sc in game.scenarios.values():
        lines.append(f"scenario {sc.id}: {sc.name}, turns {sc.first_turn}-{sc.last_turn}, {len(sc.setup)} units set up, "
                     f"{len(sc.reinforcements)} arrive later, hands {dict(sc.hands)}")
    return lines


def run(args: argparse.Namespace) -> int:
    game = load(args.game)
    print("\n".join(summary(game)))
    return 0
