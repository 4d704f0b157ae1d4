"""`mjgui --install-desktop-entry`: the trainer in a Linux desktop's application menu.

Writes $XDG_DATA_HOME/applications/mjgui.desktop (XDG_DATA_HOME defaults to
~/.local/share) and the icon into the user's hicolor icon theme
($XDG_DATA_HOME/icons/hicolor/<size>x<size>/apps/mjgui.png and
scalable/apps/mjgui.svg), each file atomically.  The entry starts this very
installation (its `mjgui` script, or this Python with -m mjgui), so a venv or
pipx install works from the menu.

A file already there that mjgui did not write is never replaced: the entry
carries a marker line, and an icon file is replaced only when it is identical
or the entry beside it is mjgui's.  Removing the files listed undoes it.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from mjgui import app_icon
from mjgui.atomic import write_atomic

MARKER = "X-Mjgui-Written-By=mjgui --install-desktop-entry"
ENTRY_NAME = f"{app_icon.NAME}.desktop"


class DesktopEntryError(Exception):
    """Why the entry was not installed, in one sentence."""


def data_home() -> Path:
    """$XDG_DATA_HOME if set to an absolute path (the spec ignores a relative one), else ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def _exec_quote(arg: str) -> str:
    """One argument of an Exec line (Desktop Entry Specification, "The Exec key"):
    quoted when it holds a reserved character, with ", `, $ and \\ escaped inside; then
    a string value's escaping (\\ doubled) and % doubled (no field codes)."""
    if any(c in arg for c in "\n\r\t"):
        raise DesktopEntryError(f"cannot start {arg!r} from a desktop entry: it holds a control character")
    reserved = set(' \t"\'\\><~|&;$*?#()`')
    if any(c in reserved for c in arg):
        arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return arg.replace("\\", "\\\\").replace("%", "%%")


def command() -> list[str]:
    """How the menu starts this installation: its console script when there is one
    beside this Python (pip, pipx), else this Python with -m mjgui."""
    here = Path(sys.executable).parent
    for name in ("mjgui", "mjgui.exe"):
        script = here / name
        if script.is_file() and os.access(script, os.X_OK):
            return [str(script)]
    return [sys.executable, "-m", "mjgui"]


def entry_text(argv: list[str]) -> str:
    """The .desktop file for starting `argv`."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=mjgui",
        "GenericName=Mahjong hand trainer",
        "Comment=Riichi mahjong trainer: shanten, ukeire, waits, scoring, expected values and drills",
        "Exec=" + " ".join(_exec_quote(a) for a in argv),
        f"Icon={app_icon.NAME}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=mahjong;riichi;nanikiru;shanten;",
        f"StartupWMClass={app_icon.NAME}",
        MARKER,
        "",
    ])


def _planned(home: Path) -> list[tuple[Path, bytes]]:
    """(target, content) of each icon file, from the package's icons."""
    theme = home / "icons" / "hicolor"
    files = [(theme / "scalable" / "apps" / f"{app_icon.NAME}.svg", app_icon.svg_path())]
    files += [(theme / f"{s}x{s}" / "apps" / f"{app_icon.NAME}.png", app_icon.png_path(s)) for s in app_icon.SIZES]
    out = []
    for target, source in files:
        try:
            out.append((target, source.read_bytes()))
        except OSError as error:
            raise DesktopEntryError(f"the app's icon is missing from this installation ({source}): {error.strerror}")
    return out


def _ours(path: Path) -> bool:
    """Whether the existing entry at `path` was written by mjgui (its marker line)."""
    try:
        with open(path, "rb") as f:
            head = f.read(64 * 1024)
    except OSError:
        return False
    return MARKER.encode() in head.splitlines()


def install(home: Path | None = None, argv: list[str] | None = None) -> list[Path]:
    """Write the entry and the icons; the paths written.  DesktopEntryError, and
    nothing written, when a file mjgui did not write stands in the way."""
    home = data_home() if home is None else home
    entry = home / "applications" / ENTRY_NAME
    text = entry_text(command() if argv is None else argv).encode("utf-8")
    icons = _planned(home)
    entry_ours = not entry.is_symlink() and entry.is_file() and _ours(entry)
    if (entry.exists() or entry.is_symlink()) and not entry_ours:
        raise DesktopEntryError(f"{entry} exists and was not written by mjgui: not replaced (move it away first)")
    for target, data in icons:
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise DesktopEntryError(f"{target} is not a plain file: not replaced (move it away first)")
        if target.exists() and not entry_ours and target.read_bytes() != data:
            raise DesktopEntryError(f"{target} exists and was not written by mjgui: not replaced (move it away first)")
    written = []
    # icons first: a menu that sees the entry finds its icon
    for target, data in icons + [(entry, text)]:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, data)
        except OSError as error:
            raise DesktopEntryError(f"cannot write {target}: {error.strerror or error}")
        written.append(target)
    return written


def run() -> int:
    """The command: 0 when installed, 1 with one line on stderr when not."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        print("mjgui: --install-desktop-entry is for Linux desktops (freedesktop.org menus); on Windows "
              "and macOS start mjgui from a terminal or make a shortcut to it (docs/packaging.md)",
              file=sys.stderr)
        return 1
    try:
        written = install()
    except DesktopEntryError as error:
        print(f"mjgui: --install-desktop-entry: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    print("mjgui is in the application menu (a menu that does not show it yet will after logging in again)")
    return 0
