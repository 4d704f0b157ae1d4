"""Drill history: every answered drill problem, stored in SQLite, and statistics.

One history file (the UI passes a path in Qt's ``AppDataLocation``) holds
the ``attempts`` table (one row per answer, `mjgui.drills.attempt`) and the
``review`` table of the FSRS review queue (`mjgui.drills.review_table`; the
queue's view is `mjgui.drills.review`).  This store runs every query: the other
modules get rows and records through its methods.

Durability
    The database runs in WAL mode with ``synchronous=FULL``.  Every write is
    one transaction (``with conn:`` around an explicit ``BEGIN IMMEDIATE``)
    that is committed before :meth:`HistoryStore.record` returns, so a
    process killed mid-drill loses nothing already answered.

Schema versions
    ``PRAGMA application_id`` marks the file as ours and ``PRAGMA
    user_version`` is its schema version.  :data:`MIGRATIONS` maps a version
    to the function that upgrades the previous version to it; opening an
    older history backs it up to ``<name>.bak-v<old>`` and runs the missing
    steps, each in its own transaction.

Damaged or foreign files
    A file that is not SQLite (random bytes, text, an empty file, a
    truncated database), a SQLite database of another application, or a
    history written by a newer mjgui is never deleted and never crashes the
    app: it is renamed to ``<name>.corrupt-YYYYmmdd-HHMMSS`` next to it
    (local time; ``-wal``/``-shm``/``-journal`` companions are renamed
    along), a fresh history is created at the path, and
    :attr:`HistoryStore.recovered` / :attr:`HistoryStore.recovered_ja` hold
    a message for the user naming the moved file.  Problems the user can't
    fix from the app (permission denied, read-only directory, disk full,
    database locked) raise :class:`HistoryError` with a message in English
    (``str(err)``) and Japanese (``err.message_ja``); the UI shows it and
    continues without history.

Statistics over the attempts are in `mjgui.drills.stats`.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import stat
import tempfile
import time
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from . import games_table, review_table
from .attempt import ATTEMPT_COLUMNS, ROW_ERRORS, Attempt, as_utc, attempt_from_row, utc_iso
from .drill_names import DRILLS
from .review_table import ReviewItem

__all__ = [
    "SCHEMA_VERSION", "APPLICATION_ID", "MIGRATIONS",
    "HistoryError", "Attempt", "ReviewItem", "HistoryStore",
]

#: ``PRAGMA application_id`` of an mjgui history ("MJGH").
APPLICATION_ID = 0x4D4A4748
#: Current schema version (``PRAGMA user_version``).
SCHEMA_VERSION = 5

_BUSY_TIMEOUT = 5.0
_SQLITE_HEADER = b"SQLite format 3\x00"
# Base result codes (sqlite3.h) that mean "this file is not a usable database".
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_SIDECARS = ("-wal", "-shm", "-journal")
# quick_check findings about single rows, not the file's structure: such rows are
# skipped when read (see HistoryStore.read_attempts), the file is kept
_ROW_LEVEL = ("CHECK constraint failed in ", "NULL value in ", "NaN value in ")


class HistoryError(Exception):
    """The history can't be used (permissions, I/O, locked, closed).

    ``str(err)`` is an English message for the user, ``err.message_ja`` the
    Japanese one.
    """

    def __init__(self, message: str, message_ja: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.message_ja = message_ja if message_ja is not None else message


class _ReadOnlyLocation(HistoryError):
    """Internal: the history can't be written here (a read-only disk, no permission)."""


