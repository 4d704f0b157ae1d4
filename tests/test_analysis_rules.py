"""The analysis layer values hands under the rules it is given (the app's settings)."""
from __future__ import annotations

from mjgui.analysis import analyze
from mjgui.scoring import Rules

# thirteen orphans waiting on all 13 kinds, dealer (seat E by default): a yakuman is
# 48,000 by ron, a double yakuman (Mahjong Soul) 96,000
KOKUSHI_13 = "19m19p19s1234567z"


def test_wait_value_of_a_13_sided_kokushi_per_preset():
    tenhou = analyze(KOKUSHI_13)
    assert tenhou.value(tenhou.current).high == 48000
    majsoul = analyze(KOKUSHI_13, rules="majsoul")
    assert majsoul.value(majsoul.current).high == 96000
    custom = analyze(KOKUSHI_13, rules=Rules(double_yakuman=True))
    assert custom.value(custom.current).low == 96000


def test_complete_value_and_call_values_follow_the_rules():
    # non-dealer ron: riichi, tanyao, pinfu, one dora = 4 han 30 fu: 7,700, kiriage 8,000
    hand = "234m567m234p67s55s8s seat:S round:E win:8s riichi dora:1m"
    assert analyze(hand).complete_value()[0].total == 7700
    assert analyze(hand, rules=Rules(kiriage=True)).complete_value()[0].total == 8000
    # an open hand whose only yaku would be tanyao: a call to tenpai keeps a yaku with
    # kuitan, none without it
    hand = "345m46p66s77m1z2z chi:6*78s"
    with_kuitan = [c for r in analyze(hand).rows for c in r.calls if c.shanten == 0]
    without = [c for r in analyze(hand, rules=Rules(open_tanyao=False)).rows for c in r.calls if c.shanten == 0]
    assert with_kuitan and any(not c.yakuless for c in with_kuitan)
    assert without and all(c.yakuless for c in without)
