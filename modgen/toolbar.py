"""The toolbar's chores: one button (and one hot key) for each job a turn brings, all driven by the game's data.

* **Clear markers** — one button per phase that clears marker kinds (``markers.csv`` column ``clear_phase``): every
  marker of those kinds on the hex map leaves it (the spares in the boxes stay). The button of the phase
  ``module.toml`` names in ``[attacks] clear_phase`` also clears every unit's attack mark and battle result, and the
  battle markers in a module with battles (combat is over); without one, a button of its own does. The turn tracker
  presses each phase's button when the phase ends (modgen.battles).
* **Draw** — for each side, its opening hand (each different count the scenarios give) and, when ``game.toml`` says
  how many cards a turn's draw is (``[cards] turn_draw``), a turn's draw: the top cards of the Draw Pile go into
  the side's hand (a toolbar Global Key Command with a deck count; each card answers its side's draw key).
  Only a game with cards gets these.
* **Reshuffle the discards** — the Discard Pile's own reshuffle, from the toolbar.
* **VP +1 / VP -1** — the VP marker one space along its track; the VP property follows the marker (modgen.markers).
* **Movement trails** — show, hide and clear every unit's trail (PBEM players review a turn with them).
* **Inventories** — the units in each holding box (destroyed, surrendered ...), and how many cards each hand holds
  (counts only: a hand's cards stay hidden from the other side).

Every command reports one chat line (``reportSingle``: no line per piece), and sends keys no menu shows
(:mod:`modgen.commands`), so a player never triggers them by accident.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import commands, names, plugin
from .battle_exprs import PROXY
from .context import Context
from .maps import MAP_TOOLS
from .traits import Key, key_list, key_text, string_array
from .xmltree import MAP, MODULE, element

GKC_TARGET = "MAP|false|MAP|||||0|0||false|||EQUALS"  # GlobalCommandTarget.encode(): no fast match
PALETTE = "Counters"
CHARTS = "Charts"
RESHUFFLE = "Reshuffle the discards"
BOXES = "Boxes"
ATTACKED = ("attack marks", "battle results")  # what a unit's after-combat clear removes
HANDS = "Hands"
DECLARE = commands.DECLARE_BATTLE  # modgen.battles
BATTLES = "Battles"


@dataclass(frozen=True)
class Chore:
    """One toolbar Global Key Command: ``key`` sent to the pieces ``filter`` selects (the top ``deck_count`` of a
    deck's cards; -1 all)."""

    text: str
    tooltip: str
    key: Key
    filter: str
    report: str
    deck_count: int = -1
    quiet: bool = True  # one chat line for the command, none per piece
    phase: str = ""  # a clear chore: the phase id whose end it belongs to (the turn tracker sends it then)


def _any(prop: str, values: list[str]) -> str:
    return "(" + " || ".join(f'{prop}=="{v}"' for v in values) + ")"


def _and(items: list[str]) -> str:
    """``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def clear_chores(ctx: Context) -> list[Chore]:
    """One per phase that clears marker kinds, in the sequence of play; the phase module.toml names in ``[attacks]
    clear_phase`` also clears every unit's attack mark and battle result, and the battle markers when the module has
    battles (else a button of its own does). Each knows its phase: the turn tracker presses it when the phase ends."""
    game = ctx.game
    attack_phase = ctx.settings.attack_clear_phase
    attacks = f'Kind=="{names.KIND_UNIT}"' + (f' || Kind=="{names.KIND_BATTLE}" || {PROXY}'
                                              if ctx.battles else "")
    attacked = [*ATTACKED, *(["battle markers"] if ctx.battles else [])]
    first = {m.kind: m for m in reversed(game.all_markers)}
    out = []
    for phase in game.phases:
        kinds = list(dict.fromkeys(m.kind for m in game.all_markers if m.clear_phase == phase.id))
        if not kinds and phase.id != attack_phase:
            continue
        tests, parts = [], []
        if kinds:
            labels = ", ".join(f"{first[k].front.label} / {first[k].back.label}"
                               if first[k].back.label != first[k].front.label else first[k].front.label
                               for k in kinds)
            tests.append(f'Kind=="{names.KIND_MARKER}" && CurrentBoard=="{names.MAIN_BOARD}" && '
                         f'{_any(names.MARKER_KIND, kinds)}')
            parts.append(f"{labels} markers")
        if phase.id == attack_phase:
            test = attacks if not tests else f"{attacks} || ({tests[0]})"
            what = _and(attacked + parts)
        else:
            test, what = tests[0], parts[0]
        out.append(Chore(f"Clear {what}", f"{phase.name}: remove every {what}", commands.CLEAR, "{" + test + "}",
                         f"$PlayerName$ clears the {what} ({phase.name})", phase=phase.id))
    if not attack_phase:
        what = _and(attacked)
        out.append(Chore(f"Clear {what}", f"After combat: remove every {what}", commands.CLEAR,
                         "{" + attacks + "}", f"$PlayerName$ clears the {what}"))
    return out


def draw_chores(ctx: Context) -> list[Chore]:
    """For each side: its opening hand(s) and a turn's draw, from the top of the Draw Pile into its hand."""
    game = ctx.game
    if not game.cards:
        return []
    out = []
    pile = "{" + f'DeckName=="{names.DRAW_PILE}"' + "}"
    for i, side in enumerate(game.sides.values()):
        hand = names.hand_name(side.name)
        counts = sorted({s.hands.get(side.id, 0) for s in game.scenarios.values()} - {0})
        draws = [(f"{side.name}: draw the opening hand ({n})", n) for n in counts]
        if game.turn_draw:
            draws.append((f"{side.name}: draw {game.turn_draw} (a turn's draw)", game.turn_draw))
        for text, n in draws:
            out.append(Chore(text, f"The top {n} cards of the {names.DRAW_PILE} into the {hand}",
                             commands.draw_key(i), pile, f"$PlayerName$ draws {n} cards into the {hand}", n))
    return out


def vp_chores(ctx: Context) -> list[Chore]:
    if ctx.vp_marker_kind is None:
        return []
    test = "{" + f'{names.MARKER_KIND}=="{ctx.vp_marker_kind}"' + "}"
    return [Chore(f"VP {sign}1", f"The VP marker one space {way}", key, test, "", quiet=False)
            for sign, way, key in (("+", "up", commands.VP_UP), ("-", "down", commands.VP_DOWN))]


def trail_chores() -> list[Chore]:
    units = "{" + f'Kind=="{names.KIND_UNIT}"' + "}"
    return [Chore(f"{verb} trails", f"{verb} every unit's movement trail", key, units,
                  f"$PlayerName$: {verb.lower()} movement trails")
            for verb, key in (("Show", commands.TRAIL_ON), ("Hide", commands.TRAIL_OFF),
                              ("Clear", commands.TRAIL_CLEAR))]


def chores(ctx: Context) -> list[Chore]:
    return clear_chores(ctx) + draw_chores(ctx) + vp_chores(ctx) + trail_chores()



def menus(ctx: Context) -> dict[str, tuple[str, ...]]:
    """Toolbar drop-down menus (menu text -> the buttons it holds), so the toolbar stays one row of short buttons."""
    draws = tuple(c.text for c in draw_chores(ctx)) + ((RESHUFFLE,) if ctx.game.cards else ())
    out = {"Clear": tuple(c.text for c in clear_chores(ctx)), "Draw": draws,
           "Trails": tuple(c.text for c in trail_chores())}
    return {k: v for k, v in out.items() if v}


def buttons(ctx: Context) -> list[str]:
    """Every toolbar button the module hands an F-key hot key to, in the order the keys are handed out (the battle
    commands have their own, :func:`hotkeys`); the Check rules button (modgen.plugin) last, when the module carries
    it."""
    out = [*MAP_TOOLS, PALETTE, *(c.text for c in chores(ctx))]
    if ctx.game.cards:
        out.append(RESHUFFLE)
    if any(b.kind == "holding" for b in ctx.game.map.boxes.values()):
        out.append(BOXES)
    if ctx.game.cards:
        out.append(HANDS)
    return out + [CHARTS] + ([plugin.BUTTON_TEXT] if plugin.available() else [])


def phase_clears(ctx: Context, keys: dict[str, Key | None]) -> list[tuple[str, Key]]:
    """(phase id, hot key) of each clear button that belongs to a phase: the turn tracker presses it when that phase
    ends (modgen.battles; a button past the hot keys there are cannot be pressed so)."""
    return [(c.phase, key) for c in clear_chores(ctx) if c.phase and (key := keys[c.text]) is not None]


def hotkeys(ctx: Context) -> dict[str, Key | None]:
    """Button text -> its hot key: the battle commands' own keys when the module has battles (modgen.battles), then
    F2 ... in :func:`buttons` order (modgen.commands.toolbar_keys), None past the keys there are."""
    texts = buttons(ctx)
    own = {DECLARE: commands.DECLARE_KEY, BATTLES: commands.BATTLES_KEY} if ctx.battles else {}
    return {**own, **dict(zip(texts, commands.toolbar_keys(len(texts)), strict=True))}


def global_key_command(root, chore: Chore, hotkey: Key | None) -> None:
    element(root, MAP + "MassKeyCommand", {
        "name": chore.text, "buttonText": chore.text, "tooltip": chore.tooltip, "icon": "",
        "buttonHotkey": key_text(hotkey), "hotkey": key_text(chore.key), "canDisable": False, "propertyGate": "",
        "disabledIcon": "", "hideWhenDisabled": False, "singleMap": False, "target": GKC_TARGET,
        "filter": chore.filter, "deckCount": chore.deck_count, "reportSingle": chore.quiet,
        "reportFormat": chore.report})


def reshuffle_button(root, hotkey: Key | None) -> None:
    """Fire the Discard Pile's reshuffle key (the deck reports the reshuffle itself)."""
    element(root, MODULE + "DoActionButton", {
        "name": RESHUFFLE, "text": RESHUFFLE,
        "tooltip": f"The {names.DISCARD_PILE} shuffled back into the {names.DRAW_PILE}", "icon": "",
        "hotkey": key_text(hotkey), "canDisable": False, "propertyGate": "", "disabledIcon": "",
        "hideWhenDisabled": False, "doReport": False, "reportFormat": "", "doSound": False, "soundClip": "",
        "doHotkey": True, "hotkeys": key_list((commands.RESHUFFLE,)), "doLoop": False, "loopType": "counted",
        "loopCount": "1", "whileExpression": "", "untilExpression": "", "preLoopKey": "", "postLoopKey": "",
        "index": False, "indexProperty": "", "indexStart": "1", "indexStep": "1"})


def inventory(root, name: str, tooltip: str, include: str, group_by: str, leaf: str, folder: str, folders_only: bool,
              hotkey: Key | None) -> None:
    element(root, MODULE + "Inventory", {
        "name": name, "text": name, "tooltip": tooltip, "icon": "", "hotkey": key_text(hotkey),
        "canDisable": False, "propertyGate": "", "disabledIcon": "", "hideWhenDisabled": False,
        "include": include, "groupBy": group_by, "nonLeafFormat": folder, "foldersOnly": folders_only,
        "leafFormat": leaf, "sortPieces": True, "sortFormat": "$PieceName$", "sorting": "alpha",
        "centerOnPiece": True, "forwardKeystroke": False, "showMenu": False, "drawPieces": False,
        "pieceZoom": 0.33, "pieceZoom2": 0.5, "pieceZoom3": 0.6, "sides": "", "launchFunction": "functionRefresh",
        "refreshHotkey": ""})


def inventories(ctx: Context, root, keys: dict[str, Key | None]) -> None:
    """The holding boxes' units; the number of cards in each hand."""
    boxes = [b.name for b in ctx.game.map.boxes.values() if b.kind == "holding"]
    if boxes:
        inventory(root, BOXES, "The units in each holding box (destroyed, surrendered ...)",
                  "{" + f'Kind=="{names.KIND_UNIT}" && {_any("LocationName", boxes)}' + "}", "LocationName",
                  "$PieceName$", "$PropertyValue$ ($sum_Kind$)", False, keys[BOXES])
    if ctx.game.cards:
        hands = [names.hand_name(s.name) for s in ctx.game.sides.values()]
        inventory(root, HANDS, "How many cards each hand holds",
                  "{" + f'Kind=="{names.KIND_CARD}" && {_any("CurrentMap", hands)}' + "}", "CurrentMap",
                  "", "$PropertyValue$: $sum_Kind$ cards", True, keys[HANDS])


def toolbar(ctx: Context, root, keys: dict[str, Key | None]) -> None:
    """Every chore's button, the reshuffle button, the inventories, and the menus that gather the chores."""
    for chore in chores(ctx):
        global_key_command(root, chore, keys[chore.text])
    if ctx.game.cards:
        reshuffle_button(root, keys[RESHUFFLE])
    inventories(ctx, root, keys)
    for text, items in menus(ctx).items():
        element(root, MODULE + "ToolbarMenu", {"text": text, "tooltip": f"{text}: " + "; ".join(items), "icon": "",
                                               "hotkey": "", "menuItems": string_array(items), "description": ""})
