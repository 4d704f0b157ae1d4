"""A metamorphic check of the expected-value search: the characters and the circles play
the same part, so swapping them everywhere (hand, melds, dora indicators, tiles seen,
discards) must leave every number as it was, only the discards' names changed.  (The
bamboos stay: all green is theirs alone.)  It runs the whole search -- the memo of suits,
caps, calls, the tenpai valuation, the options graph -- on hands no other test sees."""
from __future__ import annotations

import random
import re

import pytest

from mjgui.ev import EvOptions, expected_values
from mjgui.hand import Hand

from test_ev import random_hand
from test_ev_full import with_seen

OPEN_HANDS = ["2340m67p8s3s9m1z4p pon:6*66z seat:N dora:1z", "13m50p789s2m44p7z chi:3*45m@L dora:9s seat:W",
              "22m3406p78p99s5m pon:1*11p@A dora:4m seat:S round:S", "123405m4p67p8p9s pon:7*77z@R dora:2m"]
MODELS = [EvOptions(), EvOptions(model="full", calls=True), EvOptions(shanten_back=True, tegawari=True),
          EvOptions(model="full", ura=False, ron_dama=1.0, ron_riichi=0.4)]


def swapped(hand: Hand) -> Hand:
    """The hand with characters and circles exchanged."""
    text = re.sub(r"([0-9*]+)([mp])", lambda m: m.group(1) + ("p" if m.group(2) == "m" else "m"), str(hand))
    return Hand.parse(text)


def mirror(kind: int) -> int:
    return kind + 9 if kind < 9 else kind - 9 if kind < 18 else kind


def rows_by_tile(result):
    return {(row.discard.kind, row.discard.red): row for row in result.rows}


def assert_same(hand: Hand, turn: int, options: EvOptions) -> None:
    one = rows_by_tile(expected_values(hand, turn, options))
    two = rows_by_tile(expected_values(swapped(hand), turn, options))
    assert {(mirror(k), red) for k, red in one} == set(two), str(hand)
    for (kind, red), row in one.items():
        other = two[mirror(kind), red]
        assert row.shanten == other.shanten
        for name, values in row.by_turn.items():
            assert values == pytest.approx(other.by_turn[name], rel=1e-12, abs=1e-12), (str(hand), row.name, name)
        for choice in ("riichi", "dama"):
            mine, theirs = getattr(row, choice), getattr(other, choice)
            assert (mine is None) == (theirs is None)
            if mine is not None:
                for name, values in mine.by_turn.items():
                    assert values == pytest.approx(theirs.by_turn[name], rel=1e-12, abs=1e-12), (str(hand), choice)


def test_swapping_a_hand_swaps_its_text():
    hand = Hand.parse("13m50p789s2m44p chi:3*45m@L dora:9m visible:1m9p discards:5m seat:W")
    other = swapped(hand)
    assert [other.counts[mirror(k)] for k in range(34)] == list(hand.counts)
    assert [(t.kind, t.red) for t in other.concealed if t.red] == [(4, True)]
    assert " chi:3*45p@L" in str(other) and "dora:9p" in str(other) and sorted(t.kind for t in other.visible) == [8, 9]
    assert swapped(other).counts == hand.counts


@pytest.mark.parametrize("options", MODELS, ids=["simple", "full-calls", "options", "full-ron"])
def test_characters_and_circles_are_interchangeable(options):
    rng = random.Random(MODELS.index(options))
    hands = [with_seen(rng, random_hand(rng, rng.choice((0, 1, 1, 2)), indicators=rng.choice((1, 1, 2))),
                       rng.randrange(0, 25), rng.randrange(0, 6)) for _ in range(6)]
    hands += [Hand.parse(text) for text in OPEN_HANDS if not options.shanten_back]
    for hand in hands:
        assert_same(hand, rng.randrange(1, 15), options)
