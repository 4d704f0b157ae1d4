"""The app icon (mjgui/assets/icons/, made by tools/gen_icon.py; the window's icon) and
`mjgui --install-desktop-entry` (mjgui/desktop_entry.py) into a private XDG_DATA_HOME."""
from __future__ import annotations

import configparser
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mjgui import app_icon, desktop_entry
from mjgui.cli import main

ROOT = Path(__file__).resolve().parents[1]
SIZES = (16, 24, 32, 48, 64, 128, 256)          # what a desktop's icon theme commonly asks for


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (read here, not through Qt)."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def pixels(image) -> np.ndarray:
    """An image's pixels as (height, width, 4) bytes (32-bit ARGB)."""
    from PySide6.QtGui import QImage
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, :image.width() * 4].reshape(image.height(), image.width(), 4).copy()


def read_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str
    parser.read_string(path.read_text(encoding="utf-8"))
    return dict(parser["Desktop Entry"])


def unquote_exec(line: str) -> list[str]:
    """An Exec value back to its arguments, from the Desktop Entry Specification: first
    the string escapes (\\\\ is one backslash), then %% is %, then double-quoted
    arguments with \\" \\` \\$ \\\\ escaped, arguments split at spaces."""
    text = line.replace("\\\\", "\x00").replace("%%", "%")
    args, current, quoted, i = [], "", False, 0
    while i < len(text):
        c = text[i]
        if quoted and c == "\x00" and i + 1 < len(text) and text[i + 1] in '"`$\x00':
            current += "\\" if text[i + 1] == "\x00" else text[i + 1]
            i += 2
            continue
        if quoted and c == "\\" and i + 1 < len(text) and text[i + 1] in '"`$':
            current += text[i + 1]
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif c == " " and not quoted:
            args.append(current)
            current = ""
        else:
            current += "\\" if c == "\x00" else c
        i += 1
    assert not quoted, line
    return args + [current]


