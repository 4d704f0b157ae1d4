"""`mjgui ev`: the turn it prints is the turn it used, one message for a bad turn, and a
hand above the searched shanten answers with its ukeire ranking in `discards`."""
from __future__ import annotations

import json

import pytest

import reference as ref
from mjgui.cli import main
from mjgui.ev import MAX_SHANTEN, expected_values
from mjgui.hand import Hand
from mjgui.tiles import KIND_NAMES, TileError

TENPAI = "23m456p789s55p123s9m"
FAR = "1358m2469p13578s1z"                      # 4-shanten: beyond the search


def test_turn_option_overrides_the_hands_and_is_the_one_printed(capsys):
    assert main(["ev", f"{TENPAI} turn:5", "--turn", "3"]) == 0
    out = capsys.readouterr().out
    head = out.splitlines()[0]
    assert "turn 3" in head and "turn:5" not in head and "5" not in head.split(":")[-1]
    assert main(["ev", "--json", f"{TENPAI} turn:5", "--turn", "3"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["turn"] == 3 and Hand.parse(record["hand"]).turn == 3
    # the numbers are those of turn 3, not 5
    three = expected_values(TENPAI, 3)
    assert record["discards"][0]["win_prob"] == three.rows[0].win_prob != expected_values(TENPAI, 5).rows[0].win_prob
    assert record["supported"] is True


@pytest.mark.parametrize("value", ["x", "0", "19", "99", "123", "-1", "３"])
def test_one_message_for_a_bad_turn(value, capsys):
    with pytest.raises(TileError) as error:
        Hand.parse(f"{TENPAI} turn:{value}")
    assert str(error.value) == f"turn:{value} must be a whole number 1-18 (the draw just made)"
    assert main(["ev", f"{TENPAI} turn:{value}"]) == 2
    assert str(error.value) in capsys.readouterr().err


def test_a_bad_turn_argument_says_the_same():
    with pytest.raises(ValueError) as error:
        expected_values(TENPAI, 0)
    assert str(error.value) == "turn:0 must be a whole number 1-18 (the draw just made)"


def test_above_the_search_the_discards_are_the_ukeire_ranking(capsys):
    counts = ref.parse(FAR)
    assert ref.shanten(counts) == MAX_SHANTEN + 1
    assert main(["ev", "--json", FAR]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["supported"] is False and "up to 3-shanten" in record["note"]
    assert "4-shanten" in record["note"]
    discards = record["discards"]
    # every kind held once, each with its shanten and ukeire from the definition
    assert sorted(d["discard"] for d in discards) == sorted(KIND_NAMES[k] for k in range(34) if counts[k])
    for d in discards:
        kind = KIND_NAMES.index(d["discard"])
        after = ref._plus(counts, kind, -1)
        assert d["shanten"] == ref.shanten(after)
        tiles = ref.ukeire(after)
        assert [u["tile"] for u in d["ukeire"]] == [KIND_NAMES[k] for k in tiles]
        assert d["ukeire_total"] == sum(4 - counts[k] for k in tiles)
        assert d["tenpai_prob"] is d["win_prob"] is d["exp_score"] is d["by_turn"] is None
    # best first: lowest shanten, then most ukeire
    keys = [(d["shanten"], -d["ukeire_total"]) for d in discards]
    assert keys == sorted(keys)
    assert main(["ev", FAR]) == 0
    out = capsys.readouterr().out
    assert "searched up to 3-shanten" in out and f"discard {discards[0]['discard']}:" in out
