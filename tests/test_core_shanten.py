"""Shanten (csrc/shanten.c) of every form and size, against the oracle.

Checked against the slow oracle (tests/reference.py), which computes everything from the
definition in docs/domain.md by search and shares no code or tables with the C core.  Every
random hand comes from a seeded ``random.Random`` and every hypothesis test is derandomized.
Shared builders and oracle helpers: tests/core_cases.py.
"""

from __future__ import annotations

import os
import random
import sys
import numpy as np
import pytest

from hypothesis import given

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import reference as R  # noqa: E402
from mjgui import core  # noqa: E402
from mjgui.core import CHIITOI, KOKUSHI, REGULAR  # noqa: E402
from core_cases import (  # noqa: E402
    FUZZ, N, ORPHANS, P, SIZES, _check_table_structure, _every_hand,
    assert_shanten_matches, core_decomps, near_tenpai_hand, one_suit_hand,
    oracle_decomps, plus, quad_heavy_hand, random_hand, valid_hands)


# ========================================================================= oracle agreement

RANDOM_COUNTS = {4: 500, 5: 500, 7: 400, 8: 400, 10: 300, 11: 300, 13: 300, 14: 300}


@pytest.mark.parametrize("n", SIZES)
def test_random_hands_match_oracle(n: int) -> None:
    """Regular, best-of-forms, chiitoi, kokushi and every forms mask, on random hands
    of every size (every hand of 1 and 2 tiles)."""
    if n <= 2:
        hands = list(_every_hand(n))
        assert len(hands) == (34 if n == 1 else 595)
    else:
        rng = random.Random(1000 + n)
        hands = [random_hand(rng, n) for _ in range(RANDOM_COUNTS[n])]
    for h in hands:
        assert_shanten_matches(h)
    got = core.shanten_batch(np.array(hands, dtype=np.uint8))
    assert got.tolist() == [R.shanten(h) for h in hands]


@pytest.mark.parametrize("n", (4, 5, 7, 8, 10, 11, 13, 14))
def test_quad_heavy_hands_match_oracle(n: int) -> None:
    rng = random.Random(2000 + n)
    hands = [quad_heavy_hand(rng, n) for _ in range(150)]
    assert sum(max(h) == 4 for h in hands) > 50
    for h in hands:
        assert_shanten_matches(h)


@pytest.mark.parametrize("n", (4, 5, 7, 8, 10, 11, 13, 14))
def test_chinitsu_hands_match_oracle(n: int) -> None:
    rng = random.Random(3000 + n)
    hands = [one_suit_hand(rng, n) for _ in range(120)]
    # and honour-only hands (no runs at all)
    for _ in range(30):
        c = [0] * N
        while sum(c) < n:
            k = 27 + rng.randrange(7)
            if c[k] < 4:
                c[k] += 1
        hands.append(c)
    for h in hands:
        assert_shanten_matches(h)


@pytest.mark.parametrize("n", (4, 5, 7, 8, 10, 11, 13, 14))
def test_near_tenpai_hands_match_oracle(n: int) -> None:
    rng = random.Random(4000 + n)
    hands = [near_tenpai_hand(rng, n) for _ in range(150)]
    hands += [near_tenpai_hand(rng, n, range(9 * (i % 3), 9 * (i % 3) + 9)) for i in range(50)]
    assert any(R.shanten(h) <= 0 for h in hands)
    for h in hands:
        assert_shanten_matches(h)


def test_every_input_representation_agrees() -> None:
    """list, tuple, bytes, bytearray and numpy arrays of several dtypes give one answer."""
    rng = random.Random(5)
    for i in range(200):
        n = SIZES[i % len(SIZES)]
        h = random_hand(rng, n)
        expected = R.shanten(h)
        reps = [h, tuple(h), bytes(h), bytearray(h), np.array(h, np.uint8), np.array(h, np.int64),
                np.array(h, np.int8), np.array(h, np.uint16), np.array(h, ">i4"),
                np.repeat(np.array(h, np.uint8), 2)[::2], [np.int32(x) for x in h]]
        for rep in reps:
            assert core.shanten(rep) == expected, (h, type(rep))
            assert core.shanten_regular(rep) == R.regular_shanten(h)
            assert core.shanten_chiitoi(rep) == R.chiitoi_shanten(h)
        if n % 3 == 1:
            assert core.ukeire_and_shanten(bytes(h)) == core.ukeire_and_shanten(np.array(h, np.int16))
        else:
            assert core.is_agari(bytes(h)) == core.is_agari(np.array(h, np.int64)) == (expected == -1)

# ========================================================================= exact examples

