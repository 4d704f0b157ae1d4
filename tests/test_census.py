"""Tests of core.census(): the exact distribution of regular-form shanten over every
count vector of each hand size, distinct and weighted by physical tiles.

Checked against facts computed here independently of the core's per-suit tables:
binomial totals, a DP count of count vectors, the published number of complete
14-tile hands, an enumeration of complete hands (melds + pair) for 2-11 tiles, and
the whole distribution for 1, 2, 4 and 5 tiles by brute force over every count vector:
with the oracle (tests/reference.py) for up to 4 tiles, and straight from the
definition (minimum over every complete hand W of the tiles missing) for 4 and 5.
"""

from __future__ import annotations

import itertools
import math
import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import reference as R  # noqa: E402
from mjgui import core  # noqa: E402

N = 34
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
CHOOSE4 = np.array([math.comb(4, c) for c in range(5)], dtype=np.int64)   # 1 4 6 4 1


@pytest.fixture(scope="module")
def census() -> dict:
    return core.census()


# ------------------------------------------------------------------------ helpers

def count_vectors(n: int) -> int:
    """Number of 34-vectors with entries 0..4 summing to n: coefficient of x^n in
    (1 + x + x^2 + x^3 + x^4)^34, by a DP over the kinds."""
    ways = [1] + [0] * n
    for _ in range(N):
        ways = [sum(ways[m - c] for c in range(5) if m - c >= 0) for m in range(n + 1)]
    return ways[n]


def every_vector(n: int) -> np.ndarray:
    """Every count vector of n tiles (entries 0..4), as an (M, 34) uint8 array."""
    combos = np.array(list(itertools.combinations_with_replacement(range(N), n)), dtype=np.int64)
    counts = np.zeros((len(combos), N), dtype=np.uint8)
    rows = np.arange(len(combos))
    for j in range(n):
        counts[rows, combos[:, j]] += 1          # one (row, kind) per row per column j
    return counts[counts.max(axis=1) <= 4]


def weights(vectors: np.ndarray) -> np.ndarray:
    """Ways to pick each count vector from the 136 physical tiles: prod C(4, c_i)."""
    return np.prod(CHOOSE4[vectors], axis=1)


def melds() -> np.ndarray:
    """Every meld as a 34-vector: 34 triplets and 21 runs (1-7 of each suit)."""
    out = []
    for t in range(N):
        v = np.zeros(N, np.int64)
        v[t] = 3
        out.append(v)
    for s in range(27):
        if s % 9 <= 6:
            v = np.zeros(N, np.int64)
            v[s:s + 3] = 1
            out.append(v)
    assert len(out) == 55
    return np.array(out)


def complete_vectors(k: int) -> np.ndarray:
    """Every distinct count vector of k melds + one pair with no kind above 4."""
    M = melds()
    if k == 0:
        base = np.zeros((1, N), np.int64)
    else:
        combos = np.array(list(itertools.combinations_with_replacement(range(len(M)), k)),
                          dtype=np.int64)
        base = M[combos].sum(axis=1)
    whole = (base[:, None, :] + 2 * np.eye(N, dtype=np.int64)[None, :, :]).reshape(-1, N)
    whole = whole[whole.max(axis=1) <= 4].astype(np.uint8)
    return unique_rows(whole)


def unique_rows(vectors: np.ndarray) -> np.ndarray:
    """Distinct rows, via two base-5 keys of 17 kinds each (5**17 < 2**63)."""
    powers = 5 ** np.arange(17, dtype=np.int64)
    lo = vectors[:, :17].astype(np.int64) @ powers
    hi = vectors[:, 17:].astype(np.int64) @ powers
    order = np.lexsort((lo, hi))
    lo, hi = lo[order], hi[order]
    first = np.ones(len(order), bool)
    first[1:] = (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])
    return vectors[order[first]]


def distribution(shanten: np.ndarray, w: np.ndarray) -> dict[int, tuple[int, int]]:
    out = {}
    for s in np.unique(shanten):
        mask = shanten == s
        out[int(s)] = (int(mask.sum()), int(w[mask].sum()))
    return out


