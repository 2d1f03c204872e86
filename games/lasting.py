"""Python's cyclic garbage collector held off while a command makes objects that are no garbage (a log decoded and
translated), and kept from walking again what the command makes once and keeps to its end (the modules it imports,
the game, the log read, the rules package).

A collection walks every object of the generations it collects: each 700 new container objects start one, and the
older generations, collected as they grow, are walked whole again and again. :func:`no_cycle_collection` holds the
collector off for a block (decoding and translating a 28-turn log make tens of thousands of objects that all live
on) and, before the collector runs again, moves everything alive into the oldest generation (``gc.freeze`` then
``gc.unfreeze``: no object walked), where only a full collection looks; otherwise the first young collection after
the block would walk everything it made (25-35 ms of CPU time after decoding the 28-turn VASSAL log, as much after
translating it) and an older one again. :func:`lasting` leaves what the block made in the permanent generation, which
no collection walks (``hexforge validate`` on that log: about 80 collections, 50-57 ms of CPU time, before; about 20,
4-5 ms, after); :func:`released` puts it into the oldest generation (``gc.unfreeze``) when the command ends, so that a
process running several commands (the tests) collects it as before. Reference counting frees objects as usual
either way: only garbage in reference cycles waits longer for the collector (a full collection, or the release).

A process that ends with its command (:func:`kept_to_exit`) puts everything alive into the permanent generation
instead: Python's finalization makes a full collection, which would walk the hundreds of thousands of objects the
command kept to the end only to find what the exit frees anyway (``hexforge validate`` on the 28-turn log: 65-85 ms
of CPU time after ``main`` returned, 10-15 % of the command). Finalization runs as before (``atexit``, the streams
flushed, modules cleared and their objects freed by reference counting); only garbage in reference cycles left at
the exit is not collected, which the exit frees all the same.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def no_cycle_collection(keep: bool = False) -> Iterator[None]:
    """The collector held off for the block and set back as it was after it, what is alive then moved into the oldest
    generation unwalked (nothing done when the collector is already off); ``keep``: into the permanent generation
    instead, out of every collection until :func:`released` (:func:`lasting`)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()  # (before the collector runs again: its first collection would walk everything)
        if not keep:
            gc.unfreeze()  # (the oldest generation: walked only by a full collection)
        gc.enable()


def lasting():
    """The block makes what lasts to the end of the command (see the module docstring)."""
    return no_cycle_collection(keep=True)


def released() -> None:
    """What :func:`lasting` kept out of collections is collected again (the command's end)."""
    gc.unfreeze()


def kept_to_exit() -> None:
    """The process ends with this command: everything alive is kept out of the collection Python's finalization
    makes (see the module docstring)."""
    gc.freeze()
