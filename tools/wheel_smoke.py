"""Check an installed mjgui (from a wheel) answers: `python tools/wheel_smoke.py`.

Runs the installed `mjgui` script's shanten, score and review commands on hands and a
game whose answers were worked out by hand, and renders a screenshot (the tile art and
the font must come from the installed package).  Run it with the Python of the
installation, from any folder outside the checkout: tests/test_wheel_install.py does on
Linux, cibuildwheel's test step on every system (pyproject.toml, docs/packaging.md).
Exit 0 when every check passed; else the first failure on stderr and exit 1.
"""
from __future__ import annotations

import argparse
import json
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class SmokeError(Exception):
    pass


def _script() -> str:
    here = Path(sys.executable).parent
    for name in ("mjgui", "mjgui.exe"):
        if (here / name).is_file():
            return str(here / name)
    found = shutil.which("mjgui")
    if not found:
        raise SmokeError(f"no mjgui script beside {sys.executable} or on PATH")
    return found


def _mjgui(*args: str, cwd: Path) -> str:
    done = subprocess.run([_script(), *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                          timeout=300)
    if done.returncode:
        raise SmokeError(f"mjgui {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def _expect(what: str, got, wanted) -> None:
    if got != wanted:
        raise SmokeError(f"{what}: got {got!r}, expected {wanted!r}")


def _game() -> str:
    """The hand-written tenhou.net/6 game of tests/logs_literal.py."""
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        from logs_literal import TENHOU6
    finally:
        sys.path.remove(str(ROOT / "tests"))
    return TENHOU6


def check(work: Path, screenshot: bool = True) -> list[str]:
    """Every check, in `work`; what was checked, one line each."""
    import mjgui
    if Path(mjgui.__file__).resolve().is_relative_to(ROOT):
        raise SmokeError(f"mjgui is imported from the checkout ({mjgui.__file__}), not an installation")
    done = [f"mjgui from {Path(mjgui.__file__).parent}"]
    first, second = (json.loads(line) for line in
                     _mjgui("shanten", "--json", "123m456p789s1122z", "19m19p19s1234567z", cwd=work).splitlines())
    # tenpai; two pairs of seven (4 more); 1m 9s 1z 2z and a pair of thirteen orphans (13 - 4 - 1)
    _expect("shanten of 123m456p789s1122z", [first[k] for k in ("shanten", "regular", "chiitoi", "kokushi")],
            [0, 0, 4, 8])
    _expect("shanten of 19m19p19s1234567z", [second[k] for k in ("shanten", "kokushi")], [0, 0])
    done.append("mjgui shanten")
    score = json.loads(_mjgui("score", "--json", "234m345p456s55p678s win:6s ron riichi", cwd=work))
    # riichi, pinfu, tanyao: 3 han 30 fu, a dealer's ron (the default seat is East) 5,800
    _expect("score", [score["han"], score["fu"], score["total"]], [3, 30, 5800])
    _expect("yaku", sorted(y["name"] for y in score["yaku"]), ["Pinfu", "Riichi", "Tanyao"])
    done.append("mjgui score")
    log = work / "game.json"
    log.write_text(_game(), encoding="utf-8")
    review = json.loads(_mjgui("review", "--json", "--player", "1", str(log), cwd=work))
    # seat 1's double riichi, pinfu, tanyao by ron: 4 han 30 fu, 7,700
    (win,) = review["rounds"][0]["result"]["wins"]
    _expect("review's win", [win["seat"], win["han"], win["fu"], win["points"]], [1, 4, 30, 7700])
    _expect("review's decisions", review["summary"]["decisions"], 2)
    done.append("mjgui review")
    if screenshot:
        shot = work / "shot.png"
        _mjgui("--screenshot", str(shot), "--hand", "123m456p789s1122z", "--lang", "ja", cwd=work)
        header = shot.read_bytes()[:24]
        _expect("screenshot PNG header", header[:8], b"\x89PNG\r\n\x1a\n")
        _expect("screenshot size", struct.unpack(">II", header[16:24]), (1280, 860))
        done.append("mjgui --screenshot")
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-screenshot", action="store_true",
                        help="skip the screenshot (a build container without Qt's system libraries)")
    args = parser.parse_args(argv)
    try:
        with tempfile.TemporaryDirectory(prefix="mjgui-smoke-") as work:
            for line in check(Path(work), screenshot=not args.no_screenshot):
                print(f"ok: {line}")
    except SmokeError as error:
        print(f"wheel_smoke: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
