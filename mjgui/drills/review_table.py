"""The ``review`` table of the history file: one FSRS card per problem in the review queue.

Only `mjgui.drills.history` calls these functions, inside its transactions (the caller owns
the transaction); the queue's public view is `mjgui.drills.review.ReviewQueue`.  The
scheduling rule itself is `mjgui.drills.schedule` (no SQL there).

Columns (schema version 3)
    ``problem_id`` (key), ``drill``, ``problem`` (the problem dict, JSON, latest version seen),
    ``source`` (``"drill"``: entered by a wrong answer; else the name given to `add_problems`,
    e.g. ``"review"`` for mistakes found in a game review), ``added_at`` (when `add_problems`
    added it; NULL for a miss), the FSRS card -- ``state`` (1 learning, 2 review,
    3 relearning), ``step``, ``stability`` (days), ``difficulty`` (1..10), ``due_at``,
    ``last_review`` --, ``lapses`` (wrong answers), ``reviews`` (answers that graded it),
    ``last_answered_at`` and ``last_attempt_id``.  Times are ISO text in UTC (`utc_iso`).

Damaged rows
    A row that doesn't read back as a sane card (text in a number column, a NaN -- which
    SQLite stores as NULL -- or negative stability, a state out of range, a bad date, a
    problem that isn't a JSON object ...) is skipped and counted by the readers.  Answering
    its problem again starts its card over from that answer (`apply_attempt`).
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable, Mapping

from . import schedule
from .attempt import ATTEMPT_COLUMNS, ROW_ERRORS, Attempt, attempt_from_row, check_text, parse_iso, utc_iso
from .drill_names import DRILLS
from .schedule import Card

__all__ = ["REVIEW_COLUMNS", "ReviewItem", "Rows", "create", "apply_attempt", "read_rows",
           "select", "remove", "add_problems", "rebuild", "from_leitner"]

#: The columns a version-3 history's review table must have.
REVIEW_COLUMNS = frozenset({
    "problem_id", "drill", "problem", "source", "added_at", "state", "step", "stability",
    "difficulty", "due_at", "last_review", "lapses", "reviews", "last_answered_at",
    "last_attempt_id"})

_ITEM_COLUMNS = ("problem_id, drill, problem, source, added_at, state, step, stability, "
                 "difficulty, due_at, last_review, lapses, reviews, last_answered_at")
_MAX_SOURCE = 40


@dataclass(frozen=True)
class ReviewItem:
    """A problem in the review queue and its FSRS card."""

    problem_id: str
    drill: str
    problem: dict
    card: Card
    lapses: int                         # wrong answers while in the queue
    reviews: int                        # answers that graded the card
    last_answered_at: datetime | None   # None: added, never answered
    source: str                         # "drill" (a miss) or who added it
    added_at: datetime | None

    @property
    def due_at(self) -> datetime:
        return self.card.due

    @property
    def stability(self) -> float | None:
        """Days until the chance of remembering falls to 90 % (None: never graded)."""
        return self.card.stability

    @property
    def state(self) -> str:
        """``"learning"``, ``"review"`` or ``"relearning"``."""
        return schedule.STATES[self.card.state]

    def is_due(self, now: datetime) -> bool:
        return self.card.is_due(now)


def create(conn: sqlite3.Connection) -> None:
    """Create the table (schema version 3) and its index."""
    conn.execute("""
        CREATE TABLE review (
            problem_id       TEXT    PRIMARY KEY,
            drill            TEXT    NOT NULL,
            problem          TEXT    NOT NULL,             -- JSON, latest version seen
            source           TEXT    NOT NULL DEFAULT 'drill',
            added_at         TEXT,                         -- ISO UTC; NULL: entered by a miss
            state            INTEGER NOT NULL,             -- FSRS: 1 learning, 2 review, 3 relearning
            step             INTEGER,
            stability        REAL,                         -- days
            difficulty       REAL,
            due_at           TEXT    NOT NULL,             -- ISO UTC
            last_review      TEXT,                         -- ISO UTC
            lapses           INTEGER NOT NULL DEFAULT 0,
            reviews          INTEGER NOT NULL DEFAULT 0,
            last_answered_at TEXT,
            last_attempt_id  INTEGER
        )""")
    conn.execute("CREATE INDEX review_by_due ON review (due_at)")


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"not a count: {value!r}")
    return value


def _time(value: Any) -> datetime | None:
    return None if value is None else parse_iso(value)


def _card(state: Any, step: Any, stability: Any, difficulty: Any, due_at: Any,
          last_review: Any) -> Card:
    if due_at is None:
        raise ValueError("no due time")
    return Card(state, step, stability, difficulty, parse_iso(due_at), _time(last_review))


def _item(row: tuple) -> ReviewItem:
    """A queue item from its row; one of ROW_ERRORS for a damaged row."""
    (problem_id, drill, problem, source, added_at, state, step, stability, difficulty, due_at,
     last_review, lapses, reviews, last_answered_at) = row
    if not isinstance(problem_id, str) or not problem_id:
        raise TypeError("problem id is not text")
    check_text(problem_id, "problem_id")
    if drill not in DRILLS:
        raise ValueError(f"unknown drill {drill!r}")
    if not isinstance(source, str):
        raise TypeError("source is not text")
    try:
        problem_dict = json.loads(problem) if isinstance(problem, str) else None
    except RecursionError:
        raise ValueError("problem nested too deeply") from None
    if not isinstance(problem_dict, dict):
        raise ValueError("problem is not a JSON object")
    return ReviewItem(problem_id, drill, problem_dict,
                      _card(state, step, stability, difficulty, due_at, last_review),
                      _count(lapses), _count(reviews), _time(last_answered_at), source,
                      _time(added_at))


#: The rows of the table by rowid: ``(the drill column as stored, the item or None when the
#: row is damaged)``.
Rows = dict[int, tuple[Any, "ReviewItem | None"]]


def read_rows(conn: sqlite3.Connection, problem_id: str | None = None) -> Rows:
    """Every row of the table (or the one of ``problem_id``), read and checked."""
    sql = f"SELECT rowid, {_ITEM_COLUMNS} FROM review"
    params: tuple = ()
    if problem_id is not None:
        sql += " WHERE problem_id = ?"
        params = (problem_id,)
    rows: Rows = {}
    for rowid, *row in conn.execute(sql, params):
        try:
            item: ReviewItem | None = _item(tuple(row))
        except ROW_ERRORS:
            item = None
        rows[rowid] = (row[1], item)
    return rows


def select(rows: Rows, drill: str | None = None) -> tuple[list[ReviewItem], int]:
    """The readable items of ``rows`` (of one drill when given), soonest due first, and how
    many rows are damaged."""
    items, damaged = [], 0
    for raw_drill, item in rows.values():
        if drill is not None and raw_drill != drill:
            continue
        if item is None:
            damaged += 1
        else:
            items.append(item)
    items.sort(key=lambda item: (item.due_at, item.problem_id))
    return items, damaged


def apply_attempt(conn: sqlite3.Connection, attempt: Attempt, attempt_id: int | None) -> None:
    """Grade the problem's card with one answer (see `mjgui.drills.schedule`): a miss adds it
    to the queue or sends it back, a right answer when due moves it out."""
    row = conn.execute(
        "SELECT state, step, stability, difficulty, due_at, last_review, lapses, reviews "
        "FROM review WHERE problem_id = ?", (attempt.problem_id,)).fetchone()
    card: Card | None = None
    lapses = reviews = 0
    if row is not None:
        try:
            card = _card(*row[:6])
        except ROW_ERRORS:
            # in the queue, its state unreadable: the card starts over from this answer
            card = schedule.new_card(attempt.answered_at)
        try:
            lapses, reviews = _count(row[6]), _count(row[7])
        except ROW_ERRORS:
            lapses = reviews = 0
    grade = schedule.rating(attempt.correct, attempt.score, attempt.seconds, attempt.drill)
    new = schedule.next_card(card, grade, attempt.answered_at)
    if new is None:
        return
    conn.execute(
        "INSERT INTO review (problem_id, drill, problem, state, step, stability, difficulty, "
        "due_at, last_review, lapses, reviews, last_answered_at, last_attempt_id) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (problem_id) DO UPDATE SET drill = excluded.drill, "
        "problem = excluded.problem, state = excluded.state, step = excluded.step, "
        "stability = excluded.stability, difficulty = excluded.difficulty, "
        "due_at = excluded.due_at, last_review = excluded.last_review, "
        "lapses = excluded.lapses, reviews = excluded.reviews, "
        "last_answered_at = excluded.last_answered_at, "
        "last_attempt_id = excluded.last_attempt_id",
        (attempt.problem_id, attempt.drill, _json(attempt.problem), new.state, new.step,
         new.stability, new.difficulty, utc_iso(new.due),
         utc_iso(new.last_review) if new.last_review else None,
         lapses + (grade == schedule.AGAIN), reviews + 1, utc_iso(attempt.answered_at),
         attempt_id))


def remove(conn: sqlite3.Connection, problem_id: str) -> bool:
    return conn.execute("DELETE FROM review WHERE problem_id = ?", (problem_id,)).rowcount > 0


def check_source(source: Any) -> str:
    if not isinstance(source, str) or not source or len(source) > _MAX_SOURCE:
        raise ValueError(f"source must be a name of 1..{_MAX_SOURCE} characters, not {source!r}")
    check_text(source, "source")
    return source


def add_problems(conn: sqlite3.Connection,
                 problems: Iterable[tuple[str, str, Mapping[str, Any]]], at: datetime,
                 source: str) -> int:
    """Add ``(problem id, drill, problem dict)`` entries as new cards due at ``at``; a
    problem already in the queue is left as it is.  Returns how many were added."""
    added = 0
    for problem_id, drill, problem in problems:
        added += conn.execute(
            "INSERT INTO review (problem_id, drill, problem, source, added_at, state, step, "
            "due_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (problem_id) DO NOTHING",
            (problem_id, drill, _json(dict(problem)), source, utc_iso(at),
             schedule.LEARNING, utc_iso(at))).rowcount
    return added


def _replay(conn: sqlite3.Connection, only: set[str] | None,
            added: list[ReviewItem]) -> None:
    """Rebuild the (emptied) table from the answers, in answer order: every answer (of the
    problems in ``only`` when given) through `apply_attempt`, and the ``added`` items of
    `add_problems` again at their time."""
    events: list[tuple[datetime, int, int, Any]] = []
    for row in conn.execute(f"SELECT {ATTEMPT_COLUMNS} FROM attempts"):
        try:
            attempt = attempt_from_row(row)
        except ROW_ERRORS:
            continue                       # a damaged answer can't be replayed
        if only is None or attempt.problem_id in only:
            events.append((attempt.answered_at, 1, attempt.id or 0, attempt))
    events += [(item.added_at, 0, 0, item) for item in added if item.added_at is not None]
    events.sort(key=lambda e: e[:3])
    for at, kind, _, what in events:
        if kind:
            try:
                apply_attempt(conn, what, what.id)
            except ValueError:
                continue                   # an answer time that can't be scheduled
        else:
            add_problems(conn, [(what.problem_id, what.drill, what.problem)], at, what.source)


def rebuild(conn: sqlite3.Connection) -> int:
    """Recompute the table by replaying every answer in order (problems added with
    `add_problems` are added back at their time); returns the number of cards."""
    added = [item for item in select(read_rows(conn))[0] if item.added_at is not None]
    conn.execute("DELETE FROM review")
    _replay(conn, None, added)
    return int(conn.execute("SELECT COUNT(*) FROM review").fetchone()[0])


def from_leitner(conn: sqlite3.Connection, old_table: str, now: datetime) -> None:
    """Fill the (new, empty) table from a version-2 box queue: every problem in it gets the
    FSRS card that replaying its answers in order gives.  Problems removed from the old queue
    stay out; one whose answers can't be replayed (damaged) starts as a new card, due when
    the old queue had it due (now if that can't be read, or it was retired)."""
    old: dict[str, tuple[Any, Any, Any]] = {}
    for problem_id, drill, problem, due_at in conn.execute(
            f"SELECT problem_id, drill, problem, due_at FROM {old_table}"):
        if isinstance(problem_id, str) and problem_id and drill in DRILLS:
            old[problem_id] = (drill, problem, due_at)
    _replay(conn, set(old), [])
    for problem_id, (drill, problem, due_at) in old.items():
        try:
            problem_dict = json.loads(problem)
            due = parse_iso(due_at)
        except (ValueError, TypeError, RecursionError):
            problem_dict, due = None, now
        if not isinstance(problem_dict, dict):
            problem_dict = {"id": problem_id, "kind": drill}
        conn.execute(
            "INSERT INTO review (problem_id, drill, problem, state, step, due_at) "
            "VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT (problem_id) DO NOTHING",
            (problem_id, drill, _json({**problem_dict, "id": problem_id, "kind": drill}),
             schedule.LEARNING, utc_iso(due)))
