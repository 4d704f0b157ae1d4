"""Tests of the slow reference oracle (tests/reference.py).

The oracle is what the fast C engine is checked against, so it is checked here against
hand-worked examples (the working is in the comments) and against dumber brute forces that
share none of its search: a full enumeration of every complete hand W for small hands,
and "draw tiles, then look for a complete hand by peeling" for 13-tile hands.

Kind indices: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z (E S W N Wh G R).
"""

from __future__ import annotations

import itertools
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import (  # noqa: E402
    chiitoi_shanten, decompositions, discard_table, is_complete, kokushi_shanten,
    YAOCHU, parse, random_hand, regular_shanten, shanten, ukeire, waits,
)

P = parse
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
assert ORPHANS == list(YAOCHU)


def K(s: str) -> int:
    """Kind index of one tile written in mpsz, e.g. K('5p') == 13."""
    c = parse(s)
    assert sum(c) == 1
    return c.index(1)


def plus(c, t, d=1):
    c = list(c)
    c[t] += d
    return c


# ------------------------------------------------------------------------ parse / helpers

def test_parse() -> None:
    c = P("123m456p789s11z")
    assert sum(c) == 11
    assert c[0] == c[1] == c[2] == 1            # 1m 2m 3m
    assert c[12] == c[13] == c[14] == 1         # 4p 5p 6p
    assert c[24] == c[25] == c[26] == 1         # 7s 8s 9s
    assert c[27] == 2                           # two East
    assert P("0m") == P("5m") and P("0p")[13] == 1 and P("0s")[22] == 1
    assert P("7z")[33] == 1
    assert K("1m") == 0 and K("9m") == 8 and K("1p") == 9 and K("1s") == 18 and K("1z") == 27
    for bad in ("11111m", "8z", "123", "m", "12x"):
        with pytest.raises(ValueError):
            P(bad)


def test_random_hand() -> None:
    rng = random.Random(5)
    for n in (1, 2, 4, 5, 13, 14):
        for _ in range(50):
            c = random_hand(rng, n)
            assert len(c) == 34 and sum(c) == n and max(c) <= 4 and min(c) >= 0


# ------------------------------------------------------------ hand-worked shanten values

@pytest.mark.parametrize("hand, expected, why", [
    # 1 tile, k = 0: W is a single pair; one tile of it is missing -> replacement 1 -> 0.
    ("1m", 0, "single tile waits on its pair"),
    ("5z", 0, "honour tanki"),
    # 2 tiles, k = 0: a pair is complete; two different kinds miss one tile.
    ("11m", -1, "pair is complete"),
    ("12m", 0, "replace either tile"),
    ("19m", 0, "replace either tile"),
    # 4 tiles, k = 1: W = one meld + one pair (5 tiles).
    ("1234m", 0, "123+4 or 1+234: one tile missing"),
    ("1m3m5p5p", 0, "55p + 13m needs only 2m"),
    # 1m 5m 9m 1z: no meld holds two of them, a pair holds one: matched 2 of 5 -> 3 -> 2.
    ("159m1z", 2, "four isolated tiles"),
    # 1m 3m 5p 7p: 123m takes 1m,3m; pair takes 5p or 7p -> matched 3 -> replacement 2.
    ("13m57p", 1, "two kanchan, no pair"),
    # 1111m: 111m + 11m would be a fifth 1m; best is 111m + any pair (2 missing) -> 1.
    ("1111m", 1, "quad cannot be triplet + pair"),
    ("1111z", 1, "honour quad, same"),
    # 11z 22z: pair 11z + 222z misses one -> tenpai (shanpon).
    ("1122z", 0, "shanpon"),
    # 5 tiles, k = 1.
    ("11123m", -1, "11m + 123m"),
    ("22233m", -1, "222m + 33m"),
    # 1111m 2m: W = 11m + 123m has three 1m (<= 4); matched 1,1,1,2 -> missing 3m only.
    ("11112m", 0, "11m + 123m needs 3m"),
    # 1m 4m 7m 1z 5z: a meld holds at most one of them, the pair one: 2 of 5 matched.
    ("147m15z", 2, "five isolated tiles"),
    # 7 tiles, k = 2: 234m 567m + 8m (tanki) etc.
    ("2345678m", 0, "nobetan-like"),
    # 13 tiles.
    # 123m 456p 789s are done; 1z 2z 3z 4z: one honour triplet (2 missing) + another honour
    # pair (1 missing) -> replacement 3 -> 2-shanten.  Chiitoi: 13 kinds, 7 matched -> 6;
    # kokushi: 1m 9s 1z 2z 3z 4z = 6 orphans, no pair -> 14 - 6 - 1 = 7.
    ("123m456p789s1234z", 2, "three melds + four honours"),
    ("1112345678999m", 0, "nine gates"),
    ("123m456p789s1122z", 0, "shanpon on 1z/2z"),
    # 14 tiles.
    ("123m456p789s11225z", 0, "discard 5z -> shanpon tenpai"),
    ("123m456p789s11222z", -1, "complete"),
    ("11112222333344m", -1, "complete pure hand with two quads"),
])
def test_hand_worked_shanten(hand, expected, why) -> None:
    assert shanten(P(hand)) == expected, why


