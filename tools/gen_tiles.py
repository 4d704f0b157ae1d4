#!/usr/bin/env python3
"""Generate mjgui's SVG mahjong tile set (light and dark themes).

Writes ``<out>/<theme>/<name>.svg`` for the 34 tile kinds (1m..9m, 1p..9p,
1s..9s, 1z..7z = East South West North White Green Red), the three red fives
(0m, 0p, 0s) and the tile back (back.svg), for the themes ``light`` and
``dark``.

Every CJK character and every index digit/letter is written as an SVG
``<path>`` outline taken from a font at generation time, so the SVGs render
the same on a machine without any CJK font.  Fonts used by default:

* CJK glyphs: Noto Serif CJK JP Bold (Debian package ``fonts-noto-cjk``,
  SIL Open Font License 1.1), /usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc
* index digits and E/S/W/N letters: DejaVu Sans Bold (``fonts-dejavu-core``,
  Bitstream Vera licence + public domain changes),
  /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

Only fontTools is needed to generate.  The output is deterministic: the same
fonts give the same bytes.  ``--sheet PATH`` additionally renders a contact
sheet PNG of all tiles (needs PySide6; ``--sheet-only`` skips generation).

    python3 tools/gen_tiles.py                       # writes mjgui/assets/tiles/
    python3 tools/gen_tiles.py --sheet /tmp/sheet.png
"""

from __future__ import annotations

import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "mjgui", "assets", "tiles"))
DEFAULT_CJK_FONT = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc"
DEFAULT_CJK_INDEX = 0  # face 0 of the collection = Noto Serif CJK JP Bold
DEFAULT_INDEX_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
_APPS: list = []                  # the Qt application the contact sheet paints under, kept alive

W, H = 60, 80                     # viewBox
FACE_X, FACE_Y, FACE_W, FACE_H = 0.5, 0.5, 58.0, 75.0
CX = FACE_X + FACE_W / 2          # 29.5: horizontal centre of the face
ART_TOP, ART_BOT = 13.0, 72.0     # art area below the index strip
CY = (ART_TOP + ART_BOT) / 2      # 42.5

THEMES = {
    "light": {
        "face_hi": "#fffcf2", "face_lo": "#efe6cf", "border": "#c9b994",
        "base": "#2b7f65", "base_lo": "#1d5f4b", "shadow": "#000000",
        "shadow_op": ".22",
        "ink": "#1b1f33", "red": "#c41e2a", "green": "#18793a",
        "blue": "#1d4a9a", "index": "#5e5442", "marker": "#e0202c",
        "back_hi": "#3a9c7e", "back_lo": "#25735b", "back_line": "#a9dcc9",
        "bird_beak": "#d9822b",
    },
    "dark": {
        "face_hi": "#3a4552", "face_lo": "#2a323d", "border": "#56657a",
        "base": "#4a3f86", "base_lo": "#342c62", "shadow": "#000000",
        "shadow_op": ".4",
        "ink": "#ece6d6", "red": "#ff6a6a", "green": "#5fd68c",
        "blue": "#79aaff", "index": "#c3cbd6", "marker": "#ff4d4d",
        "back_hi": "#5b4fa0", "back_lo": "#3d3474", "back_line": "#b7adec",
        "bird_beak": "#f0a050",
    },
}

NUMERALS = "一二三四五六七八九"
WINDS = "東南西北"
WIND_LETTERS = "ESWN"


def fmt(v: float) -> str:
    """Number to SVG text, rounded to 1 decimal, as short as possible."""
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    if s in ("-0", "-0.0"):
        return "0"
    if s.startswith("0."):
        s = s[1:]
    elif s.startswith("-0."):
        s = "-" + s[2:]
    return s


