"""A Stalingrad '42 game of battles for the module's battle command (issue 22), planned with the rules package.

The game is the Campaign Game's first turn, in the Axis Combat Phase, on an otherwise empty board: for each terrain
of the TEC a unit can defend in (every hex terrain, every settlement, a printed Fortification) a target hex and the
hex next to it its attackers stand in (no hexside feature between them but an Alpine hexside, which the mountain
attacker of the Alpine hex crosses, 9.6.2); the defender and attackers are chosen, by the rules package's own
arithmetic (``combat._readings``: strengths, shifts, the odds column), so that the battles reach every column of the
CRT and the automatic DS (8.4.1). :func:`plan` gives the battles; :func:`script` what players do in VASSAL (units
placed from the palette, the tracker to the Axis Combat Phase, per battle the units selected, *Declare battle*, the
dice seeded, *Resolve battle*; a Determined Defense where the result allows one; screenshots of a declared and a
resolved battle; the log, with a result set by hand as its last step). :func:`set_up_plan` and :func:`set_up_script`
are a second, short game from a scenario's set-up whose log validates clean.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any

import validator.rules.stalingrad42 as s42
from validator.logfile import parse_log
from validator.model import Action
from validator.engine.state import evolve
from validator.rules.stalingrad42 import combat
from validator.rules.stalingrad42.battlefield import ground
from validator.rules.stalingrad42.combat_data import combat_facts
from vassal_playback import JavaRandom, playback, unit_in

SCENARIO = "s4_campaign"
START = {"turn": 1, "player": "axis", "phase": "combat"}
DECLARE, RESOLVE, DETERMINED = "Declare battle", "Resolve battle", "Determined defense"
SHOT = "wooded_rough"  # the battle the screenshots show: inside the map (the view centres on it; a battle by the
# west edge stayed at the window's edge), its attackers east of it (the marker above and the badges left stand clear)
LOG = "s42-battles.vlog"  # the game's log, a result set by hand its last step
FLAGGED = {"black_dot", "red_dot", "white_dot", "parenthesized", "non_combat", "asu", "silhouette", "tank_corps",
           "mountain_attack", "city_attack", "free_stacking"}


@dataclass(frozen=True)
class Battle:
    what: str  # the TEC row the target stands for
    target: str
    froms: tuple[str, ...]  # the attackers' hex
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    die: int
    column: str  # what the rules give: a printed column, or the automatic result


def terrains(game) -> list[tuple[str, Any]]:
    """(TEC row, a test of a hex) for every row a defender's hex can be: hex terrains, settlements, the printed
    Fortification."""
    out = [(t.id, lambda h, t=t.id: h.terrain == t and not h.settlement and "fort" not in h.features)
           for t in game.tec.values() if t.applies_to == "hex"]
    out += [(t.id, lambda h, t=t.id: h.settlement == t and h.terrain == "clear") for t in game.tec.values()
            if t.applies_to == "settlement"]
    out.append(("fort", lambda h: "fort" in h.features and not h.settlement and h.terrain == "clear"))
    return out


def position(game, units: dict[str, str]):
    header = {"format": "hexforge-log", "version": 1, "game": game.id, "scenario": SCENARIO, "start": START,
              "position": {"units": units}}
    log, g = parse_log("t.jsonl", (json.dumps(header) + "\n").encode())
    ctx = s42.context(g, log.header)
    return ctx, s42.start(ctx)


def reading(ctx, state, attackers, target: str, hand: int = 0):
    """What the rules package computes for a battle: its Reading (strengths, shifts, column) and Ground."""
    foe = "soviet"
    in_hex, crossings = combat._engaged(ctx, state, "axis", attackers, target)
    action = Action(0, "battle", "axis", {"attackers": list(attackers), "targets": [target], "die": 1,
                                          "result": "A1"})
    readings, *_ = combat._readings(ctx, state, action, "axis", attackers, in_hex, target, "regular", crossings,
                                    False)
    r = readings[0]
    if hand:
        from validator.rules.stalingrad42.modifiers import Shift
        r = combat.Reading(ctx, r.attack, r.defense, r.shifts + [Shift(hand, "by hand", "-")])
    return r, ground(ctx, state, target, foe), in_hex


def _sites(ctx, game) -> list[tuple[str, str, str]]:
    """(TEC row, target, attackers' hex) for every row, far apart."""
    board, hexes = ctx.board, game.map.hexes
    used: set[str] = set()
    out = []
    for what, test in terrains(game):
        found = None
        for hid in sorted(hexes):
            if hid in used or not test(hexes[hid]):
                continue
            # the attackers' hex not north of the target: the battle marker stands just above the defender
            for n in sorted(board.neighbours.get(hid, ()), key=lambda x: x == hid[:2] + f"{int(hid[2:]) - 1:02d}"):
                h = hexes.get(n)
                allowed = {"alpine_side"} if what == "alpine" else set()
                if h is None or n in used or h.settlement or h.features or h.terrain in ("marsh", "seasonal_marsh"):
                    continue
                if set(board.hexside(n, hid)) - allowed or (what == "alpine" and not board.hexside(n, hid)):
                    continue
                found = (what, hid, n)
                break
            if found:
                break
        assert found, f"no hex for {what}"
        out.append(found)
        ring = {found[1], found[2]}
        for _ in range(4):
            ring |= {x for r in ring for x in board.neighbours.get(r, ())}
        used |= ring
    return out


def pools(game) -> tuple[dict[tuple, list[str]], dict[int, list[str]]]:
    """Axis attackers by kind (attack, tags that matter) and Soviet defenders by defense, unit ids sorted."""
    att: dict[tuple, list[str]] = {}
    dfn: dict[int, list[str]] = {}
    for uid in sorted(game.units):
        u = game.units[uid]
        f = u.front
        tags = game.tags(u, "front")
        if not (f.attack and f.defense):
            continue
        if u.side == "axis" and u.nationality == "german":
            if not tags & FLAGGED:
                att.setdefault((f.attack, ""), []).append(uid)
            elif tags & FLAGGED == {"red_dot"} and f.type == "tank":
                att.setdefault((f.attack, "red_dot"), []).append(uid)
            elif "mountain_attack" in tags and tags & FLAGGED == {"mountain_attack"}:
                att.setdefault((f.attack, "mountain"), []).append(uid)
        elif u.side == "soviet" and not tags & FLAGGED and "infantry_type" in tags:
            dfn.setdefault(f.defense, []).append(uid)
    return att, dfn


def plan(game) -> list[Battle]:
    """The battles: every TEC row a target, every CRT column (and the automatic DS) reached (this module's
    docstring): the highest columns first, each on the first site that reaches it."""
    ctx, base = position(game, {})
    sites = _sites(ctx, game)
    crt = game.crts["crt"]
    wanted = [crt.limits.automatic_result] + list(reversed(crt.columns))
    att, dfn = pools(game)
    taken: set[str] = set()
    chosen: dict[int, Battle] = {}
    for goal in wanted + [None] * len(sites):
        for i, (what, target, n) in enumerate(sites):
            if i in chosen:
                continue
            found = _fight(ctx, base, att, dfn, taken, what, target, n, goal)
            if found:
                a_ids, d_ids, col = found
                taken |= set(a_ids) | set(d_ids)
                chosen[i] = Battle(what, target, (n,), a_ids, d_ids, 1 + len(chosen) % 6, col)
                break
        else:
            assert goal is None, f"no site reaches {goal}"
    return [chosen[i] for i in sorted(chosen)]


def _fight(ctx, base, att, dfn, taken, what, target, n, goal):
    """(attackers, defenders, column) of a battle at ``target`` from ``n`` that reaches ``goal`` (None: any)."""
    crt = ctx.game.crts["crt"]
    kinds = [k for k in sorted(att) if (k[1] == "mountain") == (what == "alpine")]
    for d in sorted(dfn, reverse=goal is None or goal in crt.columns[:3]):
        for size in (1, 2, 3):
            for combo in itertools.combinations_with_replacement(kinds, size):
                a_ids = _take(att, combo, taken)
                d_ids = _take_d(dfn, d, taken)
                if a_ids is None or d_ids is None:
                    continue
                units = dict(base.units)
                for u in a_ids:
                    units[u] = evolve(units[u], loc=n)
                for u in d_ids:
                    units[u] = evolve(units[u], loc=target)
                r, _, _ = reading(ctx, evolve(base, units=units), a_ids, target)
                col = crt.limits.automatic_result if r.col.automatic else r.col.column
                if col is not None and (goal is None or col == goal):
                    return a_ids, d_ids, col
    return None


def _take(pool: dict[tuple, list[str]], combo, taken: set[str]) -> tuple[str, ...] | None:
    out: list[str] = []
    for k in combo:
        free = [u for u in pool[k] if u not in taken and u not in out]
        if not free:
            return None
        out.append(free[0])
    return tuple(out)


def _take_d(pool: dict[int, list[str]], d: int, taken: set[str]) -> tuple[str, ...] | None:
    free = [u for u in pool[d] if u not in taken]
    return (free[0],) if free else None


def placed(battles: list[Battle]) -> dict[str, str]:
    return {**{u: b.froms[0] for b in battles for u in b.attackers}, **{u: b.target for b in battles
                                                                        for u in b.defenders}}


def seed_for(die: int, sides: int = 6) -> int:
    """A seed whose first roll of one die is ``die`` (the harness re-seeds VASSAL's dice before a roll)."""
    return next(s for s in range(1, 1000) if JavaRandom(s).next_int(sides) + 1 == die)


def marker(n: int) -> dict[str, str]:
    return {"Kind": "battle", "BattleNo": str(n)}


def script(game, battles: list[Battle], dd: dict[int, int]) -> list[dict[str, Any]]:
    """The harness script: the board, the tracker to the Axis Combat Phase, the units, the battles (``dd``: battle
    index -> the Determined Defense's die), screenshots of battle :data:`SHOT`, a dump and a save."""
    from modgen.furniture import phase_labels

    out: list[dict[str, Any]] = [{"do": "new_game"}, {"do": "side", "side": "Axis"}]
    out += [{"do": "turn", "step": "next"}] * phase_labels(game).index("Axis Combat Phase")
    for uid, at in sorted(placed(battles).items()):
        out.append({"do": "place", "slot": f"{game.units[uid].front.name} [{uid}]", "at": at})
    out += [{"do": "begin_log", "file": LOG}, {"do": "show", "width": 1280, "height": 960}]
    for i, b in enumerate(battles, start=1):
        out.append({"do": "select", "pieces": [{"UnitId": u} for u in (*b.attackers, b.defenders[0])]})
        out.append({"do": "button", "name": DECLARE})
        look = [{"do": "centre", "at": b.target}]
        if b.what == SHOT:
            out += look + [{"do": "screenshot", "window": "main", "file": "s42-battle-declared.png"}]
        out += [{"do": "seed", "value": seed_for(b.die)}, {"do": "key", "piece": marker(i), "menu": RESOLVE}]
        if i - 1 in dd:
            out += [{"do": "seed", "value": seed_for(dd[i - 1])}, {"do": "key", "piece": marker(i), "menu": DETERMINED}]
        if b.what == SHOT:
            out += look + [{"do": "screenshot", "window": "main", "file": "s42-battle-resolved.png"}]
    n, result = hand_result(game, battles)
    return out + [{"do": "dump"}, {"do": "save", "file": "s42-battles.vsav"},
                  {"do": "key", "piece": marker(n), "menu": f"Result {result}"}, {"do": "end_log"}]


def hand_result(game, battles: list[Battle]) -> tuple[int, str]:
    """(battle number, result): the result a player sets by hand after the game, the last step of the log: the
    first battle on a printed column gets the first result the CRT does not give it."""
    crt = game.crts["crt"]
    n = next(i for i, b in enumerate(battles, start=1) if b.column in crt.columns)
    given = {row[crt.columns.index(battles[n - 1].column)] for row in crt.rows.values()}
    return n, next(r for r in crt.legend if r not in given)


def dd_results(ctx) -> frozenset[str]:
    return frozenset(r for r, res in combat_facts(ctx).results.items() if res.determined)


# The second game: battles from a scenario's set-up, and what their results require, so that its log validates clean.

SET_UP_LOG = "s42-set-up-battles.vlog"  # its log, a result set by hand its last step
WEATHER_DIE = 1  # turn 2's Weather roll (any die gives Clear in summer)
SET_UP_DICE = (1, 6)  # the two battles' dice: the A1 and the DR2 the plan reports
SET_UP_HAND = (1, "EX")  # (battle number, result) set by hand afterwards: its owed steps are the A1's but the
# defender's, which EX owes only at the phase's end (the log ends in the Combat Phase): one 10.1, at that battle


def set_up_plan() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(header, actions) of the game from S1 Fall Blau's set-up that the end-to-end test plays with attack marks
    (tests/test_vassal_s42_e2e.py: Soviet moves on turn 1, a turn-2 reinforcement, then two Axis battles, an A1 with
    its step loss and a DR2 with its retreat), ending in the Axis Combat Phase (the battle markers stay on the map)."""
    from test_vassal_s42_e2e import HEAD, clean

    actions = clean(WEATHER_DIE, *SET_UP_DICE)
    assert actions[-1]["type"] == "phase"
    return HEAD, actions[:-1]


def set_up_script(game, point) -> list[dict[str, Any]]:
    """The harness script of :func:`set_up_plan` from the scenario's predefined setup, each battle fought with the
    module's battle command (the attackers and a defender selected, *Declare battle*, the die seeded, *Resolve
    battle* on the marker), the steps the results require as a player plays them (a flip, drags), the result set by
    hand on battle :data:`SET_UP_HAND`'s marker as the log's last step. ``point``: an area's main-map pixel."""
    header, actions = set_up_plan()
    fought: list[int] = []

    def battle(p, a: dict[str, Any], before) -> None:
        fought.append(len(fought) + 1)
        p.do(do="select", pieces=[{"UnitId": u} for u in (*a["attackers"], unit_in(before, a["targets"][0]))])
        p.do(do="button", name=DECLARE)
        p.do(do="seed", value=seed_for(a["die"]))
        p.do(do="key", piece=marker(fought[-1]), menu=RESOLVE)

    part = playback(game, header, actions, SET_UP_LOG, cards=False, battle=battle, area_point=point)
    rolled = iter(a["die"] for a in actions if a["type"] != "battle" and a.get("die") is not None)
    out: list[dict[str, Any]] = []
    for step in part[:-1]:  # the other rolls (the weather's) seeded too: the die the plan reports
        if step == {"do": "button", "name": "1d6"}:
            out.append({"do": "seed", "value": seed_for(next(rolled))})
        out.append(step)
    n, result = SET_UP_HAND
    return out + [{"do": "key", "piece": marker(n), "menu": f"Result {result}"}, part[-1]]
