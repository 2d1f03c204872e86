"""``build(game, out_dir)``: write ``<out_dir>/<module_name>.vmod`` from the game data and the art's images.

The archive holds ``buildFile.xml`` (the component tree), ``moduledata``, the images the art rendered into
``<out_dir>/images/``, the help page, and one predefined setup (``.vsav``) per scenario. Everything is generated
in memory and written at the end in one atomic step, deterministically (modgen.archive).
"""

from __future__ import annotations

import dataclasses
import io
import os
from collections.abc import Callable

from lxml import etree
from PIL import Image

from art.build import jobs
from games import DataError
from games.atomic import write_file
from games.battles import BattleModel
from games.model import Game

from . import battles as battle_parts
from . import cards, furniture, maps, palette, plugin, scenario, toolbar, units
from .archive import zip_bytes
from .context import Context
from .drawn import drawn_images
from .helppage import help_html, rules_html
from .markers import prototype as marker_prototype
from .traits import add_piece, key_text
from .xmltree import MODULE, element, to_bytes

# the engine the module is tested with is 3.6.0-SNAPSHOT-9a37405aa: a newer version here draws its warning dialog
VASSAL_VERSION = "3.6.0-SNAPSHOT"
MODULE_VERSION = "1.0"
HELP_FILE = "help/index.html"
RULES_FILE = "help/rules.html"
RULES_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "rules")


def image_files(out_dir: str, game: Game, where: Callable[[str], str] | None = None) -> dict[str, str]:
    """Image name (relative to images/) -> file, for every image the art step renders (art.build naming contract);
    a missing one is a DataError: the art must be built first. ``where``: the file of an image by its path in the
    output folder (``images/...``), when the images are not all in ``out_dir`` (a rebuild's staging folder holds only
    those it drew again)."""
    found = {}
    for _, path, _ in jobs(game):
        if not path.startswith("images/"):
            continue
        file = where(path) if where is not None else os.path.join(out_dir, path)
        if not os.path.isfile(file):
            raise DataError(file, "missing: run the art step first (hexforge art)")
        found[path.removeprefix("images/")] = file
    return found


def image_sizes(files: dict[str, str]) -> dict[str, tuple[int, int]]:
    sizes = {}
    for name, path in files.items():
        try:
            with Image.open(path) as img:
                sizes[name] = img.size
        except OSError as exc:
            raise DataError(path, f"not a readable image ({exc})") from None
    return sizes


def own_images(game: Game, art_sizes: dict[str, tuple[int, int]], battles: bool = False,
               ctx: Context | None = None) -> dict[str, bytes]:
    """The images the module draws itself (modgen.drawn), sized from the art's counters and cards (and the battle
    marker's, when the module has battles); ``ctx``: the context of the art's images, when the caller has it."""
    ctx = ctx or Context.of(game, art_sizes)
    counter = ctx.size(units.face_image(next(iter(game.units)), "front"))
    if game.cards:
        size, labels = cards.table_size(ctx), cards.table_labels(ctx)
    else:
        size, labels = (1, 1), []
    drawn = drawn_images(game, ctx.layout, counter, size, cards.TABLE_COLOUR, labels)
    return {**drawn, **battle_parts.images(counter)} if battles else drawn


def with_own_images(game: Game, art_sizes: dict[str, tuple[int, int]],
                    battles: BattleModel | None = None) -> tuple[Context, dict[str, bytes]]:
    art = Context.of(game, art_sizes)
    drawn = own_images(game, art_sizes, battles is not None, art)
    sizes = dict(art_sizes)
    for name, data in drawn.items():
        with Image.open(io.BytesIO(data)) as img:
            sizes[name] = img.size
    return dataclasses.replace(art, image_sizes=sizes, battles=battles), drawn  # (the same boards: drawn once)


def context(game: Game, out_dir: str, battles: BattleModel | None = None) -> Context:
    """The build context of a game whose art is in ``out_dir`` (``battles``: as :func:`build`)."""
    return with_own_images(game, image_sizes(image_files(out_dir, game)), battles)[0]


