"""The rules engine every game's rules package builds on: what a hex-and-counter game's rules use and no game owns.

- :mod:`.context`: the replay context (game, board, header, the turn's slots, what is derived once) and the
  :class:`~.context.Hooks` a game gives the engine (where its zones of control reach, what switches one off);
- :mod:`.board`: locations (hexes, areas), adjacency, hexside features, the direction of every step, terrain costs
  by movement class;
- :mod:`.bits`: sets of locations as integers, a ring of neighbours as six shifts, blocked steps by direction;
- :mod:`.paths`: the cheapest-path search over bit masks: costs by terrain and by hexside (extra or instead),
  blocked locations, steps blocked by direction (hexsides an enemy bond or a river closes), stops (zones of
  control), the first step's own rules;
- :mod:`.position`: who is where and where each side's zones of control reach, derived incrementally;
- :mod:`.state`: state evolution (:func:`~.state.evolve`), control of locations, the header's starting position;
- :mod:`.sequence`: the phase/step machine filled from ``game.toml`` phases and the game's own timing table;
- :mod:`.odds`: odds and differential columns, shifts and their limits, table look-up;
- :mod:`.steps`: step losses along a unit's step track;
- :mod:`.stacking`: stacks by location and side, over a limit the game decides;
- :mod:`.rule_index`: a game's table of the rule numbers it enforces.

Nothing here knows a game: no side, unit, phase or chart of a game is named; rule numbers come from the caller
(the game's rule index). How a game plugs in: ``docs/rules/engine.md``.
"""