def test_fifth_copy_examples() -> None:
    # 1111m 234p 567s 789s: 111m + three runs are done, the leftover 1m could only pair with
    # a fifth 1m.  Any W therefore misses 2 tiles (e.g. 111m 234p 567s 789s + a fresh pair,
    # or 11m pair + 123m missing 2m,3m) -> replacement 2 -> 1-shanten, no waits.
    h = P("1111m234p567s789s")
    assert regular_shanten(h) == 1
    assert shanten(h) == 1
    assert waits(h) == []
    # Drawing any kind t other than 1m and discarding a 1m leaves 111m + three runs + t:
    # a tanki wait.  So every kind except 1m is ukeire.
    assert ukeire(h) == [t for t in range(34) if t != K("1m")]

    # 3333m 6m 8m 1111z 444z: 333m, 111z, 444z are triplets, 678m misses 7m, but the pair
    # can be neither 3m nor 1z nor 4z (fifth copy): a pair from 6m/8m costs 1 and then
    # 6m/8m need a run costing 2, or 678m (1) + a fresh pair (2).  Every W misses >= 3 ->
    # 2-shanten (the block formula would say 1).  Chiitoi: pairs 3m 1z 4z + 6m 8m = 8
    # matched of 14 -> 5-shanten.
    h = P("333368m1111444z")
    assert regular_shanten(h) == 2
    assert chiitoi_shanten(h) == 5
    assert shanten(h) == 2

    # 9999m 99p 4444z (10 tiles, k = 3; W has 11 tiles): 4z can be used at most 3 times
    # (444z + 44z would be five), so at most 9 tiles match -> replacement >= 2; and
    # 999m + 444z + 99p + 789m (7m 8m missing, the 4th 9m used) reaches 2 -> 1-shanten.
    # Needs the run that ENDS at the lowest tile: 999m twice or 9m pair + 999m are fifth
    # copies, and 789m is the only other block that holds 9m.
    assert regular_shanten(P("9999m99p4444z")) == 1

    # 1111m alone: waits on nothing, yet 2m or 3m makes 11m + 12m/13m -> tenpai.
    assert waits(P("1111m")) == []
    assert waits(P("1111z")) == []


# ------------------------------------------------------------------------ chiitoi / kokushi

def test_chiitoi_with_quads() -> None:
    # 1111m 22p 33p 44s 55s 66z: the four 1m are ONE pair, so 6 pairs -> 12 matched; a 7th
    # pair is fresh (2 missing) -> replacement 2 -> 1-shanten; not complete.
    h = P("1111m2233p4455s66z")
    assert sum(h) == 14
    assert chiitoi_shanten(h) == 1
    assert not is_complete(h)
    # 13 tiles 1111m 22p 33p 44s 55s 6z: 5 pairs (10) + single 6z (1) + fresh -> 11 matched
    # -> replacement 3 -> 2-shanten (formula 6 - pairs + max(0, 7 - kinds) = 1 + 1).
    assert chiitoi_shanten(P("1111m2233p4455s6z")) == 2
    # Two quads: 1111m 2222m 33p 44p 5z: 4 pairs + 1 single -> 9 matched -> 4-shanten.
    assert chiitoi_shanten(P("11112222m3344p5z")) == 4
    # Plain seven pairs: complete; regular form impossible (1122m is not melds + pair).
    h = P("1122m3344p5566s77z")
    assert chiitoi_shanten(h) == -1 and shanten(h) == -1 and is_complete(h)
    assert decompositions(h) == []
    assert regular_shanten(h) > -1
    # Tenpai seven pairs: the only wait is the 7z single.
    h = P("1122m3344p5566s7z")
    assert chiitoi_shanten(h) == 0
    assert waits(h) == [K("7z")]
    assert ukeire(h) == [K("7z")]
    # Not 13/14 tiles -> None.
    assert chiitoi_shanten(P("1122m")) is None
    assert chiitoi_shanten(P("11223344m")) is None


