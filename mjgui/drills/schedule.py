"""When a missed drill problem comes back: the FSRS rule of the review queue (pure, no storage).

The queue schedules each problem as an FSRS card with the scheduler of the ``fsrs`` package
(FSRS-6, the algorithm Anki uses; its default parameters, target retention 90 %).  FSRS
keeps, per card, a *stability* (days until the chance of still knowing it falls to 90 %) and
a *difficulty* (1..10), and turns them into the next due time after every graded answer.

Grades (FSRS ratings) from an answer, see `rating`
    * wrong (``correct`` false, whatever the partial credit; a timeout is wrong) -> Again;
    * right but with partial credit below 1, or slow -> Hard;
    * right -> Good;
    * right, full credit and fast -> Easy.
    "Fast" and "slow" are per drill kind (`PACE`): a wait or score problem takes longer to
    read than a call.

The rule, see `next_card`
    * A wrong answer to any problem (a normal drill or a review) puts it in the queue, or
      grades its card Again when it is there already; either way it is **due at once**.
    * A right answer to a problem in the queue that is **due** grades its card; FSRS moves it
      out by days (the first right answer after a miss: a day or two; each later one further,
      the more so the longer it was remembered).
    * A right answer before the due time changes nothing (the spacing is the point), and a
      right answer to a problem that is not in the queue doesn't add it.
    * A card graded more than a day after the present (`CLOCK_SLACK`: the clock was set ahead
      then) is due now, and its next answer is graded as if it had been last graded now.

Scheduler settings, see `scheduler`
    One learning step and one relearning step of zero minutes: a miss is due again at once,
    not after Anki's 1 and 10 minutes, so "review my misses" right after a drill shows them.
    Fuzzing is off, so replaying the same answers always gives the same queue (`rebuild`,
    the migration from the old box queue and the tests rely on this).

``fsrs`` is imported when the first answer is scheduled, not with this module: the app starts
without it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from typing import Any

from .drill_names import DRILLS

__all__ = ["AGAIN", "HARD", "GOOD", "EASY", "RATINGS", "LEARNING", "REVIEW", "RELEARNING",
           "STATES", "PACE", "MAX_STABILITY", "CLOCK_SLACK", "Card", "rating", "new_card", "next_card",
           "scheduler"]

# FSRS ratings and card states, by the values of fsrs.Rating and fsrs.State
AGAIN, HARD, GOOD, EASY = 1, 2, 3, 4
RATINGS: dict[int, str] = {AGAIN: "again", HARD: "hard", GOOD: "good", EASY: "easy"}
LEARNING, REVIEW, RELEARNING = 1, 2, 3
STATES: dict[int, str] = {LEARNING: "learning", REVIEW: "review", RELEARNING: "relearning"}

#: Per drill kind, ``(fast, slow)`` in seconds: a right answer in at most ``fast`` seconds
#: (with full credit) is Easy, one taking more than ``slow`` seconds is Hard.
PACE: dict[str, tuple[float, float]] = {
    "nanikiru": (8.0, 45.0),
    "wait": (10.0, 60.0),
    "call": (6.0, 30.0),
    "score": (20.0, 120.0),
    "defence": (10.0, 60.0),         # four rivers to read before the hand
}
assert set(PACE) == set(DRILLS), "every drill kind needs a pace"

#: Largest stability (days) read back as sane: far beyond FSRS's 100-year interval cap,
#: small enough that the interval arithmetic can't overflow.
MAX_STABILITY = 1e7
_MIN_DIFFICULTY, _MAX_DIFFICULTY = 1.0, 10.0
#: A card graded more than this after the present was graded under a clock set ahead: its
#: times are not trusted (it is due now).  Less is ordinary clock drift between machines.
CLOCK_SLACK = timedelta(days=1)


def rating(correct: bool, score: float, seconds: float, kind: str) -> int:
    """The FSRS rating of an answer (see the module doc)."""
    if not correct:
        return AGAIN
    fast, slow = PACE.get(kind, (0.0, math.inf))
    if score < 1.0 or seconds > slow:
        return HARD
    if seconds <= fast:
        return EASY
    return GOOD


def _number(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} is not a number: {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"{name} is not finite: {value!r}")
    return float(value)


def _aware(value: Any, name: str) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise TypeError(f"{name} must be a timezone-aware datetime")
    return value.astimezone(timezone.utc)


@dataclass(frozen=True)
class Card:
    """The FSRS state of one problem in the queue.

    A new card (added to the queue, never graded) has no stability, difficulty or last review;
    a graded one has all three.  Construction checks the values, so a card read back from a
    damaged row raises ValueError / TypeError instead of reaching the scheduler.
    """

    state: int                     # LEARNING, REVIEW or RELEARNING
    step: int | None               # the (re)learning step; None in REVIEW
    stability: float | None        # days
    difficulty: float | None       # 1..10
    due: datetime                  # UTC
    last_review: datetime | None   # UTC: the last answer that graded it

    def __post_init__(self) -> None:
        if isinstance(self.state, bool) or not isinstance(self.state, int) or self.state not in STATES:
            raise ValueError(f"state must be one of {tuple(STATES)}, not {self.state!r}")
        if self.state == REVIEW:
            if self.step is not None:
                raise ValueError("a card in review has no step")
        elif isinstance(self.step, bool) or not isinstance(self.step, int) or not 0 <= self.step < 100:
            raise ValueError(f"step must be an integer 0..99, not {self.step!r}")
        graded = (self.stability is not None, self.difficulty is not None,
                  self.last_review is not None)
        if any(graded) and not all(graded):
            raise ValueError("stability, difficulty and last review go together")
        if not graded[0] and self.state != LEARNING:
            raise ValueError("only a new card has no stability")
        if graded[0]:
            stability = _number(self.stability, "stability")
            if not 0 < stability <= MAX_STABILITY:
                raise ValueError(f"stability must be in (0, {MAX_STABILITY:g}], not {stability}")
            difficulty = _number(self.difficulty, "difficulty")
            if not _MIN_DIFFICULTY <= difficulty <= _MAX_DIFFICULTY:
                raise ValueError(f"difficulty must be in 1..10, not {difficulty}")
            object.__setattr__(self, "stability", stability)
            object.__setattr__(self, "difficulty", difficulty)
            object.__setattr__(self, "last_review", _aware(self.last_review, "last_review"))
        object.__setattr__(self, "due", _aware(self.due, "due"))

    @property
    def new(self) -> bool:
        """Added to the queue and never graded."""
        return self.stability is None

    def is_due(self, now: datetime) -> bool:
        """Due at `now`; a card graded more than CLOCK_SLACK after `now` (under a clock set
        ahead) is due too, so a wrong clock once never freezes it."""
        return self.due <= now or _from_the_future(self, now)


def _from_the_future(card: Card, now: datetime) -> bool:
    return card.last_review is not None and card.last_review - CLOCK_SLACK > now      # no overflow near 9999


def new_card(at: datetime) -> Card:
    """A card never graded, due at ``at``."""
    return Card(LEARNING, 0, None, None, at, None)


@lru_cache(maxsize=1)
def scheduler() -> Any:
    """The FSRS scheduler of the queue (see the module doc); imports ``fsrs``."""
    import fsrs

    return fsrs.Scheduler(learning_steps=(timedelta(0),), relearning_steps=(timedelta(0),),
                          enable_fuzzing=False)


def next_card(card: Card | None, grade: int, at: datetime) -> Card | None:
    """The card after an answer graded ``grade`` (a rating) at ``at``, or ``None`` when the
    answer changes nothing.  ``card`` is ``None`` for a problem not in the queue.

    ValueError for an answer time so far in the future that the next due time can't be
    represented.
    """
    if grade not in RATINGS:
        raise ValueError(f"grade must be one of {tuple(RATINGS)}, not {grade!r}")
    at = _aware(at, "at")
    if card is None:
        if grade != AGAIN:
            return None
        card = new_card(at)
    else:
        if _from_the_future(card, at):
            # graded "in the future" (the clock was set ahead then): its times are not to be
            # trusted; it is due now, as if last graded now
            card = Card(card.state, card.step, card.stability, card.difficulty, at, at)
        if grade != AGAIN and at < card.due:
            return None
    import fsrs

    before = fsrs.Card(card_id=0, state=fsrs.State(card.state), step=card.step,
                       stability=card.stability, difficulty=card.difficulty, due=card.due,
                       last_review=card.last_review)
    try:
        after, _ = scheduler().review_card(before, fsrs.Rating(grade), at)
    except OverflowError:
        raise ValueError(f"an answer at {at.isoformat()} is too far in the future to "
                         "schedule") from None
    return Card(int(after.state), after.step, after.stability, after.difficulty, after.due,
                after.last_review)
