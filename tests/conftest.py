import os

# Qt without a display (CI, headless machines); a real session may override it.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


import pytest


@pytest.fixture(autouse=True)
def english():
    """Every test starts and ends in English (the UI language is process-wide)."""
    from mjgui.ui import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")
