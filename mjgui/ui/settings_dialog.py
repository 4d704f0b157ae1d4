"""The settings dialog (Ctrl+,): scoring rules, how discards are ranked, language,
theme and tile size on the left; the expected-value model and its switches and
shares on the right.  Every change applies at once (the window stores it); Close
only closes.  The dialog computes nothing: it hands the choices to the window,
which passes the rules and the model on to the analysis layer and the drills."""
from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout,
                               QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget)

from mjgui.ev import EvOptions
from mjgui.scoring import PRESETS, Rules
from mjgui.ui import i18n
from mjgui.ui.ev_setting import MODELS, SHARES, SIMPLE_ONLY, EvSetting, model_name, model_tip, share_text
from mjgui.ui.ev_setting import SWITCHES as EV_SWITCHES, switch_text as ev_switch_text
from mjgui.ui.analysis_table import RANKS
from mjgui.ui.i18n import tr
from mjgui.ui.panel_fit import TILE_SIZES
from mjgui.ui.rules_setting import SWITCHES, is_custom, preset_name, switch_text
from mjgui.ui.theme import THEMES
from mjgui.words import ev_model_words

SUMMARY_WIDTH = 360     # the expected-value model's summary: three sentences in a readable column


def rank_name(rank: str) -> str:
    return {"ukeire": tr("ukeire", "受け入れ"), "score": tr("expected points", "期待値"),
            "win": tr("win chance", "和了率")}[rank]


class SettingsHost(Protocol):
    """What the dialog shows and changes: the main window's settings (mjgui.ui.main_window)."""
    rules_preset: str
    rules: Rules
    ev_setting: EvSetting
    rank: str
    theme: str
    tile_size: str

    def set_rules(self, preset: str, rules: Rules) -> None: ...
    def set_ev_setting(self, setting: EvSetting) -> None: ...
    def set_rank(self, rank: str) -> None: ...
    def set_language(self, lang: str) -> None: ...
    def set_theme(self, theme: str) -> None: ...
    def set_tile_size(self, size: str) -> None: ...


