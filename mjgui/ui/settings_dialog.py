"""The settings dialog (Ctrl+,): scoring rules, how discards are ranked, language,
theme and tile size.  Every change applies at once (the window stores it); Close
only closes.  The dialog computes nothing: it hands the choices to the window,
which passes the rules on to the analysis layer and the drills."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGroupBox,
                               QLabel, QVBoxLayout, QWidget)

from mjgui.ev import APP_OPTIONS
from mjgui.scoring import PRESETS
from mjgui.ui import i18n
from mjgui.ui.i18n import tr
from mjgui.ui.rules_setting import SWITCHES, is_custom, preset_name, switch_text
from mjgui.ui.theme import THEMES
from mjgui.words import ev_model_words

if TYPE_CHECKING:
    from mjgui.ui.main_window import MainWindow

RANKS = ("ukeire", "score", "win")       # the "Order by" choices, in the box's order
#: tile heights (hand, palette) in pixels per size choice
TILE_HEIGHTS = {"small": (44, 26), "medium": (52, 30), "large": (64, 36)}
TILE_SIZES = tuple(TILE_HEIGHTS)


def rank_name(rank: str) -> str:
    return {"ukeire": tr("ukeire", "受け入れ"), "score": tr("expected points", "期待値"),
            "win": tr("win chance", "和了率")}[rank]


class SettingsDialog(QDialog):
    def __init__(self, window: MainWindow, parent: QWidget | None = None):
        super().__init__(parent or window)
        self.window_ = window
        self.setModal(False)
        layout = QVBoxLayout(self)

        self.rules_box = QGroupBox(self)
        rules_form = QFormLayout(self.rules_box)
        self.preset_label = QLabel(self.rules_box)
        self.preset_combo = QComboBox(self.rules_box)
        for preset in PRESETS:
            self.preset_combo.addItem(preset, preset)
        self.custom_label = QLabel(self.rules_box)
        self.custom_label.setEnabled(False)          # greyed: a note, not a control
        rules_form.addRow(self.preset_label, self.preset_combo)
        rules_form.addRow("", self.custom_label)
        self.switches: dict[str, QCheckBox] = {}
        for name in SWITCHES:
            box = QCheckBox(self.rules_box)
            self.switches[name] = box
            rules_form.addRow("", box)
        layout.addWidget(self.rules_box)

        self.view_box = QGroupBox(self)
        form = QFormLayout(self.view_box)
        self.labels: dict[str, QLabel] = {}
        self.rank_combo = QComboBox(self.view_box)
        self.lang_combo = QComboBox(self.view_box)
        self.theme_combo = QComboBox(self.view_box)
        self.size_combo = QComboBox(self.view_box)
        for key, combo, values in (("rank", self.rank_combo, RANKS), ("language", self.lang_combo, i18n.LANGS),
                                   ("theme", self.theme_combo, THEMES), ("size", self.size_combo, TILE_SIZES)):
            for value in values:
                combo.addItem(value, value)
            self.labels[key] = QLabel(self.view_box)
            form.addRow(self.labels[key], combo)
        layout.addWidget(self.view_box)

        # the expected-value model's parameters, read-only (docs/ev.md)
        self.model_box = QGroupBox(self)
        self.model_label = QLabel(self.model_box)
        self.model_label.setWordWrap(True)
        QVBoxLayout(self.model_box).addWidget(self.model_label)
        layout.addWidget(self.model_box)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self.sync()
        self.preset_combo.currentIndexChanged.connect(self._preset_chosen)
        for box in self.switches.values():
            box.toggled.connect(self._switch_changed)
        self.rank_combo.currentIndexChanged.connect(lambda: self.window_.set_rank(self.rank_combo.currentData()))
        self.lang_combo.currentIndexChanged.connect(lambda: self.window_.set_language(self.lang_combo.currentData()))
        self.theme_combo.currentIndexChanged.connect(lambda: self.window_.set_theme(self.theme_combo.currentData()))
        self.size_combo.currentIndexChanged.connect(lambda: self.window_.set_tile_size(self.size_combo.currentData()))
        self.retranslate()

    # ---- following the window ------------------------------------------------------------
    def sync(self) -> None:
        """Show the window's current choices (they may change from the toolbar meanwhile)."""
        w = self.window_
        widgets = (self.preset_combo, self.rank_combo, self.lang_combo, self.theme_combo, self.size_combo,
                   *self.switches.values())
        for widget in widgets:
            widget.blockSignals(True)
        self.preset_combo.setCurrentIndex(self.preset_combo.findData(w.rules_preset))
        for name, box in self.switches.items():
            box.setChecked(getattr(w.rules, name))
        self.rank_combo.setCurrentIndex(self.rank_combo.findData(w.rank))
        self.lang_combo.setCurrentIndex(self.lang_combo.findData(i18n.language()))
        self.theme_combo.setCurrentIndex(self.theme_combo.findData(w.theme))
        self.size_combo.setCurrentIndex(self.size_combo.findData(w.tile_size))
        for widget in widgets:
            widget.blockSignals(False)
        self._show_custom()

    def _preset_chosen(self) -> None:
        preset = self.preset_combo.currentData()
        self.window_.set_rules(preset, PRESETS[preset])     # a preset brings its own switches
        self.sync()

    def _switch_changed(self) -> None:
        changes = {name: box.isChecked() for name, box in self.switches.items()}
        self.window_.set_rules(self.window_.rules_preset, replace(self.window_.rules, **changes))
        self._show_custom()

    def _show_custom(self) -> None:
        custom = is_custom(self.window_.rules_preset, self.window_.rules)
        self.custom_label.setText(tr("Switches differ from the preset", "プリセットから変更あり"))
        self.custom_label.setVisible(custom)

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Settings", "設定"))
        self.rules_box.setTitle(tr("Scoring rules", "ルール"))
        self.rules_box.setToolTip(tr("Used for the wait values, the complete-hand value, the expected "
                                     "points and the score drill (from its next problem)",
                                     "待ちの点数・和了形の点数・期待値・点数ドリル（次の問題から）に使います"))
        self.preset_label.setText(tr("Preset", "プリセット"))
        for i in range(self.preset_combo.count()):
            self.preset_combo.setItemText(i, preset_name(self.preset_combo.itemData(i)))
        for name, box in self.switches.items():
            text, tip = switch_text(name)
            box.setText(text)
            box.setToolTip(tip)
        self.view_box.setTitle(tr("Display", "表示"))
        for key, en, ja in (("rank", "Order discards by", "打牌の並び順"), ("language", "Language", "言語"),
                            ("theme", "Theme", "テーマ"), ("size", "Tile size", "牌の大きさ")):
            self.labels[key].setText(tr(en, ja))
        for i, rank in enumerate(RANKS):
            self.rank_combo.setItemText(i, rank_name(rank))
        for i, lang in enumerate(i18n.LANGS):
            self.lang_combo.setItemText(i, i18n.LANG_NAMES[lang])
        for i, (en, ja) in enumerate((("Light", "ライト"), ("Dark", "ダーク"))):
            self.theme_combo.setItemText(i, tr(en, ja))
        for i, (en, ja) in enumerate((("Small", "小"), ("Medium", "中"), ("Large", "大"))):
            self.size_combo.setItemText(i, tr(en, ja))
        self.model_box.setTitle(tr("Expected-value model", "期待値のモデル"))
        self.model_label.setText(model_text())
        self._show_custom()


