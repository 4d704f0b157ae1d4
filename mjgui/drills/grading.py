"""Answer keys, grading and explanations of the drills (EN/JA), from the engine's own numbers.

Evaluators (how nanikiru discards are ranked; see `mjgui.analysis`):

- ``"ukeire"`` (default): lowest shanten, then most ukeire (`analysis.by_ukeire`);
- ``"second-step"``: the same, then the larger second step (`analysis.by_second_step`);
- ``"expected-points"``: the expected points of `mjgui.ev` (the simple model, from the
  problem's turn; docs/ev.md).  A pick is correct when it ties the best expected points
  (within a millionth), otherwise its credit is ``points(pick) / points(best)`` — a step
  back in shanten is graded like any other pick, by what it is worth; one back past the
  model's 3-shanten has no expected value and scores 0.  Hands above the model's 3-shanten
  fall back to the ukeire rules.  The Feedback keeps the search (`Feedback.ev`): the
  drill's answer table shows those numbers.

Grading rules
-------------
**Nanikiru.**  A pick is *correct* when it ties the best discard under the evaluator
(credit 1).  Otherwise:

- a pick that goes back in shanten (a higher shanten than the best discard) gets **0**:
  it throws away progress, whatever its ukeire;
- a pick that keeps the shanten gets ``ukeire(pick) / ukeire(best)`` (e.g. 16/20 = 0.8);
- under ``"second-step"``, a pick with the best ukeire but a smaller second step gets
  ``second_step(pick) / second_step(best)``.

Its *rank* is 1 + the number of distinct discards strictly better under the evaluator (tied
discards share a rank; a red five and a plain five are one discard).

**Wait.**  The waits are those of `mjgui.waits.wait_details` (a wait whose copies are all
visible still counts; a fifth copy never does).  Credit = right marks / (waits + wrong marks),
so every missed wait and every wrong mark costs; 1 only for exactly the waits.

**Call.**  The choices are ``pass`` and every legal ``pon`` / ``chi`` of the discarded tile
(chi only from the left player, kuikae banned).  A call is *right* when it lowers the
shanten (the analysis' calls: `core.call_table` after the best legal discard, against the
hand's shanten) **and** keeps a yaku (`mjgui.yaku.yaku_status(...).keeps_yaku`); ``pass``
is right when no call is.  Several answers can be right; any of them scores 1, anything
else 0.  An answer may add the discard after the call (``pon 3z``, ``chi:46m 9s``): the right
discards are those of `mjgui.analysis.CallOption.best_discards` (kuikae allowed ones that keep
a reachable yaku, then the usual ranking); a right call with another discard scores
1 - ``DISCARD_SHARE`` (0.5) and is not *correct*.

**Score.**  The value comes from `mjgui.scoring.score` under the tenhou rules (see
docs/scoring.md); the answer is ``POINTS`` or ``HAN/FU/POINTS`` (syntax in
`mjgui.drills.problems`), POINTS being what the payers pay together before honba and riichi
sticks (a tsumo may be given as its payments, ``1300-2600`` or ``2600all``, which must then
match exactly).  Credit:

- the points right: **1** (*correct*), whatever the han and fu said;
- the points wrong: **0.25** for the right han plus **0.25** for the right fu (at most 0.5:
  the count was right and the table lookup went wrong).  A han or fu left out earns nothing.
- a yakuman hand needs no han or fu: with wrong points, saying ``yakuman`` earns 0.25 (its fu
  are not asked).  A hand without a yaku is worth 0 points.

`score_choices` gives the four values of the choices mode: the right one and three
plausible mistakes (one han or ten fu off, the dealer's value for a non-dealer's ron and
back, neighbouring limits), sorted by points, the same for a problem every time.

Difficulty (0 easy .. 1 hard, stored in problems as ``difficulty``)
-------------------------------------------------------------------
- nanikiru: ``runner_up / best`` by ukeire (= 1 - (best - runner_up) / best), where the
  runner-up is the best discard not tied with the best under the evaluator; 0 when every
  other discard goes back in shanten (or all discards tie), 1 when the runner-up only loses
  on the second step;
- wait: ``1 - 1 / number of waits`` (one wait 0, two 0.5, three 0.67 ...);
- call: ``W / (W + R)`` with R the right answers and W the wrong legal choices, a wrong call
  that does lower the shanten (the yakuless trap) counting twice;
- score: the counting work, ``min(1, W / 10)`` with W = the yaku lines (dora, ura and red
  fives one line each) + the fu items beyond the base when the fu matter (below mangan, not
  seven pairs) + 1 for a tsumo (two payments); a yakuman hand ``min(1, 0.6 + 0.1 * lines)``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from mjgui import core
from mjgui.analysis import Analysis, Row, analyze, by_second_step, by_ukeire, meld_caps
from mjgui.hand import Hand
from mjgui.tiles import KIND_NAMES, Tile, TileError, format_tiles, parse_tiles
from mjgui.waits import WaitReport, wait_details
from mjgui.words import seat_text, shanten_word

from .problems import Call, Problem, ScoreAnswer, call_problem, parse_call, parse_score_answer

__all__ = [
    "EVALUATORS", "DEFAULT_EVALUATOR", "LANGS", "AnswerError", "Key", "Feedback", "CallChoice",
    "rank_function", "nanikiru_analysis", "nanikiru_key", "wait_key", "call_choices", "call_key",
    "answer_key", "grade", "grade_nanikiru", "grade_wait", "grade_call", "call_hand_after", "SCORE_RULES",
    "problem_score", "score_key", "score_value", "hand_value", "ScoreChoice", "score_choices",
    "grade_score", "value_text", "answer_words",
]

# expected points rank by the EV search, not by a Row function: the analysis keeps the ukeire
# order, and the drill's table is ordered by the grade's own expected values (Feedback.ev)
EVALUATORS = {"ukeire": by_ukeire, "second-step": by_second_step, "expected-points": by_ukeire}
EV_EVALUATOR = "expected-points"
DEFAULT_EVALUATOR = "ukeire"
LANGS = ("en", "ja")


class AnswerError(ValueError):
    """An answer that cannot be graded (not a tile, not in the hand, not a legal call)."""


def rank_function(evaluator: str):
    try:
        return EVALUATORS[evaluator]
    except KeyError:
        raise ValueError(f"evaluator must be one of {', '.join(EVALUATORS)}, not {evaluator!r}") from None


@dataclass(frozen=True)
class Key:
    """The engine's answer key of a problem."""
    shanten: int
    best: tuple[str, ...]        # tied-best discards / waits / right calls
    difficulty: float
    ev: Any = field(default=None, compare=False, repr=False)   # a nanikiru key by expected points: the search


