"""Timing of a game review: read a log, replay a player's decisions and rate every one.

    python benchmarks/bench_game_review.py [--games N] [--seed S] [--ev-shanten K]

Simulated hanchan (8 rounds, random legal play with calls, riichi, quads and wins, from
tests/logsim.py) written as tenhou.net/6 JSON; for each game: the time to read and check the
log, to replay one player, and to rate that player's decisions (expected value up to K
shanten, the analysis ranking beyond); then the same for all four players.  Prints the
median and the slowest game.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from logsim import simulate  # noqa: E402

from mjgui.logs import loads, replay, tenhou6  # noqa: E402
from mjgui.logs.rate import EV_MAX_SHANTEN, rate_replay  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--ev-shanten", type=int, default=EV_MAX_SHANTEN)
    args = parser.parse_args()
    rows: list[tuple[float, float, float, float, int, int]] = []
    for g in range(args.games):
        text = json.dumps(tenhou6.to_json(simulate(args.seed + g))).encode()
        t0 = time.perf_counter()
        record = loads(text)
        t1 = time.perf_counter()
        rep = replay(record, 0)
        t2 = time.perf_counter()
        rate_replay(rep, args.ev_shanten)
        t3 = time.perf_counter()
        total = 0
        for seat in range(4):
            total += len(rep.decisions) if seat == 0 else 0
            other = replay(record, seat)
            if seat:
                total += len(other.decisions)
            rate_replay(other, args.ev_shanten)
        t4 = time.perf_counter()
        rows.append((t1 - t0, t2 - t1, t3 - t2, t4 - t3, len(rep.decisions), total))
    print(f"{args.games} simulated hanchan, tenhou.net/6 JSON, EV up to {args.ev_shanten}-shanten")
    for i, what in enumerate(("read + check the log", "replay one player", "rate one player",
                              "replay + rate all four players")):
        values = [r[i] * 1000 for r in rows]
        print(f"  {what:<32} median {statistics.median(values):7.1f} ms   max {max(values):7.1f} ms")
    one = [r[0] + r[1] + r[2] for r in rows]
    print(f"  one player, end to end           median {statistics.median(one) * 1000:7.1f} ms   "
          f"max {max(one) * 1000:7.1f} ms   ({statistics.median([r[4] for r in rows]):.0f} decisions)")
    print(f"  decisions of all four players    median {statistics.median([r[5] for r in rows]):.0f}")


if __name__ == "__main__":
    main()
