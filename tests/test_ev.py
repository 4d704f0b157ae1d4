"""The expected-value search (simple model): closed forms, invariants, hand-checked
small cases and the numbers of a slow independent implementation (tests/ev_reference.py)."""
from __future__ import annotations

import json
import math
import random

import pytest

from mjgui import core
from mjgui.cli import main
from mjgui.ev import MAX_SHANTEN, EvOptions, expected_values
from mjgui.hand import Hand
from mjgui.scoring import score
from mjgui.tiles import Tile

from ev_reference import Model, never_grow


def random_hand(rng: random.Random, max_shanten: int, indicators: int = 1) -> Hand:
    while True:
        wall = [Tile(k, k in (4, 13, 22) and c == 0) for k in range(34) for c in range(4)]
        rng.shuffle(wall)
        # the model takes the indicators as plain copies (a red five stays in the wall)
        hand = Hand(tuple(wall[:14]), dora_indicators=tuple(Tile(t.kind) for t in wall[14:14 + indicators]),
                    seat_wind=rng.randrange(4), round_wind=rng.randrange(2))
        if core.shanten(hand.counts) <= max_shanten:
            return hand


def test_tenpai_win_probability_closed_form():
    # 23m waits on 1m and 4m: 8 tiles; S = 136 - 14 - 1 = 121; draws t = 1..17
    r = expected_values("23m456p789s55p123s9m dora:1z seat:S", turn=1)
    row = r.row("9m")
    expected = 1 - math.prod(1 - 8 / (121 - t) for t in range(1, 18))
    assert row.shanten == 0 and abs(row.win_prob - expected) < 1e-12 and abs(expected - 0.71704) < 5e-6
    assert row.tenpai_prob == 1.0
    # from a later turn: fewer draws
    later = expected_values("23m456p789s55p123s9m dora:1z seat:S", turn=10).row("9m")
    assert abs(later.win_prob - (1 - math.prod(1 - 8 / (121 - t) for t in range(10, 18)))) < 1e-12


def test_expected_points_of_a_tenpai_hand_by_hand():
    # no ura, no ippatsu, no haitei: every win is riichi + tsumo + pinfu, 3 han 20 fu,
    # non-dealer tsumo 700 + 2 x 400... = 1,300 + 2 x 700 = 2,700 for both waits
    options = EvOptions(ippatsu=False, haitei=False, ura=False, double_riichi=False)
    row = expected_values("23m456p789s55p123s9m dora:1z seat:S", 1, options).row("9m")
    assert score("123m456p789s55p123s seat:S dora:1z win:1m tsumo riichi").total == 2700
    assert abs(row.exp_score - 2700 * row.win_prob) < 1e-6


def test_more_waits_of_the_same_value_win_more_often():
    narrow = expected_values("13m456p789s55p123s9m dora:1z seat:S").row("9m")     # kanchan 2m: 4 tiles
    wide = expected_values("23m456p789s55p123s9m dora:1z seat:S").row("9m")       # ryanmen: 8 tiles
    assert wide.win_prob > narrow.win_prob


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_invariants(seed):
    rng = random.Random(seed)
    for _ in range(6):
        hand = random_hand(rng, 2)
        r = expected_values(hand, rng.randrange(1, 12))
        assert r.rows and r.searched
        for row in r.rows:
            assert 0 <= row.win_prob <= row.tenpai_prob <= 1 + 1e-12
            for name in ("tenpai_prob", "win_prob", "exp_score"):
                values = row.by_turn[name]
                assert len(values) == 18 - r.turn
                assert never_grow(name, values, r.turn), (name, values)
            if row.shanten == 0:
                assert row.tenpai_prob == 1.0


def test_ippatsu_and_haitei_on_one_draw():
    # 13s waits on 2s alone (4 live; S = 121): riichi tsumo 2 han 30 fu pays a non-dealer
    # 2,000, with ippatsu or haitei 3 han 4,000, with both 4 han 30 fu 7,900.  Riichi for
    # draw 16 wins there with ippatsu or at 17 with haitei; riichi for draw 17 wins with both.
    row = expected_values("123m456p789s13s99p7z dora:1z seat:S", 16, EvOptions(ura=False)).row("7z")
    p16, p17 = 4 / 105, 4 / 104
    assert row.by_turn["win_prob"] == pytest.approx((p16 + (1 - p16) * p17, p17), rel=1e-12)
    assert row.by_turn["exp_score"] == pytest.approx((4000 * (p16 + (1 - p16) * p17), 7900 * p17), rel=1e-12)
    assert row.by_turn["exp_score"][1] > row.by_turn["exp_score"][0]     # the one start worth more later


@pytest.mark.parametrize("options", [EvOptions(), EvOptions(model="full", calls=True),
                                     EvOptions(shanten_back=True, tegawari=True)])
def test_by_turn_is_the_same_hand_later(options):
    """by_turn[i] is the value of the same hand reaching this point i draws later: the
    search from the next turn gives the same numbers, but for a first discard's double
    riichi, which a later discard never is."""
    rng = random.Random(31)
    for i in range(8):
        hand = random_hand(rng, 0 if i < 4 else 1)     # tenpai discards at turn 1: double riichi
        turn = 1 if i < 4 else rng.randrange(2, 16)
        now, later = expected_values(hand, turn, options), expected_values(hand, turn + 1, options)
        for row in now.rows:
            other = later.row(row.name)
            for name, values in row.by_turn.items():
                assert values[1:] == pytest.approx(other.by_turn[name], rel=1e-12, abs=1e-12), (str(hand), row.name)
            for choice in ("riichi", "dama"):
                if getattr(row, choice) is not None:
                    for name, values in getattr(row, choice).by_turn.items():
                        assert values[1:] == pytest.approx(getattr(other, choice).by_turn[name], rel=1e-12,
                                                           abs=1e-12), (str(hand), row.name, choice)


