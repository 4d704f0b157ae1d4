"""Tests of mjgui.waits: wait details (待ち) of tenpai 13-tile hands.

Every example below was worked out by hand; the comment next to it gives the
completed hand(s).  The random cross-checks at the end rebuild every winning form
and compare the placements with a small pure-Python decomposer that shares no
code with the C core.  Everything is deterministic (seeded random).

Kind indices: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z.
"""
from __future__ import annotations

import dataclasses
import os
import random
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from mjgui import core  # noqa: E402
from mjgui.core import Block as CM, HandError  # noqa: E402
from mjgui.hand import Hand, Meld, MeldKind  # noqa: E402
from mjgui.tiles import KIND_NAMES, YAOCHU_KINDS, Tile, kind_of  # noqa: E402
from mjgui.waits import (SHAPES, WaitReport, WinningForm, shape_label,  # noqa: E402
                         wait_details)

K = kind_of            # "5m" -> 4


def run(name: str) -> CM:
    return CM(K(name), True)


def trip(name: str) -> CM:
    return CM(K(name), False)


def summary(report: WaitReport) -> dict[str, tuple[tuple[str, ...], int]]:
    """{wait name: (shapes, remaining)}."""
    return {w.name: (w.shapes, w.remaining) for w in report.waits}


def regular(pair: str, melds, block, shape) -> WinningForm:
    return WinningForm("regular", K(pair), tuple(sorted(melds)),
                       tuple(K(b) for b in block), shape)


# --- single shapes -------------------------------------------------------------------

def test_ryanmen():
    # 23m 456p 789s 11z 555z: 23m waits 1m (123m) or 4m (234m), pair 11z.
    r = wait_details(Hand.parse("23m456p789s11z555z"))
    assert r.tenpai and r.shanten == 0
    assert summary(r) == {"1m": (("ryanmen",), 4), "4m": (("ryanmen",), 4)}
    assert r.kinds == (0, 3) and r.total_remaining == 8
    assert not r.karaten and not r.furiten and r.reasons() == [] and r.reasons("ja") == []
    assert r.karaten_reason == "" and r.furiten_reason == ""
    one, four = r.waits
    rest = [run("4p"), run("7s"), trip("5z")]
    assert one.forms == (regular("1z", [run("1m")] + rest, ["2m", "3m"], "ryanmen"),)
    assert four.forms == (regular("1z", [run("2m")] + rest, ["2m", "3m"], "ryanmen"),)
    assert one.label() == "ryanmen" and one.label("ja") == "両面"
    assert one.name == "1m" and r.wait(K("4m")) is four and r.wait(K("5m")) is None


def test_ryanmen_at_the_edge_is_not_penchan():
    # 78m waits 6m (678m) and 9m (789m): 9m completes 789 but the held 78 is a ryanmen.
    r = wait_details(Hand.parse("78m456p789s11z555z"))
    assert summary(r) == {"6m": (("ryanmen",), 4), "9m": (("ryanmen",), 4)}
    # 34m waits 2m and 5m; 2m completes 234 (not 123): ryanmen too.
    r = wait_details(Hand.parse("34m456p789s11z555z"))
    assert summary(r) == {"2m": (("ryanmen",), 4), "5m": (("ryanmen",), 4)}


def test_kanchan():
    # 13m waits only 2m, the middle of 123m.
    r = wait_details(Hand.parse("13m456p789s11z555z"))
    assert summary(r) == {"2m": (("kanchan",), 4)}
    (form,) = r.waits[0].forms
    assert form.waiting_block == (0, 2) and form.shape == "kanchan"
    assert r.waits[0].label("ja") == "嵌張"


def test_penchan():
    # 12m waits only 3m (123m); 89m waits only 7m (789m).
    r = wait_details(Hand.parse("12m456p789s11z555z"))
    assert summary(r) == {"3m": (("penchan",), 4)}
    assert r.waits[0].forms[0].waiting_block == (0, 1)
    r = wait_details(Hand.parse("89p456m789s11z555z"))
    assert summary(r) == {"7p": (("penchan",), 4)}
    assert r.waits[0].forms[0].waiting_block == (16, 17)
    assert r.waits[0].label("ja") == "辺張"


