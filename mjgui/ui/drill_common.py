"""Shared pieces of the drill views: colours, text helpers, painted tile rows, the
feedback panel and the base of the drill views."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Sequence

from PySide6.QtCore import QRectF, QSize, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from mjgui.drills.problems import Problem
from mjgui.drills.session import Result
from mjgui.tiles import HONOR_NAMES_EN, HONOR_NAMES_JA, Tile
from mjgui.ui.analysis_table import CALLS, DISCARD, SORT_ROLE, VERDICT, AnalysisTable
from mjgui.ui.hand_view import HandView, sideways_pixmap
from mjgui.ui.i18n import language, tr
from mjgui.ui.panel_fit import table_height
from mjgui.ui.tile_art import tile_pixmap, tile_width
from mjgui.ui.theme import COLORS, device_ratio
from mjgui.words import WIND_NAMES

TICK_MS = 100

DRILL_JA = {"nanikiru": "何切る", "wait": "待ち", "call": "鳴き", "score": "点数計算", "defence": "守備"}


# ---- small helpers ------------------------------------------------------------------------

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


def drill_title(drill: str) -> str:
    return {"nanikiru": tr("Nanikiru — what do you discard?", "何切る"),
            "wait": tr("Waits — mark every winning tile", "待ち当て"),
            "call": tr("Calls — pon, chi or pass?", "鳴き判断"),
            "score": tr("Score — what is this hand worth?", "点数計算"),
            "defence": tr("Defence — the safest tile, push or fold", "守備 — 安全牌・押し引き")}[drill]


def situation_text(problem: Problem) -> str:
    """'East round · South seat · turn 8' (and Japanese)."""
    rnd, seat = WIND_NAMES[problem.round], WIND_NAMES[problem.seat]
    parts = [tr(f"{rnd[0]} round", f"{rnd[1]}場"), tr(f"{seat[0]} seat", f"{seat[1]}家")]
    if problem.turn:
        parts.append(tr(f"turn {problem.turn}", f"{problem.turn}巡目"))
    if problem.topic != "any":
        theme = {"chinitsu": tr("chinitsu", "清一色"), "chiitoi": tr("seven pairs", "七対子"),
                 "safest": tr("safest tile", "安全牌"), "pushfold": tr("push or fold", "押し引き"),
                 "review": tr("from your games", "自分の対局から")}
        parts.append(theme.get(problem.topic, problem.topic))
    return " · ".join(parts)


def scaled_font(widget: QWidget, scale: float = 1.0, bold: bool = False) -> QFont:
    font = QFont(widget.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    else:
        font.setPixelSize(round(font.pixelSize() * scale))
    font.setBold(bold)
    return font


class AnswerButton(QPushButton):
    """A choice button of a drill (call or score): after the answer a ring says whether it
    was the pick and right ("right"), the pick and wrong ("wrong") or a right answer not
    picked ("other-right", dashed)."""

    def __init__(self, theme: str = "light", parent: QWidget | None = None):
        super().__init__(parent)
        self._theme = theme
        self.state: str | None = None          # "right" | "wrong" | "other-right" | "chosen"

    def keyed_row(self, key: int, right_margin: int) -> QHBoxLayout:
        """The button's row, starting with its key in a badge (`key_label`): the choices of
        both drills look and answer to the pointer alike."""
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 8, right_margin, 8)
        layout.setSpacing(10)
        self.key_label = QLabel(str(key))
        self.key_label.setObjectName("choiceKey")
        self.key_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.key_label.setFixedSize(22, 22)
        return layout

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.state is None:
            return
        c = COLORS[self._theme]
        # "chosen": picked, not yet answered (the call drill asks for the discard next)
        color = QColor(c["good"] if self.state in ("right", "other-right")
                       else c["key_text"] if self.state == "chosen" else c["bad"])
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


def muted(label: QLabel) -> QLabel:
    label.setProperty("muted", True)
    return label


def focusless(*widgets: QWidget) -> None:
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

    def set_tile_height(self, height: int) -> None:
        self._h = int(height)
        self.updateGeometry()
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

    def set_tile_height(self, height: int) -> None:
        self._h = int(height)
        self.updateGeometry()
        self.update()

    def _label_font(self) -> QFont:
        return scaled_font(self, 0.92)

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
    """A problem's concealed tiles sorted (a nanikiru draw or a score hand's winning tile
    kept apart at the end)."""
    hand = problem.to_hand()
    tiles = list(hand.concealed)
    drawn = tiles.pop() if problem.drill in ("nanikiru", "score", "defence") else None
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
        self._drill = "nanikiru"
        self._last = False
        self.state = ""                   # "good" | "partial" | "bad"
        outer = QHBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 12)
        outer.setSpacing(16)
        self.mark = QLabel()
        self.mark.setObjectName("feedbackMark")
        self.mark.setFont(scaled_font(self, 3.2, True))
        self.mark.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.mark.setMinimumWidth(56)
        outer.addWidget(self.mark, 0, Qt.AlignmentFlag.AlignTop)
        col = QVBoxLayout()
        col.setSpacing(6)
        head = QHBoxLayout()
        head.setSpacing(14)
        self.title = QLabel()
        self.title.setObjectName("feedbackTitle")
        self.title.setFont(scaled_font(self, 1.45, True))
        self.credit = QLabel()
        self.credit.setObjectName("feedbackCredit")
        self.credit.setFont(scaled_font(self, 1.45, True))
        self.rank = muted(QLabel())
        self.rank.setFont(scaled_font(self, 1.1))
        self.time = muted(QLabel())
        for w in (self.title, self.credit, self.rank):
            head.addWidget(w, 0, Qt.AlignmentFlag.AlignBaseline)
        head.addStretch(1)
        head.addWidget(self.time, 0, Qt.AlignmentFlag.AlignBaseline)
        col.addLayout(head)
        self.explanation = QLabel()
        self.explanation.setObjectName("feedbackText")
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.explanation.setFont(scaled_font(self, 1.05))
        col.addWidget(self.explanation)
        outer.addLayout(col, 1)
        self.next_button = QPushButton()
        self.next_button.setObjectName("nextButton")
        self.next_button.setAutoDefault(True)
        self.next_button.setMinimumHeight(36)
        self.next_button.clicked.connect(self.nextRequested)
        outer.addWidget(self.next_button, 0, Qt.AlignmentFlag.AlignVCenter)

    def set_result(self, result: Result | None, drill: str, last: bool = False) -> None:
        self._result, self._drill, self._last = result, drill, last
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
            title = tr("Partly right", "一部正解") if self._drill in ("wait", "score") else \
                tr("Not the best", "最善ではない")
        else:
            self.state, mark, title = "bad", "✗", tr("Wrong", "不正解")
        self.mark.setText(mark)
        self.title.setText(title)
        self.credit.setText(percent(fb.credit))
        self.credit.setToolTip(tr("Credit for this answer (partial credit for a discard that "
                                  "keeps the shanten with fewer tiles, or some of the waits)",
                                  "この解答の得点（受け入れが少ない打牌や一部の待ちには部分点）")
                               if self._drill not in ("score", "defence") else
                               tr("Credit for this answer: 100 % for the safest tile (or within half a point "
                                  "of it) or the best push / fold; less the further it is from the best",
                                  "この解答の得点: 最も安全な牌（0.5ポイント以内を含む）または最善の押し引きなら100 %、"
                                  "最善から離れるほど低くなります")
                               if self._drill == "defence" else
                               tr("Credit for this answer: 100 % for the right points; with wrong "
                                  "points 25 % for the right han and 25 % for the right fu",
                                  "この解答の得点: 点数が正しければ100 %、違う場合は翻と符がそれぞれ25 %"))
        rank = ""
        if self._drill == "nanikiru" and fb.rank is not None and fb.choices:
            rank = tr(f"{ordinal(fb.rank)} of {fb.choices}", f"{fb.choices}種中{fb.rank}位")
        elif self._drill == "defence" and fb.rank is not None and fb.choices and not r.timed_out:
            rank = tr(f"{ordinal(fb.rank)} safest of {fb.choices}", f"安全度 {fb.choices}種中{fb.rank}位") \
                if fb.details.get("question") == "safest" else \
                tr(f"{ordinal(fb.rank)} of {fb.choices} answers", f"{fb.choices}通り中{fb.rank}位")
        elif self._drill == "wait" and fb.best and not r.timed_out:
            right = len(fb.details.get("right", ()))
            rank = tr(f"found {right} of {len(fb.best)}", f"待ち{len(fb.best)}種中{right}種正解")
            if fb.wrong:
                rank += tr(f" · {len(fb.wrong)} wrong", f" · 誤り{len(fb.wrong)}種")
        elif self._drill == "score" and not fb.correct and not r.timed_out and "han_right" in fb.details:
            marks = []
            if fb.details.get("pick_han") is not None:
                marks.append(tr("han ✓", "翻 ✓") if fb.details["han_right"] else tr("han ✗", "翻 ✗"))
            if fb.details.get("pick_fu") is not None and not fb.details.get("yakuman"):
                marks.append(tr("fu ✓", "符 ✓") if fb.details["fu_right"] else tr("fu ✗", "符 ✗"))
            rank = " · ".join(marks)
        self.rank.setText(rank)
        self.rank.setVisible(bool(rank))
        self.time.setText(tr(f"{r.seconds:.1f} s", f"{r.seconds:.1f}秒"))
        self.explanation.setText(fb.explanation(language()))
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
    one_pass_paint = False        # PickProxy answers the pick's roles itself
    columns_choosable = False     # its columns are the drill's: no header menu

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.proxy = PickProxy(self)
        self.proxy.setSourceModel(self.source)
        self.proxy.setSortRole(SORT_ROLE)
        self.setModel(self.proxy)
        self.setSelectionMode(self.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # calls are not part of a nanikiru answer: the verdict gets their room
        self.choose_columns({CALLS})

    def set_pick(self, kind: int | None) -> None:
        self.proxy.pick_kind = kind
        self.viewport().update()
        pick = next((row for row in range(self.proxy.rowCount())
                     if self.row_for_view(row).tile is not None and self.row_for_view(row).tile.kind == kind),
                    None)
        # tall enough for the best row (the first) down to the pick, shown from the top:
        # scrolled to a low-ranked pick, the table hid the best row the verdict speaks of
        # (a low window scrolls the page instead)
        self.setMinimumHeight(0 if pick is None else table_height(self, pick + 1))
        self.scrollToTop()

    def set_theme(self, theme: str) -> None:
        self.proxy.pick_color = QColor(COLORS[theme]["pick_bg"])
        super().set_theme(theme)


class DrillView(QWidget):
    """What the drill views share: a prompt line, the hand, the feedback panel."""

    answered = Signal(object)
    nextRequested = Signal()

    def __init__(self, parent: QWidget | None = None, tile_height: int = 56):
        super().__init__(parent)
        self.problem: Problem | None = None
        self.result: Result | None = None
        self._theme = "light"
        self._base_height = tile_height      # at scale 1: the medium tile size in a 1280x860 window
        self._scale = 1.0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.prompt = QLabel()
        self.prompt.setObjectName("prompt")
        self.prompt.setFont(scaled_font(self, 1.35, True))
        self.situation = muted(QLabel())
        self.hand_view = HandView(self, tile_height=tile_height)
        self.visible_flow = TileFlow(max(20, round(tile_height * 0.5)))
        self.visible_flow.setObjectName("visibleTiles")
        self.hint = muted(QLabel())
        self.hint.setWordWrap(True)
        self.feedback = FeedbackPanel(self)
        self.feedback.nextRequested.connect(self.nextRequested)
        self.feedback.hide()

    def scaled(self, height: float) -> int:
        """A tile height of the view at its current scale."""
        return round(height * self._scale)

    def set_tile_scale(self, scale: float) -> None:
        """Every tile of the view at `scale` times its base height (the window's tile size
        setting and its size: MainWindow._fit_hand_tiles)."""
        if scale == self._scale:
            return
        self._scale = scale
        self.hand_view.set_tile_height(self.scaled(self._base_height))
        self.visible_flow.set_tile_height(max(20, self.scaled(self._base_height * 0.5)))
        self._scale_extras()
        self.updateGeometry()

    def _scale_extras(self) -> None:
        """The view's own tiles beside the hand (a subclass's), at the current scale."""

    def _problem_column(self, spacing: int) -> QVBoxLayout:
        """The view's layout, opened with what every drill shows first: the prompt,
        the hand and the visible tiles."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(spacing)
        layout.addLayout(self._prompt_row())
        layout.addWidget(self.hand_view)
        layout.addWidget(self.visible_flow)
        return layout

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
        self.feedback.set_result(None, self.drill)
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
        self.feedback.set_result(result, self.drill, last)
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
        """Keys the page hands down; True when used.  Once answered, Enter / N / Space go on;
        before, the view's own keys (`answer_key`)."""
        key = event.key()
        if self.locked:
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_N, Qt.Key.Key_Space):
                self.nextRequested.emit()
                return True
            return False
        return self.answer_key(event)

    def answer_key(self, event: QKeyEvent) -> bool:
        """A key while the problem waits for its answer (the view's own); True when used."""
        return False

    def hand_key(self, key: int) -> bool:
        """The keys of a view answered with a tile of the hand (its `answer_index`): 1-9 the
        tile at that place, 0 the last (the drawn tile), ←/→ move the selection, Enter / Space
        answer with it.  True when used."""
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            return self.answer_index(key - Qt.Key.Key_1)
        if key == Qt.Key.Key_0:
            return self.answer_index(len(self.hand_view.concealed_tiles()) - 1)
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Left):
            (self.hand_view.select_next if key == Qt.Key.Key_Right else self.hand_view.select_previous)()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            index = self.hand_view.selected_index()
            return index is not None and self.answer_index(index)
        return False

    def answer_index(self, index: int) -> bool:
        """The tile at a display position (0-based) of the hand, selected and clicked
        (`_clicked`); False if there is none or the problem is answered."""
        tiles = self.hand_view.concealed_tiles()
        if self.locked or not 0 <= index < len(tiles):
            return False
        self.hand_view.select_index(index)
        self._clicked(tiles[index])
        return True

    def _clicked(self, tile: Tile) -> None:
        """A tile of the hand clicked: the answer of a view answered by a tile (its own)."""
