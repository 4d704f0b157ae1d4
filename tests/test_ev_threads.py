"""Two threads share a hand's discards (mj_ev_params.threads = 2, the app's searches):
each has its own memo, so the states add up differently, but every row must be the
same number for number as one thread's, whatever the model, options and hand."""
from __future__ import annotations

import random

import numpy as np
import pytest

from mjgui import core
from mjgui.core import HandError
from mjgui.ev import APP_OPTIONS, EvCancelled, EvOptions, _full_model, expected_values
from mjgui.hand import Hand
from mjgui.scoring import pack, rule_flags

from test_ev import random_hand
from test_ev_full import with_seen

MODELS = {
    "simple": EvOptions(),
    "options": EvOptions(shanten_back=True, tegawari=True),
    "full": EvOptions(model="full"),
    "app": APP_OPTIONS,
}


def search(hand, turn: int, options: EvOptions, threads: int):
    model = _full_model(hand, options) if options.model == "full" else None
    return core.ev_packed(pack(hand, 0, ()), turn, options.flags, rule_flags("tenhou"), model, 0, None, threads)


@pytest.mark.parametrize("name", MODELS)
def test_two_threads_give_the_same_rows(name):
    options = MODELS[name]
    rng = random.Random(7 + list(MODELS).index(name))
    for shanten in (0, 1, 2, 2, 2, 3 if name != "options" else 1):
        hand = random_hand(rng, shanten)
        if options.model == "full":
            hand = with_seen(rng, hand, rng.randrange(0, 20), rng.randrange(0, 6))
        turn = rng.randrange(1, 12)
        one, rows_one, states_one = search(hand, turn, options, 1)
        two, rows_two, states_two = search(hand, turn, options, 2)
        assert one == two, str(hand)
        # bytes compared: the same IEEE numbers, choices and shanten in every row
        assert rows_one.tobytes() == rows_two.tobytes(), str(hand)
        # a second memo finds some states the first already had: never fewer in all
        assert states_two >= states_one


@pytest.mark.parametrize("text", ["24m3579p22678s pon:5*55z@A dora:1m", "13m2p5068s2399s chi:4*56p dora:5p",
                                  "11359m2467p33s pon:6*66z@R seat:S dora:3s", "0m3m4678p299s23z chi:1*23s"])
def test_open_hands_too(text):
    # a meld caps kinds: each thread's context has its own caps, changed along its call lines
    hand = Hand.parse(text)
    for options in (MODELS["app"], MODELS["simple"]):
        one, rows_one, _ = search(hand, 3, options, 1)
        two, rows_two, _ = search(hand, 3, options, 2)
        assert one == two and rows_one.tobytes() == rows_two.tobytes()


def test_the_rows_through_expected_values():
    hand = "2344m34567p245s3z7m dora:3p seat:S"      # a slow 2-shanten hand with many calls
    one = expected_values(hand, 1, APP_OPTIONS)
    two = expected_values(hand, 1, APP_OPTIONS, threads=2)
    assert [(r.name, r.tenpai_prob, r.win_prob, r.exp_score, r.by_turn) for r in one.rows] == \
        [(r.name, r.tenpai_prob, r.win_prob, r.exp_score, r.by_turn) for r in two.rows]


def test_a_cancelled_search_stops_both_threads():
    flag = core.cancel_flag()
    flag[0] = 1
    with pytest.raises(EvCancelled):
        expected_values("2344m34567p245s3z7m dora:3p seat:S", 1, APP_OPTIONS, cancel=flag, threads=2)


@pytest.mark.parametrize("threads", [0, 3, -1, 2.0, True])
def test_bad_thread_counts_are_refused(threads):
    with pytest.raises(HandError):
        expected_values("23m456p789s55p123s9m", 1, EvOptions(), threads=threads)


def test_the_core_refuses_a_bad_thread_count():
    params = core.ffi.new("mj_ev_params *")
    params.turn, params.threads = 1, 3
    rows = np.zeros(34, dtype=core._dtype("EV_DTYPE"))
    win = core.ffi.from_buffer("mj_win *", pack(Hand.parse("23m456p789s55p123s9m"), 0, ()))
    out = core.lib.mj_ev_model(win, params, core.ffi.cast("mj_ev_row *", core.ffi.from_buffer(rows)), core.ffi.NULL)
    assert out == core.lib.MJ_ERR_ARG
