"""The practice drills: nanikiru (何切る), waits (待ち), calls (鳴き), score (点数計算) and
defence (守備: the safest tile, push or fold against a riichi).

`DrillPage(kind, store)` is one page of the main window's mode bar.  A top bar picks the
source (generated problems with a shanten / topic filter, the starter set, or the review
queue of missed problems; the score drill: generated at a difficulty level, or the review
queue), the mode (endless, or a set of 10 / 20), the nanikiru evaluator, the score drill's
answer mode (four choices, or typed han / fu / points) and a timer; Start runs a `mjgui.drills.session.DrillSession`.  Below, the drill's view shows
one problem at a time and, once answered, the feedback: right or wrong with the credit and
the explanation from `mjgui.drills.grading`, plus the full per-discard table (nanikiru) or
the wait inspector (waits).  A fixed-length set ends on a summary page.

The page computes no mahjong: grading, answer keys and explanations come from
`mjgui.drills.grading`, problems from `mjgui.drills.generator` / `problems`, the tables from
`mjgui.analysis` and `mjgui.waits`.  Every answer is recorded in the history store at once;
a store that fails shows an inline notice (and `message`) and the drill goes on.

Keyboard: Enter starts; nanikiru 1-9 discard the tile at that position, 0 the drawn tile,
←/→ + Enter any tile; waits ←↑→↓ + Space mark, a digit then m/p/s/z marks that tile,
Backspace clears, Enter checks; calls 1-9 by position, P pon, C chi, S pass; score 1-4 pick a
value, or digits type han / fu / points (/ or Space: next field, Y: yakuman) and Enter checks;
defence 1-9 / 0 / ←→ + Enter a tile, P push, F fold; then
Enter / N for the next problem.  The summary page: Enter for a new set, P to practise the
misses.
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable, Sequence

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from mjgui.drills.generator import GenerateError
from mjgui.drills.history import HistoryError, HistoryStore
from mjgui.drills.drill_names import DRILLS
from mjgui.drills.problems import Problem, ProblemSetError, starter_set
from mjgui.drills.grading import DEFAULT_EVALUATOR, SCORE_RULES, AnswerError
from mjgui.drills.session import (
    DrillSession,
    GeneratorSpec,
    problems_of_drill,
    review_problems,
)
from mjgui.ui.drill_call import CallView, ChoiceButton
from mjgui.ui.drill_common import (
    DRILL_JA,
    TICK_MS,
    DrillView,
    FeedbackPanel,
    TileRow,
    muted,
    scaled_font,
)
from mjgui.ui.drill_defence import DefenceView
from mjgui.ui.drill_nanikiru import NanikiruView
from mjgui.ui.drill_score import ANSWER_MODES, ScoreView
from mjgui.ui.drill_summary import IntroView, SummaryView
from mjgui.ui.drill_wait import WaitGrid, WaitView
from mjgui.ui.compact_combo import CompactCombo
from mjgui.ui.hand_view import FlowLayout
from mjgui.ui.page_stack import PageScroll, PageStack
from mjgui.ui.i18n import tr
from mjgui.ui.theme import COLORS, check_theme
from mjgui.words import shanten_word

# the views live in their own modules; the page re-exports them
__all__ = ["DrillPage", "NanikiruView", "WaitView", "CallView", "ScoreView", "DefenceView", "SummaryView", "WaitGrid",
           "ChoiceButton", "FeedbackPanel", "TileRow", "DRILLS"]


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
        QFrame#notice[level="info"] {{ background: {c['info_bg']}; border-color: {c['info_border']}; }}
        QFrame#notice[level="info"] QLabel {{ color: {c['info_text']}; }}
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
        QFrame#winBox, QFrame#breakdown {{ background: {c['card']}; border: 1px solid {c['card_border']};
                                          border-radius: 8px; }}
        QFrame#winBox QLabel, QFrame#breakdown QLabel {{ background: transparent; border: none; }}
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
    """One drill (kind ``nanikiru``, ``wait``, ``call``, ``score`` or ``defence``) with its top bar, views and
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

    def __init__(self, drill: str, store: HistoryStore | None, parent: QWidget | None = None,
                 *, clock: Callable[[], float] = time.monotonic):
        super().__init__(parent)
        if drill not in DRILLS:
            raise ValueError(f"drill must be one of {', '.join(DRILLS)}, not {drill!r}")
        self.drill = drill                 # the drill kind (nanikiru, wait, call, score), not a tile kind
        self.store = store
        self.session: DrillSession | None = None
        self._title: str | tuple[str, str] = ""
        self.seed: int | str | None = None
        self._clock = clock
        self._theme = "light"
        self._notice_text = ("", "")
        self._store_error_shown = False
        self.rules: Any = SCORE_RULES           # the app's scoring rules (set_rules)
        self._notice_scope = ""                 # "answer" / "problem": cleared by a good answer / the next problem
        self._queued: tuple[list[Problem], str] | None = None    # a set the next Start runs
        # the given set the Source box names (queued or running; Restart runs it again)
        self._set: tuple[list[Problem], str | tuple[str, str]] | None = None
        self._source_before = 0                 # the box's choice before it named the set
        self.setObjectName(f"drillPage_{drill}")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 8)
        outer.setSpacing(8)
        outer.addWidget(self._build_bar())
        outer.addLayout(self._build_countdown())
        outer.addWidget(self._build_notice())

        self.stack = PageStack(self)
        self.intro = IntroView(drill)
        self.intro.startRequested.connect(self.start)
        self.view: DrillView = {"nanikiru": NanikiruView, "wait": WaitView,
                                 "call": CallView, "score": ScoreView, "defence": DefenceView}[drill]()
        self.view.answered.connect(self._answer)
        self.view.nextRequested.connect(self.next_problem)
        self.summary_view = SummaryView()
        self.summary_view.practiseRequested.connect(self.practise_misses)
        self.summary_view.restartRequested.connect(self.start)
        for w in (self.intro, self.view, self.summary_view):
            self.stack.addWidget(w)
        # a problem taller than the window (a small window, a long explanation) scrolls
        # inside the page instead of keeping the window from getting smaller
        self.scroll = PageScroll(self.stack)
        outer.addWidget(self.scroll, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)
        self._sync_bar()
        self.set_theme("light")
        self.retranslate()

    # ---- construction --------------------------------------------------------------------
    def _combo(self, name: str, items: Sequence[tuple[Any, str, str]]) -> QComboBox:
        combo = CompactCombo()
        combo.setObjectName(name)
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
        sources = [("generated", "Generated", "自動生成"), ("starter", "Starter set", "入門セット"),
                   ("review", "Review misses", "復習")]
        if self.drill in ("score", "defence"):      # the starter set holds none of these
            sources.pop(1)
        self.source_combo = self._combo("source", sources)
        shanten_items = [("any", "any", "指定なし")]
        # beside the "Shanten" label a number says it (the bar fits one line at 1024 px)
        shanten_items += [(s, shanten_word(s) if s == 0 else str(s), shanten_word(s, "ja") if s == 0 else str(s))
                          for s in ((0, 1, 2, 3) if self.drill == "nanikiru" else (1, 2, 3))]
        self.shanten_combo = self._combo("shanten", shanten_items)
        if self.drill == "score":            # a score problem's topic is its level
            self.topic_combo = self._combo("topic", [
                ("any", "mixed", "混合"), ("easy", "easy", "初級"), ("medium", "medium", "中級"),
                ("hard", "hard", "上級")])
        elif self.drill == "defence":        # a defence problem's topic is its question
            self.topic_combo = self._combo("topic", [
                ("any", "mixed", "混合"), ("safest", "safest tile", "安全牌"), ("pushfold", "push or fold", "押し引き")])
        else:
            self.topic_combo = self._combo("topic", [
                ("any", "any", "指定なし"), ("chinitsu", "chinitsu", "清一色"),
                ("chiitoi", "seven pairs", "七対子")])
        self.answer_combo = self._combo("answer", [
            ("choices", "four choices", "4択"), ("enter", "type han / fu / points", "翻・符・点数を入力")])
        self.mode_combo = self._combo("mode", [
            ("endless", "Endless", "エンドレス"), ("set10", "Set of 10", "10問セット"),
            ("set20", "Set of 20", "20問セット")])
        self.evaluator_combo = self._combo("evaluator", [
            ("ukeire", "Ukeire", "受け入れ"), ("second-step", "+ 2nd step", "受け入れ＋二歩目"),
            ("expected-points", "Exp. points", "期待値")])
        self.timer_combo = self._combo("timer", [
            (0, "off", "なし"), (15, "15 s", "15秒"), (30, "30 s", "30秒"), (60, "60 s", "60秒")])
        self.bar_labels: dict[str, QLabel] = {}
        self.bar_fields: dict[str, QWidget] = {}
        settings = QWidget()
        # tight enough that every field of a drill fits one line at 1024 px
        flow = FlowLayout(settings, h_spacing=8, v_spacing=4)
        for name, combo in (("source", self.source_combo), ("shanten", self.shanten_combo),
                            ("topic", self.topic_combo), ("mode", self.mode_combo),
                            ("evaluator", self.evaluator_combo), ("answer", self.answer_combo),
                            ("timer", self.timer_combo)):
            field = QWidget()
            pair = QHBoxLayout(field)
            pair.setContentsMargins(0, 0, 0, 0)
            pair.setSpacing(4)
            label = muted(QLabel())
            label.setBuddy(combo)
            pair.addWidget(label)
            pair.addWidget(combo)
            self.bar_labels[name] = label
            self.bar_fields[name] = field
            flow.addWidget(field)
        self.source_combo.currentIndexChanged.connect(self._sync_bar)
        self.source_combo.currentIndexChanged.connect(lambda: self._update_status())   # "Start set" or not
        for combo in (self.shanten_combo, self.topic_combo, self.evaluator_combo, self.timer_combo):
            combo.currentIndexChanged.connect(self._options_changed)
        for combo in (self.source_combo, self.mode_combo):
            combo.currentIndexChanged.connect(self._run_changed)
        for combo in (self.source_combo, self.shanten_combo, self.topic_combo, self.mode_combo,
                      self.evaluator_combo, self.answer_combo, self.timer_combo):
            # the drill's keys (Enter, N, digits...) work while a box has the focus
            combo.installEventFilter(self)
            combo.activated.connect(self._focus_drill)
        self.bar_fields["shanten"].setVisible(self.drill in ("nanikiru", "call"))
        self.bar_fields["topic"].setVisible(self.drill in ("nanikiru", "wait", "score", "defence"))
        self.bar_fields["evaluator"].setVisible(self.drill == "nanikiru")
        self.bar_fields["answer"].setVisible(self.drill == "score")
        self.answer_combo.currentIndexChanged.connect(self._sync_answer_mode)
        row.addWidget(settings, 1)
        self.countdown = QLabel()
        self.countdown.setObjectName("countdown")
        self.countdown_bar = QProgressBar()
        self.countdown_bar.setTextVisible(False)
        self.countdown_bar.setFixedSize(70, 8)
        self.countdown_bar.setRange(0, 1000)
        self.counter = QLabel()
        self.counter.setObjectName("counter")
        self.counter.setFont(scaled_font(self, 1.15, True))
        self.tally = muted(QLabel())
        self.finish_button = QToolButton()
        self.finish_button.setObjectName("finish")
        self.finish_button.clicked.connect(self.finish)
        self.start_button = QPushButton()
        self.start_button.setObjectName("start")
        self.start_button.clicked.connect(lambda: self.start())
        for w in (self.countdown, self.countdown_bar):
            w.hide()                  # placed under the bar (`_build_countdown`): never wraps it
        row.addWidget(self.tally)
        row.addWidget(self.counter)
        row.addSpacing(8)
        row.addWidget(self.finish_button)
        row.addWidget(self.start_button)
        self.finish_button.hide()
        return bar

    def _build_countdown(self) -> QHBoxLayout:
        """The time left, on its own line right under the bar when a timer runs (in the bar
        it would push the options onto a second row)."""
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 4, 0)
        row.addStretch(1)
        row.addWidget(self.countdown)
        row.addWidget(self.countdown_bar)
        return row

    def _build_notice(self) -> QFrame:
        self.notice = QFrame()
        self.notice.setObjectName("notice")
        row = QHBoxLayout(self.notice)
        row.setContentsMargins(10, 6, 6, 6)
        self.notice_icon = QLabel("⚠")
        self.notice_icon.setFont(scaled_font(self, 1.2, True))
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
        self.topic_combo.setEnabled(generated)

    def _sync_answer_mode(self) -> None:
        if isinstance(self.view, ScoreView) and self.answer_combo.currentData() in ANSWER_MODES:
            self.view.set_answer_mode(self.answer_combo.currentData())
            if self.stack.currentWidget() is self.view and not self.view.locked:
                self.view.focus_target().setFocus()

    # ---- settings ------------------------------------------------------------------------
    def settings(self) -> dict:
        """The top bar's choices, for the main window to persist (plain str / int values).
        The topic is saved under "theme", its name in the settings users already have (and
        in the problem files and the history's column)."""
        source = self.source_combo.currentData()
        if source == "set":                 # a given set is not a setting: the choice before it
            source = self.source_combo.itemData(self._source_before)
        values = {"source": source,
                  "shanten": self.shanten_combo.currentData(),
                  "theme": self.topic_combo.currentData(),
                  "mode": self.mode_combo.currentData(),
                  "evaluator": self.evaluator_combo.currentData(),
                  "timer": self.timer_combo.currentData()}
        if self.drill == "score":
            values["answer"] = self.answer_combo.currentData()
        return values

    def apply_settings(self, values: dict) -> None:
        """Restore `settings()`; unknown keys and values that do not fit are ignored
        (values read back from QSettings may be strings)."""
        for key, combo in (("source", self.source_combo), ("shanten", self.shanten_combo),
                           ("theme", self.topic_combo), ("mode", self.mode_combo),
                           ("evaluator", self.evaluator_combo), ("answer", self.answer_combo),
                           ("timer", self.timer_combo)):
            if not isinstance(values, dict) or key not in values:
                continue
            wanted = str(values[key])
            for i in range(combo.count()):
                if str(combo.itemData(i)) == wanted:
                    combo.setCurrentIndex(i)
                    break
        self._sync_bar()

    # ---- notices ---------------------------------------------------------------------------
    def show_notice(self, en: str, ja: str | None = None, emit: bool = True, info: bool = False) -> None:
        """An inline notice (never a dialog); also sent as `message`.  `info`: news, not a
        problem (a set ready, the options taking effect): the information style, not ⚠."""
        self._notice_text = (en, ja if ja is not None else en)
        self.notice_label.setText(tr(*self._notice_text))
        level = "info" if info else "warning"
        if self.notice.property("level") != level:
            self.notice.setProperty("level", level)
            self.notice_icon.setText("ℹ" if info else "⚠")
            self.notice.style().unpolish(self.notice)     # the style sheet's [level] rules again
            self.notice.style().polish(self.notice)
            for label in (self.notice_icon, self.notice_label):
                label.style().unpolish(label)
                label.style().polish(label)
        self.notice.show()
        if emit:
            self.message.emit(tr(*self._notice_text))

    def clear_notice(self) -> None:
        self._notice_text = ("", "")
        self._notice_scope = ""
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
        source = self.source_combo.currentData()
        if source == "set" and self._queued:
            problems, title = self._queued
            self._queued = None
            return self._start_list(problems, title)
        if source == "set" and self._set is not None:      # Restart: the same set again
            return self._start_list(*self._set)
        self.clear_notice()
        mode, length = self._mode()
        seed = seed if seed is not None else random.randrange(1, 1_000_000)
        try:
            if source == "generated":
                spec = GeneratorSpec(seed, *self._generator_options())
                session = self._session(spec, mode, length, None)
                title = ""
            elif source == "starter":
                s = starter_set()
                problems = problems_of_drill(s, self.drill)[0]
                random.Random(seed).shuffle(problems)
                title = ("Starter set", "入門セット")
                session = self._session(problems, mode, length, s.title or "starter")
            else:
                if self.store is None:
                    self.show_notice("The review queue needs the drill history, which is not "
                                     "available.", "復習キューには練習履歴が必要ですが、使用できません。")
                    return False
                problems = review_problems(self.store, self.drill)
                if not problems:
                    self.show_notice("No missed problems are due for review — well done.",
                                     "復習予定の問題はありません。", emit=False, info=True)
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
        self._name_set(None)
        self._begin(session, title)
        return True

    def _generator_options(self) -> tuple[int | None, str]:
        """The shanten and topic the bar asks of generated problems."""
        shanten = self.shanten_combo.currentData()
        return (None if shanten == "any" or self.drill in ("wait", "score", "defence") else int(shanten),
                self.topic_combo.currentData() if self.drill != "call" else "any")

    def _running(self) -> bool:
        return self.session is not None and not self.session.finished

    def _options_changed(self) -> None:
        """Shanten, topic, evaluator and timer changed during a run: from the next problem on."""
        if not self._running():
            return
        shanten, topic = self._generator_options()
        try:
            self.session.set_options(shanten=shanten, topic=topic,
                                     evaluator=self.evaluator_combo.currentData() if self.drill == "nanikiru"
                                     else None, timer_seconds=self._timer())
        except ValueError as error:
            self.show_notice(f"Cannot use these options: {error}", f"この設定は使えません: {error}", emit=False)
            return
        if self.session.pending:
            self.show_notice("The new options apply from the next problem.",
                             "新しい設定は次の問題から適用されます。", emit=False, info=True)
            self._notice_scope = "problem"

    def _run_changed(self) -> None:
        """Source and mode make a new run: say so (Restart starts it)."""
        if self._running():
            self.show_notice("The source and mode apply to a new run: press Restart.",
                             "出題とモードは新しい練習から適用されます。やり直すを押してください。", emit=False,
                             info=True)
            self._notice_scope = ""

    def _focus_drill(self) -> None:
        """After a choice in a box, the keys go back to the problem shown."""
        if self.stack.currentWidget() is self.view:
            self.view.focus_target().setFocus()
        else:
            self.setFocus()

    def eventFilter(self, watched, event) -> bool:
        # a closed box keeps its own arrow keys (they change its value); the drill's keys
        # go to the drill instead of the box's type-ahead search or its Enter
        if (isinstance(watched, QComboBox) and event.type() == QEvent.Type.KeyPress
                and not watched.view().isVisible()
                and event.key() not in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Home, Qt.Key.Key_End,
                                        Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Tab,
                                        Qt.Key.Key_Backtab, Qt.Key.Key_F4, Qt.Key.Key_Escape)
                and not event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)):
            self._focus_drill()
            self.keyPressEvent(event)
            return True
        return super().eventFilter(watched, event)

    def _session(self, source, mode: str, length: int | None, set_name: str | None) -> DrillSession:
        return DrillSession(self.drill, source, mode, length, self.evaluator_combo.currentData()
                            if self.drill == "nanikiru" else DEFAULT_EVALUATOR, self.store,
                            self._timer(), self._clock, set_name=set_name, rules=self.rules)

    def queue_set(self, problems: Sequence[Problem | dict], title: str) -> None:
        """Keep a set for this drill (e.g. its share of an imported mixed set): the next
        Start runs it, and a notice says so."""
        own = problems_of_drill(problems, self.drill)[0]
        if not own:
            return
        self._queued = (own, title)
        self._name_set(own, title)
        n = len(own)
        self.show_notice(f"“{title}”: {n} {self.drill} problem{'s' * (n != 1)} ready — press Start (Enter) "
                         "to practise them.",
                         f"「{title}」の{DRILL_JA[self.drill]}の問題{n}問があります。開始（Enter）で練習します。",
                         emit=False, info=True)
        self._update_status()

    @property
    def queued(self) -> int:
        """How many problems a queued set holds (0: none)."""
        return len(self._queued[0]) if self._queued else 0

    def start_set(self, problems: Sequence[Problem | dict], title: str) -> bool:
        """Drill a given list of problems as a fixed set (e.g. the Stats page's misses or an
        imported problem set); problems of other kinds are left out (with a notice).  Problem
        dicts (as the history stores them) are accepted.  False when none is left."""
        self._queued = None                 # a newer set replaces one kept for later
        return self._start_list(problems, title)

    @property
    def session_title(self) -> str:
        """The running set's title ('' for generated problems)."""
        return tr(*self._title) if isinstance(self._title, tuple) else self._title

    def _start_list(self, problems: Sequence[Problem | dict], title: str | tuple[str, str]) -> bool:
        name = tr(*title) if isinstance(title, tuple) else title
        set_name = title[0] if isinstance(title, tuple) else (title or None)
        self.clear_notice()
        own, skipped = problems_of_drill(problems, self.drill)
        if not own:
            self.show_notice(f"No {self.drill} problems in “{name}”.",
                             f"「{name}」に{DRILL_JA[self.drill]}の問題がありません。")
            return False
        try:
            session = self._session(own, "set", None, set_name)
        except (GenerateError, ValueError) as error:
            self.show_notice(f"Cannot start: {error}", f"開始できません: {error}")
            return False
        if skipped:
            self.show_notice(f"{skipped} problem(s) of “{name}” are not {self.drill} problems "
                             "and were left out.",
                             f"「{name}」の{skipped}問は{DRILL_JA[self.drill]}以外の問題のため除きました。",
                             emit=False)
        self._name_set(own, title)
        self._begin(session, title)
        return True

    def _name_set(self, problems: Sequence[Problem] | None, title: str | tuple[str, str] = "") -> None:
        """The Source box says which given set runs or waits ("Set: “Mixed”", an item of its
        own, chosen quietly); None takes the item away and gives the box its choice back."""
        combo = self.source_combo
        i = combo.findData("set")
        blocked = combo.blockSignals(True)
        try:
            if problems is None:              # another run: a set kept for later goes too
                self._set = self._queued = None
                if i >= 0:
                    combo.removeItem(i)
                    combo.setCurrentIndex(min(self._source_before, combo.count() - 1))
            else:
                self._set = (list(problems), title)
                if i < 0:
                    self._source_before = combo.currentIndex()
                    combo.addItem("", "set")
                    i = combo.count() - 1
                combo.setCurrentIndex(i)
                self._set_item_text()
        finally:
            combo.blockSignals(blocked)
        self._sync_bar()

    def _set_item_text(self) -> None:
        i = self.source_combo.findData("set")
        if i >= 0 and self._set is not None:
            title = self._set[1]
            name = tr(*title) if isinstance(title, tuple) else title
            self.source_combo.setItemText(i, tr(f"Set: “{name}”", f"セット: 「{name}」"))

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

    def set_rules(self, rules: Any) -> None:
        """Score with these rules (mjgui.scoring.Rules) from the next problem on."""
        self.rules = rules

    def _show_problem(self) -> None:
        s = self.session
        assert s is not None
        s.rules = self.rules               # a rules change applies from the next problem
        if isinstance(self.view, (ScoreView, WaitView)):
            self.view.rules = self.rules
        if isinstance(self.view, NanikiruView):
            self.view.evaluator = s.evaluator
        if self._notice_scope:
            self.clear_notice()
        self.view.show_problem(s.current())
        self.stack.setCurrentWidget(self.view)
        self.scroll.verticalScrollBar().setValue(0)       # a new problem starts at its top
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
            self._notice_scope = "answer"
            return
        if self._notice_scope == "answer":
            self.clear_notice()
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
        QTimer.singleShot(0, self, self._verdict_in_view)
        self._update_status()
        self._refresh_review_count()

    def _verdict_in_view(self) -> None:
        """Scroll the verdict into view (in a low window it is below the fold), once the
        page is laid out with it."""
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        if self.view.feedback.isVisible():
            self.scroll.ensureWidgetVisible(self.view.feedback, 0, 8)

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
        for label in (self.counter, self.tally):       # an empty one takes no room in the bar
            label.setVisible(bool(label.text()))
        queued = self._queued and self.source_combo.currentData() == "set"
        self.start_button.setText(tr("Start set", "セット開始") if queued else
                                  tr("Restart", "やり直す") if s is not None else tr("Start", "開始"))

    def _refresh_review_count(self) -> None:
        i = self.source_combo.findData("review")
        due = None
        if self.store is not None:
            try:
                from mjgui.drills.review import ReviewQueue
                due = ReviewQueue(self.store).counts(drill=self.drill)["due"]
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
        topic = ("Difficulty", "難易度") if self.drill == "score" else ("Question", "問題") \
            if self.drill == "defence" else ("Topic", "お題")
        for name, en, ja in (("source", "Source", "出題"), ("shanten", "Shanten", "向聴"),
                             ("topic", *topic), ("mode", "Mode", "モード"),
                             ("evaluator", "Evaluator", "評価"), ("answer", "Answer", "解答"),
                             ("timer", "Timer", "制限時間")):
            self.bar_labels[name].setText(tr(en, ja))
        for combo in (self.source_combo, self.shanten_combo, self.topic_combo, self.mode_combo,
                      self.evaluator_combo, self.answer_combo, self.timer_combo):
            for i, (en, ja) in enumerate(combo.property("texts")):
                combo.setItemText(i, tr(en, ja))
        self._set_item_text()
        self.source_combo.setToolTip(tr("Generated: new problems from a shuffled wall · Starter "
                                        "set: the problems shipped with mjgui · Review queue: "
                                        "problems you missed that are due again · Set: a set given "
                                        "to this drill (imported, your misses), which Restart runs again",
                                        "自動生成: 山から新しい問題 · 入門セット: 付属の問題 · "
                                        "復習キュー: 間違えて復習時期が来た問題 · セット: 取り込んだ問題や"
                                        "間違えた問題（やり直すで再び練習）"))
        self.evaluator_combo.setToolTip(tr("How discards are ranked: most ukeire, most ukeire then the widest "
                                           "second step, or the expected points of the simple model "
                                           "(partial credit = the points ratio)",
                                           "打牌の順位: 受け入れ枚数、受け入れ＋二歩目、または簡易モデルの期待値"
                                           "（部分点 = 期待値の比）"))
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

    def set_tile_scale(self, scale: float) -> None:
        """The drill's tiles at `scale` times their base size (the window sets it)."""
        self.view.set_tile_scale(scale)

    def set_theme(self, theme: str) -> None:
        check_theme(theme)
        self._theme = theme
        self.setStyleSheet(_stylesheet(COLORS[theme]))
        self.view.set_theme(theme)
        self.summary_view.set_theme(theme)

    def theme(self) -> str:
        return self._theme
