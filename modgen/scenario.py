"""Scenario setups as predefined ``.vsav`` files (New Game menu), written by our own save writer.

For each scenario of the game data: every unit of its setup at its data location (hex centre, area, or box) with
the face the data gives; every reinforcement that arrives on a given turn on that turn's space of the turn track
(when the map has one); the scenario's markers on their track spaces and boxes; the decks as a new game deals them
(the Draw Pile face down: VASSAL draws from it at random); the turn tracker on the first turn and phase; VP and
initiative at the track's start, and the battles' global properties as a new game has them. Units whose arrival
is conditional without a turn (e.g. the oil-field units) and units of optional rules the scenario leaves off stay in
the palette.
"""

from __future__ import annotations

from collections import defaultdict

from art.boards import is_turn_track
from games.model import Placement, Scenario
from games.vassal_codec import encode

from . import battles, cards, names, palette, units
from .context import Context
from .furniture import initial_properties, phase_labels, tracker_orders, turn_labels
from .markers import marker_piece
from .markers import prototype as marker_prototype
from .maps import set_boards, main_board_placements
from .savegame import ESC, Contents, Deck, Stack, save_bytes
from .traits import Piece

PIECE_ID_BASE = 1_000_000_000_000  # save ids below any VASSAL time-based id (ms since 1970, now ~1.8e12)
LAYERS = (names.LAYER_UNITS, names.LAYER_MARKERS)


def turn_track_box(ctx: Context) -> str | None:
    """The track whose spaces are the game's turns, when the map has one."""
    return next((b.id for b in ctx.game.map.boxes.values() if is_turn_track(ctx.game, b)), None)


def arrivals(ctx: Context, scenario: Scenario) -> list[Placement]:
    """The reinforcements placed on the turn track: a turn of arrival, and no unmet option."""
    out = []
    for p in scenario.reinforcements:
        if p.turn is None:
            continue
        if p.condition.startswith("option:") and not scenario.options.get(p.condition.split(":", 1)[1], False):
            continue
        out.append(p)
    return out


def unit_locations(ctx: Context, scenario: Scenario) -> list[tuple[str, str, str]]:
    """(unit id, location, face) of every unit the setup places: the set-up at its locations, and the
    reinforcements with a turn of arrival on that turn's space of the turn track (a game without a turn track
    keeps them in the palette)."""
    track = turn_track_box(ctx)
    placed = [(p.unit, p.location, p.face) for p in scenario.setup]
    if track is not None:
        placed += [(p.unit, f"{track}:{p.turn}", p.face) for p in arrivals(ctx, scenario)]
    return placed


def marker_locations(ctx: Context, scenario: Scenario) -> list[tuple[str, str, str]]:
    """(marker id, location, face): the first ``count`` physical markers of each kind the scenario places."""
    used: dict[str, int] = defaultdict(int)
    out = []
    for mp in scenario.markers:
        of_kind = [m for m in ctx.game.all_markers if m.kind == mp.marker_kind]
        for m in of_kind[used[mp.marker_kind]:used[mp.marker_kind] + mp.count]:
            out.append((m.id, mp.location, mp.face))
        used[mp.marker_kind] += mp.count
    return out


def turn_tracker_state(ctx: Context, turn_index: int = 0, reversed_from: int | None = None) -> str:
    """``TurnTracker.getState``: the current level, then each Game Turn level's state (``ListTurnLevel``: current,
    sub-level, first, active flags, then its Phase level's the same way), on the Game Turn at ``turn_index``.
    With ``reversed_from`` (an index of the turn list) the first level's turns from there on are off and the
    reversed-order level (:func:`modgen.furniture.tracker_orders`) starts there with the earlier ones off, so that
    pressing on from the last turn before it goes over to it by itself (VASSAL's ``ListTurnLevel.advance`` skips
    inactive items and rolls over; ``TurnTracker.next`` then sets the next level to its first item)."""
    n_turns = len(turn_labels(ctx.game))
    cut = n_turns if reversed_from is None else reversed_from

    def level(current: int, first: int, on: range) -> str:
        phases = encode([0, 0, 0, encode(["true"] * len(phase_labels(ctx.game)), ",")], ";")
        flags = encode(["true" if i in on else "false" for i in range(n_turns)], ",")
        return encode([current, 0, first, flags, phases], ";")

    levels = [level(turn_index, 0, range(cut))]
    if len(tracker_orders(ctx)) > 1:
        start = 0 if reversed_from is None else reversed_from
        levels.append(level(start, start, range(start, n_turns)))
    return encode([0, *levels], "|")


