"""Review mode: open a game log (file, folder, drag and drop or pasted tenhou.net/6 JSON),
choose the player, and walk through every decision they made, rated by the engine.

The page shows the game's summary, a timeline of the rounds (one square per decision,
coloured by the loss, underlined when made under threat) and the selected decision: the hand as
it was, what was played, the engine's ranking, and the other players' rivers as on the table
(`TableView`: the riichi tile sideways, the tiles passed after it marked by the replay's exact
genbutsu); under threat a line says in push / fold terms why the choice was good or bad.  Enter (or "Analyze") opens the situation in the Analyze mode; "Drill my
mistakes" puts the costly discards into the review queue and starts them as nanikiru
problems (defence problems under a riichi).  Every reading and rating runs on `GameReviewer`'s thread; this page only shows.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote_to_bytes

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (QComboBox, QFileDialog, QHBoxLayout, QHeaderView, QLabel,
                               QProgressBar, QPushButton, QScrollArea, QSizePolicy, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from mjgui.hand import Hand
from mjgui.tiles import kind_of
from mjgui.ui.hand_view import HandView
from mjgui.ui.i18n import tr
from mjgui.ui.review_timeline import AGREED, MISTAKE, SMALL, ReviewTimeline, TimelineCell, TimelineRow
from mjgui.ui.review_worker import MAX_FOLDER_FILES, GameReviewer, log_files
from mjgui.ui.table_view import TableView
from mjgui.ui.threat_line import percent, threat_line, threat_words
from mjgui.ui.theme import COLORS
from mjgui.ui.wrap_row import WrapRow
from mjgui.words import shanten_word

if TYPE_CHECKING:       # the log readers are imported with the first log, not with the page
    from mjgui.logs.record import GameRecord

__all__ = ["ReviewPage"]

_SEVERITY = {"agreed": AGREED, "small": SMALL, "mistake": MISTAKE}
_UNITS = {"points": ("pts", "点"), "ukeire": ("tiles", "枚"), "calls": ("calls", "回")}
_EVALUATORS = {"ev": ("expected points", "期待値"), "analysis": ("ukeire ranking", "受け入れ順"),
               "forced": ("forced (riichi)", "リーチ後のツモ切り"), "ron": ("ron", "ロン"),
               "calls": ("calls", "鳴き判断")}

#: the ranking's columns; the last three (deal-in, push, fold) show under threat
_COLUMNS = (("Choice", "選択"), ("Value", "評価"), ("Shanten", "向聴"), ("Deal-in", "放銃率"),
            ("Push", "押し"), ("Fold", "オリ"))

#: a round's end without a win (mjgui.logs.record.DRAW_KINDS), as the timeline names it
_DRAWS = {"exhaustive": ("draw", "流局"), "nagashi-mangan": ("nagashi mangan", "流し満貫"),
          "nine-terminals": ("nine terminals", "九種九牌"), "four-riichi": ("four riichi", "四家立直"),
          "triple-ron": ("triple ron", "三家和了"), "four-kans": ("four kans", "四槓散了"),
          "four-winds": ("four winds", "四風連打")}


def _local_path(url: QUrl) -> str:
    """A dropped file's path.  On POSIX a name is bytes: a file manager percent-encodes bytes
    that are not UTF-8 (%FF%FEgame.mjlog), which toLocalFile() would turn into U+FFFD; the
    bytes are decoded as the file system does (os.fsdecode), so such a file still opens."""
    if os.name != "posix" or url.host():
        return url.toLocalFile()
    return os.fsdecode(unquote_to_bytes(url.path(QUrl.ComponentFormattingOption.FullyEncoded)))


def _unit(unit: str) -> str:
    en, ja = _UNITS.get(unit, (unit, unit))
    return tr(en, ja)


def _signed(value: float) -> str:
    """A push or fold value in points: −1,497 (the column says the unit)."""
    return f"{value:,.0f}".replace("-", "−")


def _loss(value: float, unit: str) -> str:
    return f"{value:,.0f} {_unit(unit)}" if unit == "points" else f"{value:,.1f} {_unit(unit)}".replace(".0 ", " ")


class ReviewPage(QWidget):
    """See the module doc.  `history`: the drill history, None, or a function that opens it.
    Signals: ``analyzeRequested(Hand)``, ``practiceRequested(list, str)``, ``message(str)``
    for the status bar."""

    HAND_HEIGHT = 48          # the decision's hand at scale 1
    TABLE_HEIGHT = 32         # the rivers' tiles at scale 1 (the table view scales them down to fit)

    analyzeRequested = Signal(object)
    practiceRequested = Signal(object, str)
    message = Signal(str)
    gameRecorded = Signal()

    def __init__(self, history, store: QSettings | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self._history = history
        self.store = store
        self.record: GameRecord | None = None
        self.source = ""
        self.review = None                   # the GameReview shown
        self._load_token = self._review_token = self._folder_token = -1
        self._folder_left = 0               # candidates past the import's cap, not looked at
        self._folder_results: list[tuple[str, object]] = []
        self._theme = "light"
        self.worker = GameReviewer(self)
        self.worker.loaded.connect(self._loaded)
        self.worker.reviewed.connect(self._reviewed)
        self.worker.progress.connect(self._progress)
        self.worker.folder_item.connect(self._folder_item)
        self.worker.folder_done.connect(self._folder_done)
        self.setAcceptDrops(True)
        self._build()
        self._style_empty()
        self.retranslate()

    @property
    def history(self):
        """The drill history (None: unavailable).  Given as a function, it is opened when
        first needed (a reviewed game, a drill): a window that opens on this page paints
        without opening it."""
        if callable(self._history):
            self._history = self._history()
        return self._history

    # ---- layout ----------------------------------------------------------------------
    def _build(self) -> None:
        self.open_button = QPushButton(self)
        self.open_button.clicked.connect(self.choose_file)
        shortcut = QShortcut(QKeySequence.StandardKey.Open, self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.choose_file)
        self.folder_button = QPushButton(self)
        self.folder_button.clicked.connect(self.choose_folder)
        self.paste_button = QPushButton(self)
        self.paste_button.clicked.connect(self.paste)
        self.player_label = QLabel(self)
        self.player_box = QComboBox(self)
        self.player_box.setMinimumContentsLength(12)
        self.player_box.activated.connect(self._player_chosen)
        self.drill_button = QPushButton(self)
        self.drill_button.clicked.connect(self.drill_mistakes)
        self.progress = QProgressBar(self)
        self.progress.setMaximumWidth(220)
        self.progress.hide()
        self.cancel_button = QPushButton(self)
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.hide()
        # the buttons, and the progress with its Cancel on a line of their own when the two
        # do not fit the width (in Japanese at 800 px): the page never widens the window
        bar = QWidget(self)
        lead = QHBoxLayout(QWidget(bar))
        lead.setContentsMargins(0, 0, 0, 0)
        for w in (self.open_button, self.folder_button, self.paste_button):
            lead.addWidget(w)
        lead.addSpacing(16)
        lead.addWidget(self.player_label)
        lead.addWidget(self.player_box)
        lead.addWidget(self.drill_button)
        lead.addStretch(1)
        tail = QHBoxLayout(QWidget(bar))
        tail.setContentsMargins(0, 0, 0, 0)
        tail.addWidget(self.progress)
        tail.addWidget(self.cancel_button)
        WrapRow(bar, lead.parentWidget(), tail.parentWidget())

        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.timeline = ReviewTimeline(self)
        self.timeline.selected.connect(self._show_decision)
        self.timeline.activated.connect(lambda *_: self.analyze_current())
        self.timeline_scroll = QScrollArea(self)
        self.timeline_scroll.setWidget(self.timeline)
        self.timeline_scroll.setWidgetResizable(True)

        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setStyleSheet("font-weight: 600")
        self.hand_view = HandView(self, tile_height=self.HAND_HEIGHT)
        # as tall as its lines at the page's width (heightForWidth): a late decision's hand,
        # melds and forty visible tiles wrap onto more lines and are never cut
        self.hand_view.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.hand_view.installEventFilter(self)
        self.hand_view.set_rivers_shown(False)      # the table view below shows them as on the table
        self.threat_label = QLabel(self)
        self.threat_label.setObjectName("threatLine")
        self.threat_label.setWordWrap(True)
        self.threat_label.setTextFormat(Qt.TextFormat.PlainText)
        self.threat_label.hide()
        self.table_view = TableView(self, tile_height=self.TABLE_HEIGHT)
        self.table_view.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        # in the hand's place until a decision is shown: what to do on this page (the hand
        # view's own empty text is the Analyze mode's, about tiles and a field this page lacks)
        self.empty_note = QLabel(self)
        self.empty_note.setObjectName("reviewEmpty")
        self.empty_note.setWordWrap(True)
        self.empty_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_note.setMinimumHeight(64)
        self.alternatives = QTableWidget(0, len(_COLUMNS), self)
        self.alternatives.verticalHeader().hide()
        self.alternatives.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.alternatives.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        # each column as wide as its figures, the last one shown taking the rest: six columns
        # fit beside the table view at 800 px
        self.alternatives.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.alternatives.horizontalHeader().setStretchLastSection(True)
        self.analyze_button = QPushButton(self)
        self.analyze_button.clicked.connect(self.analyze_current)

        detail = QWidget(self)
        dl = QVBoxLayout(detail)
        dl.setContentsMargins(0, 0, 0, 0)
        self.alternatives.setMinimumHeight(4 * self.alternatives.verticalHeader().defaultSectionSize())
        row = QHBoxLayout()
        row.addWidget(self.title, 1)
        row.addWidget(self.analyze_button)
        dl.addLayout(row)
        dl.addWidget(self.threat_label, 0)
        dl.addWidget(self.hand_view, 0)
        dl.addWidget(self.empty_note, 0)
        below = QHBoxLayout()
        below.addWidget(self.alternatives, 1)
        below.addWidget(self.table_view, 0, Qt.AlignmentFlag.AlignTop)
        dl.addLayout(below, 1)

        top = QWidget(self)
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.addWidget(self.summary)
        tl.addWidget(self.timeline_scroll, 1)
        self.legend = QLabel(self)          # what the red line under a square means
        self.legend.setObjectName("timelineLegend")
        self.legend.setWordWrap(True)
        self.legend.hide()
        tl.addWidget(self.legend)
        # the decision scrolls when the window is too low for it, rather than squeezing it
        self.detail_scroll = QScrollArea(self)
        self.detail_scroll.setWidget(detail)
        self.detail_scroll.setWidgetResizable(True)
        self.detail_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.detail_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(top)
        self.splitter.addWidget(self.detail_scroll)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)

        layout = QVBoxLayout(self)
        layout.addWidget(bar)
        layout.addWidget(self.splitter, 1)
        self._show_state()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.hand_view and event.type() == QEvent.Type.Resize \
                and event.size().width() != event.oldSize().width():
            QTimer.singleShot(0, self._fit_detail)      # its lines for the new width
        return super().eventFilter(watched, event)

    def _fit_detail(self) -> None:
        """The hand as tall as its lines at its width, and the decision's pane as tall as
        it needs (taken from the timeline, which keeps what its rounds need): nothing of a
        decision is cut, and it scrolls only when the window is too low for it."""
        view = self.hand_view
        if view.isVisible() and view.width() > 0:
            height = view.heightForWidth(view.width())
            if height != view.height():
                view.setFixedHeight(height)
            self._fit_table(view.width())
        detail = self.detail_scroll.widget()
        detail.layout().activate()
        need = detail.minimumSizeHint().height()
        top, below = self.splitter.sizes()
        total = top + below
        if total <= 0:
            return
        top_need = self.splitter.widget(0).minimumSizeHint().height()
        rows = self.timeline.sizeHint().height() + 2 * self.timeline_scroll.frameWidth() \
            + self.summary.height() + 12
        room = max(min(total - need, rows), top_need)      # the timeline's rows, if the decision leaves room
        if top > room and below < need:
            self.splitter.setSizes([room, total - room])

    def _fit_table(self, width: int) -> None:
        """The table view beside the ranking: its full size when there is room, else a little
        under half the width (its tiles smaller: the six columns of a decision under threat
        keep their figures whole at 800 px), never below its minimum."""
        table = self.table_view
        room = max(table.minimumSizeHint().width(), round(width * 0.46))
        w = min(table.sizeHint().width(), room)
        size = (w, table.heightForWidth(w))
        if (table.width(), table.height()) != size:
            table.setFixedSize(*size)

    def retranslate(self) -> None:
        self.open_button.setText(tr("Open log…", "牌譜を開く…"))
        self.open_button.setToolTip(tr("A tenhou mjlog / XML, tenhou.net/6 JSON or mjai file (Ctrl+O); "
                                       "files can also be dropped here",
                                       "天鳳のmjlog/XML、tenhou.net/6のJSON、mjaiのファイル（Ctrl+O）。ここへドロップも可"))
        self.folder_button.setText(tr("Import folder…", "フォルダを取り込む…"))
        self.paste_button.setText(tr("Paste JSON", "JSONを貼り付け"))
        self.paste_button.setToolTip(tr("Review the tenhou.net/6 JSON on the clipboard",
                                        "クリップボードのtenhou.net/6形式JSONを検討"))
        self.player_label.setText(tr("Player:", "プレイヤー:"))
        # shown while a game is open and no player is chosen yet
        self.player_box.setPlaceholderText(tr("choose…", "選択…"))
        self.drill_button.setText(tr("Drill my mistakes", "ミスを復習"))
        self.drill_button.setToolTip(tr("Add the discards that lost the most to the review queue and practise them now",
                                        "損の大きい打牌を復習キューに入れて、すぐ練習します"))
        self.cancel_button.setText(tr("Cancel", "中止"))
        self.analyze_button.setText(tr("Analyze (Enter)", "分析する (Enter)"))
        self.alternatives.setHorizontalHeaderLabels([tr(*c) for c in _COLUMNS])
        self.alternatives.horizontalHeaderItem(3).setToolTip(tr(
            "The chance this discard deals in now, against the other players' threats",
            "この打牌が今放銃する確率（他家の脅威に対して）"))
        self.alternatives.horizontalHeaderItem(4).setToolTip(tr(
            "The value in points of going on toward a win after this discard, with the threats at the table",
            "この打牌の後、和了を目指して押した場合の価値（点、他家の脅威を考慮）"))
        self.alternatives.horizontalHeaderItem(5).setToolTip(tr(
            "The value in points of folding from this discard on (the safest tiles each turn)",
            "この打牌からオリた場合の価値（点、毎巡もっとも安全な牌を切る）"))
        self.legend.setText(tr("Red line: under threat (a riichi or a likely tenpai): push or fold",
                               "赤線: 他家のリーチ・聴牌気配あり（押し・オリの判断）"))
        self.table_view.retranslate()
        self._show_state()
        if self.review is not None:            # the rounds' results and tips in the new language
            current = self.timeline.current()
            self.timeline.set_rows(self._timeline_rows())
            if current is not None:
                self.timeline.set_current(*current)     # shows the decision again

    def set_tile_scale(self, scale: float) -> None:
        """The decision's hand at `scale` times its base size (the window sets it)."""
        self.hand_view.set_tile_height(round(self.HAND_HEIGHT * scale))
        self.table_view.set_tile_height(round(self.TABLE_HEIGHT * scale))
        self._fit_detail()

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        self.timeline.set_theme(theme)
        self.hand_view.set_theme(theme)
        self.table_view.set_theme(theme)
        self._style_empty()

    def _style_empty(self) -> None:
        c = COLORS[self._theme]
        self.empty_note.setStyleSheet(f"QLabel#reviewEmpty {{ color: {c['muted']}; border: 1px dashed "
                                      f"{c['card_border']}; border-radius: 8px; padding: 8px 16px; }}")
        self.legend.setStyleSheet(f"QLabel#timelineLegend {{ color: {c['muted']}; border-left: 3px solid "
                                  f"{c['threat']}; padding-left: 6px; }}")
        self.threat_label.setStyleSheet(f"QLabel#threatLine {{ color: {c['notice_text']}; background: "
                                        f"{c['notice_bg']}; border: 1px solid {c['notice_border']}; "
                                        f"border-radius: 6px; padding: 4px 8px; }}")

    # ---- opening ---------------------------------------------------------------------
    def choose_file(self) -> None:
        start = self._setting("review/folder", str(Path.home()))
        path, _ = QFileDialog.getOpenFileName(
            self, tr("Open a game log", "牌譜を開く"), start,
            tr("Game logs (*.mjlog *.xml *.json *.jsonl *.gz *.txt);;All files (*)",
               "牌譜 (*.mjlog *.xml *.json *.jsonl *.gz *.txt);;すべてのファイル (*)"))
        if path:
            self._remember("review/folder", os.path.dirname(path))
            self.open_file(path)

    def open_file(self, path: str | os.PathLike) -> None:
        self._busy(tr("Reading the log…", "牌譜を読み込み中…"))
        self._load_token = self.worker.load_file(path)

    def open_text(self, text: str) -> None:
        self._busy(tr("Reading the log…", "牌譜を読み込み中…"))
        self._load_token = self.worker.load_text(text, tr("pasted text", "貼り付けたテキスト"))

    def paste(self) -> None:
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self._fail(tr("The clipboard holds no text: copy a tenhou.net/6 JSON log first",
                          "クリップボードにテキストがありません。先にtenhou.net/6形式の牌譜JSONをコピーしてください"))
            return
        self.open_text(text)

    def choose_folder(self) -> None:
        start = self._setting("review/folder", str(Path.home()))
        folder = QFileDialog.getExistingDirectory(self, tr("Import a folder of game logs", "牌譜のフォルダを取り込む"),
                                                  start)
        if folder:
            self._remember("review/folder", folder)
            self.import_folder(folder)

    def import_folder(self, folder: str | os.PathLike, player: str | None = None) -> bool:
        """Review every log in `folder` for the player named `player` (default: the name
        chosen last).  False (with the reason shown) when there is nothing to do."""
        name = player or self._setting("review/player", "")
        if not name:
            self._fail(tr("Open one game first and choose your player: the folder is then reviewed "
                          "for that name", "先に1局開いてプレイヤーを選んでください。フォルダはその名前で検討します"))
            return False
        try:
            paths, self._folder_left = log_files(folder)
        except OSError as error:
            self._fail(tr(f"Cannot read the folder: {error.strerror or error}",
                          f"フォルダを読めません: {error.strerror or error}"))
            return False
        if not paths:
            self._fail(tr("No game log files in this folder", "このフォルダに牌譜ファイルがありません"))
            return False
        self._folder_results = []
        self._busy(tr(f"Reviewing {len(paths)} logs for {name}…", f"{name}の牌譜{len(paths)}件を検討中…"),
                   len(paths))
        self._folder_token = self.worker.review_folder(paths, name)
        return True

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        mime = event.mimeData()
        if mime.hasUrls() or mime.hasText():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        mime = event.mimeData()
        local = [_local_path(u) for u in mime.urls() if u.isLocalFile()] if mime.hasUrls() else []
        if local:
            path = local[0]
            if os.path.isdir(path):
                self.import_folder(path)
            else:
                self.open_file(path)
        elif mime.hasText():
            self.open_text(mime.text())
        event.acceptProposedAction()

    def cancel(self) -> None:
        self.worker.cancel()
        self._idle(tr("Stopped", "中止しました"))

    # ---- worker answers ----------------------------------------------------------------
    def _loaded(self, token: int, source: str, result: object) -> None:
        if token != self._load_token:
            return
        if isinstance(result, Exception):
            self._fail(str(result))
            return
        self.record, self.source, self.review = result, source, None
        self.player_box.clear()
        for seat, name in enumerate(result.players):
            self.player_box.addItem(f"{seat}: {name or tr('(no name)', '（名前なし）')}", seat)
        remembered = self._setting("review/player", "")
        if remembered and remembered in result.players:
            seat = result.players.index(remembered)
            self.player_box.setCurrentIndex(seat)
            self.review_player(seat)
        else:
            self.player_box.setCurrentIndex(-1)
            self.timeline.set_rows([])
            self._idle(tr(f"{os.path.basename(source)}: whose game is it? Choose the player above.",
                          f"{os.path.basename(source)}: どのプレイヤーを検討しますか？上で選んでください。"))

    def _player_chosen(self, index: int) -> None:
        if self.record is not None and index >= 0:
            self.review_player(self.player_box.itemData(index))

    def review_player(self, seat: int) -> None:
        """Rate the decisions of `seat` in the open game (on the worker)."""
        if self.record is None:
            return
        name = self.record.players[seat]
        if name:
            self._remember("review/player", name)
        self.player_box.setCurrentIndex(seat)
        # a busy bar until the worker's first progress says how many decisions there are
        self._busy(tr(f"Rating {name or 'seat ' + str(seat)}'s decisions…",
                      f"{name or '席' + str(seat)}の打牌を評価中…"))
        self._review_token = self.worker.review(self.record, seat)

    def _progress(self, token: int, done: int, total: int) -> None:
        if token in (self._review_token, self._folder_token):
            self.progress.setMaximum(max(total, 1))
            self.progress.setValue(done)

    def _reviewed(self, token: int, result: object) -> None:
        if token != self._review_token:
            return
        if isinstance(result, Exception):
            self._fail(str(result))
            return
        self._keep(result)
        self.show_review(result)

    def _folder_item(self, token: int, path: str, result: object) -> None:
        if token == self._folder_token:
            self._folder_results.append((path, result))
            if not isinstance(result, Exception):
                self._keep(result)

    def _folder_done(self, token: int, cancelled: bool) -> None:
        if token != self._folder_token:
            return
        reviews = [r for _, r in self._folder_results if not isinstance(r, Exception)]
        failed = [(p, r) for p, r in self._folder_results if isinstance(r, Exception)]
        text = tr(f"{len(reviews)} games reviewed", f"{len(reviews)}局を検討しました")
        if failed:
            text += tr(f", {len(failed)} files skipped (first: {failed[0][1]})",
                       f"、{len(failed)}件は読めませんでした（最初: {failed[0][1]}）")
        if self._folder_left:
            text += tr(f"; {self._folder_left} more log files in the folder were not looked at "
                       f"(an import takes the first {MAX_FOLDER_FILES} by name)",
                       f"。フォルダの残り{self._folder_left}件は読んでいません（取り込みは名前順に最初の"
                       f"{MAX_FOLDER_FILES}件まで）")
        if cancelled:
            text += tr(" (stopped)", "（中止）")
        self.message.emit(text)
        if reviews:               # the last game is shown; the others are in the statistics
            self.record, self.source = reviews[-1].record, ""
            self.player_box.clear()
            for seat, name in enumerate(self.record.players):
                self.player_box.addItem(f"{seat}: {name}", seat)
            self.player_box.setCurrentIndex(reviews[-1].seat)
            self.show_review(reviews[-1])
            text += "\n" + self._summary_text()
        self._idle(text)

    # ---- showing -----------------------------------------------------------------------
    def _keep(self, review) -> None:
        """Save the game's summary for the statistics (a full or read-only history only
        costs the chart this game)."""
        if self.history is None:
            return
        from mjgui.drills.history import HistoryError
        try:
            self.history.record_game(review.game_summary())
        except (HistoryError, ValueError) as error:
            self.message.emit(str(error))
        else:
            self.gameRecorded.emit()
            self._drop_outdated(review)

    def _drop_outdated(self, review) -> None:
        """The game's drills queued from an earlier rating that this one no longer calls
        mistakes leave the review queue, with a note."""
        from mjgui.drills.history import HistoryError
        from mjgui.drills.review import ReviewQueue
        from mjgui.logs.review import outdated_problems
        try:
            queue = ReviewQueue(self.history)
            stale = outdated_problems(review, [item.problem_id for item in self.history.review_items()[0]])
            for pid in stale:
                queue.remove(pid)
        except (HistoryError, ValueError) as error:
            self.message.emit(str(error))
            return
        if stale:
            self.message.emit(tr(f"{len(stale)} drills of this game left the review queue: rated again with the "
                                 "other players at the table, they are no longer mistakes",
                                 f"この対局の復習問題{len(stale)}問を復習キューから外しました"
                                 "（他家を考慮した再評価ではミスではありません）"))

    def show_review(self, review) -> None:
        from mjgui.logs.review import severity
        self.review = review
        self.timeline.set_rows(self._timeline_rows())
        self.legend.setVisible(any(r.under_threat for rs in review.ratings for r in rs))
        self._idle("")
        first = next(((i, j) for i, rs in enumerate(review.ratings) for j, r in enumerate(rs)
                      if severity(r) == "mistake"), None)
        first = first or next(((i, 0) for i, rs in enumerate(review.ratings) if rs), None)
        if first is not None:
            self.timeline.set_current(*first)
        self.timeline.setFocus()

    def _timeline_rows(self) -> list[TimelineRow]:
        """The open review's rounds in the timeline, in the language shown."""
        from mjgui.logs.review import severity
        rows = []
        for rr, ratings in zip(self.review.replay.rounds, self.review.ratings):
            cells = tuple(TimelineCell(_SEVERITY[severity(r)], r.decision.action == "call", self._tip(r),
                                       r.under_threat) for r in ratings)
            rows.append(TimelineRow(f"{rr.name}-{rr.honba}", self._result_text(rr.result), cells))
        return rows

    def _summary_text(self) -> str:
        if self.review is None:
            return ""
        s = self.review.summary()
        share = "–" if s["agreement"] is None else f"{100 * s['agreement']:.0f} %"
        losses = ", ".join(_loss(v, u) for u, v in s["loss"].items() if v) or tr("none", "なし")
        kinds = s["kinds"]
        who = self.review.player or tr(f"seat {self.review.seat}", f"席{self.review.seat}")
        return tr(f"{who}: {s['decisions']} decisions, the engine's choice {s['agreed']} times ({share}); "
                  f"loss {losses}. Mistakes: {kinds['shape']} shape, {kinds['value']} value, {kinds['calls']} calls.",
                  f"{who}: 判断{s['decisions']}回、最善と一致{s['agreed']}回（{share}）; 損失 {losses}。"
                  f"ミス: 形{kinds['shape']}・打点{kinds['value']}・鳴き{kinds['calls']}")

    def _tip(self, rating) -> str:
        d = rating.decision
        what = d.played if d.action == "discard" else f"{rating.played} ({d.tile.name})"
        threat = tr(f"\nunder threat: {threat_words(rating)}", f"\n脅威: {threat_words(rating)}") \
            if rating.under_threat else ""
        if rating.agrees:
            return tr(f"turn {d.hand.turn}: {what} — the engine's choice", f"{d.hand.turn}巡目: {what} — 最善") + threat
        return tr(f"turn {d.hand.turn}: {what}; best {' / '.join(rating.best)}, loss {_loss(rating.loss, rating.unit)}",
                  f"{d.hand.turn}巡目: {what}; 最善 {' / '.join(rating.best)}、損失 {_loss(rating.loss, rating.unit)}") \
            + threat

    def _result_text(self, result: dict) -> str:
        players = self.review.record.players if self.review else ("", "", "", "")
        if result.get("kind") == "win":
            parts = []
            for w in result["wins"]:
                who = players[w["seat"]] or tr(f"seat {w['seat']}", f"席{w['seat']}")
                how = tr("tsumo", "ツモ") if w["tsumo"] else tr("ron", "ロン")
                parts.append(f"{who} {how} {w['points']:,}")
            return "; ".join(parts)
        if result.get("kind") in ("draw", "abortive"):
            en, ja = _DRAWS.get(result.get("type"), (str(result.get("type")),) * 2)
            return tr(en, ja)
        return ""

    def _show_decision(self, row: int, cell: int) -> None:
        if self.review is None:
            return
        rating = self.review.ratings[row][cell]
        d = rating.decision
        name = self.review.round_names[row]
        riichi = tr(" with riichi", " (リーチ)") if d.riichi else ""
        if d.action == "discard":
            act = tr(f"you discarded {d.played}{riichi}", f"打 {d.played}{riichi}")
        else:
            act = tr(f"{d.tile.name} from {d.source}: you chose {rating.played}",
                     f"{d.source}の{d.tile.name}: {rating.played}を選択")
        ev_en, ev_ja = _EVALUATORS.get(rating.evaluator, (rating.evaluator, rating.evaluator))
        if rating.agrees:
            verdict = tr(f"the engine agrees ({ev_en})", f"最善です（{ev_ja}）")
        else:
            verdict = tr(f"best {' / '.join(rating.best)}, loss {_loss(rating.loss, rating.unit)} ({ev_en})",
                         f"最善 {' / '.join(rating.best)}、損失 {_loss(rating.loss, rating.unit)}（{ev_ja}）")
        state = []
        if d.tenpai:
            state.append(tr(shanten_word(0), shanten_word(0, "ja")))
        if d.furiten:
            state.append(tr("furiten", "振聴"))
        extra = f" [{', '.join(state)}]" if state else ""
        self.title.setText(tr(f"{name}, turn {d.hand.turn}: {act}; {verdict}{extra}",
                              f"{name} {d.hand.turn}巡目: {act}; {verdict}{extra}"))
        self._show_empty(False)
        line = threat_line(rating)
        self.threat_label.setText(line)
        self.threat_label.setVisible(bool(line))
        self.hand_view.set_hand(d.hand, drawn_apart=d.action == "discard")
        self.table_view.set_hand(d.hand, safe=dict(d.genbutsu) if d.genbutsu else None)
        self._fit_detail()
        if d.action == "discard" and rating.best:
            self.hand_view.set_highlight({kind_of(b.split()[0]) for b in rating.best})   # "5m riichi": 5m
        self.alternatives.setRowCount(len(rating.ranking))
        defence = rating.under_threat and any(a.deal_in is not None for a in rating.ranking)
        for column in (3, 4, 5):          # deal-in, push and fold: under threat only
            self.alternatives.setColumnHidden(column, not defence)
        for i, alt in enumerate(rating.ranking):
            if rating.unit in ("points", "ukeire"):
                value = _loss(alt.value, rating.unit).replace("-", "−")     # as the push / fold columns
            elif rating.unit == "calls":      # the plain rule: a call that advances the hand, or not
                value = tr("advances the hand", "手が進む") if alt.value > 0 else "–"
            else:
                value = f"{alt.value:g}"
            cells = (alt.choice + (tr("  ← played", "  ← 選択") if alt.choice in (rating.played, d.tile.name) else ""),
                     value, "" if alt.shanten is None else str(alt.shanten),
                     "" if alt.deal_in is None else percent(alt.deal_in),
                     "–" if alt.push is None else _signed(alt.push),
                     "–" if alt.fold is None else _signed(alt.fold))
            for j, text in enumerate(cells):
                self.alternatives.setItem(i, j, QTableWidgetItem(text))

    def current_hand(self) -> Hand | None:
        if self.review is None or self.timeline.current() is None:
            return None
        row, cell = self.timeline.current()
        return self.review.ratings[row][cell].decision.hand

    def analyze_current(self) -> None:
        hand = self.current_hand()
        if hand is not None:
            self.analyzeRequested.emit(hand)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.analyze_current()
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
                           Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            self.timeline.keyPressEvent(event)
            return
        super().keyPressEvent(event)

    # ---- drilling ----------------------------------------------------------------------
    def drill_mistakes(self) -> None:
        if self.review is None:
            self._fail(tr("Open a game first", "先に牌譜を開いてください"))
            return
        problems = self.review.problems()
        if not problems:
            self.message.emit(tr("No costly discard in this game: nothing to drill",
                                 "損の大きい打牌はありません"))
            return
        added = 0
        if self.history is not None:
            from mjgui.drills.history import HistoryError
            from mjgui.drills.review import ReviewQueue
            try:
                added = ReviewQueue(self.history).add_problems(problems, source="review")
            except (HistoryError, ValueError) as error:      # read-only or locked: drill anyway
                self.message.emit(str(error))
        self.message.emit(tr(f"{len(problems)} mistakes to drill ({added} new in the review queue)",
                             f"復習するミス{len(problems)}問（復習キューに新規{added}問）"))
        who = self.review.player or tr(f"seat {self.review.seat}", f"席{self.review.seat}")
        self.practiceRequested.emit(problems, tr(f"Mistakes of {who}", f"{who}のミス"))

    # ---- state -------------------------------------------------------------------------
    def _busy(self, text: str, maximum: int = 0) -> None:
        self.progress.setRange(0, maximum)
        self.progress.setValue(0)
        self.progress.show()
        self.cancel_button.show()
        self.summary.setText(text)

    def _idle(self, text: str) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        self._show_state(text)

    def _fail(self, text: str) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        self.summary.setText(text)
        self.summary.setStyleSheet(f"color: {COLORS['light']['alert']}")
        self.message.emit(text)

    def _show_state(self, text: str = "") -> None:
        self.summary.setStyleSheet("")
        self.drill_button.setEnabled(self.review is not None)
        self.analyze_button.setEnabled(self.review is not None)
        if text:
            self.summary.setText(text)
        elif self.review is not None:
            self.summary.setText(self._summary_text())
        elif self.record is None:
            self.summary.setText(tr("Open a game log (a tenhou mjlog or XML file, tenhou.net/6 JSON, which the "
                                    "Mahjong Soul converters also write, or mjai JSON lines), drop one here or "
                                    "paste tenhou.net/6 JSON: every decision of your player is rated.",
                                    "牌譜（天鳳mjlog/XML、tenhou.net/6 JSON（雀魂の変換ツールの出力も）、mjai）を開くか、"
                                    "ここへドロップ、"
                                    "またはJSONを貼り付けてください。選んだプレイヤーの判断をすべて評価します。"))
        if self.review is None:
            self.title.setText("")
            self.threat_label.hide()
            self.legend.hide()
            self.hand_view.set_hand(None)
            self.table_view.set_hand(None)
            self.alternatives.setRowCount(0)
            self._show_empty(True)

    def _show_empty(self, empty: bool) -> None:
        """No decision to show: the note says how to open a game instead of an empty hand
        and an empty table."""
        if self.record is not None:          # read, waiting for the player
            text = tr("Choose your player above: each of their decisions is then rated, and shown here "
                      "when you pick it in the timeline.",
                      "上でプレイヤーを選んでください。その判断がすべて評価され、タイムラインで選んだ判断がここに表示されます。")
        else:
            text = tr("No game open. Open log… (Ctrl+O) or Import folder…, drop a log file on this page, or "
                      "copy a tenhou.net/6 JSON log and press Paste JSON; then pick a decision in the timeline.",
                      "牌譜が開かれていません。「牌譜を開く…」（Ctrl+O）か「フォルダを取り込む…」、このページへ"
                      "ファイルをドロップ、またはtenhou.net/6形式のJSONをコピーして「JSONを貼り付け」。"
                      "その後、タイムラインで判断を選びます。")
        self.empty_note.setText(text)
        self.empty_note.setVisible(empty)
        self.hand_view.setVisible(not empty)
        self.alternatives.setVisible(not empty)
        self.table_view.setVisible(not empty)
        if empty:
            self.threat_label.hide()

    # ---- settings ----------------------------------------------------------------------
    def _setting(self, key: str, default: str) -> str:
        if self.store is None:
            return default
        value = self.store.value(key, default)
        return value if isinstance(value, str) and len(value) < 4096 else default

    def _remember(self, key: str, value: str) -> None:
        if self.store is not None:
            self.store.setValue(key, value)

    def wait(self, ms: int = 30000) -> bool:
        return self.worker.wait(ms)

    def confirm_close(self) -> bool:
        """Nothing unsaved lives here; a running review is simply stopped."""
        self.worker.cancel()
        return True
