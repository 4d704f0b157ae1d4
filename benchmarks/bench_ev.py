"""Timing of the expected-value search, per 14-tile hand by shanten.

    python benchmarks/bench_ev.py [--hands N] [--seed S]

Random hands dealt from the 136-tile wall (one dora indicator, ippatsu / haitei / ura /
double riichi on), grouped by shanten 0-3; prints the median and p90 CPU time (the thread's:
other load on the shared VM does not count) of the C search (`core.ev_packed`, every discard)
and the states it visited, for
- the simple model at turn 1, every discard up to 3-shanten, and only the discards that keep
  the hand's shanten (MJ_EV_BEST_ONLY: what mahjong-cpp searches without its options, so the
  figures compare like for like);
- the full model at turn 1 with nothing seen (seat South, as the others);
- the full model at turn 8, seat West (final discards, houtei), with 24 tiles of other
  players seen and 7 own discards;
- with --options: the simple model at turn 1 with shanten-back and tegawari (docs/ev.md),
  and the peak memory of those searches.
- both full-model runs again with calls (the app's setting), and the first of them as the app
  runs it, on two threads (wall time, then the process's CPU time per hand).
Ends with the peak resident memory of the process (the memo of the largest search).
"""
from __future__ import annotations

import argparse
import random
import resource
import statistics
import time

from mjgui import core
from mjgui.ev import EvOptions, _full_model
from mjgui.hand import Hand
from mjgui.scoring import pack, rule_flags
from mjgui.tiles import Tile


def deal(rng: random.Random, per_shanten: int, visible: int, discards: int, seat: int) -> dict[int, list[Hand]]:
    hands: dict[int, list[Hand]] = {s: [] for s in range(4)}
    while min(len(v) for v in hands.values()) < per_shanten:
        wall = [Tile(k, k in (4, 13, 22) and c == 0) for k in range(34) for c in range(4)]
        rng.shuffle(wall)
        seen = wall[15:15 + visible + discards]
        hand = Hand(tuple(wall[:14]), dora_indicators=(Tile(wall[14].kind),), seat_wind=seat,
                    visible=tuple(seen[:visible]), discards=tuple(seen[visible:]))
        s = core.shanten(hand.counts)
        if s in hands and len(hands[s]) < per_shanten:
            hands[s].append(hand)
    return hands


def run(title: str, hands: dict[int, list[Hand]], turn: int, options: EvOptions, extra: int = 0,
        threads: int = 1) -> None:
    """One thread: CPU time of the calling thread; two (the app's): wall time, the
    process's CPU time per hand after the table."""
    flags, rules = options.flags | extra, rule_flags("tenhou")
    clock = time.thread_time if threads == 1 else time.perf_counter
    print(title)
    for s, group in hands.items():
        times, states, cpu = [], [], 0.0
        for hand in group:
            packed = pack(hand, 0, ())
            model = _full_model(hand, options) if options.model == "full" else None
            start, start_cpu = clock(), time.process_time()
            _, _, n = core.ev_packed(packed, turn, flags, rules, model, threads=threads)
            times.append(clock() - start)
            cpu += time.process_time() - start_cpu
            states.append(n)
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"  {s}-shanten: median {statistics.median(times) * 1e3:8.3f} ms   p90 {p90 * 1e3:8.3f} ms   "
              f"max {times[-1] * 1e3:8.1f} ms   states median {statistics.median(states):>8,.0f}  "
              f"max {max(states):>8,}" + (f"   CPU {cpu / len(group) * 1e3:.3f} ms" if threads > 1 else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="hands per shanten (default 30)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--options", action="store_true",
                        help="also the simple model with shanten-back and tegawari")
    parser.add_argument("--only-options", action="store_true", help="only that run")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fresh, later = deal(rng, args.hands, 0, 0, 1), deal(rng, args.hands, 24, 7, 2)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{args.hands} random hands per shanten")
    if not args.only_options:
        run("simple model, turn 1", fresh, 1, EvOptions())
        run("simple model, turn 1, only the discards keeping the shanten (mahjong-cpp's plain setting)",
            fresh, 1, EvOptions(), core.lib.MJ_EV_BEST_ONLY)
        run("full model, turn 1, nothing seen", fresh, 1, EvOptions(model="full"))
        run("full model, turn 8, seat West, 24 tiles seen, 7 own discards", later, 8, EvOptions(model="full"))
        run("full model with calls, turn 1, nothing seen", fresh, 1, EvOptions(model="full", calls=True))
        run("full model with calls, turn 8, seat West, 24 tiles seen, 7 own discards", later, 8,
            EvOptions(model="full", calls=True))
        run("the app's search (full model with calls) on two threads, turn 1, nothing seen: wall time",
            fresh, 1, EvOptions(model="full", calls=True), threads=2)
    if args.options or args.only_options:
        run("simple model, turn 1, shanten-back and tegawari", fresh, 1,
            EvOptions(shanten_back=True, tegawari=True))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory {peak:.0f} MB ({peak - before:.0f} MB above the process before the searches)")


if __name__ == "__main__":
    main()
