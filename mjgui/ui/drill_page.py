"""The practice drills: nanikiru (何切る), waits (待ち) and calls (鳴き).

`DrillPage(kind, store)` is one page of the main window's mode bar.  A top bar picks the
source (generated problems with a shanten / theme filter, the starter set, or the review
queue of missed problems), the mode (endless, or a set of 10 / 20), the nanikiru evaluator
and a timer; Start runs a `mjgui.drills.session.DrillSession`.  Below, the drill's view shows
one problem at a time and, once answered, the feedback: right or wrong with the credit and
the explanation from `mjgui.drills.scoring`, plus the full per-discard table (nanikiru) or
the wait inspector (waits).  A fixed-length set ends on a summary page.

The page computes no mahjong: grading, answer keys and explanations come from
`mjgui.drills.scoring`, problems from `mjgui.drills.generator` / `problems`, the tables from
`mjgui.analysis` and `mjgui.waits`.  Every answer is recorded in the history store at once;
a store that fails shows an inline notice (and `message`) and the drill goes on.

Keyboard: Enter starts; nanikiru 1-9 discard the tile at that position, 0 the drawn tile,
←/→ + Enter any tile; waits ←↑→↓ + Space mark, a digit then m/p/s/z marks that tile,
Backspace clears, Enter checks; calls 1-9 by position, P pon, C chi, S pass; then
Enter / N for the next problem.  The summary page: Enter for a new set, P to practise the
misses.
"""
from __future__ import annotations

import random
import time
from dataclasses import replace
from html import escape
from typing import Any, Callable, Iterable, Sequence

from PySide6.QtCore import QRectF, QSize, QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetrics, QKeyEvent, QPainter,
                           QPaintEvent, QPalette, QPen)
from PySide6.QtWidgets import (QComboBox, QFrame, QGridLayout, QHBoxLayout, QLabel,
                               QProgressBar, QPushButton, QScrollArea, QSizePolicy,
                               QStackedWidget, QToolButton, QVBoxLayout,
                               QWidget)

from mjgui.analysis import analyze, shanten_words
from mjgui.drills.generator import GenerateError
from mjgui.drills.history import HistoryError, HistoryStore
from mjgui.drills.problems import Call, Problem, ProblemSetError, starter_set
from mjgui.drills.scoring import (DEFAULT_EVALUATOR, AnswerError, CallChoice, call_choices,
                                  rank_function)
from mjgui.drills.session import (DrillSession, GeneratorSpec, Result, Summary,
                                  problems_of_kind, review_problems)
from mjgui.tiles import HONOR_NAMES_EN, HONOR_NAMES_JA, KIND_NAMES, Tile
from mjgui.ui.analysis_table import CALLS, DISCARD, SORT_ROLE, VERDICT, AnalysisTable
from mjgui.ui.hand_view import FlowLayout, HandView, sideways_pixmap
from mjgui.ui.i18n import language, tr
from mjgui.ui.tile_art import THEMES, tile_pixmap, tile_width
from mjgui.ui.tile_button import TileButton, device_ratio
from mjgui.ui.wait_inspector import WaitInspector
from mjgui.waits import wait_details

__all__ = ["DrillPage", "NanikiruView", "WaitView", "CallView", "SummaryView", "WaitGrid",
           "ChoiceButton", "FeedbackPanel", "TileRow", "COLORS", "KINDS"]

KINDS = ("nanikiru", "wait", "call")
TICK_MS = 100

#: Colours of the drill views by theme (the window palette does the rest).
COLORS: dict[str, dict[str, str]] = {
    "light": {
        "good": "#23854a", "good_bg": "#e5f4e9", "good_border": "#9fd3ae",
        "partial": "#a86a00", "partial_bg": "#fdf2da", "partial_border": "#e8c37a",
        "bad": "#c0392b", "bad_bg": "#fbe8e5", "bad_border": "#eab0a8",
        "missed": "#e07b00", "mark": "#1f6fd1", "pick_bg": "#fde3cf",
        "card": "#ffffff", "card_border": "#dcd7cc", "muted": "#6a6f78", "text": "#1f2328",
        "bar": "#f4f2ed", "bar_border": "#dcd7cc", "key_bg": "#eceae4", "key_text": "#4a4f57",
        "notice_bg": "#fff3dc", "notice_border": "#e0962a", "notice_text": "#6e4300",
    },
    "dark": {
        "good": "#5fd08a", "good_bg": "#1d3527", "good_border": "#2f6442",
        "partial": "#f0b44c", "partial_bg": "#392d18", "partial_border": "#8a6423",
        "bad": "#ff7b72", "bad_bg": "#3b1f23", "bad_border": "#7a3b40",
        "missed": "#ffa23a", "mark": "#5fa6ff", "pick_bg": "#4a3322",
        "card": "#262a30", "card_border": "#3a4049", "muted": "#9aa3ad", "text": "#e7e9ec",
        "bar": "#2b2f36", "bar_border": "#3a4049", "key_bg": "#3a3f48", "key_text": "#c9ced6",
        "notice_bg": "#392d18", "notice_border": "#e0a23c", "notice_text": "#ffe0a8",
    },
}

KIND_JA = {"nanikiru": "何切る", "wait": "待ち", "call": "鳴き"}
SEAT_NAMES = {"L": ("Left player", "上家"), "A": ("Player across", "対面"),
              "R": ("Right player", "下家")}
WIND_NAMES = {"E": ("East", "東"), "S": ("South", "南"), "W": ("West", "西"), "N": ("North", "北")}


# ---- small helpers ------------------------------------------------------------------------

def _lang() -> str:
    return language()


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def percent(x: float) -> str:
    return f"{round(100 * x)} %"


