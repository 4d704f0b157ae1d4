"""A study, not a test: the long run of tests/test_yaku.py's comparison.  Does
`mjgui.yaku.yaku_status` (completions enumerated in C, each scored by mjgui's scorer) agree
with the slow reference (tests/reference_reach.py: completions enumerated in Python, each
scored by the `mahjong` package for every way of winning it) on random open hands?

    python tests/yaku_vs_scorer.py [--hands 500] [--seed 1] [--limit 400]

Hands are complete random wins with an open meld, the winning tile taken out and 0-2 other
tiles swapped (shanten 0-2).  The reference looks one draw beyond the fastest completions;
hands with more than --limit completions in that reach are skipped (the reference scores
each).  Every disagreement is printed; the exit status is 1 if there is any.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import reference_reach as RR  # noqa: E402
from mjgui import yaku as Y  # noqa: E402
from test_yaku import _open_hand  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=400)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    tally: Counter = Counter()
    bad = 0
    while sum(tally.values()) < args.hands:
        hand = _open_hand(rng, rng.choice((0, 1, 2)))
        st = Y.yaku_status(hand.counts, hand.melds, hand.round_wind, hand.seat_wind)
        budget = st.shanten + 2
        if sum(1 for _ in RR.completions(hand.counts, hand.melds, budget)) > args.limit:
            continue
        expected = RR.cheapest_yaku_cost(hand.counts, hand.melds, hand.round_wind, hand.seat_wind, budget)
        got = None if st.best is None else st.best_shanten + 1
        agree = got == expected or (expected is None and (got is None or got > budget))
        if not agree:
            bad += 1
            print(f"{hand}: mjgui {st} / reference cheapest cost {expected}")
        tally[(st.shanten, "keeps" if st.keeps_yaku else f"+{st.extra_draws}")] += 1
    for key, n in sorted(tally.items(), key=str):
        print(f"shanten {key[0]}, {key[1]:>5}: {n}")
    print(f"{bad} disagreements in {args.hands} hands")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
