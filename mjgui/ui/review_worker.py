"""Reading and rating game logs off the UI thread, one request at a time.

Every request gets a number; a newer request (or Cancel) makes the older one stop at its next
record, round or decision (`mjgui.logs.record.Cancelled`: reading, replaying and rating all
ask), so opening another game or choosing another player never waits for the previous work,
and a stale answer never reaches the page (its number is old).

Signals (all delivered on the UI thread):
- ``loaded(token, source, record_or_error)`` for `load_file` / `load_text`;
- ``progress(token, done, total)`` while rating;
- ``reviewed(token, review_or_error)`` for `review`;
- ``folder_item(token, path, review_or_error)`` then ``folder_done(token, cancelled)`` for `review_folder`.
An error is the exception that explains it (a `LogError` names the file and the record).
"""
from __future__ import annotations

import os
from typing import Callable

from PySide6.QtCore import QObject, Signal

from mjgui.ui.worker_relay import CallJob, relay_pool

__all__ = ["GameReviewer", "LOG_SUFFIXES"]

#: files a folder import reads (the content decides the format; these are just the candidates)
LOG_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".gz", ".txt", ".log")
MAX_FOLDER_FILES = 5000


class _Signals(QObject):
    """What the reviewer says (the worker emits on one, the reviewer relays it)."""
    loaded = Signal(int, str, object)
    progress = Signal(int, int, int)
    reviewed = Signal(int, object)
    folder_item = Signal(int, str, object)
    folder_done = Signal(int, bool)


_NAMES = ("loaded", "progress", "reviewed", "folder_item", "folder_done")


def _failure(error: Exception) -> Exception:
    """What the page shows for an unexpected error: a worker must always answer."""
    from mjgui.logs.record import LogError     # the readers load with the first log, not the page
    if isinstance(error, (LogError, ValueError)):
        return error
    return LogError(f"cannot review this game ({type(error).__name__}: {error})")


class GameReviewer(_Signals):
    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._pool, self._signals = relay_pool(self, _Signals, {n: getattr(self, n) for n in _NAMES})
        self._latest = 0

    # a request's number; reading an int across threads is safe under the GIL
    def _next(self) -> int:
        self._latest += 1
        return self._latest

    def _stale(self, token: int) -> bool:
        return token != self._latest

    def cancel(self) -> None:
        """Stop whatever runs now (it answers nothing more)."""
        self._next()

    def wait(self, ms: int = 30000) -> bool:
        return self._pool.waitForDone(ms)

    # ---- requests --------------------------------------------------------------------
    def load_file(self, path: str | os.PathLike) -> int:
        from mjgui.logs.load import load
        return self._load(os.fspath(path), lambda cancelled: load(path, cancelled))

    def load_text(self, text: str, source: str = "pasted text") -> int:
        from mjgui.logs.load import loads
        return self._load(source, lambda cancelled: loads(text, source, cancelled))

    def _load(self, source: str, read: Callable[[Callable[[], bool]], object]) -> int:
        """Read on the worker; a newer request (or Cancel) stops the reading between records."""
        from mjgui.logs.record import Cancelled
        token = self._next()

        def work() -> None:
            if self._stale(token):
                return
            try:
                result = read(lambda: self._stale(token))
            except Cancelled:
                return
            except Exception as error:
                result = _failure(error)
            self._signals.loaded.emit(token, source, result)
        self._pool.start(CallJob(work))
        return token

    def review(self, record, player: int | str) -> int:
        """Rate `player`'s decisions in `record` (a GameRecord)."""
        from mjgui.logs.record import Cancelled
        from mjgui.logs.review import review_game
        token = self._next()

        def work() -> None:
            if self._stale(token):
                return
            try:
                result: object = review_game(record, player, progress=lambda d, t: self._signals.progress.emit(token, d, t),
                                             cancelled=lambda: self._stale(token))
            except Cancelled:
                return
            except Exception as error:
                result = _failure(error)
            self._signals.reviewed.emit(token, result)
        self._pool.start(CallJob(work))
        return token

    def review_folder(self, paths: list[str], player: str) -> int:
        """Load and rate every file for the player named `player`; files where nobody has
        that name, and unreadable ones, answer with the error."""
        from mjgui.logs.load import load
        from mjgui.logs.record import Cancelled, LogError
        from mjgui.logs.review import review_game
        token = self._next()

        def work() -> None:
            total = len(paths)
            for i, path in enumerate(paths):
                if self._stale(token):
                    self._signals.folder_done.emit(token, True)
                    return
                try:
                    record = load(path, lambda: self._stale(token))
                    if player not in record.players:
                        raise LogError(f"no player named {player!r} in this game", path)
                    result: object = review_game(record, player, cancelled=lambda: self._stale(token))
                except Cancelled:
                    self._signals.folder_done.emit(token, True)
                    return
                except Exception as error:
                    result = _failure(error)
                self._signals.folder_item.emit(token, path, result)
                self._signals.progress.emit(token, i + 1, total)
            self._signals.folder_done.emit(token, False)
        self._pool.start(CallJob(work))
        return token


def log_files(folder: str | os.PathLike) -> tuple[list[str], int]:
    """The candidate log files directly in `folder` (not its subfolders), sorted by name,
    at most MAX_FOLDER_FILES, and how many more candidates were left out (not looked at);
    hidden files and anything that is not a regular file are no candidates."""
    out = []
    with os.scandir(folder) as entries:
        for entry in entries:
            name = entry.name
            if name.startswith(".") or not name.lower().endswith(LOG_SUFFIXES):
                continue
            if entry.is_file(follow_symlinks=False):
                out.append(entry.path)
    out.sort()
    return out[:MAX_FOLDER_FILES], max(len(out) - MAX_FOLDER_FILES, 0)
