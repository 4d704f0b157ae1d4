"""The scorer: a hand-checked example for every yaku, fu rule, limit and payment,
the rule switches, bad input, and random winning hands against the `mahjong`
package as an independent oracle."""
from __future__ import annotations

import random

import numpy as np
import pytest

from mjgui import core
from mjgui._core import lib
from mjgui.core import HandError
from mjgui.hand import Hand
from mjgui.scoring import PRESETS, Rules, pack, score, score_batch, score_tile

from scoring_oracle import HandCalculator, mismatch, random_win


def check(text, han, fu, total, yaku=None, rules="tenhou"):
    s = score(text, rules)
    assert (s.han, s.total) == (han, total), (text, s.summary(), [y.label() for y in s.yaku], s.fu_text())
    if fu is not None:
        assert s.fu == fu, (text, s.fu_text())
    if yaku is not None:
        assert sorted(y.name for y in s.yaku) == sorted(yaku), (text, [y.name for y in s.yaku])
    return s


# Each line worked out by hand from the rules in docs/scoring.md; seat:S makes a non-dealer.
@pytest.mark.parametrize("text, han, fu, total, yaku", [
    # pinfu: all runs, plain pair, two-sided wait; closed ron 30 fu, tsumo 20 fu
    ("123m456p789s55m123s win:1s seat:S", 1, 30, 1000, ["Pinfu"]),
    ("123m456p789s55m123s win:1s seat:S tsumo", 2, 20, 1500, ["Pinfu", "Menzen tsumo"]),
    # an open pinfu shape by ron is raised to 30 fu
    ("234m567p55s345s chi:6*78s@L win:3s seat:S", 1, 30, 1000, ["Tanyao"]),
    # open tanyao with an open simple triplet (2) and a tanki (2): 24 -> 30
    ("234m567p33s chi:2*34s@L pon:6*66s@A win:3s seat:S", 1, 30, 1000, ["Tanyao"]),
    # riichi + iipeikou, the 3m closes a penchan (12-3): 20 + 10 + 2 = 32 -> 40
    ("112233m456p789s55p win:3m seat:S riichi", 2, 40, 2600, ["Riichi", "Iipeikou"]),
    # chiitoitsu is always 25 fu
    ("1122m3344p5566s77z win:7z seat:S", 2, 25, 1600, ["Chiitoitsu"]),
    # sanshoku + junchan (closed): mangan
    ("123m123p123s789m99p win:9p seat:S", 5, 40, 8000, ["Sanshoku doujun", "Junchan"]),
    # ittsu + pinfu
    ("123456789m234p55s win:9m seat:S", 3, 30, 3900, ["Ittsu", "Pinfu"]),
    # chanta + round-wind triplet: 20 + 10 + closed honour triplet 8 + tanki 2
    ("123m789p789s111z99m win:9m seat:S", 3, 40, 5200, ["Chanta", "Yakuhai: round wind"]),
    # shousangen with its two dragon triplets, honitsu: haneman
    ("555z666z77z123m456m win:4m seat:S", 7, 50, 12000,
     ["Shousangen", "Yakuhai: white dragon", "Yakuhai: green dragon", "Honitsu"]),
    # the ron on the shanpon opens 555z: toitoi + sanankou + haku, 50 fu, mangan
    ("111m222p333s44z555z win:5z seat:S", 5, 50, 8000, ["Toitoi", "Sanankou", "Yakuhai: white dragon"]),
    # 22334455667788p: the pinfu reading (22 + 345 345 678 678) beats ryanpeikou tanki and seven pairs
    ("22334455667788p win:8p seat:S", 11, 30, 24000, ["Tanyao", "Pinfu", "Ryanpeikou", "Chinitsu"]),
    # 111222333m: three concealed triplets beat three identical runs
    ("111222333m456p77s win:3m tsumo seat:S", 3, 40, 5200, ["Menzen tsumo", "Sanankou"]),
    # double wind pair (East round, East seat): 4 fu; dealer ron 1 han 40 fu = 2,000
    ("123m456p789s11z555z win:5z", 1, 40, 2000, ["Yakuhai: white dragon"]),
    # a double wind triplet counts twice
    ("123m456p789s111z22z win:2z", 2, 40, 3900, ["Yakuhai: seat wind", "Yakuhai: round wind"]),
    # chankan: 1 han, 20 + 10 + value pair (East round) 2 = 32 -> 40
    ("123m456p789s11z456s win:6s chankan seat:S", 1, 40, 1300, ["Chankan"]),
    # haitei, houtei, rinshan
    ("123m456p789s55m123s win:1s seat:S tsumo haitei", 3, 20, 2700, ["Pinfu", "Menzen tsumo", "Haitei"]),
    ("123m456p789s55m123s win:1s seat:S houtei", 2, 30, 2000, ["Pinfu", "Houtei"]),
    ("123m456p11s123s kan:9*999m@R win:1s seat:S tsumo rinshan", 1, 40, 1500, ["Rinshan kaihou"]),
    # double riichi + ippatsu + menzen tsumo + pinfu + tanyao: haneman tsumo 3,000 / 6,000
    ("234m456p678s55m234s win:2s seat:S tsumo double-riichi ippatsu", 6, 20, 12000,
     ["Double riichi", "Ippatsu", "Menzen tsumo", "Pinfu", "Tanyao"]),
    # sankantsu: open terminal kan 16, closed simple kan 16, open honour kan 16, tanki 2 = 70
    ("345m22s kan:9*999m@R ankan:0555p kan:7*777z@A win:2s seat:S", 4, 70, 8000,
     ["Sankantsu", "Yakuhai: red dragon", "Red fives"]),
    # open chinitsu is 5 han: 20 + closed 111p 8 + closed 222p 4 + open 444p 2 + tanki 2 = 36 -> 40
    ("11122233p789p pon:4*44p@L win:3p seat:S", 5, 40, 8000, ["Chinitsu"]),
    # honroutou + toitoi + sanankou + chun; the ron opens 999s: 20+10+8+8+4+8 = 58 -> 60
    ("111m999p11s999s777z win:9s seat:S", 7, 60, 12000,
     ["Toitoi", "Honroutou", "Yakuhai: red dragon", "Sanankou"]),
])
def test_hand_checked(text, han, fu, total, yaku):
    check(text, han, fu, total, yaku)


