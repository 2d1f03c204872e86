"""Combat strengths and odds (8.3-8.5, 9.1, 9.5, 9.6, 9.8, 9.9, 12.4, 13.2-13.3, 15.3.2, 16.4, 20.2, 20.9, 23.4, 5.6.4).

- 9.1: each unit is halved (rounding up, more than once if need be) before it is doubled, and doubled at most once.
  An attacker is halved Out of Supply (16.4) and across a Major River (9.5.2: the Volga's crossing sites and frozen
  rivers and lakes too, 9.5.3, 23.4); doubled as an Axis Mountain unit attacking into a Mountain hex not across an
  Alpine hexside (9.6.1, 9.6.2, 20.2), as the Linden engineer against a City (20.9). A defender under a Train marker
  has 1, never doubled (5.6.4); in Full Retreat 0 (13.3.2); Disrupted halved (13.2.1); doubled in Marsh (9.5.4),
  Infantry-type in Mountain (9.6.1), in a City but ASUs, Soviet Tank Corps and silhouetted tanks (9.6.3), and when
  every attacker attacks across a river hexside or out of Marsh (9.5.1). 23.4: from the Russian Winter, Axis units
  on or north of hex row xx43 attack at one less (never below 1) and defend at one less (never below 2; not in a
  City, Town or completed Fortification, nor next to a friendly-controlled Major City), before halving and doubling;
  with Out of Supply or Disruption only the harsher penalty counts.
- 9.8: a parenthesized defense counts only when every counted unit of the hex is parenthesized, and then only one.
  12.4: units that retreated into the hex this phase add nothing in a regular combat; 15.3.2: in a Breakthrough
  Combat the units beyond the stacking limit add nothing (the defender keeps the strongest).
- 8.5: at most 40 attack and 20 defense factors, after halving and doubling.
- 8.3, 8.4: the odds rounded down to a column (no 3-2), the net shift applied as if columns beyond 7-1 (and below
  1-3) existed, then limited: below 1-3 no combat, 8-1 and 9-1 on the 7-1 column, 10-1 or more an automatic DS.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

from ...engine import odds as ladder
from ...engine.context import Context
from .battlefield import MAJOR, Crossing, Ground
from .combat_data import combat_facts
from .special_units import attack_doubled
from .state import DISRUPTED, FULL_RETREAT, ISOLATED, OUT_OF_SUPPLY, State
from .terrain import winter_from
from .units import Info, table
from .zoc import adjacent


class Part(NamedTuple):
    unit: str
    value: int
    words: str  # what changed its printed strength ("" when nothing)


class Strength(NamedTuple):
    total: int  # after the cap (8.5)
    parts: tuple[Part, ...]
    cap: int

    def words(self) -> str:
        changed = [f"{p.unit} {p.value} ({p.words})" for p in self.parts if p.words]
        raw = sum(p.value for p in self.parts)
        capped = f", capped at {self.cap} (8.5)" if raw > self.total else ""
        return f"{self.total}{capped}" + (f": {'; '.join(changed)}" if changed else "")


def _half(x: int) -> int:
    return -(-x // 2)


def _winter(ctx: Context, state: State, i: Info, loc: str | None) -> bool:
    """23.4: an Axis unit on or north of hex row xx43 in the Russian Winter."""
    cf = combat_facts(ctx)
    if i.side != cf.winter_side or state.turn < winter_from(ctx) or loc not in ctx.game.map.hexes:
        return False
    return int(loc[-2:]) <= cf.winter_row


def attack(ctx: Context, state: State, uids: Sequence[str], target: str, crossings: dict[str, Crossing]) -> Strength:
    """The attackers' strength (9.1, 9.5.2, 9.6.1, 16.4, 20.2, 20.9, 23.4; 8.5.1)."""
    cf = combat_facts(ctx)
    parts = []
    for uid in uids:
        us = state.units[uid]
        i = table(ctx)[uid, us.face]
        v, why = i.attack, []
        oos = us.supply in (OUT_OF_SUPPLY, ISOLATED)
        cold = _winter(ctx, state, i, us.loc)
        if oos and cold:
            v, why = min(_half(v), max(cf.winter_attack_min, v - 1)), ["Out of Supply or Winter, the harsher (23.4)"]
        elif oos:
            v, why = _half(v), ["halved Out of Supply (16.4)"]
        elif cold and v > cf.winter_attack_min:
            v, why = max(cf.winter_attack_min, v - 1), ["-1 in the Russian Winter (23.4)"]
        c = crossings.get(uid)
        if c is not None and c.river == MAJOR:
            v, why = _half(v), why + ["halved across a Major River (9.5.2)"]
        if attack_doubled(ctx, state, uid, target) and not (c is not None and c.alpine):
            v, why = v * 2, why + ["doubled (9.6.1, 20.2 into a Mountain hex; 20.9 against a City)"]
        parts.append(Part(uid, v, ", ".join(why)))
    raw = sum(p.value for p in parts)
    return Strength(min(raw, cf.attack_cap), tuple(parts), cf.attack_cap)


def _city_doubled(i: Info) -> bool:
    """9.6.3: every unit but ASUs, Soviet Tank Corps and silhouetted tanks."""
    return not (i.asu or i.type == "tank_corps" or "silhouette" in i.tags)


