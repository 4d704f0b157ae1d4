"""Tests of mjgui.yaku (yaku reachability from the scorer): hand-checked examples, and
every answer for random open hands against a slow reference written from the definition
(tests/reference_reach.py: the completions enumerated in Python, each scored by the
`mahjong` package for every way of winning it — no code shared with the C core).
Everything is deterministic (seeded ``random.Random``)."""
from __future__ import annotations

import random

import numpy as np
import pytest

import reference_reach as RR
from mjgui._core import lib
from mjgui.core import HandError
from mjgui.hand import Hand, Meld, MeldKind
from mjgui.scoring import Rules
from mjgui import yaku as Y
from mjgui.tiles import Tile, parse_counts
from scoring_oracle import HandCalculator, random_win

HAKU, HATSU, CHUN = lib.MJ_Y_HAKU, lib.MJ_Y_HATSU, lib.MJ_Y_CHUN
SEAT, ROUND = lib.MJ_Y_SEAT_WIND, lib.MJ_Y_ROUND_WIND


def _args(text: str):
    h = Hand.parse(text)
    return h.counts, h.melds, h.round_wind, h.seat_wind


def status(text: str, **kw) -> Y.YakuStatus:
    return Y.yaku_status(*_args(text), **kw)


def reach(text: str, **kw) -> dict[int, int]:
    return Y.reachable_yaku(*_args(text), **kw)


# ------------------------------------------------------------------- hand-checked examples

def test_pon_of_white_gives_yakuhai():
    # 23m456p789s11z + pon of 5z: tenpai on 1m/4m, and the pon is a White triplet already
    st = status("23m456p789s11z pon:5*55z round:S seat:W")
    assert st == Y.YakuStatus(0, HAKU, 0, True, 0)
    assert st.describe() == "yaku: Yakuhai: white dragon"
    assert st.describe("ja") == "役: 役牌 白"
    # before the discard (3k+2) the numbers are those of the best discard (6z)
    assert status("23m456p789s11z6z pon:5*55z round:S seat:W") == st


def test_chi_keeping_a_shanpon_on_white():
    # chi 123m leaves 456p 789s 11z 55z: tenpai on a shanpon 1z/5z; winning on 5z makes a
    # White triplet, so the fastest completions include a yaku
    st = status("456p789s11z55z chi:1*23m round:S seat:W")
    assert st == Y.YakuStatus(0, HAKU, 0, True, 0)
    r = reach("456p789s11z55z chi:1*23m round:S seat:W")
    assert r[HAKU] == 0
    # in the South round as West, East is no value tile: the winds need a fresh triplet of
    # 3z or 2z (three draws, the 11z pair given up); tanyao and toitoi are out (the chi)
    assert r[SEAT] == r[ROUND] == 2 and lib.MJ_Y_TANYAO not in r and lib.MJ_Y_TOITOI not in r
    # as East in the East round the 1z half of the wait is a double wind
    r = reach("456p789s11z55z chi:1*23m")
    assert r[SEAT] == r[ROUND] == r[HAKU] == 0
    assert status("456p789s11z55z chi:1*23m").best in (SEAT, ROUND, HAKU)


def test_white_pair_needs_one_more_draw():
    # chi 234m; 456p 789s 55z 67s: tenpai on 5s/8s with 55z as the pair, no yaku in either
    # completion (no tanyao with 789s, no sanshoku, no ittsu).  A White triplet needs one more
    # 5z and a new pair from 6s or 7s: two draws, one more than the fastest.
    st = status("456p789s55z67s chi:2*34m round:S seat:W")
    assert (st.shanten, st.best_shanten, st.keeps_yaku, st.extra_draws) == (0, 1, False, 1)
    assert reach("456p789s55z67s chi:2*34m round:S seat:W")[HAKU] == 1
    name, name_ja = Y.yaku_name(st.best), Y.yaku_name(st.best, "ja")
    assert st.describe() == f"no yaku after this call ({name} needs 1 more draw)"
    assert st.describe("ja") == f"役なし（{name_ja}まであと1枚）"


