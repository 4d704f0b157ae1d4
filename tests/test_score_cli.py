"""`mjgui score`: arguments and stdin, human and JSON output, rule presets, bad lines."""
from __future__ import annotations

import io
import json
import subprocess
import sys

from mjgui.cli import main


def run(capsys, argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_json_fields(capsys):
    status, out, _ = run(capsys, ["score", "--json",
                                  "88m667799p4455s33z dora:4p1z ura:9p1s round:E seat:E win:3z ron riichi"])
    assert status == 0
    record = json.loads(out)
    # riichi + seven pairs, dealer ron: 3 han 25 fu = 25 x 2^5 x 6 = 4,800
    assert (record["han"], record["fu"], record["yakuman"], record["total"]) == (3, 25, 0, 4800)
    assert record["yaku"] == [{"name": "Riichi", "han": 1}, {"name": "Chiitoitsu", "han": 2}]
    assert record["payments"] == {"ron": 4800} and record["limit"] is None
    assert set(record) >= {"hand", "han", "fu", "yakuman", "yaku", "limit", "total", "payments"}


def test_human_output_and_stdin(capsys, monkeypatch):
    status, out, err = run(capsys, ["score"], "123m456p789s55m123s win:1s seat:S tsumo honba:1\n"
                                              "# a comment\n\n", monkeypatch)
    assert status == 0 and err == ""
    assert "Menzen tsumo 1 han" in out and "Pinfu 1 han" in out
    assert "2 han 20 fu, tsumo 400-700" in out
    assert "fu: base 20 = 20" in out


def test_no_yaku_answers_zero_with_a_reason(capsys):
    status, out, _ = run(capsys, ["score", "--json", "123m456p789s22z chi:4*56s@L win:2z seat:W dora:1m"])
    record = json.loads(out)
    assert status == 0
    assert (record["han"], record["yaku"], record["total"]) == (0, [], 0) and "no yaku" in record["reason"]


def test_bad_hands_one_line_each_and_the_rest_answered(capsys):
    status, out, err = run(capsys, ["score", "--json", "123m45p win:1m",
                                    "123m456p789s55m123s win:1s tsumo houtei",
                                    "123m456p789s55m123s win:1s ippatsu",
                                    "123m456p789s55m123s win:1s seat:S"])
    assert status == 2
    lines = err.strip().splitlines()
    assert len(lines) == 3 and all(line.startswith("mjgui: argument") for line in lines)
    assert "14 tiles" in lines[0] and "houtei" in lines[1] and "ippatsu" in lines[2]
    assert json.loads(out)["total"] == 1000


def test_rules_presets(capsys):
    hand = "19m19p19s1234567z1m win:1m seat:S"
    assert json.loads(run(capsys, ["score", "--json", hand])[1])["total"] == 32000
    record = json.loads(run(capsys, ["score", "--json", "--rules", "majsoul", hand])[1])
    assert record["total"] == 64000 and record["yakuman"] == 2


def test_as_a_program():
    done = subprocess.run([sys.executable, "-m", "mjgui", "score", "--json"], input="111z222z333z444z55z win:5z\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert json.loads(done.stdout)["yakuman"] == 3     # tsuuiisou, daisuushii, suuankou tanki


def test_a_yakuman_prints_no_empty_fu_count(capsys):
    """issue 26, item 9: a yakuman counts no fu; the report had "fu:  = 0"."""
    status, out, _ = run(capsys, ["score", "19m19p19s1234567z1m win:1m tsumo"])
    assert status == 0
    assert "Kokushi" in out and "16,000 all" in out
    assert "fu:" not in out and "= 0" not in out
    from mjgui.hand import Hand
    from mjgui.scoring import score
    s = score(Hand.parse("19m19p19s1234567z1m win:1m tsumo"))
    assert s.fu_text() == "not counted (a yakuman)" and s.fu_text("ja") == "役満は符を数えない"
