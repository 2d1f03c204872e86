"""Player-aid charts as images, every one drawn from the shape of the game's data: each die-roll table (combat
results tables and any other: Determined Defense, Rally, Weather by season ...) with its result colours, its cell
layers (an advance number printed in the cell, a colour code as the cell's background), its legend, modifiers and
limits; the Terrain Effects Chart with a column per movement class and the game's own TEC columns; the weather
effects; the turn record (every turn column the game declares, or the ones its style picks).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from PIL import Image, ImageDraw

from games import Game
from games.model import LookupTable

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
    footer: tuple[str, ...] = ()  # lines printed under the legend (modifiers, limits, notes)
    samples: tuple[tuple[str, object] | None, ...] = ()  # per row, a map sample in its first cell (the TEC's terrain)


def _yes(b: bool) -> str:
    return "yes" if b else "-"


def _mp(v: int | None) -> str:
    return "P" if v == -1 else ("-" if v is None else str(v))


def pretty(value: object) -> str:
    """A data value as printed: ids with underscores become words (``early_fall`` -> ``Early fall``), yes/no for
    booleans, fractions as ``1/2``."""
    if isinstance(value, bool):
        return "yes" if value else "-"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, (list, tuple, frozenset)):
        return " ".join(pretty(v) for v in value)
    text = str(value)
    if "_" in text or (text.isidentifier() and text.islower()):
        text = text.replace("_", " ")
        return text[:1].upper() + text[1:]
    return text


def word(style: Style, value: object) -> str:
    """A column id or data value as a chart prints it: the style's word for it (``[charts.words]``, e.g.
    ``ma_change = "MA change"``), else :func:`pretty`."""
    words = style.table("charts.words")
    key = str(value)
    return str(words[key]) if key in words and not isinstance(value, (bool, list, tuple, frozenset)) else pretty(value)


def _heading(game: Game, style: Style, file: str, column: str) -> str:
    """A declared column's heading: the style's word for it (``[charts.words]``), else its name in game.toml."""
    if column in style.table("charts.words"):
        return word(style, column)
    return game.columns[file][column].name or pretty(column)


def _first_roll(label: str) -> int:
    head = label.split("-")[0] if not label.startswith("-") else "-" + label[1:].split("-")[0]
    return int(head)


def layer_look(style: Style, layer: str) -> Mapping:
    """How a table layer is printed (style ``charts.layers.<layer>``): ``show = "text"`` (beside the result, with
    ``format``, default ``"{v}"``) or ``"fill"`` (the cell's background, ``colours`` by value)."""
    return style.table(f"charts.layers.{layer}") or {"show": "text"}


def lookup_table(game: Game, table: LookupTable, style: Style) -> Table:
    """A die-roll table as printed: a row per row label as printed ("1-4"), its result in each column with the
    table's text layers beside it, the cell coloured by its fill layer (or by its result's colour); under it the
    meaning of every result it can give, the fill colours' meanings, the modifiers, odds limits and notes. A table
    of one column prints each result's meaning in its cell; a weather table, the weather's name and colour."""
    results = style.get("charts.results", {})
    weather = table.results_ref == "weather"
    layers = {name: layer_look(style, name) for name in table.layers}
    fill_layers = [n for n, look in layers.items() if look.get("show") == "fill"]
    text_layers = [n for n, look in layers.items() if look.get("show", "text") == "text"]
    one_column = len(table.columns) == 1 and not weather and bool(table.legend)

    def colour_of(layer: str, value: str) -> RGB | None:
        colours = layers[layer].get("colours", {})
        return parse_colour(colours[value], f"charts.layers.{layer}.colours") if value in colours else None

    def fill(r: str) -> RGB | None:
        if weather:
            return parse_colour(game.weather[r].colour, f"weather.{r}.colour") if r in game.weather else None
        return parse_colour(results[r], f"charts.results.{r}") if r in results else None

    labels = table.row_labels or tuple(str(r) for r in sorted(table.rows))
    rows, fills = [], []
    shown: set[str] = set()
    shown_fill: dict[str, set[str]] = {n: set() for n in fill_layers}
    for label in labels:
        roll = _first_roll(label)
        cells = table.rows[roll]
        texts, colours = [], []
        for c, result in enumerate(cells):
            shown.add(result)
            if weather:
                text = game.weather[result].name if result in game.weather else result
            elif one_column:
                text = table.legend.get(result, result)
            else:
                text = result
            for n in text_layers:
                v = table.layers[n][roll][c]
                if v:
                    text += " " + str(layers[n].get("format", "{v}")).replace("{v}", v)
            colour = None if fill_layers else fill(result)
            for n in fill_layers:
                v = table.layers[n][roll][c]
                if colour_of(n, v):
                    colour = colour_of(n, v)
                    shown_fill[n].add(v)
            texts.append(text)
            colours.append(colour)
        rows.append((label, *texts))
        fills.append((None, *colours))
    legend: list[tuple[str, str, RGB | None]] = []
    if not one_column and not weather:
        legend += [(r, text, None if fill_layers else fill(r)) for r, text in table.legend.items() if r in shown]
    for n in fill_layers:
        for v, meaning in table.layer_legends.get(n, {}).items():
            if v in shown_fill[n]:
                legend.append(("", meaning, colour_of(n, v)))
    for n in text_layers:
        values = {table.layers[n][r][c] for r in table.rows for c in range(len(table.columns))} - {""}
        for v, meaning in table.layer_legends.get(n, {}).items():
            if v in values and any(ch.isalpha() for ch in meaning) and not meaning.endswith(v):
                legend.append((str(layers[n].get("format", "{v}")).replace("{v}", v), meaning, None))
    footer = [f"{m.value:+d}  {m.text}" + (f" ({m.rule})" if m.rule else "") for m in table.modifiers]
    lim = table.limits
    if (lim.below, lim.above, lim.automatic) != ("first", "last", ""):
        first, last = table.columns[0], table.columns[-1]
        parts = []
        parts.append(f"Below {first}: " + ("no attack" if lim.below == "none" else
                                          f"use {first}" if lim.below == "first" else lim.below))
        parts.append(f"above {last}: " + (f"use {last}" if lim.above == "last" else lim.above))
        if lim.automatic:
            parts.append(f"{lim.automatic} or more: {lim.automatic_result}")
        footer.append("; ".join(parts) + ".")
    if table.clamp and table.rows:
        footer.append(f"Modified rolls below {min(table.rows)} read the {min(table.rows)} row, above "
                      f"{max(table.rows)} the {max(table.rows)} row.")
    if table.notes:
        footer.append(table.notes)
    head = "Die" if table.dice[0] == 1 else "Roll"
    columns = tuple(c if table.kind != "plain" else pretty(c) for c in table.columns)
    wide = (1,) if one_column else ()
    return Table(table.name, (head, *columns), tuple(rows), tuple(fills), wide=wide, legend=tuple(legend),
                 footer=tuple(footer))


def crt_table(game: Game, crt_id: str, style: Style) -> Table:
    """A Combat Results Table (10.7) with the meaning of each result it can give printed under it."""
    return lookup_table(game, game.crts[crt_id], style)


def _declared(game: Game, file: str, style_key: str, style: Style) -> list[str]:
    """The declared columns of ``file`` a chart shows: the style's list (``charts.<style_key>``), else all."""
    declared = list(game.columns.get(file, {}))
    picked = style.get(f"charts.{style_key}", ())
    return [c for c in picked if c in declared] if picked else declared


def column_legend(game: Game, file: str, columns: list[str], style: Style) -> tuple[tuple[str, str, None], ...]:
    """What each declared column means (its ``name`` and ``rule`` in game.toml), for the legend under a chart."""
    out = []
    for c in columns:
        col = game.columns[file][c]
        if col.name:
            out.append((word(style, c), col.name + (f" ({col.rule})" if col.rule else ""), None))
    return tuple(out)


def tec_table(game: Game, style: Style) -> Table:
    """The Terrain Effects Chart: movement points per movement class (P: prohibited, +n: to cross), the legacy
    armor columns of a game that has them, the column shift, whether it stops an advance, the game's own TEC
    columns (``charts.tec_columns`` picks them) and the notes; each terrain's cell with its sample as the map's
    legend draws it (a terrain the map does not show: in its map colour)."""
    records = list(game.tec.values())
    legacy = any(t.mp_armor is not None or t.mp_other is not None for t in records)
    classes: list[str] = []
    for t in records:
        for c in list(t.mp) + sorted(t.prohibited):
            if c not in classes:
                classes.append(c)
    bonus = any(t.armor_bonus for t in records)
    extra = _declared(game, "tec", "tec_columns", style)
    extra = [c for c in extra if any(c in t.extra for t in records)]
    header = ["Terrain"] + [f"MP {c}" for c in classes] + (["Armor bonus"] if bonus else []) + \
        ["Shift left", "Stops advance"] + [word(style, c) for c in extra] + ["Notes"]
    from .map_legend import map_samples
    from .map_sheet import ground_of

    on_map = map_samples(game, style, ground_of(game, style))
    rows, fills = [], []
    for t in records:
        if legacy:
            mps = [_mp(t.mp_armor) if c == "armor" else _mp(t.mp_other) if c == "other" else
                   ("P" if c in t.prohibited else pretty(t.mp[c]) if c in t.mp else "-") for c in classes]
        else:
            mps = ["P" if c in t.prohibited else pretty(t.mp[c]) if c in t.mp else "-" for c in classes]
        row = [t.name, *mps] + ([_yes(t.armor_bonus)] if bonus else []) + \
            [str(t.defense_shift) if t.defense_shift else "-", _yes(t.stops_advance)] + \
            [word(style, t.extra[c]) if c in t.extra else "-" for c in extra] + [t.notes]
        rows.append(tuple(row))
        colour = style.get("terrain").get(t.id, {}).get("colour") if t.id in style.get("terrain") else None
        if t.id in on_map:  # drawn as the map draws it (the sample), not only its colour
            colour = None
        fills.append((parse_colour(colour) if colour else None, *([None] * (len(row) - 1))))
    legend = column_legend(game, "tec", extra, style)
    return Table("Terrain Effects Chart", tuple(header), tuple(rows), tuple(fills), wide=(len(header) - 1,),
                 legend=legend, samples=tuple(on_map.get(t.id) for t in records))


def weather_table(game: Game, style: Style) -> Table:
    """Weather effects: the legacy effect columns a game uses, each side's CRT and attack shift where a weather
    gives them, the game's own weather columns; the weather's colour in its name's cell."""
    ws = list(game.weather.values())
    legacy = [("MA cap", lambda w: str(w.ma_cap) if w.ma_cap else "-", any(w.ma_cap for w in ws)),
              ("Armor bonus", lambda w: _yes(w.armor_bonus), any(w.armor_bonus for w in ws)),
              ("Multi-hex advance", lambda w: _yes(w.multi_hex_advance), any(w.multi_hex_advance for w in ws)),
              ("Armor 3rd hex", lambda w: _yes(w.armor_third_hex), any(w.armor_third_hex for w in ws)),
              ("River shift", lambda w: _yes(w.river_shift), any(w.river_shift for w in ws))]
    cols = [(h, f) for h, f, used in legacy if used]
    for side, sd in game.sides.items():
        if any(side in w.attack_shift for w in ws):
            cols.append((f"{sd.name} attack shift", lambda w, s=side: str(w.attack_shift.get(s)) if w.attack_shift.get(
                s) else "-"))
        if any(side in w.crt for w in ws):
            cols.append((f"{sd.name} uses", lambda w, s=side: game.crts[w.crt[s]].name if w.crt.get(s) in game.crts
                         else "-"))
        if any(side in w.target_limit for w in ws):
            cols.append((f"{sd.name} targets", lambda w, s=side: str(w.target_limit.get(s, "-"))))
    for c in _declared(game, "weather", "weather_columns", style):
        cols.append((word(style, c), lambda w, c=c: word(style, w.extra[c]) if c in w.extra else "-"))
    rows = [(w.name, *(f(w) for _, f in cols)) for w in ws]
    fills = [(parse_colour(w.colour), *([None] * len(cols))) for w in ws]
    legend = column_legend(game, "weather", _declared(game, "weather", "weather_columns", style), style)
    return Table("Weather Effects", ("Weather", *(h for h, _ in cols)), tuple(rows), tuple(fills), legend=legend)


def value_colour(style: Style, column: str, value: object) -> RGB | None:
    """The colour a turn column's value is printed on (style ``charts.value_colours.<column>.<value>``)."""
    colours = style.table(f"charts.value_colours.{column}")
    return parse_colour(colours[str(value)], f"charts.value_colours.{column}") if str(value) in colours else None


def turn_table(game: Game, style: Style, name: str = "turn_track") -> Table:
    """The turn record: turn, date, weather (with its colour), the legacy counts a game has, the game's own turn
    columns (all, or those style ``charts.turn_tables.<name>.columns`` lists), and the turn's events."""
    picked = style.table(f"charts.turn_tables.{name}")
    turns = list(game.turns.values())
    weather = any(t.weather for t in turns)
    blitz, shock = any(t.blitz for t in turns), any(t.shock for t in turns)
    sudden = any(t.sudden_death for t in turns)
    declared = list(game.columns.get("turns", {}))
    extra = [c for c in picked.get("columns", declared) if c in declared]
    extra = [c for c in extra if any(c in t.extra for t in turns)]
    events = picked.get("events", True) and any(t.events for t in turns)
    if not events and extra:  # a track of some columns only (e.g. a scenario's own track): the turns it covers
        turns = [t for t in turns if any(c in t.extra for c in extra)]
    header = ["Turn", "Date"] + (["Weather"] if weather else []) + (["Blitz!"] if blitz else []) + \
        (["Shock!"] if shock else []) + (["Sudden death"] if sudden else []) + \
        [_heading(game, style, "turns", c) for c in extra] + (["Events"] if events else [])
    rows, fills = [], []
    for t in turns:
        row: list[str] = [str(t.number), t.date]
        fill: list[RGB | None] = [None, None]
        if weather:
            row.append(game.weather[t.weather].name + (f" / {game.weather[t.variable].name}" if t.variable else "")
                       if t.weather else "-")
            fill.append(parse_colour(game.weather[t.weather].colour) if t.weather else None)
        if blitz:
            row.append(str(t.blitz or "-"))
            fill.append(None)
        if shock:
            row.append(str(t.shock or "-"))
            fill.append(None)
        if sudden:
            row.append(", ".join(f"{game.sides[s].name} {v}" for s, v in t.sudden_death.items()) or "-")
            fill.append(None)
        for c in extra:
            row.append(word(style, t.extra[c]) if c in t.extra else "-")
            fill.append(value_colour(style, c, t.extra.get(c, "")))
        if events:
            row.append("; ".join(e.text for e in t.events))
            fill.append(None)
        rows.append(tuple(row))
        fills.append(tuple(fill))
    title = str(picked.get("title", "Game Turn Track"))
    return Table(title, tuple(header), tuple(rows), tuple(fills), wide=(len(header) - 1,) if events else ())


def chart_tables(game: Game, style: Style | None = None) -> dict[str, Table]:
    """Every chart by image name: ``crt_<id>`` per combat results table, ``table_<id>`` per other die-roll table,
    ``tec``, ``weather`` (when the game has weather), ``turn_track`` (and any further turn table the style names)."""
    style = style or style_of(game)
    out = {f"crt_{cid}": crt_table(game, cid, style) for cid in game.crts}
    out.update({f"table_{tid}": lookup_table(game, t, style) for tid, t in game.tables.items()})
    out["tec"] = tec_table(game, style)
    if game.weather:
        out["weather"] = weather_table(game, style)
    out["turn_track"] = turn_table(game, style)
    for name in style.table("charts.turn_tables"):
        if name != "turn_track":
            out[name] = turn_table(game, style, name)
    return out


@dataclass(frozen=True)
class ChartLayout:
    size: tuple[int, int]
    origin: tuple[float, float]  # top-left corner of the table
    widths: tuple[float, ...]  # column widths
    heights: tuple[float, ...]  # row heights, the header row first
    swatches: tuple[tuple[Box, RGB | None], ...]  # legend code cells and their colours
    labels: tuple[Label, ...]
    samples: tuple[tuple[Box, str, object], ...] = ()  # map samples: (box, kind, payload) (art.map_legend)


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
    sample_w = cell * 0.8 if any(table.samples) else 0.0  # a map sample left of the first cell's text
    if widths:
        widths[0] += sample_w
    heights = [cell * 1.1] + [cell * 0.62] * len(table.rows)
    for i, row in enumerate(table.rows):
        for c in table.wide:
            lines = len(wrap(row[c], f, widths[c] - 2 * pad) or [""])
            heights[i + 1] = max(heights[i + 1], cell * 0.2 + lines * px * 1.3)
    margin = cell * 0.4
    top = cell * 1.2
    width = margin * 2 + sum(widths)
    if table.legend or table.footer:  # room for the legend's lines beside a narrow table
        width = max(width, cell * 10)
    width = max(width, font(style, "serif", cell * 0.45).getlength(table.title) + margin * 2)  # and for the title
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
    footer_rows = []
    if table.footer:
        y += cell * 0.15
    for line in table.footer:
        lines = len(wrap(line, lf, width - 2 * margin) or [""])
        h = cell * 0.05 + lines * lpx * 1.25
        footer_rows.append(((margin, y, width - margin, y + h), line))
        y += h + cell * 0.06
    size = (int(width), int(y + margin))
    ink = style.colour("charts.ink")
    labels: list[Label] = list(fit_text(style, table.title, (margin, cell * 0.15, size[0] - margin, cell * 1.0),
                                        "serif", cell * 0.6, cell * 0.3, fill=ink, what=f"chart {table.title}"))
    y = top
    samples: list[tuple[Box, str, object]] = []
    for r, h in enumerate(heights):
        x = margin
        cells = table.header if r == 0 else table.rows[r - 1]
        for c, text in enumerate(cells):
            panel = (x + pad * 0.5 + (sample_w if c == 0 and r > 0 else 0), y + cell * 0.06, x + widths[c] - pad * 0.5,
                     y + h - cell * 0.06)
            if c == 0 and r > 0 and r - 1 < len(table.samples) and table.samples[r - 1]:
                kind, payload = table.samples[r - 1]
                mid = y + h / 2
                samples.append(((x + pad * 0.5, mid - cell * 0.22, x + pad * 0.5 + sample_w - pad * 0.4,
                                 mid + cell * 0.22), kind, payload))
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
        if code:
            labels += fit_text(style, code, box, "bold", px, px * 0.6, fill=contrast_ink(colour) if colour else ink,
                               what=f"{table.title} legend")
        labels += fit_text(style, meaning, (box[2] + pad, y0, size[0] - margin, y1), "regular", lpx, lpx * 0.7,
                           wrap=True, line_gap=0.02, align="left", valign="top", fill=ink,
                           what=f"{table.title} legend")
    for box, line in footer_rows:
        labels += fit_text(style, line, box, "regular", lpx, lpx * 0.7, wrap=True, line_gap=0.02, align="left",
                           valign="top", fill=ink, what=f"{table.title} footer")
    swatches = tuple((box, colour) for box, _, _, _, colour in legend_rows)
    return ChartLayout(size, (margin, top), tuple(widths), tuple(heights), swatches, tuple(labels), tuple(samples))


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
    if lay.samples:
        from .map_legend import draw_sample
        from .map_sheet import ground_of

        ground = ground_of(game, style)
        for box, kind, payload in lay.samples:  # as the map legend draws them: a swatch 0.36 hex widths wide
            draw_sample(d, game, style, kind, payload, box, (box[2] - box[0]) / 0.36, ground)
    draw_labels(d, style, lay.labels)
    return img
