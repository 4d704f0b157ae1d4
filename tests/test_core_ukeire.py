"""Ukeire, waits and the discard table (csrc/ukeire.c, csrc/analysis.c).

Against the slow oracle; the seeded builders are in core_cases.py."""

from __future__ import annotations

import random

import pytest

import reference as R
from mjgui import core
from mjgui._core import ffi, lib
from mjgui.core import CHIITOI, KOKUSHI, REGULAR
from core_cases import (
    FORM_SETS, GENERATORS, N, P, SIZES_3K1, _check_table_structure, _every_hand,
    near_tenpai_hand, oracle_forms, oracle_ukeire_forms, plus, random_hand,
    regular_complete, seven_pairs)


# ------------------------------------------------------------------------ ukeire and waits

def _check_ukeire(h) -> None:
    s, u = core.ukeire_and_shanten(h)
    assert s == R.shanten(h), h
    assert u == R.ukeire(h), (h, u)
    assert core.ukeire(h) == u
    w = core.waits(h)
    assert w == R.waits(h), (h, w)
    assert w == (u if s == 0 else [])
    assert u, "a 3k+1 hand can always improve (some missing tile of its nearest W)"
    assert all(h[t] < 4 for t in u)


UKEIRE_COUNTS = {4: 120, 7: 70, 10: 40, 13: 35}


@pytest.mark.parametrize("n", SIZES_3K1)
def test_ukeire_and_waits_random(n: int) -> None:
    if n == 1:
        hands = list(_every_hand(1))
    else:
        rng = random.Random(6000 + n)
        hands = [random_hand(rng, n) for _ in range(UKEIRE_COUNTS[n])]
    for h in hands:
        _check_ukeire(h)


@pytest.mark.parametrize("kind", ("quads", "chinitsu", "near_tenpai"))
@pytest.mark.parametrize("n", (4, 7, 10, 13))
def test_ukeire_and_waits_special_hands(kind: str, n: int) -> None:
    rng = random.Random(7000 + 10 * n + len(kind))
    count = {4: 40, 7: 25, 10: 12, 13: 6 if kind == "chinitsu" else 10}[n]
    if kind == "near_tenpai":
        count += count // 2
    hands = [GENERATORS[kind](rng, n) for _ in range(count)]
    for h in hands:
        _check_ukeire(h)


def test_waits_of_tenpai_hands_by_completion() -> None:
    """At tenpai the waits are exactly the tiles whose draw makes a complete hand,
    checked with the independent meld peeling of this file (no oracle)."""
    rng = random.Random(8)
    tenpai = 0
    for i in range(1500):
        n = SIZES_3K1[1 + i % 4]
        h = near_tenpai_hand(rng, n, range(N) if i % 2 else range(9 * (i % 3), 9 * (i % 3) + 9))
        s, u = core.ukeire_and_shanten(h)
        expected = [t for t in range(N) if h[t] < 4
                    and (regular_complete(plus(h, t)) or seven_pairs(plus(h, t))
                         or (n == 13 and R._is_kokushi_complete(plus(h, t))))]
        if s == 0:
            tenpai += 1
            assert core.waits(h) == expected == u, h
        else:
            assert s > 0 and expected == [] and core.waits(h) == []
    assert tenpai > 500


def test_ukeire_per_forms_mask() -> None:
    """ukeire with each forms mask on 13-tile hands, against the oracle's form shanten."""
    rng = random.Random(9)
    hands = [near_tenpai_hand(rng, 13) for _ in range(7)] + [random_hand(rng, 13) for _ in range(7)]
    hands += [P("19m19p19s1234567z"), P("119m19p19s123456z"), P("1122m3344p5566s7z"),
              P("1111m234p567s789s"), P("11223m4455p6666s")]
    for h in hands:
        for forms in FORM_SETS:
            s, u = core.ukeire_and_shanten(h, forms)
            assert s == oracle_forms(h, forms), (h, forms)
            assert u == oracle_ukeire_forms(h, forms), (h, forms, u)
            assert core.waits(h, forms) == (u if s == 0 else [])