@pytest.mark.parametrize("text, total, yakuman, names, rules", [
    ("19m19p19s1234567z1m win:9m seat:S", 32000, 1, ["Kokushi musou"], "tenhou"),
    ("19m19p19s1234567z1m win:1m seat:S", 32000, 1, ["Kokushi musou 13-sided wait"], "tenhou"),
    ("19m19p19s1234567z1m win:1m seat:S", 64000, 2, ["Kokushi musou 13-sided wait"], "majsoul"),
    ("111m222p333s44z555z win:5z seat:S tsumo", 32000, 1, ["Suuankou"], "tenhou"),
    ("111m222p333s555z44z win:4z seat:S", 32000, 1, ["Suuankou tanki"], "tenhou"),
    ("111m222p333s555z44z win:4z seat:S", 64000, 2, ["Suuankou tanki"], "majsoul"),
    ("555z666z777z123m44p win:4p seat:S", 32000, 1, ["Daisangen"], "tenhou"),
    ("111z222z333z44z123m win:3m seat:S", 32000, 1, ["Shousuushii"], "tenhou"),
    ("111z222z333z55m pon:4*44z@A win:5m seat:S", 32000, 1, ["Daisuushii"], "tenhou"),
    ("111z222z333z55m pon:4*44z@A win:5m seat:S", 64000, 2, ["Daisuushii"], "majsoul"),
    ("111z222z333z555z77z win:5z seat:S", 32000, 1, ["Tsuuiisou"], "tenhou"),
    ("111m999m111p999p11s win:9p seat:S", 32000, 1, ["Chinroutou"], "tenhou"),
    ("22334466888s666z win:6z seat:S", 32000, 1, ["Ryuuiisou"], "tenhou"),
    ("11123455678999m win:1m seat:S", 32000, 1, ["Chuuren poutou"], "majsoul"),
    ("11123455678999m win:5m seat:S", 32000, 1, ["Junsei chuuren poutou"], "tenhou"),
    ("11123455678999m win:5m seat:S", 64000, 2, ["Junsei chuuren poutou"], "majsoul"),
    ("11m kan:2*222m@L ankan:4444p kakan:6*666s@A kan:7*777z@R win:1m seat:S", 32000, 1,
     ["Suukantsu"], "tenhou"),
    ("123m456p789s11z456s win:6s tsumo tenhou", 48000, 1, ["Tenhou"], "tenhou"),
    ("123m456p789s11z456s win:6s tsumo chiihou seat:W", 32000, 1, ["Chiihou"], "tenhou"),
    # suuankou ties a 14-han kazoe reading (chinitsu, three identical runs, dora) on points: named yakuman
    ("11333055666777s dora:9s6s seat:W win:5s tsumo", 32000, 1, ["Suuankou"], "tenhou"),
    # several yakuman stack: tsuuiisou + daisuushii + suuankou tanki
    ("111z222z333z444z55z win:5z seat:S", 96000, 3, ["Tsuuiisou", "Daisuushii", "Suuankou tanki"], "tenhou"),
])
def test_yakuman(text, total, yakuman, names, rules):
    s = score(text, rules)
    assert (s.total, s.yakuman, s.limit) == (total, yakuman, "yakuman"), s.summary()
    assert sorted(y.name for y in s.yaku) == sorted(names)
    assert s.han == 13 * yakuman


