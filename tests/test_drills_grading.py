"""Grading and explanations: exact credit on hand-checked problems, EN and JA."""
from __future__ import annotations

import pytest

import reference as ref
from mjgui.drills.problems import Problem
from mjgui.drills.grading import (AnswerError, answer_key, call_choices, grade, grade_call, grade_nanikiru,
                                  grade_wait, nanikiru_key, wait_key)
from mjgui.tiles import KIND_NAMES, Tile


def nanikiru(hand: str, **kw) -> Problem:
    return Problem(id="n", drill="nanikiru", hand=hand, **kw)


def call(hand: str, discarded: str, seat: str, **kw) -> Problem:
    return Problem(id="c", drill="call", hand=hand, discarded=discarded, from_seat=seat, **kw)


# 123m 456m 789p 11z 23s + 5s: discard 5s -> tenpai on 1s/4s (8 tiles); 2s -> tenpai on the
# 4s kanchan of 35s (4 tiles); anything else leaves 1-shanten.
TENPAI = nanikiru("123m456m789p11z23s5s")


def test_nanikiru_correct():
    fb = grade(TENPAI, "5s")
    assert (fb.correct, fb.credit, fb.rank, fb.choices, fb.best, fb.pick) == (True, 1.0, 1, 13, ("5s",), "5s")
    assert fb.explanation("en") == "Correct: 5s keeps tenpai with 8 winning tiles (1s(4) 4s(4))."
    assert fb.explanation("ja") == "正解: 5s切りで聴牌維持、待ち8枚（1s(4) 4s(4)）。"


def test_nanikiru_partial_credit_same_shanten():
    fb = grade(TENPAI, "2s")
    assert (fb.correct, fb.credit, fb.rank) == (False, 0.5, 2)
    assert fb.details["lost"] == ["1s"] and fb.details["gained"] == []
    assert (fb.details["pick_ukeire"], fb.details["best_ukeire"]) == (4, 8)
    assert fb.explanation("en") == ("5s keeps tenpai with 8 winning tiles; your 2s keeps it with 4 — you lose "
                                    "the 1s draws. Credit 0.50 (4/8 tiles), rank 2 of 13.")
    assert fb.explanation("ja") == ("5s切りで聴牌維持、待ち8枚、あなたの2s切りでは4枚 — 1sの受け入れを失います。"
                                    "得点 0.50（4/8枚）、13種中2位。")


def test_nanikiru_step_back_scores_zero():
    fb = grade(TENPAI, "9p")
    assert (fb.correct, fb.credit, fb.details["pick_shanten"]) == (False, 0.0, 1)
    assert fb.rank > 2
    assert "your 9p goes back to 1-shanten — a step back scores 0" in fb.explanation("en")
    assert "9p切りは1向聴に後退します" in fb.explanation("ja") and "0点" in fb.explanation("ja")


# 4456m 2223p 44566s + 9p (nothing visible): discarding 9p keeps 1-shanten with
# 4m 7m 1p 3p 4p 5s = 2+4+4+3+4+3 = 20 tiles; discarding 4m keeps it with 17 (1p 3p 4p 9p 5s:
# 4+3+4+3+3), without the 4m/7m draws but with 9p; 3p keeps it with 12.
ONE_SHANTEN = nanikiru("4456m2223p44566s9p")


def test_nanikiru_one_shanten_against_the_oracle():
    hand = ONE_SHANTEN.to_hand()
    remaining = hand.remaining()
    table = ref.discard_table(list(hand.counts))
    totals = {KIND_NAMES[d]: (s, sum(remaining[k] for k in uk)) for d, (s, uk) in table.items()}
    assert totals["9p"] == (1, 20) and totals["4m"] == (1, 17) and totals["3p"] == (1, 12)
    assert sorted(uk for s, uk in totals.values() if s == 1) == [12, 17, 20]
    fb = grade(ONE_SHANTEN, "4m")
    assert fb.credit == 17 / 20 and fb.rank == 2 and fb.choices == 9 and fb.best == ("9p",)
    assert fb.explanation("en") == ("9p keeps 1-shanten with 20 tiles; your 4m keeps it with 17 — you lose the "
                                    "4m/7m draws (and gain 9p). Credit 0.85 (17/20 tiles), rank 2 of 9.")
    assert fb.explanation("ja") == ("9p切りで1向聴維持、受け入れ20枚、あなたの4m切りでは17枚 — 4m・7mの受け入れを"
                                    "失います（9pは受け入れに入ります）。得点 0.85（17/20枚）、9種中2位。")
    assert grade(ONE_SHANTEN, "3p").credit == 12 / 20
    assert grade(ONE_SHANTEN, Tile.from_name("3p")).rank == 3
    assert grade(ONE_SHANTEN, 3).pick == "4m"                       # a kind index works too
    key = nanikiru_key(ONE_SHANTEN)
    assert (key.shanten, key.best, key.difficulty) == (1, ("9p",), 0.85)


