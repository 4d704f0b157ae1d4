"""Drill sessions: a run of problems with grading, timing and history (no Qt).

A `DrillSession` hands out problems one at a time (`current()`), grades an answer with
`mjgui.drills.grading.grade` (`answer()`), records it in the history and moves on (`next()`).

Sources
-------
- a `GeneratorSpec` (seed, shanten filter, topic, strict): problem i of the session is the
  generator's i-th problem for these options (`generator.make_problem(seed, i, ...)`), made
  when it is needed, so an endless session never runs out and the same seed always gives the
  same problems;
- a list of `Problem`s (a problem set, the starter set, the review queue, the misses of a
  set); problem dicts (as the history stores them) are accepted too.  Every problem must be
  of the session's drill (`problems_of_drill` filters a mixed list).

Modes
-----
``"endless"``: generated problems never end; a list ends after its last problem.
``"set"``: a fixed number of problems (``length``, default `SET_LENGTH`; a list gives at most
its own size).  ``finished`` turns true when `next()` is called after the last answer, and
`summary()` tells how it went (it works at any time, for what was answered so far).

Timing and the timer
--------------------
Each problem's clock starts when it becomes current (the session is created, or `next()`) and
stops at the answer; the time taken is recorded with the attempt.  With ``timer_seconds`` a
problem has that long: `time_left()` counts down, and an answer given **after** the limit
(more than ``timer_seconds`` taken) is a **timeout**: it is graded as usual (so the
explanation still says what was right) but scored ``correct=False, credit=0`` and the
explanation starts with "Time is up".  `expire()` ends a problem nobody answered in time the
same way (an empty pick).  The clock is injectable (``clock``, seconds, default
`time.monotonic`), as is the wall-clock time stamp of the attempts (``now``).

History
-------
Every answer is recorded at once (`HistoryStore.record` commits before returning), so killing
the app loses nothing already answered.  A store that fails (`HistoryError`: read-only,
locked, disk full, closed ...) does not stop the drill: the session keeps the message in
``store_error`` (English) and ``store_error_ja``, stops using the store and goes on.
"""
from __future__ import annotations

import math
import sqlite3
import time
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Mapping, Sequence

from .generator import make_problem
from .history import Attempt, HistoryError, HistoryStore
from .drill_names import DRILLS
from .problems import Problem, ProblemSetError, topics_of
from .grading import DEFAULT_EVALUATOR, EVALUATORS, SCORE_RULES, Feedback, answer_key, grade

__all__ = ["MODES", "SET_LENGTH", "GeneratorSpec", "Result", "Summary", "DrillSession",
           "problems_of_drill", "review_problems"]

MODES = ("endless", "set")
SET_LENGTH = 10


@dataclass(frozen=True)
class GeneratorSpec:
    """Options of generated problems (see `mjgui.drills.generator`)."""
    seed: int | str
    shanten: int | None = None
    topic: str = "any"
    strict: bool = True

    @classmethod
    def coerce(cls, value: GeneratorSpec | Mapping[str, Any]) -> GeneratorSpec:
        if isinstance(value, GeneratorSpec):
            return value
        unknown = set(value) - {"seed", "shanten", "topic", "theme", "strict"}    # "theme": its old name
        if unknown:
            raise ValueError(f"unknown generator option(s): {', '.join(sorted(unknown))}")
        if "seed" not in value:
            raise ValueError("a generator spec needs a seed")
        return cls(value["seed"], value.get("shanten"), value.get("topic", value.get("theme", "any")),
                   bool(value.get("strict", True)))


@dataclass(frozen=True)
class Result:
    """One answered (or expired) problem of a session."""
    index: int                     # 0-based position in the session
    problem: Problem
    feedback: Feedback             # what counts (a timeout: correct False, credit 0)
    graded: Feedback | None        # the plain grade of the answer (None: no answer)
    seconds: float                 # time taken
    timed_out: bool
    attempt_id: int | None         # the history row, None when not saved

    @property
    def correct(self) -> bool:
        return self.feedback.correct

    @property
    def score(self) -> float:
        return self.feedback.credit


@dataclass(frozen=True)
class Summary:
    """How a session went (so far)."""
    answered: int
    correct: int
    mean_score: float              # mean credit, 0..1 (0 when nothing was answered)
    total_seconds: float
    timeouts: int
    misses: tuple[Result, ...]     # answers not fully correct, in session order

    @property
    def accuracy(self) -> float:
        """Share answered correctly, 0..1 (0 when nothing was answered)."""
        return self.correct / self.answered if self.answered else 0.0

    @property
    def mean_seconds(self) -> float:
        return self.total_seconds / self.answered if self.answered else 0.0

    @property
    def missed_problems(self) -> list[Problem]:
        return [r.problem for r in self.misses]


