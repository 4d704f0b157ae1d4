"""Drills: nanikiru (何切る), wait (待ち), call (鳴き) and score (点数計算) problems.

- `problems`: the Problem record, problem-set files (JSON) and the shipped starter set;
- `scoring`: answer keys, grading with partial credit, explanations in English and Japanese;
- `generator`: realistic problems from a shuffled wall, deterministic by seed;
- `cli`: ``python -m mjgui drill ...``;
- `history`, `review`: answered problems (SQLite) and the review queue.
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