def test_draw_and_discard_invariants() -> None:
    """From the definition: a draw lowers the replacement number by at most one and
    never raises it; ukeire is exactly the draws that lower it."""
    rng = random.Random(10)
    for i in range(400):
        n = SIZES_3K1[i % 5]
        h = GENERATORS[("random", "quads", "chinitsu", "near_tenpai")[i % 4]](rng, n)
        s, u = core.ukeire_and_shanten(h)
        after = {t: core.shanten(plus(h, t)) for t in range(N) if h[t] < 4}
        assert all(s - 1 <= a <= s for a in after.values()), h
        assert u == [t for t, a in after.items() if a == s - 1]
        for t, a in after.items():
            table = core.discard_table(plus(h, t))
            assert table.shanten == a
            row = {d.kind: d for d in table.discards}
            assert row[t].shanten == s and row[t].ukeire == tuple(u)

def test_discard_table_14_tiles() -> None:
    """Several hundred 14-tile hands: every row's shanten against the oracle, every row's
    ukeire against the core's own 13-tile ukeire and its draws, and one row per hand
    (all rows of a few hands) against the oracle's ukeire."""
    rng = random.Random(11)
    kinds = ["random"] * 90 + ["near_tenpai"] * 70 + ["chinitsu"] * 20 + ["quads"] * 60
    oracle_rows = 0
    for i, kind in enumerate(kinds):
        h = GENERATORS[kind](rng, 14)
        table = _check_table_structure(h)
        assert table.shanten == R.shanten(h), h
        for d in table.discards:
            assert d.shanten == R.shanten(plus(h, d.kind, -1)), (h, d.kind)
        if i % 8 == 0:
            d = rng.choice(table.discards)
            assert list(d.ukeire) == R.ukeire(plus(h, d.kind, -1)), (h, d.kind)
            oracle_rows += 1
    assert oracle_rows == 30
    for h in (P("1111m234p567s789s1z"),):
        ref = R.discard_table(h)
        table = _check_table_structure(h)
        assert {d.kind: (d.shanten, list(d.ukeire)) for d in table.discards} == ref, h


@pytest.mark.parametrize("n, count", ((2, 595), (5, 80), (8, 25), (11, 6)))
def test_discard_table_small_hands_full_oracle(n: int, count: int) -> None:
    rng = random.Random(12 + n)
    hands = list(_every_hand(2)) if n == 2 else \
        [GENERATORS[("random", "quads", "chinitsu", "near_tenpai")[i % 4]](rng, n) for i in range(count)]
    for h in hands:
        table = _check_table_structure(h)
        assert table.shanten == R.shanten(h)
        assert {d.kind: (d.shanten, list(d.ukeire)) for d in table.discards} == R.discard_table(h), h


def test_discard_table_per_forms_mask() -> None:
    rng = random.Random(13)
    hands = [near_tenpai_hand(rng, 14) for _ in range(4)] + [random_hand(rng, 14) for _ in range(4)]
    hands += [P("19m19p19s1234567z1z"), P("1122m3344p5566s77z"), P("1111m2233p4455s66z")]
    for h in hands:
        for forms in FORM_SETS:
            table = _check_table_structure(h, forms)
            assert table.shanten == oracle_forms(h, forms)
            for d in table.discards:
                rest = plus(h, d.kind, -1)
                assert d.shanten == oracle_forms(rest, forms)
                if not forms & REGULAR:         # cheap without the regular search
                    assert list(d.ukeire) == oracle_ukeire_forms(rest, forms)


def _pairs_and_orphans_hand(rng: random.Random, n: int) -> list[int]:
    """Hands where seven pairs and thirteen orphans matter: pairs, terminals and honours."""
    yaochu = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
    h = [0] * N
    while sum(h) < n:
        t = rng.choice(yaochu) if rng.random() < 0.6 else rng.randrange(N)
        take = min(rng.choice((1, 2, 2, 3)), 4 - h[t], n - sum(h))
        h[t] += take
    return h


