"""The expected-value model a player chooses in Settings: it reaches the numbers the
table shows (checked against mjgui.ev run directly), the controls follow the model,
the choice is stored and read back validated, and the explanations name it."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from mjgui.ev import APP_OPTIONS, EvOptions, expected_values
from mjgui.ui.analysis_table import EXPECTED, WIN
from mjgui.ui.ev_setting import SHARES, SIMPLE_ONLY, EvSetting, explanation, read_ev_setting, write_ev_setting
from mjgui.ui.main_window import MainWindow
from test_ui_settings import open_dialog

# 1-shanten: shanten-back and tegawari change some discards' values in the simple model
HAND = "23m456p789s55p1s24s7z dora:1z turn:3"


def show(qtbot, w, text):
    w.text.setText(text)
    w.apply_text()
    wait_ev(qtbot, w)


def wait_ev(qtbot, w):
    qtbot.waitUntil(lambda: w.ev is not None and str(w.ev.hand) == str(w.editor.hand), timeout=20000)
    qtbot.wait(1)


def table_values(w) -> dict[str, tuple[str, str]]:
    model = w.table.model()
    return {w.table.row_for_view(r).tile.name: (model.index(r, WIN).data(), model.index(r, EXPECTED).data())
            for r in range(model.rowCount())}


def expected_cells(options: EvOptions) -> dict[str, tuple[str, str]]:
    result = expected_values(HAND, options=options)
    return {r.name: (f"{100 * r.win_prob:.1f}%", f"{r.exp_score:,.0f}") for r in result.rows}


def test_the_default_is_the_model_the_app_documents(qtbot, window):
    assert window.ev_setting == EvSetting() and window.worker.ev_options == APP_OPTIONS
    show(qtbot, window, HAND)
    assert window.ev.options == APP_OPTIONS
    assert table_values(window) == expected_cells(APP_OPTIONS)


def test_choosing_the_simple_model_in_the_dialog_changes_the_numbers(qtbot, window):
    show(qtbot, window, HAND)
    full = table_values(window)
    dialog = open_dialog(qtbot, window)
    assert not dialog.ev_switches["shanten_back"].isEnabled()         # the full model has no such option
    dialog.ev_model_combo.setCurrentIndex(dialog.ev_model_combo.findData("simple"))
    wait_ev(qtbot, window)
    simple = EvOptions()
    assert window.ev.options == simple and table_values(window) == expected_cells(simple)
    assert table_values(window) != full
    # the simple model's own switches open up, the full model's shares close
    assert all(dialog.ev_switches[name].isEnabled() for name in SIMPLE_ONLY)
    assert not any(dialog.ev_shares[name].isEnabled() for name in SHARES)
    dialog.ev_switches["shanten_back"].setChecked(True)
    wait_ev(qtbot, window)
    dialog.ev_switches["tegawari"].setChecked(True)
    wait_ev(qtbot, window)
    both = EvOptions(shanten_back=True, tegawari=True)
    assert window.ev.options == both and table_values(window) == expected_cells(both)
    assert expected_cells(both) != expected_cells(simple)       # the hand is one the options change
    assert "with shanten-back and tegawari" in dialog.model_label.text()
    assert "simple model with shanten-back and tegawari" in window.rank_box.toolTip()


def test_the_full_model_switches_and_shares_reach_the_search(qtbot, window):
    show(qtbot, window, HAND)
    dialog = open_dialog(qtbot, window)
    dialog.ev_model_combo.setCurrentIndex(dialog.ev_model_combo.findData("full"))
    wait_ev(qtbot, window)
    assert not dialog.ev_shares["call_share"].isEnabled() and dialog.ev_shares["ron_dama"].isEnabled()
    dialog.ev_shares["ron_dama"].setValue(0.2)
    wait_ev(qtbot, window)
    dialog.ev_switches["ura"].setChecked(False)
    wait_ev(qtbot, window)
    chosen = EvOptions(model="full", ron_dama=0.2, ura=False)
    assert window.ev.options == chosen and table_values(window) == expected_cells(chosen)
    assert "Calls: not searched." in dialog.model_label.text() and "share 0.2 " in dialog.model_label.text()
    # back to the defaults in one click, which then has nothing more to restore
    assert dialog.ev_defaults.isEnabled()
    dialog.ev_defaults.click()
    wait_ev(qtbot, window)
    assert window.ev.options == APP_OPTIONS and not dialog.ev_defaults.isEnabled()
    assert dialog.ev_model_combo.currentData() == "full_calls" and dialog.ev_switches["ura"].isChecked()
    assert dialog.ev_shares["ron_dama"].value() == APP_OPTIONS.ron_dama


def test_the_choice_is_kept_for_the_next_start(qtbot, window, tmp_path):
    setting = EvSetting(model="simple", tegawari=True, ippatsu=False)
    window.set_ev_setting(setting)
    window.store.sync()
    again = MainWindow(QSettings(window.store.fileName(), QSettings.Format.IniFormat), tmp_path / "h2.sqlite")
    qtbot.addWidget(again)
    assert again.ev_setting == setting
    assert again.worker.ev_options == EvOptions(tegawari=True, ippatsu=False)


def test_simple_switches_wait_while_the_full_model_runs(tmp_path):
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    write_ev_setting(store, EvSetting(model="full", shanten_back=True))
    setting = read_ev_setting(store)
    assert setting.shanten_back and not setting.options.shanten_back and setting.options.model == "full"
    assert EvSetting(model="simple", shanten_back=True).options.shanten_back


@pytest.mark.parametrize("key, value", [
    ("ev/model", "quantum"), ("ev/model", "FULL"), ("ev/ura", "maybe"), ("ev/ura", "1"),
    ("ev/ron_dama", "1.5"), ("ev/ron_dama", "-0.1"), ("ev/ron_dama", "nan"), ("ev/ron_dama", "inf"),
    ("ev/call_share", "half"), ("ev/ron_riichi", "0.5" * 3000), ("ev/tegawari", "true, false"),
])
def test_a_hand_edited_setting_gives_the_default(tmp_path, caplog, key, value):
    path = tmp_path / "s.ini"
    store = QSettings(str(path), QSettings.Format.IniFormat)
    store.setValue(key, value)
    store.sync()
    assert read_ev_setting(QSettings(str(path), QSettings.Format.IniFormat)) == EvSetting()
    assert key in caplog.text


def test_a_share_written_by_hand_is_read(tmp_path):
    path = tmp_path / "s.ini"
    path.write_text("[ev]\nmodel=full\nron_dama=1e-1\nron_riichi=0\ncall_share=1\n")
    setting = read_ev_setting(QSettings(str(path), QSettings.Format.IniFormat))
    assert (setting.model, setting.ron_dama, setting.ron_riichi, setting.call_share) == ("full", 0.1, 0.0, 1.0)


def test_the_explanation_follows_the_model(qtbot, window, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: shown.append(text))
    window.explain_ev()
    window.set_ev_setting(EvSetting(model="simple", shanten_back=True))
    window.explain_ev()
    window.set_ev_setting(EvSetting(model="full"))
    window.explain_ev()
    full_calls, simple, full = shown
    assert "pon any opponent's discard" in full_calls and "ron unless" in full_calls
    assert "tsumo only" in simple and "shanten-back" in simple and "tegawari" not in simple
    assert "ron unless" not in simple
    assert "no calls" in full and "pon any" not in full
    window.set_language("ja")
    assert "ツモのみ" in explanation(EvOptions()) and "向聴戻し" in explanation(EvOptions(shanten_back=True))
    window.set_language("en")


def test_the_dialog_keeps_its_rows_whole(qtbot, window):
    # the wrapped summary under the model's controls must not squeeze them (both languages)
    dialog = open_dialog(qtbot, window)
    for lang in ("en", "ja"):
        window.set_language(lang)
        qtbot.wait(1)
        dialog.resize(dialog.minimumSizeHint())
        qtbot.wait(1)
        for spin in dialog.ev_shares.values():
            assert spin.height() >= spin.sizeHint().height()
        label = dialog.model_label
        assert label.height() >= label.heightForWidth(label.width())
    window.set_language("en")
