"""Calls in the full expected-value model (docs/ev.md, "Calls"): the slow
reference's numbers (tests/ev_reference.py) with calls; closed forms of the
tenpai chance one draw before the end (a pon from any of the three opponents,
a chi from the left one only, the callable kinds taken from the analysis's
kuikae-aware call table); a yakuhai pon that raises the win chance; calls
that would leave no yaku are worth nothing; calls off are the old numbers;
each number with calls is at least the one without."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from mjgui import core
from mjgui.ev import EvOptions, expected_values
from mjgui.hand import Hand
from mjgui.tiles import Tile

from ev_reference import Model
from test_ev import random_hand
from test_ev_full import check_against_reference, with_seen

OFF = EvOptions(model="full")
ON = EvOptions(model="full", calls=True)
NUMBERS = ("tenpai_prob", "win_prob", "exp_score")


def random_options(rng: random.Random) -> EvOptions:
    # ura off keeps the reference quick; it does not touch an open hand anyway
    return EvOptions(model="full", calls=True, ura=False, ippatsu=rng.random() < 0.5,
                     haitei=rng.random() < 0.7, call_share=rng.choice((0.25, 0.5, 1.0)),
                     ron_dama=rng.choice((0.0, 0.5, 1.0)), ron_riichi=rng.choice((0.0, 0.25)))


@pytest.mark.parametrize("seed", range(6))
def test_one_shanten_hands_late_in_the_round_match_the_reference(seed):
    rng = random.Random(300 + seed)
    for _ in range(25):
        hand = with_seen(rng, random_hand(rng, 1), rng.randrange(0, 20), rng.randrange(0, 6))
        check_against_reference(hand, rng.randrange(16, 18), random_options(rng))


def test_tenpai_and_earlier_hands_match_the_reference():
    rng = random.Random(400)
    for _ in range(30):               # a tenpai hand: its 1-shanten discards may call
        hand = with_seen(rng, random_hand(rng, 0), rng.randrange(0, 20), rng.randrange(0, 6))
        check_against_reference(hand, rng.randrange(15, 18), random_options(rng))
    for _ in range(6):                # more rounds of calls and draws
        hand = with_seen(rng, random_hand(rng, 1), rng.randrange(0, 20), rng.randrange(0, 6))
        check_against_reference(hand, rng.randrange(14, 16), random_options(rng))


@pytest.mark.parametrize("text, turn", [
    ("234m67p88s3s9m1z4p chi:3*45s seat:S dora:1z", 16),
    ("234m67p88s3s9m1z4p pon:7*77z seat:W dora:1z", 15),
    ("23m67p88s3s9m1z4p5p pon:5*55m seat:E dora:1z visible:8s", 16),
    ("2340m67p8s3s9m1z4p pon:6*66z seat:N dora:1z", 16),
])
def test_an_open_hand_calls_once_more_as_the_reference(text, turn):
    check_against_reference(Hand.parse(text), turn, replace(ON, ura=False))


def last_round(text: str) -> tuple[float, float, float]:
    """One draw left (seat South, turn 17, the pool 122 - 1 indicator - 17 = 104):
    (tenpai with calls, without, the pool)."""
    hand = Hand.parse(text)
    on, off = (expected_values(hand, 17, options).row("7z") for options in (ON, OFF))
    return on.tenpai_prob, off.tenpai_prob, 104.0


def callable_kinds(hand: Hand, discard: int) -> tuple[set[int], set[int]]:
    """Kinds whose pon / chi makes the hand tenpai after the discard, by the
    analysis's call table (kuikae banned)."""
    counts = list(hand.counts)
    counts[discard] -= 1
    table = core.call_table(bytes(counts))
    pon = {k for k in range(34) if table.pon[k] == 0}
    chi = {k for k in range(34) if 0 in table.chi[k]}
    return pon, chi


def tenpai_after_call_unbanned(counts: list[int], x: int) -> tuple[bool, bool]:
    """(pon, chi) of x can leave the hand tenpai with any discard at all (no kuikae):
    from the definition, a 10-tile rest is tenpai when some kind with a copy left
    beside it and the meld completes it."""
    def tenpai(rest, meld):
        for y in range(34):
            if rest[y] + meld.count(y) < 4:
                rest[y] += 1
                done = core.shanten(bytes(rest), core.REGULAR) == -1
                rest[y] -= 1
                if done:
                    return True
        return False

    def any_discard(rest, meld):
        for d in range(34):
            if rest[d]:
                rest[d] -= 1
                ok = tenpai(rest, meld)
                rest[d] += 1
                if ok:
                    return True
        return False

    pon = chi = False
    if counts[x] >= 2:
        rest = list(counts)
        rest[x] -= 2
        pon = any_discard(rest, [x] * 3)
    for low in range(x - 2, x + 1):
        if x < 27 and 0 <= low and low // 9 == x // 9 and low % 9 <= 6:
            a, b = [k for k in (low, low + 1, low + 2) if k != x]
            if counts[a] and counts[b]:
                rest = list(counts)
                rest[a] -= 1
                rest[b] -= 1
                chi = chi or any_discard(rest, [low, low + 1, low + 2])
    return pon, chi


