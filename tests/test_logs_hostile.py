"""Hostile and cut logs of issue 26: a FIFO (item 2), numbers past any game (3), too many
rounds and cancelling (4), huge names, deep nesting and many attributes (5), mjai wins without
hora_points (7), truncated games (8) and the XML checks past the first 4 KB (10)."""
from __future__ import annotations

import json
import os
import threading
import tracemalloc
from dataclasses import replace

import pytest

from logs_literal import MJAI, MJLOG, TENHOU6
from logsim import simulate
from mjgui.logs import mjai, mjlog, tenhou6
from mjgui.logs.load import load, loads
from mjgui.logs.record import Cancelled, LogError, Win
from mjgui.logs.replay import replay


def _error(text: str, match: str) -> LogError:
    with pytest.raises(LogError, match=match) as info:
        loads(text.encode(), "game.log")
    assert "game.log" in str(info.value)
    return info.value


# ---- item 2: a FIFO is refused at once ----------------------------------------------------------

def _in_thread(work, seconds: float = 10.0):
    """Run `work` in a thread; fail (instead of hanging the test run) when it does not end."""
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = work()
        except BaseException as error:          # the test inspects it
            out["error"] = error
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "reading blocked"
    return out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path):
    from mjgui.drills.problems import ProblemSetError, load_set
    fifo = tmp_path / "f.mjlog"
    os.mkfifo(fifo)
    out = _in_thread(lambda: load(fifo))
    assert isinstance(out.get("error"), LogError) and "not a regular file" in str(out["error"])
    out = _in_thread(lambda: load_set(fifo))
    assert isinstance(out.get("error"), ProblemSetError) and "not a regular file" in str(out["error"])


# ---- item 3: numbers no game has ------------------------------------------------------------------

def test_huge_numbers_are_one_error():
    value = "30符1飜" + "9" * 4300 + "-" + "9" * 4300 + "点"
    _error(TENHOU6.replace("30符4飜7700点", value), "not a value like")
    big = "9" * 4300
    _error(MJLOG.replace('sc="250,-77,', f'sc="250,-{big},'), "sc is not a list of numbers")
    _error(MJLOG.replace('sc="250,-77,', 'sc="250,-99999999,'), "out of range")
    _error(MJLOG.replace('ten="30,7700,0"', f'ten="30,{big},0"'), "ten is not a list of numbers")
    _error(MJAI.replace('"hora_points":7700', '"hora_points":' + "9" * 30), "hora_points must be")