class _Unusable(Exception):
    """Internal: the file exists but is not a usable history (move it aside)."""

    def __init__(self, reason: str, reason_ja: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.reason_ja = reason_ja


_NOT_SQLITE = ("it is not a database file", "データベースファイルではありません")
_EMPTY = ("the file is empty", "ファイルが空です")
_DAMAGED = ("the database is damaged", "データベースが破損しています")
_FOREIGN = ("it belongs to another application", "他のアプリケーションのファイルです")
_NEWER = ("it was written by a newer version of mjgui",
          "より新しいバージョンの mjgui で作成されたファイルです")
_NOT_UPGRADABLE = ("it could not be upgraded to this version of mjgui",
                   "このバージョンの mjgui 用に更新できませんでした")
_BAD_SCHEMA = ("its tables are not those of an mjgui history",
               "mjgui の履歴のテーブル構成ではありません")


# --------------------------------------------------------------------------
# Schema and migrations
# --------------------------------------------------------------------------

def _create_attempts(conn: sqlite3.Connection, drills: tuple[str, ...]) -> None:
    """The attempts table as of the schema that allows `drills` (its CHECK), without indexes."""
    allowed = ", ".join(f"'{d}'" for d in drills)
    conn.execute(f"""
        CREATE TABLE attempts (
            id          INTEGER PRIMARY KEY,
            problem_id  TEXT    NOT NULL,
            drill       TEXT    NOT NULL CHECK (drill IN ({allowed})),
            theme       TEXT    NOT NULL DEFAULT '',
            shanten     INTEGER,
            problem     TEXT    NOT NULL,            -- the problem dict, JSON
            pick        TEXT    NOT NULL,
            correct     INTEGER NOT NULL CHECK (correct IN (0, 1)),
            score       REAL    NOT NULL CHECK (score >= 0 AND score <= 1),
            seconds     REAL    NOT NULL CHECK (seconds >= 0),
            answered_at TEXT    NOT NULL,            -- ISO 8601, UTC, microseconds
            set_name    TEXT
        )""")


def _index_attempts(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE INDEX attempts_by_time ON attempts (answered_at, id)")
    conn.execute("CREATE INDEX attempts_by_drill ON attempts (drill, answered_at)")
    conn.execute("CREATE INDEX attempts_by_problem ON attempts (problem_id, answered_at)")


def _migrate_to_1(conn: sqlite3.Connection) -> None:
    _create_attempts(conn, ("nanikiru", "wait", "call"))
    _index_attempts(conn)
    # Leitner boxes, one row per problem ever missed (replaced by FSRS cards in version 3)
    conn.execute("""
        CREATE TABLE review (
            problem_id       TEXT    PRIMARY KEY,
            drill            TEXT    NOT NULL,
            problem          TEXT    NOT NULL,       -- JSON, latest version seen
            box              INTEGER NOT NULL CHECK (box >= 1),
            due_at           TEXT,                   -- ISO UTC; NULL once retired
            lapses           INTEGER NOT NULL DEFAULT 0,
            reviews          INTEGER NOT NULL DEFAULT 0,
            last_answered_at TEXT    NOT NULL,
            last_attempt_id  INTEGER
        )""")
    conn.execute("CREATE INDEX review_by_due ON review (box, due_at)")


# the attempts columns of versions 1 and 2 (what migration 2 copies)
_V1_ATTEMPT_COLUMNS = ("id, problem_id, drill, theme, shanten, problem, pick, correct, score, seconds, "
                    "answered_at, set_name")


def _migrate_to_2(conn: sqlite3.Connection) -> None:
    """Version 2 adds the score drill: SQLite cannot change a CHECK constraint in
    place, so the attempts table is rebuilt with the same rows and ids."""
    conn.execute("ALTER TABLE attempts RENAME TO attempts_v1")
    for index in ("attempts_by_time", "attempts_by_drill", "attempts_by_problem"):
        conn.execute(f"DROP INDEX IF EXISTS {index}")
    _create_attempts(conn, ("nanikiru", "wait", "call", "score"))
    # a damaged row is copied as it is (it is skipped when read, as before): never lost here
    conn.execute("PRAGMA ignore_check_constraints = ON")
    try:
        conn.execute(f"INSERT INTO attempts ({_V1_ATTEMPT_COLUMNS}) "
                     f"SELECT {_V1_ATTEMPT_COLUMNS} FROM attempts_v1")
    finally:
        conn.execute("PRAGMA ignore_check_constraints = OFF")
    conn.execute("DROP TABLE attempts_v1")
    _index_attempts(conn)


def _migrate_to_3(conn: sqlite3.Connection) -> None:
    """Version 3 schedules the review queue with FSRS: the Leitner box table is replaced
    by one of FSRS cards, each rebuilt by replaying its problem's answers in order
    (see `review_table.from_leitner`); the answers themselves are untouched."""
    conn.execute("ALTER TABLE review RENAME TO review_v2")
    conn.execute("DROP INDEX IF EXISTS review_by_due")
    review_table.create(conn)
    review_table.from_leitner(conn, "review_v2", datetime.now(timezone.utc))
    conn.execute("DROP TABLE review_v2")


def _migrate_to_4(conn: sqlite3.Connection) -> None:
    """Version 4 keeps the summaries of reviewed games (`games_table`)."""
    games_table.create(conn)


def _migrate_to_5(conn: sqlite3.Connection) -> None:
    """Version 5 adds the defence drill: the attempts table is rebuilt with the wider CHECK,
    the same rows and ids (as version 2 did for the score drill)."""
    conn.execute("ALTER TABLE attempts RENAME TO attempts_v4")
    for index in ("attempts_by_time", "attempts_by_drill", "attempts_by_problem"):
        conn.execute(f"DROP INDEX IF EXISTS {index}")
    _create_attempts(conn, ("nanikiru", "wait", "call", "score", "defence"))
    conn.execute("PRAGMA ignore_check_constraints = ON")
    try:
        conn.execute(f"INSERT INTO attempts ({_V1_ATTEMPT_COLUMNS}) "
                     f"SELECT {_V1_ATTEMPT_COLUMNS} FROM attempts_v4")
    finally:
        conn.execute("PRAGMA ignore_check_constraints = OFF")
    conn.execute("DROP TABLE attempts_v4")
    _index_attempts(conn)


#: ``MIGRATIONS[v]`` upgrades a version ``v - 1`` database to version ``v``.
#: It runs inside a transaction; the caller sets ``user_version``.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _migrate_to_1, 2: _migrate_to_2, 3: _migrate_to_3, 4: _migrate_to_4, 5: _migrate_to_5}
#: Versions a read-only history may be shown from without its upgrade: their tables read the
#: same (version 4 only lacks the defence drill in the attempts' CHECK, which reading never meets)
_READABLE_AS_IS = (4,)

_ATTEMPTS_COLUMNS = frozenset({"id", "problem_id", "drill", "theme", "shanten", "problem",
                               "pick", "correct", "score", "seconds", "answered_at", "set_name"})
# Tables and columns a history must have (a superset is fine) ...
_REQUIRED_COLUMNS: dict[str, frozenset[str]] = {
    "attempts": _ATTEMPTS_COLUMNS,
    "review": review_table.REVIEW_COLUMNS,
    "games": games_table.GAMES_COLUMNS,
}
# ... and an older one before it is upgraded (versions 1 and 2: the Leitner queue)
#: each table's primary key, in order: without it the same game or card would be stored twice
_PRIMARY_KEYS: dict[str, tuple[str, ...]] = {
    "attempts": ("id",), "review": ("problem_id",), "games": ("game_id", "seat"),
}
_REQUIRED_BEFORE_3: dict[str, frozenset[str]] = {
    "attempts": _ATTEMPTS_COLUMNS,
    "review": frozenset({"problem_id", "drill", "problem", "box", "due_at", "lapses",
                         "reviews", "last_answered_at", "last_attempt_id"}),
}


def _run_migrations(conn: sqlite3.Connection, current: int) -> None:
    for version in range(current + 1, SCHEMA_VERSION + 1):
        step = MIGRATIONS[version]
        with conn:
            conn.execute("BEGIN IMMEDIATE")
            step(conn)
            conn.execute(f"PRAGMA user_version = {int(version)}")


# --------------------------------------------------------------------------
# Opening, validating, recovering
# --------------------------------------------------------------------------

def _errcode(e: sqlite3.Error) -> int | None:
    code = getattr(e, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _is_corruption(e: sqlite3.Error) -> bool:
    code = _errcode(e)
    if code is not None:
        return code in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    msg = str(e).lower()
    return "malformed" in msg or "not a database" in msg


def _io_error(path: Path, e: BaseException) -> HistoryError:
    if isinstance(e, PermissionError) or (
            isinstance(e, sqlite3.Error) and _errcode(e) in (3, 8, 14, 23)):
        # EPERM/EACCES, SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH
        return _ReadOnlyLocation(
            f"Cannot open the drill history at {path}: permission denied or read-only "
            f"location ({e}). Drills still work, but answers will not be saved.",
            f"練習履歴 {path} を開けません。アクセス権がないか読み取り専用の場所です（{e}）。"
            "練習はできますが、解答は保存されません。")
    if isinstance(e, sqlite3.Error) and _errcode(e) == 5:  # SQLITE_BUSY
        return HistoryError(
            f"The drill history at {path} is locked by another program ({e}). "
            "Answers will not be saved.",
            f"練習履歴 {path} は他のプログラムがロックしています（{e}）。解答は保存されません。")
    if isinstance(e, sqlite3.Error) and _errcode(e) == 13:  # SQLITE_FULL
        return HistoryError(
            f"The disk holding the drill history at {path} is full ({e}). "
            "Answers will not be saved.",
            f"練習履歴 {path} のディスクがいっぱいです（{e}）。解答は保存されません。")
    return HistoryError(
        f"Cannot use the drill history at {path} ({e}). Answers will not be saved.",
        f"練習履歴 {path} を使用できません（{e}）。解答は保存されません。")


def _decode_text(raw: bytes) -> str:
    # A stray byte in a row must make that row unreadable, not the whole query:
    # invalid UTF-8 becomes lone surrogates, which the row check rejects.
    return raw.decode("utf-8", "surrogateescape")


def _connect(path: Path, read_only: bool = False) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; every write is an
    # explicit BEGIN IMMEDIATE inside ``with conn:`` (commit / rollback).
    if read_only:
        # a WAL-mode file opened read-only needs its -shm, which a read-only disk cannot get
        # (and mode=ro would create it, and a -wal, anywhere else): without one, immutable=1
        # reads the file as it stands and writes nothing beside it
        shm = path.with_name(path.name + "-shm")
        query = "?mode=ro" if shm.exists() else "?mode=ro&immutable=1"
        conn = sqlite3.connect(path.absolute().as_uri() + query, uri=True,
                               timeout=_BUSY_TIMEOUT, isolation_level=None)
    else:
        conn = sqlite3.connect(str(path), timeout=_BUSY_TIMEOUT, isolation_level=None)
    conn.text_factory = _decode_text
    return conn


def _pragma(conn: sqlite3.Connection, name: str) -> Any:
    row = conn.execute(f"PRAGMA {name}").fetchone()
    return None if row is None else row[0]


def _check_tables(conn: sqlite3.Connection, version: int) -> None:
    required = _REQUIRED_COLUMNS if version >= 3 else _REQUIRED_BEFORE_3
    if version == 3:                   # the games table comes with version 4
        required = {t: c for t, c in required.items() if t != "games"}
    for table, needed in required.items():
        info = conn.execute(f"PRAGMA table_info({table})").fetchall()
        cols = {r[1] for r in info}
        key = tuple(r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5]))
        if not needed <= cols or key != _PRIMARY_KEYS[table]:
            raise _Unusable(*_BAD_SCHEMA)


def _configure(conn: sqlite3.Connection) -> None:
    mode = _pragma(conn, "journal_mode = WAL")
    if str(mode).lower() != "wal":  # e.g. a file system without shared memory
        conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")


def _open_existing(path: Path, read_only: bool = False) -> sqlite3.Connection:
    """Open and validate an existing history; raise _Unusable or HistoryError.
    `read_only`: open it without writing anything (no upgrade, no journal change)."""
    try:
        with open(path, "rb") as f:
            header = f.read(len(_SQLITE_HEADER))
    except OSError as e:
        raise _io_error(path, e) from e
    if not header:
        raise _Unusable(*_EMPTY)
    if header != _SQLITE_HEADER:
        raise _Unusable(*_NOT_SQLITE)
    try:
        conn = _connect(path, read_only)
    except sqlite3.Error as e:
        if _is_corruption(e):
            raise _Unusable(*_DAMAGED) from e
        raise _io_error(path, e) from e
    try:
        app_id = _pragma(conn, "application_id")
        version = _pragma(conn, "user_version")
        if app_id != APPLICATION_ID:
            raise _Unusable(*_FOREIGN)
        if version > SCHEMA_VERSION:
            raise _Unusable(*_NEWER)
        if version < 1:
            raise _Unusable(*_BAD_SCHEMA)
        check = conn.execute("PRAGMA quick_check").fetchall()
        if [tuple(r) for r in check] != [("ok",)] and not all(
                str(r[0]).startswith(_ROW_LEVEL) for r in check):
            raise _Unusable(*_DAMAGED)
        if read_only:
            if version != SCHEMA_VERSION and version not in _READABLE_AS_IS:
                raise HistoryError(
                    f"The drill history at {path} needs an upgrade, which a read-only "
                    "location does not allow. Answers will not be saved.",
                    f"練習履歴 {path} は更新が必要ですが、読み取り専用の場所にあります。"
                    "解答は保存されません。")
            _check_tables(conn, version)
            return conn
        if version == SCHEMA_VERSION:
            _check_tables(conn, version)   # before _configure: a bad file stays untouched
            _configure(conn)
        else:
            _check_tables(conn, version)   # a file without our tables is not upgraded but moved aside
            _configure(conn)
            _backup(conn, path, version)
            try:
                _run_migrations(conn, version)
            except sqlite3.Error as e:
                if _errcode(e) == 1:   # SQLITE_ERROR: e.g. a table the step needs is gone
                    raise _Unusable(*_NOT_UPGRADABLE) from e
                raise
            _check_tables(conn, SCHEMA_VERSION)
        _probe_writable(conn)
        return conn
    except _Unusable:
        conn.close()
        raise
    except sqlite3.Error as e:
        conn.close()
        if _is_corruption(e):
            raise _Unusable(*_DAMAGED) from e
        raise _io_error(path, e) from e
    except BaseException:
        conn.close()
        raise


def _probe_writable(conn: sqlite3.Connection) -> None:
    """Fail now (SQLITE_READONLY) rather than at the first answer: SQLite
    silently opens a read-only file read-only.  The write is rolled back."""
    version = int(_pragma(conn, "user_version"))
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"PRAGMA user_version = {version}")
    finally:
        conn.execute("ROLLBACK")


