"""A study, not a test: does `mjgui.yaku.yaku_status(...).keeps_yaku` (its own yaku rules)
agree with the scorer (csrc/scoring.c) on open hands after a call?

    python tests/yaku_vs_scorer.py [--hands 2000] [--seed 1]

By the scorer, a hand at shanten s keeps a yaku when some completion reached with the
fewest draws (s + 1 tiles drawn, s discarded: four melds and a pair with the melds held)
wins with a yaku on its last drawn tile, by ron or tsumo, without riichi or a lucky
situation (haitei, rinshan, ...).  Random hands with one pon or chi and ten concealed
tiles at shanten 0 or 1 are compared; every disagreement is printed with the yaku the
scorer found, so each can be judged by the definition (docs/scoring.md).
"""
from __future__ import annotations

import argparse
import random
from collections import Counter

from mjgui import core
from mjgui.hand import Hand, Meld, MeldKind, Win
from mjgui.scoring import _fields, rule_flags
from mjgui.tiles import Tile, format_tiles
from mjgui.yaku import yaku_status

RULES = rule_flags("tenhou")


def _random_open_hand(rng: random.Random) -> tuple[bytes, Meld] | None:
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    k = wall.pop()
    if k < 27 and k % 9 <= 6 and rng.random() < 0.5:
        kinds = [k, k + 1, k + 2]
        kind = MeldKind.CHI
    else:
        kinds = [k, k, k]
        kind = MeldKind.PON
    for x in kinds[1:] if kind is MeldKind.PON else kinds:
        if x in wall:
            wall.remove(x)
        else:
            return None
    if kind is MeldKind.PON and wall.count(k) < 2:
        return None
    meld = Meld(kind, tuple(Tile(x) for x in kinds), Tile(kinds[0]), "L")
    counts = bytearray(34)
    for x in wall[:10]:
        counts[x] += 1
    return bytes(counts), meld


def _yaku_by_scorer(context: Hand, complete: bytearray, drawn: set[int]) -> list[str]:
    """Names of the yaku of a complete hand won on one of `drawn`, best first (empty: none)."""
    from mjgui.scoring import yaku_name
    for w in sorted(drawn):
        for tsumo in (False, True):
            result, values = core.score_packed(
                core.WIN_STRUCT.pack(*_fields(context, w, ("tsumo",) if tsumo else (), bytes(complete))), RULES)
            if result == 1:
                return [yaku_name(i) for i in values[12][:values[11]]]
    return []


def scorer_keeps_yaku(counts: bytes, meld: Meld, seat: int, rnd: int) -> tuple[int, list[str]]:
    """(shanten, the yaku of one fastest completion that has one, or [])."""
    context = Hand((), (meld,), round_wind=rnd, seat_wind=seat, win=Win())
    caps = core.meld_caps([t.kind for t in meld.tiles])
    s = core.shanten_melds(counts, 3, caps)
    h = bytearray(counts)
    cap = bytearray(caps)
    if s == 0:
        for a in range(34):
            if h[a] + 1 > cap[a]:
                continue
            h[a] += 1
            if core.shanten_melds(bytes(h), 3, caps) == -1:
                names = _yaku_by_scorer(context, h, {a})
                if names:
                    return s, names
            h[a] -= 1
        return s, []
    for a in range(34):
        for b in range(a, 34):
            h[a] += 1
            h[b] += 1
            if h[a] <= cap[a] and h[b] <= cap[b]:
                for d in range(34):
                    if not h[d] or d in (a, b) and counts[d] == 0:
                        continue
                    h[d] -= 1
                    if core.shanten_melds(bytes(h), 3, caps) == -1:
                        names = _yaku_by_scorer(context, h, {a, b} - ({d} if counts[d] == 0 else set()))
                        if names:
                            h[d] += 1
                            h[a] -= 1
                            h[b] -= 1
                            return s, names
                    h[d] += 1
            h[a] -= 1
            h[b] -= 1
    return s, []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tally: Counter = Counter()
    done = 0
    while done < args.hands:
        made = _random_open_hand(rng)
        if made is None:
            continue
        counts, meld = made
        seat, rnd = rng.randrange(4), rng.randrange(2)
        status = yaku_status(counts, (meld,), rnd, seat)
        if status.shanten > 1:
            continue
        done += 1
        s, names = scorer_keeps_yaku(counts, meld, seat, rnd)
        assert s == status.shanten
        agree = bool(names) == status.keeps_yaku
        tally[(s, agree)] += 1
        if not agree:
            tiles = format_tiles([Tile(k) for k in range(34) for _ in range(counts[k])])
            print(f"shanten {s} {tiles} + {meld} seat {seat} round {rnd}: yaku.py "
                  f"{status.describe()!r}, scorer {names or 'no yaku'}")
    for (s, agree), n in sorted(tally.items()):
        print(f"shanten {s}: {'agree' if agree else 'DIFFER'} {n}")


if __name__ == "__main__":
    main()
