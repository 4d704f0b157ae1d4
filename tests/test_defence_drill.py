"""The defence drill without Qt: the simulated tables, grading, problem files, the history, the
statistics and the review queue (issue 28, item 4)."""
from __future__ import annotations

import os
import random
import sqlite3
import sys
from collections import Counter
from datetime import datetime, timedelta, timezone

import pytest

from mjgui import core
from mjgui.defence.danger import danger
from mjgui.defence.values import discard_values
from mjgui.drills import history as hist
from mjgui.drills.defence_grading import SAFE_MARGIN, TIE_POINTS, grade_defence
from mjgui.drills.defence_table import play_round
from mjgui.drills.generator import GenerateError, generate, make_problem
from mjgui.drills.grading import AnswerError, grade
from mjgui.drills.history import Attempt, HistoryError, HistoryStore
from mjgui.drills.problems import Problem, ProblemSetError, dumps_set, load_set, parse_set, save_set
from mjgui.drills.review import ReviewQueue
from mjgui.drills.session import DrillSession, review_problems
from mjgui.drills.stats import breakdown
from mjgui.ev import APP_OPTIONS, expected_values
from mjgui.hand import Hand
from mjgui.tiles import KIND_NAMES, N_KINDS, Tile

UTC = timezone.utc
T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _k(name: str) -> int:
    return Tile.from_name(name).kind


@pytest.fixture(scope="module")
def generated() -> list[Problem]:
    return generate(6, 11, "defence", topic="safest") + generate(6, 12, "defence", topic="pushfold")


# ---- the simulated tables -------------------------------------------------------------------

def test_generated_rivers_are_legal(generated):
    for p in generated:
        hand = Hand.parse(p.hand)
        # every physical tile counted once: hand, indicator, own discards, rivers (nothing called)
        copies = Counter(t.kind for t in hand.concealed)
        copies.update(t.kind for t in hand.dora_indicators)
        copies.update(t.kind for t in hand.discards)
        for o in hand.opponents:
            copies.update(r.tile.kind for r in o.river)
        assert max(copies.values()) <= 4, p.id
        reds = Counter(t.kind for t in (*hand.concealed, *hand.discards, *(r.tile for o in hand.opponents
                                                                         for r in o.river)) if t.red)
        assert max(reds.values(), default=0) <= 1
        assert len(hand.concealed) == 14 and not hand.melds
        riichi = [o for o in hand.opponents if o.in_riichi]
        assert riichi, p.id
        for o in riichi:
            assert sum(r.riichi for r in o.river) == 1
            assert all(r.tsumogiri for r in o.river[o.riichi_index + 1:]), f"{p.id}: hand-cut after riichi"
        # play goes round the table: no river is two discards ahead of another
        lengths = [len(hand.discards)] + [len(hand.opponent(s).river) for s in "LAR"]
        assert max(lengths) - min(lengths) <= 1, (p.id, lengths)
        assert hand.turn == len(hand.discards) + 1 == p.turn


def test_riichi_players_are_tenpai_at_their_riichi():
    seen = 0
    for seed in range(40):
        table = play_round(random.Random(seed), lambda t: len(t.riichi_at) >= 1)
        if table is None:
            continue
        for seat, tiles in table.riichi_hands.items():
            assert len(tiles) == 13
            counts = bytes(sum(1 for t in tiles if t.kind == k) for k in range(N_KINDS))
            assert core.shanten(counts) == 0, seat
            seen += 1
    assert seen >= 10


def test_the_same_seed_gives_the_same_problems():
    a = [make_problem(5, i, "defence") for i in range(3)]
    assert a == [make_problem(5, i, "defence") for i in range(3)]
    assert a[:2] == generate(2, 5, "defence")
    assert [p.hand for p in a] != [make_problem(6, i, "defence").hand for i in range(3)]
    assert {p.question for p in generate(8, 5, "defence")} == {"safest", "pushfold"}


