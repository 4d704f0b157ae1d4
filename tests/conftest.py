import os

# Qt without a display (CI, headless machines); a real session may override it.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

try:        # tests never touch the user's real settings or drill history
    from PySide6.QtCore import QStandardPaths
    QStandardPaths.setTestModeEnabled(True)
except ImportError:
    pass


import pytest


@pytest.fixture(autouse=True)
def english():
    """Every test starts and ends in English (the UI language is process-wide)."""
    from mjgui.ui import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def store(tmp_path):
    """A drill history of the test's own (mjgui.drills.history, SQLite in its folder)."""
    from mjgui.drills.history import HistoryStore
    with HistoryStore.open(tmp_path / "history.db") as s:
        yield s


@pytest.fixture
def window(qtbot, tmp_path):
    """The main window with its own settings file and history, shown offscreen."""
    from PySide6.QtCore import QSettings
    from mjgui.ui.main_window import MainWindow
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(store, tmp_path / "history.sqlite")
    qtbot.addWidget(w)
    w.show()
    yield w
    w.worker.wait()
