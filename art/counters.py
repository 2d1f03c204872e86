"""Counters: square unit counters (both faces of every unit) and round/square markers (2.3).

A unit face shows its designation, NATO symbol, setup/arrival code, replacement cost and strength-MA with the
rules' conventions (2.3): strength in white outlined type when the unit cannot attack, in parentheses when it has
no zone of control, no MA for immobile units, "X" for no strength. Layout is computed by :func:`unit_layout`
(text labels with their panels) and drawn by :func:`render_unit`, so tests check exactly what is drawn.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Mapping

from PIL import Image, ImageDraw

from games import DataError, Game
from games.model import Face, Marker, MarkerFace, Unit

from .artwork import paste_artwork
from .canvas import Box, Label, TextOverflow, downsample, draw_labels, fit_text, font, supersample
from .style import RGB, Style, parse_colour, style_of
from .symbols import icon, icon_look, nato_symbol, star_points, symbol_look


def _luma(c: RGB) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def contrast_ink(bg: RGB) -> RGB:
    return (0, 0, 0) if _luma(bg) > 120 else (255, 255, 255)


def face_of(unit: Unit, face: str) -> Face:
    if face not in ("front", "back"):
        raise ValueError(f"face must be 'front' or 'back', not {face!r}")
    return unit.front if face == "front" else unit.back


def value_text(game: Game, f: Face) -> str:
    """Strength-MA as printed (2.3): "X" for no strength, "(s)" without ZOC, MA only for mobile units."""
    ut = game.unit_types[f.type]
    s = "X" if f.strength is None else str(f.strength)
    if not ut.zoc:
        s = f"({s})"
    if ut.mobile and f.ma is not None:
        return f"{s}-{f.ma}"
    return s


@dataclass(frozen=True)
class Mark:
    """Something drawn on a face for a printed flag (style ``counters.flags.<flag>``) or a step stripe:
    ``kind`` (defense_box, ma_box, dot, outline, triangle, stripe, type_box), where (``box``) and in which colours."""

    kind: str
    box: Box
    fill: RGB | None = None
    ink: RGB | None = None


@dataclass(frozen=True)
class UnitLayout:
    size: int  # work size (pixels) the layout is computed at
    background: RGB
    ink: RGB
    symbol_box: Box
    labels: tuple[Label, ...]
    repl_box: Box | None
    band: tuple[Box, RGB] | None  # the reduced-side band across the top, and its colour
    variant: tuple[Box, RGB] | None  # the optional / variant tag along the bottom, and its colour
    symbol: str = ""  # the symbol drawn (the unit type's, or a flag's silhouette)
    marks: tuple[Mark, ...] = ()  # drawn before the labels (boxes, stripes) ...
    over: tuple[Mark, ...] = ()  # ... and after them (dots, outlines, triangles)


def variant_tag(style: Style, optional: str) -> str:
    """The short text printed on a counter of an optional rule or variant (``unit.optional``): the game's
    abbreviation from style ``counters.variant_tags``, else the name itself in capitals."""
    return str(style.get("counters.variant_tags", {}).get(optional, optional.upper()))


FLAG_MARKS = ("defense_box", "ma_box", "dot", "outline", "parentheses", "silhouette", "triangle", "stripe",
              "superscript", "type_box", "none")


def flag_look(style: Style, flag: str) -> Mapping:
    """How a printed face flag (a trait id in ``<face>_flags``) shows: style ``counters.flags.<flag>`` with a
    ``mark`` of :data:`FLAG_MARKS`. A flag the style does not name is still seen: a small ``tag`` with its first
    letters in the counter's upper left corner (``mark = "none"`` hides a flag that only the rules read)."""
    look = style.table(f"counters.flags.{flag}")
    if not look:
        return {"mark": "tag", "text": flag.replace("_", " ")[:3].upper()}
    if look.get("mark") not in FLAG_MARKS:
        raise DataError("style.toml", f"mark must be one of {', '.join(FLAG_MARKS)}", key=f"counters.flags.{flag}.mark")
    return look


def _colour(look: Mapping, key: str, default: str, where: str) -> RGB:
    return parse_colour(str(look.get(key, default)), where)


