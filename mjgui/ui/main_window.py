"""The trainer's main window: hand, mpsz field, analysis table, wait inspector
and tile palettes, with undo/redo, copy/paste, language and theme."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QFontInfo, QGuiApplication, QIcon, QKeySequence
from PySide6.QtWidgets import (QAbstractScrollArea, QApplication, QComboBox, QHBoxLayout, QLabel, QLineEdit, QMainWindow, QMenu,
                               QMessageBox, QSizePolicy,
                               QProgressBar, QSplitter, QToolBar, QToolButton,
                               QVBoxLayout, QWidget)

from mjgui.analysis import Analysis
from mjgui.ev import MAX_SHANTEN as EV_MAX_SHANTEN
from mjgui.scoring import Rules
from mjgui.drills.drill_names import DRILLS
from mjgui.hand import Hand
from mjgui.tiles import MAX_TEXT, Tile, TileError, check_length, parse_tenhou_url
from mjgui.ui import fonts, i18n
from mjgui.ui.action_button import follow_action
from mjgui.ui.analysis_table import COLUMN_KEYS, AnalysisTable
from mjgui.ui.analysis_worker import AnalysisWorker
from mjgui.ui.elided_label import ElidedLabel
from mjgui.ui.ev_chart import TurnChart
from mjgui.ui.ev_setting import EvSetting, explanation, read_ev_setting, write_ev_setting
from mjgui.ui.hand_editor import HandEditor
from mjgui.ui.hand_view import HandView
from mjgui.ui.help_overlay import HelpOverlay
from mjgui.ui.i18n import tr
from mjgui.ui.palette import TilePalette
from mjgui.ui.page_stack import PageStack
from mjgui.ui.panel_fit import MIN_PANELS, PanelFit, fitted_tile_height, palette_scale, tile_scale
from mjgui.ui.rules_setting import read_rules, write_rules
from mjgui.ui.settings_dialog import RANKS, TILE_HEIGHTS, TILE_SIZES
from mjgui.ui.stored_settings import log as settings_log
from mjgui.ui.stored_settings import read_choice, read_json_object, read_names, read_text
from mjgui.ui.theme import ALERT_STYLE, THEMES, apply_theme
from mjgui.ui.wait_inspector import WaitInspector
from mjgui.ui.wrap_row import WrapRow
from mjgui.words import ev_model_words, shanten_word

if TYPE_CHECKING:        # the drill history is imported when a drill or the statistics open
    from mjgui.drills.history import HistoryStore

TEXT_APPLY_MS = 250          # typing settles this long before the hand follows
# after a hand change the window waits this long for the analysis before it lets the event
# loop repaint: hand and analysis are then painted together, once (most analyses take 1-5 ms)
FRAME_HOLD_MS = 12
# the hand is saved (a settings file write) once edits pause this long, not on every change
HAND_SAVE_MS = 1500
MODES = ("analyze", *DRILLS, "stats", "review")
RANK_KEYS = RANKS                        # the "Order by" choices, in the box's order
HISTORY_FILE = "history.sqlite"


def _history_error() -> type[Exception]:
    """The drill history's error class (the module is imported with the first drill)."""
    from mjgui.drills.history import HistoryError
    return HistoryError