def test_generator_options_are_checked():
    with pytest.raises(GenerateError, match="question"):
        make_problem(1, 0, "defence", topic="chinitsu")
    with pytest.raises(GenerateError, match="shanten"):
        make_problem(1, 0, "defence", shanten=1)


def test_push_fold_problems_are_tenpai_or_one_shanten(generated):
    for p in generated:
        if p.question == "pushfold":
            assert p.shanten in (0, 1)
            assert core.shanten(p.to_hand().counts) in (0, 1)


# ---- safest tile: hand-checked cases ----------------------------------------------------------

# the left player declared riichi on 2z after 1z 9m 1p 9s; 2z, 3z and 7z are seen out (hand and
# rivers); 9m and 1p are genbutsu; 5s has neither 2s nor 8s out: a no-suji middle tile
GENBUTSU = "999m111p5s222z33z77z seat:S turn:6 discards:1m4z8p9p5z L:1z9m1p9s2*z A:3z3z R:7z7z"


def _safest(hand: str, pid: str = "d1") -> Problem:
    return Problem(id=pid, drill="defence", hand=hand, question="safest")


def test_genbutsu_is_right_and_the_no_suji_middle_tile_scores_nothing():
    p = _safest(GENBUTSU)
    for tile in ("9m", "1p", "2z", "3z", "7z"):
        fb = grade(p, tile)
        assert fb.correct and fb.credit == 1.0, tile
    fb = grade(p, "9m")
    assert "against the left player: genbutsu" in fb.explanation("en")
    assert "上家に対して現物" in fb.explanation("ja")
    fb = grade(p, "5s")
    # the only tile that can deal in is the most dangerous one: no credit
    assert not fb.correct and fb.credit == 0.0
    assert fb.details["pick_deal_in"] > 0.05            # a no-suji 5 against a riichi: ~10 %
    # the left player's five discards: the published table's row 5
    assert "against the left player: no suji, turn 5" in fb.explanation("en")
    assert "上家に対して無筋、5巡目" in fb.explanation("ja")
    assert set(fb.best) == {"9m", "1p", "2z", "3z", "7z"}


# 6z: one copy in the hand, two in the rivers: one unseen; the rest are middle tiles without suji
HONOUR = "34555m345p3457s8p6z seat:W turn:6 discards:1m4z8m9p9s L:1z9m1p9s2*z A:6z2m R:6z8s"


def test_an_honour_with_three_copies_seen_is_the_safest():
    p = _safest(HONOUR)
    fb = grade(p, "6z")
    assert fb.correct and fb.best == ("6z",)
    tiles = {t["tile"]: t for t in fb.details["tiles"]}
    assert tiles["6z"]["reason"].startswith("value honour, 1 unseen")
    assert "value honour, 1 unseen" in fb.explanation("en") and "役牌 残り1枚" in fb.explanation("ja")
    wrong = grade(p, "5m")
    assert not wrong.correct and 0 < wrong.credit < 1


def test_safest_credit_follows_the_definition(generated):
    """A slow reference from the definition: credit (worst - p) / (worst - safest) over the
    hand's kinds by the combined chance; full credit within the margin of the safest."""
    for p in generated:
        if p.question != "safest":
            continue
        hand = p.to_hand()
        combined = danger(hand).combined
        kinds = sorted({t.kind for t in hand.concealed})
        low, high = min(combined[k] for k in kinds), max(combined[k] for k in kinds)
        assert set(p.best) == {KIND_NAMES[k] for k in kinds if combined[k] <= low + SAFE_MARGIN}
        for k in kinds:
            fb = grade(p, KIND_NAMES[k])
            want = 1.0 if combined[k] <= low + SAFE_MARGIN else (high - combined[k]) / (high - low)
            assert fb.credit == pytest.approx(want), (p.id, KIND_NAMES[k])
            assert fb.correct == (want == 1.0)


def test_a_tile_not_in_the_hand_is_refused():
    with pytest.raises(AnswerError, match="no 4p"):
        grade(_safest(GENBUTSU), "4p")


