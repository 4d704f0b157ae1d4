"""The review queue of missed drill problems, scheduled with FSRS.

The rule (`mjgui.drills.schedule` has the details and the grades)
    * A wrong answer to any problem -- in a normal drill or in a review -- puts it in the
      queue, **due at once**; a problem already there is graded Again (a lapse) and is due
      at once too.
    * A right answer to a problem that is **due** grades its FSRS card (Hard, Good or Easy
      by credit and speed) and moves its due time out by days; each right answer moves it
      further, a later miss brings it back and shortens the next interval.
    * A right answer before the due time changes nothing, and a right answer to a problem
      that is not in the queue doesn't add it.  Nothing ever leaves the queue by itself:
      a problem learnt well is simply due rarely.
    * `ReviewQueue.add_problems` adds problems from elsewhere (e.g. the mistakes of a game
      review) as new cards, due at once.

Storage and updates
    The queue is the ``review`` table of the history file (`mjgui.drills.review_table`) and
    is updated **automatically** by :meth:`HistoryStore.record
    <mjgui.drills.history.HistoryStore.record>`, in the same transaction as the answer (so
    the two never disagree, even after a crash).  There is deliberately no public
    ``update()``: recording is the update.  :meth:`ReviewQueue.rebuild` recomputes the table
    from the whole history.  Damaged rows are left out and counted (``counts()["damaged"]``).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Iterable, Mapping

from .history import HistoryStore
from .problems import Problem, ProblemSetError
from .review_table import ReviewItem

__all__ = ["ReviewItem", "ReviewQueue"]


def _now(now: datetime | None) -> datetime:
    if now is None:
        return datetime.now(timezone.utc)
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be timezone-aware")
    return now.astimezone(timezone.utc)


class ReviewQueue:
    """The review queue of a :class:`HistoryStore` (same file, same connection).

    Times (``now``) must be timezone-aware; the default is the current time.  Reading
    raises HistoryError when the history can't be read.
    """

    def __init__(self, store: HistoryStore) -> None:
        if not isinstance(store, HistoryStore):
            raise TypeError("ReviewQueue needs a HistoryStore")
        self.store = store

    def items(self, now: datetime | None = None, limit: int | None = None,
              drill: str | None = None) -> list[ReviewItem]:
        """Due items, most overdue first (then by id)."""
        if limit is not None and limit < 0:
            raise ValueError("limit must be >= 0")
        now = _now(now)
        due = [item for item in self.store.review_items(drill)[0] if item.is_due(now)]
        due.sort(key=lambda item: (item.due_at, item.problem_id))
        return due if limit is None else due[:limit]

    def due(self, now: datetime | None = None, limit: int | None = None,
            drill: str | None = None) -> list[dict]:
        """The problem dicts due for review at ``now``, most overdue first."""
        return [item.problem for item in self.items(now, limit, drill)]

    def counts(self, now: datetime | None = None, drill: str | None = None) -> dict[str, int]:
        """``{"due", "learning", "total", "damaged"}``: ``due`` = problems due at ``now``;
        ``learning`` = problems missed and not yet answered right since (FSRS learning and
        relearning cards); ``total`` = every readable problem in the queue; ``damaged`` =
        rows that can't be read (left out of the others)."""
        now = _now(now)
        items, damaged = self.store.review_items(drill)
        return {"due": sum(item.is_due(now) for item in items),
                "learning": sum(item.state != "review" for item in items),
                "total": len(items), "damaged": damaged}

    def item(self, problem_id: str) -> ReviewItem | None:
        """The queue state of one problem (``None`` if it isn't in the queue)."""
        return self.store.review_item(problem_id)

    def next_due(self, now: datetime | None = None) -> datetime | None:
        """When the next problem becomes due after ``now`` (``None`` if nothing is
        scheduled later; problems already due are not counted)."""
        now = _now(now)
        later = [item.due_at for item in self.store.review_items()[0] if item.due_at > now]
        return min(later, default=None)

    def remove(self, problem_id: str) -> bool:
        """Drop a problem from the queue ("don't show again"); a later miss puts it back.
        Returns whether it was there."""
        return self.store.remove_from_review(problem_id)

    def rebuild(self) -> int:
        """Recompute the queue by replaying every answer in order; returns the number of
        problems in the queue."""
        return self.store.rebuild_review()

    def add_problems(self, problems: Iterable[Problem | Mapping[str, Any]], *,
                     source: str = "review", now: datetime | None = None) -> int:
        """Add problems (`Problem`s or their dicts, as in problem-set files) to the queue as
        new cards due at ``now``; ``source`` names where they come from (``"review"``: a
        game review).  Idempotent: a problem already in the queue (same id) is left as it is.
        Returns how many were added.  Every problem is checked first: ProblemSetError
        (nothing added) names the first one that is not a valid problem."""
        checked = []
        for i, item in enumerate(problems):
            if isinstance(item, Problem):
                checked.append(item.to_json())
                continue
            try:
                checked.append(Problem.from_json(item).to_json())
            except ProblemSetError as error:
                raise error.located(index=i) from None
        return self.store.add_to_review(checked, _now(now), source)