def model_text() -> str:
    """The app's expected-value model and its parameters, in the current language: one
    sentence a line, each ending in a full stop."""
    o = APP_OPTIONS
    calls = (tr(f"Calls: a 1-shanten hand may pon any opponent's discard or chi the left player's to reach "
                f"tenpai with a yaku, a 2-shanten hand pon a value honour (then call once more); each "
                f"discard is a live tile with share {o.call_share:g}.",
                f"鳴き: 1向聴から役のある聴牌になるポン（全員の捨て牌）・チー（上家の捨て牌）、"
                f"2向聴から役牌のポンもする（各捨て牌が生き牌である割合 {o.call_share:g}）。")
             if o.calls else tr("Calls: not searched.", "鳴き: 計算しない。"))
    return "\n".join((
        tr(f"The analysis uses {ev_model_words(o)} (the command mjgui ev defaults to the simple model, "
           f"which the nanikiru drill grades with).",
           f"分析は{ev_model_words(o, 'ja')}を使います（mjgui ev コマンドの既定と何切る練習の評価は簡易モデル）。"),
        tr(f"Ron: each opponent discard is a live tile with share {o.ron_dama:g} ({o.ron_riichi:g} against riichi).",
           f"ロン: 他家の各捨て牌が生き牌である割合 {o.ron_dama:g}（立直に対しては {o.ron_riichi:g}）。"),
        calls))