def _as_problem(item: Problem | Mapping[str, Any]) -> Problem:
    if isinstance(item, Problem):
        return item
    if isinstance(item, Mapping):
        return Problem.from_json(item)
    raise TypeError(f"expected a Problem or a problem dict, not {type(item).__name__}")


def problems_of_drill(items: Iterable[Problem | Mapping[str, Any]],
                     drill: str) -> tuple[list[Problem], int]:
    """The problems of one drill from a mixed list of Problems / problem dicts, and how many
    items were left out (other drills, or dicts that are not valid problems)."""
    out: list[Problem] = []
    skipped = 0
    for item in items:
        try:
            problem = _as_problem(item)
        except (ProblemSetError, TypeError, ValueError):
            skipped += 1
            continue
        if problem.drill == drill:
            out.append(problem)
        else:
            skipped += 1
    return out, skipped


def review_problems(store: HistoryStore, drill: str, now: datetime | None = None,
                    limit: int | None = None) -> list[Problem]:
    """The problems of `drill` due in the review queue (missed ones, most overdue first).
    Raises HistoryError when the store cannot be read."""
    from .review import ReviewQueue
    return problems_of_drill(ReviewQueue(store).due(now, limit, drill), drill)[0]


def _timeout_text(seconds: float | None, limit: float, lang: str, right: bool = False) -> str:
    if lang == "ja":
        took = "" if seconds is None else f"（{limit:g}秒中{seconds:.1f}秒）"
        return f"時間切れ{took}: " + ("正しい答えですが間に合わず0点。" if right else "0点。")
    took = "" if seconds is None else f" ({seconds:.1f} s of {limit:g} s)"
    return f"Time is up{took}: " + ("right, but too late — scored 0." if right else "scored 0.")


