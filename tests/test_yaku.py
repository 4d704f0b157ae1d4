"""Tests of mjgui.yaku: hand-checked examples, and every value against the slow oracle.

The oracle (tests/reference_yaku.py) enumerates the completions W that have the yaku
directly and shares no code with mjgui.yaku (which reduces each yaku to calls of the C
core).  Everything is deterministic (seeded ``random.Random``).

Set MJGUI_SLOW_TESTS=1 for the exhaustive per-suit check of the tanyao reduction (~1 min).
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

import reference_yaku as RY  # noqa: E402
from mjgui import core, yaku as Y  # noqa: E402
from mjgui.core import HandError  # noqa: E402
from mjgui.hand import Hand, Meld, MeldKind  # noqa: E402
from mjgui.tiles import Tile, parse_counts  # noqa: E402

N = 34
RUN_STARTS = tuple(s for s in range(27) if s % 9 <= 6)


def _args(text: str):
    h = Hand.parse(text)
    return h.counts, h.melds, h.round_wind, h.seat_wind


def status(text: str) -> Y.YakuStatus:
    return Y.yaku_status(*_args(text))


def reach(text: str) -> dict[str, int]:
    return Y.reachable_yaku(*_args(text))


# ------------------------------------------------------------------- hand-checked examples

def test_pon_of_white_gives_yakuhai():
    # 23m456p789s11z556z, pon of 5z, discard 6z: 23m456p789s11z + pon 5z, tenpai on 1m/4m.
    # The pon itself is a White triplet, so yakuhai is free: s_Y = s = 0.
    st = status("23m456p789s11z pon:5*55z round:S seat:W")
    assert st == Y.YakuStatus(0, "yakuhai:5z", 0, True, 0)
    assert st.describe() == "yaku: yakuhai White"
    assert st.describe("ja") == "役: 役牌 白"
    # before the discard (3k+2) the numbers are those of the best discard
    assert status("23m456p789s11z6z pon:5*55z round:S seat:W") == st


def test_brief_example_chi_of_1m():
    # The same 23m456p789s11z556z calling 1m for chi 123m instead: 456p789s11z556z is
    # left (11 tiles).  Discarding 6z gives 456p789s 11z 55z, tenpai on a shanpon 1z/5z
    # (shanten 0).  Winning on 5z makes a White triplet, so yakuhai 5z is reachable at +0:
    # s_5z = (3 - 2) + shanten_melds(456p789s11z, 2) = 1 + (-1) = 0.  In the South round
    # as West, East (1z) is no value tile: only half the wait has the yaku, but the call
    # "keeps a yaku" by the definition (the fastest completion can include one).
    st = status("456p789s11z55z chi:1*23m round:S seat:W")
    assert st == Y.YakuStatus(0, "yakuhai:5z", 0, True, 0)
    r = reach("456p789s11z55z chi:1*23m round:S seat:W")
    assert r["yakuhai:5z"] == 0
    assert "yakuhai:1z" not in r and "tanyao" not in r and "toitoi" not in r
    assert "honitsu:p" not in r and r["honitsu:m"] == 6      # the chi is man
    # As East in the East round the 1z pair is a double wind: both waits are yakuhai.
    r = reach("456p789s11z55z chi:1*23m")
    assert r["yakuhai:1z"] == 0 and r["yakuhai:5z"] == 0
    assert status("456p789s11z55z chi:1*23m").best == "yakuhai:1z"   # ties: by kind
    # Before the discard: the best discard (6z) gives the same numbers.
    assert status("456p789s11z556z chi:1*23m round:S seat:W") == st
    # Discarding a 5z instead (456p789s11z56z) is 1-shanten and the 5z needs 2 draws, but
    # 5z and 6z (Green) each still reach yakuhai at the hand's speed: 1 draw to a pair,
    # one to the triplet, and the 11z pair stays — s_5z = 2 + shanten_melds(456p789s11z6z, 2)
    # = 2 + (-1) = 1 = s.
    st = status("456p789s11z56z chi:1*23m round:S seat:W")
    assert (st.shanten, st.best, st.best_shanten) == (1, "yakuhai:5z", 1)


def test_chi_with_a_pair_of_white_and_nothing_else():
    # Chi 234m; 456p 789s 55z and two more tiles.  The only yaku in sight is the 5z pair.
    # (a) the two tiles are 11s: tenpai on a shanpon 5z/1s, one of the waits is the White
    #     triplet: yakuhai at +0.
    st = status("456p789s55z11s chi:2*34m round:S seat:W")
    assert (st.shanten, st.best, st.best_shanten, st.keeps_yaku) == (0, "yakuhai:5z", 0, True)
    # (b) the two tiles are 67s: tenpai on 5s/8s with 55z as the pair.  The fastest
    #     completions have no yaku; the White triplet needs one more 5z *and* a new pair
    #     (456p 789s + 6s or 7s paired): s_5z = 1 + shanten_melds(456p789s67s, 2) = 1 + 0.
    #     So yakuhai is reachable at +0 only if 5z is (part of) the wait.
    st = status("456p789s55z67s chi:2*34m round:S seat:W")
    assert st == Y.YakuStatus(0, "yakuhai:5z", 1, False, 1)
    assert st.describe() == "no yaku after this call (yakuhai White needs 1 more draw)"
    assert st.describe("ja") == "役なし（役牌 白まであと1枚）"


def test_terminals_after_chi_cost_tanyao_draws():
    # Chi 234m; 567p 345s 88s + 1m 9m.  Plain: 567p 345s 88s and one more meld from 1m or
    # 9m (111m, 123m, 789m ...: two draws) -> shanten 1.  Tanyao cannot use 1m/9m: the
    # fourth meld must come from three fresh simples, or 888s (one draw) plus a fresh pair
    # (two) -> 3 draws -> s_tanyao = 2: tanyao at +1.  Every yakuhai also needs three fresh
    # tiles (s = 2); the tie goes to tanyao (YAKU_ORDER).
    st = status("19m567p34588s chi:2*34m round:S seat:W")
    assert st == Y.YakuStatus(1, "tanyao", 2, False, 1)
    assert st.describe() == "no yaku after this call (tanyao needs 1 more draw)"
    assert st.describe("ja") == "役なし（断幺九まであと1枚）"
    # Chi 234m; 567p 345s + 1m 9m 1p 9s: plain, a meld and a pair from the four terminals
    # (11m + 111p: 3 draws) -> shanten 2.  Tanyao must draw a whole meld and a pair (5
    # draws): +2.  Three fresh South tiles (2z is the round wind) and a terminal paired
    # cost 4 draws: yakuhai is the cheapest yaku at +1.
    text = "19m1p9s567p345s chi:2*34m round:S seat:W"
    r = reach(text)
    assert r["tanyao"] == 4 and r["yakuhai:2z"] == 3
    st = status(text)
    assert st == Y.YakuStatus(2, "yakuhai:2z", 3, False, 1)
    assert st.describe() == "no yaku after this call (yakuhai South needs 1 more draw)"


def test_closed_hand_has_riichi():
    st = status("123m456p789s11z55z6z")           # 14 tiles, closed
    assert (st.best, st.keeps_yaku, st.shanten) == ("riichi", True, 0)
    assert st.describe() == "yaku: riichi" and st.describe("ja") == "役: 立直"
    # an ankan keeps the hand closed
    st = status("123m456p789s1z ankan:9999p")
    assert st.best == "riichi" and st.keeps_yaku
    assert reach("123m456p789s1z ankan:9999p")["riichi"] == st.shanten == 0
    # any open meld removes it
    assert "riichi" not in reach("123m456p789s1z pon:9*99p")


def test_toitoi():
    # pon 1m, pon 9p; 22s 44s 66p 8m: the plain best is two triplets of the pairs
    # (234s needs 3s and still leaves a pair to make) -> 2 draws, shanten 1, and that
    # completion is toitoi.  No tanyao (terminal pons), no honitsu (two suits).
    text = "8m22s44s66p pon:1*11m pon:9*99p round:S seat:W"
    r = reach(text)
    assert r["toitoi"] == 1 and "tanyao" not in r and not any(y.startswith("hon") for y in r)
    assert r["chanta"] == 5 and r["junchan"] == 5
    assert status(text) == Y.YakuStatus(1, "toitoi", 1, True, 0)
    # a chi excludes it
    assert "toitoi" not in reach("8m22s44s66p chi:1*23m pon:9*99p")
    # greedy: k triplets on the largest counts and the pair on the next one
    assert reach("1111m222p33s4z pon:9*99p round:S seat:W")["toitoi"] == 1  # 111m 222p 333s 44z: 2 draws


def test_honitsu_and_chinitsu():
    # pon of South (not a value wind as West in the East round); 13p 456p 789p 44z:
    # tenpai on 2p, completing 123p456p789p 44z + 222z: honitsu (and ittsu) at +0.
    text = "13p456p789p44z pon:2*22z round:E seat:W"
    r = reach(text)
    assert r["honitsu:p"] == 0 and r["ittsu:p"] == 0
    assert "chinitsu:p" not in r                      # an honour pon
    assert status(text) == Y.YakuStatus(0, "honitsu:p", 0, True, 0)
    assert status(text).describe("ja") == "役: 混一色（筒子）"
    assert status(text).describe() == "yaku: honitsu (pin)"
    # chinitsu: chi 123s; 4455667s 999s (10): tenpai, pure sou
    r = reach("4455667999s chi:1*23s")
    assert r["chinitsu:s"] == r["honitsu:s"] == r["ittsu:s"] == 0
    assert status("4455667999s chi:1*23s").best == "honitsu:s"    # ties: YAKU_ORDER
    assert "honitsu:m" not in r and "chinitsu:p" not in r


def test_chanta_junchan_ittsu_sanshoku():
    # chi 123m; 789m 99p 123s 789s (before the discard): a complete junchan (and chanta)
    r = reach("789m99p123s789s chi:1*23m")
    assert r["junchan"] == r["chanta"] == -1
    assert status("789m99p123s789s chi:1*23m") == Y.YakuStatus(-1, "chanta", -1, True, 0)
    # the same with chi 234p: complete, but no chanta and no yaku without 3 more draws
    r = reach("789m99p123s789s chi:2*34p")
    assert "chanta" not in r and "junchan" not in r
    assert status("789m99p123s789s chi:2*34p").extra_draws == 3
    # ittsu: chi 456m, 123m 789m 55p 111z (South round, West seat): complete ittsu
    r = reach("123m789m55p111z chi:4*56m round:S seat:W")
    assert r["ittsu:m"] == -1 and r["honitsu:m"] == 1
    # sanshoku: chi 345m; 345p 34s 678s 77z: tenpai on 2s/5s, and 5s makes 345 in all
    # three suits; the Red pair needs one more 7z and a new pair (+1)
    text = "345p34s678s77z chi:3*45m round:S seat:W"
    r = reach(text)
    assert r["sanshoku"] == 0 and r["yakuhai:7z"] == 1
    assert status(text) == Y.YakuStatus(0, "sanshoku", 0, True, 0)


def test_exclusions_and_entries():
    # 4 melds: a single tile waiting for its pair; yakuhai only through the melds
    r = reach("6p pon:5*55z pon:1*11m chi:2*34p pon:9*99s round:S seat:W")
    assert r["yakuhai:5z"] == 0 and "yakuhai:6z" not in r and "toitoi" not in r
    # the same with 5z: its pair would need a fifth 5z (four are held with the pon), so the
    # hand is 1-shanten, and so is the yakuhai the pon already gives
    r = reach("5z pon:5*55z pon:1*11m chi:2*34p pon:9*99s round:S seat:W")
    assert r["yakuhai:5z"] == 1 and "yakuhai:6z" not in r
    # double wind: one entry
    assert [y for y in reach("123m456p789s1z pon:2*22p") if y.startswith("yakuhai")] == \
        ["yakuhai:1z", "yakuhai:5z", "yakuhai:6z", "yakuhai:7z"]
    assert [y for y in reach("123m456p789s1z pon:2*22p round:E seat:S")
            if y.startswith("yakuhai")] == \
        ["yakuhai:1z", "yakuhai:2z", "yakuhai:5z", "yakuhai:6z", "yakuhai:7z"]
    # tanyao excluded by a terminal meld, allowed with simple ones
    assert "tanyao" not in reach("234m456p78s55p pon:9*99s")
    assert "tanyao" in reach("234m456p78s55p pon:8*88s")
    # every key is known and the dict follows YAKU_ORDER
    keys = list(reach("123m456p789s11z55z6z"))
    assert keys == sorted(keys, key=Y.YAKU_ORDER.index)


def test_no_yaku_possible():
    # chi 234m, chi 789p, pon 1s, pon 4z (not a value wind): no tanyao, toitoi, chanta,
    # honitsu, ittsu, sanshoku, and no room left for a value triplet.
    text = "5s chi:2*34m chi:7*89p pon:1*11s pon:4*44z round:E seat:S"
    assert reach(text) == {}
    st = status(text)
    assert st == Y.YakuStatus(0, None, None, False, None)
    assert st.describe() == "no yaku possible after this call"
    assert st.describe("ja") == "役なし（役が作れない）"


def test_inputs_and_errors():
    h = Hand.parse("23m456p789s11z pon:5*55z")
    a = Y.yaku_status(h.counts, h.melds)
    assert Y.yaku_status(list(h.counts), list(h.melds)) == a
    assert Y.yaku_status(np.array(list(h.counts), dtype=np.int64), h.melds) == a
    assert Y.yaku_status(np.frombuffer(h.counts, dtype=np.uint8), h.melds) == a
    with pytest.raises(HandError):
        Y.yaku_status(h.counts[:-1], h.melds)                      # 33 counts
    with pytest.raises(HandError):
        Y.yaku_status(parse_counts("23m456p789s1z"), h.melds)     # 9 tiles with 1 meld
    with pytest.raises(HandError):
        Y.yaku_status(h.counts, h.melds, round_wind=4)
    with pytest.raises(HandError):
        Y.reachable_yaku(h.counts, h.melds, seat_wind=-1)
    bad = list(h.counts)
    bad[0] = 5
    with pytest.raises(HandError):
        Y.yaku_status(bad, h.melds)


def test_names():
    assert Y.yaku_name("yakuhai:6z") == "yakuhai Green"
    assert Y.yaku_name("yakuhai:7z", "ja") == "役牌 中"
    assert Y.yaku_name("chinitsu:s", "ja") == "清一色（索子）"
    assert Y.yaku_name("ittsu:m") == "ittsu (man)"
    for name in Y.YAKU_ORDER:
        assert Y.yaku_name(name) and Y.yaku_name(name, "ja")


# --------------------------------------------------------------- the tanyao reduction lemma

def _suit_hand(v9) -> bytes:
    return bytes(list(v9) + [0] * 25)


def _tanyao_lemma_holds(v7) -> bool:
    """For a suit with counts v7 on 2..8 (terminals 0), the plain per-suit distance of the
    transformed suit equals the 2..8-only distance, for every m <= 4, p <= 1."""
    v = (0,) + tuple(v7) + (0,)
    moved = Y._tanyao_counts(_suit_hand(v))[:9]
    return RY.suit_distances(moved) == RY.suit_distances(v, allowed=range(1, 8))


def test_tanyao_lemma_needs_the_shift():
    # 6666m 77m 88m: three melds and no pair in the suit.  Plain: 666 678 789 (draw 9m),
    # 1 tile; with 2-8 only, 678 678 666 would be a fifth 6m: 2 tiles.  Shifting the suit
    # (2..8 -> 3..9) removes the 789 escape.
    v = (0, 0, 0, 0, 0, 4, 2, 2, 0)
    assert RY.suit_distances(v)[(3, 0)] == 1
    assert RY.suit_distances(v, allowed=range(1, 8))[(3, 0)] == 2
    assert _tanyao_lemma_holds(v[1:8])


def _all_v7():
    def rec(i, left):
        if i == 7:
            yield ()
            return
        for c in range(min(4, left) + 1):
            for rest in rec(i + 1, left - c):
                yield (c,) + rest
    return rec(0, 14)


def test_tanyao_lemma_sample():
    rng = random.Random(2024)
    vectors = list(_all_v7())
    assert len(vectors) == 43130
    risky = [v for v in vectors if v[2] == 4 or v[4] == 4]
    sample = rng.sample(risky, 400) + rng.sample(vectors, 300)
    assert all(_tanyao_lemma_holds(v) for v in sample)


def test_tanyao_lemma_exhaustive():
    """Every one of the 43,130 suit patterns (about a minute): the lemma is a proof, not a sample."""
    bad = [v for v in _all_v7() if not _tanyao_lemma_holds(v)]
    assert bad == []


# ----------------------------------------------------------------- random cross-check

def _meld(kind: str, b: int) -> Meld:
    if kind == "chi":
        return Meld(MeldKind.CHI, (Tile(b), Tile(b + 1), Tile(b + 2)), Tile(b), "L")
    if kind == "pon":
        return Meld(MeldKind.PON, (Tile(b),) * 3, Tile(b), "A")
    if kind == "kan":
        return Meld(MeldKind.KAN, (Tile(b),) * 4, Tile(b), "R")
    return Meld(MeldKind.ANKAN, (Tile(b),) * 4)


def _random_melds(rng, n, used):
    melds = []
    while len(melds) < n:
        kind = rng.choice(("chi", "chi", "pon", "pon", "kan", "ankan"))
        if kind == "chi":
            b = rng.choice(RUN_STARTS)
            kinds = [b, b + 1, b + 2]
        else:
            b = rng.randrange(N) if rng.random() < 0.6 else rng.randrange(27, N)
            kinds = [b] * (3 if kind == "pon" else 4)
        if all(used[x] + kinds.count(x) <= 4 for x in kinds):
            for x in kinds:
                used[x] += 1
            melds.append((kind, b))
    return melds


SIMPLES = [i for i in range(27) if 1 <= i % 9 <= 7]


def _random_case(rng, mode):
    """(counts, oracle melds): 3k+1 (mostly) or 3k+2 concealed tiles dealt from the copies
    the melds leave, drawn from a kind pool that depends on the mode."""
    used = [0] * N
    melds = _random_melds(rng, rng.choice((0, 1, 1, 2, 2, 3, 4)), used)
    k = 4 - len(melds)
    n = 3 * k + 1 if rng.random() < 0.8 else 3 * k + 2
    if mode == "uniform":
        kinds = list(range(N))
    elif mode == "one_suit":
        s = rng.randrange(3)
        kinds = list(range(9 * s, 9 * s + 9)) + rng.sample(range(27, N), rng.randrange(3))
    elif mode == "honours":
        kinds = list(range(27, N)) + rng.sample(range(27), 5)
    elif mode == "simples":
        kinds = sorted(set(SIMPLES + rng.sample(range(N), 4)))
    elif mode == "terminal_side":
        kinds = sorted(set(rng.sample([i for i in range(27) if i % 9 in (0, 1, 2, 6, 7, 8)], 9)
                           + rng.sample(range(27, N), 2)))
    else:  # quads: few kinds, taken 2-4 at a time
        kinds = rng.sample(range(N), rng.randrange(3, 8)) if rng.random() < 0.5 else \
            [9 * rng.randrange(3) + j for j in range(9)]
    counts = [0] * N
    room = [4 - used[x] for x in range(N)]
    pool = [x for x in kinds if room[x]]
    while sum(counts) < n and pool:
        x = rng.choice(pool)
        take = 1 if mode != "quads" else rng.choice((2, 3, 4))
        take = min(take, room[x] - counts[x], n - sum(counts))
        counts[x] += take
        pool = [y for y in pool if counts[y] < room[y]]
    if sum(counts) < n:
        return _random_case(rng, mode)
    return counts, melds


def _near_complete_case(rng):
    """A complete hand (melds + concealed blocks from a few suits) with one tile removed
    and up to two swapped: low shanten, where ties between yaku decide the status."""
    while True:
        used = [0] * N
        melds = _random_melds(rng, rng.choice((1, 1, 2, 3)), used)
        k = 4 - len(melds)
        kinds = rng.choice((list(range(N)), SIMPLES, list(range(9)) + list(range(27, N)),
                            [i for i in range(N) if i >= 27 or i % 9 in (0, 1, 2, 6, 7, 8)]))
        counts = [0] * N
        pair = rng.choice(kinds)
        counts[pair] += 2
        for _ in range(k):
            if rng.random() < 0.5:
                starts = [s for s in RUN_STARTS if s in kinds and s + 2 in kinds]
                b = rng.choice(starts) if starts else rng.choice(kinds)
                blk = [b, b + 1, b + 2] if starts else [b] * 3
            else:
                blk = [rng.choice(kinds)] * 3
            for x in blk:
                counts[x] += 1
        if any(counts[x] + used[x] > 4 for x in range(N)):
            continue
        held = [x for x in range(N) if counts[x]]
        counts[rng.choice(held)] -= 1
        for _ in range(rng.choice((0, 1, 2))):
            held = [x for x in range(N) if counts[x]]
            counts[rng.choice(held)] -= 1
            free = [x for x in range(N) if counts[x] + used[x] < 4]
            counts[rng.choice(free)] += 1
        return counts, melds


def _expected_status(counts, melds, values):
    """The status the definition gives: the cheapest yaku; ties go to riichi, then to a
    yakuhai already made by a meld, then by YAKU_ORDER."""
    s = RY.plain_shanten(counts, melds)
    if not values:
        return Y.YakuStatus(s, None, None, False, None)
    made = {f"yakuhai:{RY.KIND_NAMES[b]}" for kind, b in melds if kind != "chi"}

    def rank(y):
        return (values[y], 0 if y == "riichi" else 1 if y in made else 2, Y.YAKU_ORDER.index(y))

    best = min(values, key=rank)
    return Y.YakuStatus(s, best, values[best], values[best] == s, values[best] - s)


MODES = ("uniform", "one_suit", "honours", "simples", "terminal_side", "quads")


def test_random_against_oracle():
    rng = random.Random(20261122)
    cases = [_random_case(rng, MODES[i % len(MODES)]) for i in range(1500)]
    cases += [_near_complete_case(rng) for _ in range(900)]
    checked = 0
    for counts, melds in cases:
        rw, sw = rng.randrange(4), rng.randrange(4)
        hand_melds = [_meld(*m) for m in melds]
        expected = RY.all_restricted(counts, melds, rw, sw)
        got = Y.reachable_yaku(bytes(counts), hand_melds, rw, sw)
        assert got == expected, (counts, melds, rw, sw)
        assert list(got) == sorted(got, key=Y.YAKU_ORDER.index)
        st = Y.yaku_status(counts, hand_melds, rw, sw)
        assert st == _expected_status(counts, melds, expected), (counts, melds, rw, sw)
        assert st.shanten == core.shanten_melds(bytes(counts), 4 - len(melds), RY.meld_caps(melds))
        checked += 1
    assert checked == 2400
