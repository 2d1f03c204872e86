"""Player-aid charts as images: the Combat Results Tables (10.7), the Terrain Effects Chart (8.0, 10.6), the
weather effects and the Game Turn track summary (4.0, 13.0). Every cell comes from the game data.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games import Game

from .canvas import Box, Label, draw_labels, fit_text, font, wrap
from .counters import contrast_ink
from .style import RGB, Style, parse_colour, style_of


@dataclass(frozen=True)
class Table:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    fills: tuple[tuple[RGB | None, ...], ...] = ()  # per cell background, or None
    wide: tuple[int, ...] = ()  # columns whose text wraps (notes)
    legend: tuple[tuple[str, str, RGB | None], ...] = ()  # (code, meaning, colour) printed under the table


def _yes(b: bool) -> str:
    return "yes" if b else "-"


def _mp(v: int | None) -> str:
    return "P" if v == -1 else ("-" if v is None else str(v))


def crt_table(game: Game, crt_id: str, style: Style) -> Table:
    """A Combat Results Table (10.7) with the meaning of each result it can give printed under it."""
    crt = game.crts[crt_id]
    results = style.get("charts.results", {})

    def fill(r: str) -> RGB | None:
        return parse_colour(results[r], f"charts.results.{r}") if r in results else None

    fills = []
    rows = []
    for die in sorted(crt.rows):
        row = crt.rows[die]
        rows.append((str(die), *row))
        fills.append((None, *(fill(r) for r in row)))
    shown = {r for row in crt.rows.values() for r in row}
    legend = tuple((r, text, fill(r)) for r, text in crt.legend.items() if r in shown)
    return Table(crt.name, ("Die", *crt.columns), tuple(rows), tuple(fills), legend=legend)


def tec_table(game: Game, style: Style) -> Table:
    rows = []
    fills = []
    for t in game.tec.values():
        rows.append((t.name, _mp(t.mp_armor), _mp(t.mp_other), _yes(t.armor_bonus),
                     str(t.defense_shift) if t.defense_shift else "-", _yes(t.stops_advance), t.notes))
        colour = style.terrain(t.id)["colour"] if t.id in style.get("terrain") else None
        fills.append((parse_colour(colour) if colour else None, None, None, None, None, None, None))
    return Table("Terrain Effects Chart", ("Terrain", "MP armor", "MP other", "Armor bonus", "Shift left",
                                           "Stops advance", "Notes"), tuple(rows), tuple(fills), wide=(6,))


def weather_table(game: Game, style: Style) -> Table:
    rows = []
    fills = []
    for w in game.weather.values():
        rows.append((w.name, str(w.ma_cap) if w.ma_cap else "-", _yes(w.armor_bonus), _yes(w.multi_hex_advance),
                     _yes(w.armor_third_hex), _yes(w.river_shift), str(w.axis_attack_shift) if w.axis_attack_shift
                     else "-", game.crts[w.axis_crt].name if w.axis_crt in game.crts else "-"))
        fills.append((parse_colour(w.colour), *([None] * 7)))
    sides = list(game.sides)
    return Table("Weather Effects", ("Weather", "MA cap", "Armor bonus", "Multi-hex advance", "Armor 3rd hex",
                                     "River shift", f"{game.sides[sides[0]].name} attack shift",
                                     f"{game.sides[sides[0]].name} uses"), tuple(rows), tuple(fills))


def turn_table(game: Game, style: Style) -> Table:
    rows = []
    fills = []
    for t in game.turns.values():
        if t.weather not in game.weather:  # a game without weather (issue 21 item 1)
            weather, fill = "-", None
        else:
            weather = game.weather[t.weather].name + (f" / {game.weather[t.variable].name}" if t.variable else "")
            fill = parse_colour(game.weather[t.weather].colour)
        sd = ", ".join(f"{game.sides[s].name} {v}" for s, v in t.sudden_death.items()) or "-"
        rows.append((str(t.number), t.date, weather, str(t.blitz or "-"), str(t.shock or "-"), sd,
                     "; ".join(e.text for e in t.events)))
        fills.append((None, None, fill, None, None, None, None))
    return Table("Game Turn Track", ("Turn", "Date", "Weather", "Blitz!", "Shock!", "Sudden death", "Events"),
                 tuple(rows), tuple(fills), wide=(6,))


def chart_tables(game: Game, style: Style | None = None) -> dict[str, Table]:
    """Every chart by image name: ``crt_<id>``, ``tec``, ``weather``, ``turn_track``."""
    style = style or style_of(game)
    out = {f"crt_{cid}": crt_table(game, cid, style) for cid in game.crts}
    out["tec"] = tec_table(game, style)
    if game.weather:
        out["weather"] = weather_table(game, style)
    out["turn_track"] = turn_table(game, style)
    return out


@dataclass(frozen=True)
class ChartLayout:
    size: tuple[int, int]
    origin: tuple[float, float]  # top-left corner of the table
    widths: tuple[float, ...]  # column widths
    heights: tuple[float, ...]  # row heights, the header row first
    swatches: tuple[tuple[Box, RGB | None], ...]  # legend code cells and their colours
    labels: tuple[Label, ...]


def table_layout(style: Style, table: Table, cell: float) -> ChartLayout:
    """Column widths, row heights, the legend under the table and every label of a table drawn with
    ``cell``-pixel rows."""
    px = cell * 0.34
    f = font(style, "regular", px)
    hf = font(style, "bold", px)
    pad = cell * 0.18
    widths = []
    for c, head in enumerate(table.header):
        texts = [r[c] for r in table.rows]
        natural = max([hf.getlength(w) for w in head.split()] + [f.getlength(t) for t in texts]) + 2 * pad
        widths.append(min(natural, cell * 9) if c in table.wide else natural)
    heights = [cell * 1.1] + [cell * 0.62] * len(table.rows)
    for i, row in enumerate(table.rows):
        for c in table.wide:
            lines = len(wrap(row[c], f, widths[c] - 2 * pad) or [""])
            heights[i + 1] = max(heights[i + 1], cell * 0.2 + lines * px * 1.3)
    margin = cell * 0.4
    top = cell * 1.2
    width = margin * 2 + sum(widths)
    code_w = max([hf.getlength(code) for code, _, _ in table.legend] + [0]) + 2 * pad
    legend_rows = []
    y = top + sum(heights) + (cell * 0.35 if table.legend else 0)
    lpx = px * 0.85  # legend text
    lf = font(style, "regular", lpx)
    for code, meaning, colour in table.legend:
        lines = len(wrap(meaning, lf, width - 2 * margin - code_w - 3 * pad) or [""])
        h = max(cell * 0.5, cell * 0.1 + lines * lpx * 1.25)
        legend_rows.append(((margin, y, margin + code_w, y + cell * 0.5), (y, y + h), code, meaning, colour))
        y += h + cell * 0.1
    size = (int(width), int(y + margin))
    ink = style.colour("charts.ink")
    labels: list[Label] = list(fit_text(style, table.title, (margin, cell * 0.15, size[0] - margin, cell * 1.0),
                                        "serif", cell * 0.6, cell * 0.3, fill=ink, what=f"chart {table.title}"))
    y = top
    for r, h in enumerate(heights):
        x = margin
        cells = table.header if r == 0 else table.rows[r - 1]
        for c, text in enumerate(cells):
            panel = (x + pad * 0.5, y + cell * 0.06, x + widths[c] - pad * 0.5, y + h - cell * 0.06)
            if r == 0:
                colour = style.colour("charts.head_ink")
                role, wrapped = "bold", True
            else:
                fill = table.fills[r - 1][c] if table.fills else None
                colour = contrast_ink(fill) if fill else ink
                role, wrapped = "regular", c in table.wide
            if text:
                labels += fit_text(style, text, panel, role, px, px * 0.6, wrap=wrapped, line_gap=0.05, fill=colour,
                                   align="left" if c in table.wide else "centre", what=f"{table.title} cell")
            x += widths[c]
        y += h
    for box, (y0, y1), code, meaning, colour in legend_rows:
        labels += fit_text(style, code, box, "bold", px, px * 0.6, fill=contrast_ink(colour) if colour else ink,
                           what=f"{table.title} legend")
        labels += fit_text(style, meaning, (box[2] + pad, y0, size[0] - margin, y1), "regular", lpx, lpx * 0.7,
                           wrap=True, line_gap=0.02, align="left", valign="top", fill=ink,
                           what=f"{table.title} legend")
    swatches = tuple((box, colour) for box, _, _, _, colour in legend_rows)
    return ChartLayout(size, (margin, top), tuple(widths), tuple(heights), swatches, tuple(labels))


def render_chart(game: Game, name: str, cell_px: float | None = None, style: Style | None = None) -> Image.Image:
    """Chart ``name`` (a key of :func:`chart_tables`) with rows ``cell_px`` high (default: style)."""
    style = style or style_of(game)
    table = chart_tables(game, style)[name]
    cell = cell_px or style.num("charts.cell_px")
    lay = table_layout(style, table, cell)
    img = Image.new("RGB", lay.size, style.colour("charts.paper"))
    d = ImageDraw.Draw(img)
    rule = style.colour("charts.rule")
    lw = max(1, round(cell * 0.02))
    y = lay.origin[1]
    for r, h in enumerate(lay.heights):
        x = lay.origin[0]
        for c, wd in enumerate(lay.widths):
            fill = style.colour("charts.head") if r == 0 else (table.fills[r - 1][c] if table.fills else None)
            d.rectangle((x, y, x + wd, y + h), fill=fill, outline=rule, width=lw)
            x += wd
        y += h
    for box, colour in lay.swatches:
        d.rectangle(box, fill=colour, outline=rule, width=lw)
    draw_labels(d, style, lay.labels)
    return img