def clock_text(seconds: float) -> str:
    seconds = max(0, round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def tile_name(tile: Tile) -> str:
    """'5m', 'red 5m', 'West (3z)' (and Japanese: '赤5m', '西（3z）')."""
    if tile.is_honor:
        i = tile.kind - 27
        return tr(f"{HONOR_NAMES_EN[i]} ({tile.name})", f"{HONOR_NAMES_JA[i]}（{tile.name}）")
    if tile.red:
        return tr(f"red {tile.plain_name}", f"赤{tile.plain_name}")
    return tile.name


def kind_title(kind: str) -> str:
    return {"nanikiru": tr("Nanikiru — what do you discard?", "何切る"),
            "wait": tr("Waits — mark every winning tile", "待ち当て"),
            "call": tr("Calls — pon, chi or pass?", "鳴き判断")}[kind]


def situation_text(problem: Problem) -> str:
    """'East round · South seat · turn 8' (and Japanese)."""
    rnd, seat = WIND_NAMES[problem.round], WIND_NAMES[problem.seat]
    parts = [tr(f"{rnd[0]} round", f"{rnd[1]}場"), tr(f"{seat[0]} seat", f"{seat[1]}家")]
    if problem.turn:
        parts.append(tr(f"turn {problem.turn}", f"{problem.turn}巡目"))
    if problem.theme != "any":
        theme = {"chinitsu": tr("chinitsu", "清一色"), "chiitoi": tr("seven pairs", "七対子")}
        parts.append(theme.get(problem.theme, problem.theme))
    return " · ".join(parts)


def _font(widget: QWidget, scale: float = 1.0, bold: bool = False) -> QFont:
    font = QFont(widget.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    else:
        font.setPixelSize(round(font.pixelSize() * scale))
    font.setBold(bold)
    return font


def _muted(label: QLabel) -> QLabel:
    label.setProperty("muted", True)
    return label


def _focusless(*widgets: QWidget) -> None:
    for w in widgets:
        w.setFocusPolicy(Qt.FocusPolicy.NoFocus)


# ---- painted tile rows ----------------------------------------------------------------------

class TileRow(QWidget):
    """A row of tile pictures (no buttons): (tile, sideways) pairs, drawn crisp at any DPR.
    `gap_before` puts a small gap before that index (the drawn tile of a hand)."""

    SPACING = 1

    def __init__(self, tiles: Iterable[tuple[Tile | str, bool]] = (), height: int = 28,
                 theme: str = "light", gap_before: int | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._tiles = list(tiles)
        self._h = int(height)
        self._theme = theme
        self._gap = gap_before
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)

    def tiles(self) -> list[Tile | str]:
        return [t for t, _ in self._tiles]

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.update()

    def _gap_width(self) -> int:
        return round(tile_width(self._h) * 0.4)

    def sizeHint(self) -> QSize:
        w = sum(self._h if side else tile_width(self._h) for _, side in self._tiles)
        w += self.SPACING * max(len(self._tiles) - 1, 0)
        if self._gap is not None and 0 < self._gap < len(self._tiles):
            w += self._gap_width()
        return QSize(w, self._h)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        dpr = device_ratio(painter, self)
        x = 0
        for i, (tile, side) in enumerate(self._tiles):
            if i == self._gap and i:
                x += self._gap_width()
            if side:
                pix = sideways_pixmap(tile, self._h, self._theme, dpr)
                painter.drawPixmap(x, self._h - tile_width(self._h), pix)
                x += self._h
            else:
                painter.drawPixmap(x, 0, tile_pixmap(tile, self._h, self._theme, dpr))
                x += tile_width(self._h)
            x += self.SPACING
        painter.end()


class TileFlow(QWidget):
    """Small tiles after a label, wrapping to the width (the visible tiles of a problem:
    the hand view's own strip is one line, too long for the tens of tiles a drill shows)."""

    GAP = 1
    LINE_GAP = 4
    MARGIN = 8          # the hand view's own left margin, so the labels line up

    def __init__(self, height: int = 30, theme: str = "light", parent: QWidget | None = None):
        super().__init__(parent)
        self._h = int(height)
        self._theme = theme
        self._tiles: list[Tile] = []
        self._label = ""
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_tiles(self, tiles: Sequence[Tile], label: str) -> None:
        self._tiles, self._label = sorted(tiles), label
        self.setToolTip(label + f": {len(tiles)}")
        self.updateGeometry()
        self.update()

    def tiles(self) -> list[Tile]:
        return list(self._tiles)

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.update()

    def _label_font(self) -> QFont:
        return _font(self, 0.92)

    def _indent(self) -> int:
        return self.MARGIN + QFontMetrics(self._label_font()).horizontalAdvance(self._label) + 8

    def _positions(self, width: int) -> tuple[list[tuple[int, int]], int]:
        w = tile_width(self._h)
        x0 = self._indent()
        x, y = x0, 0
        out = []
        for _ in self._tiles:
            if x > x0 and x + w > width:
                x, y = x0, y + self._h + self.LINE_GAP
            out.append((x, y))
            x += w + self.GAP
        return out, y + self._h

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._positions(width)[1]

    def sizeHint(self) -> QSize:
        width = self._indent() + len(self._tiles) * (tile_width(self._h) + self.GAP)
        return QSize(min(width, 900), self.heightForWidth(min(width, 900)))

    def minimumSizeHint(self) -> QSize:
        return QSize(self._indent() + 6 * tile_width(self._h), self._h)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        dpr = device_ratio(painter, self)
        painter.setFont(self._label_font())
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        painter.drawText(QRectF(self.MARGIN, 0, self._indent(), self._h),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self._label)
        positions, _ = self._positions(self.width())
        for tile, (x, y) in zip(self._tiles, positions):
            painter.drawPixmap(x, y, tile_pixmap(tile, self._h, self._theme, dpr))
        painter.end()


def hand_row(problem: Problem) -> tuple[list[tuple[Tile, bool]], int | None]:
    """A problem's concealed tiles sorted (a nanikiru draw kept apart at the end)."""
    hand = problem.to_hand()
    tiles = list(hand.concealed)
    drawn = tiles.pop() if problem.kind == "nanikiru" else None
    tiles.sort()
    row = [(t, False) for t in tiles]
    if drawn is not None:
        row.append((drawn, False))
        return row, len(row) - 1
    return row, None


# ---- feedback ------------------------------------------------------------------------------

class FeedbackPanel(QFrame):
    """The verdict of one answer: a big ✓ / ✗, the credit, the rank, the explanation and
    the Next button."""

    nextRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("feedback")
        self._result: Result | None = None
        self._kind = "nanikiru"
        self._last = False
        self.state = ""                   # "good" | "partial" | "bad"
        outer = QHBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 12)
        outer.setSpacing(16)
        self.mark = QLabel()
        self.mark.setObjectName("feedbackMark")
        self.mark.setFont(_font(self, 3.2, True))
        self.mark.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.mark.setMinimumWidth(56)
        outer.addWidget(self.mark, 0, Qt.AlignmentFlag.AlignTop)
        col = QVBoxLayout()
        col.setSpacing(6)
        head = QHBoxLayout()
        head.setSpacing(14)
        self.title = QLabel()
        self.title.setObjectName("feedbackTitle")
        self.title.setFont(_font(self, 1.45, True))
        self.credit = QLabel()
        self.credit.setObjectName("feedbackCredit")
        self.credit.setFont(_font(self, 1.45, True))
        self.rank = _muted(QLabel())
        self.rank.setFont(_font(self, 1.1))
        self.time = _muted(QLabel())
        for w in (self.title, self.credit, self.rank):
            head.addWidget(w, 0, Qt.AlignmentFlag.AlignBaseline)
        head.addStretch(1)
        head.addWidget(self.time, 0, Qt.AlignmentFlag.AlignBaseline)
        col.addLayout(head)
        self.explanation = QLabel()
        self.explanation.setObjectName("feedbackText")
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.explanation.setFont(_font(self, 1.05))
        col.addWidget(self.explanation)
        outer.addLayout(col, 1)
        self.next_button = QPushButton()
        self.next_button.setObjectName("nextButton")
        self.next_button.setAutoDefault(True)
        self.next_button.setMinimumHeight(36)
        self.next_button.clicked.connect(self.nextRequested)
        outer.addWidget(self.next_button, 0, Qt.AlignmentFlag.AlignVCenter)

    def set_result(self, result: Result | None, kind: str, last: bool = False) -> None:
        self._result, self._kind, self._last = result, kind, last
        self.retranslate()

    def result(self) -> Result | None:
        return self._result

    def retranslate(self) -> None:
        self.next_button.setText(tr("See the results (Enter)", "結果を見る（Enter）") if self._last
                                 else tr("Next (Enter / N)", "次へ（Enter / N）"))
        r = self._result
        if r is None:
            return
        fb = r.feedback
        if fb.correct:
            self.state, mark, title = "good", "✓", tr("Correct", "正解")
        elif r.timed_out:
            self.state, mark, title = "bad", "✗", tr("Time is up", "時間切れ")
        elif fb.credit > 0:
            self.state, mark = "partial", "✗"
            title = tr("Partly right", "一部正解") if self._kind == "wait" else \
                tr("Not the best", "最善ではない")
        else:
            self.state, mark, title = "bad", "✗", tr("Wrong", "不正解")
        self.mark.setText(mark)
        self.title.setText(title)
        self.credit.setText(percent(fb.credit))
        self.credit.setToolTip(tr("Credit for this answer (partial credit for a discard that "
                                  "keeps the shanten with fewer tiles, or some of the waits)",
                                  "この解答の得点（受け入れが少ない打牌や一部の待ちには部分点）"))
        rank = ""
        if self._kind == "nanikiru" and fb.rank is not None and fb.choices:
            rank = tr(f"{ordinal(fb.rank)} of {fb.choices}", f"{fb.choices}種中{fb.rank}位")
        elif self._kind == "wait" and fb.best and not r.timed_out:
            right = len(fb.details.get("right", ()))
            rank = tr(f"found {right} of {len(fb.best)}", f"待ち{len(fb.best)}種中{right}種正解")
            if fb.wrong:
                rank += tr(f" · {len(fb.wrong)} wrong", f" · 誤り{len(fb.wrong)}種")
        self.rank.setText(rank)
        self.rank.setVisible(bool(rank))
        self.time.setText(tr(f"{r.seconds:.1f} s", f"{r.seconds:.1f}秒"))
        self.explanation.setText(fb.explanation(_lang()))
        self.setProperty("state", self.state)
        for w in (self, self.mark, self.title, self.credit):     # their colours follow it
            w.style().unpolish(w)
            w.style().polish(w)


# ---- nanikiru -------------------------------------------------------------------------------

class PickProxy(QSortFilterProxyModel):
    """The analysis table's proxy, marking the row of the user's pick."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.pick_kind: int | None = None
        self.pick_color = QColor(COLORS["light"]["pick_bg"])

    def _is_pick(self, index) -> bool:
        if self.pick_kind is None or not index.isValid():
            return False
        source = self.sourceModel()
        row = source.row_at(self.mapToSource(index).row())
        return row.tile is not None and row.tile.kind == self.pick_kind

    def data(self, index, role=Qt.ItemDataRole.DisplayRole) -> Any:
        if self._is_pick(index):
            if role == Qt.ItemDataRole.BackgroundRole:
                source_row = self.mapToSource(index).row()
                if not self.sourceModel().is_best(source_row):
                    return QBrush(self.pick_color)
            elif role == Qt.ItemDataRole.FontRole:
                font = QFont()
                font.setBold(True)
                return font
            elif role == Qt.ItemDataRole.DisplayRole and index.column() == VERDICT:
                return tr("◀ your pick · ", "◀ あなたの打牌 · ") + str(super().data(index, role))
            elif role == Qt.ItemDataRole.ToolTipRole and index.column() == DISCARD:
                return tr("Your pick", "あなたの打牌")
        return super().data(index, role)


class DrillAnalysisTable(AnalysisTable):
    """The per-discard table with the user's pick marked (rows are not for playing here)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.proxy = PickProxy(self)
        self.proxy.setSourceModel(self.source)
        self.proxy.setSortRole(SORT_ROLE)
        self.setModel(self.proxy)
        self.setSelectionMode(self.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # calls are not part of a nanikiru answer: the verdict gets their room
        self.setColumnHidden(CALLS, True)

    def set_pick(self, kind: int | None) -> None:
        self.proxy.pick_kind = kind
        self.viewport().update()
        for row in range(self.proxy.rowCount()):
            if self.row_for_view(row).tile is not None and self.row_for_view(row).tile.kind == kind:
                self.scrollTo(self.proxy.index(row, 0))
                break

    def set_theme(self, theme: str) -> None:
        self.proxy.pick_color = QColor(COLORS[theme]["pick_bg"])
        super().set_theme(theme)


class _DrillView(QWidget):
    """What the three drill views share: a prompt line, the hand, the feedback panel."""

    answered = Signal(object)
    nextRequested = Signal()

    def __init__(self, parent: QWidget | None = None, tile_height: int = 56):
        super().__init__(parent)
        self.problem: Problem | None = None
        self.result: Result | None = None
        self._theme = "light"
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.prompt = QLabel()
        self.prompt.setObjectName("prompt")
        self.prompt.setFont(_font(self, 1.35, True))
        self.situation = _muted(QLabel())
        self.hand_view = HandView(self, tile_height=tile_height)
        self.visible_flow = TileFlow(max(20, round(tile_height * 0.5)))
        self.visible_flow.setObjectName("visibleTiles")
        self.hint = _muted(QLabel())
        self.hint.setWordWrap(True)
        self.feedback = FeedbackPanel(self)
        self.feedback.nextRequested.connect(self.nextRequested)
        self.feedback.hide()

    def _prompt_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(16)
        row.addWidget(self.prompt, 0, Qt.AlignmentFlag.AlignBaseline)
        row.addWidget(self.situation, 0, Qt.AlignmentFlag.AlignBaseline)
        row.addStretch(1)
        return row

    @property
    def locked(self) -> bool:
        return self.result is not None

    def show_problem(self, problem: Problem) -> None:
        self.problem, self.result = problem, None
        self.feedback.set_result(None, self.kind)
        self.feedback.hide()
        # the visible tiles go to the wrapping `visible_flow`: the hand view's strip is one
        # line, and showing a long one would widen the window for good
        self.hand_view.set_hand(replace(problem.to_hand(), visible=()))
        self.hand_view.select_index(None)
        self.retranslate()

    def _sync_hand(self) -> None:
        """After the hand view rebuilt itself: its (empty) strip of visible tiles gives way
        to the wrapping `visible_flow`."""
        strip = self.hand_view.strip("visible")
        if strip is not None:
            strip.hide()
        p = self.problem
        self.visible_flow.set_tiles(p.to_hand().visible if p is not None else [],
                                    tr("Visible", "見えている牌"))

    def show_result(self, result: Result, last: bool = False) -> None:
        self.result = result
        self.feedback.set_result(result, self.kind, last)
        self.feedback.show()
        self.feedback.next_button.setFocus()

    def focus_target(self) -> QWidget:
        return self

    def retranslate(self) -> None:
        self.situation.setText(situation_text(self.problem) if self.problem else "")
        self.feedback.retranslate()
        self.hand_view.retranslate()
        self._sync_hand()

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.hand_view.set_theme(theme)
        self.visible_flow.set_theme(theme)
        self._sync_hand()

    def handle_key(self, event: QKeyEvent) -> bool:
        """Keys the page hands down; True when used."""
        key = event.key()
        if self.locked and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_N,
                                   Qt.Key.Key_Space):
            self.nextRequested.emit()
            return True
        return False


class NanikiruView(_DrillView):
    """Nanikiru: the hand, "What do you discard?", then the verdict and the full table."""

    kind = "nanikiru"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, tile_height=60)
        self.evaluator = DEFAULT_EVALUATOR
        self.pick_index: int | None = None
        self.table = DrillAnalysisTable(self)
        self.table.hide()
        self.hand_view.discardRequested.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(8)
        layout.addLayout(self._prompt_row())
        layout.addWidget(self.hand_view)
        layout.addWidget(self.visible_flow)
        layout.addWidget(self.hint)
        layout.addWidget(self.feedback)
        layout.addWidget(self.table, 1)
        self.spacer = QWidget()
        layout.addWidget(self.spacer, 1)

    def show_problem(self, problem: Problem) -> None:
        self.pick_index = None
        self.hand_view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        super().show_problem(problem)
        self.table.hide()
        self.table.set_analysis(None)
        self.table.set_pick(None)
        self.spacer.show()
        self.hint.show()

    def focus_target(self) -> QWidget:
        return self.hand_view

    def _clicked(self, tile: Tile) -> None:
        if self.locked or self.problem is None:
            return
        tiles = self.hand_view.concealed_tiles()
        self.pick_index = self.hand_view.selected_index()
        if self.pick_index is None or tiles[self.pick_index] != tile:
            self.pick_index = next((i for i, t in enumerate(tiles) if t == tile), None)
        self.answered.emit(tile)

    def answer_index(self, index: int) -> bool:
        """Discard the tile at a display position (0-based); False if there is none."""
        tiles = self.hand_view.concealed_tiles()
        if self.locked or not 0 <= index < len(tiles):
            return False
        self.hand_view.select_index(index)
        self._clicked(tiles[index])
        return True

    def show_result(self, result: Result, last: bool = False) -> None:
        # the hand would take Enter for a discard: answered, Enter means Next
        self.hand_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        super().show_result(result, last)
        self.hint.hide()
        self._decorate_hand()
        hand = result.problem.to_hand()
        self.table.set_analysis(analyze(hand, rank=rank_function(self.evaluator)))
        pick = result.feedback.pick
        self.table.set_pick(Tile.from_name(pick).kind if pick else None)
        self.spacer.hide()
        self.table.show()

    def _decorate_hand(self) -> None:
        r = self.result
        if r is None:
            return
        best = {Tile.from_name(name).kind for name in r.feedback.best}
        c = COLORS[self._theme]
        self.hand_view.set_highlight(best, c["good"])
        buttons = self.hand_view.tile_buttons()
        self.hand_view.select_index(self.pick_index)
        if self.pick_index is not None and self.pick_index < len(buttons) and not r.feedback.correct:
            buttons[self.pick_index].highlight = QColor(c["bad"] if r.feedback.credit == 0
                                                        else c["partial"])

    def handle_key(self, event: QKeyEvent) -> bool:
        if super().handle_key(event):
            return True
        if self.locked:
            return False
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            return self.answer_index(key - Qt.Key.Key_1)
        if key == Qt.Key.Key_0:
            return self.answer_index(len(self.hand_view.concealed_tiles()) - 1)
        if key == Qt.Key.Key_Right:
            self.hand_view.select_next()
            return True
        if key == Qt.Key.Key_Left:
            self.hand_view.select_previous()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            index = self.hand_view.selected_index()
            return index is not None and self.answer_index(index)
        return False

    def retranslate(self) -> None:
        super().retranslate()
        self.prompt.setText(tr("What do you discard?", "何を切りますか？"))
        self.hint.setText(tr("Click a tile · ←/→ then Enter · 1–9: the tile at that position · "
                             "0: the drawn tile",
                             "牌をクリック · ←/→ と Enter · 1〜9: その位置の牌 · 0: ツモ牌"))
        self._decorate_hand()
        self.table.retranslate()

    def set_theme(self, theme: str) -> None:
        super().set_theme(theme)
        self.table.set_theme(theme)
        self._decorate_hand()