class SettingsDialog(QDialog):
    def __init__(self, window: SettingsHost, parent: QWidget | None = None):
        super().__init__(parent or window)
        self.window_ = window
        self.setModal(False)
        outer = QVBoxLayout(self)
        columns = QHBoxLayout()
        outer.addLayout(columns)
        layout = QVBoxLayout()              # the left column: rules and display
        columns.addLayout(layout)

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

        layout.addStretch(1)
        columns.addWidget(self._build_ev_box(), 1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)

        self.sync()
        self.preset_combo.currentIndexChanged.connect(self._preset_chosen)
        for box in self.switches.values():
            box.toggled.connect(self._switch_changed)
        self.rank_combo.currentIndexChanged.connect(lambda: self.window_.set_rank(self.rank_combo.currentData()))
        self.lang_combo.currentIndexChanged.connect(lambda: self.window_.set_language(self.lang_combo.currentData()))
        self.theme_combo.currentIndexChanged.connect(lambda: self.window_.set_theme(self.theme_combo.currentData()))
        self.size_combo.currentIndexChanged.connect(lambda: self.window_.set_tile_size(self.size_combo.currentData()))
        self.ev_model_combo.currentIndexChanged.connect(self._ev_changed)
        for box in self.ev_switches.values():
            box.toggled.connect(self._ev_changed)
        for spin in self.ev_shares.values():
            spin.valueChanged.connect(self._ev_changed)
        self.ev_defaults.clicked.connect(lambda: self.window_.set_ev_setting(EvSetting()))
        self.retranslate()

    def _build_ev_box(self) -> QGroupBox:
        """The expected-value model (docs/ev.md): which one, its switches and shares, and a
        summary of what the analysis runs."""
        self.model_box = QGroupBox(self)
        box_layout = QVBoxLayout(self.model_box)
        form = QFormLayout()
        box_layout.addLayout(form)
        self.ev_model_label = QLabel(self.model_box)
        self.ev_model_combo = QComboBox(self.model_box)
        for model in MODELS:
            self.ev_model_combo.addItem(model, model)
        form.addRow(self.ev_model_label, self.ev_model_combo)
        self.ev_switches: dict[str, QCheckBox] = {}
        for name in EV_SWITCHES:
            self.ev_switches[name] = box = QCheckBox(self.model_box)
            form.addRow("", box)
        self.ev_shares: dict[str, QDoubleSpinBox] = {}
        self.ev_share_labels: dict[str, QLabel] = {}
        for name in SHARES:
            spin = QDoubleSpinBox(self.model_box)
            spin.setRange(0.0, 1.0)
            spin.setSingleStep(0.05)
            spin.setDecimals(2)
            spin.setKeyboardTracking(False)     # a typed share applies once typed, not per digit
            self.ev_shares[name], self.ev_share_labels[name] = spin, QLabel(self.model_box)
            form.addRow(self.ev_share_labels[name], spin)
        self.ev_defaults = QPushButton(self.model_box)
        form.addRow("", self.ev_defaults)
        self.model_label = QLabel(self.model_box)
        self.model_label.setWordWrap(True)
        self.model_label.setFixedWidth(SUMMARY_WIDTH)
        box_layout.addWidget(self.model_label)
        box_layout.addStretch(1)
        return self.model_box

    # ---- following the window ------------------------------------------------------------
    def sync(self) -> None:
        """Show the window's current choices (they may change from the toolbar meanwhile)."""
        w = self.window_
        widgets = (self.preset_combo, self.rank_combo, self.lang_combo, self.theme_combo, self.size_combo,
                   *self.switches.values(), self.ev_model_combo, *self.ev_switches.values(),
                   *self.ev_shares.values())
        for widget in widgets:
            widget.blockSignals(True)
        self.preset_combo.setCurrentIndex(self.preset_combo.findData(w.rules_preset))
        for name, box in self.switches.items():
            box.setChecked(getattr(w.rules, name))
        self.rank_combo.setCurrentIndex(self.rank_combo.findData(w.rank))
        self.lang_combo.setCurrentIndex(self.lang_combo.findData(i18n.language()))
        self.theme_combo.setCurrentIndex(self.theme_combo.findData(w.theme))
        self.size_combo.setCurrentIndex(self.size_combo.findData(w.tile_size))
        ev = w.ev_setting
        self.ev_model_combo.setCurrentIndex(self.ev_model_combo.findData(ev.model))
        for name, box in self.ev_switches.items():
            box.setChecked(getattr(ev, name))
        for name, spin in self.ev_shares.items():
            spin.setValue(getattr(ev, name))
        for widget in widgets:
            widget.blockSignals(False)
        self._show_custom()
        self._show_ev()

    def _preset_chosen(self) -> None:
        preset = self.preset_combo.currentData()
        self.window_.set_rules(preset, PRESETS[preset])     # a preset brings its own switches
        self.sync()

    def _switch_changed(self) -> None:
        changes = {name: box.isChecked() for name, box in self.switches.items()}
        self.window_.set_rules(self.window_.rules_preset, replace(self.window_.rules, **changes))
        self._show_custom()

    def _ev_changed(self) -> None:
        setting = EvSetting(model=self.ev_model_combo.currentData(),
                            **{name: box.isChecked() for name, box in self.ev_switches.items()},
                            **{name: round(spin.value(), 2) for name, spin in self.ev_shares.items()})
        self.window_.set_ev_setting(setting)
        self._show_ev()

    def _show_ev(self) -> None:
        """Which controls apply to the model chosen, and the summary of what runs."""
        ev = self.window_.ev_setting
        for name in SIMPLE_ONLY:
            self.ev_switches[name].setEnabled(ev.model == "simple")
        for name, spin in self.ev_shares.items():
            used = ev.model == "full_calls" if name == "call_share" else ev.model != "simple"
            spin.setEnabled(used)
            self.ev_share_labels[name].setEnabled(used)
        self.ev_defaults.setEnabled(not ev.is_default)
        self.model_label.setText(model_text(ev.options))
        # a fixed width, so its height is known: the layout then keeps the rows above it
        # whole (a window opens at most 2/3 of the screen high, which squeezed them)
        self.model_label.setMinimumHeight(self.model_label.heightForWidth(SUMMARY_WIDTH))

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
        self.ev_model_label.setText(tr("Model", "モデル"))
        for i, model in enumerate(MODELS):
            self.ev_model_combo.setItemText(i, model_name(model))
            self.ev_model_combo.setItemData(i, model_tip(model), Qt.ItemDataRole.ToolTipRole)
        self.ev_model_combo.setToolTip(tr("What the Win %, Tenpai % and Exp. pts columns model (docs/ev.md)",
                                          "和了率・聴牌率・期待値の列のモデル（docs/ev.md）"))
        for name, box in self.ev_switches.items():
            text, tip = ev_switch_text(name)
            box.setText(text)
            box.setToolTip(tip)
        for name, spin in self.ev_shares.items():
            text, tip = share_text(name)
            self.ev_share_labels[name].setText(text)
            spin.setToolTip(tip)
            self.ev_share_labels[name].setToolTip(tip)
        self.ev_defaults.setText(tr("Restore the defaults", "既定に戻す"))
        self._show_custom()
        self._show_ev()


def model_text(o: EvOptions) -> str:
    """What the analysis's expected values model (options `o`), in the current language:
    one sentence a line, each ending in a full stop."""
    if o.model == "simple":
        ron = tr("Wins: tsumo only (no opponents); a closed hand declares riichi at tenpai.",
                 "和了: ツモのみ（他家なし）。門前は聴牌即立直。")
        calls = tr("Calls: not in this model.", "鳴き: このモデルにはない。")
    else:
        ron = tr(f"Ron: each opponent discard is a live tile with share {o.ron_dama:g} "
                 f"({o.ron_riichi:g} against riichi).",
                 f"ロン: 他家の各捨て牌が生き牌である割合 {o.ron_dama:g}（立直に対しては {o.ron_riichi:g}）。")
        calls = (tr(f"Calls: a 1-shanten hand may pon any opponent's discard or chi the left player's to reach "
                    f"tenpai with a yaku, a 2-shanten hand pon a value honour (then call once more); each "
                    f"discard is a live tile with share {o.call_share:g}.",
                    f"鳴き: 1向聴から役のある聴牌になるポン（全員の捨て牌）・チー（上家の捨て牌）、"
                    f"2向聴から役牌のポンもする（各捨て牌が生き牌である割合 {o.call_share:g}）。")
                 if o.calls else tr("Calls: not searched.", "鳴き: 計算しない。"))
    return "\n".join((
        tr(f"The analysis uses {ev_model_words(o)} (the command mjgui ev defaults to the simple model, "
           f"which the nanikiru drill grades with; the game review rates with the full model with calls).",
           f"分析は{ev_model_words(o, 'ja')}を使います（mjgui ev コマンドの既定と何切る練習の評価は簡易モデル、"
           f"牌譜検討は鳴きありの完全モデル）。"),
        ron, calls))