def test_shanpon():
    # Pairs 55m and 11z: 5m makes 555m with pair 11z, 1z makes 111z with pair 55m.
    r = wait_details(Hand.parse("55m456p789s11z555z"))
    # 5m: 4 - 2 held = 2 left; 1z: 2 left.
    assert summary(r) == {"5m": (("shanpon",), 2), "1z": (("shanpon",), 2)}
    five, east = r.waits
    rest = [run("4p"), run("7s"), trip("5z")]
    assert five.forms == (regular("1z", [trip("5m")] + rest, ["5m", "5m"], "shanpon"),)
    assert east.forms == (regular("5m", [trip("1z")] + rest, ["1z", "1z"], "shanpon"),)
    assert r.total_remaining == 4 and five.label("ja") == "双碰"


def test_tanki():
    # 1m alone with four melds: only 1m (pair 11m); three 1m are left.
    r = wait_details(Hand.parse("1m456p789s111z555z"))
    assert summary(r) == {"1m": (("tanki",), 3)}
    assert r.waits[0].forms == (
        regular("1m", [run("4p"), run("7s"), trip("1z"), trip("5z")], ["1m"], "tanki"),)
    # an honour tanki
    r = wait_details(Hand.parse("456m456p789s111z7z"))
    assert summary(r) == {"7z": (("tanki",), 3)}
    assert r.waits[0].label("ja") == "単騎"


def test_nobetan_with_open_melds():
    # 2345m + chi 123p, pon 5z, pon 7z: 2m (22m + 345m) or 5m (234m + 55m), each a
    # tanki next to a run: the nobetan (延べ単).  Open melds are not in the forms.
    r = wait_details(Hand.parse("2345m chi:1*23p pon:5*55z@R pon:7*77z@A"))
    assert summary(r) == {"2m": (("nobetan",), 3), "5m": (("nobetan",), 3)}
    two, five = r.waits
    assert two.forms == (regular("2m", [run("3m")], ["2m"], "nobetan"),)
    assert five.forms == (regular("5m", [run("2m")], ["5m"], "nobetan"),)
    assert two.label("ja") == "延べ単"


def test_nobetan_closed_and_long():
    # 1234567m + 789s + 111z: 1m (11 + 234 + 567), 4m (123 + 44 + 567), 7m (123 + 456 + 77):
    # each pair sits next to a run of the three tiles beside it.
    r = wait_details(Hand.parse("1234567m789s111z"))
    assert summary(r) == {"1m": (("nobetan",), 3), "4m": (("nobetan",), 3),
                          "7m": (("nobetan",), 3)}


def test_two_shapes_on_one_tile_ryanmen_and_tanki():
    # 2344m 456p 789s 111z:
    #   1m: 123m + 44m pair               -> ryanmen (held 23m)
    #   4m: 234m + 44m pair, and 4m may be the tile that joined 23m (ryanmen) or
    #       the tile that joined the single 4m (tanki, held 234m + 4m)
    r = wait_details(Hand.parse("2344m456p789s111z"))
    assert summary(r) == {"1m": (("ryanmen",), 4), "4m": (("ryanmen", "tanki"), 2)}
    four = r.wait(K("4m"))
    melds = [run("2m"), run("4p"), run("7s"), trip("1z")]
    assert four.forms == (regular("4m", melds, ["2m", "3m"], "ryanmen"),
                          regular("4m", melds, ["4m"], "tanki"))
    assert four.label() == "ryanmen + tanki" and four.label("ja") == "両面 + 単騎"


def test_two_shapes_on_one_tile_ryanmen_and_shanpon():
    # 23444m 456p 789s 11z:
    #   1m: 123m + 444m, pair 11z        -> ryanmen
    #   4m: 234m + 444m, pair 11z: 4m joined 23m (ryanmen) or the pair 44m (shanpon)
    #   1z: 234m + 44m pair + 111z       -> shanpon
    #   2m, 3m, 5m, 6m: no split of 23444m + that tile into melds (+ pair)
    r = wait_details(Hand.parse("23444m456p789s11z"))
    assert summary(r) == {"1m": (("ryanmen",), 4), "4m": (("ryanmen", "shanpon"), 1),
                          "1z": (("shanpon",), 2)}
    assert r.total_remaining == 7
    four = r.wait(K("4m"))
    melds = [run("2m"), trip("4m"), run("4p"), run("7s")]
    assert four.forms == (regular("1z", melds, ["2m", "3m"], "ryanmen"),
                          regular("1z", melds, ["4m", "4m"], "shanpon"))
    assert four.label("ja") == "両面 + 双碰"


