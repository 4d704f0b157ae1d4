"""StatsPage: the drill statistics page.

Header cards (attempts, accuracy, mean partial credit, the correct-answer and
day streaks, the review queue), a chart of accuracy and mean credit per day
(7 days / 30 days / all), breakdown tables by drill, theme and shanten, and
the actions: review the due misses, practise every miss, import a problem
set, export the misses or the starter set.

The page computes no mahjong and keeps no statistics of its own: every number
comes from `mjgui.drills.history` (`accuracy_by_day`, `breakdown`, `streaks`,
`missed_problems`) and `mjgui.drills.review.ReviewQueue`.  Errors (a bad
problem-set file, a history that can't be read) are shown inline on the page,
never as a dialog.  The breakdown tables live in `mjgui.ui.stats_tables`, the
file dialogs and set messages in `mjgui.ui.stats_dialogs`, and the sets to
export in `mjgui.drills.problem_sets`.

Signal: ``practiceRequested(object problems, str title)`` with a non-empty
``list[Problem]``; the drill page's ``start_set(problems, title)`` takes it.
"""
from __future__ import annotations

import os
import sqlite3
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (QButtonGroup, QFrame, QHBoxLayout, QLabel, QProgressBar, QPushButton,
                               QScrollArea, QSizePolicy, QVBoxLayout, QWidget)

from mjgui.drills.history import Attempt, HistoryError, HistoryStore
from mjgui.drills.stats import (DayStats, Streaks, accuracy_by_day, breakdown,
                                missed_problems, streaks)
from mjgui.drills.problem_sets import (STARTER_FILE_NAME, misses_file_name, problems_from_dicts,
                                      write_set, write_starter_set)
from mjgui.drills.problems import Problem, ProblemSet, ProblemSetError, load_set
from mjgui.drills.review import ReviewQueue
from mjgui.ui.chart import LineChart
from mjgui.ui.i18n import tr
from mjgui.ui.set_import import SetImporter
from mjgui.ui.stats_dialogs import (choose_set_to_open, choose_set_to_save, describe_set_error,
                                    skipped_text)
from mjgui.ui.stats_tables import BreakdownTable, drill_label, percent, shanten_label, topic_label
from mjgui.ui.theme import COLORS, check_theme
from mjgui.ui.wrap_row import WrapRow

__all__ = ["StatsPage", "RANGES", "problems_from_dicts", "describe_set_error",
           "drill_label", "topic_label", "shanten_label"]

#: The chart's range choices: key -> number of days (None: everything).
RANGES: dict[str, int | None] = {"7": 7, "30": 30, "all": None}
BREAKDOWNS = ("drill", "topic", "shanten")


# --- widgets -----------------------------------------------------------------------------

