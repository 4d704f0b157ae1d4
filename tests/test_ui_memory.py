"""Memory stays flat over hand changes (issue 13): what each change builds is deleted when
it is replaced.  Checked by counts that do not depend on timing or the allocator: layout
items, QObjects, widgets, cache entries and signal connections after repeated identical
rounds of changes equal those after the first round."""
from __future__ import annotations

import ctypes
import os
import re
import subprocess
import sys
from pathlib import Path

import shiboken6
from PySide6.QtCore import SIGNAL, QEvent, QObject
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QLabel, QLayout, QSizePolicy,
                               QSpacerItem, QVBoxLayout, QWidget)

from mjgui.hand import Hand
from mjgui.tiles import Tile
from mjgui.ui import analysis_table, hand_view, tile_art, tile_button
from mjgui.ui.heap import fix_mmap_threshold
from mjgui.ui.layout_items import clear_layout, remove_spacers, remove_widget
from ui_steps import settle

# one round: 13 and 14 tiles, a draw apart, melds, a tenpai hand (the wait inspector's
# page), a hand with dora / visible / discards (the hand view's strips)
ROUND = ("23m456p789s11z556z", "23m456p789s11z556z9m", "123m456p789s1122z3p",
         "123m456p789s1122z", "1112345678999m5m", "123m456p789s11z pon:2*22z@R",
         "123m456p789s1z dora:3z visible:5z discards:9m", "19m19p19s1234567z5m")
UI = Path(__file__).resolve().parents[1] / "mjgui" / "ui"


def flush_deletions() -> None:
    """What the event loop does between two inputs: deleteLater()'s deletions included."""
    for _ in range(3):
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


class Spacer(QSpacerItem):
    """A spacer made in Python: its wrapper learns of the C++ object's deletion, whoever
    deletes it (the layout items Qt makes for widgets do not tell Python)."""


# --- the helper --------------------------------------------------------------------------

def test_clear_layout_deletes_every_item_and_the_widgets_not_kept(qtbot):
    host = QWidget()
    qtbot.addWidget(host)
    layout = QHBoxLayout(host)
    gone, kept = QLabel("gone", host), QLabel("kept", host)
    inner = QVBoxLayout()
    nested = QLabel("nested", host)
    spacers = [Spacer(5, 5), Spacer(0, 0, QSizePolicy.Policy.Expanding)]
    layout.addItem(spacers[0])
    layout.addWidget(gone)
    layout.addWidget(kept)
    inner.addWidget(nested)
    inner.addItem(spacers[1])
    layout.addLayout(inner)
    host.show()
    assert layout.count() == 4

    clear_layout(layout, keep=[kept])

    assert layout.count() == 0
    assert not any(shiboken6.isValid(s) for s in spacers)      # the C++ items are gone
    assert not shiboken6.isValid(inner)
    assert gone.isHidden() and nested.isHidden() and not kept.isHidden()
    flush_deletions()
    assert not shiboken6.isValid(gone) and not shiboken6.isValid(nested)
    assert shiboken6.isValid(kept) and kept.parent() is host
    layout.addWidget(kept)                                      # free to be laid out again
    assert layout.count() == 1


def test_remove_widget_deletes_its_item_and_leaves_the_widget(qtbot):
    host = QWidget()
    qtbot.addWidget(host)
    layout = hand_view.FlowLayout(host)            # a layout written in Python, like the hand's
    a, b = QLabel("a", host), QLabel("b", host)
    spacer = Spacer(3, 3)
    layout.addWidget(a)
    layout.addItem(spacer)
    layout.addWidget(b)
    assert remove_widget(layout, a)
    assert [layout.itemAt(i).widget() for i in range(layout.count())] == [None, b]
    assert shiboken6.isValid(a)
    assert not remove_widget(layout, a)             # no longer there
    clear_layout(layout, keep=[b])
    assert not shiboken6.isValid(spacer) and layout.count() == 0


