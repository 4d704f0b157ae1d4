"""Problem sets built from the drill history, and their export files.

The stats page's "practise / export my misses" and "export starter set" use
these; the page itself keeps only the file dialogs and the messages.
"""
from __future__ import annotations

import os
from datetime import date
from typing import Any, Iterable, Mapping

from mjgui.drills.problems import JSON_KEYS, Problem, ProblemSetError, save_set, starter_set

__all__ = ["problems_from_dicts", "misses_file_name", "STARTER_FILE_NAME", "with_set_suffix",
           "write_set", "write_starter_set"]

#: The file name offered when the starter set is exported.
STARTER_FILE_NAME = "mjgui-starter-set.json"



def problems_from_dicts(dicts: Iterable[Mapping[str, Any]]) -> tuple[list[Problem], int]:
    """The Problems of stored problem dicts, each id once, and how many could
    not be read (a dict from an older or foreign version)."""
    out: list[Problem] = []
    seen: set[str] = set()
    skipped = 0
    for d in dicts:
        try:
            problem = Problem.from_json({k: v for k, v in dict(d).items() if k in JSON_KEYS})
        except (ProblemSetError, TypeError, ValueError):
            skipped += 1
            continue
        if problem.id in seen:
            continue
        seen.add(problem.id)
        out.append(problem)
    return out, skipped


def misses_file_name(today: date) -> str:
    """The file name offered when the misses are exported on `today`."""
    return f"mjgui-misses-{today.isoformat()}.json"


def with_set_suffix(path: str) -> str:
    """`path`, with ".json" added when it has no suffix (a name typed without one)."""
    return path if os.path.splitext(os.path.basename(path))[1] else path + ".json"


def write_set(path: str | os.PathLike, problems: list[Problem], title: str) -> int:
    """Write `problems` as a set file (atomically, via `save_set`); returns how many.
    Raises ProblemSetError when the file can't be written."""
    save_set(path, problems, title)
    return len(problems)


def write_starter_set(path: str | os.PathLike) -> int:
    """Write the shipped starter set (a template for authors); returns how many."""
    starter = starter_set()
    return write_set(path, list(starter.problems), starter.title)
