"""Hand builders and oracle helpers shared by the tests of mjgui.core (test_core_*.py).

Kind indices: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import sys
import pytest

from hypothesis import HealthCheck, Phase, settings, strategies as st

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import reference as R  # noqa: E402
from mjgui import core  # noqa: E402
from mjgui.core import ALL_FORMS, CHIITOI, KOKUSHI, REGULAR, HandError  # noqa: E402
from mjgui.tiles import parse_counts  # noqa: E402

N = 34
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
SIZES_3K1 = (1, 4, 7, 10, 13)
SIZES_3K2 = (2, 5, 8, 11, 14)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
RUN_STARTS = tuple(s for s in range(27) if s % 9 <= 6)
FORM_SETS = tuple(range(1, 8))          # every non-empty combination of the three forms

# no explain phase: it traces every line of a failing example, slowly
FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck),
                phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink))


def P(s: str) -> list[int]:
    """The real parser of the package (mjgui.tiles)."""
    return parse_counts(s)


def plus(h, t, d=1):
    out = list(h)
    out[t] += d
    return out


def held(h):
    return [t for t in range(N) if h[t]]


# ------------------------------------------------------------------------ hand builders

def random_hand(rng: random.Random, n: int) -> list[int]:
    return R.random_hand(rng, n)


def quad_heavy_hand(rng: random.Random, n: int) -> list[int]:
    """Hands made mostly of quads and triplets (where the block formula goes wrong)."""
    while True:
        c = [0] * N
        while sum(c) < n:
            k = rng.randrange(N) if rng.random() < 0.5 else rng.randrange(27)
            add = min(rng.choice((4, 4, 4, 3, 3, 2, 1)), 4 - c[k], n - sum(c))
            c[k] += add
        if any(x >= 3 for x in c) or n < 3:
            return c


def one_suit_hand(rng: random.Random, n: int, suit: int | None = None) -> list[int]:
    """A chinitsu hand: every tile from one numbered suit (n <= 36)."""
    s = rng.randrange(3) if suit is None else suit
    c = [0] * N
    while sum(c) < n:
        k = 9 * s + rng.randrange(9)
        if c[k] < 4:
            c[k] += 1
    return c


def _blocks(allowed):
    allowed = set(allowed)
    melds = [(i, False) for i in sorted(allowed)]
    melds += [(s, True) for s in RUN_STARTS if {s, s + 1, s + 2} <= allowed]
    return melds


ALL_MELDS = _blocks(range(N))


def complete_hand(rng: random.Random, k: int, kinds=range(N)) -> list[int]:
    """A random complete regular hand: k melds + a pair, from `kinds`, <= 4 copies."""
    kinds = list(kinds)
    melds = _blocks(kinds)
    while True:
        c = [0] * N
        c[rng.choice(kinds)] += 2
        for _ in range(k):
            t, run = rng.choice(melds)
            if run:
                for j in (t, t + 1, t + 2):
                    c[j] += 1
            else:
                c[t] += 3
        if max(c) <= 4:
            return c


def near_tenpai_hand(rng: random.Random, n: int, kinds=range(N)) -> list[int]:
    """A complete hand with one tile taken away (3k+1) or one or two tiles swapped
    (3k+2): tenpai to 2-shanten, where the waits and ukeire are interesting."""
    c = complete_hand(rng, n // 3, kinds)
    if n % 3 == 1:
        c[rng.choice(held(c))] -= 1
        swaps = rng.choice((0, 0, 1))
    else:
        swaps = rng.choice((1, 1, 2))
    for _ in range(swaps):
        c[rng.choice(held(c))] -= 1
        c[rng.choice([t for t in range(N) if c[t] < 4])] += 1
    return c


GENERATORS = {
    "random": random_hand,
    "quads": quad_heavy_hand,
    "chinitsu": one_suit_hand,
    "near_tenpai": near_tenpai_hand,
}


# ------------------------------------------------------------------------ oracle helpers

def oracle_forms(h, forms: int):
    """Best shanten of the forms in `forms` by the oracle; None if none applies."""
    values = []
    if forms & REGULAR:
        values.append(R.regular_shanten(h))
    if forms & CHIITOI and R.chiitoi_shanten(h) is not None:
        values.append(R.chiitoi_shanten(h))
    if forms & KOKUSHI and R.kokushi_shanten(h) is not None:
        values.append(R.kokushi_shanten(h))
    return min(values) if values else None


def oracle_ukeire_forms(h, forms: int):
    now = oracle_forms(h, forms)
    return [t for t in range(N) if h[t] < 4 and oracle_forms(plus(h, t), forms) < now]


def oracle_decomps(h):
    return sorted((p, tuple(sorted((k, kind == "run") for k, kind in melds)))
                  for p, melds in R.decompositions(h))


def core_decomps(h):
    out = [(d.pair, tuple((m.kind, m.is_run) for m in d.melds)) for d in core.decompositions(h)]
    for d in core.decompositions(h):
        assert all(isinstance(m, core.Block) for m in d.melds)
    return out


def assert_shanten_matches(h) -> None:
    """Every shanten entry point against the oracle, for one valid hand."""
    n = sum(h)
    reg = R.regular_shanten(h)
    best = R.shanten(h)
    assert core.shanten_regular(h) == reg, (h, "regular")
    assert core.shanten(h) == best, (h, "best of forms")
    assert core.shanten(h, ALL_FORMS) == best
    assert core.shanten_chiitoi(h) == R.chiitoi_shanten(h), (h, "chiitoi")
    assert core.shanten_kokushi(h) == R.kokushi_shanten(h), (h, "kokushi")
    if n < 13:
        assert core.shanten_chiitoi(h) is None and core.shanten_kokushi(h) is None
    for forms in FORM_SETS:
        expected = oracle_forms(h, forms)
        if expected is None:            # only seven pairs / orphans asked, below 13 tiles
            with pytest.raises(HandError):
                core.shanten(h, forms)
        else:
            assert core.shanten(h, forms) == expected, (h, forms)


# ------------------------------------------------------------------------ fast agari check

@functools.lru_cache(maxsize=None)
def _all_melds(v: tuple, runs: bool) -> bool:
    """Can the suit vector v be split into melds only?  Independent meld peeling."""
    i = 0
    while i < len(v) and v[i] == 0:
        i += 1
    if i == len(v):
        return True
    if v[i] >= 3 and _all_melds(v[:i] + (v[i] - 3,) + v[i + 1:], runs):
        return True
    if runs and i + 2 < len(v) and v[i + 1] and v[i + 2]:
        w = v[:i] + (v[i] - 1, v[i + 1] - 1, v[i + 2] - 1) + v[i + 3:]
        if _all_melds(w, runs):
            return True
    return False


def suit_complete(v: tuple, runs: bool) -> bool:
    """v (one suit) is melds + exactly one pair."""
    if sum(v) % 3 != 2:
        return False
    return any(v[p] >= 2 and _all_melds(v[:p] + (v[p] - 2,) + v[p + 1:], runs)
               for p in range(len(v)))


def regular_complete(h) -> bool:
    """A whole 34-count hand is melds + one pair (suit by suit)."""
    suits = [tuple(h[0:9]), tuple(h[9:18]), tuple(h[18:27]), tuple(h[27:34])]
    pair_suits = [s for s in range(4) if sum(suits[s]) % 3 == 2]
    if len(pair_suits) != 1 or any(sum(v) % 3 == 1 for v in suits):
        return False
    for s, v in enumerate(suits):
        runs = s < 3
        ok = suit_complete(v, runs) if s == pair_suits[0] else _all_melds(v, runs)
        if not ok:
            return False
    return True


def seven_pairs(h) -> bool:
    return sum(h) == 14 and sorted(c for c in h if c) == [2] * 7


def _check_table_structure(h, forms=ALL_FORMS) -> core.DiscardTable:
    table = core.discard_table(h, forms)
    assert isinstance(table, core.DiscardTable)
    assert [d.kind for d in table.discards] == held(h)
    for d in table.discards:
        rest = plus(h, d.kind, -1)
        # a discard changes the replacement number by 0 or +1 ...
        assert table.shanten <= d.shanten <= table.shanten + 1
        # ... and the row is the 3k+1 hand's own shanten and ukeire
        s, u = core.ukeire_and_shanten(rest, forms)
        assert (d.shanten, d.ukeire) == (s, tuple(u))
        assert d.ukeire == tuple(t for t in range(N) if rest[t] < 4
                                 and core.shanten(plus(rest, t), forms) < d.shanten)
    # 3k+2 shanten is the best discard, except that a complete hand is -1
    assert min(d.shanten for d in table.discards) == max(table.shanten, 0)
    assert core.is_agari(h, forms) == (table.shanten == -1)
    return table


@st.composite
def valid_hands(draw, sizes=SIZES):
    n = draw(st.sampled_from(sizes))
    # sometimes a narrow window of kinds: dense, interacting hands
    lo = draw(st.integers(0, 33))
    width = draw(st.sampled_from((3, 5, 9, 34)))
    kinds = [(lo + j) % N for j in range(width)]
    c = [0] * N
    while sum(c) < n:
        choices = [k for k in kinds if c[k] < 4] or [k for k in range(N) if c[k] < 4]
        c[draw(st.sampled_from(choices))] += 1
    return c


def _every_hand(n: int):
    for combo in itertools.combinations_with_replacement(range(N), n):
        h = [0] * N
        for t in combo:
            h[t] += 1
        if max(h) <= 4:
            yield h