def test_kuikae_never_binds_a_call_to_tenpai():
    # docs/ev.md: a discard kuikae bans would, with the call's tiles back in the hand,
    # leave a closed meld in it, so a 1-shanten hand reaching tenpai that way was tenpai
    # already; the search's calls (kuikae banned, as in the analysis's call table) are
    # then those of the unbanned definition
    rng = random.Random(600)
    checked = 0
    while checked < 150:
        hand = random_hand(rng, 1)
        counts = list(hand.counts)
        d = rng.choice([k for k in range(34) if counts[k]])
        counts[d] -= 1
        if core.shanten(bytes(counts)) != 1:
            continue
        checked += 1
        table = core.call_table(bytes(counts))
        for x in range(34):
            if counts[x] < 4:
                pon, chi = tenpai_after_call_unbanned(counts, x)
                assert (table.pon[x] == 0, 0 in table.chi[x]) == (pon, chi), (str(hand), d, x)


def test_chi_only_from_the_left_player():
    # 234m 567p 34s 67s 88p (+1z): only chi of 2s, 5s, 8s makes it tenpai (tanyao) and the
    # same 12 tiles are its draws; a chi is the left player's discard only: one chance in
    # three, so tenpai = p + (1 - p) * 12 / 104 with p = 0.5 * 12 / 104
    text = "234m567p34s67s88p1z7z dora:1z seat:S"
    pon, chi = callable_kinds(Hand.parse(text), 33)
    assert pon == set() and chi == {19, 22, 25}
    on, off, pool = last_round(text)
    assert off == pytest.approx(12 / pool, rel=1e-12)
    p = 0.5 * 12 / pool
    assert on == pytest.approx(p + (1 - p) * 12 / pool, rel=1e-12)
    # three discards would have given 1 - (1 - p)^3 (1 - 12 / 104): chi is not taken from them
    assert on < 1 - (1 - p) ** 3 * (1 - 12 / pool) - 1e-3


def test_pon_from_any_of_the_three_opponents():
    # 234m 567p 789s 55z 9m 1p (+1z): a pon of 5z (2 copies left) makes it tenpai with haku;
    # each of the three discards before the last draw can be it
    text = "234m567p789s55z9m1p7z dora:1z seat:S"
    pon, chi = callable_kinds(Hand.parse(text), 33)
    assert pon == {31} and chi == set()
    on, off, pool = last_round(text)
    p = 0.5 * 2 / pool
    assert on == pytest.approx(1 - (1 - p) ** 3 * (1 - off), rel=1e-12)


def test_a_yakuhai_pon_raises_the_win_chance():
    hand = "234m567p23s99m55z1z7z dora:1z seat:S turn:5"
    on, off = (expected_values(hand, options=options).row("7z") for options in (ON, OFF))
    assert on.shanten == 1
    assert on.win_prob > off.win_prob + 0.02 and on.tenpai_prob > off.tenpai_prob + 0.05
    assert on.exp_score > off.exp_score
    # no call share: no call
    never = expected_values(hand, options=replace(ON, call_share=0.0)).row("7z")
    assert (never.tenpai_prob, never.win_prob, never.exp_score) == (off.tenpai_prob, off.win_prob, off.exp_score)


def test_calls_leaving_no_yaku_are_worth_nothing():
    # 234m 567p 23s 99m 11m 6z: every call making it tenpai (pon 1m or 9m, chi 1s or 4s)
    # leaves no yaku (terminals: no tanyao; no value pair): the 1-shanten discards keep
    # their numbers exactly
    hand = Hand.parse("234m567p23s99m11m6z7z dora:5z seat:S turn:9")
    pon, chi = callable_kinds(hand, 33)
    assert pon == {0, 8} and chi == {18, 21}
    on, off = (expected_values(hand, options=options) for options in (ON, OFF))
    for row in on.rows:
        if row.shanten <= 1:
            other = off.row(row.name)
            assert [getattr(row, n) for n in NUMBERS] == [getattr(other, n) for n in NUMBERS], row.name
            assert row.by_turn == other.by_turn


def test_calls_off_are_the_old_numbers_and_on_never_lower():
    # calls=False is the model without calls exactly (the reference without calls agrees
    # with it in tests/test_ev_full.py); with calls each number is at least as high, and
    # the win chance stays below the tenpai chance
    rng = random.Random(500)
    for _ in range(12):
        hand = with_seen(rng, random_hand(rng, 2), rng.randrange(0, 24), rng.randrange(0, 7))
        turn = rng.randrange(1, 15)
        off = {r.name: r for r in expected_values(hand, turn, OFF).rows}
        plain = {r.name: r for r in expected_values(hand, turn, replace(OFF, call_share=0.9)).rows}
        for row in expected_values(hand, turn, ON).rows:
            other = off[row.name]
            assert [getattr(plain[row.name], n) for n in NUMBERS] == [getattr(other, n) for n in NUMBERS]
            for name in NUMBERS:
                assert getattr(row, name) >= getattr(other, name) - 1e-12, (str(hand), row.name, name)
                for a, b in zip(row.by_turn[name], other.by_turn[name]):
                    assert a >= b - 1e-12
            assert row.win_prob <= row.tenpai_prob + 1e-12