@dataclass(frozen=True)
class Feedback:
    """The grade of one answer.

    ``details`` holds the numbers behind the explanation (JSON types):
    nanikiru: pick_shanten, pick_ukeire, best_shanten, best_ukeire, pick_second_step,
    best_second_step, lost, gained (tile names); wait: waits, right; call: shanten, choices
    (each {call, shanten, advances, yaku, right})."""
    problem_id: str
    drill: str
    pick: str                    # the answer, normalised: "5m", "14m7z", "chi:46m"
    correct: bool
    credit: float                # 0..1
    best: tuple[str, ...]        # the right answers
    rank: int | None = None      # nanikiru: 1 + distinct discards strictly better
    choices: int | None = None   # nanikiru: distinct discards; call: legal choices
    missed: tuple[str, ...] = ()  # wait: waits not marked
    wrong: tuple[str, ...] = ()   # wait: marks that are not waits
    details: Mapping[str, Any] = field(default_factory=dict, compare=False)
    explanations: Mapping[str, str] = field(default_factory=dict, compare=False)
    # nanikiru graded by expected points: the mjgui.ev.EvResult the grade used (not stored,
    # not in JSON), so that the answer's table shows the same numbers without a new search
    ev: Any = field(default=None, compare=False, repr=False)

    def explanation(self, lang: str = "en") -> str:
        if lang not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
        return self.explanations[lang]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.problem_id, "kind": self.drill, "pick": self.pick,
                "correct": self.correct, "credit": self.credit, "best": list(self.best),
                "rank": self.rank, "choices": self.choices, "missed": list(self.missed),
                "wrong": list(self.wrong), "details": dict(self.details),
                "explanation": {lang: self.explanations[lang] for lang in LANGS}}


# ---- small text helpers ------------------------------------------------------------------

def _names(kinds: Iterable[int]) -> list[str]:
    return [KIND_NAMES[k] for k in sorted(kinds)]


def _slash(kinds: Iterable[int], lang: str) -> str:
    return ("・" if lang == "ja" else "/").join(_names(kinds))


def _listing(kinds: Iterable[int], lang: str, word: str = "and") -> str:
    """'1m, 4m and 7m' ('or' with word="or"); Japanese '1m・4m・7m'."""
    names = _names(kinds)
    if lang == "ja":
        return "・".join(names)
    return f" {word} ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + f" {word} " + names[-1]


def _tiles_left(row: Row) -> str:
    return " ".join(f"{t.name}({t.remaining})" for t in row.ukeire)


def pick_kind(pick: Tile | str | int) -> int:
    """A picked tile's kind (a Tile, a kind index or a name); AnswerError for anything else."""
    if isinstance(pick, Tile):
        return pick.kind
    if isinstance(pick, int) and not isinstance(pick, bool) and 0 <= pick < len(KIND_NAMES):
        return pick
    if isinstance(pick, str):
        try:
            return Tile.from_name(pick.strip()).kind
        except TileError as error:
            raise AnswerError(str(error)) from None
    raise AnswerError(f"{pick!r} is not a tile")


def credit_text(credit: float, lang: str) -> str:
    """"Credit 0.40" / 「得点 0.40」, the end of an explanation."""
    return f"得点 {credit:.2f}" if lang == "ja" else f"Credit {credit:.2f}"


# ---- nanikiru -------------------------------------------------------------------------------

def nanikiru_analysis(hand: Hand | Problem, evaluator: str = DEFAULT_EVALUATOR) -> Analysis:
    """The per-discard analysis a nanikiru problem is graded with (no calls; second step only
    when the evaluator needs it)."""
    rank = rank_function(evaluator)
    if isinstance(hand, Problem):
        hand = hand.to_hand()
    what = core.WITH_SECOND_STEP if rank is by_second_step else 0
    return analyze(hand, rank=rank, what=what, calls=False)


def _runner_up(a: Analysis) -> Row | None:
    top = a.rank(a.rows[0])
    return next((r for r in a.rows if a.rank(r) != top), None)


def _ev(problem: Hand | Problem):
    """The expected values of a nanikiru hand from its turn, or None above the model's reach."""
    from mjgui.ev import MAX_SHANTEN, expected_values
    turn = 1
    if isinstance(problem, Problem):
        turn = min(max(problem.turn, 1), 17)
        hand = problem.to_hand()
    else:
        hand = problem
        turn = min(max(hand.turn, 1), 17)
    if core.shanten(hand.counts, core.ALL_FORMS if hand.is_closed else core.REGULAR) > MAX_SHANTEN:
        return None
    return expected_values(hand, turn)


def _ev_best(ev) -> list:
    top = ev.rows[0].exp_score
    return [r for r in ev.rows if r.exp_score >= top - 1e-6 * max(top, 1.0)]


def nanikiru_key(hand: Hand | Problem, evaluator: str = DEFAULT_EVALUATOR,
                 analysis: Analysis | None = None) -> Key:
    if evaluator == EV_EVALUATOR:
        ev = _ev(hand)
        if ev is not None and ev.rows:
            best = _ev_best(ev)
            runner = next((r for r in ev.rows if r not in best), None)
            top = best[0].exp_score
            difficulty = round(runner.exp_score / top, 3) if runner is not None and top > 0 else 0.0
            return Key(ev.shanten, tuple(_names(r.discard.kind for r in best)), difficulty, ev=ev)
    a = analysis or nanikiru_analysis(hand, evaluator)
    best = a.best()
    lead = a.rows[0]
    runner = _runner_up(a)
    if runner is None or runner.shanten > lead.shanten or not lead.ukeire_total:
        difficulty = 0.0
    else:
        difficulty = round(runner.ukeire_total / lead.ukeire_total, 3)
    return Key(a.shanten, tuple(_names(r.tile.kind for r in best)), difficulty)  # type: ignore[union-attr]


def _state(row: Row, hand_shanten: int, lang: str) -> str:
    """'keeps 1-shanten with 20 tiles' / 'goes back to 2-shanten (28 tiles)' (and JA)."""
    s, n = row.shanten, row.ukeire_total
    words = shanten_word(s, lang)
    if s > max(hand_shanten, 0):
        return f"{words}に後退（受け入れ{n}枚）" if lang == "ja" else f"goes back to {words} ({n} tiles)"
    if lang == "ja":
        return f"聴牌維持、待ち{n}枚" if s == 0 else f"{words}維持、受け入れ{n}枚"
    return f"keeps tenpai with {n} winning tiles" if s == 0 else f"keeps {words} with {n} tiles"


