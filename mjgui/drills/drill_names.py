"""The drills, named once: every module that lists, checks or stores a drill imports
`DRILLS` from here (problem files, the generator, sessions, the history's ``drill`` column,
the CLI, the drill pages)."""
from __future__ import annotations

__all__ = ["DRILLS"]

#: nanikiru (何切る, which tile to discard), wait (待ち, the winning tiles of a tenpai hand),
#: call (鳴き, whether to call a discard), score (点数計算, the value of a winning hand) and
#: defence (守備, the safest tile or push / fold against a riichi).
DRILLS: tuple[str, ...] = ("nanikiru", "wait", "call", "score", "defence")
