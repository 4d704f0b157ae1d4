"""Wait inspector (待ち表示): draws the `WaitReport` of a tenpai 13-tile hand.

For each wait (待ち) the winning tile with its remaining copies and shape label,
then every way the hand completes on it (`WinningForm`): the melds (面子) and the
pair (雀頭) in framed boxes, the block the winning tile joins outlined in the
accent colour and the winning tile itself underlined.  Karaten (空聴) and furiten
(振聴) warnings sit on top as coloured banners.

Under each wait's title, what it is worth (`Analysis.wait_values`): han, fu
and points by ron and by tsumo, dama and, for a closed hand, riichi, with the yaku;
a wait that cannot win for lack of a yaku says so in plain words.

At a table with a threat, a winning tile the hand also holds (a shanpon, a tanki) that would
deal in if thrown later gets a banner: folding means throwing it (mjgui.defence.advice).

The widget computes no mahjong: everything it shows is given to it, worked out by the
analysis worker (the report, the values) and, for the open melds and red fives, the `Hand`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPen
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QScrollArea, QSizePolicy,
                               QToolTip, QVBoxLayout, QWidget)

from mjgui.hand import Hand, MeldKind
from mjgui.scoring import Score, WaitValue
from mjgui.tiles import KIND_NAMES, YAOCHU_KINDS, Tile, format_tiles
from mjgui.ui.i18n import language, tr
from mjgui.ui.theme import COLORS, check_theme, device_ratio
from mjgui.ui.tile_art import tile_pixmap, tile_width
from mjgui.waits import WaitInfo, WaitReport, WinningForm
from mjgui.words import MELD_NAMES, shanten_word

if TYPE_CHECKING:       # the defence model loads with the first hand that has opponents
    from mjgui.defence.advice import DiscardDanger

__all__ = ["WaitInspector"]

WAIT_TILE_HEIGHT = 48        # the winning tile of each section
FORM_TILE_HEIGHT = 32        # tiles of the winning forms


def _names(kinds) -> str:
    """mpsz text of some kinds ('23m'), for tooltips."""
    return format_tiles([Tile(k) for k in kinds], sort=False)


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


# --- one winning form -------------------------------------------------------------------

@dataclass
class _Group:
    """One box of tiles in a drawn form."""
    tiles: list[str]                     # tile file names ('5m', '0m')
    role: str                            # 'meld' | 'pair' | 'open' | 'kokushi'
    tip: str = ""
    highlight: bool = False              # the block the winning tile joins
    win_index: int | None = None         # which tile is the winning tile
    caption: str = ""                    # small text under the box (open melds)
    rect: QRectF = field(default_factory=QRectF)


class _FormView(QWidget):
    """One WinningForm as boxes of tiles (custom painted, crisp at any DPR)."""

    PAD = 3          # inside a box
    GAP = 1          # between tiles in a box
    SPACING = 7      # between boxes
    SEPARATOR = 14   # before the open melds
    MARK = 3         # height of the winning tile's underline
    ROW_GAP = 6      # between wrapped lines of boxes

    def __init__(self, groups: list[_Group], theme: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.groups = groups
        self._theme = theme
        self._caption_font = QFont(self.font())
        self._caption_font.setPointSizeF(max(self.font().pointSizeF() * 0.8, 7.0))
        fm = QFontMetrics(self._caption_font)
        has_caption = any(g.caption for g in self.groups)
        self._caption_h = fm.height() + 2 if has_caption else 0
        h = FORM_TILE_HEIGHT
        w = tile_width(h)
        self._box_h = 2 * self.PAD + h + self.MARK + 2
        self._widths = []
        for g in self.groups:
            n = len(g.tiles)
            box_w = 2 * self.PAD + n * w + (n - 1) * self.GAP
            if g.caption:
                box_w = max(box_w, fm.horizontalAdvance(g.caption) + 4)
            self._widths.append(box_w)
        one_line = self._arrange(1 << 20, place=False)
        self._size = QSize(int(one_line[0]), int(one_line[1]))
        self._min = QSize(int(max(self._widths) + 4), int(one_line[1]))
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._arrange(self._size.width())
        self.setMouseTracking(True)

    def _arrange(self, width: float, place: bool = True) -> tuple[float, float]:
        """Lay the boxes out left to right, wrapping at `width`; returns the
        (width, height) used.  With place=True the boxes' rects are set."""
        line_h = self._box_h + self._caption_h + 2
        x, y, used = 1.0, 1.0, 0.0
        previous_open = False
        for i, (g, box_w) in enumerate(zip(self.groups, self._widths)):
            if g.role == "open" and not previous_open and i:
                x += self.SEPARATOR - self.SPACING
            previous_open = g.role == "open"
            if x > 1.0 and x + box_w + 1 > width:
                x, y = 1.0, y + line_h + self.ROW_GAP
            if place:
                g.rect = QRectF(x, y, box_w, self._box_h)
            used = max(used, x + box_w + 1)
            x += box_w + self.SPACING
        return used, y + line_h

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return int(self._arrange(width, place=False)[1])

    def resizeEvent(self, event) -> None:
        self._arrange(self.width())
        super().resizeEvent(event)

    def sizeHint(self) -> QSize:
        return self._size

    def minimumSizeHint(self) -> QSize:
        return self._min

    def event(self, ev) -> bool:
        if ev.type() == ev.Type.ToolTip:
            help_event: QHelpEvent = ev
            for g in self.groups:
                if g.rect.adjusted(-3, -3, 3, 3 + self._caption_h).contains(
                        QPointF(help_event.pos())):
                    QToolTip.showText(help_event.globalPos(), g.tip, self)
                    return True
            QToolTip.hideText()
            ev.ignore()
            return True
        return super().event(ev)

    def paintEvent(self, _event) -> None:
        c = COLORS[self._theme]
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        dpr = device_ratio(p, self)
        h = FORM_TILE_HEIGHT
        w = tile_width(h)
        for g in self.groups:
            r = g.rect
            if g.highlight:
                p.setPen(QPen(QColor(c["accent"]), 2))
                p.setBrush(QColor(c["accent_fill"]))
                p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 5, 5)
            elif g.role == "open":
                pen = QPen(QColor(c["open_frame"]), 1, Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), 5, 5)
            else:
                frame, fill = (("pair_frame", "pair_fill") if g.role == "pair"
                               else ("meld_frame", "meld_fill"))
                p.setPen(QPen(QColor(c[frame]), 1))
                p.setBrush(QColor(c[fill]))
                p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), 5, 5)
            n = len(g.tiles)
            tiles_w = n * w + (n - 1) * self.GAP
            x = r.x() + (r.width() - tiles_w) / 2
            y = r.y() + self.PAD
            p.setOpacity(0.55 if g.role == "open" else 1.0)   # open melds: greyed
            for i, name in enumerate(g.tiles):
                p.drawPixmap(QPointF(x, y), tile_pixmap(name, h, self._theme, dpr))
                if i == g.win_index:
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(QColor(c["accent"]))
                    p.drawRoundedRect(QRectF(x + 2, y + h + 2, w - 4, self.MARK), 1.5, 1.5)
                x += w + self.GAP
            p.setOpacity(1.0)
            if g.caption:
                p.setFont(self._caption_font)
                p.setPen(QColor(c["muted"]))
                p.drawText(QRectF(r.x() - 4, r.bottom() + 1, r.width() + 8, self._caption_h),
                           Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, g.caption)
        p.end()