def grade_nanikiru(problem: Problem, pick: Tile | str | int, evaluator: str = DEFAULT_EVALUATOR,
                   analysis: Analysis | None = None) -> Feedback:
    """Grade a discard (a tile, its name — "0m" is a 5m — or its kind)."""
    if evaluator == EV_EVALUATOR:
        ev = _ev(problem)
        if ev is not None and ev.rows:
            return _grade_by_ev(problem, pick_kind(pick), ev)
    a = analysis or nanikiru_analysis(problem, evaluator)
    kind = pick_kind(pick)
    row = next((r for r in a.rows if r.tile.kind == kind), None)  # type: ignore[union-attr]
    if row is None:
        raise AnswerError(f"there is no {KIND_NAMES[kind]} in the hand to discard")
    rank = a.rank
    best = a.best()
    lead = best[0]
    key = rank(row)
    place = 1 + sum(1 for r in a.rows if rank(r) < key)
    correct = key == rank(lead)
    if correct:
        credit = 1.0
    elif row.shanten > lead.shanten:
        credit = 0.0
    elif row.ukeire_total < lead.ukeire_total:
        credit = row.ukeire_total / lead.ukeire_total
    else:                       # lost on the second step only
        credit = (row.second_step or 0) / lead.second_step if lead.second_step else 0.0
    lead_kinds = {t.kind for t in lead.ukeire}
    pick_kinds = {t.kind for t in row.ukeire}
    lost, gained = lead_kinds - pick_kinds, pick_kinds - lead_kinds
    best_kinds = [r.tile.kind for r in best]  # type: ignore[union-attr]
    texts = {lang: _nanikiru_text(lang, a, row, lead, best_kinds, correct, credit, place,
                                  lost, gained, evaluator) for lang in LANGS}
    details = {"pick_shanten": row.shanten, "pick_ukeire": row.ukeire_total,
               "best_shanten": lead.shanten, "best_ukeire": lead.ukeire_total,
               "pick_second_step": row.second_step, "best_second_step": lead.second_step,
               "lost": _names(lost), "gained": _names(gained), "evaluator": evaluator}
    return Feedback(problem.id, "nanikiru", KIND_NAMES[kind], correct, credit,
                    tuple(_names(best_kinds)), place, len(a.rows), details=details, explanations=texts)


def _grade_by_ev(problem: Problem, kind: int, ev) -> Feedback:
    """Grade a discard by its expected points (the simple model).  A discard that goes back
    beyond the searched shanten has no expected value: it scores 0 and ranks below every
    discard worth something."""
    hand = problem.to_hand()
    held = {t.kind for t in hand.concealed}
    if kind not in held:
        raise AnswerError(f"there is no {KIND_NAMES[kind]} in the hand to discard")
    n = len(held)
    row = next((r for r in ev.rows if r.discard.kind == kind), None)
    best = _ev_best(ev)
    lead = best[0]
    top = lead.exp_score
    tie = 1e-6 * max(top, 1.0)
    best_kinds = [r.discard.kind for r in best]
    if row is None:
        from mjgui.ev import MAX_SHANTEN
        after = bytearray(hand.counts)
        after[kind] -= 1
        shanten = core.shanten(bytes(after), core.ALL_FORMS if hand.is_closed else core.REGULAR)
        place = 1 + sum(1 for r in ev.rows if r.exp_score > tie)
        texts = {lang: _ev_unsearched_text(lang, KIND_NAMES[kind], shanten, lead, MAX_SHANTEN, place, n)
                 for lang in LANGS}
        details = {"pick_shanten": shanten, "best_shanten": lead.shanten, "evaluator": EV_EVALUATOR,
                   "turn": ev.turn, "pick_win_prob": None, "best_win_prob": lead.win_prob,
                   "pick_exp_score": None, "best_exp_score": lead.exp_score}
        return Feedback(problem.id, "nanikiru", KIND_NAMES[kind], False, 0.0, tuple(_names(best_kinds)),
                        place, n, details=details, explanations=texts, ev=ev)
    correct = row in best
    credit = 1.0 if correct else (row.exp_score / top if top > 0 else 0.0)
    place = 1 + sum(1 for r in ev.rows if r.exp_score > row.exp_score + tie)
    texts = {lang: _ev_text(lang, row, lead, best_kinds, correct, credit, place, n) for lang in LANGS}
    details = {"pick_shanten": row.shanten, "best_shanten": lead.shanten, "evaluator": EV_EVALUATOR,
               "turn": ev.turn, "pick_win_prob": row.win_prob, "best_win_prob": lead.win_prob,
               "pick_exp_score": row.exp_score, "best_exp_score": lead.exp_score}
    return Feedback(problem.id, "nanikiru", KIND_NAMES[kind], correct, credit, tuple(_names(best_kinds)),
                    place, n, details=details, explanations=texts, ev=ev)


def _ev_unsearched_text(lang: str, pick: str, shanten: int, lead, limit: int, place: int, n: int) -> str:
    """A pick that steps back past the searched shanten (and JA)."""
    words = shanten_word(shanten, lang)
    if lang == "ja":
        return (f"{lead.name}切りは{_ev_words(lead, lang)}（期待値{lead.exp_score:,.0f}点）、あなたの{pick}切りは"
                f"{words}に後退します — 期待値は{limit}向聴まで計算するため、0点です。{n}種中{place}位。")
    return (f"{lead.name} {_ev_words(lead, lang)} (expected {lead.exp_score:,.0f}); your {pick} goes back "
            f"to {words} — expected values are searched up to {limit}-shanten, so it scores 0. "
            f"Rank {place} of {n}.")


def _ev_words(row, lang: str) -> str:
    """'wins 41% for 6,100 on average' (points per win), or 'never wins' (and JA)."""
    if row.win_prob <= 0:
        return "和了なし" if lang == "ja" else "never wins"
    per_win = row.exp_score / row.win_prob
    if lang == "ja":
        return f"和了率{100 * row.win_prob:.0f}%、平均{per_win:,.0f}点"
    return f"wins {100 * row.win_prob:.0f}% for {per_win:,.0f} on average"


def _ev_text(lang: str, row, lead, best_kinds: list[int], correct: bool, credit: float, place: int,
             n: int) -> str:
    ja = lang == "ja"
    pick = row.name
    if correct:
        others = [k for k in best_kinds if k != row.discard.kind]
        text = (f"正解: {pick}切りは{_ev_words(row, lang)}（期待値{row.exp_score:,.0f}点）。" if ja else
                f"Correct: {pick} {_ev_words(row, lang)} (expected {row.exp_score:,.0f} points).")
        if others:
            text += (f"{_slash(others, lang)}切りも同じです。" if ja else
                     f" {_listing(others, lang)} {'is' if len(others) == 1 else 'are'} just as good.")
        return text
    if ja:
        return (f"{lead.name}切りは{_ev_words(lead, lang)}（期待値{lead.exp_score:,.0f}点）、あなたの{pick}切りは"
                f"{_ev_words(row, lang)}（{row.exp_score:,.0f}点）。{credit_text(credit, lang)}、{n}種中{place}位。")
    return (f"{lead.name} {_ev_words(lead, lang)} (expected {lead.exp_score:,.0f}); your {pick} "
            f"{_ev_words(row, lang)} ({row.exp_score:,.0f}). {credit_text(credit, lang)}, rank {place} of {n}.")