def test_kokushi() -> None:
    # 13 different orphans: every orphan completes it (13-sided wait).
    h = P("19m19p19s1234567z")
    assert kokushi_shanten(h) == 0
    assert shanten(h) == 0
    assert waits(h) == ORPHANS
    assert ukeire(h) == ORPHANS
    # Regular form of 13 scattered orphans: each block holds at most one -> 5 of 14 matched.
    assert regular_shanten(h) == 8
    # Chiitoi: 13 kinds, no pair -> 7 matched -> 6-shanten.
    assert chiitoi_shanten(h) == 6
    # Complete kokushi.
    h = P("19m19p19s12345677z")
    assert kokushi_shanten(h) == -1 and is_complete(h) and decompositions(h) == []
    # 12 orphans with a pair (6z twice, no 7z): only 7z completes it.
    h = P("19m19p19s1234566z")
    assert kokushi_shanten(h) == 0 and waits(h) == [K("7z")]
    # 12 different orphans + 5m: 12 matched, no pair -> 1-shanten.
    assert kokushi_shanten(P("19m19p19s123456z5m")) == 1
    assert kokushi_shanten(P("19m")) is None


# --------------------------------------------------------------------------------- waits

def test_waits_hand_worked() -> None:
    # Nine gates 1112345678999m: every man tile 1m..9m completes it.
    assert waits(P("1112345678999m")) == list(range(9))
    assert ukeire(P("1112345678999m")) == list(range(9))
    # 2345678m: 22+345+678, 234+55+678, 234+567+88; 1m/4m/7m/3m/6m/9m give no pair that works.
    assert waits(P("2345678m")) == [K("2m"), K("5m"), K("8m")]
    # Shanpon 11z/22z.
    assert waits(P("123m456p789s1122z")) == [K("1z"), K("2z")]
    # Single tile: waits on its pair.
    assert waits(P("3p")) == [K("3p")]
    # 1m 3m 55p: kanchan on 2m.
    assert waits(P("13m55p")) == [K("2m")]
    # 1-shanten hands have no waits.
    assert waits(P("13m57p")) == []


def test_ukeire_hand_worked() -> None:
    # 1m 3m 5p 7p (1-shanten, 5 tiles needed).  A draw t helps iff 1m3m5p7p+t has 4 of a W:
    #   1m: 11m pair + 567p (missing 6p)        3m: 33m pair + 567p
    #   2m: 123m + pair 5p or 7p                5p: 55p + 123m   7p: 77p + 123m
    #   6p: 567p + pair 1m or 3m
    #   4m/5m (234m/345m with 3m) leave no pair among 1m,5p,7p for free; same for 4p,8p, etc.
    assert ukeire(P("13m57p")) == [K("1m"), K("2m"), K("3m"), K("5p"), K("6p"), K("7p")]
    # Tenpai: ukeire are exactly the waits.
    assert ukeire(P("13m55p")) == [K("2m")]


def test_discard_table_hand_worked() -> None:
    # 1m 3m 5p 5p 9s (5 tiles, k = 1).
    #  - cut 9s -> 13m55p: tenpai on 2m.
    #  - cut 1m -> 3m55p9s: 55p pair + one single -> 1-shanten.  Useful draws: 1m 2m 4m 5m
    #    (a run with 3m, missing one), 3m (33m + 555p), 5p (555p + pair), 7s 8s (with 9s),
    #    9s (99s + 555p).
    #  - cut 3m -> 1m55p9s: same with 1m: 1m 2m 3m, 5p, 7s 8s 9s.
    #  - cut 5p -> 13m5p9s: 123m open + two singles -> 1-shanten; only 2m (completes 123m,
    #    a single left for the pair), 5p or 9s (the pair, 13m left for 2m) help.
    table = discard_table(P("13m55p9s"))
    assert table == {
        K("1m"): (1, [K("1m"), K("2m"), K("3m"), K("4m"), K("5m"), K("5p"),
                      K("7s"), K("8s"), K("9s")]),
        K("3m"): (1, [K("1m"), K("2m"), K("3m"), K("5p"), K("7s"), K("8s"), K("9s")]),
        K("5p"): (1, [K("2m"), K("5p"), K("9s")]),
        K("9s"): (0, [K("2m")]),
    }


