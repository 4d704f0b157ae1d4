"""FSRS-6 formulas written from the published algorithm (open-spaced-repetition, "The
Algorithm", FSRS-6), for checking the review queue's numbers by hand.  Only the pieces the
tests need; ``W`` are the default weights (the data the package ships, not its code)."""
from __future__ import annotations

import math

from fsrs.scheduler import DEFAULT_PARAMETERS as W

DECAY = -W[20]
FACTOR = 0.9 ** (1 / DECAY) - 1


def retrievability(days: float, stability: float) -> float:
    """R(t, S) = (1 + FACTOR * t / S) ^ DECAY."""
    return (1 + FACTOR * days / stability) ** DECAY


def interval_days(stability: float, retention: float = 0.9) -> int:
    """I(r, S) = S / FACTOR * (r ^ (1 / DECAY) - 1), whole days, at least 1."""
    return max(1, round(stability / FACTOR * (retention ** (1 / DECAY) - 1)))


def initial_stability(grade: int) -> float:
    return W[grade - 1]


def initial_difficulty(grade: int, clamp: bool = True) -> float:
    d = W[4] - math.exp(W[5] * (grade - 1)) + 1
    return min(max(d, 1.0), 10.0) if clamp else d


def next_difficulty(d: float, grade: int) -> float:
    """Linear damping of ΔD = -w6 (G - 3), then mean reversion towards D0(Easy)."""
    delta = -W[6] * (grade - 3)
    damped = d + delta * (10 - d) / 9
    d2 = W[7] * initial_difficulty(4, clamp=False) + (1 - W[7]) * damped
    return min(max(d2, 1.0), 10.0)


def same_day_stability(s: float, grade: int) -> float:
    """S' = S * e^(w17 (G - 3 + w18)) * S^-w19; a pass never lowers it."""
    factor = math.exp(W[17] * (grade - 3 + W[18])) * s ** -W[19]
    if grade >= 2:
        factor = max(factor, 1.0)
    return s * factor


def recall_stability(d: float, s: float, r: float, grade: int) -> float:
    hard = W[15] if grade == 2 else 1.0
    easy = W[16] if grade == 4 else 1.0
    return s * (1 + math.exp(W[8]) * (11 - d) * s ** -W[9] * (math.exp(W[10] * (1 - r)) - 1)
                * hard * easy)


def forget_stability(d: float, s: float, r: float) -> float:
    long_term = W[11] * d ** -W[12] * ((s + 1) ** W[13] - 1) * math.exp(W[14] * (1 - r))
    return min(long_term, s / math.exp(W[17] * W[18]))
