"""The statistics page's section on reviewed games: agreement with the engine over time,
the kinds of mistakes, and the latest games.  It shows `GameSummary` rows the history keeps
(`HistoryStore.games`); the figures come from `mjgui.drills.stats`."""
from __future__ import annotations

from typing import Sequence

from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from mjgui.drills.stats import games_by_day, games_total
from mjgui.ui.chart import LineChart
from mjgui.ui.i18n import tr

__all__ = ["GamesStats"]

LATEST = 10


class GamesStats(QWidget):
    def __init__(self, parent: QWidget | None = None, theme: str = "light") -> None:
        super().__init__(parent)
        self._games: list = []
        self.title = QLabel(self)
        self.title.setObjectName("sectionTitle")
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.chart = LineChart(self, theme=theme)
        self.chart.setMinimumHeight(180)
        self.table = QTableWidget(0, 5, self)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.title, self.summary, self.chart, self.table):
            layout.addWidget(w)
        self.retranslate()

    def set_games(self, games: Sequence) -> None:
        self._games = list(games)
        self.retranslate()

    def set_theme(self, theme: str) -> None:
        self.chart.set_theme(theme)

    def retranslate(self) -> None:
        games = self._games
        self.title.setText(tr("Reviewed games", "検討した対局"))
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.chart.setVisible(bool(games))
        self.table.setVisible(bool(games))
        if not games:
            self.summary.setText(tr("No game reviewed yet: open one of your logs in the Review mode (Ctrl+8).",
                                    "まだ対局を検討していません。検討モード（Ctrl+8）で牌譜を開いてください。"))
            return
        t = games_total(games)
        share = "–" if t.agreement is None else f"{100 * t.agreement:.0f} %"
        self.summary.setText(tr(
            f"{t.games} game{'s' * (t.games != 1)}, {t.decisions} decisions: the engine's choice {share}. "
            f"Mistakes: {t.shape} shape, {t.value} value, {t.calls} calls.",
            f"{t.games}局・判断{t.decisions}回: 最善一致率 {share}。ミス: 形{t.shape}・打点{t.value}・鳴き{t.calls}"))
        days = games_by_day(games)
        self.chart.set_series([(d, 100 * a) for d, _, a in days], bars=[(d, n) for d, n, _ in days],
                              names=(tr("Agreement %", "一致率 %"),), bar_name=tr("Games", "対局数"))
        self.table.setHorizontalHeaderLabels([tr("Reviewed", "検討日"), tr("Player", "プレイヤー"),
                                              tr("Decisions", "判断"), tr("Agreement", "一致率"),
                                              tr("Mistakes (shape / value / calls)", "ミス（形・打点・鳴き）")])
        latest = list(reversed(games))[:LATEST]
        self.table.setRowCount(len(latest))
        for i, g in enumerate(latest):
            agree = "–" if g.agreement is None else f"{100 * g.agreement:.0f} %"
            cells = (g.reviewed_at.astimezone().strftime("%Y-%m-%d %H:%M"), g.player or f"seat {g.seat}",
                     str(g.decisions), agree, f"{g.shape} / {g.value} / {g.calls}")
            for j, text in enumerate(cells):
                self.table.setItem(i, j, QTableWidgetItem(text))
        self.table.setFixedHeight(self.table.horizontalHeader().height() + 4
                                  + sum(self.table.rowHeight(i) for i in range(len(latest))))
