"""The line above the analysis table at a table with a threat: each notable opponent's tenpai
chance and what it wins ("Threats: East (left) riichi ~7,700 · ..."), then the best push and
the best fold with their expected points ("Push: 5m riichi +1,240 · Fold: 1z -380 → push"),
which come with the expected values.  Hidden for a hand alone or a calm table.  It formats what
the analysis worker computed (mjgui.defence.advice, reason_words); it computes nothing."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from mjgui.ui.elided_label import ElidedLabel
from mjgui.ui.i18n import language, tr
from mjgui.ui.wrap_row import WrapRow

__all__ = ["TableLine"]

# the threats keep this much of their line before the push / fold values move below them
# (beyond it they end in "…", whole in the tooltip)
THREATS_MIN = 240


class TableLine(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._hand = None
        self._danger = None
        self._line = None                 # advice.PushFoldLine, or None
        self._pending = False
        # the threats give way (elided, whole in the tooltip) down to THREATS_MIN, then the push /
        # fold values, which never do, take a line of their own
        self.threats = ElidedLabel(self)
        self.threats.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.push_fold = QLabel(self)
        font = self.push_fold.font()
        font.setBold(True)
        self.push_fold.setFont(font)
        WrapRow(self, self.threats, self.push_fold, spacing=12)
        self.hide()

    def set_table(self, hand, danger, pending: bool = False) -> None:
        """A new hand's table (`danger`: mjgui.defence.danger.Danger, or None without
        opponents); `pending`: its push / fold values are on their way."""
        from_before = (self._hand, self._danger)
        self._hand, self._danger, self._line, self._pending = hand, danger, None, pending
        if danger is None and from_before[1] is None and self.isHidden():
            return                        # a hand alone after a hand alone: nothing to do
        self._show()

    def set_values(self, values) -> None:
        """The push / fold values (mjgui.defence.values.TableValues, or None) of the hand shown."""
        from mjgui.defence.advice import push_fold_line
        self._line = push_fold_line(values)
        self._pending = False
        self._show()

    def retranslate(self) -> None:
        self._show()

    def _show(self) -> None:
        d = self._danger
        if d is None or not d.any_threat:
            self.threats.clear()
            self.push_fold.clear()
            self.setVisible(False)
            return
        from mjgui.defence.reason_words import push_fold_text, threats_line
        lang = language()
        text = threats_line(self._hand, d.threats, lang)
        if not text:                      # threats too faint to name
            self.setVisible(False)
            return
        self.threats.setText(text)
        self.threats.setMinimumWidth(min(self.threats.fontMetrics().horizontalAdvance(text) + 2, THREATS_MIN))
        self.threats.setToolTip(text + "\n" + tr(
            "Tenpai chance: riichi is tenpai; otherwise from the calls and discards, as measured on real "
            "games. The points: what a deal-in to that player costs on average (docs/defence.md)",
            "聴牌率: 立直は聴牌。それ以外は副露数と捨て牌数から（実戦の統計）。点数: その家への放銃の平均失点"))
        if self._line is not None:
            line = push_fold_text(self._line, lang)
            self.push_fold.setText(line)
            self.push_fold.setToolTip(tr(
                "The best discard that pushes on and the best that folds, each in expected points at the "
                "table (the better decides)", "押した場合とオリた場合の最善の打牌と、それぞれの卓上の期待得点"))
        elif self._pending:
            self.push_fold.setText(tr("Push / fold: …", "押し引き: …"))
            self.push_fold.setToolTip("")
        else:
            self.push_fold.clear()
        self.push_fold.setVisible(bool(self.push_fold.text()))
        self.setVisible(True)

    def threats_text(self) -> str:
        return self.threats.text() if self.isVisibleTo(self.parentWidget() or self) else ""

    def push_fold_text(self) -> str:
        return self.push_fold.text() if self.isVisibleTo(self.parentWidget() or self) else ""
