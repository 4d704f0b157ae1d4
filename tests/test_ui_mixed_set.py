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
