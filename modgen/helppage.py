"""The module's help page (Help menu): how to play the game with this module, generated from the game data.

Plain HTML 3.2, which is what VASSAL's help window (a Swing ``JEditorPane``) renders.
"""

from __future__ import annotations

from html import escape

from games.battles import BattleModel
from games.model import Game, Scenario

from . import commands, names, plugin
from .battles import compiler
from .cards import SOLITAIRE
from .context import Context
from .furniture import phase_labels, tracker_orders
from .toolbar import BATTLES, hotkeys
from .units import battle_results, send_boxes


AREAS_NAMED = 8  # areas named in the help's text; the rest are counted


def _key(k) -> str:
    if k is None:
        return "&mdash;"
    mods = []
    if k.modifiers & 128:
        mods.append("Ctrl")
    if k.modifiers & 512:
        mods.append("Alt")
    if k.modifiers & 64:
        mods.append("Shift")
    if k.code == 127:
        char = "Delete"
    elif k.code in (37, 39):
        char = "Left" if k.code == 37 else "Right"
    elif 112 <= k.code <= 123:
        char = f"F{k.code - 111}"
    else:
        char = chr(k.code)
    return "+".join(mods + [char])


def _scenario(s: Scenario) -> str:
    """A scenario's turns, special rules and victory conditions (our own words, from its scenario.toml)."""
    def items(texts: tuple[str, ...]) -> str:
        return "<ul>\n" + "\n".join(f"<li>{escape(t)}</li>" for t in texts) + "\n</ul>"

    out = [f"<h3>{escape(s.name)} (turns {s.first_turn}-{s.last_turn})</h3>"]
    if s.special_rules:
        out += ["<p>Special rules:</p>", items(s.special_rules)]
    if s.victory:
        out += ["<p>Victory:</p>", items(s.victory)]
    return "\n".join(out)


def rules_html(game: Game, text: str) -> str:
    """The project's rules summary (Markdown) as a help page: the text as written, in a fixed-width block."""
    return (f"<html><head><title>{escape(game.title)}: rules reference</title></head><body>\n"
            f"<pre>\n{escape(text)}</pre>\n</body></html>\n")


def _toolbar_rows(ctx: Context) -> str:
    return "\n".join(f"<tr><td>{escape(t)}</td><td>{_key(k)}</td></tr>" for t, k in hotkeys(ctx).items())


def _check_rules(ctx: Context) -> str:
    """What the Check rules button does (modgen.plugin), when the module carries it."""
    if plugin.BUTTON_TEXT not in hotkeys(ctx):
        return ""
    key = hotkeys(ctx)[plugin.BUTTON_TEXT]
    return (f"<p><i>{plugin.BUTTON_TEXT}</i> on the toolbar ({_key(key)}) checks the game so far in the same way, "
            "with the hexforge installed on this computer (File &gt; Preferences &gt; Check rules says where it is, "
            "and can check at the end of each phase): each violation in chat and in a window; double-click one to "
            "centre the map on it.</p>\n")


def battle_help(ctx: Context, model: BattleModel) -> str:
    """The battle command and the battle marker's menu (with the adjustments of the game's battle model)."""
    keys = hotkeys(ctx)
    rows = [(a.menu, commands.adjustment_key(i), f"set or unset by hand: {a.words} ({a.rule})")
            for i, a in enumerate(model.adjustments)]
    rows += [(commands.RESOLVE_MENU, commands.RESOLVE,
              "roll the game's dice; the result goes on the marker and in chat"),
            ("One column right / left (by hand)", None, f"{_key(commands.HAND_RIGHT)} / {_key(commands.HAND_LEFT)}: "
             "a shift the board does not show (a card ...), reported as set by hand")]
    rows += [(r, None, "after the battle: set its result by hand (reported with the table's result)")
             for r in ("Set result by hand",)]
    table = "\n".join(f"<tr><td>{escape(m)}</td><td>{_key(k) if k else ''}</td><td>{escape(d)}</td></tr>"
                      for m, k, d in rows)
    weather = ("; each turn begins with its printed weather (the <i>Weather</i> menu sets the weather in force by "
               "hand)") if ctx.game.weather else ""
    return f"""<p>Select the attacking units and one unit of each hex they attack (click, shift-click), then press
<i>{commands.DECLARE_BATTLE}</i> ({_key(keys[commands.DECLARE_BATTLE])}). Every unit gets a badge with the battle's
number (attackers red, defenders blue) and a battle marker goes above the defender with the odds column; the chat
shows the working: each unit's factor, the terrain of each target, every shift with its reason and rule, the final
column. A declaration the rules forbid is refused with one chat line citing the rule. The marker's menu:</p>
<table border="1" cellpadding="3">
<tr><th>command</th><th>key</th><th>what it does</th></tr>
{{table}}
</table>
<p><i>{BATTLES}</i> ({_key(keys[BATTLES])}) lists the battles not resolved yet: a click centres the map on one.
When the turn tracker leaves the {escape(compiler(ctx, model).battle_phase_words())} the battles, attack marks and
results are cleared (the <i>Clear</i> menu does it by hand){weather}.</p>
""".replace("{table}", table)


