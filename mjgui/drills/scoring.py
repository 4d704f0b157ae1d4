"""Answer keys, grading and explanations of the drills (EN/JA), from the engine's own numbers.

Evaluators (how nanikiru discards are ranked; see `mjgui.analysis`):

- ``"ukeire"`` (default): lowest shanten, then most ukeire (`analysis.by_ukeire`);
- ``"second-step"``: the same, then the larger second step (`analysis.by_second_step`).

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
else 0.

Difficulty (0 easy .. 1 hard, stored in problems as ``difficulty``)
-------------------------------------------------------------------
- nanikiru: ``runner_up / best`` by ukeire (= 1 - (best - runner_up) / best), where the
  runner-up is the best discard not tied with the best under the evaluator; 0 when every
  other discard goes back in shanten (or all discards tie), 1 when the runner-up only loses
  on the second step;
- wait: ``1 - 1 / number of waits`` (one wait 0, two 0.5, three 0.67 ...);
- call: ``W / (W + R)`` with R the right answers and W the wrong legal choices, a wrong call
  that does lower the shanten (the yakuless trap) counting twice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from mjgui import core
from mjgui.analysis import (Analysis, Row, analyze, by_second_step, by_ukeire, meld_caps,
                            shanten_words)
from mjgui.hand import Hand
from mjgui.tiles import KIND_NAMES, Tile, TileError, format_tiles, parse_tiles
from mjgui.waits import WaitReport, wait_details

from .problems import Call, Problem, call_problem, parse_call

__all__ = [
    "EVALUATORS", "DEFAULT_EVALUATOR", "LANGS", "AnswerError", "Key", "Feedback", "CallChoice",
    "rank_function", "nanikiru_analysis", "nanikiru_key", "wait_key", "call_choices", "call_key",
    "answer_key", "grade", "grade_nanikiru", "grade_wait", "grade_call",
]

EVALUATORS = {"ukeire": by_ukeire, "second-step": by_second_step}
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


@dataclass(frozen=True)
class Feedback:
    """The grade of one answer.

    ``details`` holds the numbers behind the explanation (JSON types):
    nanikiru: pick_shanten, pick_ukeire, best_shanten, best_ukeire, pick_second_step,
    best_second_step, lost, gained (tile names); wait: waits, right; call: shanten, choices
    (each {call, shanten, advances, yaku, right})."""
    problem_id: str
    kind: str
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

    def explanation(self, lang: str = "en") -> str:
        if lang not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
        return self.explanations[lang]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.problem_id, "kind": self.kind, "pick": self.pick,
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


def _kind_of(pick: Tile | str | int) -> int:
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


def _credit_text(credit: float, lang: str) -> str:
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


def nanikiru_key(hand: Hand | Problem, evaluator: str = DEFAULT_EVALUATOR,
                 analysis: Analysis | None = None) -> Key:
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
    words = shanten_words(s, lang)
    if s > max(hand_shanten, 0):
        return f"{words}に後退（受け入れ{n}枚）" if lang == "ja" else f"goes back to {words} ({n} tiles)"
    if lang == "ja":
        return f"聴牌維持、待ち{n}枚" if s == 0 else f"{words}維持、受け入れ{n}枚"
    return f"keeps tenpai with {n} winning tiles" if s == 0 else f"keeps {words} with {n} tiles"


def grade_nanikiru(problem: Problem, pick: Tile | str | int, evaluator: str = DEFAULT_EVALUATOR,
                   analysis: Analysis | None = None) -> Feedback:
    """Grade a discard (a tile, its name — "0m" is a 5m — or its kind)."""
    a = analysis or nanikiru_analysis(problem, evaluator)
    kind = _kind_of(pick)
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
            return f"{_credit_text(credit, lang)}{f'（{ratio}枚）' if ratio else ''}、{n}種中{place}位。"
        return f" {_credit_text(credit, lang)}{f' ({ratio} tiles)' if ratio else ''}, rank {place} of {n}."

    best_state = _state(lead, hs, lang)
    if row.shanten > lead.shanten:
        words = shanten_words(row.shanten, lang)
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
    words = shanten_words(row.shanten, lang)
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
    return {_kind_of(p) for p in picks}


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
        text += f"{_credit_text(credit, lang)}（{len(right)}/{union}）。"
    else:
        items = ", ".join(f"{w.name} ({w.remaining} left, {w.label('en')})" for w in report.waits)
        text = f"Waits: {items} — {report.total_remaining} tiles."
        if not missed and not wrong:
            text += " You found every wait."
        if missed:
            text += f" You missed {_listing(missed, lang)}."
        if wrong:
            text += f" {_listing(wrong, lang)} {'is not a wait' if len(wrong) == 1 else 'are not waits'}."
        text += f" {_credit_text(credit, lang)} ({len(right)} right of {union})."
    reasons = report.reasons(lang)
    if reasons:
        text += "".join(r + "。" for r in reasons) if ja else "".join(f" {r}." for r in reasons)
    return text


# ---- calls -----------------------------------------------------------------------------------------

_SEAT_TEXT = {"en": {"L": "the left player", "A": "the player across", "R": "the right player"},
              "ja": {"L": "上家", "A": "対面", "R": "下家"}}


@dataclass(frozen=True)
class CallChoice:
    """One legal choice of a call drill."""
    call: Call
    shanten: int                  # after the call and the best legal discard (pass: as it stands)
    advances: bool                # lowers the shanten
    yaku: Any = None              # mjgui.yaku.YakuStatus of an advancing call
    right: bool = False

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
                                  None if option is None else option.yaku, right))
    choices.append(CallChoice(Call("pass"), before, False, None, not any(c.right for c in choices)))
    return before, tuple(choices)


def call_key(problem: Problem, choices: tuple[int, tuple[CallChoice, ...]] | None = None) -> Key:
    before, options = choices or call_choices(problem)
    right = [c for c in options if c.right]
    wrong = sum(1 + c.trap for c in options if not c.right)
    difficulty = round(wrong / (wrong + len(right)), 3)
    return Key(before, tuple(str(c.call) for c in right), difficulty)


def grade_call(problem: Problem, choice: str | Call,
               choices: tuple[int, tuple[CallChoice, ...]] | None = None) -> Feedback:
    """Grade ``pass``, ``pon`` or ``chi:XYs`` (the two tiles the chi uses)."""
    t = problem.discarded_tile
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
    right = tuple(str(c.call) for c in options if c.right)
    texts = {lang: _call_text(lang, problem, before, options, picked) for lang in LANGS}
    details = {"shanten": before, "choices": [
        {"call": str(c.call), "shanten": c.shanten, "advances": c.advances, "right": c.right,
         "yaku": None if c.yaku is None else c.yaku.describe("en")} for c in options]}
    return Feedback(problem.id, "call", str(call), picked.right, 1.0 if picked.right else 0.0, right,
                    choices=len(options), details=details, explanations=texts)


def _call_name(call: Call, tile: str, lang: str) -> str:
    if call.kind == "chi":
        uses = str(call)[4:]
        return f"{uses}で{tile}をチー" if lang == "ja" else f"chi {tile} with {uses}"
    if call.kind == "pon":
        return f"{tile}をポン" if lang == "ja" else f"pon {tile}"
    return "スルー" if lang == "ja" else "pass"


def _choice_effect(c: CallChoice, closed: bool, lang: str) -> str:
    ja = lang == "ja"
    words = shanten_words(c.shanten, lang)
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
               picked: CallChoice) -> str:
    ja = lang == "ja"
    tile = problem.discarded  # type: ignore[assignment]
    seat = _SEAT_TEXT[lang][problem.from_seat]  # type: ignore[index]
    right = [c for c in options if c.right]
    names = [_call_name(c.call, tile, lang) for c in right]  # type: ignore[arg-type]
    closed = problem.to_hand().is_closed
    if ja:
        head = "正解。" if picked.right else f"不正解: 正解は{'、'.join(names)}です。"
        text = f"{head}{seat}の{tile}、手牌は{shanten_words(before, lang)}。"
        text += "".join(f"{_call_name(c.call, tile, lang)}: {_choice_effect(c, closed, lang)}。"
                        for c in options)
        if right[0].call.kind == "pass":
            text += "役を保ったままシャンテン数を下げる鳴きがないので、スルーが正解です。"
        return text
    head = "Correct." if picked.right else (
        f"Not right: the answer is {names[0]}." if len(names) == 1 else
        f"Not right: the answers are {', '.join(names)}.")
    text = f"{head} {tile} from {seat}; your hand is {shanten_words(before, lang)}."
    text += "".join(f" {_call_name(c.call, tile, lang).capitalize()}: {_choice_effect(c, closed, lang)}."  # type: ignore[arg-type]
                    for c in options)
    if right[0].call.kind == "pass":
        text += " No call lowers the shanten and keeps a yaku, so passing is right."
    return text


# ---- dispatch -------------------------------------------------------------------------------------

def answer_key(problem: Problem, evaluator: str = DEFAULT_EVALUATOR) -> Key:
    """The engine's shanten, right answers and difficulty of a problem."""
    if problem.kind == "nanikiru":
        return nanikiru_key(problem, evaluator)
    if problem.kind == "wait":
        return wait_key(problem)
    return call_key(problem)


def grade(problem: Problem, answer: Any, evaluator: str = DEFAULT_EVALUATOR) -> Feedback:
    """Grade an answer: a discard (nanikiru), the marked waits (wait), a call string (call)."""
    if problem.kind == "nanikiru":
        return grade_nanikiru(problem, answer, evaluator)
    if problem.kind == "wait":
        return grade_wait(problem, answer)
    return grade_call(problem, answer)
