"""The starter ruleset's rule index: every number its findings carry (``docs/rules/starter.md``)."""

from __future__ import annotations

from ...engine.rule_index import Rule, index
from . import combat, movement, sequence, stacking

RULES = index((
    Rule("1.0", "sequence of play: phases in order, actions in their phase", sequence.timing),
    Rule("2.0", "a moving unit is the side's own and on the map", movement.handle_move),
    Rule("2.1", "movement allowance: terrain costs by movement class", movement.handle_move),
    Rule("2.2", "stop on entering an enemy zone of control", movement.handle_move),
    Rule("2.3", "no entering a hex of enemy units", movement.handle_move),
    Rule("2.4", "adjacent hexes across passable hexsides, no prohibited terrain", movement.handle_move),
    Rule("3.0", "stacking limit at the end of the Movement and Combat Phases", stacking.check),
    Rule("4.1", "attackers next to their targets, targets hold enemy units", combat.handle_battle),
    Rule("4.2", "a unit attacks once, a hex is attacked once", combat.handle_battle),
    Rule("4.3", "odds column from strengths and terrain shifts", combat.handle_battle),
    Rule("4.4", "the claimed result is the CRT's", combat.handle_battle),
    Rule("4.5", "retreats and advances of the last battle's units", combat.handle_after_battle),
))
