"""The wait inspector draws the WaitReport it is given (mjgui.waits): waits,
remaining copies, every winning form, karaten / furiten banners, EN/JA."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtGui import QPixmap  # noqa: E402
from PySide6.QtWidgets import QLabel, QScrollArea  # noqa: E402

from mjgui.analysis import analyze  # noqa: E402
from mjgui.hand import Hand  # noqa: E402
from mjgui.tiles import KIND_NAMES  # noqa: E402
from mjgui.ui import i18n  # noqa: E402
from mjgui.ui.wait_inspector import _FormView, _WaitTile, WaitInspector  # noqa: E402
from mjgui.waits import wait_details  # noqa: E402

RYANMEN = "23m456p789s11z555z"                        # 1m-4m
NINE_SIDED = "1112345678999m"                          # 九蓮宝燈 shape: 1m..9m
SHANPON_RYANMEN = "34555m123p789s11z"                  # 2m, 5m (ryanmen + shanpon), 1z
KARATEN_FURITEN = "23m456p789s11z555z visible:1m1m1m4m4m4m4m discards:1m"


def inspector(qtbot, text: str | None, theme: str = "light") -> tuple[WaitInspector, object]:
    w = WaitInspector(theme=theme)
    qtbot.addWidget(w)
    hand = Hand.parse(text) if text else None
    report = wait_details(hand) if hand is not None and hand.size == 13 else None
    w.set_report(report, hand)
    return w, report


def label_texts(w: WaitInspector) -> list[str]:
    return [lab.text() for lab in w.findChildren(QLabel)]


def badges(w: WaitInspector) -> dict[str, str]:
    return {t.wait.name: t.text for t in w.findChildren(_WaitTile)}


def save_screenshot(qtbot, w: WaitInspector, path: str, width: int = 760) -> QPixmap:
    """The whole inspector (no scrolling) at device pixel ratio 2."""
    w.resize(width, 300)
    w.show()
    qtbot.waitExposed(w)
    height = w.findChild(QScrollArea).widget().sizeHint().height()
    w.resize(width, height)
    qtbot.wait(10)
    pixmap = QPixmap(width * 2, height * 2)
    pixmap.setDevicePixelRatio(2)
    w.render(pixmap)
    assert pixmap.save(path)
    assert Path(path).stat().st_size > 10_000
    return pixmap


# --- what is shown ----------------------------------------------------------------------

def test_ryanmen_lists_two_waits_with_remaining(qtbot):
    w, report = inspector(qtbot, RYANMEN + " visible:1m dora:4m4m")
    assert w.wait_kinds() == [0, 3]
    assert [x.remaining for x in report.waits] == [3, 2]
    assert badges(w) == {"1m": "3 left", "4m": "2 left"}
    assert w.header_text() == "Waits: 5 tiles (2 kinds)"
    assert "ryanmen" in label_texts(w)
    assert w.form_count(0) == w.form_count(3) == 1
    assert w.warnings() == []
    assert w.placeholder_text() == ""


def test_remaining_tooltip_explains_the_number(qtbot):
    w, _ = inspector(qtbot, RYANMEN)
    tips = {t.wait.name: t.toolTip() for t in w.findChildren(_WaitTile)}
    assert tips["1m"] == "Copies of 1m not in your hand or visible: 4"
    header = next(lab for lab in w.findChildren(QLabel) if lab.text().startswith("Waits:"))
    assert "8 copies" in header.toolTip()


def test_nine_sided_wait_lists_nine_waits_and_every_form(qtbot):
    w, report = inspector(qtbot, NINE_SIDED)
    assert w.wait_kinds() == list(range(9))
    assert w.header_text() == f"Waits: {report.total_remaining} tiles (9 kinds)"
    for wait in report.waits:
        assert w.form_count(wait.kind) == len(wait.forms) >= 1
    assert sum(w.form_count(k) for k in range(9)) == len(w.findChildren(_FormView))
    assert w.form_count(9) == 0                              # 1p is no wait


def test_each_form_marks_its_winning_tile_in_one_highlighted_block(qtbot):
    w, report = inspector(qtbot, NINE_SIDED)
    views = w.findChildren(_FormView)
    forms = [(wait, f) for wait in report.waits for f in wait.forms]
    assert len(views) == len(forms)
    for view, (wait, form) in zip(views, forms):
        lit = [g for g in view.groups if g.highlight]
        assert len(lit) == 1
        group = lit[0]
        assert group.tiles[group.win_index] == wait.name
        # the highlighted box is the waiting block plus the winning tile
        held = sorted(KIND_NAMES.index(t) for t in group.tiles)
        assert held == sorted(list(form.waiting_block) + [wait.kind])
        # every tile of the completed concealed hand is drawn once
        drawn = sorted(KIND_NAMES.index(t) for g in view.groups for t in g.tiles)
        assert drawn == [k for k, n in enumerate(form.counts()) for _ in range(n)]


def test_shanpon_and_ryanmen_labels(qtbot):
    w, report = inspector(qtbot, SHANPON_RYANMEN)
    assert w.wait_kinds() == [1, 4, 27]
    five = report.wait(4)
    assert five.label() == "ryanmen + shanpon"
    assert "ryanmen + shanpon" in label_texts(w)
    assert w.form_count(4) == len(five.forms) == 2


def test_chiitoi_and_kokushi_forms(qtbot):
    w, report = inspector(qtbot, "2233445566778p")
    eight = report.wait(16)
    views = w.findChildren(_FormView)[-w.form_count(16):]
    chiitoi = [v for v, f in zip(views, eight.forms) if f.form == "chiitoi"]
    assert len(chiitoi) == 1
    assert [len(g.tiles) for g in chiitoi[0].groups] == [2] * 7

    w, report = inspector(qtbot, "119m19p19s123456z")          # single wait on 7z
    (view,) = w.findChildren(_FormView)
    assert [len(g.tiles) for g in view.groups] == [13, 1]
    w, report = inspector(qtbot, "19m19p19s1234567z")          # thirteen-sided
    assert len(w.wait_kinds()) == 13
    view = w.findChildren(_FormView)[0]
    assert [len(g.tiles) for g in view.groups] == [13, 1]
    assert view.groups[1].highlight and view.groups[1].tiles == ["1m"]


def test_open_melds_drawn_after_the_form(qtbot):
    w, report = inspector(qtbot, "1234m pon:5*55z chi:3*0m4m pon:7*77z")
    assert w.wait_kinds() == [0, 3]
    for view in w.findChildren(_FormView):
        roles = [g.role for g in view.groups]
        assert roles[-3:] == ["open"] * 3 and "open" not in roles[:-3]
        assert [g.caption for g in view.groups[-3:]] == ["open pon", "open chi", "open pon"]
        assert view.groups[-2].tiles == ["3m", "4m", "0m"]      # the red five is kept


def test_red_five_of_the_hand_drawn_red(qtbot):
    w, _ = inspector(qtbot, "23m406p789s11z555z")
    for view in w.findChildren(_FormView):
        tiles = [t for g in view.groups for t in g.tiles]
        assert tiles.count("0p") == 1 and "5p" not in tiles


def test_karaten_warning(qtbot):
    w, report = inspector(qtbot, RYANMEN + " visible:1m1m1m1m4m4m4m4m")
    assert report.karaten
    assert w.warnings() == report.reasons("en")
    assert w.warnings()[0].startswith("karaten")
    assert badges(w) == {"1m": "0 left", "4m": "0 left"}
    assert w.wait_kinds() == [0, 3]                         # still drawn, dimmed


def test_furiten_warning(qtbot):
    w, report = inspector(qtbot, RYANMEN + " discards:4m9p")
    assert report.furiten and not report.karaten
    assert w.warnings() == report.reasons("en")
    assert w.warnings()[0].startswith("furiten")
    assert "furiten" in label_texts(w)                      # the tag on the 4m section


def test_karaten_and_furiten_together(qtbot):
    w, report = inspector(qtbot, KARATEN_FURITEN)
    assert [r.split(":")[0] for r in w.warnings()] == ["karaten", "furiten"]


def test_not_tenpai_shows_placeholder(qtbot):
    w, report = inspector(qtbot, "123m456p789s1234z")
    assert report.shanten == 2
    assert w.wait_kinds() == [] and w.warnings() == []
    assert w.placeholder_text() == ("The wait inspector shows a tenpai 13-tile hand's waits. "
                                    "This hand is 2-shanten.")
    assert w.placeholder_text() in label_texts(w)
    assert not w.findChildren(_FormView)


def test_fourteen_tiles_and_no_hand(qtbot):
    w, _ = inspector(qtbot, "123m456p789s11z555z")
    assert w.placeholder_text() == "Discard a tile to see the waits"
    w, _ = inspector(qtbot, None)
    assert w.placeholder_text() == "The wait inspector shows a tenpai 13-tile hand's waits."


def test_fifth_tile_note_on_the_placeholder(qtbot):
    w, report = inspector(qtbot, "1m234p567s789s pon:1*11m")
    assert report.shanten == 1 and report.fifth_tile == (0,)
    assert w.placeholder_text().endswith("This hand is 1-shanten.")
    assert w.warnings() == report.reasons("en")


def test_switching_report_replaces_the_content(qtbot):
    w, _ = inspector(qtbot, NINE_SIDED)
    w.set_report(wait_details(RYANMEN))
    assert w.wait_kinds() == [0, 3]
    assert len(w.findChildren(_FormView)) == 2
    w.set_report(None)
    assert w.wait_kinds() == [] and not w.findChildren(_FormView)


def test_japanese(qtbot):
    w, report = inspector(qtbot, RYANMEN + " discards:4m")
    i18n.set_language("ja")
    w.retranslate()
    assert w.header_text() == "待ち: 2種7枚"
    assert "両面" in label_texts(w)
    assert badges(w)["1m"] == f"残り{report.wait(0).remaining}枚"
    assert w.warnings() == report.reasons("ja")
    assert w.warnings()[0].startswith("振聴")
    i18n.set_language("en")
    w.retranslate()
    assert "ryanmen" in label_texts(w)

    w, _ = inspector(qtbot, "123m456p789s1234z")
    i18n.set_language("ja")
    w.retranslate()
    assert w.placeholder_text() == "待ち表示は聴牌の13枚の手で使えます。この手は2向聴です。"
    w.set_report(None, Hand.parse("123m456p789s11z555z"))
    assert w.placeholder_text() == "打牌すると待ちが表示されます"


def test_theme_switch_keeps_the_content(qtbot):
    w, report = inspector(qtbot, SHANPON_RYANMEN)
    w.set_theme("dark")
    assert w.theme() == "dark"
    assert w.wait_kinds() == [1, 4, 27]
    assert all(v._theme == "dark" for v in w.findChildren(_FormView))
    with pytest.raises(ValueError):
        w.set_theme("sepia")


def test_scrolls_when_there_are_many_waits(qtbot):
    w, _ = inspector(qtbot, NINE_SIDED)
    w.resize(700, 400)
    w.show()
    qtbot.waitExposed(w)
    area = w.findChild(QScrollArea)
    assert area.widgetResizable()
    bar = area.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum() // 2)
    kept = bar.value()
    i18n.set_language("ja")
    w.retranslate()                                         # keeps the scroll position
    qtbot.waitUntil(lambda: bar.value() == kept)
    w.set_report(wait_details(NINE_SIDED))                  # a new report starts at the top
    qtbot.wait(20)
    assert bar.value() == 0


# --- screenshots (2x device pixel ratio), to look at -------------------------------------

@pytest.mark.parametrize("name, text, theme", [
    ("shanpon_ryanmen", SHANPON_RYANMEN, "light"),
    ("nine_sided", NINE_SIDED, "light"),
    ("karaten_furiten", KARATEN_FURITEN, "light"),
    ("open_melds_dark", "1234m pon:5*55z chi:3*0m4m pon:7*77z dora:4m", "dark"),
    ("chiitoi_dark", "2233445566778p", "dark"),
])
def test_screenshot(qtbot, name, text, theme):
    w, _ = inspector(qtbot, text, theme)
    pixmap = save_screenshot(qtbot, w, f"/tmp/ui_waits_{name}.png")
    assert pixmap.devicePixelRatio() == 2


def analysed(w: WaitInspector, hand: Hand) -> None:
    """Show a 13-tile hand as the window does: report and values from the analysis."""
    a = analyze(hand)
    w.set_report(a.wait_report(a.current), hand, a.wait_values(a.current))


def test_each_wait_shows_its_value(qtbot):
    from mjgui.scoring import score
    w = WaitInspector()
    qtbot.addWidget(w)
    hand = Hand.parse("23m456p789s55m123s seat:S dora:1m")
    analysed(w, hand)
    text = w.value_text(3)
    # 4m: pinfu + the 2m dora by ron (2 han 30 fu, 2,000); riichi adds a han
    assert "ron 2,000" in text and "Riichi: ron 3,900" in text and "Pinfu" in text
    assert "ron 2,000" in w.value_text(0)
    assert score("234m456p789s55m123s seat:S dora:1m win:4m").total == 2000


def test_a_yakuless_open_wait_says_it_cannot_win(qtbot):
    w = WaitInspector()
    qtbot.addWidget(w)
    hand = Hand.parse("123m456p789s2z chi:4*56s@L seat:W")
    analysed(w, hand)
    assert "No yaku" in w.value_text(28) and "cannot win" in w.value_text(28)
    # a shanpon on 9s and white dragon: only the dragon's triplet is a yaku
    hand = Hand.parse("123m456p99s55z chi:4*56s@L seat:W")
    analysed(w, hand)
    assert "ron" in w.value_text(31) and "No yaku" not in w.value_text(31)
    assert "No yaku" in w.value_text(26)


def test_the_inspector_computes_nothing(qtbot):
    """Its values are given to it (the analysis worker works them out): without them a
    tenpai report shows the waits and no values, and scoring is not imported by it."""
    import mjgui.ui.wait_inspector as module
    assert not hasattr(module, "wait_values") and not hasattr(module, "wait_details")
    w = WaitInspector()
    qtbot.addWidget(w)
    hand = Hand.parse("23m456p789s55m123s seat:S dora:1m")
    w.set_report(wait_details(hand), hand)
    assert w.wait_kinds() == [0, 3] and w.value_text(3) == ""
    analysed(w, hand)
    assert "ron 2,000" in w.value_text(3)


def test_the_worker_works_out_the_values_the_inspector_shows(qtbot):
    from mjgui.ui.analysis_worker import AnalysisWorker
    worker = AnalysisWorker()
    worker.with_ev = False
    hand = Hand.parse("23m456p789s55m123s seat:S dora:1m")
    with qtbot.waitSignal(worker.finished, timeout=5000) as signal:
        worker.request(hand)
    a = signal.args[0].analysis
    # already scored by the worker: kept on the analysis, equal to a fresh analysis's
    assert a._wait_values
    assert repr(a.wait_values(a.current)) == repr(analyze(hand).wait_values(a.current))
