#!/usr/bin/env python3
"""Generate mjgui's application icon: an upright tile with a one-of-circles face.

Writes mjgui/assets/icons/mjgui.svg (written from the geometry below) and
mjgui-<size>.png for each size in mjgui.app_icon.SIZES (the SVG rendered by Qt's
SVG renderer, so it needs PySide6).  Deterministic: a rerun writes the same SVG,
and the same PNGs with the same Qt.

    python3 tools/gen_icon.py            # writes mjgui/assets/icons/
    python3 tools/gen_icon.py --check    # write nothing; exit 1 if the SVG is out of date
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from mjgui.app_icon import ICON_DIR, NAME, SIZES  # noqa: E402

VIEW = 256
# the tile: its back (green) shows below and right of the face, like a tile stood up
FACE = dict(x=36, y=14, w=172, h=214, r=24)
DEPTH = 14
_APPS: list = []                  # the application the PNGs are painted under, kept alive
COLOURS = {"back": "#1e7a4f", "back_edge": "#14573a", "face": "#fbf6ea", "face_edge": "#cdbf9f",
           "blue": "#1f4f8f", "red": "#c8322d", "green": "#2e8b57"}


def _rect(x: float, y: float, w: float, h: float, r: float, fill: str, stroke: str | None = None,
          width: float = 0) -> str:
    line = f' stroke="{stroke}" stroke-width="{width:g}"' if stroke else ""
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{r:g}" fill="{fill}"{line}/>'


def _circle(cx: float, cy: float, r: float, fill: str) -> str:
    return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}"/>'


def svg() -> str:
    f = FACE
    parts = [_rect(f["x"] + DEPTH / 2, f["y"] + DEPTH, f["w"], f["h"], f["r"], COLOURS["back"],
                   COLOURS["back_edge"], 3),
             _rect(f["x"], f["y"], f["w"], f["h"], f["r"], COLOURS["face"], COLOURS["face_edge"], 3)]
    cx, cy = f["x"] + f["w"] / 2, f["y"] + f["h"] / 2
    # the one of circles: rings of blue, red and green around a small centre
    outer = 0.38 * f["w"]
    for share, colour in ((1.0, "blue"), (0.86, "face"), (0.74, "red"), (0.52, "face"),
                          (0.40, "green"), (0.18, "face")):
        parts.append(_circle(cx, cy, round(outer * share, 2), COLOURS[colour]))
    # eight dots on the ring between blue and red, as on the printed tile
    for k in range(8):
        angle = math.pi / 8 + k * math.pi / 4
        ring = outer * 0.93
        parts.append(_circle(round(cx + ring * math.cos(angle), 2), round(cy + ring * math.sin(angle), 2),
                             round(outer * 0.05, 2), COLOURS["face"]))
    body = "\n  ".join(parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{VIEW}" height="{VIEW}" '
            f'viewBox="0 0 {VIEW} {VIEW}">\n  {body}\n</svg>\n')


def render_png(svg_file: Path, size: int, out: Path) -> None:
    """The SVG drawn at size x size pixels on transparency, saved as PNG."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    if QGuiApplication.instance() is None:          # Qt paints only under an application
        _APPS.append(QGuiApplication([]))
    renderer = QSvgRenderer(str(svg_file))
    if not renderer.isValid():
        raise ValueError(f"cannot read {svg_file}")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    if not image.save(str(out), "PNG"):
        raise OSError(f"cannot write {out}")


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    svg_file = folder / f"{NAME}.svg"
    svg_file.write_text(svg(), encoding="utf-8")
    written = [svg_file]
    for size in SIZES:
        out = folder / f"{NAME}-{size}.png"
        render_png(svg_file, size, out)
        written.append(out)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ICON_DIR, help="output folder (default: mjgui/assets/icons)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if the SVG is out of date")
    args = ap.parse_args(argv)
    if args.check:
        current = args.out / f"{NAME}.svg"
        if not current.is_file() or current.read_text(encoding="utf-8") != svg():
            print(f"{current} is out of date: run python3 tools/gen_icon.py", file=sys.stderr)
            return 1
        return 0
    for path in write(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
