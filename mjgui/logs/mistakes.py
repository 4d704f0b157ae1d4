"""Drill your mistakes: the discard decisions of a reviewed game that lost more than a
threshold, as nanikiru problems in the problem-set format of `mjgui.drills.problems`.

Decisions under threat (an opponent in riichi or likely tenpai) are left out: the nanikiru drill
values a hand alone and would grade a right fold wrong.

Each problem is the hand before the discard (the draw last, melds, dora indicators, winds,
every tile the player could see); its `answer` is the reviewer's best discard and its `note`
says where it came from and what was played.  The drill's own engine grades it as usual.
"""
from __future__ import annotations

import os

from mjgui.drills.problems import Problem, save_set
from mjgui.logs.rate import Rating
from mjgui.logs.record import LogError

__all__ = ["DEFAULT_THRESHOLDS", "mistake_problems", "export_problems"]

#: a discard is a mistake worth drilling above this loss, by unit
DEFAULT_THRESHOLDS = {"points": 300.0, "ukeire": 4.0}


def mistake_problems(ratings: list[list[Rating]], round_names: list[str],
                     thresholds: dict[str, float] | None = None) -> list[Problem]:
    """Nanikiru problems from the discard ratings whose loss passes the threshold of its unit."""
    limits = DEFAULT_THRESHOLDS if thresholds is None else thresholds
    out = []
    for name, rs in zip(round_names, ratings):
        for r in rs:
            d = r.decision
            if d.action != "discard" or r.unit not in limits or r.loss <= limits[r.unit]:
                continue
            if r.under_threat:
                # a push / fold decision: the nanikiru drill grades a hand alone, without the
                # opponents, so it would mark a right fold wrong (a defence drill takes these)
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


def export_problems(path: str | os.PathLike, ratings: list[list[Rating]], round_names: list[str],
                    title: str = "Review mistakes", thresholds: dict[str, float] | None = None) -> int:
    """Write the mistake problems to a problem-set file (atomically); returns how many."""
    problems = mistake_problems(ratings, round_names, thresholds)
    try:
        save_set(path, problems, title)
    except ValueError as error:
        raise LogError(str(error)) from None
    return len(problems)
