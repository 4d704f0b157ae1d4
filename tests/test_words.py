"""mjgui/words.py: the player-facing words, checked against hand-written examples,
and the module stays free of Qt (the CLI and drills import it headless)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from mjgui.hand import MeldKind
from mjgui.words import MELD_NAMES, SEAT_FROM, SEAT_NAMES, WIND_NAMES, seat_text, shanten_word


@pytest.mark.parametrize("s,en,ja", [(-1, "complete", "和了"), (0, "tenpai", "聴牌"),
                                     (1, "1-shanten", "1向聴"), (2, "2-shanten", "2向聴"),
                                     (6, "6-shanten", "6向聴")])
def test_shanten_word(s, en, ja):
    assert shanten_word(s) == en
    assert shanten_word(s, "en") == en
    assert shanten_word(s, "ja") == ja


def test_seats():
    assert SEAT_NAMES == {"L": ("Left player", "上家"), "A": ("Player across", "対面"),
                          "R": ("Right player", "下家")}
    assert SEAT_FROM == {"L": ("from left (上家)", "上家から"), "A": ("from across (対面)", "対面から"),
                         "R": ("from right (下家)", "下家から")}
    assert [seat_text(s, "en") for s in "LAR"] == ["the left player", "the player across",
                                                    "the right player"]
    assert [seat_text(s, "ja") for s in "LAR"] == ["上家", "対面", "下家"]


def test_winds_and_melds():
    assert WIND_NAMES == {"E": ("East", "東"), "S": ("South", "南"), "W": ("West", "西"),
                          "N": ("North", "北")}
    assert set(MELD_NAMES) == set(MeldKind)
    assert MELD_NAMES[MeldKind.PON] == ("Pon", "ポン")
    assert MELD_NAMES[MeldKind.CHI] == ("Chi", "チー")
    assert MELD_NAMES[MeldKind.ANKAN] == ("Closed kan", "暗槓")


def test_words_does_not_import_qt():
    code = "import sys, mjgui.words; print(any(m.startswith('PySide6') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
