"""What the Analyze page shows of the table for one hand, worked out from the danger model and
the push / fold values: each discard's deal-in chance with its band and each seat's reason, the
best push and the best fold, the value the rows are ranked by, and the winning tiles that are
dangerous to keep.  The UI formats these (mjgui.defence.reason_words); it computes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from mjgui.defence.danger import Danger, Why
from mjgui.hand import Hand
from mjgui.defence.opponents import SEATS
from mjgui.defence.pushfold import PushFold, better_way
from mjgui.defence.values import Choice, TableValues

__all__ = ["TableAdvice", "table_advice", "BANDS", "band", "NOTABLE_TENPAI", "notable", "SeatDanger", "DiscardDanger", "discard_danger", "PushFoldLine",
           "push_fold_line", "values_by_kind", "held_wait_dangers"]

#: The deal-in chances that start the bands 1, 2 and 3 (below the first: band 0).  From the
#: published rates against one riichi (docs/defence.md, gimite.net): genbutsu, honours and
#: double suji sit below 3 %; suji (4.3-4.8 %) and no-chance (3.0-3.7 %) tiles in 3-7 %; one-chance
#: (7.4-7.9 %), half suji (8.3-8.8 %) and terminal-side tiles without suji in 7-12 %; a middle tile
#: without suji (11.9-12.2 % on average, 13 % and rising late) from 12 %.
BANDS = (0.03, 0.07, 0.12)

#: an opponent named in the reasons and the threats line: in riichi, or at least this likely
#: tenpai (below it, a seat's share of a tile's danger is a few hundredths of a percent)
NOTABLE_TENPAI = 0.1


def notable(t) -> bool:
    """A threat worth naming (a riichi, or NOTABLE_TENPAI likely tenpai)."""
    return t.riichi or t.tenpai >= NOTABLE_TENPAI


def band(p: float) -> int:
    """0 (safe) .. 3 (dangerous): how many of BANDS `p` reaches."""
    return sum(p >= b for b in BANDS)


@dataclass(frozen=True)
class SeatDanger:
    """A tile against one opponent that may be tenpai."""
    seat: str                   # "L", "A" or "R"
    p: float                    # the chance it deals in to this seat (its tenpai chance included)
    why: Why
    riichi: bool
    tenpai: float


@dataclass(frozen=True)
class DiscardDanger:
    """A tile against the whole table."""
    kind: int
    p: float                    # 1 - prod(1 - p_seat)
    band: int
    seats: tuple[SeatDanger, ...]   # the notable threats, the most dangerous first


def discard_danger(d: Danger, kind: int) -> DiscardDanger:
    """`kind`'s danger at the table `d` (every seat counted), with each notable seat's share and
    reason."""
    seats = [SeatDanger(t.seat, d.p(kind, t.seat), d.by_seat[t.seat][kind].why, t.riichi, t.tenpai)
             for t in d.threats if t.tenpai > 0 and notable(t)]
    seats.sort(key=lambda s: (-s.p, SEATS.index(s.seat)))
    p = d.p(kind)
    return DiscardDanger(kind, p, band(p), tuple(seats))


@dataclass(frozen=True)
class PushFoldLine:
    """The best choice that pushes and the best that folds (None when none can)."""
    push: Choice | None
    fold: Choice | None

    @property
    def verdict(self) -> str:
        """"push" or "fold": which of the two is worth more."""
        return better_way(self.push.values.push if self.push is not None else None,
                          self.fold.values.fold if self.fold is not None else None)


def push_fold_line(values: TableValues | None) -> PushFoldLine | None:
    """The two values to compare at a table with a threat (None without one: nothing to fold)."""
    if values is None or values.danger is None or not values.danger.any_threat:
        return None
    pushes = [c for c in values.choices if c.values.push is not None]
    folds = [c for c in values.choices if c.values.fold is not None]
    if not folds:
        return None
    # ties keep the order of `choices` (best value first, then the lower kind)
    push = max(pushes, key=lambda c: c.values.push, default=None)
    fold = max(folds, key=lambda c: c.values.fold)
    return PushFoldLine(push, fold)


def values_by_kind(values: TableValues | None) -> dict[int, tuple[Choice, PushFold]]:
    """Each discard kind's best choice and its values (a tenpai discard may riichi or stay dama:
    the better of the two): what the rows are ranked by with defence."""
    best: dict[int, tuple[Choice, PushFold]] = {}
    for c in values.choices if values is not None else ():
        if c.kind not in best or c.values.value > best[c.kind][1].value:
            best[c.kind] = (c, c.values)
    return best


@dataclass(frozen=True)
class TableAdvice:
    """Everything the analysis table shows of a hand's table state before the search: the danger
    model's result and each held kind's DiscardDanger."""
    danger: Danger
    discards: dict[int, DiscardDanger]

    @property
    def threat(self) -> bool:
        """A notable opponent may be tenpai (the threats line and the push / fold values show)."""
        return any(t.tenpai > 0 and notable(t) for t in self.danger.threats)


def table_advice(hand: Hand) -> TableAdvice | None:
    """The table's advice for `hand` (None without opponents: nothing to show, nothing spent)."""
    from mjgui.defence.values import table_danger
    d = table_danger(hand)
    if d is None:
        return None
    return TableAdvice(d, {k: discard_danger(d, k) for k in sorted({t.kind for t in hand.concealed})})


def held_wait_dangers(d: Danger | None, held: list[int] | tuple[int, ...], waits: list[int] | tuple[int, ...],
                      least: float = BANDS[1]) -> tuple[DiscardDanger, ...]:
    """The winning kinds the hand also holds (`held`: its concealed kinds after the discard) that
    deal in with at least `least`: waiting on a tile you hold (a shanpon, a tanki, a nobetan) keeps
    it in hand, and folding later means throwing it.  Most dangerous first."""
    if d is None or not d.any_threat:
        return ()
    found = [discard_danger(d, k) for k in sorted(set(waits) & set(held))]
    return tuple(sorted((x for x in found if x.p >= least), key=lambda x: (-x.p, x.kind)))