# ------------------------------------------------------------------------- decompositions

def test_decompositions_hand_worked() -> None:
    R, T = "run", "triplet"
    # 111m 222m 333m + 44p: three triplets, or three times 123m.
    assert decompositions(P("111222333m44p")) == [
        (K("4p"), ((0, R), (0, R), (0, R))),
        (K("4p"), ((0, T), (1, T), (2, T))),
    ]
    # 1111m 2345678m 999m: pair 99m + 111m 123m 456m 789m; with pair 11m the other two 1m
    # cannot both start runs (only one 2m).
    assert decompositions(P("11112345678999m")) == [
        (K("9m"), ((0, R), (0, T), (3, R), (6, R))),
    ]
    # 1111 2222 3333 44m: pair 11m -> 123 123 234 234; pair 44m -> 123 x4, or
    # 111 123 222 333; pairs 22m / 33m leave a lone tile.
    assert decompositions(P("11112222333344m")) == [
        (K("1m"), ((0, R), (0, R), (1, R), (1, R))),
        (K("4m"), ((0, R), (0, R), (0, R), (0, R))),
        (K("4m"), ((0, R), (0, T), (1, T), (2, T))),
    ]
    # 112233m 445566p 77z: pair 77z + 123m 123m 456p 456p (it is also seven pairs).
    h = P("112233m445566p77z")
    assert decompositions(h) == [(K("7z"), ((0, R), (0, R), (K("4p"), R), (K("4p"), R)))]
    assert chiitoi_shanten(h) == -1 and regular_shanten(h) == -1
    # Small hands.
    assert decompositions(P("11123m")) == [(0, ((0, R),))]
    assert decompositions(P("22234m")) == [(1, ((1, R),))]
    assert decompositions(P("22233m")) == [(2, ((1, T),))]
    assert decompositions(P("11m")) == [(0, ())]
    assert decompositions(P("123m11z")) == [(K("1z"), ((0, R),))]
    # Not complete / runs do not wrap or use honours.
    assert decompositions(P("1122m5z")) == []
    assert decompositions(P("891m11z")) == []
    assert decompositions(P("123z11m")) == []


# -------------------------------------------------------- brute force over every W (small)

RUNS = [suit * 9 + a for suit in range(3) for a in range(7)]      # 1-7 of each suit


def _all_melds():
    out = []
    for i in range(34):
        out.append({i: 3})
    for s in RUNS:
        out.append({s: 1, s + 1: 1, s + 2: 1})
    return out


def _all_W(k):
    """Every complete regular hand of size 3k+2 with no kind above 4, as 34-count tuples."""
    melds = _all_melds()
    seen = set()
    for combo in itertools.combinations_with_replacement(range(len(melds)), k):
        base = [0] * 34
        for m in combo:
            for kind, c in melds[m].items():
                base[kind] += c
        for p in range(34):
            w = list(base)
            w[p] += 2
            if max(w) <= 4:
                seen.add(tuple(w))
    return sorted(seen)


_W_CACHE: dict = {}


def brute_regular_shanten(counts):
    n = sum(counts)
    k = n // 3
    if k not in _W_CACHE:
        _W_CACHE[k] = _all_W(k)
    support = [i for i in range(34) if counts[i]]
    best = min((3 * k + 2) - sum(min(w[i], counts[i]) for i in support) for w in _W_CACHE[k])
    return best - 1


def _restricted_hand(rng, n, n_kinds):
    """n tiles from the copies of a few kinds: many pairs, triplets and quads.  The kinds
    are random, or a window of consecutive numbers in one suit.  None if too few copies."""
    if rng.random() < 0.5:
        kinds = rng.sample(range(34), n_kinds)
    else:
        start = rng.choice(RUNS)
        kinds = list(range(start, start + min(n_kinds, 3)))
    wall = [k for k in kinds for _ in range(4)]
    if len(wall) < n:
        return None
    c = [0] * 34
    for k in rng.sample(wall, n):
        c[k] += 1
    return c


