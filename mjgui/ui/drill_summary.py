"""The intro of a drill and the summary at the end of a set."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from mjgui.defence.reason_words import pushfold_words
from mjgui.drills.grading import answer_words
from mjgui.drills.session import Result, Summary
from mjgui.ui.drill_common import (
    TileRow,
    clock_text,
    hand_row,
    drill_title,
    muted,
    percent,
    scaled_font,
)
from mjgui.ui.i18n import language, tr

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
        self.value.setFont(scaled_font(self, 2.0, True))
        self.caption = muted(QLabel())
        self.detail = muted(QLabel())
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
        self.number.setFont(scaled_font(self, 1.1, True))
        self.number.setMinimumWidth(34)
        layout.addWidget(self.number)
        tiles, gap = hand_row(result.problem)
        p = result.problem
        if p.drill == "call" and p.discarded_tile is not None:
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
        if fb.drill == "wait" and fb.pick == "":
            pick = tr("nothing marked", "選択なし")
        best = ", ".join(fb.best)
        if fb.drill == "score":              # "3/40/5200" reads "3 han 40 fu, 5,200"
            best = answer_words(best, language())
            if fb.pick:
                pick = answer_words(fb.pick, language())
        elif fb.drill == "defence":          # "fold 2m" reads "オリ 2m" in Japanese
            best = ", ".join(pushfold_words(b, language()) for b in fb.best)
            if fb.pick:
                pick = pushfold_words(fb.pick, language())
        late = tr(" (time is up)", "（時間切れ）") if self.result.timed_out else ""
        self.text.setText(tr(f"You: <b>{escape(pick)}</b>{late} · {percent(fb.credit)}<br>"
                             f"Answer: <b>{escape(best)}</b>",
                             f"あなた: <b>{escape(pick)}</b>{late} · {percent(fb.credit)}<br>"
                             f"正解: <b>{escape(best)}</b>"))
        self.setToolTip(fb.explanation(language()))

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
        self.title.setFont(scaled_font(self, 1.6, True))
        self.subtitle = muted(QLabel())
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
        self.misses_title.setFont(scaled_font(self, 1.15, True))
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

    def __init__(self, drill: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.drill = drill
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.setSpacing(12)
        layout.addStretch(1)
        self.title = QLabel()
        self.title.setFont(scaled_font(self, 1.8, True))
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text = muted(QLabel())
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.start = QPushButton()
        self.start.setObjectName("introStart")
        self.start.setMinimumSize(180, 40)
        self.start.setFont(scaled_font(self, 1.15, True))
        self.start.clicked.connect(self.startRequested)
        self.keys = muted(QLabel())
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
        self.title.setText(drill_title(self.drill))
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
            "score": tr("A won hand with its situation: what is it worth? Pick one of four values, "
                        "or type han, fu and points. The right points score 1; with wrong points the "
                        "right han and the right fu earn a quarter each.",
                        "和了った手の点数を答えます。4つの候補から選ぶか、翻・符・点数を入力します。"
                        "点数が正しければ満点、点数が違っても翻と符はそれぞれ4分の1点です。"),
            "defence": tr("An opponent declared riichi: read the rivers. Pick the tile least likely to deal in "
                          "(genbutsu, suji, kabe, honours by copies seen), or — with a tenpai or 1-shanten "
                          "hand — push or fold and the tile. Partial credit by how close the answer is to "
                          "the best.",
                          "他家のリーチに対して河を読みます。最も放銃しにくい牌（現物・スジ・壁・見えている字牌）"
                          "を選ぶか、聴牌・一向聴の手で押すか降りるかと切る牌を答えます。最善に近いほど部分点があります。"),
        }[self.drill])
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
            "score": tr("Keys: 1–4 pick a value; or type han, fu and points (/ or Space: next field, "
                        "Y: yakuman), Enter checks; Enter or N for the next problem.",
                        "キー: 1〜4 で選択。または翻・符・点数を入力（/ か Space で次の欄、Y で役満）、"
                        "Enter で答え合わせ。Enter か N で次の問題。"),
            "defence": tr("Keys: 1–9 the tile at that position, 0 the drawn tile, ←/→ then Enter; P push, "
                          "F fold; Enter or N for the next problem.",
                          "キー: 1〜9 でその位置の牌、0 でツモ牌、←/→ と Enter。P 押し、F オリ。"
                          "Enter か N で次の問題。"),
        }[self.drill])
