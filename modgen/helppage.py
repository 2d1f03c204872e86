"""The module's help page (Help menu): how to play the game with this module, generated from the game data.

Plain HTML 3.2, which is what VASSAL's help window (a Swing ``JEditorPane``) renders.
"""

from __future__ import annotations

from html import escape

from games.battles import BattleModel, from_data
from games.model import Game, Scenario

from . import commands, names, plugin
from .battles import compiler
from .cards import SOLITAIRE
from .context import Context
from .furniture import phase_labels
from .toolbar import BATTLES, hotkeys
from .units import battle_results


def _key(k) -> str:
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
    key = hotkeys(ctx).get(plugin.BUTTON_TEXT)
    if key is None:
        return ""
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
results are cleared (the <i>Clear</i> menu does it by hand); each turn begins with its printed weather (the
<i>Weather</i> menu sets the weather in force by hand).</p>""".replace("{table}", table)


def help_html(ctx: Context, setups: list[str], battles: BattleModel | None = None) -> str:
    game = ctx.game
    rows = [
        (commands.FLIP_MENU, commands.FLIP, "turn the counter over (step loss, improvement, conversion)"),
    ]
    rows += [(menu, key, f"put {'an' if label[0] in 'AEIOU' else 'a'} {label} marker on the unit")
             for label, (menu, key) in commands.PLACE.items()]
    rows += [(f"{commands.ATTACK_MENU} toward {d}", k, f"the unit attacks the hex to its {d} (10.1)")
             for d, k in commands.attack_keys(game.map.grid.orientation).items()]
    rows.append((f"{commands.ATTACK_MENU} clear", commands.ATTACK_CLEAR, "the unit no longer attacks"))
    rows += [(f"{commands.RESULT_MENU} › {commands.result_menu(r)}", k,
              "state the result of this unit's battle after the die roll (10.5)")
             for r, k in commands.result_keys(battle_results(game)).items()]
    for kind, key in commands.SEND_KEYS.items():
        rows.append((f"Send to the {kind} box", key, "move the unit to its side's box"))
    for key, side in zip(commands.PLAY_KEYS, game.sides.values()):
        rows.append((commands.play_menu(side.name), key, "play a card from your hand; it goes to the Discard Pile"))
    rows.append(("Discard", commands.DISCARD, "discard a card from your hand"))
    table = "\n".join(f"<tr><td>{escape(m)}</td><td>{_key(k)}</td><td>{escape(d)}</td></tr>" for m, k, d in rows)
    phases = "\n".join(f"<li>{escape(p)}</li>" for p in phase_labels(game))
    sides = ", ".join(escape(s.name) for s in game.sides.values())
    setup_items = "\n".join(f"<li>{escape(s)}</li>" for s in setups)
    scenarios = "\n".join(_scenario(s) for s in game.scenarios.values())
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
<p>Markers (palette tab <i>Markers</i>) always lie above the units. Areas (Finland, the Balkans) and the boxes and
tracks of the <i>Tracks</i> board are named locations.</p>
<h2>Battles, and a log hexforge can check</h2>
{battle_help(ctx, battles or from_data(game))}
<p>Without the battle command: give every attacking unit the direction of its target (<i>Attack</i>), roll the
die, then report the result on one attacking unit (<i>Battle result</i>).
Take losses by flipping or sending units to their boxes; drag retreating and advancing units one hex at a time.
A card that pays for something (a replacement, an improvement, a rail move, a counterblow) is discarded just
before that action. Log the game (File &gt; Begin Logfile) and <code>hexforge validate game.vlog</code> checks it
against the rules.</p>
{_check_rules(ctx)}<h2>Cards</h2>
<p>The <i>{names.CARD_MAP}</i> window holds the {escape(names.DRAW_PILE)} (always shuffled: each draw takes a
random card), the {escape(names.DISCARD_PILE)}, the {escape(names.SET_ASIDE_1945)} set aside and the Joker.
Draw by dragging from the Draw Pile into your hand window; only your side can open your hand.</p>
<h2>Turns and phases</h2>
<p>The Turn tracker on the toolbar steps through the 28 Game Turns and, within each, the phases:</p>
<ol>
{phases}
</ol>
<p>The toolbar also has the 1d6 die, the initiative buttons, the inventories of the boxes and hands, the charts
and the notes. Its chores, one click (or key) each:</p>
<table border="1" cellpadding="3">
<tr><th>button</th><th>key</th></tr>
{_toolbar_rows(ctx)}
</table>
<p>Alt+click on the map flares a spot for everyone. Moved units are marked until <i>Mark all unmoved</i>;
<i>Show trails</i> draws the path each unit took. VP: the VP marker on its track is the score; the VP buttons move
it, and the <i>VP</i> property always equals its space.</p>
<h2>Sides</h2>
<p>Each side's hand opens only for that side. The <i>{SOLITAIRE}</i> side sees every hand: take it to play alone.
A card in a hand is hidden from the other side; a played or discarded card is seen by everyone.</p>
</body></html>
"""
