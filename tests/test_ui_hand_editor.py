"""The hand editor (mjgui/ui/hand_editor.py): each edit gives the hand mjgui.hand gives for
the same change, as one undo step that undo takes back exactly and redo re-applies; a
refused edit changes nothing, not even the undo stack; the undo stack stays bounded."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mjgui.hand import Hand, Meld
from mjgui.tiles import Tile, TileError
from mjgui.ui.hand_editor import UNDO_LIMIT, HandEditor

START = "23m0p56p789s11z555z9m dora:1z visible:3s discards:4p round:S seat:W"


def t(name: str) -> Tile:
    return Tile.from_name(name)


@pytest.fixture
def editor(qtbot):
    return HandEditor()


def record(editor) -> list[Hand]:
    got: list[Hand] = []
    editor.handChanged.connect(got.append)
    return got


def check_step(editor, edit, expected: Hand) -> None:
    """`edit()` turns the editor's hand into `expected` in one undo step (handChanged
    once, with it); undo restores the hand before exactly, redo re-applies it."""
    stack = editor.undo_stack
    before, count = editor.hand, stack.count()
    assert expected != before                            # the edit does change the hand
    changes = record(editor)
    edit()
    assert editor.hand == expected and changes == [expected]
    assert stack.count() == count + 1 and stack.index() == count + 1
    stack.undo()
    assert editor.hand == before and changes == [expected, before]
    stack.redo()
    assert editor.hand == expected and changes == [expected, before, expected]


def check_refused(editor, edit) -> None:
    """`edit()` raises TileError and leaves the hand, the undo stack and the signal alone."""
    stack = editor.undo_stack
    before, count, index = editor.hand, stack.count(), stack.index()
    changes = record(editor)
    with pytest.raises(TileError):
        edit()
    assert editor.hand == before and changes == []
    assert (stack.count(), stack.index()) == (count, index)


def start(editor, text: str = START) -> Hand:
    editor.set_hand(Hand.parse(text))
    return editor.hand


# ---- each edit as mjgui.hand makes it --------------------------------------------------

def test_set_hand_is_one_step_and_none_when_nothing_changes(editor):
    assert editor.hand == Hand(()) and editor.undo_stack.count() == 0
    hand = Hand.parse(START)
    check_step(editor, lambda: editor.set_hand(hand), hand)
    changes = record(editor)
    editor.set_hand(Hand.parse(START))                   # an equal hand, another object
    assert editor.undo_stack.count() == 1 and changes == []


@pytest.mark.parametrize("name", ["1m", "0s", "5s", "7z"])
def test_add_tile_draws_the_tile(editor, name):
    hand = start(editor, "23m0p56p789s11z55z")
    check_step(editor, lambda: editor.add_tile(t(name)), hand.draw(t(name)))
    assert editor.hand.concealed[-1] == t(name)          # the draw comes last


def test_add_dora_and_visible_append_the_tile(editor):
    hand = start(editor)
    check_step(editor, lambda: editor.add_dora(t("0m")),
               replace(hand, dora_indicators=hand.dora_indicators + (t("0m"),)))
    hand = editor.hand
    check_step(editor, lambda: editor.add_visible(t("7z")), replace(hand, visible=hand.visible + (t("7z"),)))


def test_add_and_remove_meld(editor):
    hand = start(editor, "23m0p56p789s55z")
    meld = Meld.parse("pon:1*11z@R")
    check_step(editor, lambda: editor.add_meld(meld), replace(hand, melds=(meld,)))
    hand = editor.hand
    second = Meld.parse("chi:3*45m")
    hand2 = replace(hand, concealed=hand.concealed[:8])
    editor.set_hand(hand2)
    check_step(editor, lambda: editor.add_meld(second), replace(hand2, melds=(meld, second)))
    check_step(editor, lambda: editor.remove_meld(0), replace(hand2, melds=(second,)))


@pytest.mark.parametrize("part, field", [("dora", "dora_indicators"), ("visible", "visible"),
                                         ("discards", "discards")])
def test_remove_extra_removes_that_tile(editor, part, field):
    hand = start(editor, "23m0p56p789s11z55z dora:1z2z3z visible:3s4s5s discards:4p5p6p")
    tiles = getattr(hand, field)
    check_step(editor, lambda: editor.remove_extra(part, 1),
               replace(hand, **{field: (tiles[0], tiles[2])}))


@pytest.mark.parametrize("tile", ["9m", "0p", "1z", "5z"])
def test_discard_moves_the_tile_to_the_discards(editor, tile):
    hand = start(editor)
    check_step(editor, lambda: editor.discard(t(tile)), hand.discard(t(tile)))
    assert editor.hand.discards == hand.discards + (t(tile),)
    assert len(editor.hand.concealed) == len(hand.concealed) - 1


def test_discard_by_kind_gives_the_plain_five_before_the_red(editor):
    hand = start(editor, "23m0p5p56p789s11z55z")
    check_step(editor, lambda: editor.discard(t("5p").kind), hand.discard(t("5p").kind))
    assert editor.hand.discards == (t("5p"),) and t("0p") in editor.hand.concealed
    check_refused(editor, lambda: editor.discard(t("1m")))       # none held


def last_removed(tiles, tile):
    """The tiles without the last copy equal to `tile` (by the definition)."""
    i = max(j for j, x in enumerate(tiles) if x == tile)
    return tiles[:i] + tiles[i + 1:]


@pytest.mark.parametrize("tile", ["5p", "0p", "1z", "9m"])
def test_remove_concealed_takes_the_last_copy_of_that_tile(editor, tile):
    # two plain 5p around a red one: each removal names which five
    hand = start(editor, "5p23m0p789s1z5p1z9m")
    expected = hand.with_concealed(last_removed(hand.concealed, t(tile)))
    check_step(editor, lambda: editor.remove_concealed(t(tile)), expected)
    assert editor.hand.discards == hand.discards                 # not a discard
    if tile == "5p":                                             # the later plain five went
        assert [str(x) for x in editor.hand.concealed[:4]] == ["5p", "2m", "3m", "0p"]
    if tile == "0p":                                             # the plain fives stay
        assert [x for x in editor.hand.concealed if x.kind == t("5p").kind] == [t("5p"), t("5p")]


def test_clear_keeps_the_winds_only(editor):
    start(editor)
    check_step(editor, editor.clear, Hand((), round_wind=1, seat_wind=2))
    changes = record(editor)
    editor.clear()                                               # already clear: no step
    assert editor.undo_stack.count() == 2 and changes == []


# ---- refused edits -------------------------------------------------------------------

def test_a_fifteenth_tile_is_refused(editor):
    start(editor)                                                # 14 tiles
    check_refused(editor, lambda: editor.add_tile(t("1m")))
    start(editor, "23m0p56p789s55z1s pon:1*11z@R")               # 11 + a meld
    check_refused(editor, lambda: editor.add_tile(t("1m")))
    start(editor, "23m0p56p789s55z1s2s")                         # 12 + a meld: 15
    check_refused(editor, lambda: editor.add_meld(Meld.parse("pon:1*11z@R")))


def test_a_fifth_copy_or_a_second_red_five_is_refused(editor):
    start(editor, "1111m456p789s2z dora:9m9m visible:9m discards:9m")
    check_refused(editor, lambda: editor.add_tile(t("1m")))
    check_refused(editor, lambda: editor.add_dora(t("9m")))
    check_refused(editor, lambda: editor.add_visible(t("1m")))
    check_refused(editor, lambda: editor.add_meld(Meld.parse("pon:9*99m")))
    start(editor, "0m123p")
    check_refused(editor, lambda: editor.add_tile(t("0m")))
    check_refused(editor, lambda: editor.add_dora(t("0m")))
    # each is refused by the hand itself too
    for bad in ("11111m", "0m0m"):
        with pytest.raises(TileError):
            Hand.parse(bad)


# ---- undo ------------------------------------------------------------------------------

def test_undo_and_redo_walk_the_edits(editor):
    hands = [editor.hand]
    for name in ("1m", "2m", "3m", "4m"):
        editor.add_tile(t(name))
        hands.append(editor.hand)
    editor.discard(t("2m"))
    hands.append(editor.hand)
    changes = record(editor)
    stack = editor.undo_stack
    for expected in reversed(hands[:-1]):
        stack.undo()
        assert editor.hand == expected
    assert not stack.canUndo() and changes == hands[-2::-1]
    for expected in hands[1:]:
        stack.redo()
        assert editor.hand == expected
    assert not stack.canRedo()
    # an edit after undo drops the redo steps
    stack.undo()
    editor.add_tile(t("9p"))
    assert not stack.canRedo() and editor.hand == hands[-2].draw(t("9p"))


def test_the_undo_limit_keeps_the_newest_edits(editor):
    extra = 25
    hands = [editor.hand]
    for i in range(UNDO_LIMIT + extra):
        # every edit a different hand: a dora indicator and a visible tile kind after kind
        editor.set_hand(Hand((), dora_indicators=(Tile(i % 34),), visible=(Tile(i // 34),)))
        hands.append(editor.hand)
    assert len(set(map(str, hands))) == len(hands)
    stack = editor.undo_stack
    assert stack.count() == UNDO_LIMIT
    for expected in reversed(hands[extra:-1]):           # the newest UNDO_LIMIT undoable
        stack.undo()
        assert editor.hand == expected
    assert not stack.canUndo() and editor.hand == hands[extra]


def test_a_sixth_dora_indicator_is_refused(qtbot):
    """One indicator and one more per kan: at most five (scoring and the search count them)."""
    editor = HandEditor()
    editor.set_hand(Hand.parse("23m456p789s11z556z9m"))
    for name in ("1p", "2p", "3p", "4p", "6p"):
        editor.add_dora(Tile.from_name(name))
    before, steps = editor.hand, editor.undo_stack.count()
    with pytest.raises(TileError, match="at most 5 dora indicators"):
        editor.add_dora(Tile.from_name("7p"))
    assert editor.hand == before and editor.undo_stack.count() == steps


def test_taking_back_a_tile_not_held_is_explained(qtbot):
    editor = HandEditor()
    editor.set_hand(Hand.parse("0p123m"))
    with pytest.raises(TileError, match="5p is not in the hand"):
        editor.remove_concealed(Tile.from_name("5p"))       # only the red five is held
    assert editor.hand == Hand.parse("0p123m")


def test_remove_a_river_tile(editor):
    """Removing a tile of an opponent's river keeps its marks on the others (the riichi tile too)."""
    hand = start(editor, "23m0p56p789s11z55z L:19m4'5*s2p A:1z")
    after = Hand.parse("23m0p56p789s11z55z L:19m5*s2p A:1z")
    check_step(editor, lambda: editor.remove_extra("river-L", 2), after)
    assert editor.hand.opponent("L").riichi_index == 2 and hand.opponent("L").riichi_index == 3