def test_sanankou_keeps_a_yaku():
    # chi 234s; 111m 444p 777s and a 9m: tenpai on 9m alone.  Three concealed triplets:
    # sanankou, whichever way the 9m comes (the win completes the pair) -- the yaku the
    # old rule set of this module did not know
    st = status("111m444p777s9m chi:2*34s round:S seat:W")
    assert st == Y.YakuStatus(0, lib.MJ_Y_SANANKOU, 0, True, 0)
    assert st.describe() == "yaku: Sanankou"


def test_a_shanpon_whose_only_yaku_needs_a_tsumo_keeps_none():
    # chi 234s; 111m 444p and a 77s / 99m shanpon: a tsumo on either keeps three concealed
    # triplets (sanankou), a ron opens the triplet it completes (two concealed: no yaku),
    # so the hand cannot win on a discard
    st = status("111m444p77s99m chi:2*34s round:S seat:W")
    assert st.shanten == 0 and not st.keeps_yaku and st.tsumo_only == lib.MJ_Y_SANANKOU
    assert st.describe() == "no yaku to win by ron after this call (Sanankou by tsumo only)"
    assert "ツモのみ" in st.describe("ja")
    h = Hand.parse("111m444p77s99m chi:2*34s round:S seat:W")
    assert Y.reachable_yaku(h.counts, h.melds, 1, 2, extra=0) == {}
    assert Y.reachable_yaku(h.counts, h.melds, 1, 2, extra=0, tsumo=True) == {lib.MJ_Y_SANANKOU: 0}


def test_every_winning_tile_is_tried():
    # closed 13m 56m 234p 567s 99p + 1z: two draws (2m, then 4m or 7m on a two-sided wait)
    # reach pinfu as fast as the hand goes; a win on the kanchan's 2m alone would not
    h = Hand.parse("13m56m234p567s99p1z")
    assert Y.reachable_yaku(h.counts, extra=0)[lib.MJ_Y_PINFU] == 1


def test_winds_are_checked_whatever_is_cached():
    h = Hand.parse("456p789s11z55z chi:1*23m")
    Y.yaku_status(h.counts, h.melds, 1, 2)                  # (melds, 1, 2) now cached
    for bad in (True, 1.0):
        with pytest.raises(HandError):
            Y.yaku_status(h.counts, h.melds, bad, 2)


def test_open_tanyao_follows_the_rules():
    text = "234m567p345s8s chi:2*34p round:S seat:W"      # tanki on 8s, all simples
    assert status(text) == Y.YakuStatus(0, lib.MJ_Y_TANYAO, 0, True, 0)
    # without kuitan the same wait has no yaku: the cheapest one is further
    st = status(text, rules=Rules(open_tanyao=False))
    assert st.shanten == 0 and not st.keeps_yaku and st.best != lib.MJ_Y_TANYAO
    assert lib.MJ_Y_TANYAO not in reach(text, rules=Rules(open_tanyao=False))


def test_no_yaku_within_reach():
    # chi 234m, chi 789p, pon 1s, pon 4z (North: no value wind for South in East): a single
    # tile waits for its pair, and no pair makes a yaku
    text = "5s chi:2*34m chi:7*89p pon:1*11s pon:4*44z round:E seat:S"
    assert reach(text) == {}
    st = status(text)
    assert st == Y.YakuStatus(0, None, None, False, None)
    assert st.describe() == f"no yaku within {Y.MAX_EXTRA} more draws after this call"
    assert st.describe("ja") == f"役なし（あと{Y.MAX_EXTRA}枚では役が作れない）"


def test_four_melds_value_through_the_melds_only():
    r = reach("6p pon:5*55z pon:1*11m chi:2*34p pon:9*99s round:S seat:W")
    assert r[HAKU] == 0 and HATSU not in r and lib.MJ_Y_TOITOI not in r
    # a 5z single would need a fifth 5z for its pair: 1-shanten, the pon's yakuhai with it
    r = reach("5z pon:5*55z pon:1*11m chi:2*34p pon:9*99s round:S seat:W")
    assert r[HAKU] == 1 and Y.yaku_status(*_args("5z pon:5*55z pon:1*11m chi:2*34p pon:9*99s")).shanten == 1


