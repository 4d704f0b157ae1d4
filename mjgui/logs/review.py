"""A reviewed game: the replay of one player's decisions with every rating, what kind of
mistake each one was, and the game's summary, built with progress and a way to stop.

This is what the app's Review mode shows and keeps; the CLI prints the same ratings.

Kinds of mistakes (a decision whose choice was not the evaluator's best):
- **calls**: a call decision (a declined ron, a call that neither advanced nor kept a yaku);
- **value**: a discard as fast as the best (same shanten, at least its ukeire) that the
  expected-value evaluator still rates lower: the hand was worth less, not slower;
- **shape**: any other discard: it kept a slower or narrower hand.

Severity, for colouring: **agreed** (the best, or a loss too small to matter:
`NEGLIGIBLE`), **mistake** (a loss above the threshold of its unit,
`mistakes.DEFAULT_THRESHOLDS`), **small** (a loss between the two).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Callable, Iterable

from mjgui.analysis import analyze, by_second_step
from mjgui.drills.games_table import GameSummary
from mjgui.drills.problems import Problem
from mjgui.logs.mistakes import DEFAULT_THRESHOLDS, mistake_problems
from mjgui.logs.rate import EV_MAX_SHANTEN, Rating, rate, summary
from mjgui.logs.record import Cancelled, GameRecord
from mjgui.logs.replay import Replay, replay

__all__ = ["GameReview", "Cancelled", "review_game", "mistake_kind", "severity", "MISTAKE_KINDS",
           "SEVERITIES", "game_id", "outdated_problems"]

MISTAKE_KINDS = ("shape", "value", "calls")
#: losses below these are within the evaluator's noise (a few points of expected value,
#: less than one tile of ukeire): coloured as agreement, though not counted as one
NEGLIGIBLE = {"points": 50.0, "ukeire": 1.0}
SEVERITIES = ("agreed", "small", "mistake")


def mistake_kind(rating: Rating) -> str | None:
    """"shape", "value" or "calls" for a decision that was not the best; None otherwise."""
    if rating.agrees or rating.evaluator == "forced":
        return None
    d = rating.decision
    if d.action == "call":
        return "calls"
    if rating.evaluator != "ev":
        return "shape"
    rows = analyze(d.hand, rank=by_second_step, calls=False).rows
    mine = next(r for r in rows if r.tile.kind == d.tile.kind)
    head = rows[0]
    faster = mine.shanten > head.shanten or (mine.shanten == head.shanten
                                             and mine.ukeire_total < head.ukeire_total)
    return "shape" if faster else "value"


def severity(rating: Rating, thresholds: dict[str, float] | None = None) -> str:
    if rating.agrees or rating.loss < NEGLIGIBLE.get(rating.unit, 0.0):
        return "agreed"
    limits = DEFAULT_THRESHOLDS if thresholds is None else thresholds
    limit = limits.get(rating.unit)
    return "mistake" if limit is None or rating.loss > limit else "small"


def game_id(record: GameRecord) -> str:
    """A stable name for a game: the same log read from any file or format gives the same id
    (the players and every round's events, not the bytes)."""
    digest = hashlib.sha256()
    digest.update(repr(record.players).encode())
    for rnd in record.rounds:
        digest.update(repr((rnd.wind, rnd.dealer, rnd.honba, rnd.hands, rnd.events)).encode())
    return digest.hexdigest()[:20]


@dataclass(frozen=True)
class GameReview:
    record: GameRecord
    replay: Replay
    ratings: tuple[tuple[Rating, ...], ...]     # per round, per decision
    kinds: tuple[tuple[str | None, ...], ...] = ()   # mistake_kind of each rating, same shape

    @property
    def seat(self) -> int:
        return self.replay.seat

    @property
    def player(self) -> str:
        return self.record.players[self.seat]

    @property
    def round_names(self) -> list[str]:
        return [f"{r.name}-{r.honba}" for r in self.replay.rounds]

    def summary(self) -> dict:
        """`rate.summary` plus the count of mistakes of each kind."""
        out = summary([list(rs) for rs in self.ratings])
        kinds = dict.fromkeys(MISTAKE_KINDS, 0)
        per_round = self.kinds or tuple(tuple(mistake_kind(r) for r in rs) for rs in self.ratings)
        for round_kinds in per_round:
            for kind in round_kinds:
                if kind:
                    kinds[kind] += 1
        out["kinds"] = kinds
        return out

    def game_summary(self, reviewed_at: datetime | None = None) -> GameSummary:
        """What the history keeps of this review (see `mjgui.drills.games_table`)."""
        s = self.summary()
        loss = s["loss"]
        return GameSummary(
            game_id=game_id(self.record), seat=self.seat, player=self.player, format=self.record.format,
            title=self.record.title, reviewed_at=reviewed_at or datetime.now(timezone.utc),
            decisions=s["decisions"], agreed=s["agreed"], loss_points=loss.get("points", 0.0),
            loss_ukeire=loss.get("ukeire", 0.0), loss_calls=loss.get("calls", 0.0), **s["kinds"])

    def problems(self, thresholds: dict[str, float] | None = None) -> list[Problem]:
        """The discards that lost more than the threshold, as nanikiru problems (defence problems
        under a riichi) whose ids name the game and the hand, so drilling the same game twice adds
        nothing twice."""
        problems = mistake_problems([list(rs) for rs in self.ratings], self.round_names, thresholds)
        prefix = game_id(self.record)[:10]
        out = []
        for p in problems:
            tag = hashlib.sha256(f"{p.hand} {' '.join(p.melds)} {p.visible} {p.dora}".encode()).hexdigest()[:8]
            out.append(replace(p, id=f"review-{prefix}-{tag}"))
        return out


def outdated_problems(review: GameReview, queued: Iterable[str]) -> list[str]:
    """The ids among `queued` (the review queue's) of this game's mistake problems that its
    rating no longer calls mistakes: a review made before the model weighed the opponents (or
    with other thresholds) queued them, and the game reviewed again agrees with the play, or the
    decision is one under threat that no nanikiru problem can grade."""
    prefix = f"review-{game_id(review.record)[:10]}-"
    current = {p.id for p in review.problems()}
    return [pid for pid in queued if pid.startswith(prefix) and pid not in current]


def review_game(record: GameRecord, player: int | str = 0, ev_max: int = EV_MAX_SHANTEN,
                progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None) -> GameReview:
    """Replay and rate one player's game.  `progress(done, total)` after each decision;
    `cancelled()` is asked between decisions and stops the work with `Cancelled`."""
    rep = replay(record, player, cancelled)
    total = sum(len(r.decisions) for r in rep.rounds)
    done = 0
    ratings = []
    for rnd in rep.rounds:
        rated = []
        for d in rnd.decisions:
            if cancelled is not None and cancelled():
                raise Cancelled()
            rated.append(rate(d, ev_max))
            done += 1
            if progress is not None:
                progress(done, total)
        ratings.append(tuple(rated))
    # classified here, on the caller's (worker) thread: a value mistake needs an analysis
    kinds = tuple(tuple(mistake_kind(r) for r in rs) for rs in ratings)
    return GameReview(record, rep, tuple(ratings), kinds)
