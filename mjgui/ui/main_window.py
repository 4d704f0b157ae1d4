"""The trainer's main window: the shell around the pages.  It holds the mode bar, the
hand-editing bar (shown with the Analyze page), the window's own actions (language, theme,
settings, help), the status bar, the settings every page follows (rules, expected-value
model, tile size) and the pages: the Analyze page (mjgui.ui.analyze_page) and, built on
first use, the drills, the statistics and the review."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QFontInfo, QIcon, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QToolBar, QToolButton, QWidget

from mjgui.drills.drill_names import DRILLS
from mjgui.hand import Hand
from mjgui.scoring import Rules
from mjgui.ui import fonts, i18n
from mjgui.ui.action_button import follow_action
from mjgui.ui.analyze_page import AnalyzePage
from mjgui.ui.ev_setting import EvSetting, read_ev_setting, write_ev_setting
from mjgui.ui.hand_editor import HandEditor
from mjgui.ui.help_overlay import HelpOverlay
from mjgui.ui.i18n import tr
from mjgui.ui.page_stack import PageStack
from mjgui.ui.panel_fit import TILE_HEIGHTS, TILE_SIZES, palette_scale, tile_scale
from mjgui.ui.rules_setting import read_rules, write_rules
from mjgui.ui.stored_settings import read_choice, read_json_object
from mjgui.ui.theme import THEMES, apply_theme

if TYPE_CHECKING:        # the drill history is imported when a drill or the statistics open
    from mjgui.drills.history import HistoryStore

__all__ = ["MainWindow", "MODES", "apply_theme", "default_history_path", "settings"]

MODES = ("analyze", *DRILLS, "stats", "review")
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


class _OnPage:
    """A MainWindow name for a part of the Analyze page, read and written on the page."""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, window, owner=None):
        return self if window is None else getattr(window.analyze_page, self.name)

    def __set__(self, window, value) -> None:
        setattr(window.analyze_page, self.name, value)


class MainWindow(QMainWindow):
    # The Analyze page's parts and edits under the window's names, as they were before the
    # page had a module of its own: the tests, benchmarks/bench_app.py and
    # tools/gen_screenshots.py drive the window by them.  Each is the page's attribute of the
    # same name (`_OnPage`); new code talks to `analyze_page` itself.
    editor = _OnPage()
    worker = _OnPage()
    hand_view = _OnPage()
    palette_widget = _OnPage()
    text = _OnPage()
    text_error = _OnPage()
    summary = _OnPage()
    forms = _OnPage()
    yaku_warning = _OnPage()
    rank_box = _OnPage()
    why_button = _OnPage()
    table = _OnPage()
    waits = _OnPage()
    turn_chart = _OnPage()
    splitter = _OnPage()
    panel_fit = _OnPage()
    analysis = _OnPage()
    ev = _OnPage()
    last_ms = _OnPage()
    update_ms = _OnPage()
    frame_hold_ms = _OnPage()
    rank = _OnPage()
    _text_timer = _OnPage()
    apply_text = _OnPage()
    discard = _OnPage()
    copy = _OnPage()
    paste = _OnPage()
    random_deal = _OnPage()
    explain_ev = _OnPage()
    set_rank = _OnPage()
    _analysis_ready = _OnPage()
    _ev_ready = _OnPage()
    _show_waits = _OnPage()

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

        # the hand and its undo stack, made before the actions that follow the stack: Qt
        # deletes a window's children in the order they were made, so the stack goes first
        # and never signals to an action already deleted
        self._editor = HandEditor(self)
        self._build()
        self._connect()
        self.installEventFilter(self)        # its resizes: the bars' labels (_fit_bars)
        self._apply_theme()
        self._apply_tile_size()
        self.retranslate()

        self.analyze_page.restore_hand()
        self.resize(1280, 860)
        self.analyze_page.restore_rank()
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

        # the pages after the bars: the bars come first in the focus chain
        self.stack = PageStack(self)        # as large as the page shown, not as the largest
        self.analyze_page = AnalyzePage(self.store, self.rules, self.ev_setting, self.stack, self._editor)
        self.stack.addWidget(self.analyze_page)
        self.setCentralWidget(self.stack)
        self.help = HelpOverlay(self)
        self.help.hide()

    def _connect(self) -> None:
        page = self.analyze_page
        stack = page.editor.undo_stack
        self.act_undo.triggered.connect(stack.undo)
        self.act_redo.triggered.connect(stack.redo)
        stack.canUndoChanged.connect(self.act_undo.setEnabled)
        stack.canRedoChanged.connect(self.act_redo.setEnabled)
        stack.undoTextChanged.connect(lambda text: self.act_undo.setToolTip(tr("Undo: ", "元に戻す: ") + text))
        stack.redoTextChanged.connect(lambda text: self.act_redo.setToolTip(tr("Redo: ", "やり直す: ") + text))
        page.statusMessage.connect(self._page_status)
        page.rankChanged.connect(lambda _rank: self._sync_settings_dialog())
        self.act_deal.triggered.connect(lambda: page.random_deal())
        self.act_clear.triggered.connect(page.editor.clear)
        self.act_copy_mpsz.triggered.connect(lambda: page.copy("mpsz"))
        self.act_copy_url.triggered.connect(lambda: page.copy("url"))
        self.act_copy_unicode.triggered.connect(lambda: page.copy("unicode"))
        self.act_paste.triggered.connect(page.paste)
        self.act_lang.triggered.connect(self.toggle_language)
        self.act_theme.triggered.connect(self.toggle_theme)
        self.act_help.triggered.connect(self.toggle_help)
        self.act_settings.triggered.connect(self.open_settings)

    def _page_status(self, text: str, ms: int) -> None:
        """The Analyze page's status line, shown while that page is (its analysis finishing
        while a drill is shown does not write on the drill's page)."""
        if self.mode == "analyze":
            self.statusBar().showMessage(text, ms)

    def event(self, event: QEvent) -> bool:
        done = super().event(event)
        # Qt paints the whole window while handling its UpdateRequest: the analysis is
        # on screen once it is handled, and the worker's expected values may start
        if event.type() == QEvent.Type.UpdateRequest:
            self.analyze_page.window_painted()
        return done

    # ---- keyboard ---------------------------------------------------------------------------
    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Question and not self.text.hasFocus():
            self.toggle_help()                   # every page: drill pages pass ? on
            return
        if self.mode == "analyze" and self.analyze_page.handle_key(event):
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
            self.statusBar().showMessage(self.analyze_page.status_text() if mode == "analyze" else "")
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
        self.analyze_page.open_hand(hand, tr("Open from review", "検討から開く"))

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
        for mode, page in self.pages.items():
            if mode in DRILLS:                    # the drills; not stats or review
                page.set_rules(rules)
        self.analyze_page.set_rules(rules)        # the hand shown, analysed again


    def set_ev_setting(self, setting: EvSetting) -> None:
        """The expected values of this model from now on: the hand shown is analysed again
        (the drills and the review keep their own models)."""
        if setting == self.ev_setting:
            return
        write_ev_setting(self.store, setting)
        self.ev_setting = setting
        self.analyze_page.set_ev_setting(setting)
        self._sync_settings_dialog()

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
        (`tile_scale`); the Analyze page's hand smaller when it would not fit the width."""
        hand_height, palette_height = TILE_HEIGHTS[self.tile_size]
        scale = tile_scale(self.width(), self.height())
        palette = round(palette_height * palette_scale(self.width(), self.height()))
        self.analyze_page.set_tile_heights(round(hand_height * scale), palette)
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
        for w in (self.analyze_page, self.help, *self.pages.values()):
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
        timing = self.analyze_page.timing          # the status line may show it (below)
        for w in (self.analyze_page, self.help, *self.pages.values()):
            w.retranslate()
        for mode, (en, ja) in zip(MODES, (("Analyze", "分析"), ("Nanikiru", "何切る"), ("Waits", "待ち"),
                                          ("Calls", "鳴き"), ("Score", "点数"), ("Defence", "守備"), ("Stats", "成績"),
                                          ("Review", "検討"))):
            act = self.mode_actions[mode]
            act.setText(tr(en, ja))
            act.setToolTip(f"{tr(en, ja)} ({act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
        if timing and self.statusBar().currentMessage() == timing:
            self.statusBar().showMessage(self.analyze_page.timing)     # in the new language
        self._bar_widths.clear()
        self._fit_bars()
        self.analyze_page.retranslate_summary()

    def closeEvent(self, event) -> None:
        self.analyze_page.save_hand()
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
