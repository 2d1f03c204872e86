"""Card sheets (5.0): nine poker cards (63.5 x 88.9 mm) per page touching in a 3 x 3 block with crop marks, the
common back behind each card on the next page (or across the fold) by the same flip as the counters."""

from __future__ import annotations

from games import Game

from ..cards import CARD_MM, render_card, render_card_back
from ..style import Style, style_of
from .imposition import SheetLayout, impose
from .marks import crop_marks
from .paper import Options
from .pdf import new_document, to_bytes
from .sheets import Art, draw_sheets


def card_layout(game: Game, options: Options) -> SheetLayout:
    return impose([[f"card/{cid}" for cid in game.cards]], CARD_MM, CARD_MM, options, options.card_margin_mm)


def card_sheets(game: Game, options: Options, style: Style | None = None) -> bytes:
    """The card sheets as a PDF."""
    style = style or style_of(game)
    back = Art(render_card_back(game, options.dpi, style))
    arts = {}
    for cid in game.cards:
        arts[(f"card/{cid}", "front")] = Art(render_card(game, cid, options.dpi, style))
        arts[(f"card/{cid}", "back")] = back
    title = f"{game.title} · cards"
    pdf = new_document(title)
    draw_sheets(pdf, card_layout(game, options), arts, options, title, crop_marks)
    return to_bytes(pdf)