def _commands(ctx: Context) -> list[tuple[str, object, str]]:
    """(menu text, key, what it does) of every piece command."""
    game = ctx.game
    rows: list[tuple[str, object, str]] = [
        (commands.FLIP_MENU, commands.FLIP, "turn the counter over (step loss, improvement, conversion)"),
    ]
    rows += [(c.menu, c.key, f"put {'an' if c.label[0] in 'AEIOU' else 'a'} {c.label} marker on the unit")
             for c in ctx.settings.unit_commands]
    rows += [(f"{commands.ATTACK_MENU} toward {d}", k, f"the unit attacks the hex to its {d}")
             for d, k in commands.attack_keys(game.map.grid.orientation).items()]
    rows.append((f"{commands.ATTACK_MENU} clear", commands.ATTACK_CLEAR, "the unit no longer attacks"))
    rows += [(f"{commands.RESULT_MENU} › {commands.result_menu(r)}", k,
              "state the result of this unit's battle after the die roll")
             for r, k in commands.result_keys(battle_results(game)).items()]
    for side in game.sides.values():
        for box, key in send_boxes(ctx, side.id):
            rows.append((f"Send to {box.name}", key, f"move the {side.name} unit to that box"))
    if game.cards:
        for key, side in zip(commands.PLAY_KEYS, game.sides.values()):
            rows.append((commands.play_menu(side.name), key,
                         "play a card from your hand; it goes to the Discard Pile"))
        rows.append(("Discard", commands.DISCARD, "discard a card from your hand"))
    return rows


def _places(ctx: Context) -> str:
    """The named locations beside the hexes: areas (a few by name) and the Tracks board."""
    areas = [a.name for a in ctx.game.map.areas.values()]
    if not areas:
        return "The boxes and tracks of the <i>Tracks</i> board are named locations."
    shown = ", ".join(escape(a) for a in areas[:AREAS_NAMED])
    if len(areas) > AREAS_NAMED:
        shown += f" and {len(areas) - AREAS_NAMED} more"
    return f"Areas ({shown}) and the boxes and tracks of the <i>Tracks</i> board are named locations."


def _cards(ctx: Context) -> str:
    if not ctx.game.cards:
        return ""
    aside = [c for c in ctx.game.cards.values() if c.mark_1945 == "add"]
    joker = [c for c in ctx.game.cards.values() if c.joker]
    piles = [f"the {escape(names.DRAW_PILE)} (always shuffled: each draw takes a random card)",
             f"the {escape(names.DISCARD_PILE)}"]
    if aside:
        piles.append(f"the {escape(ctx.settings.set_aside.name)} set aside")
    if joker:
        piles.append(f"the {escape(ctx.settings.joker.name)}")
    return (f"<h2>Cards</h2>\n<p>The <i>{names.CARD_MAP}</i> window holds {', '.join(piles[:-1])} and "
            f"{piles[-1]}. Draw by dragging from the {escape(names.DRAW_PILE)} into your hand window; only your "
            "side can open your hand.</p>\n")


def _phases(game: Game) -> str:
    """The sequence of play, each phase with its steps."""
    items = []
    for label, (_, phase) in zip(phase_labels(game), game.turn_sequence):
        steps = "".join(f"<li>{escape(name)}</li>" for _, name in phase.steps)
        items.append(f"<li>{escape(label)}" + (f"<ul>{steps}</ul>" if steps else "") + "</li>")
    return "\n".join(items)


def _reversed(ctx: Context) -> str:
    """The tracker's second Game Turn level, in a game whose turn order can flip (modgen.furniture.turn_tracker)."""
    orders = tracker_orders(ctx)
    if len(orders) < 2:
        return ""
    name = ctx.game.sides[orders[1][0]].name
    scenarios = ", ".join(f"{ctx.game.scenarios[sid].name} from turn {t}"
                          for sid, t in ctx.settings.reversed_from.items())
    by_itself = f" The tracker goes over to it by itself in {escape(scenarios)}." if scenarios else ""
    marker = next((m for m in ctx.game.all_markers if m.kind == ctx.settings.flip_marker), None)
    announce = "" if marker is None else (
        f"announce it by putting the <i>{escape(marker.front.label)}</i> marker from the palette on the map (the "
        "log reader takes it for that announcement), and ")
    return (f"<p>On the turns whose {escape(name)} Player Turn comes first, the tracker is on its second level, "
            f"<i>Game Turn, {escape(name)} first</i>, whose phases list that side's Player Turn first.{by_itself} "
            f"When the rules flip the order during play, {announce}set the tracker there (right-click it, "
            "<i>Set</i>) on the next turn's first phase.</p>\n")


