"""Timing of the expected-value search (simple model), per 14-tile hand by shanten.

    python benchmarks/bench_ev.py [--hands N] [--seed S]

Random hands dealt from the 136-tile wall (one dora indicator, turn 1, ippatsu / haitei /
ura / double riichi on), grouped by shanten 0-3; prints the median and p90 time of the C
search (`core.ev_packed`, every discard) and the states it visited.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from mjgui import core
from mjgui.ev import EvOptions
from mjgui.hand import Hand
from mjgui.scoring import pack, rule_flags
from mjgui.tiles import Tile


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="hands per shanten (default 30)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands: dict[int, list[bytes]] = {s: [] for s in range(4)}
    while min(len(v) for v in hands.values()) < args.hands:
        wall = [Tile(k, k in (4, 13, 22) and c == 0) for k in range(34) for c in range(4)]
        rng.shuffle(wall)
        hand = Hand(tuple(wall[:14]), dora_indicators=(Tile(wall[14].kind),), seat_wind=1)
        s = core.shanten(hand.counts)
        if s in hands and len(hands[s]) < args.hands:
            hands[s].append(pack(hand, 0, ()))
    flags, rules = EvOptions().flags, rule_flags("tenhou")
    print(f"{args.hands} random hands per shanten, turn 1, simple model")
    for s, packed in hands.items():
        times, states = [], []
        for p in packed:
            start = time.perf_counter()
            _, _, n = core.ev_packed(p, 1, flags, rules)
            times.append(time.perf_counter() - start)
            states.append(n)
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"{s}-shanten: median {statistics.median(times) * 1e3:8.3f} ms   p90 {p90 * 1e3:8.3f} ms   "
              f"max {times[-1] * 1e3:8.1f} ms   states median {statistics.median(states):>8,.0f}")


if __name__ == "__main__":
    main()
