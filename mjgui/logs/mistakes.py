"""Drill your mistakes: the discard decisions of a reviewed game that lost more than a
threshold, as drill problems in the problem-set format of `mjgui.drills.problems`.

A decision under threat is no nanikiru problem (that drill values a hand alone and would grade a
right fold wrong): facing a riichi it becomes a **defence** problem, ``pushfold`` when the hand
was tenpai or 1-shanten (its answer the review's best choice, ``push 5m`` / ``fold 1z``), else
``safest`` (folding: the tile least likely to deal in).  Facing only a player likely tenpai
without riichi it is left out (a defence problem needs a riichi).

Each problem is the hand before the discard (the draw last, melds, dora indicators, winds,
every tile the player could see); its `answer` is the reviewer's best discard and its `note`
says where it came from and what was played.  The drill's own engine grades it as usual.
"""
from __future__ import annotations

import os

from mjgui import core
from mjgui.drills.problems import Problem, ProblemSetError, save_set
from mjgui.logs.rate import Rating
from mjgui.logs.record import LogError

__all__ = ["DEFAULT_THRESHOLDS", "mistake_problems", "export_problems"]

#: a discard is a mistake worth drilling above this loss, by unit
DEFAULT_THRESHOLDS = {"points": 300.0, "ukeire": 4.0}


def mistake_problems(ratings: list[list[Rating]], round_names: list[str],
                     thresholds: dict[str, float] | None = None) -> list[Problem]:
    """Nanikiru problems (defence problems under a riichi) from the discard ratings whose loss
    passes the threshold of its unit."""
    limits = DEFAULT_THRESHOLDS if thresholds is None else thresholds
    out = []
    for name, rs in zip(round_names, ratings):
        for r in rs:
            d = r.decision
            if d.action != "discard" or r.unit not in limits or r.loss <= limits[r.unit]:
                continue
            if r.under_threat:
                # a push / fold decision: the nanikiru drill grades a hand alone, without the
                # opponents, so it would mark a right fold wrong: the defence drill takes it
                problem = _defence_problem(r, name, f"review-{len(out) + 1}")
                if problem is not None:
                    out.append(problem)
                continue
            # the tiles of the best choices ("5m riichi" is 5m); a right tile with the wrong
            # riichi choice is no nanikiru problem
            answer = tuple(dict.fromkeys(b.split()[0] for b in r.best))
            if d.tile.plain_name in answer:
                continue
            unit = {"points": "expected points", "ukeire": "ukeire tiles"}[r.unit]
            note = (f"{name} turn {d.hand.turn}: you discarded {d.played}; the {r.evaluator} evaluator "
                    f"prefers {' / '.join(r.best)} (loss {r.loss:,.0f} {unit})")
            out.append(Problem.from_hand(d.hand, f"review-{len(out) + 1}", "nanikiru", turn=d.hand.turn,
                                         answer=answer, note=note, topic="review"))
    return out


def _defence_problem(r: Rating, round_name: str, pid: str) -> Problem | None:
    """A decision under a riichi as a defence problem (None: no riichi, or a hand the drill
    cannot take)."""
    d = r.decision
    hand = d.hand
    if not any(o.in_riichi for o in hand.opponents) or r.played in r.best:
        return None
    s = core.shanten(hand.counts, core.ALL_FORMS if hand.is_closed else core.REGULAR)
    question = "pushfold" if s in (0, 1) else "safest"
    answer = None
    if question == "pushfold":
        top = next((a for a in r.ranking if a.choice == r.best[0]), None)
        if top is None or top.verdict not in ("push", "fold"):
            return None
        answer = (f"{top.verdict} {top.choice.split()[0]}",)
    note = (f"{round_name} turn {hand.turn}, under riichi: you played {r.played}; the review prefers "
            f"{' / '.join(r.best)} (loss {r.loss:,.0f} points)")
    try:
        return Problem(id=pid, drill="defence", hand=str(hand), topic="review", question=question,
                       answer=answer, note=note)
    except ProblemSetError:
        return None


def export_problems(path: str | os.PathLike, ratings: list[list[Rating]], round_names: list[str],
                    title: str = "Review mistakes", thresholds: dict[str, float] | None = None) -> int:
    """Write the mistake problems to a problem-set file (atomically); returns how many."""
    problems = mistake_problems(ratings, round_names, thresholds)
    try:
        save_set(path, problems, title)
    except ValueError as error:
        raise LogError(str(error)) from None
    return len(problems)
