"""The Analyze page: the hand editor and its palette, the hand field, the hand view, the
analysis table with its summary and ordering, the wait inspector and the turn chart, and
the worker that analyses each hand off the GUI thread.  The window around it (mjgui.ui.
main_window) holds the mode bar, the actions and the status bar; the page tells it what to
say there (`statusMessage`)."""
from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QAbstractScrollArea, QApplication, QComboBox, QHBoxLayout, QLabel, QLineEdit,
                               QMessageBox, QProgressBar, QSizePolicy, QSplitter, QToolButton, QVBoxLayout,
                               QWidget)

from mjgui.analysis import Analysis
from mjgui.ev import MAX_SHANTEN as EV_MAX_SHANTEN
from mjgui.hand import Hand, Meld
from mjgui.scoring import Rules
from mjgui.tiles import MAX_TEXT, Tile, TileError, check_length, parse_tenhou_url
from mjgui.ui import i18n
from mjgui.ui.analysis_table import COLUMN_KEYS, RANKS, TABLE_RANKS, AnalysisTable
from mjgui.ui.analysis_worker import AnalysisWorker
from mjgui.ui.elided_label import ElidedLabel
from mjgui.ui.ev_chart import TurnChart
from mjgui.ui.ev_setting import EvSetting, explanation
from mjgui.ui.hand_editor import HandEditor
from mjgui.ui.hand_view import HandView
from mjgui.ui.i18n import tr
from mjgui.ui.opponents_panel import OpponentsPanel
from mjgui.ui.palette import TilePalette
from mjgui.ui.panel_fit import MIN_PANELS, PanelFit, fitted_tile_height
from mjgui.ui.stored_settings import log as settings_log
from mjgui.ui.stored_settings import read_choice, read_names, read_text
from mjgui.ui.table_view import TableView
from mjgui.ui.table_line import TableLine
from mjgui.ui.theme import ALERT_STYLE
from mjgui.ui.wait_inspector import WaitInspector
from mjgui.ui.wrap_row import WrapRow
from mjgui.words import ev_model_words, shanten_word

TEXT_APPLY_MS = 250          # typing settles this long before the hand follows
# after a hand change the page waits this long for the analysis before it lets the event
# loop repaint: hand and analysis are then painted together, once (most analyses take 1-5 ms)
FRAME_HOLD_MS = 12
# the hand is saved (a settings file write) once edits pause this long, not on every change
HAND_SAVE_MS = 1500
RANK_KEYS = RANKS                        # the "Order by" choices of a hand alone (the settings)
# the box's choices: at a table with a threat also the value with defence ("push / fold"), the
# order such a hand starts in; the box remembers one choice for a table and one for a hand alone
BOX_KEYS = TABLE_RANKS
# the room the analysis keeps below the opponents' table view: the table's titles and two
# rows, the wait inspector's and the chart's titles
ANALYSIS_KEEP = 230
# a page shorter than this (a window below about 815 pixels) shows the opponents panel compact,
# under the palette: across the page, the full panel (a header line and a line per seat) left
# the analysis table one and a half rows at 800x600
COMPACT_PANEL_BELOW = 760


