"""The shanten-back (向聴戻し) and tegawari (手変わり) options of the simple model: the C
graph search against the slow reference written from the definition
(tests/ev_reference.py, OptionsModel), invariants that follow from the player having
more choices, and the boundaries (full model, CLI)."""
from __future__ import annotations

import json
import random

import pytest

from mjgui import core
from mjgui.cli import main
from mjgui.ev import EvOptions, expected_values
from mjgui.hand import Hand
from mjgui.scoring import pack, rule_flags
from mjgui.tiles import Tile

from ev_reference import OptionsModel, never_grow
from test_ev import random_hand

BOTH = ((True, False), (False, True), (True, True))


def _numbers(row):
    return row.tenpai_prob, row.win_prob, row.exp_score


@pytest.mark.parametrize("seed, max_shanten, hands, turns", [
    (21, 1, 50, (15, 18)), (22, 1, 12, (14, 15)), (23, 2, 50, (16, 18)), (24, 2, 6, (15, 16)),
    (25, 0, 20, (14, 18)), (26, 1, 80, (16, 18)),
])
def test_matches_the_slow_reference(seed, max_shanten, hands, turns):
    rng = random.Random(seed)
    changed = 0
    for _ in range(hands):
        hand = random_hand(rng, max_shanten, indicators=rng.choice((1, 1, 2)))
        turn = rng.randrange(*turns)
        back, tegawari = rng.choice(BOTH)
        options = EvOptions(ippatsu=rng.random() < 0.7, haitei=rng.random() < 0.7, ura=rng.random() < 0.7,
                            shanten_back=back, tegawari=tegawari)
        r = expected_values(hand, turn, options)
        plain = expected_values(hand, turn, EvOptions(ippatsu=options.ippatsu, haitei=options.haitei,
                                                      ura=options.ura))
        model = OptionsModel(hand, turn, shanten_back=back, tegawari=tegawari, ippatsu=options.ippatsu,
                             haitei=options.haitei, ura=options.ura)
        for row in r.rows:
            ref = model.discard(row.discard.kind)
            for got, want in zip(_numbers(row), ref):
                assert got == pytest.approx(want, rel=1e-9, abs=1e-9), (str(hand), turn, back, tegawari, row.name)
            changed += _numbers(row) != _numbers(plain.row(row.name))
    if max_shanten > 0:
        assert changed > 0            # the options made a difference somewhere


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_more_choices_never_lower_a_value(seed):
    rng = random.Random(seed)
    for _ in range(8):
        hand = random_hand(rng, 2)
        turn = rng.randrange(1, 15)
        plain = expected_values(hand, turn)
        for back, tegawari in BOTH:
            r = expected_values(hand, turn, EvOptions(shanten_back=back, tegawari=tegawari))
            assert [row.discard.kind for row in r.rows] != [] and r.searched
            for row in r.rows:
                base = plain.row(row.name)
                assert row.shanten == base.shanten
                for got, was in zip(_numbers(row), _numbers(base)):
                    assert got >= was - 1e-9 * max(1.0, was), (str(hand), turn, back, tegawari, row.name)
                assert 0 <= row.win_prob <= row.tenpai_prob <= 1 + 1e-12
                for name in ("tenpai_prob", "win_prob", "exp_score"):
                    values = row.by_turn[name]
                    assert len(values) == 18 - turn
                    assert never_grow(name, values, turn), (name, values)
            both = expected_values(hand, turn, EvOptions(shanten_back=True, tegawari=True))
            for row in r.rows:          # both options give at least what either gives
                for got, one in zip(_numbers(both.row(row.name)), _numbers(row)):
                    assert got >= one - 1e-9 * max(1.0, one)


def test_no_option_helps_with_one_draw_left():
    # after the last draw's choice no draw remains to use a changed hand: the values
    # of turn 17 are those of the plain search
    rng = random.Random(41)
    for _ in range(10):
        hand = random_hand(rng, 1)
        plain = expected_values(hand, 17)
        r = expected_values(hand, 17, EvOptions(shanten_back=True, tegawari=True))
        for row in r.rows:
            assert _numbers(row) == pytest.approx(_numbers(plain.row(row.name)), rel=1e-12, abs=1e-12)


def test_tegawari_by_hand():
    # after 5z: 1-shanten on the kanchan 13m and the ryanmen 56p (12 tiles lower it).  A
    # 4m keeps 1-shanten but, with 1m thrown, makes two ryanmen (16 tiles): only tegawari
    # keeps it, and every number rises.
    hand = "13m56p123s789s11z9p5z dora:7z"
    plain = expected_values(hand, 10).row("5z")
    swap = expected_values(hand, 10, EvOptions(tegawari=True)).row("5z")
    assert plain.shanten == swap.shanten == 1
    for better, worse in zip(_numbers(swap), _numbers(plain)):
        assert better > worse


