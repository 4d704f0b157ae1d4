"""Problems and problem-set files: schema, canonical text, round trips, every error kind."""
from __future__ import annotations

import json

import pytest

from mjgui.drills.problems import (FORMAT, VERSION, Call, Problem, ProblemSetError, dumps_set, load_set,
                                   parse_call, parse_set, save_set, starter_set)
from mjgui.hand import Hand, MeldKind
from mjgui.tiles import Tile, TileError


def nanikiru(**kw) -> Problem:
    fields = dict(id="n1", drill="nanikiru", hand="123m456m789p11z23s5s")
    fields.update(kw)
    return Problem(**fields)


def full_set() -> list[Problem]:
    return [
        nanikiru(dora="1z", visible="9p", round="s", seat="W", turn=7, note="ryanmen or kanchan?",
                 answer=("5s",), shanten=0, best=("5s",), difficulty=0.5),
        Problem(id="n2", drill="nanikiru", hand="0m6m789p11z23s55s", melds=("chi:3*24m",), topic="mine"),
        Problem(id="w1", drill="wait", hand="1112345678999m", topic="chinitsu", answer=("1m", "9m", "5m")),
        Problem(id="c1", drill="call", hand="3468m345p567s88p2s", discarded="0m", from_seat="L",
                answer=("chi:34m",), best=("chi:34m",), shanten=1, difficulty=0.667),
        Problem(id="c2", drill="call", hand="239m456p789s11s55z", discarded="5z", from_seat="A",
                answer=("pass", "pon")),
    ]


def test_to_hand_and_views():
    p = full_set()[0]
    hand = p.to_hand()
    assert isinstance(hand, Hand)
    # sorted, the draw (5s, the last tile) written apart at the end
    assert str(hand) == "123456m789p23s11z5s dora:1z visible:9p round:S seat:W"
    assert hand.size == 14 and p.drawn == Tile.from_name("5s")
    open_hand = full_set()[1].to_hand()
    assert open_hand.melds[0].kind is MeldKind.CHI and open_hand.concealed[0] == Tile(4, True)
    call = full_set()[3]
    assert call.discarded_tile == Tile(4, True) and call.to_hand().size == 13 and call.drawn is None


def test_canonical_text():
    p = full_set()[0]
    assert (p.round, p.seat) == ("S", "W")
    assert full_set()[2].answer == ("1m", "5m", "9m")              # sorted, plain names
    w = Problem(id="w", drill="wait", hand="123m456p789s 23s 55s", visible="9s1s", answer=["4s", "1s"])
    assert w.hand == "123m456p7892355s" and w.visible == "19s" and w.answer == ("1s", "4s")
    c = full_set()[4]
    assert c.answer == ("pon", "pass")                              # pon, chi..., pass
    assert full_set()[1].melds == ("chi:23*4m@L",)
    assert nanikiru(answer=["0m"], hand="0m23m456m789p11z235s").answer == ("5m",)


def test_json_keys_in_schema_order_and_optional_keys_omitted():
    data = full_set()[3].to_json()
    assert list(data) == ["id", "kind", "hand", "melds", "dora", "visible", "round", "seat", "turn",
                          "theme", "discarded", "from", "answer", "shanten", "best", "difficulty"]
    assert data["discarded"] == "0m" and data["from"] == "L"
    assert "note" not in data and "discarded" not in full_set()[0].to_json()
    assert Problem.from_json(data) == full_set()[3]


def test_round_trip_file(tmp_path):
    path = tmp_path / "set.json"
    problems = full_set()
    save_set(path, problems, "Mes problèmes 何切る")
    text = path.read_text(encoding="utf-8")
    assert text == dumps_set(problems, "Mes problèmes 何切る")
    assert text.count("\n") == len(problems) + 3                    # one problem per line
    loaded = load_set(path)
    assert loaded.title == "Mes problèmes 何切る" and loaded.problems == tuple(problems)
    assert loaded.by_id("w1") == problems[2] and len(loaded) == 5
    save_set(path, loaded, loaded.title)
    assert path.read_text(encoding="utf-8") == text                 # stable byte for byte
    data = json.loads(text)
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert parse_set(data).problems == tuple(problems)
    empty = tmp_path / "empty.json"
    save_set(empty, [], "")
    assert load_set(empty).problems == ()