def test_nine_gates():
    # 1112345678999m (九蓮宝燈) waits on all nine; each completed hand by hand:
    #   1m: 111 123 456 789 + 99   -> 1m in 111 (shanpon with 99) or in 123 (ryanmen, held 23)
    #   2m: 111 22 345 678 999     -> tanki on 2m next to 345: nobetan (2345m)
    #   3m: 11 123 345 678 999     -> in 123 (penchan, held 12) or 345 (ryanmen, held 45)
    #   4m: 111 234 456 789 99     -> in 234 (held 23) or 456 (held 56): ryanmen both
    #   5m: 111 234 55 678 999     -> nobetan (2345m / 5678m)
    #   6m: 11 123 456 678 999     -> in 456 (held 45) or 678 (held 78): ryanmen
    #   7m: 111 234 567 789 99     -> in 567 (ryanmen, held 56) or 789 (penchan, held 89)
    #   8m: 111 234 567 88 999     -> nobetan (5678m)
    #   9m: 11 123 456 789 999     -> in 789 (ryanmen, held 78) or 999 (shanpon with 11)
    # 1m and 9m: 3 held, 1 left; the others: 1 held, 3 left.
    r = wait_details(Hand.parse("1112345678999m"))
    assert summary(r) == {
        "1m": (("ryanmen", "shanpon"), 1), "2m": (("nobetan",), 3),
        "3m": (("ryanmen", "penchan"), 3), "4m": (("ryanmen",), 3),
        "5m": (("nobetan",), 3), "6m": (("ryanmen",), 3),
        "7m": (("ryanmen", "penchan"), 3), "8m": (("nobetan",), 3),
        "9m": (("ryanmen", "shanpon"), 1),
    }
    assert r.total_remaining == 23
    # 4m joins either 23m or 56m of the same completed hand: two placements
    four = r.wait(K("4m"))
    melds = [trip("1m"), run("2m"), run("4m"), run("7m")]
    assert four.forms == (regular("9m", melds, ["2m", "3m"], "ryanmen"),
                          regular("9m", melds, ["5m", "6m"], "ryanmen"))
    three = r.wait(K("3m"))
    assert {f.waiting_block for f in three.forms} == {(0, 1), (3, 4)}


# --- seven pairs and thirteen orphans ----------------------------------------------------

def test_chiitoi_tanki():
    # Six pairs + 1z: only seven pairs completes (no melds in 2233m 4455p 6677s).
    r = wait_details(Hand.parse("2233m4455p6677s1z"))
    assert summary(r) == {"1z": (("chiitoi",), 3)}
    (form,) = r.waits[0].forms
    assert form == WinningForm("chiitoi", 27, (), (27,), "tanki", (1, 2, 12, 13, 23, 24, 27))
    assert r.waits[0].label("ja") == "七対子"


def test_chiitoi_and_regular_on_the_same_tile():
    # 112233m 556677p 1z: 123m 123m 567p 567p + 11z (regular tanki) and also seven pairs.
    r = wait_details(Hand.parse("112233m556677p1z"))
    assert summary(r) == {"1z": (("tanki", "chiitoi"), 3)}
    assert [f.form for f in r.waits[0].forms] == ["regular", "chiitoi"]
    assert r.waits[0].label() == "tanki + chiitoi"


def test_kokushi_thirteen_sided():
    # One of each terminal/honour: any of the 13 completes (国士無双十三面).
    r = wait_details(Hand.parse("19m19p19s1234567z"))
    assert r.kinds == YAOCHU_KINDS
    assert all(w.shapes == ("kokushi",) and w.remaining == 3 for w in r.waits)
    assert r.total_remaining == 39
    for w in r.waits:
        assert w.forms == (WinningForm("kokushi", w.kind, (), (w.kind,), "kokushi"),)
    assert r.waits[0].label("ja") == "国士無双"