def _meld_tip(kinds: list[int], is_run: bool) -> str:
    names = _names(kinds)
    return tr(f"{'Run' if is_run else 'Triplet'} {names}",
              f"{'順子' if is_run else '刻子'} {names}")


def _form_groups(form: WinningForm, win: int, hand: Hand | None) -> list[_Group]:
    """The boxes of one winning form (concealed part), winning tile marked."""
    lang = language()
    shape = form.label(lang)
    win_name = KIND_NAMES[win]
    groups: list[tuple[list[int], str, str]] = []      # (kinds, role, tip)
    target: list[int] | None = None                    # kinds of the highlighted box
    if form.form == "kokushi":
        groups.append((list(YAOCHU_KINDS), "kokushi",
                       tr("The thirteen terminal and honour kinds", "么九牌13種")))
        if form.pair is not None:
            groups.append(([form.pair], "pair",
                           tr(f"The 14th tile: pairs with {KIND_NAMES[form.pair]}",
                              f"14枚目: {KIND_NAMES[form.pair]}の対子")))
        target = [win] if form.waiting_block else list(YAOCHU_KINDS)
    elif form.form == "chiitoi":
        for k in form.pairs:
            groups.append(([k, k], "pair", tr(f"Pair {_names([k, k])}", f"対子 {_names([k, k])}")))
        target = [win, win]
    else:
        blocks: list[tuple[list[int], str, str]] = []
        if form.pair is not None:
            pk = [form.pair, form.pair]
            blocks.append((pk, "pair", tr(f"Pair {_names(pk)}", f"雀頭 {_names(pk)}")))
        for kind, is_run in form.melds:
            kinds = [kind, kind + 1, kind + 2] if is_run else [kind] * 3
            blocks.append((kinds, "meld", _meld_tip(kinds, is_run)))
        blocks.sort(key=lambda b: (b[0][0], b[1] == "meld", b[0]))
        groups = blocks
        target = sorted(list(form.waiting_block) + [win])

    if form.waiting_block:
        joins = tr(f"{win_name} joins {_names(form.waiting_block)}: {shape}",
                   f"{win_name}が{_names(form.waiting_block)}に付いて和了（{shape}）")
    else:
        joins = tr(f"{win_name} completes the hand: {shape}", f"{win_name}で和了（{shape}）")

    out: list[_Group] = []
    marked = False
    for kinds, role, tip in groups:
        g = _Group([KIND_NAMES[k] for k in kinds], role, tip)
        if not marked and target is not None and sorted(kinds) == sorted(target) \
                and win in kinds:
            g.highlight = True
            g.win_index = len(kinds) - 1 - kinds[::-1].index(win)
            g.tip = f"{tip}\n{joins}"
            marked = True
        out.append(g)

    # red fives the hand holds: drawn on held tiles (never on the winning tile)
    if hand is not None:
        reds = [t.kind for t in hand.concealed if t.red]
        for kind in reds:
            for g in out:
                spot = next((i for i, name in enumerate(g.tiles)
                             if name == KIND_NAMES[kind] and i != g.win_index), None)
                if spot is not None:
                    g.tiles[spot] = Tile(kind, True).name
                    break
    return out


