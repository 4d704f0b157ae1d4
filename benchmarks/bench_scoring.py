"""Python-side timings of the scorer, side by side with the other scorers installed.

    python benchmarks/bench_scoring.py [--hands N]

On the same random complete hands (built block by block, a third of the blocks
called, with a random win situation; fixed seed): parsing the text form alone
(`Hand.parse`), mjgui's `score()` on a new Hand and on one already scored, `score()`
of the text (parse and score together), the packed single call
(`core.score_packed`), the numpy batch, and the `mahjong` package (pip install
mahjong) and riichienv when they import.  Prints µs per hand, the best of several
rounds.

"A single score()" is the new-Hand case: a user scores hands they just entered.  It
is timed two ways: right after each Hand is made (making and scoring timed together,
the best round of making alone taken off), and from a list of fresh copies made
beforehand (each first touch of a copy's objects misses the cache).
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys
import time

import numpy as np

from mjgui import core
from mjgui.hand import Hand
from mjgui.scoring import PRESETS, pack, score, score_batch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from scoring_oracle import HandCalculator, _Ids, oracle, random_win  # noqa: E402  (test helper: the same hands)


def best_time(run, rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    args = parser.parse_args()
    rng = random.Random(2026)
    hands = [random_win(rng) for _ in range(args.hands)]
    packed = [pack(h) for h in hands]
    wins = np.frombuffer(b"".join(packed), dtype=core.WIN_DTYPE)
    flags = PRESETS["tenhou"].flags
    n = len(hands)

    def row(name: str, seconds: float, count: int) -> None:
        print(f"{name:<44} {seconds / count * 1e6:9.2f} µs/hand")

    print(f"{n} random complete hands")
    texts = [str(h) for h in hands]
    assert [Hand.parse(t) for t in texts] == hands, "the text form round-trips"
    row("Hand.parse(text) alone", best_time(lambda: [Hand.parse(t) for t in texts]), n)
    replace = dataclasses.replace

    # each the best of several rounds, so a slow round of one does not skew the difference
    made = best_time(lambda: [replace(h) for h in hands])
    row("mjgui score(hand), a Hand just made", best_time(lambda: [score(replace(h)) for h in hands]) - made, n)
    copies = [[replace(h) for h in hands] for _ in range(5)]
    row("mjgui score(hand), fresh copies made before", best_time(lambda: [score(h) for h in copies.pop()]), n)
    row("mjgui score(hand), the same Hand again", best_time(lambda: [score(h) for h in hands]), n)
    row("mjgui score(text): parse + score", best_time(lambda: [score(t) for t in texts]), n)
    row("mjgui core.score_packed(bytes)", best_time(lambda: [core.score_packed(p, flags) for p in packed]), n)
    row("mjgui score_batch(numpy)", best_time(lambda: score_batch(wins)), n)
    if HandCalculator is not None:
        few = hands[: max(n // 10, 1)]
        row("mahjong package (HandCalculator)", best_time(lambda: [oracle(h) for h in few], rounds=2), len(few))
    else:
        print("mahjong package: not installed")
    try:
        import riichienv
    except ImportError:
        print("riichienv: not installed")
        return
    # riichienv takes 136-tile ids; the closed hands only (its melds are objects of its own)
    closed = [h for h in hands if not h.melds]
    jobs = []
    for h in closed:
        ids = _Ids()
        tiles = [ids.id(t) for t in h.concealed]
        win = tiles[h.concealed.index(h.win.tile)]
        f = h.win.flags
        cond = riichienv.Conditions(tsumo="tsumo" in f, riichi="riichi" in f, double_riichi="double-riichi" in f,
                                    ippatsu="ippatsu" in f, haitei="haitei" in f, houtei="houtei" in f,
                                    player_wind=h.seat_wind, round_wind=h.round_wind)
        jobs.append((sorted(tiles), win, [ids.id(t) for t in h.dora_indicators], cond,
                     [ids.id(t) for t in h.win.ura_indicators]))
    evaluator = riichienv.HandEvaluator
    row(f"riichienv HandEvaluator.calc (the {len(closed)} closed hands)",
        best_time(lambda: [evaluator(t, []).calc(w, d, c, u) for t, w, d, c, u in jobs]), len(closed))
    packed_closed = [pack(h) for h in closed]
    row("mjgui core.score_packed, the same closed hands",
        best_time(lambda: [core.score_packed(p, flags) for p in packed_closed]), len(closed))


if __name__ == "__main__":
    main()