# ---- waits -----------------------------------------------------------------------------------

class WaitGrid(QWidget):
    """The 34 tile kinds as toggles for marking waits; keyboard: arrows + Space, or a digit
    then m/p/s/z; Backspace clears.  After `show_result` the marks are locked."""

    changed = Signal()
    checkRequested = Signal()

    ROWS = ((0, 9), (9, 9), (18, 9), (27, 7))

    def __init__(self, parent: QWidget | None = None, tile_height: int = 46):
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._theme = "light"
        self._marked: set[int] = set()
        self._cursor: int | None = None
        self._digit: int | None = None
        self._result: tuple[set[int], set[int], set[int]] | None = None
        self.buttons: list[TileButton] = []
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 4, 4, 4)
        grid.setHorizontalSpacing(2)
        grid.setVerticalSpacing(0)
        for r, (start, n) in enumerate(self.ROWS):
            for c in range(n):
                kind = start + c
                button = TileButton(Tile(kind), tile_height, "light", self, badge_space=True)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.setObjectName(f"wait_{KIND_NAMES[kind]}")
                button.clicked.connect(lambda _=False, k=kind: self.toggle(k))
                self.buttons.append(button)
                grid.addWidget(button, r, c)

    @property
    def locked(self) -> bool:
        return self._result is not None

    def marked(self) -> list[int]:
        return sorted(self._marked)

    def reset(self) -> None:
        self._marked, self._result, self._digit = set(), None, None
        self._cursor = None
        self._refresh()

    def toggle(self, kind: int) -> None:
        if self.locked:
            return
        self._marked ^= {kind}
        self._cursor = kind
        self._refresh()
        self.changed.emit()

    def clear(self) -> None:
        if self.locked:
            return
        self._marked.clear()
        self._refresh()
        self.changed.emit()

    def show_result(self, right: Iterable[int], missed: Iterable[int], wrong: Iterable[int]) -> None:
        self._result = (set(right), set(missed), set(wrong))
        self._cursor = None
        self._refresh()

    def result_marks(self) -> dict[int, str]:
        """kind -> 'right' | 'missed' | 'wrong' after the check."""
        if self._result is None:
            return {}
        out = {}
        for name, kinds in zip(("right", "missed", "wrong"), self._result):
            for k in kinds:
                out[k] = name
        return out

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        for b in self.buttons:
            b.theme = theme
        self._refresh()

    def _refresh(self) -> None:
        c = COLORS[self._theme]
        marks = self.result_marks()
        for kind, b in enumerate(self.buttons):
            b.selected = kind == self._cursor and self.hasFocus()
            if self._result is None:
                on = kind in self._marked
                b.highlight = QColor(c["mark"]) if on else None
                b.badge = None
                b.dimmed = False
                b.setToolTip(tr(f"{KIND_NAMES[kind]}: click to mark as a wait",
                                f"{KIND_NAMES[kind]}: クリックで待ちに指定"))
                continue
            mark = marks.get(kind)
            b.highlight = QColor({"right": c["good"], "missed": c["missed"],
                                  "wrong": c["bad"]}[mark]) if mark else None
            b.badge = {"right": "✓", "missed": "!", "wrong": "✗"}.get(mark or "")
            b.dimmed = mark is None
            b.setToolTip({"right": tr("A wait you found", "正解した待ち"),
                          "missed": tr("A wait you missed", "見逃した待ち"),
                          "wrong": tr("Not a wait", "待ちではない")}.get(mark or "", ""))

    def _move(self, key: int) -> None:
        if self._cursor is None:
            self._cursor = 0
        else:
            rows = [list(range(s, s + n)) for s, n in self.ROWS]
            r = next(i for i, row in enumerate(rows) if self._cursor in row)
            c = rows[r].index(self._cursor)
            if key == Qt.Key.Key_Left:
                c = (c - 1) % len(rows[r])
            elif key == Qt.Key.Key_Right:
                c = (c + 1) % len(rows[r])
            else:
                r = (r + (1 if key == Qt.Key.Key_Down else -1)) % len(rows)
                c = min(c, len(rows[r]) - 1)
            self._cursor = rows[r][c]
        self._refresh()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self.locked:
            super().keyPressEvent(event)
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._move(key)
            return
        if key == Qt.Key.Key_Space and self._cursor is not None:
            self.toggle(self._cursor)
            return
        if key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self.clear()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.checkRequested.emit()
            return
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self._digit = key - Qt.Key.Key_0
            return
        suit = {Qt.Key.Key_M: 0, Qt.Key.Key_P: 1, Qt.Key.Key_S: 2, Qt.Key.Key_Z: 3}.get(key)
        if suit is not None and self._digit is not None:
            digit, self._digit = self._digit, None
            if suit < 3 or digit <= 7:
                self.toggle(suit * 9 + digit - 1)
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self._refresh()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self._refresh()


