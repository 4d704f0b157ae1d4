"""mjgui.core at its boundary (issue 14, item 12): every bad argument of the analysis entry
points raises HandError with the reason, good numpy integer types are taken by value."""
from __future__ import annotations


import numpy as np
import pytest

import reference as ref
from mjgui import core
from mjgui.core import HandError

N = 34


H14 = ref.parse("123m456p789s11223z")
H13 = ref.parse("123m456p789s1122z")
REM = [4] * N


@pytest.mark.parametrize("what", (1.0, 2 ** 70, -1, 8, True, None, "7", np.float64(1)))
def test_analyze_bad_what(what) -> None:
    for call in (lambda: core.analyze_discards(H14, REM, core.ALL_FORMS, what),
                 lambda: core.analyze_hand(H13, REM, core.ALL_FORMS, what)):
        with pytest.raises(HandError, match="what must combine"):
            call()


def test_analyze_what_numpy_integer_accepted() -> None:
    plain = core.analyze_discards(H14, REM, core.ALL_FORMS, 7)
    assert core.analyze_discards(H14, REM, core.ALL_FORMS, np.int64(7)) == plain
    assert core.analyze_hand(H13, REM, core.ALL_FORMS, np.uint8(3)) == core.analyze_hand(H13, REM, core.ALL_FORMS, 3)


@pytest.mark.parametrize("remaining, match", [
    (34, "got int"), ([4] * 33, "got 33"), ([4] * 35, "got 35"), (bytes(33), "33 bytes"),
    ([5] + [4] * 33, "remaining count of 1m is 5"), ([-1] + [4] * 33, "remaining count of 1m is -1"),
    ([4.0] * 34, "remaining count of 1m is 4.0"), (np.full(34, 4, float), "must be integers"),
    (np.full((2, 17), 4, np.uint8), "shape"), (np.array([300] + [4] * 33, np.uint16), "is 300"),
    (None, "got NoneType"), ("4" * 34, "got str"),
])
def test_analyze_bad_remaining(remaining, match) -> None:
    for call in (lambda: core.analyze_discards(H14, remaining),
                 lambda: core.analyze_hand(H13, remaining)):
        with pytest.raises(HandError, match=match):
            call()


def test_analyze_remaining_any_integer_dtype_read_by_value() -> None:
    rem = [4, 3, 2, 1, 0] * 6 + [4, 4, 4, 4]
    want = core.analyze_discards(H14, rem)
    for dtype in (np.uint8, np.uint16, np.int16, np.int32, np.int64, np.uint64):
        assert core.analyze_discards(H14, np.array(rem, dtype)) == want, dtype
    assert core.analyze_discards(H14, tuple(np.int64(v) for v in rem)) == want
    assert core.analyze_hand(H13, np.array(rem, np.uint16)) == core.analyze_hand(H13, rem)


def test_shanten_melds_numpy_integers() -> None:
    h = ref.parse("123m456p7s")
    assert core.shanten_melds(h, np.int64(2)) == core.shanten_melds(h, 2)
    assert core.shanten_melds(np.array(h, np.int64), np.uint8(3)) == core.shanten_melds(h, 3)
    for bad in (2.0, True, -1, 5, 2 ** 70, None, "2", np.float32(2)):
        with pytest.raises(HandError, match="melds to make"):
            core.shanten_melds(h, bad)
