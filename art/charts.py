"""Player-aid charts as images: the Combat Results Tables (10.7), the Terrain Effects Chart (8.0, 10.6), the
weather effects and the Game Turn track summary (4.0, 13.0). Every cell comes from the game data.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games import Game

from .canvas import Label, draw_labels, fit_text, font
from .counters import contrast_ink
from .style import RGB, Style, parse_colour, style_of


@dataclass(frozen=True)
class Table:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    fills: tuple[tuple[RGB | None, ...], ...] = ()  # per cell background, or None
    wide: tuple[int, ...] = ()  # columns whose text wraps (notes)


def _yes(b: bool) -> str:
    return "yes" if b else "-"


def _mp(v: int | None) -> str:
    return "P" if v == -1 else ("-" if v is None else str(v))


def crt_table(game: Game, crt_id: str, style: Style) -> Table:
    crt = game.crts[crt_id]
    results = style.get("charts.results", {})
    fills = []
    rows = []
    for die in sorted(crt.rows):
        row = crt.rows[die]
        rows.append((str(die), *row))
        fills.append((None, *(parse_colour(results[r]) if r in results else None for r in row)))
    return Table(crt.name, ("Die", *crt.columns), tuple(rows), tuple(fills))


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
                     else "-", game.crts[w.axis_crt].name))
        fills.append((parse_colour(w.colour), *([None] * 7)))
    sides = list(game.sides)
    return Table("Weather Effects", ("Weather", "MA cap", "Armor bonus", "Multi-hex advance", "Armor 3rd hex",
                                     "River shift", f"{game.sides[sides[0]].name} attack shift",
                                     f"{game.sides[sides[0]].name} uses"), tuple(rows), tuple(fills))


def turn_table(game: Game, style: Style) -> Table:
    rows = []
    fills = []
    for t in game.turns.values():
        weather = game.weather[t.weather].name + (f" / {game.weather[t.variable].name}" if t.variable else "")
        sd = ", ".join(f"{game.sides[s].name} {v}" for s, v in t.sudden_death.items()) or "-"
        rows.append((str(t.number), t.date, weather, str(t.blitz or "-"), str(t.shock or "-"), sd,
                     "; ".join(e.text for e in t.events)))
        fills.append((None, None, parse_colour(game.weather[t.weather].colour), None, None, None, None))
    return Table("Game Turn Track", ("Turn", "Date", "Weather", "Blitz!", "Shock!", "Sudden death", "Events"),
                 tuple(rows), tuple(fills), wide=(6,))


def chart_tables(game: Game, style: Style | None = None) -> dict[str, Table]:
    """Every chart by image name: ``crt_<id>``, ``tec``, ``weather``, ``turn_track``."""
    style = style or style_of(game)
    out = {f"crt_{cid}": crt_table(game, cid, style) for cid in game.crts}
    out["tec"] = tec_table(game, style)
    out["weather"] = weather_table(game, style)
    out["turn_track"] = turn_table(game, style)
    return out


def table_layout(style: Style, table: Table, cell: float) -> tuple[tuple[int, int], list[float], list[float],
                                                                    list[Label]]:
    """Column widths, row heights and every label of a table drawn with ``cell``-pixel rows."""
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
            words = row[c].split()
            lines, cur = 1, ""
            for wd in words:
                trial = f"{cur} {wd}".strip()
                if f.getlength(trial) > widths[c] - 2 * pad and cur:
                    lines += 1
                    cur = wd
                else:
                    cur = trial
            heights[i + 1] = max(heights[i + 1], cell * 0.2 + lines * px * 1.3)
    margin = cell * 0.4
    top = cell * 1.2
    size = (int(margin * 2 + sum(widths)), int(top + sum(heights) + margin))
    labels: list[Label] = list(fit_text(style, table.title, (margin, cell * 0.15, size[0] - margin, cell * 1.0),
                                        "serif", cell * 0.6, cell * 0.3, fill=style.colour("charts.ink"),
                                        what=f"chart {table.title}"))
    y = top
    for r, h in enumerate(heights):
        x = margin
        cells = table.header if r == 0 else table.rows[r - 1]
        for c, text in enumerate(cells):
            panel = (x + pad * 0.5, y + cell * 0.06, x + widths[c] - pad * 0.5, y + h - cell * 0.06)
            if r == 0:
                ink = style.colour("charts.head_ink")
                role, wrap = "bold", True
            else:
                fill = table.fills[r - 1][c] if table.fills else None
                ink = contrast_ink(fill) if fill else style.colour("charts.ink")
                role, wrap = "regular", c in table.wide
            if text:
                labels += fit_text(style, text, panel, role, px, px * 0.6, wrap=wrap, line_gap=0.05, fill=ink,
                                   align="left" if c in table.wide else "centre", what=f"{table.title} cell")
            x += widths[c]
        y += h
    return size, widths, heights, labels


def render_chart(game: Game, name: str, cell_px: float | None = None, style: Style | None = None) -> Image.Image:
    """Chart ``name`` (a key of :func:`chart_tables`) with rows ``cell_px`` high (default: style)."""
    style = style or style_of(game)
    table = chart_tables(game, style)[name]
    cell = cell_px or style.num("charts.cell_px")
    size, widths, heights, labels = table_layout(style, table, cell)
    img = Image.new("RGB", size, style.colour("charts.paper"))
    d = ImageDraw.Draw(img)
    margin, top = cell * 0.4, cell * 1.2
    rule = style.colour("charts.rule")
    y = top
    for r, h in enumerate(heights):
        x = margin
        for c, wd in enumerate(widths):
            fill = style.colour("charts.head") if r == 0 else (table.fills[r - 1][c] if table.fills else None)
            d.rectangle((x, y, x + wd, y + h), fill=fill, outline=rule, width=max(1, round(cell * 0.02)))
            x += wd
        y += h
    draw_labels(d, style, labels)
    return img
