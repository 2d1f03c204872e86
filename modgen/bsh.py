"""Writing VASSAL 3.6 BeanShell expressions: string literals, table look-ups, piece counts.

VASSAL evaluates ``{...}`` as BeanShell with every property name bound to the piece's value (a number when the
value looks like one, so a property that may be empty is compared as text: :func:`text`). ``Count(match)`` and
``Sum(property, match)`` visit every piece of every map and keep those the match expression (itself a string,
evaluated on each piece) accepts; ``$name$`` inside the match is replaced by the *evaluating* piece's value first.

Tables are long strings ``|key=value|key=value|`` kept in global properties and searched with ``indexOf``: the
module's data (terrain, neighbours, the CRT) lives once in the module, not in every piece.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from games import DataError

SEPARATORS = "|=,/>"  # the table syntax: a key or value holding one of these would be misread


def lit(text: str) -> str:
    """A BeanShell string literal. ``$`` is refused: VASSAL would take ``$name$`` for a property reference."""
    if "$" in text:
        raise DataError(text, "a '$' cannot appear in a VASSAL expression (VASSAL reads $name$ as a property)")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def text(prop: str) -> str:
    """A property's value as text, whatever it holds (an empty value and a number compare safely)."""
    return f'(""+{prop})'


def eq(prop: str, value: str) -> str:
    return f"{text(prop)}=={lit(value)}"


def any_of(prop: str, values: Iterable[str]) -> str:
    values = sorted(values)
    if not values:
        return "false"
    return "(" + "||".join(eq(prop, v) for v in values) + ")"


def table(entries: Mapping[str, str]) -> str:
    """``|key=value|...|`` (keys and values checked for the separators)."""
    out = []
    for k, v in entries.items():
        for part in (k, v):
            bad = next((c for c in part if c in "|="), None)
            if bad or any(ord(c) < 32 for c in part):
                what = bad or "a control character"
                raise DataError(part, f"a name used in the module's tables cannot contain {what!r}")
        out.append(f"{k}={v}")
    return "|" + "|".join(out) + "|"


def lookup(table_expr: str, key_expr: str, default: str = '""') -> str:
    """The value of ``key_expr`` (an expression giving text) in the table ``table_expr`` (a property or a
    literal), or ``default``."""
    find = f'{table_expr}.indexOf("|"+{key_expr}+"=")'
    start = f'({find}+{key_expr}.length()+2)'
    return f'({find}<0 ? {default} : {table_expr}.substring({start}, {table_expr}.indexOf("|", {start})))'


def number(expr: str) -> str:
    return f"Integer.parseInt({expr})"


def contains(list_expr: str, item_expr: str) -> str:
    """``,a,b,c,`` holds ``item``."""
    return f'(({list_expr}).indexOf(","+{item_expr}+",")>=0)'


def match(expr: str) -> str:
    """An expression as the match argument of Count or Sum: a string literal holding ``{expr}`` (without the braces
    VASSAL reads the old "property = value" syntax); ``$name$`` stays for VASSAL."""
    return '"{' + expr.replace("\\", "\\\\").replace('"', '\\"') + '}"'


def count(filter_expr: str, map_name: str | None = None) -> str:
    """How many pieces ``filter_expr`` accepts (on the map ``map_name`` only, when given: fewer pieces to visit)."""
    return f"Count({match(filter_expr)}{', ' + lit(map_name) if map_name else ''})"


def total(prop: str, filter_expr: str, map_name: str | None = None) -> str:
    return f'Sum("{prop}", {match(filter_expr)}{", " + lit(map_name) if map_name else ""})'


def chain(cases: Iterable[tuple[str, str]], otherwise: str) -> str:
    """``c1 ? v1 : c2 ? v2 : ... : otherwise``."""
    out = otherwise
    for cond, value in reversed(list(cases)):
        out = f"({cond} ? {value} : {out})"
    return out


def braces(expr: str) -> str:
    return "{" + expr + "}"
