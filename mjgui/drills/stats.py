"""Statistics of drill attempts: accuracy and credit by day, breakdowns by drill,
topic, shanten or set, streaks, and the problems last answered wrong.  Pure
functions over `mjgui.drills.history.Attempt` lists (the stats page and the
review of misses call them)."""
from __future__ import annotations

import json
from collections import defaultdict
from datetime import date, datetime, timedelta, tzinfo
from typing import Any, Callable, Iterable, NamedTuple

from mjgui.drills.history import Attempt

__all__ = ["DayStats", "GroupStats", "Streaks", "GamesTotal", "accuracy_by_day", "breakdown", "streaks",
           "missed_problems", "games_by_day", "games_total"]

class DayStats(NamedTuple):
    day: date
    attempts: int
    accuracy: float      # fraction answered correctly, 0..1
    mean_score: float    # mean partial credit, 0..1


class GroupStats(NamedTuple):
    attempts: int
    accuracy: float
    mean_score: float


class Streaks(NamedTuple):
    current_correct: int   # correct answers in a row, up to the latest one
    best_correct: int      # longest run of correct answers ever
    days_practised: int    # consecutive days with practice, ending today or yesterday


def _local_day(dt: datetime, tz: tzinfo | None) -> date:
    return (dt.astimezone(tz) if tz is not None else dt.astimezone()).date()


def _chrono(attempts: Iterable[Attempt]) -> list[Attempt]:
    return sorted(attempts, key=lambda a: (a.answered_at, a.id if a.id is not None else 0))


def _summary(group: list[Attempt]) -> GroupStats:
    n = len(group)
    return GroupStats(n, sum(a.correct for a in group) / n, sum(a.score for a in group) / n)


def accuracy_by_day(attempts: Iterable[Attempt], tz: tzinfo | None = None) -> list[DayStats]:
    """Per calendar day with at least one attempt, oldest first:
    ``(day, attempts, accuracy, mean_score)``.  Days are in ``tz`` (default:
    the local time zone); days without practice are absent."""
    days: dict[date, list[Attempt]] = defaultdict(list)
    for a in attempts:
        days[_local_day(a.answered_at, tz)].append(a)
    return [DayStats(d, *_summary(days[d])) for d in sorted(days)]


_BREAKDOWN_KEYS: dict[str, Callable[[Attempt], Any]] = {
    "drill": lambda a: a.drill,
    "topic": lambda a: a.topic,
    "shanten": lambda a: a.shanten,
    "set_name": lambda a: a.set_name,
}


def breakdown(attempts: Iterable[Attempt], by: str = "drill") -> dict[Any, GroupStats]:
    """``{key: (attempts, accuracy, mean_score)}`` grouped by ``"drill"``,
    ``"topic"``, ``"shanten"`` (``None`` for unknown) or ``"set_name"``;
    keys sorted, ``None`` last."""
    try:
        key = _BREAKDOWN_KEYS[by]
    except KeyError:
        raise ValueError(f"by must be one of {tuple(_BREAKDOWN_KEYS)}, not {by!r}") from None
    groups: dict[Any, list[Attempt]] = defaultdict(list)
    for a in attempts:
        groups[key(a)].append(a)
    ordered = sorted(groups, key=lambda k: (k is None, k if k is not None else 0))
    return {k: _summary(groups[k]) for k in ordered}


def streaks(attempts: Iterable[Attempt], today: date | None = None,
            tz: tzinfo | None = None) -> Streaks:
    """``(current_correct_streak, best_correct_streak, days_practised_streak)``.

    Correct streaks follow answer order.  The day streak counts consecutive
    calendar days (in ``tz``, default local) with at least one attempt,
    ending today -- or yesterday, since a streak isn't broken until a day
    passes without practice.
    """
    ordered = _chrono(attempts)
    best = run = 0
    for a in ordered:
        run = run + 1 if a.correct else 0
        best = max(best, run)
    current = run
    days = {_local_day(a.answered_at, tz) for a in ordered}
    if today is None:
        today = (datetime.now(tz) if tz is not None else datetime.now().astimezone()).date()
    if today in days:
        day = today
    elif today - timedelta(days=1) in days:
        day = today - timedelta(days=1)
    else:
        return Streaks(current, best, 0)
    n = 0
    while day in days:
        n += 1
        day -= timedelta(days=1)
    return Streaks(current, best, n)


def missed_problems(attempts: Iterable[Attempt]) -> list[dict]:
    """Problems whose latest attempt was wrong, each once, newest miss
    first (the problem dict of that latest attempt)."""
    latest: dict[str, Attempt] = {}
    for a in _chrono(attempts):
        latest[a.problem_id] = a
    missed = [a for a in latest.values() if not a.correct]
    missed.sort(key=lambda a: (a.answered_at, a.id if a.id is not None else 0), reverse=True)
    return [json.loads(json.dumps(a.problem)) for a in missed]


# --- reviewed games (mjgui.drills.games_table.GameSummary) ----------------------------

class GamesTotal(NamedTuple):
    games: int
    decisions: int
    agreement: float | None     # share of rated decisions where the engine agreed, 0..1
    shape: int                  # mistakes of each kind (mjgui.logs.review)
    value: int
    calls: int


def games_by_day(games: Iterable[Any], tz: tzinfo | None = None) -> list[tuple[date, int, float]]:
    """Per day with reviewed games, oldest first: ``(day, games, agreement)``, the agreement
    weighted by decisions (a day whose games had no rated decision is left out)."""
    days: dict[date, list[Any]] = defaultdict(list)
    for g in games:
        days[_local_day(g.reviewed_at, tz)].append(g)
    out = []
    for d in sorted(days):
        decisions = sum(g.decisions for g in days[d])
        if decisions:
            out.append((d, len(days[d]), sum(g.agreed for g in days[d]) / decisions))
    return out


def games_total(games: Iterable[Any]) -> GamesTotal:
    games = list(games)
    decisions = sum(g.decisions for g in games)
    return GamesTotal(len(games), decisions,
                      sum(g.agreed for g in games) / decisions if decisions else None,
                      sum(g.shape for g in games), sum(g.value for g in games), sum(g.calls for g in games))