def face_flags(style: Style, f: Face) -> dict[str, Mapping]:
    """mark kind -> the style of the face's flag that asks for it (flags in sorted order; one per kind)."""
    out: dict[str, Mapping] = {}
    for flag in sorted(f.flags):
        look = flag_look(style, flag)
        out.setdefault(str(look["mark"]), {**look, "flag": flag})
    return out


def stripe_of(style: Style, unit: Unit, face: str, marks: dict[str, Mapping]) -> str:
    """The step stripe of a face: a flag's (``stripe`` mark, e.g. a Remnant's wide stripe), or on the reduced
    side of a unit whose step count style ``counters.step_stripes`` names (2.3.5: thin on a 3-step unit's back)."""
    if "stripe" in marks:
        return str(marks["stripe"].get("stripe", "wide"))
    if face == "back" and unit.flip == "step":
        return str(style.table("counters.step_stripes").get(str(unit.steps), ""))
    return ""


def value_parts(game: Game, f: Face, marks: dict[str, Mapping]) -> list[tuple[str, str]]:
    """The printed values as (part, text): attack, superscript, defense and MA with their dashes for a face that
    prints attack and defense (2.3.2: attack-defense-MA; the defense in parentheses when flagged), else the legacy
    single strength-MA (:func:`value_text`)."""
    ut = game.unit_types[f.type]
    if f.attack is None and f.defense is None:
        return [("value", value_text(game, f))]
    out = [("attack", "X" if f.attack is None else str(f.attack))]
    if "superscript" in marks:
        out.append(("superscript", str(marks["superscript"].get("text", "*"))))
    defense = "X" if f.defense is None else str(f.defense)
    out += [("dash", "-"), ("defense", f"({defense})" if "parentheses" in marks else defense)]
    if ut.mobile and f.ma is not None:
        out += [("dash", "-"), ("ma", str(f.ma))]
    return out


def _value_labels(style: Style, parts: list[tuple[str, str]], panel: Box, s: float, fill: RGB, stroke: float,
                  stroke_fill: RGB | None, what: str, boxed: frozenset[str] = frozenset()
                  ) -> tuple[list[Label], dict[str, Box]]:
    """The values laid out part by part on one line at the largest size at which the whole line fits ``panel``
    (room kept for the boxes round the ``boxed`` parts: defense, MA); each part's ink box by its name."""
    text = "".join(t for _, t in parts)
    if len(parts) == 1:
        lb = fit_text(style, text, panel, "bold", s * style.num("counters.value_size"), s * 0.16, fill=fill,
                      stroke=stroke, stroke_fill=stroke_fill, what=what)
        return list(lb), {"value": lb[0].bbox}
    pad = s * 0.035
    shrink = (pad * 2.2 * sum(1 for p, _ in parts if p in boxed), 0.0)
    fitted = fit_text(style, text, (panel[0] + shrink[0] / 2, panel[1] + pad, panel[2] - shrink[0] / 2,
                                                 panel[3] - pad),
                      "bold", s * style.num("counters.value_size"), s * 0.14, fill=fill, stroke=stroke,
                      stroke_fill=stroke_fill, what=what)[0]
    f = font(style, "bold", fitted.px)
    sup = font(style, "bold", fitted.px * 0.55)
    widths = [(sup if p == "superscript" else f).getlength(t) + (pad * 2.2 if p in boxed else 0) for p, t in parts]
    x = (panel[0] + panel[2]) / 2 - sum(widths) / 2
    y = fitted.xy[1]
    labels, boxes = [], {}
    for (p, t), wd in zip(parts, widths):
        inner = x + (pad * 1.1 if p in boxed else 0)
        if p == "superscript":
            bx = sup.getbbox(t, anchor="la")
            lb = Label(t, "bold", sup.size, (inner, y), "la", (inner + bx[0], y + bx[1], inner + bx[2], y + bx[3]),
                       panel, fill, 0, None)
        else:
            bx = f.getbbox(t, anchor="la", stroke_width=fitted.stroke)
            lb = Label(t, "bold", fitted.px, (inner, y), "la", (inner + bx[0], y + bx[1], inner + bx[2], y + bx[3]),
                       panel, fill, fitted.stroke, fitted.stroke_fill)
        labels.append(lb)
        boxes[p] = lb.bbox
        x += wd
    return labels, boxes


