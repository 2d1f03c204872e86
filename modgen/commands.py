"""The key strokes and menu texts of every piece command, in one place so that none collide.

Each command's chat report is written by a Report Action trait listening to the same key; the formats use the
unit's id so that a report always names one counter (``4th Panzer [ger_4pz] flips to ... in 1204``).
"""

from __future__ import annotations

from games.hexgrid import directions

from .traits import ALT, CTRL, SHIFT, Key, alt, ctrl

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

# keys no menu shows: what toolbar commands and triggers send to pieces (Ctrl+Alt+Shift, so no player types
# them by chance)
HIDDEN = CTRL | ALT | SHIFT
CLEAR = Key(127, CTRL | SHIFT)  # a marker removes itself, a unit drops its attack mark and battle result, silently
MOVED = Key(ord("M"), HIDDEN)  # the main map's "moved" key, sent to every piece a move or a send ends on the map
VP_UP = Key(38, HIDDEN)  # the VP marker moves one space up / down its track
VP_DOWN = Key(40, HIDDEN)
VP_SYNC = Key(ord("V"), HIDDEN)  # the VP marker sets the VP property to the number of its track space
UNMASK = Key(ord("U"), HIDDEN)  # a card drops its owner's mask (played or discarded cards are seen by all)
TRAIL_ON = Key(ord("T"), HIDDEN)
TRAIL_OFF = Key(ord("O"), HIDDEN)
TRAIL_CLEAR = Key(ord("C"), HIDDEN)
RESHUFFLE = Key(ord("R"), HIDDEN)  # the Discard Pile's reshuffle key (a module-wide key the toolbar button fires)
TRAIL = ctrl("T", SHIFT)  # a unit's own trail toggle (menu)
MARK_MOVED = ctrl("M")


def draw_key(side_index: int) -> Key:
    """The key that sends a card to the hand of the ``side_index``-th side (0-based)."""
    return Key(ord("1") + side_index, HIDDEN)


def toolbar_keys() -> list[Key]:
    """Hot keys for toolbar buttons, handed out in order: F2-F9, F11, F12, then the same with Shift and with Ctrl
    (F1 is help, F10 opens menus in Swing)."""
    codes = [113, 114, 115, 116, 117, 118, 119, 120, 122, 123]  # java.awt.event.KeyEvent.VK_F2 ...
    return [Key(c, mods) for mods in (0, SHIFT, CTRL) for c in codes]


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


# battles (modgen.battles): the machinery's keys, and the battle marker's menu
DECLARE_BATTLE = "Declare battle"
DECLARE_KEY = alt("B")  # the toolbar's Declare battle (the selected units)
BATTLES_KEY = alt("N")  # the toolbar's list of battles not resolved yet
RESOLVE = alt("R")
RESOLVE_MENU = "Resolve battle"
HAND_RIGHT = Key(39, ALT)  # Alt+Right: one column right, by hand
HAND_LEFT = Key(37, ALT)


def battle_key(n: int) -> Key:
    """The ``n``-th key of the battle machinery (F13-F24 with Ctrl+Alt+Shift, then with Ctrl+Alt, Ctrl+Shift and
    Alt+Shift): keys no menu shows and no keyboard has."""
    mods = (HIDDEN, CTRL | ALT, CTRL | SHIFT, ALT | SHIFT, CTRL, ALT)[n // 12]
    return Key(0xF000 + n % 12, mods)


def adjustment_key(i: int) -> Key:
    """The battle marker's ``i``-th adjustment toggle: Alt+1 ..."""
    return alt(str(i + 1))


def outcome_key(i: int) -> Key:
    """The battle marker's "set result by hand" to the ``i``-th result of the CRT legends: Alt+Shift+1 ..."""
    return alt(str(i + 1), SHIFT)
