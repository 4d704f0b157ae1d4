"""The call (鳴き) view: pass, pon or which chi of a discarded tile, then the answer."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from mjgui.drills.problems import Call, Problem
from mjgui.drills.grading import CallChoice, call_choices, call_hand_after
from mjgui.drills.session import Result
from mjgui.hand import MeldKind
from mjgui.tiles import Tile
from mjgui.ui.drill_common import (
    AnswerButton,
    DrillView,
    TileRow,
    focusless,
    muted,
    scaled_font,
    tile_name,
)
from mjgui.ui.hand_view import HandView
from mjgui.ui.i18n import language, tr
from mjgui.ui.layout_items import clear_layout
from mjgui.ui.tile_button import TileButton
from mjgui.words import MELD_NAMES, SEAT_NAMES, shanten_word

# ---- calls ------------------------------------------------------------------------------------

def meld_tiles(call: Call, discarded: Tile, seat: str) -> list[tuple[Tile, bool]]:
    """The tiles of a call as they would lie on the table: the called tile sideways at the
    side of the player who discarded it."""
    if call.kind == "pass":
        return []
    kinds = (discarded.kind, discarded.kind) if call.kind == "pon" else call.uses
    row = [(Tile(k), False) for k in kinds]
    position = {"L": 0, "A": 1, "R": len(row)}[seat if call.kind == "pon" else "L"]
    row.insert(position, (discarded, True))
    return row


class ChoiceButton(AnswerButton):
    """One answer of a call drill: its key, its name and the meld it would make; after the
    answer a ring says right / wrong and a caption what the call does."""

    def __init__(self, choice: CallChoice, discarded: Tile, seat: str, key: int,
                 theme: str = "light", parent: QWidget | None = None, tile_height: int = 44):
        super().__init__(theme, parent)
        self.choice = choice
        self.call = choice.call
        self.key = key
        self.setObjectName(f"choice_{str(choice.call).replace(':', '_')}")
        layout = self.keyed_row(key, 14)
        layout.addWidget(self.key_label, 0, Qt.AlignmentFlag.AlignVCenter)
        text = QVBoxLayout()
        text.setSpacing(2)
        self.name_label = QLabel()
        self.name_label.setFont(scaled_font(self, 1.2, True))
        self.caption = muted(QLabel())
        self.caption.hide()
        text.addWidget(self.name_label)
        text.addWidget(self.caption)
        layout.addLayout(text)
        self.tiles = TileRow(meld_tiles(choice.call, discarded, seat), tile_height, theme, parent=self)
        layout.addWidget(self.tiles, 0, Qt.AlignmentFlag.AlignVCenter)
        self.tiles.setVisible(choice.call.kind != "pass")
        for w in (self.key_label, self.name_label, self.caption):
            w.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.retranslate()

    def retranslate(self) -> None:
        call = self.call
        if call.kind == "pass":
            name = tr("Pass", "スルー")
        else:
            name = tr(*MELD_NAMES[MeldKind(call.kind)])
        self.name_label.setText(name)
        c = self.choice
        if c.call.kind == "pass":
            effect = tr(f"stay closed, {shanten_word(c.shanten, 'en')}",
                        f"門前のまま{shanten_word(c.shanten, 'ja')}")
        elif not c.advances:
            effect = tr(f"no progress ({shanten_word(c.shanten, 'en')})",
                        f"前進なし（{shanten_word(c.shanten, 'ja')}）")
        else:
            yaku = c.yaku.describe(language()) if c.yaku is not None else ""
            effect = tr(f"→ {shanten_word(c.shanten, 'en')}", f"→ {shanten_word(c.shanten, 'ja')}")
            if yaku:
                effect += (" · " + yaku)
        self.caption.setText(effect)
        self.setToolTip(tr(f"{name} (key {self.key})", f"{name}（キー {self.key}）"))

    def set_state(self, state: str | None, revealed: bool = True) -> None:
        """After the answer: `state` 'right' / 'wrong' (the pick), 'other-right' (a right
        answer not picked) or None; `revealed` shows what the call does."""
        self.state = state
        self.caption.setVisible(revealed)
        self.update()

    def set_theme(self, theme: str) -> None:
        super().set_theme(theme)
        self.tiles.set_theme(theme)

    def sizeHint(self) -> QSize:
        return self.layout().sizeHint().expandedTo(QSize(110, 56))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()


class CallView(DrillView):
    """Calls: the hand, the tile another player discarded, Pass / Pon / Chi buttons."""

    drill = "call"
    DISCARD_HEIGHT, AFTER_HEIGHT, CHOICE_HEIGHT = 60, 48, 44    # tile heights at scale 1

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, tile_height=56)
        focusless(self.hand_view)
        self.choices: list[ChoiceButton] = []
        self.discard_tile = TileButton("back", self.DISCARD_HEIGHT, "light", self)
        self.discard_tile.setObjectName("discarded")
        focusless(self.discard_tile)
        self.discard_tile.setCursor(Qt.CursorShape.ArrowCursor)
        self.discard_tile.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.discard_label = QLabel()
        self.discard_label.setObjectName("discardLabel")
        self.discard_label.setFont(scaled_font(self, 1.35, True))
        self.choice_row = QHBoxLayout()
        self.choice_row.setSpacing(10)

        layout = self._problem_column(spacing=10)
        discard = QFrame()
        discard.setObjectName("discardBox")
        row = QHBoxLayout(discard)
        row.setContentsMargins(12, 6, 12, 6)
        row.setSpacing(16)
        row.addWidget(self.discard_tile)
        row.addWidget(self.discard_label)
        discard_row = QHBoxLayout()
        discard_row.addWidget(discard)
        discard_row.addStretch(1)
        layout.addLayout(discard_row)
        layout.addLayout(self.choice_row)
        layout.addWidget(self._build_after())
        layout.addWidget(self.hint)
        layout.addWidget(self.feedback)
        layout.addStretch(1)

    def _build_after(self) -> QFrame:
        """The second step of a call: the hand after it, to pick the discard from."""
        self.pending: ChoiceButton | None = None         # the call chosen, its discard not yet
        self.after_box = QFrame()
        self.after_box.setObjectName("discardBox")
        box = QVBoxLayout(self.after_box)
        box.setContentsMargins(12, 8, 12, 8)
        head = QHBoxLayout()
        self.after_label = QLabel()
        self.after_label.setFont(scaled_font(self, 1.15, True))
        self.back_button = QToolButton()
        self.back_button.clicked.connect(self.cancel_call)
        head.addWidget(self.after_label)
        head.addStretch(1)
        head.addWidget(self.back_button)
        box.addLayout(head)
        self.after_view = HandView(self.after_box, tile_height=self.AFTER_HEIGHT)
        focusless(self.after_view)
        self.after_view.discardRequested.connect(self._discard_chosen)
        box.addWidget(self.after_view)
        self.after_box.hide()
        return self.after_box

    def _scale_extras(self) -> None:
        self.discard_tile.tile_height = self.scaled(self.DISCARD_HEIGHT)
        self.after_view.set_tile_height(self.scaled(self.AFTER_HEIGHT))
        for button in self.choices:
            button.tiles.set_tile_height(self.scaled(self.CHOICE_HEIGHT))

    def show_problem(self, problem: Problem) -> None:
        self.pending = None
        self.after_box.hide()
        clear_layout(self.choice_row)          # the old buttons and the stretch after them
        self.choices = []
        tile = problem.discarded_tile
        assert tile is not None and problem.from_seat is not None
        self.discard_tile.tile = tile
        _, options = call_choices(problem)
        ordered = [c for c in options if c.call.kind == "pass"] + \
                  [c for c in options if c.call.kind != "pass"]
        for i, choice in enumerate(ordered):
            button = ChoiceButton(choice, tile, problem.from_seat, i + 1, self._theme, self,
                                  self.scaled(self.CHOICE_HEIGHT))
            button.clicked.connect(lambda _=False, b=button: self._chosen(b))
            self.choices.append(button)
            self.choice_row.addWidget(button)
            button.show()                      # now, so that it can take the focus
        self.choice_row.addStretch(1)
        super().show_problem(problem)

    def focus_target(self) -> QWidget:
        return self.choices[0] if self.choices else self

    def _chosen(self, button: ChoiceButton) -> None:
        """Pass answers at once; a pon or chi asks for the discard after it."""
        if self.locked:
            return
        if button.call.kind == "pass":
            self.answered.emit("pass")
            return
        assert self.problem is not None
        self.pending = button
        for b in self.choices:
            b.set_state("chosen" if b is button else None, revealed=False)
        self.after_view.set_hand(call_hand_after(self.problem, button.call), drawn_apart=False)
        for part in ("dora", "visible", "discards"):       # shown once, above
            strip = self.after_view.strip(part)
            if strip is not None:
                strip.hide()
        self.after_view.select_index(None)
        self.after_box.show()
        self._retranslate_after()

    def _discard_chosen(self, tile: Tile) -> None:
        if self.locked or self.pending is None:
            return
        self.answered.emit(f"{self.pending.call} {tile.plain_name}")

    def cancel_call(self) -> None:
        """Back to the choice of call (Esc)."""
        if self.locked:
            return
        self.pending = None
        self.after_box.hide()
        for b in self.choices:
            b.set_state(None, revealed=False)

    def choose(self, index: int) -> bool:
        if self.locked or not 0 <= index < len(self.choices):
            return False
        self._chosen(self.choices[index])
        return True

    def show_result(self, result: Result, last: bool = False) -> None:
        super().show_result(result, last)
        right = set(result.feedback.best)
        pick = result.feedback.pick.split()[0] if result.feedback.pick else ""
        # the right discards of the picked call (or of the right call), ringed in the hand
        details = result.feedback.details
        discards = next((c.get("discards") or [] for c in details.get("choices", [])
                         if c.get("call") == pick and c.get("right")), [])
        if self.pending is not None and discards:
            self.after_view.set_highlight({Tile.from_name(n).kind for n in discards})
        for b in self.choices:
            picked = str(b.call) == pick
            if picked:          # the ring judges the call; the discard has its own line
                b.set_state("right" if pick in right else "wrong")
            else:
                b.set_state("other-right" if str(b.call) in right else None)
        self.hint.hide()

    def answer_key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if self.pending is not None:             # choosing the discard after the call
            view = self.after_view
            if key == Qt.Key.Key_Escape:
                self.cancel_call()
            elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
                (view.select_previous if key == Qt.Key.Key_Left else view.select_next)()
            elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
                view.discard_selected()
            elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
                tiles = view.concealed_tiles()
                if key - Qt.Key.Key_1 < len(tiles):
                    self._discard_chosen(tiles[key - Qt.Key.Key_1])
            else:
                return False
            return True
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            return self.choose(key - Qt.Key.Key_1)
        kinds = [b.call.kind for b in self.choices]
        letter = {Qt.Key.Key_P: "pon", Qt.Key.Key_C: "chi", Qt.Key.Key_S: "pass",
                  Qt.Key.Key_0: "pass"}.get(key)
        if letter is not None and kinds.count(letter) == 1:
            return self.choose(kinds.index(letter))
        return False

    def retranslate(self) -> None:
        super().retranslate()
        p = self.problem
        self.prompt.setText(tr("Call or pass?", "鳴きますか？"))
        if p is not None and p.from_seat is not None and p.discarded_tile is not None:
            en, ja = SEAT_NAMES[p.from_seat]
            name = tile_name(p.discarded_tile)
            self.discard_label.setText(tr(f"{en} discards {name}", f"{ja}が{name}を捨てた"))
        kinds = [b.call.kind for b in self.choices]
        keys = tr(f"Keys: 1–{len(kinds)} by position · S pass", f"キー: 1〜{len(kinds)} · S スルー")
        if kinds.count("pon") == 1:
            keys += tr(" · P pon", " · P ポン")
        if kinds.count("chi") == 1:
            keys += tr(" · C chi", " · C チー")
        self.hint.setText(keys)
        for b in self.choices:
            b.retranslate()
        self._retranslate_after()

    def _retranslate_after(self) -> None:
        b = self.pending
        if b is None or self.problem is None:
            return
        name = tile_name(self.problem.discarded_tile)
        call = tr(*MELD_NAMES[MeldKind(b.call.kind)])
        self.after_label.setText(tr(f"{call} {name} — now which tile do you discard?",
                                    f"{name}を{call} — 何を切りますか？"))
        self.back_button.setText(tr("← Another call (Esc)", "← 鳴きを選び直す（Esc）"))
        if not self.locked:
            self.hint.setText(tr("Click a tile, or ←/→ and Enter, or 1–9 by position",
                                 "牌をクリック、または ←/→ と Enter、1〜9 で位置"))

    def set_theme(self, theme: str) -> None:
        super().set_theme(theme)
        self.after_view.set_theme(theme)
        self.discard_tile.theme = theme
        for b in self.choices:
            b.set_theme(theme)
