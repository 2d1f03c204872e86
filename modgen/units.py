"""Unit counters as VASSAL pieces, and the prototypes they share (rules 2.3, 7.2, 10.1, 11.0).

A unit piece is, outermost first: a Marker with its identity (:data:`names.UNIT_PROPERTIES`), the prototypes
``Unit``, ``<Side> unit`` and ``<type> type``, and a Layer with both printed faces (Ctrl+F flips: step loss,
improvement or conversion, as the unit's ``flip`` says). The prototypes give every unit its chat-reported
commands: send to the side's off-map boxes, mark Unsupplied / Disorganized (places the real marker on the unit),
mark the unit as attacking the hex in one of the six directions, and report the result of its battle (a
Dynamic Property set from a submenu, with a chat line that names the unit: what the log reader turns into the
battle's result claim).
"""

from __future__ import annotations

from games import Game
from games.model import Box, Unit
from games.model import Marker as MarkerDef

from . import commands, names
from .context import Context
from .drawn import arrow_image
from .markers import face_layer, marker_piece
from .settings import UnitCommand
from .traits import (BasicPiece, DynamicProperty, Key, Layer, Marker, MovedMark, Piece, PlaceMarker, Prototype,
                     PropertyCommand, Report, SendToZone, SubMenu, Trail, add_piece)

UNIT_PROTOTYPE = "Unit"
BATTLES_PROTOTYPE = "Battles"  # modgen.battles: declaring and fighting battles
ARROW_LAYER = "AttackArrow"  # the Layer that draws the attack arrow (follows AttackDir; not part of the log contract)
# A unit's hidden "clear after combat" command: attack mark and battle result back to "" (the toolbar's after-combat
# command sends it to every unit; no menu entry, no chat line per unit)
SILENT_CLEAR = PropertyCommand("", commands.CLEAR, "")
# What the back face is called, by the kind of flip, when both faces carry the same name.
SEND_MENU_AT = 7  # a side with this many holding boxes gets its send commands in a submenu
BACK_SUFFIX = {"step": " (reduced)", "improve": " (improved)", "convert": " (converted)", "none": ""}


def side_prototype(ctx: Context, side: str) -> str:
    return f"{ctx.game.sides[side].name} unit"


def type_prototype(ctx: Context, unit_type: str) -> str:
    return f"{ctx.game.unit_types[unit_type].name} type"


def _value(v: int | None) -> str:
    return "" if v is None else str(v)


def _text(v: object) -> str:
    """A declared column's value as a property: lists space-separated, booleans ``true``/``false``."""
    if isinstance(v, (tuple, list, frozenset)):
        return " ".join(sorted(_text(x) for x in v)) if isinstance(v, frozenset) else " ".join(_text(x) for x in v)
    if isinstance(v, bool):
        return str(v).lower()
    return str(v)


def unit_properties(game: Game, unit: Unit) -> tuple[tuple[str, str], ...]:
    """The unit's identity and printed values (names.UNIT_PROPERTIES), then those only some games have: attack,
    defense and flags of both faces, and the columns the game declares for units.csv."""
    f, b = unit.front, unit.back
    values = (names.KIND_UNIT, unit.id, unit.side, unit.nationality, f.type, _value(f.strength), _value(f.ma),
              b.type, _value(b.strength), _value(b.ma), str(unit.steps), unit.flip)
    out = list(zip(names.UNIT_PROPERTIES, values))
    faces = [(u.front, u.back) for u in game.units.values()]
    if any(x.attack is not None or x.defense is not None for pair in faces for x in pair):
        out += [(names.ATTACK_VALUE, _value(f.attack)), (names.DEFENSE_VALUE, _value(f.defense)),
                (names.BACK_ATTACK, _value(b.attack)), (names.BACK_DEFENSE, _value(b.defense))]
    if any(x.flags for pair in faces for x in pair):
        out += [(names.FLAGS, _text(f.flags)), (names.BACK_FLAGS, _text(b.flags))]
    out += [(column, _text(unit.extra.get(column, ""))) for column in game.columns.get("units", {})]
    return tuple(out)


def face_image(unit_id: str, face: str) -> str:
    return f"units/{unit_id}_{face}.png"


def back_level_name(unit: Unit) -> str:
    """The back face's name: its own printed name when it differs, else the front name plus the flip's suffix."""
    if unit.back.name != unit.front.name:
        return unit.back.name
    return unit.front.name + BACK_SUFFIX[unit.flip]


