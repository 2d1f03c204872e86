"""The board of tracks and boxes (2.2): the Game Turn track with each turn's date, weather, Blitz!/Shock! counts,
sudden-death skulls and events (4.0, 13.0), the VP track with the sudden-death boxes (12.4), and the holding boxes
(Rail Movement, Destroyed, Surrendered, Shattered, Cadre, Removed, Unused). Drawn on the rectangles of
:func:`art.boards.boards`, so module zones and drawn boxes coincide.
"""

from __future__ import annotations

from collections import defaultdict

from PIL import Image, ImageDraw

from games import Game
from games.model import Turn

from .boards import BoardGeometry, Rect, is_turn_track
from .canvas import Label, TextOverflow, draw_labels, fit_text
from .counters import contrast_ink
from .style import RGB, Style, parse_colour, style_of

Draw = ImageDraw.ImageDraw


def _side_colour(game: Game, side: str | None, default: RGB) -> RGB:
    return parse_colour(game.sides[side].colour, f"sides.{side}.colour") if side in game.sides else default


def skull(d: Draw, cx: float, cy: float, r: float, ink: RGB, paper: RGB) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r * 0.7), fill=ink)
    d.rectangle((cx - r * 0.55, cy + r * 0.3, cx + r * 0.55, cy + r * 1.0), fill=ink)
    for ex in (-0.42, 0.42):
        d.ellipse((cx + r * ex - r * 0.28, cy - r * 0.2, cx + r * ex + r * 0.28, cy + r * 0.32), fill=paper)
    for tx in (-0.25, 0.0, 0.25):
        d.line([(cx + r * tx, cy + r * 0.62), (cx + r * tx, cy + r * 1.0)], fill=paper, width=max(1, round(r * 0.1)))


def _marker_label(game: Game, icon: str, default: str) -> str:
    for m in game.all_markers:
        for f in (m.front, m.back):
            if f.icon == icon:
                return f.label
    return default


SKULL = 0.05  # sudden-death skull radius, in turn-space heights


def turn_space_labels(game: Game, style: Style, turn: Turn, r: Rect) -> tuple[list[Label], tuple[float, float]]:
    """The labels of a Game Turn space, and where its sudden-death skull goes (just right of the turn number)."""
    w, h = r.width, r.height
    ink = style.colour("board.ink")
    weather = game.weather.get(turn.weather)
    wcol = parse_colour(weather.colour, f"weather.{weather.id}.colour") if weather else style.colour("board.box")
    what = f"turn track space {turn.number}"
    labels: list[Label] = []
    # the date stays clear of the variable-weather corner
    band = (r.x0 + w * 0.05, r.y0 + h * 0.03, r.x1 - w * (0.27 if turn.variable else 0.05), r.y0 + h * 0.17)
    labels += fit_text(style, turn.date, band, "condensed", h * 0.11, h * 0.05, fill=contrast_ink(wcol),
                       what=f"{what} date")
    number = fit_text(style, str(turn.number), (r.x0 + w * 0.06, r.y0 + h * 0.2, r.x0 + w * 0.4, r.y0 + h * 0.46),
                      "bold", h * 0.22, h * 0.1, align="left", fill=ink, what=f"{what} number")
    labels += number
    nb = number[0].bbox
    skull_at = (nb[2] + h * SKULL * 1.6, (nb[1] + nb[3]) / 2)
    counts_left = skull_at[0] + h * SKULL * 1.3 if turn.skull else nb[2] + w * 0.04
    if weather:
        name = weather.name + (f" / {game.weather[turn.variable].name}" if turn.variable else "")
        labels += fit_text(style, name, (r.x0 + w * 0.06, r.y0 + h * 0.47, r.x1 - w * 0.06, r.y0 + h * 0.57),
                           "condensed", h * 0.07, h * 0.045, align="left", fill=ink, what=f"{what} weather")
    counts = []
    blitz, shock = _marker_label(game, "blitz", "Blitz"), _marker_label(game, "shock", "Shock")
    sides = list(game.sides)
    if turn.blitz:
        counts.append((f"{blitz} {turn.blitz}", _side_colour(game, sides[0], ink)))
    if turn.shock:
        counts.append((f"{shock} {turn.shock}", _side_colour(game, sides[-1], ink)))
    for i, (text, colour) in enumerate(counts):
        y = r.y0 + h * (0.2 + 0.13 * i)
        labels += fit_text(style, text, (counts_left, y, r.x1 - w * 0.05, y + h * 0.12), "condensed", h * 0.08,
                           h * 0.045, align="right", fill=colour, what=f"{what} combat support")
    top, bottom = r.y0 + h * 0.59, r.y1 - h * 0.03
    band = turn_band(style, turn, r)
    if band:  # a coloured band along the bottom with a number in it (e.g. the season and the benchmark, 24.2)
        box, colour, value = band
        bottom = box[1] - h * 0.02
        if value:
            labels += fit_text(style, value, box, "bold", (box[3] - box[1]) * 0.62, h * 0.05, fill=contrast_ink(colour),
                               what=f"{what} band")
    for i, text in enumerate(turn_lines(style, turn)[:2]):  # right of the number, where counts would go
        y = r.y0 + h * (0.2 + 0.13 * (i + len(counts)))
        labels += fit_text(style, text, (counts_left, y, r.x1 - w * 0.05, y + h * 0.12), "condensed", h * 0.08,
                           h * 0.04, align="right", fill=ink, what=f"{what} line")
    if not weather:
        top = r.y0 + h * 0.49
    red = [e.text for e in turn.events if e.red]
    other = [e.text for e in turn.events if not e.red]
    total = sum(len(t) for t in red + other) or 1
    y = top
    for texts, colour in ((red, style.colour("board.red_event")), (other, ink)):
        if not texts:
            continue
        share = (bottom - top) * max(0.3, sum(len(t) for t in texts) / total)
        panel = (r.x0 + w * 0.05, y, r.x1 - w * 0.05, min(bottom, y + share))
        labels += fit_text(style, "; ".join(texts), panel, "condensed", h * 0.075, h * 0.045, wrap=True,
                           valign="top", fill=colour, line_gap=0.0, what=f"{what} events")
        y = panel[3]
    return labels, skull_at