def test_kokushi_single_wait():
    # 6z paired, 7z missing: only 7z (4 left); it joins no held tile.
    r = wait_details(Hand.parse("19m19p19s1234566z"))
    assert summary(r) == {"7z": (("kokushi",), 4)}
    assert r.waits[0].forms == (WinningForm("kokushi", K("6z"), (), (), "kokushi"),)


# --- open melds, remaining copies ------------------------------------------------------

def test_open_melds_kanchan():
    # 4677p + chi 123m, pon 999s, kan 1z: 77p pair + 46p waiting 5p (kanchan).
    r = wait_details(Hand.parse("4677p chi:1*23m pon:9*99s@A kan:1*111z@R"))
    assert summary(r) == {"5p": (("kanchan",), 4)}
    assert r.waits[0].forms == (regular("7p", [run("4p")], ["4p", "6p"], "kanchan"),)


def test_remaining_counts_melds():
    # 55m 77p shanpon + chi 456m: 5m has 2 concealed + 1 in the chi -> 1 left; 7p 2 left.
    r = wait_details(Hand.parse("55m77p chi:4*56m@L pon:1*11z@A pon:5*55z@R"))
    assert summary(r) == {"5m": (("shanpon",), 1), "7p": (("shanpon",), 2)}
    assert r.total_remaining == 3


def test_red_fives_are_fives():
    # 13m + 4 0 6m (0m = red 5m, so 456m is a run): only 2m (123m + 456m), kanchan.
    r = wait_details(Hand.parse("13m406m789s11z555z"))
    assert summary(r) == {"2m": (("kanchan",), 4)}
    # a red five discarded makes 5m furiten
    r = wait_details(Hand.parse("46m456p789s11z555z discards:0m"))
    assert summary(r) == {"5m": (("kanchan",), 3)}
    assert r.furiten and r.furiten_kinds == (4,)


# --- karaten, furiten, fifth tiles --------------------------------------------------------

def test_karaten_single_wait():
    # 13m kanchan on 2m with all four 2m visible (three on the table, one dora indicator).
    r = wait_details(Hand.parse("13m456p789s11z555z visible:222m dora:2m"))
    assert r.tenpai and r.kinds == (1,)
    assert r.total_remaining == 0 and r.karaten
    assert r.karaten_reason == "karaten: every winning tile is already used (2m: 0 left)"
    assert r.reasons() == [r.karaten_reason]
    (ja,) = r.reasons("ja")
    assert "空聴" in ja and "2m" in ja and "0" in ja


def test_karaten_two_waits_and_not_karaten_with_one_left():
    r = wait_details(Hand.parse("23m456p789s11z555z visible:1111m444m dora:4m"))
    assert r.karaten
    assert r.karaten_reason == ("karaten: every winning tile is already used "
                                "(1m: 0 left, 4m: 0 left)")
    r = wait_details(Hand.parse("23m456p789s11z555z visible:1111m44m dora:4m"))
    assert not r.karaten and r.total_remaining == 1 and r.karaten_reason == ""


def test_karaten_tanki_on_own_tiles():
    # 1m tanki; the other three 1m are visible: karaten, still tenpai
    r = wait_details(Hand.parse("1m456p789s111z555z visible:111m"))
    assert r.tenpai and r.karaten and summary(r) == {"1m": (("tanki",), 0)}


def test_furiten():
    r = wait_details(Hand.parse("23m456p789s11z555z discards:4m9p"))
    assert r.furiten and r.furiten_kinds == (3,)
    assert r.furiten_reason == ("furiten: you discarded 4m, one of your waits: you cannot "
                                "win on a discard (ron), only by self-draw (tsumo)")
    assert r.reasons() == [r.furiten_reason]
    (ja,) = r.reasons("ja")
    assert "振聴" in ja and "4m" in ja and "ロン" in ja and "ツモ" in ja
    # discarded tiles that are not waits: no furiten (4m still has 3 left)
    r = wait_details(Hand.parse("23m456p789s11z555z discards:9p5m"))
    assert not r.furiten and r.furiten_reason == "" and r.furiten_kinds == ()
    # both waits discarded
    r = wait_details(Hand.parse("23m456p789s11z555z discards:1m4m"))
    assert r.furiten_kinds == (0, 3)
    assert r.furiten_reason.startswith("furiten: you discarded 1m and 4m, which are among")


