"""mjgui.core at its boundary (issue 14, item 12): every bad argument of the analysis entry
points raises HandError with the reason, good numpy integer types are taken by value; and the
fast path of `shanten` agrees with the checked path."""
from __future__ import annotations

import random

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


# ---- the fast path of shanten against the checked path --------------------------

def test_fast_shanten_agrees_with_the_checked_path() -> None:
    rng = random.Random(8)
    for _ in range(300):
        h = ref.random_hand(rng, rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14)))
        want = core._shanten_slow(h)
        forms = rng.choice((1, 2, 3, 4, 5, 6, 7)) if sum(h) >= 13 else 1
        want_f = core._shanten_slow(h, forms)
        for obj in (h, tuple(h), bytes(h), bytearray(h), np.array(h, np.uint8),
                    np.array(h, np.int64), [np.int8(v) for v in h], memoryview(bytes(h))):
            assert core.shanten(obj) == want
            assert core.shanten(obj, forms) == want_f
            assert core.shanten(obj, forms=forms) == want_f


def test_fast_shanten_errors_come_from_the_checked_path() -> None:
    good = ref.parse("123m456p789s1122z")
    for obj, match in ((good[:33], "got 33"), (bytes(good[:33]) + b"\5", "5 copies of 7z"),
                       ([5] + good[1:], "count of 1m is 5"), ([2 ** 70] + good[1:], "count of 1m"),
                       (np.array(good, np.uint8)[::2], "shape"), (good + [0], "got 35")):
        with pytest.raises(HandError, match=match):
            core.shanten(obj)
    with pytest.raises(HandError, match="forms"):
        core.shanten(good, 0)
    with pytest.raises(HandError, match="forms"):
        core.shanten(good, forms=2 ** 70)
    with pytest.raises(HandError, match="none of the forms"):
        core.shanten(ref.parse("123m4p"), core.CHIITOI)
    # a strided (non-contiguous) uint8 row is read through the checked path
    wide = np.zeros((34, 2), np.uint8)
    wide[:, 0] = good
    assert core.shanten(wide[:, 0]) == core.shanten(good)


def test_one_row_batch_and_fallbacks() -> None:
    rng = random.Random(9)
    rows = np.array([ref.random_hand(rng, 14) for _ in range(50)], np.uint8)
    want = np.array([core.shanten(r) for r in rows], np.int8)
    assert (core.shanten_batch(rows) == want).all()
    assert (core.shanten_batch(rows[:1]) == want[:1]).all()
    assert core.shanten_batch(rows[:0]).shape == (0,)
    assert (core.shanten_batch(rows.astype(np.int64)) == want).all()          # slow path
    assert (core.shanten_batch(np.asfortranarray(rows)) == want).all()         # not C-contiguous
    assert (core.shanten_batch(rows.tolist()) == want).all()
    bad = rows.copy()
    bad[7, 0] = 5
    with pytest.raises(HandError, match=r"\brow 7\b"):
        core.shanten_batch(bad)
    with pytest.raises(HandError, match="forms"):
        core.shanten_batch(rows, 0)


def test_only_core_imports_the_compiled_core() -> None:
    """issue 26, item 24: mjgui/core.py is the one module importing mjgui._core; the others
    reach the C core's constants and structs through it (docs/engine.md)."""
    import ast
    import pathlib
    root = pathlib.Path(core.__file__).parent
    users = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
                if node.level:          # relative: from . import _core
                    names += [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            if any(n in ("mjgui._core", "_core") or n.startswith("mjgui._core.") for n in names):
                users.append(str(path.relative_to(root)))
    assert sorted(set(users)) == ["core.py"]
