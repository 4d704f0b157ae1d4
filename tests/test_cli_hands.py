"""The `shanten` and `waits` subcommands: the full hand text form (melds, dora, visible),
against hand-checked answers and the slow reference with caps."""
from __future__ import annotations

import json

import reference as ref
from mjgui import cli


def run(capsys, *argv):
    status = cli.main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_plain_hands_answer_as_before(capsys) -> None:
    status, out, _ = run(capsys, "shanten", "1111m234p567s789s", "333368m1111444z")
    assert status == 0
    assert out.splitlines() == [
        "1111m234p567789s: shanten 1 (regular 1, seven pairs 4, thirteen orphans 10)",
        "333368m1111444z: shanten 2 (regular 2, seven pairs 5, thirteen orphans 10)"]
    status, out, _ = run(capsys, "waits", "1112345678999m")
    assert out.strip() == ("1112345678999m: tenpai, waits 1m(1) 2m(3) 3m(3) 4m(3) 5m(3) 6m(3) "
                           "7m(3) 8m(3) 9m(1) - 23 tiles")


def test_shanten_with_a_meld_follows_the_caps(capsys) -> None:
    status, out, _ = run(capsys, "shanten", "--json", "1m234p567s789s pon:1*11m@R")
    record = json.loads(out)
    assert status == 0
    assert record == {"hand": "1m234p567789s pon:1*11m@R", "shanten": 1, "regular": 1,
                      "chiitoi": None, "kokushi": None}
    assert ref.regular_shanten(ref.parse("1m234p567s789s"), ref.caps_of_melds([[0, 0, 0]])) == 1


def test_waits_with_melds_dora_and_visible(capsys) -> None:
    status, out, _ = run(capsys, "waits", "--json", "23m456p789s11z pon:1*11m@L dora:4m visible:4m")
    record = json.loads(out)
    assert status == 0 and record["shanten"] == 0
    assert record["waits"] == ["1m", "4m"]
    # 1m: three in the pon; 4m: one dora indicator, one visible
    assert record["ukeire"] == [{"tile": "1m", "remaining": 1}, {"tile": "4m", "remaining": 2}]
    _, out, _ = run(capsys, "waits", "1m234p567s789s pon:1*11m@R")
    assert out.startswith("1m234p567789s pon:1*11m@R: 1-shanten, ukeire 2m(4)")
    assert " 1m(" not in out


def test_bad_hands_are_reported_and_the_rest_answered(capsys) -> None:
    status, out, err = run(capsys, "waits", "123m pon:1*11z", "chi:3*45m", "123m456p789s1z")
    assert status == cli.EXIT_BAD_INPUT
    assert out.strip() == "123m456p789s1z: tenpai, waits 1z(3) - 3 tiles"
    assert "argument 1" in err and "argument 2" in err