class GlyphSource:
    """Glyph outlines of one font face, as SVG path data."""

    def __init__(self, path: str, index: int = 0):
        from fontTools.ttLib import TTFont

        if path.lower().endswith((".ttc", ".otc")):
            self.font = TTFont(path, fontNumber=index, lazy=True)
        else:
            self.font = TTFont(path, lazy=True)
        self.path = path
        self.glyphs = self.font.getGlyphSet()
        self.cmap = self.font.getBestCmap()

    def name(self) -> str:
        names = self.font["name"]
        return f"{names.getDebugName(4)} ({names.getDebugName(5)})"

    def _glyph(self, ch: str):
        cp = ord(ch)
        if cp not in self.cmap:
            raise SystemExit(f"font {self.path} has no glyph for {ch!r}")
        return self.glyphs[self.cmap[cp]]

    def bounds(self, chars: str) -> tuple[float, float, float, float]:
        """Union of the outline bounding boxes of ``chars`` (font units)."""
        from fontTools.pens.boundsPen import BoundsPen

        box = None
        for ch in chars:
            pen = BoundsPen(self.glyphs)
            self._glyph(ch).draw(pen)
            b = pen.bounds
            if b is None:
                continue
            if box is None:
                box = b
            else:
                box = (min(box[0], b[0]), min(box[1], b[1]),
                       max(box[2], b[2]), max(box[3], b[3]))
        assert box is not None
        return box

    def path_d(self, ch: str, sx: float, sy: float, dx: float, dy: float) -> str:
        """Path data of ``ch`` mapped by x' = sx*x + dx, y' = dy - sy*y."""
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.pens.transformPen import TransformPen

        pen = SVGPathPen(self.glyphs, ntos=fmt)
        self._glyph(ch).draw(TransformPen(pen, (sx, 0, 0, -sy, dx, dy)))
        return pen.getCommands()


def fit(ref: tuple[float, float, float, float], x: float, y: float,
        w: float, h: float, max_stretch: float = 1.0, align: str = "center"):
    """Transform (sx, sy, dx, dy) putting font box ``ref`` into a target box.

    The scale is uniform up to ``max_stretch`` (ratio between the larger and
    the smaller of sx, sy); the result is centred (or left-aligned) in the box.
    """
    bw, bh = ref[2] - ref[0], ref[3] - ref[1]
    sx, sy = w / bw, h / bh
    if sx > sy * max_stretch:
        sx = sy * max_stretch
    elif sy > sx * max_stretch:
        sy = sx * max_stretch
    gw, gh = bw * sx, bh * sy
    ox = x + (w - gw) / 2 if align == "center" else x
    oy = y + (h - gh) / 2
    # font x=ref[0] -> ox ; font y=ref[3] (top) -> oy
    return sx, sy, ox - ref[0] * sx, oy + ref[3] * sy


