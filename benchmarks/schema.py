"""Benchmark (issue 18): checking each line of a log against its JSON Schema — the log reader's own checker
(``validator/schema_check.py``) beside the well-kept libraries that could replace it, on the 2,000 actions of the
random player's 28-turn campaign (benchmarks/validate.py's game):

- fastjsonschema, which compiles the schema into Python: the whole schema (its ``oneOf``/``if``/``then`` tried for
  every line) and, as our checker does, straight to the branch of the line's ``type`` (one compiled function per
  kind), with the same id checks as ``format`` functions; its compile time is paid once per game and process;
- msgspec, which decodes and validates typed records in one pass: it needs the format as Python ``Struct`` types, a
  second description beside the schema files (which are data, written by ``validator/log_schema.py``), so only its
  decoding is measured here, against ``json.loads``.

The reader keeps whichever checks the lines fastest with messages in plain words. Run: .venv/bin/python
benchmarks/schema.py   (fastjsonschema and msgspec come with the test extra; a missing one is skipped)
"""

from __future__ import annotations

import json
import sys
import time

import games
from validate import best, random_game  # this folder's benchmark of the validator
from validator.logfile import id_checker
from validator.schema_check import SchemaChecker, load_schema
from validator.log_schema import schema_file

FORMATS = ("unit", "card", "side", "phase", "step", "weather", "hex", "area", "box", "map-location", "location")


def main() -> int:
    game = games.load("no_retreat")
    _, lines, _ = random_game(game, 1)
    actions = lines[1:]
    texts = [json.dumps(a) for a in actions]
    schema = load_schema(schema_file(game.rules_package))
    ids = id_checker(game)
    ours = SchemaChecker(schema, ids)
    assert all(ours.first_error_by_type(a, "action") is None for a in actions)
    t_json = best(lambda: [json.loads(t) for t in texts])
    t_ours = best(lambda: [ours.first_error_by_type(a, "action") for a in actions])
    print(f"{len(actions)} actions; json.loads {t_json * 1000:.1f} ms")
    print(f"hexforge's checker (by type)        {t_ours * 1000:8.1f} ms   {t_ours / t_json:5.1f}x json   (no compile)")
    winner, fastest = "hexforge's checker", t_ours
    try:
        import fastjsonschema
    except ImportError:
        print("fastjsonschema: not installed (pip install -e '.[test]')")
    else:
        formats = {f: (lambda f: (lambda v: ids(f, v) is None))(f) for f in FORMATS}
        t = time.perf_counter()
        whole = fastjsonschema.compile(schema, formats=formats)
        t_compile = time.perf_counter() - t
        t_whole = best(lambda: [whole(a) for a in actions])
        t = time.perf_counter()
        kinds = {k: fastjsonschema.compile({"$schema": schema["$schema"], "$id": schema["$id"],
                                            "$ref": f"#/$defs/{k}", "$defs": schema["$defs"]}, formats=formats)
                 for k in sorted({a["type"] for a in actions})}
        t_compile_kinds = time.perf_counter() - t
        t_kinds = best(lambda: [kinds[a["type"]](a) for a in actions])
        try:
            whole({"type": "move", "side": "axis", "unit": "nobody", "to": "0101"})
        except fastjsonschema.JsonSchemaException as exc:
            message = exc.message
        print(f"fastjsonschema (whole schema)       {t_whole * 1000:8.1f} ms   {t_whole / t_json:5.1f}x json   "
              f"(compile {t_compile * 1000:.0f} ms; an unknown unit reads: {message!r})")
        print(f"fastjsonschema (branch by type)     {t_kinds * 1000:8.1f} ms   {t_kinds / t_json:5.1f}x json   "
              f"(compile {t_compile_kinds * 1000:.0f} ms)")
        for name, t in (("fastjsonschema", min(t_whole, t_kinds)),):
            if t < fastest:
                winner, fastest = name, t
    try:
        import msgspec
    except ImportError:
        print("msgspec: not installed (pip install -e '.[test]')")
    else:
        raw = [t.encode() for t in texts]
        decoder = msgspec.json.Decoder()
        t_msgspec = best(lambda: [decoder.decode(r) for r in raw])
        print(f"msgspec (decode only, untyped)      {t_msgspec * 1000:8.1f} ms   {t_msgspec / t_json:5.1f}x json   "
              "(typed validation needs the format as Struct types: not measured)")
    print(f"fastest schema check: {winner} ({fastest * 1000:.1f} ms); the log reader uses hexforge's checker")
    return 0


if __name__ == "__main__":
    sys.exit(main())
