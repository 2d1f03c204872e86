"""``hexforge mapgen CONFIG``: generate a hex map's data files from real geography and authored layers."""

from __future__ import annotations

import argparse
import sys

from games.atomic import write_atomic

from . import config, preview, write
from .generate import generate


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", help="the generator's config (e.g. games/<id>/map/source/mapgen.toml)")
    p.add_argument("--preview", metavar="PNG", help="also draw the generated map into this picture")
    p.add_argument("--scale", type=float, default=14.0, help="preview pixels per hex (default 14)")
    p.add_argument("--dry-run", action="store_true", help="fit and generate, print the report, write no map files")


def run(args: argparse.Namespace) -> int:
    cfg = config.load(args.config)
    m = generate(cfg)
    for line in m.projector.report():
        print(line)
    print(f"{len(m.hexes)} land hexes, {sum(len(c) for c in m.water.values())} water cells, "
          f"{len(m.sides)} hexsides with features, {len(m.areas)} areas, {len(m.regions)} regions")
    for w in m.warnings:
        print(f"warning: {w}", file=sys.stderr)
    if not args.dry_run:
        for path in write.write(cfg, m):
            print(f"wrote {path}")
    if args.preview:
        write_atomic(args.preview, preview.render(cfg, m, args.scale, cfg.preview), inputs=(args.config,))
        print(f"wrote {args.preview}")
    return 0
