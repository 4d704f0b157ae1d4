"""Latency of the real main window: from an input event to the window repainted with
the new hand's analysis.

    python benchmarks/bench_app.py [--rounds 60] [--changes 1000] [--profile] [--table]

Drives mjgui.ui.main_window.MainWindow (1280x860, the user's settings untouched) with
synthetic input through QTest, one kind of hand change per stage:

- palette: a click on a palette tile (a 13-tile hand becomes 14)
- table:   Enter on a row of the analysis table (plays that discard: 14 -> 13)
- typed:   a 14-tile hand typed into the mpsz field, then Enter
- undo:    Ctrl+Z

With --table every hand sits at a table: the three other players' rivers (8, 7 and 7 tiles,
the left player's riichi on its 7th), so the Danger column, the threats and, with the
expected values, the push / fold line show too.  --table-view shows the opponents panel's
rivers around a table (TableView) instead of its rows.

Each change is timed from just before the input event to the end of the first repaint
of the window after the worker's result was applied (the analysis runs on the worker
thread: its round trip is inside the figure).  The repaint is seen as the top-level
window's UpdateRequest: Qt paints every dirty widget while handling it.  The loop
blocks in the event loop instead of spinning, so the UI thread's CPU time per change
(time.thread_time) is what the app itself spends.  "+ev" is the time until the expected
values, which follow the analysis, are painted too.

Then the resident size after start and after --changes more changes (palette / table
cycles with an undo every tenth), to show whether memory stays flat, and (glibc) what is
held in malloc'd blocks, which leaves out the free space the allocator keeps.

Without DISPLAY the offscreen platform is used; under Xvfb (xvfb-run -a python ...) the
paint goes to a real X server.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QEventLoop, QObject, QSettings, Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from mjgui.hand import Hand  # noqa: E402
from mjgui.tiles import Tile  # noqa: E402
from mjgui.ui.app import _application  # noqa: E402


def rss_mb() -> float:
    """The resident size now (Linux /proc), in MB."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def heap_mb() -> float | None:
    """What the program holds in malloc'd blocks now (glibc's mallinfo2: in use in the
    heaps plus mapped blocks), in MB; None off glibc.  Unlike the resident size it does not
    count free space the allocator keeps, so it shows growth apart from fragmentation."""
    try:
        if not os.confstr("CS_GNU_LIBC_VERSION").startswith("glibc"):
            return None
    except (ValueError, OSError):
        return None
    import ctypes

    class Info(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in
                    "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]
    mallinfo2 = ctypes.CDLL(None).mallinfo2
    mallinfo2.restype = Info
    info = mallinfo2()
    return (info.uordblks + info.hblkhd) / 2 ** 20


class PaintWatch(QObject):
    """Times the top-level window's repaints: Qt paints every dirty widget of the window
    while it handles one UpdateRequest event, handled here so its end is seen."""

    def __init__(self, window):
        super().__init__()
        self.paints: list[tuple[float, float]] = []      # (start, end) of each repaint
        self.window = window
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt name
        if obj is self.window and event.type() == QEvent.Type.UpdateRequest:
            start = time.perf_counter()
            obj.event(event)
            self.paints.append((start, time.perf_counter()))
            return True
        return False

    def after(self, moment: float) -> list[tuple[float, float]]:
        return [p for p in self.paints if p[0] >= moment]


class Driver:
    def __init__(self, window, app):
        self.w, self.app = window, app
        self.watch = PaintWatch(window)
        self.applied_at: float | None = None
        self.ev_at: float | None = None
        window.worker.finished.connect(self._result, Qt.ConnectionType.DirectConnection)
        window.worker.ev_finished.connect(self._ev, Qt.ConnectionType.DirectConnection)
        self._wake = QTimer()
        self._wake.setSingleShot(True)

    # connected after the window's own slots: they have run when these are called
    def _result(self, _result) -> None:
        self.applied_at = time.perf_counter()

    def _ev(self, _result) -> None:
        self.ev_at = time.perf_counter()

    def _block(self, ms: int = 20) -> None:
        """Wait in the event loop for the next event (a timer guards against none)."""
        self._wake.start(ms)
        self.app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)

    def measure(self, act) -> tuple[float, float, float | None, int]:
        """Run `act` (one input event); returns (ms to the painted analysis, UI-thread CPU
        ms, ms to the painted expected values or None when the hand gets none, repaints of
        the window from the analysis's arrival until its last counted one)."""
        w = self.w
        self.applied_at = self.ev_at = None
        self.watch.paints.clear()
        start, cpu = time.perf_counter(), time.thread_time()
        deadline = start + 5.0
        act()
        while self.applied_at is None or not self.watch.after(self.applied_at):
            self._block()
            if time.perf_counter() > deadline:
                raise RuntimeError(f"no analysis painted within 5 s (hand {w.editor.hand}, "
                                   f"focus {QApplication.focusWidget()})")
        # repaints queued by the same change (posted events, zero timers) belong to it;
        # those after the expected values arrived are theirs
        while True:
            count = len(self.watch.paints)
            self.app.processEvents()
            if len(self.watch.paints) == count:
                break
        last = self.applied_at
        repaints = 0
        # the first repaint after the analysis counts even when the expected values came
        # before it (then it shows both)
        for i, (begin, end) in enumerate(self.watch.after(self.applied_at)):
            if i == 0 or self.ev_at is None or begin < self.ev_at:
                last = end
                repaints += 1
        ui_cpu = time.thread_time() - cpu
        ms = (last - start) * 1e3
        ev_ms = None
        hand = w.editor.hand
        if (w.worker.with_ev and hand.size == 14 and w.analysis is not None
                and w.analysis.shanten <= 3):
            while self.ev_at is None and time.perf_counter() < deadline:
                self._block()
            if self.ev_at is not None:
                while not self.watch.after(self.ev_at) and time.perf_counter() < deadline:
                    self._block()
                ev_ms = (self.watch.after(self.ev_at)[-1][1] - start) * 1e3
        self.settle()
        return ms, ui_cpu * 1e3, ev_ms, repaints

    def settle(self) -> None:
        """Let the worker finish and every posted event run before the next change."""
        settle()
        self.watch.paints.clear()


