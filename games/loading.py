"""What the loaders of one game folder share: the folder, the problems found so far, the declared columns, and what
earlier files gave (sides, grid ...). Each ``games.load_*`` module reads its files through this.

A file that cannot be read gives one problem and ``None``; an optional file that is absent gives ``[]`` (CSV) or
an empty table (TOML). Each record is read inside ``guard()``, so a bad record is one problem and the next record is
still read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import AbstractSet, Iterable, Mapping

from .columns import Column, PendingRefs
from .datafiles import Row, Table, display_path, read_csv, read_toml
from .errors import DataError, Problems
from .fields import check_columns, check_keys, records, row_id
from .grid import HexIds
from .hexgrid import Hex
from .model import GridSpec, Nationality, SideDef, Trait, UnitType


@dataclass(frozen=True)
class Names:
    """The ids of one kind of record, for reference checks. ``complete`` is False when its file failed to load:
    references to it are then not checked (the file's own problem is already reported)."""

    ids: AbstractSet[str]
    complete: bool = True

    def missing(self, value: str) -> bool:
        return self.complete and value not in self.ids

    def __contains__(self, value: str) -> bool:
        return value in self.ids


@dataclass
class Loading:
    """The state of one load (a builder: filled file by file, then turned into the frozen model)."""

    root: str
    problems: Problems
    refs: PendingRefs = field(default_factory=PendingRefs)
    columns: Mapping[str, Mapping[str, Column]] = field(default_factory=dict)
    spec: GridSpec | None = None
    ids: HexIds | None = None
    sides: dict[str, SideDef] = field(default_factory=dict)
    sides_ok: bool = True
    nationalities: dict[str, Nationality] = field(default_factory=dict)
    unit_types: dict[str, UnitType] = field(default_factory=dict)
    traits: dict[str, Trait] = field(default_factory=dict)
    known: dict[str, set[str]] = field(default_factory=dict)  # kind -> every id read, even of a record with a problem
    failed: set[str] = field(default_factory=set)  # kinds whose file could not be read

    def register(self, kind: str, rid: str) -> None:
        """An id of ``kind`` exists (read before the rest of its record is checked, so that a problem elsewhere in
        the record does not make every reference to it a second problem)."""
        self.known.setdefault(kind, set()).add(rid)

    def names(self, kind: str) -> Names:
        """The ids of ``kind`` read so far (a live view: later registrations show in it)."""
        return Names(self.known.setdefault(kind, set()), kind not in self.failed)

    def location_missing(self, loc: str, kinds: tuple[str, ...] = ("hexes", "areas", "boxes")) -> bool:
        """Whether ``loc`` is no hex, area or box (False when one of those files failed: it cannot be told)."""
        names = [self.names(k) for k in kinds]
        return all(n.complete for n in names) and not any(loc in n for n in names)

    def path(self, *parts: str) -> str:
        return os.path.join(self.root, *parts)

    def shown(self, *parts: str) -> str:
        return display_path(self.path(*parts))

    def exists(self, *parts: str) -> bool:
        return os.path.lexists(self.path(*parts))

    def guard(self):
        return self.problems.guard()

    def keys(self, t: Table, known: Iterable[str]) -> None:
        """Record each key of ``t`` the loader does not know as a problem; reading ``t`` goes on."""
        with self.guard():
            check_keys(t, known)

    def records(self, t: Table) -> list[tuple[str, Table]]:
        """The sub-tables of ``t`` as (id, table); a key that is not a table or not an id is one problem, and the
        other records are still read."""
        return records(t, self.problems)

    def report(self, errors: Iterable[DataError]) -> None:
        for e in errors:
            self.problems.add(e)

    def csv(self, *parts: str, required: tuple[str, ...] = (), known: Iterable[str] | None = (), extra: str = "",
            optional: bool = False, kind: str = "") -> list[Row] | None:
        """The records of a CSV file; None when it could not be read (the problem is recorded, and the records of
        ``kind`` are then unknown: references to them are not checked). ``known`` plus the columns declared for
        ``extra`` are the only columns allowed (``known=None``: any column)."""
        if optional and not self.exists(*parts):
            return []
        rows = None
        if kind:
            self.failed.add(kind)  # until read
        with self.guard():
            rows = read_csv(self.path(*parts), required)
            if known is not None:
                allowed = set(known) | set(required) | set(self.columns.get(extra, {}))
                with self.guard():
                    check_columns(rows, allowed, f"declare it in game.toml [columns.{extra}]" if extra else "")
            self.failed.discard(kind)
        return rows

    def unique(self, r: Row, column: str, seen: dict[str, int], what: str, kind: str = "") -> str:
        """The id in ``column``, the first time it appears in its file (``seen``: id -> first line), registered as
        a ``kind`` when given."""
        rid = row_id(r, column)
        if rid in seen:
            raise r.error(f"duplicate {what} '{rid}' (first on line {seen[rid]})")
        seen[rid] = r.line
        if kind:
            self.register(kind, rid)
        return rid

    def toml(self, *parts: str, optional: bool = False, kind: str = "") -> Table | None:
        """A TOML file; None when it could not be read (``kind`` as for :meth:`csv`); an empty table for an absent
        optional file."""
        if optional and not self.exists(*parts):
            return Table(self.shown(*parts), "", {})
        with self.guard():
            return read_toml(self.path(*parts))
        if kind:
            self.failed.add(kind)
        return None

    # -- hex ids -------------------------------------------------------------------------------------------------
    def hex_in_grid(self, hid: str, error) -> Hex:
        """The axial hex of a hex id inside the grid box; ``error(message)`` makes the DataError otherwise."""
        assert self.ids is not None and self.spec is not None
        try:
            h = self.ids.hex_of(hid)
        except ValueError as exc:
            raise error(str(exc)) from None
        col, row = self.ids.offset_of(h)
        if not (0 <= col < self.spec.columns and 0 <= row < self.spec.rows):
            raise error(f"hex '{hid}' is outside the {self.spec.columns}x{self.spec.rows} grid")
        return h

    def side_ref(self, value: str, error) -> None:
        if self.sides_ok and value not in self.sides:
            raise error(f"unknown side '{value[:40]}' (expected one of {', '.join(self.sides)})")
