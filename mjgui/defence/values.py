"""The value of every discard of a hand at the table: the expected-value search's rows weighed
by push or fold (`pushfold`) against the threats of the table state (`danger`).  The review, the
command line and the app call this; it calls the search and the danger model.
"""
from __future__ import annotations

from dataclasses import dataclass

from mjgui.defence.danger import Danger, danger
from mjgui.defence.pushfold import PushFold, Settings, fold_value, push_value
from mjgui.defence.threats import Threat
from mjgui.ev import EvResult
from mjgui.hand import Hand
from mjgui.tiles import KIND_NAMES

__all__ = ["Choice", "TableValues", "THREAT_TENPAI", "table_danger", "discard_values", "is_visible", "visible_threat"]

#: an opponent this likely to be tenpai (or in riichi) is a visible threat
THREAT_TENPAI = 0.5


@dataclass(frozen=True)
class Choice:
    """One discard choice ("5m", or "5m riichi" / "5m dama" for a tenpai discard that may riichi)."""
    name: str
    kind: int
    shanten: int | None          # None: a discard the search does not value (it only folds)
    values: PushFold


@dataclass(frozen=True)
class TableValues:
    danger: Danger | None
    choices: tuple[Choice, ...]  # best first

    def choice(self, name: str) -> Choice:
        return next(c for c in self.choices if c.name == name)


def table_danger(hand: Hand, genbutsu: dict | None = None) -> Danger | None:
    """The danger of every tile of the hand's table state (None without opponents)."""
    if not hand.opponents:
        return None
    return danger(hand, safe=genbutsu)


#: a tile this unlikely to deal in counts as safe for the draws of a fold
SAFE_DRAW = 0.01


def safe_draw_share(hand: Hand, d: Danger) -> float:
    """The chance a draw is a tile safe against the threats now (SAFE_DRAW): the unseen copies of
    such kinds among all unseen tiles."""
    unseen = hand.remaining()
    total = sum(unseen)
    return sum(n for k, n in enumerate(unseen) if d.p(k) < SAFE_DRAW) / total if total else 0.0


def is_visible(t: Threat) -> bool:
    """A riichi, or an opponent at least THREAT_TENPAI likely tenpai."""
    return t.riichi or t.tenpai >= THREAT_TENPAI


def visible_threat(d: Danger | None) -> bool:
    """Some opponent of the table is a visible threat (`is_visible`)."""
    return d is not None and any(is_visible(t) for t in d.threats)


def discard_values(hand: Hand, result: EvResult | None, settings: Settings = Settings(),
                   table: Danger | None = None, can_riichi: bool = True) -> TableValues:
    """Every discard's push / fold values.  `result`: the search's rows for the hand (None when it
    is too far: then only folding is valued, and only against a visible threat); `table`: the danger
    (default: from the hand's table state); `can_riichi`: a tenpai discard may declare riichi."""
    if table is None and settings.threats:
        table = table_danger(hand)
    if not settings.threats:
        table = None
    turn = result.turn if result is not None else min(max(hand.turn, 1), 18)
    dealer = hand.seat_wind == 0
    threatened = table is not None and table.any_threat
    safe_draw = safe_draw_share(hand, table) if threatened else 0.0
    unseen = hand.remaining()
    share = [n / max(sum(unseen), 1) for n in unseen]

    held = sorted(t.kind for t in hand.concealed)

    def fold(kind: int) -> float:
        kept = list(held)
        kept.remove(kind)
        return fold_value(table, kind, kept, turn, settings, dealer, safe_draw, share)

    def valued(kind: int, by_turn: dict, can_fold: bool = True, tenpai: float = 1.0) -> PushFold:
        push = push_value(by_turn["exp_score"], by_turn["win_prob"], turn, table, kind, settings, dealer, tenpai)
        return PushFold(push, fold(kind) if can_fold and threatened else None,
                        table.p(kind) if table is not None else 0.0)

    choices = []
    searched = set()
    if result is not None:
        for r in result.rows:
            k, name = r.discard.kind, KIND_NAMES[r.discard.kind]
            searched.add(k)
            if r.dama is None:                    # below tenpai: a later riichi is in the value
                choices.append(Choice(name, k, r.shanten, valued(k, r.by_turn, tenpai=r.tenpai_prob)))
            elif can_riichi and r.riichi is not None:       # tenpai: riichi (it cannot fold) or dama
                choices.append(Choice(f"{name} riichi", k, r.shanten, valued(k, r.riichi.by_turn, can_fold=False)))
                choices.append(Choice(f"{name} dama", k, r.shanten, valued(k, r.dama.by_turn)))
            else:
                choices.append(Choice(name, k, r.shanten, valued(k, r.dama.by_turn)))
    if threatened and (result is not None or visible_threat(table)):
        # a discard the search leaves out (too far back, or the hand too far) can still fold
        for k in sorted({t.kind for t in hand.concealed} - searched):
            choices.append(Choice(KIND_NAMES[k], k, None, PushFold(None, fold(k), table.p(k))))
    choices.sort(key=lambda c: (-c.values.value, c.kind, c.name))
    return TableValues(table, tuple(choices))
