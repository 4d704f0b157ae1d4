"""Starting the app, and rendering it to a PNG (--screenshot)."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def _application():
    # the bundled Japanese font is registered when Japanese is first shown (mjgui.ui.fonts)
    from PySide6.QtWidgets import QApplication
    from mjgui.ui.heap import fix_mmap_threshold
    fix_mmap_threshold()          # before the window allocates: the heap stays unfragmented
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("mjgui")
    app.setOrganizationName("mjgui")
    # the title bar's, task bar's and dock's icon on every system; on Linux the desktop
    # entry's name lets a Wayland compositor match the window to it
    from mjgui import app_icon
    app.setWindowIcon(app_icon.qicon())
    app.setDesktopFileName(app_icon.NAME)
    return app


def _no_display() -> str | None:
    """Why a window cannot open here (Linux without X or Wayland), else None: Qt
    would abort with a platform-plugin error instead of a sentence."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return ("no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set). "
            "On a headless machine run it under Xvfb: xvfb-run -a mjgui "
            "(apt-get install xvfb libxcb-icccm4 libxcb-keysyms1), or render a picture "
            "with mjgui --screenshot out.png --hand 123m456p789s1122z")


def run(hand: str | None = None) -> int:
    """Open the trainer window (optionally with a hand) and run until closed."""
    problem = _no_display()
    if problem:
        print(f"mjgui: cannot start the app: {problem}", file=sys.stderr)
        return 1
    app = _application()
    from mjgui.ui.main_window import MainWindow
    window = MainWindow()
    if hand:
        window.text.setText(hand)
        window.apply_text()
    window.show()
    return app.exec()


def screenshot(path: str, hand: str | None = None, lang: str | None = None, theme: str | None = None,
               size: tuple[int, int] = (1280, 860)) -> Path:
    """Render the main window with `hand` analysed to a PNG; works without a display."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = _application()
    with tempfile.TemporaryDirectory(prefix="mjgui-screenshot-") as private:
        return _render(app, path, Path(private), hand, lang, theme, size)


def _render(app, path: str, private: Path, hand: str | None, lang: str | None, theme: str | None,
            size: tuple[int, int]) -> Path:
    from PySide6.QtCore import QSettings
    from mjgui.ui.main_window import MainWindow
    # throwaway settings and history in a private folder: a screenshot never touches
    # the user's files (nor one that happens to sit next to the PNG)
    store = QSettings(str(private / "settings.ini"), QSettings.Format.IniFormat)
    if lang:
        store.setValue("language", lang)
    if theme:
        store.setValue("theme", theme)
    window = MainWindow(store, private / "history.sqlite")
    window.resize(*size)
    if hand:
        window.text.setText(hand)
        window.apply_text()
        if window.text_error.text():
            raise ValueError(window.text_error.text())
    window.show()
    app.processEvents()
    window.worker.wait()
    app.processEvents()
    app.processEvents()
    out = Path(path)
    if not window.grab().save(str(out)):
        raise OSError(f"cannot write {out}")
    window.close()
    store.sync()
    return out
