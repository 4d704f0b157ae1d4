"""What the core refuses: every malformed hand named, never a crash.

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

from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import reference as R  # noqa: E402
from mjgui import core  # noqa: E402
from mjgui.core import CHIITOI, KOKUSHI, HandError  # noqa: E402
from mjgui.tiles import KIND_NAMES  # noqa: E402
from core_cases import (  # noqa: E402
    FUZZ, N, P, SIZES_3K1, SIZES_3K2, core_decomps, held, oracle_decomps, oracle_forms,
    random_hand, valid_hands)


# ========================================================================= errors

HAND13 = P("123m456p789s1122z")
HAND14 = P("123m456p789s11223z")


def _all_calls(counts, special: bool = True):
    """Every entry point with a counts argument.  special=False leaves out
    shanten_chiitoi / shanten_kokushi (for invalid hands below 13 tiles, where they
    have their own bug, see test_chiitoi_kokushi_validate_small_hands)."""
    calls = [
        lambda: core.shanten(counts), lambda: core.shanten_regular(counts),
        lambda: core.is_agari(counts), lambda: core.ukeire(counts),
        lambda: core.ukeire_and_shanten(counts), lambda: core.waits(counts),
        lambda: core.discard_table(counts), lambda: core.decompositions(counts),
    ]
    if special:
        calls += [lambda: core.shanten_chiitoi(counts), lambda: core.shanten_kokushi(counts)]
    return calls


def _raises_hand_error(call, match: str | None = None) -> HandError:
    with pytest.raises(HandError, match=match) as info:
        call()
    assert isinstance(info.value, ValueError)
    return info.value


def test_hand_error_is_value_error() -> None:
    assert issubclass(HandError, ValueError)


@pytest.mark.parametrize("length", (0, 1, 33, 35, 68))
def test_wrong_length(length: int) -> None:
    for counts in ([0] * length, bytes(length), np.zeros(length, np.uint8), tuple([1] * length)):
        for call in _all_calls(counts):
            _raises_hand_error(call, str(length) if length != 1 else None)


@pytest.mark.parametrize("kind", (0, 13, 26, 27, 33))
def test_count_of_five_names_the_tile(kind: int) -> None:
    for base in (HAND13, HAND14, [0] * 34, [1] * 3 + [0] * 31):
        h = list(base)
        h[kind] = 5
        for counts in (h, bytes(h), np.array(h, np.uint8), np.array(h, np.int64)):
            for call in _all_calls(counts, special=sum(h) >= 13):
                err = _raises_hand_error(call)
                assert KIND_NAMES[kind] in str(err), (str(err), kind)


@pytest.mark.parametrize("value", (-1, -300, 256, 10 ** 30, -(10 ** 30)))
def test_out_of_range_counts(value: int) -> None:
    h = list(HAND13)
    h[5] = value
    for counts in (h, np.array(h, np.int64) if abs(value) < 2 ** 62 else h):
        for call in _all_calls(counts):
            err = _raises_hand_error(call)
            assert KIND_NAMES[5] in str(err)


@pytest.mark.parametrize("n", (0, 3, 6, 9, 12, 15, 16, 17, 20, 136))
def test_wrong_size_names_the_tile_count(n: int) -> None:
    h = [0] * N
    left = n
    for t in range(N):
        h[t] = min(4, left)
        left -= h[t]
    assert sum(h) == n
    for counts in (h, bytes(h), np.array(h, np.int32)):
        for call in _all_calls(counts, special=n >= 13):
            err = _raises_hand_error(call)
            assert f"{n} tiles" in str(err), str(err)


def test_shape_errors() -> None:
    for n in SIZES_3K2:
        h = random_hand(random.Random(n), n)
        for call in (lambda: core.waits(h), lambda: core.ukeire(h), lambda: core.ukeire_and_shanten(h)):
            err = _raises_hand_error(call)
            assert f"{n} tiles" in str(err) and "3k+1" in str(err)
    for n in SIZES_3K1:
        h = random_hand(random.Random(n), n)
        for call in (lambda: core.discard_table(h), lambda: core.is_agari(h),
                     lambda: core.decompositions(h)):
            err = _raises_hand_error(call)
            assert f"{n} tiles" in str(err) and "3k+2" in str(err)


def test_bad_forms() -> None:
    for forms in (0, 8, 9, 15, 16, -1, -7, 2 ** 20):
        _raises_hand_error(lambda: core.shanten(HAND13, forms), "forms")
        _raises_hand_error(lambda: core.ukeire(HAND13, forms), "forms")
        _raises_hand_error(lambda: core.ukeire_and_shanten(HAND13, forms), "forms")
        _raises_hand_error(lambda: core.waits(HAND13, forms), "forms")
        _raises_hand_error(lambda: core.discard_table(HAND14, forms), "forms")
        _raises_hand_error(lambda: core.is_agari(HAND14, forms), "forms")


@pytest.mark.parametrize("forms", (None, 1.5, "7", 2 ** 70, -(2 ** 70), [7]))
def test_shanten_bad_forms_type_raises_hand_error(forms) -> None:
    """BUG: shanten() passes `forms` to cffi before checking it: None, floats and
    strings raise TypeError, integers beyond C int raise OverflowError."""
    with pytest.raises(HandError):
        core.shanten(HAND13, forms)


@pytest.mark.parametrize("forms", (None, 1.5, "7", 2 ** 70, -(2 ** 70), [7]))
def test_other_entry_points_bad_forms_type(forms) -> None:
    for call in (lambda: core.ukeire(HAND13, forms), lambda: core.waits(HAND13, forms),
                 lambda: core.ukeire_and_shanten(HAND13, forms),
                 lambda: core.discard_table(HAND14, forms), lambda: core.is_agari(HAND14, forms)):
        _raises_hand_error(call)


@pytest.mark.parametrize("obj", (None, 1.5, "123m456p789s1122z", object(), b"", -5, 0, 1, [[0] * 34],
                                 {"a": 1}, np.float64(1.0), np.array(3), np.zeros((1, 34), np.uint8),
                                 np.zeros(34, float), np.zeros(34, bool), np.array([1] * 34, object),
                                 [1.0] * 13 + [0] * 21, ["1"] * 13 + ["0"] * 21, [None] * 34))
def test_not_a_hand(obj) -> None:
    for call in _all_calls(obj):
        _raises_hand_error(call)


@pytest.mark.parametrize("obj", (2 ** 63, 2 ** 64, 2 ** 100))
def test_huge_int_is_not_a_hand(obj) -> None:
    """BUG: an int passed as the hand goes through bytes(int): beyond sys.maxsize it
    raises OverflowError instead of HandError (and a large one allocates that many
    bytes before failing; bytes(34) is even taken as 34 zero counts)."""
    for call in _all_calls(obj):
        _raises_hand_error(call)


@pytest.mark.parametrize("hand", ([5] + [0] * 33, [1, 1, 1] + [0] * 31, [0] * 34, [4, 4, 4, 4] + [0] * 30))
def test_chiitoi_kokushi_validate_small_hands(hand) -> None:
    """BUG: shanten_chiitoi / shanten_kokushi return None for invalid hands below 13
    tiles (a fifth copy, 3 tiles, no tiles at all, 16 tiles with no 5 is fine as it
    is >= 13) instead of raising HandError like every other entry point."""
    for fn in (core.shanten_chiitoi, core.shanten_kokushi):
        _raises_hand_error(lambda: fn(hand))


@pytest.mark.parametrize("forms", (CHIITOI, KOKUSHI, CHIITOI | KOKUSHI))
def test_ukeire_with_inapplicable_form_raises(forms: int) -> None:
    """BUG: ukeire_and_shanten(1234m, CHIITOI) returns (-100, []): the core's
    MJ_NOT_APPLICABLE passes through as a shanten number.  shanten() raises
    HandError for the same hand and forms."""
    h = P("1234m")
    _raises_hand_error(lambda: core.shanten(h, forms))
    _raises_hand_error(lambda: core.ukeire_and_shanten(h, forms))


@pytest.mark.parametrize("forms", (CHIITOI, KOKUSHI, CHIITOI | KOKUSHI))
def test_discard_table_with_inapplicable_form(forms: int) -> None:
    """BUG: discard_table(12345m, CHIITOI) returns DiscardTable(shanten=-100, ...) with
    34 rows of shanten 0, one per kind, though only five kinds are held (the C table
    is left unfilled and read as zeros)."""
    h = P("12345m")
    try:
        table = core.discard_table(h, forms)
    except HandError:
        return
    assert table.shanten >= -1, table.shanten
    assert [d.kind for d in table.discards] == held(h), len(table.discards)

# INVALID (HandError required), or EITHER (HandError, or an answer for those counts)
INVALID = "invalid"


def _meaning(obj):
    """(counts or None, may_raise): counts None means HandError is required."""
    if isinstance(obj, (str, float, type(None))):
        return None, True
    if isinstance(obj, np.ndarray):
        if obj.shape != (N,) or obj.dtype.kind not in "iub":
            return None, True
        counts = [int(x) for x in obj]
        either = obj.dtype.kind == "b"
    elif isinstance(obj, (bytes, bytearray)):
        counts, either = list(obj), False
    elif isinstance(obj, list):
        if len(obj) != N or not all(isinstance(x, (int, np.integer)) for x in obj):
            return None, True
        counts = [int(x) for x in obj]
        either = any(isinstance(x, bool) for x in obj)
    else:
        raise AssertionError(type(obj))
    n = sum(counts)
    if len(counts) != N or any(not 0 <= c <= 4 for c in counts) or n > 14 or n % 3 == 0:
        return None, True
    return counts, either


def _check_any_input(obj) -> None:
    counts, either = _meaning(obj)
    outcomes = {}
    for name in ("shanten", "shanten_regular", "shanten_chiitoi", "shanten_kokushi", "is_agari",
                 "ukeire", "ukeire_and_shanten", "waits", "discard_table", "decompositions"):
        try:
            outcomes[name] = getattr(core, name)(obj)
        except HandError:
            outcomes[name] = INVALID
        # any other exception propagates and fails the test
    if counts is None:
        bad = {k: v for k, v in outcomes.items() if v is not INVALID}
        assert not bad, f"invalid input {obj!r} answered: {bad}"
        return
    if either and outcomes["shanten"] is INVALID:
        return
    n = sum(counts)
    s = R.shanten(counts)
    assert outcomes["shanten"] == s
    assert outcomes["shanten_regular"] == R.regular_shanten(counts)
    assert outcomes["shanten_chiitoi"] == R.chiitoi_shanten(counts)
    assert outcomes["shanten_kokushi"] == R.kokushi_shanten(counts)
    if n % 3 == 1:
        assert outcomes["is_agari"] is INVALID and outcomes["discard_table"] is INVALID
        assert outcomes["decompositions"] is INVALID
        assert outcomes["ukeire_and_shanten"] == (s, outcomes["ukeire"])
        assert outcomes["waits"] == (outcomes["ukeire"] if s == 0 else [])
        if n <= 4:
            assert outcomes["ukeire"] == R.ukeire(counts)
    else:
        assert outcomes["ukeire"] is INVALID and outcomes["waits"] is INVALID
        assert outcomes["ukeire_and_shanten"] is INVALID
        assert outcomes["is_agari"] == (s == -1)
        assert outcomes["discard_table"].shanten == s
        assert core_decomps(counts) == oracle_decomps(counts)


small_ints = st.integers(min_value=-3, max_value=6)
any_ints = st.one_of(small_ints, st.integers(), st.integers(min_value=-2 ** 70, max_value=2 ** 70))
count_lists = st.one_of(
    st.lists(any_ints, max_size=70),
    st.lists(small_ints, min_size=N, max_size=N),
    st.lists(st.integers(0, 4), min_size=N, max_size=N),
    st.lists(any_ints, min_size=N, max_size=N),
    valid_hands().map(list),
    valid_hands().flatmap(lambda h: st.integers(0, N - 1).flatmap(
        lambda i: any_ints.map(lambda v: h[:i] + [v] + h[i + 1:]))),
    st.lists(st.one_of(st.booleans(), st.integers(0, 4), st.floats(), st.text(max_size=2), st.none()),
             min_size=N, max_size=N),
)


@FUZZ
@given(count_lists)
def test_hypothesis_fuzz_lists(obj) -> None:
    _check_any_input(obj)


int_dtypes = st.one_of(hnp.integer_dtypes(endianness="="), hnp.unsigned_integer_dtypes(endianness="="),
                       hnp.integer_dtypes(endianness=">"))
any_dtypes = st.one_of(int_dtypes, hnp.floating_dtypes(), hnp.boolean_dtypes(), hnp.complex_number_dtypes(),
                       hnp.datetime64_dtypes(), st.just(np.dtype(object)), hnp.byte_string_dtypes())
arrays = st.one_of(
    hnp.arrays(any_dtypes, hnp.array_shapes(min_dims=0, max_dims=3, max_side=40)),
    hnp.arrays(int_dtypes, (N,)),
    hnp.arrays(int_dtypes, (N,), elements=st.integers(0, 4)),
    st.tuples(valid_hands(), int_dtypes).map(lambda p: np.array(p[0], dtype=p[1])),
    st.tuples(valid_hands(), int_dtypes, st.integers(0, N - 1), st.integers(-128, 127)).map(
        lambda p: np.array(p[0][:p[2]] + [p[3]] + p[0][p[2] + 1:]).astype(p[1])),
    st.tuples(valid_hands(), st.integers(0, N - 1), st.sampled_from((5, 255, 2 ** 31 - 1, 2 ** 63 - 1))).map(
        lambda p: np.array(p[0][:p[1]] + [p[2]] + p[0][p[1] + 1:], dtype=np.int64)),
)


@FUZZ
@given(arrays)
def test_hypothesis_fuzz_numpy_arrays(obj) -> None:
    _check_any_input(obj)


@FUZZ
@given(st.one_of(st.binary(max_size=70), st.binary(min_size=N, max_size=N),
                 valid_hands().map(bytes), valid_hands().map(bytearray),
                 st.text(max_size=40), st.none(), st.floats(),
                 st.lists(st.integers(0, 4), min_size=N, max_size=N).map(bytes)))
def test_hypothesis_fuzz_bytes_strings_scalars(obj) -> None:
    _check_any_input(obj)


@FUZZ
@given(st.one_of(st.integers(-10 ** 6, 10 ** 5), st.integers(min_value=2 ** 63, max_value=2 ** 200)))
def test_hypothesis_fuzz_ints_as_hands(obj) -> None:
    """Any int is not a hand.  (bytes(34) has 34 bytes: taken as an empty hand it
    still raises HandError.)  Fails through the OverflowError bug above."""
    for call in _all_calls(obj):
        _raises_hand_error(call)


forms_values = st.one_of(st.integers(-20, 20), st.integers(), st.none(), st.floats(), st.text(max_size=3),
                         st.booleans())


FORMS_FUZZ_HANDS = [P(s) for s in ("19m19p19s1234567z", "19m19p19s1234567z1m", "1122m3344p5566s7z",
                                   "1122m3344p5566s77z", "123m456p789s1122z", "1111m234p567s789s",
                                   "123m456p789s11223z", "1112345678999m5p")]


@FUZZ
@given(st.one_of(valid_hands(sizes=(1, 2, 4, 5)), st.sampled_from(FORMS_FUZZ_HANDS)), forms_values)
def test_hypothesis_fuzz_forms(h, forms) -> None:
    """Any forms value: a valid mask gives the oracle's answer (or HandError when no
    asked form applies), anything else HandError, never another exception."""
    valid = isinstance(forms, int) and 1 <= forms <= 7
    expected = oracle_forms(h, int(forms)) if valid else None
    n = sum(h)
    calls = {"shanten": lambda: core.shanten(h, forms)}
    if n % 3 == 1:
        calls["ukeire"] = lambda: core.ukeire_and_shanten(h, forms)
    else:
        calls["is_agari"] = lambda: core.is_agari(h, forms)
        calls["table"] = lambda: core.discard_table(h, forms)
    for name, call in calls.items():
        try:
            got = call()
        except HandError:
            assert expected is None, (name, forms)
            continue
        if expected is None and name == "is_agari" and valid:
            assert got is False          # "not complete in these forms" is also right
            continue
        assert expected is not None, (name, forms, got)
        if name == "shanten":
            assert got == expected
        elif name == "ukeire":
            assert got[0] == expected
        elif name == "is_agari":
            assert got == (expected == -1)
        else:
            assert got.shanten == expected