def test_optional_keys_default_and_null():
    p = Problem.from_json({"id": "x", "kind": "nanikiru", "hand": "123m456m789p11z23s5s",
                           "note": None, "melds": None, "discarded": None})
    assert (p.melds, p.dora, p.visible, p.round, p.seat, p.turn, p.topic) == ((), "", "", "E", "E", 0, "any")


def test_calls_parse_and_print():
    five = Tile.from_name("5m")
    assert parse_call("PASS", five) == Call("pass") and str(Call("pass")) == "pass"
    assert parse_call(" pon ", 4) == Call("pon")
    assert parse_call("chi:64m", five) == Call("chi", (3, 5))
    assert str(parse_call("chi:3m4m", five)) == "chi:34m"
    assert str(parse_call("chi:0m7m", Tile.from_name("6m"))) == "chi:57m"
    for bad in ("chi:34p", "chi:4m", "chi:467m", "kan", "pon:55m", "chi:", "chi:1z2z", 5):
        with pytest.raises(TileError):
            parse_call(bad, five)                                       # type: ignore[arg-type]


def test_starter_set_loads():
    s = starter_set()
    assert len(s) >= 55
    assert {p.drill for p in s} == {"nanikiru", "wait", "call"}
    assert {p.shanten for p in s if p.drill == "nanikiru"} >= {0, 1, 2, 3}
    assert {p.topic for p in s if p.drill == "wait"} == {"any", "chinitsu", "chiitoi"}
    assert all(p.best and p.difficulty is not None for p in s)


# ---- errors -------------------------------------------------------------------------------

def problem_dict(**kw) -> dict:
    data = {"id": "p", "kind": "nanikiru", "hand": "123m456m789p11z23s5s"}
    data.update(kw)
    return {k: v for k, v in data.items() if v is not ...}


def set_text(*problems, **header) -> str:
    data = {"format": FORMAT, "version": VERSION, "title": "t", "problems": list(problems)}
    data.update(header)
    return json.dumps({k: v for k, v in data.items() if v is not ...})


OK = problem_dict(id="ok")


@pytest.mark.parametrize("problem, field, words", [
    (problem_dict(hand="123m456m789p11z23s5x"), "hand", "unexpected character"),
    (problem_dict(hand="123m456m789p11z23s"), "hand", "holds 14 tiles, not 13"),
    (problem_dict(hand="1111m1m56m789p11z23s"), "hand", "at most 4"),
    (problem_dict(hand=["1m"]), "hand", "expected a string"),
    (problem_dict(kind="riichi"), "kind", "nanikiru, wait, call"),
    (problem_dict(id=""), "id", "non-empty"),
    (problem_dict(id=None), "id", "missing"),
    (problem_dict(hand=...), "hand", "missing"),
    (problem_dict(kind=...), "kind", "missing"),
    (problem_dict(melds=["chi:3*46m"]), "melds", "consecutive"),
    (problem_dict(melds="chi:3*45m"), "melds", "list of strings"),
    (problem_dict(melds=["chi:3*45m"]), "hand", "holds 14 tiles, not 17"),
    (problem_dict(dora="8z"), "dora", "honours are 1z-7z"),
    (problem_dict(visible="1111z"), "hand", "6 copies of 1z"),
    (problem_dict(round="X"), "round", "wind"),
    (problem_dict(seat=2), "seat", "wind"),
    (problem_dict(turn=-1), "turn", "integer >= 0"),
    (problem_dict(turn=True), "turn", "integer >= 0"),
    (problem_dict(theme=""), "theme", "non-empty"),
    (problem_dict(note=3), "note", "string"),
    (problem_dict(discarded="5m"), "discarded", "only call problems"),
    (problem_dict(**{"from": "L"}), "from", "only call problems"),
    (problem_dict(answer=["9s"]), "answer", "not in the concealed hand"),
    (problem_dict(answer="5s"), "answer", "list of strings"),
    (problem_dict(best=["5q"]), "best", "not a tile name"),
    (problem_dict(shanten=9), "shanten", "-1..8"),
    (problem_dict(difficulty=1.5), "difficulty", "0..1"),
    (problem_dict(difficulty="hard"), "difficulty", "0..1"),
    (problem_dict(colour="red"), "colour", "unknown key"),
    (problem_dict(kind="wait", hand="123m456p789s2359s"), "hand", "tenpai"),
    (problem_dict(kind="wait"), "hand", "holds 13 tiles, not 14"),
    (problem_dict(kind="call", hand="123m456p789s2359s"), "discarded", "needs the discarded tile"),
    (problem_dict(kind="call", hand="123m456p789s2359s", discarded="5m5m", **{"from": "L"}),
     "discarded", "one tile"),
    (problem_dict(kind="call", hand="123m456p789s2359s", discarded="5m", **{"from": "X"}), "from", "L, A or R"),
    (problem_dict(kind="call", hand="123m456p789s2359s", discarded="5m"), "from", "L, A or R"),
    (problem_dict(kind="call", hand="123m456p789s2359s", discarded="9s", visible="99s", **{"from": "L"}),
     "hand", "5 copies of 9s"),
    (problem_dict(kind="call", hand="123m456p789s2359s", discarded="4s", answer=["chi:35s"], **{"from": "A"}),
     "answer", "only called from the left"),
    (problem_dict(kind="call", hand="123m456p789s2359s", discarded="4s", answer=["pon"], **{"from": "L"}),
     "answer", "pon needs two 4s"),
    (problem_dict(kind="call", hand="123m456p789s2359s", discarded="4s", best=["chi:56s"], **{"from": "L"}),
     "best", "chi needs 5s and 6s"),
    (problem_dict(kind="call", hand="123m456p789s2359s", discarded="4s", answer=["riichi"], **{"from": "L"}),
     "answer", "not a call"),
    ("not an object", None, "JSON object"),
])
def test_problem_errors_name_index_and_field(problem, field, words):
    with pytest.raises(ProblemSetError) as info:
        parse_set(set_text(OK, problem))
    error = info.value
    assert error.index == 1 and error.field == field
    assert words in str(error)
    assert str(error).startswith("problem 1")
    if field is not None:
        assert f"field {field!r}" in str(error)


