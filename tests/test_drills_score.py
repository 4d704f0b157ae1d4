"""The score drill: problems, answers, grading with partial credit, choices, EN and JA.

Every expected value here is worked by hand (the comments show the count)."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from mjgui.drills.problems import (Problem, ProblemSetError, ScoreAnswer, dumps_set, parse_score_answer,
                                   parse_set)
from mjgui.drills.grading import (AnswerError, answer_key, grade, grade_score, hand_value, score_choices,
                                  score_key)
from mjgui.tiles import TileError


def score_problem(hand: str, pid: str = "s", **kw) -> Problem:
    return Problem(id=pid, drill="score", hand=hand, **kw)


# open tanyao (chi 678s): 1 han; 20 base, no fu at all -> the open-hand minimum 30;
# 30 x 2^3 = 240 base, ron x4 = 960 -> 1,000
OPEN_TANYAO = score_problem("234m567p55s345s chi:6*78s@L win:3s seat:S")
# riichi, kanchan 2s, concealed triplet 9s (8), chun pair (2): 20 + 10 closed ron + 8 + 2 + 2 = 42 -> 50;
# 1 han 50 fu: 50 x 8 = 400, ron x4 = 1,600
FU_HAND = score_problem("123m456p999s13s77z2s win:2s riichi seat:S")
# riichi, tsumo, pinfu, non-dealer: 3 han 20 fu, 20 x 32 = 640: 700 from each non-dealer, 1,300 from
# the dealer = 2,700
PINFU_TSUMO = score_problem("234m345s456p99s678s win:8s tsumo riichi seat:S")
# daisangen by ron, non-dealer: 32,000
DAISANGEN = score_problem("123m55p555666777z win:7z seat:W")
# open, no yakuhai, no tanyao (1s pair): complete but no yaku -> 0 points
YAKULESS = score_problem("234m567p11s345s chi:6*78s@L win:3s seat:S")


# ---- problems ----------------------------------------------------------------------------------

def test_score_problem_is_stored_canonically_with_the_winning_tile_last():
    # the winning tile last, a group of its own where it sorts elsewhere (not "45553s")
    assert OPEN_TANYAO.hand == "234m567p4555s3s chi:6*78s@L round:E seat:S win:3s"
    assert (OPEN_TANYAO.round, OPEN_TANYAO.seat) == ("E", "S")
    hand = OPEN_TANYAO.to_hand()
    assert hand.concealed[-1].name == "3s" and hand.win.tile.name == "3s"
    assert [str(m) for m in hand.melds] == ["chi:6*78s@L"]


def test_score_problem_round_trips_through_a_set_file():
    p = score_problem("22456m456p456s789s win:6m tsumo riichi dora:1m ura:4p honba:1", pid="r1",
                      answer=["7/20/18000"], best=["7/20/18000"], shanten=-1, difficulty=0.6,
                      note="sanshoku")
    text = dumps_set([p, OPEN_TANYAO], "scores")
    back = parse_set(text)
    assert list(back) == [p, OPEN_TANYAO]
    assert dumps_set(back, "scores") == text
    line = json.loads(text.splitlines()[2].rstrip(","))
    assert line["hand"] == "2245m456p456789s6m dora:1m win:6m tsumo riichi ura:4p honba:1"
    assert line["best"] == ["7/20/18000"]


@pytest.mark.parametrize("fields, field, words", [
    ({"hand": "234m567p55s345s chi:6*78s@L seat:S"}, "hand", "win:TILE"),
    ({"hand": "234m567p55s345s win:3s", "melds": ["chi:6*78s@L"]}, "melds", "in the hand text"),
    ({"hand": "234m567p55s345s chi:6*78s@L win:3s", "dora": "1z"}, "dora", "in the hand text"),
    ({"hand": "234m567p55s345s chi:6*78s@L win:3s seat:S", "seat": "W"}, "seat", "differs"),
    ({"hand": "234m567p55s349s chi:6*78s@L win:3s"}, "hand", "not a complete hand"),
    ({"hand": "234m567p55s345s chi:6*78s@L win:3s riichi"}, "hand", "riichi needs a closed hand"),
    ({"hand": "234m567p55s345s chi:6*78s@L win:3s tsumo houtei"}, "hand", "houtei"),
    ({"hand": "234m567p55s345s chi:6*78s@L win:3s", "best": ["3/40"]}, "best", "han/fu/points"),
    ({"hand": "234m567p55s345s chi:6*78s@L win:3s", "answer": ["lots"]}, "answer", "not a whole number"),
    ({"hand": "234m567p55s345s chi:6*78s@L win:3s", "discarded": "5m"}, "discarded", "only call problems"),
    ({"hand": 12345}, "hand", "text form of a won hand"),
    ({"hand": "1" * 100_000 + "m win:1m"}, "hand", "too long"),
    ({"hand": "123m456p789s111z22z win:1z", "shanten": 0}, "shanten", "-1"),
])
def test_bad_score_problems_name_the_field_and_the_reason(fields, field, words):
    with pytest.raises(ProblemSetError) as info:
        Problem.from_json({"id": "bad", "kind": "score", **fields})
    assert info.value.field == field
    assert words in str(info.value)


def test_a_set_may_hold_a_yakuless_hand_worth_nothing():
    assert score_key(YAKULESS).best == ("0/30/0",)
    fb = grade(YAKULESS, "0")
    assert (fb.correct, fb.credit) == (True, 1.0)
    assert fb.explanation("en") == ("Correct: no yaku, 0 points. Without a yaku the hand cannot win: "
                                    "dora are not a yaku.")
    assert "役がないので和了れません" in fb.explanation("ja")


# ---- answers -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, parsed, canonical", [
    ("5200", ScoreAnswer(5200), "5200"),
    (" 5,200 ", ScoreAnswer(5200), "5200"),
    ("3/40/5200", ScoreAnswer(5200, 3, 40), "3/40/5200"),
    ("3han/40fu/5,200", ScoreAnswer(5200, 3, 40), "3/40/5200"),
    ("３翻／４０符／５２００点", ScoreAnswer(5200, 3, 40), "3/40/5200"),
    ("-/-/8000", ScoreAnswer(8000), "8000"),
    ("5//8000", ScoreAnswer(8000, 5), "5//8000"),
    ("yakuman//32000", ScoreAnswer(32000, yakuman=True), "yakuman//32000"),
    ("役満/-/32000", ScoreAnswer(32000, yakuman=True), "yakuman//32000"),
    ("1300-2600", ScoreAnswer(5200, payments=(1300, 2600)), "1300-2600"),
    ("2600 all", ScoreAnswer(7800, payments=(2600,)), "2600all"),
    ("2600オール", ScoreAnswer(7800, payments=(2600,)), "2600all"),
])
def test_score_answers_parse(text, parsed, canonical):
    assert parse_score_answer(text) == parsed
    assert str(parse_score_answer(text)) == canonical


@pytest.mark.parametrize("text, words", [
    ("", "points are missing"), ("3/40", "han/fu/points"), ("1/2/3/4", "han/fu/points"),
    ("3/40/", "points are missing"), ("x/40/5200", "han 'x'"), ("3/4.5/5200", "fu '4.5'"),
    ("99999999", "0-1,000,000"), ("200/40/5200", "han must be 0-99"), ("1" * 70, "too long"),
    ("-5200", "payment"),
])
def test_bad_score_answers_say_why(text, words):
    with pytest.raises(TileError, match=None) as info:
        parse_score_answer(text)
    assert words in str(info.value)


# ---- grading and partial credit ------------------------------------------------------------------

def test_key_is_han_fu_points():
    assert answer_key(OPEN_TANYAO) == score_key(OPEN_TANYAO)
    assert score_key(OPEN_TANYAO).best == ("1/30/1000",)
    assert score_key(FU_HAND).best == ("1/50/1600",)
    assert score_key(PINFU_TSUMO).best == ("3/20/2700",)
    assert score_key(DAISANGEN).best == ("yakuman//32000",)
    assert score_key(FU_HAND).shanten == -1


@pytest.mark.parametrize("answer, correct, credit", [
    ("1600", True, 1.0),
    ("1/50/1600", True, 1.0),
    ("2/40/1600", True, 1.0),          # the points decide: han and fu do not matter then
    ("1/50/2000", False, 0.5),         # counted right, looked up wrong
    ("1/40/1300", False, 0.25),        # han right, fu wrong
    ("2/50/3200", False, 0.25),        # fu right, han wrong
    ("2/40/2600", False, 0.0),
    ("1300", False, 0.0),              # no han or fu given: nothing to share
    ("1//1300", False, 0.25),
])
def test_partial_credit(answer, correct, credit):
    fb = grade(FU_HAND, answer)
    assert (fb.correct, fb.credit, fb.best) == (correct, credit, ("1/50/1600",))


def test_explanation_gives_the_breakdown_en_and_ja():
    fb = grade(FU_HAND, "1/40/1300")
    assert fb.pick == "1/40/1300"
    assert fb.explanation("en") == (
        "Not right: the hand is 1 han 50 fu, ron 1,600; you said 1 han 40 fu, 1,300 (han right, fu wrong). "
        "Credit 0.25. Yaku: Riichi 1 han. Fu: base 20 + closed ron 10 + closed triplet 9s 8 + value pair 7z 2 "
        "+ wait 2s 2 = 42 → 50.")
    assert fb.explanation("ja") == (
        "不正解: 正解は1翻50符, ロン 1,600。あなたの答え: 1翻40符 1,300（翻数は正解、符は誤り）。得点 0.25。"
        "役: 立直 1翻。符: 副底 20 + 門前加符 10 + 暗刻 9s 8 + 役牌の雀頭 7z 2 + 待ち 2s 2 = 42 → 50。")
    assert fb.details["fu_parts"][1] == {"what": "closed ron", "tile": None, "fu": 10}
    assert (fb.details["han_right"], fb.details["fu_right"], fb.details["points_right"]) == (True, False, False)


def test_tsumo_payments_or_total():
    assert grade(PINFU_TSUMO, "700-1300").correct
    assert grade(PINFU_TSUMO, "2700").correct
    assert grade(PINFU_TSUMO, "3/20/700-1,300").explanation("en").startswith(
        "Correct: 3 han 20 fu, tsumo 700-1,300.")
    wrong = grade(PINFU_TSUMO, "1300-700")          # the payers swapped
    assert (wrong.correct, wrong.credit) == (False, 0.0)
    with pytest.raises(AnswerError, match="non-dealer's tsumo is paid N-M"):
        grade(PINFU_TSUMO, "1300all")
    with pytest.raises(AnswerError, match="wins by ron"):
        grade(FU_HAND, "400-800")


def test_yakuman_needs_no_han_or_fu():
    assert grade(DAISANGEN, "32000").correct
    assert grade(DAISANGEN, "yakuman//32000").correct
    half = grade(DAISANGEN, "yakuman//48000")       # the dealer's value: yakuman named, points wrong
    assert (half.correct, half.credit) == (False, 0.25)
    assert grade(DAISANGEN, "13/50/48000").credit == 0.0
    fb = grade(DAISANGEN, "32000")
    assert fb.explanation("en") == "Correct: yakuman, ron 32,000. Yaku: Daisangen."
    assert fb.explanation("ja") == "正解: 役満, ロン 32,000。役: 大三元。"


def test_limit_hands_say_the_fu_do_not_matter():
    p = score_problem("22456m456p456s789s win:6m tsumo riichi dora:1m seat:W")
    # riichi, tsumo, pinfu, sanshoku (2), dora 1m x2 -> 7 han: haneman, 3,000-6,000
    fb = grade(p, "3000-6000")
    assert fb.correct and fb.best == ("7/20/12000",)
    assert "At mangan and above the fu do not change the points." in fb.explanation("en")
    assert "満貫以上なので符は点数に影響しません" in fb.explanation("ja")


def test_honba_and_sticks_are_not_in_the_points():
    p = score_problem("123m456p999s13s77z2s win:2s riichi seat:S honba:2 sticks:1")
    fb = grade(p, "1600")
    assert fb.correct
    assert fb.explanation("en").endswith("With the honba and riichi sticks the winner receives 3,200.")


def test_bad_answers_raise_answer_error():
    for bad in ("abc", "3/40", "", 5200):
        with pytest.raises(AnswerError):
            grade_score(FU_HAND, bad)


# ---- values and choices --------------------------------------------------------------------------

@pytest.mark.parametrize("args, value", [
    ((1, 30, False, False), (1000, (1000,))),
    ((3, 30, False, False), (3900, (3900,))),
    ((4, 30, False, False), (7700, (7700,))),        # 1,920 base: no kiriage mangan
    ((4, 40, False, False), (8000, (8000,))),        # 2,560 base: mangan
    ((3, 70, False, False), (8000, (8000,))),
    ((2, 25, True, False), (2400, (2400,))),         # 25 x 16 = 400, dealer ron x6
    ((1, 30, False, True), (1100, (300, 500))),      # 240: 300 each non-dealer, 500 the dealer
    ((2, 20, True, True), (2100, (700,))),           # 320 x 2 = 640 -> 700 all
    ((6, 30, True, False), (18000, (18000,))),
    ((13, 30, False, False), (32000, (32000,))),     # kazoe yakuman
    ((0, 0, False, False, 2), (64000, (64000,))),
])
def test_hand_value_table(args, value):
    assert hand_value(*args) == value


def test_choices_hold_the_right_value_and_three_plausible_mistakes():
    for p in (OPEN_TANYAO, FU_HAND, PINFU_TSUMO, DAISANGEN, YAKULESS):
        choices = score_choices(p)
        assert len(choices) == 4
        totals = [c.total for c in choices]
        assert totals == sorted(totals) and len(set(totals)) == 4
        right = [c for c in choices if c.right]
        assert len(right) == 1 and grade(p, right[0].answer).correct
        assert not any(grade(p, c.answer).correct for c in choices if not c.right)
        assert score_choices(p) == choices                  # the same every time
    labels = [c.label("en") for c in score_choices(PINFU_TSUMO)]
    assert "tsumo 700-1,300 (2,700)" in labels
    assert "ツモ 700-1,300 (2,700)" in [c.label("ja") for c in score_choices(PINFU_TSUMO)]
    assert [c.answer for c in score_choices(PINFU_TSUMO) if c.right] == ["700-1300"]


# ---- generator ----------------------------------------------------------------------------------

from mjgui.drills.generator import GenerateError, generate, make_problem  # noqa: E402
from mjgui.drills.grading import problem_score  # noqa: E402
from mjgui.scoring import score  # noqa: E402


def test_generator_is_deterministic_by_seed():
    first = generate(12, 5, "score")
    assert dumps_set(first) == dumps_set(generate(12, 5, "score"))
    assert generate(5, 5, "score") == first[:5]
    assert make_problem(5, 3, "score") == first[3]
    assert dumps_set(generate(12, 6, "score")) != dumps_set(first)
    assert [p.id for p in first[:2]] == ["score-5-1", "score-5-2"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_generated_problems_score_and_carry_the_scorers_key(level):
    for p in generate(40, 21, "score", topic=level):
        assert Problem.from_json(p.to_json()) == p               # valid, and stable
        s = score(p.hand)                                       # the facade, straight from the text
        assert s.wins, p.hand                                   # never a hand without a yaku
        assert p.topic == level and p.shanten == -1 and 0 <= p.difficulty <= 1
        value = f"yakuman//{s.total}" if s.yakuman else f"{s.han}/{s.fu}/{s.total}"
        assert p.best == (value,) and grade(p, value).correct
        assert p.to_hand().concealed[-1] == p.to_hand().win.tile
        if not s.yakuman:                                       # the choices' table is the scorer's
            assert hand_value(s.han, s.fu, s.dealer, s.tsumo)[0] == s.total
        if level == "easy":
            assert s.han <= 4 and not s.limit and s.fu <= 40 and not s.yakuman
        elif level == "medium":
            assert s.fu >= 40 and s.limit in ("", "mangan") and not s.yakuman
        else:
            assert s.limit in ("haneman", "baiman", "sanbaiman", "kazoe yakuman", "yakuman")


def test_generated_problems_cover_the_situations():
    problems = generate(120, 8, "score")
    hands = [p.to_hand() for p in problems]
    scores = [problem_score(p) for p in problems]
    assert {p.topic for p in problems} == {"easy", "medium", "hard"}
    assert any(h.is_closed for h in hands) and any(not h.is_closed for h in hands)
    assert any(h.win.tsumo for h in hands) and any(not h.win.tsumo for h in hands)
    assert any(h.seat_wind == 0 for h in hands) and any(h.seat_wind != 0 for h in hands)
    assert any("riichi" in h.win.flags for h in hands) and any(h.win.ura_indicators for h in hands)
    assert any(t.red for h in hands for t in h.concealed)
    assert any(m.kind.value in ("kan", "ankan", "kakan") for h in hands for m in h.melds)
    limits = {s.limit for s in scores}
    assert {"", "mangan", "haneman", "yakuman"} <= limits
    names = {y.name for s in scores for y in s.yaku}
    assert {"Pinfu", "Tanyao", "Riichi", "Dora"} <= names
    assert any(n.startswith("Yakuhai") for n in names)
    yakuman = sum(bool(s.yakuman) for s in scores)
    assert 0 < yakuman < len(scores) // 8                         # occasional


@pytest.mark.parametrize("kw, words", [
    ({"topic": "chinitsu"}, "level"), ({"shanten": 1}, "won hands"),
])
def test_generator_refuses_options_score_problems_do_not_take(kw, words):
    with pytest.raises(GenerateError, match=words):
        generate(1, 1, "score", **kw)


# ---- command line ------------------------------------------------------------------------------

def _cli(capsys, argv):
    from mjgui.drills import cli
    status = cli.main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_cli_generates_and_grades_score_problems(capsys, tmp_path):
    status, out, _ = _cli(capsys, ["generate", "--kind", "score", "--count", "3", "--seed", "4", "--json"])
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [r["id"] for r in rows] == ["score-4-1", "score-4-2", "score-4-3"]
    assert all(r["kind"] == "score" and "win:" in r["hand"] for r in rows)
    status, again, _ = _cli(capsys, ["generate", "--kind", "score", "--count", "3", "--seed", "4", "--json"])
    assert again == out
    status, out, _ = _cli(capsys, ["generate", "--kind", "score", "--count", "2", "--seed", "4",
                                   "--theme", "hard"])
    assert status == 0 and all("  hard  value " in line for line in out.splitlines())

    path = tmp_path / "s.json"
    path.write_text(dumps_set([FU_HAND, replace(PINFU_TSUMO, id="t")]), encoding="utf-8")
    status, out, _ = _cli(capsys, ["grade", "s", "1/40/1300", "--set", str(path)])
    assert status == 0 and out.startswith("Not right: the hand is 1 han 50 fu, ron 1,600;")
    status, out, _ = _cli(capsys, ["grade", "s", "1600", "--set", str(path), "--lang", "ja"])
    assert status == 0 and out.startswith("正解: 1翻50符")
    status, out, _ = _cli(capsys, ["grade", "s", "1/50/1600", "--set", str(path), "--json"])
    data = json.loads(out)
    assert data["correct"] and data["credit"] == 1.0 and data["best"] == ["1/50/1600"]
    assert data["details"]["fu"] == 50 and data["details"]["payments"] == {"ron": 1600}
    status, out, err = _cli(capsys, ["grade", "s", "3/40", "--set", str(path)])
    assert status == 2 and out == "" and "han/fu/points" in err and err.startswith("mjgui: drill: s: ")
    status, out, err = _cli(capsys, ["generate", "--kind", "score", "--theme", "chiitoi"])
    assert status == 2 and "level" in err


def test_generation_is_byte_identical_across_processes():
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    outputs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(root))
        result = subprocess.run([sys.executable, "-m", "mjgui.drills.cli", "generate", "--count", "8",
                                 "--seed", "9", "--kind", "score", "--json"],
                                capture_output=True, env=env, cwd=root, timeout=60)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] and outputs[0].count(b"\n") == 8
