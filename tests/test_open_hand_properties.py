"""Open hands with dora indicators and visible tiles (issue 26, item 1): the analysis of any
legal hand -- every row, every call on offer with its value, yaku and best discards, the JSON
the CLI prints -- never builds an impossible hand (a fifth copy), and a call on a tile with no
copy left is never offered.  Hands are dealt from a shuffled set of 136 tiles, so each is
legal by construction."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjgui.analysis import analyze
from mjgui.hand import Hand
from mjgui.tiles import KIND_NAMES

settings.register_profile("open-default", max_examples=120, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("open-long", max_examples=5_000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("open-long" if os.environ.get("HYPOTHESIS_PROFILE") == "long" else "open-default")


def _take(wall: list[int], kind: int) -> bool:
    if kind in wall:
        wall.remove(kind)
        return True
    return False


@st.composite
def open_hands(draw) -> str:
    wall = draw(st.permutations([k for k in range(34) for _ in range(4)]))
    wall = list(wall)
    melds = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):                       # a pon
            kind = draw(st.sampled_from(sorted(set(wall))))
            if wall.count(kind) >= 3:
                for _ in range(3):
                    _take(wall, kind)
                melds.append(f"pon:{KIND_NAMES[kind][0]}*{KIND_NAMES[kind][0] * 2}{KIND_NAMES[kind][1]}@"
                             + draw(st.sampled_from("LAR")))
        else:                                         # a chi
            low = draw(st.sampled_from([k for k in range(27) if k % 9 <= 6]))
            if all(low + i in wall for i in range(3)):
                for i in range(3):
                    _take(wall, low + i)
                called = draw(st.integers(0, 2))
                digits = [str(low % 9 + 1 + i) for i in range(3)]
                digits[called] += "*"
                melds.append(f"chi:{''.join(digits)}{KIND_NAMES[low][1]}@L")
    size = 13 - 3 * len(melds) + draw(st.integers(0, 1))
    concealed = wall[:size]
    rest = wall[size:]
    dora = rest[:draw(st.integers(1, 4))]
    rest = rest[len(dora):]
    visible = rest[:draw(st.integers(0, 40))]
    text = "".join(KIND_NAMES[k] for k in sorted(concealed))
    text += " " + " ".join(melds) + " dora:" + "".join(KIND_NAMES[k] for k in dora)
    if visible:
        text += " visible:" + "".join(KIND_NAMES[k] for k in visible)
    return text


def _touch(result) -> None:
    """Everything the CLI and the app compute of an analysis."""
    result.to_json()
    for row in result.rows:
        if hasattr(row, "to_json"):
            row.to_json()
    current = result.current
    if current is not None:
        for c in current.calls:
            c.yaku, c.tenpai_value, c.best_discards, c.hand_after()


@given(open_hands())
def test_the_analysis_of_legal_open_hands_never_fails(text):
    hand = Hand.parse(text)                     # legal by construction
    result = analyze(hand)
    _touch(result)
    if result.current is not None:
        left = hand.remaining()
        for c in result.current.calls:
            assert left[c.tile] > 0, f"{text}: {c.call} on {c.name}, no copy left"


def test_the_reported_hand():
    """Four 7s seen (two held, one in the chi, the indicator): no call on 7s, and the rest is
    analysed."""
    hand = Hand.parse("4m666778s chi:6*78s@L pon:4*44m@A dora:7s")
    result = analyze(hand)
    _touch(result)
    assert all(c.tile != 24 for c in result.current.calls)