@pytest.mark.parametrize("seed, max_shanten, hands", [(11, 0, 15), (12, 1, 6)])
def test_matches_the_slow_reference(seed, max_shanten, hands):
    rng = random.Random(seed)
    for _ in range(hands):
        hand = random_hand(rng, max_shanten, indicators=rng.choice((1, 1, 2)))
        turn = rng.randrange(1, 18) if max_shanten == 0 else rng.randrange(10, 18)
        options = EvOptions(ippatsu=rng.random() < 0.7, haitei=rng.random() < 0.7, ura=rng.random() < 0.7)
        r = expected_values(hand, turn, options)
        model = Model(hand, turn, ippatsu=options.ippatsu, haitei=options.haitei, ura=options.ura)
        for row in r.rows:
            ref = model.discard(row.discard.kind)
            assert row.tenpai_prob == pytest.approx(ref[0], rel=1e-9, abs=1e-12), (str(hand), row.name)
            assert row.win_prob == pytest.approx(ref[1], rel=1e-9, abs=1e-12), (str(hand), row.name)
            assert row.exp_score == pytest.approx(ref[2], rel=1e-9, abs=1e-9), (str(hand), row.name)


def test_ranking_options():
    hand = "23m456p789s55p1s24s7z turn:3"
    for rank, key in (("score", "exp_score"), ("win", "win_prob"), ("tenpai", "tenpai_prob")):
        rows = expected_values(hand, options=EvOptions(rank=rank)).rows
        values = [getattr(r, key) for r in rows]
        assert values == sorted(values, reverse=True)


def test_far_hands_and_bad_input():
    far = expected_values("147m258p369s12345z")                  # 6-shanten
    assert far.shanten > MAX_SHANTEN and not far.searched and far.rows == ()
    for text, words in (("23m456p789s55p123s", "14 tiles"), ("23m456p789s55p123s9m turn:19", "1-18")):
        with pytest.raises(ValueError) as err:
            expected_values(text)
        assert words in str(err.value)
    with pytest.raises(ValueError, match="1-18"):
        expected_values("23m456p789s55p123s9m", turn=19)


def test_after_the_last_draw_only_the_hand_kept_counts():
    """turn:18 is the last draw: after the discard no draw is left (draws N..17), so a
    tenpai discard is tenpai for sure and nothing wins in the simple model; in the full
    model the opponents' last discards can still be ronned (houtei)."""
    hand = "23m456p789s55p123s9m dora:1z seat:S"
    last = expected_values(hand + " turn:18")
    assert last.turn == 18 and len(last.rows) == 12          # the 12 kinds held
    for row in last.rows:
        assert row.tenpai_prob == (1.0 if row.shanten == 0 else 0.0)
        assert row.win_prob == row.exp_score == 0.0
        assert all(values == () for values in row.by_turn.values())
    # full model: South's 18th discard is the round's last tile, nobody discards after it;
    # East's 18th is followed by South's last discard, one ron chance
    south = expected_values(hand, 18, EvOptions(model="full")).row("9m")
    assert south.tenpai_prob == 1.0 and south.win_prob == south.exp_score == 0.0
    east, before = (expected_values(hand.replace("seat:S", "seat:E"), turn, EvOptions(model="full")).row("9m")
                    for turn in (18, 17))
    assert east.tenpai_prob == 1.0 and 0.0 < east.win_prob < before.win_prob
    assert 0.0 < east.exp_score < before.exp_score


def test_cli(capsys):
    assert main(["ev", "--json", "23m456p789s55p123s9m dora:1z seat:S"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["discards"][0]["discard"] == "9m" and record["shanten"] == 0
    assert set(record["discards"][0]["by_turn"]) == {"tenpai_prob", "win_prob", "exp_score"}
    assert main(["ev", "23m456p789s55p123s9m turn:20", "147m258p369s12345z"]) == 2
    out, err = capsys.readouterr()
    assert "turn" in err and "ranked by ukeire" in out
    assert main(["ev", "--model", "full", "--ron-dama", "2", "23m456p789s55p123s9m"]) == 2
    assert "ron_dama" in capsys.readouterr().err


@pytest.mark.parametrize("model", ["simple", "full"])
def test_riichi_and_dama_rows_of_tenpai_discards(model):
    """A tenpai discard's riichi (and, in the full model, dama) rows are filled while its state
    is valued, or once more when the search knew that state already (another discard's line
    drew back into it): either way each number is the better of the two choices at every
    turn, and a closed hand in the simple model has riichi only."""
    rng = random.Random(61)
    checked = 0
    for i in range(24):
        hand = random_hand(rng, 0 if i % 4 else 1)
        turn = 1 if i % 4 == 0 else rng.randrange(2, 15)
        r = expected_values(hand, turn, EvOptions(model=model))
        for row in r.rows:
            if row.shanten != 0:
                assert row.riichi is None and row.dama is None
                continue
            checked += 1
            assert row.riichi is not None, (str(hand), turn, row.name)
            if model == "simple":
                assert row.dama is None
                assert (row.riichi.win_prob, row.riichi.exp_score) == (row.win_prob, row.exp_score)
                for key in ("win_prob", "exp_score"):
                    assert list(row.riichi.by_turn[key]) == list(row.by_turn[key])
                continue
            assert row.win_prob == max(row.riichi.win_prob, row.dama.win_prob)
            assert row.exp_score == max(row.riichi.exp_score, row.dama.exp_score)
            for key in ("win_prob", "exp_score"):
                assert list(row.by_turn[key]) == [max(a, b) for a, b in zip(row.riichi.by_turn[key],
                                                                           row.dama.by_turn[key])]
    assert checked > 20
