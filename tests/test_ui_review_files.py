"""The Review page and odd files (issue 26): a FIFO neither hangs the page nor the worker
behind it (item 2), a dropped file whose name is not UTF-8 opens (item 11), and a folder
import says how many files it did not look at (item 12)."""
from __future__ import annotations

import gzip
import os
import sys
from urllib.parse import quote_from_bytes

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from logsim import simulate  # noqa: E402
from mjgui.logs import mjlog  # noqa: E402
from mjgui.ui import review_worker  # noqa: E402

TIMEOUT = 60000


def _game_bytes(seed: int = 5, rounds: int = 2) -> bytes:
    return gzip.compress(mjlog.dumps(simulate(seed, rounds=rounds)).encode())


def _drop(page, url: QUrl) -> None:
    mime = QMimeData()
    mime.setUrls([url])
    page.dropEvent(QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                              Qt.KeyboardModifier.NoModifier))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_and_the_next_log_opens(qtbot, window, tmp_path) -> None:
    window.set_mode("review")
    page = window.pages["review"]
    fifo = tmp_path / "f.mjlog"
    os.mkfifo(fifo)
    page.open_file(fifo)
    qtbot.waitUntil(lambda: "not a regular file" in page.summary.text(), timeout=10000)
    good = tmp_path / "game.mjlog"
    good.write_bytes(_game_bytes())
    _drop(page, QUrl.fromLocalFile(str(good)))
    qtbot.waitUntil(lambda: page.player_box.count() == 4, timeout=TIMEOUT)
    assert page.wait(10000)              # nothing is left running: the app can exit


@pytest.mark.skipif(os.name != "posix", reason="file names are bytes on POSIX only")
def test_a_dropped_file_with_a_non_utf8_name_opens(qtbot, window, tmp_path) -> None:
    window.set_mode("review")
    page = window.pages["review"]
    raw = os.fsencode(str(tmp_path)) + b"/\xff\xfegame.mjlog"
    try:
        with open(raw, "wb") as f:
            f.write(_game_bytes())
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    url = QUrl.fromEncoded(b"file://" + quote_from_bytes(raw).encode())
    assert "%FF%FE" in bytes(url.toEncoded()).decode()
    _drop(page, url)
    qtbot.waitUntil(lambda: page.player_box.count() == 4 or "No such file" in page.summary.text(),
                    timeout=TIMEOUT)
    assert page.player_box.count() == 4, page.summary.text()


def test_a_folder_import_says_how_many_files_it_left(qtbot, window, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(review_worker, "MAX_FOLDER_FILES", 2)
    folder = tmp_path / "logs"
    folder.mkdir()
    for i in range(3):
        (folder / f"g{i}.mjlog").write_bytes(_game_bytes(20 + i, rounds=1))
    (folder / "notes.md").write_text("no log")          # no candidate: not counted
    paths, left = review_worker.log_files(folder)
    assert [os.path.basename(p) for p in paths] == ["g0.mjlog", "g1.mjlog"] and left == 1
    window.set_mode("review")
    page = window.pages["review"]
    assert page.import_folder(folder, player="Bob")
    qtbot.waitUntil(lambda: not page.progress.isVisible(), timeout=TIMEOUT * 2)
    assert "2 games reviewed" in page.summary.text()
    assert "1 more log files in the folder were not looked at" in page.summary.text()


def test_the_review_help_reads_as_a_sentence(qtbot, window) -> None:
    """issue 26, item 9: the help read "... also what the Mahjong Soul converters write —, mjai"."""
    window.set_mode("review")
    page = window.pages["review"]
    text = page.summary.text()
    assert "—," not in text and ", mjai)" not in text
    for name in ("mjlog", "tenhou.net/6 JSON", "Mahjong Soul", "mjai"):
        assert name in text