def test_remove_spacers_deletes_only_the_spacings(qtbot):
    host = QWidget()
    qtbot.addWidget(host)
    layout = QHBoxLayout(host)
    a, b = QLabel("a", host), QLabel("b", host)
    layout.addWidget(a)
    layout.addSpacing(7)
    layout.addWidget(b)
    layout.addStretch()
    spacers = [layout.itemAt(1), layout.itemAt(3)]
    remove_spacers(layout)
    assert [layout.itemAt(i).widget() for i in range(layout.count())] == [a, b]
    assert not any(shiboken6.isValid(s) for s in spacers)
    assert shiboken6.isValid(a) and shiboken6.isValid(b)


def test_every_take_at_goes_through_the_helper():
    """A bare takeAt() leaks its item (PySide6 leaves it owned by C++)."""
    offenders = []
    for path in sorted(UI.glob("*.py")):
        if path.name == "layout_items.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.takeAt\(", line):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert offenders == []


# --- the window over many changes -------------------------------------------------------

def _layouts(window) -> list[QLayout]:
    return [x for x in window.findChildren(QLayout) if shiboken6.isValid(x)]


def _items(layouts) -> set[int]:
    """The C++ addresses of the items the layouts hold now."""
    out = set()
    for layout in layouts:
        for i in range(layout.count()):
            item = layout.itemAt(i)
            if item is not None:
                out.add(shiboken6.getCppPointer(item)[0])
    return out


def _counts(window) -> dict[str, int]:
    flush_deletions()
    return {
        "qobjects": len(window.findChildren(QObject)),
        "widgets": len(QApplication.allWidgets()),
        "layout items": len(_items(_layouts(window))),
        "tile pictures": tile_art._pixmap.cache_info().currsize,
        "button pictures": tile_button._button_pixmap.cache_info().currsize,
        "strip stamps": analysis_table._stamp.cache_info().currsize,
        "undo receivers": window.act_undo.receivers(SIGNAL("changed()")),
        "redo receivers": window.act_redo.receivers(SIGNAL("changed()")),
    }


def _round(qtbot, window) -> None:
    for text in ROUND:
        window.editor.set_hand(Hand.parse(text))
        settle(qtbot, window)
    window.act_undo.trigger()                        # redo becomes possible, then not
    settle(qtbot, window)
    window.editor.discard(window.editor.hand.concealed[-1])
    settle(qtbot, window)
    window.editor.add_tile(Tile.from_name("5z"))
    settle(qtbot, window)


def test_repeated_hand_changes_build_nothing_that_stays(qtbot, window):
    window.frame_hold_ms = 5000
    window.resize(1280, 860)
    _round(qtbot, window)
    first = _counts(window)
    for _ in range(4):
        _round(qtbot, window)
    assert _counts(window) == first


def test_items_taken_out_of_a_layout_are_deleted(qtbot, window):
    """The concealed row is laid out again when the hand's size changes (13 <-> 14) and the
    meld groups and strips are rebuilt: the items they leave must not outlive them.  A
    leaked item stays allocated with no layout holding it; here the Python-made spacers
    put into the rebuilt row show whether the row's old items were deleted."""
    window.frame_hold_ms = 5000
    view = window.hand_view
    planted: list[tuple[QLayout, Spacer]] = []
    for text in ROUND * 2:
        window.editor.set_hand(Hand.parse(text))
        settle(qtbot, window)
        for layout in (view._row.layout(), view._extras_flow):
            spacer = Spacer(0, 0)         # an item the next rebuild of this layout takes out
            layout.addItem(spacer)
            planted.append((layout, spacer))
    flush_deletions()
    held = _items([view._row.layout(), view._extras_flow])
    deleted = [s for _, s in planted if not shiboken6.isValid(s)]
    leaked = [s for _, s in planted if shiboken6.isValid(s) and shiboken6.getCppPointer(s)[0] not in held]
    assert len(deleted) > len(ROUND)          # both layouts were rebuilt, many times
    assert leaked == []


