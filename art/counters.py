"""Counters: square unit counters (both faces of every unit) and round/square markers (2.3).

A unit face shows its designation, NATO symbol, setup/arrival code, replacement cost and strength-MA with the
rules' conventions (2.3): strength in white outlined type when the unit cannot attack, in parentheses when it has
no zone of control, no MA for immobile units, "X" for no strength. Layout is computed by :func:`unit_layout`
(text labels with their panels) and drawn by :func:`render_unit`, so tests check exactly what is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games import DataError, Game
from games.model import Face, Marker, MarkerFace, Unit

from .canvas import Box, Label, TextOverflow, downsample, draw_labels, fit_text, supersample
from .style import RGB, Style, parse_colour, style_of
from .symbols import icon, nato_symbol, star_points


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
class UnitLayout:
    size: int  # work size (pixels) the layout is computed at
    background: RGB
    ink: RGB
    symbol_box: Box
    labels: tuple[Label, ...]
    repl_box: Box | None
    band: tuple[Box, RGB] | None  # the reduced-side band across the top, and its colour
    variant: tuple[Box, RGB] | None  # the optional / variant tag along the bottom, and its colour


def variant_tag(style: Style, optional: str) -> str:
    """The short text printed on a counter of an optional rule or variant (``unit.optional``): the game's
    abbreviation from style ``counters.variant_tags``, else the name itself in capitals."""
    return str(style.get("counters.variant_tags", {}).get(optional, optional.upper()))


def unit_layout(game: Game, unit_id: str, face: str, work_px: int, style: Style | None = None) -> UnitLayout:
    """Where everything on a unit face goes (2.3). A face whose colour key has a band colour in style
    ``counters.bands`` (the reduced side) carries that band behind its designation; a counter of an optional
    rule or variant carries a tag naming it along its bottom edge, and its symbol and strength move up."""
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
    band = None
    name_ink = ink
    band_colour = style.get("counters.bands", {}).get(f.colour)
    if band_colour:
        band = ((0.0, 0.0, float(s), s * style.num("counters.band_height")),
                parse_colour(band_colour, f"counters.bands.{f.colour}"))
        name_ink = contrast_ink(band[1])
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
    labels += fit_text(style, f.name, (m * 0.7, s * 0.03, s - m * 0.7, s * 0.28), "condensed",
                       s * style.num("counters.name_size"), s * 0.085, wrap=True, line_gap=-0.08, fill=name_ink,
                       what=f"{what} designation")
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
    val = value_text(game, f)
    bottom = variant[0][1] + s * 0.01 if variant else s * 0.97
    value_panel = (m, s * 0.64 - lift, s - m, bottom)
    if ut.can_attack:
        labels += fit_text(style, val, value_panel, "bold", s * style.num("counters.value_size"), s * 0.16,
                           fill=ink, what=f"{what} strength")
    else:
        labels += fit_text(style, val, value_panel, "bold", s * style.num("counters.value_size"), s * 0.16,
                           fill=(255, 255, 255), stroke=0.07, stroke_fill=(0, 0, 0), what=f"{what} strength")
    return UnitLayout(s, bg, ink, sym, tuple(labels), repl_box, band, variant)


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
    f = face_of(game.units[unit_id], face)
    nato_symbol(d, lay.symbol_box, game.unit_types[f.type].symbol, lay.ink)
    if lay.repl_box:
        d.rounded_rectangle(lay.repl_box, radius=s * 0.03, fill=lay.ink)
    if lay.variant:
        box, colour = lay.variant
        d.rectangle(box, fill=colour)
    draw_labels(d, style, lay.labels)
    d.rectangle((0, 0, s - 1, s - 1), outline=style.colour("counters.border"), width=max(1, round(s * 0.012)))
    return downsample(img, (size_px, size_px))


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
        icon_box = (s * 0.33, s * 0.13, s * 0.67, s * 0.47)
        # one line across the disc's widest free chord, or two shorter lines: whichever prints larger
        layouts = [((s * 0.07, s * 0.53, s * 0.93, s * 0.75), False), ((s * 0.13, s * 0.5, s * 0.87, s * 0.86), True)]
    else:
        icon_box = (s * 0.28, s * 0.1, s * 0.72, s * 0.54)
        layouts = [((s * 0.06, s * 0.6, s * 0.94, s * 0.94), True)]
    fits: list[tuple[Label, ...]] = []
    for panel, wrap in layouts:
        try:
            fits.append(fit_text(style, mf.label, panel, "condensed", s * 0.2, s * 0.1, wrap=wrap, fill=ink,
                                 line_gap=-0.04, what=f"{what} label"))
        except TextOverflow as e:
            overflow = e
    if not fits:
        raise overflow
    labels = max(fits, key=lambda lbs: lbs[0].px)
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
    if mf.icon in ("vp_axis", "vp_soviet") or mf.icon == "weather":
        d.ellipse(icon_box, fill=tuple(min(255, c + 40) for c in bg))
    icon(d, icon_box, mf.icon, ink)
    draw_labels(d, style, labels)
    return downsample(img, (size_px, size_px))


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
