"""Reading the app's stored settings (QSettings) defensively.

The settings file is the user's (or anyone's) to edit: an INI value such as
``hand=123m, 456p`` comes back from QSettings as a list, ``@Variant(...)`` as
whatever it encodes.  Every value is checked for its type and range here; a bad
one gives its default and a note in the log (logger ``mjgui.settings``), never
an exception at start-up.
"""
from __future__ import annotations

import json
import logging
from typing import Any, Callable, Iterable

from PySide6.QtCore import QSettings

__all__ = ["log", "read_text", "read_choice", "read_bool", "read_json_object", "read_names"]

log = logging.getLogger("mjgui.settings")
MAX_TEXT = 4096        # no setting is longer; a bigger value is not ours


def _fallback(key: str, value: Any, why: str, default: Any) -> Any:
    shown = repr(value)
    if len(shown) > 80:
        shown = shown[:80] + "…"
    log.warning("setting %r: %s (found %s); using the default %r", key, why, shown, default)
    return default


def read_text(store: QSettings, key: str, default: str = "",
              valid: Callable[[str], bool] | None = None) -> str:
    """A string setting (absent: `default`); `valid` may refuse it."""
    value = store.value(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        return _fallback(key, value, f"expected text, not {type(value).__name__}", default)
    if len(value) > MAX_TEXT:
        return _fallback(key, value, f"longer than {MAX_TEXT} characters", default)
    if valid is not None and value != default and not valid(value):
        return _fallback(key, value, "not a valid value", default)
    return value


def read_choice(store: QSettings, key: str, choices: Iterable[str], default: str) -> str:
    """One of `choices` (absent or anything else: `default`)."""
    options = tuple(choices)
    return read_text(store, key, default, lambda v: v in options)


def read_bool(store: QSettings, key: str, default: bool) -> bool:
    """A switch: stored as text (INI files hold "true" / "false"); anything else gives `default`."""
    value = store.value(key, None)
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return _fallback(key, value, "expected true or false", default)


def read_json_object(store: QSettings, key: str) -> dict | None:
    """A flat JSON object (text / number values) stored as text (None when absent or not one)."""
    text = read_text(store, key, "")
    if not text:
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return _fallback(key, text, "not JSON", None)
    if not isinstance(value, dict):
        return _fallback(key, text, "not a JSON object", None)
    if not all(v is None or isinstance(v, (str, int, float)) for v in value.values()):
        return _fallback(key, text, "a value is not plain text or a number", None)
    return value


def read_names(store: QSettings, key: str, known: Iterable[str]) -> frozenset[str]:
    """A set of names stored as text separated by spaces or commas (an INI value with
    commas comes back as a list: taken too).  Names not in `known` are left out (and
    logged); anything else than text gives the empty set."""
    value = store.value(key, None)
    if value is None:
        return frozenset()
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = " ".join(value)
    if not isinstance(value, str):
        return _fallback(key, value, f"expected names, not {type(value).__name__}", frozenset())
    if len(value) > MAX_TEXT:
        return _fallback(key, value, f"longer than {MAX_TEXT} characters", frozenset())
    options = frozenset(known)
    names = frozenset(value.replace(",", " ").split())
    unknown = names - options
    if unknown:
        log.warning("setting %r: unknown names %s left out", key, ", ".join(sorted(unknown))[:200])
    return names & options
