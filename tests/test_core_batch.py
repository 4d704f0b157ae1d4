"""shanten_batch: many hands in one call (csrc/py/fastcall.c, numpy rows).

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


HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import reference as R  # noqa: E402
from mjgui import core  # noqa: E402
from mjgui.core import CHIITOI, REGULAR, HandError  # noqa: E402
from core_cases import (  # noqa: E402
    FORM_SETS, P, SIZES, quad_heavy_hand, random_hand)


# ========================================================================= batch

def test_shanten_batch_matches_per_hand() -> None:
    rng = random.Random(16)
    hands = np.array([random_hand(rng, SIZES[i % 10]) if i % 3 else quad_heavy_hand(rng, SIZES[i % 10])
                      for i in range(3000)], dtype=np.uint8)
    assert hands.shape == (3000, 34)
    for forms in FORM_SETS:
        if forms & REGULAR:
            got = core.shanten_batch(hands, forms)
            assert got.dtype == np.int8 and got.shape == (3000,)
            assert got.tolist() == [core.shanten(h, forms) for h in hands]
    got = core.shanten_batch(hands)
    assert got.tolist() == [core.shanten(h) for h in hands]
    assert got[:300].tolist() == [R.shanten(h.tolist()) for h in hands[:300]]
    # other dtypes and layouts
    assert core.shanten_batch(hands.astype(np.int64)).tolist() == got.tolist()
    assert core.shanten_batch(np.asfortranarray(hands)).tolist() == got.tolist()
    assert core.shanten_batch(hands[::-1]).tolist() == got[::-1].tolist()
    assert core.shanten_batch(hands.tolist()[:50]).tolist() == got[:50].tolist()
    assert core.shanten_batch(np.zeros((0, 34), np.uint8)).tolist() == []


@pytest.mark.parametrize("row", (0, 7, 2999))
def test_shanten_batch_bad_row_names_its_index(row: int) -> None:
    rng = random.Random(17)
    hands = np.array([random_hand(rng, 13) for _ in range(3000)], dtype=np.int16)
    for bad in ([5] + [0] * 33, [1] * 3 + [0] * 31, [0] * 34, [4] * 34):
        h = hands.copy()
        h[row] = bad
        with pytest.raises(HandError, match=rf"\brow {row}\b"):
            core.shanten_batch(h)
    h = hands.copy()
    h[row, 20] = -1
    with pytest.raises(HandError, match=rf"\brow {row}\b"):
        core.shanten_batch(h)
    h[row, 20] = 300
    with pytest.raises(HandError, match=rf"\brow {row}\b"):
        core.shanten_batch(h)


def test_shanten_batch_bad_arguments() -> None:
    good = np.array([P("123m456p789s1122z")], np.uint8)
    for bad in (np.zeros((2, 33), np.uint8), np.zeros(34, np.uint8), np.zeros((2, 34, 1), np.uint8),
                good.astype(float), good.astype(bool), None, "123m", 5):
        with pytest.raises(HandError):
            core.shanten_batch(bad)
    for forms in (0, 8, -1, None, 1.5, "x", 2 ** 70):
        with pytest.raises(HandError):
            core.shanten_batch(good, forms)


def test_shanten_batch_ragged_rows_raise_hand_error() -> None:
    """BUG: a ragged list of rows escapes as numpy's plain ValueError (not HandError)."""
    with pytest.raises(HandError):
        core.shanten_batch([[1] * 34, [1] * 3])


def test_shanten_batch_never_returns_the_not_applicable_code() -> None:
    """BUG: forms=CHIITOI on hands below 13 tiles yields -100 as a 'shanten' in the
    output array, where shanten() raises HandError for the same hand and forms."""
    h = np.array([P("1234m")], np.uint8)
    with pytest.raises(HandError):
        core.shanten(h[0], CHIITOI)
    try:
        out = core.shanten_batch(h, CHIITOI)
    except HandError:
        return
    assert out.tolist() != [-100], "shanten_batch(1234m, CHIITOI) returned [-100]"