def unit_piece(ctx: Context, unit: Unit, gpid: str, face: str = "front") -> Piece:
    images = (ctx.require(face_image(unit.id, "front")), ctx.require(face_image(unit.id, "back")))
    layer = face_layer(images, (unit.front.name, back_level_name(unit)), face)
    traits = (Marker(unit_properties(ctx.game, unit)), Prototype(UNIT_PROTOTYPE), Prototype(side_prototype(ctx, unit.side)),
              Prototype(type_prototype(ctx, unit.front.type)), layer)
    return Piece(BasicPiece(unit.front.name, gpid=gpid), traits)


def slot_name(unit: Unit) -> str:
    return f"{unit.front.name} [{unit.id}]"


# --- prototypes ------------------------------------------------------------------------------------------------


def _who(name: str = "newPieceName") -> str:
    return f"${name}$ [${names.UNIT_ID}$]"


def battle_results(game: Game) -> tuple[str, ...]:
    """Every result of the Combat Results Tables, in the order of their legends (10.5, 10.7), then any a table has
    that no legend explains."""
    legend = [r for crt in game.crts.values() for r in crt.legend]
    cells = [r for crt in game.crts.values() for row in crt.rows.values() for r in row]
    return tuple(dict.fromkeys(legend + cells))


def result_property(ctx: Context) -> tuple[Report, SubMenu, DynamicProperty]:
    """``Battle result``: the attacker states his battle's result (10.5) on one of its units; the chat line names
    the unit, so the log reader knows which battle it closes."""
    keys = commands.result_keys(battle_results(ctx.game))
    results = tuple(PropertyCommand(commands.result_menu(r), key, r) for r, key in keys.items())
    return (Report(tuple(keys.values()), f"{_who()} in $location$ reports the battle result ${names.BATTLE_RESULT}$",
                   "Report: battle result"),
            SubMenu(commands.RESULT_MENU, tuple(c.menu for c in results)),
            DynamicProperty(names.BATTLE_RESULT, results + (SILENT_CLEAR,), "",
                            description="Result of this unit's battle (10.5)"))


def attack_arrow(ctx: Context) -> Layer:
    """A big red arrow toward the attacked hex, drawn while the unit's ``AttackDir`` is set (level 1: nothing)."""
    names_ = list(commands.attack_keys(ctx.game.map.grid.orientation))
    level = " : ".join(f'{names.ATTACK}=="{d}" ? {i + 2}' for i, d in enumerate(names_))
    images = ("",) + tuple(ctx.require(arrow_image(d)) for d in names_)
    return Layer(ARROW_LAYER, images, ("",) * len(images), follow_property=True,
                 property_name="{" + level + " : 1}", description="Attack arrow (10.1)")


MOVED_FLAG = (9, 48)  # the size of VASSAL's moved flag (/images/moved.gif in Vengine.jar)


def moved_mark(ctx: Context) -> MovedMark:
    """VASSAL's moved flag along the counter's right edge, inside the counter (a flag outside would make the
    counter's palette cell taller than the counter and cut it)."""
    w, h = ctx.size(face_image(next(iter(ctx.game.units)), "front"))
    return MovedMark(x_offset=w // 2 - MOVED_FLAG[0], y_offset=-MOVED_FLAG[1] // 2, key=commands.MARK_MOVED,
                     description="Moved this turn")