def turn_band(style: Style, turn: Turn, r: Rect) -> tuple[tuple[float, float, float, float], RGB, str] | None:
    """The band along the bottom of a turn space (style ``board.turn_band``: a turn column whose value picks the
    colour in ``board.turn_band_colours``; ``board.turn_band_value``: a turn column printed in it as
    ``board.turn_band_format`` says), or None."""
    column = str(style.get("board.turn_band", ""))
    if not column or column not in turn.extra:
        return None
    colours = style.table("board.turn_band_colours")
    value = str(turn.extra[column])
    colour = parse_colour(colours[value], f"board.turn_band_colours.{value}") if value in colours else \
        style.colour("board.box")
    shown = str(style.get("board.turn_band_value", ""))
    text = ""
    if shown and shown in turn.extra:  # board.turn_band_format: {value} the number, {band} the band's value
        from .charts import word

        text = str(style.get("board.turn_band_format", "{value}")).replace("{value}", str(turn.extra[shown])) \
            .replace("{band}", word(style, value))
    h = r.height
    return (r.x0 + 2, r.y1 - h * 0.17, r.x1 - 2, r.y1 - 2), colour, text


def turn_lines(style: Style, turn: Turn) -> list[str]:
    """The lines of turn columns printed in a turn space (style ``board.turn_lines``: each a ``label`` and the
    ``columns`` it sums up with their ``tags``; a column with no value or 0 is left out)."""
    out = []
    for group in style.get("board.turn_lines", ()):
        columns, tags = group.get("columns", ()), group.get("tags", ())
        parts = [f"{tag}{turn.extra[c]}" for c, tag in zip(columns, tags) if turn.extra.get(c)]
        if parts:
            out.append(f"{group.get('label', '')} {' '.join(parts)}".strip())
    return out


