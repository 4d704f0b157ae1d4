"""Writing a user's file atomically and safely.

The new content goes to a uniquely named temporary file created exclusively
(``tempfile.mkstemp``: O_CREAT | O_EXCL, so a file or symlink planted under a
predictable name is never opened) in the target's folder, is synced, and then
renamed over the target with ``os.replace``.  A reader sees the old file or the
new one, never half of one; a failure removes only the temporary file this
call created.  A symlink at the target itself is replaced, not followed.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

__all__ = ["write_atomic"]


def _new_file_mode() -> int:
    # mkstemp makes 0600 files; a user's export should get the usual umask mode
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Replace `path` with `data` atomically (OSError on failure, the old file intact)."""
    target = Path(path)
    try:
        old = os.lstat(target)
        mode = stat.S_IMODE(old.st_mode) if stat.S_ISREG(old.st_mode) else _new_file_mode()
    except FileNotFoundError:
        mode = _new_file_mode()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            if hasattr(os, "fchmod"):    # Windows has none before Python 3.13, nor Unix modes
                os.fchmod(f.fileno(), mode)
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