def settle() -> None:
    """Run what the event loop would between two inputs.  Widgets given to deleteLater()
    are deleted when control returns to the loop that was running; this script runs no
    loop (it calls processEvents), so it sends those deletions itself."""
    window = next(w for w in QApplication.topLevelWidgets() if hasattr(w, "worker"))
    window.worker.wait()
    for _ in range(3):
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


TABLE = False          # --table: every random hand sits at a table with a riichi


def random_hand(rng: random.Random, n: int = 14) -> Hand:
    wall = [Tile(k) for k in range(34) for _ in range(4)]
    tiles = rng.sample(wall, n + (22 if TABLE else 0))
    hand = Hand(tuple(tiles[:n]))
    if not TABLE:
        return hand
    rivers = []
    for seat, river, riichi in (("L", tiles[n:n + 8], 6), ("A", tiles[n + 8:n + 15], None),
                                ("R", tiles[n + 15:], None)):
        marks = "".join(t.name[0] + "*" * (i == riichi) + t.name[1] for i, t in enumerate(river))
        rivers.append(f"{seat}:{marks}")
    return Hand.parse(f"{hand} seat:S {' '.join(rivers)}")


class Stages:
    """The input events of each kind of hand change."""

    def __init__(self, window, rng: random.Random):
        self.w, self.rng = window, rng

    def ensure(self, size: int) -> None:
        """Bring the hand to 13 or 14 tiles, analysed, without timing it."""
        hand = self.w.editor.hand
        if hand.size != size:
            self.w.editor.set_hand(random_hand(self.rng, size))
            self.settle()

    def settle(self) -> None:
        settle()

    def palette(self):
        if len(self.w.editor.hand.discards) > 12:       # table discards pile up: a new deal
            self.w.editor.set_hand(random_hand(self.rng, 13))
            self.settle()
        self.ensure(13)
        buttons = [b for b in self.w.palette_widget.buttons() if b.isEnabled()]
        button = self.rng.choice(buttons)
        return lambda: QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    def table(self):
        self.ensure(14)
        table = self.w.table
        row = self.rng.randrange(table.model().rowCount())
        table.setFocus()
        table.setCurrentIndex(table.model().index(row, 0))
        return lambda: QTest.keyClick(table, Qt.Key.Key_Return)

    def typed(self):
        text = str(random_hand(self.rng))
        field = self.w.text
        field.setFocus()
        field.clear()
        QTest.keyClicks(field, text)
        self.w._text_timer.stop()      # the typing pause would apply it on its own
        return lambda: QTest.keyClick(field, Qt.Key.Key_Return)

    def undo(self):
        self.w.editor.set_hand(random_hand(self.rng, self.rng.choice((13, 14))))
        self.settle()
        self.w.table.setFocus()
        if QApplication.activeWindow() is not self.w:     # no window manager: the shortcut
            return self.w.act_undo.trigger                # cannot fire; its action can
        return lambda: QTest.keyClick(self.w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(app, window, rounds: int, names, results) -> None:
    print(f"platform {app.platformName()}, window {window.width()}x{window.height()}, "
          f"{rounds} changes per stage (ms; cpu = UI thread)")
    print(f"{'stage':8} {'p50':>7} {'p90':>7} {'max':>7} {'cpu p50':>8} {'+ev p50':>8} {'+ev p90':>8} "
          f"{'repaints':>8}")
    every: list[float] = []
    for name in names:
        ms = [r[0] for r in results[name]]
        cpu = [r[1] for r in results[name]]
        ev = [r[2] for r in results[name] if r[2] is not None]
        every += ms
        ev_text = (f"{statistics.median(ev):8.1f} {percentile(ev, 0.9):8.1f}" if ev
                   else f"{'-':>8} {'-':>8}")
        paints = [r[3] for r in results[name]]
        print(f"{name:8} {statistics.median(ms):7.1f} {percentile(ms, 0.9):7.1f} {max(ms):7.1f} "
              f"{statistics.median(cpu):8.1f} {ev_text} {statistics.mean(paints):8.2f}")
    print(f"{'all':8} {statistics.median(every):7.1f} {percentile(every, 0.9):7.1f} {max(every):7.1f}")
    print(f"analysis itself (last change): {window.last_ms:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=60, help="changes timed per stage")
    parser.add_argument("--changes", type=int, default=1000, help="changes for the memory figure")
    parser.add_argument("--profile", action="store_true", help="cProfile the UI thread, print the top")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lang", default="en", help="the interface language: en or ja")
    parser.add_argument("--table", action="store_true",
                        help="every hand with three rivers and a riichi (the Danger column, threats, push / fold)")
    parser.add_argument("--table-view", action="store_true",
                        help="with --table: the panel's table view instead of its rows")
    args = parser.parse_args()
    global TABLE
    TABLE = args.table

    app = _application()
    private = Path(tempfile.mkdtemp(prefix="mjgui-bench-"))
    store = QSettings(str(private / "settings.ini"), QSettings.Format.IniFormat)
    store.setValue("language", args.lang)
    from mjgui.ui.main_window import MainWindow
    window = MainWindow(store, private / "history.sqlite")
    window.resize(1280, 860)
    if args.table_view:
        window.analyze_page.opponents.show_table(True)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.activateWindow()
    if not QTest.qWaitForWindowActive(window):
        print("(the window is not active: Ctrl+Z is sent as its action)")
    driver = Driver(window, app)
    driver.settle()
    rss_start = rss_mb()

    rng = random.Random(args.seed)
    stages = Stages(window, rng)
    names = ("palette", "table", "typed", "undo")
    for name in names:                 # warm-up
        for _ in range(3):
            try:
                driver.measure(getattr(stages, name)())
            except RuntimeError as error:
                raise RuntimeError(f"{name}: {error}") from None

    profiler = None
    if args.profile:
        import cProfile
        profiler = cProfile.Profile()
        profiler.enable()
    results: dict[str, list[tuple[float, float, float | None, int]]] = {n: [] for n in names}
    for _ in range(args.rounds):
        for name in names:
            results[name].append(driver.measure(getattr(stages, name)()))
    if profiler is not None:
        profiler.disable()

    if args.rounds:
        report(app, window, args.rounds, names, results)
    if profiler is not None:
        import pstats
        if os.environ.get("BENCH_PROFILE_OUT"):      # for pstats' callers / callees
            profiler.dump_stats(os.environ["BENCH_PROFILE_OUT"])
        pstats.Stats(profiler).sort_stats(os.environ.get("BENCH_SORT", "tottime")).print_stats(
            int(os.environ.get("BENCH_TOP", "25")))

    rss_before, heap_before = rss_mb(), heap_mb()
    checkpoints, heaps = [], []
    for i in range(args.changes):
        if i % 10 == 9:
            act = stages.undo()
        else:
            act = stages.palette() if window.editor.hand.size == 13 else stages.table()
        act()
        driver.settle()
        if (i + 1) % 250 == 0:
            checkpoints.append(f"{rss_mb():.0f}")
            heap = heap_mb()
            if heap is not None:
                heaps.append(f"{heap:.1f}")
            if os.environ.get("BENCH_TRIM"):
                import ctypes
                ctypes.CDLL("libc.so.6").malloc_trim(0)
                checkpoints[-1] += f"/{rss_mb():.0f}"
    print(f"resident size: after start {rss_start:.0f} MB, after the timed changes {rss_before:.0f} MB, "
          f"then every 250 changes: {' '.join(checkpoints) or '-'} MB")
    if heap_before is not None:
        print(f"malloc'd and in use: after the timed changes {heap_before:.1f} MB, then every 250 changes: "
              f"{' '.join(heaps) or '-'} MB")
    from mjgui.ui import analysis_table, tile_art, tile_button
    print(f"bounded picture caches now hold: {tile_art._pixmap.cache_info().currsize} tile pixmaps, "
          f"{tile_button._button_pixmap.cache_info().currsize} button pictures, "
          f"{analysis_table._stamp.cache_info().currsize} strip stamps")
    window.close()


if __name__ == "__main__":
    sys.exit(main())