def unit_layout(game: Game, unit_id: str, face: str, work_px: int, style: Style | None = None) -> UnitLayout:
    """Where everything on a unit face goes (2.3). A face whose colour key has a band colour in style
    ``counters.bands`` (the reduced side) carries that band behind its designation; a counter of an optional
    rule or variant carries a tag naming it along its bottom edge, and its symbol and strength move up. Printed
    flags show as their style's marks (TQ boxes round the defense, a boxed MA, tank dots, a free-stacking
    outline, a silhouette instead of the symbol, a triangle, step stripes); the unit's size (style
    ``counters.size_column``, a units.csv column) is printed above the symbol."""
    style = style or style_of(game)
    unit = game.units[unit_id]
    f = face_of(unit, face)
    nat = game.nationalities[unit.nationality]
    try:
        bg = parse_colour(nat.colours[f.colour], f"nationalities.{nat.id}.colours.{f.colour}")
    except KeyError:
        raise DataError("units.csv", f"unit {unit_id}: nationality {nat.id} has no colour '{f.colour}'") from None
    ink = parse_colour(nat.text_colour, f"nationalities.{nat.id}.text_colour")
    ink = ink if abs(_luma(ink) - _luma(bg)) > 90 else contrast_ink(bg)
    s = work_px
    m = s * 0.06
    what = f"counter {unit_id} ({face})"
    flags = face_flags(style, f)
    marks: list[Mark] = []
    over: list[Mark] = []
    band = None
    name_ink = ink
    band_colour = style.get("counters.bands", {}).get(f.colour)
    stripe = stripe_of(style, unit, face, flags)
    if band_colour:
        band = ((0.0, 0.0, float(s), s * style.num("counters.band_height")),
                parse_colour(band_colour, f"counters.bands.{f.colour}"))
        name_ink = contrast_ink(band[1])
    elif stripe == "wide":  # the last step: a wide stripe behind the designation
        colour = style.colour("counters.stripe")
        marks.append(Mark("stripe", (0.0, s * 0.0, float(s), s * 0.24), colour))
        name_ink = contrast_ink(colour)
    if stripe == "thin":
        marks.append(Mark("stripe", (0.0, s * 0.245, float(s), s * 0.285), style.colour("counters.stripe")))
    variant = None
    lift = 0.0  # how far symbol, code and strength move up to make room for the variant tag
    labels: list[Label] = []
    if unit.optional:
        tag = (s * 0.012, s * (1 - style.num("counters.variant_height")), s - s * 0.012, s - s * 0.012)
        variant = (tag, style.colour("counters.optional_mark"))
        lift = s * 0.07
        labels += fit_text(style, variant_tag(style, unit.optional), (tag[0] + m * 0.5, tag[1], tag[2] - m * 0.5,
                                                                        tag[3]),
                           "condensed", s * 0.13, s * 0.085, fill=contrast_ink(variant[1]),
                           what=f"{what} variant tag")
    size_text = str(unit.extra.get(str(style.get("counters.size_column", "")), "")) if style.get(
        "counters.size_column", "") else ""
    name_bottom = s * (0.26 if size_text else 0.28)
    labels += fit_text(style, f.name, (m * 0.7, s * 0.03, s - m * 0.7, name_bottom), "condensed",
                       s * style.num("counters.name_size"), s * 0.085, wrap=True, line_gap=-0.08, fill=name_ink,
                       what=f"{what} designation")
    if size_text:
        labels += fit_text(style, size_text, (s * 0.3, s * 0.265, s * 0.7, s * 0.355), "condensed", s * 0.1,
                           s * 0.06, fill=ink, what=f"{what} size")
        sym = (s * 0.31, s * 0.365 - lift * 0.5, s * 0.69, s * 0.6 - lift)
    else:
        sym = (s * 0.3, s * 0.36 - lift * 0.5, s * 0.7, s * 0.6 - lift)
    if unit.code:
        labels += fit_text(style, unit.code, (m * 0.6, s * 0.33 - lift * 0.5, s * 0.29, s * 0.55 - lift),
                           "condensed", s * style.num("counters.code_size"), s * 0.09, align="left", fill=ink,
                           what=f"{what} setup code")
    repl_box = None
    if unit.repl_cost:
        repl_box = (s * 0.74, s * 0.36 - lift * 0.5, s - m * 0.6, s * 0.55 - lift)
        labels += fit_text(style, f"{unit.repl_cost}R", repl_box, "condensed", s * 0.14, s * 0.09,
                           fill=bg, what=f"{what} replacement cost")
    ut = game.unit_types[f.type]
    bottom = variant[0][1] + s * 0.01 if variant else s * 0.97
    value_panel = (m, s * 0.64 - lift, s - m, bottom)
    parts = value_parts(game, f, flags)
    if ut.can_attack:
        fill, stroke, stroke_fill = ink, 0.0, None
    else:
        fill, stroke, stroke_fill = (255, 255, 255), 0.07, (0, 0, 0)
    tq = flags.get("defense_box")
    boxed = frozenset(({"defense"} if tq else set()) | ({"ma"} if "ma_box" in flags else set()))
    values, boxes = _value_labels(style, parts, value_panel, s, fill, stroke, stroke_fill, f"{what} strength", boxed)
    pad = s * 0.03
    if tq and "defense" in boxes:
        x0, y0, x1, y1 = boxes["defense"]
        box_fill = _colour(tq, "fill", "#ffffff", f"counters.flags.{tq['flag']}.fill")
        text = _colour(tq, "ink", "#000000", f"counters.flags.{tq['flag']}.ink")
        outline = (0, 0, 0) if _luma(box_fill) > 200 else box_fill  # a white box keeps a thin black edge
        marks.append(Mark("defense_box", (x0 - pad, y0 - pad, x1 + pad, y1 + pad), box_fill, outline))
        values = [dataclasses.replace(lb, fill=text, stroke=0, stroke_fill=None) if lb.bbox == boxes["defense"]
                  else lb for lb in values]
    if "ma_box" in flags and "ma" in boxes:
        x0, y0, x1, y1 = boxes["ma"]
        mb = flags["ma_box"]
        marks.append(Mark("ma_box", (x0 - pad, y0 - pad, x1 + pad, y1 + pad), None,
                          _colour(mb, "colour", "#000000", f"counters.flags.{mb['flag']}.colour")))
    labels += values
    symbol = ut.symbol
    if "silhouette" in flags:
        symbol = str(flags["silhouette"].get("symbol", symbol))
    if "type_box" in flags:
        tb = flags["type_box"]
        marks.append(Mark("type_box", sym, _colour(tb, "colour", "#8fc3e8", f"counters.flags.{tb['flag']}.colour")))
    if "dot" in flags:
        dot = flags["dot"]
        r = s * 0.065
        cx, cy = sym[2] + s * 0.1, sym[1] + r * 1.1
        over.append(Mark("dot", (cx - r, cy - r, cx + r, cy + r),
                         _colour(dot, "colour", "#000000", f"counters.flags.{dot['flag']}.colour"),
                         _colour(dot, "outline", "#000000", f"counters.flags.{dot['flag']}.outline")))
    if "triangle" in flags:
        tri = flags["triangle"]
        over.append(Mark("triangle", (s * 0.8, s * 0.025, s * 0.975, s * 0.2), _colour(
            tri, "colour", "#000000", f"counters.flags.{tri['flag']}.colour")))
    if "tag" in flags:  # a flag without a style: its first letters, small, in the upper left corner
        labels += fit_text(style, str(flags["tag"]["text"]), (s * 0.03, s * 0.03, s * 0.3, s * 0.14), "condensed",
                           s * 0.1, s * 0.06, align="left", fill=ink, what=f"{what} flag")
    if "outline" in flags:
        ol = flags["outline"]
        inset = s * 0.045
        over.append(Mark("outline", (inset, inset, s - inset, s - inset), None,
                         _colour(ol, "colour", "#000000", f"counters.flags.{ol['flag']}.colour")))
    return UnitLayout(s, bg, ink, sym, tuple(labels), repl_box, band, variant, symbol, tuple(marks), tuple(over))


