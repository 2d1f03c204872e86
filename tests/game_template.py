"""A small game folder written from a template, with every optional part of the data format, any of which can be
left out (``write_game(path, without={"cards", "weather"})``). Used by the loader tests to prove each part is
optional and to plant errors."""

from __future__ import annotations

from pathlib import Path

# Every optional part of a game; write_game(..., without=OPTIONAL) writes a game with none of them.
OPTIONAL = frozenset({
    "cards", "weather", "vp_track", "markers", "crt", "tables", "hexsides", "sections", "areas", "water", "regions",
    "boxes", "turn_events", "traits", "columns", "source", "legacy_turns",
})

HEXES = [  # hex, terrain, settlement, name, features, section
    ("1000", "clear", "town", "Alpha", "rail", "A"), ("1100", "clear", "", "", "", "A"),
    ("1200", "woods", "", "", "", "B"), ("1300", "clear", "", "", "", "B"),
    ("1001", "clear", "", "", "rail", "A"), ("1101", "woods", "", "", "", "A"),
    ("1201", "clear", "city", "Beta", "", "B"), ("1301", "clear", "", "", "", "B"),
    ("1002", "clear", "", "", "", "A"), ("1102", "clear", "", "", "", "A"),
    ("1202", "woods", "", "", "", "B"), ("1302", "clear", "", "", "", "B"),
]


def _csv(rows: list[list[str]], drop: set[str]) -> str:
    keep = [i for i, h in enumerate(rows[0]) if h not in drop]
    return "".join(",".join(r[i] for i in keep) + "\n" for r in rows)