def _doubled(i: Info, g: Ground, rivers: bool) -> str:
    """Why the defender is doubled (9.5.1, 9.5.4, 9.6.1, 9.6.3), or ""."""
    if "doubled" in g.doubling:
        return "doubled in Marsh (9.5.4)"
    if "doubled_city" in g.doubling and _city_doubled(i):
        return "doubled in a City (9.6.3)"
    if "doubled_infantry_type" in g.doubling and "infantry_type" in i.tags:
        return "doubled in a Mountain hex (9.6.1)"
    if rivers:
        return "doubled: every attacker across a river or out of Marsh (9.5.1)"
    return ""


def _winter_defense(ctx: Context, state: State, i: Info, loc: str, g: Ground) -> bool:
    """23.4: the Axis defense penalty applies (not in a City, Town or completed Fortification, not next to a
    friendly-controlled Major City)."""
    if not _winter(ctx, state, i, loc) or g.settlement in ("major_city", "minor_city", "town") or g.fortified:
        return False
    for n in ctx.board.neighbours.get(loc, ()):
        h = ctx.game.map.hexes.get(n)
        if h is not None and h.settlement == "major_city" and state.control.get(n) == i.side \
                and adjacent(ctx, state, loc, n):
            return False
    return True


def contributes(ctx: Context, state: State, uid: str, retreated: Iterable[str] = ()) -> bool:
    """Whether a defender adds anything to the defense (10.2.1): a Combat Unit not in Full Retreat (13.3.2) that did
    not retreat into the hex this phase (12.4)."""
    us = state.units[uid]
    i = table(ctx)[uid, us.face]
    return i.combat and us.order != FULL_RETREAT and uid not in retreated


def defense(ctx: Context, state: State, uids: Sequence[str], g: Ground, rivers: bool, retreated: Iterable[str] = (),
            limit: Sequence[str] | None = None) -> tuple[Strength, frozenset[str], frozenset[str]]:
    """The defenders' strength (5.6.4, 9.1, 9.5, 9.6, 9.8, 12.4, 13.2-13.3, 23.4; 8.5.2), the units that counted and
    those doubled. ``rivers``: every attacker attacks across a river or out of Marsh (9.5.1); ``retreated``: units
    that add nothing (12.4); ``limit``: the units that count at most (15.3.2)."""
    cf = combat_facts(ctx)
    gone = set(retreated)
    counted = [u for u in uids if contributes(ctx, state, u, gone) and (limit is None or u in limit)]
    plain = [u for u in counted if "parenthesized" not in table(ctx)[u, state.units[u].face].tags]
    if not plain and counted:  # 9.8: only parenthesized units: one of them counts
        best = max(counted, key=lambda u: (table(ctx)[u, state.units[u].face].defense, u))
        counted = [best]
    else:
        counted = plain
    parts, doubled = [], set()
    for uid in counted:
        us = state.units[uid]
        i = table(ctx)[uid, us.face]
        loc = us.loc or ""
        if us.train:
            parts.append(Part(uid, 1, "1 under a Train marker (5.6.4)"))
            continue
        v, why = i.defense, []
        cold = _winter_defense(ctx, state, i, loc, g) and v > cf.winter_defense_min
        if cold and us.order == DISRUPTED:
            v, why = min(_half(v), max(cf.winter_defense_min, v - 1)), ["Disrupted or Winter, the harsher (23.4)"]
        elif cold:
            v, why = max(cf.winter_defense_min, v - 1), ["-1 in the Russian Winter (23.4)"]
        elif us.order == DISRUPTED:
            v, why = _half(v), ["halved Disrupted (13.2.1)"]
        d = _doubled(i, g, rivers)
        if d:
            v, why = v * 2, why + [d]
            doubled.add(uid)
        parts.append(Part(uid, v, ", ".join(why)))
    raw = sum(p.value for p in parts)
    return Strength(min(raw, cf.defense_cap), tuple(parts), cf.defense_cap), frozenset(counted), frozenset(doubled)


class Column(NamedTuple):
    """The odds of a combat after its net shift (8.3, 8.4)."""

    attack: int
    defense: int
    initial: int  # the column the odds reach, as if the ladder went on past both ends
    shift: int
    final: int
    label: str  # the final column's words ("8-1" beyond the printed ones)
    column: str | None  # the printed column the combat is resolved on (None: not allowed, or automatic)
    allowed: bool  # 8.4.1: not below 1-3 after the net shift (8.4.2)
    automatic: bool  # 8.4.1: 10-1 or more after the net shift: an automatic DS

    def words(self, columns: Sequence[str]) -> str:
        start = ladder.virtual_label(columns, self.initial) if abs(self.initial) < 100 else "no defense"
        sign = f"{self.shift:+d}" if self.shift else "0"
        end = self.label if abs(self.final) < 100 else "no defense"
        return f"{self.attack} to {self.defense} = {start}, net shift {sign} → {end}"


def column(ctx: Context, attack_: int, defense_: int, shift: int) -> Column:
    """8.3-8.4.2: the odds column after the net shift, and what the limits make of it."""
    crt = ctx.game.crts["crt"]
    cols = crt.columns
    initial = ladder.virtual_index(cols, attack_, defense_)
    final = initial + shift
    a, b = ladder.ratio(crt.limits.automatic or f"{10 ** 6}-1")
    automatic = final >= ladder.virtual_index(cols, a, b)
    allowed = final >= 0
    label = ladder.virtual_label(cols, final) if abs(final) < 100 else "no defense"
    printed = cols[min(final, len(cols) - 1)] if allowed and not automatic else None
    return Column(attack_, defense_, initial, shift, final, label, printed, allowed, automatic)