def test_brute_force_all_W_small_hands() -> None:
    assert len(_all_W(0)) == 34
    rng = random.Random(20240601)
    hands = []
    for n in (1, 2, 4, 5):
        for _ in range(60):
            hands.append(random_hand(rng, n))
        for _ in range(60):
            h = _restricted_hand(rng, n, rng.choice((1, 2, 3)))
            if h is not None:
                hands.append(h)
    # also every 1- and 2-tile hand over a few kinds, and all quads + tile of 4/5 tiles
    for a in (0, 1, 8, 9, 27):
        hands.append(plus([0] * 34, a))
        for b in (0, 1, 2, 8, 27):
            hands.append(plus(plus([0] * 34, a), b))
        q = [0] * 34
        q[a] = 4
        hands.append(q)
        hands += [plus(q, b) for b in range(34) if b != a]
    for h in hands:
        assert regular_shanten(h) == brute_regular_shanten(h), h


def test_brute_force_all_W_seven_and_eight_tiles() -> None:
    rng = random.Random(7)
    hands = [random_hand(rng, n) for n in (7, 8) for _ in range(4)]
    for n in (7, 8):
        for _ in range(8):
            h = _restricted_hand(rng, n, rng.choice((2, 3, 4)))
            if h is not None:
                hands.append(h)
    # hand-picked quads: 1111m 222m, 1111m 2222m, 4444z 1111m, 1111m 3m 5z 7z
    hands += [P("1111m222m"), P("11112222m"), P("4444z1111m"), P("11113m57z")]
    for h in hands:
        assert regular_shanten(h) == brute_regular_shanten(h), h


# ------------------------------------------------- 13/14 tiles: draw tiles and peel

def _random_complete(rng):
    """A random complete regular 14-tile hand (pair + 4 melds, no kind above 4)."""
    melds = _all_melds()
    while True:
        c = [0] * 34
        c[rng.randrange(34)] += 2
        for _ in range(4):
            for kind, k in rng.choice(melds).items():
                c[kind] += k
        if max(c) <= 4:
            return c


def _tile_list(c):
    return [k for k in range(34) for _ in range(c[k])]


def _near_complete_13(rng, changes):
    c = _random_complete(rng)
    c = plus(c, rng.choice(_tile_list(c)), -1)
    for _ in range(changes):
        c = plus(c, rng.choice(_tile_list(c)), -1)
        t = rng.choice([k for k in range(34) if c[k] < 4])
        c = plus(c, t, +1)
    return c


def _regular_complete(c):
    return bool(decompositions(c))


def brute_regular_tenpai(c):
    """3k+1 hand: some draw (no fifth copy) makes a regular complete hand."""
    return any(c[t] < 4 and _regular_complete(plus(c, t)) for t in range(34))


def brute_regular_le1(c):
    """3k+1 hand: replacement <= 2 iff two draws t1 <= t2 (no fifth copy) and one discard
    give a regular complete hand.  (If only one tile is missing, draw any second tile and
    throw it back.)"""
    for t1 in range(34):
        if c[t1] == 4:
            continue
        c1 = plus(c, t1)
        for t2 in range(t1, 34):
            if c1[t2] == 4:
                continue
            c2 = plus(c1, t2)
            for d in range(34):
                if c2[d] and _regular_complete(plus(c2, d, -1)):
                    return True
    return False


def test_tenpai_matches_draw_and_peel() -> None:
    rng = random.Random(99)
    hands = [_near_complete_13(rng, rng.choice((0, 1, 1, 2))) for _ in range(60)]
    hands += [random_hand(rng, 13) for _ in range(20)]
    hands += [P("1111m234p567s789s"), P("333368m1111444z"), P("1112345678999m")]
    seen_tenpai = seen_not = 0
    for h in hands:
        s = regular_shanten(h)
        assert s >= 0
        assert (s == 0) == brute_regular_tenpai(h), h
        seen_tenpai += s == 0
        seen_not += s != 0
    assert seen_tenpai > 10 and seen_not > 10


def test_one_shanten_matches_draw_two_and_peel() -> None:
    rng = random.Random(1234)
    hands = [_near_complete_13(rng, 2) for _ in range(5)]
    hands += [P("1111m234p567s789s"), P("333368m1111444z")]
    results = []
    for h in hands:
        s = regular_shanten(h)
        assert (s <= 1) == brute_regular_le1(h), h
        results.append(s)
    assert 1 in results and 2 in results