def test_limits_kiriage_and_kazoe():
    # 4 han 30 fu: 7,700 without kiriage, 8,000 with it
    text = "234m456p678s55m234s win:2s seat:S riichi dora:1s"        # riichi pinfu tanyao + 1 dora
    assert check(text, 4, 30, 7700).limit == ""
    assert score(text, Rules(kiriage=True)).total == 8000
    # 13 han without yakuman: kazoe yakuman, or sanbaiman when kazoe is off
    text = "11223344556677p win:7p seat:S tsumo riichi ippatsu dora:6p"   # chinitsu chiitoi, 2 dora
    s = score(text)
    assert s.han >= 13 and s.limit == "kazoe yakuman" and s.yakuman == 0 and s.total == 32000
    assert score(text, Rules(kazoe=False)).total == 24000


def test_payments_honba_and_sticks():
    # non-dealer tsumo 2 han 20 fu: 700 from the dealer, 400 from each other player
    s = score("123m456p789s55m123s win:1s seat:S tsumo honba:2 sticks:1")
    assert s.payments == {"dealer": 700, "non_dealer": 400} and s.total == 1500
    assert s.received == 1500 + 2 * 300 + 1000
    assert s.points() == "tsumo 400-700"
    # dealer ron 2 han 25 fu: 2,400
    s = score("1122m3344p5566s77z win:7z ron honba:1")
    assert s.payments == {"ron": 2400} and s.received == 2700
    # dealer tsumo 1 han 30 fu... with pinfu: 2 han 20 fu, 700 all
    s = score("123m456p789s55m123s win:1s tsumo")
    assert s.payments == {"non_dealer": 700} and s.total == 2100 and s.points() == "tsumo 700 all"


def test_dora_ura_and_red_fives():
    # riichi + pinfu; dora indicator 4m -> 5m: the red 5m is a dora and a red five; ura 9s -> 1s: none
    s = check("340m456p789s55p678s win:8s seat:S riichi dora:4m ura:9s", 4, 30, 7700,
              ["Riichi", "Pinfu", "Dora", "Red fives"])
    # ura 7s -> 8s: the hand holds two 8s, two more han: haneman
    s = check("340m456p789s55p678s win:8s seat:S riichi dora:4m ura:7s", 6, 30, 12000,
              ["Riichi", "Pinfu", "Dora", "Red fives", "Ura dora"])
    # red fives off: no red dora
    s2 = score("340m456p789s55p678s win:8s seat:S riichi dora:4m ura:7s", Rules(red_fives=False))
    assert s2.han == s.han - 1
    # ura without riichi is not counted
    s3 = score("340m456p789s55p678s win:8s seat:S dora:4m ura:7s")
    assert "Ura dora" not in {y.name for y in s3.yaku}


def test_no_yaku_is_not_an_error():
    s = score("123m456p789s22z chi:4*56s@L win:2z seat:W dora:1m")
    assert (s.han, s.total, s.yaku) == (0, 0, ())
    assert "no yaku" in s.reason()
    assert not s.wins


@pytest.mark.parametrize("text, words", [
    ("123m456p789s22z45s win:2z", "14 tiles"),
    ("123m456p789s22z457s win:2z", "not a complete hand"),
    ("123m456p789s22z456s win:1z", "winning tile"),
    ("123m456p789s22z456s", "win:"),
    ("123m456p789s22z456s win:2z tsumo houtei", "houtei"),
    ("123m456p789s22z456s win:2z haitei", "haitei"),
    ("123m456p789s22z456s win:2z ippatsu", "ippatsu"),
    ("123m456p789s22z chi:4*56s@L win:2z riichi", "closed"),
    ("123m456p789s22z456s win:2z riichi double-riichi", "double-riichi"),
    ("123m456p789s22z456s win:2z tsumo rinshan", "kan"),
    ("123m456p789s22z456s win:2z chankan", "fourth copy"),
    ("123m456p789s22z456s win:6s tsumo chankan", "chankan"),
    ("123m456p789s22z456s win:6s tsumo tenhou seat:S", "tenhou"),
    ("123m456p789s22z45s", "win:"),
])
def test_errors_name_the_problem(text, words):
    with pytest.raises(ValueError) as err:     # ScoringError, or TileError from the text form
        score(text)
    assert words in str(err.value)


