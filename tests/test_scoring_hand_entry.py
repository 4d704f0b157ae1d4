"""The C entry that reads a Hand straight into the scorer's struct (csrc/py/hand_read.c,
`mjgui.scoring._score_hand`): it answers exactly as the Python packing does on every real
hand, and at its boundary takes nothing it cannot hold: hostile objects (wrong types,
out-of-range values, fields swapped after construction) get None (the Python path then
explains) or the core's rejection, never a crash, a leak or a wrong score."""
from __future__ import annotations

import random
import sys
from dataclasses import dataclass, replace

import pytest

from mjgui import core
from mjgui._core import lib
from mjgui.hand import Hand, Meld, MeldKind, Win
from mjgui.scoring import PRESETS, ScoringError, _score_hand, pack, score
from mjgui.tiles import Tile
from scoring_oracle import random_win

TENHOU = PRESETS["tenhou"].flags
RULES = (TENHOU, PRESETS["majsoul"].flags, 0, lib.MJ_RULES_ALL, 64, -1)


def _by_packing(hand: Hand, rules: int):
    """What the entry must answer: the hand packed in Python (struct.pack) and scored."""
    result, fields = core.score_packed(pack(hand), rules)
    return result, fields, hand.win.tsumo, hand.seat_wind == 0


def test_random_wins_read_as_packed():
    rng = random.Random(31)
    for _ in range(3000):
        hand = random_win(rng)
        for rules in RULES:
            assert _score_hand(hand, rules) == _by_packing(hand, rules), str(hand)


def test_hand_checked_examples():
    # hand-checked: 3 han 20 fu tsumo, non-dealer (riichi, tsumo, pinfu): 700-1,300
    s = score(Hand.parse("234m567p345s99s678s win:8s tsumo riichi seat:S"))
    assert (s.han, s.fu, s.total, s.payments) == (3, 20, 2700, {"dealer": 1300, "non_dealer": 700})
    # a red five in a chi and one in the hand: tanyao 1 + 2 red = 3 han 30 fu ron, non-dealer 3,900
    s = score(Hand.parse("234m067p55s678s chi:4*06s@L win:5s seat:S"))
    assert (s.han, s.fu, s.total) == (3, 30, 3900)
    assert [y.name for y in s.yaku] == ["Tanyao", "Red fives"] and s.yaku[1].han == 2


def test_every_red_five_and_meld_kind_is_read():
    # each meld kind and each red five, alone, against the packing
    for text in ("123m406p789s11z chi:4*06s@L win:1z", "123m456p11z pon:0*55m@R ankan:7777s win:1z",
                 "123m789p789s11z kan:0*555p@A win:1z", "123m456p789s11z kakan:0*555s@R win:1z tsumo",
                 "0m55m456p789s11z123s win:0m", "567p123s55z pon:0*55m@R ankan:7777s win:5z dora:4p ura:1z"):
        hand = Hand.parse(text)
        for rules in RULES:
            assert _score_hand(hand, rules) == _by_packing(hand, rules), text


def _with(obj, **fields):
    """A copy of a frozen dataclass with fields set past its validation (what a hostile
    caller could hand over)."""
    twin = replace(obj)
    for name, value in fields.items():
        object.__setattr__(twin, name, value)
    return twin


HAND = Hand.parse("123m406p789s11z chi:4*06s@L dora:1z ura:2z win:1z riichi tsumo honba:2")
MELD = HAND.melds[0]
TILE = HAND.concealed[0]


class HandSubclass(Hand):
    pass


class Evil:
    """Hashes as "tsumo" (so a set of it meets the cached sets), and cannot be compared."""
    def __eq__(self, other):
        raise RuntimeError("no")

    def __hash__(self):
        return hash("tsumo")


@dataclass(frozen=True)
class NotATile:
    kind: int
    red: bool = False


HOSTILE_OBJECTS = [None, "123m", 5, b"\x01" * 34, HAND.counts, HAND.win, MELD, TILE, [HAND],
                   HandSubclass(HAND.concealed, HAND.melds)]

HOSTILE_FIELDS = [
    ("_counts", b"\x01" * 33), ("_counts", bytearray(HAND.counts)), ("_counts", list(HAND.counts)),
    ("_counts", None), ("melds", list(HAND.melds)), ("melds", (MELD,) * 5), ("melds", (None,)),
    ("melds", (TILE,)), ("melds", "chi"), ("dora_indicators", (TILE,) * 6), ("dora_indicators", [TILE]),
    ("dora_indicators", (3,)), ("dora_indicators", (NotATile(3),)), ("round_wind", 4), ("round_wind", -1),
    ("round_wind", True), ("round_wind", 2 ** 70), ("seat_wind", "E"), ("seat_wind", 1.0),
    ("win", None), ("win", "tsumo"), ("concealed", (None,) * 14), ("concealed", list(HAND.concealed)),
    ("concealed", (TILE,) * 19),
]

HOSTILE_WINS = [
    ("tile", None), ("tile", 27), ("tile", NotATile(27)), ("flags", {"tsumo"}), ("flags", ("tsumo",)),
    ("flags", frozenset({"sumo"})), ("flags", frozenset({1})),
    ("flags", frozenset({Evil()})), ("ura_indicators", (TILE,) * 6), ("ura_indicators", None),
    ("honba", 70000), ("honba", -1), ("honba", 2.0), ("sticks", None), ("sticks", 2 ** 64),
]

HOSTILE_MELDS = [
    ("kind", "chi"), ("kind", 0), ("kind", None), ("tiles", list(MELD.tiles)), ("tiles", MELD.tiles[:2]),
    ("tiles", MELD.tiles * 2), ("tiles", (None,) * 3), ("tiles", ()),
]