def draw_mark(d: ImageDraw.ImageDraw, mark: Mark, s: int) -> None:
    lw = max(1, round(s * 0.012))
    if mark.kind in ("stripe", "type_box"):
        d.rectangle(mark.box, fill=mark.fill)
    elif mark.kind == "defense_box":
        d.rectangle(mark.box, fill=mark.fill, outline=mark.ink, width=lw)
    elif mark.kind == "ma_box":
        d.rectangle(mark.box, outline=mark.ink, width=max(1, round(s * 0.018)))
    elif mark.kind == "dot":
        d.ellipse(mark.box, fill=mark.fill, outline=mark.ink, width=lw)
    elif mark.kind == "triangle":
        x0, y0, x1, y1 = mark.box
        d.polygon([(x1, y0), (x1, y1), (x0, y0)], fill=mark.fill)
    elif mark.kind == "outline":
        d.rectangle(mark.box, outline=mark.ink, width=lw)


def render_unit(game: Game, unit_id: str, face: str, size_px: int, style: Style | None = None) -> Image.Image:
    """One face (``"front"``/``"back"``) of a unit as a ``size_px`` square RGB image."""
    style = style or style_of(game)
    k = supersample(size_px)
    lay = unit_layout(game, unit_id, face, size_px * k, style)
    s = lay.size
    img = Image.new("RGB", (s, s), lay.background)
    d = ImageDraw.Draw(img)
    if lay.band:
        box, colour = lay.band
        d.rectangle(box, fill=colour)
        d.line([(box[0], box[3]), (box[2], box[3])], fill=lay.ink, width=max(1, round(s * 0.012)))
    for mark in lay.marks:
        draw_mark(d, mark, s)
    unit_symbol(img, d, lay.symbol_box, lay.symbol, lay.ink, style, game.root)
    if lay.repl_box:
        d.rounded_rectangle(lay.repl_box, radius=s * 0.03, fill=lay.ink)
    if lay.variant:
        box, colour = lay.variant
        d.rectangle(box, fill=colour)
    draw_labels(d, style, lay.labels)
    for mark in lay.over:
        draw_mark(d, mark, s)
    d.rectangle((0, 0, s - 1, s - 1), outline=style.colour("counters.border"), width=max(1, round(s * 0.012)))
    return downsample(img, (size_px, size_px))


