"""The bundled Japanese font (mjgui/assets/fonts/, made by tools/gen_font_subset.py)
covers every character of the UI that DejaVu Sans cannot draw, and
mjgui.ui.fonts.install_fonts puts it behind the application font.

Needs only PySide6.  When this fails after you added Japanese text, run
``python3 tools/gen_font_subset.py`` and commit the new font.
"""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QFont, QFontDatabase, QFontInfo, QRawFont, QTextLayout  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "mjgui"
FONT_DIR = ROOT / "mjgui" / "assets" / "fonts"
BUNDLED = FONT_DIR / "mjgui-ja.otf"
FAMILY = "mjgui Noto Sans JP"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
REGENERATE = "run `python3 tools/gen_font_subset.py` and commit mjgui/assets/fonts/"
SAMPLE = "向聴 受け入れ"

# Blocks that need a CJK font (used when DejaVu Sans is not on the machine).
CJK_RANGES = (
    (0x2E80, 0x2FDF),    # CJK radicals, Kangxi radicals
    (0x3000, 0x30FF),    # CJK symbols and punctuation, hiragana, katakana
    (0x31F0, 0x31FF),    # katakana phonetic extensions
    (0x3200, 0x33FF),    # enclosed CJK, CJK compatibility
    (0x3400, 0x4DBF),    # CJK extension A
    (0x4E00, 0x9FFF),    # CJK unified ideographs
    (0xF900, 0xFAFF),    # CJK compatibility ideographs
    (0xFE30, 0xFE4F),    # CJK compatibility forms
    (0xFF00, 0xFFEF),    # half-width and full-width forms
    (0x20000, 0x3FFFF),  # CJK extensions B and later
)
NOT_DRAWN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # same rule as the generator


def is_cjk(ch: str) -> bool:
    return any(lo <= ord(ch) <= hi for lo, hi in CJK_RANGES)


def has(raw: QRawFont, ch: str) -> bool:
    # pass the code point: PySide6 6.x converts a 1-character str to the QChar overload wrongly
    # (supportsCharacter("聴") is False even for a font that has it)
    return raw.supportsCharacter(ord(ch))


def source_chars() -> dict[str, str]:
    """Every drawable non-ASCII character in mjgui/**/*.py -> the first file using it."""
    found: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.py")):
        for ch in path.read_text(encoding="utf-8"):
            if ord(ch) > 0x7F and ch not in found and unicodedata.category(ch) not in NOT_DRAWN:
                found[ch] = str(path.relative_to(ROOT))
    return found


@pytest.fixture(scope="module")
def app():
    return QApplication.instance() or QApplication([])


@pytest.fixture(scope="module")
def bundled(app) -> QRawFont:
    assert BUNDLED.is_file(), f"{BUNDLED} is missing: {REGENERATE}"
    raw = QRawFont(str(BUNDLED), 12)
    assert raw.isValid(), f"Qt cannot load {BUNDLED}"
    return raw


def test_font_files_load_and_are_small(app):
    assert BUNDLED in sorted(FONT_DIR.glob("*.[ot]tf"))      # the glob install_fonts uses
    assert (FONT_DIR / "OFL.txt").is_file(), "the OFL requires the licence to ship with the font"
    assert BUNDLED.stat().st_size < 1_500_000
    font_id = QFontDatabase.addApplicationFont(str(BUNDLED))
    assert font_id >= 0
    assert QFontDatabase.applicationFontFamilies(font_id) == [FAMILY]


def test_every_source_character_is_drawable(bundled):
    chars = source_chars()
    if DEJAVU.is_file():
        dejavu = QRawFont(str(DEJAVU), 12)
        assert dejavu.isValid()
        need = {ch: f for ch, f in chars.items() if not has(dejavu, ch)}
    else:   # no DejaVu to compare with: at least every CJK character must be bundled
        need = {ch: f for ch, f in chars.items() if is_cjk(ch)}
    assert any(is_cjk(ch) for ch in need), "no Japanese text found in mjgui/ - is the scan broken?"
    missing = {ch: f for ch, f in need.items() if not has(bundled, ch)}
    assert not missing, (
        f"{len(missing)} characters have no glyph in {BUNDLED.name}; {REGENERATE}: "
        + ", ".join(f"{ch} U+{ord(ch):04X} ({f})" for ch, f in sorted(missing.items())))


def test_base_set_is_bundled(bundled):
    """Kana, full-width forms and common mahjong kanji are there before any UI text uses them."""
    base = [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x30A1, 0x30FB)]
    base += [chr(c) for c in range(0xFF01, 0xFF5F)]         # ！ … ～, ０-９, Ａ-Ｚ, ａ-ｚ
    base += list("、。・ー「」『』【】〜々〇")
    base += list("萬筒索東南西北白發中向聴受入改良待立直鳴役牌打切残枚種和了形七対子国士無双両面嵌張辺碰単騎延")
    missing = [ch for ch in base if not has(bundled, ch)]
    assert not missing, f"base characters missing from {BUNDLED.name}: {''.join(missing)}; {REGENERATE}"


