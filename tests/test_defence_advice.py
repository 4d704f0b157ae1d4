"""What the Analyze page shows of the table (mjgui.defence.advice) and its words in both
languages (mjgui.defence.reason_words), on hands whose reasons were worked out by hand."""
from __future__ import annotations

import pytest

from mjgui.defence import published as pub
from mjgui.defence.advice import (BANDS, band, discard_danger, held_wait_dangers, push_fold_line,
                                  values_by_kind)
from mjgui.defence.calibration import RIICHI_FACTOR
from mjgui.defence.danger import danger
from mjgui.defence.pushfold import PushFold
from mjgui.defence.reason_words import (choice_name, danger_tip, hold_warning, push_fold_text, reason_text,
                                        seat_name, threats_line)
from mjgui.defence.values import Choice, TableValues
from mjgui.hand import Hand
from mjgui.tiles import Tile


def _k(name: str) -> int:
    return Tile.from_name(name).kind


# We sit South, so the left player is East (the dealer), across is North, right is West.  The
# left player declared riichi on 7z after 9m 1p 2z, then threw 3z; we hold three 6p and the
# player across threw the fourth.
NO_CHANCE = "4p666p123m789s11z23z seat:S L:9m1p2z7z*3z A:6p R:8m"


def test_bands_follow_the_published_rates():
    # below 3 %: genbutsu, honours, double suji; 3-7: suji, no-chance; 7-12: one-chance, half
    # suji, terminal-side tiles; 12 and up: a middle tile without suji
    assert BANDS == (0.03, 0.07, 0.12)
    assert [band(p) for p in (0.0, 0.0299, 0.03, 0.0699, 0.07, 0.1199, 0.12, 0.5)] == [0, 0, 1, 1, 2, 2, 3, 3]


def test_seats_are_named_by_their_wind_and_place():
    hand = Hand.parse(NO_CHANCE)
    assert [seat_name(hand, s) for s in "LAR"] == ["East (left)", "North (across)", "West (right)"]
    assert [seat_name(hand, s, "ja") for s in "LAR"] == ["東家（上家）", "北家（対面）", "西家（下家）"]


def test_a_no_chance_tile_names_the_wall():
    hand = Hand.parse(NO_CHANCE)
    d = danger(hand)
    why = d.by_seat["L"][_k("4p")].why
    # 1p is genbutsu: 23p cannot wait on 4p; 56p could, but all four 6p are seen
    assert why.chance == "no-chance" and why.walls == (_k("6p"),) and why.left == (0,) and why.rows == 5
    assert why.base == "half-suji 4/6 (outer safe)"
    assert reason_text(why, _k("4p")) == "no-chance: all four 6p seen, turn 5"
    assert reason_text(why, _k("4p"), "ja") == "ノーチャンス: 6pが4枚見え、5巡目"
    # the chance: the published half-suji rate at five discards, x the no-chance ratio, x the
    # calibration of a riichi (tenpai for sure)
    column = pub.COLUMNS.index("half-suji 4/6 (outer safe)")
    expected = pub.RIICHI_RATE[4][column] / 100 * pub.NO_CHANCE_FACTOR * RIICHI_FACTOR
    assert d.p(_k("4p"), "L") == pytest.approx(expected)


def test_a_one_chance_tile_says_how_many_are_seen():
    # as above with one 6p fewer in our hand: three seen, one unseen
    hand = Hand.parse("4p66p123m789s11z23z seat:S L:9m1p2z7z*3z A:6p R:8m")
    why = danger(hand).by_seat["L"][_k("4p")].why
    assert why.chance == "one-chance" and why.walls == (_k("6p"),) and why.left == (1,)
    assert reason_text(why, _k("4p")) == "one-chance: three 6p seen, turn 5"
    assert reason_text(why, _k("4p"), "ja") == "ワンチャンス: 6pが3枚見え、5巡目"


def test_genbutsu_after_the_riichi_and_honours_by_copies():
    hand = Hand.parse(NO_CHANCE)
    d = danger(hand)
    # 3z came after the riichi, 2z before it: both in its river
    for name in ("2z", "3z"):
        dd = discard_danger(d, _k(name))
        assert dd.seats[0].seat == "L" and dd.seats[0].p == 0.0
        assert "vs East (left), riichi: genbutsu: 0%" in danger_tip(hand, dd)
        assert "東家（上家）立直: 現物: 0%" in danger_tip(hand, dd, "ja")
    # East is the left player's seat wind: a value honour; two copies unseen (we hold two)
    assert reason_text(d.by_seat["L"][_k("1z")].why, _k("1z")) == "value honour, 2 unseen, turn 5"
    assert reason_text(d.by_seat["L"][_k("1z")].why, _k("1z"), "ja") == "役牌 残り2枚、5巡目"