def _backup(conn: sqlite3.Connection, path: Path, version: int) -> None:
    """Copy a history about to be migrated to ``<name>.bak-v<version>``."""
    dest_path = path.with_name(f"{path.name}.bak-v{version}")
    if dest_path.exists():
        return
    dest = sqlite3.connect(str(dest_path))
    try:
        conn.backup(dest)
    finally:
        dest.close()


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _create_fresh(path: Path) -> None:
    """Create a complete, empty history at ``path`` atomically.

    The schema is built in a temporary file next to ``path`` that is renamed
    into place, so a crash never leaves a half-initialised history behind.
    """
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        conn = _connect(tmp)
        try:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            _run_migrations(conn, 0)
        finally:
            conn.close()
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except BaseException:
        for p in (tmp, *(Path(str(tmp) + s) for s in _SIDECARS)):
            try:
                p.unlink()
            except OSError:
                pass
        raise


_STALE_AFTER = 600.0          # seconds: a creation still running is never this old


def _clean_stale_temporaries(path: Path) -> None:
    """Remove what a creation killed half-way left behind (see `_create_fresh`):
    ``.<name>.XXXXXXXX.tmp`` files (mkstemp's 8 random characters) and their SQLite
    companions, only when old enough that no other instance is still writing them, a
    regular file (never a symlink), and empty or SQLite (never someone else's file)."""
    pattern = re.compile(re.escape(f".{path.name}.") + r"[a-z0-9_]{8}\.tmp(-wal|-shm|-journal)?")
    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    now = time.time()
    for name in names:
        match = pattern.fullmatch(name)
        if not match:
            continue
        candidate = path.parent / name
        try:
            info = os.lstat(candidate)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < _STALE_AFTER:
                continue
            if not match.group(1) and info.st_size:
                with open(candidate, "rb") as f:
                    if f.read(len(_SQLITE_HEADER)) != _SQLITE_HEADER:
                        continue
            candidate.unlink()
        except OSError:
            continue