HOSTILE_TILES = [("kind", 34), ("kind", -1), ("kind", True), ("kind", 2 ** 70), ("kind", 4.0),
                 ("red", 1), ("red", None), ("red", "yes")]


def _hostile_hands():
    yield from (("object", repr(o)[:30], o) for o in HOSTILE_OBJECTS)
    yield from (("hand", f"{n}={v!r}"[:40], _with(HAND, **{n: v})) for n, v in HOSTILE_FIELDS)
    yield from (("win", f"{n}={v!r}"[:40], _with(HAND, win=_with(HAND.win, **{n: v}))) for n, v in HOSTILE_WINS)
    yield from (("meld", f"{n}={v!r}"[:40], _with(HAND, melds=(_with(MELD, **{n: v}),)))
                for n, v in HOSTILE_MELDS)
    # a hostile tile where each kind of tile is read: concealed, meld, dora, ura, winning tile
    for n, v in HOSTILE_TILES:
        bad = _with(TILE, **{n: v})
        five = _with(Tile(13), **{n: v})       # the reader looks at fives' red flags
        yield "tile", f"concealed {n}={v!r}", _with(HAND, concealed=(five,) + HAND.concealed[1:])
        yield "tile", f"meld {n}={v!r}", _with(HAND, melds=(_with(MELD, tiles=(five,) + MELD.tiles[1:]),))
        yield "tile", f"dora {n}={v!r}", _with(HAND, dora_indicators=(bad,))
        yield "tile", f"ura {n}={v!r}", _with(HAND, win=_with(HAND.win, ura_indicators=(bad,)))
        yield "tile", f"win {n}={v!r}", _with(HAND, win=_with(HAND.win, tile=bad))


@pytest.mark.parametrize("what, how, hand", list(_hostile_hands()))
def test_hostile_hands_are_refused_not_misread(what, how, hand):
    answer = _score_hand(hand, TENHOU)
    # refused (None: the Python path explains), or read into a struct the core refused
    assert answer is None or answer[0] < 0, (what, how, answer)
    for rules in (TENHOU, -5, 2 ** 80):
        answer = _score_hand(hand, rules)
        assert answer is None or answer[0] < 0


def test_values_the_struct_holds_but_the_core_refuses():
    # read, then refused by the core's own validation: five copies, a wrong size, no such win tile
    five = _with(HAND, _counts=bytes([5]) + HAND.counts[1:])
    assert _score_hand(five, TENHOU)[0] == lib.MJ_ERR_COUNT
    short = _with(HAND, _counts=bytes(34))
    assert _score_hand(short, TENHOU)[0] == lib.MJ_ERR_SIZE
    assert _score_hand(HAND, lib.MJ_RULES_ALL + 1)[0] == lib.MJ_ERR_ARG
    # riichi with a chi: the core names the problem, and score() says it
    result, fields, _, _ = _score_hand(HAND, TENHOU)
    assert result == lib.MJ_ERR_WIN and fields[-1] == lib.MJ_PROBLEM_RIICHI_OPEN
    with pytest.raises(ScoringError, match="riichi needs a closed hand"):
        score(HAND)


def test_score_explains_what_the_entry_refuses():
    no_tile = _with(HAND, win=_with(HAND.win, tile=None))
    assert _score_hand(no_tile, TENHOU) is None
    with pytest.raises(ScoringError, match="name the winning tile"):
        score(no_tile)
    six = _with(HAND, dora_indicators=(TILE,) * 6)
    with pytest.raises(ScoringError, match="at most 5 dora indicators"):
        score(six)
    with pytest.raises(ScoringError, match="unknown rules"):
        score(HAND, rules="nope")


def test_bad_arguments():
    for args in ((), (HAND,), (HAND, TENHOU, 0), (HAND, "tenhou"), (HAND, 1.0), (HAND, None)):
        assert _score_hand(*args) is None
    bind = core._builtin(5)
    for args in ((), (Hand, Meld, Tile, Win, (), {}), (1, 2, 3, 4, 5, 6),
                 (Hand, Meld, Tile, Win, tuple(MeldKind)[:4], {})):
        with pytest.raises(TypeError, match="bind_hand"):
            bind(*args)


def test_no_reference_is_leaked_or_lost():
    hand = Hand.parse("123m406p789s11z chi:4*06s@L dora:1z win:1z tsumo")
    parts = (hand, hand.melds, hand.melds[0], hand.melds[0].tiles, hand.win, hand.win.flags, hand.concealed,
             hand.dora_indicators, hand.counts, hand.win.tile, MeldKind.CHI)
    before = [sys.getrefcount(p) for p in parts]
    for _ in range(2000):
        _score_hand(hand, TENHOU)
        _score_hand(_with(hand, round_wind=9), TENHOU)
    assert [sys.getrefcount(p) for p in parts] == before


def test_what_the_entry_refuses_is_scored_in_python():
    # a subclass of Hand is not read in C; score() packs it in Python, to the same value
    hand = Hand.parse("234m406p678s88s chi:4*06s@L win:8s tsumo seat:S")
    sub = HandSubclass(hand.concealed, hand.melds, seat_wind=1, win=hand.win)
    assert _score_hand(sub, TENHOU) is None
    a, b = score(hand), score(sub)
    assert (a.han, a.fu, a.total, a.payments, a.yaku) == (b.han, b.fu, b.total, b.payments, b.yaku)
    # hand-checked: tanyao 1 + two red fives = 3 han; 20 + tanki 2 + tsumo 2 = 24 -> 30 fu;
    # a non-dealer's tsumo of 3 han 30 fu is 1,000 / 2,000
    assert (a.han, a.fu, a.payments) == (3, 30, {"dealer": 2000, "non_dealer": 1000})