def _nanikiru_text(lang: str, a: Analysis, row: Row, lead: Row, best_kinds: list[int],
                   correct: bool, credit: float, place: int, lost: set[int], gained: set[int],
                   evaluator: str) -> str:
    ja = lang == "ja"
    pick = KIND_NAMES[row.tile.kind]  # type: ignore[union-attr]
    hs = a.shanten
    n = len(a.rows)
    if correct:
        others = [k for k in best_kinds if k != row.tile.kind]  # type: ignore[union-attr]
        text = (f"正解: {pick}切りで{_state(row, hs, lang)}（{_tiles_left(row)}）。" if ja else
                f"Correct: {pick} {_state(row, hs, lang)} ({_tiles_left(row)}).")
        if others:
            text += (f"{_slash(others, lang)}切りも同じく最善です。" if ja else
                     f" {_listing(others, lang)} {'is' if len(others) == 1 else 'are'} just as good.")
        if evaluator == "second-step" and any(
                r.shanten == row.shanten and r.ukeire_total == row.ukeire_total
                and (r.second_step or 0) < (row.second_step or 0) for r in a.rows):
            text += (f"受け入れが同じ打牌の中で、次の一手が最も広くなります（二歩目 {row.second_step}）。"
                     if ja else f" Among the discards with as many tiles it leaves the widest next step "
                                f"(second step {row.second_step}).")
        return text
    others = [k for k in best_kinds if k != lead.tile.kind]  # type: ignore[union-attr]
    lead_name = KIND_NAMES[lead.tile.kind]  # type: ignore[union-attr]
    if others:
        lead_name += f"（または{_slash(others, lang)}）" if ja else f" (or {_listing(others, lang, 'or')})"
    def tail(ratio: str = "") -> str:
        if ja:
            return f"{credit_text(credit, lang)}{f'（{ratio}枚）' if ratio else ''}、{n}種中{place}位。"
        return f" {credit_text(credit, lang)}{f' ({ratio} tiles)' if ratio else ''}, rank {place} of {n}."

    best_state = _state(lead, hs, lang)
    if row.shanten > lead.shanten:
        words = shanten_word(row.shanten, lang)
        if ja:
            return (f"{lead_name}切りで{best_state}、あなたの{pick}切りは{words}に後退します"
                    f" — 後退する打牌は0点です。{n}種中{place}位。")
        return (f"{lead_name} {best_state}; your {pick} goes back to {words}"
                f" — a step back scores 0. Rank {place} of {n}.")
    if row.ukeire_total < lead.ukeire_total:
        ratio = f"{row.ukeire_total}/{lead.ukeire_total}"
        if ja:
            text = (f"{lead_name}切りで{best_state}、あなたの{pick}切りでは{row.ukeire_total}枚"
                    f" — {_slash(lost, lang)}の受け入れを失います")
            if gained:
                text += f"（{_slash(gained, lang)}は受け入れに入ります）"
            return text + "。" + tail(ratio)
        text = (f"{lead_name} {best_state}; your {pick} keeps it with {row.ukeire_total}"
                f" — you lose the {_slash(lost, lang)} draws")
        if gained:
            text += f" (and gain {_slash(gained, lang)})"
        return text + "." + tail(ratio)
    words = shanten_word(row.shanten, lang)
    steps = (lead.second_step, row.second_step)
    if ja:
        return (f"{lead_name}切りもあなたの{pick}切りも{words}維持で受け入れ{row.ukeire_total}枚ですが、"
                f"次の一手が広いのは{lead_name}切りです（二歩目 {steps[0]} 対 {steps[1]}）。" + tail())
    return (f"{lead_name} and your {pick} both keep {words} with {row.ukeire_total} tiles, but {lead_name} "
            f"leaves the wider next step (second step {steps[0]} against {steps[1]})." + tail())


# ---- waits -------------------------------------------------------------------------------------

def _wait_report(problem: Problem | Hand) -> WaitReport:
    return wait_details(problem.to_hand() if isinstance(problem, Problem) else problem)


def wait_key(problem: Problem | Hand, report: WaitReport | None = None) -> Key:
    report = report or _wait_report(problem)
    n = len(report.waits)
    return Key(report.shanten, tuple(w.name for w in report.waits), round(1 - 1 / n, 3) if n else 0.0)


def _wait_kinds(picks: str | Iterable[Tile | str | int]) -> set[int]:
    if isinstance(picks, str):
        try:
            return {t.kind for t in parse_tiles(picks)}
        except TileError as error:
            raise AnswerError(str(error)) from None
    return {pick_kind(p) for p in picks}


def grade_wait(problem: Problem, picks: str | Iterable[Tile | str | int],
               report: WaitReport | None = None) -> Feedback:
    """Grade the marked waits (tiles, names, kinds, or one mpsz string like "14m7z")."""
    report = report or _wait_report(problem)
    marked = _wait_kinds(picks)
    waits = set(report.kinds)
    right, missed, wrong = marked & waits, waits - marked, marked - waits
    union = len(waits | marked)
    credit = len(right) / union if union else 1.0
    correct = marked == waits
    pick = format_tiles(Tile(k) for k in marked)
    texts = {lang: _wait_text(lang, report, right, missed, wrong, credit, union) for lang in LANGS}
    details = {"waits": [{"tile": w.name, "remaining": w.remaining, "shapes": list(w.shapes)}
                         for w in report.waits], "right": _names(right)}
    return Feedback(problem.id, "wait", pick, correct, credit, tuple(w.name for w in report.waits),
                    missed=tuple(_names(missed)), wrong=tuple(_names(wrong)), details=details,
                    explanations=texts)


