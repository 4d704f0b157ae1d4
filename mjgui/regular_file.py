"""Reading a user's file only when it is a regular file, without ever blocking.

`open()` of a FIFO waits for a writer, and of a device may never return: the path is checked
with `os.stat` first, then opened non-blocking and checked again on the open descriptor (the
path may have been swapped in between), so a FIFO, a socket or a device is refused at once.
"""
from __future__ import annotations

import os
import stat

__all__ = ["NotRegularFile", "read_regular"]


class NotRegularFile(OSError):
    """The path names something other than a regular file (a folder, a FIFO, a device)."""

    def __init__(self) -> None:
        super().__init__("not a regular file")
        self.strerror = "not a regular file"


def read_regular(path: str | os.PathLike, limit: int) -> tuple[bytes, int]:
    """(up to limit + 1 bytes of the file, its size on disk); NotRegularFile for anything but a
    regular file, OSError for every other I/O problem.  Reading limit + 1 lets the caller tell
    a file that grew past the limit meanwhile."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotRegularFile()
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile()
        if info.st_size > limit:
            return b"", info.st_size
        return f.read(limit + 1), info.st_size
