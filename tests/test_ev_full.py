"""The full expected-value model (docs/ev.md): the slow reference's numbers
(tests/ev_reference.py) with seen tiles, ron and furiten; closed forms of a
tenpai hand's win probability by seat; the reduction to the simple model;
invariants; the red-five indicator; cancelling; the CLI."""
from __future__ import annotations

import json
import math
import random
from dataclasses import replace

import pytest

from mjgui import core
from mjgui.cli import main
from mjgui.ev import EvCancelled, EvOptions, expected_values
from mjgui.hand import Hand
from mjgui.scoring import score
from mjgui.tiles import Tile

from ev_reference import Model, never_grow
from test_ev import random_hand

FULL = EvOptions(model="full")
# 23m waits on 1m and 4m (8 tiles); one indicator: the simple model's pool is 121 - t at draw t
RYANMEN = "23m456p789s55p123s9m dora:1z"


def with_seen(rng: random.Random, hand: Hand, visible: int, discards: int) -> Hand:
    """The hand with random tiles seen among the ones it leaves."""
    rest = [k for k in range(34) for _ in range(4 - hand.counts[k] - sum(t.kind == k for t in hand.dora_indicators))]
    rng.shuffle(rest)
    return replace(hand, visible=tuple(Tile(k) for k in rest[:visible]),
                   discards=tuple(Tile(k) for k in rest[visible:visible + discards]))


