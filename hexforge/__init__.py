"""hexforge: wargames from plain data. The command line lives in :mod:`hexforge.cli`."""