def test_the_undo_buttons_follow_their_actions_without_new_connections(qtbot, window):
    """Qt 6.11's tool button connected once more on every change of its action; the undo
    and redo buttons change with every edit (tooltip, enabled)."""
    undo = window.toolbar.widgetForAction(window.act_undo)
    redo = window.toolbar.widgetForAction(window.act_redo)
    before = [a.receivers(SIGNAL("changed()")) for a in (window.act_undo, window.act_redo)]
    for text in ROUND:
        window.editor.set_hand(Hand.parse(text))
        settle(qtbot, window)
        assert undo.toolTip() == window.act_undo.toolTip()
        assert undo.toolTip().endswith(window.editor.undo_stack.undoText())
    assert undo.isEnabled() and not redo.isEnabled()
    window.act_undo.trigger()
    settle(qtbot, window)
    assert redo.isEnabled() and redo.toolTip().endswith(window.editor.undo_stack.redoText())
    window.act_redo.trigger()
    settle(qtbot, window)
    assert not redo.isEnabled()
    window.act_lang.trigger()                       # a new label in another language
    assert undo.text() == window.act_undo.iconText() != ""
    window.act_lang.trigger()
    assert [a.receivers(SIGNAL("changed()")) for a in (window.act_undo, window.act_redo)] == before


# --- cached pictures and the allocator -------------------------------------------------

def test_a_cached_picture_has_the_pixels_painted(qtbot):
    for picture in (QPixmap(30, 40), tile_art.QImage(30, 40, tile_art.QImage.Format.Format_ARGB32_Premultiplied)):
        picture.fill(QColor(0, 0, 0, 0))
        painter = QPainter(picture)
        painter.fillRect(5, 6, 10, 12, QColor(200, 30, 40))
        painter.end()
        kept = tile_art.for_cache(picture)
        assert isinstance(kept, QPixmap) and kept.size() == picture.size()
        image = kept.toImage()
        assert image.pixelColor(5, 6) == QColor(200, 30, 40)
        assert image.pixelColor(14, 17) == QColor(200, 30, 40)
        assert image.pixelColor(15, 18).alpha() == 0


MMAP_PROBE = """
import ctypes, sys
sys.path.insert(0, {root!r})
class Info(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in
                "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]
libc = ctypes.CDLL(None)
libc.mallinfo2.restype = Info
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = (ctypes.c_void_p,)
if {fix}:
    from mjgui.ui.heap import fix_mmap_threshold
    assert fix_mmap_threshold()
libc.free(libc.malloc(1 << 20))           # a large transient block, freed
before = libc.mallinfo2().hblks
block = libc.malloc(300 * 1024)           # the next large one: mapped on its own?
print(libc.mallinfo2().hblks - before)
libc.free(block)
"""


def _mapped_after_a_large_free(fix: bool) -> int:
    root = str(Path(__file__).resolve().parents[1])
    out = subprocess.run([sys.executable, "-c", MMAP_PROBE.format(root=root, fix=fix)],
                         capture_output=True, text=True, check=True, env={**os.environ, "GLIBC_TUNABLES": ""})
    return int(out.stdout.strip())


def _glibc() -> bool:
    try:
        return sys.platform.startswith("linux") and os.confstr("CS_GNU_LIBC_VERSION").startswith("glibc")
    except (ValueError, OSError):
        return False


def test_large_blocks_stay_out_of_the_heap_after_one_was_freed():
    """glibc raises its mmap threshold to the size of a freed mapped block: the next
    large blocks came from the heap (and fragmented it).  Fixed, they are mapped."""
    if not _glibc():
        assert fix_mmap_threshold() is False          # elsewhere: nothing to do
        return
    assert _mapped_after_a_large_free(fix=False) == 0  # glibc's default: the heap
    assert _mapped_after_a_large_free(fix=True) == 1
    assert ctypes is not None