def test_huge_numbers_in_the_cli_are_one_line(tmp_path, capsys):
    from mjgui.cli import main
    path = tmp_path / "g.json"
    path.write_text(TENHOU6.replace("30符4飜7700点", "30符1飜" + "9" * 4000 + "点"), encoding="utf-8")
    for extra in ([], ["--json"]):
        assert main(["review", str(path), *extra]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "not a value like" in err


# ---- item 4: rounds per game, cancelling ------------------------------------------------------

def _tenhou6_rounds(n: int) -> str:
    data = json.loads(TENHOU6)
    data["log"] = data["log"] * n
    return json.dumps(data, ensure_ascii=False)


def test_a_game_has_at_most_64_rounds():
    assert len(loads(_tenhou6_rounds(64).encode()).rounds) == 64
    _error(_tenhou6_rounds(65), "65 rounds: a game has at most 64")
    record = loads(TENHOU6.encode())
    many = replace(record, rounds=record.rounds * 65)
    _error(mjai.dumps(many), "more than 64 rounds")
    _error(mjlog.dumps(many), "more than 64 rounds")
    assert len(loads(mjlog.dumps(replace(record, rounds=record.rounds * 64)).encode()).rounds) == 64


@pytest.mark.parametrize("text", (MJLOG, TENHOU6, MJAI))
def test_loading_and_replaying_stop_when_cancelled(text):
    with pytest.raises(Cancelled):
        loads(text.encode(), cancelled=lambda: True)
    record = loads(text.encode(), cancelled=lambda: False)
    with pytest.raises(Cancelled):
        replay(record, 1, cancelled=lambda: True)
    assert len(replay(record, 1, cancelled=lambda: False).rounds) == 1


# ---- item 5: names, nesting, attributes -----------------------------------------------------------

def _peak(work) -> int:
    tracemalloc.start()
    try:
        work()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


def test_long_names_are_cut_before_they_are_decoded():
    name = "%E3%81%82" * 300                    # 300 x あ, 2,700 characters encoded
    record = loads(MJLOG.replace('n0="%41%6E%6E"', f'n0="{name}"').encode())
    assert record.players[0] == "あ" * 64
    huge = MJLOG.replace('n0="%41%6E%6E"', 'n0="' + "%41" * 2_000_000 + '"').encode()
    assert _peak(lambda: pytest.raises(LogError, loads, huge)) < 60 * 2 ** 20


def test_nesting_and_attributes_are_bounded():
    nested = ("<mjloggm>" + "<a>" * 500_000 + "</a>" * 500_000 + "</mjloggm>").encode()
    with pytest.raises(LogError, match="hold no elements"):
        loads(nested)
    assert _peak(lambda: pytest.raises(LogError, loads, nested)) < 60 * 2 ** 20
    attrs = " ".join(f"a{i}=\"1\"" for i in range(1_000_000))
    many = f"<mjloggm><UN {attrs}/></mjloggm>".encode()
    assert _peak(lambda: pytest.raises(LogError, loads, many)) < 60 * 2 ** 20
    few = " ".join(f"a{i}=\"1\"" for i in range(40))
    _error(MJLOG.replace("<TAIKYOKU ", f"<TAIKYOKU {few} "), "attributes")


# ---- item 7: mjai wins without hora_points -------------------------------------------------------

def test_mjai_points_come_from_the_deltas():
    """The literal's win: 4 han 30 fu, a non-dealer's ron of 7,700 (its deltas -7700 / +8700
    hold the riichi stick)."""
    text = MJAI.replace(',"hora_points":7700', "")
    (win,) = loads(text.encode()).rounds[0].results
    assert win.points == 7700
    (check,) = replay(loads(text.encode()), 1).checks
    assert check.agrees and check.log == (4, 30, 7700)


def test_mjai_ron_points_with_honba_and_sticks():
    """Simulated games (honba and sticks on the table) written without hora_points: every ron
    pays what the simulation valued it at."""
    for seed in range(4):
        record = simulate(seed)
        events = [json.loads(line) for line in mjai.dumps(record).splitlines()]
        text = "".join(json.dumps({k: v for k, v in e.items() if k != "hora_points"}) + "\n" for e in events)
        assert "hora_points" not in text
        back = loads(text.encode())
        for a, b in zip(record.rounds, back.rounds):
            for wa, wb in zip(a.results, b.results):
                if isinstance(wa, Win) and not wa.tsumo:
                    assert wb.points == wa.points, (seed, a.name, a.honba)


# ---- item 8: truncated games --------------------------------------------------------------------------

def test_a_cut_mjai_game_is_truncated():
    lines = mjai.dumps(simulate(3)).splitlines()
    _error("\n".join(lines[:300]), "truncated file")
    _error("\n".join(lines[:-1]), "truncated file: the game does not end")
    _error(MJAI.replace('{"type":"end_game"}\n', ""), "truncated file")
    start = MJAI.splitlines()[:2]
    _error("\n".join(start + ['{"type":"ryukyoku","reason":"fanpai","deltas":[0,0,0,0]}',
                              '{"type":"end_kyoku"}', '{"type":"end_game"}']),
           "truncated file: an exhaustive draw after 0 of the wall's 70 draws")


def test_a_cut_mjlog_game_is_truncated():
    mid = MJLOG.index("<G73/>") + len("<G73/>")
    _error(MJLOG[:mid] + "</mjloggm>", "truncated file: the round stops without a result")
    text = mjlog.dumps(simulate(3))
    lines = text.splitlines()
    first_result = next(i for i, line in enumerate(lines) if line.startswith(("<AGARI", "<RYUUKYOKU")))
    _error("\n".join(lines[:first_result + 1]) + "\n</mjloggm>", "truncated file: the game does not end")


def test_a_cut_tenhou6_round_is_truncated():
    """Three draws a seat, then 流局: the wall is far from empty."""
    data = json.loads(TENHOU6)
    rnd = data["log"][0]
    for seat in range(4):
        rnd[4 + 3 * seat] = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24] if seat == 0 else rnd[4 + 3 * seat]
    data = {"name": ["a", "b", "c", "d"], "log": [[
        [0, 0, 0], [25000] * 4, [41], [],
        [11, 11, 11, 12, 12, 12, 13, 13, 13, 14, 14, 14, 15], [21, 22, 23], [60, 60, 60],
        [16, 16, 16, 17, 17, 17, 18, 18, 18, 19, 19, 19, 15], [24, 25, 26], [60, 60, 60],
        [31, 31, 31, 32, 32, 32, 33, 33, 33, 34, 34, 34, 35], [27, 28, 29], [60, 60, 60],
        [36, 36, 36, 37, 37, 37, 38, 38, 38, 39, 39, 39, 35], [42, 43, 44], [60, 60, 60],
        ["流局", [0, 0, 0, 0]]]]}
    _error(json.dumps(data, ensure_ascii=False), "truncated file: an exhaustive draw after 12 of")


def test_complete_games_still_load(tmp_path):
    for seed in (1, 3, 7):          # exhaustive draws, wins, quads
        record = simulate(seed)
        for text in (mjlog.dumps(record), json.dumps(tenhou6.to_json(record)), mjai.dumps(record)):
            assert len(loads(text.encode()).rounds) == len(record.rounds)


# ---- item 10: the XML checks read the whole file ------------------------------------------------

def test_xml_checks_are_not_limited_to_the_first_4_kb():
    comment = "<!-- " + "x" * 5000 + " -->"
    _error(comment + '<!DOCTYPE x [<!ENTITY a "b">]>' + MJLOG, "DOCTYPE")
    assert len(loads((" " * 5000 + MJLOG).encode()).rounds) == 1
    assert len(loads(("\n" * 5000 + MJLOG).encode()).rounds) == 1