def test_closed_hands_keep_riichi():
    st = status("123m456p789s1257z")
    assert (st.best, st.keeps_yaku, st.extra_draws) == (Y.RIICHI, True, 0)
    assert st.describe() == "yaku: Riichi"
    ankan = status("123m456p789s5z ankan:1111z round:S seat:W")
    assert (ankan.shanten, ankan.best, ankan.keeps_yaku) == (0, Y.RIICHI, True)
    r = reach("123m456p789s5z ankan:1111z round:S seat:W")
    assert r[Y.RIICHI] == 0 and lib.MJ_Y_TSUMO not in r
    assert list(r) == sorted(r)


def test_inputs_and_errors():
    h = Hand.parse("23m456p789s11z pon:5*55z")
    a = Y.yaku_status(h.counts, h.melds)
    assert Y.yaku_status(list(h.counts), list(h.melds)) == a
    assert Y.yaku_status(np.array(list(h.counts), dtype=np.int64), h.melds) == a
    assert Y.yaku_status(np.frombuffer(h.counts, dtype=np.uint8), h.melds) == a
    with pytest.raises(HandError, match="34"):
        Y.yaku_status(h.counts[:-1], h.melds)
    with pytest.raises(HandError, match="expected 10 or 11"):
        Y.yaku_status(parse_counts("23m456p789s1z"), h.melds)
    with pytest.raises(HandError, match="wind"):
        Y.yaku_status(h.counts, h.melds, round_wind=4)
    with pytest.raises(HandError, match="wind"):
        Y.reachable_yaku(h.counts, h.melds, seat_wind=-1)
    with pytest.raises(HandError, match="at most 4 melds"):
        Y.yaku_status(bytes(34), (h.melds[0],) * 5)
    with pytest.raises(HandError, match="Meld"):
        Y.yaku_status(h.counts, ("pon",))
    bad = list(h.counts)
    bad[0] = 5
    with pytest.raises(HandError):
        Y.yaku_status(bad, h.melds)
    five = parse_counts("23m456p789s55z")           # two more 5z beside the pon's three
    with pytest.raises(HandError, match="four copies"):
        Y.yaku_status(five, h.melds)
    with pytest.raises(HandError, match="extra"):
        Y.reachable_yaku(h.counts, h.melds, extra=lib.MJ_REACH_MAX_EXTRA + 1)


# ------------------------------------------------------------ against the slow reference

def _open_hand(rng: random.Random, swaps: int) -> Hand:
    """A random complete hand with at least one open meld, its winning tile taken out and
    `swaps` other concealed tiles replaced by random ones (unseen copies)."""
    while True:
        win = random_win(rng, open_rate=0.6)
        if any(m.is_open for m in win.melds) and len(win.concealed) > 2 + swaps:
            break
    concealed = list(win.concealed)
    concealed.remove(win.win.tile)
    used = [0] * 34
    for t in concealed:
        used[t.kind] += 1
    for m in win.melds:
        for t in m.tiles:
            used[t.kind] += 1
    for _ in range(swaps):
        out = concealed.pop(rng.randrange(len(concealed)))
        used[out.kind] -= 1
        kind = rng.choice([k for k in range(34) if used[k] < 4])
        used[kind] += 1
        concealed.append(Tile(kind))
    return Hand(tuple(concealed), win.melds, round_wind=win.round_wind, seat_wind=win.seat_wind)


needs_oracle = pytest.mark.skipif(HandCalculator is None, reason="the mahjong package is not installed")