# 345m 1223457s 55z + 9s: 2s and 9s both keep 1-shanten with 15 tiles; the second step
# (the sum, over the ukeire, of the best ukeire after drawing it) is 84 after 2s, 72 after 9s.
SECOND_STEP = nanikiru("345m12234579s55z9s")


def test_second_step_evaluator():
    assert answer_key(SECOND_STEP).best == ("2s", "9s")
    assert answer_key(SECOND_STEP, "second-step").best == ("2s",)
    assert grade(SECOND_STEP, "9s").correct
    fb = grade(SECOND_STEP, "9s", "second-step")
    assert (fb.correct, fb.rank, fb.credit) == (False, 2, 72 / 84)
    assert (fb.details["pick_second_step"], fb.details["best_second_step"]) == (72, 84)
    assert ("2s and your 9s both keep 1-shanten with 15 tiles, but 2s leaves the wider next step "
            "(second step 84 against 72)") in fb.explanation("en")
    assert "二歩目 84 対 72" in fb.explanation("ja")
    best = grade(SECOND_STEP, "2s", "second-step")
    assert best.correct and "second step 84" in best.explanation("en")
    assert "9s is just as good" in grade(SECOND_STEP, "2s").explanation("en")
    assert "9s切りも同じく最善です" in grade(SECOND_STEP, "2s").explanation("ja")
    with pytest.raises(ValueError):
        grade(SECOND_STEP, "2s", "speed")


def test_red_five_is_a_five_and_bad_picks():
    p = nanikiru("123m406m789p11z23s5s")
    assert grade(p, "0m").pick == "5m" == grade(p, "5m").pick
    assert grade(p, "0m").credit == grade(p, "5m").credit
    for bad in ("9s", "5x", "", None, 40):
        with pytest.raises(AnswerError):
            grade_nanikiru(p, bad)                                   # type: ignore[arg-type]


def test_remaining_counts_visible_tiles():
    # 1s all visible: 5s now waits on 4s only (4 tiles), as many as 2s's kanchan: both correct
    p = nanikiru("123m456m789p11z23s5s", visible="1111s")
    assert answer_key(p).best == ("2s", "5s")
    assert answer_key(p).difficulty == 0.0                           # the rest goes back
    assert grade(p, "2s").correct


# ---- waits -----------------------------------------------------------------------------

RYANMEN = Problem(id="w", drill="wait", hand="123m456p789s23s55s")


def test_wait_exact_and_partial():
    fb = grade(RYANMEN, "14s")
    assert (fb.correct, fb.credit, fb.missed, fb.wrong, fb.best) == (True, 1.0, (), (), ("1s", "4s"))
    assert fb.explanation("en") == ("Waits: 1s (4 left, ryanmen), 4s (4 left, ryanmen) — 8 tiles. "
                                    "You found every wait. Credit 1.00 (2 right of 2).")
    assert fb.explanation("ja") == "待ち: 1s（残り4枚・両面）、4s（残り4枚・両面）、計8枚。全部正解です。得点 1.00（2/2）。"
    fb = grade(RYANMEN, ["1s", "5s"])
    assert (fb.correct, fb.credit, fb.missed, fb.wrong, fb.pick) == (False, 1 / 3, ("4s",), ("5s",), "15s")
    assert "You missed 4s. 5s is not a wait. Credit 0.33 (1 right of 3)." in fb.explanation("en")
    assert "4sを見逃しています。5sは待ちではありません。得点 0.33（1/3）。" in fb.explanation("ja")
    assert grade_wait(RYANMEN, "1s4s7z").credit == 2 / 3
    assert grade_wait(RYANMEN, []).credit == 0.0
    assert grade_wait(RYANMEN, [Tile(18), 21]).correct
    with pytest.raises(AnswerError):
        grade_wait(RYANMEN, "14x")