def check_against_reference(hand: Hand, turn: int, options: EvOptions) -> None:
    r = expected_values(hand, turn, options)
    model = Model(hand, turn, ippatsu=options.ippatsu, haitei=options.haitei, ura=options.ura, full=True,
                  ron_dama=options.ron_dama, ron_riichi=options.ron_riichi, calls=options.calls,
                  call_share=options.call_share)
    for row in r.rows:
        ref = model.discard(row.discard.kind)
        got = (row.tenpai_prob, row.win_prob, row.exp_score)
        assert got == pytest.approx(ref, rel=1e-9, abs=1e-9), (str(hand), turn, row.name)
        if row.shanten == 0:
            choices = model.choices(row.discard.kind)
            assert {n for n in ("riichi", "dama") if getattr(row, n)} == set(choices)
            for name, (win, pts) in choices.items():
                choice = getattr(row, name)
                assert (choice.win_prob, choice.exp_score) == pytest.approx((win, pts), rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("seed", range(4))
def test_tenpai_hands_match_the_reference(seed):
    rng = random.Random(100 + seed)
    for _ in range(20):
        hand = with_seen(rng, random_hand(rng, 0, indicators=rng.choice((1, 1, 1, 2, 3))),
                         rng.randrange(0, 30), rng.randrange(0, 8))
        # (two kans, three indicators: the reference's ura average over them is slow)
        options = EvOptions(model="full", ippatsu=rng.random() < 0.7, haitei=rng.random() < 0.7,
                            ura=rng.random() < 0.7 and len(hand.dora_indicators) < 3,
                            ron_dama=rng.choice((0.0, 0.5, 1.0)),
                            ron_riichi=rng.choice((0.0, 0.25, 0.6)))
        check_against_reference(hand, rng.randrange(1, 18), options)


@pytest.mark.parametrize("seed", range(2))
def test_one_shanten_hands_match_the_reference(seed):
    rng = random.Random(200 + seed)
    for _ in range(5):
        hand = with_seen(rng, random_hand(rng, 1), rng.randrange(0, 20), rng.randrange(0, 6))
        check_against_reference(hand, rng.randrange(13, 18), FULL)


def test_reduces_to_the_simple_model_without_ron_or_seen_tiles():
    # seat South draws to 17 with haitei on 17 like the simple model; with no ron and nothing
    # seen, riichi beats dama on points and ties on the win, so every number is the simple one
    rng = random.Random(7)
    no_ron = EvOptions(model="full", ron_dama=0.0, ron_riichi=0.0)
    for _ in range(12):
        hand = replace(random_hand(rng, 2), seat_wind=1)
        turn = rng.randrange(1, 14)
        simple = {r.name: r for r in expected_values(hand, turn).rows}
        for row in expected_values(hand, turn, no_ron).rows:
            other = simple[row.name]
            for name in ("tenpai_prob", "win_prob", "exp_score"):
                assert getattr(row, name) == pytest.approx(getattr(other, name), rel=1e-12, abs=1e-12)
                assert row.by_turn[name] == pytest.approx(other.by_turn[name], rel=1e-12, abs=1e-12)


def ron_tsumo_win(waits: int, pools: list[int], q: float, final_pool: int, final_discards: int) -> float:
    """1 - the chance that no ron (three opponent discards before each draw, then the
    final ones) and no tsumo happens: independent chances per discard and draw."""
    miss = 1.0
    for pool in pools:
        miss *= (1 - q * waits / pool) ** 3 * (1 - waits / pool)
    return 1 - miss * (1 - q * waits / final_pool) ** final_discards


@pytest.mark.parametrize("seat, last, final", [(0, 17, 1), (1, 17, 0), (2, 16, 3), (3, 16, 2)])
def test_tenpai_win_probability_closed_form_by_seat(seat, last, final):
    hand = Hand.parse(f"{RYANMEN} visible:7z7z6z seat:{'ESWN'[seat]}")
    turn = 5
    row = expected_values(hand, turn, FULL).row("9m")
    pools = [121 - t - 3 for t in range(turn, last + 1)]
    assert row.dama.win_prob == pytest.approx(ron_tsumo_win(8, pools, 0.5, 121 - (last + 1) - 3, final), rel=1e-12)
    assert row.riichi.win_prob == pytest.approx(ron_tsumo_win(8, pools, 0.25, 121 - (last + 1) - 3, final),
                                                rel=1e-12)
    assert row.win_prob == max(row.riichi.win_prob, row.dama.win_prob)
    # West and North make no draw after turn 17: only the opponents' last discards
    if last == 16:
        row = expected_values(hand, 17, FULL).row("9m")
        assert row.dama.win_prob == pytest.approx(1 - (1 - 0.5 * 8 / (121 - 17 - 3)) ** final, rel=1e-12)


@pytest.mark.parametrize("seat, kans, last, final", [
    # one kan: 69 live draws, East draws the last tile (its 18th); the others draw 17 times
    (0, 1, 17, 0), (1, 1, 16, 3), (2, 1, 16, 2), (3, 1, 16, 1),
    # two: 68, North draws the last, every seat 17 times
    (0, 2, 16, 3), (1, 2, 16, 2), (3, 2, 16, 0),
    # three: 67, West draws the last, North only 16 times; four: 66, South the last
    (2, 3, 16, 0), (3, 3, 15, 3), (1, 4, 16, 0), (2, 4, 15, 3),
])
def test_each_kan_ends_the_wall_a_draw_sooner(seat, kans, last, final):
    # each kan flips one more indicator and takes its replacement tile off the live wall's end
    indicators = "".join(f"{k}z" for k in range(1, kans + 2))
    hand = Hand.parse(f"23m456p789s55p123s9m dora:{indicators} visible:7z7z6z seat:{'ESWN'[seat]}")
    wall = 122 - (kans + 1) - 3
    turn = 5
    row = expected_values(hand, turn, FULL).row("9m")
    pools = [wall - t for t in range(turn, last + 1)]
    assert row.dama.win_prob == pytest.approx(ron_tsumo_win(8, pools, 0.5, wall - (last + 1), final), rel=1e-12)
    assert row.riichi.win_prob == pytest.approx(ron_tsumo_win(8, pools, 0.25, wall - (last + 1), final),
                                                rel=1e-12)
    # fewer than four tiles are left at the seat's last draw: no riichi there, still one draw before
    assert expected_values(hand, last + 1, FULL).row("9m").riichi is None
    assert expected_values(hand, last, FULL).row("9m").riichi is not None
    # the reference averages ura dora over every way three or more indicators fall: slow
    check_against_reference(hand, turn, FULL if kans < 2 else EvOptions(model="full", ura=False))


def test_furiten_wins_by_tsumo_only():
    # discarding 1m from the complete hand leaves the 1-4m wait with a 1m among the own
    # discards: furiten
    free = expected_values(f"{RYANMEN} seat:S", 3, FULL).row("9m")
    hand = Hand.parse("23m456p789s55p123s1m dora:1z seat:S")
    furiten = expected_values(hand, 3, FULL).row("1m")
    tsumo_only = 1 - math.prod(1 - 8 / (121 - t) for t in range(3, 18))
    assert furiten.dama.win_prob == pytest.approx(tsumo_only, rel=1e-12)
    assert furiten.riichi.win_prob == pytest.approx(tsumo_only, rel=1e-12)
    assert free.dama.win_prob > tsumo_only
    # a wait among earlier discards (the discards: token) is furiten too, and that copy is gone
    earlier = expected_values(f"{RYANMEN} seat:S discards:4m", 3, FULL).row("9m")
    assert earlier.dama.win_prob == pytest.approx(1 - math.prod(1 - 7 / (121 - t) for t in range(3, 18)),
                                                  rel=1e-12)


def test_dama_needs_a_yaku_for_ron():
    # 1112m waits on 2m (tanki) and 3m: no yaku but riichi / menzen tsumo -- dama wins by tsumo only
    hand = "1112m456p789s678s9p dora:1z seat:S"
    row = expected_values(hand, 4, FULL).row("9p")
    assert score("11122m456p789s678s seat:S dora:1z win:2m").wins is False
    tsumo_waits = 3 + 4           # 2m and 3m left
    tsumo_only = 1 - math.prod(1 - tsumo_waits / (121 - t) for t in range(4, 18))
    assert row.dama.win_prob == pytest.approx(tsumo_only, rel=1e-12)
    assert row.riichi.win_prob > tsumo_only


def test_invariants_with_seen_tiles():
    rng = random.Random(9)
    for _ in range(8):
        hand = with_seen(rng, random_hand(rng, 2), rng.randrange(0, 30), rng.randrange(0, 8))
        r = expected_values(hand, rng.randrange(1, 12), FULL)
        for row in r.rows:
            assert 0 <= row.win_prob <= row.tenpai_prob <= 1 + 1e-12
            for name, values in row.by_turn.items():
                assert never_grow(name, values, r.turn), (name, values)
            if row.shanten == 0:
                assert row.win_prob == max(row.riichi.win_prob, row.dama.win_prob)
                assert row.exp_score == max(row.riichi.exp_score, row.dama.exp_score)


@pytest.mark.parametrize("model", ["simple", "full"])
def test_a_red_five_indicator_leaves_no_red_five_in_the_wall(model):
    # 46m waits on 5m only: three left either way; a red indicator leaves three plain 5m,
    # a plain one a red and two plain
    options = EvOptions(model=model, ippatsu=False, haitei=False, ura=False, ron_dama=0.0, ron_riichi=0.0)
    base = "46m456p789s55p123s9m seat:S"
    red_ind = expected_values(f"{base} dora:0m", 2, options).row("9m")
    plain_ind = expected_values(f"{base} dora:5m", 2, options).row("9m")
    assert red_ind.win_prob == plain_ind.win_prob
    plain_pts = score("456m456p789s55p123s seat:S dora:5m win:5m tsumo riichi").total
    red_pts = score("406m456p789s55p123s seat:S dora:5m win:0m tsumo riichi").total
    assert red_pts > plain_pts
    assert red_ind.exp_score == pytest.approx(red_ind.win_prob * plain_pts, rel=1e-12)
    assert plain_ind.exp_score == pytest.approx(plain_ind.win_prob * (red_pts + 2 * plain_pts) / 3, rel=1e-12)


def test_cancel_flag_stops_the_search():
    flag = core.cancel_flag()
    flag[0] = 1
    with pytest.raises(EvCancelled):
        expected_values("13m5p46799p2458s27z", 1, FULL, cancel=flag)
    flag[0] = 0
    assert expected_values("13m5p46799p2458s27z", 1, FULL, cancel=flag).rows


def test_bad_parameters_are_refused():
    for kwargs, words in (({"model": "fancy"}, "model"), ({"ron_dama": 1.5}, "ron_dama"),
                          ({"ron_riichi": -0.1}, "ron_riichi")):
        with pytest.raises(ValueError) as err:
            EvOptions(**kwargs)
        assert words in str(err.value)


def test_cli_full_model(capsys):
    assert main(["ev", "--json", "--model", "full", f"{RYANMEN} seat:S visible:7z"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["model"] == "full"
    top = record["discards"][0]
    assert top["discard"] == "9m" and set(top["riichi"]) == {"win_prob", "exp_score", "by_turn"}
    assert top["win_prob"] == max(top["riichi"]["win_prob"], top["dama"]["win_prob"])
    assert main(["ev", "--model", "full", "--ron-riichi", "0", f"{RYANMEN} seat:S"]) == 0
    out = capsys.readouterr().out
    assert "full model" in out and "riichi" in out and "dama" in out


def test_a_newer_request_stops_the_running_search(qtbot):
    from mjgui.ui.analysis_worker import AnalysisWorker
    worker = AnalysisWorker()
    results = []
    worker.ev_finished.connect(results.append)
    worker.request(Hand.parse("13m5p46799p2458s27z"))
    first = worker._job
    worker.request(Hand.parse(RYANMEN))
    assert first.cancel[0] == 1 and worker._job.cancel[0] == 0
    assert worker.wait(20000)
    qtbot.waitUntil(lambda: bool(results), timeout=5000)
    assert [str(r.hand) for r in results] == [str(Hand.parse(RYANMEN))] and results[0].ev.rows


@pytest.mark.parametrize("seat, last", [("E", 17), ("S", 17), ("W", 16), ("N", 16)])
def test_no_riichi_at_the_last_draw(seat, last):
    # 70 live draws from the dealer: at every seat's last draw fewer than four tiles are left
    # (East's 18th draw leaves 1, South's 0, West's 17th 3, North's 2), so a tenpai made there
    # waits dama; one draw earlier (5, 4, 7, 6 left) riichi is still allowed
    hand = f"1112m456p789s678s9p dora:1z seat:{seat}"
    at_last = expected_values(hand, last + 1, FULL).row("9p")
    assert at_last.riichi is None and at_last.dama is not None
    assert (at_last.win_prob, at_last.exp_score) == (at_last.dama.win_prob, at_last.dama.exp_score)
    earlier = expected_values(hand, last, FULL).row("9p")
    assert earlier.riichi is not None and earlier.riichi.win_prob > earlier.dama.win_prob
    if last == 16:
        # the yakuless wait wins only by houtei (South's final discard, the round's last
        # tile); riichi would have won the three final discards' rons
        assert at_last.win_prob == pytest.approx(0.5 * 7 / (121 - 17), rel=1e-12)
        # an earlier turn's riichi table (draws to 17) is zero where riichi can't be declared
        table = earlier.riichi.by_turn["win_prob"]
        assert table[-1] == 0 and table[-2] > 0
    # the simple model still declares riichi at every tenpai
    assert expected_values(hand, last, EvOptions()).row("9p").riichi is not None


def test_the_rounds_last_discard_is_houtei():
    # seat West at turn 17 draws no more: only the three final discards, the last of them
    # South's, the round's last tile -- houtei gives the yakuless dama wait (2m, 3m) its yaku
    hand = "1112m456p789s678s9p dora:1z seat:W"
    row = expected_values(hand, 17, FULL).row("9p")
    pool = 121 - 17                                         # one indicator, nothing seen
    pts_2m = score("11122m456p789s678s seat:W dora:1z win:2m houtei").total
    pts_3m = score("11123m456p789s678s seat:W dora:1z win:3m houtei").total
    assert pts_2m > 0 and pts_3m > 0
    assert row.dama.win_prob == pytest.approx(0.5 * 7 / pool, rel=1e-12)
    assert row.dama.exp_score == pytest.approx(0.5 * (3 * pts_2m + 4 * pts_3m) / pool, rel=1e-12)
