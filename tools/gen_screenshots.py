"""Render the README's screenshots (assets/screenshots/) from the app itself.

    python tools/gen_screenshots.py [--out assets/screenshots] [--only NAME ...]

Every picture is the real window at 1280x860 with private settings and history, offscreen
(no display needed).  The review picture reviews a simulated game from tests/logsim.py.
"""
from __future__ import annotations

import argparse
import gzip
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 860)


def _window(private: Path, lang: str = "en", theme: str = "light"):
    from PySide6.QtCore import QSettings
    from mjgui.ui.main_window import MainWindow
    store = QSettings(str(private / "settings.ini"), QSettings.Format.IniFormat)
    store.setValue("language", lang)
    store.setValue("theme", theme)
    window = MainWindow(store, private / "history.sqlite")
    window.resize(*SIZE)
    window.show()
    return window


def _settle(app, until=lambda: True, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.processEvents()
        if until():
            break
        time.sleep(0.01)
    for _ in range(5):
        app.processEvents()


def _hand(app, private: Path, out: Path, hand: str, lang: str = "en", theme: str = "light",
          select: int | None = None) -> None:
    window = _window(private, lang, theme)
    # a first hand warms the process up (imports, caches): the status line then shows the
    # time a hand change takes in use, not the first one after start
    for text in ("123m456p789s1122z", hand):
        window.text.setText(text)
        window.apply_text()
        _settle(app, lambda: window.analysis is not None and window.analysis.hand == window.editor.hand)
        window.worker.wait()
    window.worker.wait()
    _settle(app)
    if select is not None:
        window.table.selectRow(select)
        _settle(app)
    window.grab().save(str(out))
    window.close()


def _review(app, private: Path, out: Path) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from logsim import simulate
    from mjgui.logs import mjlog
    window = _window(private)
    log = private / "game.mjlog"
    log.write_bytes(gzip.compress(mjlog.dumps(simulate(7)).encode()))
    window.set_mode("review")
    page = window.pages["review"]
    page.open_file(log)
    _settle(app, lambda: page.player_box.count() == 4)
    page.review_player(0)
    _settle(app, lambda: page.review is not None and not page.progress.isVisible())
    window.grab().save(str(out))
    window.close()


def _drill(app, private: Path, out: Path, kind: str) -> None:
    """A drill's first problem (seed 5) answered wrongly: the feedback and, for nanikiru,
    the table of every discard."""
    window = _window(private)
    window.set_mode(kind)
    page = window.pages[kind]
    page.start(seed=5)
    _settle(app)
    view = page.view
    if kind == "nanikiru":
        problem = page.session.current()
        wrong = next(t for t in problem.to_hand().concealed if t.plain_name not in problem.best)
        view.hand_view.tile_buttons()[view.hand_view.concealed_tiles().index(wrong)].click()
        _settle(app, lambda: view.table.model().rowCount() > 0)
    else:
        next(b for b in view.buttons if not b.choice.right).click()
    _settle(app)
    window.grab().save(str(out))
    window.close()


#: a table for the defence pictures: South's 1-shanten hand against the dealer's riichi on the left
TABLE = ("234567m34p456s11z9p discards:1m9s2z7z8p6m5z3z2s seat:S dora:3s L:1z9m4s'2p7p3s'6z*8s'1p'5z "
         "A:9s1m2z8p7z4z'9p3s2s' R:3z4z8m6p1s9s'7z5p'8s")


def _table(app, private: Path, out: Path) -> None:
    """Analyze at a table: the opponents panel as a table, the Danger and Push / fold columns,
    the threats and the push / fold line."""
    window = _window(private)
    window.text.setText(TABLE)
    window.apply_text()
    _settle(app, lambda: window.analysis is not None and window.analysis.hand == window.editor.hand)
    window.worker.wait()
    _settle(app, lambda: window.ev is not None)
    window.analyze_page.opponents.show_table(True)
    _settle(app)
    window.grab().save(str(out))
    window.close()


def _review_threat(app, private: Path, out: Path) -> None:
    """A real phoenix-room game's decision some turns after a riichi: the table view, the push /
    fold line and the timeline's marks."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import json
    from real_games import game_ids, load_game
    from mjgui.logs import tenhou6
    window = _window(private)
    window.set_mode("review")
    page = window.pages["review"]
    page.open_text(json.dumps(tenhou6.to_json(load_game(game_ids()[0]))))
    _settle(app, lambda: page.player_box.count() == 4)
    page.review_player(1)
    _settle(app, lambda: page.review is not None and not page.progress.isVisible())
    at = next((i, j) for i, ratings in enumerate(page.review.ratings) for j, r in enumerate(ratings)
              if r.under_threat and r.decision.action == "discard" and not r.agrees
              and sum(len(o.river) for o in r.decision.hand.opponents) >= 24)
    page.timeline.set_current(*at)
    _settle(app)
    window.grab().save(str(out))
    window.close()


def _defence_drill(app, private: Path, out: Path) -> None:
    """A push / fold problem of the defence drill (seed 3) answered: the values and every tile's
    deal-in."""
    window = _window(private)
    window.set_mode("defence")
    page = window.pages["defence"]
    page.apply_settings({"theme": "pushfold"})
    page.start(seed=3)
    _settle(app)
    view = page.view
    view.choose("push")
    view.hand_view.tile_buttons()[0].click()
    _settle(app, lambda: view.result is not None, timeout=120)
    _settle(app)
    window.grab().save(str(out))
    window.close()


PICTURES = {
    "analysis": lambda app, p, o: _hand(app, p, o, "23m456p789s11z556z9m"),
    "waits-ja-dark": lambda app, p, o: _hand(app, p, o, "1112345678999m", "ja", "dark"),
    "review": _review,
    "defence-analysis": _table,
    "review-threat": _review_threat,
    "defence-drill": _defence_drill,
    "nanikiru": lambda app, p, o: _drill(app, p, o, "nanikiru"),
    "score-drill": lambda app, p, o: _drill(app, p, o, "score"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "assets" / "screenshots"))
    parser.add_argument("--only", nargs="*", choices=sorted(PICTURES), default=sorted(PICTURES))
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name in args.only:
        with tempfile.TemporaryDirectory(prefix="mjgui-shot-") as private:
            PICTURES[name](app, Path(private), out / f"{name}.png")
        print(out / f"{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