@pytest.fixture
def home(tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    return data


def test_the_icon_files_are_the_generators_and_each_png_has_its_size():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_icon
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert app_icon.SIZES == SIZES
    assert app_icon.svg_path().read_text(encoding="utf-8") == gen_icon.svg(), \
        "run python3 tools/gen_icon.py and commit mjgui/assets/icons/"
    for size in SIZES:
        assert png_size(app_icon.png_path(size)) == (size, size)


def test_each_png_is_the_svg_drawn_at_its_size(qapp, tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_icon
    finally:
        sys.path.remove(str(ROOT / "tools"))
    from PySide6.QtGui import QImage
    for size in (16, 64, 256):
        fresh = tmp_path / f"{size}.png"
        gen_icon.render_png(app_icon.svg_path(), size, fresh)
        a, b = (pixels(QImage(str(p))) for p in (fresh, app_icon.png_path(size)))
        assert a.shape == b.shape == (size, size, 4)
        # another Qt may round an edge pixel differently: near, not byte-equal
        worst = int(np.abs(a.astype(int) - b.astype(int)).max())
        assert worst <= 8, (size, worst)


def test_the_application_has_the_icon_at_every_size(qapp):
    from mjgui.ui.app import _application
    app = _application()
    sizes = {(s.width(), s.height()) for s in app.windowIcon().availableSizes()}
    assert sizes == {(s, s) for s in SIZES}
    assert app.desktopFileName() == "mjgui"


def test_install_writes_the_entry_and_the_icons(home):
    written = desktop_entry.install(argv=["/opt/venv/bin/mjgui"])
    entry = home / "applications" / "mjgui.desktop"
    assert written[-1] == entry and len(written) == len(SIZES) + 2
    fields = read_entry(entry)
    assert fields["Type"] == "Application" and fields["Name"] == "mjgui"
    assert fields["Exec"] == "/opt/venv/bin/mjgui" and fields["Icon"] == "mjgui"
    assert fields["Terminal"] == "false" and "Game" in fields["Categories"].split(";")
    theme = home / "icons" / "hicolor"
    assert (theme / "scalable" / "apps" / "mjgui.svg").read_bytes() == app_icon.svg_path().read_bytes()
    for size in SIZES:
        assert png_size(theme / f"{size}x{size}" / "apps" / "mjgui.png") == (size, size)
    assert not [p for p in home.rglob("*") if p.name.startswith(".")]      # no temporary left


def test_the_default_command_starts_this_installation():
    argv = desktop_entry.command()
    assert argv == [str(Path(sys.executable).parent / "mjgui")] or argv == [sys.executable, "-m", "mjgui"]
    assert Path(argv[0]).is_file()


@pytest.mark.parametrize("argv", [
    ["/opt/my apps/python3", "-m", "mjgui"],
    ['/x/"q"/py', "a$b", "`c`"],
    ["/srv/a\\b/mjgui"],
    ["/home/u/100%/bin/mjgui"],
    ["/home/o'neil/bin/mjgui"],
])
def test_exec_reads_back_as_the_same_arguments(home, argv):
    desktop_entry.install(argv=argv)
    line = read_entry(home / "applications" / "mjgui.desktop")["Exec"]
    assert unquote_exec(line) == argv


def test_exec_quoting_by_hand():
    quote = desktop_entry._exec_quote
    assert quote("/usr/bin/mjgui") == "/usr/bin/mjgui"
    assert quote("/opt/my apps/py") == '"/opt/my apps/py"'
    assert quote("/a\\b") == '"/a\\\\\\\\b"'          # four backslashes in the file
    assert quote('say "hi"') == '"say \\\\"hi\\\\""'   # \" doubled by the string escape
    assert quote("50%") == "50%%"
    with pytest.raises(desktop_entry.DesktopEntryError):
        quote("/a\nb")


def test_a_second_install_replaces_its_own_files(home):
    desktop_entry.install(argv=["/old/mjgui"])
    icon = home / "icons" / "hicolor" / "48x48" / "apps" / "mjgui.png"
    icon.write_bytes(b"an older icon")
    desktop_entry.install(argv=["/new/mjgui"])
    assert read_entry(home / "applications" / "mjgui.desktop")["Exec"] == "/new/mjgui"
    assert icon.read_bytes() == app_icon.png_path(48).read_bytes()


def test_an_entry_mjgui_did_not_write_is_kept(home):
    entry = home / "applications" / "mjgui.desktop"
    entry.parent.mkdir(parents=True)
    entry.write_text("[Desktop Entry]\nName=my own\n")
    with pytest.raises(desktop_entry.DesktopEntryError, match="not written by mjgui"):
        desktop_entry.install(argv=["/x/mjgui"])
    assert entry.read_text() == "[Desktop Entry]\nName=my own\n"
    assert not (home / "icons").exists()                 # nothing written at all


def test_an_icon_mjgui_did_not_write_is_kept(home):
    icon = home / "icons" / "hicolor" / "scalable" / "apps" / "mjgui.svg"
    icon.parent.mkdir(parents=True)
    icon.write_text("<svg>someone else's</svg>")
    with pytest.raises(desktop_entry.DesktopEntryError, match="not written by mjgui"):
        desktop_entry.install(argv=["/x/mjgui"])
    assert icon.read_text() == "<svg>someone else's</svg>"
    assert not (home / "applications").exists()


def test_a_symlink_in_the_way_is_not_followed(home, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    entry = home / "applications" / "mjgui.desktop"
    entry.parent.mkdir(parents=True)
    entry.symlink_to(victim)
    with pytest.raises(desktop_entry.DesktopEntryError):
        desktop_entry.install(argv=["/x/mjgui"])
    assert victim.read_text() == "keep me" and entry.is_symlink()


def test_a_relative_xdg_data_home_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert desktop_entry.data_home() == tmp_path / ".local" / "share"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the command is for Linux desktops")
def test_the_command(home, capsys):
    assert main(["--install-desktop-entry"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and str(home / "applications" / "mjgui.desktop") in out.splitlines()
    (home / "applications" / "mjgui.desktop").write_text("[Desktop Entry]\n")
    assert main(["--install-desktop-entry"]) == 1
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and "not written by mjgui" in err


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate (Debian: desktop-file-utils) is not installed")
def test_freedesktops_validator_accepts_the_entry(home):
    desktop_entry.install(argv=["/opt/my apps/python3", "-m", "mjgui", "a\\b", "50%", 'say "hi"'])
    done = subprocess.run(["desktop-file-validate", str(home / "applications" / "mjgui.desktop")],
                          capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
