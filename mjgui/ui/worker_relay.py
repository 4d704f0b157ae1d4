"""One worker thread for a UI object's jobs, and the relay that brings the jobs' signals
back to the UI thread.

The jobs emit on a signals object made in the UI thread (its signals are then delivered
there, queued); each of its signals is connected to a slot of the owner, usually the
owner's own signal of the same name (the owner subclasses the signals class, so the
signals are declared once)."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool

__all__ = ["CallJob", "relay_pool"]


def relay_pool(owner: QObject, signals: type[QObject],
               routes: dict[str, Callable]) -> tuple[QThreadPool, QObject]:
    """A pool of one thread owned by `owner` (its jobs run one at a time, in order) and an
    instance of `signals` for the jobs to emit on; signal `name` reaches `routes[name]`."""
    pool = QThreadPool(owner)
    pool.setMaxThreadCount(1)
    relay = signals(owner)
    for name, slot in routes.items():
        getattr(relay, name).connect(slot)
    return pool, relay


class CallJob(QRunnable):
    """A job that runs one function."""

    def __init__(self, work: Callable[[], None]):
        super().__init__()
        self.work = work

    def run(self) -> None:
        self.work()
