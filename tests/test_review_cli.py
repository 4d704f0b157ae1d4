"""`python -m mjgui review`: the human report, the --json schema, --player, the problem
export, and one clear line on stderr (exit 2) for a bad file or player."""
from __future__ import annotations

import gzip
import json
import re

import pytest

from logs_literal import MJLOG, TENHOU6
from logsim import simulate
from mjgui.cli import main
from mjgui.drills.problems import load_set
from mjgui.hand import Hand
from mjgui.logs import mjai, tenhou6


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(tenhou6.to_json(simulate(2))), encoding="utf-8")
    return path


def run(capsys, *args):
    status = main(["review", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_schema(capsys, game):
    status, out, err = run(capsys, game, "--json", "--player", "Bob")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["format"] == "tenhou6" and data["players"] == ["Ann", "Bob", "Cid", "Dee"] and data["player"] == 1
    assert [r["round"] for r in data["rounds"]] == ["E1", "E2", "E3", "E4", "S1", "S2", "S3", "S4"]
    kinds = set()
    for rnd in data["rounds"]:
        assert isinstance(rnd["honba"], int) and rnd["result"]["kind"] in ("win", "draw", "abortive")
        for d in rnd["decisions"]:
            kinds.add(d["kind"])
            hand = Hand.parse(d["hand"])
            assert isinstance(d["loss"], float) and d["loss"] >= 0 and isinstance(d["rank"], int)
            assert isinstance(d["riichi"], bool) and isinstance(d["tenpai"], bool) and isinstance(d["furiten"], bool)
            assert d["evaluator"] in ("ev", "analysis", "forced", "ron", "calls")
            assert isinstance(d["shanten"], int)
            if d["kind"] == "discard":
                assert hand.size == 14 and d["played"] in [t.name for t in hand.concealed]
                assert d["best"] in [t.plain_name for t in hand.concealed]
                assert d["best_choice"].split()[0] == d["best"] and d["best_choice"] in d["best_all"]
            else:
                assert hand.size == 13 and d["played"] in ("pass", "pon", "chi", "kan", "ron")
    assert kinds == {"discard", "call"}
    assert set(data["summary"]) == {"decisions", "agreed", "agreement", "loss"}


def test_human_report(capsys, tmp_path):
    path = tmp_path / "game.mjlog"
    path.write_bytes(gzip.compress(MJLOG.encode()))
    status, out, err = run(capsys, path, "--player", "1")
    assert status == 0
    assert out.splitlines()[0] == "Review of あ (seat 1), mjlog log, 1 round"
    assert "E1-0: seat 1 wins by ron from seat 0, 4 han, 7,700 points" in out
    assert "Summary: 2 decisions" in out
    assert "Scoring check: 1 of 1 wins scored as the log paid" in out


def test_mjai_and_the_same_decisions(capsys, tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.json"
    record = simulate(4)
    a.write_text(mjai.dumps(record), encoding="utf-8")
    b.write_text(json.dumps(tenhou6.to_json(record)), encoding="utf-8")
    _, out_a, _ = run(capsys, a, "--json")
    _, out_b, _ = run(capsys, b, "--json")
    da, db = json.loads(out_a), json.loads(out_b)
    assert da["format"] == "mjai" and db["format"] == "tenhou6"
    assert [r["decisions"] for r in da["rounds"]] == [r["decisions"] for r in db["rounds"]]


@pytest.mark.parametrize("content,needle", [
    (b"not a log at all", "not a game log"),
    (TENHOU6.replace('"name":["Ann","あ","C","D"]', '"name":["A","B","C"]').encode(), "three-player"),
    (MJLOG[:300].encode(), "not well-formed XML"),
])
def test_bad_files_are_one_line(capsys, tmp_path, content, needle):
    path = tmp_path / "bad.log"
    path.write_bytes(content)
    status, out, err = run(capsys, path)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err and "Traceback" not in err


def test_bad_player_and_missing_file(capsys, game, tmp_path):
    status, _, err = run(capsys, game, "--player", "Zed")
    assert status == 2 and "no player 'Zed'" in err
    status, _, err = run(capsys, tmp_path / "missing.mjlog")
    assert status == 2 and "cannot read the file" in err


def test_export_problems(capsys, game, tmp_path):
    out = tmp_path / "mistakes.json"
    status, _, err = run(capsys, game, "--export-problems", out, "--player", "0")
    assert status == 0 and "problems to" in err
    problems = load_set(out)
    data = json.loads(run(capsys, game, "--json", "--player", "0")[1])
    def tiles(d):                     # the best choices' tiles: "5m riichi" is 5m
        return list(dict.fromkeys(b.split()[0] for b in d["best_all"]))

    costly = [d for r in data["rounds"] for d in r["decisions"] if d["kind"] == "discard"
              and ((d["unit"] == "points" and d["loss"] > 300) or (d["unit"] == "ukeire" and d["loss"] > 4))
              and Hand.parse(d["played"]).concealed[0].plain_name not in tiles(d)     # not a riichi choice only
              and not d["under_threat"]]          # push / fold is no nanikiru problem (docs/logs.md)
    nanikiru = [p for p in problems if p.drill == "nanikiru"]
    assert len(nanikiru) == len(costly) > 0
    # the costly decisions under a riichi are defence problems (docs/defence-drill.md)
    threatened = [d for r in data["rounds"] for d in r["decisions"] if d["kind"] == "discard"
                  and d["unit"] == "points" and d["loss"] > 300 and d["under_threat"]
                  and any(t["riichi"] for t in d["threats"]) and d["choice"] not in d["best_all"]]
    defence = [p for p in problems if p.drill == "defence"]
    assert len(defence) == len(threatened) and len(problems) == len(nanikiru) + len(defence)
    for p, d in zip(nanikiru, costly):
        assert p.drill == "nanikiru" and list(p.answer) == tiles(d)
        hand = Hand.parse(d["hand"])
        assert p.to_hand().concealed == hand.concealed and p.turn == hand.turn


def test_the_summary_counts_call_mistakes_as_the_app_does(capsys, tmp_path):
    """issue 26, item 9: the text said "total loss: 0.0 bad calls" while the app counted call
    mistakes (their loss in points); it now lists no empty loss and counts the calls that were
    not the best, as the app's summary does."""
    from mjgui.logs import loads
    from mjgui.logs.review import review_game
    record = simulate(2)
    path = tmp_path / "g.jsonl"
    path.write_text(mjai.dumps(record), encoding="utf-8")
    found = False
    for seat in range(4):
        status, out, _ = run(capsys, path, "--player", seat)
        line = next(x for x in out.splitlines() if x.startswith("Summary:"))
        assert status == 0 and not re.search(r"(: |, )0(\.0)? [a-z]", line) and "bad calls" not in line
        kinds = review_game(loads(path.read_bytes()), seat).summary()["kinds"]
        assert f"not the best: {kinds['shape'] + kinds['value']} discards, {kinds['calls']} calls" in line
        found |= kinds["calls"] > 0
    assert found                # some seat made a call mistake
