"""Which rules package a game names, and its log schema: a built-in one (``validator.rules.<name>``, its schema
written in ``validator/schema/``) or one an installed package registers under a name (entry point group
``hexforge.rules``, :mod:`games.installed`; its schema made from its ``log_actions.json`` when first asked). A
name that is neither is refused, never imported."""

from __future__ import annotations

import importlib
import json
import os
from functools import lru_cache
from types import ModuleType

from games.installed import rules_module

from .log_schema import CORE_SOURCE, DECLARATION, build, read_json, schema_file

BUILTIN = "validator.rules."


def module_of(package: str) -> str:
    """The module to import for a game's ``rules_package``; ValueError when it names no package hexforge knows."""
    if package.startswith(BUILTIN):
        return package
    found = rules_module(package) if package else None
    if found is None:
        raise ValueError(f"no rules package '{package}' is installed (a built-in validator.rules.<name>, or a name "
                         "registered in the hexforge.rules entry points)")
    return found


def load(package: str) -> ModuleType:
    return importlib.import_module(module_of(package))


def schema(package: str) -> dict:
    """The log schema of a game's rules package (OSError when it has none, ValueError when it is unknown)."""
    if package.startswith(BUILTIN):
        with open(schema_file(package), encoding="utf-8") as f:
            return json.load(f)
    return _registered_schema(module_of(package))


@lru_cache(maxsize=8)
def _registered_schema(module: str) -> dict:
    where = os.path.dirname(os.path.abspath(importlib.import_module(module).__file__ or ""))
    declared = os.path.join(where, DECLARATION)
    decl = read_json(declared) if os.path.isfile(declared) else {}
    return build(read_json(CORE_SOURCE), decl, module.rpartition(".")[2])