def _wait_text(lang: str, report: WaitReport, right: set[int], missed: set[int], wrong: set[int],
               credit: float, union: int) -> str:
    ja = lang == "ja"
    if ja:
        items = "、".join(f"{w.name}（残り{w.remaining}枚・{w.label('ja')}）" for w in report.waits)
        text = f"待ち: {items}、計{report.total_remaining}枚。"
        if not missed and not wrong:
            text += "全部正解です。"
        if missed:
            text += f"{_listing(missed, lang)}を見逃しています。"
        if wrong:
            text += f"{_listing(wrong, lang)}は待ちではありません。"
        text += f"{credit_text(credit, lang)}（{len(right)}/{union}）。"
    else:
        items = ", ".join(f"{w.name} ({w.remaining} left, {w.label('en')})" for w in report.waits)
        text = f"Waits: {items} — {report.total_remaining} tiles."
        if not missed and not wrong:
            text += " You found every wait."
        if missed:
            text += f" You missed {_listing(missed, lang)}."
        if wrong:
            text += f" {_listing(wrong, lang)} {'is not a wait' if len(wrong) == 1 else 'are not waits'}."
        text += f" {credit_text(credit, lang)} ({len(right)} right of {union})."
    reasons = report.reasons(lang)
    if reasons:
        text += "".join(r + "。" for r in reasons) if ja else "".join(f" {r}." for r in reasons)
    return text


# ---- calls -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CallChoice:
    """One legal choice of a call drill."""
    call: Call
    shanten: int                  # after the call and the best legal discard (pass: as it stands)
    advances: bool                # lowers the shanten
    yaku: Any = None              # mjgui.yaku.YakuStatus of an advancing call
    right: bool = False
    option: Any = field(default=None, repr=False, compare=False)   # mjgui.analysis.CallOption (advancing)

    @property
    def discards(self) -> tuple[int, ...]:
        """The right discards after this call (kinds; empty for pass or a call that does
        not advance): `mjgui.analysis.CallOption.best_discards`, computed when asked."""
        return self.option.best_discards if self.option is not None else ()

    @property
    def trap(self) -> bool:
        """Advances the hand but leaves no yaku."""
        return self.advances and not self.right


def call_choices(problem: Problem) -> tuple[int, tuple[CallChoice, ...]]:
    """(the hand's shanten, every legal choice: pon, each chi, then pass)."""
    hand = problem.to_hand()
    t = problem.discarded_tile.kind  # type: ignore[union-attr]
    a = analyze(hand, rank=by_ukeire, what=0)
    before = a.shanten
    advancing = {(c.call, c.uses): c for c in a.current.calls if c.tile == t}  # type: ignore[union-attr]
    table = core.call_table(hand.counts, meld_caps(hand.melds))     # the melds' copies count
    found: list[tuple[Call, int | None]] = []
    if hand.counts[t] >= 2:
        found.append((Call("pon"), table.pon[t]))
    if problem.from_seat == "L" and t < 27:
        for j in range(3):
            low = t - j
            if low < t // 9 * 9 or low + 2 >= t // 9 * 9 + 9:
                continue
            uses = tuple(u for u in (low, low + 1, low + 2) if u != t)
            if all(hand.counts[u] for u in uses):
                found.append((Call("chi", uses), table.chi[t][j]))
    choices = []
    for call, after in found:
        if after is None:                   # kuikae leaves no legal discard
            continue
        option = advancing.get((call.kind, call.uses if call.kind == "chi" else (t, t)))
        right = option is not None and option.yaku is not None and option.yaku.keeps_yaku
        choices.append(CallChoice(call, after, option is not None,
                                  None if option is None else option.yaku, right, option))
    choices.append(CallChoice(Call("pass"), before, False, None, not any(c.right for c in choices)))
    return before, tuple(choices)


def call_key(problem: Problem, choices: tuple[int, tuple[CallChoice, ...]] | None = None) -> Key:
    before, options = choices or call_choices(problem)
    right = [c for c in options if c.right]
    wrong = sum(1 + c.trap for c in options if not c.right)
    difficulty = round(wrong / (wrong + len(right)), 3)
    return Key(before, tuple(str(c.call) for c in right), difficulty)


def _split_call_answer(choice: str | Call) -> tuple[str | Call, str | None]:
    """``"pon 3z"`` -> (``"pon"``, ``"3z"``): a call and, optionally, the discard after it."""
    if isinstance(choice, Call) or not isinstance(choice, str):
        return choice, None
    parts = choice.split()
    if len(parts) == 2:
        return parts[0], parts[1]
    if len(parts) > 2:
        raise AnswerError(f"{choice[:40]!r}: write a call, then optionally the discard after it "
                          "(e.g. pon 3z or chi:46m 9s)")
    return choice, None


def grade_call(problem: Problem, choice: str | Call,
               choices: tuple[int, tuple[CallChoice, ...]] | None = None) -> Feedback:
    """Grade ``pass``, ``pon`` or ``chi:XYs`` (the two tiles the chi uses), optionally with
    the discard after the call (``pon 3z``): a right call with a right discard scores 1, a
    right call with another discard `DISCARD_SHARE` short of it."""
    t = problem.discarded_tile
    choice, discard_text = _split_call_answer(choice)
    try:
        call = choice if isinstance(choice, Call) else parse_call(choice, t)  # type: ignore[arg-type]
    except TileError as error:
        raise AnswerError(str(error)) from None
    before, options = choices or call_choices(problem)
    why = call_problem(call, problem.to_hand(), t.kind, problem.from_seat)  # type: ignore[union-attr]
    if why:
        raise AnswerError(f"{call}: {why}")
    picked = next((c for c in options if c.call == call), None)
    if picked is None:
        raise AnswerError(f"{call}: no legal discard would be left after it (kuikae)")
    discard = None if discard_text is None else _call_discard(problem, picked, discard_text)
    right = tuple(str(c.call) for c in options if c.right)
    credit = 1.0 if picked.right else 0.0
    discard_right = None
    if discard is not None and picked.right and call.kind != "pass":
        discard_right = discard in picked.discards
        if not discard_right:
            credit -= DISCARD_SHARE
    texts = {lang: _call_text(lang, problem, before, options, picked, discard_right is False)
             + _discard_text(lang, picked, discard, discard_right) for lang in LANGS}
    details = {"shanten": before, "choices": [
        {"call": str(c.call), "shanten": c.shanten, "advances": c.advances, "right": c.right,
         "yaku": None if c.yaku is None else c.yaku.describe("en"),
         "discards": [KIND_NAMES[k] for k in c.discards] if c.right else []} for c in options],
        "discard": None if discard is None else KIND_NAMES[discard], "discard_right": discard_right}
    pick = str(call) if discard is None else f"{call} {KIND_NAMES[discard]}"
    return Feedback(problem.id, "call", pick, credit == 1.0, credit, right,
                    choices=len(options), details=details, explanations=texts)


#: what a right call with a discard that is not among the best loses
DISCARD_SHARE = 0.5


