"""Spaced repetition of missed drill problems (Leitner boxes).

The rule
    * A wrong answer (``correct=False``) to any problem -- in a normal drill
      or in a review -- puts it in **box 1, due immediately** (due at the
      time of the miss) and counts a lapse.  This applies to retired
      problems too.
    * A correct answer to a problem in box ``b`` (1..5) that is **due**
      (answered at or after its due time) moves it to box ``b + 1``, due
      after that box's interval: box 2 = 1 day, box 3 = 3 days,
      box 4 = 7 days, box 5 = 14 days (see :data:`INTERVALS`).
    * A correct, due answer in box 5 moves it to **box 6 = retired**: it is
      never due again unless it is missed again.
    * A correct answer before the due time changes nothing (the point is the
      spacing), and a correct answer to a problem that was never missed
      doesn't enter the queue.
    * ``correct`` decides, not the partial-credit ``score``.

    So a missed problem comes back now, then after 1, 3, 7 and 14 days, and
    retires after five correct answers in a row at those spacings.

Storage and updates
    The queue lives in the ``review`` table of the history file and is
    updated **automatically** by :meth:`HistoryStore.record
    <mjgui.drills.history.HistoryStore.record>`, in the same transaction
    as the attempt (so the two never disagree, even after a crash).  There
    is deliberately no public ``update()``: recording is the update.
    :meth:`ReviewQueue.rebuild` recomputes the table from the whole history.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from .history import _COLUMNS as _ATTEMPT_COLUMNS
from .history import ROW_ERRORS, Attempt, HistoryStore, _parse_iso, _row_to_attempt, _utc_iso

__all__ = ["RETIRED_BOX", "INTERVALS", "ReviewItem", "ReviewQueue", "apply_attempt",
           "next_state"]

#: The box of retired problems (never due).
RETIRED_BOX = 6
#: How long a problem waits in each learning box before it is due again.
INTERVALS: dict[int, timedelta] = {
    1: timedelta(0),
    2: timedelta(days=1),
    3: timedelta(days=3),
    4: timedelta(days=7),
    5: timedelta(days=14),
}


@dataclass(frozen=True)
class ReviewItem:
    """A problem in the review queue."""

    problem_id: str
    drill: str
    problem: dict
    box: int                   # 1..5 learning, 6 retired
    due_at: datetime | None    # UTC; None when retired
    lapses: int                # times missed
    reviews: int               # answers that moved it (promotions and misses)
    last_answered_at: datetime

    @property
    def retired(self) -> bool:
        return self.box >= RETIRED_BOX

    def is_due(self, now: datetime) -> bool:
        return not self.retired and self.due_at is not None and self.due_at <= now


def next_state(box: int | None, due_at: datetime | None, correct: bool,
               answered_at: datetime) -> tuple[int, datetime | None] | None:
    """The pure scheduling rule: the new ``(box, due_at)`` after an answer,
    or ``None`` when the answer changes nothing.  ``box`` is ``None`` for a
    problem not in the queue."""
    if not correct:
        return 1, answered_at + INTERVALS[1]
    if box is None or box >= RETIRED_BOX:
        return None
    if due_at is not None and answered_at < due_at:
        return None
    new_box = box + 1
    if new_box >= RETIRED_BOX:
        return RETIRED_BOX, None
    return new_box, answered_at + INTERVALS[new_box]


def apply_attempt(conn: sqlite3.Connection, attempt: Attempt,
                  attempt_id: int | None = None) -> ReviewItem | None:
    """Update the ``review`` table for one attempt.

    Called by ``HistoryStore.record`` inside its write transaction; the
    caller owns the transaction.  Returns the problem's new state, or
    ``None`` if it isn't (and doesn't enter) the queue.
    """
    row = conn.execute(
        "SELECT box, due_at, lapses, reviews FROM review WHERE problem_id = ?",
        (attempt.problem_id,)).fetchone()
    box = due = None
    lapses = reviews = 0
    if row is not None:
        box, due_text, lapses, reviews = row
        # a damaged row must not stop the answer from being saved: an unreadable box or
        # date reads as "missed, due now", and the upsert below rewrites the row
        if not isinstance(box, int) or not 1 <= box <= RETIRED_BOX:
            box = 1
        try:
            due = _parse_iso(due_text) if due_text else None
        except ROW_ERRORS:
            due = None
        lapses = lapses if isinstance(lapses, int) else 0
        reviews = reviews if isinstance(reviews, int) else 0
    state = next_state(box, due, attempt.correct, attempt.answered_at)
    if state is None:
        return None if row is None else _load(conn, attempt.problem_id)
    new_box, new_due = state
    if not attempt.correct:
        lapses += 1
    if row is not None:
        reviews += 1
    problem_json = json.dumps(attempt.problem, ensure_ascii=False,
                              separators=(",", ":"))
    conn.execute(
        "INSERT INTO review (problem_id, drill, problem, box, due_at, lapses, reviews, "
        "last_answered_at, last_attempt_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (problem_id) DO UPDATE SET drill = excluded.drill, "
        "problem = excluded.problem, box = excluded.box, due_at = excluded.due_at, "
        "lapses = excluded.lapses, reviews = excluded.reviews, "
        "last_answered_at = excluded.last_answered_at, "
        "last_attempt_id = excluded.last_attempt_id",
        (attempt.problem_id, attempt.drill, problem_json, new_box,
         _utc_iso(new_due) if new_due is not None else None, lapses, reviews,
         _utc_iso(attempt.answered_at), attempt_id))
    return ReviewItem(attempt.problem_id, attempt.drill, attempt.problem, new_box, new_due,
                      lapses, reviews, attempt.answered_at)


_ITEM_COLUMNS = "problem_id, drill, problem, box, due_at, lapses, reviews, last_answered_at"


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"not an integer: {value!r}")
    return value


def _row_to_item(row: tuple) -> ReviewItem:
    """A queue item from its row; ValueError / TypeError for a damaged row."""
    problem_id, drill, problem, box, due_at, lapses, reviews, last = row
    if not isinstance(problem_id, str) or not problem_id or not isinstance(drill, str):
        raise TypeError("problem id / drill is not text")
    try:
        problem_dict = json.loads(problem) if isinstance(problem, str) else None
        if not isinstance(problem_dict, dict):
            raise ValueError("not an object")
    except (ValueError, RecursionError):
        problem_dict = {"id": problem_id, "kind": drill}
    return ReviewItem(problem_id, drill, problem_dict, _int(box),
                      _parse_iso(due_at) if due_at else None, _int(lapses), _int(reviews),
                      _parse_iso(last))


def _readable_items(rows: list[tuple]) -> list[ReviewItem]:
    out = []
    for row in rows:
        try:
            out.append(_row_to_item(row))
        except ROW_ERRORS:
            continue           # damaged: left out (answering the problem again rewrites it)
    return out


def _load(conn: sqlite3.Connection, problem_id: str) -> ReviewItem | None:
    row = conn.execute(f"SELECT {_ITEM_COLUMNS} FROM review WHERE problem_id = ?",
                       (problem_id,)).fetchone()
    if row is None:
        return None
    items = _readable_items([row])
    return items[0] if items else None


def _now(now: datetime | None) -> datetime:
    if now is None:
        return datetime.now(timezone.utc)
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be timezone-aware")
    return now.astimezone(timezone.utc)


class ReviewQueue:
    """The review queue of a :class:`HistoryStore` (same file, same connection).

    Times (``now``) must be timezone-aware; the default is the current time.
    """

    def __init__(self, store: HistoryStore) -> None:
        if not isinstance(store, HistoryStore):
            raise TypeError("ReviewQueue needs a HistoryStore")
        self.store = store

    def _filter(self, drill: str | None) -> tuple[str, list[Any]]:
        if drill is None:
            return "", []
        return " AND drill = ?", [drill]

    def items(self, now: datetime | None = None, limit: int | None = None,
              drill: str | None = None) -> list[ReviewItem]:
        """Due items, most overdue first (then lower box, then id)."""
        extra, params = self._filter(drill)
        sql = (f"SELECT {_ITEM_COLUMNS} FROM review WHERE box < ? AND due_at IS NOT NULL "
               f"AND due_at <= ?{extra} ORDER BY due_at, box, problem_id")
        args: list[Any] = [RETIRED_BOX, _utc_iso(_now(now)), *params]
        if limit is not None:
            if limit < 0:
                raise ValueError("limit must be >= 0")
            sql += " LIMIT ?"
            args.append(int(limit))
        return _readable_items(self.store._read(sql, args))

    def due(self, now: datetime | None = None, limit: int | None = None,
            drill: str | None = None) -> list[dict]:
        """The problem dicts due for review at ``now``, most overdue first."""
        return [item.problem for item in self.items(now, limit, drill)]

    def counts(self, now: datetime | None = None, drill: str | None = None) -> dict[str, int]:
        """``{"due", "learning", "retired", "total"}``: ``due`` = learning
        problems due at ``now``; ``learning`` = all problems in boxes 1..5
        (due or not); ``retired`` = box 6; ``total`` = learning + retired."""
        extra, params = self._filter(drill)
        row = self.store._read(
            "SELECT "
            "COALESCE(SUM(box < ? AND due_at IS NOT NULL AND due_at <= ?), 0), "
            "COALESCE(SUM(box < ?), 0), COALESCE(SUM(box >= ?), 0), COUNT(*) "
            f"FROM review WHERE 1{extra}",
            [RETIRED_BOX, _utc_iso(_now(now)), RETIRED_BOX, RETIRED_BOX, *params])[0]
        due, learning, retired, total = (int(x) for x in row)
        return {"due": due, "learning": learning, "retired": retired, "total": total}

    def boxes(self) -> dict[int, int]:
        """Number of problems per box, boxes 1..6 (6 = retired)."""
        out = {b: 0 for b in range(1, RETIRED_BOX + 1)}
        for box, n in self.store._read("SELECT box, COUNT(*) FROM review GROUP BY box"):
            if isinstance(box, int) and not isinstance(box, bool) and box >= 1:
                out[min(box, RETIRED_BOX)] += int(n)
        return out

    def item(self, problem_id: str) -> ReviewItem | None:
        """The queue state of one problem (``None`` if never missed)."""
        rows = self.store._read(f"SELECT {_ITEM_COLUMNS} FROM review WHERE problem_id = ?",
                                [problem_id])
        items = _readable_items(rows)
        return items[0] if items else None

    def next_due(self, now: datetime | None = None) -> datetime | None:
        """When the next learning problem becomes due after ``now`` (``None``
        if nothing is scheduled later; problems already due are not counted)."""
        rows = self.store._read(
            "SELECT due_at FROM review WHERE box < ? AND due_at > ? ORDER BY due_at",
            [RETIRED_BOX, _utc_iso(_now(now))])
        for (due_at,) in rows:
            try:
                return _parse_iso(due_at)
            except ROW_ERRORS:
                continue                # a damaged date: the next one
        return None

    def remove(self, problem_id: str) -> bool:
        """Drop a problem from the queue ("don't show again"); a later miss
        puts it back.  Returns whether it was there."""
        def write(conn: sqlite3.Connection) -> bool:
            return conn.execute("DELETE FROM review WHERE problem_id = ?",
                                (problem_id,)).rowcount > 0
        return bool(self.store._write(write))

    def rebuild(self) -> int:
        """Recompute the queue by replaying every attempt in answer order;
        returns the number of problems in the queue."""
        def write(conn: sqlite3.Connection) -> int:
            rows = conn.execute(
                f"SELECT {_ATTEMPT_COLUMNS} FROM attempts ORDER BY answered_at, id").fetchall()
            conn.execute("DELETE FROM review")
            for row in rows:
                try:
                    a = _row_to_attempt(row)
                except ROW_ERRORS:
                    continue            # a damaged answer can't be replayed
                apply_attempt(conn, a, a.id)
            return conn.execute("SELECT COUNT(*) FROM review").fetchone()[0]
        return int(self.store._write(write))
