"""Reports in the players' words (issue 21 item 5): units, markers, cards and places named as printed on the
counters, the cards and the map, with the id in brackets (``1st Panzer [ger_1pz]``, ``Kiev [1311]``).

A rules package writes its messages with ids (``ger_1pz (1st Panzer) entered ... at 1412``); the reports put them
into the players' words here, once, for every game: a unit id followed by the name of one of its faces in
parentheses becomes ``Name [id]``, any other unit, marker kind, card, area or box id gets its printed name before
it, a hex its place name when the map prints one (a hex without a name stays its number, as the map shows it).
An id that is also a plain word (a box called ``removed``, a marker kind ``unsupplied``) is left alone: only ids
with a digit or an underscore are named, and units always. Ids already in brackets are left as they are, so a
message written in these words is not changed again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from games.model import Game

_WORD = re.compile(r"[A-Za-z-]+")  # an id that reads as a plain word: not named (see above)
_TOKEN = re.compile(r"(?<![\w\[])([A-Za-z0-9][A-Za-z0-9_-]*)(?![\w\]])( \(([^()]{1,80})\))?")


@dataclass(frozen=True)
class Names:
    """The printed name of every id a message may carry, and each unit's face names."""

    printed: Mapping[str, str]  # id -> its printed name
    faces: Mapping[str, frozenset[str]]  # unit id -> the names of its faces

    def of(self, ident: str) -> str:
        """``Name [id]`` for an id with a printed name, else the id."""
        name = self.printed.get(ident)
        return f"{name} [{ident}]" if name else ident

    def say(self, message: str) -> str:
        """``message`` with every id named as printed (see the module's docstring)."""
        return _TOKEN.sub(self._word, message)

    def _word(self, m: re.Match[str]) -> str:
        ident, paren, inner = m.group(1), m.group(2), m.group(3)
        faces = self.faces.get(ident)
        if faces is not None and inner in faces:
            return f"{inner} [{ident}]"
        rest = f" ({self.say(inner)})" if paren else ""
        name = self.printed.get(ident)
        return (f"{name} [{ident}]" if name else ident) + rest


def names_of(game: Game) -> Names:
    """The :class:`Names` of a game's units (front face), marker kinds, cards (their first event's title), areas,
    boxes and named hexes."""
    printed: dict[str, str] = {}
    m = game.map
    printed.update({hid: h.name for hid, h in m.hexes.items() if h.name})
    printed.update({aid: a.name for aid, a in m.areas.items() if a.name})
    printed.update({bid: b.name for bid, b in m.boxes.items() if b.name})
    printed.update({mk.id: mk.front.label for mk in game.all_markers if mk.front.label})
    for cid, card in game.cards.items():
        titles = sorted({e.title for e in card.events.values() if e.title})
        if titles:
            printed[cid] = " / ".join(titles)
    printed = {k: v for k, v in printed.items() if not _WORD.fullmatch(k)}
    faces: dict[str, frozenset[str]] = {}
    for uid, u in game.units.items():
        printed[uid] = u.front.name
        faces[uid] = frozenset({u.front.name, u.back.name})
    return Names(printed, faces)