def common_prototype(ctx: Context, place_gpids: dict[str, str]) -> Piece:
    """``Unit``: flip report, map layer, the markers a command puts on the unit (module.toml ``unit_commands``),
    attack marks (10.1), the battle result (10.5), and the battle command's prototype in a module with battles."""
    places = []
    for command in ctx.settings.unit_commands:
        label, gpid = command.label, place_gpids[command.label]
        marker = marker_piece(ctx, placed_marker(ctx, command), "", command.face, gpid)
        places.append(PlaceMarker(command.menu, command.key, add_piece(marker), gpid, f"Place a {label} marker"))
        places.append(Report((command.key,), f"{_who()} in $location$ marked {label}", f"Report: {label}"))
    attack_keys = commands.attack_keys(ctx.game.map.grid.orientation)
    attack_commands = tuple(PropertyCommand(f"toward {d}", key, d) for d, key in attack_keys.items())
    clear = PropertyCommand("clear", commands.ATTACK_CLEAR, "")
    attack = DynamicProperty(names.ATTACK, attack_commands + (clear, SILENT_CLEAR), "",
                             description="Direction of the hex this unit attacks (10.1)")
    traits = (
        Report((commands.FLIP,), f"{_who('oldPieceName')} flips to $newPieceName$ in $location$", "Report: flip"),
        Report(tuple(attack_keys.values()), f"{_who()} in $location$ attacks the hex to the ${names.ATTACK}$",
               "Report: attack"),
        Report((commands.ATTACK_CLEAR,), f"{_who()} in $location$ no longer attacks", "Report: attack cleared"),
        SubMenu(commands.ATTACK_MENU, tuple(c.menu for c in attack_commands + (clear,))),
        attack_arrow(ctx),
        attack,
        *result_property(ctx),
        *places,
        moved_mark(ctx),
        Trail(commands.TRAIL, commands.TRAIL_ON, commands.TRAIL_OFF, commands.TRAIL_CLEAR,
              description="Movement trail"),
        Marker(((names.MAP_LAYER, names.LAYER_UNITS),)),
    )
    # the battle traits outermost: VASSAL decodes a piece trait by trait, each time unescaping everything inside it,
    # so the long battle traits are read once, not once per trait around them (every counter, when a game loads)
    traits = ((Prototype(BATTLES_PROTOTYPE),) if ctx.battles else ()) + traits
    return Piece(BasicPiece(""), traits)


def placed_marker(ctx: Context, command: UnitCommand) -> MarkerDef:
    """The marker kind a unit command places a copy of (module.toml checked that it exists)."""
    return next(m for m in ctx.game.all_markers if m.kind == command.marker)


def box_kind(box: Box) -> str:
    """What a side's holding box is, without the side: its id with a ``_<side>`` ending removed."""
    return box.id.removesuffix(f"_{box.side}") if box.side else box.id


def send_boxes(ctx: Context, side: str) -> list[tuple[Box, Key]]:
    """The side's holding boxes a unit can be sent to, in data order, each with its key (Ctrl+Shift+ a letter of
    the box's kind: ``destroyed`` D, ``surrendered`` S, ``shattered`` H ...)."""
    boxes = [b for b in ctx.game.map.boxes.values() if b.kind == "holding" and b.side == side]
    keys = commands.mnemonic_keys([box_kind(b).replace("_", " ") for b in boxes], commands.SEND_MODIFIERS,
                                  commands.SEND_RESERVED)
    return list(zip(boxes, keys))


def side_prototype_piece(ctx: Context, side: str) -> Piece:
    """``<Side> unit``: send to each of the side's holding boxes (destroyed, eliminated, reserve ...); more than
    :data:`SEND_MENU_AT` of them are gathered in a *Send to* submenu."""
    sends = [SendToZone(f"Send to {box.name}", key, names.MAIN_MAP, box.name, f"Send to {box.id}")
             for box, key in send_boxes(ctx, side)]
    report = Report(tuple(s.key for s in sends), f"{_who()} sent from $oldLocation$ to $location$",
                    "Report: sent to a box")
    menu = (SubMenu(commands.SEND_MENU, tuple(s.command for s in sends)),) if len(sends) >= SEND_MENU_AT else ()
    return Piece(BasicPiece(""), (report, *menu, *sends))


def type_prototype_piece(ctx: Context, unit_type: str) -> Piece:
    """``<type> type``: what the unit type may do (2.3, 8.5, 10.1.1), as properties."""
    types = ctx.game.unit_types
    t = types[unit_type]
    values = (t.name, t.category, str(t.mobile).lower(), str(t.zoc).lower(), str(t.can_attack).lower())
    props = list(zip(names.TYPE_PROPERTIES, values))
    if any(x.move_class for x in types.values()):
        props.append((names.MOVE_CLASS, t.move_class))
    if any(x.traits for x in types.values()):
        props.append((names.TYPE_TRAITS, _text(t.traits)))
    return Piece(BasicPiece(""), (Marker(tuple(props)),))


def prototypes(ctx: Context, place_gpids: dict[str, str]) -> list[tuple[str, Piece]]:
    out = [(UNIT_PROTOTYPE, common_prototype(ctx, place_gpids))]
    out += [(side_prototype(ctx, s), side_prototype_piece(ctx, s)) for s in ctx.game.sides]
    used = sorted({u.front.type for u in ctx.game.units.values()})
    out += [(type_prototype(ctx, t), type_prototype_piece(ctx, t)) for t in used]
    return out

