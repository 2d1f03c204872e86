"""The key strokes and menu texts of every piece command, in one place so that none collide.

Each command's chat report is written by a Report Action trait listening to the same key; the formats use the
unit's id so that a report always names one counter (``4th Panzer [ger_4pz] flips to ... in 1204``).
"""

from __future__ import annotations

from games.hexgrid import directions

from .traits import ALT, SHIFT, Key, alt, ctrl

FLIP = ctrl("F")
FLIP_MENU = "Flip"
REMOVE = Key(127, 130)  # Ctrl+Delete
REMOVE_MENU = "Remove"

# send-to commands: box kind (the part of a box id before the side) -> key
SEND_KEYS = {
    "destroyed": ctrl("D", SHIFT),
    "surrendered": ctrl("S", SHIFT),
    "shattered": ctrl("H", SHIFT),
    "cadre": ctrl("C", SHIFT),
    "rail": ctrl("R", SHIFT),
}

# markers a unit command places on the unit: label (the marker face's icon, capitalised) -> (menu text, key)
PLACE = {
    "Unsupplied": ("Mark Unsupplied", ctrl("U")),
    "Disorganized": ("Mark Disorganized", ctrl("G")),
    "Target": ("Mark as Target", ctrl("T")),
    "Counterblow": ("Mark Counterblow", ctrl("B")),
}

# attack marks: Alt+1 .. Alt+6 for the six directions of the grid (games.hexgrid.directions, in its order)
ATTACK_CLEAR = alt("0")
ATTACK_MENU = "Attack"

# battle results (10.5): Alt+Shift+1 .. in the order of the CRT legend, each reported with the unit's id
RESULT_MENU = "Battle result"

# cards
PLAY_KEYS = (ctrl("1"), ctrl("2"))  # play the first / second side's event
DISCARD = ctrl("D", ALT)
JOKER_TURN = ctrl("J")


def attack_keys(orientation: str) -> dict[str, Key]:
    """Direction name (``E``, ``SE`` ... as games.hexgrid names them) -> the key that marks an attack that way."""
    return {d: alt(str(i + 1)) for i, d in enumerate(directions(orientation))}  # type: ignore[arg-type]


def result_keys(results: tuple[str, ...]) -> dict[str, Key]:
    """Battle result (``-``, ``CB`` ... as the CRT legend lists them) -> the key that reports it."""
    return {r: alt(str(i + 1), SHIFT) for i, r in enumerate(results)}


def result_menu(result: str) -> str:
    return f"Result {result}"


def play_menu(side_name: str) -> str:
    return f"Play {side_name} event"
