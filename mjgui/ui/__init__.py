"""The desktop app (PySide6 Widgets).  The ui computes no mahjong: it calls
mjgui.analysis / mjgui.waits and draws what they return."""
