"""Defence in the Analyze page, driven as a user would: the Danger column, the threats and the
push / fold line, the ranking with defence, and the wait inspector's warning for a winning tile
dangerous to hold.  The figures are checked against the danger model and the push / fold values
called directly, the reasons against hands worked out by hand (tests/test_defence_advice.py)."""
from __future__ import annotations

from mjgui.defence.advice import held_wait_dangers
from mjgui.defence.danger import danger
from mjgui.hand import Hand
from mjgui.tiles import Tile
from mjgui.ui import i18n
from mjgui.ui.wait_inspector import WaitInspector
from mjgui.waits import wait_details


def _k(name: str) -> int:
    return Tile.from_name(name).kind


# a tanki on 5p, held once: we sit South, the left player (East) is in riichi; 5p has no suji
TANKI = "123m456s789s111z5p seat:S L:1m2z7z*3z"


def test_the_inspector_warns_of_a_winning_tile_dangerous_to_hold(qtbot):
    hand = Hand.parse(TANKI)
    d = danger(hand)
    report = wait_details(hand)
    dangers = held_wait_dangers(d, [t.kind for t in hand.concealed], [w.kind for w in report.waits])
    w = WaitInspector()
    qtbot.addWidget(w)
    w.set_report(report, hand, dangers=dangers)
    assert w.wait_kinds() == [_k("5p")]
    warning = next(t for t in w.warnings() if t.startswith("5p wins, but you hold it"))
    assert f"{100 * d.p(_k('5p')):.1f}% deal-in" in warning and "East (left), riichi" in warning
    i18n.set_language("ja")
    w.retranslate()
    assert any(t.startswith("5pは和了牌ですが手の内にもあります") for t in w.warnings())
    i18n.set_language("en")
    # the same hand without a threat: no such banner
    calm = Hand.parse("123m456s789s111z5p")
    w.set_report(wait_details(calm), calm, dangers=held_wait_dangers(None, [], []))
    assert not any("you hold it" in t for t in w.warnings())