def test_karaten_and_furiten_together():
    r = wait_details(Hand.parse("13m456p789s11z555z visible:22m dora:2m discards:2m"))
    assert r.karaten and r.furiten
    assert r.reasons() == [r.karaten_reason, r.furiten_reason]
    assert len(r.reasons("ja")) == 2


def test_kind_held_four_times_is_never_a_wait():
    # 1111m + three melds: the only "wait" would be a fifth 1m: 1-shanten (core).
    r = wait_details(Hand.parse("1111m234p567s789s"))
    assert not r.tenpai and r.shanten == 1 and r.waits == () and r.fifth_tile == ()
    # 44445m 456p 789s 11z: 45m waits 3m (345m + 444m) and 6m (444m + 456m); 4m is
    # held four times and never listed.
    r = wait_details(Hand.parse("44445m456p789s11z"))
    assert summary(r) == {"3m": (("ryanmen",), 4), "6m": (("ryanmen",), 4)}


def test_fifth_tile_counting_melds_is_dropped():
    # 1m tanki beside pon 111m: the wait would be a fifth 1m -> not tenpai. One exchange
    # (discard 1m, draw e.g. 2z) makes a real tanki, so 1-shanten.
    r = wait_details(Hand.parse("1m pon:1*11m@R chi:2*34p chi:5*67s chi:7*89s"))
    assert not r.tenpai and r.shanten == 1 and r.waits == ()
    assert r.fifth_tile == (0,) and not r.karaten and not r.furiten
    (note,) = r.reasons()
    assert "1m" in note and "fifth" in note
    assert "5枚目" in r.reasons("ja")[0]
    # 2344m + chi 345m + chi 456m: four 4m between the hand and the chis, so of the
    # core's waits 1m/4m only 1m is left.
    r = wait_details(Hand.parse("2344m chi:3*45m@L chi:4*56m@L pon:1*11z@R"))
    assert r.tenpai and summary(r) == {"1m": (("ryanmen",), 4)}
    assert r.fifth_tile == (3,)
    # 3344m + chi 234m + chi 345m: shanpon 3m/4m, both fifth tiles -> not tenpai.
    r = wait_details(Hand.parse("3344m chi:2*34m@L chi:3*45m@L pon:1*11z@R"))
    assert not r.tenpai and r.shanten == 1 and r.fifth_tile == (2, 3)


def test_not_tenpai():
    r = wait_details(Hand.parse("147m258p369s1234z"))
    assert not r.tenpai and r.waits == () and r.total_remaining == 0
    assert r.shanten == core.shanten(Hand.parse("147m258p369s1234z").counts) > 0
    assert not r.karaten and not r.furiten and r.reasons() == []


# --- API details -----------------------------------------------------------------------

def test_wrong_sizes_raise_value_errors():
    with pytest.raises(HandError, match="14"):
        wait_details(Hand.parse("23m456p789s11z555z1m"))
    with pytest.raises(ValueError, match="13-tile"):
        wait_details(Hand.parse("23m456p789s11z"))
    with pytest.raises(ValueError):
        wait_details(Hand.parse("2345m chi:1*23p pon:5*55z@R"))
    with pytest.raises(TypeError):
        wait_details([1, 2, 3])