def test_the_tables_words_are_the_analyze_pages():
    """Each row of the drill's table carries its reason in both languages, in the words of the
    Analyze page's danger tooltips (mjgui.defence.reason_words), against the seat it names."""
    fb = grade(_safest(GENBUTSU), "9m")
    tiles = {t["tile"]: t for t in fb.details["tiles"]}
    assert tiles["9m"]["words"] == {"en": "against the left player: genbutsu", "ja": "上家に対して現物"}
    # 3z: two in the hand, two in the river across, thrown before the riichi: all four seen
    assert tiles["3z"]["words"] == {"en": "against the left player: all four seen", "ja": "上家に対して4枚見え"}
    assert tiles["5s"]["words"] == {"en": "against the left player: no suji, turn 5", "ja": "上家に対して無筋、5巡目"}


# ---- push or fold --------------------------------------------------------------------------------

def test_push_fold_grading_agrees_with_discard_values(generated):
    checked = 0
    for p in generated:
        if p.question != "pushfold":
            continue
        hand = p.to_hand()
        result = expected_values(hand, min(max(hand.turn, 1), 18), options=APP_OPTIONS)
        values = discard_values(hand, result)
        top = values.choices[0]
        best = f"{top.values.verdict} {KIND_NAMES[top.kind]}"
        assert best in p.best, p.id
        fb = grade(p, best)
        assert fb.correct and fb.credit == 1.0
        assert fb.details["best_value"] == pytest.approx(top.values.value, abs=0.1)
        # both values of every tile are the choices' (riichi or dama: the better push)
        for row in fb.details["options"]:
            mine = [c for c in values.choices if KIND_NAMES[c.kind] == row["tile"]]
            pushes = [c.values.push for c in mine if c.values.push is not None]
            folds = [c.values.fold for c in mine if c.values.fold is not None]
            assert row["push"] == pytest.approx(max(pushes), abs=0.1) if pushes else row["push"] is None
            assert row["fold"] == pytest.approx(max(folds), abs=0.1) if folds else row["fold"] is None
        # the other decision with the same tile: half credit at most, unless within the tie
        other = "fold" if top.values.verdict == "push" else "push"
        row = next(r for r in fb.details["options"] if r["tile"] == KIND_NAMES[top.kind])
        if row[other] is not None and row[other] < top.values.value - TIE_POINTS:
            wrong = grade(p, f"{other} {KIND_NAMES[top.kind]}")
            assert not wrong.correct and wrong.credit <= 0.5
            assert wrong.details["pick_value"] == pytest.approx(row[other], abs=0.1)
        checked += 1
    assert checked >= 3


def test_push_fold_answers_are_checked(generated):
    p = next(p for p in generated if p.question == "pushfold")
    missing = next(KIND_NAMES[k] for k in range(34) if not p.to_hand().counts[k])
    with pytest.raises(AnswerError, match="not in the concealed hand"):
        grade(p, f"push {missing}")
    with pytest.raises(AnswerError, match="push TILE or fold TILE"):
        grade(p, "attack 5m")
    tile = p.to_hand().concealed[0]
    assert grade(p, ("fold", tile)).pick == f"fold {tile.plain_name}"


# ---- problem files -----------------------------------------------------------------------------

def test_problem_set_round_trip(generated, tmp_path):
    text = dumps_set(generated, "Defence")
    back = parse_set(text)
    assert list(back.problems) == generated
    path = tmp_path / "defence.json"
    save_set(path, generated, "Defence")
    assert list(load_set(path).problems) == generated
    assert dumps_set(load_set(path).problems, "Defence") == text