def call_hand_after(problem: Problem, call: Call) -> Hand:
    """The problem's hand right after `call` (pon or chi), before its discard: what the
    player chooses the discard from (`mjgui.analysis.hand_after_call`)."""
    from mjgui.analysis import hand_after_call
    from mjgui.hand import Meld, MeldKind
    if call.kind == "pass":
        raise ValueError("pass makes no meld")
    t = problem.discarded_tile.kind  # type: ignore[union-attr]
    others = (t, t) if call.kind == "pon" else call.uses
    meld = Meld(MeldKind.PON if call.kind == "pon" else MeldKind.CHI,
                (Tile(t), *(Tile(k) for k in others)), Tile(t), problem.from_seat if call.kind == "pon" else "L")
    return hand_after_call(problem.to_hand(), meld)


def _call_discard(problem: Problem, picked: CallChoice, text: str) -> int | None:
    """The kind discarded after the call; AnswerError for a tile the hand does not hold
    after it, or one kuikae forbids.  None after pass (nothing to discard)."""
    if picked.call.kind == "pass":
        raise AnswerError("pass: there is no discard after passing")
    try:
        tiles = parse_tiles(text)
    except TileError as error:
        raise AnswerError(str(error)) from None
    if len(tiles) != 1:
        raise AnswerError(f"{text[:40]!r}: the discard after a call is one tile, e.g. 3z")
    kind = tiles[0].kind
    t = problem.discarded_tile.kind  # type: ignore[union-attr]
    held = list(problem.to_hand().counts)
    for u in (picked.call.uses if picked.call.kind == "chi" else (t, t)):
        held[u] -= 1
    if held[kind] <= 0:
        raise AnswerError(f"{KIND_NAMES[kind]}: the hand holds no {KIND_NAMES[kind]} after {picked.call}")
    if picked.option is not None and kind in picked.option.banned:
        raise AnswerError(f"{KIND_NAMES[kind]}: kuikae forbids discarding it right after {picked.call}")
    return kind


def _discard_text(lang: str, picked: CallChoice, discard: int | None, right: bool | None) -> str:
    """The sentence about the discard after a right call (empty when there is none)."""
    if not picked.right or picked.call.kind == "pass":
        return ""
    ja = lang == "ja"
    best = "、".join(KIND_NAMES[k] for k in picked.discards) if ja else \
        " or ".join(KIND_NAMES[k] for k in picked.discards)
    text = f"鳴いた後の打牌は{best}。" if ja else f" After the call, discard {best}."
    if discard is not None:
        name = KIND_NAMES[discard]
        if right:
            text += f"打{name}は正解。" if ja else f" You discarded {name}: right."
        else:
            text += (f"打{name}は最善ではありません（部分点）。" if ja else
                     f" You discarded {name}, which is not the best: partial credit.")
    return text


def _call_name(call: Call, tile: str, lang: str) -> str:
    if call.kind == "chi":
        uses = str(call)[4:]
        return f"{uses}で{tile}をチー" if lang == "ja" else f"chi {tile} with {uses}"
    if call.kind == "pon":
        return f"{tile}をポン" if lang == "ja" else f"pon {tile}"
    return "スルー" if lang == "ja" else "pass"


def _choice_effect(c: CallChoice, closed: bool, lang: str) -> str:
    ja = lang == "ja"
    words = shanten_word(c.shanten, lang)
    if c.call.kind == "pass":
        if closed:
            return f"門前のまま{words}" if ja else f"stays closed at {words}"
        return f"{words}のまま" if ja else f"stays at {words}"
    if not c.advances:
        return f"{words}のままで進みません" if ja else f"does not lower the shanten (still {words})"
    yaku = c.yaku.describe(lang) if c.yaku is not None else ""
    if c.right:
        return f"{words}に前進、{yaku}" if ja else f"goes to {words} and keeps a yaku ({yaku})"
    return f"{words}に前進しますが{yaku}" if ja else f"goes to {words} but leaves {yaku}"


def _call_text(lang: str, problem: Problem, before: int, options: Sequence[CallChoice],
               picked: CallChoice, weak_discard: bool = False) -> str:
    ja = lang == "ja"
    tile = problem.discarded  # type: ignore[assignment]
    seat = seat_text(problem.from_seat, lang)  # type: ignore[arg-type]
    right = [c for c in options if c.right]
    names = [_call_name(c.call, tile, lang) for c in right]  # type: ignore[arg-type]
    closed = problem.to_hand().is_closed
    if ja:
        head = ("鳴きは正解、打牌は最善ではありません。" if weak_discard else "正解。") if picked.right \
            else f"不正解: 正解は{'、'.join(names)}です。"
        text = f"{head}{seat}の{tile}、手牌は{shanten_word(before, lang)}。"
        text += "".join(f"{_call_name(c.call, tile, lang)}: {_choice_effect(c, closed, lang)}。"
                        for c in options)
        if right[0].call.kind == "pass":
            text += "役を保ったままシャンテン数を下げる鳴きがないので、スルーが正解です。"
        return text
    head = ("Right call, not the best discard." if weak_discard else "Correct.") if picked.right else (
        f"Not right: the answer is {names[0]}." if len(names) == 1 else
        f"Not right: the answers are {', '.join(names)}.")
    text = f"{head} {tile} from {seat}; your hand is {shanten_word(before, lang)}."
    text += "".join(f" {_call_name(c.call, tile, lang).capitalize()}: {_choice_effect(c, closed, lang)}."  # type: ignore[arg-type]
                    for c in options)
    if right[0].call.kind == "pass":
        text += " No call lowers the shanten and keeps a yaku, so passing is right."
    return text


# ---- score ---------------------------------------------------------------------------------------

#: The rules score problems are valued under (the app's and the scorer's default).
SCORE_RULES = "tenhou"
HAN_SHARE = 0.25
FU_SHARE = 0.25


def problem_score(problem: Problem, rules: Any = SCORE_RULES):
    """The `mjgui.scoring.Score` of a score problem's hand under `rules` (a
    `mjgui.scoring.Rules` or preset name; the app's settings choose them)."""
    from mjgui.scoring import score
    return score(problem.to_hand(), rules)


def _payments(s) -> tuple[int, ...]:
    """A Score's payments in the answer's order: (ron,), (each,) or (non-dealer, dealer)."""
    p = s.payments
    if not s.tsumo:
        return (p["ron"],)
    return (p["non_dealer"],) if s.dealer else (p["non_dealer"], p["dealer"])


def score_value(s) -> ScoreAnswer:
    """A Score as the canonical answer: han/fu/points (``yakuman//32000`` for a yakuman)."""
    if s.yakuman:
        return ScoreAnswer(s.total, None, None, True)
    return ScoreAnswer(s.total, s.han, s.fu)