def unit_symbol(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, symbol: str, ink: RGB, style: Style,
                root: str) -> None:
    """Draw unit symbol ``symbol`` in ``box``: the style's look for it (:func:`art.symbols.symbol_look`): a built-in
    NATO symbol, or the game's own PNG/SVG (then without the NATO frame unless ``frame = true``), with an optional
    ``label`` of a few letters in the lower part of the frame."""
    look = symbol_look(style, symbol)
    if "file" in look:
        x0, y0, x1, y1 = box
        if look.get("frame", False):
            d.rectangle(box, outline=ink, width=max(1, round(min(x1 - x0, y1 - y0) * 0.075)))
            box = (x0 + (x1 - x0) * 0.08, y0 + (y1 - y0) * 0.12, x1 - (x1 - x0) * 0.08, y1 - (y1 - y0) * 0.12)
        else:  # a silhouette may use the whole width of the symbol's place
            box = (x0 - (x1 - x0) * 0.15, y0, x1 + (x1 - x0) * 0.15, y1)
        paste_artwork(img, box, root, str(look["file"]), ink, f"symbols.{symbol}.file")
    else:
        nato_symbol(d, box, str(look.get("draw", symbol)), ink)
    if look.get("label"):
        x0, y0, x1, y1 = box
        h = y1 - y0
        draw_labels(d, style, fit_text(style, str(look["label"]), (x0 + h * 0.1, y0 + h * 0.52, x1 - h * 0.1,
                                                                    y1 - h * 0.06),
                                       "condensed", h * 0.42, h * 0.2, fill=ink, what=f"symbol {symbol} label"))


# --- markers -------------------------------------------------------------------------------------------------


def marker_kinds(game: Game) -> dict[str, Marker]:
    """One marker of each kind (all markers of a kind look alike), in data order."""
    out: dict[str, Marker] = {}
    for m in game.all_markers:
        out.setdefault(m.kind, m)
    return out


def marker_face(marker: Marker, face: str) -> MarkerFace:
    if face not in ("front", "back"):
        raise ValueError(f"face must be 'front' or 'back', not {face!r}")
    return marker.front if face == "front" else marker.back