@pytest.mark.parametrize("change, field, words", [
    ({"hand": "999m111p5s222z33z77z L:1z9m1p9s2z"}, "hand", "opponent in riichi"),
    ({"hand": "999m111p5s222z33z77z"}, "hand", "opponent in riichi"),
    ({"hand": GENBUTSU.replace("999m", "9999m")}, "hand", "copies"),
    ({"question": None}, "question", "safest, pushfold"),
    ({"question": "attack"}, "question", "safest, pushfold"),
    ({"question": "pushfold", "hand": "1357m2468p13579s9p L:1z9m1p9s2*z"}, "hand", "4-shanten"),
    ({"melds": ["pon:1*11z@L"]}, "melds", "hand text"),
    ({"answer": ["5p"]}, "answer", "not in the concealed hand"),
    ({"question": "pushfold", "hand": "123m456p789s11z23s9m L:1z9m1p9s2*z", "answer": ["push 5s"]},
     "answer", "not in the concealed hand"),
    ({"round": "W"}, "round", "differs"),
])
def test_bad_defence_problems_are_refused(change, field, words):
    data = {"id": "d1", "kind": "defence", "hand": GENBUTSU, "question": "safest", **change}
    with pytest.raises(ProblemSetError) as error:
        Problem.from_json({k: v for k, v in data.items() if v is not None})
    assert error.value.field == field and words in str(error.value)


def test_only_defence_problems_have_a_question():
    with pytest.raises(ProblemSetError, match="only defence problems have a question"):
        Problem.from_json({"id": "n", "kind": "nanikiru", "hand": "123m456p789s11z234s", "question": "safest"})


def test_a_push_fold_answer_is_normalised():
    p = Problem.from_json({"id": "d", "kind": "defence", "question": "pushfold",
                           "hand": "123m456p789s11z23s9m L:1z9m1p9s2*z", "answer": ["FOLD:9m", "push 2s"]})
    assert p.answer == ("push 2s", "fold 9m")


# ---- the history, statistics and the review queue ------------------------------------------------

def test_history_and_stats_count_the_drill(tmp_path, generated):
    with HistoryStore.open(tmp_path / "h.sqlite") as store:
        safest = [p for p in generated if p.question == "safest"][:2]
        session = DrillSession("defence", safest, mode="set", store=store, now=lambda: T0)
        worst = max(safest[0].to_hand().concealed, key=lambda t: danger(safest[0].to_hand()).combined[t.kind])
        assert not session.answer(worst).correct
        session.next()
        assert session.answer(safest[1].best[0]).correct
        attempts = store.attempts(drill="defence")
        assert [a.problem_id for a in attempts] == [p.id for p in safest]
        assert attempts[0].topic == "safest"
        stats = breakdown(store.attempts())
        assert stats["defence"].attempts == 2 and stats["defence"].accuracy == 0.5
        assert breakdown(attempts, "topic")["safest"].attempts == 2
        # the miss is due in the review queue, as a defence problem
        due = review_problems(store, "defence", now=T0 + timedelta(minutes=1))
        assert [p.id for p in due] == [safest[0].id] and due[0] == safest[0]


def _version_4_history(path, monkeypatch, correct: bool, check=None) -> None:
    """A history written by version 4 (before the defence drill): one nanikiru answer, n1;
    `check(store)` runs on it while it is open."""
    monkeypatch.setattr(hist, "SCHEMA_VERSION", 4)
    with HistoryStore.open(path) as store:
        store.record(Attempt.from_problem({"id": "n1", "kind": "nanikiru", "theme": "any"}, pick="1m",
                                          correct=correct, score=float(correct), seconds=3.0, answered_at=T0))
        if check is not None:
            check(store)
    monkeypatch.undo()


