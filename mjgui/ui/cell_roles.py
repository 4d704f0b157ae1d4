"""The roles the analysis table's cells answer, and the numbers its model stores them
under ({role number: value} per cell, read back without Qt)."""
from __future__ import annotations

from PySide6.QtCore import Qt


TILES_ROLE = Qt.ItemDataRole.UserRole + 1     # list[TileCount] (or a single tile name)
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
WARN_ROLE = Qt.ItemDataRole.UserRole + 3      # bool: draw the cell in the warning color
WARN_TILES_ROLE = Qt.ItemDataRole.UserRole + 4  # frozenset of kinds whose every call leaves no yaku
STRIP_ROLE = Qt.ItemDataRole.UserRole + 5       # what a strip draws: ((name, copies left, ⚠), ...)

# the roles a cell answers; every other role is empty
_DISPLAY, _ALIGN, _BACKGROUND, _FOREGROUND = (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.ForegroundRole)


def role_number(role) -> int:
    return int(getattr(role, "value", role))


# the role numbers the cells are stored under
(DISPLAY_N, ALIGN_N, BACKGROUND_N, FOREGROUND_N, TILES_N, WARN_N, WARN_TILES_N,
 SORT_N, STRIP_N) = map(role_number, (_DISPLAY, _ALIGN, _BACKGROUND, _FOREGROUND, TILES_ROLE, WARN_ROLE,
                                 WARN_TILES_ROLE, SORT_ROLE, STRIP_ROLE))
