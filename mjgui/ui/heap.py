"""glibc's malloc set for a long-lived Qt window: large blocks always from mmap.

glibc serves a block of 128 KiB or more with mmap, but raises that threshold to the size
of every such block freed (up to 32 MiB).  Once the window had freed a few large
transient buffers (pictures, paint buffers), blocks of that size came from the heap
instead, and the gaps they left between long-lived small blocks were rarely returned:
the heap's free space grew from under 1 MB to 24 MB over 1,000 hand changes.  Fixing
the threshold (which also fixes glibc's trim threshold) keeps large blocks in their own
mappings, returned to the system when freed.
"""
from __future__ import annotations

import os
import sys

__all__ = ["MMAP_THRESHOLD", "fix_mmap_threshold"]

MMAP_THRESHOLD = 128 * 1024      # glibc's default, now fixed
_M_MMAP_THRESHOLD = -3           # mallopt's parameter number (malloc.h)


def fix_mmap_threshold(threshold: int = MMAP_THRESHOLD) -> bool:
    """Fix glibc's mmap threshold at `threshold` bytes; False (and nothing done) when
    this is not Linux with glibc."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        if not os.confstr("CS_GNU_LIBC_VERSION").startswith("glibc"):
            return False
    except (ValueError, OSError):        # not glibc (musl has no such name)
        return False
    import ctypes
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return mallopt(_M_MMAP_THRESHOLD, int(threshold)) == 1