def test_the_table_chance_is_every_seat_together_and_only_notable_seats_are_named():
    hand = Hand.parse(NO_CHANCE)
    d = danger(hand)
    for kind in {t.kind for t in hand.concealed}:
        dd = discard_danger(d, kind)
        stay = 1.0
        for seat in "LAR":
            stay *= 1 - d.p(kind, seat)
        assert dd.p == pytest.approx(1 - stay) == pytest.approx(d.combined[kind])
        assert dd.band == band(dd.p)
        # across and right have one discard each: a few percent tenpai, not named
        assert [s.seat for s in dd.seats] == ["L"]
    assert threats_line(hand, d.threats) == f"Threats: East (left) riichi ~{d.threats[0].value:,.0f}"


SUJI = "234m456p678s2266z3z seat:S L:19m4'5*s2p9s A:1z9p3m R:3^m8p"


def test_suji_lines_and_the_riichi_tile():
    hand = Hand.parse(SUJI)
    d = danger(hand)
    # 4s is in the river: 7s is suji on the 1-4-7 line
    assert reason_text(d.by_seat["L"][_k("7s")].why, _k("7s")) == "suji 1-4-7, turn 6"
    assert reason_text(d.by_seat["L"][_k("7s")].why, _k("7s"), "ja") == "筋（1-4-7）、6巡目"
    # 8s is suji only through 5s, the riichi tile
    assert reason_text(d.by_seat["L"][_k("8s")].why, _k("8s")) == "suji 2-5-8 of the riichi tile, turn 6"
    assert reason_text(d.by_seat["L"][_k("8s")].why, _k("8s"), "ja") == "宣言牌の筋（2-5-8）、6巡目"
    # 3m: nothing on 6m or 0m
    assert reason_text(d.by_seat["L"][_k("3m")].why, _k("3m")) == "no suji, turn 6"
    # 3m is in the river of the player across: genbutsu there
    assert d.by_seat["A"][_k("3m")].why.base == "genbutsu"


def test_dora_is_said_first():
    hand = Hand.parse(SUJI + " dora:4p")
    d = danger(hand)
    assert reason_text(d.by_seat["L"][_k("5p")].why, _k("5p")) == "dora, half suji, turn 6"
    assert reason_text(d.by_seat["L"][_k("6p")].why, _k("6p"), "ja") == "ドラそば、無筋、6巡目"


def test_a_winning_tile_held_and_dangerous():
    # a tanki on 5p: we hold one 5p and wait on another
    hand = Hand.parse("123m456s789s111z5p seat:S L:1m2z7z*3z")
    d = danger(hand)
    five = discard_danger(d, _k("5p"))
    assert five.p >= BANDS[1]                              # a middle tile without suji
    found = held_wait_dangers(d, [t.kind for t in hand.concealed], [_k("5p")])
    assert [x.kind for x in found] == [_k("5p")]
    text = hold_warning(hand, found[0])
    assert text.startswith(f"5p wins, but you hold it: folding later means throwing a {100 * five.p:.1f}% deal-in")
    assert "vs East (left), riichi: no suji" in text
    assert hold_warning(hand, found[0], "ja").startswith("5pは和了牌ですが手の内にもあります")
    # a wait not held, or one below the threshold, says nothing; nor does a table without threat
    assert held_wait_dangers(d, [_k("1m")], [_k("5p")]) == ()
    assert held_wait_dangers(d, [_k("5p")], [_k("5p")], least=0.99) == ()
    assert held_wait_dangers(None, [_k("5p")], [_k("5p")]) == ()


def _choice(name: str, push: float | None, fold: float | None, p: float = 0.1) -> Choice:
    tile = name.split()[0]
    return Choice(name, _k(tile), 0, PushFold(push, fold, p))


def test_the_push_fold_line_takes_the_best_of_each():
    d = danger(Hand.parse(NO_CHANCE))
    choices = (_choice("4p riichi", 1200.0, None), _choice("4p dama", 900.0, -100.0),
               _choice("1z", 300.0, -50.0), _choice("3z", None, -20.0, 0.0))
    line = push_fold_line(TableValues(d, choices))
    assert line.push.name == "4p riichi" and line.fold.name == "3z" and line.verdict == "push"
    assert push_fold_text(line) == "Push: 4p riichi +1,200 · Fold: 3z -20 → push"
    assert push_fold_text(line, "ja") == "押し: 4p 立直 +1,200 · オリ: 3z -20 → 押し"
    folds = push_fold_line(TableValues(d, (_choice("1z", -900.0, -50.0), _choice("3z", None, -20.0))))
    assert folds.verdict == "fold" and push_fold_text(folds).endswith("→ fold")
    # nothing to fold without a threat
    assert push_fold_line(TableValues(None, choices)) is None
    assert push_fold_line(None) is None


def test_each_kind_is_ranked_by_its_better_choice():
    d = danger(Hand.parse(NO_CHANCE))
    choices = (_choice("4p riichi", 1200.0, None), _choice("4p dama", 900.0, 1300.0), _choice("1z", 300.0, -50.0))
    best = values_by_kind(TableValues(d, choices))
    assert best[_k("4p")][0].name == "4p dama" and best[_k("4p")][1].value == 1300.0
    assert best[_k("1z")][1].value == 300.0
    assert values_by_kind(None) == {}
    assert choice_name(choices[1], "ja") == "4p ダマ" and choice_name(choices[2]) == "1z"