def test_text_form_round_trips():
    text = "88m667799p4455s33z dora:4p1z round:E seat:E win:3z riichi ippatsu ura:9p1s honba:2 sticks:1"
    hand = Hand.parse(text)
    assert Hand.parse(str(hand)) == hand
    assert hand.win.honba == 2 and hand.win.sticks == 1 and "ippatsu" in hand.win.flags


def test_score_tile_values_each_wait():
    hand = Hand.parse("23m456p789s55m123s seat:S")
    ron = score_tile(hand, 0, tsumo=False)           # 1m: pinfu only
    assert ron.total == 1000
    assert score_tile(hand, 3, tsumo=False, riichi=1).han == 2
    assert score_tile(hand, 8, tsumo=False) is None  # 9m does not complete it


def test_batch_matches_single_scores():
    rng = random.Random(7)
    hands = [random_win(rng) for _ in range(300)]
    wins = np.frombuffer(b"".join(pack(h) for h in hands), dtype=core.WIN_DTYPE)
    out = score_batch(wins)
    for i, h in enumerate(hands):
        s = score(h)
        assert out["status"][i] == (1 if s.wins else 0)
        assert (out["han"][i], out["fu"][i], out["total"][i]) == (s.han, s.fu, s.total)


def test_the_fast_entry_answers_as_the_struct_path():
    # core.score_packed (a C builtin building the fields) against cffi + SCORE_STRUCT.unpack
    rng = random.Random(11)
    for _ in range(3000):
        packed = pack(random_win(rng))
        for rules in (PRESETS["tenhou"].flags, PRESETS["majsoul"].flags, 0, lib.MJ_RULES_ALL, 64, -1):
            assert core.score_packed(packed, rules) == core._score_packed_cffi(packed, rules)
    raw = np.random.default_rng(5).integers(0, 256, size=(2000, core.WIN_STRUCT.size), dtype=np.uint8)
    for row in raw:
        assert core.score_packed(row.tobytes(), 19) == core._score_packed_cffi(row.tobytes(), 19)
    for bad in (b"", bytes(core.WIN_STRUCT.size + 1), bytearray(core.WIN_STRUCT.size), "text"):
        with pytest.raises(HandError, match="packed win"):
            core.score_packed(bad, 19)
    with pytest.raises(HandError, match="rules"):
        core.score_packed(bytes(core.WIN_STRUCT.size), 1.5)


def test_yaku_are_listed_in_the_order_of_their_ids():
    # a pon of red dragons before a concealed white-dragon triplet: still white, then red
    s = score("123m456p55s555z pon:7*77z@L win:5s seat:S")
    assert [y.name for y in s.yaku] == ["Yakuhai: white dragon", "Yakuhai: red dragon"]
    s = score("234m567p345s99s678s win:8s tsumo riichi")
    assert [y.name for y in s.yaku] == ["Riichi", "Menzen tsumo", "Pinfu"]
    rng = random.Random(12)
    for _ in range(2000):
        s = score(random_win(rng))
        ids = [y.id for y in s.yaku if not y.is_dora]
        assert ids == sorted(ids)


def test_the_core_rejects_hostile_structs():
    rng = np.random.default_rng(3)
    raw = rng.integers(0, 256, size=(5000, core.WIN_DTYPE.itemsize), dtype=np.uint8)
    wins = raw.view(core.WIN_DTYPE).reshape(-1)
    out = score_batch(wins)
    assert (out["status"] < 0).all()      # random bytes are never a valid win


pytestmark_oracle = pytest.mark.skipif(HandCalculator is None, reason="the mahjong package is not installed")


@pytestmark_oracle
@pytest.mark.parametrize("seed, rules", [(1, "tenhou"), (2, "tenhou"), (3, "majsoul")])
def test_random_wins_match_the_mahjong_package(seed, rules):
    rng = random.Random(seed)
    for _ in range(1500):
        problem = mismatch(random_win(rng), rules)
        assert problem is None, problem