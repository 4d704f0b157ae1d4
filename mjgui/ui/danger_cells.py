"""The analysis table's two columns of the table state: **Danger** (each discard's deal-in chance
against the three opponents, coloured by its band, a tooltip with each seat's reason) and
**Push / fold** (the discard's value with defence and whether it pushes or folds).  The cells
are formatted here from what the analysis layer gave (mjgui.defence.advice); nothing is
computed but words and colours.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QBrush, QColor

from mjgui.ui.i18n import language, tr
from mjgui.ui.theme import COLORS

if TYPE_CHECKING:       # the defence model loads with the first hand that has opponents
    from mjgui.defence.advice import DiscardDanger
    from mjgui.defence.pushfold import PushFold

__all__ = ["headers", "danger_text", "danger_brush", "value_text", "danger_tip", "value_tip"]


def headers() -> list[tuple[str, str]]:
    """(title, tooltip) of the Danger and Push / fold columns."""
    return [
        (tr("Danger", "危険度"),
         tr("The chance this discard deals in now, against the three other players together "
            "(their rivers, riichi and calls: genbutsu, suji, no-chance, honours by copies seen; "
            "docs/defence.md). Green below 3%, red from 12%; hover for each player's reason",
            "この打牌が今放銃する確率（他家3人の合計。河・立直・副露から: 現物・筋・ノーチャンス・"
            "字牌の見え枚数）。3%未満は緑、12%以上は赤。ツールチップに各家の理由")),
        (tr("Push / fold", "押し引き"),
         tr("The discard's expected points at the table: the better of pushing on (the expected "
            "values, less deal-ins and the others' wins) and folding from it (safest tiles first)",
            "卓上での期待得点: 押し（期待値から放銃・他家の和了を引く）と、この打牌からのオリ"
            "（安全牌から切る）の良い方")),
    ]


def danger_text(dd: DiscardDanger | None) -> str:
    if dd is None:
        return "–"
    from mjgui.defence.reason_words import percent      # loaded with the table's advice
    return percent(dd.p)


_BRUSHES: dict[tuple[str, int], QBrush] = {}


def danger_brush(dd: DiscardDanger, dark: bool) -> QBrush:
    """The band's colour (theme roles danger0..danger3), one brush per theme and band."""
    key = ("dark" if dark else "light", dd.band)
    brush = _BRUSHES.get(key)
    if brush is None:
        brush = _BRUSHES[key] = QBrush(QColor(COLORS[key[0]][f"danger{dd.band}"]))
    return brush


def value_text(values: PushFold | None, pending: bool) -> str:
    """"+1,240 push" / "-380 fold" (JA 押し / オリ); "…" while the search runs."""
    if values is None:
        return "…" if pending else "–"
    from mjgui.defence.reason_words import verdict_word
    return f"{values.value:+,.0f} {verdict_word(values.verdict, language())}"


def danger_tip(hand, dd: DiscardDanger) -> str:
    from mjgui.defence.reason_words import danger_tip as words
    return words(hand, dd, language())


def value_tip(choice) -> str:
    """A choice's two values (mjgui.defence.values.Choice): "5m riichi: push +1,240, fold: cannot
    fold (riichi); deal-in now 6.1%"."""
    from mjgui.defence.reason_words import choice_name, percent
    values = choice.values

    def pts(v: float | None, none: str) -> str:
        return none if v is None else f"{v:+,.0f}"
    name = choice_name(choice, language())
    push = pts(values.push, tr("not valued (the hand is too far for the search)", "計算外（手が遠い）"))
    fold = pts(values.fold, tr("cannot fold (riichi)", "降りられない（立直）"))
    return tr(f"{name}: push {push}, fold {fold}; deal-in now {percent(values.deal_in)}",
              f"{name}: 押し {push}、オリ {fold}、今の放銃率 {percent(values.deal_in)}")