def test_the_simple_model_ignores_calls():
    hand = "234m567p23s99m55z1z7z dora:1z seat:S turn:5"
    simple = expected_values(hand).row("7z")
    with_calls = expected_values(hand, options=EvOptions(calls=True)).row("7z")
    assert [getattr(simple, n) for n in NUMBERS] == [getattr(with_calls, n) for n in NUMBERS]


@pytest.mark.parametrize("bad", [{"calls": 1}, {"call_share": 1.5}, {"call_share": -0.1}, {"call_share": "0.5"}])
def test_bad_options_are_named(bad):
    with pytest.raises(ValueError, match="calls|call_share"):
        EvOptions(model="full", **bad)


def _with_value_pair(rng: random.Random, shanten: int) -> Hand:
    """A random hand at `shanten` holding a pair of dragons or of its seat's / the round's wind."""
    while True:
        hand = random_hand(rng, shanten)
        pairs = [k for k in range(27, 34) if hand.counts[k] >= 2]
        seat = rng.randrange(4)
        if any(k >= 31 or k in (27 + seat, 27) for k in pairs):
            return replace(hand, seat_wind=seat)


@pytest.mark.parametrize("turn, hands", [(16, 8), (15, 4)])
def test_a_value_pair_at_two_shanten_matches_the_reference(turn, hands):
    # from 2-shanten only the pon of a value honour is searched (then draws to tenpai)
    rng = random.Random(800 + turn)
    for _ in range(hands):
        hand = with_seen(rng, _with_value_pair(rng, 2), rng.randrange(0, 16), rng.randrange(0, 5))
        check_against_reference(hand, turn, random_options(rng))


@pytest.mark.parametrize("pair, value", [("55z", True), ("22z", True), ("11z", True), ("44z", False)])
def test_a_value_honour_pon_at_two_shanten_is_searched(pair, value):
    # 234m 56p 99m + a pair + 24s 1p 9p after the 7z: 2-shanten.  Three draws left (seat
    # South, turn 15, an East round): a pon at the first, a draw or a second call to tenpai on
    # the open line, then its wait.  Haku, south (the seat's wind) and east (the round's) are value honours:
    # against the same model without calls from 2-shanten the pon adds to every number; north
    # is not, and nothing changes
    hand = Hand.parse(f"234m56p99m{pair}24s1p9p7z dora:1z seat:S")
    options = replace(ON, ura=False)
    row = expected_values(hand, 15, options).row("7z")
    assert row.shanten == 2
    got = (row.tenpai_prob, row.win_prob, row.exp_score)
    kwargs = dict(ippatsu=options.ippatsu, haitei=options.haitei, ura=False, full=True, calls=True)
    assert got == pytest.approx(Model(hand, 15, **kwargs).discard(33), rel=1e-9, abs=1e-12)
    late = Model(hand, 15, **kwargs)
    late.value_honour = lambda x: False          # no value honour: no call from 2-shanten
    base = late.discard(33)
    if value:
        assert got[0] > base[0] + 1e-3 and got[1] > base[1] and got[2] > base[2]
    else:
        assert got == pytest.approx(base, rel=1e-12, abs=1e-15)


def _pool_hand(rng: random.Random, kinds: list[int], shanten: int) -> Hand:
    """A random hand of the given kinds (each four times) at `shanten` or below, no value
    honour among them (the north wind, seat East to West, an East or South round)."""
    while True:
        wall = [Tile(k, k in (4, 13, 22) and c == 0) for k in kinds for c in range(4)]
        rng.shuffle(wall)
        hand = Hand(tuple(wall[:14]), dora_indicators=(Tile(33),), seat_wind=rng.randrange(3),
                    round_wind=rng.randrange(2))
        if core.shanten(hand.counts) <= shanten:
            return hand


@pytest.mark.parametrize("name, kinds", [
    ("one suit and north: honitsu, chinitsu, ittsu", list(range(9)) + [30]),
    ("terminal blocks: chanta, junchan", [k for k in range(27) if k % 9 in (0, 1, 2, 6, 7, 8)] + [30]),
    ("low numbers of every suit: sanshoku, sanshoku doukou", [k for k in range(27) if k % 9 < 4]),
    ("few kinds: toitoi, sanankou", [0, 4, 8, 10, 14, 19, 23, 26, 30]),
])
def test_calls_whose_yaku_is_a_shape_match_the_reference(name, kinds):
    # the search leaves out a call line only when no open yaku is within its reach
    # (csrc/ev.c, yaku_possible): lines whose yaku is not tanyao nor a value triplet
    rng = random.Random(len(name))
    for _ in range(10):
        hand = with_seen(rng, _pool_hand(rng, kinds, 1), rng.randrange(0, 12), rng.randrange(0, 4))
        check_against_reference(hand, rng.randrange(15, 17), random_options(rng))
