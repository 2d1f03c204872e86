"""A No Retreat! game of battles for the module's battle command (issue 22), written as a game log first.

The game starts in the Axis Combat Phase of turn 1 from the Campaign with units moved where the battles are fought
(the header's ``position``), so that its battles cover every column of the CRTs, the automatic result below the
first, and every terrain of the TEC that shifts a battle (open, city and objective, forest, marsh, mountain, the
Kerch Strait, an area, a river), an Unsupplied defender, a committed Blitz! marker, the armor bonus, a counterattack
after a CA and a battle of two target hexes. Each battle's die is chosen, among those for which the rules give a
result that asks nothing more of the log, by the rules themselves (``combat.evaluate``), and the plan carries the
odds and shift claims the validator checks; :func:`plan` returns it, validated clean by the validator.

:func:`script` turns the plan into what players do in VASSAL: before the log begins, the units go to their
places and the Unsupplied marker on its unit; then, per battle, the dice seeded for the planned roll, the units
selected, *Declare battle*, the adjustment set by hand, *Resolve battle* on the battle marker; losses as the plan
says; the turn tracker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nr_played import HEAD, encode
from vassal_playback import JavaRandom, playback
from validator.logfile import parse_log
from validator.model import Action, Header
from validator.replay import replay
from validator.rules import no_retreat as rules
from validator.rules.no_retreat.combat import evaluate, spec_of
from validator.rules.no_retreat.declaration import current

START = {"turn": 1, "phase": "combat", "player": "axis"}
QUIET = ("-", "CA", "CB")  # results that ask nothing more of the log
LOSSES = ("EX",)  # a step each side: the log names the attacker's loss when several units could take it


@dataclass(frozen=True)
class Fight:
    """One planned battle: who attacks which hexes, what its result may be, what is set by hand."""

    side: str
    attackers: tuple[str, ...]
    targets: tuple[str, ...]
    results: tuple[str, ...] = QUIET
    support: bool = False
    kind: str | None = None
    loses: str | None = None  # the attacker that takes an EX step
    what: str = ""


# where the units stand when the log begins (units not named stay where the Campaign puts them)
POSITION: dict[str, dict[str, Any]] = {
    # Axis Combat Phase
    "sov_south": {"at": "0810"}, "ger_11": {"at": "0811"},                           # mountain, then CA
    "sov_northwest": {"at": "1403"}, "ger_4pz": {"at": "1503"}, "ger_6": {"at": "1503"},  # forest, river, Blitz!
    "sov_steppe": {"at": "0511"},                                                    # across a lake from 0410
    "sov_bryansk": {"at": "0409"}, "ger_9": {"at": "0410"}, "ger_16": {"at": "0410"}, "ger_17": {"at": "0310"},
    "sov_crimean": {"at": "1519"}, "ger_1pz": {"at": "1418"},                         # Kerch Strait
    "sov_southwest": {"at": "1605", "unsupplied": True}, "ger_3pz": {"at": "1604", "face": "back"},  # open
    # Soviet Combat Phase
    "hun_1": {"at": "2203"}, "sov_kalinin": {"at": "2104"}, "sov_volkhov": {"at": "2204"},  # marsh
    "fin": {"at": "finland", "face": "back"}, "sov_central": {"at": "1902", "face": "back"},  # Finland
    "sov_leningrad": {"at": "1802"},
    "rum_4": {"at": "2105"}, "sov_reserve": {"at": "2005", "face": "back"}, "sov_kursk": {"at": "2106"},  # armor
    "hun_3": {"at": "2305"}, "sov_west": {"at": "2306", "face": "back"},
    "sov_stalingrad": {"at": "2206", "face": "back"},                                  # 6:1
    "ger_2pz": {"at": "2405"}, "ger_4": {"at": "2405"}, "sov_yug_1": {"at": "2406"},  # below the table
}

FIGHTS = (
    Fight("axis", ("ger_11",), ("0810",), ("CA",), what="mountain"),
    Fight("soviet", ("sov_south",), ("0811",), kind="counterattack", what="counterattack after CA"),
    Fight("axis", ("ger_4pz", "ger_6"), ("1403",), ("CB",), support=True, what="forest and river, Blitz! marker"),
    Fight("axis", ("ger_9", "ger_16", "ger_17"), ("0409",), what="objective city, two attacking hexes"),
    Fight("axis", ("ger_1pz",), ("1519",), what="Kerch Strait"),
    Fight("axis", ("ger_3pz",), ("1605",), what="Unsupplied defender, armor bonus"),
    Fight("soviet", ("sov_kalinin", "sov_volkhov"), ("2203",), QUIET + LOSSES, loses="sov_volkhov", what="marsh"),
    Fight("soviet", ("sov_central",), ("finland",), QUIET + LOSSES, what="an area (Finland)"),
    Fight("soviet", ("sov_reserve", "sov_kursk"), ("2105",), QUIET + LOSSES, loses="sov_kursk", what="armor bonus"),
    Fight("soviet", ("sov_west", "sov_stalingrad"), ("2305",), QUIET + LOSSES, loses="sov_stalingrad",
          what="beyond the last column"),
    Fight("soviet", ("sov_yug_1",), ("2405",), what="below the first column"),
)


def header() -> dict[str, Any]:
    return {**HEAD, "start": START, "position": {"units": POSITION, "keep_scenario": True}}


@dataclass
class Planner:
    game: Any
    actions: list[dict[str, Any]] = field(default_factory=list)

    def state(self):
        h = header()
        ctx = rules.context(self.game, Header(self.game.id, h["scenario"], start=h["start"], position=h["position"]))
        state = rules.start(ctx)
        for n, a in enumerate(self.actions, start=2):
            state, _ = rules.step(ctx, state, Action(n, a["type"], a["side"], _data(a)))
        return ctx, state

    def fight(self, f: Fight) -> None:
        ctx, state = self.state()
        line: dict[str, Any] = {"type": "battle", "side": f.side, "attackers": sorted(f.attackers),
                                "targets": list(f.targets)}
        if f.support:
            line["support"] = True
        if f.kind:
            line["kind"] = f.kind
        c = current(state)
        spec = spec_of(ctx, state, c, c.battle, Action(0, "battle", f.side, _data({**line, "die": 1})))
        first = sum(1 for a in self.actions if a["type"] == "battle")  # the dice vary from battle to battle
        for die in [1 + (first + i) % 6 for i in range(6)]:
            _, odds, _, result = evaluate(ctx, state, spec, die)
            if result in f.results:
                break
        else:
            raise AssertionError(f"no die gives {f.results} in the battle of {f.what}")
        line.update(die=die, result=result)
        if odds.final is not None:
            line.update(odds=odds.final, shifts=odds.shift)
        self.actions.append(line)
        if result in LOSSES and f.loses:
            self.actions.append({"type": "loss", "side": f.side, "unit": f.loses})


def _data(a: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in a.items() if k not in ("type", "side")}


def plan(game) -> list[dict[str, Any]]:
    """The actions of the game (after :func:`header`): the Axis battles, the phases up to the Soviet Combat Phase
    with the Unsupplied markers the Supply Check Phase gives (both sides'), the Soviet battles."""
    p = Planner(game)
    for f in FIGHTS:
        if f.side == "soviet" and f.kind is None and p.actions[-1]["side"] == "axis" or (
                f.side == "soviet" and f.kind is None and not any(a["type"] == "supply" for a in p.actions)):
            p.actions.append({"type": "phase", "side": "axis", "phase": "removal"})
            p.actions.append({"type": "phase", "side": "soviet", "phase": "organization"})
            _, state = p.state()  # the phasing side's units first, as the rules check them (and as players mark them)
            marked = sorted((u for u, s in state.units.items() if s.unsupplied),
                            key=lambda u: (game.units[u].side != "soviet", u))
            p.actions[-1:-1] = [{"type": "phase", "side": "soviet", "phase": "supply"},
                                {"type": "supply", "side": "soviet", "unsupplied": marked}]
            p.actions.append({"type": "phase", "side": "soviet", "phase": "combat"})
        p.fight(f)
    return p.actions


def violations(game, actions: list[dict[str, Any]]):
    log, g = parse_log("battles.jsonl", encode([header(), *actions]))
    return replay(log, g, keep_states=False).violations


def seed_for(die: int) -> int:
    """A seed whose first roll of one die is ``die`` (the harness re-seeds VASSAL's dice before a battle)."""
    return next(s for s in range(1, 1000) if JavaRandom(s).next_int(6) + 1 == die)


# -- in VASSAL ------------------------------------------------------------------------------------------------------

U = "UnitId"
PLAYERS = {"axis": ("Tester", ""), "soviet": ("Bob", "bob")}  # who plays each side (name, password)
SIDE_NAMES = {"axis": "Axis", "soviet": "Soviet"}
DECLARE = "Declare battle"
RESOLVE = "Resolve battle"
SUPPORT = "Blitz!/Shock! marker committed"
HAND_RESULT = ("finland", "DR")  # the battle whose result a player then sets by hand, and to what


def marker(n: int) -> dict[str, str]:
    return {"Kind": "battle", "BattleNo": str(n)}


def attempt(*units: str) -> list[dict[str, Any]]:
    """A declaration the module must refuse."""
    return [{"do": "select", "pieces": [{U: u} for u in units]}, {"do": "button", "name": DECLARE}]


def prelude(game) -> list[dict[str, Any]]:
    """Before the log begins: a declaration outside a Combat Phase, the tracker to the Axis Combat Phase, every unit
    of :data:`POSITION` to its place (dragged from where the Campaign has it, or from the palette), turned and
    marked Unsupplied as the position says."""
    from vassal_playback import phase_sequence

    sc = game.scenarios[HEAD["scenario"]]
    on_board = {x.unit for x in sc.setup} | {x.unit for x in sc.reinforcements if x.turn is not None}
    out = attempt("ger_4pz", "sov_northwest")  # the Campaign opens in the housekeeping phase
    out += [{"do": "turn", "step": "next"}] * phase_sequence(game).index(("axis", "combat"))
    for uid, spec in POSITION.items():
        loc = spec["at"]
        name = game.map.areas[loc].name if loc in game.map.areas else loc
        if uid in on_board:
            out.append({"do": "move", "piece": {U: uid}, "to": name, "map": "Main Map"})
        else:
            u = game.units[uid]
            out.append({"do": "place", "slot": f"{u.front.name} [{uid}]", "at": name})
        if spec.get("face") == "back":
            out.append({"do": "key", "piece": {U: uid}, "key": "ctrl F"})
        if spec.get("unsupplied"):
            out.append({"do": "key", "piece": {U: uid}, "menu": "Mark Unsupplied"})
    return out


@dataclass
class Battles:
    """Plays the planned battles with the battle command: the player of the attacking side, the units selected
    (the attackers and a unit of each target), *Declare battle*, an adjustment by hand, the dice seeded for the
    planned roll, *Resolve battle*; ``before`` / ``between`` / ``after``: more of the script around battle i."""

    before: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    between: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    after: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    player: str = "axis"
    index: int = 0
    numbers: dict[tuple, int] = field(default_factory=dict)

    def __call__(self, p, a: dict[str, Any], before) -> None:
        i = self.index
        self.index += 1
        if a["side"] != self.player:
            name, password = PLAYERS[a["side"]]
            p.script += [{"do": "player", "name": name, "password": password},
                         {"do": "side", "side": SIDE_NAMES[a["side"]]}]
            self.player = a["side"]
        p.script += self.before.get(i, [])
        phase = (before.turn, before.player)
        n = self.numbers[phase] = self.numbers.get(phase, 0) + 1
        enemy = {u for u, s in before.units.items() if p.game.units[u].side != a["side"]}
        chosen = list(a["attackers"]) + [min(u for u in enemy if before.units[u].loc == t) for t in a["targets"]]
        p.do(do="select", pieces=[{U: u} for u in chosen])
        p.do(do="button", name=DECLARE)
        if a.get("support"):
            p.do(do="key", piece=marker(n), menu=SUPPORT)
        p.script += self.between.get(i, [])
        p.do(do="seed", value=seed_for(a["die"]))
        p.do(do="key", piece=marker(n), menu=RESOLVE)
        p.script += self.after.get(i, [])


def script(game, actions: list[dict[str, Any]], log_file: str) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The harness script of the game (and, by name, the battle number of the battles it looks at): refused
    declarations, screenshots of a declared and a resolved battle, a dump and a save at the end of each Combat
    Phase, then a result set by hand, the last step of the log."""
    fights = [a for a in actions if a["type"] == "battle"]
    where = {tuple(a["targets"]): i for i, a in enumerate(fights)}
    shot = where[("1403",)]
    axis_last = max(i for i, a in enumerate(fights) if a["side"] == "axis")
    hand = where[(HAND_RESULT[0],)]
    look = [{"do": "centre", "at": "1403"}]
    b = Battles(
        before={0: attempt("ger_11", "ger_1pz") + attempt("ger_1pz", "sov_south"),
                2: attempt("ger_11", "sov_south") + [{"do": "show", "width": 1280, "height": 960}],
                3: attempt("ger_9", "sov_steppe")},
        between={shot: look + [{"do": "screenshot", "window": "main", "file": "battle-declared.png"}],
                 where[("1519",)]: attempt("ger_1pz", "sov_crimean")},
        after={shot: look + [{"do": "screenshot", "window": "main", "file": "battle-resolved.png"}],
               axis_last: [{"do": "dump"}, {"do": "save", "file": "axis.vsav"}]})
    s = playback(game, header(), actions, log_file, cards=False, prelude=prelude(game), battle=b)
    numbers = {}
    count: dict[str, int] = {}
    for a in fights:
        phase = a["side"] if a.get("kind") != "counterattack" else "axis"
        count[phase] = count.get(phase, 0) + 1
        numbers[",".join(a["targets"])] = count[phase]
    end = [{"do": "dump"}, {"do": "save", "file": "soviet.vsav"},
           {"do": "key", "piece": marker(numbers[HAND_RESULT[0]]), "menu": f"Result {HAND_RESULT[1]}"}]
    assert s[-1] == {"do": "end_log"} and hand >= 0
    return s[:-1] + end + s[-1:], numbers


__all__ = ["FIGHTS", "POSITION", "header", "plan", "violations", "seed_for", "playback", "script"]
