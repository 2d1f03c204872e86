"""Game furniture: sides, options, the die, the turn and phase tracker, VP and initiative, charts, notes, help.

The roster has every side of the game plus a Solitaire side (one person playing every side opens every hand). VP is
kept once: the VP property follows the VP marker on its track (modgen.markers), and the toolbar's VP +1 / -1 move
the marker; a game whose map has no VP track marker keeps the property's own buttons. Chart tabs are named by the
charts' titles, in a window titled with the game's name. Help has the module's help page, the rules reference the
game data names (when it names one) and an About card.

The turn tracker has two levels read from the game data: the Game Turns (number, date and the weather printed on
the turn track) and every phase of the sequence of play (mutual phases before and after the player turns, the
player phases once per side in player order). Every change of the tracker, of a global property and every die roll
is reported in chat.
"""

from __future__ import annotations

from art.charts import chart_tables
from games.model import Game

from . import names
from .cards import SOLITAIRE
from .context import Context
from .drawn import ABOUT_IMAGE
from .traits import string_array
from .xmltree import DOC, MODULE, PROPS, TURN, WIDGET, element


def roster(game: Game, root) -> None:
    r = element(root, MODULE + "PlayerRoster", {"buttonKeyStroke": "", "buttonText": "Retire",
                                                "buttonToolTip": "Switch sides, or become an observer"})
    for side in game.sides.values():
        element(r, "entry", text=side.name)
    element(r, "entry", text=SOLITAIRE)


def options(root) -> None:
    element(root, MODULE + "GlobalOptions", {
        "autoReport": "Always", "chatterHTMLSupport": "Never", "hotKeysOnClosedWindows": "Never",
        "nonOwnerUnmaskable": "Never", "playerIdFormat": "$PlayerName$", "promptString": "Opponents can unmask pieces"})


def dice(ctx: Context, root) -> None:
    """The dice buttons (module.toml ``[[dice]]``; default one per kind of dice the tables use): each roll is
    reported as ``*** 1d6 = 4 *** <player>`` (several dice: every die, ``= 3,5``)."""
    for d in ctx.settings.dice:
        element(root, MODULE + "DiceButton", {
            "name": d.name, "text": d.name, "tooltip": d.tooltip, "icon": "", "hotkey": "",
            "reportFormat": "** $name$ = $result$ *** &lt;$PlayerName$&gt;", "prompt": False, "nDice": d.dice,
            "nSides": d.sides, "plus": 0, "addToTotal": 0, "reportTotal": False, "sortDice": False,
            "keepDice": False, "keepOption": ">", "keepCount": 1})


def turn_labels(game: Game) -> list[str]:
    """``Turn 3 (Sep-Oct 1941) Mud or Clear``: each turn's number, date and printed weather (and its variable
    alternative), when the game prints weather on its turn track."""
    out = []
    for n in sorted(game.turns):
        t = game.turns[n]
        label = f"Turn {n} ({t.date})"
        if t.weather:
            weather = game.weather[t.weather].name
            if t.variable:
                weather += " or " + game.weather[t.variable].name
            label += f" {weather}"
        out.append(label)
    return out


def phase_labels(game: Game, order: tuple[str, ...] | None = None) -> list[str]:
    """The sequence of play (``game.turn_sequence``, or the player turns in ``order``): the mutual phases that open
    the turn, each player phase once per side in player order, the mutual phases that close it."""
    slots = game.turn_sequence if order is None else game.sequence_in(order)
    return [p.name if side is None else f"{game.sides[side].name} {p.name}" for side, p in slots]


def tracker_orders(ctx: Context) -> tuple[tuple[str, ...], ...]:
    """The player order of each of the tracker's Game Turn levels: the game's, and the reverse when the turn order
    can flip (module.toml ``[turn_tracker] reversed``; validator.vassal.turn_sequence reads them back so)."""
    order = ctx.game.player_order or tuple(ctx.game.sides)
    return (order, tuple(reversed(order))) if ctx.settings.reversed_order else (order,)


def turn_tracker(ctx: Context, root):
    """The Turn tracker: a Game Turn list level with the Phase list inside it; a game whose turn order can flip has
    a second such pair after it, with the player turns the other way round (the tracker goes over to it when the
    first's active turns run out, or by its Set command). Both publish the same Turn and Phase properties."""
    game = ctx.game
    tracker = element(root, TURN + "TurnTracker", {
        "name": "Turn", "buttonText": "Turn", "icon": "", "hotkey": "", "nexthotkey": "", "prevhotkey": "",
        "turnFormat": "$level1$: $level2$", "tooltip": "Game Turn and phase (right-click to jump)",
        "reportFormat": "&lt;$PlayerId$&gt; $newTurn$ (was $oldTurn$)", "lengthStyle": "Maximum", "length": -1})
    orders = tracker_orders(ctx)
    for order in orders:
        name = "Game Turn" if order == orders[0] else f"Game Turn, {game.sides[order[0]].name} first"
        turn = element(tracker, TURN + "ListTurnLevel", {
            "name": name, "property": names.TURN_PROPERTY, "turnFormat": "$value$",
            "list": string_array(turn_labels(game)), "configList": False, "configFirst": False, "prompt": ""})
        element(turn, TURN + "ListTurnLevel", {
            "name": "Phase", "property": names.PHASE_PROPERTY, "turnFormat": "$value$",
            "list": string_array(phase_labels(game, order)), "configList": False, "configFirst": False,
            "prompt": ""})
    return tracker


