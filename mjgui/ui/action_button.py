"""A tool button that follows its action's changes without growing its connections.

Qt 6.11's QToolButton handles a change of its default action (QEvent.ActionChanged) by
calling setDefaultAction() again, which connects to the action's `changed` signal once
more: the undo and redo buttons, whose tooltip names the step and whose state follows the
undo stack, gained a connection (about 90 bytes, and one more slot per `changed`) on
every hand change, kept until the window closed.  The filter here takes that event and
copies what setDefaultAction would from the action.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QToolButton

__all__ = ["follow_action"]


class _Follow(QObject):
    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt name
        if event.type() != QEvent.Type.ActionChanged or not isinstance(obj, QToolButton):
            return False
        action = obj.defaultAction()
        if action is None or event.action() is not action:
            return False               # another action of the button: Qt's own handling
        obj.setText(action.iconText())
        obj.setIcon(action.icon())
        obj.setToolTip(action.toolTip())
        obj.setStatusTip(action.statusTip())
        obj.setWhatsThis(action.whatsThis())
        obj.setCheckable(action.isCheckable())
        obj.setChecked(action.isChecked())
        obj.setEnabled(action.isEnabled())
        return True


def follow_action(button: QToolButton) -> None:
    """Let `button` follow its default action's changes through the filter above."""
    button.installEventFilter(_Follow(button))