def test_text_input_and_frozen():
    r = wait_details("23m456p789s11z555z")
    assert r == wait_details(Hand.parse("23m456p789s11z555z"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.shanten = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.waits[0].kind = 5  # type: ignore[misc]


def test_labels():
    assert [shape_label(s, "ja") for s in SHAPES] == [
        "両面", "嵌張", "辺張", "双碰", "単騎", "延べ単", "七対子", "国士無双"]
    assert [shape_label(s) for s in SHAPES] == list(SHAPES)
    with pytest.raises(ValueError):
        shape_label("ryanmen", "fr")
    with pytest.raises(ValueError):
        shape_label("sanmenchan")
    with pytest.raises(ValueError):
        wait_details("23m456p789s11z555z").reasons("de")


def test_fast():
    hand = Hand.parse("1112345678999m")       # nine waits, 18 placements
    wait_details(hand)
    n = 200
    start = time.perf_counter()
    for _ in range(n):
        wait_details(hand)
    assert (time.perf_counter() - start) / n < 1e-3


# --- independent cross-check ----------------------------------------------------------------

def py_decompositions(c: list[int], need_pair: bool = True):
    """Every split of counts c into melds and (if need_pair) one pair, by plain
    recursion; yields (pair, sorted melds as (kind, is_run))."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        if not need_pair:
            yield None, ()
        return
    if c[i] >= 3:
        c[i] -= 3
        for pair, melds in py_decompositions(c, need_pair):
            yield pair, tuple(sorted(melds + ((i, False),)))
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        for pair, melds in py_decompositions(c, need_pair):
            yield pair, tuple(sorted(melds + ((i, True),)))
        for k in (i, i + 1, i + 2):
            c[k] += 1
    if need_pair and c[i] >= 2:
        c[i] -= 2
        for _, melds in py_decompositions(c, False):
            yield i, melds
        c[i] += 2


def taatsu_shape(block: tuple[int, ...], t: int, melds) -> str:
    """Shape from the held block alone (the textbook taatsu definition)."""
    if len(block) == 1:
        nobetan = t < 27 and ((t % 9 <= 5 and (t + 1, True) in melds)
                              or (t % 9 >= 3 and (t - 3, True) in melds))
        return "nobetan" if nobetan else "tanki"
    a, b = block
    if a == b:
        return "shanpon"
    if b - a == 2:
        return "kanchan"
    assert b - a == 1
    return "penchan" if a % 9 == 0 and t == a + 2 or b % 9 == 8 and t == a - 1 else "ryanmen"


def py_placements(c: list[int], t: int) -> set:
    """(pair, melds, waiting_block, shape) of every placement of t in c + t."""
    c = list(c)
    c[t] += 1
    out = set()
    for pair, melds in set(py_decompositions(c)):
        blocks = [((pair, pair), (pair,))] if pair == t else []
        for kind, is_run in set(melds):
            tiles = (kind, kind + 1, kind + 2) if is_run else (kind,) * 3
            if t in tiles:
                held = list(tiles)
                held.remove(t)
                blocks.append((tiles, tuple(held)))
        for _, held in blocks:
            out.add((pair, melds, held, taatsu_shape(held, t, melds)))
    return out


def is_chiitoi(c):
    return sum(c) == 14 and sum(1 for n in c if n == 2) == 7 and max(c) == 2


def is_kokushi(c):
    return (sum(c) == 14 and all(c[k] for k in YAOCHU_KINDS)
            and sum(c[k] for k in YAOCHU_KINDS) == 14)


def random_complete(rng: random.Random, n_open: int):
    """A random complete hand: (concealed tile counts, open melds), at most 4 of a kind."""
    used = [0] * 34
    blocks = []
    while len(blocks) < 4:
        if rng.random() < 0.55:
            s = rng.randrange(3) * 9 + rng.randrange(7)
            kinds = (s, s + 1, s + 2)
        else:
            kinds = (rng.randrange(34),) * 3
        trial = list(used)
        for k in kinds:
            trial[k] += 1
        if max(trial) <= 4:
            used = trial
            blocks.append(kinds)
    while True:
        p = rng.randrange(34)
        if used[p] <= 2:
            used[p] += 2
            break
    melds = []
    for kinds in blocks[:n_open]:
        if kinds[0] == kinds[1]:
            tiles = tuple(Tile(k) for k in kinds)
            melds.append(Meld(MeldKind.PON, tiles, tiles[0], "A"))
        else:
            tiles = tuple(Tile(k) for k in kinds)
            melds.append(Meld(MeldKind.CHI, tiles, tiles[0], "L"))
    concealed = [0] * 34
    for kinds in blocks[n_open:]:
        for k in kinds:
            concealed[k] += 1
    concealed[p] += 2
    return concealed, melds


def tiles_of(c):
    return [Tile(k) for k in range(34) for _ in range(c[k])]


def check_report(hand: Hand):
    c = list(hand.counts)
    r = wait_details(hand)
    in_melds = [0] * 34
    for m in hand.melds:
        for t in m.tiles:
            in_melds[t.kind] += 1
    allowed = [t for t in range(34) if c[t] + in_melds[t] < 4]
    core_waits = core.waits(c)
    assert set(r.kinds) == {t for t in core_waits if t in allowed}
    assert set(r.fifth_tile) == {t for t in core_waits if t not in allowed}
    # the waits by the pure-Python definition
    expected = {}
    for t in allowed:
        places = py_placements(c, t)
        c2 = list(c)
        c2[t] += 1
        special = []
        if not hand.melds and is_chiitoi(c2):
            special.append("chiitoi")
        if not hand.melds and is_kokushi(c2):
            special.append("kokushi")
        if places or special:
            expected[t] = (places, special)
    assert set(expected) == set(r.kinds)
    remaining = hand.remaining()
    for w in r.waits:
        places, special = expected[w.kind]
        got = {(f.pair, f.melds, f.waiting_block, f.shape)
               for f in w.forms if f.form == "regular"}
        assert got == places, (str(hand), KIND_NAMES[w.kind])
        assert sorted(f.form for f in w.forms if f.form != "regular") == special
        assert w.remaining == remaining[w.kind]
        assert len(set(w.forms)) == len(w.forms)
        for f in w.forms:
            # every form rebuilds the completed concealed hand
            c2 = list(c)
            c2[w.kind] += 1
            assert f.counts() == c2
            # the waiting block is held, and the winning tile completes it
            held = list(c)
            for k in f.waiting_block:
                held[k] -= 1
            assert min(held) >= 0
        assert set(w.shapes) == {f.wait_label for f in w.forms}
        assert list(w.shapes) == sorted(w.shapes, key=SHAPES.index)
    assert r.total_remaining == sum(w.remaining for w in r.waits)
    assert r.karaten == (bool(r.waits) and r.total_remaining == 0)
    return r


@pytest.mark.parametrize("n_open", [0, 1, 2, 3, 4])
def test_random_tenpai_hands_against_python_decomposer(n_open):
    rng = random.Random(20240 + n_open)
    tenpai = 0
    for _ in range(120):
        concealed, melds = random_complete(rng, n_open)
        drop = rng.choice([k for k in range(34) if concealed[k]])
        concealed[drop] -= 1
        hand = Hand(tuple(tiles_of(concealed)), tuple(melds))
        r = check_report(hand)
        tenpai += r.tenpai
        if r.tenpai:
            # the dropped tile always wins again unless it would be a fifth copy
            assert drop in r.kinds or drop in r.fifth_tile
    assert tenpai >= 100


def test_random_chiitoi_and_kokushi_hands():
    rng = random.Random(7)
    for _ in range(150):
        pairs = rng.sample(range(34), 7)
        c = [0] * 34
        for k in pairs:
            c[k] = 2
        c[rng.choice(pairs)] -= 1
        r = check_report(Hand(tuple(tiles_of(c))))
        assert any(f.form == "chiitoi" for w in r.waits for f in w.forms)
    for _ in range(60):
        c = [0] * 34
        for k in YAOCHU_KINDS:
            c[k] = 1
        c[rng.choice(YAOCHU_KINDS)] += 1
        c[rng.choice([k for k in YAOCHU_KINDS if c[k]])] -= 1
        r = check_report(Hand(tuple(tiles_of(c))))
        assert r.waits and all(w.shapes == ("kokushi",) for w in r.waits)


def test_random_hands_with_visible_tiles_and_discards():
    rng = random.Random(99)
    for _ in range(150):
        concealed, melds = random_complete(rng, rng.randrange(3))
        concealed[rng.choice([k for k in range(34) if concealed[k]])] -= 1
        seen = list(concealed)
        for m in melds:
            for t in m.tiles:
                seen[t.kind] += 1
        free = [k for k in range(34) for _ in range(4 - seen[k])]
        rng.shuffle(free)
        visible, discards = free[:rng.randrange(12)], free[20:20 + rng.randrange(6)]
        hand = Hand(tuple(tiles_of(concealed)), tuple(melds),
                    visible=tuple(Tile(k) for k in visible),
                    discards=tuple(Tile(k) for k in discards))
        r = check_report(hand)
        furiten = tuple(t for t in r.kinds if t in set(discards))
        assert r.furiten_kinds == furiten and r.furiten == bool(furiten)
        assert (r.furiten_reason != "") == r.furiten
        assert (r.karaten_reason != "") == r.karaten
        assert len(r.reasons()) == len(r.reasons("ja"))
