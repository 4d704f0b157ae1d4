"""The settings dialog and the window-wide actions: the rules chosen reach the values a
user sees (analysis table, wait inspector, complete hand, score drill), choices are
stored and read back validated, and language / theme / help work on every page."""
from __future__ import annotations

import re

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from mjgui.drills.problems import Problem
from mjgui.ui import i18n
from mjgui.ui.main_window import MainWindow
from ui_steps import settle, type_hand

KOKUSHI_13 = "19m19p19s1234567z"        # thirteen orphans waiting on all 13 kinds
# a dealer's yakuman pays 48,000 by ron; a double yakuman twice that
DEALER_YAKUMAN, DEALER_DOUBLE = "48,000", "96,000"


def value_column(w) -> str:
    model = w.table.model()
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    return model.index(0, titles.index("Value")).data()


def open_dialog(qtbot, w):
    w.activateWindow()               # a window shortcut needs the window active
    qtbot.waitUntil(w.isActiveWindow, timeout=2000)
    qtbot.keyClick(w, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = w.settings_dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_majsoul_makes_the_13_sided_kokushi_a_double_yakuman(qtbot, window):
    type_hand(qtbot, window, KOKUSHI_13)
    assert DEALER_YAKUMAN in window.waits.value_text(0)
    assert value_column(window) == DEALER_YAKUMAN
    dialog = open_dialog(qtbot, window)
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData("majsoul"))
    settle(qtbot, window)
    assert DEALER_DOUBLE in window.waits.value_text(0)
    assert value_column(window) == DEALER_DOUBLE
    assert dialog.switches["double_yakuman"].isChecked()
    # the switch alone turns it back, and the dialog says the rules are now custom
    dialog.switches["double_yakuman"].setChecked(False)
    settle(qtbot, window)
    assert value_column(window) == DEALER_YAKUMAN
    assert dialog.custom_label.isVisible()


def test_complete_hand_value_follows_the_kiriage_switch(qtbot, window):
    # non-dealer ron: 4 han 30 fu pays 7,700; with kiriage mangan it is a mangan, 8,000
    # riichi, tanyao, pinfu and one dora (2m): 4 han; pinfu ron: 30 fu
    type_hand(qtbot, window, "234m567m234p67s55s8s seat:S round:E win:8s riichi dora:1m")
    summary = window.summary.text()
    assert "7,700" in summary, summary
    dialog = open_dialog(qtbot, window)
    dialog.switches["kiriage"].setChecked(True)
    settle(qtbot, window)
    assert "8,000" in window.summary.text()


def test_rules_and_choices_are_stored_and_read_back(qtbot, tmp_path):
    path = str(tmp_path / "settings.ini")
    store = QSettings(path, QSettings.Format.IniFormat)
    w = MainWindow(store, tmp_path / "history.sqlite")
    qtbot.addWidget(w)
    w.show()
    dialog = open_dialog(qtbot, w)
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData("majsoul"))
    dialog.switches["red_fives"].setChecked(False)
    dialog.rank_combo.setCurrentIndex(dialog.rank_combo.findData("win"))
    dialog.size_combo.setCurrentIndex(dialog.size_combo.findData("large"))
    assert w.rank_box.currentIndex() == 2              # the Order-by box follows the dialog
    assert w.hand_view.tile_height() > 56
    w.close()
    store.sync()
    again = MainWindow(QSettings(path, QSettings.Format.IniFormat), tmp_path / "history.sqlite")
    qtbot.addWidget(again)
    assert again.rules_preset == "majsoul"
    assert again.rules.double_yakuman and not again.rules.red_fives
    assert again.rank == "win" and again.tile_size == "large"
    again.worker.wait()


def test_hand_edited_rule_values_fall_back_to_the_preset(qtbot, tmp_path):
    path = tmp_path / "settings.ini"
    path.write_text("[rules]\npreset=nonsense\nkiriage=maybe\nred_fives=false\n"
                    "[General]\ntile_size=huge\n")
    w = MainWindow(QSettings(str(path), QSettings.Format.IniFormat), tmp_path / "history.sqlite")
    qtbot.addWidget(w)
    assert w.rules_preset == "tenhou"
    assert w.rules.kiriage is False and w.rules.red_fives is False
    assert w.tile_size == "medium"


def right_choice(page) -> int:
    return next(b.choice.total for b in page.view.buttons if b.choice.right)


