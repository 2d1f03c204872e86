"""Combat (starter rules 4.0-4.5), from the game's Combat Results Table (the first table of ``crt.toml``) and the
Terrain Effects Chart:

- 4.1 the attackers are the phasing side's units, each next to a target hex (across a passable hexside); the
  targets hold enemy units;
- 4.2 a unit attacks once, and a hex is attacked once, in a Combat Phase;
- 4.3 the odds: the attackers' attack strengths against the defenders' defence strengths (every enemy unit in the
  targets), as the CRT's best column they reach, shifted left by the TEC ``shift`` of the defender's terrain (the
  highest of the targets'); below the first column an attack is not allowed when the CRT's ``below`` is ``none``;
- 4.4 the claimed result is the CRT's for that column and the die (``odds`` and ``shifts``, when claimed, are
  checked too);
- 4.5 a retreat or an advance goes hex by hex to adjacent hexes free of enemy units, by units of the last battle.
What a result does to the units (steps, retreats) is logged by the players (``loss``, ``remove``, ``retreat``,
``advance``) and not enforced by these starter rules: that is a game's own to add.
"""

from __future__ import annotations

from games.model import LookupTable

from ...engine import odds
from ...engine.context import Context
from ...engine.position import held_by_others, position
from ...engine.state import evolve
from ...model import Action, Finding
from .state import State, UnitState


def crt(ctx: Context) -> LookupTable | None:
    return next(iter(ctx.game.crts.values()), None)


def _strength(value: int | None, fallback: int | None) -> int:
    return value if value is not None else (fallback or 0)


def handle_battle(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    side = action.side
    attackers = list(action["attackers"])
    targets = list(action["targets"])
    game, board = ctx.game, ctx.board
    findings: list[Finding] = []
    pos = position(ctx, state.units)
    enemy = held_by_others(pos, side)
    arrows = tuple((state.units[a].loc, t) for a in attackers if a in state.units for t in targets[:1])
    for t in targets:
        if t not in enemy:
            findings.append(Finding("4.1", f"target {t} holds no enemy unit", (), (t,), arrows))
        elif t in state.targets:
            findings.append(Finding("4.2", f"{t} was already attacked in this Combat Phase", (), (t,), arrows))
    for a in attackers:
        us = state.units.get(a)
        if us is None or game.units[a].side != side:
            findings.append(Finding("4.1", f"{a} is not a unit of {side}", (a,), (), arrows))
        elif not any(t in board.open_neighbours.get(us.loc, ()) for t in targets):
            findings.append(Finding("4.1", f"{a} at {us.loc} is not next to a target ({', '.join(targets)})", (a,),
                                    (), arrows))
        elif a in state.attacked:
            findings.append(Finding("4.2", f"{a} already attacked in this Combat Phase", (a,), (), arrows))
    defenders = [u for t in targets for u in pos.at.get(t, ()) if game.units[u].side != side]
    attack = sum(_strength(game.units[a].face(state.units[a].face).attack,
                           game.units[a].face(state.units[a].face).strength) for a in attackers if a in state.units)
    defence = sum(_strength(game.units[d].face(state.units[d].face).defense,
                            game.units[d].face(state.units[d].face).strength) for d in defenders)
    table = crt(ctx)
    if table is not None and not findings:
        findings += _check_result(ctx, table, action, attack, defence, targets, arrows)
    results = {u: action["result"] for u in (*attackers, *defenders)}
    return evolve(state, attacked=state.attacked | set(attackers), targets=state.targets | set(targets),
                  results=results), findings


def _check_result(ctx: Context, table: LookupTable, action: Action, attack: int, defence: int, targets: list[str],
                  arrows) -> list[Finding]:
    shift = -max((ctx.game.tec[ctx.game.map.hexes[t].terrain].defense_shift if t in ctx.game.map.hexes
                  and ctx.game.map.hexes[t].terrain in ctx.game.tec else 0) for t in targets)
    o = odds.compute(table.columns, attack, max(defence, 1), shift, table.kind)
    labels = tuple((t, f"{o.words()}, die {action['die']}, {action['result']}") for t in targets[:1])
    out = []
    if o.final is None and table.limits.below == "none":
        return [Finding("4.3", f"{attack} against {defence} is below the table's first column ({table.columns[0]}): "
                               "no attack at these odds", (), (), arrows, labels)]
    column = o.final or table.columns[0]
    claimed = action.get("odds")
    if claimed is not None and claimed != column:
        out.append(Finding("4.3", f"the odds are {o.words()}, not {claimed}", (), (), arrows, labels))
    if action.get("shifts") is not None and action.get("shifts") != shift:
        out.append(Finding("4.3", f"the net shift is {shift:+d}, not {action.get('shifts'):+d}", (), (), arrows,
                           labels))
    try:
        want = table.result(column, table.row_for(action["die"]))
    except KeyError:
        return out + [Finding("4.4", f"the die {action['die']} is not a row of the {table.name}", (), (), arrows,
                              labels)]
    if action["result"] != want:
        out.append(Finding("4.4", f"{o.words()} with a die of {action['die']} gives {want}, not {action['result']}",
                           (), (), arrows, labels))
    return out


def handle_after_battle(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """``retreat`` and ``advance`` (4.5): a unit of the last battle moves along its path."""
    uid = action["unit"]
    us = state.units.get(uid)
    findings: list[Finding] = []
    if us is None or uid not in state.results:
        findings.append(Finding("4.5", f"{uid} was in no battle of this Combat Phase", (uid,)))
    path = list(action["path"])
    if us is not None and path and path[0] == us.loc:
        path = path[1:]
    enemy = held_by_others(position(ctx, state.units), ctx.game.units[uid].side)
    at = us.loc if us is not None else None
    for loc in path:
        if at is not None and loc not in ctx.board.open_neighbours.get(at, ()):
            findings.append(Finding("4.5", f"{uid}: {loc} is not next to {at}", (uid,), tuple(path)))
            break
        if loc in enemy:
            findings.append(Finding("4.5", f"{uid}: {loc} holds enemy units", (uid,), tuple(path)))
            break
        at = loc
    if us is None or not path:
        return state, findings
    units = dict(state.units)
    units[uid] = UnitState(path[-1], us.face)
    return evolve(state, units=units), findings


def handle_loss(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """``loss``: a unit with a reduced face turns to it; one on its last face is eliminated (to the first holding
    box of its side, if the map has one, else off the map)."""
    uid = action["unit"]
    us = state.units.get(uid)
    if us is None:
        return state, [Finding("4.5", f"{uid} is not in play", (uid,))]
    unit = ctx.game.units[uid]
    units = dict(state.units)
    if us.face == "front" and unit.steps > 1:
        units[uid] = UnitState(us.loc, "back")
    else:
        units[uid] = UnitState(next(iter(ctx.game.map.boxes), "eliminated"), us.face)
    return evolve(state, units=units), []