def test_wait_nine_gates_and_seven_pairs_against_the_oracle():
    gates = Problem(id="g", drill="wait", hand="1112345678999m", topic="chinitsu")
    key = wait_key(gates)
    assert [Tile.from_name(n).kind for n in key.best] == ref.waits(list(gates.to_hand().counts))
    assert key.best == tuple(f"{n}m" for n in range(1, 10)) and key.difficulty == round(1 - 1 / 9, 3)
    fb = grade(gates, "147m")
    assert fb.credit == 3 / 9 and fb.missed == ("2m", "3m", "5m", "6m", "8m", "9m")
    assert "You missed 2m, 3m, 5m, 6m, 8m and 9m." in fb.explanation("en")
    pairs = Problem(id="p", drill="wait", hand="1122m3344p5566s7z", topic="chiitoi")
    fb = grade(pairs, "7z")
    assert fb.correct and "7z (3 left, chiitoi)" in fb.explanation("en") and "七対子" in fb.explanation("ja")


def test_wait_karaten_reason():
    p = Problem(id="k", drill="wait", hand="123m456p789s23s55s", visible="1111s4444s")
    fb = grade(p, "14s")
    assert fb.correct and "karaten" in fb.explanation("en") and "空聴" in fb.explanation("ja")


# ---- calls ----------------------------------------------------------------------------------

# 239m 456p 789s 11s 55z is 1-shanten.  A White (5z) pon reaches tenpai with yakuhai; a 1s pon
# reaches tenpai too, but with no yaku (the 55z pair is no triplet, 1s and 9m kill tanyao).
YAKU_HAND = "239m456p789s11s55z"


def test_call_with_its_discard():
    # pon 5z leaves 239m 456p 789s 11s: without 9m it is tenpai on 1m-4m; without 2m or 3m
    # it stays 1-shanten, so 9m is the one right discard
    p = call(YAKU_HAND, "5z", "A")
    fb = grade(p, "pon 9m")
    assert (fb.correct, fb.credit, fb.pick) == (True, 1.0, "pon 9m")
    assert fb.details["discard"] == "9m" and fb.details["discard_right"] is True
    fb = grade(p, "pon 2m")                 # right call, weaker discard: half credit
    assert (fb.correct, fb.credit, fb.pick) == (False, 0.5, "pon 2m")
    assert "not the best: partial credit" in fb.explanation("en")
    fb = grade(p, "pass")
    assert (fb.correct, fb.credit) == (False, 0.0)
    for bad, words in (("pon 5z", "holds no 5z"), ("pass 9m", "no discard after passing"),
                       ("pon 9m 2m", "optionally the discard")):
        with pytest.raises(AnswerError, match=words):
            grade(p, bad)


def test_call_pon_with_yaku_is_right():
    p = call(YAKU_HAND, "5z", "A")
    fb = grade(p, "pon")
    assert (fb.correct, fb.credit, fb.best, fb.choices) == (True, 1.0, ("pon",), 2)
    assert fb.explanation("en") == ("Correct. 5z from the player across; your hand is 1-shanten. Pon 5z: goes "
                                    "to tenpai and keeps a yaku (yaku: Yakuhai: white dragon). Pass: stays closed at "
                                    "1-shanten. After the call, discard 9m.")
    assert fb.explanation("ja") == ("正解。対面の5z、手牌は1向聴。5zをポン: 聴牌に前進、役: 役牌 白。"
                                    "スルー: 門前のまま1向聴。鳴いた後の打牌は9m。")
    wrong = grade(p, "pass")
    assert (wrong.correct, wrong.credit) == (False, 0.0)
    assert wrong.explanation("en").startswith("Not right: the answer is pon 5z.")
    assert wrong.explanation("ja").startswith("不正解: 正解は5zをポンです。")


def test_call_yakuless_pon_is_a_trap():
    p = call(YAKU_HAND, "1s", "R")
    before, choices = call_choices(p)
    assert before == 1
    pon = choices[0]
    assert pon.advances and pon.shanten == 0 and not pon.right and pon.trap
    fb = grade(p, "pon")
    assert (fb.correct, fb.best) == (False, ("pass",))
    assert "Pon 1s: goes to tenpai but leaves no yaku after this call" in fb.explanation("en")
    assert "No call lowers the shanten and keeps a yaku, so passing is right." in fb.explanation("en")
    assert "役なし" in fb.explanation("ja") and "スルーが正解です" in fb.explanation("ja")
    assert grade(p, "pass").correct
    assert answer_key(p).difficulty == round(2 / 3, 3)                # pon counts twice, pass right


# 34m 68m 345p 567s 88p 2s is 1-shanten.  A 5m from the left: chi with 34m reaches tenpai
# (kanchan 68m) keeping tanyao; chi with 46m does not advance; there is no pon.
CHI_HAND = "3468m345p567s88p2s"


