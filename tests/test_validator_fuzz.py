"""Any readable log replays without crashing: random actions with random valid ids, in random phases."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.grid import HexIds
from games.model import frozen_map
from validator.model import Action, Header
from validator.rules import no_retreat as rules

GAME = games.load("no_retreat")
UNITS = sorted(GAME.units)
WATER = sorted({HexIds(GAME.map.grid).id_of(c) for w in (*GAME.map.seas.values(), *GAME.map.lakes.values())
                for c in w.cells})
MAP_LOCS = sorted(GAME.map.hexes) + sorted(GAME.map.areas) + WATER[:6]
BOXES = sorted(GAME.map.boxes)
CARDS = sorted(GAME.cards)
SIDES = sorted(GAME.sides)
PHASES = [(p.id, [s for s, _ in p.steps]) for p in GAME.phases if p.player]

unit = st.sampled_from(UNITS)
loc = st.sampled_from(MAP_LOCS)
cards = st.lists(st.sampled_from(CARDS), max_size=2)

ACTIONS = {
    "move": st.one_of(st.fixed_dictionaries({"unit": unit, "path": st.lists(loc, min_size=1, max_size=4)}),
                      st.fixed_dictionaries({"unit": unit, "to": loc})),
    "entrain": st.fixed_dictionaries({"unit": unit, "pay": cards}),
    "detrain": st.fixed_dictionaries({"unit": unit, "to": loc}),
    "place": st.fixed_dictionaries({"unit": unit, "to": st.one_of(loc, st.sampled_from(BOXES)), "pay": cards}),
    "supply": st.fixed_dictionaries({"unsupplied": st.lists(unit, max_size=3)}),
    "remove": st.fixed_dictionaries({"unit": unit, "to": st.sampled_from(BOXES)}),
    "loss": st.fixed_dictionaries({"unit": unit}),
    "retreat": st.fixed_dictionaries({"unit": unit, "path": st.lists(loc, min_size=1, max_size=2)}),
    "advance": st.fixed_dictionaries({"unit": unit, "path": st.lists(loc, min_size=1, max_size=3)}),
    "flip": st.fixed_dictionaries({"unit": unit, "face": st.sampled_from(["front", "back"])}),
    "reorganize": st.fixed_dictionaries({"unit": unit, "pay": cards}),
    "counterblow": st.fixed_dictionaries({"target": loc, "pay": cards}),
    "discard": st.fixed_dictionaries({"cards": cards}),
    "draw": st.fixed_dictionaries({"cards": cards}),
    "phase": st.sampled_from(PHASES).map(lambda p: {"phase": p[0]}),
    "turn": st.integers(1, 30).map(lambda n: {"turn": n}),
    "weather": st.sampled_from(sorted(GAME.weather)).map(lambda w: {"weather": w}),
}
action = st.tuples(st.sampled_from(sorted(ACTIONS)), st.sampled_from(SIDES)).flatmap(
    lambda ts: ACTIONS[ts[0]].map(lambda data: (ts[0], ts[1], data)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start_turn=st.integers(1, 28), phase=st.sampled_from(PHASES), player=st.sampled_from(SIDES),
       actions=st.lists(action, min_size=1, max_size=25))
def test_random_actions_never_crash(start_turn, phase, player, actions) -> None:
    header = Header("no_retreat", "campaign_1941",
                    start=frozen_map({"turn": start_turn, "player": player, "phase": phase[0]}))
    ctx = rules.context(GAME, header)
    state = rules.start(ctx)
    for n, (kind, side, data) in enumerate(actions, start=2):
        state, findings = rules.step(ctx, state, Action(n, kind, side, data))
        assert all(f.rule and f.message for f in findings)
    rules.finish(ctx, state)
