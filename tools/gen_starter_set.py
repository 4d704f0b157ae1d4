#!/usr/bin/env python3
"""Generate mjgui's starter problem set: mjgui/drills/starter_set.json.

Every problem is made by the drill generator (mjgui.drills.generator) from the fixed seed
below, in strict mode, with the default evaluator; the recipe lists how many problems of each
kind, theme and shanten.  Ids are ``starter-01`` ... in recipe order.  The output depends only
on the recipe, the seed and the engine, so running the script again gives the same bytes
(tests/test_drills_cli.py checks the shipped file against it).

    python tools/gen_starter_set.py            # write the file
    python tools/gen_starter_set.py --check    # exit 1 if the shipped file differs
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mjgui.drills.generator import generate  # noqa: E402
from mjgui.drills.problems import STARTER_FILE, dumps_set  # noqa: E402

SEED = 20240601
TITLE = "mjgui starter set"
OUT = ROOT / "mjgui" / "drills" / STARTER_FILE

# (kind, theme, shanten, count)
RECIPE: tuple[tuple[str, str, int | None, int], ...] = (
    ("nanikiru", "any", 0, 7),
    ("nanikiru", "any", 1, 7),
    ("nanikiru", "any", 2, 7),
    ("nanikiru", "any", 3, 7),
    ("nanikiru", "chinitsu", 0, 2),
    ("nanikiru", "chinitsu", 1, 2),
    ("nanikiru", "chiitoi", 0, 1),
    ("nanikiru", "chiitoi", 1, 1),
    ("nanikiru", "chiitoi", 2, 1),
    ("nanikiru", "chiitoi", 3, 1),
    ("wait", "any", None, 6),
    ("wait", "chinitsu", None, 6),
    ("wait", "chiitoi", None, 4),
    ("call", "any", None, 8),
)


def build() -> str:
    """The starter set's file text."""
    problems = []
    for kind, theme, shanten, count in RECIPE:
        problems += generate(count, SEED, kind, shanten, theme, strict=True)
    problems = [replace(p, id=f"starter-{i:02d}") for i, p in enumerate(problems, 1)]
    return dumps_set(problems, TITLE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    parser.add_argument("--out", type=Path, default=OUT, help=f"output file (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    data = build().encode("utf-8")
    if args.check:
        same = args.out.is_file() and args.out.read_bytes() == data
        print(f"{args.out}: {'up to date' if same else 'differs from the generator'}")
        return 0 if same else 1
    args.out.write_bytes(data)
    print(f"{args.out}: {data.count(b'starter-')} problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
