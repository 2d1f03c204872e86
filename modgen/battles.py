"""Battles in the module (issue 22): declare, odds, resolve, adjustments, reminders and clean-up, generated from the
game's battle model (:mod:`games.battles`; the rules package's own when it has one).

**Declare** (toolbar *Declare battle*, Alt+B): the players select the attacking units and a unit of each hex they
attack. A counter carries only its battle number and role (``Battle``, ``BattleRole``: the log contract) and the
command that places its **battle unit**: a hidden piece on the counter's spot with a copy of the counter's
properties (``BattleUnit_...``, handed over in the global ``BattleJoiner``), which does everything else — VASSAL
makes and decodes every trait of every counter when a game loads, and a battle unit exists only while its battle
does. The toolbar command sends a key to the selected units; each places its battle unit, and the last one placed
runs the declaration:

1. the attacking side is the player's own side (or, for the Solitaire side, the side whose phase the tracker shows);
   every selected counter's battle unit checks that it may fight (not in an unresolved battle, an attacker not in a
   second attack, with a strength, next to every target and not across a prohibited hexside; a target not attacked
   already); the first problem found refuses the battle with one chat line citing the rule, and the battle units
   go again: nothing changes;
2. the attackers join (battle number, factor, statuses from the markers in their hex, the chat line of each), then
   each target's units join as defenders (all units of the hex, 10.4-style: the other counters there place their
   battle units), each with its hex's terrain and the hexside features every attacker crosses into it; each counter
   takes the battle's number and role;
3. the first defender places the **battle marker**, which freezes the battle: totals, kind (a counterblow hex, a
   counterattack after a result that allows one), every shift with its reason and rule, the odds column, the CRT —
   and reports the working in one chat line.

**Adjust** (the marker's menu, before the battle is resolved): what the board cannot show — each adjustment of the
model (a committed support marker, a counterattack ...) and a column left or right by hand — reported as set by hand.

**Resolve** (the marker's *Resolve battle*, Alt+R): the game's dice, the CRT cell (or the automatic result), the
result on the marker, one chat line. *Set result by hand* changes it afterwards (reported; the validator compares
it with the table).

**Turn tracker**: each turn begins with the printed weather in the ``Weather`` property (the toolbar's *Weather* menu
sets it by hand when something else is in force); every phase entered prints the model's reminders; entering a
battle phase numbers battles from 1 again; leaving it sends the toolbar's clean-up (battle markers, battle numbers,
attack marks, battle units and results). *Battles* lists the unresolved battles: a click centres the map on one.
"""

from __future__ import annotations

from types import SimpleNamespace

from PIL import Image, ImageDraw

from games import DataError
from games.battles import ATTACKER, DEFENDER, BattleModel
from games.model import Game

from . import commands, names
from . import bsh
from .battle_exprs import (
    BASE_KIND, CATEGORY, CROSSED, CRT, DECLARING_KIND, DECLARING_SIDE, ENEMY_SIDE, FACE_TYPE, FACTOR, FINAL, FLAGS,
    INITIAL, JOIN_MODE, JOIN_NO, JOIN_ROLE, JOIN_SEP, JOINER, NEXT, OWN_SIDE, PROBLEM, PROXY, RAW, SAME_SPOT, SELECTED,
    STATUS, T_UNITS, TAGS, TARGET, TARGET_LIST, TERRAIN, TERRAIN_SHIFT, TERRAIN_WORDS, TURN, TYPE, UID, UNIT, WEATHER,
    WHO,
    Compiler, as_int, copy_of, count, sign, total)
from .bsh import braces, eq, lit, text
from .context import Context
from .drawn import png
from .furniture import phase_labels, tracker_orders, turn_labels
from .palette import gpids
from .toolbar import BATTLES, Chore, global_key_command, inventory
from .traits import (
    Apart, BasicPiece, Calculated, Delete, DynamicProperty, HideCommands, Key, KeyToPieces, Label, Marker, Piece,
    PlaceMarker, PropertyCommand, Prototype, Report, SetGlobal, SubMenu, Trait, Trigger, add_piece, key_text,
    string_array)
from .units import BATTLES_PROTOTYPE, battle_results, face_image, unit_properties
from .xmltree import MODULE, PROPS, TURN as TURN_PKG, element

MARKER_PROTOTYPE = "Battle marker"
UNIT_PROTOTYPE = BATTLES_PROTOTYPE  # every unit has it (modgen.units)
MARKER_IMAGE = "module/battle_marker.png"
GPID_KEY = "place:battle"
WEATHER_MENU = "Weather"
ATTACK_RED, DEFENCE_BLUE = "190,20,20", "20,60,170"


# The machinery's keys (commands.battle_key): each stage of a declaration or a resolution is one key, so that a
# Trigger runs the stages in order: K.declare, K.exec ...
STAGES = ("declare exec side problem checks check decide enlist_a_send enlist_a enroll_a factor_a report_a "
          "join_send join target cross_send cross enlist_d_send enlist_d enroll_d tags_d factor_d terrain_d report_d "
          "place_send place place_marker init o_number o_base o_kind o_strength o_shifts o_net o_odds o_report "
          "o_next adjusted r_die r_outcome r_report by_hand gather_send gather fight_a_send fight_a "
          "fight_d_send fight_d s_column s_die s_result s_report enroll joiner place_proxy p_init p_parse p_cand "
          "p_last refuse discard_send discard mode_def mode_clear unit_send unit_enroll unjoin").split()
