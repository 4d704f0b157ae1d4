"""Which of a table's columns show, and how wide, when the table is narrower than its
columns' natural widths.

Each column the user left shown has a *need* (the width it must have to be read: its
title, its text, for a tile strip the strip of the best rows) and a *natural* width (its
widest cell: a strip column's longest strip, the verdict's longest line).  When the needs
do not fit, columns give way (are hidden) in the table's `give_way` order until they do;
the columns not in that order never give way.  What is left over goes to the `grow`
columns in their order, each up to its natural width, and the rest to the `stretch`
column (the verdict) when it shows.  A column narrower than its natural width draws "…"
where it is cut (its tooltip tells the whole cell).  Only when nothing is left to give
way are the widest columns capped below their needs (`column_cap`).

Pure arithmetic (no Qt): the table measures, this decides.
"""
from __future__ import annotations

from typing import Mapping, Sequence

__all__ = ["MIN_COLUMN_CAP", "arrange", "column_cap"]

MIN_COLUMN_CAP = 64      # a capped column still shows two tiles and "…"


def column_cap(naturals: list[int], width: int, floor: int = MIN_COLUMN_CAP) -> int | None:
    """The largest width cap under which the columns (natural widths `naturals`) fit in
    `width` pixels; None when they fit as they are (never below `floor`)."""
    if sum(naturals) <= width:
        return None
    low, high = floor, max(naturals)
    while low < high:
        mid = (low + high + 1) // 2
        if sum(min(n, mid) for n in naturals) <= width:
            low = mid
        else:
            high = mid - 1
    return low


def arrange(needs: Mapping[int, int], naturals: Mapping[int, int], width: int,
            give_way: Sequence[int], grow: Sequence[int] = (),
            stretch: int | None = None) -> tuple[frozenset[int], dict[int, int]]:
    """(the columns hidden for want of room, {column: width} of those shown).

    `needs` holds the columns the user left shown (need <= natural); `width` is the
    room in pixels."""
    shown = dict(needs)
    hidden = set()
    for col in give_way:
        if sum(shown.values()) <= width:
            break
        if col in shown:
            del shown[col]
            hidden.add(col)
    total = sum(shown.values())
    if total > width:               # nothing left to give way: the widest are cut
        cap = column_cap(list(shown.values()), width)
        return frozenset(hidden), {c: min(w, cap) if cap is not None else w for c, w in shown.items()}
    spare = width - total
    for col in grow:
        if spare <= 0:
            break
        if col in shown:
            more = min(spare, max(0, naturals.get(col, shown[col]) - shown[col]))
            shown[col] += more
            spare -= more
    if stretch in shown and spare > 0:
        shown[stretch] += spare
    return frozenset(hidden), shown
