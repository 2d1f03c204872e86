"""Organization (7.0-7.10), removal (11.3) and units that leave the map for boxes: direct rule tests and mutations
of the random player's organization. The scripted logs ``tests/logs/org_*.jsonl`` hold the rule-by-rule cases."""

from __future__ import annotations

from nr_played import first, position, replaced, rules_at, run
from validator.rules.no_retreat import organization, placement
from validator.rules.no_retreat.turn_events import EVENT_USERS


def test_free_upgrades_follow_the_turn_track(nr_game) -> None:
    ctx, _ = position(nr_game, {"turn": 1})
    assert [organization.free_upgrades(ctx, t) for t in (5, 6, 12, 13, 17, 18, 28)] == [0, 1, 1, 2, 2, 0, 0]


def test_costs(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 5}, units={"ger_4": {"at": "1005", "face": "back"},
                                                      "ger_sspz": {"at": "0606", "face": "back"},
                                                      "sov_moscow": "2008", "sov_kiev": "1210"})
    assert organization.flip_cost(ctx, state, "ger_4", "front") == 2
    assert organization.flip_cost(ctx, state, "ger_sspz", "front") == 1
    assert organization.flip_cost(ctx, state, "sov_moscow", "back") == 1  # fortify in a city
    assert organization.flip_cost(ctx, state, "sov_kiev", "back") == 2  # outside one
    assert organization.flip_cost(ctx, state, "sov_moscow", "front") == 0
    assert organization.improve_cost(ctx, "sov_southwest", "back") == 2  # its improved side is a Shock unit
    assert organization.improve_cost(ctx, "sov_west", "back") == 1


def test_replacement_faces_and_costs(nr_game) -> None:
    units = {"sov_southwest": {"at": "destroyed_soviet", "face": "back"}, "sov_west": {"at": "destroyed_soviet",
             "face": "back"}, "ger_4": "surrendered_axis", "ger_sspz": "destroyed_axis"}
    ctx, brittle = position(nr_game, {"turn": 16}, units=units)
    assert placement.expected_face(ctx, brittle, "sov_west", "replacement") == "back"  # 7.2.2
    assert placement.replacement_cost(ctx, brittle, "sov_southwest") == 2  # back on its red Shock side
    assert placement.replacement_cost(ctx, brittle, "sov_west") == 1
    assert placement.replacement_cost(ctx, brittle, "ger_4") == 2 and placement.replacement_cost(ctx, brittle, "ger_sspz") == 1
    assert placement.expected_face(ctx, brittle, "ger_4", "replacement") == "back"
    ctx, robust = position(nr_game, {"turn": 17}, units=units)
    assert placement.expected_face(ctx, robust, "sov_southwest", "replacement") == "front"  # 7.3: brown side
    assert placement.replacement_cost(ctx, robust, "sov_southwest") == 1


def test_every_turn_track_event_is_applied_somewhere(nr_game) -> None:
    codes = {e.code for t in nr_game.turns.values() for e in t.events}
    assert codes <= set(EVENT_USERS)


def test_turn_track_removals_and_the_kampfgruppe(nr_game) -> None:
    units = {"ita_8": "0915", "hun_2": "destroyed_axis", "hun_1": "rail_axis", "ger_4": "1005", "sov_west": "2404"}
    start = {"turn": 10, "player": "soviet", "phase": "detraining"}
    for cadres, hun_2 in ((True, "removed"), (False, "destroyed_axis")):
        ctx, state = position(nr_game, start, {"cadres": cadres}, units=units)
        state, _ = run(ctx, state, {"type": "turn", "side": "axis", "turn": 11})
        assert state.units["hun_2"].loc == hun_2 and state.units["hun_1"].loc == "rail_axis"
    ctx, state = position(nr_game, {"turn": 14, "player": "soviet", "phase": "detraining"}, units=units)
    state, _ = run(ctx, state, {"type": "turn", "side": "axis", "turn": 15})
    assert state.units["ita_8"].loc == "removed"