def default_history_path() -> Path:
    """The drill history lives in the user's data folder (QStandardPaths)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(folder or Path.home() / ".mjgui") / HISTORY_FILE


def settings() -> QSettings:
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "mjgui", "mjgui")


class MainWindow(QMainWindow):
    def __init__(self, store: QSettings | None = None, history_path: Path | None = None):
        super().__init__()
        self.store = store if store is not None else settings()
        self.history_path = history_path or default_history_path()
        self.history: HistoryStore | None = None
        self.history_problem = ""             # why the history is unavailable, if it is
        self._bar_widths: dict[tuple, int] = {}   # the bars' width with their words (_fit_bars)
        self.bars_short = False                   # the bars show their short labels
        self.pages: dict[str, QWidget] = {}
        self._pages_scale = 1.0            # the drill and review pages' tiles (_fit_hand_tiles)
        self.theme = read_choice(self.store, "theme", THEMES, "light")
        self.rules_preset, self.rules = read_rules(self.store)
        self.ev_setting = read_ev_setting(self.store)
        self.tile_size = read_choice(self.store, "tile_size", TILE_SIZES, "medium")
        self.settings_dialog = None
        i18n.set_language(read_choice(self.store, "language", i18n.LANGS, "en"))
        self.analysis: Analysis | None = None
        self.ev = None                           # mjgui.ev.EvResult of the hand shown
        self._waits_rules = None                 # the rules the wait inspector last valued with
        self.last_ms = 0.0                 # the analysis itself
        self.update_ms = 0.0               # from the hand changing to the panels showing it
        self._timing = ""                  # the status line of the last analysis
        self._changed_at = 0.0
        self._analysis_unpainted = False      # an analysis applied and not yet painted
        self.frame_hold_ms = FRAME_HOLD_MS
        saved = read_text(self.store, "hand", "")

        self.editor = HandEditor(self)
        self.worker = AnalysisWorker(self)
        self.worker.rules = self.rules
        self.worker.ev_options = self.ev_setting.options
        self._build()
        self._connect()
        self.installEventFilter(self)        # its resizes: the bars' labels (_fit_bars)
        self._apply_theme()
        self._apply_tile_size()
        self.retranslate()

        hand = Hand(())
        if saved:
            try:
                hand = Hand.parse(saved)
            except ValueError as error:
                settings_log.warning("setting 'hand': %s; starting with an empty hand", error)
                hand = Hand(())          # an unreadable saved hand starts empty
        self.editor._apply(hand)
        self.editor.undo_stack.clear()
        self.resize(1280, 860)
        self.rank_box.setCurrentIndex(RANK_KEYS.index(read_choice(self.store, "rank", RANK_KEYS, "ukeire")))
        mode = read_choice(self.store, "mode", MODES, "analyze")
        if mode != "analyze":
            self.set_mode(mode)

    # ---- construction ---------------------------------------------------------------
    def _build(self) -> None:
        self.modebar = QToolBar(self)
        self.modebar.setMovable(False)
        self.addToolBar(self.modebar)
        self.mode_group = QActionGroup(self)
        self.mode_actions: dict[str, QAction] = {}
        for number, mode in enumerate(MODES, 1):
            act = QAction(self, checkable=True, shortcut=QKeySequence(f"Ctrl+{number}"))
            act.triggered.connect(lambda _=False, m=mode: self.set_mode(m))
            self.mode_group.addAction(act)
            self.modebar.addAction(act)
            self.addAction(act)
            self.mode_actions[mode] = act
        self.mode_actions["analyze"].setChecked(True)

        # one row of toolbars: the modes, the hand editing (analysis page only), then the
        # window's own actions on the right
        self.toolbar = QToolBar(self)
        self.toolbar.setMovable(False)
        self.addToolBar(self.toolbar)
        self.windowbar = QToolBar(self)
        self.windowbar.setMovable(False)
        self.addToolBar(self.windowbar)
        self.act_deal = QAction(self, shortcut=QKeySequence("Ctrl+D"))
        self.act_clear = QAction(self, shortcut=QKeySequence("Ctrl+L"))
        # own actions (not createUndoAction): short, translated labels; the step is in the tooltip
        self.act_undo = QAction(self, shortcut=QKeySequence.StandardKey.Undo)
        self.act_redo = QAction(self)
        self.act_redo.setShortcuts([QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")])
        stack = self.editor.undo_stack
        self.act_undo.triggered.connect(stack.undo)
        self.act_redo.triggered.connect(stack.redo)
        stack.canUndoChanged.connect(self.act_undo.setEnabled)
        stack.canRedoChanged.connect(self.act_redo.setEnabled)
        stack.undoTextChanged.connect(lambda text: self.act_undo.setToolTip(tr("Undo: ", "元に戻す: ") + text))
        stack.redoTextChanged.connect(lambda text: self.act_redo.setToolTip(tr("Redo: ", "やり直す: ") + text))
        self.act_undo.setEnabled(False)
        self.act_redo.setEnabled(False)
        self.act_copy_mpsz = QAction(self, shortcut=QKeySequence("Ctrl+Shift+C"))
        self.act_copy_url = QAction(self)
        self.act_copy_unicode = QAction(self)
        self.act_paste = QAction(self, shortcut=QKeySequence("Ctrl+Shift+V"))
        self.act_lang = QAction(self, shortcut=QKeySequence("Ctrl+J"))
        self.act_theme = QAction(self, shortcut=QKeySequence("Ctrl+T"))
        self.act_help = QAction(self, shortcut=QKeySequence("F1"))
        self.act_settings = QAction(self, shortcut=QKeySequence("Ctrl+,"))
        self.copy_menu = QMenu(self)
        for act in (self.act_copy_mpsz, self.act_copy_url, self.act_copy_unicode):
            self.copy_menu.addAction(act)
        self.copy_button = QToolButton(self)
        self.copy_button.setMenu(self.copy_menu)
        self.copy_button.setDefaultAction(self.act_copy_mpsz)
        self.copy_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        for act in (self.act_deal, self.act_clear, self.act_undo, self.act_redo):
            self.toolbar.addAction(act)
        for act in (self.act_undo, self.act_redo):       # they change with every edit
            follow_action(self.toolbar.widgetForAction(act))
        self.edit_separator = self.toolbar.addSeparator()
        self.toolbar.addWidget(self.copy_button)
        self.toolbar.addAction(self.act_paste)
        # language, theme, settings and help belong to the whole window: on a bar every page
        # shows (actions of the hidden editing bar have no shortcuts)
        spacer = QWidget(self)
        spacer.setSizePolicy(spacer.sizePolicy().horizontalPolicy().Expanding,
                             spacer.sizePolicy().verticalPolicy().Preferred)
        self.windowbar.addWidget(spacer)
        for act in (self.act_lang, self.act_theme, self.act_settings, self.act_help):
            self.windowbar.addAction(act)
        for act in (self.act_deal, self.act_clear, self.act_undo, self.act_redo, self.act_copy_mpsz,
                    self.act_copy_url, self.act_copy_unicode, self.act_paste, self.act_lang,
                    self.act_theme, self.act_settings, self.act_help):
            self.addAction(act)             # shortcuts work wherever focus is

        self.stack = PageStack(self)        # as large as the page shown, not as the largest
        central = QWidget(self.stack)
        self.analyze_page = central
        self.stack.addWidget(central)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        # the hand, its text and the summary; beside them the palette that builds the hand
        # (the table below then has the window's full width and most of its height)
        top = QHBoxLayout()
        top.setSpacing(12)
        left = QVBoxLayout()
        left.setSpacing(6)
        self.hand_view = HandView(central)
        self.palette_widget = TilePalette(central, compact=True)
        # the hand gives way when narrow: its tiles shrink to fit (`fit_hand_tiles`)
        self.hand_view.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        left.addWidget(self.hand_view)
        top.addLayout(left, 1)
        top.addWidget(self.palette_widget, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(top)

        row = QHBoxLayout()
        self.text_label = QLabel(central)
        self.text = QLineEdit(central)
        self.text.setClearButtonEnabled(True)
        self.text.setMaxLength(MAX_TEXT)
        self.text_error = QLabel(central)
        self.text_error.setStyleSheet(ALERT_STYLE)
        self.text_error.setWordWrap(True)
        self.text_error.hide()
        row.addWidget(self.text_label)
        row.addWidget(self.text, 3)
        row.addWidget(self.text_error, 2)
        left.addLayout(row)

        summary = QHBoxLayout(QWidget(central))
        self.summary = QLabel(central)
        font = self.summary.font()
        font.setPointSizeF(font.pointSizeF() + 2)
        font.setBold(True)
        self.summary.setFont(font)
        self.summary.setWordWrap(True)            # a long line (a partial hand) wraps, never widens the window
        self.yaku_warning = QLabel(central)       # a tenpai that no wait can win: said in red
        self.yaku_warning.setStyleSheet(ALERT_STYLE)
        self.yaku_warning.hide()
        # the three forms' figures: useful, long; they give way first when the window narrows
        self.forms = ElidedLabel(central)
        self.forms.setEnabled(False)              # greyed: detail, not the headline
        self.forms.setMinimumWidth(0)
        self.forms.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.progress = QProgressBar(central)
        self.progress.setRange(0, 0)             # busy indicator
        self.progress.setMaximumWidth(160)
        self.progress.hide()
        self.rank_label = QLabel(central)
        self.rank_box = QComboBox(central)       # items set in retranslate()
        self.rank_box.setMinimumWidth(80)        # squeezed (its choice cut) in the narrowest window
        self.why_button = QToolButton(central)
        summary.setContentsMargins(0, 0, 0, 0)
        for w, stretch in ((self.summary, 0), (self.yaku_warning, 0), (self.forms, 1), (self.progress, 0)):
            summary.addWidget(w, stretch)
        ordering = QHBoxLayout(QWidget(central))        # on a line of its own when narrow
        ordering.setContentsMargins(0, 0, 0, 0)
        for w in (self.rank_label, self.rank_box, self.why_button):
            ordering.addWidget(w)
        summary_row = QWidget(central)
        WrapRow(summary_row, summary.parentWidget(), ordering.parentWidget())
        left.addWidget(summary_row)

        # the table takes the full width; the wait inspector and the turn chart share the
        # bottom; `PanelFit` sizes the two by what they hold
        self.splitter = QSplitter(Qt.Orientation.Vertical, central)
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

        self.setCentralWidget(self.stack)

        self.help = HelpOverlay(self)
        self.help.hide()
        self._text_timer = QTimer(self)
        self._text_timer.setSingleShot(True)
        self._text_timer.setInterval(TEXT_APPLY_MS)
        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.setInterval(HAND_SAVE_MS)
        self._save_timer.timeout.connect(self._save_hand)

    def _connect(self) -> None:
        self.editor.handChanged.connect(self._hand_changed)
        self.worker.finished.connect(self._analysis_ready)
        self.worker.ev_finished.connect(self._ev_ready)
        self.rank_box.currentIndexChanged.connect(self._rank_changed)
        self.why_button.clicked.connect(self.explain_ev)
        self.worker.busy.connect(self.progress.setVisible)
        self.act_deal.triggered.connect(self.random_deal)
        self.act_clear.triggered.connect(self.editor.clear)
        self.act_copy_mpsz.triggered.connect(lambda: self.copy("mpsz"))
        self.act_copy_url.triggered.connect(lambda: self.copy("url"))
        self.act_copy_unicode.triggered.connect(lambda: self.copy("unicode"))
        self.act_paste.triggered.connect(self.paste)
        self.act_lang.triggered.connect(self.toggle_language)
        self.act_theme.triggered.connect(self.toggle_theme)
        self.act_help.triggered.connect(self.toggle_help)
        self.act_settings.triggered.connect(self.open_settings)
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
        self.palette_widget.meldRequested.connect(lambda meld: self._edit(self.editor.add_meld, meld))

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
            self.statusBar().clearMessage()      # its "Analysed in" was the last valid hand's
            self._plain_summary(tr("Not analysed: the hand text has an error (see above); the greyed "
                                   "figures are for the last valid hand",
                                   "分析していません: 手牌の入力に誤りがあります。灰色の表示は直前の正しい手牌のものです"))
        elif self.analysis is not None:
            self._show_summary()

    def _palette_tile(self, target: str, tile: Tile) -> None:
        action = {"hand": self.editor.add_tile, "dora": self.editor.add_dora,
                  "visible": self.editor.add_visible}[target]
        self._edit(action, tile)

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
        self.statusBar().showMessage(message, 6000)

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
        self._fit_hand_tiles()
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
        self.table.set_analysis(analysis, ev_pending)
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
        self._timing = self._timing_text()
        if self.mode == "analyze":                # the analysis's line belongs to its page
            self.statusBar().showMessage(self._timing)
        self._layout_now()
        self._analysis_unpainted = True

    def _timing_text(self) -> str:
        return tr(f"Analysed in {self.last_ms:.1f} ms, shown in {self.update_ms:.1f} ms",
                  f"分析 {self.last_ms:.1f} ms、表示まで {self.update_ms:.1f} ms")

    def event(self, event: QEvent) -> bool:
        done = super().event(event)
        # Qt paints the whole window while handling its UpdateRequest: the analysis is
        # on screen once it is handled, and the worker's expected values may start
        if event.type() == QEvent.Type.UpdateRequest and self._analysis_unpainted:
            self._analysis_unpainted = False
            self.worker.analysis_shown()
        return done

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
        self.table.set_ev(result.ev)
        self.turn_chart.set_pending(False)
        self._show_chart()
        self.panel_fit.request()
        self._layout_now()                 # the chart's room in the same repaint

    def _rank_changed(self, index: int) -> None:
        rank = RANK_KEYS[index] if 0 <= index < len(RANK_KEYS) else "ukeire"
        self.table.set_rank(rank)
        self.store.setValue("rank", rank)
        self._show_selected()
        self._sync_settings_dialog()

    @property
    def rank(self) -> str:
        """The evaluator the discards are ordered by (ukeire, score or win)."""
        index = self.rank_box.currentIndex()
        return RANK_KEYS[index] if 0 <= index < len(RANK_KEYS) else "ukeire"

    def set_rank(self, rank: str) -> None:
        if rank not in RANK_KEYS:
            raise ValueError(f"rank must be one of {', '.join(RANK_KEYS)}, not {rank!r}")
        self.rank_box.setCurrentIndex(RANK_KEYS.index(rank))

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
                                explanation(self.ev_setting.options))

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
            row = self.table.row_for_view(index.row()) if index.isValid() else a.rows[0]
        report = a.wait_report(row) if row is not None else None     # worked out by the worker
        if report is None:      # a discard below tenpai: the inspector says what it leaves
            discard = (row.tile, row.shanten) if row is not None and row.tile is not None else None
            self.waits.set_report(None, hand, discard=discard)
        else:
            report_hand = a.hand_after(row)
            if (report_hand != self.waits.hand() or self.waits.report() is None
                    or a.rules != self._waits_rules):              # asked again on selection
                self._waits_rules = a.rules
                self.waits.set_report(report, report_hand, a.wait_values(row))

    # ---- keyboard ---------------------------------------------------------------------------
    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key == Qt.Key.Key_Question and not self.text.hasFocus():
            self.toggle_help()                   # every page: drill pages pass ? on
            return
        if self.mode != "analyze" or self.text.hasFocus():
            super().keyPressEvent(event)
            return
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9 and self.analysis is not None and self.analysis.rows:
            n = key - Qt.Key.Key_1
            if n < self.table.model().rowCount():
                self.discard(self.table.row_for_view(n).tile.kind)
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            (self.hand_view.select_previous if key == Qt.Key.Key_Left else self.hand_view.select_next)()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            tile = self.hand_view.selected_tile()
            if tile is not None:
                self.discard(tile)
            return
        if event.text() and (event.text().isalnum()):
            self.text.setFocus()               # typing goes to the mpsz field
            self.text.end(False)
            self.text.insert(event.text())
            self._text_timer.start()
            return
        super().keyPressEvent(event)

    # ---- modes: analysis, drills, statistics --------------------------------------------------
    @property
    def mode(self) -> str:
        return next(m for m, act in self.mode_actions.items() if act.isChecked())

    def set_mode(self, mode: str) -> None:
        """Show a page; drill and statistics pages are built on first use."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        try:
            page = self.page(mode)
        except (ValueError, TypeError, OSError, sqlite3.Error, _history_error()) as error:
            # the mode bar must keep naming the page that is shown
            current = next((m for m in MODES if self.page_if_built(m) is self.stack.currentWidget()),
                           "analyze")
            self.mode_actions[current].setChecked(True)
            self.statusBar().showMessage(tr(f"Cannot open this page: {error}",
                                            f"このページを開けません: {error}"), 15000)
            return
        self.mode_actions[mode].setChecked(True)
        if self.stack.currentWidget() is not page:
            # the status line and the help speak of the page shown
            fresh = mode == "analyze" and self.table.isEnabled()      # not greyed by a typing error
            self.statusBar().showMessage(self._timing if fresh else "")
            self.help.set_mode(mode)
        self.stack.setCurrentWidget(page)
        for act in self.toolbar.actions():        # hand editing belongs to the analysis page
            act.setVisible(mode == "analyze")
        self.toolbar.setVisible(mode == "analyze")
        self._fit_bars()
        if mode == "analyze":        # the window may have been resized while a hidden page
            self.analyze_page.layout().activate()
            self._fit_hand_tiles()
        self.store.setValue("mode", mode)

    def page_if_built(self, mode: str) -> QWidget | None:
        return self.analyze_page if mode == "analyze" else self.pages.get(mode)

    def page(self, mode: str) -> QWidget:
        if mode == "analyze":
            return self.analyze_page
        if mode not in self.pages:
            if mode != "review":           # the review opens it with its first game
                self._open_history()
            if mode == "stats":
                from mjgui.ui.stats_page import StatsPage
                page = StatsPage(self.history, self.stack)
                if self.history is None:
                    page.set_unavailable(self.history_problem)
                page.practiceRequested.connect(self.practise)
            elif mode == "review":
                from mjgui.ui.review_page import ReviewPage
                page = ReviewPage(lambda: self._open_history() or self.history, self.store, self.stack)
                page.analyzeRequested.connect(self.open_in_analysis)
                page.practiceRequested.connect(self.practise)
                page.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
                page.gameRecorded.connect(self._history_changed)
            else:
                from mjgui.ui.drill_page import DrillPage
                page = DrillPage(mode, self.history, self.stack)
                page.set_rules(self.rules)
                saved = read_json_object(self.store, f"drill/{mode}")
                if saved:
                    try:
                        page.apply_settings(saved)
                    except (ValueError, TypeError, KeyError):
                        pass                     # settings of another version: defaults
                page.attemptRecorded.connect(self._history_changed)
                page.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
            page.set_theme(self.theme)
            page.retranslate()
            self._scale_page_tiles(page)
            self.stack.addWidget(page)
            self.pages[mode] = page
        return self.pages[mode]

    def _open_history(self) -> None:
        """Open the drill history once; a broken file is moved aside by the store,
        an unusable location leaves drills working without saving."""
        if self.history is not None or self.history_problem:
            return
        from mjgui.drills.history import HistoryError, HistoryStore
        try:
            self.history = HistoryStore.open(self.history_path)
        except HistoryError as error:
            self.history_problem = error.message_ja if i18n.language() == "ja" else str(error)
            self.statusBar().showMessage(self.history_problem, 15000)
            return
        h = self.history
        notice = " ".join(filter(None, (h.recovered_ja, h.notice_ja) if i18n.language() == "ja"
                                  else (h.recovered, h.notice)))
        if notice:
            self.statusBar().showMessage(notice, 15000)

    def _history_changed(self) -> None:
        stats = self.pages.get("stats")
        if stats is not None:
            stats.mark_stale()

    def open_in_analysis(self, hand: Hand) -> None:
        """Show a situation (from the game review) in the Analyze mode, undoable there."""
        self.set_mode("analyze")
        self._edit(self.editor.set_hand, hand, tr("Open from review", "検討から開く"))

    def practise(self, problems: list, title: str) -> None:
        """Start a set chosen on the statistics page in the drill of its first problem; the
        problems of every other drill wait in their own drills (Start there runs them)."""
        if not problems:
            return
        by_drill: dict[str, list] = {}
        for p in problems:
            by_drill.setdefault(p.drill, []).append(p)
        first, *others = by_drill
        self.set_mode(first)
        if self.mode != first:
            return                               # the page could not open (said in the status bar)
        self.pages[first].start_set(by_drill[first], title)
        for drill in others:
            self.page(drill).queue_set(by_drill[drill], title)
        if others:
            names = {"nanikiru": ("Nanikiru", "何切る"), "wait": ("Waits", "待ち"), "call": ("Calls", "鳴き"),
                     "score": ("Score", "点数"), "defence": ("Defence", "守備")}
            rest_en = ", ".join(f"{len(by_drill[k])} in {names[k][0]}" for k in others)
            rest_ja = "、".join(f"{names[k][1]}に{len(by_drill[k])}問" for k in others)
            self.statusBar().showMessage(
                tr(f"{len(by_drill[first])} {names[first][0]} problems started; the others are ready "
                   f"in their drills: {rest_en}",
                   f"{names[first][1]}の問題{len(by_drill[first])}問を開始。残りは各ドリルで: {rest_ja}"), 15000)

    # ---- settings: rules, tile size ------------------------------------------------------------
    def open_settings(self) -> None:
        from mjgui.ui.settings_dialog import SettingsDialog
        fonts.ensure_japanese()            # its language box names 日本語
        if self.settings_dialog is None:
            self.settings_dialog = SettingsDialog(self)
        self.settings_dialog.sync()
        self.settings_dialog.show()
        self.settings_dialog.raise_()
        self.settings_dialog.activateWindow()

    def _sync_settings_dialog(self) -> None:
        if self.settings_dialog is not None:
            self.settings_dialog.sync()

    def set_rules(self, preset: str, rules: Rules) -> None:
        """Value hands under these rules from now on: the hand shown is analysed again,
        the drills score with them from their next problem."""
        if rules == self.rules and preset == self.rules_preset:
            return
        write_rules(self.store, preset, rules)
        self.rules_preset, self.rules = preset, rules
        self.worker.rules = rules
        for mode, page in self.pages.items():
            if mode in DRILLS:                    # the drills; not stats or review
                page.set_rules(rules)
        self._analyse_again()

    def _analyse_again(self) -> None:
        """After a setting the values depend on: the hand shown, analysed anew."""
        self.ev = None
        hand = self.editor.hand
        if hand.analysable:
            self._changed_at = time.perf_counter()
            self.worker.request(hand)

    def set_ev_setting(self, setting: EvSetting) -> None:
        """The expected values of this model from now on: the hand shown is analysed again
        (the drills and the review keep their own models)."""
        if setting == self.ev_setting:
            return
        write_ev_setting(self.store, setting)
        self.ev_setting = setting
        self.worker.ev_options = setting.options
        self._rank_tip()
        self._sync_settings_dialog()
        self._analyse_again()

    def set_tile_size(self, size: str) -> None:
        if size not in TILE_SIZES:
            raise ValueError(f"tile size must be one of {', '.join(TILE_SIZES)}, not {size!r}")
        self.tile_size = size
        self.store.setValue("tile_size", size)
        self._apply_tile_size()

    def _apply_tile_size(self) -> None:
        self._fit_hand_tiles()

    def _fit_hand_tiles(self) -> None:
        """The tiles at the chosen size, larger in a window larger than 1280x860
        (`tile_scale`); the hand's smaller when it would not fit the width."""
        hand_height, palette_height = TILE_HEIGHTS[self.tile_size]
        scale = tile_scale(self.width(), self.height())
        palette = round(palette_height * palette_scale(self.width(), self.height()))
        if self.palette_widget.tile_height() != palette:
            self.palette_widget.set_tile_height(palette)
            self.analyze_page.layout().activate()          # the hand's width beside it
        view = self.hand_view
        height = fitted_tile_height(view.tile_height(), view.sizeHint().width(), view.width(),
                                    round(hand_height * scale))
        if height != view.tile_height():
            view.set_tile_height(height)
        # the other pages' tiles follow the same setting and window size (their pages
        # scroll when the window is small, so they are not fitted to its width)
        pages_scale = scale * hand_height / TILE_HEIGHTS["medium"][0]
        if pages_scale != self._pages_scale:
            self._pages_scale = pages_scale
            for page in self.pages.values():
                self._scale_page_tiles(page)

    def _scale_page_tiles(self, page: QWidget) -> None:
        scale_tiles = getattr(page, "set_tile_scale", None)     # pages that show tiles
        if scale_tiles is not None:
            scale_tiles(self._pages_scale)

    # ---- language, theme, help ----------------------------------------------------------------
    def toggle_language(self) -> None:
        self.set_language("ja" if i18n.language() == "en" else "en")

    def set_language(self, lang: str) -> None:
        i18n.set_language(lang)
        self.store.setValue("language", lang)
        self.retranslate()
        if self.settings_dialog is not None:
            self.settings_dialog.retranslate()
            self.settings_dialog.sync()

    def toggle_theme(self) -> None:
        self.set_theme("dark" if self.theme == "light" else "light")

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}")
        self.theme = theme
        self.store.setValue("theme", self.theme)
        self._apply_theme()
        self._label_theme_action()
        self._fit_bars()
        self._sync_settings_dialog()

    def _label_theme_action(self) -> None:
        """The button names the theme shown ("Theme: Light"), as a state and not as the
        action, which a reader could take for the current theme; the tooltip says what a
        click does."""
        en, ja = ("Light", "ライト") if self.theme == "light" else ("Dark", "ダーク")
        other_en, other_ja = ("dark", "ダーク") if self.theme == "light" else ("light", "ライト")
        keys = self.act_theme.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        self.act_theme.setToolTip(tr(f"The {en.lower()} theme is shown: click for the {other_en} one ({keys})",
                                     f"{ja}テーマ表示中: クリックで{other_ja}テーマに（{keys}）"))

    def _bar_labels(self, short: bool) -> dict[QAction, str]:
        """The labels of the bars' actions that have a short form: words in a window wide
        enough for them, else symbols and shorter words (the tooltips keep the words), so
        that every action stays on the bar at 800 px, in both languages, without "»"."""
        defence, wait, call = (self.mode_actions[m] for m in ("defence", "wait", "call"))
        if short:
            return {self.act_deal: "⚄", self.act_undo: "↶", self.act_redo: "↷",     # a die: a random deal
                    self.act_clear: "⌫", defence: tr("Def.", "守備"), wait: tr("Wait", "待ち"),
                    call: tr("Call", "鳴き"),
                    self.act_theme: "☀" if self.theme == "light" else "☾",
                    self.act_settings: "⚙", self.act_help: "?"}
        light = self.theme == "light"
        return {self.act_deal: tr("Random deal", "ランダム配牌"), self.act_undo: tr("Undo", "元に戻す"),
                self.act_clear: tr("Clear", "クリア"), defence: tr("Defence", "守備"), wait: tr("Waits", "待ち"),
                call: tr("Calls", "鳴き"),
                self.act_redo: tr("Redo", "やり直す"),
                self.act_theme: tr("Theme: Light" if light else "Theme: Dark",
                                   "テーマ: ライト" if light else "テーマ: ダーク"),
                self.act_settings: tr("Settings", "設定"), self.act_help: tr("Help", "ヘルプ")}

    def _fit_bars(self, width: int | None = None) -> None:
        """Short labels on the bars when their words do not fit the window's width (the
        width the words need is measured once per language, theme and bars shown)."""
        bars = [b for b in (self.modebar, self.toolbar, self.windowbar) if not b.isHidden()]
        key = (i18n.language(), self.theme, len(bars))
        full = self._bar_widths.get(key)
        if full is None:
            self._set_bar_labels(False)
            full = self._bar_widths[key] = sum(b.sizeHint().width() for b in bars)
        self._set_bar_labels(full > (self.width() if width is None else width))

    def _set_bar_labels(self, short: bool) -> None:
        self.bars_short = short
        self.edit_separator.setVisible(not short)
        for act, text in self._bar_labels(short).items():
            if act.text() != text:
                act.setText(text)

    def _label_language_action(self) -> None:
        """In English the switch says "日本語", drawn from the bundled font's outlines (the
        font itself is registered only when Japanese is shown); in Japanese, "English"."""
        picture = None
        if i18n.language() == "en":
            palette = QApplication.palette()      # the theme's, set just now (the window's follows later)
            color = palette.color(palette.ColorRole.ButtonText).rgba()
            picture = fonts.word_picture("日本語", max(11, QFontInfo(self.font()).pixelSize()), color,
                                         self.devicePixelRatioF())
        if picture is not None:            # the bar shows it at its own size, not scaled
            self.windowbar.setIconSize(picture.deviceIndependentSize().toSize())
        self.act_lang.setIcon(QIcon(picture) if picture is not None else QIcon())

    def _apply_theme(self) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, self.theme)
        for w in (self.hand_view, self.palette_widget, self.table, self.waits, self.turn_chart,
                  self.help, *self.pages.values()):
            w.set_theme(self.theme)
        self._label_language_action()          # drawn in the theme's text colour

    def toggle_help(self) -> None:
        if self.help.isVisible():
            self.help.close_overlay()
        else:
            fonts.ensure_japanese()        # the help names the language switch "English / 日本語"
            self.help.setGeometry(self.centralWidget().geometry())
            self.help.open_overlay()

    def eventFilter(self, watched, event) -> bool:
        if watched is self and event.type() == QEvent.Type.Resize:
            # the bars' labels for the new width before the window's layout places the
            # bars (a filter sees the event before the layout): the bars are then laid out
            # once, with the labels they keep, instead of overflowing into "»" first
            self._fit_bars(event.size().width())
        return super().eventFilter(watched, event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self._fit_hand_tiles)        # once the layout gave the hand its width
        if self.help.isVisible():
            self.help.setGeometry(self.centralWidget().geometry())

    def _rank_tip(self) -> None:
        o = self.ev_setting.options
        self.rank_box.setToolTip(tr(f"Order the discards by the analysis (ukeire, then second step) or by "
                                    f"the expected values of {ev_model_words(o)} (Why these numbers?)",
                                    f"打牌の並び: 受け入れ（と二歩目）、または{ev_model_words(o, 'ja')}"
                                    "の期待値・和了率（数字の根拠）"))

    def retranslate(self) -> None:
        if i18n.language() == "ja":
            fonts.ensure_japanese()
        self.setWindowTitle(tr("mjgui — Riichi mahjong hand trainer", "mjgui — リーチ麻雀 牌効率トレーナー"))
        for act, en, ja in ((self.act_deal, "Random deal", "ランダム配牌"), (self.act_clear, "Clear", "クリア"),
                            (self.act_copy_mpsz, "Copy", "コピー"),
                            (self.act_copy_url, "Copy tenhou URL", "天鳳URLをコピー"),
                            (self.act_copy_unicode, "Copy as Unicode tiles", "Unicode牌でコピー"),
                            (self.act_paste, "Paste", "貼り付け"),
                            (self.act_lang, "日本語", "English"),
                            (self.act_settings, "Settings", "設定"),
                            (self.act_help, "Help", "ヘルプ")):
            act.setText(tr(en, ja))
            keys = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            act.setToolTip(f"{tr(en, ja)} ({keys})" if keys else tr(en, ja))
        self._label_theme_action()
        self._label_language_action()
        self.act_copy_mpsz.setToolTip(tr("Copy the hand as text (Ctrl+Shift+C); the arrow offers a "
                                         "tenhou URL or Unicode tiles",
                                         "手牌を文字でコピー（Ctrl+Shift+C）。矢印から天鳳URL・Unicode牌"))
        stack = self.editor.undo_stack
        for act, en, ja, step in ((self.act_undo, "Undo", "元に戻す", stack.undoText()),
                                  (self.act_redo, "Redo", "やり直す", stack.redoText())):
            if not step:             # an edit's step names itself (undoTextChanged)
                keys = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                act.setToolTip(f"{tr(en, ja)} ({keys})")
        self.text_label.setText(tr("Hand:", "手牌:"))
        self.text.setPlaceholderText(tr("type a hand: 123m456p789s1122z, 0m = red five, chi:3*45m, dora:1z",
                                        "手牌を入力: 123m456p789s1122z、0m = 赤5、chi:3*45m、dora:1z"))
        self.text.setToolTip(tr("mpsz notation; melds as chi:3*45m pon:5*55z@R (called tile marked *, "
                                "seat @L/@A/@R), dora:, visible:, discards:, round:E seat:S",
                                "mpsz表記。副露は chi:3*45m pon:5*55z@R（*は鳴いた牌、@L/@A/@Rは相手）、"
                                "dora: visible: discards: round:E seat:S"))
        for w in (self.hand_view, self.palette_widget, self.table, self.waits, self.help,
                  *self.pages.values()):
            w.retranslate()
        self.rank_label.setText(tr("Order by", "並び順"))
        index = max(self.rank_box.currentIndex(), 0)
        self.rank_box.blockSignals(True)
        self.rank_box.clear()
        self.rank_box.addItems([tr("ukeire", "受け入れ"), tr("expected points", "期待値"),
                                tr("win chance", "和了率")])
        self.rank_box.setCurrentIndex(index)
        self.rank_box.blockSignals(False)
        self._rank_tip()
        self.why_button.setText(tr("Why these numbers?", "数字の根拠"))
        self.why_button.setToolTip(tr("The model behind Win %, Tenpai % and Exp. pts",
                                      "和了率・聴牌率・期待値のモデル"))
        self.turn_chart.update()
        for mode, (en, ja) in zip(MODES, (("Analyze", "分析"), ("Nanikiru", "何切る"), ("Waits", "待ち"),
                                          ("Calls", "鳴き"), ("Score", "点数"), ("Defence", "守備"), ("Stats", "成績"),
                                          ("Review", "検討"))):
            act = self.mode_actions[mode]
            act.setText(tr(en, ja))
            act.setToolTip(f"{tr(en, ja)} ({act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
        if self._timing:                 # the last analysis's status line, in the new language
            shown = self.statusBar().currentMessage() == self._timing
            self._timing = self._timing_text()
            if shown:
                self.statusBar().showMessage(self._timing)
        self._bar_widths.clear()
        self._fit_bars()
        self._show_summary()
        if self.analysis is None and not self.editor.hand.analysable:
            self._hand_changed(self.editor.hand)

    def _save_hidden_columns(self, hidden) -> None:
        self.store.setValue("hidden_columns", " ".join(COLUMN_KEYS[c] for c in sorted(hidden)))

    def _save_hand(self) -> None:
        self._save_timer.stop()
        self.store.setValue("hand", str(self.editor.hand))

    def closeEvent(self, event) -> None:
        self._save_hand()
        for mode, page in self.pages.items():
            if mode in DRILLS:
                self.store.setValue(f"drill/{mode}", json.dumps(page.settings()))
        review = self.pages.get("review")
        if review is not None:
            review.confirm_close()
            review.wait(2000)
        if self.history is not None:
            self.history.close()
        self.store.sync()
        self.worker.wait(2000)
        super().closeEvent(event)
