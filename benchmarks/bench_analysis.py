"""Timing of the whole per-discard analysis from Python (what one click in the app costs).

    python benchmarks/bench_analysis.py [--hands N]

Fixed random 14-tile hands from the 136-tile wall, near-tenpai hands, and open hands
(one pon or chi from the wall, then 11 concealed tiles: the capped path).
Prints the median and 90th percentile of `analyze(hand)` (ukeire, improvements,
good shape, second step and calls for every discard), and the extra cost of the
yaku check of every advancing call (computed on first use).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from mjgui.analysis import analyze
from mjgui.hand import Hand, Meld, MeldKind
from mjgui.tiles import Tile


def wall_hand(rng: random.Random) -> Hand:
    return Hand(tuple(Tile(t // 4) for t in rng.sample(range(136), 14)))


def near_tenpai(rng: random.Random) -> Hand:
    """A complete hand with one tile swapped: mostly tenpai or 1-shanten."""
    while True:
        c = [0] * 34
        c[rng.randrange(34)] += 2
        for _ in range(4):
            if rng.random() < 0.6:
                low = 9 * rng.randrange(3) + rng.randrange(7)
                for u in (low, low + 1, low + 2):
                    c[u] += 1
            else:
                c[rng.randrange(34)] += 3
        held = [t for t in range(34) if c[t]]
        c[rng.choice(held)] -= 1
        t = rng.randrange(34)
        c[t] += 1
        if max(c) <= 4:
            return Hand(tuple(Tile(k) for k in range(34) for _ in range(c[k])))


def open_hand(rng: random.Random) -> Hand:
    """A pon or chi taken from the wall, then 11 concealed tiles from what is left."""
    wall = list(range(136))
    rng.shuffle(wall)
    low = rng.randrange(34)
    if rng.random() < 0.5 and low < 27 and low % 9 <= 6:
        kinds = (low, low + 1, low + 2)
        meld = Meld(MeldKind.CHI, tuple(Tile(k) for k in kinds), Tile(low), "L")
    else:
        kinds = (low,) * 3
        meld = Meld(MeldKind.PON, (Tile(low),) * 3, Tile(low), "A")
    for k in kinds:
        wall.remove(next(t for t in wall if t // 4 == k))
    return Hand(tuple(Tile(t // 4) for t in wall[:11]), (meld,))


def measure(label: str, hands: list[Hand]) -> None:
    plain, with_yaku = [], []
    for hand in hands:
        start = time.perf_counter()
        result = analyze(hand)
        middle = time.perf_counter()
        for row in result.rows:
            for call in row.calls:
                call.yaku
        end = time.perf_counter()
        plain.append(middle - start)
        with_yaku.append(end - middle)
    plain.sort()
    print(f"{label:<28} analyze: median {statistics.median(plain) * 1e3:6.2f} ms, "
          f"p90 {plain[int(0.9 * len(plain))] * 1e3:6.2f} ms;  "
          f"+ yaku of every call: median {statistics.median(with_yaku) * 1e3:6.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    args = parser.parse_args()
    rng = random.Random(2026)
    measure("random 14-tile hands", [wall_hand(rng) for _ in range(args.hands)])
    measure("near-tenpai 14-tile hands", [near_tenpai(rng) for _ in range(args.hands)])
    measure("open hands (a meld + 11)", [open_hand(rng) for _ in range(args.hands)])


if __name__ == "__main__":
    main()