def test_red_soviet_unit_in_rumania_removes_both_rumanian_armies(nr_game) -> None:
    units = {"rum_3": "0915", "rum_4": "0914", "ger_11": "0913", "sov_west": {"at": "0816", "face": "back"}}
    ctx, state = position(nr_game, {"turn": 8, "player": "soviet", "phase": "removal"}, units=units)
    state, _ = run(ctx, state, {"type": "phase", "side": "soviet", "phase": "detraining"})
    assert state.units["rum_3"].loc == "removed" and state.units["rum_4"].loc == "removed"
    assert state.units["ger_11"].loc == "0913"
    ctx, state = position(nr_game, {"turn": 8, "player": "soviet", "phase": "removal"},
                          units={**units, "sov_west": "0816"})  # its brown side
    state, _ = run(ctx, state, {"type": "phase", "side": "soviet", "phase": "detraining"})
    assert state.units["rum_3"].loc == "0915"


def test_eliminated_allies_luftwaffe_and_cadres_go_to_the_turn_track(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 12, "player": "axis", "phase": "removal"}, {"cadres": True},
                          units={"hun_2": "1005", "ger_luftwaffe": "1006", "kg_1": "1007", "kg_2": "1008",
                                 "sov_west": "2404", "sov_ostatky": "2405"})
    moves = [{"type": "remove", "side": s, "unit": u, "to": f"destroyed_{s}"}
             for s, u in (("axis", "ger_luftwaffe"), ("axis", "kg_1"), ("axis", "kg_2"), ("axis", "hun_2"))]
    state, _ = run(ctx, state, *moves)
    returns = state.track.returns
    assert state.units["ger_luftwaffe"].loc == "turn_track" and returns["ger_luftwaffe"] == 13
    assert returns["kg_1"] == 13 and returns["kg_2"] == 14  # one cadre per turn (15.3.3)
    assert state.units["hun_2"].loc == "removed"  # an Axis ally off the map from turn 11: Kampfgruppe (15.3.1)
    assert placement.kind_of(ctx, state, "ger_luftwaffe")[0] is None
    state, _ = run(ctx, state, {"type": "turn", "side": "axis", "turn": 13})
    assert placement.kind_of(ctx, state, "ger_luftwaffe")[0] == "reinforcement"
    assert placement.place_hexes(ctx, state, "kg_1", "reinforcement") == ["cadre_axis"]


def test_replacement_into_a_cadre_hex(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 9, "player": "soviet", "phase": "organization", "step": "placement"},
                          {"cadres": True}, units={"sov_ostatky": "1810", "sov_west": "destroyed_soviet", "ger_4": "1005"},
                          hands={"axis": [], "soviet": ["c01"]})
    state, found = run(ctx, state, {"type": "place", "side": "soviet", "unit": "sov_west", "to": "1810",
                                    "pay": ["c01"]})
    assert found == []
    assert state.units["sov_west"].loc == "1810" and state.units["sov_ostatky"].loc == "turn_track"


# -- mutations ----------------------------------------------------------------------------------------------------

def test_mutation_unpaid_replacement(played) -> None:
    def find(i, a, s):
        return {k: v for k, v in a.items() if k != "pay"} if a["type"] == "place" and a.get("pay") else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"7.9"}


def test_mutation_underpaid_flip(played) -> None:
    def find(i, a, s):
        return {**a, "pay": a["pay"][1:]} if a["type"] == "flip" and len(a.get("pay", ())) > 1 else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) & {"7.1", "7.5"}


def test_mutation_free_upgrade_too_many(played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "flip" or a.get("pay") or a["side"] != "soviet" or s.turn >= 17:
            return None
        other = sorted(u for u, us in s.units.items() if ctx.game.units[u].flip == "improve" and us.face == "front"
                       and us.loc in ctx.board.locations and u != a["unit"]
                       and not organization.flip_problems(ctx, s, "soviet", u, "back", [])[0])
        return {**a, "unit": other[0]} if other else None

    i, new = first(played, find)
    lines = list(played.lines)
    lines.insert(i + 2, new)
    assert rules_at(lines, i + 1) == {"7.2"}


def test_mutation_unpaid_reorganization(played) -> None:
    def find(i, a, s):
        return {k: v for k, v in a.items() if k != "pay"} if a["type"] == "reorganize" else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"7.10"}