def test_install_fonts_appends_the_family(app):
    from mjgui.ui.fonts import install_fonts
    families = install_fonts(app)
    assert FAMILY in families
    assert FAMILY in QFontDatabase.families()
    assert app.font().families()[-len(families):] == families   # fallbacks behind the UI font
    assert app.font().families()[-1] == FAMILY
    assert install_fonts(app) == families                      # idempotent: added once
    assert app.font().families().count(FAMILY) == 1


def test_japanese_label_text_is_not_tofu(app):
    """What a QLabel with the app font would draw for SAMPLE: real glyphs, from the bundled font."""
    from mjgui.ui.fonts import install_fonts
    install_fonts(app)
    font = app.font()
    text = SAMPLE.replace(" ", "")

    # the bundled family resolves to the bundled file (not a substitute) and has real outlines
    ours = QFont(FAMILY)
    ours.setStyleStrategy(QFont.StyleStrategy.NoFontMerging)
    assert QFontInfo(ours).family() == FAMILY
    raw = QRawFont.fromFont(ours)
    assert raw.familyName() == FAMILY
    for ch in text:
        assert has(raw, ch), ch
    glyphs = raw.glyphIndexesForString(text)
    assert len(glyphs) == len(text) and 0 not in glyphs      # glyph 0 is .notdef, the tofu box
    assert all(not raw.pathForGlyph(g).isEmpty() for g in glyphs)

    # each character is drawable by some family of the app font, in the order Qt falls back
    for ch in text:
        assert any(has(QRawFont.fromFont(QFont(f)), ch) for f in font.families()), ch

    # a QLabel gets the app font, with the bundled family as its last fallback
    label = QLabel(SAMPLE)
    label.adjustSize()
    assert label.font().families()[-1] == FAMILY
    assert not label.grab().isNull()

    # lay the text out in the label's font as the label does: every glyph is real and comes
    # from a family of the font (the bundled one unless the UI font is itself a CJK font),
    # never from a system fallback
    layout = QTextLayout(SAMPLE, label.font())
    layout.beginLayout()
    layout.createLine().setLineWidth(10_000)
    layout.endLayout()
    own = {FAMILY} | {QFontInfo(QFont(f)).family() for f in font.families()}
    runs = layout.glyphRuns()
    assert runs
    for run in runs:
        assert 0 not in run.glyphIndexes(), run.rawFont().familyName()
        assert run.rawFont().familyName() in own
    if not has(QRawFont.fromFont(QFont(font.families()[0])), "聴"):
        assert any(r.rawFont().familyName() == FAMILY for r in runs)


LAZY_CHILD = r"""
import sys, tempfile
from pathlib import Path
from mjgui.ui.app import _application
app = _application()
from PySide6.QtCore import QSettings
from PySide6.QtGui import QFontDatabase
from mjgui.ui.main_window import MainWindow
private = Path(tempfile.mkdtemp())
store = QSettings(str(private / "s.ini"), QSettings.Format.IniFormat)
window = MainWindow(store, private / "h.sqlite")
window.show()
app.processEvents()
print("start", "mjgui Noto Sans JP" in QFontDatabase.families(), not window.act_lang.icon().isNull())
window.set_language("ja")
print("ja", "mjgui Noto Sans JP" in QFontDatabase.families(), window.act_lang.icon().isNull())
"""


def test_the_japanese_font_is_registered_when_japanese_is_first_shown():
    """An English window starts without registering the bundled font (28 ms of CPU): its
    one Japanese word, the language switch's "日本語", is a picture drawn from the font's
    outlines; switching to Japanese registers the font."""
    import os
    import subprocess
    import sys
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", LAZY_CHILD], capture_output=True, text=True, env=env,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if line.startswith(("start", "ja"))]
    assert lines == ["start False True", "ja True True"]


def test_the_word_picture_draws_the_word(qtbot):
    """The switch's "日本語" picture has ink where the glyphs are, in the colour asked,
    and is as wide as the font's advances for the word."""
    from PySide6.QtGui import QColor
    from mjgui.ui.fonts import word_picture
    picture = word_picture("日本語", 14, QColor("#123456").rgba())
    assert picture is not None
    raw = QRawFont(str(BUNDLED), 14)
    glyphs = raw.glyphIndexesForString("日本語")
    width = sum(a.x() for a in raw.advancesForGlyphIndexes(glyphs))
    assert abs(picture.width() - width) <= 1
    image = picture.toImage()
    pixels = [image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height())]
    inked = [c for c in pixels if c.alpha() > 0]
    assert len(inked) > 0.2 * len(pixels)
    solid = [c for c in inked if c.alpha() > 200]
    assert solid and all(abs(c.red() - 0x12) + abs(c.green() - 0x34) + abs(c.blue() - 0x56) <= 6
                         for c in solid)
    assert word_picture("日本語\U0010FFFF", 14, 0) is None          # a glyph it lacks: no picture


def test_the_language_switch_picture_follows_the_theme(qtbot, window):
    """The drawn "日本語" is in the theme's text colour: dark ink on the light theme,
    light ink on the dark one."""
    def ink():
        icon = window.act_lang.icon()
        assert not icon.isNull()
        image = icon.pixmap(window.windowbar.iconSize()).toImage()
        solid = [image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height())
                 if image.pixelColor(x, y).alpha() > 200]
        assert solid
        return sum(c.lightness() for c in solid) / len(solid)
    window.set_theme("light")
    assert ink() < 100
    window.set_theme("dark")
    assert ink() > 150