def components(ctx: Context, first_turn: int | None = None, flip: int | None = None) -> tuple[str, ...]:
    """The restore commands of the module's game components, in VASSAL's registration order (the battles' global
    properties but their tables, when the module has battles, after VP and initiative); the turn tracker on
    ``first_turn`` (a scenario's first turn; default the game's first), going over to the reversed-order level on
    ``flip`` (module.toml ``[turn_tracker] reversed_from``)."""
    game = ctx.game
    turns = sorted(game.turns)
    battle_values = battles.global_values(ctx, ctx.battles, tables=False) if ctx.battles else {}
    hands = [names.hand_name(s.name) for s in game.sides.values()] if game.cards else []
    cards_map = [set_boards(names.CARD_MAP, [(names.CARD_BOARD, 0, 0)])] if game.cards else []
    return (
        set_boards(names.MAIN_MAP, main_board_placements(ctx)),
        *cards_map,
        "SETUP_STACK\t",
        *(set_boards(h, [(h, 0, 0)]) for h in hands),
        "TURNTurnTracker0\t" + turn_tracker_state(ctx, turns.index(first_turn) if first_turn in turns else 0,
                                                   turns.index(flip) if flip in turns else None),
        *(encode(["GlobalProperty\t", name, value, "Module"], ";") for name, value in initial_properties(game)),
        *(encode(["GlobalProperty\t", name, value, "Module"], ";") for name, value in battle_values.items()),
        encode(["NOTES\t", "PNOTES\t"], ESC),
    )


def contents(ctx: Context, scenario: Scenario) -> Contents:
    """The scenario's pieces with their prototypes expanded (the battles' too, when the module has battles), and the
    components' restore commands."""
    game = ctx.game
    extra = battles.prototypes(ctx, ctx.battles) if ctx.battles else []
    ids = palette.gpids(game)
    place_ids = palette.place_gpids(game, ids)
    protos = dict(units.prototypes(ctx, place_ids) + [marker_prototype(ctx)] + extra)
    markers_by_id = {m.id: m for m in game.all_markers}
    counter = iter(range(PIECE_ID_BASE + 1, PIECE_ID_BASE + 100_000))
    pieces: list[tuple[str, Piece]] = []
    stacks: dict[tuple[int, int, int], list[str]] = defaultdict(list)

    def place(piece: Piece, location: str, layer: int) -> None:
        x, y = ctx.point(location)
        pid = str(next(counter))
        pieces.append((pid, piece.expanded(protos).placed(names.MAIN_MAP, x, y)))
        stacks[(layer, x, y)].append(pid)

    for unit_id, location, face in unit_locations(ctx, scenario):
        unit = game.units[unit_id]
        place(units.unit_piece(ctx, unit, ids[f"unit:{unit_id}"], face), location, 0)
    for marker_id, location, face in marker_locations(ctx, scenario):
        marker = markers_by_id[marker_id]
        place(marker_piece(ctx, marker, marker_id, face, ids[f"marker:{marker_id}"]), location, 1)
    containers: list[Stack | Deck] = [Stack(str(next(counter)), names.MAIN_MAP, x, y, tuple(members), layer)
                                      for (layer, x, y), members in stacks.items()]
    for pile in cards.piles(ctx):
        members = []
        for card in pile.cards:
            pid = str(next(counter))
            piece = cards.card_piece(ctx, card, ids[f"card:{card.id}"])
            pieces.append((pid, piece.placed(None, pile.x, pile.y)))
            members.append(pid)
        containers.append(Deck(str(next(counter)), pile.deck_type(), names.CARD_MAP, pile.x, pile.y,
                               pile.face_down == "Always", tuple(members)))
    return Contents(tuple(pieces), tuple(containers),
                    components(ctx, scenario.first_turn, ctx.settings.reversed_from.get(scenario.id)))


def setup_file(scenario: Scenario) -> str:
    return f"{scenario.id}.vsav"


def setup_saves(ctx: Context, module_data: bytes, module_version: str,
                vassal_version: str) -> dict[str, tuple[str, bytes]]:
    """Scenario id -> (file name in the module, ``.vsav`` bytes)."""
    return {sid: (setup_file(s), save_bytes(contents(ctx, s), module_data, module_version, vassal_version))
            for sid, s in ctx.game.scenarios.items()}
