"""Hand's random deal."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from mjgui.hand import Hand


def _reference_deal(seed: int) -> list[str]:
    """The deal as defined: 14 of the 136 tiles (the first 5m, 5p, 5s of the
    four red), sampled in wall order; 13 sorted plus the draw. Names in mpsz."""
    wall = []
    for suit in "mps":
        for n in range(1, 10):
            wall += ([f"0{suit}"] if n == 5 else [f"{n}{suit}"]) + [f"{n}{suit}"] * 3
    for n in range(1, 8):
        wall += [f"{n}z"] * 4
    tiles = random.Random(seed).sample(wall, 14)
    return tiles


@pytest.mark.parametrize("seed", [0, 3, 17, 2026])
def test_deal_matches_the_definition(seed):
    hand = Hand.deal(seed)
    expected = _reference_deal(seed)
    assert Counter(t.name for t in hand.concealed[:13]) == Counter(expected[:13])
    assert hand.concealed[13].name == expected[13]
    assert list(hand.concealed[:13]) == sorted(hand.concealed[:13])


def test_deal_is_repeatable_and_keeps_the_winds():
    assert Hand.deal(5) == Hand.deal(5)
    assert Hand.deal(5) != Hand.deal(6)
    hand = Hand.deal(9, round_wind=1, seat_wind=3)
    assert (hand.round_wind, hand.seat_wind, hand.size) == (1, 3, 14)
    assert Hand.deal().size == 14                      # no seed: any 14 tiles


def test_deal_sees_every_kind_over_many_seeds():
    seen = Counter(t.kind for s in range(200) for t in Hand.deal(s).concealed)
    assert set(seen) == set(range(34))
    assert any(t.red for s in range(200) for t in Hand.deal(s).concealed)