def test_score_drill_values_under_the_chosen_rules(qtbot, window):
    # a dealer's ron on a 13-sided kokushi: 48,000 under tenhou, 96,000 as a double yakuman
    problem = Problem.from_json({"id": "k13", "kind": "score",
                                 "hand": "19m19p19s12345677z win:7z seat:E round:E"})
    window.set_mode("score")
    page = window.pages["score"]
    page.start_set([problem, problem], "kokushi")
    assert right_choice(page) == 48000
    dialog = open_dialog(qtbot, window)
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData("majsoul"))
    # the problem on screen keeps its rules; the next one is valued under the new ones
    page.view.answered.emit("48000")
    assert page.session.result.correct
    page.next_problem()
    assert right_choice(page) == 96000
    page.view.answered.emit("96000")
    assert page.session.result.correct


def test_language_theme_and_help_work_on_every_page(qtbot, window):
    window.set_mode("nanikiru")
    page = window.pages["nanikiru"]
    page.setFocus()
    qtbot.keyClick(page, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    assert i18n.language() == "ja"
    qtbot.keyClick(page, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    assert i18n.language() == "en"
    assert window.act_lang.isVisible() and window.act_theme.isVisible() and window.act_help.isVisible()
    qtbot.keyClick(page, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert window.theme == "dark"
    # the theme button names the theme shown, after every switch; its tooltip the other
    assert window.act_theme.text() == "Theme: Dark" and "light one" in window.act_theme.toolTip()
    qtbot.keyClick(page, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert window.theme == "light" and window.act_theme.text() == "Theme: Light"
    assert "dark one" in window.act_theme.toolTip()
    qtbot.keyClick(page, Qt.Key.Key_F1)
    assert window.help.isVisible()
    assert QApplication.focusWidget() is window.help
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not window.help.isVisible()
    qtbot.keyClick(page, Qt.Key.Key_Question)
    assert window.help.isVisible()
    qtbot.keyClick(window.help, Qt.Key.Key_Question)
    assert not window.help.isVisible()


def test_help_card_takes_the_new_theme_at_once(qtbot, window):
    def card_color():
        window.help.show()
        window.help.resize(600, 500)
        image = window.help.label.grab().toImage()
        return image.pixelColor(4, image.height() // 2).lightness()
    light = card_color()
    window.toggle_theme()
    dark = card_color()
    assert light > 200 and dark < 60
    window.toggle_theme()
    assert card_color() > 200


def test_the_dialog_shows_the_expected_value_model(qtbot, window):
    # read-only: the app's ron and call shares (docs/ev.md), in both languages
    from mjgui.ev import APP_OPTIONS
    dialog = open_dialog(qtbot, window)
    text = dialog.model_label.text()
    assert APP_OPTIONS.calls and f"share {APP_OPTIONS.call_share:g}" in text and "chi the left player's" in text
    assert f"share {APP_OPTIONS.ron_dama:g} ({APP_OPTIONS.ron_riichi:g} against riichi)" in text
    window.set_language("ja")
    assert "チー（上家の捨て牌）" in dialog.model_label.text()
    window.set_language("en")


def test_the_model_text_is_one_sentence_a_line(qtbot, window):
    """Each line of the model box is a sentence of its own (capital, full stop), the first
    naming the model the app runs: APP_OPTIONS, not the command's simple default."""
    from mjgui.ev import APP_OPTIONS
    dialog = open_dialog(qtbot, window)
    for lang, stop in (("en", "."), ("ja", "。")):
        window.set_language(lang)
        lines = dialog.model_label.text().split("\n")
        assert len(lines) == 3
        for line in lines:
            assert line.endswith(stop)
            assert not re.search(r"[.。]\s*[A-Za-z]|。", line[:-1])      # no second sentence
            assert line[0].isupper() or lang == "ja"
    window.set_language("en")
    first = dialog.model_label.text().split("\n")[0]
    assert APP_OPTIONS.model == "full" and APP_OPTIONS.calls
    assert "uses the full model with calls" in first and "defaults to the simple model" in first


def test_the_order_by_tip_names_the_model_the_app_runs(window):
    from mjgui.ev import APP_OPTIONS
    assert (APP_OPTIONS.model, APP_OPTIONS.calls) == ("full", True)
    tip = window.rank_box.toolTip()
    assert "full model with calls" in tip and "simple" not in tip
    window.set_language("ja")
    assert "完全モデル（鳴きあり）" in window.rank_box.toolTip() and "簡易" not in window.rank_box.toolTip()
    window.set_language("en")
