"""Our own VASSAL command encoder for the Stalingrad '42 benchmark: the harness script tests/vassal_playback.py makes
for a game log (drags, unit commands, the turn tracker, the die button) written as the commands VASSAL logs for them,
one logged step each, after the module's own set-up save of the scenario (tests/test_vassal_translate.Log: moves
``M/``, changed layers and properties ``D/``, markers put by unit commands ``+/``, the turn tracker ``TURN``, the chat
reports of attack directions, battle results and dice). Playing 11,000 scripted actions through the real engine took
longer than the 20 minutes the benchmark may take to make its log under this machine's load, so the log is written
so; the benchmark then has VASSAL itself load it and step through it to the end and checks every unit is where the
validator's replay of its translation puts it.

The dice are the game log's own (the weather's, the battles', the Determined Defenses', the Isolation Attrition and
the Rally rolls, in order: ``dice_of``), so the claimed results hold as played. The Disrupted and Full Retreat
markers the playback keeps on units (its ``orders``) are the copies their unit command put: the writer remembers
which unit each was put on, so that taking one off or turning it over names it.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path
from typing import Any

from games.model import Game
from games.vassal_codec import encode
from modgen import names as mnames
from modgen.scenario import setup_file
from modgen.settings import settings
from validator.vassal.commands import ESC
from validator.vassal.savefile import read_save
from validator.vassal.turn_sequence import phase_sequence

from test_vassal_s42_translate import S42Log
from test_vassal_translate import base_of
from vassal_playback import ON_UNIT


class _Writer(S42Log):
    """``S42Log`` whose locations may also be pixels of the main map (an Entry Area, a unit's own spot), and whose
    steps of several commands are nested as VASSAL nests them: the first command, then each later one in a ``LOG``
    of its own (VASSAL's log step is a compound of logged commands; a bare command after the first breaks it)."""

    def point(self, location):
        return location if isinstance(location, tuple) else super().point(location)

    def step(self, *commands: str) -> "_Writer":
        first, *rest = commands
        self.steps.append("LOG\t" + (first if not rest else encode([first, *(f"LOG\t{c}" for c in rest)], ESC)))
        return self

    def die(self, n: int) -> "_Writer":
        return self.step(f"CHAT*** 1d6 = {n} *** &lt;Tester&gt;", f"MutableProperty\t1d6_result\t1\t{n}\tModule")


ROLLED = ("battle", "weather", "attrition", "determined", "rally")  # the lines whose die the playback rolls (1d6), in order


def dice_of(lines: list[dict[str, Any]]) -> list[int]:
    """The 1d6 button's results a game log's playback needs, in order: the log's own dice."""
    return [a["die"] for a in lines[1:] if a["type"] in ROLLED and a.get("die") is not None]


def write_vlog(game: Game, vmod: str, scenario: str, script: list[dict[str, Any]], dice: list[int], path: str,
               ctx: Any = None) -> int:
    """The ``script`` (vassal_playback's harness actions) written as a VASSAL log at ``path`` from ``scenario``'s
    set-up save in ``vmod``; ``dice``: the 1d6 button's results in order; ``ctx``: the module's build context when
    already made. Returns the steps written."""
    out = str(Path(vmod).parent)
    with zipfile.ZipFile(vmod) as z:
        setup = z.read(setup_file(game.scenarios[scenario]))
    tmp = os.path.join(out, f".{scenario}.setup.vsav")
    Path(tmp).write_bytes(setup)
    try:
        text = read_save(tmp).text
    finally:
        os.unlink(tmp)
    with zipfile.ZipFile(vmod) as z:
        moduledata = z.read("moduledata")
    log = _Writer(base_of(game, vmod, "", text, out, ctx), game)
    names = {b.name: bid for bid, b in game.map.boxes.items()} | {a.name: aid for aid, a in game.map.areas.items()}
    commands = {c.menu: c for c in settings(game).unit_commands}
    seq = phase_sequence(game)
    turns = sorted(game.turns)
    turn, index = game.scenarios[scenario].first_turn, 0
    rolls = iter(dice)
    marked: dict[str, str] = {}  # unit -> the piece id of the marker a unit command last put on it
    for a in script:
        do = a["do"]
        if do == "turn":
            index += 1 if a["step"] == "next" else -1
            if index == len(seq):
                turn, index = turns[turns.index(turn) + 1], 0
            elif index < 0:
                turn, index = turns[turns.index(turn) - 1], len(seq) - 1
            log.tracker(turn, *seq[index])
        elif do == "move":  # a unit, or a marker (the Weather marker to a space of its track)
            to = a["to"]
            piece = a["piece"].get("UnitId") or a["piece"]["MarkerId"]
            log.move(piece, tuple(to) if isinstance(to, list) else names.get(to, to))
        elif do == "button":
            log.die(next(rolls))
        elif do == "key":
            _key(log, a, commands, names, marked)
        elif do not in ("new_game", "side", "begin_log", "end_log"):
            raise ValueError(f"the writer has no command for {a}")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", log.text())
        z.writestr("moduledata", moduledata)
    return len(log.steps)


def _key(log: _Writer, a: dict[str, Any], commands: dict, names: dict[str, str], marked: dict[str, str]) -> None:
    if ON_UNIT in a["piece"]:  # the marker a unit command put on that unit: taken off, or turned over
        pid = marked[a["piece"][ON_UNIT]]
        if a.get("key") == "ctrl F":
            log.step(log._change(pid, "Layer", mnames.FACE_LAYER, "2"))
        elif a.get("menu") == "Remove":
            log.step(f"-/{pid}")
        else:
            raise ValueError(f"the writer has no command for {a}")
        return
    uid = a["piece"]["UnitId"]
    pid = log.base.ids[uid]
    menu = a.get("menu", "")
    if a.get("key") == "ctrl F":
        face = next(t.state for t in log.pieces[pid].traits if t.kind == "Layer" and t.get("name") == mnames.FACE_LAYER)
        log.flip(uid, "1" if face == "2" else "2")
    elif menu.startswith("toward "):
        log.attack(uid, menu.removeprefix("toward "))
    elif menu.startswith("Result "):
        log.result(uid, menu.removeprefix("Result "))
    elif menu.startswith("Send to "):
        log.move(uid, names[menu.removeprefix("Send to ")])
    elif menu in commands:
        c = commands[menu]
        spot = log.places[pid][1:]
        log.marker(c.marker, "1" if c.face == "front" else "2", spot, f"* Unit [{uid}] in 0000 marked {c.label}")
        marked[uid] = str(log.next_id - 1)
    else:
        raise ValueError(f"the writer has no command for {a}")


__all__ = ["dice_of", "write_vlog"]