class DrillSession:
    """A run of drill problems: see the module doc.

    ``source``: a `GeneratorSpec` (or a dict with its fields) or a sequence of problems.
    ``mode``: ``"endless"`` or ``"set"``; ``length``: the set's size (default 10).
    ``set_name``: stored with every attempt (e.g. the problem set's title).
    """

    def __init__(self, drill: str, source: GeneratorSpec | Mapping[str, Any] | Sequence[Problem],
                 mode: str = "endless", length: int | None = None,
                 evaluator: str = DEFAULT_EVALUATOR, store: HistoryStore | None = None,
                 timer_seconds: float | None = None,
                 clock: Callable[[], float] = time.monotonic, *,
                 set_name: str | None = None,
                 now: Callable[[], datetime] | None = None,
                 rules: Any = SCORE_RULES) -> None:
        if drill not in DRILLS:
            raise ValueError(f"drill must be one of {', '.join(DRILLS)}, not {drill!r}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if evaluator not in EVALUATORS:
            raise ValueError(f"evaluator must be one of {', '.join(EVALUATORS)}, not {evaluator!r}")
        if length is not None and (isinstance(length, bool) or not isinstance(length, int)
                                   or length < 1):
            raise ValueError(f"length must be an integer >= 1, not {length!r}")
        if timer_seconds is not None:
            if (isinstance(timer_seconds, bool) or not isinstance(timer_seconds, (int, float))
                    or not math.isfinite(timer_seconds) or timer_seconds <= 0):
                raise ValueError(f"timer_seconds must be a number > 0, not {timer_seconds!r}")
            timer_seconds = float(timer_seconds)
        self.drill = drill
        self.mode = mode
        self.evaluator = evaluator
        self.rules = rules              # mjgui.scoring.Rules / preset name a score answer is graded under
        self.store = store
        self.timer_seconds = timer_seconds
        # a title from a file may hold text SQLite cannot store (a lone surrogate)
        self.set_name = (set_name.encode("utf-8", "backslashreplace").decode("utf-8")
                         if isinstance(set_name, str) else set_name)
        self._clock = clock
        self._now = now or (lambda: datetime.now(timezone.utc))
        self.store_error: str | None = None
        self.store_error_ja: str | None = None

        self.spec: GeneratorSpec | None = None
        self.problems: tuple[Problem, ...] | None = None
        if isinstance(source, (GeneratorSpec, Mapping)):
            self.spec = GeneratorSpec.coerce(source)
            topics = topics_of(drill)       # a score problem's topic is its level, a defence one's its question
            if self.spec.topic not in topics:
                raise ValueError(f"topic must be one of {', '.join(topics)}, not {self.spec.topic!r}")
            self.length: int | None = (length or SET_LENGTH) if mode == "set" else None
        else:
            problems = tuple(_as_problem(p) for p in source)
            if not problems:
                raise ValueError("a problem list source needs at least one problem")
            for p in problems:
                if p.drill != drill:
                    raise ValueError(f"problem {p.id!r} is a {p.drill} problem, not {drill}")
            self.problems = problems
            size = len(problems)
            self.length = min(length or size, size) if mode == "set" else size

        self.results: list[Result] = []
        self._pending: dict[str, Any] = {}         # options that apply from the next problem
        self.index = 0
        self.finished = False
        self._result: Result | None = None       # the current problem's, once answered
        self._stopped_at: float | None = None
        self._problem = self._make(0)             # raises GenerateError for impossible options
        self._started = self._clock()

    # ---- problems --------------------------------------------------------------------
    def _make(self, index: int) -> Problem:
        if self.problems is not None:
            return self.problems[index]
        spec = self.spec
        assert spec is not None
        # the evaluator shapes nanikiru problems only (strict: a unique best discard under it);
        # the other kinds keep one sequence per seed whatever the switch says
        evaluator = self.evaluator if self.drill == "nanikiru" else DEFAULT_EVALUATOR
        return make_problem(spec.seed, index, self.drill, spec.shanten, spec.topic, spec.strict,
                            evaluator)

    @property
    def generated(self) -> bool:
        return self.spec is not None

    @property
    def position(self) -> int:
        """The 1-based number of the current problem (the last one once finished)."""
        return self.index + 1

    def current(self) -> Problem:
        """The problem to answer (the last one, answered, once the session is finished)."""
        return self._problem

    @property
    def result(self) -> Result | None:
        """The current problem's result once it is answered, else None."""
        return self._result

    @property
    def answered(self) -> bool:
        return self._result is not None

    @property
    def is_last(self) -> bool:
        """The current problem is the last of the session (never for endless generation)."""
        return self.length is not None and self.index + 1 >= self.length

    # ---- time -------------------------------------------------------------------------
    def elapsed(self) -> float:
        """Seconds spent on the current problem (frozen once it is answered)."""
        end = self._stopped_at if self._stopped_at is not None else self._clock()
        return float(max(0.0, end - self._started))

    def time_left(self) -> float | None:
        """Seconds left for the current problem (None without a timer; 0 when the time is up)."""
        if self.timer_seconds is None:
            return None
        return max(0.0, self.timer_seconds - self.elapsed())

    @property
    def expired(self) -> bool:
        """The timer ran out on an unanswered problem (`expire()` it, or answer: a timeout)."""
        return (self.timer_seconds is not None and self._result is None
                and self.elapsed() >= self.timer_seconds)

    # ---- answering ----------------------------------------------------------------------
    def _check_open(self) -> None:
        if self.finished:
            raise RuntimeError("the session is finished")
        if self._result is not None:
            raise RuntimeError("this problem is already answered: call next()")

    def answer(self, answer: Any) -> Feedback:
        """Grade an answer (a discard, the marked waits, a call, or a value; see `grading.grade`),
        record it, and return the feedback.  AnswerError for an answer that cannot be graded
        (nothing is recorded then).  After the time limit the answer is a timeout (score 0)."""
        self._check_open()
        seconds = self.elapsed()
        graded = grade(self._problem, answer, self.evaluator, self.rules)
        limit = self.timer_seconds
        timed_out = limit is not None and seconds > limit
        feedback = graded
        if timed_out:
            texts = {lang: _timeout_text(seconds, limit, lang, graded.correct)
                     + (" " if lang == "en" else "")
                     + graded.explanations[lang] for lang in graded.explanations}
            feedback = replace(graded, correct=False, credit=0.0, explanations=texts)
        return self._finish(feedback, graded, seconds, timed_out)

    def expire(self) -> Feedback:
        """End the current problem unanswered when its time is up: a timeout with an empty
        pick (score 0), recorded like an answer."""
        self._check_open()
        if self.timer_seconds is None:
            raise RuntimeError("the session has no timer")
        seconds = max(self.elapsed(), self.timer_seconds)
        key = answer_key(self._problem, self.evaluator, self.rules)
        answers = ", ".join(key.best)
        answers_ja = answers
        if self.drill == "defence":            # "push 5m" reads 「押し 5m」
            from mjgui.defence.reason_words import pushfold_words
            answers_ja = "、".join(pushfold_words(b, "ja") for b in key.best)
        texts = {"en": _timeout_text(None, self.timer_seconds, "en")
                 + f" No answer was given. The answer: {answers}.",
                 "ja": _timeout_text(None, self.timer_seconds, "ja") + f"解答なし。正解: {answers_ja}。"}
        feedback = Feedback(self._problem.id, self.drill, "", False, 0.0, key.best,
                            details={"timeout": True}, explanations=texts, ev=key.ev)
        return self._finish(feedback, None, seconds, True)

    def _finish(self, feedback: Feedback, graded: Feedback | None, seconds: float,
                timed_out: bool) -> Feedback:
        self._stopped_at = self._started + seconds
        attempt_id = self._record(feedback, seconds)
        self._result = Result(self.index, self._problem, feedback, graded, seconds, timed_out,
                              attempt_id)
        self.results.append(self._result)
        return feedback

    def _record(self, feedback: Feedback, seconds: float) -> int | None:
        if self.store is None:
            return None
        try:
            attempt = Attempt.from_problem(
                self._problem.to_json(), pick=feedback.pick, correct=feedback.correct,
                score=min(max(feedback.credit, 0.0), 1.0), seconds=round(seconds, 3),
                answered_at=self._now(), set_name=self.set_name)
            return self.store.record(attempt)
        except HistoryError as error:
            self.store_error, self.store_error_ja = error.message, error.message_ja
        except (sqlite3.Error, OSError) as error:
            self.store_error = f"The answer could not be saved ({error}). Answers will not be saved."
            self.store_error_ja = f"解答を保存できませんでした（{error}）。解答は保存されません。"
        except (ValueError, TypeError) as error:
            # this answer's data, not the store: the next answers are still saved
            self.store_error = f"This answer could not be saved ({error}); the next ones will be."
            self.store_error_ja = f"この解答は保存できませんでした（{error}）。次の解答からは保存されます。"
            return None
        self.store = None          # go on without history
        return None

    def next(self) -> Problem | None:
        """Move to the next problem (the current one must be answered); returns it, or None
        when the session is finished."""
        if self.finished:
            raise RuntimeError("the session is finished")
        if self._result is None:
            raise RuntimeError("answer the current problem first")
        if self.length is not None and self.index + 1 >= self.length:
            self.finished = True
            return None
        self.index += 1
        self._apply_pending()
        self._problem = self._make(self.index)
        self._result = None
        self._stopped_at = None
        self._started = self._clock()
        return self._problem

    # ---- options changed mid-session ------------------------------------------------------
    def set_options(self, *, shanten: int | None | str = "keep", topic: str | None = None,
                    evaluator: str | None = None, timer_seconds: float | None | str = "keep") -> None:
        """Change options of a running session; they apply from the next problem (the one
        shown keeps the options it was asked and timed with).  ``"keep"`` / None leave an
        option as it is; `shanten` and `topic` only shape generated problems."""
        if evaluator is not None and evaluator not in EVALUATORS:
            raise ValueError(f"evaluator must be one of {', '.join(EVALUATORS)}, not {evaluator!r}")
        topics = topics_of(self.drill)
        if topic is not None and topic not in topics:
            raise ValueError(f"topic must be one of {', '.join(topics)}, not {topic!r}")
        if shanten != "keep" and shanten is not None and (isinstance(shanten, bool)
                                                           or not isinstance(shanten, int) or shanten < 0):
            raise ValueError(f"shanten must be None or an integer >= 0, not {shanten!r}")
        if timer_seconds != "keep" and timer_seconds is not None:
            if (isinstance(timer_seconds, bool) or not isinstance(timer_seconds, (int, float))
                    or not math.isfinite(timer_seconds) or timer_seconds <= 0):
                raise ValueError(f"timer_seconds must be a number > 0, not {timer_seconds!r}")
            timer_seconds = float(timer_seconds)
        if evaluator is not None:
            self._pending["evaluator"] = evaluator
        if timer_seconds != "keep":
            self._pending["timer_seconds"] = timer_seconds
        if self.spec is not None:
            spec = self._pending.get("spec", self.spec)
            if shanten != "keep":
                spec = replace(spec, shanten=shanten)
            if topic is not None:
                spec = replace(spec, topic=topic)
            self._pending["spec"] = spec

    @property
    def pending(self) -> bool:
        """True when changed options wait for the next problem."""
        return any(getattr(self, k) != v for k, v in self._pending.items())

    def _apply_pending(self) -> None:
        for key, value in self._pending.items():
            setattr(self, key, value)
        self._pending = {}

    # ---- summary ------------------------------------------------------------------------
    def summary(self) -> Summary:
        results = self.results
        n = len(results)
        return Summary(
            answered=n,
            correct=sum(1 for r in results if r.correct),
            mean_score=sum(r.score for r in results) / n if n else 0.0,
            total_seconds=sum(r.seconds for r in results),
            timeouts=sum(1 for r in results if r.timed_out),
            misses=tuple(r for r in results if not r.correct),
        )