# "open chi" / "open kan" / "added kan": chi and pon say that they are open
_OPEN_CAPTIONS = {kind: (("open " if kind in (MeldKind.CHI, MeldKind.PON) else "") + en.lower(), ja)
                  for kind, (en, ja) in MELD_NAMES.items()}


def _open_groups(hand: Hand | None) -> list[_Group]:
    out = []
    for meld in (hand.melds if hand is not None else ()):
        en, ja = _OPEN_CAPTIONS[meld.kind]
        tip = tr(f"{en.capitalize()} {format_tiles(meld.tiles)}: already melded, "
                 "not part of the wait",
                 f"{ja} {format_tiles(meld.tiles)}: 副露済み（待ちには関係しません）")
        out.append(_Group([t.name for t in meld.tiles], "open", tip, caption=tr(en, ja)))
    return out


# --- the winning tile of a section -------------------------------------------------------

class _WaitTile(QWidget):
    """The winning tile (48 px) with its remaining-copies badge below."""

    BADGE_GAP = 5

    def __init__(self, wait: WaitInfo, theme: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.wait = wait
        self._theme = theme
        self.text = tr(f"{wait.remaining} left", f"残り{wait.remaining}枚")
        self._font = QFont(self.font())
        self._font.setBold(True)
        self._font.setPointSizeF(max(self.font().pointSizeF() * 0.85, 7.0))
        fm = QFontMetrics(self._font)
        self._badge = QSize(fm.horizontalAdvance(self.text) + 12, fm.height() + 4)
        w = max(tile_width(WAIT_TILE_HEIGHT), self._badge.width())
        self._size = QSize(w + 2, WAIT_TILE_HEIGHT + self.BADGE_GAP + self._badge.height() + 2)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        name = wait.name
        if wait.remaining:
            self.setToolTip(tr(
                f"Copies of {name} not in your hand or visible: {wait.remaining}",
                f"{name}の残り枚数（手牌・見えている牌を除く）: {wait.remaining}枚"))
        else:
            self.setToolTip(tr(
                f"Copies of {name} not in your hand or visible: 0 — every copy is used",
                f"{name}の残り枚数（手牌・見えている牌を除く）: 0枚 — すべて使われています"))

    def sizeHint(self) -> QSize:
        return self._size

    def minimumSizeHint(self) -> QSize:
        return self._size

    def paintEvent(self, _event) -> None:
        c = COLORS[self._theme]
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        dpr = device_ratio(p, self)
        tw = tile_width(WAIT_TILE_HEIGHT)
        empty = self.wait.remaining == 0
        x = (self.width() - tw) / 2
        p.drawPixmap(QPointF(x, 1), tile_pixmap(self.wait.name, WAIT_TILE_HEIGHT, self._theme,
                                                dpr, dimmed=empty))
        bw, bh = self._badge.width(), self._badge.height()
        badge = QRectF((self.width() - bw) / 2, 1 + WAIT_TILE_HEIGHT + self.BADGE_GAP, bw, bh)
        prefix = "empty" if empty else "badge"
        p.setPen(QPen(QColor(c[f"{prefix}_border"]), 1))
        p.setBrush(QColor(c[f"{prefix}_bg"]))
        p.drawRoundedRect(badge.adjusted(0.5, 0.5, -0.5, -0.5), bh / 2, bh / 2)
        p.setFont(self._font)
        p.setPen(QColor(c["empty_text" if empty else "badge_text"]))
        p.drawText(badge, Qt.AlignmentFlag.AlignCenter, self.text)
        p.end()


# --- the widget ----------------------------------------------------------------------------

def _stylesheet(c: dict[str, str]) -> str:
    return f"""
        QWidget#wiContent {{ background: {c['inspector_bg']}; }}
        QLabel {{ color: {c['text']}; background: transparent; }}
        QLabel[muted="true"] {{ color: {c['muted']}; }}
        QLabel#wiHeader {{ color: {c['text']}; }}
        QLabel#wiNoYaku {{ color: {c['error_text']}; background: {c['error_bg']};
                           border: 1px solid {c['error_border']}; border-radius: 4px; padding: 4px 8px; }}
        QLabel#wiPlaceholder {{ color: {c['muted']}; padding: 2px 12px; }}
        QFrame#wiCard {{ background: {c['card']}; border: 1px solid {c['card_border']};
                         border-radius: 8px; }}
        QLabel#wiTag {{ background: {c['tag_bg']}; color: {c['tag_text']};
                        border: 1px solid {c['tag_border']}; border-radius: 8px;
                        padding: 0px 7px; }}
        QFrame#wiRule {{ background: {c['card_border']}; border: none; }}
        QFrame[banner="karaten"] {{ background: {c['error_bg']};
            border: 1px solid {c['error_border']}; border-radius: 6px; }}
        QFrame[banner="karaten"] QLabel {{ color: {c['error_text']}; }}
        QFrame[banner="furiten"] {{ background: {c['notice_bg']};
            border: 1px solid {c['notice_border']}; border-radius: 6px; }}
        QFrame[banner="furiten"] QLabel {{ color: {c['notice_text']}; }}
        QFrame[banner="info"] {{ background: {c['info_bg']};
            border: 1px solid {c['info_border']}; border-radius: 6px; }}
        QFrame[banner="info"] QLabel {{ color: {c['info_text']}; }}
        QFrame[banner="danger"] {{ background: {c['notice_bg']};
            border: 1px solid {c['notice_border']}; border-radius: 6px; }}
        QFrame[banner="danger"] QLabel {{ color: {c['notice_text']}; }}
        QFrame[banner="danger"] QLabel#wiIcon {{ color: {c['notice_border']}; }}
        QFrame[banner="karaten"] QLabel#wiIcon {{ color: {c['error_border']}; }}
        QFrame[banner="furiten"] QLabel#wiIcon {{ color: {c['notice_border']}; }}
        QFrame[banner="info"] QLabel#wiIcon {{ color: {c['info_border']}; }}
    """


class WaitInspector(QWidget):
    """The waits of a tenpai hand: header, warnings, one section per winning tile.

    `set_report(report, hand)` shows a `WaitReport` (None or a hand that is not
    tenpai shows a short explanation instead); `set_theme` / `retranslate`
    redraw it.  `wait_kinds()`, `form_count(kind)` and `warnings()` say what is
    shown (for tests and the main window)."""

    def __init__(self, parent: QWidget | None = None, theme: str = "light"):
        super().__init__(parent)
        check_theme(theme)
        self._theme = theme
        self._report: WaitReport | None = None
        self._hand: Hand | None = None
        self._values: dict[int, WaitValue] = {}
        self._value_texts: dict[int, str] = {}
        self._kinds: list[int] = []
        self._forms: dict[int, int] = {}
        self._warnings: list[str] = []
        self._placeholder = ""
        self._discard: tuple[Tile, int] | None = None     # see set_report
        self._dangers: tuple[DiscardDanger, ...] = ()       # see set_report
        self._shown: tuple | None = None          # what set_report last drew (see there)
        self._placeholder_label: QLabel | None = None
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._scroll)
        # one style sheet on the inspector, parsed once per theme, not once per hand
        self.setStyleSheet(_stylesheet(COLORS[theme]))
        self._rebuild()

    # --- public API ----------------------------------------------------------------------
    def set_report(self, report: WaitReport | None, hand: Hand | None = None,
                   values: Sequence[WaitValue] | None = None,
                   discard: tuple[Tile, int] | None = None,
                   dangers: Sequence[DiscardDanger] = ()) -> None:
        """Show `report` (from the analysis: `Analysis.wait_report`); `hand` adds its open
        melds and red fives to the drawings and, with no report, says why; `values`
        (`Analysis.wait_values`, worked out by the analysis worker) say what each wait is
        worth; with no report, `discard` (a discard of a 14-tile hand and the shanten
        it leaves, from the analysis) says why there are no waits to show; `dangers`
        (`mjgui.defence.advice.held_wait_dangers`) are the winning tiles held that are dangerous
        to throw later.  The inspector computes nothing itself."""
        # the same picture as before (the window asks again when a row is selected, most
        # hands are not tenpai): nothing to rebuild.  Without waits the hand only
        # matters through its size (the placeholder's wording).
        values = list(values or ())
        dangers = tuple(dangers)
        shown = (report, hand if report is not None and report.tenpai
                 else hand is not None and hand.size == 14, language(), values, discard, dangers)
        if shown == self._shown:
            self._hand = hand
            return
        self._shown = shown
        self._report = report
        self._hand = hand
        self._discard = discard
        self._dangers = dangers if report is not None and report.tenpai else ()
        self._values = {v.kind: v for v in values} if report is not None and report.tenpai else {}
        self._rebuild(keep_scroll=False)

    def report(self) -> WaitReport | None:
        return self._report

    def dangers(self) -> tuple:
        """The winning tiles dangerous to hold given with the report shown."""
        return self._dangers

    def hand(self) -> Hand | None:
        """The hand of the report shown (or the one given with none)."""
        return self._hand

    def set_theme(self, theme: str) -> None:
        check_theme(theme)
        self._theme = theme
        self.setStyleSheet(_stylesheet(COLORS[theme]))
        self._rebuild()

    def theme(self) -> str:
        return self._theme

    def retranslate(self) -> None:
        self._shown = None
        self._rebuild()

    def wait_kinds(self) -> list[int]:
        """Kinds of the waits shown, in display order (empty with the placeholder)."""
        return list(self._kinds)

    def form_count(self, kind: int) -> int:
        """How many winning forms are drawn for the wait `kind` (0 if not shown)."""
        return self._forms.get(kind, 0)

    def value_text(self, kind: int) -> str:
        """The value line shown under the wait `kind` ('' when none)."""
        return self._value_texts.get(kind, "")

    def value(self, kind: int) -> WaitValue | None:
        return self._values.get(kind)

    def warnings(self) -> list[str]:
        """The warning texts shown in banners (karaten, furiten, fifth tile, a winning tile
        dangerous to hold)."""
        return list(self._warnings)

    def placeholder_text(self) -> str:
        """The explanation shown instead of waits ('' when waits are shown)."""
        return self._placeholder

    def header_text(self) -> str:
        return self._header.text() if self._header is not None else ""

    # --- building ----------------------------------------------------------------------
    def _rebuild(self, keep_scroll: bool = True) -> None:
        bar = self._scroll.verticalScrollBar()
        pos = bar.value() if keep_scroll else 0
        report = self._report
        if (self._placeholder_label is not None and not self._warnings
                and (report is None or not report.tenpai) and not self._reasons(report)):
            # placeholder to placeholder (the common case: a hand that is not tenpai):
            # a new wording in the same label instead of a new page of widgets
            self._placeholder = self._placeholder_text(report)
            self._placeholder_label.setText(self._placeholder)
            return
        self._kinds, self._forms, self._warnings = [], {}, []
        self._value_texts = {}
        self._placeholder = ""
        self._placeholder_label = None
        self._header: QLabel | None = None

        content = QWidget()
        content.setObjectName("wiContent")
        content.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        box = QVBoxLayout(content)
        box.setContentsMargins(12, 12, 12, 12)
        box.setSpacing(10)

        if report is None or not report.tenpai:
            self._build_placeholder(box, report)
        else:
            self._build_waits(box, report)
        # a lone placeholder line never gets a scroll bar: it is centred with little margin,
        # so it shows whole in the panels' smallest height (their title line, MIN_PANELS)
        lone = self._placeholder_label is not None and box.count() == 1
        if lone:
            box.setContentsMargins(12, 2, 12, 2)
            box.insertStretch(0, 1)
        box.addStretch(1)
        self._scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff if lone
                                                else Qt.ScrollBarPolicy.ScrollBarAsNeeded)

        old = self._scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        self._scroll.setWidget(content)
        if pos:
            # the new content's scroll range exists once it is laid out
            QTimer.singleShot(0, bar, lambda: bar.setValue(pos))

    @staticmethod
    def _reasons(report: WaitReport | None) -> list[str]:
        return report.reasons(language()) if report is not None else []

    def _build_placeholder(self, box: QVBoxLayout, report: WaitReport | None) -> None:
        text = self._placeholder = self._placeholder_text(report)
        label = self._placeholder_label = QLabel(text)
        label.setObjectName("wiPlaceholder")
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(label)
        for reason in self._reasons(report):
            box.addWidget(self._banner(reason, "info"))

    def _placeholder_text(self, report: WaitReport | None) -> str:
        hand = self._hand
        if report is None and hand is not None and hand.size == 14 and self._discard is not None:
            tile, n = self._discard
            text = tr(f"Discarding {tile.name} leaves the hand {shanten_word(n)}: the waits show "
                      "for a discard that leaves it tenpai",
                      f"{tile.name}を切ると{shanten_word(n, 'ja')}です。聴牌になる打牌を選ぶと待ちを表示します")
        elif report is None and hand is not None and hand.size == 14:
            text = tr("Discard a tile to see the waits", "打牌すると待ちが表示されます")
        else:
            text = tr("The wait inspector shows a tenpai 13-tile hand's waits.",
                      "待ち表示は聴牌の13枚の手で使えます。")
            if report is not None:
                n = report.shanten
                if n >= 2 and report.fifth_tile:
                    # waits.py reports 2 meaning "at least 2" for these contrived hands
                    text += tr(f" This hand is at least {shanten_word(n)}.",
                               f"この手は{shanten_word(n, 'ja')}以上です。")
                else:
                    text += tr(f" This hand is {shanten_word(n)}.", f"この手は{shanten_word(n, 'ja')}です。")
        return text

    def _build_waits(self, box: QVBoxLayout, report: WaitReport) -> None:
        n, total = len(report.waits), report.total_remaining
        header = QLabel(tr(
            f"Waits: {total} {_plural(total, 'tile', 'tiles')} "
            f"({n} {_plural(n, 'kind', 'kinds')})",
            f"待ち: {n}種{total}枚"))
        header.setObjectName("wiHeader")
        font = QFont(header.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        header.setFont(font)
        header.setToolTip(tr(
            f"{n} winning tile {_plural(n, 'kind', 'kinds')}; {total} copies of them are "
            "not in your hand or visible",
            f"和了牌{n}種、手牌・見えている牌を除いた残りは合計{total}枚"))
        self._header = header
        box.addWidget(header)

        lang = language()
        kinds = ["karaten"] * report.karaten + ["furiten"] * report.furiten
        kinds += ["info"] * bool(report.fifth_tile)
        for level, reason in zip(kinds, report.reasons(lang)):
            box.addWidget(self._banner(reason, level))
        if self._hand is not None and self._dangers:
            from mjgui.defence.reason_words import hold_warning
            for danger in self._dangers:
                box.addWidget(self._banner(hold_warning(self._hand, danger, lang), "danger"))

        probe = QLabel()
        label_w = max(probe.fontMetrics().horizontalAdvance(f.label(lang))
                      for w in report.waits for f in w.forms)
        for wait in report.waits:
            box.addWidget(self._section(wait, report, label_w))
            self._kinds.append(wait.kind)

    def _banner(self, reason: str, level: str) -> QFrame:
        self._warnings.append(reason)
        frame = QFrame()
        frame.setProperty("banner", level)
        lay = QHBoxLayout(frame)
        lay.setContentsMargins(10, 8, 12, 8)
        lay.setSpacing(10)
        icon = QLabel("\u2139" if level == "info" else "\u26a0")
        icon.setObjectName("wiIcon")
        font = QFont(icon.font())
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        icon.setFont(font)
        lay.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        head, sep, rest = reason.partition(": ")
        if sep and len(head) < 24:
            head = head[:1].upper() + head[1:]
            html = f"<b>{escape(head)}</b>: {escape(rest)}"
        else:
            html = escape(reason)
        label = QLabel(html)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setWordWrap(True)
        label.setToolTip(reason)
        lay.addWidget(label, 1)
        return frame

    def _value_label(self, value: WaitValue) -> QLabel:
        """"Dama: ron 2,000 · tsumo 700-1,300 | Riichi: ron 3,900 · ..." and the yaku."""
        lang = language()

        def points(s: Score | None) -> str:
            if s is None or not s.wins:
                return tr("no yaku", "役なし")
            return s.points(lang)

        if not value.wins:
            text = tr("No yaku: this wait cannot win (an open hand needs a yaku such as yakuhai, "
                      "tanyao or toitoi)", "役なし: この待ちでは和了れません（副露した手には役牌・断幺九・対々和などの役が必要）")
            label = QLabel(f"<b>{escape(text)}</b>")
            label.setObjectName("wiNoYaku")
        else:
            parts = [tr("Dama", "ダマ") + ": " + points(value.ron) + " · " + points(value.tsumo)]
            if value.riichi_ron is not None:
                parts.append(tr("Riichi", "立直") + ": " + points(value.riichi_ron) + " · "
                             + points(value.riichi_tsumo))
            best = value.best_ron() or value.tsumo
            detail = best.summary(lang).split(",")[0] + ": " + " · ".join(
                y.label(lang) for y in best.yaku)
            text = "  |  ".join(parts)
            label = QLabel(f"{escape(text)}<br><span style='font-size:small'>{escape(detail)}</span>")
            label.setToolTip(tr("Points the winner receives (before honba and riichi sticks). "
                                "The second line is the ron reading",
                                "和了者の得点（積み棒・供託は除く）。二行目はロン和了の内訳") + "\n"
                             + best.fu_text(lang))
            text += "\n" + detail
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setWordWrap(True)
        self._value_texts[value.kind] = text
        return label

    def _section(self, wait: WaitInfo, report: WaitReport, label_w: int) -> QFrame:
        lang = language()
        card = QFrame()
        card.setObjectName("wiCard")
        row = QHBoxLayout(card)
        row.setContentsMargins(12, 10, 12, 10)
        row.setSpacing(14)
        row.addWidget(_WaitTile(wait, self._theme), 0, Qt.AlignmentFlag.AlignTop)

        col = QVBoxLayout()
        col.setSpacing(6)
        title = QHBoxLayout()
        title.setSpacing(8)
        shape = QLabel(wait.label(lang))
        font = QFont(shape.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        shape.setFont(font)
        shape.setToolTip(tr(f"The wait shapes on {wait.name}", f"{wait.name}の待ちの形"))
        title.addWidget(shape)
        n = len(wait.forms)
        ways = QLabel(tr(f"· {n} {_plural(n, 'way', 'ways')} to win",
                         f"· 和了の形{n}通り"))
        ways.setProperty("muted", True)
        ways.setToolTip(tr(f"Each row below is one way the hand completes on {wait.name}",
                           f"下の各行が{wait.name}で和了する形のひとつです"))
        title.addWidget(ways)
        if wait.kind in report.furiten_kinds:
            tag = QLabel(tr("furiten", "振聴"))
            tag.setObjectName("wiTag")
            tag.setToolTip(tr(f"You discarded {wait.name}: no ron on this hand",
                              f"{wait.name}を捨てているのでロン和了できません"))
            title.addWidget(tag)
        title.addStretch(1)
        col.addLayout(title)

        value = self._values.get(wait.kind)
        if value is not None:
            col.addWidget(self._value_label(value))

        rule = QFrame()
        rule.setObjectName("wiRule")
        rule.setFixedHeight(1)
        col.addWidget(rule)

        open_groups = _open_groups(self._hand)
        rows = []
        for form in wait.forms:
            name = QLabel(form.label(lang))
            name.setProperty("muted", True)
            groups = _form_groups(form, wait.kind, self._hand) + [
                _Group(list(g.tiles), g.role, g.tip, caption=g.caption) for g in open_groups]
            view = _FormView(groups, self._theme)
            hl = next((g for g in groups if g.highlight), None)
            name.setToolTip(hl.tip.split("\n")[-1] if hl else form.label(lang))
            rows.append((name, view))
        for name, view in rows:
            line = QHBoxLayout()
            line.setSpacing(10)
            name.setFixedWidth(label_w + 6)
            line.addWidget(name, 0, Qt.AlignmentFlag.AlignTop)
            name.setContentsMargins(0, FORM_TILE_HEIGHT // 2 - name.fontMetrics().height() // 2
                                    + _FormView.PAD, 0, 0)
            line.addWidget(view, 1)
            col.addLayout(line)
        self._forms[wait.kind] = len(rows)
        row.addLayout(col, 1)
        return card
