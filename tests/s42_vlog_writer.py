"""Our own VASSAL command encoder for the Stalingrad '42 benchmark: the harness script tests/vassal_playback.py makes
for a game log (drags, unit commands, the turn tracker, the die button) written as the commands VASSAL logs for them,
one logged step each, after the module's own set-up save of the scenario (tests/test_vassal_translate.Log: moves
``M/``, changed layers and properties ``D/``, markers put by unit commands ``+/``, the turn tracker ``TURN``, the chat
reports of attack directions, battle results and dice). Playing 11,000 scripted actions through the real engine took
longer than the 20 minutes the benchmark may take to make its log under this machine's load, so the log is written
so; the benchmark then has VASSAL itself load it and step through it to the end and checks every unit is where the
validator's replay of its translation puts it.

It writes No Retreat! logs too (tests/test_vassal_parity.py): the cards a log draws, plays and discards moved as
VASSAL moves them (a play with its ``<Side> plays`` report), a unit put on the map from where the save keeps it, and
a header's position set up before logging begins (:func:`write_vlog`'s ``header``: the turn tracker on its
``start``, the units it lists dragged there and turned over, their markers and the control markers put on, the
set-up units it leaves out deleted, the hands and the discard pile dealt).

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
from games.vassal_codec import decode, encode
from modgen import names as mnames
from modgen.scenario import setup_file
from modgen.settings import settings
from validator.vassal.commands import ESC
from validator.vassal.game_table import table_of
from validator.vassal.module_names import NAMES
from validator.vassal.savefile import read_save
from validator.vassal.setup_header import marker_faces
from validator.vassal.turn_sequence import phase_sequence

from test_vassal_s42_translate import S42Log
from test_vassal_translate import Log, base_of
from vassal_playback import ON_UNIT, start_level


class _Writer:
    """Mixed into ``Log``: a log whose locations may also be pixels of the main map (an Entry Area, a unit's own
    spot), and whose steps of several commands are nested as VASSAL nests them: the first command, then each later
    one in a ``LOG`` of its own (VASSAL's log step is a compound of logged commands; a bare command after the first
    breaks it).
    While ``restoring``, commands go into the save's restore part instead (a position set up before logging)."""

    restoring = False
    restore: list[str]
    marked: dict[str, str]  # unit -> the piece id of the marker a unit command (or the set-up) last put on it

    def point(self, location):
        return location if isinstance(location, tuple) else super().point(location)

    def step(self, *commands: str) -> "_Writer":
        if self.restoring:
            self.restore.extend(commands)
            return self
        first, *rest = commands
        self.steps.append("LOG\t" + (first if not rest else encode([first, *(f"LOG\t{c}" for c in rest)], ESC)))
        return self

    def die(self, n: int) -> "_Writer":
        return self.step(f"CHAT*** 1d6 = {n} *** &lt;Tester&gt;", f"MutableProperty\t1d6_result\t1\t{n}\tModule")

    def text(self) -> str:
        return encode(decode(self.base.text, ESC) + self.restore + self.steps, ESC)

    def mark(self, uid: str, role: str) -> None:
        """The marker of ``role`` (the game table's) put on the unit, remembered as the one it carries."""
        kind, face = marker_of(self.game, role)
        self.marker(kind, face, self.places[self.base.ids[uid]][1:])
        self.marked[uid] = str(self.next_id - 1)


class _NRWriter(_Writer, Log):
    """The writer on a No Retreat! save."""


class _S42Writer(_Writer, S42Log):
    """The writer on a Stalingrad '42 save (markers are copies of its Weather marker)."""


def marker_of(game: Game, role: str) -> tuple[str, str]:
    """(marker kind, face layer value) of the game's marker whose face has ``role`` in the translator's table."""
    icons = {icon for icon, r in table_of(game).marker_roles.items() if r == role}
    for kind, (front, back) in marker_faces(game).items():
        if front in icons or back in icons:
            return kind, "1" if front in icons else "2"
    raise ValueError(f"no marker of {game.id} has the role '{role}'")


ROLLED = ("battle", "weather", "attrition", "determined", "rally")  # the lines whose die the playback rolls (1d6), in order


def dice_of(lines: list[dict[str, Any]]) -> list[int]:
    """The 1d6 button's results a game log's playback needs, in order: the log's own dice."""
    return [a["die"] for a in lines[1:] if a["type"] in ROLLED and a.get("die") is not None]