class WaitView(_DrillView):
    """Waits: the tenpai hand, the 34-tile grid to mark, then the verdict per tile and the
    wait inspector's decompositions."""

    kind = "wait"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, tile_height=56)
        _focusless(self.hand_view)
        self.grid = WaitGrid(self)
        self.grid.checkRequested.connect(self.check)
        self.grid.changed.connect(self._update_count)
        self.check_button = QPushButton()
        self.check_button.setObjectName("checkButton")
        self.check_button.setMinimumHeight(34)
        self.check_button.clicked.connect(self.check)
        self.clear_button = QPushButton()
        self.clear_button.clicked.connect(self.grid.clear)
        self.count = _muted(QLabel())
        self.legend = _muted(QLabel())
        self.legend.setWordWrap(True)
        self.inspector = WaitInspector(self)
        self.inspector.hide()
        self.placeholder = _muted(QLabel())
        self.placeholder.setObjectName("placeholder")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(8)
        layout.addLayout(self._prompt_row())
        layout.addWidget(self.hand_view)
        layout.addWidget(self.visible_flow)
        body = QHBoxLayout()
        body.setSpacing(16)
        left = QVBoxLayout()
        left.setSpacing(6)
        left.addWidget(self.grid, 0, Qt.AlignmentFlag.AlignLeft)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.clear_button)
        buttons.addWidget(self.count)
        buttons.addStretch(1)
        left.addLayout(buttons)
        left.addWidget(self.hint)
        left.addWidget(self.legend)
        left.addStretch(1)
        self.left = QWidget()
        self.left.setLayout(left)
        self.left.setMaximumWidth(self.grid.sizeHint().width() + 16)
        body.addWidget(self.left, 0)
        right = QVBoxLayout()
        right.setSpacing(8)
        right.addWidget(self.feedback)
        right.addWidget(self.inspector, 1)
        right.addWidget(self.placeholder, 1)
        body.addLayout(right, 1)
        layout.addLayout(body, 1)

    def focus_target(self) -> QWidget:
        return self.grid

    def show_problem(self, problem: Problem) -> None:
        super().show_problem(problem)
        self.grid.reset()
        self.inspector.hide()
        self.inspector.set_report(None)
        self.placeholder.show()
        self.check_button.setEnabled(True)
        self.clear_button.setEnabled(True)
        self.legend.hide()
        self.hint.show()
        self._update_count()

    def check(self) -> None:
        if not self.locked and self.problem is not None:
            self.answered.emit([Tile(k) for k in self.grid.marked()])

    def show_result(self, result: Result, last: bool = False) -> None:
        super().show_result(result, last)
        fb = result.feedback
        kinds = lambda names: {Tile.from_name(n).kind for n in names}   # noqa: E731
        best = kinds(fb.best)
        marked = set(self.grid.marked())
        self.grid.show_result(marked & best, best - marked, marked - best)
        hand = result.problem.to_hand()
        self.inspector.set_report(wait_details(hand), hand)
        self.placeholder.hide()
        self.inspector.show()
        self.check_button.setEnabled(False)
        self.clear_button.setEnabled(False)
        self.hint.hide()
        self.legend.show()
        self.feedback.next_button.setFocus()

    def _update_count(self) -> None:
        n = len(self.grid.marked())
        self.count.setText(tr(f"{n} marked", f"{n}種選択"))

    def handle_key(self, event: QKeyEvent) -> bool:
        if super().handle_key(event):
            return True
        if self.locked:
            return False
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.check()
            return True
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
                   Qt.Key.Key_Space, Qt.Key.Key_Backspace, Qt.Key.Key_Delete) or \
                Qt.Key.Key_0 <= key <= Qt.Key.Key_9 or key in (Qt.Key.Key_M, Qt.Key.Key_P,
                                                               Qt.Key.Key_S, Qt.Key.Key_Z):
            self.grid.setFocus()
            self.grid.keyPressEvent(event)
            return True
        return False

    def retranslate(self) -> None:
        super().retranslate()
        self.prompt.setText(tr("Which tiles complete this hand?", "待ちはどれですか？"))
        self.check_button.setText(tr("Check (Enter)", "答え合わせ（Enter）"))
        self.clear_button.setText(tr("Clear", "クリア"))
        self.hint.setText(tr("Mark every wait, then Check. Keys: arrows + Space, or type a tile "
                             "(4 then m); Backspace clears.",
                             "待ちをすべて選んで答え合わせ。キー: 矢印と Space、または牌を入力"
                             "（4 の次に m）。Backspace でクリア。"))
        self.legend.setText(tr("✓ found · ! missed · ✗ not a wait",
                               "✓ 正解 · ! 見逃し · ✗ 待ちではない"))
        self.placeholder.setText(tr("The waits and every way the hand completes appear here "
                                    "after you check.",
                                    "答え合わせの後、待ちと和了の形がここに表示されます。"))
        self.inspector.retranslate()
        self.grid._refresh()
        self._update_count()

    def set_theme(self, theme: str) -> None:
        super().set_theme(theme)
        self.grid.set_theme(theme)
        self.inspector.set_theme(theme)


# ---- calls ------------------------------------------------------------------------------------

def meld_tiles(call: Call, discarded: Tile, seat: str) -> list[tuple[Tile, bool]]:
    """The tiles of a call as they would lie on the table: the called tile sideways at the
    side of the player who discarded it."""
    if call.kind == "pass":
        return []
    kinds = (discarded.kind, discarded.kind) if call.kind == "pon" else call.uses
    row = [(Tile(k), False) for k in kinds]
    position = {"L": 0, "A": 1, "R": len(row)}[seat if call.kind == "pon" else "L"]
    row.insert(position, (discarded, True))
    return row


class ChoiceButton(QPushButton):
    """One answer of a call drill: its key, its name and the meld it would make; after the
    answer a ring says right / wrong and a caption what the call does."""

    def __init__(self, choice: CallChoice, discarded: Tile, seat: str, key: int,
                 theme: str = "light", parent: QWidget | None = None):
        super().__init__(parent)
        self.choice = choice
        self.call = choice.call
        self.key = key
        self._theme = theme
        self.state: str | None = None          # "right" | "wrong" | "other-right"
        self.setObjectName(f"choice_{str(choice.call).replace(':', '_')}")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 8, 14, 8)
        layout.setSpacing(10)
        self.key_label = QLabel(str(key))
        self.key_label.setObjectName("choiceKey")
        self.key_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.key_label.setFixedSize(22, 22)
        layout.addWidget(self.key_label, 0, Qt.AlignmentFlag.AlignVCenter)
        text = QVBoxLayout()
        text.setSpacing(2)
        self.name_label = QLabel()
        self.name_label.setFont(_font(self, 1.2, True))
        self.caption = _muted(QLabel())
        self.caption.hide()
        text.addWidget(self.name_label)
        text.addWidget(self.caption)
        layout.addLayout(text)
        self.tiles = TileRow(meld_tiles(choice.call, discarded, seat), 44, theme, parent=self)
        layout.addWidget(self.tiles, 0, Qt.AlignmentFlag.AlignVCenter)
        self.tiles.setVisible(choice.call.kind != "pass")
        for w in (self.key_label, self.name_label, self.caption):
            w.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.retranslate()

    def retranslate(self) -> None:
        call = self.call
        if call.kind == "pass":
            name = tr("Pass", "スルー")
        elif call.kind == "pon":
            name = tr("Pon", "ポン")
        else:
            name = tr("Chi", "チー")
        self.name_label.setText(name)
        c = self.choice
        if c.call.kind == "pass":
            effect = tr(f"stay closed, {shanten_words(c.shanten, 'en')}",
                        f"門前のまま{shanten_words(c.shanten, 'ja')}")
        elif not c.advances:
            effect = tr(f"no progress ({shanten_words(c.shanten, 'en')})",
                        f"前進なし（{shanten_words(c.shanten, 'ja')}）")
        else:
            yaku = c.yaku.describe(_lang()) if c.yaku is not None else ""
            effect = tr(f"→ {shanten_words(c.shanten, 'en')}", f"→ {shanten_words(c.shanten, 'ja')}")
            if yaku:
                effect += (" · " + yaku)
        self.caption.setText(effect)
        self.setToolTip(tr(f"{name} (key {self.key})", f"{name}（キー {self.key}）"))

    def set_state(self, state: str | None, revealed: bool = True) -> None:
        """After the answer: `state` 'right' / 'wrong' (the pick), 'other-right' (a right
        answer not picked) or None; `revealed` shows what the call does."""
        self.state = state
        self.caption.setVisible(revealed)
        self.update()

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.tiles.set_theme(theme)
        self.update()

    def sizeHint(self) -> QSize:
        return self.layout().sizeHint().expandedTo(QSize(110, 56))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.state is None:
            return
        c = COLORS[self._theme]
        color = QColor(c["good"] if self.state in ("right", "other-right") else c["bad"])
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(color)
        fill.setAlpha(30)
        painter.setBrush(fill)
        pen = QPen(color, 3 if self.state in ("right", "wrong") else 2)
        if self.state == "other-right":
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5), 6, 6)
        painter.end()