def test_a_version_4_history_is_upgraded_and_keeps_its_answers(tmp_path, monkeypatch):
    path = tmp_path / "h.sqlite"

    def refuses_the_drill(store):
        with pytest.raises(sqlite3.IntegrityError):      # version 4 does not know the drill
            store.connection.execute(
                "INSERT INTO attempts (problem_id, drill, problem, pick, correct, score, seconds, "
                "answered_at) VALUES ('x', 'defence', '{}', '1m', 1, 1.0, 1.0, 'x')")
    _version_4_history(path, monkeypatch, True, refuses_the_drill)
    with HistoryStore.open(path) as store:
        assert store.connection.execute("PRAGMA user_version").fetchone()[0] == 5
        assert [a.problem_id for a in store.attempts()] == ["n1"]
        store.record(Attempt.from_problem({"id": "d1", "kind": "defence", "theme": "safest"}, pick="1z",
                                          correct=False, score=0.0, seconds=3.0, answered_at=T0))
        assert store.count("defence") == 1
    assert (tmp_path / "h.sqlite.bak-v4").exists()


def test_a_version_4_history_on_a_read_only_disk_is_still_shown(tmp_path, monkeypatch):
    path = tmp_path / "h.sqlite"
    _version_4_history(path, monkeypatch, False)

    def refuse(*args):
        error = sqlite3.OperationalError("attempt to write a readonly database")
        error.sqlite_errorcode = 8      # SQLITE_READONLY, as on a read-only mount
        raise error
    monkeypatch.setattr(hist, "_backup", refuse)
    store = HistoryStore.open(path)
    try:
        assert store.read_only
        assert [a.problem_id for a in store.attempts()] == ["n1"]
        assert ReviewQueue(store).counts(T0)["total"] == 1
        with pytest.raises(HistoryError, match="saving is off"):
            store.record(Attempt.from_problem({"id": "d1", "kind": "defence"}, pick="1z", correct=True,
                                              score=1.0, seconds=1.0, answered_at=T0))
    finally:
        store.close()
    with sqlite3.connect(str(path)) as conn:             # untouched: still version 4
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 4


# ---- problems from a reviewed game ------------------------------------------------------------------

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmarks"))


@pytest.fixture(scope="module")
def reviewed():
    from real_games import games
    from mjgui.logs.review import review_game
    record = games()[1][1]
    return review_game(record, 0)


def test_mistakes_under_a_riichi_become_defence_problems(reviewed, tmp_path):
    problems = reviewed.problems({"points": 0.0, "ukeire": 0.0})
    defence = [p for p in problems if p.drill == "defence"]
    assert defence, "the game has mistakes under a riichi"
    threatened = [r for rs in reviewed.ratings for r in rs
                  if r.under_threat and r.decision.action == "discard" and r.loss > 0
                  and any(o.in_riichi for o in r.decision.hand.opponents) and r.played not in r.best]
    assert len(defence) == len(threatened)
    for p, r in zip(defence, threatened):
        assert p.to_hand() == Hand.parse(str(r.decision.hand))
        s = core.shanten(p.to_hand().counts, core.ALL_FORMS if p.to_hand().is_closed else core.REGULAR)
        assert p.question == ("pushfold" if s in (0, 1) else "safest")
        if p.question == "pushfold":
            verdict, tile = p.answer[0].split()
            assert tile == r.best[0].split()[0] and verdict in ("push", "fold")
        grade_defence(p, p.to_hand().concealed[0])  if p.question == "safest" else \
            grade_defence(p, p.answer[0])
    # "Drill my mistakes": they enter the review queue and come back in the defence drill
    with HistoryStore.open(tmp_path / "h.sqlite") as store:
        added = ReviewQueue(store).add_problems(problems, source="review", now=T0)
        assert added == len(problems)
        due = review_problems(store, "defence", now=T0 + timedelta(minutes=1))
        assert sorted(p.id for p in due) == sorted(p.id for p in defence)


def test_a_problem_left_unanswered_times_out_with_its_key():
    class Clock:
        t = 0.0

        def __call__(self) -> float:
            return self.t
    clock = Clock()
    p = _safest(GENBUTSU)
    session = DrillSession("defence", [p], timer_seconds=10, clock=clock)
    clock.t = 11.0
    assert session.expired
    fb = session.expire()
    assert not fb.correct and fb.credit == 0 and set(fb.best) == {"9m", "1p", "2z", "3z", "7z"}