def test_ukeire_where_seven_pairs_or_orphans_are_close() -> None:
    """The draws that lower the shanten look at seven pairs and thirteen orphans only when
    one of them stands within one of the hand's shanten (a draw adds at most one pair, kind
    or terminal; csrc/draws.h): on 13-tile hands full of pairs, terminals and honours, where
    the special forms are often that close, every form set against the oracle."""
    rng = random.Random(41)
    hands = [_pairs_and_orphans_hand(rng, 13) for _ in range(300)]
    hands += [P("19m19p19s123456z1z"), P("1122m3344p5566s7z"), P("1199m1199p11s117z"), P("19m19p19s12345z11z")]
    close = 0
    for h in hands:
        for forms in FORM_SETS:
            s, u = core.ukeire_and_shanten(h, forms)
            assert s == oracle_forms(h, forms), (h, forms)
            assert u == oracle_ukeire_forms(h, forms), (h, forms, u)
        close += oracle_forms(h, CHIITOI) <= R.shanten(h) or oracle_forms(h, KOKUSHI) <= R.shanten(h)
    assert close > 100                # the special forms decided or tied on many of them


def test_the_search_paths_discard_shanten_equals_the_shanten_of_each_rest() -> None:
    """mj_discard_shanten_all runs the expected-value search's own shanten after each
    discard (csrc/draws.h: one suit class per discard, seven pairs and orphans bounded from
    the whole hand's numbers): every value must be the exact shanten of the 13-tile rest,
    for every set of forms, on hands where the special forms are close to the regular one."""
    rng = random.Random(27)
    after = ffi.new("int8_t[34]")
    hands = [_pairs_and_orphans_hand(rng, 14) for _ in range(300)]
    hands += [GENERATORS[("random", "quads", "chinitsu", "near_tenpai")[i % 4]](rng, 14) for i in range(200)]
    hands += [P("19m19p19s1234567z1z"), P("1122m3344p5566s77z"), P("1111m2233p4455s66z"),
              P("19m19p19s1234566z1z"), P("1199m1199p11s1177z")]
    for h in hands:
        for forms in FORM_SETS:
            assert lib.mj_discard_shanten_all(bytes(h), forms, after) == 0
            for d in range(N):
                if not h[d]:
                    assert after[d] == lib.MJ_NOT_HELD, (h, d)
                else:
                    assert after[d] == core.shanten(plus(h, d, -1), forms), (h, forms, d)
    # smaller hands (open hands' concealed parts): the regular form only applies
    for n in (2, 5, 8, 11):
        for _ in range(60):
            h = GENERATORS[rng.choice(("random", "quads", "near_tenpai"))](rng, n)
            assert lib.mj_discard_shanten_all(bytes(h), REGULAR, after) == 0
            assert [after[d] for d in range(N) if h[d]] == \
                [core.shanten(plus(h, d, -1), REGULAR) for d in range(N) if h[d]], h


def test_the_search_paths_discard_shanten_refuses_what_is_not_a_hand() -> None:
    after = ffi.new("int8_t[34]")
    assert lib.mj_discard_shanten_all(bytes(P("123m456p789s1122z")), REGULAR, after) == lib.MJ_ERR_SHAPE
    five = P("1111m456p789s1122z")
    five[0] += 1                                        # a fifth 1m in place of a 1z
    five[27] -= 1
    assert lib.mj_discard_shanten_all(bytes(five), REGULAR, after) < 0
    assert lib.mj_discard_shanten_all(bytes(P("123m456p789s11222z")), 0, after) == lib.MJ_ERR_ARG
    assert lib.mj_discard_shanten_all(ffi.NULL, REGULAR, after) == lib.MJ_ERR_ARG
