"""The keyboard help drawn over the window (F1 or ?)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from mjgui.ui.i18n import tr
from mjgui.ui.theme import COLORS


def _window_keys() -> list[tuple[str, str]]:
    """Keys that work on every page."""
    return [
        ("Ctrl+1 … Ctrl+8", tr("Analyze, Nanikiru, Waits, Calls, Score, Defence, Stats, Review",
                               "分析・何切る・待ち・鳴き・点数・守備・成績・検討")),
        ("Ctrl+J", tr("English / 日本語", "English / 日本語")),
        ("Ctrl+T", tr("light / dark theme", "ライト / ダーク")),
        ("Ctrl+,", tr("settings: rules, order, language, theme, tile size",
                      "設定: ルール・並び順・言語・テーマ・牌の大きさ")),
        ("F1, ?, Esc", tr("show / hide this help", "このヘルプを表示 / 閉じる")),
    ]


def _analyze_keys() -> list[tuple[str, str]]:
    return [
        ("a–z, 0–9", tr("type a hand in mpsz (the hand follows as you type)", "mpsz で手牌を入力（入力に追従）")),
        ("Enter", tr("apply the typed hand now", "入力した手牌をすぐ反映")),
        ("1 – 9", tr("play the discard of row 1–9 of the table (1 = best)", "表の1〜9行目の打牌（1 = 最善）")),
        (tr("click / double-click a row", "行をクリック / ダブルクリック"),
         tr("see its waits and chances / play it (Enter too)", "待ちと確率を表示 / 打牌（Enterでも）")),
        ("← →  Space", tr("pick a tile of the hand, discard it", "手牌を選んで切る")),
        ("Ctrl+Z / Ctrl+Y", tr("undo / redo", "元に戻す / やり直す")),
        ("Ctrl+D", tr("random deal", "ランダム配牌")),
        ("Ctrl+L", tr("clear the hand", "手牌をクリア")),
        ("Ctrl+Shift+C / V", tr("copy / paste the hand (text, tenhou URL)", "手牌のコピー / 貼り付け（文字・天鳳URL）")),
        (tr("right-click a tile", "牌を右クリック"), tr("palette: add as meld, dora or visible; hand: remove",
                                                      "パレット: 副露・ドラ・見えている牌に追加／手牌: 削除")),
        (tr("Opponents", "他家"),
         tr("their rivers and calls: pick a seat, click tiles; right-click a river tile to mark it",
            "他家の河と副露: 席を選び牌をクリック。河の牌は右クリックで印")),
        (tr("right-click a column title", "列名を右クリック"),
         tr("choose the table's columns (a narrow window hides the less used ones until they fit)",
            "表の列を選ぶ（小さいウィンドウでは、よく使う列だけを表示）")),
    ]


def _drill_keys(drill: str) -> list[tuple[str, str]]:
    own = {
        "nanikiru": [("1 – 9, 0", tr("discard the tile at that position, 0 the drawn tile",
                                     "その位置の牌を切る（0 = ツモ牌）")),
                     ("← →  Enter", tr("pick any tile and discard it", "牌を選んで切る"))],
        "wait": [("← ↑ → ↓  Space", tr("move over the tiles, mark one as a wait", "牌を選んで待ちに印を付ける")),
                 (tr("4 then m", "4 のあと m"), tr("mark that tile (m, p, s, z)", "その牌に印を付ける（m p s z）")),
                 ("Backspace", tr("clear the marks", "印を消す")),
                 ("Enter", tr("check the waits marked", "答え合わせ"))],
        "call": [("1 – 9", tr("choose by position", "位置で選ぶ")),
                 ("P / C / S", tr("pon / chi / pass", "ポン / チー / スルー")),
                 ("← →  Enter, 1 – 9", tr("then the discard after the call", "鳴いた後の打牌"))],
        "score": [("1 – 4", tr("pick a value", "点数を選ぶ")),
                  ("0 – 9", tr("type han / fu / points (typed answers)", "翻・符・点数を入力（入力モード）")),
                  (tr("/ or Space, Y", "/ か Space、Y"), tr("next field, yakuman", "次の欄、役満")),
                  ("Enter", tr("check the typed value", "答え合わせ"))],
        "defence": [("1 – 9, 0", tr("the tile at that position, 0 the drawn tile", "その位置の牌（0 = ツモ牌）")),
                    ("← →  Enter", tr("pick any tile", "牌を選ぶ")),
                    ("P / F", tr("push / fold (then the tile, or the tile first)", "押し / オリ（牌の前でも後でも）"))],
    }[drill]
    return own + [
        ("Enter / N", tr("start; after an answer, the next problem", "開始、解答後は次の問題")),
        ("P", tr("on the summary: practise the misses", "結果画面: 間違えた問題を練習")),
    ]


def _review_keys() -> list[tuple[str, str]]:
    return [
        ("Ctrl+O", tr("open a game log", "牌譜を開く")),
        ("← →", tr("previous / next decision", "前 / 次の選択")),
        ("↑ ↓", tr("previous / next round", "前 / 次の局")),
        ("PgUp / PgDn", tr("previous / next mistake", "前 / 次のミス")),
        ("Enter", tr("open the decision's hand in Analyze", "その局面を分析で開く")),
    ]


def shortcuts(mode: str = "analyze") -> list[tuple[str, str]]:
    """The keys of the page `mode` (a main-window mode), then those of every page."""
    if mode == "analyze":
        own = _analyze_keys()
    elif mode == "review":
        own = _review_keys()
    elif mode == "stats":
        own = []
    else:
        own = _drill_keys(mode)
    return own + _window_keys()


# the card's colours are explicit: a palette() in a style sheet is resolved when the
# sheet is set and would keep the previous theme's colours


class HelpOverlay(QWidget):
    """Shown with `open_overlay()` (it takes the keyboard focus, so Esc, ? and F1 close
    it whatever page is shown), hidden with `close_overlay()` or a click."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._return_focus: QWidget | None = None
        self._mode = "analyze"              # the page whose keys are listed
        layout = QVBoxLayout(self)
        layout.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.label)
        self.set_theme("light")
        self.retranslate()

    def set_theme(self, theme: str) -> None:
        background, text = COLORS[theme]["help_card"], COLORS[theme]["help_text"]
        self.label.setStyleSheet(f"QLabel {{ background: {background}; color: {text}; "
                                 "border-radius: 10px; padding: 18px 26px; }")

    def open_overlay(self) -> None:
        from PySide6.QtWidgets import QApplication
        focus = QApplication.focusWidget()
        self._return_focus = focus if focus is not self else None
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def close_overlay(self) -> None:
        self.hide()
        if self._return_focus is not None:
            try:
                self._return_focus.setFocus(Qt.FocusReason.OtherFocusReason)
            except RuntimeError:             # the widget was deleted meanwhile
                pass
        self._return_focus = None

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Question, Qt.Key.Key_F1):
            self.close_overlay()
            return
        super().keyPressEvent(event)

    def set_mode(self, mode: str) -> None:
        """List the keys of this page (a main-window mode) and the window's."""
        if mode != self._mode:
            self._mode = mode
            self.retranslate()

    def retranslate(self) -> None:
        rows = "".join(f"<tr><td style='padding:3px 18px 3px 0'><b>{keys}</b></td><td>{what}</td></tr>"
                       for keys, what in shortcuts(self._mode))
        self.label.setText(f"<h3>{tr('Keyboard', 'キーボード操作')}</h3><table>{rows}</table>"
                           f"<p>{tr('Click anywhere to close.', 'クリックで閉じます。')}</p>")

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(0, 0, 0, 110))

    def mousePressEvent(self, event) -> None:
        self.close_overlay()
