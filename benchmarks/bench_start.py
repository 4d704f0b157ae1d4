"""Start-up: from launching Python to the main window's first paint.

    python benchmarks/bench_start.py [--runs 10]

Each run is a new `python -c` process that builds the application and the main window
the way `mjgui` does (mjgui.ui.app; a private settings file and history, so the user's
own are untouched and the window opens on an empty hand), shows it and stops at the end
of its first paint (with --hand, a remembered hand: its analysis runs as the window
opens; with --mode and --lang, the page and language the last run closed on).  Printed:
the median and range of the wall time from just before the process was spawned to that
paint, the process's CPU time then (user + system,
resource.getrusage), its resident size, and whether numpy and the drill, log and EV
modules were imported by then (numpy and the log readers are not needed by the first window).

Without DISPLAY the offscreen platform is used; under Xvfb (xvfb-run -a python ...) the
window opens on a real X server.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import os, resource, sys, tempfile, time
from pathlib import Path
from mjgui.ui.app import _application
app = _application()
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from mjgui.ui.main_window import MainWindow
private = Path(sys.argv[1])
store = QSettings(str(private / "settings.ini"), QSettings.Format.IniFormat)
if sys.argv[2]:
    store.setValue("hand", sys.argv[2])        # as remembered from the last run
for key, value in zip(("mode", "language"), sys.argv[3:5]):
    if value:
        store.setValue(key, value)             # the page and language the last run closed on
window = MainWindow(store, private / "history.sqlite")


class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if obj is window and event.type() == QEvent.Type.UpdateRequest:
            obj.event(event)                 # the whole window paints here
            done()
            return True
        return False


def done():
    wall = time.time()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with open("/proc/self/statm") as f:
        rss = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    drills = sorted(m for m in sys.modules if m.startswith(("mjgui.drills", "mjgui.logs")) or m in (
        "mjgui.ui.drill_page", "mjgui.ui.stats_page", "mjgui.ev", "mjgui.ui.review_page"))
    print(repr({"painted": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss": rss,
                "numpy": "numpy" in sys.modules, "drills": drills}), flush=True)
    os._exit(0)


watch = FirstPaint()
window.installEventFilter(watch)
window.show()
QTimer.singleShot(10000, lambda: os._exit(3))
app.exec()
"""


def one_run(env: dict[str, str], hand: str = "", mode: str = "", lang: str = "") -> dict:
    with tempfile.TemporaryDirectory(prefix="mjgui-start-") as private:
        start = time.time()
        out = subprocess.run([sys.executable, "-c", CHILD, private, hand, mode, lang], env=env, capture_output=True,
                             text=True, timeout=60)
        if out.returncode != 0:
            raise RuntimeError(f"the child failed ({out.returncode}): {out.stderr[-2000:]}")
        line = next(ln for ln in out.stdout.splitlines() if ln.startswith("{"))
        result = json.loads(line.replace("'", '"').replace("True", "true").replace("False", "false"))
        result["wall"] = result["painted"] - start
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--hand", default="", help="a hand remembered from the last run (default: "
                        "none, the window opens empty); its analysis starts with the window")
    parser.add_argument("--mode", default="", help="the page the last run closed on (default: analyze)")
    parser.add_argument("--lang", default="", help="the language the last run closed on: en (default) or ja")
    args = parser.parse_args()
    env = dict(os.environ)
    # as an installed app starts: from cached bytecode (the warm-up run writes it), not
    # compiling every module again (PYTHONDONTWRITEBYTECODE, set on some machines)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    one_run(env)                         # warm the disk cache and the .pyc files
    runs = [one_run(env, args.hand, args.mode, args.lang) for _ in range(args.runs)]
    wall = [r["wall"] for r in runs]
    cpu = [r["cpu"] for r in runs]
    rss = [r["rss"] for r in runs]
    print(f"platform {env.get('QT_QPA_PLATFORM') or 'default'}, {args.runs} runs, "
          f"{'hand ' + args.hand if args.hand else 'empty hand'}, page {args.mode or 'analyze'}, "
          f"language {args.lang or 'en'}")
    print(f"start to first paint, wall: median {statistics.median(wall):.3f} s "
          f"(range {min(wall):.3f}-{max(wall):.3f})")
    print(f"CPU by then (user + system): median {statistics.median(cpu):.3f} s "
          f"(range {min(cpu):.3f}-{max(cpu):.3f})")
    print(f"resident size at the first paint: median {statistics.median(rss):.0f} MB")
    print(f"imported by then: numpy {runs[-1]['numpy']}, drill / stats / log / EV modules "
          f"{', '.join(runs[-1]['drills']) or 'none'}")


if __name__ == "__main__":
    sys.exit(main())