# ----------------------------------------------------------------------- consistency

def test_complete_iff_shanten_minus_one() -> None:
    rng = random.Random(3)
    hands = [_random_complete(rng) for _ in range(40)]
    hands += [plus(_near_complete_13(rng, 1), rng.randrange(34)) for _ in range(40)]
    hands = [h for h in hands if max(h) <= 4]
    for h in hands:
        assert is_complete(h) == (shanten(h) == -1), h
        assert bool(decompositions(h)) == (regular_shanten(h) == -1), h


def test_draw_and_discard_recursions() -> None:
    # For each form, a 3k+1 hand's replacement is 1 + the best replacement after one draw
    # (W always misses some tile t, and H_t < W_t <= 4); a 3k+2 hand's is 0 if complete,
    # else the best over discards (throw away a tile W does not use).
    rng = random.Random(11)
    for _ in range(6):
        h = random_hand(rng, 13)
        assert shanten(h) == 1 + min(shanten(plus(h, t)) for t in range(34) if h[t] < 4)
        assert regular_shanten(h) == 1 + min(
            regular_shanten(plus(h, t)) for t in range(34) if h[t] < 4)
    for _ in range(6):
        h = random_hand(rng, 14)
        if not is_complete(h):
            assert shanten(h) == min(shanten(plus(h, d, -1)) for d in range(34) if h[d])
    for n in (4, 5, 7, 8, 10, 11):
        h = random_hand(rng, n)
        if n % 3 == 1:
            assert regular_shanten(h) == 1 + min(
                regular_shanten(plus(h, t)) for t in range(34) if h[t] < 4)


def test_waits_and_ukeire_on_tenpai_hands() -> None:
    rng = random.Random(17)
    for _ in range(8):
        h = _near_complete_13(rng, 0)            # a complete hand minus one tile
        assert shanten(h) == 0
        w = waits(h)
        assert w and ukeire(h) == w


def brute_chiitoi_shanten(c):
    held = [i for i in range(34) if c[i]]
    pool = held + [i for i in range(34) if not c[i]][:7]
    best = min(14 - sum(min(c[i], 2) for i in kinds)
               for kinds in itertools.combinations(pool, 7))
    return best - 1


def brute_kokushi_shanten(c):
    best = None
    for extra in ORPHANS:
        w = [0] * 34
        for i in ORPHANS:
            w[i] = 1
        w[extra] = 2
        miss = sum(max(w[i] - c[i], 0) for i in range(34))
        best = miss if best is None else min(best, miss)
    return best - 1


def test_chiitoi_kokushi_brute() -> None:
    rng = random.Random(23)
    hands = [random_hand(rng, n) for n in (13, 14) for _ in range(15)]
    hands += [P("1111m2233p4455s66z"), P("1122m3344p5566s7z"), P("19m19p19s1234567z")]
    for h in hands:
        assert chiitoi_shanten(h) == brute_chiitoi_shanten(h), h
        assert kokushi_shanten(h) == brute_kokushi_shanten(h), h
        assert shanten(h) == min(regular_shanten(h), chiitoi_shanten(h), kokushi_shanten(h))


def test_discard_table_shape() -> None:
    rng = random.Random(31)
    h = _near_complete_13(rng, 1)
    h = plus(h, rng.choice([t for t in range(34) if h[t] < 4]))
    table = discard_table(h)
    assert sorted(table) == [d for d in range(34) if h[d]]
    best = min(s for s, _ in table.values())
    assert best == max(shanten(h), 0)
    for d, (s, u) in table.items():
        rest = plus(h, d, -1)
        assert s == shanten(rest) and u == ukeire(rest)


def test_bad_sizes_rejected() -> None:
    for bad in ([0] * 34, P("123m"), P("123456m"), P("111122223333m456z")):
        with pytest.raises(ValueError):                # sizes 0, 3, 6 and 15
            regular_shanten(bad)
    with pytest.raises(ValueError):
        waits(P("11m"))                          # 3k+2 hand has no waits
    with pytest.raises(ValueError):
        discard_table(P("1m"))                   # 3k+1 hand has nothing to discard
    with pytest.raises(ValueError):
        regular_shanten([5] + [0] * 33)