def render_tracks_board(game: Game, geo: BoardGeometry, style: Style | None = None) -> Image.Image:
    """The tracks-and-boxes board drawn on ``geo`` (the second board of :func:`art.boards.boards`)."""
    style = style or style_of(game)
    img = Image.new("RGB", geo.size, style.colour("board.paper"))
    d = ImageDraw.Draw(img)
    ink = style.colour("board.ink")
    unit = geo.size[0] / 27.0
    labels: list[Label] = []
    first = min((b.y0 for b in geo.boxes.values()), default=unit * 2)
    title_bottom = min(unit * 0.95, first / 1.55 * 1.1 - 2)  # above the first track's heading (art.boards spacing)
    labels += fit_text(style, f"{game.title}: Tracks and Boxes", (unit * 0.5, unit * 0.15, geo.size[0] - unit * 0.5,
                                                                   title_bottom),
                       "serif", unit * 0.55, unit * 0.2, fill=ink, what="board title")
    lw = max(1, round(unit * 0.02))
    sd_marks: dict[int, list[tuple[str, RGB]]] = defaultdict(list)
    for t in game.turns.values():
        for side, vp in t.sudden_death.items():
            sd_marks[vp].append((f"T{t.number}", _side_colour(game, side, ink)))
    for bid, box in game.map.boxes.items():
        if bid not in geo.boxes:
            continue
        outer = geo.boxes[bid]
        if box.kind == "track":
            labels += fit_text(style, box.name, (outer.x0, outer.y0 - unit * 0.45, outer.x1, outer.y0 - unit * 0.05),
                               "serif", unit * 0.3, unit * 0.15, align="left", fill=ink, what=f"{bid} heading")
            for space in box.spaces:
                r = geo.boxes[f"{bid}:{space}"]
                d.rectangle((r.x0, r.y0, r.x1, r.y1), fill=style.colour("board.box"), outline=ink, width=lw)
                if is_turn_track(game, box):
                    turn = game.turns[int(space)]
                    if turn.weather:
                        wcol = parse_colour(game.weather[turn.weather].colour)
                        d.rectangle((r.x0 + lw, r.y0 + lw, r.x1 - lw, r.y0 + r.height * 0.19), fill=wcol)
                    band = turn_band(style, turn, r)
                    if band:
                        d.rectangle(band[0], fill=band[1])
                    if turn.variable:
                        vcol = parse_colour(game.weather[turn.variable].colour)
                        d.polygon([(r.x1 - lw, r.y0 + lw), (r.x1 - lw, r.y0 + r.height * 0.19),
                                   (r.x1 - r.width * 0.25, r.y0 + r.height * 0.19)], fill=vcol)
                    space_labels, skull_at = turn_space_labels(game, style, turn, r)
                    if turn.skull:
                        skull(d, *skull_at, r.height * SKULL, ink, style.colour("board.box"))
                    labels += space_labels
                elif space in game.weather:  # a weather track: the weather's name on its colour
                    wcol = parse_colour(game.weather[space].colour)
                    d.rectangle((r.x0 + lw, r.y0 + lw, r.x1 - lw, r.y0 + r.height * 0.45), fill=wcol)
                    labels += fit_text(style, game.weather[space].name, (r.x0, r.y0 + r.height * 0.05, r.x1,
                                                                         r.y0 + r.height * 0.4),
                                       "bold", r.height * 0.3, r.height * 0.15, fill=contrast_ink(wcol),
                                       what=f"{bid} space {space}")
                else:
                    labels += fit_text(style, space, (r.x0, r.y0 + r.height * 0.05, r.x1, r.y0 + r.height * 0.4),
                                       "bold", r.height * 0.3, r.height * 0.15, fill=ink, what=f"{bid} space {space}")
                    marks = list(sd_marks.get(int(space), [])) if space.isdecimal() else []
                    for i, (text, colour) in enumerate(marks):
                        step = min(0.24, 0.5 / len(marks))  # two marks fit at full size
                        y = r.y0 + r.height * (0.44 + step * i)
                        skull(d, r.x0 + r.width * 0.22, y + r.height * step * 0.42, r.height * step * 0.33, colour,
                              style.colour("board.box"))
                        labels += fit_text(style, text, (r.x0 + r.width * 0.36, y, r.x1 - r.width * 0.05,
                                                         y + r.height * step * 0.92),
                                           "condensed", r.height * step * 0.85, r.height * 0.08, align="left",
                                           fill=colour, what=f"{bid} space {space} sudden death")
        else:
            head = _side_colour(game, box.side, ink)
            d.rounded_rectangle((outer.x0, outer.y0, outer.x1, outer.y1), radius=unit * 0.12,
                                fill=style.colour("board.box"), outline=head, width=lw * 3)
            band = (outer.x0, outer.y0, outer.x1, outer.y0 + unit * 0.42)
            d.rounded_rectangle(band, radius=unit * 0.12, fill=head)
            name = box.name + (f" (max {box.capacity})" if box.capacity else "")
            panel = (band[0] + unit * 0.15, band[1], band[2] - unit * 0.15, band[3])
            try:
                labels += fit_text(style, name, panel, "condensed", unit * 0.24, unit * 0.12, fill=contrast_ink(head),
                                   what=f"{bid} title")
            except TextOverflow:  # a long name in a narrow box: on two lines
                labels += fit_text(style, name, panel, "condensed", unit * 0.24, unit * 0.1, wrap=True, line_gap=-0.05,
                                   fill=contrast_ink(head), what=f"{bid} title")
    draw_labels(d, style, labels)
    return img
