"""Field names and types of VASSAL's piece traits, as data (vassal-format.md §c.4, checked against VASSAL 3.7 source).

A trait's type text is its id prefix (``emb2;``) followed by its fields, and its state text follows the trait's own
rule. Each entry says how to split them and what each field means, in VASSAL's own order:

``prefix -> (kind, type delimiter, type fields, state delimiter, state fields)``

A field is ``name`` (text) or ``name:t`` with ``t`` one of ``i`` int, ``b`` boolean, ``d`` double, ``l`` comma list,
``k`` named key stroke. A delimiter of ``""`` means the whole text is one field. Fields past the names given are kept
(positional) so that newer or older VASSAL versions still round-trip. The base pieces (``piece;``, ``stack``,
``deck;``) are listed too; their states have extra structure that :mod:`validator.vassal.pieces` reads.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, NamedTuple


class TraitSpec(NamedTuple):
    kind: str
    type_delim: str
    fields: tuple[str, ...]
    state_delim: str = ""
    state_fields: tuple[str, ...] = ()


def _f(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_LAYER = _f(
    "activateCommand activateModifiers:i activateKey upCommand upModifiers:i upKey downCommand downModifiers:i "
    "downKey resetCommand resetKey:k resetLevel drawUnderneathWhenSelected:b xOff:i yOff:i imageNames:l "
    "levelNames:l loopLevels:b name rndKey:k rndText followProperty:b propertyName firstLevelValue:i version:i "
    "alwaysActive:b activateKeyStroke:k increaseKeyStroke:k decreaseKeyStroke:k description scale:d "
    "onlyPropertyName onlyPropertyState"
)
_PLACE = _f(
    "command markerKey:k markerSpec markerText xOffset yOffset matchRotation:b afterBurnerKey:k description "
    "gpId placement:i above:b copyDPsByName:b parameterList version:i"
)

TRAITS: Mapping[str, TraitSpec] = MappingProxyType({
    # base pieces
    "piece;": TraitSpec("BasicPiece", ";", _f("cloneKey deleteKey imageName commonName")),
    "stack": TraitSpec("Stack", "", ()),
    "deck;": TraitSpec("Deck", ";", _f(
        "drawOutline:b outlineColor width:i height:i faceDownOption shuffleOption allowMultipleDraw:b "
        "allowSelectDraw:b reversible:b reshuffleCommand reshuffleTarget reshuffleMsgFormat deckName "
        "shuffleMsgFormat reverseMsgFormat faceDownMsgFormat drawFaceUp:b persistable:b shuffleKey:k "
        "reshuffleKey:k maxStack:i countExpressions:l expressionCounting:b globalCommands:l hotkeyOnEmpty:b "
        "emptyKey:k selectDisplayProperty selectSortProperty restrictOption:b restrictExpression shuffleCommand "
        "reverseCommand reverseKey:k drawMultipleMessage drawSpecificMessage faceUpMessage faceDownMessage "
        "faceUpKey:k faceUpMsgFormat faceFlipKey:k faceDownKey:k saveMessage saveKey:k saveReport loadMessage "
        "loadKey:k loadReport restrictAccess:b owners:l")),
    # decorators
    "emb2;": TraitSpec("Layer", ";", _LAYER, ";", _f("value:i")),
    "emb;": TraitSpec("Layer", ";", _LAYER[:24], ";", _f("value:i")),
    "mark;": TraitSpec("Marker", ",", (), ",", ()),  # names in the type, values in the state, same order
    "prototype;": TraitSpec("Prototype", ";", _f("name parameters:l")),
    "report;": TraitSpec("ReportState", ";", _f(
        "keys:l reportFormat cycleDownKeys:l cycleReportFormats:l description noSuppress:b"), "", _f("cycleIndex:i")),
    "delete;": TraitSpec("Delete", ";", _f("commandName key:k description")),
    "clone;": TraitSpec("Clone", ";", _f("commandName key:k description")),
    "sendto;": TraitSpec("SendToLocation", ";", _f(
        "commandName key:k mapId boardName x y backCommandName backKey:k xIndex yIndex xOffset yOffset "
        "description destination zone region propertyFilter gridLocation"), ";", _f("backMapId backX backY")),
    "obs;": TraitSpec("Obscurable", ";", _f(
        "maskKey:k maskImage hideCommand displayStyle maskName access peekCommand description autoPeek:b "
        "dealKey:k dealExpression"), ";", _f("obscuredBy options")),
    "label;": TraitSpec("Labeler", ";", _f(
        "labelKey:k menuCommand fontSize:i bgColor fgColor vertPos vertOffset:i horizPos horizOffset:i vertJust "
        "horizJust nameFormat fontFamily fontStyle:i rotateDegrees:d propertyName description alwaysUseFormat:b"),
        "", _f("label")),
    "immob;": TraitSpec("Immobilized", ";", _f("selectionFlags moveFlag stackFlag description")),
    "rotate;": TraitSpec("FreeRotator", ";", (), "", _f("angle")),  # field names depend on nAngles: see pieces
    "PROP;": TraitSpec("DynamicProperty", ";", _f("name constraints:l keyCommands:l description"), "", _f("value")),
    "calcProp;": TraitSpec("CalculatedProperty", ";", _f("name expression description")),
    "macro;": TraitSpec("TriggerAction", ";", _f(
        "name menuCommand key:k propertyMatch watchKeys:l actionKeys:l loop:b preLoopKey:k postLoopKey:k loopType "
        "whileExpr untilExpr loopCount index:b indexProperty indexStart indexStep")),
    "globalkey;": TraitSpec("CounterGlobalKeyCommand", ";", _f(
        "commandName key:k globalKey:k propertiesFilter restrictRange:b range:i reportSingle:b fixedRange:b "
        "rangeProperty description selectFromDeck target suppressSounds:b parameters")),
    "footprint;": TraitSpec("Footprint", ";", _f(
        "trailKey:k menuCommand initiallyVisible:b globallyVisible:b circleRadius:i fillColor lineColor "
        "selectedTransparency:i unselectedTransparency:i edgePointBuffer:i edgeDisplayBuffer:i lineWidth:d "
        "trailKeyOn:k trailKeyOff:k trailKeyClear:k description ignoreSameLocation:b"), ";", ()),
    "hideCmd;": TraitSpec("RestrictCommands", ";", _f("name action propertyMatch watchKeys:l")),
    "hide;": TraitSpec("Hideable", ";", _f(
        "hideKey:k command bgColor access transparency:d description disableAutoReportMove:b"), "", _f("hiddenBy")),
    "return;": TraitSpec("ReturnToDeck", ";", _f(
        "returnCommand returnKey:k deckId selectDeckPrompt description version:i deckSelect:b deckExpression")),
    "markmoved;": TraitSpec("MovementMarkable", ";", _f(
        "movedIcon xOffset:i yOffset:i command key:k description ignoreSameLocation:b commandTrue keyTrue:k "
        "commandFalse keyFalse:k"), "", _f("moved:b")),
    "restrict;": TraitSpec("Restricted", ";", _f("sides:l restrictByPlayer:b restrictMovement:b description"),
                           "", _f("owner")),
    "placemark;": TraitSpec("PlaceMarker", ";", _PLACE),
    "replace;": TraitSpec("Replace", ";", _PLACE),
    "setprop;": TraitSpec("SetGlobalProperty", ";", _f(
        "name constraints:l keyCommands:l description propertyLevel searchName")),
    "setpieceprop;": TraitSpec("SetPieceProperty", ";", _f(
        "name constraints:l keyCommands:l description target propertiesFilter restrictRange:b range:i "
        "fixedRange:b rangeProperty selectFromDeck overrideConstraints:b")),
    "translate;": TraitSpec("Translate", ";", _f(
        "commandName key:k xDistance yDistance moveStack:b xIndex yIndex xOffset yOffset description")),
    "nonRect;": TraitSpec("NonRectangular", ";", _f("shape")),
    "nonRect2;": TraitSpec("NonRectangular", ";", _f("scale:d shape")),
    "submenu;": TraitSpec("SubMenu", ";", _f("name commands:l description")),
    "menuSeparator;": TraitSpec("MenuSeparator", ";", _f("description key:k")),
    "cmt;": TraitSpec("Comment", ";", _f("comment")),
    "button;": TraitSpec("ActionButton", ";", _f(
        "key:k x:i y:i width:i height:i description launchPopupMenu:b useWholeShape:b version:i nPoints:i")),
    "AreaOfEffect;": TraitSpec("AreaOfEffect", ";", _f(
        "color transparency:i radius:i alwaysActive:b activateCommand activateKey:k mapShaderName fixedRadius:b "
        "radiusMarker description name onMenuText onKey:k offMenuText offKey:k globallyVisible:b")),
    "pivot;": TraitSpec("Pivot", ";", _f(
        "command key:k pivotX:i pivotY:i fixedAngle:b angle:d description")),
    "table;": TraitSpec("TableInfo", ";", _f("rows:i columns:i command key:k description")),
    "propertysheet;": TraitSpec("PropertySheet", ";", _f(
        "definition menuName launchKey commitStyle:i red green blue launchKeyStroke:k description")),
    "playSound;": TraitSpec("PlaySound", ";", _f("clip menuText key:k sendToOthers:b description noSuppress:b")),
    "globalhotkey;": TraitSpec("GlobalHotKey", ";", _f("commandName commandKey:k globalHotKey:k description")),
    "deselect;": TraitSpec("Deselect", ";", _f("commandName key:k description unstack:b deselectType")),
    "mat;": TraitSpec("Mat", ";", _f("name description")),
    "matPiece;": TraitSpec("MatCargo", ";", _f(
        "description maintainRelativeFacing:b detectionDistanceX:i detectionDistanceY:i matFindKey:k "
        "matDetachKey:k")),
    "basicName;": TraitSpec("BasicName", ";", _f("name")),
    "border;": TraitSpec("BorderOutline", ";", _f("propertyName propertyName2 thickness:i color description mode")),
    "attach;": TraitSpec("Attachment", ";", _f(
        "name description attachCommand attachKey:k clearAllCommand clearAllKey:k propertiesFilter "
        "restrictRange:b range:i fixedRange:b rangeProperty selectFromDeck target clearMatchingCommand "
        "clearMatchingKey:k clearMatchingFilter onAttach onDetach beforeAttach allowSelfAttach:b autoAttach:b")),
    "locCommand;": TraitSpec("MultiLocationCommand", ";", _f(
        "description locationType propertiesFilter menuText key:k currentMapOnly:b menuSort ascending:b "
        "numeric:b")),
    "locmsg;": TraitSpec("TranslatableMessage", ";", _f("name description message")),
})

ROTATE_FIXED = _f("nAngles:i rotateCWKey:k rotateCCWKey:k rotateCWText rotateCCWText")
ROTATE_FREE = _f("nAngles:i setAngleKey:k setAngleText")
ROTATE_TAIL = _f("rndKey:k rndText name description directKey:k directText directExpression directTypeFacing:b")


def prefix_of(type_text: str) -> str:
    """``BasicCommandEncoder.typePrefix``: the text up to and including the first ``;`` (the whole text if none)."""
    i = type_text.find(";")
    return type_text if i < 0 else type_text[:i + 1]