class _Card(QFrame):
    """A header number: title, big value, a small line under it."""

    def __init__(self, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("statCard")
        self.setProperty("card", name)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        layout.setSpacing(2)
        self.title = QLabel(self)
        self.title.setObjectName("cardTitle")
        self.value = QLabel(self)
        self.value.setObjectName("cardValue")
        font = QFont(self.value.font())
        font.setPointSizeF(font.pointSizeF() * 1.9)
        font.setBold(True)
        self.value.setFont(font)
        self.sub = QLabel(self)
        self.sub.setObjectName("cardSub")
        small = QFont(self.sub.font())
        small.setPointSizeF(small.pointSizeF() * 0.9)
        self.sub.setFont(small)
        self.title.setFont(small)
        layout.addWidget(self.title)
        layout.addWidget(self.value)
        layout.addWidget(self.sub)
        layout.addStretch(1)            # a card taller than its lines keeps them at the top
        for label in (self.title, self.sub):     # six cards share an 800 px window
            label.setWordWrap(True)
        # as tall as the row (the tallest card's wrapped lines, heightForWidth): a fixed
        # height was the one-line hint, and a wrapped subtitle's second line was cut
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set(self, title: str, value: str, sub: str, tip: str) -> None:
        self.title.setText(title)
        self.value.setText(value)
        blank = value == "–"
        if self.value.property("blank") != blank:
            self.value.setProperty("blank", blank)
            self.value.style().unpolish(self.value)
            self.value.style().polish(self.value)
        self.sub.setText(sub)
        self.setToolTip(tip)
        for w in (self.title, self.value, self.sub):
            w.setToolTip(tip)


# --- the page ----------------------------------------------------------------------------

class StatsPage(QWidget):
    """Statistics of the drill history, and the practice actions built on it.

    `refresh()` re-reads the store, `set_store(store)` switches it (None: the
    history is unavailable, `set_unavailable(message)` says why),
    `retranslate()` and `set_theme(theme)` redraw.  `import_set(path)` and
    `export_misses(path)` do the file work of the buttons (no dialog).

    Signal ``practiceRequested(object, str)``: a non-empty list of `Problem`
    and a title.  For tests: `header_values()`, `table_rows(by)`,
    `message()`, `banner_text()`, `chart`, the buttons.
    """

    practiceRequested = Signal(object, str)
    importProgress = Signal(int, int)        # problems validated, of how many
    importFinished = Signal()                # a background import ended (either way)

    def __init__(self, store: HistoryStore | None, parent: QWidget | None = None, *,
                 theme: str = "light", now: Callable[[], datetime] | None = None):
        super().__init__(parent)
        check_theme(theme)
        self._store = store
        self._theme = theme
        self._now = now or (lambda: datetime.now(timezone.utc))
        self._range = "30"
        self._unavailable: tuple[str, str] | None = None
        self._read_error: tuple[str, str] | None = None
        self._damaged = 0                  # damaged answers skipped at the last refresh
        self._message: tuple[str, Callable[[], str]] | None = None   # (kind, text in current language)
        self._last_dir = str(Path.home())
        # what the store said at the last refresh
        self._attempts: list[Attempt] = []
        self._counts: dict[str, int] = {"due": 0, "learning": 0, "total": 0, "damaged": 0}
        self._next_due: datetime | None = None    # when the next queued problem is due
        self._streaks = Streaks(0, 0, 0)
        self._per_day: list[DayStats] = []
        self._misses: list[dict] = []
        self._games: list = []                    # reviewed games (GameSummary)
        self._values: dict[str, str] = {}
        self._stale = False
        self._build()
        self._apply_theme()
        self.refresh()

    # --- construction --------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        outer.addWidget(self._scroll)
        self._content = QWidget()
        self._content.setObjectName("statsContent")
        self._scroll.setWidget(self._content)
        layout = QVBoxLayout(self._content)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.setSpacing(10)

        self.banner = QLabel(self._content)
        self.banner.setObjectName("statsBanner")
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.banner.hide()
        layout.addWidget(self.banner)

        cards = QHBoxLayout()
        cards.setSpacing(10)
        self.cards: dict[str, _Card] = {}
        for name in ("attempts", "accuracy", "credit", "streak", "days", "review"):
            card = _Card(name, self._content)
            self.cards[name] = card
            cards.addWidget(card, 1)
        layout.addLayout(cards)

        # practice on the left, the problem sets on the right; on a second line when narrow
        actions_row = QWidget(self._content)
        practice = QHBoxLayout(QWidget(actions_row))
        sets = QHBoxLayout(QWidget(actions_row))
        for row in (practice, sets):
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(6)
        self.review_button = QPushButton(self._content)
        self.review_button.setObjectName("reviewButton")
        self.misses_button = QPushButton(self._content)
        self.misses_button.setObjectName("missesButton")
        self.import_button = QPushButton(self._content)
        self.import_button.setObjectName("importButton")
        self.export_misses_button = QPushButton(self._content)
        self.export_misses_button.setObjectName("exportMissesButton")
        self.export_starter_button = QPushButton(self._content)
        self.export_starter_button.setObjectName("exportStarterButton")
        for b in (self.review_button, self.misses_button, self.import_button,
                  self.export_misses_button, self.export_starter_button):
            b.setAutoDefault(False)
        font = QFont(self.review_button.font())
        font.setBold(True)
        self.review_button.setFont(font)
        practice.addWidget(self.review_button)
        practice.addWidget(self.misses_button)
        practice.addStretch(1)
        for b in (self.import_button, self.export_misses_button, self.export_starter_button):
            sets.addWidget(b)
        WrapRow(actions_row, practice.parentWidget(), sets.parentWidget())
        layout.addWidget(actions_row)

        self.import_progress = QProgressBar(self._content)
        self.import_progress.setObjectName("importProgress")
        self.import_progress.hide()
        layout.addWidget(self.import_progress)
        self._importer = SetImporter(self)
        self._importer.progress.connect(self._import_progress)
        self._importer.finished.connect(self._import_done)

        self.status = QLabel(self._content)
        self.status.setObjectName("statsStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.hide()
        layout.addWidget(self.status)

        chart_head = QHBoxLayout()
        self.chart_title = QLabel(self._content)
        self.chart_title.setObjectName("sectionTitle")
        chart_head.addWidget(self.chart_title)
        chart_head.addStretch(1)
        self._range_group = QButtonGroup(self)
        self._range_group.setExclusive(True)
        self.range_buttons: dict[str, QPushButton] = {}
        switch = QHBoxLayout()
        switch.setSpacing(0)
        for i, key in enumerate(RANGES):
            button = QPushButton(self._content)
            button.setCheckable(True)
            button.setAutoDefault(False)
            button.setObjectName(f"range_{key}")
            button.setProperty("segment", ("first", "middle", "last")[i])
            self._range_group.addButton(button, i)
            self.range_buttons[key] = button
            switch.addWidget(button)
        self.range_buttons[self._range].setChecked(True)
        self._style_range_buttons()
        chart_head.addLayout(switch)
        layout.addLayout(chart_head)

        self.chart = LineChart(self._content, theme=self._theme)
        self.chart.setMinimumHeight(230)
        layout.addWidget(self.chart, 1)

        self.breakdown_title = QLabel(self._content)
        self.breakdown_title.setObjectName("sectionTitle")
        layout.addWidget(self.breakdown_title)
        tables = QHBoxLayout()
        tables.setSpacing(12)
        self.tables: dict[str, BreakdownTable] = {}
        self._table_titles: dict[str, QLabel] = {}
        for by in BREAKDOWNS:
            column = QVBoxLayout()
            column.setSpacing(4)
            title = QLabel(self._content)
            title.setObjectName("tableTitle")
            table = BreakdownTable(self._content)
            table.setObjectName(f"table_{by}")
            column.addWidget(title)
            column.addWidget(table)
            column.addStretch(1)
            self._table_titles[by] = title
            self.tables[by] = table
            tables.addLayout(column, 1)
        layout.addLayout(tables)

        from mjgui.ui.games_stats import GamesStats
        self.games = GamesStats(self._content, theme=self._theme)
        layout.addWidget(self.games)

        for label in (self.chart_title, self.breakdown_title):
            f = QFont(label.font())
            f.setBold(True)
            f.setPointSizeF(f.pointSizeF() * 1.15)
            label.setFont(f)
        for label in self._table_titles.values():
            f = QFont(label.font())
            f.setBold(True)
            label.setFont(f)

        self.review_button.clicked.connect(self.practise_due)
        self.misses_button.clicked.connect(self.practise_misses)
        self.import_button.clicked.connect(self.choose_import)
        self.export_misses_button.clicked.connect(self.choose_export_misses)
        self.export_starter_button.clicked.connect(self.choose_export_starter)
        self._range_group.idToggled.connect(self._on_range_toggled)

    # --- public API ----------------------------------------------------------------------
    def store(self) -> HistoryStore | None:
        return self._store

    def set_store(self, store: HistoryStore | None) -> None:
        """Show another history (None: unavailable; see `set_unavailable`).  A store
        clears the message of `set_unavailable`."""
        self._store = store
        if store is not None:
            self._unavailable = None
        self.refresh()

    def set_unavailable(self, message: str | HistoryError | None, message_ja: str | None = None) -> None:
        """Say inline why the history can't be used (a `HistoryError` brings both
        languages); None removes the message."""
        if message is None:
            self._unavailable = None
        elif isinstance(message, HistoryError):
            self._unavailable = (message.message, message.message_ja)
        else:
            self._unavailable = (str(message), message_ja if message_ja is not None else str(message))
        self._render()

    def refresh(self) -> None:
        """Re-read the attempts and the review queue from the store."""
        self._stale = False
        self._read_error = None
        self._damaged = 0
        self._attempts, self._misses, self._games = [], [], []
        self._counts = {"due": 0, "learning": 0, "total": 0, "damaged": 0}
        self._next_due = None
        store = self._store
        if store is not None:
            try:
                attempts, self._damaged = store.read_attempts()
                queue = ReviewQueue(store)
                counts = queue.counts(self._now())
                next_due = queue.next_due(self._now())
            except HistoryError as error:
                self._read_error = (error.message, error.message_ja)
            except (ValueError, TypeError, sqlite3.Error) as error:   # never a dead page
                self._read_error = (f"Cannot read the drill history ({error}).",
                                    f"練習履歴を読み込めません（{error}）。")
            else:
                self._attempts = attempts
                self._games = store.games()[0]
                self._counts = counts
                self._next_due = next_due
                self._misses = missed_problems(attempts)
        self._streaks = streaks(self._attempts, today=self._today())
        self._per_day = accuracy_by_day(self._attempts)
        self._render()

    def mark_stale(self) -> None:
        """The history changed: refresh now if the page is visible, else when it is
        next shown (cheaper than `refresh()` after every answer of a long history)."""
        if self.isVisible():
            self.refresh()
        else:
            self._stale = True

    def set_theme(self, theme: str) -> None:
        check_theme(theme)
        self._theme = theme
        self._apply_theme()
        self.games.set_theme(theme)

    def theme(self) -> str:
        return self._theme

    def retranslate(self) -> None:
        self._render()

    def set_range(self, key: str) -> None:
        """The chart's range: "7", "30" (days up to today) or "all"."""
        if key not in RANGES:
            raise ValueError(f"range must be one of {tuple(RANGES)}, not {key!r}")
        self.range_buttons[key].setChecked(True)     # toggling renders
        if self._range != key:
            self._range = key
            self._render_chart()

    def current_range(self) -> str:
        return self._range

    def available(self) -> bool:
        """Whether there is a readable history."""
        return self._store is not None and self._read_error is None

    # --- actions -------------------------------------------------------------------------
    def practise_due(self) -> list[Problem]:
        """Emit the problems due for review now; returns them (empty: nothing emitted)."""
        if not self.available():
            self._show_unavailable_action()
            return []
        try:
            dicts = ReviewQueue(self._store).due(self._now())
        except HistoryError as error:
            self._set_message("error", lambda e=error: tr(e.message, e.message_ja))
            return []
        problems, skipped = problems_from_dicts(dicts)
        if not problems:
            self._set_message("info", lambda: tr("Nothing is due for review right now.",
                                                 "今復習する問題はありません。"))
            return []
        self._set_message("ok", lambda n=len(problems), s=skipped: tr(
            f"Reviewing {n} due problem{'s' if n != 1 else ''}.", f"復習する問題 {n} 問。")
            + skipped_text(s))
        self.practiceRequested.emit(problems, tr("Review: due misses", "復習: 期限の来た問題"))
        return problems

    def practise_misses(self) -> list[Problem]:
        """Emit every problem whose latest answer was wrong (newest miss first)."""
        if not self.available():
            self._show_unavailable_action()
            return []
        problems, skipped = problems_from_dicts(self._misses)
        if not problems:
            self._set_message("info", lambda: tr("No misses to practise — well done.",
                                                 "間違えた問題はありません。"))
            return []
        self._set_message("ok", lambda n=len(problems), s=skipped: tr(
            f"Practising {n} missed problem{'s' if n != 1 else ''}.", f"間違えた問題 {n} 問を練習します。")
            + skipped_text(s))
        self.practiceRequested.emit(problems, tr("My misses", "間違えた問題"))
        return problems

    def import_set(self, path: str | os.PathLike) -> ProblemSet | None:
        """Load a problem-set file and emit its problems; a bad file is explained
        inline (problem index and field) and returns None.  (The button uses
        `import_in_background`, which does the same off the UI thread.)"""
        try:
            result: ProblemSet | ProblemSetError = load_set(path)
        except ProblemSetError as error:
            result = error
        return self._imported(path, result)

    def import_in_background(self, path: str | os.PathLike) -> bool:
        """Load a problem-set file on a worker thread with a progress bar; the result is
        handled like `import_set`'s, then `importFinished` is emitted."""
        if not self._importer.start(path):
            return False
        self.import_button.setEnabled(False)
        self.import_progress.setRange(0, 0)          # busy until the first count arrives
        self.import_progress.setFormat(tr("Checking problems… %v / %m", "問題を読み込み中… %v / %m"))
        self.import_progress.show()
        self._set_message("info", lambda n=Path(path).name: tr(f"Importing {n}…", f"{n} を読み込み中…"))
        return True

    def _import_progress(self, done: int, total: int) -> None:
        self.import_progress.setRange(0, total)
        self.import_progress.setValue(done)
        self.importProgress.emit(done, total)

    def _import_done(self, path: str, result: object) -> None:
        self.import_progress.hide()
        self.import_button.setEnabled(True)
        self._imported(path, result)               # type: ignore[arg-type]
        self.importFinished.emit()

    def _imported(self, path: str | os.PathLike,
                  result: ProblemSet | ProblemSetError) -> ProblemSet | None:
        name = Path(path).name
        if isinstance(result, ProblemSetError):
            self._set_message("error", lambda e=result, p=path: describe_set_error(e, p))
            return None
        problem_set = result
        if not problem_set.problems:
            self._set_message("error", lambda: tr(f"Cannot import {name}: the set holds no problems",
                                                  f"{name} を読み込めません: 問題がありません"))
            return None
        title = problem_set.title or Path(path).stem
        n = len(problem_set.problems)
        self._set_message("ok", lambda: tr(f"Imported {n} problem{'s' if n != 1 else ''} from {name}.",
                                           f"{name} から {n} 問を読み込みました。"))
        self.practiceRequested.emit(list(problem_set.problems), title)
        return problem_set

    def export_misses(self, path: str | os.PathLike) -> int:
        """Write the missed problems as a problem set; returns how many (0: nothing written)."""
        if not self.available():
            self._show_unavailable_action()
            return 0
        problems, skipped = problems_from_dicts(self._misses)
        if not problems:
            self._set_message("info", lambda: tr("No misses to export yet.", "書き出す間違いはまだありません。"))
            return 0
        title = tr("My misses", "間違えた問題") + f" {self._today().isoformat()}"
        return self._save(path, lambda: write_set(path, problems, title), skipped)

    def export_starter(self, path: str | os.PathLike) -> int:
        """Write the shipped starter set (a template for authors); returns how many."""
        return self._save(path, lambda: write_starter_set(path), 0)

    # the buttons: a file dialog, then the methods above
    def choose_import(self) -> None:
        path = choose_set_to_open(self, self._last_dir)
        if path:
            self._last_dir = str(Path(path).parent)
            self.import_in_background(path)

    def choose_export_misses(self) -> None:
        path = self._save_dialog(tr("Export my misses", "間違えた問題を書き出す"),
                                 misses_file_name(self._today()))
        if path:
            self.export_misses(path)

    def choose_export_starter(self) -> None:
        path = self._save_dialog(tr("Export starter set", "スターター問題集を書き出す"), STARTER_FILE_NAME)
        if path:
            self.export_starter(path)

    # --- for tests and the window ---------------------------------------------------------
    def header_values(self) -> dict[str, str]:
        """The header numbers as shown: attempts, accuracy, credit, streak, best,
        days, due, queued (problems in the review queue), next (the local date the next
        one is due, '–' when none is due later)."""
        return dict(self._values)

    def table_rows(self, by: str) -> list[list[str]]:
        return self.tables[by].texts()

    def message(self) -> str:
        """The inline status / error text ('' when none)."""
        return self.status.text() if not self.status.isHidden() else ""

    def message_kind(self) -> str:
        """'error', 'ok', 'info' or '' (no message)."""
        return self._message[0] if self._message is not None else ""

    def banner_text(self) -> str:
        """The history banner (unavailable / recovered), '' when hidden."""
        return self.banner.text() if not self.banner.isHidden() else ""

    def clear_message(self) -> None:
        self._message = None
        self._render_status()

    # --- internals -----------------------------------------------------------------------
    def _today(self) -> date:
        return self._now().astimezone().date()

    def _save(self, path: str | os.PathLike, write: Callable[[], int], skipped: int) -> int:
        name = Path(path).name
        try:
            n = write()
        except ProblemSetError as error:
            self._set_message("error", lambda e=error: tr(f"Cannot write {name}: {e.reason}",
                                                          f"{name} に書き込めません: {e.reason}"))
            return 0
        self._set_message("ok", lambda: tr(f"Wrote {n} problem{'s' if n != 1 else ''} to {name}.",
                                           f"{name} に {n} 問を書き出しました。")
                          + skipped_text(skipped))
        self.status.setToolTip(os.fspath(path))
        return n

    def _save_dialog(self, caption: str, default_name: str) -> str:
        path = choose_set_to_save(self, caption, self._last_dir, default_name)
        if path:
            self._last_dir = str(Path(path).parent)
        return path

    def _show_unavailable_action(self) -> None:
        self._set_message("error", lambda: tr("The drill history is not available, so there are no "
                                              "misses to use.", "練習履歴を使用できないため、間違えた問題を使えません。"))

    def _set_message(self, kind: str, text: Callable[[], str]) -> None:
        self._message = (kind, text)
        self.status.setToolTip("")
        self._render_status()

    def _on_range_toggled(self, button_id: int, checked: bool) -> None:
        self._style_range_buttons()
        if checked:
            key = list(RANGES)[button_id]
            if key != self._range:
                self._range = key
                self._render_chart()

    def _style_range_buttons(self) -> None:
        for button in self.range_buttons.values():
            font = QFont(button.font())
            font.setBold(button.isChecked())
            button.setFont(font)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if (self._store is not None or self._stale) and not event.spontaneous():
            self.refresh()          # "due now" moves with the clock

    # --- rendering -----------------------------------------------------------------------
    def _apply_theme(self) -> None:
        c = COLORS[self._theme]
        self._content.setStyleSheet(f"""
            QFrame#statCard {{ background: {c['card']}; border: 1px solid {c['card_border']};
                               border-radius: 8px; }}
            QFrame#statCard QLabel {{ background: transparent; border: none; }}
            QLabel#cardTitle, QLabel#cardSub {{ color: {c['muted']}; }}
            QLabel#cardValue {{ color: {c['text']}; }}
            QFrame#statCard[card="accuracy"] QLabel#cardValue {{ color: {c['accent']}; }}
            QFrame#statCard[card="credit"] QLabel#cardValue {{ color: {c['credit']}; }}
            QFrame#statCard QLabel#cardValue[blank="true"] {{ color: {c['muted']}; }}
            QLabel#statsBanner, QLabel#statsStatus {{ border-radius: 6px; padding: 7px 10px; }}
            QLabel#statsBanner[kind="error"], QLabel#statsStatus[kind="error"] {{
                background: {c['error_bg']}; border: 1px solid {c['error_border']};
                color: {c['error_text']}; }}
            QLabel#statsBanner[kind="info"], QLabel#statsStatus[kind="info"] {{
                background: {c['info_bg']}; border: 1px solid {c['info_border']};
                color: {c['info_text']}; }}
            QLabel#statsStatus[kind="ok"] {{
                background: {c['ok_bg']}; border: 1px solid {c['ok_border']}; color: {c['ok_text']}; }}
        """)
        self.chart.set_theme(self._theme)
        for table in self.tables.values():
            table.delegate.colors = c
            table.viewport().update()

    @staticmethod
    def _set_kind(label: QLabel, kind: str) -> None:
        label.setProperty("kind", kind)
        label.style().unpolish(label)
        label.style().polish(label)

    def _render(self) -> None:
        self._render_banner()
        self._render_header()
        self._render_buttons()
        self._render_chart()
        self._render_tables()
        self._render_status()
        self.games.set_games(self._games)
        self.chart_title.setText(tr("Progress", "推移"))
        self.breakdown_title.setText(tr("Breakdown", "内訳"))
        for key, button in self.range_buttons.items():
            button.setText({"7": tr("7 days", "7日"), "30": tr("30 days", "30日"),
                            "all": tr("All", "全期間")}[key])
            button.setToolTip({"7": tr("The last 7 days, up to today", "今日までの7日間"),
                               "30": tr("The last 30 days, up to today", "今日までの30日間"),
                               "all": tr("Every day since your first answer", "最初の解答から今日まで")}[key])

    def _render_banner(self) -> None:
        text, kind = "", "error"
        if self._unavailable is not None:
            text = tr(*self._unavailable)
        elif self._read_error is not None:
            text = tr(*self._read_error)
        elif self._store is None:
            text = tr("The drill history is not available: statistics and reviews need it, and "
                      "answers are not being saved.",
                      "練習履歴を使用できません。統計と復習には履歴が必要です。解答は保存されません。")
        else:
            notes = []
            if getattr(self._store, "recovered", None):
                notes.append(tr(self._store.recovered, self._store.recovered_ja or self._store.recovered))
            if getattr(self._store, "notice", None):        # read-only: saving is off
                notes.append(tr(self._store.notice, self._store.notice_ja or self._store.notice))
            if self._counts.get("damaged"):
                n = self._counts["damaged"]
                notes.append(tr(f"{n} damaged review-queue entr{'ies were' if n != 1 else 'y was'} "
                                "skipped; answering the problem again restores it.",
                                f"復習キューの破損した項目 {n} 件を除外しました。その問題にもう一度解答すると元に戻ります。"))
            if self._damaged:
                n = self._damaged
                notes.append(tr(f"{n} damaged answer{'s were' if n != 1 else ' was'} skipped; the "
                                "others are shown and new answers are saved.",
                                f"破損した解答 {n} 件を除外しました。他の解答は表示され、新しい解答は保存されます。"))
            text, kind = " ".join(notes), "info"
        if text:
            prefix = "⚠  " if kind == "error" else "ℹ  "
            self.banner.setText(prefix + text)
            self._set_kind(self.banner, kind)
            self.banner.show()
        else:
            self.banner.hide()
            self.banner.clear()

    def _render_header(self) -> None:
        attempts = self._attempts
        n = len(attempts)
        s = self._streaks
        counts = self._counts
        dash = "–"
        ok = self.available()
        acc = sum(a.correct for a in attempts) / n if n else None
        credit = sum(a.score for a in attempts) / n if n else None
        right = sum(a.correct for a in attempts)
        self._values = {
            "attempts": str(n) if ok else dash,
            "accuracy": percent(acc) if acc is not None else dash,
            "credit": percent(credit) if credit is not None else dash,
            "streak": str(s.current_correct) if ok else dash,
            "best": str(s.best_correct) if ok else dash,
            "days": str(s.days_practised) if ok else dash,
            "due": str(counts["due"]) if ok else dash,
            "queued": str(counts["total"]) if ok else dash,
            "next": (self._next_due.astimezone().date().isoformat()
                     if ok and self._next_due is not None else dash),
        }
        v = self._values
        days_total = len(self._per_day)
        self.cards["attempts"].set(
            tr("Attempts", "解答数"), v["attempts"],
            (tr(f"on {days_total} day{'s' if days_total != 1 else ''}", f"{days_total}日間") if n
             else tr("no practice yet", "まだ練習していません")) if ok else "",
            tr("Problems answered in every drill (a problem answered twice counts twice)",
               "全ドリルで解答した問題の数（同じ問題を2回解けば2と数えます）"))
        self.cards["accuracy"].set(
            tr("Accuracy", "正解率"), v["accuracy"],
            tr(f"{right} of {n} exactly right", f"{n}問中 {right}問正解") if n else "",
            tr("Share of answers that were exactly right (a best answer)",
               "最善の解答をした割合"))
        self.cards["credit"].set(
            tr("Mean credit", "平均得点"), v["credit"],
            tr("partial credit per answer", "1問あたりの部分点") if n else "",
            tr("Average partial credit per answer: 100% for a best answer, less for a near miss",
               "1問あたりの平均部分点: 最善なら100%、惜しい解答は一部の得点"))
        self.cards["streak"].set(
            tr("Correct in a row", "連続正解"), v["streak"],
            tr(f"best {v['best']}", f"最高 {v['best']}") if ok else "",
            tr("Right answers in a row up to your latest answer; best: the longest run ever",
               "最新の解答までの連続正解数。最高: これまでの最長記録"))
        self.cards["days"].set(
            tr("Days in a row", "連続練習日数"), v["days"],
            tr("practised, to today", "今日まで練習した日") if ok else "",
            tr("Days in a row with at least one answer, ending today (or yesterday: the streak "
               "holds until a day passes without practice)",
               "1問以上解答した日が続いた日数（今日または昨日まで。練習しない日が過ぎるまで途切れません）"))
        self.cards["review"].set(
            tr("Due for review", "復習待ち"), v["due"],
            tr(f"{v['queued']} in the queue · next {v['next']}",
               f"キュー {v['queued']} ・ 次回 {v['next']}") if ok else "",
            tr("A missed problem is due again at once. Each right answer when it is due moves it "
               "further out (FSRS, the scheduler Anki uses: the better you know it, the longer "
               "the wait); a miss brings it back.\nDue: ready to review now · queue: every "
               "problem being reviewed · next: when the next one is due",
               "間違えた問題はすぐに復習対象になります。期限に正解するたびに次の復習までの間隔が"
               "延び（Anki と同じ FSRS 方式: よく覚えている問題ほど間隔が長くなります）、間違えると"
               "すぐに戻ってきます。\n復習待ち: 今復習できる問題 ・ キュー: 復習中の全問題 ・ "
               "次回: 次の問題の期限"))

    def _render_buttons(self) -> None:
        ok = self.available()
        due = self._counts["due"] if ok else 0
        misses = len(self._misses)
        self.review_button.setText(tr(f"Review due misses ({due})", f"期限の来た問題を復習（{due}）"))
        self.review_button.setEnabled(ok and due > 0)
        self.review_button.setToolTip(
            tr("Practise the missed problems whose next review is due now",
               "次の復習時期が来た問題を練習します") if ok else self._unavailable_tip())
        self.misses_button.setText(tr(f"Practise my misses ({misses})", f"間違えた問題を練習（{misses}）"))
        self.misses_button.setEnabled(ok and misses > 0)
        self.misses_button.setToolTip(
            tr("A set of every problem whose latest answer was wrong, newest first",
               "最後の解答が不正解だった問題すべて（新しい順）") if ok else self._unavailable_tip())
        self.import_button.setText(tr("Import problem set…", "問題集を読み込む…"))
        self.import_button.setToolTip(tr("Practise a problem-set file (mjgui-problems JSON)",
                                         "問題集ファイル（mjgui-problems JSON）で練習します"))
        self.export_misses_button.setText(tr("Export my misses…", "間違えた問題を書き出す…"))
        self.export_misses_button.setEnabled(ok and misses > 0)
        self.export_misses_button.setToolTip(
            tr("Save the missed problems as a problem-set file, to share or practise later",
               "間違えた問題を問題集ファイルに保存します") if ok else self._unavailable_tip())
        self.export_starter_button.setText(tr("Export starter set…", "スターター問題集を書き出す…"))
        self.export_starter_button.setToolTip(
            tr("Save the problem set shipped with mjgui: a template for writing your own",
               "mjgui 付属の問題集を保存します（自作の問題集のひな形に）"))

    def _unavailable_tip(self) -> str:
        return tr("Needs the drill history, which is not available", "練習履歴が必要ですが使用できません")

    def _chart_window(self, days: list[date]) -> tuple[date | None, date]:
        today = self._today()
        span = RANGES[self._range]
        if span is None:
            return (min(days[0], today) if days else None), max([today, *days[-1:]])
        return today - timedelta(days=span - 1), today

    def _render_chart(self) -> None:
        per_day = self._per_day
        start, end = self._chart_window([d.day for d in per_day])
        if start is None:
            self.chart.set_series([], [], names=self._series_names(), bars=[],
                                  bar_name=tr("Attempts", "解答数"))
        else:
            self.chart.set_series([(d.day, d.accuracy * 100) for d in per_day],
                                  [(d.day, d.mean_score * 100) for d in per_day],
                                  names=self._series_names(),
                                  bars=[(d.day, d.attempts) for d in per_day],
                                  bar_name=tr("Attempts", "解答数"), start=start, end=end)
        if not self.available():
            empty = tr("History unavailable", "練習履歴を使用できません")
        elif not self._attempts:
            empty = tr("No attempts yet — practise a drill first", "まだ解答がありません — まずドリルで練習しましょう")
        else:
            span = RANGES[self._range]
            empty = tr(f"No attempts in the last {span} days", f"直近{span}日間の解答はありません")
        self.chart.set_empty_text(empty)
        self.chart.setToolTip("")

    @staticmethod
    def _series_names() -> tuple[str, str]:
        return tr("Accuracy", "正解率"), tr("Mean credit", "平均得点")

    def _render_tables(self) -> None:
        labels = {"drill": drill_label, "topic": topic_label, "shanten": shanten_label}
        titles = {"drill": (tr("By drill", "ドリル別"), tr("Drill", "ドリル")),
                  "topic": (tr("By topic", "お題別"), tr("Topic", "お題")),
                  "shanten": (tr("By shanten", "向聴数別"), tr("Shanten", "向聴数"))}
        empty = (tr("No attempts yet", "まだ解答がありません") if self.available()
                 else tr("History unavailable", "練習履歴を使用できません"))
        for by in BREAKDOWNS:
            title, column = titles[by]
            self._table_titles[by].setText(title)
            groups = breakdown(self._attempts, by=by)
            self.tables[by].set_groups(column, [(labels[by](key), stats) for key, stats in groups.items()],
                                       empty)

    def _render_status(self) -> None:
        if self._message is None:
            self.status.hide()
            self.status.clear()
            return
        kind, text = self._message
        self.status.setText(text())
        self._set_kind(self.status, kind)
        self.status.show()
