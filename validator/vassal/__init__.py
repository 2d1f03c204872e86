"""Reading real VASSAL saves and logs in pure Python (no Java): container, command tree, pieces, module grids, replay.

* :mod:`.archive` — zip archives read with caps (names, sizes, ratios), shared by saves and modules.
* :mod:`.savefile` — ``.vsav``/``.vlog``/``.sav``/``.log`` → command text (``!VCSK`` de-obfuscation, plain text).
* :mod:`.commands` — the ESC-separated command tree, decoded exactly into typed commands and encodable back.
* :mod:`.traits`, :mod:`.pieces` — piece definitions and states, trait by trait, byte-identical round trip.
* :mod:`.module` — a module's maps, boards, grids and zones from its ``buildFile``; board point → location name.
* :mod:`.replay` — every piece followed through a log, the state after each step.
* :mod:`.units` — the Marker properties our own module puts on units, and unit identification.
* :mod:`.dump` — ``hexforge vassal-dump``: decoded steps as JSON Lines.

See docs/vassal-reading.md for what is supported and the safety caps.
"""

VASSAL_STARTS = (b"PK\x03\x04", b"!VCSK", b"begin_save")  # a zipped save or log, an obfuscated or a plain stream


def is_vassal(head: bytes) -> bool:
    """Whether a file's first bytes are those of a VASSAL save or log (here, so that telling a JSON Lines log from a
    VASSAL one imports none of the reader)."""
    return head.startswith(VASSAL_STARTS)
