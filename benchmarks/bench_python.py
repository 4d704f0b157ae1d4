"""Python-side timings of mjgui.core, and of other libraries when installed.

    python benchmarks/bench_python.py [--hands N]

Compares, in one run on the same fixed random hands: mjgui single calls
(counts as a list, a tuple, bytes and a numpy row), a one-row batch, the numpy
batch, the discard table, and riichienv / mahjong (pip install riichienv
mahjong==2.1.0) if they import.  Prints ns (or us) per hand; the best of
several rounds.  See benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Callable, Sequence

import numpy as np

from mjgui import core


def deal(rng: random.Random, n: int) -> list[int]:
    """n tiles from a shuffled 136-tile wall, as 34 counts."""
    counts = [0] * 34
    for tile in rng.sample(range(136), n):
        counts[tile // 4] += 1
    return counts


def best_time(run: Callable[[], object], rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def report(name: str, seconds: float, count: int) -> None:
    per = seconds / count
    figure = f"{per * 1e9:10.1f} ns" if per < 1e-5 else f"{per * 1e6:10.2f} us"
    print(f"{name:<52} {figure}/hand")


def each(fn: Callable, items: Sequence) -> Callable[[], None]:
    def run() -> None:
        for item in items:
            fn(item)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args()
    rng = random.Random(2026)
    h13 = [deal(rng, 13) for _ in range(args.hands)]
    h14 = [deal(rng, 14) for _ in range(args.hands)]
    print(f"{args.hands} fixed random hands per row, best of 5 rounds")

    for label, hands in (("13", h13), ("14", h14)):
        as_bytes = [bytes(h) for h in hands]
        as_tuples = [tuple(h) for h in hands]
        batch = np.array(hands, np.uint8)
        as_rows = list(batch)                       # numpy rows (views of the batch)
        one_row = [batch[i:i + 1] for i in range(len(batch))]
        report(f"mjgui shanten(list of 34), {label} tiles", best_time(each(core.shanten, hands)), len(hands))
        report(f"mjgui shanten(tuple of 34), {label} tiles", best_time(each(core.shanten, as_tuples)), len(hands))
        report(f"mjgui shanten(bytes), {label} tiles", best_time(each(core.shanten, as_bytes)), len(hands))
        report(f"mjgui shanten(numpy row), {label} tiles", best_time(each(core.shanten, as_rows)), len(hands))
        report(f"mjgui shanten_batch of one row, {label} tiles",
               best_time(each(core.shanten_batch, one_row)), len(hands))
        report(f"mjgui shanten_batch, {label} tiles", best_time(lambda: core.shanten_batch(batch)), len(hands))
        report(f"mjgui shanten_batch regular only, {label} tiles",
               best_time(lambda: core.shanten_batch(batch, core.REGULAR)), len(hands))

    few = h14[:10_000]
    report("mjgui discard_table (Python objects), 14 tiles", best_time(each(core.discard_table, few), 3), len(few))

    try:
        import riichienv
    except ImportError:
        print("riichienv: not installed (pip install riichienv)")
    else:
        # riichienv takes the tiles as 136-format ids
        for label, hands in (("13", h13), ("14", h14)):
            ids = [[4 * t + i for t in range(34) for i in range(h[t])] for h in hands]
            report(f"riichienv calculate_shanten, {label} tiles",
                   best_time(each(riichienv.calculate_shanten, ids)), len(ids))
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        print("mahjong: not installed (pip install mahjong==2.1.0)")
    else:
        calc = Shanten()
        few13 = h13[:2_000]
        report("mahjong 2.1.0 calculate_shanten, 13 tiles",
               best_time(each(calc.calculate_shanten, few13), 1), len(few13))


if __name__ == "__main__":
    main()