def test_call_which_chi():
    p = call(CHI_HAND, "5m", "L")
    assert [str(c.call) for c in call_choices(p)[1]] == ["chi:46m", "chi:34m", "pass"]
    fb = grade(p, "chi:34m")
    assert fb.correct and fb.best == ("chi:34m",) and fb.choices == 3
    fb = grade_call(p, "chi:64m")
    assert not fb.correct and fb.pick == "chi:46m"
    text = fb.explanation("en")
    assert text.startswith("Not right: the answer is chi 5m with 34m. 5m from the left player;")
    assert "Chi 5m with 46m: does not lower the shanten (still 1-shanten)." in text
    assert "Chi 5m with 34m: goes to tenpai and keeps a yaku (yaku: Tanyao)." in text
    assert "46mで5mをチー: 1向聴のままで進みません。" in fb.explanation("ja")
    assert not grade(p, "pass").correct
    red = call(CHI_HAND, "0m", "L")
    assert grade(red, "chi:34m").correct


def test_call_illegal_answers():
    p = call(CHI_HAND, "5m", "R")
    assert answer_key(p).best == ("pass",)
    for bad in ("chi:34m", "pon", "chi:78m", "kan", "chi:3m"):
        with pytest.raises(AnswerError):
            grade(p, bad)


def test_feedback_json():
    fb = grade(ONE_SHANTEN, "4m")
    data = fb.to_json()
    assert data["id"] == "n" and data["pick"] == "4m" and data["credit"] == 0.85
    assert set(data["explanation"]) == {"en", "ja"}
    with pytest.raises(ValueError):
        fb.explanation("fr")


def test_grading_by_expected_points():
    from mjgui.drills.problems import Problem
    from mjgui.drills.grading import answer_key, grade
    from mjgui.ev import expected_values
    p = Problem(id="ev1", drill="nanikiru", hand="23m456p789s55p1s24s7z", turn=3)
    ev = expected_values(p.to_hand(), 3)
    best = ev.rows[0]
    key = answer_key(p, "expected-points")
    assert best.name in key.best
    right = grade(p, best.name, "expected-points")
    assert right.correct and right.credit == 1.0 and "expected" in right.explanation("en")
    worst = ev.rows[-1]
    wrong = grade(p, worst.name, "expected-points")
    assert not wrong.correct
    assert abs(wrong.credit - worst.exp_score / best.exp_score) < 1e-9
    text = wrong.explanation("en")
    assert f"your {worst.name}" in text and f"{100 * best.win_prob:.0f}%" in text
    assert "期待値" in wrong.explanation("ja")
    # a hand beyond the model's reach is graded by ukeire
    far = Problem(id="ev2", drill="nanikiru", hand="147m258p369s12345z")
    assert grade(far, "1z", "expected-points").details.get("pick_ukeire") is not None


def test_expected_points_pick_back_past_the_search_scores_zero():
    """A 3-shanten hand's discard to 4-shanten has no expected value: 0, ranked below every
    discard worth something, explained (it was refused as "not in the hand")."""
    from mjgui.ev import MAX_SHANTEN, expected_values
    hand = "240m579p230678s41z"
    p = nanikiru(hand, turn=5)
    counts = ref.parse(hand)
    assert ref.shanten(counts) == MAX_SHANTEN == 3
    back = [k for k in range(34) if counts[k] and ref.shanten(ref._plus(counts, k, -1)) > MAX_SHANTEN]
    assert back, "the example needs a discard past the search"
    ev = expected_values(p.to_hand(), 5)
    worth = sum(1 for r in ev.rows if r.exp_score > 1e-6 * max(ev.rows[0].exp_score, 1.0))
    for kind in back:
        fb = grade(p, KIND_NAMES[kind], "expected-points")
        assert (fb.correct, fb.credit) == (False, 0.0)
        assert fb.rank == worth + 1 and fb.choices == sum(1 for c in counts if c)
        assert fb.details["pick_shanten"] == ref.shanten(ref._plus(counts, kind, -1))
        assert "searched up to 3-shanten" in fb.explanation("en") and "0点" in fb.explanation("ja")
        assert fb.ev is not None and fb.best == answer_key(p, "expected-points").best
    with pytest.raises(AnswerError):
        grade(p, "9m", "expected-points")


def test_one_meaning_for_scoring() -> None:
    """issue 26, item 25: the drills' answer grading is `mjgui.drills.grading`; "scoring" is
    only the hand scorer `mjgui.scoring`."""
    import importlib.util
    import mjgui.drills
    assert importlib.util.find_spec("mjgui.drills.grading") is not None
    assert importlib.util.find_spec("mjgui.drills.scoring") is None
    assert mjgui.drills.grade is importlib.import_module("mjgui.drills.grading").grade