class AnalyzePage(QWidget):
    """The hand and its analysis.  Settings it reads and writes: the hand, the order of
    the discards ("rank") and the hidden columns, in `store`."""
    # a line for the window's status bar (the page's own, shown while the page is):
    # text and milliseconds (0: until replaced; an empty text clears it)
    statusMessage = Signal(str, int)
    rankChanged = Signal(str)             # the user chose another order (the settings follow)

    def __init__(self, store: QSettings, rules: Rules, ev_setting: EvSetting, parent: QWidget | None = None,
                 editor: HandEditor | None = None):
        """`editor`: the hand and its undo stack, when the window made them (its undo actions
        follow the stack); by default the page's own."""
        super().__init__(parent)
        self.store = store
        self.ev_options = ev_setting.options
        self.analysis: Analysis | None = None
        self.ev = None                           # mjgui.ev.EvResult of the hand shown
        self._waits_rules = None                 # the rules the wait inspector last valued with
        self.last_ms = 0.0                 # the analysis itself
        self.update_ms = 0.0               # from the hand changing to the panels showing it
        self.timing = ""                   # the status line of the last analysis
        self._changed_at = 0.0
        self._analysis_unpainted = False      # an analysis applied and not yet painted
        self.frame_hold_ms = FRAME_HOLD_MS
        self._tile_heights = (0, 0)           # the hand's and the palette's, before fitting
        self._had_opponents = False           # the hand shown has a table state (the panel)
        self._at_table = False                # the hand shown faces a threat (its own order)
        self._calm_rank = "ukeire"            # the order of a hand alone (stored as "rank")
        self._table_rank = read_choice(store, "rank_at_table", BOX_KEYS, "defence")
        self.editor = editor if editor is not None else HandEditor(self)
        self.worker = AnalysisWorker(self)
        self.worker.rules = rules
        self.worker.ev_options = ev_setting.options
        self._build()
        self._connect()

    # ---- construction ---------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        # the hand, its text and the summary; beside them the palette that builds the hand
        # (the table below then has the window's full width and most of its height)
        top = QHBoxLayout()
        top.setSpacing(12)
        left = QVBoxLayout()
        left.setSpacing(6)
        self.hand_view = HandView(self)
        self.palette_widget = TilePalette(self, compact=True, rivers=True)
        # the hand gives way when narrow: its tiles shrink to fit (`fit_hand_tiles`)
        self.hand_view.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        left.addWidget(self.hand_view)
        top.addLayout(left, 1)
        # the palette's column: below it the room the hand's column leaves, where a short
        # page puts the opponents panel (`_place_opponents`)
        self.palette_column = QVBoxLayout()
        self.palette_column.setSpacing(6)
        self.palette_column.addWidget(self.palette_widget)
        self.palette_column.addStretch(1)
        top.addLayout(self.palette_column, 0)
        layout.addLayout(top)
        # the other players' rivers and calls: folded away until asked for or a hand has them
        # (a hand without opponents looks as before they were added)
        self.opponents = OpponentsPanel(self)
        self.opponents.set_table_view(TableView(self.opponents))
        self.opponents.hide()
        layout.addWidget(self.opponents)

        row = QHBoxLayout()
        self.text_label = QLabel(self)
        self.text = QLineEdit(self)
        self.text.setClearButtonEnabled(True)
        self.text.setMaxLength(MAX_TEXT)
        self.text_error = QLabel(self)
        self.text_error.setStyleSheet(ALERT_STYLE)
        self.text_error.setWordWrap(True)
        self.text_error.hide()
        self.opponents_button = QToolButton(self)
        self.opponents_button.setObjectName("opponents_button")
        self.opponents_button.setCheckable(True)
        self.opponents_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.opponents_button.setArrowType(Qt.ArrowType.RightArrow)
        row.addWidget(self.text_label)
        row.addWidget(self.text, 3)
        row.addWidget(self.opponents_button)
        row.addWidget(self.text_error, 2)
        left.addLayout(row)

        summary = QHBoxLayout(QWidget(self))
        self.summary = QLabel(self)
        font = self.summary.font()
        font.setPointSizeF(font.pointSizeF() + 2)
        font.setBold(True)
        self.summary.setFont(font)
        self.summary.setWordWrap(True)            # a long line (a partial hand) wraps, never widens the window
        self.yaku_warning = QLabel(self)       # a tenpai that no wait can win: said in red
        self.yaku_warning.setStyleSheet(ALERT_STYLE)
        self.yaku_warning.hide()
        # the three forms' figures: useful, long; they give way first when the window narrows
        self.forms = ElidedLabel(self)
        self.forms.setEnabled(False)              # greyed: detail, not the headline
        self.forms.setMinimumWidth(0)
        self.forms.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)             # busy indicator
        self.progress.setMaximumWidth(160)
        self.progress.hide()
        self.rank_label = QLabel(self)
        self.rank_box = QComboBox(self)       # items set in retranslate()
        self.rank_box.setMinimumWidth(80)        # squeezed (its choice cut) in the narrowest window
        self.why_button = QToolButton(self)
        summary.setContentsMargins(0, 0, 0, 0)
        for w, stretch in ((self.summary, 0), (self.yaku_warning, 0), (self.forms, 1), (self.progress, 0)):
            summary.addWidget(w, stretch)
        ordering = QHBoxLayout(QWidget(self))        # on a line of its own when narrow
        ordering.setContentsMargins(0, 0, 0, 0)
        for w in (self.rank_label, self.rank_box, self.why_button):
            ordering.addWidget(w)
        summary_row = QWidget(self)
        WrapRow(summary_row, summary.parentWidget(), ordering.parentWidget())
        left.addWidget(summary_row)
        # at a table with a threat: the threats, then the best push and the best fold
        self.table_line = TableLine(self)
        left.addWidget(self.table_line)

        # the table takes the full width; the wait inspector and the turn chart share the
        # bottom; `PanelFit` sizes the two by what they hold
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.table = AnalysisTable(self.splitter)
        # the columns the user hid (the header's menu), by name
        hidden = read_names(self.store, "hidden_columns", COLUMN_KEYS)
        self.table.choose_columns(COLUMN_KEYS.index(name) for name in hidden)
        bottom = QWidget(self.splitter)
        bottom_layout = QHBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        self.waits = WaitInspector(bottom)
        self.turn_chart = TurnChart(bottom)
        bottom_layout.addWidget(self.waits, 2)
        bottom_layout.addWidget(self.turn_chart, 1)
        bottom.setMinimumHeight(MIN_PANELS)       # explicit: the panels may shrink to their titles
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.panel_fit = PanelFit(self.splitter, self.table, self.waits, self.turn_chart)
        self.splitter.setChildrenCollapsible(False)
        layout.addWidget(self.splitter, 1)
        self._text_timer = QTimer(self)
        self._text_timer.setSingleShot(True)
        self._text_timer.setInterval(TEXT_APPLY_MS)
        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.setInterval(HAND_SAVE_MS)
        self._save_timer.timeout.connect(self.save_hand)

    def _connect(self) -> None:
        self.editor.handChanged.connect(self._hand_changed)
        self.worker.finished.connect(self._analysis_ready)
        self.worker.ev_finished.connect(self._ev_ready)
        self.rank_box.currentIndexChanged.connect(self._rank_changed)
        self.why_button.clicked.connect(self.explain_ev)
        self.worker.busy.connect(self.progress.setVisible)
        self.text.textEdited.connect(lambda _: self._text_timer.start())
        self.text.returnPressed.connect(self.apply_text)
        self._text_timer.timeout.connect(self.apply_text)
        self.table.discardChosen.connect(self.discard)
        self.table.columnsChosen.connect(self._save_hidden_columns)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_selected())
        self.hand_view.discardRequested.connect(self.discard)
        self.hand_view.meldRemoveRequested.connect(lambda i: self._edit(self.editor.remove_meld, i))
        self.hand_view.extraRemoveRequested.connect(lambda part, i: self._edit(self.editor.remove_extra, part, i))
        self.hand_view.concealedRemoveRequested.connect(lambda t: self._edit(self.editor.remove_concealed, t))
        self.palette_widget.tileRequested.connect(self._palette_tile)
        self.palette_widget.meldRequested.connect(self._palette_meld)
        self.palette_widget.targetChanged.connect(self._target_changed)
        self.opponents_button.toggled.connect(self.show_opponents)
        panel = self.opponents
        panel.seatChosen.connect(self._seat_chosen)
        panel.markRequested.connect(lambda seat, i, mark, on: self._edit(self.editor.set_river_mark, seat, i, mark, on))
        panel.tileRemoveRequested.connect(lambda seat, i: self._edit(self.editor.remove_extra, f"river-{seat}", i))
        panel.meldRemoveRequested.connect(lambda seat, i: self._edit(self.editor.remove_their_meld, seat, i))
        panel.clearRequested.connect(lambda seat: self._edit(self.editor.clear_seat, seat))

    def restore_hand(self) -> None:
        """The hand saved by the last session, without an undo step (an unreadable one: empty)."""
        hand = Hand(())
        saved = read_text(self.store, "hand", "")
        if saved:
            try:
                hand = Hand.parse(saved)
            except ValueError as error:
                settings_log.warning("setting 'hand': %s; starting with an empty hand", error)
                hand = Hand(())          # an unreadable saved hand starts empty
        self.editor._apply(hand)
        self.editor.undo_stack.clear()

    def restore_rank(self) -> None:
        self._calm_rank = read_choice(self.store, "rank", RANK_KEYS, "ukeire")
        self.rank_box.setCurrentIndex(BOX_KEYS.index(self._table_rank if self._at_table else self._calm_rank))

    # ---- editing -------------------------------------------------------------------------
    def _edit(self, action, *args) -> bool:
        """Run an edit; a refused edit is explained inline, never a dialog."""
        try:
            action(*args)
        except (TileError, ValueError) as error:
            self.show_error(str(error))
            return False
        self.show_error("")
        self._set_stale(False)
        return True

    def show_error(self, message: str) -> None:
        self.text_error.setText(message)
        self.text_error.setToolTip(message)
        self.text_error.setVisible(bool(message))     # the field has the room when all is well

    def _text_invalid(self, message: str) -> None:
        """The typed text is not a hand: say why, and grey the analysis, which is for the
        last valid hand and no longer for what the field shows."""
        self.show_error(message)
        self._set_stale(True)

    def _set_stale(self, stale: bool) -> None:
        if stale == (not self.table.isEnabled()):
            return
        for w in (self.hand_view, self.table, self.waits, self.turn_chart, self.forms):
            w.setEnabled(not stale)
        if stale:
            self.statusMessage.emit("", 0)      # its "Analysed in" was the last valid hand's
            self._plain_summary(tr("Not analysed: the hand text has an error (see above); the greyed "
                                   "figures are for the last valid hand",
                                   "分析していません: 手牌の入力に誤りがあります。灰色の表示は直前の正しい手牌のものです"))
        elif self.analysis is not None:
            self._show_summary()

    def _palette_tile(self, target: str, tile: Tile) -> None:
        if target == "river":
            self._edit(self.editor.add_river_tile, self.palette_widget.river_seat(), tile)
            return
        action = {"hand": self.editor.add_tile, "dora": self.editor.add_dora,
                  "visible": self.editor.add_visible}[target]
        self._edit(action, tile)

    def _palette_meld(self, meld: Meld) -> None:
        """A call from the palette's menu: the river's player's with the River target, else
        the player's own."""
        if self.palette_widget.target() == "river":
            self._edit(self.editor.add_their_meld, self.palette_widget.river_seat(), meld)
        else:
            self._edit(self.editor.add_meld, meld)

    # ---- the other players ---------------------------------------------------------------
    def show_opponents(self, shown: bool) -> None:
        """Unfold (or fold) the opponents panel; while it shows the rivers, the hand view
        leaves them out."""
        if self.opponents_button.isChecked() != shown:
            self.opponents_button.setChecked(shown)          # comes back here
            return
        self.opponents_button.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        if shown:
            self.opponents.set_hand(self.editor.hand)
        self.opponents.setVisible(shown)
        self.hand_view.set_rivers_shown(not shown)
        if not shown and self.palette_widget.target() == "river":
            self.palette_widget.set_target("hand")          # no river is in view to fill
        self.fit_tiles()

    def _place_opponents(self, compact: bool) -> None:
        """A short page puts the opponents panel, compact, under the palette, in the room the
        hand's column leaves there (the page's full width, below the hand, it cost the
        analysis table two of its three rows at 800x600); a taller page, across the page."""
        panel = self.opponents
        if compact == panel.compact():
            return
        page = self.layout()
        page.removeWidget(panel)
        panel.set_compact(compact)
        # under the palette the panel takes the column's width: its one-line size hint
        # would widen the column and squeeze the hand
        panel.setSizePolicy(QSizePolicy.Policy.Ignored if compact else QSizePolicy.Policy.Preferred,
                            QSizePolicy.Policy.Preferred)
        if compact:
            self.palette_column.insertWidget(1, panel)
        else:
            page.insertWidget(1, panel)

    def _seat_chosen(self, seat: str) -> None:
        """A seat chosen in the panel: the palette's clicks go to its river."""
        self.palette_widget.set_river_seat(seat)
        self.palette_widget.set_target("river")

    def _target_changed(self, target: str) -> None:
        if target == "river":
            self.opponents.set_seat(self.palette_widget.river_seat())
            self.show_opponents(True)

    def discard(self, tile) -> None:
        hand = self.editor.hand
        if not hand.can_discard:
            self.show_error(tr("Discarding needs a 14-tile hand (melds count 3): add a tile first",
                               "打牌は14枚の手で（副露は3枚と数えます）。先に牌を足してください"))
            return
        self._edit(self.editor.discard, tile)

    def apply_text(self) -> None:
        self._text_timer.stop()
        text = self.text.text().strip()
        if not text:
            self._edit(self.editor.set_hand, Hand((), round_wind=self.editor.hand.round_wind,
                                                  seat_wind=self.editor.hand.seat_wind))
            return
        try:
            hand = Hand.parse(text)
        except ValueError as error:
            self._text_invalid(str(error))
            return
        if hand.size > 14:
            self._text_invalid(tr(f"{hand.size} tiles: a hand holds at most 14 (melds count 3)",
                               f"{hand.size}枚: 手牌は14枚まで（副露は3枚）"))
            return
        if str(hand) == str(self.editor.hand):
            hand = self.editor.hand          # the same hand in other words (the field's sorted form): no edit
        self._edit(self.editor.set_hand, hand, tr("Type hand", "手牌を入力"))

    def random_deal(self, seed: int | None = None) -> None:
        """14 tiles from a shuffled wall: the first 13 sorted, the 14th as the draw."""
        hand = Hand.deal(seed, round_wind=self.editor.hand.round_wind, seat_wind=self.editor.hand.seat_wind)
        self.editor.set_hand(hand, tr("Random deal", "ランダム配牌"))
        self.show_error("")

    def copy(self, form: str) -> None:
        hand = self.editor.hand
        text = {"mpsz": str(hand), "url": hand.tenhou_url(), "unicode": hand.unicode()}[form]
        QGuiApplication.clipboard().setText(text)
        message = tr(f"Copied: {text}", f"コピーしました: {text}")
        lost = hand.url_drops() if form == "url" else []
        if lost:               # tenhou/2 takes concealed tiles only: say what was left out
            ja = {"melds": "副露", "dora indicators": "ドラ表示牌", "visible tiles": "見えている牌"}
            message += tr(f" (the URL holds the concealed tiles only: no {', '.join(lost)})",
                          f"（URLは手牌のみ: {'・'.join(ja[w] for w in lost)}は含まれません）")
        self.statusMessage.emit(message, 6000)

    def paste(self) -> None:
        text = QGuiApplication.clipboard().text().strip()
        if not text:
            self.show_error(tr("The clipboard holds no text", "クリップボードが空です"))
            return
        try:
            check_length(text, "the clipboard text")      # before a slow parse of megabytes
            hand = Hand(tuple(parse_tenhou_url(text))) if text.startswith("http") else Hand.parse(text)
        except ValueError as error:
            self.show_error(tr(f"Cannot paste: {error}", f"貼り付けできません: {error}"))
            return
        self._edit(self.editor.set_hand, hand, tr("Paste", "貼り付け"))

    # ---- reacting to the hand --------------------------------------------------------------
    def _hand_changed(self, hand: Hand) -> None:
        # a new hand (an edit, undo, a deal) answers any earlier input problem
        self.show_error("")
        self._set_stale(False)
        if hand.analysable:
            # first: the worker analyses while the panels below are updated, so its result
            # is usually queued before the repaint and the window paints once, not twice
            self._changed_at = time.perf_counter()
            self.worker.request(hand)
        self.hand_view.set_hand(hand)
        if hand.opponents and not self._had_opponents:
            self.show_opponents(True)          # a table arrived (review, paste, typing): in view
        self._had_opponents = bool(hand.opponents)
        if not self.opponents.isHidden():
            self.opponents.set_hand(hand)
        self.fit_tiles()
        if not self.text.hasFocus() or self.text.text().strip() != str(hand):
            if hand.concealed or hand.melds or hand.dora_indicators or hand.visible or hand.discards \
                    or hand.opponents:
                self.text.setText(str(hand))
            else:
                self.text.clear()
        self.palette_widget.set_remaining(hand.remaining(), hand.red_available())
        self._save_timer.start()          # QSettings writes its file from the event loop
        if hand.analysable:
            self.worker.deliver_within(self.frame_hold_ms)
        else:
            self.worker.cancel()                 # a result on its way is for another hand
            self.analysis = self.ev = None
            self.table.set_analysis(None)
            self.table_line.set_table(hand, None)
            self.turn_chart.set_row(None, 1)     # the previous hand's curve goes with it
            self.turn_chart.set_pending(False)
            self.turn_chart.set_unsearched(None)
            self.waits.set_report(None, hand)
            self.hand_view.set_highlight(set())
            need = 13 - hand.size
            self._plain_summary(
                tr(f"{hand.size} tiles: add {need} more to analyse (13 or 14 with melds counting 3)",
                   f"{hand.size}枚: あと{need}枚で分析できます（13枚か14枚、副露は3枚）")
                if need > 0 else tr("Too many tiles", "牌が多すぎます"))

    def _analysis_ready(self, result) -> None:
        if result.hand is not None and result.hand != self.editor.hand:
            return                               # stale: computed for a hand no longer shown
        analysis, error, ms = result.analysis, result.error, result.ms
        if error is not None:
            self.analysis = self.ev = None
            self.table.set_analysis(None)
            self.table_line.set_table(result.hand, None)
            self.turn_chart.set_row(None, 1)
            self.turn_chart.set_pending(False)
            self.turn_chart.set_unsearched(None)
            self._plain_summary(tr("Cannot analyse: ", "分析できません: ") + str(error))
            return
        self.analysis = analysis
        self.last_ms = ms
        # a hand with discards gets expected values up to the searched shanten; beyond it,
        # the chart says why there are none
        searchable = self.worker.with_ev and result.hand is not None and result.hand.can_discard
        ev_pending = searchable and analysis.shanten <= EV_MAX_SHANTEN
        table = result.table
        self._follow_table(table is not None and table.threat)
        self.table.set_analysis(analysis, ev_pending, table)
        self.table_line.set_table(result.hand, table.danger if table is not None else None,
                                  pending=ev_pending and table is not None and table.threat)
        self.turn_chart.set_row(None, 1)
        # its room is kept while the expected values are on their way: they then fill it
        # without moving the panels (and repainting the whole table a second time)
        self.turn_chart.set_pending(ev_pending)
        self.turn_chart.set_unsearched(analysis.shanten if searchable and not ev_pending else None)
        self.turn_chart.setVisible(analysis.current is None)    # a 13-tile hand has no discards to chart
        self._show_summary()
        best = {r.tile.kind for r in analysis.best() if r.tile is not None}
        self.hand_view.set_highlight(best)
        self._show_waits()
        self.panel_fit.request()
        self.update_ms = (time.perf_counter() - self._changed_at) * 1e3
        self.timing = self._timing_text()
        self.statusMessage.emit(self.timing, 0)    # the window shows it while the page is shown
        self._layout_now()
        self._analysis_unpainted = True

    def _timing_text(self) -> str:
        return tr(f"Analysed in {self.last_ms:.1f} ms, shown in {self.update_ms:.1f} ms",
                  f"分析 {self.last_ms:.1f} ms、表示まで {self.update_ms:.1f} ms")

    def window_painted(self) -> None:
        """The window has painted: an analysis applied since is on screen, and the worker's
        expected values may start (MainWindow.event, on its UpdateRequest)."""
        if self._analysis_unpainted:
            self._analysis_unpainted = False
            self.worker.analysis_shown()

    def _layout_now(self) -> None:
        """Run the layouts and the table's queued updates that the new content asked
        for now: left to the event loop they come after the repaint and cost a second one."""
        for _ in range(2):
            for _ in range(3):          # a child's new size can ask its parent again
                QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            # the splitter's share, from the sizes just laid out (again if that layout
            # resized the splitter): from its zero timer it came after the repaint and
            # resized and repainted the table a second time
            self.panel_fit.flush()
        # scroll areas show or hide their scroll bars from a queued call: now, not after
        # the repaint (the table's, and the wait inspector's when its room shrank)
        for area in (self.table, *self.waits.findChildren(QAbstractScrollArea)):
            QApplication.sendPostedEvents(area, 0)
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.table.executeDelayedItemsLayout()
        # a widget just shown (a scroll bar, the turn chart) posts itself an UpdateLater:
        # handled after the repaint it asks for a second one, though the first painted it
        QApplication.sendPostedEvents(None, QEvent.Type.UpdateLater)

    def _ev_ready(self, result) -> None:
        if result.hand != self.editor.hand or self.analysis is None:
            return                               # stale: for a hand no longer shown
        self.ev = result.ev
        self.table.set_ev(result.ev, result.values)
        if self.table.source.table is not None:
            self.table_line.set_values(result.values)
        self.turn_chart.set_pending(False)
        self._show_chart()
        if self.table.source.rank != "ukeire":
            self._show_waits()             # the values may have put another row on top
        self.panel_fit.request()
        self._layout_now()                 # the chart's room in the same repaint

    def _rank_changed(self, index: int) -> None:
        rank = BOX_KEYS[index] if 0 <= index < len(BOX_KEYS) else "ukeire"
        self.table.set_rank(rank)
        if self._at_table:                    # a table's order is remembered apart
            self._table_rank = rank
            self.store.setValue("rank_at_table", rank)
        else:
            self._calm_rank = rank
            self.store.setValue("rank", rank)
        self._show_selected()
        if not self._at_table:
            self.rankChanged.emit(rank)

    def _follow_table(self, at_table: bool) -> None:
        """A hand facing a threat is ordered as the last such hand was (by default by the value
        with defence), a hand alone as the last hand alone; the box's "push / fold" choice is
        offered at a table only.  Called before the new analysis is shown: it is ordered once."""
        if at_table == self._at_table:
            return
        self._at_table = at_table
        rank = self._table_rank if at_table else self._calm_rank
        self.rank_box.blockSignals(True)
        try:
            self._offer_table_rank()
            self.rank_box.setCurrentIndex(BOX_KEYS.index(rank))
        finally:
            self.rank_box.blockSignals(False)
        self.table.source.rank = rank         # the analysis about to be shown is ordered by it

    def _offer_table_rank(self) -> None:
        item = self.rank_box.model().item(BOX_KEYS.index("defence"))
        if item is not None:
            item.setEnabled(self._at_table)

    @property
    def rank(self) -> str:
        """The order of a hand alone (ukeire, score or win): the settings' choice.  A hand
        facing a threat has its own (`order`)."""
        return self._calm_rank

    @property
    def order(self) -> str:
        """The order the box shows now: a rank, or "defence" (the value with defence, at a table)."""
        index = self.rank_box.currentIndex()
        return BOX_KEYS[index] if 0 <= index < len(BOX_KEYS) else "ukeire"

    def set_rank(self, rank: str) -> None:
        """The order of a hand alone (the settings); shown now unless the hand shown faces a
        threat (its order is the box's)."""
        if rank not in RANK_KEYS:
            raise ValueError(f"rank must be one of {', '.join(RANK_KEYS)}, not {rank!r}")
        if self._at_table:
            self._calm_rank = rank
            self.store.setValue("rank", rank)
            self.rankChanged.emit(rank)
        else:
            self.rank_box.setCurrentIndex(BOX_KEYS.index(rank))

    def _show_selected(self) -> None:
        self._show_waits()
        self._show_chart()
        self.panel_fit.request()

    def _show_chart(self) -> None:
        """The turn chart follows the selected discard (or the top row)."""
        if self.analysis is None or not self.analysis.rows or self.ev is None:
            self.turn_chart.set_row(None, 1)
            return
        index = self.table.currentIndex()
        self.turn_chart.set_row(self.table.ev_row(index.row() if index.isValid() else 0), self.ev.turn)

    def explain_ev(self) -> None:
        """Why these numbers? The model behind the win / tenpai / expected columns."""
        QMessageBox.information(self, tr("Why these numbers?", "この数字の根拠"),
                                explanation(self.ev_options))

    def _plain_summary(self, text: str) -> None:
        """A summary line that is not an analysis (a partial hand, an error)."""
        self.summary.setText(text)
        self.forms.clear()
        self.yaku_warning.hide()

    def _show_summary(self) -> None:
        a = self.analysis
        if a is None or not self.table.isEnabled():      # greyed: the summary names the input error
            return

        def state(s: int | None) -> str:
            if s is None:
                return "–"
            return shanten_word(s, i18n.language())
        forms = tr(f"regular {state(a.regular)} · seven pairs {state(a.chiitoi)} · thirteen orphans {state(a.kokushi)}",
                   f"一般形 {state(a.regular)} ・ 七対子 {state(a.chiitoi)} ・ 国士無双 {state(a.kokushi)}")
        text = state(a.shanten)
        if a.shanten < 0 and a.hand.can_discard:
            text = f"{state(a.shanten)}: {self._complete_value(a)}"
        self.summary.setText(text)
        self.forms.setText(f"({forms})")
        self.forms.setToolTip(forms)
        tip = tr("Shanten: draws still needed to reach tenpai, by the best of the three forms",
                 "向聴数: 聴牌までに必要な有効牌の数（三つの形の最小）")
        self.summary.setToolTip(f"{tip}\n{forms}")
        warning = self._yaku_warning(a)
        self.yaku_warning.setText(warning)
        self.yaku_warning.setToolTip(warning)
        self.yaku_warning.setVisible(bool(warning))

    @staticmethod
    def _yaku_warning(a: Analysis) -> str:
        """'no yaku' when the hand is tenpai but no wait can win (from the analysis's wait
        values): a 13-tile hand as it stands, or a 14-tile hand after every tenpai discard."""
        if a.shanten != 0:
            return ""
        rows = [a.current] if a.current is not None else [r for r in a.rows if r.shanten == 0]
        values = [a.value(r) for r in rows]
        if not values or not all(v is not None and v.yakuless for v in values):
            return ""
        if a.current is not None:
            return tr("— no yaku: no wait can win", "— 役なし: どの待ちでも和了れません")
        return tr("— no yaku: no tenpai discard leaves a wait that wins",
                  "— 役なし: どの聴牌打牌でも和了れる待ちがありません")

    @staticmethod
    def _complete_value(analysis: Analysis) -> str:
        """What a complete hand is worth by ron and by tsumo, or that it has no yaku."""
        lang = i18n.language()
        ron, tsumo = analysis.complete_value()
        wins = [s for s in (ron, tsumo) if s is not None and s.wins]
        if not wins:
            return tr("no yaku — it cannot win", "役なし — 和了できません")
        parts = [f"{s.summary(lang)}" for s in wins]
        if ron is not None and not ron.wins:
            parts.append(tr("ron: no yaku", "ロン: 役なし"))
        return " · ".join(parts)

    def _show_waits(self) -> None:
        """The wait inspector follows a tenpai 13-tile hand, or the selected tenpai discard."""
        hand = self.editor.hand
        a = self.analysis
        row = None
        if a is not None and a.current is not None:
            row = a.current
        elif a is not None and a.rows:
            index = self.table.currentIndex()
            # none selected: the top row as shown (as the turn chart), which the order decides
            row = self.table.row_for_view(index.row() if index.isValid() else 0)
        report = a.wait_report(row) if row is not None else None     # worked out by the worker
        if report is None:      # a discard below tenpai: the inspector says what it leaves
            discard = (row.tile, row.shanten) if row is not None and row.tile is not None else None
            self.waits.set_report(None, hand, discard=discard)
        else:
            report_hand = a.hand_after(row)
            dangers = self._held_wait_dangers(report_hand, report)
            if (report_hand != self.waits.hand() or self.waits.report() is None
                    or a.rules != self._waits_rules or tuple(dangers) != self.waits.dangers()):
                self._waits_rules = a.rules
                self.waits.set_report(report, report_hand, a.wait_values(row), dangers=dangers)

    def _held_wait_dangers(self, hand: Hand, report) -> tuple:
        """At a table with a threat: the winning tiles `hand` holds that are dangerous to throw
        later (mjgui.defence.advice, from the table's danger the worker computed)."""
        table = self.table.source.table
        if table is None or not table.threat:
            return ()
        from mjgui.defence.advice import held_wait_dangers
        return held_wait_dangers(table.danger, [t.kind for t in hand.concealed], [w.kind for w in report.waits])


    # ---- keyboard ---------------------------------------------------------------------------
    def handle_key(self, event) -> bool:
        """A key pressed in the window while this page is shown (MainWindow.keyPressEvent):
        1-9 discards the table's row, arrows and Enter pick and discard from the hand, a letter
        or digit starts typing in the hand field.  True when the key was used."""
        if self.text.hasFocus():
            return False
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9 and self.analysis is not None and self.analysis.rows:
            n = key - Qt.Key.Key_1
            if n < self.table.model().rowCount():
                self.discard(self.table.row_for_view(n).tile.kind)
            return True
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            (self.hand_view.select_previous if key == Qt.Key.Key_Left else self.hand_view.select_next)()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            tile = self.hand_view.selected_tile()
            if tile is not None:
                self.discard(tile)
            return True
        if event.text() and (event.text().isalnum()):
            self.text.setFocus()               # typing goes to the mpsz field
            self.text.end(False)
            self.text.insert(event.text())
            self._text_timer.start()
            return True
        return False

    # ---- from the window: a situation, the settings, the tiles' size ------------------------------
    def open_hand(self, hand: Hand, label: str) -> None:
        """Show a situation from elsewhere (the review), one undo step named `label`."""
        self._edit(self.editor.set_hand, hand, label)

    def set_rules(self, rules: Rules) -> None:
        self.worker.rules = rules
        self._analyse_again()

    def set_ev_setting(self, setting: EvSetting) -> None:
        self.ev_options = setting.options
        self.worker.ev_options = setting.options
        self._rank_tip()
        self._analyse_again()

    def _analyse_again(self) -> None:
        """After a setting the values depend on: the hand shown, analysed anew."""
        self.ev = None
        hand = self.editor.hand
        if hand.analysable:
            self._changed_at = time.perf_counter()
            self.worker.request(hand)

    def set_tile_heights(self, hand: int, palette: int) -> None:
        """The tiles' heights for the window's size and the chosen tile size; the hand's
        are smaller when they would not fit the page's width (`fit_tiles`)."""
        self._tile_heights = (hand, palette)
        self.fit_tiles()

    def fit_tiles(self) -> None:
        hand_height, palette = self._tile_heights
        if not hand_height:
            return                                # before the window set the sizes
        if self.palette_widget.tile_height() != palette:
            self.palette_widget.set_tile_height(palette)
            self.layout().activate()          # the hand's width beside it
        view = self.hand_view
        height = fitted_tile_height(view.tile_height(), view.sizeHint().width(), view.width(), hand_height)
        if height != view.tile_height():
            view.set_tile_height(height)
        self.opponents.set_tile_height(view.tile_height())
        panel = self.opponents
        self._place_opponents(0 < self.height() < COMPACT_PANEL_BELOW)
        if not panel.isHidden():       # below the panel: its header, then the analysis keeps its room
            panel.set_room(self.height() - panel.y() - panel.views.y() - ANALYSIS_KEEP)

    # ---- theme, language, settings ----------------------------------------------------------------
    def set_theme(self, theme: str) -> None:
        for w in (self.hand_view, self.palette_widget, self.table, self.waits, self.turn_chart,
                  self.opponents):
            w.set_theme(theme)

    def _rank_tip(self) -> None:
        o = self.ev_options
        self.rank_box.setToolTip(tr(f"Order the discards by the analysis (ukeire, then second step) or by "
                                    f"the expected values of {ev_model_words(o)} (Why these numbers?); "
                                    "facing a threat, also by push / fold: the value at the table with the "
                                    "deal-ins and the others' wins (the order such hands start in)",
                                    f"打牌の並び: 受け入れ（と二歩目）、または{ev_model_words(o, 'ja')}"
                                    "の期待値・和了率（数字の根拠）。他家の脅威があるときは押し引き"
                                    "（放銃と他家の和了を含む卓上の期待得点。その手の既定の並び）"))

    def retranslate(self) -> None:
        self.text_label.setText(tr("Hand:", "手牌:"))
        self.text.setPlaceholderText(tr("type a hand: 123m456p789s1122z, 0m = red five, chi:3*45m, dora:1z",
                                        "手牌を入力: 123m456p789s1122z、0m = 赤5、chi:3*45m、dora:1z"))
        self.text.setToolTip(tr("mpsz notation; melds as chi:3*45m pon:5*55z@R (called tile marked *, "
                                "seat @L/@A/@R), dora:, visible:, discards:, round:E seat:S",
                                "mpsz表記。副露は chi:3*45m pon:5*55z@R（*は鳴いた牌、@L/@A/@Rは相手）、"
                                "dora: visible: discards: round:E seat:S"))
        for w in (self.hand_view, self.palette_widget, self.table, self.waits, self.opponents, self.table_line):
            w.retranslate()
        self.opponents_button.setText(tr("Opponents", "他家"))
        self.opponents_button.setToolTip(tr("Show or hide the other players' rivers and calls "
                                            "(their tiles count as seen)",
                                            "他家の捨て牌・副露を表示／非表示（見えている牌として数えます）"))
        self.rank_label.setText(tr("Order by", "並び順"))
        index = max(self.rank_box.currentIndex(), 0)
        self.rank_box.blockSignals(True)
        self.rank_box.clear()
        self.rank_box.addItems([tr("ukeire", "受け入れ"), tr("expected points", "期待値"),
                                tr("win chance", "和了率"), tr("push / fold", "押し引き")])
        self._offer_table_rank()
        self.rank_box.setCurrentIndex(index)
        self.rank_box.blockSignals(False)
        self._rank_tip()
        self.why_button.setText(tr("Why these numbers?", "数字の根拠"))
        self.why_button.setToolTip(tr("The model behind Win %, Tenpai % and Exp. pts",
                                      "和了率・聴牌率・期待値のモデル"))
        self.turn_chart.update()
        if self.timing:                  # the last analysis's status line, in the new language
            self.timing = self._timing_text()

    def retranslate_summary(self) -> None:
        """The summary line in the new language (after the window's own texts, as before
        the page had a module of its own)."""
        self._show_summary()
        if self.analysis is None and not self.editor.hand.analysable:
            self._hand_changed(self.editor.hand)

    def status_text(self) -> str:
        """The status line this page shows when it is opened: the last analysis's timing,
        unless the analysis is greyed by a typing error."""
        return self.timing if self.table.isEnabled() else ""

    # ---- saving ---------------------------------------------------------------------------------
    def _save_hidden_columns(self, hidden) -> None:
        self.store.setValue("hidden_columns", " ".join(COLUMN_KEYS[c] for c in sorted(hidden)))

    def save_hand(self) -> None:
        self._save_timer.stop()
        self.store.setValue("hand", str(self.editor.hand))
