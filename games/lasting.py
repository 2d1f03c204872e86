"""Objects a command makes once and keeps to its end (the modules it imports, the game, a log read and translated):
Python's cyclic garbage collector neither runs while they are made nor walks them again afterwards.

A collection walks every object of the generations it collects. A command that imports some 250 modules, loads a
game and decodes a long log makes a few hundred thousand objects that live to its end and are no garbage: each young
collection meanwhile walks the newest of them, each older one all of them again (``hexforge validate`` on the 28-turn
VASSAL log: about 70 collections, a fifth of its CPU time, most of them walking such objects). :func:`lasting` holds
the collector off for a block and then moves everything alive into the permanent generation (``gc.freeze``), which
collections skip; :func:`released` puts them back into the oldest generation (``gc.unfreeze``) when the command ends,
so that a process running several commands (the tests) collects them as before. Reference counting frees objects as
usual either way: only garbage in reference cycles made in the block waits for the release.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def lasting() -> Iterator[None]:
    """The block makes what lasts to the end of the command (nothing when the collector is already off)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


def released() -> None:
    """What :func:`lasting` kept out of collections is collected again (the command's end)."""
    gc.unfreeze()
