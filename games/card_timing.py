"""The machine-readable timing of card events (``cards.csv`` columns ``axis_play_timing``, ``soviet_play_timing``).

Rule 5.0 ("Appropriate Timing") and 5.3.1: an event is played when the card says. The card paraphrase says it in
words; the timing column says it in the sequence-of-play vocabulary of ``game.toml`` ``[[phases]]``:

    timing  := window ("|" window)*            alternatives: the event may be played in any of them
    window  := spec (" " qualifier)*
    spec    := "any" | "on_draw" | "on_pay" | [who ":"] phase ["." step] ["@" moment]
    who     := "any" | "own" | "enemy" | <side id>      whose player turn (default: any, housekeeping included)
    phase   := <phase id> | "*"
    moment  := "start" | "end" | "commitment" | "roll" | "result"
    qualifier := "from:" <turn> | "weather:" <weather id> ("," <weather id>)*

``on_draw``: played at once when drawn ("Play Immediately"); ``on_pay``: the event works when the card is spent
as a payment and is never played on its own. Examples: ``own:card`` (the player's own Card Phase),
``soviet:movement@end`` (the end of the Soviet Movement Phase), ``combat.battles@commitment`` (any Commitment
Step), ``own:organization from:17`` (own Organization Phase from turn 17).
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping

from .model import CardWindow

MOMENTS = ("", "start", "end", "commitment", "roll", "result")
SPECIALS = ("any", "on_draw", "on_pay")
_SPEC = re.compile(r"^(?:(?P<who>[a-z_]+):)?(?P<phase>[a-z_]+|\*)(?:\.(?P<step>[a-z_]+))?(?:@(?P<moment>[a-z_]+))?$")


def parse_timing(text: str, phases: Mapping[str, Iterable[str]], sides: Iterable[str],
                 weathers: Iterable[str]) -> tuple[CardWindow, ...]:
    """The windows of a timing text; ValueError naming the first thing that is not in the vocabulary."""
    sides, weathers = tuple(sides), tuple(weathers)
    out = []
    if not text.strip():
        raise ValueError("empty timing")
    for alt in text.split("|"):
        words = alt.split()
        if not words:
            raise ValueError(f"empty alternative in '{text}'")
        spec, quals = words[0], words[1:]
        from_turn, weather = 0, ()
        for q in quals:
            key, _, value = q.partition(":")
            if key == "from" and value.isdecimal():
                from_turn = int(value)
            elif key == "weather" and value:
                weather = tuple(value.split(","))
                bad = [w for w in weather if w not in weathers]
                if bad:
                    raise ValueError(f"unknown weather '{bad[0]}' in '{alt.strip()}'")
            else:
                raise ValueError(f"'{q}' is not 'from:<turn>' or 'weather:<weathers>'")
        if spec in SPECIALS:
            out.append(CardWindow(spec, from_turn=from_turn, weather=weather))
            continue
        m = _SPEC.match(spec)
        if not m:
            raise ValueError(f"'{spec}' is not [who:]phase[.step][@moment]")
        who, phase, step, moment = m["who"] or "any", m["phase"], m["step"], m["moment"] or ""
        if who not in ("any", "own", "enemy") + sides:
            raise ValueError(f"'{who}' is not any, own, enemy or a side")
        if phase != "*" and phase not in phases:
            raise ValueError(f"unknown phase '{phase}'")
        if step is not None and (phase == "*" or step not in tuple(phases[phase])):
            raise ValueError(f"the phase '{phase}' has no step '{step}'")
        if moment not in MOMENTS:
            raise ValueError(f"unknown moment '{moment}' (known: {', '.join(m for m in MOMENTS if m)})")
        out.append(CardWindow("phase", who, phase, step, moment, from_turn, weather))
    return tuple(out)


WEATHER_FLIPS = re.compile(r"^(this|next)(?::([a-z_]+))?$")


def parse_weather_flips(text: str, weathers: Iterable[str]) -> tuple[str, ...]:
    """The ``*_weather`` column: comma-separated ``this``, ``next`` or ``next:<weather>`` (13.0)."""
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        m = WEATHER_FLIPS.match(part)
        if not m or (m[2] and m[2] not in tuple(weathers)):
            raise ValueError(f"'{part}' is not this, next or next:<weather>")
        out.append(part)
    return tuple(out)
