"""Loading a problem-set file off the UI thread, with progress.

Validating a big set (up to `mjgui.drills.problems.MAX_PROBLEMS` problems, each
checked by the engine) takes seconds; on the UI thread it would freeze the
window.  `SetImporter.start(path)` runs `load_set` on a worker thread and emits
``progress(done, total)`` (at most about a hundred times) and then
``finished(path, result)`` where ``result`` is the `ProblemSet` or the
`ProblemSetError` explaining why the file was refused.
"""
from __future__ import annotations

import os

from PySide6.QtCore import QObject, QRunnable, Signal

from mjgui.drills.problems import ProblemSetError, load_set
from mjgui.ui.worker_relay import relay_pool

__all__ = ["SetImporter"]


class _Signals(QObject):
    progress = Signal(int, int)
    finished = Signal(object, object)


class _Job(QRunnable):
    def __init__(self, path: str, signals: _Signals):
        super().__init__()
        self.path, self.signals = path, signals

    def run(self) -> None:
        step = [0]

        def progress(done: int, total: int) -> None:
            if done == total or done >= step[0]:
                step[0] = done + max(total // 100, 1)
                self.signals.progress.emit(done, total)
        try:
            result: object = load_set(self.path, progress)
        except ProblemSetError as error:
            result = error
        except Exception as error:        # a worker must always answer: never a silent hang
            result = ProblemSetError(f"cannot read the file ({type(error).__name__}: {error})",
                                     path=self.path)
        self.signals.finished.emit(self.path, result)


class SetImporter(_Signals):
    """One import at a time on its own thread (see the module doc)."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._pool, self._signals = relay_pool(self, _Signals, {"progress": self.progress,
                                                                "finished": self._done})
        self.busy = False

    def start(self, path: str | os.PathLike) -> bool:
        """Start loading `path`; False when an import is already running."""
        if self.busy:
            return False
        self.busy = True
        self._pool.start(_Job(os.fspath(path), self._signals))
        return True

    def wait(self, ms: int = 30000) -> bool:
        return self._pool.waitForDone(ms)

    def _done(self, path: str, result: object) -> None:
        self.busy = False
        self.finished.emit(path, result)
