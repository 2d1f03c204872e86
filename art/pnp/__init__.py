"""Print-and-play PDFs (issue 5): counter sheets aligned for duplex or fold-over printing, cards, map tiles and a
full-size map for print shops, player aids, and a calibration page for the printer's back-side offset.

Modules: :mod:`~art.pnp.paper` (paper sizes, lengths, options), :mod:`~art.pnp.imposition` (where fronts and
backs go: the duplex flip and the grids), :mod:`~art.pnp.pdf` (deterministic fpdf2 documents), one module per
document (:mod:`~art.pnp.counter_sheets`, :mod:`~art.pnp.card_sheets`, :mod:`~art.pnp.map_tiles`,
:mod:`~art.pnp.aids`, :mod:`~art.pnp.calibration`) and :mod:`~art.pnp.build` (``hexforge pnp`` and the build step).
"""
