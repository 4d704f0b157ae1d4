"""Drills: nanikiru (何切る), wait (待ち), call (鳴き), score (点数計算) and defence (守備) problems.

- `problems`: the Problem record, problem-set files (JSON) and the shipped starter set;
- `grading`: answer keys, grading with partial credit, explanations in English and Japanese;
- `generator`: realistic problems from a shuffled wall, deterministic by seed;
- `defence_table`, `defence_grading`: the defence drill's simulated rounds, its answer keys and
  grading (its words are the Analyze page's, `mjgui.defence.reason_words`; docs/defence-drill.md);
- `cli`: ``python -m mjgui drill ...``;
- `drill_names`: the drills, named once;
- `history` (with `attempt` and `review_table`): answered problems and the review queue in SQLite;
- `review`, `schedule`: the review queue of missed problems and its FSRS rule (docs/review.md);
- `session`, `stats`: drill sessions and statistics of the answers.
"""
# The names below are loaded on first use (PEP 562), so importing `mjgui.drills.drill_names` -- as
# the main window does at start-up -- does not pull in the generator, the answer keys and
# the problem files.
_HOMES = {
    "problems": ("Call", "Problem", "ProblemSet", "ProblemSetError", "ScoreAnswer", "dumps_set",
                 "load_set", "parse_call", "parse_score_answer", "parse_set", "save_set", "starter_set"),
    "grading": ("DEFAULT_EVALUATOR", "EVALUATORS", "AnswerError", "Feedback", "Key", "answer_key", "grade",
                "grade_call", "grade_nanikiru", "grade_score", "grade_wait", "score_choices"),
    "generator": ("GenerateError", "generate", "iter_problems", "make_problem"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str):
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "Call", "Problem", "ProblemSet", "ProblemSetError", "ScoreAnswer", "dumps_set", "load_set",
    "parse_call", "parse_score_answer", "parse_set", "save_set", "starter_set", "DEFAULT_EVALUATOR",
    "EVALUATORS", "AnswerError", "Feedback", "Key", "answer_key", "grade", "grade_call",
    "grade_nanikiru", "grade_score", "grade_wait", "score_choices",
    "GenerateError", "generate", "iter_problems", "make_problem",
]