def _toolbar_text(ctx: Context) -> str:
    game = ctx.game
    dice = ", ".join(escape(d.name) for d in ctx.settings.dice)
    parts = [f"the dice ({dice})"]
    if game.vp_track is not None and game.vp_track.start_initiative:
        parts.append("the initiative buttons")
    inventories = [what for what, present in (("boxes", any(b.kind == "holding" for b in game.map.boxes.values())),
                                              ("hands", bool(game.cards))) if present]
    if inventories:
        parts.append(f"the inventories of the {' and '.join(inventories)}")
    parts += ["the charts", "the notes"]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _vp(ctx: Context) -> str:
    if ctx.vp_marker_kind is None:
        return ""
    return ("VP: the VP marker on its track is the score; the VP buttons move it, and the <i>VP</i> property always "
            "equals its space.")


def _sides(ctx: Context) -> str:
    if not ctx.game.cards:
        return (f"<h2>Sides</h2>\n<p>Each player takes a side; the <i>{SOLITAIRE}</i> side is for one person "
                "playing every side.</p>")
    return (f"<h2>Sides</h2>\n<p>Each side's hand opens only for that side. The <i>{SOLITAIRE}</i> side sees every "
            "hand: take it to play alone. A card in a hand is hidden from the other side; a played or discarded "
            "card is seen by everyone.</p>")


def help_html(ctx: Context, setups: list[str]) -> str:
    """The help page: setups, scenarios, the units' commands, battles (the battle command's section when the module
    has battles), cards, the sequence of play, the toolbar, sides."""
    game = ctx.game
    table = "\n".join(f"<tr><td>{escape(m)}</td><td>{_key(k)}</td><td>{escape(d)}</td></tr>"
                      for m, k, d in _commands(ctx))
    sides = ", ".join(escape(s.name) for s in game.sides.values())
    setup_items = "\n".join(f"<li>{escape(s)}</li>" for s in setups)
    scenarios = "\n".join(_scenario(s) for s in game.scenarios.values())
    battles = battle_help(ctx, ctx.battles) if ctx.battles else ""
    by_hand = "Without the battle command: give" if ctx.battles else "Give"
    return f"""<html><head><title>{escape(game.title)}</title></head><body>
<h1>{escape(game.title)}</h1>
<p>{escape(game.publisher)}, {escape(game.edition)}. Sides: {sides}. This module was generated by hexforge
from the game's data.</p>
<h2>Starting a game</h2>
<p>File &gt; New Game offers:</p>
<ul>
{setup_items}
</ul>
{scenarios}
<h2>Moving and marking units</h2>
<p>Drag counters to move them; every move is reported in chat as <i>unit moves from &rarr; to</i> with hex ids.
Right-click a counter for its commands:</p>
<table border="1" cellpadding="3">
<tr><th>command</th><th>key</th><th>what it does</th></tr>
{table}
</table>
<p>Markers (palette tab <i>Markers</i>) always lie above the units. {_places(ctx)}</p>
<h2>Battles, and a log hexforge can check</h2>
{battles}<p>{by_hand} every attacking unit the direction of the hex it attacks (<i>Attack</i>), roll the die, then
report the result on one attacking unit (<i>Battle result</i>). Take losses by flipping or sending units to their
boxes; drag retreating and advancing units one hex at a time. Log the game (File &gt; Begin Logfile) and
<code>hexforge validate game.vlog</code> checks it against the rules.</p>
{_check_rules(ctx)}{_cards(ctx)}<h2>Turns and phases</h2>
<p>The Turn tracker on the toolbar steps through the {len(game.turns)} Game Turns and, within each, the phases:</p>
<ol>
{_phases(game)}
</ol>
{_reversed(ctx)}<p>The toolbar also has {_toolbar_text(ctx)}. Its chores, one click (or key) each:</p>
<table border="1" cellpadding="3">
<tr><th>button</th><th>key</th></tr>
{_toolbar_rows(ctx)}
</table>
<p>Alt+click on the map flares a spot for everyone. Moved units are marked until <i>Mark all unmoved</i>;
<i>Show trails</i> draws the path each unit took. {_vp(ctx)}</p>
{_sides(ctx)}
</body></html>
"""