class Art:
    """Builds the SVG documents of one theme."""

    def __init__(self, theme: dict, cjk: GlyphSource, idx: GlyphSource):
        self.t = theme
        self.cjk = cjk
        self.idx = idx
        self.num_ref = cjk.bounds(NUMERALS)
        self.man_ref = cjk.bounds("萬")
        self.hon_ref = cjk.bounds(WINDS + "發中")
        self.idx_ref = idx.bounds("0123456789" + WIND_LETTERS)

    # ----------------------------------------------------------- frame
    def doc(self, body: list[str], back: bool = False) -> str:
        t = self.t
        hi, lo = (t["back_hi"], t["back_lo"]) if back else (t["face_hi"], t["face_lo"])
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
            f'width="{W}" height="{H}">',
            '<defs><linearGradient id="f" x1="0" y1="0" x2=".35" y2="1">'
            f'<stop offset="0" stop-color="{hi}"/>'
            f'<stop offset="1" stop-color="{lo}"/></linearGradient></defs>',
            # drop shadow, thickness (base colour), face
            f'<rect x="1.3" y="1.6" width="58.2" height="78.2" rx="6.5" '
            f'fill="{t["shadow"]}" opacity="{t["shadow_op"]}"/>',
            f'<rect x=".5" y=".5" width="58" height="78.5" rx="6" fill="{t["base_lo"]}"/>',
            f'<rect x=".5" y=".5" width="58" height="77" rx="6" fill="{t["base"]}"/>',
            f'<rect x="{fmt(FACE_X)}" y="{fmt(FACE_Y)}" width="{fmt(FACE_W)}" '
            f'height="{fmt(FACE_H)}" rx="6" fill="url(#f)" '
            f'stroke="{t["border"]}" stroke-width=".7"/>',
        ]
        out += body
        out.append("</svg>")
        return "\n".join(out) + "\n"

    def index(self, ch: str, color: str | None = None) -> str:
        sx, sy, dx, dy = fit(self.idx_ref, 4.3, 3.4, 20, 9.2, align="left")
        # left-align each character on its own left side bearing
        b = self.idx.bounds(ch)
        dx = 4.3 - b[0] * sx
        d = self.idx.path_d(ch, sx, sy, dx, dy)
        return f'<path fill="{color or self.t["index"]}" d="{d}"/>'

    def marker(self) -> str:
        return (f'<circle cx="52.6" cy="7.6" r="2.7" fill="{self.t["marker"]}"/>'
                f'<circle cx="52" cy="7" r=".8" fill="#fff" opacity=".6"/>')

    def glyph(self, ch: str, ref, box, color: str, stretch: float) -> str:
        sx, sy, dx, dy = fit(ref, *box, max_stretch=stretch)
        return f'<path fill="{color}" d="{self.cjk.path_d(ch, sx, sy, dx, dy)}"/>'

    # ----------------------------------------------------------- man
    def man(self, n: int, red: bool) -> str:
        t = self.t
        ink = t["red"] if red else t["ink"]
        body = [self.index(str(n), t["red"] if red else None)]
        body.append(self.glyph(NUMERALS[n - 1], self.num_ref,
                               (8.5, 13.5, 42, 25), ink, 1.6))
        body.append(self.glyph("萬", self.man_ref, (9, 42.5, 41, 30.5), t["red"], 1.35))
        if red:
            body.append(self.marker())
        return self.doc(body)

    # ----------------------------------------------------------- pin
    def pip(self, x: float, y: float, r: float, c: str) -> str:
        face = self.t["face_hi"]
        return (f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}" fill="{c}"/>'
                f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r * .64)}" fill="none" '
                f'stroke="{face}" stroke-width="{fmt(max(r * .15, .6))}"/>'
                f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r * .2)}" fill="{face}"/>')

    def pin1(self) -> list[str]:
        t = self.t
        face = t["face_hi"]
        x, y = CX, CY
        out = [
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="22" fill="{t["green"]}"/>',
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="19.6" fill="{face}"/>',
        ]
        for i in range(16):
            a = 2 * math.pi * i / 16
            out.append(f'<circle cx="{fmt(x + 16.2 * math.cos(a))}" '
                       f'cy="{fmt(y + 16.2 * math.sin(a))}" r="2.3" fill="{t["blue"]}"/>')
        out += [
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="12.2" fill="{t["red"]}"/>',
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="8.6" fill="none" '
            f'stroke="{face}" stroke-width="1.3"/>',
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="5" fill="{t["green"]}"/>',
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="2" fill="{face}"/>',
        ]
        return out

    def pin(self, n: int, red: bool) -> str:
        t = self.t
        B, G, R = t["blue"], t["green"], t["red"]
        body = [self.index(str(n), R if red else None)]
        x0, x1 = CX - 11.5, CX + 11.5
        if n == 1:
            body += self.pin1()
        else:
            layouts = {
                2: [(CX, 28.5, 10.8, G), (CX, 57, 10.8, B)],
                3: [(CX - 13.5, 23.5, 9, B), (CX, CY, 9, R), (CX + 13.5, 61.5, 9, G)],
                4: [(x0, 29.5, 10, B), (x1, 29.5, 10, G),
                    (x0, 56, 10, G), (x1, 56, 10, B)],
                5: [(CX - 13.5, 23.3, 8.7, B), (CX + 13.5, 23.3, 8.7, G), (CX, CY, 8.7, R),
                    (CX - 13.5, 61.7, 8.7, G), (CX + 13.5, 61.7, 8.7, B)],
                6: [(CX - 10.5, 21.5, 8.2, G), (CX + 10.5, 21.5, 8.2, G),
                    (CX - 10.5, 45.5, 8.2, R), (CX + 10.5, 45.5, 8.2, R),
                    (CX - 10.5, 63.3, 8.2, R), (CX + 10.5, 63.3, 8.2, R)],
                7: [(CX - 14.5, 19, 7, G), (CX, 23.5, 7, G), (CX + 14.5, 28, 7, G),
                    (CX - 10, 48, 7.3, R), (CX + 10, 48, 7.3, R),
                    (CX - 10, 64, 7.3, R), (CX + 10, 64, 7.3, R)],
                8: [(CX + dx, y, 6.9, B) for y in (20.5, 35.5, 50.5, 65.5)
                    for dx in (-9.5, 9.5)],
                9: [(CX + dx, y, 7.1, c) for y, c in ((23.5, B), (CY, R), (61.5, G))
                    for dx in (-15, 0, 15)],
            }
            for x, y, r, c in layouts[n]:
                body.append(self.pip(x, y, r, R if red else c))
        if red:
            body.append(self.marker())
        return self.doc(body)

    # ----------------------------------------------------------- sou
    def stick(self, x: float, y: float, length: float, c: str,
              angle: float = 0.0, w: float = 6.6) -> str:
        face = self.t["face_hi"]
        top, hw = y - length / 2, w / 2
        parts = [
            f'<rect x="{fmt(x - hw)}" y="{fmt(top)}" width="{fmt(w)}" '
            f'height="{fmt(length)}" rx="{fmt(w * .4)}" fill="{c}"/>',
            # the node in the middle and the central groove
            f'<rect x="{fmt(x - hw - .5)}" y="{fmt(y - 1.1)}" width="{fmt(w + 1)}" '
            f'height="2.2" rx="1" fill="{c}"/>',
            f'<path d="M{fmt(x)} {fmt(top + 2)}V{fmt(y - 1.8)}M{fmt(x)} {fmt(y + 1.8)}'
            f'V{fmt(top + length - 2)}M{fmt(x - hw + .4)} {fmt(y)}H{fmt(x + hw - .4)}" '
            f'stroke="{face}" stroke-width=".8" fill="none"/>',
        ]
        if angle:
            return (f'<g transform="rotate({fmt(angle)} {fmt(x)} {fmt(y)})">'
                    + "".join(parts) + "</g>")
        return "".join(parts)

    def bird(self) -> list[str]:
        """1s: a stylised peacock-like bird facing left."""
        t = self.t
        G, B, R, face = t["green"], t["blue"], t["red"], t["face_hi"]
        return [
            # tail feathers fanning up-right
            f'<path fill="{B}" d="M33 47C38 35 44 24 52 17C52 29 47 41 37 51Z"/>',
            f'<path fill="{G}" d="M34 50C42 43 49 38 55 36C52 46 45 52 37 54Z"/>',
            f'<circle cx="49" cy="24" r="2.4" fill="{R}"/>',
            f'<circle cx="50.5" cy="41.5" r="2.2" fill="{R}"/>',
            # body
            f'<path fill="{G}" d="M13 47C12 37 21 33 28 36C35 39 40 46 38 54'
            f'C36 62 25 64 19 60C15 57 13.5 52 13 47Z"/>',
            # wing
            f'<path fill="{B}" d="M20 46C25 42 32 43 36 49C33 55 26 57 21 54Z"/>',
            f'<path fill="none" stroke="{face}" stroke-width=".8" '
            f'd="M23 48C27 47 30 48 33 50M23 51C26 51 29 52 31 53"/>',
            # neck and head
            f'<path fill="{G}" d="M15 42C13 34 13 27 18 23L24 25C21 30 21 36 23 41Z"/>',
            f'<circle cx="20" cy="23" r="5" fill="{G}"/>',
            f'<circle cx="18.6" cy="22" r="1.5" fill="{face}"/>',
            f'<circle cx="18.4" cy="22" r=".7" fill="{t["ink"]}"/>',
            # beak and crest
            f'<path fill="{t["bird_beak"]}" d="M15.5 21.5L9.5 24.5L15.6 25.6Z"/>',
            f'<path fill="{R}" d="M19 18.5C19 15.5 21 14 23.5 14C22.5 15.5 22.5 17 23.5 19Z"/>',
            # legs
            f'<path fill="none" stroke="{R}" stroke-width="1.5" stroke-linecap="round" '
            f'd="M22 61L20.5 68M20.5 68H16.5M29 61L30 68M30 68H26"/>',
        ]

    def sou(self, n: int, red: bool) -> str:
        t = self.t
        G, R = t["green"], t["red"]
        body = [self.index(str(n), R if red else None)]
        rows2 = (28.3, 57.2)          # two rows of long sticks
        rows3 = (21.5, 42.3, 63.1)    # three rows of short sticks
        L2, L3 = 25.5, 17
        sticks: list[tuple] = []
        if n == 1:
            body += self.bird()
        elif n == 2:
            sticks = [(CX, y, L2, G) for y in rows2]
        elif n == 3:
            sticks = [(CX, rows2[0], L2, G),
                      (CX - 9, rows2[1], L2, G), (CX + 9, rows2[1], L2, G)]
        elif n == 4:
            sticks = [(CX + dx, y, L2, G) for y in rows2 for dx in (-9, 9)]
        elif n == 5:
            sticks = [(CX + dx, y, L2, G) for y in rows2 for dx in (-14, 14)]
            sticks.append((CX, CY, L2, R))
        elif n == 6:
            sticks = [(CX + dx, y, L2, G) for y in rows2 for dx in (-14, 0, 14)]
        elif n == 7:
            sticks = [(CX, rows3[0], L3, R)]
            sticks += [(CX + dx, y, L3, G) for y in rows3[1:] for dx in (-14, 0, 14)]
        elif n == 8:
            a = 22
            for y, sgn in ((rows2[0], 1), (rows2[1], -1)):
                sticks += [(CX - 17.5, y, L2, G), (CX + 17.5, y, L2, G),
                           (CX - 6.6, y, L2, G, sgn * a), (CX + 6.6, y, L2, G, -sgn * a)]
        elif n == 9:
            sticks = [(CX + dx, y, L3, R if dx == 0 else G)
                      for y in rows3 for dx in (-14, 0, 14)]
        for s in sticks:
            x, y, length, c = s[:4]
            angle = s[4] if len(s) > 4 else 0.0
            w = 5.8 if n == 8 else 6.6
            body.append(self.stick(x, y, length, R if red else c, angle, w))
        if red:
            body.append(self.marker())
        return self.doc(body)

    # ----------------------------------------------------------- honours
    def honor(self, n: int) -> str:
        t = self.t
        body: list[str] = []
        box = (6.5, 15, 46, 55)
        if n <= 4:
            body.append(self.index(WIND_LETTERS[n - 1]))
            body.append(self.glyph(WINDS[n - 1], self.hon_ref, box, t["ink"], 1.25))
        elif n == 5:
            c = t["blue"]
            body.append(f'<rect x="12" y="16" width="35" height="52" rx="2.5" '
                        f'fill="none" stroke="{c}" stroke-width="3.2"/>')
            body.append(f'<rect x="16.3" y="20.3" width="26.4" height="43.4" rx="1" '
                        f'fill="none" stroke="{c}" stroke-width=".9"/>')
        elif n == 6:
            body.append(self.glyph("發", self.hon_ref, box, t["green"], 1.25))
        else:
            body.append(self.glyph("中", self.hon_ref, box, t["red"], 1.25))
        return self.doc(body)

    # ----------------------------------------------------------- back
    def back(self) -> str:
        t = self.t
        ln = t["back_line"]
        body = [
            f'<rect x="4" y="4" width="51" height="68" rx="4" fill="none" '
            f'stroke="{ln}" stroke-width=".8" opacity=".7"/>',
            f'<path fill="none" stroke="{ln}" stroke-width="1.1" opacity=".8" '
            f'd="M29.5 24L45 38L29.5 52L14 38Z"/>',
            f'<path fill="{ln}" opacity=".8" d="M29.5 30.5L37 38L29.5 45.5L22 38Z"/>',
            f'<circle cx="29.5" cy="38" r="2.3" fill="{t["back_lo"]}"/>',
        ]
        for x, y in ((10, 10), (49, 10), (10, 66), (49, 66)):
            body.append(f'<circle cx="{x}" cy="{y}" r="1.4" fill="{ln}" opacity=".7"/>')
        return self.doc(body, back=True)

    # ----------------------------------------------------------- all
    def tiles(self) -> list[tuple[str, str]]:
        out = []
        for n in range(1, 10):
            out.append((f"{n}m", self.man(n, False)))
        for n in range(1, 10):
            out.append((f"{n}p", self.pin(n, False)))
        for n in range(1, 10):
            out.append((f"{n}s", self.sou(n, False)))
        for n in range(1, 8):
            out.append((f"{n}z", self.honor(n)))
        out.append(("0m", self.man(5, True)))
        out.append(("0p", self.pin(5, True)))
        out.append(("0s", self.sou(5, True)))
        out.append(("back", self.back()))
        return out