@pytest.mark.parametrize("text, field, words", [
    ("{not json", None, "not JSON"),
    (b"\xff\xfe{}", None, "not"),
    ("[1, 2]", None, "JSON object"),
    (set_text(OK, format="tenhou"), "format", "not an mjgui problem set"),
    (set_text(OK, format=...), "format", "not an mjgui problem set"),
    (set_text(OK, version=2), "version", "newer"),
    (set_text(OK, version="1"), "version", "version number"),
    (set_text(OK, version=...), "version", "version number"),
    (set_text(OK, title=3), "title", "string"),
    (set_text(OK, extra=1), "extra", "unknown key"),
    (json.dumps({"format": FORMAT, "version": 1, "problems": {"a": 1}}), "problems", "list"),
])
def test_set_errors(text, field, words):
    with pytest.raises(ProblemSetError) as info:
        parse_set(text)
    assert info.value.index is None and info.value.field == field
    assert words in str(info.value)


def test_duplicate_ids():
    with pytest.raises(ProblemSetError) as info:
        parse_set(set_text(OK, problem_dict(id="b"), problem_dict(id="ok")))
    assert (info.value.index, info.value.field, info.value.problem_id) == (2, "id", "ok")
    assert "problem 2 (id 'ok'), field 'id': duplicate id" == str(info.value)
    with pytest.raises(ProblemSetError):
        dumps_set([nanikiru(), nanikiru()])


def test_file_errors_name_the_path(tmp_path):
    missing = tmp_path / "missing.json"
    with pytest.raises(ProblemSetError) as info:
        load_set(missing)
    assert str(missing) in str(info.value) and "cannot read" in str(info.value)
    bad = tmp_path / "bad.json"
    bad.write_text(set_text(OK, problem_dict(hand="12")), encoding="utf-8")
    with pytest.raises(ProblemSetError) as info:
        load_set(bad)
    assert str(info.value).startswith(f"{bad}, problem 1 (id 'p'), field 'hand': ")
    with pytest.raises(ProblemSetError) as info:
        save_set(tmp_path / "no-such-dir" / "x.json", [nanikiru()], "t")
    assert "cannot write" in str(info.value)


def test_problem_from_hand():
    hand = Hand.parse("123m456p11z235s chi:7*89s@L dora:1z visible:55m round:S seat:W discards:9p")
    p = Problem.from_hand(hand, "h1", note="from the analyser")
    assert p.melds == ("chi:7*89s@L",) and p.visible == "55m9p" and (p.round, p.seat) == ("S", "W")
    assert p.to_hand().remaining() == hand.remaining()
