"""mapgen: real geography → a hex map as game data (``hexforge mapgen CONFIG``).

A development tool, not a runtime need: it reads a committed config (grid, projection fit points, data sources,
authored layers) and writes the map files the loader reads (``hexes.csv``, ``hexsides.csv``, ``areas.toml``,
``water.toml``, ``regions.toml``, ``sections.toml``). The committed output is the source of truth; running the
generator again on the same inputs gives byte-identical files. Nothing here knows any particular game: the config
names everything. How to use it for another game: ``docs/mapgen.md``.

Modules, in pipeline order: :mod:`config` (the config and its layers), :mod:`sources` (coastlines, lakes, rivers,
places), :mod:`projection` (lon/lat → hex space: conic projection, least-squares fit, rubber sheet), :mod:`hexspace`
(the grid's hexes, hexsides and corners as geometry), :mod:`water`, :mod:`routing` (lines → hexside chains and hex
paths), :mod:`generate` (the whole map), :mod:`write`, :mod:`preview`, :mod:`cli`.
"""
