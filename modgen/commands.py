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

# send-to commands (a side's holding boxes): Ctrl+Shift+ a letter of the box's kind (its id without the side)
SEND_MODIFIERS = CTRL | SHIFT
SEND_RESERVED = frozenset("T")  # Ctrl+Shift+T toggles the unit's trail (TRAIL)
SEND_MENU = "Send to"

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


TOOLBAR_CODES = (113, 114, 115, 116, 117, 118, 119, 120, 122, 123)  # java.awt.event.KeyEvent.VK_F2 ... F12
TOOLBAR_MODIFIERS = (0, SHIFT, CTRL, CTRL | SHIFT, ALT | SHIFT, CTRL | ALT)


def toolbar_keys(n: int) -> list[Key | None]:
    """Hot keys for ``n`` toolbar buttons, handed out in order: F2-F9, F11, F12, then the same with Shift, Ctrl,
    Ctrl+Shift, Alt+Shift and Ctrl+Alt (F1 is help, F10 opens menus in Swing); a button past those 60 has none
    (its menu and toolbar entry still work)."""
    keys: list[Key | None] = [Key(c, mods) for mods in TOOLBAR_MODIFIERS for c in TOOLBAR_CODES][:n]
    return keys + [None] * (n - len(keys))


def mnemonic_keys(words: list[str], modifiers: int, reserved: frozenset[str] = frozenset()) -> list[Key]:
    """One key per word (same modifiers): the word's first letter or digit no earlier word took, else any free
    letter or digit, in order; the 36 keys used up, a ValueError (no word gets none, none gets another's)."""
    taken = set(reserved)
    out = []
    for word in words:
        candidates = [c for c in word.upper() if c.isascii() and c.isalnum()]
        candidates += [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"]
        char = next((c for c in candidates if c not in taken), None)
        if char is None:
            raise ValueError(f"more than {36 - len(reserved)} commands for one set of keys")
        taken.add(char)
        out.append(Key(ord(char), modifiers))
    return out


# cards
PLAY_KEYS = (ctrl("1"), ctrl("2"))  # play the first / second side's event
DISCARD = ctrl("D", ALT)
JOKER_TURN = ctrl("J")


def attack_keys(orientation: str) -> dict[str, Key]:
    """Direction name (``E``, ``SE`` ... as games.hexgrid names them) -> the key that marks an attack that way."""
    return {d: alt(str(i + 1)) for i, d in enumerate(directions(orientation))}  # type: ignore[arg-type]


RESULT_CHARS = "123456789ABCDEGHIJKLMNOPQRSTUVWXYZ"  # Alt+Shift+F is left to VASSAL's menus


def result_keys(results: tuple[str, ...]) -> dict[str, Key]:
    """Battle result (``-``, ``CB`` ... as the CRT legend lists them) -> the key that reports it: Alt+Shift+1 ...
    9, then letters."""
    if len(results) > len(RESULT_CHARS):
        raise ValueError(f"more than {len(RESULT_CHARS)} battle results")
    return {r: alt(RESULT_CHARS[i], SHIFT) for i, r in enumerate(results)}


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


BATTLE_MODS = (HIDDEN, CTRL | ALT, CTRL | SHIFT, ALT | SHIFT, CTRL, ALT, SHIFT)
BATTLE_KEYS = 12 * len(BATTLE_MODS)  # how many keys :func:`battle_key` has


def battle_key(n: int) -> Key:
    """The ``n``-th key of the battle machinery (F13-F24 with Ctrl+Alt+Shift, then with Ctrl+Alt, Ctrl+Shift,
    Alt+Shift, Ctrl, Alt and Shift): keys no menu shows and no keyboard has."""
    mods = BATTLE_MODS[n // 12]
    return Key(0xF000 + n % 12, mods)


def adjustment_key(i: int) -> Key:
    """The battle marker's ``i``-th adjustment toggle: Alt+1 ..."""
    return alt(str(i + 1))


def outcome_key(i: int) -> Key:
    """The battle marker's "set result by hand" to the ``i``-th result of the CRT legends: Alt+Shift+1 ..."""
    return alt(str(i + 1), SHIFT)