def write_vlog(game: Game, vmod: str, scenario: str, script: list[dict[str, Any]], dice: list[int], path: str,
               ctx: Any = None, header: dict[str, Any] | None = None, draws: list[str] = ()) -> int:
    """The ``script`` (vassal_playback's harness actions) written as a VASSAL log at ``path`` from ``scenario``'s
    set-up save in ``vmod``; ``dice``: the 1d6 button's results in order; ``ctx``: the module's build context when
    already made; ``header``: a game log's header whose start and position are set up before logging begins;
    ``draws``: the cards the script's draws take from the Draw Pile, in order. Returns the steps written."""
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
    base = base_of(game, vmod, "", text, out, ctx)
    log = (_S42Writer if any(k.startswith(WEATHER) for k in base.ids) else _NRWriter)(base, game)
    log.restore, log.marked = [], {}
    if header:
        _position(log, game, game.scenarios[scenario], header)
    names = {b.name: bid for bid, b in game.map.boxes.items()} | {a.name: aid for aid, a in game.map.areas.items()}
    commands = {c.menu: c for c in settings(game).unit_commands}
    rolls = iter(dice)
    cards = iter(draws)
    for a in script:
        do = a["do"]
        if do == "turn":  # the + or - button, as VASSAL moves the tracker (tests/tracker_press.py)
            log.press(1 if a["step"] == "next" else -1)
        elif do == "set_turn":  # the tracker's Set command: a turn's first phase on a Game Turn level
            log.tracker(a["turn"], *phase_sequence(game)[0], level=a["level"])
        elif do == "move":  # a unit, or a marker (the Weather marker to a space of its track)
            to = a["to"]
            piece = a["piece"].get("UnitId") or a["piece"]["MarkerId"]
            log.move(piece, tuple(to) if isinstance(to, list) else names.get(to, to))
        elif do == "button":
            log.die(next(rolls))
        elif do == "key":
            _key(log, a, commands, names)
        elif do == "draw":
            log.card(next(cards), a["map"], tuple(a["to"]))
        elif do == "place":  # a unit the save keeps off the map (a box, the turn track), or a palette marker
            at = tuple(a["at"]) if isinstance(a["at"], list) else names.get(a["at"], a["at"])
            if a["slot"].endswith("]"):
                log.move(a["slot"].rsplit("[", 1)[1].rstrip("]"), at)
            else:  # modgen.markers.slot_name: "front / back (id)"
                mid = a["slot"].rsplit("(", 1)[1].rstrip(")")
                log.marker(next(m.kind for m in game.all_markers if m.id == mid), "1", at)
        elif do not in ("new_game", "side", "begin_log", "end_log"):
            raise ValueError(f"the writer has no command for {a}")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", log.text())
        z.writestr("moduledata", moduledata)
    return len(log.steps)


WEATHER = "weather"  # Stalingrad '42's Weather marker's id begins so


def _position(log: _Writer, game: Game, sc: Any, header: dict[str, Any]) -> None:
    """The header's start and position set up in the save's restore part, as a player sets up a position before
    logging: the turn tracker on the start (and the Weather marker on its weather), the units listed dragged there
    and turned over, their markers (the translator table's ``position_flags``), the control and fortification
    markers put on, the set-up units a position without ``keep_scenario`` leaves out deleted, the hands and the
    discard pile dealt (the tracker on the Game Turn level of the start's turn order)."""
    log.restoring = True
    start = header.get("start")
    if start:
        phase = next(x for x in game.phases if x.id == start.get("phase", "housekeeping"))
        turn = start.get("turn", sc.first_turn)
        log.tracker(turn, start.get("player") if phase.player else None, phase.id, level=start_level(game, header))
        marker = next((k for k in log.base.ids if k.startswith(WEATHER)), None)
        if "weather" in start and marker is not None:  # the Weather marker on its track's space
            log.move(marker, f"weather_track:{start['weather']}")
    pos = header.get("position", {})
    units = {uid: {"at": s} if isinstance(s, str) else s for uid, s in pos.get("units", {}).items()}
    flags = table_of(game).position_flags
    for uid, spec in units.items():
        log.move(uid, spec["at"])
        if spec.get("face", "front") != "front":
            log.flip(uid, "2")
        for name, value in spec.items():
            role = next((r for r, f in flags.items() if dict(f) == {name: value}), None)
            if role is not None:
                log.mark(uid, role)
    if units and not pos.get("keep_scenario"):
        for uid in sorted({p.unit for p in sc.setup} - set(units)):
            log.step(f"-/{log.base.ids[uid]}")
    control = next((m for m in game.all_markers if m.kind == table_of(game).control_marker), None)
    for loc, side in pos.get("control", {}).items():
        log.marker(control.kind, "1" if control.front.side == side else "2", loc)
    forts = table_of(game).fort_markers
    for loc, fort in pos.get("forts", {}).items():  # the side's marker, on its face of that completeness
        marker, face = next((m, f) for m in game.all_markers for f in ("front", "back")
                            if getattr(m, f).side == fort["side"] and forts.get(getattr(m, f).icon) == fort["complete"])
        log.marker(marker.kind, "1" if face == "front" else "2", loc)
    for side, hand in pos.get("hands", {}).items():
        for i, c in enumerate(hand if isinstance(hand, list) else ()):
            log.card(c, game.sides[side].name + NAMES.hand_suffix, (100 + 90 * i, 120))
    for c in pos.get("discards", ()):
        log.card(c, NAMES.card_map, log.pile(NAMES.discard_pile))
    log.restoring = False


def _key(log: _Writer, a: dict[str, Any], commands: dict, names: dict[str, str]) -> None:
    marked = log.marked
    if ON_UNIT in a["piece"]:  # the marker a unit command put on that unit: taken off, or turned over
        if a["piece"][ON_UNIT] not in marked:  # (No Retreat!'s Disorganized marker, put on as the rules said)
            log.mark(a["piece"][ON_UNIT], a["role"])
        pid = marked.pop(a["piece"][ON_UNIT]) if a.get("menu") == "Remove" else marked[a["piece"][ON_UNIT]]
        if a.get("key") == "ctrl F":
            log.step(log._change(pid, "Layer", mnames.FACE_LAYER, "2"))
        elif a.get("menu") == "Remove":
            log.step(f"-/{pid}")
        else:
            raise ValueError(f"the writer has no command for {a}")
        return
    if "CardId" in a["piece"]:  # a card played (its report) or discarded: onto the Discard Pile
        card, menu = a["piece"]["CardId"], a.get("menu", "")
        side = menu.removeprefix("Play ").removesuffix(" event") if menu.startswith("Play ") else None
        log.card(card, NAMES.card_map, log.pile(NAMES.discard_pile),
                 *([f"* {side} plays Card {card}: {log.game.cards[card].number}"] if side else []))
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