K = SimpleNamespace(**{stage: commands.battle_key(i) for i, stage in enumerate(STAGES)})
PROXY_PROTOTYPE = "Battle unit"
PROXY_GPID_KEY = "place:battle_unit"
CANDIDATE = "BattleCandidate"  # a battle unit: "1" while its counter's declaration is being checked


def compiler(ctx: Context, model: BattleModel) -> Compiler:
    return Compiler(ctx.game, model, tuple(turn_labels(ctx.game)), tuple(phase_labels(ctx.game)))


def of_next(role: str) -> str:
    """The battle units in ``role`` of the battle being declared (a key's filter)."""
    return braces(f'{PROXY} && {text(names.BATTLE)}==""+{NEXT} && {eq(names.BATTLE_ROLE, role)}')


def candidates(test: str = "") -> str:
    """The battle units of the counters being declared, still checked (a key's filter)."""
    return braces(f'{PROXY} && {eq(CANDIDATE, "1")}' + (f" && {test}" if test else ""))


def _dyn(name: str, *sets: tuple[Key, str], description: str = "", value: str = "") -> DynamicProperty:
    """A Dynamic Property set by hidden keys (no menu). Each key command of a Dynamic Property costs VASSAL a
    configurer, with a text field, whenever a piece carrying it is made: only battle units and markers carry these."""
    return DynamicProperty(name, tuple(PropertyCommand("", k, v) for k, v in sets), value, description=description)


# --- units -------------------------------------------------------------------------------------------------------


def unit_prototype(ctx: Context, model: BattleModel) -> Piece:
    """``Battles``: what every counter carries, kept small (VASSAL makes and decodes it for every counter of a game
    and every palette slot): its battle number and role (the log contract), and, when it joins a battle, a copy of
    its properties in a global property and its battle unit placed on its spot, which does the rest."""
    c = compiler(ctx, model)
    traits: tuple[Trait, ...] = (
        Trigger(K.declare, (K.joiner, K.place_proxy), description="Join a battle: place the battle unit"),
        SetGlobal(JOINER, (PropertyCommand("", K.joiner, braces(c.joiner())),),
                  description="The counter's properties its battle unit copies"),
        PlaceMarker("", K.place_proxy, add_piece(proxy_piece(ctx)), proxy_gpid(ctx), "Place the battle unit",
                    after=K.p_init),
        # one command each (a configurer each whenever a counter is made): its battle unit sets them, and sets
        # them to "" when the clean-up removes it
        DynamicProperty(names.BATTLE, (PropertyCommand("", K.unit_enroll, braces(JOIN_NO)),), "",
                        description="The battle this unit fights in"),
        DynamicProperty(names.BATTLE_ROLE, (PropertyCommand("", K.unit_enroll, braces(JOIN_ROLE)),), "",
                        description="Attacker or defender"),
    )
    return Piece(BasicPiece(""), traits)


def proxy_gpid(ctx: Context) -> str:
    return gpids(ctx.game)[PROXY_GPID_KEY]


def proxy_piece(ctx: Context) -> Piece:
    """What a counter places when it joins a battle: the battle unit's identity and its prototype."""
    identity = Marker(((names.BATTLE_PROXY, "1"), (names.MAP_LAYER, names.LAYER_MARKERS)))
    return Piece(BasicPiece("Battle unit", gpid=proxy_gpid(ctx)), (identity, Prototype(PROXY_PROTOTYPE)))