def marker_layout(game: Game, kind: str, face: str, work_px: int, style: Style | None = None
                  ) -> tuple[Marker, MarkerFace, RGB, RGB, Box, tuple[Label, ...]]:
    style = style or style_of(game)
    marker = marker_kinds(game)[kind]
    mf = marker_face(marker, face)
    bg = parse_colour(mf.colour, f"markers.csv: {kind} colour")
    ink = contrast_ink(bg)
    s = work_px
    what = f"marker {kind} ({face})"
    if marker.shape == "round":
        icon = (s * 0.33, s * 0.13, s * 0.67, s * 0.47)
        # one line across the disc's widest free chord, or two shorter lines: whichever prints larger
        tries = [[(icon, (s * 0.07, s * 0.53, s * 0.93, s * 0.75), False),
                  (icon, (s * 0.13, s * 0.5, s * 0.87, s * 0.86), True)]]
    else:  # a long label that does not fit under the icon gets a smaller icon and more room
        tries = [[((s * 0.28, s * 0.1, s * 0.72, s * 0.54), (s * 0.06, s * 0.6, s * 0.94, s * 0.94), True)],
                 [((s * 0.36, s * 0.07, s * 0.64, s * 0.35), (s * 0.05, s * 0.4, s * 0.95, s * 0.95), True)]]
    overflow: TextOverflow | None = None
    for layouts in tries:
        fits: list[tuple[Box, tuple[Label, ...]]] = []
        for icon_box, panel, wrap in layouts:
            try:
                fits.append((icon_box, fit_text(style, mf.label, panel, "condensed", s * 0.2, s * 0.1, wrap=wrap,
                                                fill=ink, line_gap=-0.04, what=f"{what} label")))
            except TextOverflow as e:
                overflow = overflow or e
        if fits:
            icon_box, labels = max(fits, key=lambda fit: fit[1][0].px)
            break
    else:
        assert overflow is not None
        raise overflow
    return marker, mf, bg, ink, icon_box, labels


def render_marker(game: Game, kind: str, face: str, size_px: int, style: Style | None = None) -> Image.Image:
    """One face of a marker kind: round markers as RGBA discs (transparent corners), square ones as RGB."""
    style = style or style_of(game)
    k = supersample(size_px)
    s = size_px * k
    marker, mf, bg, ink, icon_box, labels = marker_layout(game, kind, face, s, style)
    lw = max(1, round(s * 0.025))
    if marker.shape == "round":
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        d.ellipse((lw / 2, lw / 2, s - 1 - lw / 2, s - 1 - lw / 2), fill=bg, outline=style.colour("markers.ring"),
                  width=lw)
    else:
        img = Image.new("RGB", (s, s), bg)
        d = ImageDraw.Draw(img)
        d.rectangle((0, 0, s - 1, s - 1), outline=style.colour("counters.border"), width=lw)
    marker_icon(img, d, icon_box, mf.icon, ink, bg, style, game.root)
    draw_labels(d, style, labels)
    return downsample(img, (size_px, size_px))


def marker_icon(img: Image.Image, d: ImageDraw.ImageDraw, box: Box, name: str, ink: RGB, bg: RGB, style: Style,
                root: str) -> None:
    """Draw marker icon ``name`` as its style says (:func:`art.symbols.icon_look`): on a lighter disc when
    ``backdrop = "disc"``; a built-in icon, the game's own PNG/SVG, or a short text."""
    look = icon_look(style, name)
    if look.get("backdrop") == "disc":
        d.ellipse(box, fill=tuple(min(255, c + 40) for c in bg))
    if "file" in look:
        paste_artwork(img, box, root, str(look["file"]), ink, f"icons.{name}.file")
    elif "text" in look:
        h = box[3] - box[1]
        draw_labels(d, style, fit_text(style, str(look["text"]), (box[0] - h * 0.2, box[1], box[2] + h * 0.2, box[3]),
                                       "bold", h * 0.8, h * 0.3, fill=ink, what=f"icon {name}"))
    else:
        icon(d, box, str(look.get("draw", name)), ink)


def emblem(d: ImageDraw.ImageDraw, game: Game, style: Style, side: str, box: Box) -> None:
    """The side's emblem (style ``sides.<side>.emblem``: iron_cross, red_star, or a star in the side colour)."""
    from .symbols import iron_cross, red_star

    kind = style.get(f"sides.{side}.emblem", "star")
    if kind == "iron_cross":
        iron_cross(d, box)
    elif kind == "red_star":
        red_star(d, box)
    else:
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        d.polygon(star_points(cx, cy, (box[2] - box[0]) / 2), fill=parse_colour(game.sides[side].colour))