def _score_difficulty(s) -> float:
    lines = len(s.yaku)
    if s.yakuman:
        return round(min(1.0, 0.6 + 0.1 * lines), 3)
    fu_items = len(s.fu_parts) - 1 if s.han <= 4 and s.fu != 25 else 0
    return round(min(1.0, (lines + fu_items + (1 if s.tsumo else 0)) / 10), 3)


def score_key(problem: Problem, s=None, rules: Any = SCORE_RULES) -> Key:
    """shanten -1 (a won hand), the value as ``han/fu/points``, the difficulty."""
    s = s or problem_score(problem, rules)
    return Key(-1, (str(score_value(s)),), _score_difficulty(s))


def hand_value(han: int, fu: int, dealer: bool, tsumo: bool, yakuman: int = 0,
               kazoe: bool = True, rules: Any = SCORE_RULES) -> tuple[int, tuple[int, ...]]:
    """What a hand of this han and fu (or yakuman multiple) pays under `rules` (tenhou's by default):
    (the payers' total, the payments: (ron,), (each,) for a dealer's tsumo, (non-dealer,
    dealer) for a non-dealer's), from the scorer's own table (`mjgui.scoring.points`)."""
    if not yakuman and han <= 0:
        return 0, (0,) if not tsumo or dealer else (0, 0)
    from mjgui.scoring import PRESETS, points
    rules = PRESETS[rules] if isinstance(rules, str) else rules
    return points(han, fu, dealer, tsumo, yakuman, rules if kazoe else replace(rules, kazoe=False))


def _comma(n: int) -> str:
    return f"{n:,}"


def value_text(total: int, payments: Sequence[int], tsumo: bool, dealer: bool, lang: str = "en") -> str:
    """"ron 5,200", "tsumo 1,300-2,600 (5,200)", "tsumo 2,600 all (7,800)" (and Japanese)."""
    ja = lang == "ja"
    if not tsumo:
        return ("ロン " if ja else "ron ") + _comma(total)
    if dealer:
        return ("ツモ " if ja else "tsumo ") + _comma(payments[0]) + ("オール" if ja else " all") + \
            f" ({_comma(total)})"
    return ("ツモ " if ja else "tsumo ") + f"{_comma(payments[0])}-{_comma(payments[1])} ({_comma(total)})"


class ScoreChoice(NamedTuple):
    """One value of the choices mode: the total, its payments, and the answer to send."""
    total: int
    payments: tuple[int, ...]
    tsumo: bool
    dealer: bool
    right: bool

    @property
    def answer(self) -> str:
        """The answer text (the payments of a tsumo, so the form is checked too)."""
        if not self.tsumo:
            return str(self.total)
        return str(ScoreAnswer(self.total, payments=self.payments))

    def label(self, lang: str = "en") -> str:
        return value_text(self.total, self.payments, self.tsumo, self.dealer, lang)


_FU_STEPS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140)


def score_choices(problem: Problem, s=None, count: int = 4,
                  rules: Any = SCORE_RULES) -> tuple[ScoreChoice, ...]:
    """The right value and `count` - 1 plausible wrong ones, sorted by points (see the module
    doc); deterministic for a problem."""
    import random
    s = s or problem_score(problem, rules)
    tsumo, dealer = s.tsumo, s.dealer
    right = (s.total, _payments(s))
    mistakes: list[tuple[int, tuple[int, ...]]] = []
    if s.yakuman:
        n = s.yakuman
        mistakes += [hand_value(0, 0, dealer, tsumo, n + 1, rules=rules),
                     hand_value(11, 0, dealer, tsumo, rules=rules), hand_value(8, 0, dealer, tsumo, rules=rules)]
        if n > 1:
            mistakes.append(hand_value(0, 0, dealer, tsumo, n - 1, rules=rules))
        if not tsumo:
            mistakes.append(hand_value(0, 0, not dealer, False, n, rules=rules))
    else:
        han, fu = max(s.han, 1), s.fu if s.fu in _FU_STEPS else 30
        i = _FU_STEPS.index(fu)
        near_fu = [f for f in (_FU_STEPS[i - 1] if i else None,
                               _FU_STEPS[i + 1] if i + 1 < len(_FU_STEPS) else None)
                   if f is not None and f != 25 and not (tsumo and f == 20 and han == 1)]
        options = [(han + 1, fu), (han - 1, fu)] + [(han, f) for f in near_fu] + \
                  [(han + 2, fu), (han + 1, near_fu[-1] if near_fu else fu)]
        for h, f in options:
            if h >= 1:
                mistakes.append(hand_value(h, f, dealer, tsumo, rules=rules))
        if not tsumo:
            mistakes.append(hand_value(han, fu, not dealer, False, rules=rules))
        if s.han == 0:                      # no yaku: the value it would have with one
            mistakes.insert(0, hand_value(1, fu, dealer, tsumo, rules=rules))
    seen = {right[0]}
    unique = []
    for total, payments in mistakes:
        if total > 0 and total not in seen:
            seen.add(total)
            unique.append((total, payments))
    # limits collapse neighbours (6 and 7 han are both haneman): fill up from further away
    spare = []
    for han in (5, 6, 8, 11, 4, 3, 2, 1):
        for fu in (30, 40):
            total, payments = hand_value(han, fu, dealer, tsumo, rules=rules)
            if total not in seen:
                seen.add(total)
                spare.append((total, payments))
    spare.sort(key=lambda v: abs(v[0] - right[0]))
    rng = random.Random(f"mjgui-score-choices/{problem.id}/{problem.hand}")
    near = unique[:6]
    picked = rng.sample(near, min(count - 1, len(near))) + spare[:max(0, count - 1 - len(near))]
    choices = [ScoreChoice(right[0], right[1], tsumo, dealer, True)] + \
              [ScoreChoice(t, p, tsumo, dealer, False) for t, p in picked]
    return tuple(sorted(choices, key=lambda c: c.total))


def _said(answer: ScoreAnswer, lang: str) -> str:
    """What the user answered, in words: "2 han 40 fu, 2,600"."""
    ja = lang == "ja"
    head = []
    if answer.yakuman:
        head.append("役満" if ja else "yakuman")
    elif answer.han is not None:
        head.append(f"{answer.han}翻" if ja else f"{answer.han} han")
    if answer.fu is not None:
        head.append(f"{answer.fu}符" if ja else f"{answer.fu} fu")
    if answer.payments is None:
        points = _comma(answer.points)
    elif len(answer.payments) == 1:
        points = _comma(answer.payments[0]) + ("オール" if ja else " all")
    else:
        points = f"{_comma(answer.payments[0])}-{_comma(answer.payments[1])}"
    return ("" if ja else " ").join(head) + ((" " if ja else ", ") if head else "") + points