def proxy_prototype(ctx: Context, model: BattleModel) -> Piece:
    """``Battle unit``: a counter's stand-in in one battle (modgen.battles docstring), on the counter's spot: the
    checks, its factor, its statuses and terrain, its chat lines, its badge; the first selected one's runs the
    declaration. Removed by the clean-up."""
    c = compiler(ctx, model)
    battle_no = braces(NEXT)
    first_defender = count(f'{PROXY} && {text(names.BATTLE)}=="${names.BATTLE}$" && '
                           f'{eq(names.BATTLE_ROLE, DEFENDER)} && '
                           f'{UID}.compareTo("${copy_of(names.UNIT_ID)}$")<0') + "==0"
    last_candidate = f"{bsh.count(SELECTED)}=={bsh.count(candidates()[1:-1])}"  # every map: where the toolbar's key went
    terrain, terrain_words = c.terrain()
    head = f'"Battle "+{names.BATTLE}+": "'
    report_a = f'{head}+{WHO}+" attacks with "+{FACTOR}+{c.factor_words(ATTACKER)}'
    report_d = (f'{head}+{WHO}+" defends with "+{FACTOR}+{c.factor_words(DEFENDER)}'
                f'+({TERRAIN_WORDS}.equals("") ? "" : " ("+{TERRAIN_WORDS}.substring(2)+")")')
    marker = add_piece(marker_piece(ctx))
    badge = f'{text(names.BATTLE)}!="" && {text(CANDIDATE)}==""'
    w, h = ctx.size(face_image(next(iter(ctx.game.units)), "front"))
    copies = [(p if p in (names.BATTLE, names.BATTLE_ROLE) else copy_of(p), i) for i, p in enumerate(c.copied())]
    printed = [(copy_of(p), c.looked_up(i)) for i, p in enumerate(c.printed())]
    roles = ((K.p_parse, braces(c.joined(dict(copies)[names.BATTLE_ROLE]))), (K.enroll_a, ATTACKER),
             (K.enroll_d, DEFENDER))
    traits: tuple[Trait, ...] = (
        # placed by its counter: a copy of the counter's properties; a selected counter's is a candidate, and the
        # last one placed runs the declaration; a target hex's other counters' join as defenders at once
        Trigger(K.p_init, (K.p_parse, K.p_cand, K.p_last), braces(f'{text(JOIN_MODE)}==""'),
                "A selected counter's battle unit"),
        Trigger(K.p_init, (K.p_parse, K.enlist_d), braces(f'{eq(JOIN_MODE, DEFENDER)}'),
                "A defending counter's battle unit"),
        *(_dyn(name, (K.p_parse, braces(c.joined(i)))) for name, i in copies if name not in
          (names.BATTLE, names.BATTLE_ROLE)),
        *(_dyn(name, (K.p_parse, braces(expr))) for name, expr in printed),
        _dyn(CANDIDATE, (K.p_cand, "1"), (K.enroll, "")),
        Trigger(K.p_last, (K.exec,), braces(last_candidate), "Declare: the last selected counter's battle unit runs it"),
        Trigger(K.exec, (K.side, K.problem, K.gather_send, K.checks, K.decide),
                description="Declare: check, then fight"),
        SetGlobal(DECLARING_SIDE, (PropertyCommand("", K.side, braces(c.declaring_side())),),
                  description="The attacking side"),
        SetGlobal(DECLARING_KIND, (PropertyCommand("", K.side, ""),
                                   PropertyCommand("", K.check, braces(c.declared_kind()))),
                  description="A kind the attackers' last battle allows"),
        SetGlobal(TARGET_LIST, (PropertyCommand("", K.side, ","),
                                PropertyCommand("", K.gather, braces(
                                    f'{TARGET_LIST}.indexOf(","+LocationName.trim()+",")>=0 ? {TARGET_LIST} : '
                                    f'{TARGET_LIST}+LocationName.trim()+","'))),
                  description="The target hexes of the battle being declared"),
        SetGlobal(PROBLEM, (PropertyCommand("", K.problem, braces(c.executor_problem())),
                            PropertyCommand("", K.check,
                                            braces(f'{text(PROBLEM)}!="" ? {PROBLEM} : {c.unit_problem()}'))),
                  description="Why the battle cannot be declared"),
        KeyToPieces(K.gather_send, K.gather, candidates(ENEMY_SIDE), "Declare: the target hexes"),
        KeyToPieces(K.checks, K.check, candidates(), "Declare: every selected counter's battle unit checks it"),
        Trigger(K.decide, (K.refuse, K.discard_send), braces(f'{text(PROBLEM)}!=""'), "Declare: refused"),
        Report((K.refuse,), braces(f'"Battle not declared: "+{PROBLEM}'), "Report: battle refused"),
        KeyToPieces(K.discard_send, K.discard, candidates(), "Refused: the battle units go"),
        Trigger(K.decide, (K.enlist_a_send, K.join_send, K.fight_a_send, K.fight_d_send, K.place_send),
                braces(f'{text(PROBLEM)}==""'), "Declare: the units join, count their factors, the marker is placed"),
        KeyToPieces(K.enlist_a_send, K.enlist_a, candidates(OWN_SIDE), "Attackers join"),
        KeyToPieces(K.join_send, K.join, candidates(ENEMY_SIDE), "Targets join"),
        KeyToPieces(K.place_send, K.place, of_next(DEFENDER), "The battle marker"),
        # an attacker joins; once every target has joined (the hexsides it crosses are known), its factor counts
        Trigger(K.enlist_a, (K.enroll_a, K.enroll, K.unit_send), description="An attacker joins"),
        KeyToPieces(K.fight_a_send, K.fight_a, of_next(ATTACKER), "Attackers count"),
        Trigger(K.fight_a, (K.factor_a, K.report_a), description="An attacker's factor"),
        KeyToPieces(K.fight_d_send, K.fight_d, of_next(DEFENDER), "Defenders count"),
        Trigger(K.fight_d, (K.factor_d, K.terrain_d, K.report_d), description="A defender's factor"),
        # a selected target: its hex is a target; the attackers note what they cross into it; it joins, then the
        # other counters of its hex place their battle units, which join as defenders
        Trigger(K.join, (K.target, K.cross_send, K.enlist_d, K.mode_def, K.enlist_d_send, K.mode_clear),
                description="A target hex joins"),
        SetGlobal(TARGET, (PropertyCommand("", K.target, "@$LocationName$"),),  # "@": 0910 must stay text
                  description="The target being joined"),
        KeyToPieces(K.cross_send, K.cross, of_next(ATTACKER), "Attackers note crossings"),
        SetGlobal(JOIN_MODE, (PropertyCommand("", K.mode_def, DEFENDER), PropertyCommand("", K.mode_clear, "")),
                  description="The battle units placed next are defenders"),
        KeyToPieces(K.enlist_d_send, K.declare,
                    braces(f'{UNIT} && {SAME_SPOT} && Side=="${copy_of(names.SIDE)}$" && '
                           f'{text(names.BATTLE)}!=""+{NEXT} && !(Selected==true)'),
                    "The target's other counters join (again after a battle)"),
        Trigger(K.enlist_d, (K.enroll_d, K.enroll, K.tags_d, K.unit_send), description="A defender joins"),
        # the counter takes the battle's number and its role (the log contract)
        SetGlobal(JOIN_ROLE, (PropertyCommand("", K.enroll_a, ATTACKER), PropertyCommand("", K.enroll_d, DEFENDER),
                              PropertyCommand("", K.unjoin, "")),
                  description="The role the counter takes"),
        SetGlobal(JOIN_NO, (PropertyCommand("", K.enroll, braces(NEXT)), PropertyCommand("", K.unjoin, "")),
                  description="The battle number the counter takes"),
        KeyToPieces(K.unit_send, K.unit_enroll, braces(f'{UNIT} && {text(names.UNIT_ID)}=="${copy_of(names.UNIT_ID)}$"'),
                    "The counter takes the battle's number and its role"),
        Trigger(K.place, (K.place_marker,), braces(first_defender), "The first defender places the battle marker"),
        PlaceMarker("", K.place_marker, marker, marker_gpid(ctx), "Place the battle marker", after=K.init,
                    y_offset=marker_lift(ctx)),
        # the frozen battle properties: the counter's before it joins (its checks read them), then this battle's
        _dyn(names.BATTLE, (K.p_parse, braces(c.joined(dict(copies)[names.BATTLE]))), (K.enroll, battle_no),
             description="The battle this battle unit fights in"),
        _dyn(names.BATTLE_ROLE, *roles, description="Attacker or defender"),
        _dyn(TYPE, (K.enroll, braces(FACE_TYPE))),
        _dyn(CATEGORY, (K.enroll, braces(c.category()))),
        *((_dyn(FLAGS, (K.enroll, braces(c.flags()))),) if c.uses_tags else ()),
        _dyn(STATUS, (K.enroll, braces(c.status()))),
        _dyn(TAGS, (K.enroll_a, braces(c.own_tags())), (K.tags_d, braces(c.own_tags() + c.cross_tags()))),
        _dyn(CROSSED, (K.enroll_a, ""), (K.cross, braces(c.crossings()))),
        # the factor's steps are Calculated Properties, evaluated only when the factor key reads the last one
        *(Calculated(p, braces(e), "A step of the unit's factor") for role in (ATTACKER, DEFENDER)
          for p, e in c.factor_steps(role)),
        _dyn(FACTOR, (K.factor_a, braces(c.factor(ATTACKER))), (K.factor_d, braces(c.factor(DEFENDER)))),
        *(_dyn(p, (K.factor_d, braces(e)), value="0") for p, e in c.crossing_shifts()),
        _dyn(TERRAIN, (K.terrain_d, braces(terrain))),
        _dyn(TERRAIN_WORDS, (K.terrain_d, braces(terrain_words))),
        Report((K.report_a,), braces(report_a), "Report: an attacker"),
        Report((K.report_d,), braces(report_d), "Report: a defender"),
        # the badges, drawn from the counter's centre (a battle unit has no image): a defender's on the counter's
        # left (the battle marker stands above it), an attacker's above its top left corner (on its left it fell
        # under a defender standing west of it, or off the map's west edge)
        Label(braces(f'{badge} && {eq(names.BATTLE_ROLE, ATTACKER)} ? "B"+{names.BATTLE} : ""'), 11, ATTACK_RED,
              "255,255,255", "c", f"Battle badge ({ATTACKER})", -(h // 2), "b", "c", -(w // 2), "l",
              property=f"BattleBadge_{ATTACKER}"),
        Label(braces(f'{badge} && {eq(names.BATTLE_ROLE, DEFENDER)} ? "B"+{names.BATTLE} : ""'), 11, DEFENCE_BLUE,
              "255,255,255", "c", f"Battle badge ({DEFENDER})", 0, "c", "c", -(w // 2), "r",
              property=f"BattleBadge_{DEFENDER}"),
        Apart("A battle unit stands on its counter's spot, apart from the stack"),
        Trigger(commands.CLEAR, (K.unjoin, K.unit_send, K.discard),
                description="Removed by the clean-up: its counter's battle number and role go"),
        Delete("", K.discard, "Removed by the clean-up, or when its declaration is refused"),
    )
    return Piece(BasicPiece(""), traits)


def prototypes(ctx: Context, model: BattleModel) -> list[tuple[str, Piece]]:
    return [(UNIT_PROTOTYPE, unit_prototype(ctx, model)), (PROXY_PROTOTYPE, proxy_prototype(ctx, model)),
            (MARKER_PROTOTYPE, marker_prototype(ctx, model))]


# --- the battle marker -------------------------------------------------------------------------------------------


def marker_gpid(ctx: Context) -> str:
    return gpids(ctx.game)[GPID_KEY]


def marker_piece(ctx: Context) -> Piece:
    """What a defender places: the battle marker's identity and its prototype (expanded when it is placed)."""
    identity = Marker(((names.KIND, names.KIND_BATTLE), (names.MAP_LAYER, names.LAYER_MARKERS)))
    return Piece(BasicPiece("Battle", ctx.require(MARKER_IMAGE), gpid=marker_gpid(ctx)),
                 (identity, Prototype(MARKER_PROTOTYPE)))


def marker_prototype(ctx: Context, model: BattleModel) -> Piece:
    """``Battle marker``: the battle's frozen numbers, its working, resolution, adjustments and result by hand."""
    c = compiler(ctx, model)
    no = names.BATTLE_NO
    head = f'"Battle "+{no}+": "'
    shifts = [(f"Shift_{i}", s) for i, s in enumerate(model.shifts)]
    adjust = [(names.ADJUSTMENT_PREFIX + a.name, a) for a in model.adjustments]
    net_parts = [TERRAIN_SHIFT] + [p for p, _ in shifts] + [names.HAND_SHIFT]
    net_parts += [f"({eq(p, '1')} ? {c.marker_amount(a.shift)} : 0)"
                  for p, a in adjust if not a.shift.constant or a.shift.value]
    terrain = model.terrain
    terrain_when = c.condition(terrain.when) if terrain else "false"
    terrain_rule = lit(f" ({terrain.rule})" if terrain else "")
    words = [f'({TERRAIN_SHIFT}!=0 ? ", terrain of the best target "+{sign(TERRAIN_SHIFT)}+{terrain_rule} : "")']
    words += [f'({p}!=0 ? ", "+{lit(s.reason)}+" "+{sign(p)}+{lit(f" ({s.rule})")} : "")' for p, s in shifts]
    words += [f'({eq(p, "1")} ? ", "+{lit(a.words)}+" (set by hand) "+{sign(c.marker_amount(a.shift))}'
              f'+{lit(f" ({a.rule})")} : "")' for p, a in adjust if not a.kind and not a.extra_dice]
    words += [f'({eq(p, "1")} ? ", "+{lit(a.words)}+" (set by hand, {a.rule})" : "")' for p, a in adjust
              if a.extra_dice]
    words += [f'({eq(p, "1")} ? ", "+{lit(a.words)}+" (set by hand, {a.rule})" : "")' for p, a in adjust if a.kind]
    words += [f'({names.HAND_SHIFT}!=0 ? ", by hand "+{sign(names.HAND_SHIFT)} : "")']
    no_terrain = (f'(({terrain_when}) ? "" : ", no terrain shift in a "+{names.BATTLE_KIND}+" battle")'
                  if terrain else '""')
    first = lit(c.columns[0])
    initial = f'({INITIAL}<0 ? "below "+{first} : {c.column_label(INITIAL)})'
    column = c.column_label(names.BATTLE_COLUMN_INDEX)
    final = (f'({as_int(names.BATTLE_COLUMN_INDEX)}<0 ? "automatic "+{names.BATTLE_AUTO} : '
             f'{column}+" on the "+{c.crt_name()})')
    if model.odds.virtual:  # the ladder goes on past both ends: the columns reached are named, then limited
        initial = c.virtual_label(INITIAL)
        last = len(c.columns) - 1
        final = (f'({text(names.BATTLE_AUTO)}!="" ? {c.virtual_label(RAW)}+": "+{names.BATTLE_AUTO} : '
                 f'({RAW}>{last} ? {c.virtual_label(RAW)}+" = " : "")+{column}+" on the "+{c.crt_name()})')
    body = (f'{c.side_name(names.BATTLE_SIDE)}+" attack on "+{names.BATTLE_TARGETS}.substring(1, '
            f'{names.BATTLE_TARGETS}.length()-1).replace(",", ", ")+": "+{names.BATTLE_ATTACK}+" vs "+'
            f'{names.BATTLE_DEFENCE}+" = "+{initial}+' + "+".join(words) + f'+{no_terrain}+'
            f'"; net "+{sign(names.BATTLE_SHIFT)}+" &rarr; "+{final}')
    working = f"{head}+{body}"
    resolved = f'{head}+{final}+", die "+{names.BATTLE_DIE}+" &rarr; "+{names.BATTLE_OUTCOME}'
    by_hand = (f'{head}+"result set by hand to "+{names.BATTLE_OUTCOME}+" (the table gave "+{names.TABLE_OUTCOME}+")"')
    outcomes = battle_results(ctx.game)
    outcome_cmds = tuple(PropertyCommand(f"Result {r}", commands.outcome_key(i), r) for i, r in enumerate(outcomes))
    adjust_cmds = tuple(PropertyCommand(a.menu, commands.adjustment_key(i),
                                        braces(f'{eq(p, "1")} ? "" : "1"'))
                        for i, (p, a) in enumerate(adjust))
    adjust_keys = tuple(x.key for x in adjust_cmds) + (commands.HAND_RIGHT, commands.HAND_LEFT)
    recompute = (K.o_kind, K.o_shifts, K.o_net, K.o_odds, K.adjusted)
    unresolved = f'{text(names.BATTLE_OUTCOME)}==""'
    odds = f'({as_int(names.BATTLE_COLUMN_INDEX)}<0 ? {names.BATTLE_AUTO} : {column})'
    traits: list[Trait] = [
        HideCommands(adjust_keys + (commands.RESOLVE,), braces(f'{text(names.BATTLE_OUTCOME)}!=""'),
                     "Adjustments and resolving only before the battle is resolved"),
        HideCommands(tuple(x.key for x in outcome_cmds), braces(f'{text(names.BATTLE_OUTCOME)}==""'),
                     "A result by hand only after the battle is resolved"),
        Trigger(K.init, (K.o_number, K.o_base, K.o_kind, K.o_strength, K.o_shifts, K.o_net, K.o_odds, K.o_report,
                         K.o_next), description="The battle is frozen when the marker is placed"),
        Trigger(commands.RESOLVE, (K.r_die, K.r_outcome, K.r_report), braces(f'{text(names.BATTLE_OUTCOME)}==""'),
                "Roll and look the result up", commands.RESOLVE_MENU),
        Trigger(commands.HAND_RIGHT, recompute), Trigger(commands.HAND_LEFT, recompute),
        *(Trigger(x.key, recompute) for x in adjust_cmds),
        Report((K.o_report,), braces(working), "Report: the working"),
        Report((K.adjusted,), braces(f'"Battle "+{no}+" (adjusted by hand): "+{body}'), "Report: an adjustment"),
        Report((K.r_report,), braces(resolved), "Report: the result"),
        Report(tuple(x.key for x in outcome_cmds), braces(by_hand), "Report: a result by hand"),
        SetGlobal(NEXT, (PropertyCommand("", K.o_next, braces(f"{NEXT}+1")),), numeric=True, minimum=1,
                  maximum=100000, description="The next battle's number"),
        _dyn(no, (K.o_number, braces(NEXT))),
        _dyn(names.BATTLE_SIDE, (K.o_number, braces(DECLARING_SIDE))),
        _dyn(names.BATTLE_TARGETS, (K.o_number, braces(TARGET_LIST))),
        _dyn(WEATHER, (K.o_number, braces(names.WEATHER_PROPERTY))),
        _dyn(TURN, (K.o_number, braces(Compiler.turn_now()))),
        _dyn(BASE_KIND, (K.o_base, braces(c.kind()))),
        _dyn(names.BATTLE_KIND, (K.o_kind, braces(c.adjusted_kind()))),
        _dyn(names.BATTLE_ATTACK, (K.o_strength, braces(c.cap(total_of(c, ATTACKER), model.odds.attack_cap)))),
        _dyn(names.BATTLE_DEFENCE, (K.o_strength, braces(c.cap(total_of(c, DEFENDER), model.odds.defence_cap)))),
        _dyn(TERRAIN_SHIFT, (K.o_shifts, braces(f"({terrain_when}) ? {c.best_terrain()} : 0")), value="0"),
        *(_dyn(p, (K.o_shifts, braces(f"({c.condition(s.when)}) ? {c.marker_amount(s.amount)} : 0")), value="0")
          for p, s in shifts),
        _dyn(names.BATTLE_SHIFT, (K.o_net, braces("+".join(net_parts))), value="0"),
        _dyn(CRT, (K.o_net, braces(c.crt_choice()))),
        _dyn(names.BATTLE_COLUMN_INDEX, (K.o_odds, braces(FINAL))),
        _dyn(names.BATTLE_AUTO, (K.o_odds, braces(c.auto_result()))),
        _dyn(names.BATTLE_DIE, (K.r_die, braces(c.dice()))),
        _dyn(names.TABLE_OUTCOME, (K.r_outcome, braces(c.outcome()))),
        DynamicProperty(names.BATTLE_OUTCOME, (PropertyCommand("", K.r_outcome, braces(c.outcome())),) + outcome_cmds,
                        description="The battle's result"),
        SubMenu("Set result by hand", tuple(x.menu for x in outcome_cmds)),
        DynamicProperty(names.HAND_SHIFT, (PropertyCommand("One column right (by hand)", commands.HAND_RIGHT, "1", "I"),
                                           PropertyCommand("One column left (by hand)", commands.HAND_LEFT, "-1", "I")),
                        "0", description="Columns shifted by hand"),
        *(DynamicProperty(p, (cmd,), "", description=a.words) for (p, a), cmd in zip(adjust, adjust_cmds)),
        Calculated(INITIAL, braces(c.initial()), "The initial column"),
        *((Calculated(RAW, braces(c.raw()), "The column reached before the limits"),) if model.odds.virtual else ()),
        Calculated(FINAL, braces(c.final()), "The final column"),
        Calculated(names.BATTLE_COLUMN, braces(column), "The final column's name"),
        Label(braces(f'{unresolved} ? "Battle "+{no} : "B"+{no}+" "+{odds}+" d"+{names.BATTLE_DIE}'), 9, "120,0,0",
              "255,255,255", "t", "The battle's number (and, resolved, its odds and die)", vertical_just="t",
              property="BattleTitle"),
        Label(braces(f'{unresolved} ? {odds} : {names.BATTLE_OUTCOME}'), 14, "", "0,0,0", "c", "Odds, then result",
              5, property="BattleMain"),
        *stage_traits(c, model, head, len(adjust)),
        Apart("A battle marker stands above its defender, apart from the stack"),
        Delete("", commands.CLEAR, "Removed by the clean-up"),
    ]
    return Piece(BasicPiece(""), tuple(traits))


STAGE_KEYS = "DEFGH"  # the battle marker's stages (games.battles.Stage): Alt+D, Alt+E ...


def stage_key(i: int) -> Key:
    """The battle marker's ``i``-th stage command: Alt+D ..."""
    return commands.alt(STAGE_KEYS[i])


def stage_traits(c: Compiler, model: BattleModel, head: str, first_key: int) -> list[Trait]:
    """Each stage of the model (games.battles.Stage): its command (offered once the result allows it), its
    adjustments by hand (toggled before its roll), the roll on its table and the chat line."""
    out: list[Trait] = []
    n = first_key
    for i, st in enumerate(model.stages):
        pre = f"Stage_{st.name}_"
        layer, column, die, drm, result = (pre + x for x in ("Cell", "Column", "Die", "Drm", "Result"))
        adjust = [(pre + a.name, a) for a in st.adjustments]
        cmds = tuple(PropertyCommand(f"{a.menu} ({st.words})", commands.adjustment_key(n + j),
                                     braces(f'{eq(p, "1")} ? "" : "1"')) for j, (p, a) in enumerate(adjust))
        n += len(adjust)
        key = stage_key(i)
        allowed = c.stage_allowed(st, layer)
        drm_expr, drm_words = c.stage_drm(st, layer, pre)
        report = (f'{head}+{lit(st.words + " (" + st.rule + ") on the ")}+{column}+" column: die "+{die}+{drm_words}'
                  f'+" = "+({die}+{drm})+" &rarr; "+{result}')
        shown = f'{text(names.BATTLE_OUTCOME)}!="" && {text(result)}=="" && ({allowed})'
        out += [
            HideCommands(tuple(x.key for x in cmds) + (key,), braces(f"!({shown})"),
                         f"{st.words}: only after a result that allows it, before its roll"),
            Trigger(key, (K.s_column, K.s_die, K.s_result, K.s_report), braces(shown), st.words, st.menu),
            _dyn(layer, (K.r_outcome, braces(c.stage_layer(st)))),
            _dyn(column, (K.s_column, braces(c.stage_column(st)))),
            _dyn(die, (K.s_die, braces(c.stage_dice(st)))),
            _dyn(drm, (K.s_column, braces(drm_expr)), value="0"),
            _dyn(result, (K.s_result, braces(c.stage_result(st, column, die, drm)))),
            Report((K.s_report,), braces(report), f"Report: {st.words}"),
            *(DynamicProperty(p, (cmd,), "", description=a.words) for (p, a), cmd in zip(adjust, cmds)),
        ]
    return out


def total_of(c: Compiler, role: str) -> str:
    return total(FACTOR, c.units(role))


# --- module components -------------------------------------------------------------------------------------------


def global_values(ctx: Context, model: BattleModel, tables: bool = True) -> dict[str, str]:
    """Global property -> its initial value: the battle machinery's, the weather (in a game with weather) and turn
    number of the first scenario's first turn, and (``tables``) the tables: a scenario's setup leaves them out (they
    never change in play and the module holds them: hundreds of KB fewer to decode when a big map's scenario
    opens, docs/benchmarks.md)."""
    start = next(iter(ctx.game.scenarios.values())).first_turn if ctx.game.scenarios else min(ctx.game.turns)
    weather = {names.WEATHER_PROPERTY: ctx.game.turns[start].weather} if ctx.game.weather else {}
    return {NEXT: "1", DECLARING_SIDE: "", DECLARING_KIND: "", PROBLEM: "", TARGET: "", TARGET_LIST: ",", JOINER: "",
            JOIN_MODE: "", JOIN_ROLE: "", JOIN_NO: "",
            **weather, **(battle_tables(ctx, model) if tables else {})}


def battle_tables(ctx: Context, model: BattleModel) -> dict[str, str]:
    """The tables (global property -> text): the compiler's, and each unit's printed properties its battle unit
    copies."""
    c = compiler(ctx, model)
    printed = c.printed()
    units = {}
    for unit in ctx.game.units.values():
        props = dict(unit_properties(ctx.game, unit))
        values = [props.get(p, "") for p in printed]
        if any(JOIN_SEP in v for v in values):
            raise DataError(ctx.game.id, f"{unit.id}: a unit's printed values cannot contain {JOIN_SEP!r} in a module "
                                         "with battles")
        units[unit.id] = JOIN_SEP.join(values)
    return {**c.tables(), T_UNITS: bsh.table(units)}


def global_properties(ctx: Context, model: BattleModel, container) -> None:
    """The battle machinery's properties, the weather (in a game with weather: set when a turn begins, and by hand
    from the *Weather* menu), and the tables (hidden from players: no buttons)."""
    values = global_values(ctx, model)
    for name, value in values.items():
        prop = element(container, PROPS + "GlobalProperty", {
            "name": name, "initialValue": value, "description": "Battles (issue 22)", "isNumeric": False,
            "min": "", "max": "", "wrap": False})
        if name == NEXT:
            element(prop, PROPS + "ChangePropertyButton", {
                "text": "", "tooltip": "", "icon": "", "hotkey": key_text(K.by_hand), "propChanger": "P,1",
                "reportFormat": ""})
        if name == names.WEATHER_PROPERTY:
            if len(STAGES) + len(ctx.game.weather) > commands.BATTLE_KEYS:
                raise DataError(ctx.game.id, f"a module with battles has keys for at most "
                                             f"{commands.BATTLE_KEYS - len(STAGES)} weathers, not {len(ctx.game.weather)}")
            for i, w in enumerate(ctx.game.weather.values()):
                element(prop, PROPS + "ChangePropertyButton", {
                    "text": f"{WEATHER_MENU}: {w.name}", "tooltip": f"The weather in force is {w.name}", "icon": "",
                    "hotkey": key_text(weather_key(i)), "propChanger": f"P,{w.id}",
                    "reportFormat": f"Weather: {w.name} (was $oldValue$)"})


def weather_key(i: int) -> Key:
    """The key of the ``i``-th weather's button (the turn tracker presses it when a turn begins)."""
    return commands.battle_key(len(STAGES) + i)


def toolbar(ctx: Context, root, model: BattleModel, declare_hotkey: Key, list_hotkey: Key) -> None:
    """*Declare battle* (the selected units), the *Battles* list, the *Weather* menu (in a game with weather)."""
    global_key_command(root, Chore(commands.DECLARE_BATTLE, "Declare a battle: select the attacking units and a unit "
                                   "of each hex they attack, then press this", K.declare, braces(SELECTED), "",
                                   quiet=False), declare_hotkey)
    inventory(root, BATTLES, "The battles not resolved yet: a click centres the map on one",
              braces(f'Kind=={lit(names.KIND_BATTLE)} && {text(names.BATTLE_OUTCOME)}==""'), "",
              f"Battle ${names.BATTLE_NO}$ in $LocationName$",
              "$PropertyValue$", False, list_hotkey)
    items = [f"{WEATHER_MENU}: {w.name}" for w in ctx.game.weather.values()]
    if not items:
        return
    element(root, MODULE + "ToolbarMenu", {"text": WEATHER_MENU, "tooltip": "Set the weather in force by hand (when "
                                           "it is not the turn's printed weather)", "icon": "", "hotkey": "",
                                           "menuItems": string_array(items), "description": ""})


def turn_hotkeys(ctx: Context, tracker, model: BattleModel, clears: list[tuple[str, Key]]) -> None:
    """The turn tracker's global hotkeys: each turn's printed weather when it begins, reminders, battle
    numbers from 1 when a battle phase begins, and each clear button of the toolbar when its phase ends (the
    battles' with the Combat Phase's: ``clears`` is (phase id, its button's hot key))."""
    game = ctx.game
    phases = phase_labels(game)
    labels = turn_labels(game)
    if game.weather:  # the weather printed for each turn, set by its Weather menu item (a value, not an expression)
        index = {w: i for i, w in enumerate(game.weather)}
        for label, n in zip(labels, sorted(game.turns)):
            if game.turns[n].weather not in index:  # a weather rolled, not printed: set from the menu
                continue
            _hotkey(tracker, f"Printed weather: {label}", weather_key(index[game.turns[n].weather]),
                    f"Phase=={lit(phases[0])} && Turn=={lit(label)}", "")
    for label in compiler(ctx, model).battle_phases():
        _hotkey(tracker, f"Battles from 1: {label}", K.by_hand, f"Phase=={lit(label)}", "")
    for phase, key in clears:  # the phase after it in either order of the player turns (the tracker's levels)
        ends = {}
        for order in tracker_orders(ctx):
            seq = phase_labels(game, order)
            ends |= {(label, seq[(i + 1) % len(seq)]): None for i, label in enumerate(seq) if label in
                     _phase_labels(game, phase)}
        for label, after in ends:
            _hotkey(tracker, f"Clean-up after {label}", key, f"Phase=={lit(after)}", "")
    for r in model.reminders:
        label = _phase_label(game, r.phase, r.side)
        test = f"Phase=={lit(label)}" + (f" && Turn=={lit(labels[sorted(game.turns).index(r.turn)])}"
                                          if r.turn is not None else "")
        text_ = r.text.replace("$", "")
        _hotkey(tracker, f"Reminder: {label}", None, test, text_)


def _phase_labels(game: Game, phase: str) -> list[str]:
    """The tracker's labels of a phase: one per side for a player phase, in player order (game.turn_sequence)."""
    return [label for label, (_, p) in zip(phase_labels(game), game.turn_sequence) if p.id == phase]


def _phase_label(game: Game, phase: str, side: str | None) -> str:
    p = next(x for x in game.phases if x.id == phase)
    return f"{game.sides[side].name} {p.name}" if p.player and side else p.name


def _hotkey(tracker, name: str, key: Key | None, test: str, report: str) -> None:
    element(tracker, TURN_PKG + "TurnGlobalHotkey", {"name": name, "hotkey": key_text(key), "match": braces(test),
                                                     "reportFormat": report})


# --- images ------------------------------------------------------------------------------------------------------


def marker_size(counter: tuple[int, int]) -> tuple[int, int]:
    """A chit a little narrower than a counter and half as high: it stands above the defender's counter."""
    return counter[0] - 6, counter[1] // 2


def marker_lift(ctx: Context) -> int:
    """How far above the defender's centre the battle marker's centre stands: just clear of the counter."""
    counter = ctx.size(face_image(next(iter(ctx.game.units)), "front"))
    return (counter[1] + marker_size(counter)[1]) // 2 + 1


def images(counter: tuple[int, int]) -> dict[str, bytes]:
    """The battle marker's chit: cream with a dark red frame (its labels say the rest)."""
    w, h = marker_size(counter)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((1, 1, w - 2, h - 2), radius=max(2, w // 10), fill=(255, 248, 225, 255),
                        outline=(120, 0, 0, 255), width=max(2, w // 20))
    return {MARKER_IMAGE: png(img)}

