"""Answer keys, grading and explanations of the defence drill (EN/JA), from the defence model.

**Safest tile** (``question: safest``).  Each kind of the concealed hand deals in with the danger
model's combined chance (`mjgui.defence.danger.danger(hand).combined`: 1 - Π(1 - p) over the
opponents, docs/defence.md).  A pick is *correct* (credit 1) when its chance is within
``SAFE_MARGIN`` (half a percentage point) of the safest kind's; otherwise its credit is
``(worst - p) / (worst - safest)``: the most dangerous kind of the hand scores 0, a tile just
short of the safest nearly 1.  The explanation gives the pick's and the safest tile's chance with
the model's reason against the opponent the tile is most dangerous to (genbutsu, suji, kabe /
no-chance, honours by copies seen, one-chance ...).

**Push or fold** (``question: pushfold``).  The hand's discards are valued as the review values
them (`mjgui.logs.rate`): the expected-value search under the app's full model
(`mjgui.ev.expected_values`, ``APP_OPTIONS``) weighed by `mjgui.defence.values.discard_values`
against the table's threats.  Each kind gives two answers: ``push TILE`` (the better of riichi
and dama for a tenpai discard) and ``fold TILE`` (throw it, then fold); riichi cannot fold, a
discard the search does not value cannot push.  An answer is *correct* when its value is within
``TIE_POINTS`` (50 points) of the best answer's; otherwise its credit is
``(value - worst) / (best - worst)`` over every answer, halved when it is the other verdict than
the best answer's (the decision itself was wrong).  A push with a tile the search does not value
scores 0.  The explanation shows both values of the pick and of the best answer.

Difficulty: safest, the share of the hand's kinds that are not right; push / fold, how close the
best push and the best fold are, ``max(0, 1 - gap / 1000)``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from mjgui import core
from mjgui.defence.danger import Danger, Why, danger
from mjgui.defence.opponents import SEATS
from mjgui.defence.reason_words import against_words, reason_text, verdict_word
from mjgui.hand import Hand
from mjgui.tiles import KIND_NAMES, TileError

from .grading import LANGS, AnswerError, Feedback, Key, credit_text, pick_kind
from .problems import Problem, parse_pushfold

__all__ = ["SAFE_MARGIN", "TIE_POINTS", "WRONG_VERDICT_SHARE", "TileRisk", "Option", "tile_risks",
           "pushfold_options", "defence_key", "grade_defence", "grade_safest", "grade_pushfold"]

SAFE_MARGIN = 0.005
TIE_POINTS = 50.0
WRONG_VERDICT_SHARE = 0.5
_CLOSE_GAP = 1000.0


@dataclass(frozen=True)
class TileRisk:
    """One kind of the hand: its chance to deal in, and why (against `seat`): the model's
    English phrase `reason` and the same in parts, `why`, for words in either language."""
    kind: int
    p: float
    seat: str
    reason: str
    why: Why | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        return KIND_NAMES[self.kind]

    def words(self, lang: str) -> str:
        """"against the left player: no suji, turn 5" / 「上家に対して無筋、5巡目」
        (the Analyze page's words, mjgui.defence.reason_words)."""
        why = reason_text(self.why, self.kind, lang) or self.reason
        if lang == "ja":
            return f"{against_words(self.seat, lang)}{why}"
        return f"{against_words(self.seat, lang)}: {why}"      # the seat first: a reason may hold commas

    def to_json(self) -> dict:
        """The numbers, the model's phrase and the words in each language (the drill's table)."""
        return {"tile": self.name, "deal_in": round(self.p, 4), "seat": self.seat, "reason": self.reason,
                "words": {lang: self.words(lang) for lang in LANGS}}


@dataclass(frozen=True)
class Option:
    """A push / fold answer with its value (points) and the tile's two values."""
    verdict: str
    kind: int
    value: float | None          # None: this answer is not open (a push the search does not value)
    push: float | None
    fold: float | None
    deal_in: float
    how: str = ""                # a push of a tenpai discard: "riichi" or "dama"

    @property
    def answer(self) -> str:
        return f"{self.verdict} {KIND_NAMES[self.kind]}"


def _hand(problem: Problem | Hand) -> Hand:
    return problem.to_hand() if isinstance(problem, Problem) else problem


def _shanten(hand: Hand) -> int:
    return core.shanten(hand.counts, core.ALL_FORMS if hand.is_closed else core.REGULAR)


def _main_seat(d: Danger, kind: int) -> str:
    """The opponent the tile is most dangerous to; a riichi comes first unless another opponent
    is more dangerous by more than SAFE_MARGIN (a genbutsu against the riichi is what a defender
    reads, not a tenth of a percent against a player who has shown nothing)."""
    riichi = {t.seat for t in d.threats if t.riichi}
    top = max(SEATS, key=lambda s: (d.by_seat[s][kind].p, s in riichi, -SEATS.index(s)))
    if top in riichi:
        return top
    held = max((s for s in SEATS if s in riichi), key=lambda s: d.by_seat[s][kind].p, default=None)
    if held is not None and d.by_seat[top][kind].p <= d.by_seat[held][kind].p + SAFE_MARGIN:
        return held
    return top


def tile_risks(problem: Problem | Hand) -> list[TileRisk]:
    """Each kind of the concealed hand, safest first (then in tile order)."""
    hand = _hand(problem)
    d = danger(hand)
    out = []
    for k in sorted({t.kind for t in hand.concealed}):
        seat = _main_seat(d, k)
        mine = d.by_seat[seat][k]
        out.append(TileRisk(k, d.combined[k], seat, mine.reason, mine.why))
    return sorted(out, key=lambda r: (r.p, r.kind))


@lru_cache(maxsize=32)
def _values(text: str):
    """The review's values of every discard of a hand at the table (cached by its text: the
    generator computes the key and the grade reuses it)."""
    from mjgui.defence.values import discard_values
    from mjgui.ev import APP_OPTIONS, LAST_DRAW, expected_values
    hand = Hand.parse(text)
    turn = min(max(hand.turn, 1), LAST_DRAW + 1)
    result = expected_values(hand, turn, options=APP_OPTIONS) if _shanten(hand) <= 3 else None
    return discard_values(hand, result, can_riichi=hand.is_closed)


def pushfold_options(problem: Problem | Hand) -> list[Option]:
    """Every push / fold answer of the hand, best first."""
    hand = _hand(problem)
    values = _values(str(hand))
    out = []
    for k in sorted({t.kind for t in hand.concealed}):
        mine = [c for c in values.choices if c.kind == k]
        pushes = [c for c in mine if c.values.push is not None]
        folds = [c for c in mine if c.values.fold is not None]
        top = max(pushes, key=lambda c: c.values.push, default=None)
        push = top.values.push if top is not None else None
        fold = max((c.values.fold for c in folds), default=None)
        how = top.name.split()[1] if top is not None and " " in top.name else ""
        deal_in = mine[0].values.deal_in if mine else 0.0
        out.append(Option("push", k, push, push, fold, deal_in, how))
        if fold is not None:
            out.append(Option("fold", k, fold, push, fold, deal_in))
    return sorted(out, key=lambda o: (o.value is None, -(o.value or 0.0), o.verdict, o.kind))


# ---- keys ------------------------------------------------------------------------------------

def _safest(risks: list[TileRisk]) -> list[TileRisk]:
    low = risks[0].p
    return [r for r in risks if r.p <= low + SAFE_MARGIN]


def _right(options: list[Option]) -> list[Option]:
    top = options[0].value
    return [o for o in options if o.value is not None and o.value >= top - TIE_POINTS]


def _gap(options: list[Option]) -> float:
    """The best push's value less the best fold's (0 when one side has none)."""
    best = {v: max((o.value for o in options if o.verdict == v and o.value is not None), default=None)
            for v in ("push", "fold")}
    if best["push"] is None or best["fold"] is None:
        return 0.0
    return best["push"] - best["fold"]


def defence_key(problem: Problem) -> Key:
    """The shanten, the right answers and the difficulty of a defence problem."""
    hand = problem.to_hand()
    if problem.question == "pushfold":
        options = pushfold_options(hand)
        right = _right(options)
        difficulty = round(max(0.0, 1.0 - abs(_gap(options)) / _CLOSE_GAP), 3)
        return Key(_shanten(hand), tuple(o.answer for o in right), difficulty)
    risks = tile_risks(hand)
    best = _safest(risks)
    return Key(_shanten(hand), tuple(sorted(r.name for r in best)), round(1 - len(best) / len(risks), 3))


# ---- grading ---------------------------------------------------------------------------------

def _pct(p: float) -> str:
    return f"{100 * p:.1f} %"


def _points(v: float | None, lang: str) -> str:
    if v is None:
        return "—"
    sign = "−" if v < 0 else "+" if v > 0 else ""
    return f"{sign}{abs(v):,.0f}" + ("点" if lang == "ja" else "")


def _rounded(v: float | None) -> float | None:
    return None if v is None else round(v, 1)


def grade_safest(problem: Problem, pick: Any) -> Feedback:
    """Grade a discard by its chance to deal in (see the module doc)."""
    kind = pick_kind(pick)
    risks = tile_risks(problem)
    mine = next((r for r in risks if r.kind == kind), None)
    if mine is None:
        raise AnswerError(f"there is no {KIND_NAMES[kind]} in the hand to discard")
    best = _safest(risks)
    low, high = risks[0].p, risks[-1].p
    correct = mine in best
    credit = 1.0 if correct else (high - mine.p) / (high - low) if high > low else 0.0
    rank = 1 + sum(1 for r in risks if r.p < mine.p - 1e-12)
    texts = {lang: _safest_text(lang, mine, best, risks[-1], correct, credit) for lang in LANGS}
    details = {"question": "safest", "tiles": [r.to_json() for r in risks], "pick_deal_in": round(mine.p, 4),
               "best_deal_in": round(low, 4), "worst_deal_in": round(high, 4)}
    return Feedback(problem.id, "defence", mine.name, correct, credit, tuple(sorted(r.name for r in best)),
                    rank, len(risks), details=details, explanations=texts)


def _safest_text(lang: str, mine: TileRisk, best: list[TileRisk], worst: TileRisk, correct: bool,
                 credit: float) -> str:
    ja = lang == "ja"
    safe = best[0]
    if correct:
        if ja:
            return f"正解: {mine.name}は放銃率{_pct(mine.p)}、{mine.words(lang)}。"
        return f"Correct: {mine.name} deals in {_pct(mine.p)} — {mine.words(lang)}."
    also = [r.name for r in best if r is not safe]
    if ja:
        text = (f"不正解: {mine.name}は放銃率{_pct(mine.p)}（{mine.words(lang)}）。"
                f"最も安全なのは{safe.name}で{_pct(safe.p)}（{safe.words(lang)}）。")
        if also:
            text += f"同じく安全: {'・'.join(also)}。"
        if worst.kind != mine.kind:
            text += f"最も危険なのは{worst.name}（{_pct(worst.p)}）。"
        return text + f"{credit_text(credit, lang)}。"
    text = (f"Not the safest: {mine.name} deals in {_pct(mine.p)} ({mine.words(lang)}). "
            f"The safest is {safe.name} at {_pct(safe.p)} ({safe.words(lang)})")
    text += f"; as safe: {', '.join(also)}." if also else "."
    if worst.kind != mine.kind:
        text += f" The most dangerous is {worst.name} ({_pct(worst.p)})."
    return text + f" {credit_text(credit, lang)}."


def _parse_answer(problem: Problem, answer: Any) -> tuple[str, int]:
    if isinstance(answer, (tuple, list)) and len(answer) == 2:
        verdict, tile = answer
        if verdict not in ("push", "fold"):
            raise AnswerError(f"{verdict!r}: answer push or fold")
        answer = f"{verdict} {KIND_NAMES[pick_kind(tile)]}"
    try:
        return parse_pushfold(answer, problem.to_hand().counts)
    except TileError as error:
        raise AnswerError(str(error)) from None


def grade_pushfold(problem: Problem, answer: Any) -> Feedback:
    """Grade ``push 5m`` / ``fold 1z`` (or ("push", tile)) by the values (see the module doc)."""
    verdict, kind = _parse_answer(problem, answer)
    options = pushfold_options(problem)
    mine = next((o for o in options if o.kind == kind and o.verdict == verdict), None)
    if mine is None:             # no fold value: the search values this discard as a riichi only
        raise AnswerError(f"{KIND_NAMES[kind]} cannot be a fold here")
    right = _right(options)
    top = options[0]
    worst = min(o.value for o in options if o.value is not None)
    correct = mine.value is not None and mine in right
    if correct:
        credit = 1.0
    elif mine.value is None or top.value == worst:
        credit = 0.0
    else:
        credit = (mine.value - worst) / (top.value - worst)
        if verdict != top.verdict:
            credit *= WRONG_VERDICT_SHARE
    gap = _gap(options)
    risks = {r.kind: r for r in tile_risks(problem)}
    texts = {lang: _pushfold_text(lang, mine, top, right, gap, correct, credit) for lang in LANGS}
    details = {"question": "pushfold", "pick_verdict": verdict, "best_verdict": top.verdict,
               "pick_value": _rounded(mine.value),
               "best_value": round(top.value, 1), "push_minus_fold": round(gap, 1),
               "options": [{"tile": KIND_NAMES[o.kind], "push": _rounded(o.push), "fold": _rounded(o.fold),
                            "deal_in": round(o.deal_in, 4), "how": o.how, "seat": risks[o.kind].seat,
                            "reason": risks[o.kind].reason, "words": risks[o.kind].to_json()["words"]}
                           for o in sorted(options, key=lambda o: o.kind) if o.verdict == "push"]}
    return Feedback(problem.id, "defence", mine.answer, correct, credit, tuple(o.answer for o in right),
                    1 + sum(1 for o in options if o.value is not None and mine.value is not None
                            and o.value > mine.value + 1e-9),
                    len(options), details=details, explanations=texts)


def _pushfold_text(lang: str, mine: Option, top: Option, right: list[Option], gap: float, correct: bool,
                   credit: float) -> str:
    ja = lang == "ja"
    best_words = verdict_word(top.verdict, lang)
    both = (f"押し{_points(mine.push, lang)}・オリ{_points(mine.fold, lang)}" if ja else
            f"push {_points(mine.push, lang)}, fold {_points(mine.fold, lang)}")
    if ja:
        why = (f"最善の押しは最善のオリより{abs(gap):,.0f}点{'高い' if gap >= 0 else '低い'}ので、{best_words}が正解です。"
               if gap else "")
        head = "正解" if correct else "不正解"
        text = f"{head}: {verdict_word(mine.verdict, lang)} {KIND_NAMES[mine.kind]}（{both}、放銃率{_pct(mine.deal_in)}）。"
        if not correct:
            text += (f"最善は{verdict_word(top.verdict, lang)} {KIND_NAMES[top.kind]}"
                     f"（{_points(top.value, lang)}）。")
        text += why
        if mine.verdict == "push" and mine.how:
            text += "押しはリーチの値です。" if mine.how == "riichi" else "押しはダマの値です。"
        return text + ("" if correct else f"{credit_text(credit, lang)}。")
    why = (f" The best push is worth {abs(gap):,.0f} points {'more' if gap >= 0 else 'less'} than the best fold, "
           f"so {best_words} is right." if gap else "")
    head = "Correct" if correct else "Not right"
    text = (f"{head}: {verdict_word(mine.verdict, lang)} {KIND_NAMES[mine.kind]} ({both}; "
            f"deals in {_pct(mine.deal_in)} now).")
    if not correct:
        text += f" The best answer is {verdict_word(top.verdict, lang)} {KIND_NAMES[top.kind]} ({_points(top.value, lang)})."
    text += why
    if mine.verdict == "push" and mine.how:
        text += f" The push value is the {mine.how}'s."
    return text + ("" if correct else f" {credit_text(credit, lang)}.")


def grade_defence(problem: Problem, answer: Any) -> Feedback:
    if problem.drill != "defence":
        raise AnswerError(f"{problem.id!r} is a {problem.drill} problem, not a defence problem")
    if problem.question == "pushfold":
        return grade_pushfold(problem, answer)
    return grade_safest(problem, answer)