class CallView(_DrillView):
    """Calls: the hand, the tile another player discarded, Pass / Pon / Chi buttons."""

    kind = "call"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, tile_height=56)
        _focusless(self.hand_view)
        self.choices: list[ChoiceButton] = []
        self.discard_tile = TileButton("back", 60, "light", self)
        self.discard_tile.setObjectName("discarded")
        _focusless(self.discard_tile)
        self.discard_tile.setCursor(Qt.CursorShape.ArrowCursor)
        self.discard_tile.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.discard_label = QLabel()
        self.discard_label.setObjectName("discardLabel")
        self.discard_label.setFont(_font(self, 1.35, True))
        self.choice_row = QHBoxLayout()
        self.choice_row.setSpacing(10)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(10)
        layout.addLayout(self._prompt_row())
        layout.addWidget(self.hand_view)
        layout.addWidget(self.visible_flow)
        discard = QFrame()
        discard.setObjectName("discardBox")
        row = QHBoxLayout(discard)
        row.setContentsMargins(12, 6, 12, 6)
        row.setSpacing(16)
        row.addWidget(self.discard_tile)
        row.addWidget(self.discard_label)
        discard_row = QHBoxLayout()
        discard_row.addWidget(discard)
        discard_row.addStretch(1)
        layout.addLayout(discard_row)
        layout.addLayout(self.choice_row)
        layout.addWidget(self.hint)
        layout.addWidget(self.feedback)
        layout.addStretch(1)

    def show_problem(self, problem: Problem) -> None:
        for b in self.choices:
            self.choice_row.removeWidget(b)
            b.hide()
            b.deleteLater()
        self.choices = []
        while self.choice_row.count():
            self.choice_row.takeAt(0)
        tile = problem.discarded_tile
        assert tile is not None and problem.from_seat is not None
        self.discard_tile.tile = tile
        _, options = call_choices(problem)
        ordered = [c for c in options if c.call.kind == "pass"] + \
                  [c for c in options if c.call.kind != "pass"]
        for i, choice in enumerate(ordered):
            button = ChoiceButton(choice, tile, problem.from_seat, i + 1, self._theme, self)
            button.clicked.connect(lambda _=False, b=button: self._chosen(b))
            self.choices.append(button)
            self.choice_row.addWidget(button)
            button.show()                      # now, so that it can take the focus
        self.choice_row.addStretch(1)
        super().show_problem(problem)

    def focus_target(self) -> QWidget:
        return self.choices[0] if self.choices else self

    def _chosen(self, button: ChoiceButton) -> None:
        if not self.locked:
            self.answered.emit(str(button.call))

    def choose(self, index: int) -> bool:
        if self.locked or not 0 <= index < len(self.choices):
            return False
        self._chosen(self.choices[index])
        return True

    def show_result(self, result: Result, last: bool = False) -> None:
        super().show_result(result, last)
        right = set(result.feedback.best)
        for b in self.choices:
            picked = str(b.call) == result.feedback.pick
            if picked:
                b.set_state("right" if result.feedback.correct else "wrong")
            else:
                b.set_state("other-right" if str(b.call) in right else None)
        self.hint.hide()

    def handle_key(self, event: QKeyEvent) -> bool:
        if super().handle_key(event):
            return True
        if self.locked:
            return False
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            return self.choose(key - Qt.Key.Key_1)
        kinds = [b.call.kind for b in self.choices]
        letter = {Qt.Key.Key_P: "pon", Qt.Key.Key_C: "chi", Qt.Key.Key_S: "pass",
                  Qt.Key.Key_0: "pass"}.get(key)
        if letter is not None and kinds.count(letter) == 1:
            return self.choose(kinds.index(letter))
        return False

    def retranslate(self) -> None:
        super().retranslate()
        p = self.problem
        self.prompt.setText(tr("Call or pass?", "鳴きますか？"))
        if p is not None and p.from_seat is not None and p.discarded_tile is not None:
            en, ja = SEAT_NAMES[p.from_seat]
            name = tile_name(p.discarded_tile)
            self.discard_label.setText(tr(f"{en} discards {name}", f"{ja}が{name}を捨てた"))
        kinds = [b.call.kind for b in self.choices]
        keys = tr(f"Keys: 1–{len(kinds)} by position · S pass", f"キー: 1〜{len(kinds)} · S スルー")
        if kinds.count("pon") == 1:
            keys += tr(" · P pon", " · P ポン")
        if kinds.count("chi") == 1:
            keys += tr(" · C chi", " · C チー")
        self.hint.setText(keys)
        for b in self.choices:
            b.retranslate()

    def set_theme(self, theme: str) -> None:
        super().set_theme(theme)
        self.discard_tile.theme = theme
        for b in self.choices:
            b.set_theme(theme)


# ---- summary --------------------------------------------------------------------------------

class _Stat(QFrame):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("stat")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 10, 18, 10)
        layout.setSpacing(2)
        self.value = QLabel()
        self.value.setObjectName("statValue")
        self.value.setFont(_font(self, 2.0, True))
        self.caption = _muted(QLabel())
        self.detail = _muted(QLabel())
        layout.addWidget(self.caption)
        layout.addWidget(self.value)
        layout.addWidget(self.detail)


