"""Python's cyclic garbage collector held off while a command makes objects that are no garbage (a log decoded and
translated), and kept from walking again what the command makes once and keeps to its end (the modules it imports,
the game, the log read, the rules package).

A collection walks every object of the generations it collects: each 700 new container objects start one, and the
older generations, collected as they grow, are walked whole again and again. :func:`no_cycle_collection` holds the
collector off for a block (decoding and translating a 28-turn log make tens of thousands of objects that all live
on). Once it runs again, its first collection still walks everything the block made, and the older ones walk it again
later: :func:`lasting` also moves everything alive into the permanent generation (``gc.freeze``) before the collector
runs again, so that no collection walks it (``hexforge validate`` on the 28-turn VASSAL log: about 80 collections,
50-57 ms of CPU time, before; 21 collections, 5 ms, after). :func:`released` puts it back into the oldest generation
(``gc.unfreeze``) when the command ends, so that a process running several commands (the tests) collects it as
before. Reference counting frees objects as usual either way: only garbage in reference cycles made in such a block
waits for the collector (after the block, or after the release).
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def no_cycle_collection(keep: bool = False) -> Iterator[None]:
    """The collector held off for the block and set back as it was after it (nothing done when it is already off);
    ``keep``: what the block made lasts to the end of the command, out of the collector's walks (:func:`lasting`)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if keep:
            gc.freeze()  # (before the collector runs again: its first collection would walk everything)
        gc.enable()


def lasting():
    """The block makes what lasts to the end of the command (see the module docstring)."""
    return no_cycle_collection(keep=True)


def released() -> None:
    """What :func:`lasting` kept out of collections is collected again (the command's end)."""
    gc.unfreeze()