def shanten_by_definition(hands: np.ndarray, complete: np.ndarray) -> np.ndarray:
    """min over complete W of sum_i max(W_i - H_i, 0), minus one, for every hand."""
    columns = hands.T.astype(np.int8)
    # missing[j][v] = max(v - H_j, 0) for every hand, v = 1..4
    missing = [[None] + [np.maximum(v - columns[j], 0).astype(np.int8) for v in range(1, 5)]
               for j in range(N)]
    best = np.full(len(hands), 99, np.int8)
    for w in complete:
        kinds = np.flatnonzero(w)
        miss = missing[kinds[0]][w[kinds[0]]].copy()
        for j in kinds[1:]:
            miss += missing[j][w[j]]
        np.minimum(best, miss, out=best)
    return best.astype(np.int64) - 1


# ------------------------------------------------------------------------ totals

def test_sizes_and_keys(census) -> None:
    assert sorted(census) == list(SIZES)
    for n, row in census.items():
        assert row, n
        keys = sorted(row)
        assert keys == list(range(keys[0], keys[-1] + 1)), (n, keys)   # no gaps
        assert -1 <= keys[0] and keys[-1] <= 8
        for s, (hands, weighted) in row.items():
            assert isinstance(hands, int) and isinstance(weighted, int)
            assert 0 < hands <= weighted, (n, s)
        # only 3k+2 hands can be complete
        assert (-1 in row) == (n % 3 == 2), n


@pytest.mark.parametrize("n", SIZES)
def test_weighted_total_is_binomial(census, n: int) -> None:
    assert sum(w for _, w in census[n].values()) == math.comb(136, n)


@pytest.mark.parametrize("n", SIZES)
def test_distinct_total_is_number_of_count_vectors(census, n: int) -> None:
    assert sum(h for h, _ in census[n].values()) == count_vectors(n)


def test_count_vector_dp() -> None:
    assert count_vectors(14) == 326_520_504_500                 # docs/domain.md
    assert count_vectors(1) == 34 and count_vectors(2) == 34 + math.comb(34, 2)
    assert count_vectors(5) == math.comb(38, 5) - 34          # minus the fives of a kind
    assert count_vectors(4) == len(every_vector(4))


def test_complete_14_tile_hands(census) -> None:
    assert census[14][-1][0] == 11_498_658


def test_repeatable(census) -> None:
    assert core.census() == census


# ------------------------------------------------------------------------ complete hands

@pytest.mark.parametrize("n", (2, 5, 8, 11))
def test_complete_hands_by_enumeration(census, n: int) -> None:
    """Distinct complete hands (k melds + a pair, <= 4 copies), and their weights."""
    complete = complete_vectors(n // 3)
    assert complete.sum(axis=1).tolist() == [n] * len(complete)
    assert census[n][-1] == (len(complete), int(weights(complete).sum()))
    assert {2: 34, 5: 1836, 8: 49332}.get(n, len(complete)) == len(complete)


# ------------------------------------------------------------------------ small sizes, exactly

@pytest.mark.parametrize("n", (1, 2, 4))
def test_small_sizes_by_oracle(census, n: int) -> None:
    """The whole distribution from the oracle's regular_shanten of every vector."""
    hands = every_vector(n)
    assert len(hands) == count_vectors(n)
    shanten = np.array([R.regular_shanten(h.tolist()) for h in hands])
    assert distribution(shanten, weights(hands)) == census[n]


@pytest.mark.parametrize("n", (1, 2, 4, 5))
def test_small_sizes_by_definition(census, n: int) -> None:
    """The whole distribution straight from the definition: the minimum over every
    complete hand W of the tiles of W missing from the hand, for every count vector."""
    hands = every_vector(n)
    assert len(hands) == count_vectors(n)
    shanten = shanten_by_definition(hands, complete_vectors(n // 3))
    assert distribution(shanten, weights(hands)) == census[n]
    # and the core's per-hand shanten agrees hand by hand
    assert core.shanten_batch(hands, core.REGULAR).tolist() == shanten.tolist()


def test_small_distributions_hand_worked(census) -> None:
    # one tile: always tenpai (a tanki on its own pair)
    assert census[1] == {0: (34, 136)}
    # two tiles: 34 pairs complete (6 ways each), the rest tenpai
    assert census[2] == {-1: (34, 34 * 6), 0: (math.comb(34, 2), math.comb(34, 2) * 16)}
