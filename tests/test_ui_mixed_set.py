"""An imported problem set with several drill kinds: every kind reaches its drill."""
from __future__ import annotations

from PySide6.QtCore import Qt

from mjgui.drills.problems import save_set, starter_set


def test_every_kind_of_an_imported_set_is_kept(qtbot, window, tmp_path):
    starter = starter_set()
    by_kind = {k: [p for p in starter.problems if p.drill == k][:3] for k in ("nanikiru", "wait", "call")}
    mixed = [p for trio in zip(*by_kind.values()) for p in trio]      # interleaved kinds
    path = tmp_path / "mixed.json"
    save_set(path, mixed, "Mixed set")
    window.set_mode("stats")
    assert window.pages["stats"].import_set(path) is not None
    # the first kind runs at once with all of its problems
    assert window.mode == "nanikiru"
    session = window.pages["nanikiru"].session
    assert [p.id for p in session.problems] == [p.id for p in by_kind["nanikiru"]]
    # the others wait in their drills, said on the page and in the status bar
    message = window.statusBar().currentMessage()
    assert "3 in Waits" in message and "3 in Calls" in message
    for kind, mode in (("wait", "wait"), ("call", "call")):
        page = window.pages[mode]
        assert page.queued == 3 and "3 " + kind in page.notice_text()
        window.set_mode(mode)
        page.setFocus()
        qtbot.keyClick(page, Qt.Key.Key_Return)
        assert [p.id for p in page.session.problems] == [p.id for p in by_kind[kind]]
        assert page.queued == 0


def _notice_background(page):
    image = page.notice.grab().toImage()
    return image.pixelColor(4, image.height() // 2).name()


def test_the_source_box_names_the_set_and_its_notice_is_news(qtbot, window, tmp_path):
    """While an imported set runs (or waits in another drill) the Source box names it, not
    "Generated"; Restart runs the set again; the "ready" notice is information, not ⚠."""
    from mjgui.ui.theme import COLORS
    starter = starter_set()
    mixed = [p for k in ("nanikiru", "wait") for p in starter.problems if p.drill == k][:2] + \
        [p for p in starter.problems if p.drill == "wait"][:2]
    path = tmp_path / "mixed.json"
    save_set(path, mixed, "Mixed set")
    window.set_mode("stats")
    assert window.pages["stats"].import_set(path) is not None
    running, waiting = window.pages["nanikiru"], window.pages["wait"]
    for page in (running, waiting):
        assert page.source_combo.currentData() == "set"
        assert page.source_combo.currentText() == "Set: “Mixed set”"
        assert not page.shanten_combo.isEnabled() and not page.topic_combo.isEnabled()
        assert page.settings()["source"] == "generated"        # a set is not saved as a setting
    # the waiting set's notice: information (icon and colours), not a warning
    window.set_mode("wait")
    assert waiting.notice.isVisible() and waiting.notice.property("level") == "info"
    assert waiting.notice_icon.text() == "ℹ"
    assert _notice_background(waiting) == COLORS["light"]["info_bg"]
    assert waiting.start_button.text() == "Start set"
    # Restart in the running drill runs the same set again
    first = [p.id for p in running.session.problems]
    window.set_mode("nanikiru")
    assert running.start(seed=3) and [p.id for p in running.session.problems] == first
    assert running.source_combo.currentData() == "set"
    # another source: Restart runs that, and the box no longer names the set
    running.source_combo.setCurrentIndex(running.source_combo.findData("generated"))
    assert running.start(seed=3) and running.session.generated
    assert running.source_combo.findData("set") == -1 and running.source_combo.currentData() == "generated"
    # a problem is still a warning
    waiting.show_notice("Cannot start: broken")
    assert waiting.notice.property("level") == "warning" and waiting.notice_icon.text() == "⚠"
    assert _notice_background(waiting) == COLORS["light"]["notice_bg"]
    window.set_language("ja")
    assert waiting.source_combo.currentText() == "セット: 「Mixed set」"
    window.set_language("en")
