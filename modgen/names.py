"""The names our module gives to things, shared with the VASSAL log reader (the contract of issues 4 and 9).

Every piece carries a ``mark;`` (Marker) trait with the properties below, so a ``.vsav``/``.vlog`` reader can
identify it from the piece's own type and state strings without the module. Marker values live in the piece
state (docs/vassal-format.md §c.4). Piece faces are a Layer named :data:`FACE_LAYER` whose state is 1 for the
front and 2 for the back; a joker card's side up (the legacy card shape) is a 2-facing rotation named
:data:`JOKER_ROTATION` (state 0, property ``Joker_Facing`` 1: the first side's half up; state 1, the second's).

Locations reported in chat and in ``LocationName``: a map hex is its 4-digit id (``1204``); an area or an
off-map box is its ``name`` from the game data (``Finland``, ``Axis Destroyed Units``); a track space is
``"<track name> <space>"`` (``Game Turn Track 5``, ``Victory Point Track 12``).
"""

from __future__ import annotations

# --- piece identity (Marker trait properties) -------------------------------------------------------------------
KIND = "Kind"  # "unit" | "marker" | "card"
KIND_UNIT = "unit"
KIND_MARKER = "marker"
KIND_CARD = "card"

UNIT_ID = "UnitId"  # units.csv id, e.g. "ger_4pz"
SIDE = "Side"  # side id, e.g. "axis"
NATIONALITY = "Nationality"  # nationality id
UNIT_TYPE = "UnitType"  # unit type id of the front face
STRENGTH = "Strength"  # front combat strength ("" when none is printed)
MA = "MA"  # front movement allowance ("" when none)
BACK_TYPE = "BackType"
BACK_STRENGTH = "BackStrength"
BACK_MA = "BackMA"
STEPS = "Steps"  # steps of a robust unit (1 or 2)
FLIP = "Flip"  # "step" | "improve" | "convert" | "none": what turning the counter over means

UNIT_PROPERTIES = (KIND, UNIT_ID, SIDE, NATIONALITY, UNIT_TYPE, STRENGTH, MA, BACK_TYPE, BACK_STRENGTH, BACK_MA,
                   STEPS, FLIP)

# further unit properties, each only in a game whose units have it (No Retreat!'s have none of them): printed attack
# and defense of both faces, each face's flags (trait ids, space-separated: "elite red_dot"); then one property per
# column the game declares for units.csv (game.toml [columns.units]), named as the column ("size", "formation")
ATTACK_VALUE = "Attack"
DEFENSE_VALUE = "Defense"
BACK_ATTACK = "BackAttack"
BACK_DEFENSE = "BackDefense"
FLAGS = "Flags"
BACK_FLAGS = "BackFlags"

# from the unit's "<type> type" prototype: what the front face's unit type may do (game.toml unit_types); the movement
# class and the type's traits (space-separated) only in a game whose types have them
TYPE_PROPERTIES = ("TypeName", "Category", "Mobile", "HasZOC", "CanAttack")
MOVE_CLASS = "MoveClass"
TYPE_TRAITS = "Traits"

MARKER_KIND = "MarkerKind"  # markers.csv kind, e.g. "disorganized_unsupplied"
MARKER_ID = "MarkerId"  # one physical marker, e.g. "disorganized_unsupplied-3"; "" for one placed by a command
MARKER_PROPERTIES = (KIND, MARKER_KIND, MARKER_ID)

CARD_ID = "CardId"  # cards.csv id, e.g. "c07", "joker"
CARD_NUMBER = "CardNumber"
CARD_PROPERTIES = (KIND, CARD_ID, CARD_NUMBER)

# --- state carried by traits --------------------------------------------------------------------------------------
FACE_LAYER = "Face"  # Layer name: property Face_Level is 1 (front) or 2 (back)
ATTACK = "AttackDir"  # Dynamic Property: "" or the direction of the attacked hex (games.hexgrid.directions names)
BATTLE_RESULT = "BattleResult"  # Dynamic Property: the result a player reports for his unit's battle (a CRT result)
MAP_LAYER = "MapLayer"  # Marker property that puts a piece on a map layer
LAYER_UNITS = "Units"
LAYER_MARKERS = "Markers"
JOKER_ROTATION = "Joker"  # Rotate trait name on a joker card: 0 = the first side's half up, 1 = the second's

# --- battles (modgen.battles, issue 22) ---------------------------------------------------------------------------
KIND_BATTLE = "battle"  # the battle marker: Kind = "battle"
BATTLE = "Battle"  # unit Dynamic Property: the number of the battle the unit fights in ("" none)
BATTLE_ROLE = "BattleRole"  # unit: "attacker" | "defender" | ""
BATTLE_PROXY = "BattleProxy"  # a battle unit (a unit's stand-in in one battle, no Kind): Marker property = "1"
BATTLE_NO = "BattleNo"  # battle marker: its battle's number
BATTLE_SIDE = "BattleSide"  # battle marker: the attacking side's id
BATTLE_KIND = "BattleKind"  # battle marker: voluntary, or a kind of the battle model (counterblow, counterattack)
BATTLE_ATTACK = "BattleAttack"  # battle marker: attack total
BATTLE_DEFENCE = "BattleDefence"  # battle marker: defence total
BATTLE_SHIFT = "BattleShift"  # battle marker: net column shift (right +)
BATTLE_COLUMN_INDEX = "BattleColumnIndex"  # battle marker: the final column's index in its CRT (-1: automatic)
BATTLE_COLUMN = "BattleColumn"  # battle marker (calculated, for people): the final column's name ("" automatic).
# (A Dynamic Property keeps no text that looks like a number as written: "+3" becomes 3, so the index is kept.)
BATTLE_AUTO = "BattleAuto"  # battle marker: the automatic result of odds off the table ("" none)
BATTLE_DIE = "BattleDie"  # battle marker: the dice rolled (their total; "" before the battle is resolved)
BATTLE_TARGETS = "BattleTargets"  # battle marker: the target locations, ",1205,1305,"
BATTLE_OUTCOME = "BattleOutcome"  # battle marker: the result ("" unresolved); players may set it by hand
TABLE_OUTCOME = "TableOutcome"  # battle marker: the result the table gave when it was resolved
ADJUSTMENT_PREFIX = "Adjust_"  # battle marker: Adjust_<name> = "1" when that adjustment is set by hand
HAND_SHIFT = "HandShift"  # battle marker: columns shifted by hand

# --- module components ---------------------------------------------------------------------------------------------
MAIN_MAP = "Main Map"
CARD_MAP = "Cards"
MAIN_BOARD = "Main"
CARD_BOARD = "Card Table"
DRAW_PILE = "Draw Pile"
DISCARD_PILE = "Discard Pile"
VP_PROPERTY = "VP"  # global property: the VP marker's box on the VP track
INITIATIVE_PROPERTY = "Initiative"  # global property: side id holding the initiative
TURN_PROPERTY = "Turn"  # turn tracker level properties
PHASE_PROPERTY = "Phase"
WEATHER_PROPERTY = "Weather"  # global property: the weather id in force (set when a turn begins, or by hand)


def hand_name(side_name: str) -> str:
    """The PlayerHand window of a side (``Axis Hand``)."""
    return f"{side_name} Hand"


def track_space_name(track_name: str, space: str) -> str:
    """The zone name of one space of a track box."""
    return f"{track_name} {space}"
