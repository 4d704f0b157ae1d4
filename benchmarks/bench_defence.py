"""The defence model against real games: calibration of the danger of tiles, and the review's
agreement with strong players under a riichi and in calm situations.

    python benchmarks/bench_defence.py [--games N] [--agreement-games N]

Games: benchmarks/data/tenhou (tenhou.net phoenix room; sources there).  Every hand is known in
these logs, so for every tile a defender held at every discard we know whether it would have
dealt in right then (an opponent tenpai on it, with a yaku, not furiten).

1. Reliability: predicted deal-in (the model) in bins against the observed rate, for opponents in
   riichi and not; AUC and log loss of the model and of the suji / turn table alone.
2. The review with defence against the players' own discards (tie-weighted: 1/k when the played
   tile is one of k tied best choices): under a riichi and calm, with and without defence; and the
   safe folds disputed: the player threw a tile safe against every riichi (genbutsu) and the
   review's best choices hold no such tile.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from defence_samples import collect  # noqa: E402
from real_games import games  # noqa: E402

from mjgui.logs.rate import DEFENCE, NO_DEFENCE, rate  # noqa: E402
from mjgui.logs.replay import replay  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402

BINS = (0.0, 0.01, 0.02, 0.04, 0.07, 0.10, 0.15, 1.01)


def _auc(pairs: list[tuple[float, int]]) -> float:
    """The chance a tile that dealt in was rated above one that did not (ties half)."""
    pairs = sorted(pairs)
    pos = sum(y for _, y in pairs)
    neg = len(pairs) - pos
    rank_sum, i = 0.0, 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        avg = (i + j + 1) / 2
        rank_sum += avg * sum(y for _, y in pairs[i:j])
        i = j
    return (rank_sum - pos * (pos + 1) / 2) / (pos * neg) if pos and neg else float("nan")


def _log_loss(pairs: list[tuple[float, int]]) -> float:
    eps = 1e-4
    return -sum(math.log(min(max(p, eps), 1 - eps)) if y else math.log(1 - min(max(p, eps), 1 - eps))
                for p, y in pairs) / len(pairs)


def calibration(samples) -> None:
    for group in ("riichi", "not riichi"):
        rows = [(p, y, b) for g, p, y, b in samples.danger if g == group]
        if not rows:
            continue
        print(f"\nDanger against an opponent {'in riichi' if group == 'riichi' else 'not in riichi'}: "
              f"{len(rows):,} tiles held, {sum(y for _, y, _ in rows):,} would have dealt in")
        print(f"  {'predicted':>12} {'tiles':>7} {'mean pred':>10} {'observed':>9}")
        for lo, hi in zip(BINS, BINS[1:]):
            cell = [(p, y) for p, y, _ in rows if lo <= p < hi]
            if cell:
                print(f"  {100 * lo:4.0f}-{min(100 * hi, 100):3.0f} %   {len(cell):7,} {100 * sum(p for p, _ in cell) / len(cell):9.2f}% "
                      f"{100 * sum(y for _, y in cell) / len(cell):8.2f}%")
        model = [(p, y) for p, y, _ in rows]
        alone = [(b, y) for _, y, b in rows]
        print(f"  model:            AUC {_auc(model):.3f}  log loss {_log_loss(model):.4f}")
        print(f"  suji/turn alone:  AUC {_auc(alone):.3f}  log loss {_log_loss(alone):.4f}")


def agreement(records, limit: int) -> None:
    stats = {(s, c): [0.0, 0] for s in ("defence", "none") for c in ("riichi", "calm")}
    safe_folds = disputed = 0
    start = time.perf_counter()
    for record in records[:limit]:
        for seat in range(4):
            for d in replay(record, seat).decisions:
                if d.action != "discard" or d.forced:
                    continue
                riichi = [o for o in d.hand.opponents if o.in_riichi]
                case = "riichi" if riichi else "calm"
                for name, setting in (("defence", DEFENCE), ("none", NO_DEFENCE)):
                    r = rate(d, defence=setting)
                    tiles = {b.split()[0] for b in r.best}
                    played = r.played.split()[0]
                    stats[(name, case)][0] += (1 / len(tiles)) if played in tiles else 0.0
                    stats[(name, case)][1] += 1
                    if name == "defence" and riichi:
                        every = set.intersection(*[set(dict(d.genbutsu)[o.seat]) for o in riichi])
                        if d.tile.kind in every:
                            safe_folds += 1
                            if not any(Tile.from_name(t).kind in every for t in tiles):
                                disputed += 1
    took = time.perf_counter() - start
    print(f"\nThe review against the players ({min(limit, len(records))} games, {took:.0f} s):")
    for case in ("riichi", "calm"):
        for name in ("defence", "none"):
            agreed, n = stats[(name, case)]
            if n:
                print(f"  {case:>6}, {'with defence' if name == 'defence' else 'search alone':>13}: "
                      f"{100 * agreed / n:5.1f} % of {n:,} discards")
    if safe_folds:
        print(f"  safe folds against a riichi disputed: {disputed} of {safe_folds} ({100 * disputed / safe_folds:.1f} %)")


def speed(records, hands: int) -> None:
    """The analysis of a hand with threats, as the app will run it: the search (the app's model,
    two threads) and every discard valued at the table, for real hands of at most 2-shanten
    facing a riichi, taken from the games."""
    from mjgui.defence.values import discard_values
    from mjgui.ev import APP_OPTIONS, SEARCH_THREADS, expected_values
    picked = []
    for record in records:
        for seat in range(4):
            for d in replay(record, seat).decisions:
                if d.action == "discard" and not d.forced and d.shanten <= 2 and \
                        any(o.in_riichi for o in d.hand.opponents):
                    picked.append(d.hand)
    picked = picked[:hands]
    search, table = [], []
    for hand in picked:
        start = time.perf_counter()
        result = expected_values(hand, options=APP_OPTIONS, threads=SEARCH_THREADS)
        middle = time.perf_counter()
        discard_values(hand, result)
        search.append(middle - start)
        table.append(time.perf_counter() - middle)
    both = sorted(a + b for a, b in zip(search, table))
    table.sort()

    def pct(xs, q):
        return 1000 * xs[min(len(xs) - 1, int(q * len(xs)))]

    print(f"\nA hand facing a riichi, every discard valued ({len(picked)} real hands of at most 2-shanten):")
    print(f"  defence on top of the search: median {pct(table, 0.5):.1f} ms, p90 {pct(table, 0.9):.1f} ms, "
          f"max {1000 * table[-1]:.1f} ms")
    print(f"  search and defence:           median {pct(both, 0.5):.1f} ms, p90 {pct(both, 0.9):.1f} ms, "
          f"max {1000 * both[-1]:.1f} ms (goal: every discard within 50 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="use the first N games (0: all)")
    parser.add_argument("--agreement-games", type=int, default=6, help="games for the agreement part")
    parser.add_argument("--speed", type=int, default=200, help="hands for the timing part (0: skip)")
    args = parser.parse_args()
    records = [r for _, r in games()]
    if args.games:
        records = records[:args.games]
    print(f"{len(records)} real games")
    calibration(collect(records))
    agreement(records, args.agreement_games)
    if args.speed:
        speed(records, args.speed)


if __name__ == "__main__":
    main()
