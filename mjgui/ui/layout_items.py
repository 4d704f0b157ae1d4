"""Taking items out of a layout without leaking them.

`QLayout.takeAt()` hands its item (a QWidgetItem for a widget, a QSpacerItem for a
stretch or a spacing, a sub-layout) to the caller, and PySide6 leaves it owned by C++:
dropped by Python, it is never deleted.  A view that rebuilt a row on every hand change
lost about 1.3 kB a change that way.  Every `takeAt` in the UI goes through here.
"""
from __future__ import annotations

from collections.abc import Iterable

import shiboken6
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget

__all__ = ["delete_item", "clear_layout", "remove_widget", "remove_spacers"]


def delete_item(item: QLayoutItem | None) -> None:
    """Delete a layout item that was taken out of its layout (not the widget it holds).
    A sub-layout is emptied first, as `clear_layout` would."""
    if item is None or not shiboken6.isValid(item):
        return
    inner = item.layout()
    if inner is not None:
        clear_layout(inner)
    shiboken6.delete(item)


def clear_layout(layout: QLayout, keep: Iterable[QWidget] = ()) -> None:
    """Empty `layout`, deleting its items.  Its widgets are hidden now and deleted when
    the event loop next runs (the click being handled may come from one of them), except
    those in `keep`, which stay alive, parented as before, for the caller to lay out again."""
    kept = {id(w) for w in keep}
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            break
        widget = item.widget()
        if widget is not None and id(widget) not in kept:
            widget.hide()
            widget.deleteLater()
        delete_item(item)


def remove_widget(layout: QLayout, widget: QWidget) -> bool:
    """Take `widget`'s item out of `layout` and delete the item (the widget is left to
    the caller); False when the layout does not hold it."""
    for i in range(layout.count()):
        item = layout.itemAt(i)
        if item is not None and item.widget() is widget:
            delete_item(layout.takeAt(i))
            return True
    return False


def remove_spacers(layout: QLayout) -> None:
    """Take every spacing and stretch out of `layout` and delete them (widgets stay)."""
    for i in reversed(range(layout.count())):
        item = layout.itemAt(i)
        if item is not None and item.spacerItem() is not None:
            delete_item(layout.takeAt(i))
