"""The score (点数計算) view: a won hand with its situation; the user picks its value from
four choices or types han, fu and points; then the verdict and the full breakdown (each
yaku with its han, the fu count, the limit and the payments).

Everything about the hand's value comes from `mjgui.drills.grading` (the choices, the grade,
the Score of the breakdown); the view only lays it out.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRegularExpression, QSize, Qt
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from mjgui.drills.problems import Problem
from mjgui.drills.grading import SCORE_RULES, ScoreChoice, problem_score, score_choices
from mjgui.drills.session import Result
from mjgui.scoring import LIMIT_NAMES, yaku_name
from mjgui.ui.drill_common import (AnswerButton, DrillView, TileRow, focusless, muted,
                                   scaled_font)
from mjgui.ui.hand_view import FlowLayout
from mjgui.ui.i18n import language, tr
from mjgui.ui.layout_items import clear_layout
from mjgui.ui.page_stack import PageStack
from mjgui.ui.tile_button import TileButton
from mjgui.words import WIND_NAMES

ANSWER_MODES = ("choices", "enter")

_FLAG_NAMES = {"riichi": ("Riichi", "立直"), "double-riichi": ("Double riichi", "ダブル立直"),
               "ippatsu": ("Ippatsu", "一発"), "haitei": ("Haitei (last draw)", "海底"),
               "houtei": ("Houtei (last discard)", "河底"), "rinshan": ("Rinshan (after a kan)", "嶺上"),
               "chankan": ("Chankan (robbed kan)", "槍槓"), "tenhou": ("Tenhou", "天和"),
               "chiihou": ("Chiihou", "地和")}


def situation(problem: Problem) -> str:
    """'East round · South seat (dealer) · 1 honba' (and Japanese); how the hand was won
    is the win box's."""
    hand = problem.to_hand()
    rnd, seat = WIND_NAMES[problem.round], WIND_NAMES[problem.seat]
    parts = [tr(f"{rnd[0]} round", f"{rnd[1]}場"),
             tr(f"{seat[0]} seat (dealer)", f"{seat[1]}家（親）") if problem.seat == "E"
             else tr(f"{seat[0]} seat", f"{seat[1]}家（子）")]
    if hand.win.honba:
        parts.append(tr(f"{hand.win.honba} honba", f"{hand.win.honba}本場"))
    if hand.win.sticks:
        parts.append(tr(f"{hand.win.sticks} riichi stick{'s' * (hand.win.sticks > 1)} on the table",
                        f"供託{hand.win.sticks}本"))
    return " · ".join(parts)


def _yaku_value(y) -> str:
    if y.is_yakuman:
        return tr("yakuman", "役満") + (f" ×{y.han // 13}" if y.han > 13 else "")
    return tr(f"{y.han} han", f"{y.han}翻")


class ValueButton(AnswerButton):
    """One value of the choices mode: its key and the payment; after the answer a ring says
    right / wrong."""

    def __init__(self, choice: ScoreChoice, key: int, theme: str = "light", parent: QWidget | None = None):
        super().__init__(theme, parent)
        self.choice = choice
        self.key = key
        self.setObjectName(f"value_{key}")
        layout = self.keyed_row(key, 16)
        self.text_label = QLabel()
        self.text_label.setFont(scaled_font(self, 1.2, True))
        layout.addWidget(self.key_label)
        layout.addWidget(self.text_label)
        for w in (self.key_label, self.text_label):
            w.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.retranslate()

    def retranslate(self) -> None:
        self.text_label.setText(self.choice.label(language()))
        self.setToolTip(tr(f"Answer {self.choice.label('en')} (key {self.key})",
                           f"{self.choice.label('ja')}と答える（キー {self.key}）"))

    def set_state(self, state: str | None) -> None:
        self.state = state
        self.update()

    def sizeHint(self) -> QSize:
        return self.layout().sizeHint().expandedTo(QSize(120, 48))