@needs_oracle
@pytest.mark.parametrize("seed, swaps", [(1, 0), (2, 1), (3, 1), (4, 2)])
def test_random_open_hands_match_the_reference(seed, swaps):
    rng = random.Random(seed)
    checked = 0
    while checked < 60:
        hand = _open_hand(rng, swaps)
        counts = hand.counts
        st = Y.yaku_status(counts, hand.melds, hand.round_wind, hand.seat_wind)
        fastest = st.shanten + 1
        budget = fastest + 1                 # the reference looks one draw further
        if sum(1 for _ in RR.completions(counts, hand.melds, budget)) > 150:
            continue                         # the reference scores each: keep it quick
        assert RR.fastest(counts, hand.melds, budget) == fastest, str(hand)
        expected = RR.cheapest_yaku_cost(counts, hand.melds, hand.round_wind, hand.seat_wind, budget)
        got = None if st.best is None else st.best_shanten + 1
        if expected is None:                 # none within the reference's reach: further, or none
            assert got is None or got > budget, (str(hand), st)
        else:
            assert got == expected, (str(hand), st)
        assert st.keeps_yaku == (expected == fastest)
        assert Y.keeps_yaku(counts, hand.melds, hand.round_wind, hand.seat_wind) == (expected == fastest)
        if not st.keeps_yaku:                # a yaku only a tsumo gives, at the hand's speed
            by_tsumo = RR.cheapest_yaku_cost(counts, hand.melds, hand.round_wind, hand.seat_wind, fastest, True)
            assert (st.tsumo_only is not None) == (by_tsumo == fastest), (str(hand), st)
        if st.best is not None:
            r = Y.reachable_yaku(counts, hand.melds, hand.round_wind, hand.seat_wind)
            assert min(r.values()) == st.best_shanten and r[st.best] == st.best_shanten
        checked += 1


@pytest.mark.parametrize("seed", [5, 6])
def test_keeps_yaku_answers_as_the_whole_status_for_every_call_of_random_hands(seed):
    """The short search (fastest completions only, a yakuhai triplet settling it) agrees
    with the full status on the hands after every call the analysis offers."""
    from mjgui.analysis import analyze
    rng = random.Random(seed)
    wall = [Tile(k) for k in range(34) for _ in range(4)]
    seen = {True: 0, False: 0}
    yakuhai_calls = 0
    for _ in range(400):
        if sum(seen.values()) >= 400 and yakuhai_calls > 5:
            break
        hand = Hand(tuple(rng.sample(wall, 14)), round_wind=rng.randrange(2), seat_wind=rng.randrange(4))
        for row in analyze(hand).rows:
            for call in row.calls:
                if call.shanten == 0:
                    continue                    # tenpai calls are judged by the scorer instead
                melds = hand.melds + (call.meld,)
                full = Y.yaku_status(call._after, melds, hand.round_wind, hand.seat_wind)
                assert Y.keeps_yaku(call._after, melds, hand.round_wind, hand.seat_wind) == full.keeps_yaku
                assert call.yakuless == (not full.keeps_yaku)
                seen[full.keeps_yaku] += 1
                yakuhai_calls += call.call == "pon" and call.tile in {31, 32, 33, 27 + hand.round_wind,
                                                                       27 + hand.seat_wind}
    assert min(seen.values()) > 20 and yakuhai_calls > 5


@needs_oracle
def test_the_reference_finds_what_the_brief_example_needs():
    # the reference on its own, on the sanankou hand: the cheapest completion with a yaku is
    # the fastest one (111m 444p 777s 99m + chi), one draw
    h = Hand.parse("111m444p777s9m chi:2*34s round:S seat:W")
    assert RR.fastest(h.counts, h.melds, 3) == 1
    assert RR.cheapest_yaku_cost(h.counts, h.melds, 1, 2, 3) == 1
    # and no completion of the no-yaku hand has one within four draws
    h = Hand.parse("5s chi:2*34m chi:7*89p pon:1*11s pon:4*44z round:E seat:S")
    assert RR.cheapest_yaku_cost(h.counts, h.melds, 0, 1, 4) is None


def test_cheapest_lists_the_yaku_of_that_cost_only():
    # reachable_yaku with extra=0 lists only the yaku of the fastest completions
    text = "456p789s11z55z chi:1*23m"
    r0 = reach(text, extra=0)
    assert set(r0.values()) == {0} and {SEAT, ROUND, HAKU} <= set(r0)
    assert all(v >= 0 for v in reach(text).values())