def _move_aside(path: Path) -> Path:
    """Rename ``path`` (and its SQLite companions) to ``<name>.corrupt-<stamp>``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = path.with_name(f"{path.name}.corrupt-{stamp}")
    target, n = base, 1
    while target.exists() or any(Path(str(target) + s).exists() for s in _SIDECARS):
        target = base.with_name(f"{base.name}-{n}")
        n += 1
    os.rename(path, target)
    for s in _SIDECARS:
        side = Path(str(path) + s)
        if side.exists():
            try:
                os.rename(side, str(target) + s)
            except OSError:
                pass
    _fsync_dir(path.parent)
    return target


# --------------------------------------------------------------------------
# The store
# --------------------------------------------------------------------------

class HistoryStore:
    """The drill history in one SQLite file.  Use :meth:`open`.

    ``recovered`` / ``recovered_ja`` are ``None`` unless the file at the
    path was unusable and moved aside (``moved_to``) when opening.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, *,
                 recovered: str | None = None, recovered_ja: str | None = None,
                 moved_to: Path | None = None, read_only: bool = False) -> None:
        self._conn: sqlite3.Connection | None = conn
        # the review table as last read, and the (connection, file) state it was read at:
        # counting the queue after every answer then re-reads one row, not thousands
        self._review_rows: review_table.Rows | None = None
        self._review_key: tuple[int, int] | None = None
        self.path = path
        self.recovered = recovered
        self.recovered_ja = recovered_ja
        self.moved_to = moved_to
        #: Opened read-only (a read-only disk): shown, but `record` raises HistoryError.
        self.read_only = read_only
        self.notice: str | None = None
        self.notice_ja: str | None = None
        if read_only:
            self.notice = (f"The drill history at {path} is on a read-only disk or folder: "
                           "it is shown, but saving is off.")
            self.notice_ja = f"練習履歴 {path} は読み取り専用の場所にあります。表示はできますが、保存はオフです。"

    # -- lifecycle ---------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str) -> "HistoryStore":
        """Open (creating if needed) the history at ``path``.

        Never raises for a damaged or foreign file (it is moved aside, see
        the module doc); raises :class:`HistoryError` when the location
        can't be used.
        """
        path = Path(path).expanduser()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise _io_error(path, e) from e
        if path.exists() and not path.is_file():
            raise HistoryError(
                f"Cannot use the drill history at {path}: it is not a regular file. "
                "Answers will not be saved.",
                f"練習履歴 {path} は通常のファイルではないため使用できません。解答は保存されません。")

        _clean_stale_temporaries(path)
        recovered = recovered_ja = None
        moved_to: Path | None = None
        conn: sqlite3.Connection | None = None
        if path.exists():
            try:
                conn = _open_existing(path)
            except _ReadOnlyLocation as error:
                try:                      # still worth showing: open it read-only
                    conn = _open_existing(path, read_only=True)
                except (HistoryError, _Unusable):
                    raise error from None
                return cls(conn, path, read_only=True)
            except _Unusable as bad:
                try:
                    moved_to = _move_aside(path)
                except OSError as e:
                    raise HistoryError(
                        f"The drill history at {path} could not be read ({bad.reason}) "
                        f"and could not be moved aside ({e}). Answers will not be saved.",
                        f"練習履歴 {path} を読み込めず（{bad.reason_ja}）、"
                        f"退避もできませんでした（{e}）。解答は保存されません。") from e
                recovered = (
                    f"The drill history {path} could not be read ({bad.reason}). "
                    f"It was moved aside to {moved_to} and a new, empty history was started.")
                recovered_ja = (
                    f"練習履歴 {path} を読み込めませんでした（{bad.reason_ja}）。"
                    f"元のファイルは {moved_to} に退避し、新しい空の履歴を作成しました。")
        if conn is None:
            try:
                _create_fresh(path)
                conn = _open_existing(path)
            except (OSError, sqlite3.Error) as e:
                raise _io_error(path, e) from e
            except _Unusable as bad:  # pragma: no cover - a file we just created
                raise HistoryError(
                    f"Cannot create the drill history at {path} ({bad.reason}).",
                    f"練習履歴 {path} を作成できません（{bad.reason_ja}）。") from None
        return cls(conn, path, recovered=recovered, recovered_ja=recovered_ja,
                   moved_to=moved_to)

    def close(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None

    @property
    def closed(self) -> bool:
        return self._conn is None

    def __enter__(self) -> "HistoryStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - best effort
        try:
            self.close()
        except Exception:
            pass

    # -- transactions --------------------------------------------------------

    @property
    def connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise HistoryError("The drill history is closed.", "練習履歴は閉じられています。")
        return self._conn

    def _write(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``fn(conn)`` in one committed write transaction."""
        conn = self.connection
        try:
            with conn:
                conn.execute("BEGIN IMMEDIATE")
                return fn(conn)
        except sqlite3.Error as e:
            raise _io_error(self.path, e) from e

    def _read(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run the query ``fn(conn)``; HistoryError when the file can't be read."""
        try:
            return fn(self.connection)
        except sqlite3.Error as e:
            # a read failing says nothing about saving: don't claim it is off
            raise HistoryError(f"Cannot read the drill history at {self.path} ({e}).",
                               f"練習履歴 {self.path} を読み込めません（{e}）。") from e

    def _check_writable(self) -> None:
        if self.read_only:
            raise HistoryError(self.notice or "", self.notice_ja)

    # -- API -----------------------------------------------------------------

    def record(self, attempt: Attempt) -> int:
        """Store ``attempt`` and update the review queue; return the row id.

        The insert and the review-queue update are one transaction, committed
        (and, with ``synchronous=FULL``, synced) before this returns.
        """
        if not isinstance(attempt, Attempt):
            raise TypeError("record() takes an Attempt")
        self._check_writable()
        problem_json = json.dumps(attempt.problem, ensure_ascii=False,
                                  separators=(",", ":"))

        def write(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO attempts (problem_id, drill, theme, shanten, problem, pick, "
                "correct, score, seconds, answered_at, set_name) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (attempt.problem_id, attempt.drill, attempt.topic, attempt.shanten,
                 problem_json, attempt.pick, int(attempt.correct), attempt.score,
                 attempt.seconds, utc_iso(attempt.answered_at), attempt.set_name))
            rowid = int(cur.lastrowid)
            review_table.apply_attempt(conn, attempt, rowid)
            return rowid

        cached = self._review_rows is not None and self._read(self._state) == self._review_key
        try:
            rowid = self._write(write)
        except ValueError as e:       # e.g. a clock so far ahead that no due time follows
            raise HistoryError(f"The answer was not saved: {e}. Check the computer's clock.",
                               f"解答を保存できませんでした（{e}）。パソコンの時計を直してください。") from None
        if cached:
            self._patch_review_rows(attempt.problem_id)
        return rowid

    def attempts(self, drill: str | None = None,
                 since: datetime | date | None = None) -> list[Attempt]:
        """Attempts in answer order (oldest first), optionally of one drill
        kind and/or answered at or after ``since`` (an aware datetime, or a
        date meaning its midnight UTC).  Damaged rows are left out (see
        `read_attempts`)."""
        return self.read_attempts(drill, since)[0]

    def read_attempts(self, drill: str | None = None,
                      since: datetime | date | None = None) -> tuple[list[Attempt], int]:
        """`attempts()` and the number of damaged rows skipped (rows that cannot be
        read back as an Attempt: a stray byte, a bad date, text in a number ...)."""
        where, params = [], []
        if drill is not None:
            _check_drill(drill)
            where.append("drill = ?")
            params.append(drill)
        if since is not None:
            where.append("answered_at >= ?")
            params.append(utc_iso(as_utc(since, "since")))
        sql = f"SELECT {ATTEMPT_COLUMNS} FROM attempts"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY answered_at, id"
        out: list[Attempt] = []
        skipped = 0
        for row in self._read(lambda conn: conn.execute(sql, params).fetchall()):
            try:
                out.append(attempt_from_row(row))
            except ROW_ERRORS:
                skipped += 1
        return out, skipped

    def count(self, drill: str | None = None) -> int:
        if drill is None:
            return self._read(lambda conn: conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0])
        return self._read(lambda conn: conn.execute(
            "SELECT COUNT(*) FROM attempts WHERE drill = ?", (drill,)).fetchone()[0])

    # -- the review queue (its view: mjgui.drills.review.ReviewQueue) -----------

    def review_items(self, drill: str | None = None) -> tuple[list[ReviewItem], int]:
        """Every problem in the review queue (of one drill kind when given), soonest due
        first, and the number of damaged rows left out."""
        if drill is not None:
            _check_drill(drill)
        return review_table.select(self._read(self._review_table), drill)

    def review_item(self, problem_id: str) -> ReviewItem | None:
        """One problem's queue entry (None: not in the queue, or its row is damaged)."""
        rows = self._read(lambda conn: review_table.read_rows(conn, problem_id))
        items = review_table.select(rows)[0]
        return items[0] if items else None

    @staticmethod
    def _state(conn: sqlite3.Connection) -> tuple[int, int]:
        """Changes made through this connection, and a number that changes whenever another
        connection commits: equal values mean the file is as it was."""
        return conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0]

    def _review_table(self, conn: sqlite3.Connection) -> review_table.Rows:
        state = self._state(conn)
        if self._review_rows is None or self._review_key != state:
            self._review_rows = review_table.read_rows(conn)
            self._review_key = state
        return self._review_rows

    def _patch_review_rows(self, problem_id: str) -> None:
        """After `record` wrote (at most) one problem's row: re-read that row only, unless
        another program wrote too (then the next read reloads everything)."""
        rows, key = self._review_rows, self._review_key
        self._review_rows = self._review_key = None
        state = self._read(self._state)
        if rows is None or key is None or state[1] != key[1]:
            return
        rows.update(self._read(lambda conn: review_table.read_rows(conn, problem_id)))
        self._review_rows, self._review_key = rows, state

    def add_to_review(self, problems: Iterable[Mapping[str, Any]], at: datetime,
                      source: str) -> int:
        """Add problem dicts (each with a non-empty text ``"id"`` and a ``"kind"``) to the
        review queue as new cards due at ``at``, in one transaction; a problem already in
        the queue is left as it is.  Returns how many were added.  ValueError (nothing
        written) for a dict without a usable id or kind."""
        self._check_writable()
        source = review_table.check_source(source)
        at = as_utc(at, "at")
        checked = []
        for i, problem in enumerate(problems):
            if not isinstance(problem, Mapping):
                raise TypeError(f"problem {i + 1} is not a dict")
            pid, kind = problem.get("id"), problem.get("kind")
            if not isinstance(pid, str) or not pid:
                raise ValueError(f"problem {i + 1} has no id")
            if kind not in DRILLS:
                raise ValueError(f"problem {pid!r}: kind must be one of {', '.join(DRILLS)}, "
                                 f"not {kind!r}")
            try:
                json.dumps(dict(problem), allow_nan=False, ensure_ascii=False).encode("utf-8")
            except (TypeError, ValueError, RecursionError) as e:
                raise ValueError(f"problem {pid!r} is not storable JSON ({e})") from None
            checked.append((pid, kind, problem))
        return int(self._write(lambda conn: review_table.add_problems(conn, checked, at, source)))

    def record_game(self, game: games_table.GameSummary) -> None:
        """Keep the summary of a reviewed game (a game reviewed again replaces its row)."""
        if not isinstance(game, games_table.GameSummary):
            raise TypeError("record_game() takes a GameSummary")
        self._check_writable()
        self._write(lambda conn: games_table.upsert(conn, game))

    def games(self) -> tuple[list[games_table.GameSummary], int]:
        """Every reviewed game, oldest review first, and the number of damaged rows left out."""
        return self._read(games_table.read)

    def remove_from_review(self, problem_id: str) -> bool:
        """Drop a problem from the queue; returns whether it was there."""
        self._check_writable()
        return bool(self._write(lambda conn: review_table.remove(conn, problem_id)))

    def rebuild_review(self) -> int:
        """Recompute the queue by replaying every answer in order; returns its size."""
        self._check_writable()
        return self._write(review_table.rebuild)

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"<HistoryStore {self.path} ({state})>"


def _check_drill(drill: str) -> None:
    if drill not in DRILLS:
        raise ValueError(f"drill must be one of {DRILLS}, not {drill!r}")
