"""``hexforge new GAME [--dir PATH]``: write a small, complete, working game folder to start a design from.

The game (``hexforge/template/``): 48 hexes of clear, woods and hills with two towns, six units on two sides (foot
and mechanized), control markers, a Terrain Effects Chart, an odds Combat Results Table, a five-turn track, one
scenario, and its rules (``rules.md``) as the starter rules package enforces them (``validator.rules.starter``:
movement, stacking and combat from those tables). ``hexforge build GAME`` makes its module and print-and-play
sheets, ``hexforge validate`` checks its logs. The folder is ``PATH/GAME`` (default: the current folder), written
all or nothing, never over an existing one.
"""

from __future__ import annotations

import argparse
import os

from games.atomic import Staging, write_atomic
from games.errors import InputError
from games.fields import id_problem

TEMPLATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "template")
MAX_ID = 40


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="the new game's id: lower-case letters, digits and _ (e.g. my_game); also the name "
                                "of its folder")
    p.add_argument("--dir", default=".", metavar="PATH", help="where to make the game's folder (default: here)")
    p.add_argument("--title", help="the game's title (default: from its id, e.g. 'My Game')")


def module_name(game_id: str) -> str:
    return "".join(part.capitalize() for part in game_id.split("_") if part) or game_id


def template_files() -> list[str]:
    out = []
    for root, dirs, files in os.walk(TEMPLATE):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        out += [os.path.relpath(os.path.join(root, f), TEMPLATE) for f in sorted(files) if not f.startswith(".")]
    return out


def run(args: argparse.Namespace) -> int:
    gid = args.game
    problem = id_problem(gid)
    if problem or not gid[0].isalpha() or gid != gid.lower() or "-" in gid or len(gid) > MAX_ID:
        raise InputError(f"{gid!r} is not a game id: use lower-case letters, digits and _, starting with a letter, "
                         f"at most {MAX_ID} characters")
    title = args.title if args.title else " ".join(p.capitalize() for p in gid.split("_") if p)
    if any(not ch.isprintable() or ch in '"\\' for ch in title) or len(title) > 80:
        raise InputError("the title must be printable text without quotes or backslashes, at most 80 characters")
    target = os.path.join(args.dir, gid)
    if os.path.lexists(target):
        raise InputError(f"{target}: already exists; hexforge new never writes over a folder")
    words = {"@ID@": gid, "@TITLE@": title, "@MODULE@": module_name(gid)}
    with Staging(target) as folder:
        for rel in template_files():
            with open(os.path.join(TEMPLATE, rel), encoding="utf-8") as f:
                text = f.read()
            for key, value in words.items():
                text = text.replace(key, value)
            out = os.path.join(folder, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            write_atomic(out, text.encode("utf-8"), [])
    print(f"wrote {title} into {target}/ ({len(template_files())} files)")
    name = gid if os.path.abspath(args.dir) == os.path.abspath(os.curdir) else target
    print(f"next: hexforge info {name}   hexforge build {name}   (docs/first-game.md)")
    return 0