def test_quad_is_not_a_wait() -> None:
    h = P("1111m234p567s789s")
    assert core.shanten(h) == 1 and core.shanten_regular(h) == 1
    assert core.waits(h) == []
    s, u = core.ukeire_and_shanten(h)
    assert s == 1 and u == R.ukeire(h) and 0 not in u
    assert core.shanten_chiitoi(h) == 4           # pairs: 1m, 7s; kinds: 9
    assert core.shanten_kokushi(h) == 10          # 1m (paired) and 9s
    table = core.discard_table(P("1111m234p567s789s2m"))
    assert table.shanten == 0
    assert {d.kind: d.shanten for d in table.discards}[0] == 0


def test_quads_of_honours_two_shanten() -> None:
    h = P("333368m1111444z")
    assert core.shanten(h) == 2 == core.shanten_regular(h) == R.shanten(h)


def test_nine_gates_waits_on_all_nine() -> None:
    h = P("1112345678999m")
    assert core.shanten(h) == 0
    assert core.waits(h) == list(range(9))
    assert core.ukeire(h) == list(range(9))
    for t in range(9):
        assert core.is_agari(plus(h, t))


def test_kokushi_thirteen_sided_wait() -> None:
    h = P("19m19p19s1234567z")
    assert core.shanten(h) == 0 and core.shanten_kokushi(h) == 0
    assert core.waits(h) == list(ORPHANS)
    assert core.waits(h, KOKUSHI) == list(ORPHANS)
    assert core.waits(h, REGULAR | CHIITOI) == []
    assert core.shanten_regular(h) == R.regular_shanten(h) > 0
    for t in ORPHANS:
        assert core.is_agari(plus(h, t)) and core.is_agari(plus(h, t), KOKUSHI)
        assert not core.is_agari(plus(h, t), REGULAR)
    single = P("119m19p19s123456z")                        # pair of 1m, no Red
    assert core.waits(single) == [33]
    assert core.shanten_kokushi(P("19m19p19s123456z5m")) == 1   # 12 orphans, no pair


def test_seven_pairs_need_seven_kinds() -> None:
    quad = P("1111m2233p4455s66z")                           # 1m x4 is one pair, not two
    assert not core.is_agari(quad) and not core.is_agari(quad, CHIITOI)
    assert core.shanten_chiitoi(quad) == 1
    assert core.shanten(quad) == R.shanten(quad)
    done = P("1122m3344p5566s77z")
    assert core.is_agari(done) and core.is_agari(done, CHIITOI) and not core.is_agari(done, REGULAR)
    assert core.shanten(done) == -1 == core.shanten_chiitoi(done)
    assert core.shanten_regular(done) == R.regular_shanten(done) > -1
    assert core.waits(P("1122m3344p5566s7z")) == [33]
    assert core.shanten_chiitoi(P("112233m4455p6666s")) == 1
    assert core.shanten_chiitoi(P("1111m2222p3333s4z")) == 6    # 3 pairs, 4 kinds
    # two pairs of one kind (a quad) never count twice: 11112222333344m
    h = P("11112222333344m")
    assert core.shanten_chiitoi(h) == 6 - 4 + 3 and core.is_agari(h)   # regular, not seven pairs


def test_small_hands() -> None:
    assert core.shanten(P("1m")) == 0 and core.waits(P("1m")) == [0]
    assert core.waits(P("5z")) == [31]
    assert core.shanten(P("11m")) == -1 and core.is_agari(P("11m"))
    assert core.shanten(P("12m")) == 0 and not core.is_agari(P("12m"))
    assert core.waits(P("1234m")) == [0, 3]
    assert core.waits(P("1111m")) == []                  # 1-shanten: 1m is gone
    assert core.shanten(P("1111m")) == 1
    assert core.waits(P("2223m")) == [0, 2, 3] == R.waits(P("2223m"))   # 1m, 3m, 4m

# ========================================================================= hypothesis


@FUZZ
@given(valid_hands())
def test_hypothesis_valid_hands(h) -> None:
    n = sum(h)
    assert_shanten_matches(h)
    s = core.shanten(h)
    if n % 3 == 1:
        s2, u = core.ukeire_and_shanten(h)
        assert s2 == s and u
        after = {t: core.shanten(plus(h, t)) for t in range(N) if h[t] < 4}
        assert all(s - 1 <= a <= s for a in after.values())
        assert u == [t for t, a in after.items() if a < s]
        assert core.waits(h) == ([t for t in range(N) if h[t] < 4 and core.is_agari(plus(h, t))])
        if n <= 7:
            assert u == R.ukeire(h)
    else:
        table = _check_table_structure(h)
        assert table.shanten == s
        assert core.is_agari(h) == (s == -1)
        assert core_decomps(h) == oracle_decomps(h)
        if n <= 8:
            for d in table.discards:
                assert d.shanten == R.shanten(plus(h, d.kind, -1))


# what an arbitrary object means as a hand: the 34 counts it must be answered as, or