def rules_reference(game: Game) -> str | None:
    """The project's own rules summary of the game (docs/rules/<id>.md), when there is one."""
    path = os.path.join(RULES_DIR, f"{game.id}.md")
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def build_file(ctx: Context, setups: list[tuple[str, str]], rules: bool = False) -> bytes:
    """``buildFile.xml``: the component tree (with the battle command when ``ctx.battles`` describes the battles)."""
    game, battles = ctx.game, ctx.battles
    ids = palette.gpids(game)
    root = element(None, "VASSAL.build.GameModule", {
        "name": game.module_name, "version": MODULE_VERSION, "VassalVersion": VASSAL_VERSION,
        "description": f"{game.title} ({game.edition})", "ModuleOther1": "", "ModuleOther2": "",
        "nextPieceSlotId": len(ids) + 1})
    keys = toolbar.hotkeys(ctx)
    element(root, MODULE + "BasicCommandEncoder")
    furniture.documentation(game, root, HELP_FILE, RULES_FILE if rules else None)
    furniture.roster(game, root)
    furniture.options(root)
    element(root, MODULE + "Chatter")
    protos = element(root, MODULE + "PrototypesContainer")
    place_ids = palette.place_gpids(game, ids)
    prototypes = units.prototypes(ctx, place_ids) + [marker_prototype(ctx)]
    if battles:
        prototypes += battle_parts.prototypes(ctx, battles)
    for name, piece in prototypes:
        element(protos, MODULE + "PrototypeDefinition", {"name": name, "description": ""}, add_piece(piece))
    maps.main_map(ctx, root, keys)
    if game.cards:
        cards.card_map(ctx, root, {c: ids[f"card:{c}"] for c in game.cards})
        cards.hands(ctx, root)
    palette.palette(ctx, root, ids, key_text(keys[toolbar.PALETTE]))
    furniture.dice(ctx, root)
    tracker = furniture.turn_tracker(ctx, root)
    properties = furniture.global_properties(ctx, root)
    if battles:
        battle_parts.global_properties(ctx, battles, properties)
    toolbar.toolbar(ctx, root, keys)
    if battles:
        battle_parts.toolbar(ctx, root, battles, keys[toolbar.DECLARE], keys[toolbar.BATTLES])
        battle_parts.turn_hotkeys(ctx, tracker, battles, toolbar.phase_clears(ctx, keys))
    furniture.chart_window(ctx, root, key_text(keys[toolbar.CHARTS]))
    furniture.notes(root)
    if plugin.available():
        plugin.toolbar_button(root, keys[plugin.BUTTON_TEXT])
    furniture.predefined_setups(root, setups)
    return to_bytes(root)


def module_data(game: Game) -> bytes:
    """``moduledata``: what the Module Manager and the loader read first (vassal-format.md §a.2)."""
    root = etree.Element("data", version="1")
    for tag, text in (("version", MODULE_VERSION), ("extra1", ""), ("extra2", ""), ("VassalVersion", VASSAL_VERSION),
                      ("dateSaved", "0"), ("description", f"{game.title} ({game.edition})"),
                      ("name", game.module_name)):
        etree.SubElement(root, tag).text = text
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)


def module_entries(game: Game, out_dir: str, battles: BattleModel | None = None,
                   where: Callable[[str], str] | None = None) -> dict[str, bytes]:
    """Every entry of the ``.vmod``, in memory (``where``: as :func:`image_files`)."""
    files = image_files(out_dir, game, where)
    ctx, drawn = with_own_images(game, image_sizes(files), battles)
    for b in ctx.boards:
        ctx.require(b.image.removeprefix("images/"))
    saves = scenario.setup_saves(ctx, module_data(game), MODULE_VERSION, VASSAL_VERSION)
    setups = [(game.scenarios[sid].name, file) for sid, (file, _) in saves.items()]
    rules = rules_reference(game)
    entries = {"buildFile.xml": build_file(ctx, setups, rules is not None), "moduledata": module_data(game),
               HELP_FILE: help_html(ctx, [name for name, _ in setups] + ["Empty board"]).encode()}
    if rules is not None:
        entries[RULES_FILE] = rules_html(game, rules).encode()
    for name, data in drawn.items():
        entries["images/" + name] = data
    for file, data in saves.values():
        entries[file] = data
    entries.update(plugin.class_files())
    for name, path in files.items():
        with open(path, "rb") as f:
            entries["images/" + name] = f.read()
    return entries


def vmod_name(game: Game) -> str:
    return f"{game.module_name}.vmod"


def vmod_path(game: Game, out_dir: str) -> str:
    return os.path.join(out_dir, vmod_name(game))


def build(game: Game, out_dir: str, battles: BattleModel | None = None) -> list[str]:
    """Write the module into ``out_dir`` (the art must have rendered its images there first). ``battles``: the game's
    battles (its rules package's model, or what its data alone says: hexforge.module_step decides); None: a module
    without the battle command."""
    return [write_file(out_dir, vmod_name(game), zip_bytes(module_entries(game, out_dir, battles)))]