class _FieldKeys(QObject):
    """'/' and Space in a value field move on to the next field (as in 3/40/5200); Y marks a
    yakuman (a field would swallow the letter)."""

    def __init__(self, view: "ScoreView"):
        super().__init__(view)
        self.view = view

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        if event.type() != QEvent.Type.KeyPress or event.modifiers() & (
                Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            return False
        if event.key() in (Qt.Key.Key_Slash, Qt.Key.Key_Space):
            self.view.next_field(watched)
            return True
        if event.key() == Qt.Key.Key_Y and not self.view.locked:
            self.view.yakuman_button.toggle()
            return True
        return False


class ScoreView(DrillView):
    """Score: the won hand and its situation, then a value (choices, or typed han / fu /
    points), the verdict and the breakdown."""

    drill = "score"
    WIN_HEIGHT, URA_HEIGHT = 56, 34         # tile heights at scale 1

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, tile_height=56)
        focusless(self.hand_view)
        self.answer_mode = "choices"
        self.rules: object = SCORE_RULES      # mjgui.scoring.Rules / preset name (the app's settings)
        self.buttons: list[ValueButton] = []
        self._choices: tuple[ScoreChoice, ...] = ()
        self.visible_flow.hide()                # a won hand: nobody's discards matter

        # the winning tile and the win situation
        self.win_box = QFrame()
        self.win_box.setObjectName("winBox")
        row = QHBoxLayout(self.win_box)
        row.setContentsMargins(12, 6, 14, 6)
        row.setSpacing(14)
        self.win_tile = TileButton("back", self.WIN_HEIGHT, "light", self)
        self.win_tile.setObjectName("winTile")
        focusless(self.win_tile)
        self.win_tile.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.win_label = QLabel()
        self.win_label.setObjectName("winLabel")
        self.win_label.setFont(scaled_font(self, 1.3, True))
        self.flags_label = muted(QLabel())
        self.flags_label.setObjectName("winFlags")
        text = QVBoxLayout()
        text.setSpacing(2)
        text.addWidget(self.win_label)
        text.addWidget(self.flags_label)
        row.addWidget(self.win_tile)
        row.addLayout(text)
        self.ura_label = muted(QLabel())
        self.ura_tiles = TileRow((), self.URA_HEIGHT)
        row.addSpacing(10)
        row.addWidget(self.ura_label)
        row.addWidget(self.ura_tiles)
        win_row = QHBoxLayout()
        win_row.addWidget(self.win_box)
        win_row.addStretch(1)

        # choices
        self.choices_page = QWidget()
        # the values wrap to a second line in a narrow window (in one row the four are
        # wider than 1024 px with some problems)
        self.choice_row = FlowLayout(self.choices_page, h_spacing=10, v_spacing=10)

        # typed value
        self.enter_page = QWidget()
        form = QHBoxLayout(self.enter_page)
        form.setContentsMargins(0, 0, 0, 0)
        form.setSpacing(8)
        self.field_labels: dict[str, QLabel] = {}
        self.han_edit = self._field("han", r"[0-9]{0,2}", 56)
        self.fu_edit = self._field("fu", r"[0-9]{0,3}", 64)
        self.points_edit = self._field("points", r"[0-9,]{0,8}(-[0-9,]{0,8})?", 150)
        keys = _FieldKeys(self)
        for name, edit in (("han", self.han_edit), ("fu", self.fu_edit), ("points", self.points_edit)):
            edit.installEventFilter(keys)
            form.addWidget(self.field_labels[name])
            form.addWidget(edit)
            form.addSpacing(6)
        self.yakuman_button = QPushButton()
        self.yakuman_button.setObjectName("yakuman")
        self.yakuman_button.setCheckable(True)
        self.yakuman_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.yakuman_button.toggled.connect(self._yakuman_toggled)
        self.check_button = QPushButton()
        self.check_button.setObjectName("check")
        self.check_button.setMinimumHeight(34)
        self.check_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.check_button.clicked.connect(self.check)
        form.addWidget(self.yakuman_button)
        form.addSpacing(6)
        form.addWidget(self.check_button)
        form.addStretch(1)

        self.answer_stack = PageStack()         # as tall as the answer mode shown
        self.answer_stack.addWidget(self.choices_page)
        self.answer_stack.addWidget(self.enter_page)
        self.answer_stack.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

        # the breakdown, once answered: the value, then three columns (yaku, fu, payments)
        self.breakdown = QFrame()
        self.breakdown.setObjectName("breakdown")
        box = QVBoxLayout(self.breakdown)
        box.setContentsMargins(16, 10, 16, 12)
        box.setSpacing(6)
        self.value_label = QLabel()
        self.value_label.setObjectName("valueLabel")
        self.value_label.setFont(scaled_font(self, 1.35, True))
        box.addWidget(self.value_label)
        columns = QHBoxLayout()
        columns.setSpacing(40)
        self.tables: dict[str, QGridLayout] = {}
        self.column_titles: dict[str, QLabel] = {}
        for name in ("yaku", "fu", "pay"):
            column = QVBoxLayout()
            column.setSpacing(3)
            title = muted(QLabel())
            title.setObjectName(f"{name}Title")
            grid = QGridLayout()
            grid.setHorizontalSpacing(16)
            grid.setVerticalSpacing(2)
            column.addWidget(title)
            column.addLayout(grid)
            column.addStretch(1)
            columns.addLayout(column)
            self.tables[name] = grid
            self.column_titles[name] = title
        columns.addStretch(1)
        box.addLayout(columns)
        self.breakdown.hide()

        layout = self._problem_column(spacing=10)
        layout.addLayout(win_row)
        layout.addWidget(self.answer_stack)
        layout.addWidget(self.hint)
        layout.addWidget(self.feedback)
        layout.addWidget(self.breakdown)
        layout.addStretch(1)

    def _field(self, name: str, pattern: str, width: int) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(f"{name}Field")
        edit.setValidator(QRegularExpressionValidator(QRegularExpression(pattern), edit))
        edit.setFixedWidth(width)
        edit.setMinimumHeight(32)
        edit.setFont(scaled_font(self, 1.2, True))
        edit.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        label = muted(QLabel())
        label.setBuddy(edit)
        self.field_labels[name] = label
        return edit

    # ---- problem ----------------------------------------------------------------------------
    def set_answer_mode(self, mode: str) -> None:
        if mode not in ANSWER_MODES:
            raise ValueError(f"answer mode must be one of {', '.join(ANSWER_MODES)}, not {mode!r}")
        self.answer_mode = mode
        self.answer_stack.setCurrentWidget(self.choices_page if mode == "choices" else self.enter_page)
        self.retranslate()

    def _scale_extras(self) -> None:
        self.win_tile.tile_height = self.scaled(self.WIN_HEIGHT)
        self.ura_tiles.set_tile_height(self.scaled(self.URA_HEIGHT))

    def show_problem(self, problem: Problem) -> None:
        clear_layout(self.choice_row)          # the old buttons
        self.buttons = []
        self._choices = score_choices(problem, rules=self.rules)
        for i, choice in enumerate(self._choices):
            button = ValueButton(choice, i + 1, self._theme, self.choices_page)
            button.clicked.connect(lambda _=False, b=button: self._chosen(b))
            self.buttons.append(button)
            self.choice_row.addWidget(button)
            button.show()
        for edit in (self.han_edit, self.fu_edit, self.points_edit):
            edit.clear()
            edit.setReadOnly(False)
        self.yakuman_button.setChecked(False)
        for w in (self.yakuman_button, self.check_button):
            w.setEnabled(True)
        hand = problem.to_hand()
        self.win_tile.tile = hand.win.tile
        self.ura_tiles._tiles = [(t, False) for t in hand.win.ura_indicators]
        self.ura_tiles.updateGeometry()
        self.ura_tiles.update()
        for w in (self.ura_label, self.ura_tiles):
            w.setVisible(bool(hand.win.ura_indicators))
        self.breakdown.hide()
        self.hint.show()
        super().show_problem(problem)

    def focus_target(self) -> QWidget:
        if self.answer_mode == "enter":
            return self.han_edit
        return self.buttons[0] if self.buttons else self

    # ---- answering ------------------------------------------------------------------------
    def _chosen(self, button: ValueButton) -> None:
        if not self.locked:
            self.answered.emit(button.choice.answer)

    def choose(self, index: int) -> bool:
        if self.locked or not 0 <= index < len(self.buttons):
            return False
        self._chosen(self.buttons[index])
        return True

    def typed_answer(self) -> str:
        """The fields as an answer text: han/fu/points ('' while the points are empty)."""
        points = self.points_edit.text().strip()
        if not points:
            return ""
        han = "yakuman" if self.yakuman_button.isChecked() else self.han_edit.text().strip()
        fu = "" if self.yakuman_button.isChecked() else self.fu_edit.text().strip()
        return f"{han}/{fu}/{points}"

    def check(self) -> bool:
        """Send the typed value (the points are needed; han and fu may be left empty)."""
        if self.locked:
            return False
        answer = self.typed_answer()
        if not answer:
            self.hint.setText(tr("Type the points (han and fu too for partial credit), then Enter.",
                                 "点数を入力してから Enter（翻・符も入力すると部分点の対象）。"))
            self.points_edit.setFocus()
            return False
        self.answered.emit(answer)
        return True

    def next_field(self, field: QObject) -> None:
        order = [self.han_edit, self.fu_edit, self.points_edit]
        if field in order:
            order[min(order.index(field) + 1, 2)].setFocus()

    def _yakuman_toggled(self, on: bool) -> None:
        for edit in (self.han_edit, self.fu_edit):
            edit.setEnabled(not on)
        if on:
            self.points_edit.setFocus()

    def show_result(self, result: Result, last: bool = False) -> None:
        for edit in (self.han_edit, self.fu_edit, self.points_edit):
            edit.setReadOnly(True)
        for w in (self.yakuman_button, self.check_button):
            w.setEnabled(False)
        super().show_result(result, last)
        pick = result.feedback.pick
        for b in self.buttons:
            if b.choice.answer == pick:
                b.set_state("right" if result.feedback.correct else "wrong")
            else:
                b.set_state("other-right" if b.choice.right else None)
        self.hint.hide()
        self.breakdown.show()
        self.retranslate()

    def answer_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if self.answer_mode == "choices":
            if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
                return self.choose(key - Qt.Key.Key_1)
            return False
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.check()
            return True
        if key == Qt.Key.Key_Y:
            self.yakuman_button.toggle()
            return True
        if Qt.Key.Key_0 <= key <= Qt.Key.Key_9:         # typing with no field focused: the first empty one
            edit = next((e for e in (self.han_edit, self.fu_edit, self.points_edit)
                         if e.isEnabled() and not e.text()), self.points_edit)
            edit.setFocus()
            edit.insert(event.text())
            return True
        return False

    # ---- text -------------------------------------------------------------------------------
    def retranslate(self) -> None:
        super().retranslate()
        p = self.problem
        self.prompt.setText(tr("What is this hand worth?", "この手は何点？"))
        if p is not None:
            self.situation.setText(situation(p))
            hand = p.to_hand()
            tile = hand.win.tile.name if hand.win.tile is not None else ""
            self.win_label.setText(tr(f"Tsumo: {tile} drawn", f"ツモ和了: {tile}") if hand.win.tsumo
                                   else tr(f"Ron on {tile}", f"ロン和了: {tile}"))
            flags = [tr(*_FLAG_NAMES[f]) for f in ("riichi", "double-riichi", "ippatsu", "haitei", "houtei",
                                                   "rinshan", "chankan", "tenhou", "chiihou")
                     if f in hand.win.flags]
            self.flags_label.setText(" · ".join(flags) if flags else
                                     (tr("closed hand, no riichi", "門前・立直なし") if hand.is_closed
                                      else tr("open hand", "副露あり")))
            self.ura_label.setText(tr("Ura dora indicators", "裏ドラ表示牌"))
        for name, en, ja in (("han", "Han", "翻"), ("fu", "Fu", "符"), ("points", "Points", "点数")):
            self.field_labels[name].setText(tr(en, ja))
        self.han_edit.setPlaceholderText(tr("han", "翻"))
        self.fu_edit.setPlaceholderText(tr("fu", "符"))
        self.points_edit.setPlaceholderText(tr("e.g. 5200", "例 5200"))
        self.points_edit.setToolTip(tr("What the payers pay together, before honba and riichi sticks; a "
                                       "tsumo may be typed as its payments (non-dealers - dealer)",
                                       "本場・供託を除いた支払いの合計。ツモは支払い（子-親）でも可"))
        self.yakuman_button.setText(tr("Yakuman (Y)", "役満（Y）"))
        self.yakuman_button.setToolTip(tr("A yakuman needs no han or fu", "役満は翻・符の入力不要"))
        self.check_button.setText(tr("Check (Enter)", "答え合わせ（Enter）"))
        if self.answer_mode == "choices":
            self.hint.setText(tr(f"Click a value or press 1–{len(self.buttons)}",
                                 f"点数をクリック、または 1〜{len(self.buttons)}"))
        else:
            self.hint.setText(tr("Type han, fu and points (/ or Space: next field; Y: yakuman); "
                                 "the points alone are enough for full credit · Enter checks",
                                 "翻・符・点数を入力（/ か Space で次の欄、Y で役満）。点数が合えば満点 · "
                                 "Enter で答え合わせ"))
        for b in self.buttons:
            b.retranslate()
        self._retranslate_breakdown()

    def _fill(self, name: str, rows: list[tuple[str, str]], bold_last: bool = False) -> None:
        """Refill one column of the breakdown with (text, number) rows."""
        grid = self.tables[name]
        clear_layout(grid)
        for i, (text, number) in enumerate(rows):
            bold = bold_last and i == len(rows) - 1
            for col, value in enumerate((text, number)):
                label = QLabel(value)
                label.setObjectName(f"{name}_{i}_{col}")
                label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                if bold:
                    label.setFont(scaled_font(self, 1.0, True))
                if col:
                    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                grid.addWidget(label, i, col)

    def breakdown_rows(self, name: str) -> list[tuple[str, str]]:
        """The rows of a breakdown column ("yaku", "fu" or "pay") as shown."""
        grid = self.tables[name]
        rows: dict[int, list[str]] = {}
        for i in range(grid.count()):
            r, c, _, _ = grid.getItemPosition(i)
            widget = grid.itemAt(i).widget()
            if widget is not None:
                rows.setdefault(r, ["", ""])[c] = widget.text()
        return [tuple(rows[r]) for r in sorted(rows)]  # type: ignore[misc]

    def _retranslate_breakdown(self) -> None:
        r = self.result
        if r is None or self.problem is None:
            return
        fb = r.feedback
        lang = language()
        verdict = fb.details.get("verdict")
        if isinstance(verdict, dict) and lang in verdict and not r.timed_out:
            self.feedback.explanation.setText(verdict[lang])
        s = problem_score(self.problem, self.rules)
        self.value_label.setText(s.summary(lang) if s.wins else
                                 tr("No yaku: the hand cannot win (0 points)", "役なし: 和了れません（0点）"))
        self.column_titles["yaku"].setText(tr("Yaku", "役"))
        self.column_titles["fu"].setText(tr("Fu", "符"))
        self.column_titles["pay"].setText(tr("Payments", "支払い"))
        yaku = [(yaku_name(y.id, lang), _yaku_value(y)) for y in s.yaku]
        if s.wins and not s.yakuman:
            yaku.append((tr("total", "合計"), tr(f"{s.han} han", f"{s.han}翻")))
        self._fill("yaku", yaku or [(tr("none", "なし"), "")], bold_last=bool(s.wins and not s.yakuman))
        if s.yakuman:
            self._fill("fu", [(tr("not counted for a yakuman", "役満は符を数えません"), "")])
        else:
            raw = sum(part.fu for part in s.fu_parts)
            fu = [(part.label(lang).rsplit(" ", 1)[0], str(part.fu)) for part in s.fu_parts]
            fu.append((tr("total, rounded up", "合計（切り上げ）") if raw != s.fu else tr("total", "合計"),
                       f"{raw} → {s.fu}" if raw != s.fu else str(s.fu)))
            self._fill("fu", fu, bold_last=True)
        pay: list[tuple[str, str]] = []
        if s.wins:
            if s.limit:
                pay.append((tr("limit", "満貫以上"), LIMIT_NAMES[s.limit_code][lang == "ja"]))
            p = s.payments
            if "ron" in p:
                pay.append((tr("ron: the discarder pays", "ロン: 放銃者"), f"{p['ron']:,}"))
            elif s.dealer:
                pay.append((tr("each player pays", "子 各自"), f"{p['non_dealer']:,}"))
            else:
                pay.append((tr("the dealer pays", "親"), f"{p['dealer']:,}"))
                pay.append((tr("each non-dealer pays", "子 各自"), f"{p['non_dealer']:,}"))
            pay.append((tr("total", "合計"), f"{s.total:,}"))
            if s.received != s.total:
                pay.append((tr("received with honba and sticks", "積み棒・供託込み"), f"{s.received:,}"))
        else:
            pay.append((tr("nothing: no yaku", "なし（役なし）"), "0"))
        self._fill("pay", pay, bold_last=True)

    def set_theme(self, theme: str) -> None:
        super().set_theme(theme)
        self.win_tile.theme = theme
        self.ura_tiles.set_theme(theme)
        for b in self.buttons:
            b.set_theme(theme)
