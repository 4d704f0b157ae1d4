"""One answered drill problem (`Attempt`) and its row in the history's ``attempts`` table.

Times are stored as fixed-width ISO 8601 text in UTC (`utc_iso`), which sorts in time order,
so SQL can compare them as text.  A row that can't be read back (a stray byte, text in a
number column, a bad date ...) raises one of `ROW_ERRORS`; readers skip and count such rows.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, Mapping

from .drill_names import DRILLS

__all__ = ["Attempt", "ATTEMPT_COLUMNS", "ROW_ERRORS", "attempt_from_row", "utc_iso",
           "parse_iso", "as_utc", "check_text"]

#: What reading a damaged row raises.
ROW_ERRORS = (ValueError, TypeError, OverflowError, KeyError)


def utc_iso(dt: datetime) -> str:
    """Fixed-width ISO 8601 in UTC: sorts lexically in time order."""
    return dt.astimezone(timezone.utc).isoformat(timespec="microseconds")


def parse_iso(text: str) -> datetime:
    dt = datetime.fromisoformat(text)
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


def check_text(value: Any, name: str) -> None:
    """Strings must be valid Unicode (a lone surrogate cannot be stored in SQLite's UTF-8)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"{name} is not valid text (it holds a lone surrogate)") from None


def _finite(x: Any, name: str) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f"{name} must be a number, not {type(x).__name__}")
    x = float(x)
    if not math.isfinite(x):
        raise ValueError(f"{name} must be finite, not {x}")
    return x


@dataclass(frozen=True)
class Attempt:
    """One answered drill problem.

    ``answered_at`` must be timezone-aware; it is normalised to UTC.
    ``problem`` is normalised to plain JSON types (tuples become lists) so
    that an attempt read back from the store compares equal to the one
    recorded.  ``id`` is the row id (``None`` until stored) and is ignored
    by ``==``.
    """

    problem_id: str
    drill: str
    topic: str                  # the history's "theme" column, the file's "theme" key
    shanten: int | None
    problem: dict
    pick: str
    correct: bool
    score: float
    seconds: float
    answered_at: datetime
    set_name: str | None = None
    id: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.problem_id, str) or not self.problem_id:
            raise ValueError("problem_id must be a non-empty string")
        if self.drill not in DRILLS:
            raise ValueError(f"drill must be one of {DRILLS}, not {self.drill!r}")
        if not isinstance(self.topic, str):
            raise TypeError("topic must be a string")
        if self.shanten is not None and (
                isinstance(self.shanten, bool) or not isinstance(self.shanten, int)):
            raise TypeError("shanten must be an int or None")
        if not isinstance(self.problem, Mapping):
            raise TypeError("problem must be a dict")
        try:
            text = json.dumps(dict(self.problem), allow_nan=False, ensure_ascii=False)
            problem = json.loads(text)
        except (TypeError, ValueError, RecursionError) as e:
            raise ValueError(f"problem is not JSON-serialisable: {e}") from None
        check_text(text, "problem")
        for name in ("problem_id", "topic", "pick", "set_name"):
            check_text(getattr(self, name), name)
        object.__setattr__(self, "problem", problem)
        if not isinstance(self.pick, str):
            raise TypeError("pick must be a string")
        if not isinstance(self.correct, bool):
            if isinstance(self.correct, int) and self.correct in (0, 1):
                object.__setattr__(self, "correct", bool(self.correct))
            else:
                raise TypeError("correct must be a bool")
        score = _finite(self.score, "score")
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"score must be in 0..1, not {score}")
        object.__setattr__(self, "score", score)
        seconds = _finite(self.seconds, "seconds")
        if seconds < 0:
            raise ValueError(f"seconds must be >= 0, not {seconds}")
        object.__setattr__(self, "seconds", seconds)
        if not isinstance(self.answered_at, datetime):
            raise TypeError("answered_at must be a datetime")
        if self.answered_at.tzinfo is None or self.answered_at.utcoffset() is None:
            raise ValueError("answered_at must be timezone-aware")
        object.__setattr__(self, "answered_at", self.answered_at.astimezone(timezone.utc))
        if self.set_name is not None and not isinstance(self.set_name, str):
            raise TypeError("set_name must be a string or None")

    @classmethod
    def from_problem(cls, problem: Mapping[str, Any], *, pick: str, correct: bool,
                     score: float, seconds: float, answered_at: datetime | None = None,
                     set_name: str | None = None) -> "Attempt":
        """Build an attempt from a problem dict ("id", "kind", "theme", "shanten")."""
        return cls(
            problem_id=str(problem["id"]),
            drill=str(problem["kind"]),
            topic=str(problem.get("theme") or ""),
            shanten=problem.get("shanten"),
            problem=dict(problem),
            pick=pick,
            correct=correct,
            score=score,
            seconds=seconds,
            answered_at=answered_at if answered_at is not None else datetime.now(timezone.utc),
            set_name=set_name,
        )


ATTEMPT_COLUMNS = ("id, problem_id, drill, theme, shanten, problem, pick, correct, score, "
            "seconds, answered_at, set_name")


def attempt_from_row(row: tuple) -> Attempt:
    """An attempt from its row; ValueError / TypeError for a damaged row (a stray
    byte, text in a number column, a bad date ...)."""
    (rowid, problem_id, drill, theme, shanten, problem, pick, correct, score, seconds,
     answered_at, set_name) = row
    try:
        problem_dict = json.loads(problem) if isinstance(problem, str) else None
        if not isinstance(problem_dict, dict):
            raise ValueError("not an object")
    except (ValueError, RecursionError):
        problem_dict = {"id": problem_id, "kind": drill}
    if correct not in (0, 1) or isinstance(correct, float):
        raise ValueError(f"correct is {correct!r}")
    if not isinstance(answered_at, str):
        raise TypeError("answered_at is not text")
    return Attempt(
        problem_id=problem_id, drill=drill, topic=theme or "", shanten=shanten,
        problem=problem_dict, pick=pick, correct=bool(correct), score=score,
        seconds=seconds, answered_at=parse_iso(answered_at), set_name=set_name,
        id=rowid,
    )


def as_utc(value: datetime | date, name: str) -> datetime:
    """An aware datetime in UTC; a date means its midnight UTC."""
    if isinstance(value, datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"{name} must be timezone-aware")
        return value.astimezone(timezone.utc)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=timezone.utc)
    raise TypeError(f"{name} must be a datetime or a date")
