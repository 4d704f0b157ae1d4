"""The keyboard help drawn over the window (F1 or ?)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from mjgui.ui.i18n import tr


def shortcuts() -> list[tuple[str, str]]:
    return [
        ("Ctrl+1 … Ctrl+6", tr("Analyze, Nanikiru, Waits, Calls, Score, Stats",
                               "分析・何切る・待ち・鳴き・点数・成績")),
        ("a–z, 0–9", tr("type a hand in mpsz (the hand follows as you type)", "mpsz で手牌を入力（入力に追従）")),
        ("Enter", tr("apply the typed hand now", "入力した手牌をすぐ反映")),
        ("1 – 9", tr("play the discard of row 1–9 of the table (1 = best)", "表の1〜9行目の打牌（1 = 最善）")),
        (tr("click / double-click a row", "行をクリック / ダブルクリック"),
         tr("see its waits and chances / play it (Enter too)", "待ちと確率を表示 / 打牌（Enterでも）")),
        ("← →  Space", tr("pick a tile of the hand, discard it", "手牌を選んで切る")),
        ("Ctrl+Z / Ctrl+Y", tr("undo / redo", "元に戻す / やり直す")),
        ("Ctrl+D", tr("random deal", "ランダム配牌")),
        ("Ctrl+L", tr("clear the hand", "手牌をクリア")),
        ("Ctrl+Shift+C / V", tr("copy / paste the hand (text, tenhou URL)", "手牌のコピー / 貼り付け（文字・天鳳URL）")),
        ("Ctrl+J", tr("English / 日本語", "English / 日本語")),
        ("Ctrl+T", tr("light / dark theme", "ライト / ダーク")),
        (tr("right-click a tile", "牌を右クリック"), tr("palette: add as meld, dora or visible; hand: remove",
                                                      "パレット: 副露・ドラ・見えている牌に追加／手牌: 削除")),
        ("F1, ?, Esc", tr("show / hide this help", "このヘルプを表示 / 閉じる")),
    ]


class HelpOverlay(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        layout = QVBoxLayout(self)
        layout.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setStyleSheet("QLabel { background: palette(base); color: palette(text); "
                                 "border-radius: 10px; padding: 18px 26px; }")
        layout.addWidget(self.label)
        self.retranslate()

    def retranslate(self) -> None:
        rows = "".join(f"<tr><td style='padding:3px 18px 3px 0'><b>{keys}</b></td><td>{what}</td></tr>"
                       for keys, what in shortcuts())
        self.label.setText(f"<h3>{tr('Keyboard', 'キーボード操作')}</h3><table>{rows}</table>"
                           f"<p>{tr('Click anywhere to close.', 'クリックで閉じます。')}</p>")

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(0, 0, 0, 110))

    def mousePressEvent(self, event) -> None:
        self.hide()