def answer_words(text: str, lang: str = "en") -> str:
    """A score answer or key in words: "3/40/5200" -> "3 han 40 fu, 5,200" ("3翻40符 5,200");
    text that is not a score answer comes back as it is."""
    try:
        return _said(parse_score_answer(text), lang)
    except TileError:
        return text


def _breakdown(s, lang: str) -> str:
    ja = lang == "ja"
    if not s.wins:
        return ""
    yaku = ("、" if ja else ", ").join(y.label(lang) for y in s.yaku)
    text = f"役: {yaku}。" if ja else f" Yaku: {yaku}."
    if not s.yakuman:
        text += f"符: {s.fu_text(lang)}。" if ja else f" Fu: {s.fu_text(lang)}."
        if s.limit:
            text += "満貫以上なので符は点数に影響しません。" if ja else \
                " At mangan and above the fu do not change the points."
    if s.received != s.total:
        text += (f"積み棒・供託を含めて{_comma(s.received)}点の収入。" if ja else
                 f" With the honba and riichi sticks the winner receives {_comma(s.received)}.")
    return text


def grade_score(problem: Problem, answer: str | ScoreAnswer, s=None, rules: Any = SCORE_RULES) -> Feedback:
    """Grade a value: ``5200``, ``3/40/5200``, ``1300-2600`` ... (see the module doc)."""
    if problem.drill != "score":
        raise AnswerError(f"{problem.id!r} is a {problem.drill} problem, not a score problem")
    if not isinstance(answer, ScoreAnswer):
        try:
            answer = parse_score_answer(answer)
        except TileError as error:
            raise AnswerError(str(error)) from None
    s = s or problem_score(problem, rules)
    if answer.payments is not None:
        if not s.tsumo:
            raise AnswerError(f"{answer.points_text()}: this hand wins by ron, so it is paid in one "
                              f"payment: give the points (e.g. {s.total})")
        if s.dealer and len(answer.payments) != 1:
            raise AnswerError(f"{answer.points_text()}: a dealer's tsumo is paid the same by everyone: "
                              "write it as N all (e.g. 2600all), or give the total")
        if not s.dealer and len(answer.payments) != 2:
            raise AnswerError(f"{answer.points_text()}: a non-dealer's tsumo is paid N-M (each non-dealer "
                              "N, the dealer M, e.g. 1300-2600), or give the total")
        points_right = answer.payments == _payments(s)
    else:
        points_right = answer.points == s.total
    if s.yakuman:
        han_right, fu_right = answer.yakuman, False
    else:
        han_right = not answer.yakuman and answer.han == s.han
        fu_right = answer.fu == s.fu
    credit = 1.0 if points_right else HAN_SHARE * han_right + FU_SHARE * fu_right
    key = score_value(s)
    verdicts = {lang: _score_verdict(lang, s, answer, points_right, han_right, fu_right, credit)
                for lang in LANGS}
    texts = {lang: verdicts[lang] + _breakdown(s, lang) for lang in LANGS}
    details = {"han": s.han, "fu": s.fu, "yakuman": s.yakuman, "limit": s.limit or None,
               "total": s.total, "payments": dict(s.payments), "received": s.received,
               "tsumo": s.tsumo, "dealer": s.dealer,
               "yaku": [{"name": y.name, "han": y.han} for y in s.yaku],
               "fu_parts": s.to_json()["fu_parts"],
               "pick_han": "yakuman" if answer.yakuman else answer.han, "pick_fu": answer.fu,
               "pick_points": answer.points, "points_right": points_right,
               "han_right": han_right, "fu_right": fu_right,
               "verdict": verdicts}          # the explanation without the breakdown (the app draws that)
    return Feedback(problem.id, "score", str(answer), points_right, credit, (str(key),),
                    details=details, explanations=texts)


def _score_verdict(lang: str, s, answer: ScoreAnswer, points_right: bool, han_right: bool,
                   fu_right: bool, credit: float) -> str:
    ja = lang == "ja"
    value = s.summary(lang) if s.wins else ("役なし、0点" if ja else "no yaku, 0 points")
    if points_right:
        text = f"正解: {value}。" if ja else f"Correct: {value}."
    else:
        text = f"不正解: 正解は{value}。あなたの答え: {_said(answer, lang)}" if ja else \
            f"Not right: the hand is {value}; you said {_said(answer, lang)}"
        marks = []
        if answer.han is not None or answer.yakuman:
            marks.append(("翻数は正解" if han_right else "翻数は誤り") if ja else
                         ("han right" if han_right else "han wrong"))
        if answer.fu is not None and not s.yakuman:
            marks.append(("符は正解" if fu_right else "符は誤り") if ja else
                         ("fu right" if fu_right else "fu wrong"))
        if marks:
            text += f"（{'、'.join(marks)}）" if ja else f" ({', '.join(marks)})"
        text += "。" if ja else "."
        text += f"{credit_text(credit, lang)}。" if ja else f" {credit_text(credit, lang)}."
    if not s.wins:
        text += "役がないので和了れません（ドラは役ではありません）。" if ja else \
            " Without a yaku the hand cannot win: dora are not a yaku."
    return text


# ---- dispatch -------------------------------------------------------------------------------------

def answer_key(problem: Problem, evaluator: str = DEFAULT_EVALUATOR, rules: Any = SCORE_RULES) -> Key:
    """The engine's shanten, right answers and difficulty of a problem (`rules` value a
    score problem)."""
    if problem.drill == "nanikiru":
        return nanikiru_key(problem, evaluator)
    if problem.drill == "wait":
        return wait_key(problem)
    if problem.drill == "score":
        return score_key(problem, rules=rules)
    if problem.drill == "defence":
        from .defence_grading import defence_key
        return defence_key(problem)
    return call_key(problem)


def grade(problem: Problem, answer: Any, evaluator: str = DEFAULT_EVALUATOR,
          rules: Any = SCORE_RULES) -> Feedback:
    """Grade an answer: a discard (nanikiru), the marked waits (wait), a call string (call),
    a value (score: ``5200`` or ``3/40/5200``, under `rules`), a discard or ``push 5m`` /
    ``fold 1z`` (defence: `mjgui.drills.defence_grading`)."""
    if problem.drill == "nanikiru":
        return grade_nanikiru(problem, answer, evaluator)
    if problem.drill == "wait":
        return grade_wait(problem, answer)
    if problem.drill == "score":
        return grade_score(problem, answer, rules=rules)
    if problem.drill == "defence":
        from .defence_grading import grade_defence
        return grade_defence(problem, answer)
    return grade_call(problem, answer)
