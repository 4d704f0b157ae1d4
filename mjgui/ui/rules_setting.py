"""The scoring rules the app values hands under: a preset of `mjgui.scoring.PRESETS`
plus the switches a player may change, kept in the app's settings (QSettings).

Stored as ``rules/preset`` and one ``rules/<switch>`` per switch; every value is
read defensively (`stored_settings`), so a hand-edited file gives the preset's
value and a log note, never an error."""
from __future__ import annotations

from dataclasses import fields, replace

from PySide6.QtCore import QSettings

from mjgui.scoring import PRESETS, Rules
from mjgui.ui.i18n import tr
from mjgui.ui.stored_settings import read_bool, read_choice

DEFAULT_PRESET = "tenhou"
#: the switches offered in the settings dialog, in its order (Rules field names)
SWITCHES = ("red_fives", "open_tanyao", "double_yakuman", "kiriage", "kazoe")
_FIELDS = {f.name for f in fields(Rules)}
assert set(SWITCHES) <= _FIELDS


def preset_name(preset: str) -> str:
    return {"tenhou": tr("Tenhou", "天鳳"), "majsoul": tr("Mahjong Soul", "雀魂")}.get(preset, preset)


def switch_text(switch: str) -> tuple[str, str]:
    """The label and the tooltip of a switch, in the current language."""
    return {
        "red_fives": (tr("Red fives", "赤ドラ"),
                      tr("One red 5m, 5p and 5s, each worth a dora", "赤五萬・赤五筒・赤五索を各1枚、ドラ1として数える")),
        "open_tanyao": (tr("Open tanyao (kuitan)", "喰いタン"),
                        tr("Tanyao counts with called melds", "副露してもタンヤオが成立")),
        "double_yakuman": (tr("Double yakuman", "ダブル役満"),
                           tr("13-sided kokushi, suuankou tanki, junsei chuuren and daisuushii count twice",
                              "国士無双十三面・四暗刻単騎・純正九蓮宝燈・大四喜をダブル役満とする")),
        "kiriage": (tr("Kiriage mangan", "切り上げ満貫"),
                    tr("4 han 30 fu and 3 han 60 fu are paid as mangan", "4翻30符・3翻60符を満貫とする")),
        "kazoe": (tr("Kazoe yakuman", "数え役満"),
                  tr("13 han or more is a yakuman (else sanbaiman)", "13翻以上を役満とする（なしなら三倍満）")),
    }[switch]


def read_rules(store: QSettings) -> tuple[str, Rules]:
    """The stored preset and the rules it gives with the stored switches applied."""
    preset = read_choice(store, "rules/preset", PRESETS, DEFAULT_PRESET)
    base = PRESETS[preset]
    changes = {name: read_bool(store, f"rules/{name}", getattr(base, name)) for name in SWITCHES}
    return preset, replace(base, **changes)


def write_rules(store: QSettings, preset: str, rules: Rules) -> None:
    if preset not in PRESETS:
        raise ValueError(f"rules preset must be one of {', '.join(PRESETS)}, not {preset!r}")
    store.setValue("rules/preset", preset)
    for name in SWITCHES:
        store.setValue(f"rules/{name}", "true" if getattr(rules, name) else "false")


def is_custom(preset: str, rules: Rules) -> bool:
    """True when the switches differ from the preset's."""
    return rules != PRESETS[preset]