def generate(out_dir: str, cjk_font: str, cjk_index: int, index_font: str) -> int:
    cjk = GlyphSource(cjk_font, cjk_index)
    idx = GlyphSource(index_font)
    count = 0
    for theme in sorted(THEMES):
        art = Art(THEMES[theme], cjk, idx)
        tdir = os.path.join(out_dir, theme)
        os.makedirs(tdir, exist_ok=True)
        for name, svg in art.tiles():
            with open(os.path.join(tdir, name + ".svg"), "w", encoding="utf-8",
                      newline="\n") as fh:
                fh.write(svg)
            count += 1
    print(f"wrote {count} SVGs to {out_dir} (CJK: {cjk.name()}; index: {idx.name()})")
    return count


SHEET_ROWS = [
    [f"{n}m" for n in range(1, 10)] + ["0m"],
    [f"{n}p" for n in range(1, 10)] + ["0p"],
    [f"{n}s" for n in range(1, 10)] + ["0s"],
    [f"{n}z" for n in range(1, 8)] + ["back"],
]


def contact_sheet(tiles_dir: str, path: str) -> None:
    """Render all tiles of both themes at 60x80, 30x40 and 24x32 into a PNG."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    if QGuiApplication.instance() is None:     # painting needs an application object
        _APPS.append(QGuiApplication(sys.argv[:1]))
    sizes = [(60, 80), (30, 40), (24, 32)]
    gap, margin = 6, 12
    themes = sorted(THEMES, reverse=True)  # light, dark
    cols = max(len(r) for r in SHEET_ROWS)
    block_w = [cols * (w + gap) - gap for w, _ in sizes]
    block_h = [len(SHEET_ROWS) * (h + gap) - gap for _, h in sizes]
    half = max(block_w) + 2 * margin      # one theme per half, side by side
    width = 2 * half
    height = sum(bh + 2 * margin for bh in block_h) + margin
    img = QImage(width, height, QImage.Format_ARGB32)
    img.fill(QColor("#ffffff"))
    painter = QPainter(img)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.SmoothPixmapTransform)
    table = {"light": QColor("#3f7d5a"), "dark": QColor("#1b2027")}
    for ti, theme in enumerate(themes):
        painter.fillRect(ti * half, 0, half, height, table[theme])
        renderers = {}
        for row in SHEET_ROWS:
            for name in row:
                f = os.path.join(tiles_dir, theme, name + ".svg")
                r = QSvgRenderer(f)
                if not r.isValid():
                    raise SystemExit(f"invalid SVG: {f}")
                renderers[name] = r
        y = margin
        for (w, h), bh in zip(sizes, block_h):
            for ri, row in enumerate(SHEET_ROWS):
                for ci, name in enumerate(row):
                    x = ti * half + margin + ci * (w + gap)
                    renderers[name].render(painter, QRectF(x, y + ri * (h + gap), w, h))
            y += bh + 2 * margin
    painter.end()
    if not img.save(path):
        raise SystemExit(f"could not save {path}")
    print(f"wrote contact sheet {path} ({width}x{height})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT,
                    help="output directory (default: mjgui/assets/tiles)")
    ap.add_argument("--font", default=DEFAULT_CJK_FONT,
                    help="CJK font file (.otf/.ttf/.ttc) for the glyph outlines")
    ap.add_argument("--font-index", type=int, default=DEFAULT_CJK_INDEX,
                    help="face number inside a .ttc collection (0 = JP)")
    ap.add_argument("--index-font", default=DEFAULT_INDEX_FONT,
                    help="Latin font for the corner digits and wind letters")
    ap.add_argument("--sheet", metavar="PATH",
                    help="also render a contact-sheet PNG (needs PySide6)")
    ap.add_argument("--sheet-only", action="store_true",
                    help="with --sheet: do not regenerate, only render --out")
    args = ap.parse_args(argv)
    if not args.sheet_only:
        generate(args.out, args.font, args.font_index, args.index_font)
    if args.sheet:
        contact_sheet(args.out, args.sheet)
    elif args.sheet_only:
        ap.error("--sheet-only needs --sheet PATH")
    return 0


if __name__ == "__main__":
    sys.exit(main())
