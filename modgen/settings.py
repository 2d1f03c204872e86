"""``module.toml``: how the VASSAL module presents a game, where the game data alone does not say (docs/module.md).

The file is optional and every key has a default; the module writer is the one that reads it (the loader keeps it
as ``game.module``), and ``hexforge info`` reports its problems with the rest. Keys:

* ``[[unit_commands]]`` — a unit's menu commands that put a marker on it, in menu order: ``label`` (what the chat
  report says: ``… marked <label>``), ``menu`` (default ``Mark <label>``), ``marker`` (a ``markers.csv`` kind),
  ``face`` (``front``/``back``, default front), ``key`` (one letter or digit: Ctrl+key). Default: none.
* ``[attacks] clear_phase`` — the phase whose *Clear* button also clears every attack mark and battle result (a
  phase id). Default: a *Clear attack marks and battle results* button of its own.
* ``[battles] command`` — ``false`` leaves the battle command out of the module (no *Declare battle*, *Battles*,
  battle marker or battle properties) although the game's rules describe its battles: every unit then carries
  fewer traits, which a game with a thousand counters needs while the command makes opening a scenario many times
  slower (docs/module.md, Battles). Default: true.
* ``[[dice]]`` — the toolbar's dice buttons: ``name`` (button text, and the name in the roll's report), ``dice``
  (1-9), ``sides`` (2-100), ``tooltip``. Default: one button per kind of dice the game's tables use (``1d6``).
* ``[cards.set_aside]`` (legacy cards) — the pile of the cards ``cards.csv`` marks ``add``: ``name``, ``command``
  (its menu command that adds them to the draw pile), ``message`` (its report).
* ``[cards.joker]`` (legacy cards) — the card whose id is ``joker``: ``name`` (its pile and piece name), ``faces``
  (the description of its two halves).
* ``[turn_tracker]`` — ``reversed`` (true: the tracker gets a second Game Turn level whose player turns come in the
  reverse order, for a game whose turn order can flip, as Stalingrad '42's does, S3.3, 33.2.2) and ``reversed_from``
  (scenario id -> the turn from which that scenario's set-up save has the tracker go over to it by itself),
  ``flip_marker`` (the kind of the marker players put on the map to announce a flip during play, Stalingrad '42's
  Vasilevsky marker, 33.1: the help page says so, and the log reader takes it for that act). Default: one level,
  the game's player order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from games import DataError, Game

from .traits import Key, ctrl

FILE = "module.toml"
KEY_CHARS = re.compile(r"^[A-Z0-9]$")
RESERVED_CTRL = frozenset("FM")  # Ctrl+F flips, Ctrl+M marks moved (modgen.commands)
TOP_KEYS = frozenset({"unit_commands", "attacks", "battles", "dice", "cards", "turn_tracker"})


@dataclass(frozen=True)
class UnitCommand:
    """A unit command that puts a copy of a marker face on the unit."""

    label: str
    menu: str
    marker: str  # marker kind
    face: str  # "front" | "back"
    key: Key


@dataclass(frozen=True)
class Dice:
    name: str
    dice: int
    sides: int
    tooltip: str


@dataclass(frozen=True)
class SetAside:
    name: str
    command: str
    message: str


@dataclass(frozen=True)
class Joker:
    name: str
    faces: str


@dataclass(frozen=True)
class Settings:
    unit_commands: tuple[UnitCommand, ...]
    attack_clear_phase: str  # "" for a button of its own
    battle_command: bool  # the battle command in the module (when the game's rules describe its battles)
    dice: tuple[Dice, ...]
    set_aside: SetAside
    joker: Joker
    reversed_order: bool = False  # the tracker's second Game Turn level, player turns the other way round
    reversed_from: Mapping[str, int] = field(default_factory=dict)  # scenario -> turn it goes over to that level
    flip_marker: str = ""  # the marker kind that announces a flip during play ("" for none)


def _err(key: str, message: str) -> DataError:
    return DataError(FILE, message, key=key)


def _table(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise _err(f"{where}{key}", "expected a table")
    return value


def _keys(t: Mapping[str, Any], known: set[str] | frozenset[str], where: str) -> None:
    for k in t:
        if k not in known:
            raise _err(f"{where}{k}", f"unknown key (expected one of {', '.join(sorted(known))})")


def _text(t: Mapping[str, Any], key: str, where: str, default: str | None = None, max_len: int = 120) -> str:
    value = t.get(key, default)
    if value is None:
        raise _err(f"{where}{key}", "required")
    if not isinstance(value, str) or not value.strip() or len(value) > max_len or not value.isprintable():
        raise _err(f"{where}{key}", f"expected a text of 1-{max_len} printable characters")
    return value


def _int(t: Mapping[str, Any], key: str, where: str, lo: int, hi: int, default: int) -> int:
    value = t.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _err(f"{where}{key}", f"expected a whole number from {lo} to {hi}")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise _err(key, f"expected a list of tables ([[{key}]])")
    return value


def _unit_commands(game: Game, data: Mapping[str, Any]) -> tuple[UnitCommand, ...]:
    kinds = {m.kind for m in game.all_markers}
    out: list[UnitCommand] = []
    for i, t in enumerate(_list(data, "unit_commands")):
        where = f"unit_commands[{i}]."
        _keys(t, {"label", "menu", "marker", "face", "key"}, where)
        label = _text(t, "label", where)
        marker = _text(t, "marker", where)
        if marker not in kinds:
            raise _err(f"{where}marker", f"unknown marker kind '{marker[:40]}'")
        face = _text(t, "face", where, "front")
        if face not in ("front", "back"):
            raise _err(f"{where}face", "expected front or back")
        key = _text(t, "key", where).upper()
        if not KEY_CHARS.match(key) or key in RESERVED_CTRL:
            raise _err(f"{where}key", f"expected one letter or digit other than {', '.join(sorted(RESERVED_CTRL))}")
        if any(c.key == ctrl(key) for c in out):
            raise _err(f"{where}key", f"Ctrl+{key} is already another command's")
        if any(c.label == label for c in out):
            raise _err(f"{where}label", f"'{label}' is already another command's")
        out.append(UnitCommand(label, _text(t, "menu", where, f"Mark {label}"), marker, face, ctrl(key)))
    return tuple(out)


def _dice(game: Game, data: Mapping[str, Any]) -> tuple[Dice, ...]:
    rows = _list(data, "dice")
    if not rows:
        kinds = sorted({t.dice for t in (*game.crts.values(), *game.tables.values())}) or [(1, 6)]
        return tuple(Dice(f"{n}d{s}", n, s, "Roll one die" if n == 1 else f"Roll {n} dice") for n, s in kinds)
    out = []
    for i, t in enumerate(rows):
        where = f"dice[{i}]."
        _keys(t, {"name", "dice", "sides", "tooltip"}, where)
        n = _int(t, "dice", where, 1, 9, 1)
        name = _text(t, "name", where, max_len=40)
        if any(d.name == name for d in out):
            raise _err(f"{where}name", f"'{name}' is already another button's")
        out.append(Dice(name, n, _int(t, "sides", where, 2, 100, 6),
                        _text(t, "tooltip", where, "Roll one die" if n == 1 else f"Roll {n} dice")))
    return tuple(out)


def _phase(game: Game, t: Mapping[str, Any], key: str, where: str) -> str:
    value = t.get(key, "")
    if value == "":
        return ""
    if not isinstance(value, str) or value not in {p.id for p in game.phases}:
        raise _err(f"{where}{key}", f"expected a phase id ({', '.join(p.id for p in game.phases)})")
    return value


def _tracker(game: Game, data: Mapping[str, Any]) -> tuple[bool, dict[str, int], str]:
    t = _table(data, "turn_tracker", "")
    _keys(t, {"reversed", "reversed_from", "flip_marker"}, "turn_tracker.")
    flag = t.get("reversed", False)
    if not isinstance(flag, bool):
        raise _err("turn_tracker.reversed", "expected true or false")
    turns = _table(t, "reversed_from", "turn_tracker.")
    if turns and not flag:
        raise _err("turn_tracker.reversed_from", "needs reversed = true")
    out = {}
    for sid, turn in turns.items():
        where = f"turn_tracker.reversed_from.{sid}"
        sc = game.scenarios.get(sid)
        if sc is None:
            raise _err(where, f"unknown scenario (expected one of {', '.join(game.scenarios)})")
        if not isinstance(turn, int) or isinstance(turn, bool) or not sc.first_turn < turn <= sc.last_turn:
            raise _err(where, f"expected a turn after the scenario's first ({sc.first_turn}-{sc.last_turn})")
        out[sid] = turn
    marker = t.get("flip_marker", "")
    if marker and not flag:
        raise _err("turn_tracker.flip_marker", "needs reversed = true")
    if not isinstance(marker, str) or (marker and marker not in {m.kind for m in game.all_markers}):
        raise _err("turn_tracker.flip_marker", "expected a marker kind of markers.csv")
    return flag, out, marker


def settings(game: Game) -> Settings:
    """The game's ``module.toml`` read and checked, with defaults; a problem is a DataError naming its key."""
    data = game.module
    _keys(data, TOP_KEYS, "")
    attacks = _table(data, "attacks", "")
    _keys(attacks, {"clear_phase"}, "attacks.")
    battles = _table(data, "battles", "")
    _keys(battles, {"command"}, "battles.")
    command = battles.get("command", True)
    if not isinstance(command, bool):
        raise _err("battles.command", "expected true or false")
    cards = _table(data, "cards", "")
    _keys(cards, {"set_aside", "joker"}, "cards.")
    aside = _table(cards, "set_aside", "cards.")
    _keys(aside, {"name", "command", "message"}, "cards.set_aside.")
    joker = _table(cards, "joker", "cards.")
    _keys(joker, {"name", "faces"}, "cards.joker.")
    where = "cards.set_aside."
    reversed_order, reversed_from, flip_marker = _tracker(game, data)
    return Settings(
        unit_commands=_unit_commands(game, data),
        attack_clear_phase=_phase(game, attacks, "clear_phase", "attacks."),
        battle_command=command,
        dice=_dice(game, data),
        set_aside=SetAside(_text(aside, "name", where, "Set-aside Cards", 40),
                           _text(aside, "command", where, "Add to the Draw Pile"),
                           _text(aside, "message", where, "The set-aside cards join the Draw Pile")),
        joker=Joker(_text(joker, "name", "cards.joker.", "Joker", 40),
                    _text(joker, "faces", "cards.joker.", "either side up")),
        reversed_order=reversed_order,
        reversed_from=reversed_from,
        flip_marker=flip_marker,
    )


def problems(game: Game) -> list[DataError]:
    """What ``hexforge info`` reports about ``module.toml`` (its first problem)."""
    try:
        settings(game)
    except DataError as err:
        return [err]
    return []
