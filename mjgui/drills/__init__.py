"""Drills: nanikiru (何切る), wait (待ち), call (鳴き) and score (点数計算) problems.

- `problems`: the Problem record, problem-set files (JSON) and the shipped starter set;
- `scoring`: answer keys, grading with partial credit, explanations in English and Japanese;
- `generator`: realistic problems from a shuffled wall, deterministic by seed;
- `cli`: ``python -m mjgui drill ...``;
- `kinds`: the drill kinds, defined once;
- `history` (with `attempt` and `review_table`): answered problems and the review queue in SQLite;
- `review`, `schedule`: the review queue of missed problems and its FSRS rule (docs/review.md);
- `session`, `stats`: drill sessions and statistics of the answers.
"""
from .problems import (Call, Problem, ProblemSet, ProblemSetError, ScoreAnswer, dumps_set, load_set,
                       parse_call, parse_score_answer, parse_set, save_set, starter_set)
from .scoring import (DEFAULT_EVALUATOR, EVALUATORS, AnswerError, Feedback, Key, answer_key, grade,
                      grade_call, grade_nanikiru, grade_score, grade_wait, score_choices)
from .generator import GenerateError, generate, iter_problems, make_problem

__all__ = [
    "Call", "Problem", "ProblemSet", "ProblemSetError", "ScoreAnswer", "dumps_set", "load_set",
    "parse_call", "parse_score_answer", "parse_set", "save_set", "starter_set", "DEFAULT_EVALUATOR",
    "EVALUATORS", "AnswerError", "Feedback", "Key", "answer_key", "grade", "grade_call",
    "grade_nanikiru", "grade_score", "grade_wait", "score_choices",
    "GenerateError", "generate", "iter_problems", "make_problem",
]
