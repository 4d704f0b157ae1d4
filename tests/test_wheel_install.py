"""The wheel a player installs (tools/build_wheel.py, docs/packaging.md): built from this
checkout, installed into a fresh venv where no C compiler can be found, and run from a
folder outside the checkout: the commands answer, the screenshot finds its tiles and font
inside the installed package, the desktop entry its icon.

About a minute (the build compiles the core once).  The venv gets the wheel alone, without
its dependencies from an index; numpy, cffi, PySide6 and fsrs come from this test venv's
site-packages through a .pth line, so the test needs no network beyond the build's own
(`pip check` then proves the wheel's requirements are met by them)."""
from __future__ import annotations

import json
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from logs_literal import TENHOU6
from mjgui import app_icon
from mjgui.cli import main

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the Linux wheel (cibuildwheel tests the others: docs/packaging.md)")


def run(argv, env, cwd, timeout=300):
    done = subprocess.run([str(a) for a in argv], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, f"{argv} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv bin folder, environment without a compiler, a working folder outside the checkout)."""
    top = tmp_path_factory.mktemp("wheel")
    dist = top / "dist"
    out = run([sys.executable, ROOT / "tools" / "build_wheel.py", dist], dict(os.environ), ROOT, timeout=900)
    wheels = sorted(dist.iterdir())
    assert len(wheels) == 1 and str(wheels[0]) in out, (wheels, out)
    wheel = wheels[0]
    # one wheel for every CPython from 3.11 (the limited API), repaired to a manylinux tag
    assert re.fullmatch(rf"mjgui-[\w.]+-cp311-abi3-manylinux_\d+_\d+_{platform.machine()}\.whl", wheel.name), wheel.name

    venv = top / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=300)
    bin_dir = venv / "bin"
    home = top / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))}
    # no compiler to be found: only the venv's scripts on PATH, CC and CXX set to one that fails
    env.update(PATH=str(bin_dir), CC="false", CXX="false", HOME=str(home),
               XDG_DATA_HOME=str(home / "data"), QT_QPA_PLATFORM="offscreen", PIP_NO_INPUT="1")
    for compiler in ("gcc", "cc", "clang", "c99"):
        assert shutil.which(compiler, path=env["PATH"]) is None
    # binary only and from the file alone: pip would need a compiler for anything else
    run([bin_dir / "python", "-m", "pip", "install", "--no-index", "--no-deps", "--only-binary=:all:",
         "--disable-pip-version-check", wheel], env, top)
    site = run([bin_dir / "python", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], env, top).strip()
    test_site = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(site, "_mjgui_test_dependencies.pth").write_text("".join(f"{p}\n" for p in sorted(test_site)))
    work = top / "work"
    work.mkdir()
    return bin_dir, env, work, Path(site)


def test_the_wheel_holds_the_core_and_finds_its_files_inside_the_installation(installed):
    bin_dir, env, work, site = installed
    out = run([bin_dir / "python", "-c",
               "import mjgui, mjgui._core, mjgui.app_icon as i, mjgui.ui.tile_art as t\n"
               "print(mjgui.__file__); print(mjgui._core.__file__); print(t.assets_dir()); print(i.ICON_DIR)"],
              env, work)
    package, core, assets, icons = (Path(line) for line in out.splitlines())
    for path in (package, core, assets, icons):
        assert path.is_relative_to(site / "mjgui"), path
    assert core.name.endswith(".abi3.so")
    assert len(list((assets / "tiles" / "light").glob("*.svg"))) == 38
    assert (assets / "fonts" / "mjgui-ja.otf").is_file()
    # nothing of the checkout, the build or the README's pictures
    names = {p.relative_to(site / "mjgui").as_posix() for p in (site / "mjgui").rglob("*")}
    assert not [n for n in names if n.endswith((".c", ".h", ".o")) or "screenshots" in n or "gen/" in n]
    run([bin_dir / "python", "-m", "pip", "check", "--disable-pip-version-check"], env, work)


def test_the_installed_commands_answer(installed):
    """tools/wheel_smoke.py: shanten, score, review and --screenshot (in Japanese: the
    bundled font) against answers worked out by hand."""
    bin_dir, env, work, _ = installed
    out = run([bin_dir / "python", ROOT / "tools" / "wheel_smoke.py"], env, work)
    assert [line.split()[1] for line in out.splitlines()[1:]] == ["mjgui"] * 4
    assert "--screenshot" in out.splitlines()[-1]


def test_review_answers_as_the_checkout_does(installed, capsys):
    bin_dir, env, work, _ = installed
    log = work / "game.json"
    log.write_text(TENHOU6, encoding="utf-8")
    review = json.loads(run([bin_dir / "mjgui", "review", "--json", "--player", "1", log], env, work))
    assert main(["review", "--json", "--player", "1", str(log)]) == 0
    assert json.loads(capsys.readouterr().out) == review


def test_the_desktop_entry_from_the_wheel(installed):
    bin_dir, env, work, _ = installed
    run([bin_dir / "mjgui", "--install-desktop-entry"], env, work)
    data = Path(env["XDG_DATA_HOME"])
    entry = (data / "applications" / "mjgui.desktop").read_text(encoding="utf-8")
    assert f"Exec={bin_dir / 'mjgui'}\n" in entry
    icon = data / "icons" / "hicolor" / "256x256" / "apps" / "mjgui.png"
    assert icon.read_bytes() == app_icon.png_path(256).read_bytes()
