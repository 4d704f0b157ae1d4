import os

# Qt without a display (CI, headless machines); a real session may override it.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
