"""The column arithmetic of a narrow table (mjgui.ui.column_fit), on hand-worked widths."""
from __future__ import annotations

from mjgui.ui.column_fit import arrange, column_cap

# five columns: 0 and 1 never give way, 2 then 3 then 4 do; 1 is a strip (need < natural)
NEEDS = {0: 50, 1: 100, 2: 80, 3: 60, 4: 120}
NATURALS = {0: 50, 1: 300, 2: 80, 3: 60, 4: 120}
ORDER = (2, 3, 4)


def test_everything_fits_and_the_spare_widens_the_strip_then_the_stretch():
    # needs 410; 100 spare: the strip takes it (up to its natural 300)
    hidden, widths = arrange(NEEDS, NATURALS, 510, ORDER, grow=(1,), stretch=4)
    assert hidden == frozenset()
    assert widths == {0: 50, 1: 200, 2: 80, 3: 60, 4: 120}
    # 310 spare: the strip gets 200 (its natural), the stretching column the other 110
    hidden, widths = arrange(NEEDS, NATURALS, 720, ORDER, grow=(1,), stretch=4)
    assert widths == {0: 50, 1: 300, 2: 80, 3: 60, 4: 230}
    assert sum(widths.values()) == 720


def test_columns_give_way_in_order_until_the_rest_fits():
    # 409 px: one short of 410, column 2 (80) goes first, 330 fit, 79 spare to the strip
    hidden, widths = arrange(NEEDS, NATURALS, 409, ORDER, grow=(1,), stretch=4)
    assert hidden == {2}
    assert widths == {0: 50, 1: 179, 3: 60, 4: 120}
    # 260 px: 2 and 3 go (270 left) and then 4 (150 left)
    hidden, widths = arrange(NEEDS, NATURALS, 260, ORDER, grow=(1,), stretch=4)
    assert hidden == {2, 3, 4}
    assert widths == {0: 50, 1: 210}
    # the order is the caller's: with 4 first, it alone goes (290 left)
    hidden, _ = arrange(NEEDS, NATURALS, 300, (4, 3, 2), grow=(1,), stretch=4)
    assert hidden == {4}


def test_a_column_the_user_hid_frees_its_room():
    needs = {c: w for c, w in NEEDS.items() if c != 4}      # the user hid column 4
    hidden, widths = arrange(needs, NATURALS, 290, ORDER, grow=(1,), stretch=4)
    assert hidden == frozenset()                       # 290 = 50 + 100 + 80 + 60
    assert 4 not in widths


def test_with_nothing_left_to_give_way_the_widest_are_cut():
    hidden, widths = arrange(NEEDS, NATURALS, 120, ORDER, grow=(1,), stretch=4)
    assert hidden == {2, 3, 4}
    assert widths == {0: 50, 1: 70}                    # capped: 50 + 70 = 120
    assert column_cap([50, 100], 120) == 70


def test_cap_arithmetic():
    assert column_cap([100, 200, 300], 700) is None
    assert column_cap([100, 200, 300], 400) == 150      # 100 + 150 + 150
    assert column_cap([100, 200, 300], 100) == 64       # never below the floor