def test_options_are_for_the_simple_model_only():
    with pytest.raises(ValueError, match="simple model"):
        EvOptions(model="full", tegawari=True)
    # the C boundary refuses them as well
    hand = random_hand(random.Random(5), 1)
    model = core.EvModel(bytes(34), 0, 0, 0.5, 0.25)
    result, _, _ = core.ev_packed(pack(hand, 0, ()), 1, core.lib.MJ_EV_TEGAWARI, rule_flags("tenhou"), model)
    assert result == core.lib.MJ_ERR_ARG


def test_cli(capsys):
    hand = "34p6m6z5m5z9s4p2s3p2s0p9s7m dora:1m turn:12"
    assert main(["ev", "--json", hand]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["ev", "--json", "--shanten-back", "--tegawari", hand]) == 0
    record = json.loads(capsys.readouterr().out)
    assert set(record) == set(plain) and record["discards"][0].keys() == plain["discards"][0].keys()
    best = {d["discard"]: d["exp_score"] for d in record["discards"]}
    assert all(best[d["discard"]] >= d["exp_score"] - 1e-9 for d in plain["discards"])
    assert main(["ev", "--shanten-back", hand]) == 0
    assert "shanten-back" in capsys.readouterr().out
    assert main(["ev", "--model", "full", "--tegawari", hand]) == 2
    assert "simple model" in capsys.readouterr().err


def test_best_only_searches_the_discards_keeping_the_shanten():
    # the like-for-like setting of the benchmark: the same rows for the discards that keep
    # the shanten, nothing for the others (their shanten still given)
    rng = random.Random(51)
    rules = rule_flags("tenhou")
    for _ in range(6):
        hand = random_hand(rng, 2)
        packed = pack(hand, 0, ())
        for extra in (0, core.lib.MJ_EV_SHANTEN_BACK | core.lib.MJ_EV_TEGAWARI):
            flags = EvOptions().flags | extra
            s, every, _ = core.ev_packed(packed, 3, flags, rules)
            s2, best, _ = core.ev_packed(packed, 3, flags | core.lib.MJ_EV_BEST_ONLY, rules)
            assert s == s2 and list(every["shanten"]) == list(best["shanten"])
            kept = [k for k in range(34) if 0 <= every["shanten"][k] <= s]
            assert kept
            for k in range(34):
                for name in ("tenpai", "win", "score"):
                    if k in kept:
                        assert list(best[name][k]) == pytest.approx(list(every[name][k]), rel=1e-12, abs=1e-12)
                    else:
                        assert not best[name][k].any()


def test_cancel_flag_stops_the_graph_search():
    from mjgui.ev import EvCancelled
    flag = core.cancel_flag()
    flag[0] = 1
    options = EvOptions(shanten_back=True, tegawari=True)
    with pytest.raises(EvCancelled):
        expected_values("13m5p46799p2458s27z", 1, options, cancel=flag)
    flag[0] = 0
    assert expected_values("13m5p46799p2458s27z", 1, options, cancel=flag).rows


def test_a_graph_without_states():
    # a tenpai hand whose searched discards are all tenpai: the graph has nothing to value
    packed = pack(Hand.parse("23m456p789s55p123s9m dora:1z seat:S"), 0, ())
    flags = EvOptions(shanten_back=True, tegawari=True).flags | core.lib.MJ_EV_BEST_ONLY
    s, rows, states = core.ev_packed(packed, 1, flags, rule_flags("tenhou"))
    plain, _, _ = core.ev_packed(packed, 1, EvOptions().flags, rule_flags("tenhou"))
    # the tenpai state of 9m, as a double riichi and, for by_turn's later starts, a riichi
    assert s == plain == 0 and states == 2
    nine = Tile.from_name("9m").kind
    assert rows["win"][nine][1] == pytest.approx(expected_values("23m456p789s55p123s9m dora:1z seat:S").row("9m").win_prob)


@pytest.mark.parametrize("text", ["58s2p7s53p58m6s3764m1p dora:2z seat:S", "28m6s84m95s3m462738s dora:5s seat:S",
                                  "5m80p6m45s6p4s746p5s7m6s dora:8p seat:S"])
def test_tenpai_hands_whose_search_outgrows_its_first_tables(text):
    """A tenpai hand's search starts with 256-slot hash tables (csrc/ev.c, csrc/ev_graph.c):
    these hands, the largest of 400 random tenpai hands, search more than 128 states at turn
    1, so the tables grow while the graph is built; every row still matches the slow
    reference, from turn 1 and from a later turn."""
    hand = Hand.parse(text)
    options = EvOptions(shanten_back=True, tegawari=True)
    _, _, states = core.ev_packed(pack(hand, 0, ()), 1, options.flags, rule_flags("tenhou"))
    assert states > 128
    for turn in (1, 7):
        r = expected_values(hand, turn, options)
        model = OptionsModel(hand, turn, shanten_back=True, tegawari=True)
        for row in r.rows:
            for got, want in zip(_numbers(row), model.discard(row.discard.kind)):
                assert got == pytest.approx(want, rel=1e-9, abs=1e-9), (text, turn, row.name)
