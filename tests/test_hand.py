"""Hand's small questions the window asks: the random deal, size checks, red fives left."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from mjgui.hand import Hand, Meld
from mjgui.tiles import Tile, TileError


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


@pytest.mark.parametrize("text, analysable, can_discard", [
    ("123m456p789s1122z", True, False),          # 13
    ("123m456p789s1122z5m", True, True),          # 14
    ("123m456p", False, False),                   # 6
    ("123m456p78s", False, True),                 # 8 = 3*2+2
    ("456p789s1122z5m chi:1*23m@L", True, True),  # 11 concealed + a chi
    ("456p789s1122z chi:1*23m@L", True, False),
])
def test_size_questions(text, analysable, can_discard):
    hand = Hand.parse(text)
    assert hand.analysable is analysable
    assert hand.can_discard is can_discard


def test_fifteen_tiles_are_not_analysable():
    hand = Hand(tuple(Tile.from_name(n) for n in "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p".split()))
    assert hand.size == 15 and not hand.analysable


def test_red_available_counts_every_place_a_red_five_can_be():
    assert Hand(()).red_available() == {4: True, 13: True, 22: True}
    assert Hand.parse("0m123p").red_available() == {4: False, 13: True, 22: True}
    assert Hand.parse("5m5p5s123m").red_available() == {4: True, 13: True, 22: True}   # plain fives
    # a red five in a meld, among the dora indicators, or among the visible tiles is used
    hand = Hand((Tile.from_name("1z"),), melds=(Meld.parse("chi:4*06s@L"),),
                dora_indicators=(Tile.from_name("0p"),))
    assert hand.red_available() == {4: True, 13: False, 22: False}


def test_a_hand_holds_at_most_five_dora_indicators():
    """One, and one more per kan: the text form and the constructor refuse a sixth with a
    message that names the problem (scoring and the expected values would refuse it later,
    in a worker, where nobody reads it)."""
    five = Hand.parse("23m456p789s11z556z9m dora:1p2p3p4p6p")
    assert len(five.dora_indicators) == 5
    with pytest.raises(TileError, match="at most 5 dora indicators.*not 6"):
        Hand.parse("23m456p789s11z556z9m dora:1p2p3p4p6p7p")
    with pytest.raises(TileError, match="at most 5 dora indicators"):
        Hand(five.concealed, dora_indicators=five.dora_indicators + (Tile.from_name("7p"),))
