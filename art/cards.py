"""Event cards (5.0): poker size (63.5 x 88.9 mm), one half per side with its heading, title, initiative symbol
(5.3.3), "play immediately" flag, and the event text word-wrapped and shrunk to fit (with a floor: text that
still does not fit is a :class:`~art.canvas.TextOverflow` build error); the card number, the card's mark (its
text and look from style ``cards.marks.<mark>``: a barred or circled label, e.g. No Retreat!'s "45") and a
card back.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games import Game
from games.model import Card, CardEvent

from .canvas import Box, Label, downsample, draw_labels, fit_text, supersample
from .counters import contrast_ink, emblem
from .style import Style, parse_colour, style_of

CARD_MM = (63.5, 88.9)


def card_size(dpi: float) -> tuple[int, int]:
    """Pixel size of a poker card at ``dpi``."""
    return round(CARD_MM[0] / 25.4 * dpi), round(CARD_MM[1] / 25.4 * dpi)


@dataclass(frozen=True)
class HalfLayout:
    side: str
    band: Box
    body: Box
    emblem_box: Box | None
    flag_box: Box | None
    labels: tuple[Label, ...]


@dataclass(frozen=True)
class CardLayout:
    size: tuple[int, int]
    halves: tuple[HalfLayout, ...]
    number_box: Box
    mark_box: Box
    labels: tuple[Label, ...]  # every label on the card, for the fit test


def _half(game: Game, style: Style, card: Card, ev: CardEvent, top: float, bottom: float, w: float) -> HalfLayout:
    m = w * 0.05
    ink = style.colour("cards.ink")
    head = parse_colour(game.sides[ev.side].colour, f"sides.{ev.side}.colour")
    band = (m, top, w - m, top + w * 0.11)
    what = f"card {card.id} ({ev.side})"
    labels = list(fit_text(style, game.sides[ev.side].name.upper(), (band[0] + m * 0.5, band[1], band[2] - w * 0.16,
                                                                      band[3]),
                           "bold", w * 0.075, w * 0.04, align="left", fill=contrast_ink(head), what=f"{what} heading"))
    emblem_box = None
    if ev.initiative:
        e = (band[3] - band[1]) * 0.86
        cy = (band[1] + band[3]) / 2
        emblem_box = (band[2] - m * 0.4 - e, cy - e / 2, band[2] - m * 0.4, cy + e / 2)
    title_panel = (m * 1.2, band[3] + w * 0.015, w - m * 1.2, band[3] + w * 0.1)
    labels += fit_text(style, ev.title, title_panel, "serif", w * 0.07, w * 0.04, fill=ink, what=f"{what} title")
    flag_box = None
    text_bottom = bottom - m * 0.6
    if ev.play_immediately:
        flag_box = (m * 1.5, bottom - w * 0.085, w - m * 1.5, bottom - w * 0.015)
        labels += fit_text(style, "PLAY IMMEDIATELY", flag_box, "bold", w * 0.05, w * 0.03,
                           fill=(255, 255, 255), what=f"{what} flag")
        text_bottom = flag_box[1] - w * 0.01
    body = (m * 1.4, title_panel[3] + w * 0.015, w - m * 1.4, text_bottom)
    text = f"{ev.timing}: {ev.text}" if ev.timing else ev.text
    text = text[:1].upper() + text[1:]  # paraphrases start mid-sentence ("any time, ..."): print a sentence
    labels += fit_text(style, text, body, "regular", w * style.num("cards.text_max"), w * style.num("cards.text_min"),
                       wrap=True, valign="top", align="left", fill=ink, line_gap=0.08, what=f"{what} event text")
    return HalfLayout(ev.side, band, body, emblem_box, flag_box, tuple(labels))


def card_layout(game: Game, card_id: str, work_dpi: float, style: Style | None = None) -> CardLayout:
    style = style or style_of(game)
    card = game.cards[card_id]
    w, h = card_size(work_dpi)
    sides = list(game.sides)
    mid = h / 2
    halves = []
    gap = w * 0.06
    for i, side in enumerate(sides[:2]):
        if side not in card.events:
            continue
        top, bottom = (w * 0.045, mid - gap) if i == 0 else (mid + gap, h - w * 0.045)
        halves.append(_half(game, style, card, card.events[side], top, bottom, w))
    r = gap * 0.95
    number_box = (w * 0.08, mid - r, w * 0.08 + 2 * r, mid + r)
    mark_box = (w - w * 0.08 - 2.4 * r, mid - r, w - w * 0.08, mid + r)
    labels = [lb for hl in halves for lb in hl.labels]
    num = "J" if card.joker else str(card.number)
    labels += fit_text(style, num, number_box, "bold", r * 1.1, r * 0.6, fill=(255, 255, 255),
                       what=f"card {card_id} number")
    if card.mark_1945:
        labels += fit_text(style, str(mark_look(style, card.mark_1945).get("text", "")), mark_box, "bold", r * 1.2,
                           r * 0.6, fill=style.colour("cards.ink"), what=f"card {card_id} mark")
    return CardLayout((w, h), tuple(halves), number_box, mark_box, tuple(labels))


def mark_look(style: Style, mark: str):
    """The style of a card mark (``cards.marks.<mark>``: text, colour, look "barred" or "circled")."""
    look = style.table(f"cards.marks.{mark}")
    if not look:
        from games import DataError

        raise DataError("style.toml", f"no look for the card mark '{mark}' (add [cards.marks.{mark}])",
                        key="cards.marks")
    return look


def _frame(d: ImageDraw.ImageDraw, style: Style, w: int, h: int, fill: tuple[int, int, int]) -> None:
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=w * 0.05, fill=fill, outline=style.colour("cards.border"),
                        width=max(1, round(w * 0.008)))


def render_card(game: Game, card_id: str, dpi: float, style: Style | None = None) -> Image.Image:
    """The face of a card at ``dpi`` (RGB, poker size)."""
    style = style or style_of(game)
    size = card_size(dpi)
    k = supersample(size[0], 600)
    lay = card_layout(game, card_id, dpi * k, style)
    w, h = lay.size
    img = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(img)
    _frame(d, style, w, h, style.colour("cards.paper"))
    card = game.cards[card_id]
    for hl in lay.halves:
        colour = parse_colour(game.sides[hl.side].colour, f"sides.{hl.side}.colour")
        d.rounded_rectangle(hl.band, radius=w * 0.02, fill=colour)
        ev = card.events[hl.side]
        if hl.emblem_box and ev.initiative:
            emblem(d, game, style, ev.initiative, hl.emblem_box)
        if hl.flag_box:
            fb = hl.flag_box
            notch = (fb[3] - fb[1]) / 2
            d.polygon([(fb[0] - notch, fb[1]), (fb[2] + notch, fb[1]), (fb[2], fb[1] + notch), (fb[2] + notch, fb[3]),
                       (fb[0] - notch, fb[3]), (fb[0], fb[1] + notch)], fill=style.colour("cards.immediate"))
    mid = h / 2
    d.line([(w * 0.3, mid), (w * 0.62, mid)], fill=style.colour("cards.border"), width=max(1, round(w * 0.006)))
    d.ellipse(lay.number_box, fill=style.colour("cards.border"))
    mark = mark_look(style, card.mark_1945) if card.mark_1945 else {}
    mb = lay.mark_box
    if mark.get("look") == "circled":
        d.ellipse(mb, outline=parse_colour(str(mark.get("colour")), "cards.marks.*.colour"),
                  width=max(1, round(w * 0.012)))
    draw_labels(d, style, lay.labels)
    if mark.get("look") == "barred":
        cy = (mb[1] + mb[3]) / 2
        d.line([(mb[0], cy), (mb[2], cy)], fill=parse_colour(str(mark.get("colour")), "cards.marks.*.colour"),
               width=max(1, round(w * 0.018)))
    return downsample(img, card_size(dpi))


def render_card_back(game: Game, dpi: float, style: Style | None = None) -> Image.Image:
    """The common back of the event cards."""
    style = style or style_of(game)
    size = card_size(dpi)
    k = supersample(size[0], 600)
    w, h = card_size(dpi * k)
    img = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(img)
    _frame(d, style, w, h, style.colour("cards.back"))
    ink = style.colour("cards.back_ink")
    m = w * 0.07
    d.rounded_rectangle((m, m, w - m, h - m), radius=w * 0.04, outline=ink, width=max(1, round(w * 0.01)))
    d.rounded_rectangle((m * 1.3, m * 1.3, w - m * 1.3, h - m * 1.3), radius=w * 0.03, outline=ink,
                        width=max(1, round(w * 0.004)))
    sides = list(game.sides)[:2]
    e = w * 0.26
    for i, side in enumerate(sides):
        cx = w / 2 + (i - (len(sides) - 1) / 2) * e * 1.2
        emblem(d, game, style, side, (cx - e / 2, h * 0.58, cx + e / 2, h * 0.58 + e))
    labels = fit_text(style, game.title, (m * 2, h * 0.18, w - m * 2, h * 0.48), "serif", w * 0.11, w * 0.05,
                      wrap=True, fill=ink, what="card back title")
    back_label = str(style.get("cards.back_label", ""))
    if back_label:
        labels += fit_text(style, back_label, (m * 2, h * 0.8, w - m * 2, h * 0.88), "bold", w * 0.06, w * 0.03,
                           fill=ink, what="card back")
    draw_labels(d, style, labels)
    return downsample(img, size)
