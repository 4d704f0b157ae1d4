"""English / Japanese UI text.

Each widget writes its strings in place as tr("Waits", "待ち"): no catalogue to
keep in sync, and tools/gen_font_subset.py finds every Japanese character by
scanning the sources.  Widgets redraw their text in `retranslate()` when the
language changes.
"""
from __future__ import annotations

LANGS = ("en", "ja")
LANG_NAMES = {"en": "English", "ja": "日本語"}
_current = "en"


def language() -> str:
    return _current


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGS:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    _current = lang


def tr(en: str, ja: str) -> str:
    """The text in the current language."""
    return ja if _current == "ja" else en