class MissRow(QFrame):
    """One missed problem of a set: its number, the hand, the pick and the answer."""

    def __init__(self, result: Result, theme: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("missRow")
        self.result = result
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(14)
        self.number = QLabel(f"#{result.index + 1}")
        self.number.setFont(_font(self, 1.1, True))
        self.number.setMinimumWidth(34)
        layout.addWidget(self.number)
        tiles, gap = hand_row(result.problem)
        p = result.problem
        if p.kind == "call" and p.discarded_tile is not None:
            tiles = tiles + [(p.discarded_tile, True)]
            gap = len(tiles) - 1
        self.tiles = TileRow(tiles, 30, theme, gap)
        layout.addWidget(self.tiles)
        self.text = QLabel()
        self.text.setWordWrap(True)
        layout.addWidget(self.text, 1)
        self.retranslate()

    def retranslate(self) -> None:
        fb = self.result.feedback
        pick = fb.pick or tr("no answer", "解答なし")
        if fb.kind == "wait" and fb.pick == "":
            pick = tr("nothing marked", "選択なし")
        best = ", ".join(fb.best)
        late = tr(" (time is up)", "（時間切れ）") if self.result.timed_out else ""
        self.text.setText(tr(f"You: <b>{escape(pick)}</b>{late} · {percent(fb.credit)}<br>"
                             f"Answer: <b>{escape(best)}</b>",
                             f"あなた: <b>{escape(pick)}</b>{late} · {percent(fb.credit)}<br>"
                             f"正解: <b>{escape(best)}</b>"))
        self.setToolTip(fb.explanation(_lang()))

    def set_theme(self, theme: str) -> None:
        self.tiles.set_theme(theme)


class SummaryView(QWidget):
    """The end of a set: score, accuracy, time, the misses and "Practise misses"."""

    practiseRequested = Signal()
    restartRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.summary: Summary | None = None
        self.set_title = ""
        self._theme = "light"
        self.rows: list[MissRow] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(12)
        self.title = QLabel()
        self.title.setFont(_font(self, 1.6, True))
        self.subtitle = _muted(QLabel())
        head = QHBoxLayout()
        head.setSpacing(14)
        head.addWidget(self.title, 0, Qt.AlignmentFlag.AlignBaseline)
        head.addWidget(self.subtitle, 0, Qt.AlignmentFlag.AlignBaseline)
        head.addStretch(1)
        layout.addLayout(head)
        stats = QHBoxLayout()
        stats.setSpacing(12)
        self.score, self.accuracy, self.time = _Stat(), _Stat(), _Stat()
        for s in (self.score, self.accuracy, self.time):
            stats.addWidget(s)
        stats.addStretch(1)
        layout.addLayout(stats)
        buttons = QHBoxLayout()
        self.practise = QPushButton()
        self.practise.setObjectName("practiseMisses")
        self.practise.setMinimumHeight(34)
        self.practise.clicked.connect(self.practiseRequested)
        self.restart = QPushButton()
        self.restart.setObjectName("newSet")
        self.restart.setMinimumHeight(34)
        self.restart.setAutoDefault(True)
        self.restart.clicked.connect(self.restartRequested)
        buttons.addWidget(self.restart)
        buttons.addWidget(self.practise)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.misses_title = QLabel()
        self.misses_title.setFont(_font(self, 1.15, True))
        layout.addWidget(self.misses_title)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout.addWidget(self.scroll, 1)

    def set_summary(self, summary: Summary, title: str) -> None:
        self.summary, self.set_title = summary, title
        content = QWidget()
        content.setObjectName("missList")
        box = QVBoxLayout(content)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(6)
        self.rows = [MissRow(r, self._theme) for r in summary.misses]
        for row in self.rows:
            box.addWidget(row)
        box.addStretch(1)
        old = self.scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        self.scroll.setWidget(content)
        self.practise.setEnabled(bool(summary.misses))
        self.retranslate()

    def retranslate(self) -> None:
        self.practise.setText(tr("Practise misses (P)", "間違えた問題を練習（P）"))
        self.restart.setText(tr("New set (Enter)", "新しいセット（Enter）"))
        s = self.summary
        if s is None:
            return
        self.title.setText(self.set_title or tr("Results", "結果"))
        self.subtitle.setText(tr(f"{s.answered} problem{'s' if s.answered != 1 else ''} answered",
                                 f"{s.answered}問解答"))
        self.score.caption.setText(tr("Score", "得点"))
        self.score.value.setText(percent(s.mean_score))
        self.score.detail.setText(tr("mean credit", "平均得点"))
        self.accuracy.caption.setText(tr("Accuracy", "正答率"))
        self.accuracy.value.setText(f"{s.correct} / {s.answered}")
        self.accuracy.detail.setText(percent(s.accuracy))
        self.time.caption.setText(tr("Time", "時間"))
        self.time.value.setText(clock_text(s.total_seconds))
        detail = tr(f"{s.mean_seconds:.1f} s per problem", f"1問平均 {s.mean_seconds:.1f}秒")
        if s.timeouts:
            detail += tr(f" · {s.timeouts} timed out", f" · 時間切れ {s.timeouts}問")
        self.time.detail.setText(detail)
        n = len(s.misses)
        self.misses_title.setText(tr(f"Missed problems ({n})", f"間違えた問題（{n}問）") if n else
                                  tr("No misses — every answer was right.", "全問正解です。"))
        for row in self.rows:
            row.retranslate()

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        for row in self.rows:
            row.set_theme(theme)

    def handle_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.restartRequested.emit()
            return True
        if key == Qt.Key.Key_P and self.practise.isEnabled():
            self.practiseRequested.emit()
            return True
        return False


class IntroView(QWidget):
    """Before the first start: what the drill is, and Start."""

    startRequested = Signal()

    def __init__(self, kind: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.kind = kind
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.setSpacing(12)
        layout.addStretch(1)
        self.title = QLabel()
        self.title.setFont(_font(self, 1.8, True))
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text = _muted(QLabel())
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.start = QPushButton()
        self.start.setObjectName("introStart")
        self.start.setMinimumSize(180, 40)
        self.start.setFont(_font(self, 1.15, True))
        self.start.clicked.connect(self.startRequested)
        self.keys = _muted(QLabel())
        self.keys.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.keys.setWordWrap(True)
        layout.addWidget(self.title)
        layout.addWidget(self.text)
        layout.addSpacing(6)
        layout.addWidget(self.start, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.keys)
        layout.addStretch(2)
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(kind_title(self.kind))
        self.text.setText({
            "nanikiru": tr("A 14-tile hand: pick the discard that keeps the most tiles "
                           "(ukeire), or the widest next step. Partial credit for a discard "
                           "that keeps the shanten.",
                           "14枚の手牌から、受け入れが最も多くなる打牌を選びます。"
                           "向聴数を保つ打牌には部分点があります。"),
            "wait": tr("A tenpai hand: mark every tile that completes it. Every missed wait "
                       "and every wrong mark costs.",
                       "聴牌の手牌の待ちをすべて選びます。見逃しと誤りは減点です。"),
            "call": tr("Another player discards a tile: pon, chi or pass? A call is right when "
                       "it advances the hand and keeps a yaku.",
                       "他家の捨て牌をポン・チーするか、スルーするか。"
                       "向聴数が進み、役が残る鳴きが正解です。"),
        }[self.kind])
        self.start.setText(tr("Start (Enter)", "開始（Enter）"))
        self.keys.setText({
            "nanikiru": tr("Keys: 1–9 discard the tile at that position, 0 the drawn tile, "
                           "←/→ then Enter any tile; Enter or N for the next problem.",
                           "キー: 1〜9 でその位置の牌、0 でツモ牌、←/→ と Enter で任意の牌。"
                           "Enter か N で次の問題。"),
            "wait": tr("Keys: arrows and Space mark tiles, or type one (4 then m); Enter "
                       "checks; Enter or N for the next problem.",
                       "キー: 矢印と Space、または牌を入力（4 の次に m）。Enter で答え合わせ、"
                       "Enter か N で次の問題。"),
            "call": tr("Keys: 1–9 by position, S pass, P pon, C chi; Enter or N for the next "
                       "problem.",
                       "キー: 1〜9、S スルー、P ポン、C チー。Enter か N で次の問題。"),
        }[self.kind])


# ---- the page ---------------------------------------------------------------------------------

_MODES = (("endless", 0), ("set10", 10), ("set20", 20))
_TIMERS = (0, 15, 30, 60)


def _stylesheet(c: dict[str, str]) -> str:
    return f"""
        QLabel[muted="true"] {{ color: {c['muted']}; }}
        QFrame#drillBar {{ background: {c['bar']}; border: 1px solid {c['bar_border']};
                           border-radius: 8px; }}
        QFrame#notice {{ background: {c['notice_bg']}; border: 1px solid {c['notice_border']};
                         border-radius: 6px; }}
        QFrame#notice QLabel {{ color: {c['notice_text']}; }}
        QFrame#feedback {{ background: {c['card']}; border: 1px solid {c['card_border']};
                           border-left: 6px solid {c['card_border']}; border-radius: 8px; }}
        QFrame#feedback[state="good"] {{ background: {c['good_bg']}; border-color: {c['good_border']};
                                         border-left-color: {c['good']}; }}
        QFrame#feedback[state="partial"] {{ background: {c['partial_bg']};
                                            border-color: {c['partial_border']};
                                            border-left-color: {c['partial']}; }}
        QFrame#feedback[state="bad"] {{ background: {c['bad_bg']}; border-color: {c['bad_border']};
                                        border-left-color: {c['bad']}; }}
        QFrame#feedback QLabel {{ background: transparent; border: none; color: {c['text']}; }}
        QFrame#feedback QLabel[muted="true"] {{ color: {c['muted']}; }}
        QFrame#feedback[state="good"] QLabel#feedbackMark,
        QFrame#feedback[state="good"] QLabel#feedbackTitle,
        QFrame#feedback[state="good"] QLabel#feedbackCredit {{ color: {c['good']}; }}
        QFrame#feedback[state="partial"] QLabel#feedbackMark,
        QFrame#feedback[state="partial"] QLabel#feedbackTitle,
        QFrame#feedback[state="partial"] QLabel#feedbackCredit {{ color: {c['partial']}; }}
        QFrame#feedback[state="bad"] QLabel#feedbackMark,
        QFrame#feedback[state="bad"] QLabel#feedbackTitle,
        QFrame#feedback[state="bad"] QLabel#feedbackCredit {{ color: {c['bad']}; }}
        QFrame#discardBox {{ background: {c['card']}; border: 1px solid {c['card_border']};
                             border-radius: 8px; }}
        QFrame#discardBox QLabel {{ background: transparent; border: none; }}
        QLabel#choiceKey {{ background: {c['key_bg']}; color: {c['key_text']};
                            border-radius: 11px; font-weight: bold; }}
        QFrame#stat {{ background: {c['card']}; border: 1px solid {c['card_border']};
                       border-radius: 8px; }}
        QFrame#stat QLabel {{ background: transparent; border: none; }}
        QFrame#missRow {{ background: {c['card']}; border: 1px solid {c['card_border']};
                          border-radius: 6px; }}
        QFrame#missRow QLabel {{ background: transparent; border: none; }}
        QLabel#counter {{ font-weight: bold; }}
        QLabel#countdown[low="true"] {{ color: {c['bad']}; font-weight: bold; }}
    """


class DrillPage(QWidget):
    """One drill (kind ``nanikiru``, ``wait`` or ``call``) with its top bar, views and
    summary; see the module doc.

    Signals: `attemptRecorded()` after each answer saved in the history; `message(str)`
    for non-fatal notices (also shown inline), e.g. a history that cannot be written.
    Public: `start(seed=None)`, `start_set(problems, title)`, `finish()`, `settings()`,
    `apply_settings(dict)`, `set_store(store)`, `show_notice(en, ja)`, `clear_notice()`,
    `retranslate()`, `set_theme(theme)`; `session` is the running `DrillSession` (None
    before the first).  Plain keys are used here and not passed on to the window.
    """

    attemptRecorded = Signal()
    message = Signal(str)

    def __init__(self, kind: str, store: HistoryStore | None, parent: QWidget | None = None,
                 *, clock: Callable[[], float] = time.monotonic):
        super().__init__(parent)
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        self.kind = kind
        self.store = store
        self.session: DrillSession | None = None
        self._title: str | tuple[str, str] = ""
        self.seed: int | str | None = None
        self._clock = clock
        self._theme = "light"
        self._notice_text = ("", "")
        self._store_error_shown = False
        self.setObjectName(f"drillPage_{kind}")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 8)
        outer.setSpacing(8)
        outer.addWidget(self._build_bar())
        outer.addWidget(self._build_notice())

        self.stack = QStackedWidget(self)
        self.intro = IntroView(kind)
        self.intro.startRequested.connect(self.start)
        self.view: _DrillView = {"nanikiru": NanikiruView, "wait": WaitView,
                                 "call": CallView}[kind]()
        self.view.answered.connect(self._answer)
        self.view.nextRequested.connect(self.next_problem)
        self.summary_view = SummaryView()
        self.summary_view.practiseRequested.connect(self.practise_misses)
        self.summary_view.restartRequested.connect(self.start)
        for w in (self.intro, self.view, self.summary_view):
            self.stack.addWidget(w)
        outer.addWidget(self.stack, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)
        self._sync_bar()
        self.set_theme("light")
        self.retranslate()

    # ---- construction --------------------------------------------------------------------
    def _combo(self, name: str, items: Sequence[tuple[Any, str, str]]) -> QComboBox:
        combo = QComboBox()
        combo.setObjectName(name)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for data, en, ja in items:
            combo.addItem(en, data)
        combo.setProperty("texts", [(en, ja) for _, en, ja in items])
        return combo

    def _build_bar(self) -> QFrame:
        bar = QFrame()
        bar.setObjectName("drillBar")
        row = QHBoxLayout(bar)
        row.setContentsMargins(10, 6, 10, 6)
        row.setSpacing(6)
        self.source_combo = self._combo("source", [
            ("generated", "Generated", "自動生成"), ("starter", "Starter set", "入門セット"),
            ("review", "Review misses", "復習")])
        shanten_items = [("any", "any", "指定なし")]
        shanten_items += [(s, "tenpai" if s == 0 else f"{s}-shanten", "聴牌" if s == 0 else f"{s}向聴")
                          for s in ((0, 1, 2, 3) if self.kind == "nanikiru" else (1, 2, 3))]
        self.shanten_combo = self._combo("shanten", shanten_items)
        self.theme_combo = self._combo("theme", [
            ("any", "any", "指定なし"), ("chinitsu", "chinitsu", "清一色"),
            ("chiitoi", "seven pairs", "七対子")])
        self.mode_combo = self._combo("mode", [
            ("endless", "Endless", "エンドレス"), ("set10", "Set of 10", "10問セット"),
            ("set20", "Set of 20", "20問セット")])
        self.evaluator_combo = self._combo("evaluator", [
            ("ukeire", "Ukeire", "受け入れ"), ("second-step", "Ukeire + 2nd step", "受け入れ＋二歩目")])
        self.timer_combo = self._combo("timer", [
            (0, "off", "なし"), (15, "15 s", "15秒"), (30, "30 s", "30秒"), (60, "60 s", "60秒")])
        self.bar_labels: dict[str, QLabel] = {}
        self.bar_fields: dict[str, QWidget] = {}
        settings = QWidget()
        flow = FlowLayout(settings, h_spacing=14, v_spacing=4)
        for name, combo in (("source", self.source_combo), ("shanten", self.shanten_combo),
                            ("theme", self.theme_combo), ("mode", self.mode_combo),
                            ("evaluator", self.evaluator_combo), ("timer", self.timer_combo)):
            field = QWidget()
            pair = QHBoxLayout(field)
            pair.setContentsMargins(0, 0, 0, 0)
            pair.setSpacing(5)
            label = _muted(QLabel())
            label.setBuddy(combo)
            pair.addWidget(label)
            pair.addWidget(combo)
            self.bar_labels[name] = label
            self.bar_fields[name] = field
            flow.addWidget(field)
        self.source_combo.currentIndexChanged.connect(self._sync_bar)
        self.bar_fields["shanten"].setVisible(self.kind in ("nanikiru", "call"))
        self.bar_fields["theme"].setVisible(self.kind in ("nanikiru", "wait"))
        self.bar_fields["evaluator"].setVisible(self.kind == "nanikiru")
        row.addWidget(settings, 1)
        self.countdown = QLabel()
        self.countdown.setObjectName("countdown")
        self.countdown_bar = QProgressBar()
        self.countdown_bar.setTextVisible(False)
        self.countdown_bar.setFixedSize(70, 8)
        self.countdown_bar.setRange(0, 1000)
        self.counter = QLabel()
        self.counter.setObjectName("counter")
        self.counter.setFont(_font(self, 1.15, True))
        self.tally = _muted(QLabel())
        self.finish_button = QToolButton()
        self.finish_button.setObjectName("finish")
        self.finish_button.clicked.connect(self.finish)
        self.start_button = QPushButton()
        self.start_button.setObjectName("start")
        self.start_button.clicked.connect(lambda: self.start())
        for w in (self.countdown, self.countdown_bar):
            row.addWidget(w)
            w.hide()
        row.addSpacing(8)
        row.addWidget(self.tally)
        row.addWidget(self.counter)
        row.addSpacing(8)
        row.addWidget(self.finish_button)
        row.addWidget(self.start_button)
        self.finish_button.hide()
        return bar

    def _build_notice(self) -> QFrame:
        self.notice = QFrame()
        self.notice.setObjectName("notice")
        row = QHBoxLayout(self.notice)
        row.setContentsMargins(10, 6, 6, 6)
        self.notice_icon = QLabel("⚠")
        self.notice_icon.setFont(_font(self, 1.2, True))
        self.notice_label = QLabel()
        self.notice_label.setObjectName("noticeText")
        self.notice_label.setWordWrap(True)
        self.notice_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.notice_close = QToolButton()
        self.notice_close.setText("✕")
        self.notice_close.setAutoRaise(True)
        self.notice_close.clicked.connect(self.clear_notice)
        row.addWidget(self.notice_icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.notice_label, 1)
        row.addWidget(self.notice_close, 0, Qt.AlignmentFlag.AlignTop)
        self.notice.hide()
        return self.notice

    def _sync_bar(self) -> None:
        generated = self.source_combo.currentData() == "generated"
        self.shanten_combo.setEnabled(generated)
        self.theme_combo.setEnabled(generated)

    # ---- settings ------------------------------------------------------------------------
    def settings(self) -> dict:
        """The top bar's choices, for the main window to persist (plain str / int values)."""
        return {"source": self.source_combo.currentData(),
                "shanten": self.shanten_combo.currentData(),
                "theme": self.theme_combo.currentData(),
                "mode": self.mode_combo.currentData(),
                "evaluator": self.evaluator_combo.currentData(),
                "timer": self.timer_combo.currentData()}

    def apply_settings(self, values: dict) -> None:
        """Restore `settings()`; unknown keys and values that do not fit are ignored
        (values read back from QSettings may be strings)."""
        for key, combo in (("source", self.source_combo), ("shanten", self.shanten_combo),
                           ("theme", self.theme_combo), ("mode", self.mode_combo),
                           ("evaluator", self.evaluator_combo), ("timer", self.timer_combo)):
            if not isinstance(values, dict) or key not in values:
                continue
            wanted = str(values[key])
            for i in range(combo.count()):
                if str(combo.itemData(i)) == wanted:
                    combo.setCurrentIndex(i)
                    break
        self._sync_bar()

    # ---- notices ---------------------------------------------------------------------------
    def show_notice(self, en: str, ja: str | None = None, emit: bool = True) -> None:
        """An inline notice (never a dialog); also sent as `message`."""
        self._notice_text = (en, ja if ja is not None else en)
        self.notice_label.setText(tr(*self._notice_text))
        self.notice.show()
        if emit:
            self.message.emit(tr(*self._notice_text))

    def clear_notice(self) -> None:
        self._notice_text = ("", "")
        self.notice_label.clear()
        self.notice.hide()

    def notice_text(self) -> str:
        """The inline notice shown ('' when none)."""
        return "" if self.notice.isHidden() else self.notice_label.text()

    def set_store(self, store: HistoryStore | None) -> None:
        """Use another history store from the next session on."""
        self.store = store
        self._store_error_shown = False
        self._refresh_review_count()

    # ---- sessions --------------------------------------------------------------------------
    def _mode(self) -> tuple[str, int | None]:
        n = dict(_MODES)[self.mode_combo.currentData()]
        return ("set", n) if n else ("endless", None)

    def _timer(self) -> float | None:
        seconds = self.timer_combo.currentData()
        return float(seconds) if seconds else None

    def start(self, seed: int | str | None = None) -> bool:
        """Start a session from the top bar's choices (a random seed unless given);
        False (with an inline notice) when there is nothing to drill."""
        if isinstance(seed, bool):          # QPushButton.clicked(bool)
            seed = None
        self.clear_notice()
        source = self.source_combo.currentData()
        mode, length = self._mode()
        seed = seed if seed is not None else random.randrange(1, 1_000_000)
        try:
            if source == "generated":
                shanten = self.shanten_combo.currentData()
                spec = GeneratorSpec(seed, None if shanten == "any" or self.kind == "wait"
                                     else int(shanten),
                                     self.theme_combo.currentData() if self.kind != "call" else "any")
                session = self._session(spec, mode, length, None)
                title = ""
            elif source == "starter":
                s = starter_set()
                problems = problems_of_kind(s, self.kind)[0]
                random.Random(seed).shuffle(problems)
                title = ("Starter set", "入門セット")
                session = self._session(problems, mode, length, s.title or "starter")
            else:
                if self.store is None:
                    self.show_notice("The review queue needs the drill history, which is not "
                                     "available.", "復習キューには練習履歴が必要ですが、使用できません。")
                    return False
                problems = review_problems(self.store, self.kind)
                if not problems:
                    self.show_notice("No missed problems are due for review — well done.",
                                     "復習予定の問題はありません。", emit=False)
                    return False
                title = ("Review", "復習")
                session = self._session(problems, mode, length, "review")
        except (GenerateError, ValueError, ProblemSetError) as error:
            self.show_notice(f"Cannot start: {error}", f"開始できません: {error}")
            return False
        except HistoryError as error:
            self.show_notice(error.message, error.message_ja)
            return False
        self.seed = seed
        self._begin(session, title)
        return True

    def _session(self, source, mode: str, length: int | None, set_name: str | None) -> DrillSession:
        return DrillSession(self.kind, source, mode, length, self.evaluator_combo.currentData()
                            if self.kind == "nanikiru" else DEFAULT_EVALUATOR, self.store,
                            self._timer(), self._clock, set_name=set_name)

    def start_set(self, problems: Sequence[Problem | dict], title: str) -> bool:
        """Drill a given list of problems as a fixed set (e.g. the Stats page's misses or an
        imported problem set); problems of other kinds are left out (with a notice).  Problem
        dicts (as the history stores them) are accepted.  False when none is left."""
        return self._start_list(problems, title)

    @property
    def session_title(self) -> str:
        """The running set's title ('' for generated problems)."""
        return tr(*self._title) if isinstance(self._title, tuple) else self._title

    def _start_list(self, problems: Sequence[Problem | dict], title: str | tuple[str, str]) -> bool:
        name = tr(*title) if isinstance(title, tuple) else title
        set_name = title[0] if isinstance(title, tuple) else (title or None)
        self.clear_notice()
        own, skipped = problems_of_kind(problems, self.kind)
        if not own:
            self.show_notice(f"No {self.kind} problems in “{name}”.",
                             f"「{name}」に{KIND_JA[self.kind]}の問題がありません。")
            return False
        try:
            session = self._session(own, "set", None, set_name)
        except (GenerateError, ValueError) as error:
            self.show_notice(f"Cannot start: {error}", f"開始できません: {error}")
            return False
        if skipped:
            self.show_notice(f"{skipped} problem(s) of “{name}” are not {self.kind} problems "
                             "and were left out.",
                             f"「{name}」の{skipped}問は{KIND_JA[self.kind]}以外の問題のため除きました。",
                             emit=False)
        self._begin(session, title)
        return True

    def practise_misses(self) -> bool:
        s = self.session
        if s is None or not s.summary().misses:
            return False
        return self._start_list(s.summary().missed_problems, ("Misses", "間違えた問題"))

    def _begin(self, session: DrillSession, title: str | tuple[str, str]) -> None:
        self.session = session
        self._title = title
        self._store_error_shown = False
        if isinstance(self.view, NanikiruView):
            self.view.evaluator = session.evaluator
        self._show_problem()

    def _show_problem(self) -> None:
        s = self.session
        assert s is not None
        self.view.show_problem(s.current())
        self.stack.setCurrentWidget(self.view)
        self._update_status()
        self.view.focus_target().setFocus()
        if s.timer_seconds is not None:
            self.timer.start()
        else:
            self.timer.stop()
        self.tick()

    def _answer(self, answer: Any) -> None:
        s = self.session
        if s is None or s.answered or s.finished:
            return
        try:
            s.answer(answer)
        except AnswerError as error:
            self.show_notice(str(error), emit=False)
            return
        self._after_answer()

    def _after_answer(self) -> None:
        s = self.session
        assert s is not None and s.result is not None
        self.timer.stop()
        self.tick()
        if s.store_error and not self._store_error_shown:
            self._store_error_shown = True
            self.show_notice(s.store_error, s.store_error_ja)
        if s.result.attempt_id is not None:
            self.attemptRecorded.emit()
        self.view.show_result(s.result, s.is_last)
        self._update_status()
        self._refresh_review_count()

    def tick(self) -> None:
        """Update the countdown; a problem whose time is up is ended as a timeout."""
        s = self.session
        left = s.time_left() if s is not None and not s.finished else None
        shown = (left is not None and not s.answered
                 and self.stack.currentWidget() is self.view)
        self.countdown.setVisible(shown)
        self.countdown_bar.setVisible(shown)
        if not shown:
            self.timer.stop()
            return
        self.countdown.setText(tr(f"{left:.0f} s left", f"残り{left:.0f}秒"))
        low = left <= 5
        if self.countdown.property("low") != low:
            self.countdown.setProperty("low", low)
            self.countdown.style().unpolish(self.countdown)
            self.countdown.style().polish(self.countdown)
        self.countdown_bar.setValue(round(1000 * left / s.timer_seconds))
        if s.expired:
            s.expire()
            self._after_answer()

    def next_problem(self) -> None:
        s = self.session
        if s is None or not s.answered or s.finished:
            return
        if s.next() is None:
            self._show_summary()
        else:
            self._show_problem()

    def finish(self) -> None:
        """End the session now and show its summary (an endless run's way out)."""
        s = self.session
        if s is None:
            return
        self.timer.stop()
        self._show_summary()

    def _show_summary(self) -> None:
        s = self.session
        assert s is not None
        s.finished = True
        self.summary_view.set_summary(s.summary(), self.session_title)
        self.stack.setCurrentWidget(self.summary_view)
        self.summary_view.restart.setFocus()
        self._update_status()
        self.tick()

    def _update_status(self) -> None:
        s = self.session
        running = s is not None and not s.finished
        self.finish_button.setVisible(running)
        if s is None:
            self.counter.setText("")
            self.tally.setText("")
        else:
            n = s.position if not s.finished else len(s.results)
            self.counter.setText(f"{n} / {s.length}" if s.length else f"#{n}")
            tip = self.session_title or (tr(f"Generated problems, seed {self.seed}",
                                            f"自動生成、シード {self.seed}") if s.generated else "")
            self.counter.setToolTip(tip)
            summary = s.summary()
            self.tally.setText(tr(f"✓ {summary.correct} of {summary.answered}",
                                  f"正解 {summary.correct}/{summary.answered}")
                               if summary.answered else "")
        self.start_button.setText(tr("Restart", "やり直す") if s is not None else tr("Start", "開始"))

    def _refresh_review_count(self) -> None:
        i = self.source_combo.findData("review")
        due = None
        if self.store is not None:
            try:
                from mjgui.drills.review import ReviewQueue
                due = ReviewQueue(self.store).counts(drill=self.kind)["due"]
            except Exception:                      # a broken store: no count
                due = None
        en, ja = "Review misses", "復習"
        if due is not None:
            en, ja = f"Review ({due} due)", f"復習（{due}問）"
        self.source_combo.setItemText(i, tr(en, ja))

    # ---- keyboard --------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        current = self.stack.currentWidget()
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            super().keyPressEvent(event)
            return
        if current is self.intro and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.start()
            return
        if current is self.view and self.view.handle_key(event):
            return
        if current is self.summary_view and self.summary_view.handle_key(event):
            return
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Question, Qt.Key.Key_Tab,
                           Qt.Key.Key_Backtab) or Qt.Key.Key_F1 <= event.key() <= Qt.Key.Key_F35:
            super().keyPressEvent(event)
            return
        event.accept()          # plain keys stay on the drill page (no typing elsewhere)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._refresh_review_count()

    # ---- language and theme -------------------------------------------------------------------
    def retranslate(self) -> None:
        for name, en, ja in (("source", "Source", "出題"), ("shanten", "Shanten", "向聴"),
                             ("theme", "Theme", "テーマ"), ("mode", "Mode", "モード"),
                             ("evaluator", "Evaluator", "評価"), ("timer", "Timer", "制限時間")):
            self.bar_labels[name].setText(tr(en, ja))
        for combo in (self.source_combo, self.shanten_combo, self.theme_combo, self.mode_combo,
                      self.evaluator_combo, self.timer_combo):
            for i, (en, ja) in enumerate(combo.property("texts")):
                combo.setItemText(i, tr(en, ja))
        self.source_combo.setToolTip(tr("Generated: new problems from a shuffled wall · Starter "
                                        "set: the problems shipped with mjgui · Review queue: "
                                        "problems you missed that are due again",
                                        "自動生成: 山から新しい問題 · 入門セット: 付属の問題 · "
                                        "復習キュー: 間違えて復習時期が来た問題"))
        self.evaluator_combo.setToolTip(tr("How discards are ranked: most ukeire, or most ukeire "
                                           "then the widest second step",
                                           "打牌の順位: 受け入れ枚数、または受け入れ＋二歩目"))
        self.timer_combo.setToolTip(tr("Time per problem; a late answer scores 0",
                                       "1問の制限時間。時間切れは0点"))
        self.finish_button.setText(tr("End", "終了"))
        self.finish_button.setToolTip(tr("End this run and see its summary",
                                         "この練習を終えて結果を見る"))
        self.start_button.setToolTip(tr("Start a new run with these settings (new problems)",
                                        "この設定で新しく始める"))
        self._refresh_review_count()
        if self._notice_text[0]:
            self.notice_label.setText(tr(*self._notice_text))
        self.intro.retranslate()
        self.view.retranslate()
        self.summary_view.retranslate()
        self._update_status()
        self.tick()

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            raise ValueError(f"theme must be one of {THEMES}, not {theme!r}")
        self._theme = theme
        self.setStyleSheet(_stylesheet(COLORS[theme]))
        self.view.set_theme(theme)
        self.summary_view.set_theme(theme)

    def theme(self) -> str:
        return self._theme
