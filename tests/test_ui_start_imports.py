"""What the first window imports: the analysis of a remembered hand does not load numpy
(0.12 s of CPU; the expected values load it once the window has painted), and a window
that opens on the Review page does not load the log readers nor open the history until
a log is opened (issue 26: 0.36-0.41 s of CPU to the first paint where 0.28 was the goal)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ANALYSIS_CHILD = r"""
import sys
from mjgui.hand import Hand
from mjgui.analysis import analyze
# what the window's worker computes for a hand before the first paint
# (mjgui.ui.analysis_worker._Job._analyse), for a tenpai hand whose calls have ron values
result = analyze(Hand.parse(sys.argv[1]))
calls = 0
for row in (*result.rows, *((result.current,) if result.current is not None else ())):
    for call in row.calls:
        call.yakuless
        calls += 1
    result.wait_report(row)
    result.value(row)
print("numpy" in sys.modules, calls)
"""

REVIEW_CHILD = r"""
import sys, tempfile
from pathlib import Path
from mjgui.ui.app import _application
app = _application()
from PySide6.QtCore import QSettings
from mjgui.ui.main_window import MainWindow
private = Path(tempfile.mkdtemp())
store = QSettings(str(private / "s.ini"), QSettings.Format.IniFormat)
store.setValue("mode", "review")
window = MainWindow(store, private / "h.sqlite")
window.show()
app.processEvents()
print(window.mode, sorted(m for m in sys.modules if m.startswith("mjgui.logs")),
      window.history is None and "mjgui.drills.history" not in sys.modules)
"""


PAINT_CHILD = r"""
import os, sys, tempfile
from pathlib import Path
from mjgui.ui.app import _application
app = _application()
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from mjgui.ui.main_window import MainWindow
private = Path(tempfile.mkdtemp())
store = QSettings(str(private / "s.ini"), QSettings.Format.IniFormat)
store.setValue("mode", sys.argv[1])
store.setValue("hand", "123m456p789s1122z3z")        # tenpai: expected values follow
window = MainWindow(store, private / "h.sqlite")


class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if obj is window and event.type() == QEvent.Type.UpdateRequest:
            print(window.mode, "numpy" in sys.modules, flush=True)     # before it paints
            os._exit(0)
        return False


watch = FirstPaint()
window.installEventFilter(watch)
window.show()
QTimer.singleShot(20000, lambda: os._exit(3))
app.exec()
"""


def _run(child: str, *args: str) -> str:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", child, *args], capture_output=True, text=True, env=env,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_analysing_a_tenpai_hand_does_not_import_numpy():
    numpy, calls = _run(ANALYSIS_CHILD, "123m456p789s1122z3z").split()
    assert int(calls) > 10                   # the calls whose ron values ask hundreds of shanten
    assert numpy == "False"


def test_the_review_page_loads_no_log_reader_until_a_log_is_opened():
    """Nor does it open the drill history (15 ms) before a game is reviewed."""
    assert _run(REVIEW_CHILD) == "review [] True"


def test_the_expected_values_wait_for_the_first_paint():
    """They start once the window has painted the analysis, or 50 ms after the UI thread
    took it: the 50 ms counted from the result's posting, and a window built on the
    Review page (longer) started the search, and numpy's import, before its first paint."""
    for mode in ("review", "analyze"):
        assert _run(PAINT_CHILD, mode) == f"{mode} False"
