"""The event cards (5.0): card pieces, the four decks on the ``Cards`` map, and one private hand per side.

* **Draw Pile**: every card but the ones set aside and the joker, face down; VASSAL draws a random card each time
  (``shuffle="Always"``), so the pile is always shuffled.
* **Discard Pile**: face up; its menu reshuffles it into the Draw Pile (5.2).
* the **set-aside** pile (module.toml ``[cards.set_aside]``, No Retreat!'s *1945 Cards*): the cards ``cards.csv``
  marks ``add``, face up; its menu adds them to the Draw Pile. Only when there are such cards.
* the **joker** (module.toml ``[cards.joker]``): the card whose id is ``joker``, face up; "Turn over" rotates it to
  show the other side's half. Only when there is one.

A hand is a ``PlayerHand`` that only its side (and the Solitaire side) can open; its cards lie side by side
(``HandMetrics``). Drawing is dragging the top card of the Draw Pile into the hand (the hand reports it without
naming the card), or a toolbar command that sends the top cards of the Draw Pile into a side's hand (each card
answers its side's draw key with a send to the hand). A card drawn from the face-down pile is masked by the
player who drew it (VASSAL's Mask, ``player:``): the other side sees only its back. Playing or discarding is a card
menu command that names the card, drops the mask (a played card is seen by both sides; VASSAL itself would leave
the drawer's mask on it in the face-up Discard Pile) and sends it to the Discard Pile.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.model import Card
from games.vassal_codec import encode

from . import commands, names
from .context import Context
from .drawn import TABLE_IMAGE
from .traits import (BasicPiece, Key, Mask, Marker, Piece, Report, ReturnToDeck, Rotate, SendToPoint, Trait, Trigger,
                     add_piece, key_text)
from .maps import CARD_ZOOM, MOVE_TO_REPORT, board_picker, map_attributes, map_components, plain_board, report_formats
from .xmltree import BOARD, MAP, MODULE, WIDGET, element

BACK_IMAGE = "cards/back.png"
TABLE_COLOUR = (34, 85, 51)
HAND_COLOUR = "230,225,210"
SOLITAIRE = "Solitaire"  # the roster's extra side: one person playing every side sees every hand
MASKED = "{ObscuredToOthers==true}"  # a card its owner still masks
LABEL_STRIP = 2  # the card table's label strip, in deck gaps (a quarter card width each)


def card_image(card: Card) -> str:
    return f"cards/{card.id}.png"


def card_name(ctx: Context, card: Card) -> str:
    return ctx.settings.joker.name if card.joker else f"Card {card.number}"


def card_piece(ctx: Context, card: Card, gpid: str) -> Piece:
    identity = Marker(tuple(zip(names.CARD_PROPERTIES, (names.KIND_CARD, card.id, str(card.number)))))
    basic = BasicPiece(card_name(ctx, card), ctx.require(card_image(card)), gpid=gpid)
    if card.joker:
        joker = ctx.settings.joker
        turn = Rotate(2, commands.JOKER_TURN, "Turn over", names.JOKER_ROTATION, joker.faces)
        report = Report((commands.JOKER_TURN,), f"the {joker.name} is turned over", "Report: turn over")
        return Piece(basic, (identity, report, turn))
    traits: list[Trait] = [identity]
    for key in (*commands.PLAY_KEYS[:len(ctx.game.sides)], commands.DISCARD):
        traits.append(Trigger(key, (commands.UNMASK,), MASKED, "Unmask when played or discarded"))
    for i, side in enumerate(ctx.game.sides.values()):
        x, y = hand_point(ctx)
        traits.append(SendToPoint(commands.draw_key(i), names.hand_name(side.name), names.hand_name(side.name), x, y,
                                  description=f"Draw into the {side.name} hand"))
    for key, side in zip(commands.PLAY_KEYS, ctx.game.sides.values()):
        event = card.events[side.id]
        traits.append(Report((key,), f"{side.name} plays {card_name(ctx, card)}: {event.title}", f"Report: {side.id} play"))
        traits.append(ReturnToDeck(commands.play_menu(side.name), key, names.DISCARD_PILE, f"Play {side.id} event"))
    traits.append(Report((commands.DISCARD,), f"{card_name(ctx, card)} discarded", "Report: discard"))
    traits.append(ReturnToDeck("Discard", commands.DISCARD, names.DISCARD_PILE, "Discard"))
    traits.append(Mask(ctx.require(BACK_IMAGE), key=commands.UNMASK))
    return Piece(basic, tuple(traits))


# --- decks ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pile:
    """A ``DrawPile``: its attributes in the build file, and the matching ``Deck`` type string of a save."""

    name: str
    cards: tuple[Card, ...]
    x: int
    y: int
    width: int
    height: int
    face_down: str  # "Always" | "Never"
    shuffle: str  # "Always" | "Never"
    reshuffle_target: str = ""
    reshuffle_command: str = ""
    reshuffle_message: str = ""
    allow_select: bool = False
    reshuffle_key: Key | None = None

    def attributes(self) -> dict[str, object]:
        return {
            "name": self.name, "owningBoard": names.CARD_BOARD, "x": self.x, "y": self.y,
            "width": self.width, "height": self.height,
            "allowMultiple": False, "drawMultipleMessage": "Draw multiple cards",
            "allowSelect": self.allow_select, "drawSpecificMessage": "Draw specific cards",
            "selectDisplayProperty": "$BasicName$", "selectSortProperty": "",
            "faceDown": self.face_down, "faceUpMessage": "Face up", "faceDownMessage": "Face down",
            "drawFaceUp": False, "faceDownFormat": "",
            "shuffle": self.shuffle, "shuffleCommand": "Shuffle", "shuffleFormat": "", "shuffleHotkey": "",
            "reversible": False, "reverseCommand": "Reverse", "reverseFormat": "", "reverseHotkey": "",
            "draw": True, "color": "0,0,0", "hotkeyOnEmpty": False, "emptyHotkey": "",
            "reshufflable": bool(self.reshuffle_target), "reshuffleCommand": self.reshuffle_command,
            "reshuffleMessage": self.reshuffle_message, "reshuffleHotkey": key_text(self.reshuffle_key),
            "reshuffleTarget": self.reshuffle_target, "canSave": False, "maxStack": 10,
            "expressionCounting": False, "countExpressions": "", "restrictOption": False, "restrictExpression": "",
        }

    def deck_type(self) -> str:
        """``Deck.getType()`` of the deck this pile makes (what a save's AddPiece carries)."""
        fields: list[object] = [
            True, "0,0,0", str(self.width), str(self.height), self.face_down, self.shuffle,
            "false", str(self.allow_select).lower(), "false",
            self.reshuffle_command, self.reshuffle_target, self.reshuffle_message, self.name,
            "", "", "", False, False, key_text(None), key_text(self.reshuffle_key), "10", "", False, "", False,
            key_text(None),
            "$BasicName$", "", False, "", "Shuffle", "Reverse", key_text(None),
            "Draw multiple cards", "Draw specific cards", "Face up", "Face down",
        ]
        return "deck;" + encode(fields, ";")


def piles(ctx: Context) -> tuple[Pile, ...]:
    """The decks (draw and discard piles, the set-aside cards and the joker when the game has them), side by side
    on the card table, with their initial cards in card order; none for a game without cards (which has no card
    art either)."""
    if not ctx.game.cards:
        return ()
    w, h = ctx.size(BACK_IMAGE)
    gap = w // 4
    cards = sorted(ctx.game.cards.values(), key=lambda c: c.number)

    def at(i: int) -> tuple[int, int]:  # under the label strip
        return gap + i * (w + gap) + w // 2, LABEL_STRIP * gap + h // 2

    draw = tuple(c for c in cards if not c.joker and c.mark_1945 != "add")
    later = tuple(c for c in cards if c.mark_1945 == "add")
    joker = tuple(c for c in cards if c.joker)
    aside = ctx.settings.set_aside
    out = [(names.DRAW_PILE, draw, "Always", "Always", "", "", "", False, None),
           (names.DISCARD_PILE, (), "Never", "Never", names.DRAW_PILE, "Reshuffle into the Draw Pile",
            "Discards reshuffled into the Draw Pile", False, commands.RESHUFFLE)]
    if later:
        out.append((aside.name, later, "Never", "Never", names.DRAW_PILE, aside.command, aside.message, True, None))
    if joker:
        out.append((ctx.settings.joker.name, joker, "Never", "Never", "", "", "", False, None))
    return tuple(Pile(name, members, *at(i), w, h, face_down, shuffle, target, command, message, select, key)
                 for i, (name, members, face_down, shuffle, target, command, message, select, key)
                 in enumerate(out))


def table_size(ctx: Context) -> tuple[int, int]:
    """The card table: a label strip, the decks side by side under it."""
    w, h = ctx.size(BACK_IMAGE)
    gap = w // 4
    n = len(piles(ctx))
    return n * w + (n + 1) * gap, h + (LABEL_STRIP + 1) * gap


def table_labels(ctx: Context) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Each deck's name and the panel above the deck where the card table prints it."""
    w, h = ctx.size(BACK_IMAGE)
    gap = w // 4
    return [(p.name, (p.x - w // 2, gap // 4, p.x + w // 2, LABEL_STRIP * gap - gap // 4)) for p in piles(ctx)]


def hand_point(ctx: Context) -> tuple[int, int]:
    """Where a card sent into a hand lands: its first place on the left (the hand lays its cards out in a row)."""
    w, h = ctx.size(BACK_IMAGE)
    return w // 2 + w // 8, h // 2 + h // 4


# --- maps ---------------------------------------------------------------------------------------------------------


def card_map(ctx: Context, root, card_gpids: dict[str, str]) -> None:
    """The ``Cards`` map: a plain card table holding the four decks."""
    m = element(root, MODULE + "Map", map_attributes(
        names.CARD_MAP, "Cards", "Show the decks", True,
        report_formats("$pieceName$ moves $previousLocation$ &rarr; $location$ *", MOVE_TO_REPORT, "")))
    element(board_picker(m), BOARD + "Board", {"name": names.CARD_BOARD, "image": ctx.require(TABLE_IMAGE),
                                                "reversible": False})
    map_components(m, zoom=CARD_ZOOM)
    for pile in piles(ctx):
        dp = element(m, MAP + "DrawPile", pile.attributes())
        for card in pile.cards:
            w, h = ctx.size(card_image(card))
            element(dp, WIDGET + "CardSlot", {"entryName": card_name(ctx, card), "gpid": card_gpids[card.id],
                                              "width": w, "height": h},
                    add_piece(card_piece(ctx, card, card_gpids[card.id])))


def hands(ctx: Context, root) -> None:
    """One private hand per side: only that side, and the Solitaire side, can open it (5.1)."""
    w, h = ctx.size(BACK_IMAGE)
    for side in ctx.game.sides.values():
        hand = names.hand_name(side.name)
        attrs = map_attributes(hand, hand, f"The {side.name} player's cards", True, report_formats(
            "", f"{side.name} takes a card from $previousLocation$ into the hand *", ""))
        m = element(root, MODULE + "PlayerHand", {**attrs, "side": f"{side.name},{SOLITAIRE}", "visible": False})
        plain_board(board_picker(m), hand, 9 * w, h + h // 2, HAND_COLOUR)
        map_components(m, hand=True, zoom=CARD_ZOOM)