def test_every_meld_kind_is_read():
    for meld in (Meld(MeldKind.KAN, (Tile(31),) * 4, Tile(31), "A"), Meld(MeldKind.KAKAN, (Tile(31),) * 4, Tile(31), "R"),
                 Meld(MeldKind.PON, (Tile(31),) * 3, Tile(31), "L")):
        hand = Hand.parse("23m456p789s11z")
        st = Y.yaku_status(hand.counts, (meld,), 1, 2)
        assert st == Y.YakuStatus(0, HAKU, 0, True, 0), meld


def test_the_search_entry_at_its_boundary():
    from mjgui import core
    hand = Hand.parse("23m456p789s11z pon:5*55z")
    context, _ = Y._context(hand.melds, 0, 0)
    shanten, costs, by_tsumo = core.yaku_reach(context, hand.counts, 0, 0, True)
    assert shanten == 0 and costs[HAKU] == by_tsumo[HAKU] == 1 and len(costs) == len(by_tsumo) == lib.MJ_Y_COUNT
    for bad in (b"", context[:-1], context + b"\0", bytearray(context), "x"):
        with pytest.raises(HandError, match="packed context"):
            core.yaku_reach(bad, hand.counts, 0, 0, True)
    for extra in (-1, lib.MJ_REACH_MAX_EXTRA + 1, 1.0, None):
        with pytest.raises(HandError, match="extra draws"):
            core.yaku_reach(context, hand.counts, 0, extra, True)
    for limit in (-1, lib.MJ_REACH_MAX_SCORED + 1, 2.0):
        with pytest.raises(HandError, match="limit"):
            core.yaku_reach(context, hand.counts, 0, 0, True, limit)
    with pytest.raises(HandError, match="refused"):
        core.yaku_reach(context, hand.counts, lib.MJ_RULES_ALL + 1, 0, True)
    # random contexts (melds and winds mostly in range, the other fields anything): the core
    # validates them and never reads past its tables
    rng = np.random.default_rng(8)
    answered = refused = 0
    for raw in rng.integers(0, 256, size=(3000, len(context)), dtype=np.uint8):
        raw[34] = rng.integers(0, 6)                        # n_melds, 5 is too many
        raw[35:39] = rng.integers(0, 6, size=4)             # meld types, 5 is none
        raw[39:43] = rng.integers(0, 36, size=4)            # meld tiles, 34 and 35 are none
        raw[44:46] = rng.integers(0, 5, size=2)             # round and seat wind, 4 is none
        k = 4 - min(int(raw[34]), 4)
        kinds = rng.permutation(34)[:3 * k + 1]
        counts = bytes(1 if i in kinds else 0 for i in range(34))
        try:
            core.yaku_reach(raw.tobytes(), counts, 0, 1, True)
            answered += 1
        except HandError:
            refused += 1
    assert answered > 100 and refused > 100


def test_too_large_a_search_is_refused():
    from mjgui import core
    hand = Hand.parse("159m159p159s1234z")          # closed, 13 scattered tiles: millions of completions
    context, _ = Y._context(hand.melds, 0, 0)
    with pytest.raises(HandError, match="more than 5,000 complete hands"):
        core.yaku_reach(context, hand.counts, 0, 2, False, 5000)
    shanten, costs, _ = core.yaku_reach(context, hand.counts, 0, 0, True, 5000)    # the fastest alone fit
    assert shanten == core.shanten_melds(hand.counts, 4)


def test_a_call_is_judged_once_however_often_it_is_asked(monkeypatch):
    """The table asks each call whether it leaves no yaku on every refill: the answer is
    kept, the search runs once."""
    from mjgui import core
    from mjgui.analysis import analyze
    hand = Hand.parse("23m456p789s55p1s24s7z")
    calls = [c for row in analyze(hand).rows for c in row.calls if c.shanten > 0]
    assert calls
    searches = []
    real = core.yaku_reach
    monkeypatch.setattr(core, "yaku_reach", lambda *a, **k: searches.append(1) or real(*a, **k))
    first = [c.yakuless for c in calls]
    count = len(searches)
    assert count >= 1
    assert [c.yakuless for c in calls] == first and len(searches) == count