def global_properties(ctx: Context, root):
    """VP (the VP track's range) and, in a game whose VP track names one, the initiative, each reported; the
    container (modgen.battles adds its own properties to it)."""
    game = ctx.game
    container = element(root, PROPS + "GlobalProperties")
    vp = game.vp_track
    if vp is None:
        return container
    prop = element(container, PROPS + "GlobalProperty", {
        "name": names.VP_PROPERTY, "initialValue": vp.start, "description": "Victory points (the VP marker's box)",
        "isNumeric": True, "min": vp.low, "max": vp.high, "wrap": False})
    own_buttons = () if ctx.vp_marker_kind else (("VP +1", "I,1"), ("VP -1", "I,-1"))
    for text, change in own_buttons:
        element(prop, PROPS + "ChangePropertyButton", {
            "text": text, "tooltip": text, "icon": "", "hotkey": "", "propChanger": change,
            "reportFormat": f"VP {text[3:]}: $oldValue$ &rarr; $newValue$"})
    if not vp.start_initiative:
        return container
    initiative = element(container, PROPS + "GlobalProperty", {
        "name": names.INITIATIVE_PROPERTY, "initialValue": game.sides[vp.start_initiative].name,
        "description": "The side holding the initiative", "isNumeric": False, "min": "", "max": "", "wrap": False})
    for side in game.sides.values():
        element(initiative, PROPS + "ChangePropertyButton", {
            "text": f"{side.name} initiative", "tooltip": f"{side.name} takes the initiative", "icon": "",
            "hotkey": "", "propChanger": f"P,{side.name}", "reportFormat": "Initiative: $oldValue$ &rarr; $newValue$"})
    return container


def initial_properties(game: Game) -> list[tuple[str, str]]:
    """The global properties a new game starts with (name, value), in the order :func:`global_properties` makes
    them."""
    vp = game.vp_track
    if vp is None:
        return []
    out = [(names.VP_PROPERTY, str(vp.start))]
    if vp.start_initiative:
        out.append((names.INITIATIVE_PROPERTY, game.sides[vp.start_initiative].name))
    return out


def chart_window_title(game: Game) -> str:
    return f"{game.title}: charts and tables"


def chart_window(ctx: Context, root, hotkey: str) -> None:
    """The charts the art drew (CRTs, TEC, weather, turn track ...), one tab each, named by the chart's title.

    VASSAL titles the window with the component's name (3.6.0-SNAPSHOT, the test engine, leaves it untitled: it
    reads a launch-button attribute nothing sets; VASSAL's 3.6 releases read the name)."""
    window = element(root, MODULE + "ChartWindow", {"name": chart_window_title(ctx.game), "text": "Charts",
                                                    "tooltip": "Show the charts and tables", "icon": "",
                                                    "hotkey": hotkey})
    tabs = element(window, WIDGET + "TabWidget", {"entryName": "Charts"})
    for name, table in chart_tables(ctx.game).items():
        image = ctx.require(f"charts/{name}.png")
        element(tabs, WIDGET + "Chart", {"chartName": table.title, "fileName": image})


def notes(root) -> None:
    element(root, MODULE + "NotesWindow", {"buttonText": "Notes", "tooltip": "Public and private notes", "icon": "",
                                           "hotkey": ""})


def documentation(game: Game, root, help_file: str, rules_file: str | None) -> None:
    """Help: the module's help page, the rules reference (the project's own summary of the rules, when it has one
    for this game) and the About card."""
    doc = element(root, MODULE + "Documentation")
    element(doc, DOC + "HelpFile", {"title": f"{game.title}: module help", "fileName": help_file,
                                    "fileType": "archive", "image": ""})
    if rules_file:
        element(doc, DOC + "HelpFile", {"title": f"{game.title}: rules reference", "fileName": rules_file,
                                        "fileType": "archive", "image": ""})
    element(doc, DOC + "AboutScreen", {"title": f"About {game.title}", "fileName": ABOUT_IMAGE})


def predefined_setups(root, setups: list[tuple[str, str]]) -> None:
    """One New Game menu entry per ``(name, save file)``, plus an empty board."""
    for name, file in setups:
        element(root, MODULE + "PredefinedSetup", {"name": name, "file": file, "useFile": True, "isMenu": False})
    element(root, MODULE + "PredefinedSetup", {"name": "Empty board", "file": "", "useFile": False, "isMenu": False})