def write_game(root: Path, without: frozenset[str] | set[str] = frozenset()) -> Path:
    """Write the template game into ``root`` (created) without the parts named; returns ``root``."""
    w = set(without)
    unknown = w - OPTIONAL
    assert not unknown, unknown
    drop = {"source"} if "source" in w else set()
    files: dict[str, str] = {}

    traits = "" if "traits" in w else '''
[traits.elite]
name = "Elite"
group = "tq"
rule = "2.1"
[traits.low]
name = "Low quality"
group = "tq"
[traits.mech]
name = "Mechanized"
[traits.free_stacking]
name = "Free stacking"
[traits.non_combat]
name = "Non-combat"
'''
    type_traits = {"tank": '\ntraits = ["mech"]', "hq": '\ntraits = ["non_combat"]'} if "traits" not in w else {}
    stacking_red = ('{ from = 1, limit = 1, free = { trait = "free_stacking", count = 1 }, exempt = ["non_combat"], '
                    'raise = { with = ["hq"], limit = 2 } }') if "traits" not in w else \
        '{ from = 1, limit = 1, raise = { with = ["hq"], limit = 2 } }'
    vp = "" if "vp_track" in w else "\n[vp_track]\nlow = 0\nhigh = 20\nstart = 5\n"
    columns = "" if "columns" in w else '''
[columns.turns.season]
type = "choice"
values = ["summer", "winter"]
[columns.turns.benchmark]
type = "int"
min = -10
max = 30
name = "Benchmark VP"
[columns.units.arrival]
type = "text"
max_length = 8
[columns.tec.mud_mp_foot]
type = "mp"
'''
    files["game.toml"] = f'''id = "mini"
title = "Mini"
publisher = "Us"
edition = "1"
module_name = "Mini"

[grid]
orientation = "flat"
offset = "odd"
first_column = 10
first_row = 0
columns = 4
rows = 3
module_hex_width = 64.0
module_origin = [48, 48]

[sides.red]
name = "Red"
colour = "#aa0000"

[sides.blue]
name = "Blue"
colour = "#0000aa"

[nationalities.reds]
name = "Reds"
side = "red"
colours = {{ full = "#dd8888", reduced = "#eeaaaa" }}

[nationalities.blues]
name = "Blues"
side = "blue"
colours = {{ full = "#8888dd" }}
{traits}
[unit_types.inf]
name = "Infantry"
symbol = "infantry"
move_class = "foot"

[unit_types.tank]
name = "Tank"
symbol = "armor"
move_class = "mech"{type_traits.get("tank", "")}

[unit_types.hq]
name = "HQ"
symbol = "hq"
move_class = "mech"{type_traits.get("hq", "")}
{vp}
[sequence]
players = ["blue", "red"]

[[phases]]
id = "weather"
name = "Weather Phase"
player = false

[[phases]]
id = "movement"
name = "Movement Phase"
player = true

[[phases]]
id = "combat"
name = "Combat Phase"
player = true
steps = [["attacks", "Attacks"], ["advance", "Advance"]]

[[phases]]
id = "victory"
name = "Victory Phase"
player = false

[stacking]
red = [{stacking_red}]
blue = [{{ from = 1, limit = 2 }}]
{columns}'''

    hex_rows = [["hex", "terrain", "settlement", "name", "features", "section", "vp", "coast", "source"]]
    for hid, terrain, settlement, name, features, section in HEXES:
        coast = "sea" if hid == "1302" and "water" not in w else ""
        hex_rows.append([hid, terrain, settlement, name, features, section, "1" if name else "0", coast, "authored"])
    files["map/hexes.csv"] = _csv(hex_rows, drop | ({"section"} if "sections" in w else set()))
    if "hexsides" not in w:
        files["map/hexsides.csv"] = _csv([["hex", "dir", "features", "source"], ["1000", "SE", "minor_river", "found"],
                                          ["1101", "N", "primary_road", "authored"]], drop)
    if "sections" not in w:
        files["map/sections.toml"] = ('[A]\nname = "West"\nfirst = "1000"\nlast = "1102"\n\n'
                                      '[B]\nname = "East"\nfirst = "1200"\nlast = "1302"\n')
    if "areas" not in w:
        files["map/areas.toml"] = ('[W]\nname = "Entry Area W"\nside = "red"\nkind = "entry"\nterrain = "entry"\n'
                                   'adjacent = ["1000", "1001", "1002"]\n')
    if "water" not in w:
        files["map/water.toml"] = '[seas.sea]\nname = "The Sea"\nsupply = ["blue"]\n'
    if "regions" not in w:
        files["map/regions.toml"] = '[west]\nname = "West"\nlocations = ["1000", "1001", "1002"]\n'
    if "boxes" not in w:
        files["map/boxes.toml"] = ('[turn_track]\nname = "Turn Track"\nkind = "track"\nspaces = ["1", "2", "3"]\n\n'
                                   '[eliminated]\nname = "Eliminated"\nkind = "holding"\n')

    flags = "traits" not in w
    unit_rows = [["id", "side", "nationality", "front_name", "front_type", "front_attack", "front_defense", "front_ma",
                  "front_flags", "back_name", "back_type", "back_attack", "back_defense", "back_ma", "back_colour",
                  "steps", "code", "arrival", "source"],
                 ["r1", "red", "reds", "1st Inf", "inf", "3", "5", "3", "elite" if flags else "", "1st Inf", "inf", "1",
                  "3", "3", "reduced", "2", "", "W", "authored"],
                 ["r2", "red", "reds", "2nd Tank", "tank", "10", "8", "6", "free_stacking" if flags else "", "2nd Tank",
                  "tank", "5", "4", "6", "reduced", "3", "C", "", "authored"],
                 ["r3", "red", "reds", "Red HQ", "hq", "0", "0", "6", "", "Red HQ", "hq", "0", "0", "6", "", "1", "",
                  "", "authored"],
                 ["b1", "blue", "blues", "Blue Inf", "inf", "4", "6", "3", "low" if flags else "", "Blue Inf", "inf",
                  "2", "3", "3", "", "2", "", "", "authored"]]
    files["units.csv"] = _csv(unit_rows, drop | ({"arrival"} if "columns" in w else set()))
    if "markers" not in w:
        files["markers.csv"] = _csv([["kind", "shape", "count", "front_label", "front_icon", "front_colour",
                                      "front_side", "back_label", "back_icon", "back_colour", "back_side", "source"],
                                     ["control", "round", "4", "Red", "control", "#aa0000", "red", "Blue", "control",
                                      "#0000aa", "blue", "authored"]], drop)
    if "cards" not in w:
        files["cards.csv"] = _csv([["number", "id", "red_title", "red_text", "blue_title", "blue_text", "source"],
                                   ["1", "c01", "Push", "Move again.", "Hold", "Stay put.", "authored"]], drop)

    tec = [["id", "name", "applies_to", "mp_foot", "mp_mech", "shift", "stops_advance", "mud_mp_foot", "source"],
           ["clear", "Clear", "hex", "1", "1", "0", "no", "2", "found"],
           ["woods", "Woods", "hex", "2", "3", "1", "yes", "3", "found"],
           ["town", "Town", "settlement", "", "", "0", "no", "", "authored"],
           ["city", "City", "settlement", "", "", "1", "no", "", "authored"],
           ["rail", "Rail", "feature", "", "", "0", "no", "", "authored"],
           ["minor_river", "Minor river", "hexside", "+1", "+1", "0", "no", "+2", "authored"],
           ["primary_road", "Primary road", "hexside", "1", "1/2", "0", "no", "", "authored"],
           ["entry", "Entry Area", "area", "1", "1", "0", "no", "", "authored"]]
    files["tables/tec.csv"] = _csv(tec, drop | ({"mud_mp_foot"} if "columns" in w else set()))
    if "crt" not in w:
        files["tables/crt.toml"] = '''[results]
"-" = "No effect."
DR = "Defender retreats."
"A1/D1" = "Both lose a step."

[tables.crt]
name = "Combat Results Table"
file = "crt.csv"
kind = "odds"

[tables.crt.layers.adv]
file = "crt_adv.csv"
values = { "" = "no advance", "2" = "Adv 2" }

[tables.crt.limits]
below = "none"
automatic = "4-1"
automatic_result = "DR"
'''
        files["tables/crt.csv"] = ("die,1-2,1-1,2-1\n1,-,-,A1/D1\n2,-,A1/D1,DR\n3,-,DR,DR\n4,A1/D1,DR,DR\n"
                                   "5,DR,DR,DR\n6,DR,DR,DR\n")
        files["tables/crt_adv.csv"] = "die,1-2,1-1,2-1\n1,,,\n2,,,2\n3,,2,2\n4,,2,2\n5,2,2,2\n6,2,2,2\n"
    if "tables" not in w:
        weather_table = "" if "weather" in w else '''
[tables.weather]
name = "Weather Table"
file = "weather_table.csv"
results = "weather"
'''
        files["tables/tables.toml"] = f'''[tables.rally]
name = "Rally Table"
file = "rally.csv"
rolls = [0, 7]
clamp = true
results = {{ "-" = "no change", R = "recovers" }}

[[tables.rally.modifiers]]
value = 1
text = "Elite"
rule = "13.5"
{weather_table}'''
        files["tables/rally.csv"] = "roll,result\n0-4,-\n5-7,R\n"
        if "weather" not in w:
            files["tables/weather_table.csv"] = "die,summer,winter\n1-2,clear,rain\n3-6,clear,clear\n"
    if "weather" not in w:
        files["tables/weather.csv"] = _csv([["id", "name", "colour", "red_shift", "source"],
                                            ["clear", "Clear", "#f2d46b", "0", "found"],
                                            ["rain", "Rain", "#6b8fb0", "1", "authored"]], drop)

    turn_rows = [["turn", "date", "weather", "season", "benchmark", "blitz", "sd_red", "source"],
                 ["1", "June", "clear", "summer", "2", "1", "", "found"],
                 ["2", "July", "clear", "summer", "4", "0", "", "found"],
                 ["3", "Dec", "rain", "winter", "6", "0", "9", "found"]]
    files["turns.csv"] = _csv(turn_rows, drop | ({"weather"} if "weather" in w else set())
                              | ({"season", "benchmark"} if "columns" in w else set())
                              | ({"blitz", "sd_red"} if "legacy_turns" in w else set()))
    if "turn_events" not in w:
        files["turn_events.csv"] = _csv([["turn", "code", "text", "unit", "source"],
                                         ["2", "arrive", "Reinforcements", "b1", "authored"]], drop)

    markers = "" if "markers" in w or "boxes" in w else \
        '\n[[markers]]\nkind = "control"\nlocation = "turn_track:1"\n'
    control = "" if "regions" in w else '\n[control]\nwest = "red"\n'
    hands = "" if "cards" in w else '\n[hands]\nred = 1\nblue = 0\n'
    files["scenarios/s1/scenario.toml"] = f'''id = "s1"
name = "The whole war"
first_turn = 1
last_turn = 3
setup_file = "setup.csv"
special_rules = ["Nothing special."]
{hands}{control}{markers}
[options]
fog = false
'''
    setup = [["unit", "location", "face", "turn", "source"], ["r1", "1000", "front", "", "authored"],
             ["r2", "1001" if "traits" in w else "1000", "front", "", "authored"], ["r3", "1000", "", "", "authored"],
             ["b1", "1302", "back", "", "authored"]]
    files["scenarios/s1/setup.csv"] = _csv(setup, drop)

    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
