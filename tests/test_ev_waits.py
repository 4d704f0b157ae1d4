"""The search scores each wait of a tenpai hand once and derives every variant (riichi,
double riichi, ippatsu, haitei, houtei, a red five drawn, ura dora) from the readings the
scorer can still keep (csrc/readings.h).  These tests check it against the slow reference,
which scores every variant with the scorer itself, on tenpai hands built around shapes
with several readings (triplets or runs, seven pairs or two runs twice), where a flat
"one more han" on the best reading alone would be wrong."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from mjgui.ev import EvOptions, expected_values
from mjgui.hand import Hand
from mjgui.tiles import Tile

from ev_reference import Model
from test_ev_full import with_seen

# blocks of one suit (offsets 0-8) that read in more than one way
SHAPES = ((0, 0, 0, 1, 1, 1, 2, 2, 2), (1, 1, 1, 2, 2, 2, 3, 3, 3), (0, 0, 1, 1, 2, 2), (2, 2, 3, 3, 4, 4),
          (0, 0, 0, 1, 2, 3), (3, 4, 5, 5, 6, 7), (6, 6, 6, 7, 7, 7, 8, 8, 8), (4, 4, 4, 5, 5, 5, 6, 6, 6))


def _multi_reading_hand(rng: random.Random) -> Hand:
    """A complete hand holding a shape of SHAPES (or seven pairs), one tile swapped for a
    random one: its discards include tenpai ones, often with several readings."""
    while True:
        counts = [0] * 34
        if rng.random() < 0.2:                      # seven pairs that may also read as runs
            suit = 9 * rng.randrange(3)
            kinds = [suit + i for i in (1, 2, 3)] + [9 * rng.randrange(3) + i for i in (4, 5, 6)]
            kinds.append(rng.randrange(34))
            for k in kinds:
                counts[k] += 2
        else:
            suit = 9 * rng.randrange(3)
            for i in rng.choice(SHAPES):
                counts[suit + i] += 1
            while sum(counts) < 12:                 # the other blocks: runs or triplets
                if rng.random() < 0.6:
                    s, i = rng.randrange(3), rng.randrange(7)
                    for j in range(3):
                        counts[9 * s + i + j] += 1
                else:
                    counts[rng.randrange(34)] += 3
            counts[rng.randrange(34)] += 2
        if max(counts) > 4 or sum(counts) != 14:
            continue
        out = rng.choice([k for k in range(34) if counts[k]])
        counts[out] -= 1
        counts[rng.randrange(34)] += 1
        indicators = [rng.randrange(34) for _ in range(rng.choice((1, 1, 2)))]
        if any(counts[k] + indicators.count(k) > 4 for k in range(34)):
            continue
        tiles, red_given = [], set()
        for k in range(34):
            for _ in range(counts[k]):
                red = k < 27 and k % 9 == 4 and k not in red_given and rng.random() < 0.5
                if red:
                    red_given.add(k)
                tiles.append(Tile(k, red))
        return Hand(tuple(tiles), dora_indicators=tuple(Tile(k) for k in indicators),
                    seat_wind=rng.randrange(4), round_wind=rng.randrange(2))


def _check(hand: Hand, turn: int, options: EvOptions, model: Model) -> int:
    r = expected_values(hand, turn, options)
    checked = 0
    for row in r.rows:
        if row.shanten != 0:
            continue
        got = (row.tenpai_prob, row.win_prob, row.exp_score)
        assert got == pytest.approx(model.discard(row.discard.kind), rel=1e-9, abs=1e-9), (str(hand), turn, row.name)
        for name, (win, pts) in model.choices(row.discard.kind).items():
            choice = getattr(row, name)
            assert (choice.win_prob, choice.exp_score) == pytest.approx((win, pts), rel=1e-9, abs=1e-9)
        checked += 1
    return checked


@pytest.mark.parametrize("seed", range(4))
def test_simple_model_waits_match_the_reference(seed):
    rng = random.Random(700 + seed)
    checked = 0
    for _ in range(60):
        hand = _multi_reading_hand(rng)
        # turn 1 (double riichi, ippatsu), the haitei draw, or any other
        turn = rng.choice((1, 16, 17, rng.randrange(1, 18)))
        options = EvOptions(ippatsu=rng.random() < 0.8, haitei=rng.random() < 0.8, ura=rng.random() < 0.8,
                            double_riichi=rng.random() < 0.8)
        model = Model(hand, turn, ippatsu=options.ippatsu, haitei=options.haitei, ura=options.ura,
                      double_riichi=options.double_riichi)
        checked += _check(hand, turn, options, model)
    assert checked >= 100


@pytest.mark.parametrize("seed", range(3))
def test_full_model_waits_match_the_reference(seed):
    rng = random.Random(800 + seed)
    checked = 0
    for _ in range(40):
        hand = with_seen(rng, _multi_reading_hand(rng), rng.randrange(0, 25), rng.randrange(0, 6))
        hand = replace(hand, seat_wind=rng.randrange(4))
        turn = rng.choice((1, 15, 16, 17, rng.randrange(1, 18)))
        options = EvOptions(model="full", ippatsu=rng.random() < 0.8, haitei=rng.random() < 0.8,
                            ura=rng.random() < 0.8, ron_dama=rng.choice((0.5, 1.0)),
                            ron_riichi=rng.choice((0.25, 0.6)))
        model = Model(hand, turn, ippatsu=options.ippatsu, haitei=options.haitei, ura=options.ura, full=True,
                      ron_dama=options.ron_dama, ron_riichi=options.ron_riichi)
        checked += _check(hand, turn, options, model)
    assert checked >= 60
