"""Complete hands and their decompositions (csrc/agari.c).

Checked against the slow oracle (tests/reference.py), which computes everything from the
definition in docs/domain.md by search and shares no code or tables with the C core.  Every
random hand comes from a seeded ``random.Random`` and every hypothesis test is derandomized.
Shared builders and oracle helpers: tests/core_cases.py.
"""

from __future__ import annotations

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import reference as R  # noqa: E402
from mjgui import core  # noqa: E402
from mjgui.core import CHIITOI, KOKUSHI, REGULAR  # noqa: E402
from core_cases import (  # noqa: E402
    N, P, SIZES_3K2, complete_hand, core_decomps, near_tenpai_hand, oracle_decomps,
    regular_complete, seven_pairs, suit_complete)


# ------------------------------------------------------------------------ agari, decompositions

def _suit_vectors(width: int, total: int):
    if width == 0:
        if total == 0:
            yield ()
        return
    for c in range(min(4, total) + 1):
        for rest in _suit_vectors(width - 1, total - c):
            yield (c,) + rest


def test_is_agari_every_single_suit_14_tile_hand() -> None:
    """Every count vector of 14 tiles of one suit (118,800 per numbered suit, and the
    honours), against the independent meld peeling of this file."""
    vectors = list(_suit_vectors(9, 14))
    assert len(vectors) == 118800
    regular_count = chiitoi_count = 0
    for v in vectors:
        regular = suit_complete(v, True)
        pairs7 = sorted(c for c in v if c) == [2] * 7
        regular_count += regular
        chiitoi_count += pairs7
        for suit in range(3):
            h = bytes(9 * suit) + bytes(v) + bytes(25 - 9 * suit)
            assert core.is_agari(h, REGULAR) is regular, (suit, v)
            if suit == 0:
                assert core.is_agari(h) is (regular or pairs7), v
                assert core.is_agari(h, CHIITOI) is pairs7, v
                assert core.is_agari(h, KOKUSHI) is False
    assert regular_count > 0 and chiitoi_count == 36        # C(9, 7) = 36 ways of seven pairs
    honours = list(_suit_vectors(7, 14))
    for v in honours:
        h = bytes(27) + bytes(v)
        pairs7 = sorted(c for c in v if c) == [2] * 7
        assert core.is_agari(h, REGULAR) is suit_complete(v, False), v
        assert core.is_agari(h) is (suit_complete(v, False) or pairs7), v


def test_is_agari_mixed_hands() -> None:
    rng = random.Random(14)
    for i in range(3000):
        n = SIZES_3K2[i % 5]
        h = complete_hand(rng, n // 3) if i % 3 == 0 else near_tenpai_hand(rng, n)
        assert core.is_agari(h, REGULAR) == regular_complete(h), h
        assert core.is_agari(h) == (regular_complete(h) or seven_pairs(h)
                                    or (n == 14 and R._is_kokushi_complete(h))), h
        assert core.is_agari(h) == (core.shanten(h) == -1)
        assert bool(core.decompositions(h)) == regular_complete(h)


MULTI_DECOMPOSITION = ["111222333m11p", "11122233344455m", "111122223333m55p", "11123456789999m",
                       "111222333444m55p", "11223344556677m", "22223333444455m", "123123123m11z"]


def test_decompositions_match_oracle() -> None:
    rng = random.Random(15)
    hands = [P(s) for s in MULTI_DECOMPOSITION] + [P("111z222z333z444z55z")]
    for i in range(150):
        hands.append(complete_hand(rng, SIZES_3K2[i % 5] // 3))
    for i in range(150):        # one suit: many decompositions
        s = i % 3
        hands.append(complete_hand(rng, SIZES_3K2[i % 5] // 3, range(9 * s, 9 * s + 9)))
    for i in range(100):        # not complete: no decomposition
        hands.append(near_tenpai_hand(rng, SIZES_3K2[i % 5]))
    multi = 0
    for h in hands:
        ours = core_decomps(h)
        assert ours == oracle_decomps(h), h
        assert len(set(ours)) == len(ours)
        multi += len(ours) > 1
        for pair, melds in ours:
            w = [0] * N
            w[pair] += 2
            for t, run in melds:
                for j in ((t, t + 1, t + 2) if run else (t, t, t)):
                    w[j] += 1
            assert w == list(h)
            assert len(melds) == sum(h) // 3
    assert multi > 10


def test_decompositions_examples() -> None:
    M = core.Block
    assert sorted(core.decompositions(P("111222333m11p"))) == sorted([
        core.Decomposition(9, (M(0, True), M(0, True), M(0, True))),
        core.Decomposition(9, (M(0, False), M(1, False), M(2, False))),
    ])
    assert len(core.decompositions(P("11122233344455m"))) == 4
    assert core.decompositions(P("1122m3344p5566s77z")) == []      # seven pairs only
    assert core.decompositions(P("19m19p19s1234567z1z")) == []     # orphans only
    assert core.decompositions(P("55z")) == [core.Decomposition(31, ())]
    assert core.decompositions(P("12m")) == []
