"""The ``games`` table of the history file: one row per game reviewed for a player, the
summary the statistics page charts (agreement over time, the kinds of mistakes).

Only `mjgui.drills.history` calls these functions, inside its transactions.

Columns (schema version 4)
    ``game_id`` and ``seat`` (the key: the same game reviewed again for the same seat
    replaces its row), ``player`` (the name in the log), ``format`` (mjlog, tenhou6, mjai),
    ``title``, ``reviewed_at`` (ISO text in UTC), ``decisions`` and ``agreed`` (rated
    decisions, and those where the player chose the engine's best), ``loss_points``,
    ``loss_ukeire``, ``loss_calls`` (the total loss in each unit) and ``shape``, ``value``,
    ``calls`` (mistakes of each kind, see `mjgui.logs.review`).

A row that does not read back sanely (text in a number column, agreed > decisions, a bad
date, a negative loss) is skipped and counted, like the other tables' damaged rows.
"""
from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass
from datetime import datetime

from .attempt import check_text, parse_iso, utc_iso

__all__ = ["GAMES_COLUMNS", "GameSummary", "create", "upsert", "read"]

_INTS = ("seat", "decisions", "agreed", "shape", "value", "calls")
_LOSSES = ("loss_points", "loss_ukeire", "loss_calls")
_TEXTS = ("game_id", "player", "format", "title")
GAMES_COLUMNS = frozenset(_TEXTS + _INTS + _LOSSES + ("reviewed_at",))
_ORDER = ("game_id", "seat", "player", "format", "title", "reviewed_at", "decisions", "agreed",
          "loss_points", "loss_ukeire", "loss_calls", "shape", "value", "calls")
_MAX_TEXT = 200
#: counts of one game (decisions, mistakes): a game of 64 rounds has a few thousand at most
_MAX_COUNT = 1_000_000


@dataclass(frozen=True)
class GameSummary:
    game_id: str
    seat: int
    player: str
    format: str
    title: str
    reviewed_at: datetime
    decisions: int
    agreed: int
    loss_points: float = 0.0
    loss_ukeire: float = 0.0
    loss_calls: float = 0.0
    shape: int = 0
    value: int = 0
    calls: int = 0

    def __post_init__(self) -> None:
        for name in _TEXTS:
            value = getattr(self, name)
            if not isinstance(value, str):
                raise ValueError(f"{name} must be text, not {type(value).__name__}")
            check_text(value, name)
            if len(value) > _MAX_TEXT:
                object.__setattr__(self, name, value[:_MAX_TEXT])
        if not self.game_id:
            raise ValueError("game_id must not be empty")
        for name in _INTS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_COUNT:
                raise ValueError(f"{name} must be a whole number 0-{_MAX_COUNT:,}, not {value!r}")
        if self.seat > 3:
            raise ValueError(f"seat must be 0-3, not {self.seat}")
        if self.agreed > self.decisions:
            raise ValueError(f"agreed ({self.agreed}) exceeds decisions ({self.decisions})")
        for name in _LOSSES:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a finite number >= 0, not {value!r}")
            object.__setattr__(self, name, float(value))
        if not isinstance(self.reviewed_at, datetime) or self.reviewed_at.tzinfo is None:
            raise ValueError("reviewed_at must be a timezone-aware datetime")

    @property
    def agreement(self) -> float | None:
        return self.agreed / self.decisions if self.decisions else None


def create(conn: sqlite3.Connection) -> None:
    conn.execute(
        "CREATE TABLE games (game_id TEXT NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL, "
        "format TEXT NOT NULL, title TEXT NOT NULL, reviewed_at TEXT NOT NULL, "
        "decisions INTEGER NOT NULL, agreed INTEGER NOT NULL, loss_points REAL NOT NULL, "
        "loss_ukeire REAL NOT NULL, loss_calls REAL NOT NULL, shape INTEGER NOT NULL, "
        "value INTEGER NOT NULL, calls INTEGER NOT NULL, PRIMARY KEY (game_id, seat))")
    conn.execute("CREATE INDEX games_by_time ON games (reviewed_at)")


def upsert(conn: sqlite3.Connection, game: GameSummary) -> None:
    values = [getattr(game, name) for name in _ORDER]
    values[_ORDER.index("reviewed_at")] = utc_iso(game.reviewed_at)
    conn.execute(f"INSERT OR REPLACE INTO games ({', '.join(_ORDER)}) "
                 f"VALUES ({', '.join('?' * len(_ORDER))})", values)


def read(conn: sqlite3.Connection) -> tuple[list[GameSummary], int]:
    """Every reviewed game, oldest review first, and the number of damaged rows left out."""
    games, damaged = [], 0
    for row in conn.execute(f"SELECT {', '.join(_ORDER)} FROM games ORDER BY reviewed_at, game_id, seat"):
        fields = dict(zip(_ORDER, row))
        try:
            fields["reviewed_at"] = parse_iso(fields["reviewed_at"])
            games.append(GameSummary(**fields))
        except (ValueError, TypeError):
            damaged += 1
    return games, damaged
