"""Defence: the table state's text form, the danger of tiles (hand-worked per rule), threats,
and the push / fold values against a slow reference written from docs/defence.md."""
from __future__ import annotations

import pytest

from mjgui.defence import published as pub
from mjgui.defence.danger import danger, passed_after_riichi, safe_kinds
from mjgui.defence.pushfold import Settings, fold_value, noten_payment, push_value, tsumo_share
from mjgui.defence import calibration as cal
from mjgui.hand import Hand
from mjgui.tiles import Tile, TileError


def _k(name: str) -> int:
    return Tile.from_name(name).kind


def _rate(column: str, row: int) -> float:
    return pub.RIICHI_RATE[min(row, 19) - 1][pub.COLUMNS.index(column)] / 100


# ---- the text form ---------------------------------------------------------------------------
TABLE = "123m456p789s1122z3z seat:S L:19m4'5*s2p A:1z9p R:3^m L.pon:5*55z@A scores:25000,24000,26000,25000"


def test_table_state_round_trips():
    hand = Hand.parse(TABLE)
    assert Hand.parse(str(hand)) == hand
    left = hand.opponent("L")
    assert [r.tile.name for r in left.river] == ["1m", "9m", "4s", "5s", "2p"]
    assert [r.tsumogiri for r in left.river] == [False, False, True, False, False]
    assert left.riichi_index == 3 and left.in_riichi and not hand.opponent("A").in_riichi
    assert hand.opponent("R").river[0].called
    assert str(left.melds[0]) == "pon:5*55z@A"
    assert hand.scores == (25000, 24000, 26000, 25000)
    # seat S: the left player is East, the dealer
    assert hand.wind_of("L") == 0 and hand.wind_of("A") == 3 and hand.wind_of("R") == 2


def test_rivers_count_as_seen_tiles():
    hand = Hand.parse(TABLE)
    left = hand.remaining()
    assert left[_k("5z")] == 1          # three in the pon
    assert left[_k("3m")] == 3          # 3m in our hand; R's called 3m is counted in a meld, not twice
    assert left[_k("1z")] == 1          # two in the hand, one in A's river


@pytest.mark.parametrize("text, words", [
    ("123m456p789s1122z3z L:1111m", "5 copies of 1m"),               # a fifth copy in a river
    ("123m456p789s1122z3z L:1*2*m", "more than one riichi tile"),
    ("123m456p789s1122z3z L:1m L:2m", "given twice"),
    ("123m456p789s1122z3z L:'1m", "must follow a tile's digit"),
    ("123m456p789s1122z3z L:1''m", "given twice"),
    ("123m456p789s1122z3z L:1x", "unexpected"),
    ("123m456p789s1122z3z L.pon:1*11p L.pon:2*22p L.pon:3*33p L.pon:4*44p L.pon:6*66p", "at most 4"),
    ("123m456p789s1122z3z scores:1,2,3", "four whole numbers"),
    ("1122z3z L:123456789m123456789p1234567s", "at most 24"),
])
def test_bad_table_state_gets_one_clear_error(text, words):
    with pytest.raises(TileError, match=words):
        Hand.parse(text)


# ---- danger, rule by rule ---------------------------------------------------------------------
def test_genbutsu_is_safe_against_that_player_only():
    hand = Hand.parse("2345m456p789s1133z L:4m1z9s7p*2p A:5m1p2p3p4p")
    d = danger(hand)
    assert d.p(_k("4m"), "L") == 0.0                  # in L's river
    assert d.p(_k("5m"), "L") > 0                    # only A threw it, and before L's riichi by the rivers' order
    assert d.by_seat["L"][_k("4m")].reason == "genbutsu"


def test_riichi_furiten_tiles_passed_after_the_riichi_are_safe():
    # seat E: L is North (plays 4th).  L declared riichi with its 2nd discard (time 4*1+3 = 7);
    # A (West, plays 3rd) discarded 6s as its 3rd tile (time 4*2+2 = 10 > 7): passed, safe.
    # Its 1st discard 8s (time 2) came before the riichi: not safe by itself.
    hand = Hand.parse("2345m456p6789s1133z L:1z2*z A:8s1z6s")
    safe = safe_kinds(hand, hand.opponent("L"))
    assert _k("6s") in safe and _k("8s") not in safe
    d = danger(hand)
    assert d.p(_k("6s"), "L") == 0.0 and d.p(_k("8s"), "L") > 0


def test_tiles_passed_after_a_riichi_by_position():
    # seat S: L is East and plays first (times 4 i), the player South (4 i + 1), R West (4 i + 2),
    # A North (4 i + 3).  L's riichi tile is its 4th discard: time 12.  After it: L's 5th; the
    # player's 4th (13); R's and A's 4th and 5th (14, 15, 18, 19).
    hand = Hand.parse("123m456p11z L:19m4'5*s2p A:1z9p3s6s8p R:2m3m7p7s6z discards:9s1p4z8s seat:S")
    passed = passed_after_riichi(hand, hand.opponent("L"))
    assert passed == {"me": (3,), "L": (4,), "R": (3, 4), "A": (3, 4)}
    assert passed_after_riichi(hand, hand.opponent("A")) == {}          # A is not in riichi
    # the replay's exact genbutsu knows better: A's 6s and R's 7s came before the riichi (a call
    # shifted the turns), so only the tiles after them passed
    exact = {_k(n) for n in ("1m", "9m", "4s", "5s", "2p", "8s", "6z", "8p")}
    assert passed_after_riichi(hand, hand.opponent("L"), exact) == {"me": (3,), "L": (4,), "R": (4,), "A": (4,)}


def test_suji_and_half_suji_take_the_published_rates():
    # L in riichi after 9 discards; 4m is safe, so 1m and 7m are suji; 4p needs 1p and 7p
    hand = Hand.parse("1277m4p456p789s113z L:4m1z2z3z9p9s1s8p1p* ")
    row = 9
    d = danger(hand)
    assert d.p(_k("1m"), "L") == pytest.approx(_rate("suji 1/9", row) * cal.RIICHI_FACTOR)
    assert d.p(_k("7m"), "L") == pytest.approx(_rate("suji 3/7", row) * cal.RIICHI_FACTOR)
    # 1p is the riichi tile: 4p is half suji with its outer side safe, and suji of the riichi tile
    assert d.p(_k("4p"), "L") == pytest.approx(_rate("half-suji 4/6 (outer safe)", row) * cal.RIICHI_FACTOR
                                               * pub.RIICHI_SUJI_FACTOR)
    # 2m has no suji, and is outside L's early hand-cut 4m
    assert d.p(_k("2m"), "L") == pytest.approx(_rate("no-suji 2/8", row) * cal.RIICHI_FACTOR
                                               * pub.EARLY_OUTSIDE_FACTOR)
    assert "outside of an early discard" in d.by_seat["L"][_k("2m")].reason


def test_no_chance_and_one_chance():
    # all four 3p seen (two held, two in rivers): a two-sided wait on 1p or 2p needs a 3p
    hand = Hand.parse("1233p4567m789s11z L:3p1z2z3z5z* A:9m3p")
    d = danger(hand)
    assert d.p(_k("1p"), "L") == pytest.approx(_rate("no-suji 1/9", 5) * pub.NO_CHANCE_FACTOR * cal.RIICHI_FACTOR)
    # 2p: its shape (3p,4p) is blocked by the four 3p; the other shape does not exist (1p-0p)
    assert "no-chance" in d.by_seat["L"][_k("2p")].reason
    # three 8s seen: a two-sided wait on 9s (7s8s) has one 8s left: one-chance
    hand = Hand.parse("2345m456p7889s11z L:8s1z2z3z5z*")
    d = danger(hand)
    assert d.p(_k("9s"), "L") == pytest.approx(_rate("no-suji 1/9", 5) * pub.ONE_CHANCE_FACTOR * cal.RIICHI_FACTOR)


def test_honours_by_copies_unseen():
    # seat E, round E: L is North; 1z (East) is a value honour for nobody but the round;
    # 4z (North) is L's seat wind: a value honour for L; 2z a guest wind for L
    hand = Hand.parse("2345m456p789s1224z L:3z9m5m7p* A:1z")
    d = danger(hand)
    # 1z: the round wind; we hold one and A threw one (before L's riichi): two unseen
    assert d.p(_k("1z"), "L") == pytest.approx(_rate("value honour, 2 unseen", 4) * cal.RIICHI_FACTOR)
    assert d.p(_k("2z"), "L") == pytest.approx(_rate("guest wind, 2 unseen", 4) * cal.RIICHI_FACTOR)
    assert d.p(_k("4z"), "L") == pytest.approx(_rate("value honour, 3+ unseen", 4) * cal.RIICHI_FACTOR)


def test_two_riichi_combine():
    hand = Hand.parse("2345m456p789s1133z L:1z9m5m* A:9p2z7s*")
    d = danger(hand)
    k = _k("2m")
    a, b = d.p(k, "L"), d.p(k, "A")
    assert a > 0 and b > 0
    assert d.p(k) == pytest.approx(1 - (1 - a) * (1 - b))


def test_no_threat_no_danger():
    d = danger(Hand.parse("2345m456p789s1133z"))
    assert not d.any_threat and all(d.p(k) == 0 for k in range(34))


def test_a_player_without_riichi_is_weighted_by_its_tenpai_chance():
    hand = Hand.parse("2345m456p789s1133z L:1z9m5m7p2s6s L.pon:5*55z@A L.chi:2*34p")
    t = next(t for t in danger(hand).threats if t.seat == "L")
    assert 0 < t.tenpai < 1 and not t.riichi
    d = danger(hand)
    k = _k("3m")        # (2m is suji: 5m is in L's river)
    assert d.p(k, "L") == pytest.approx(_rate("no-suji 3/7", 6) * t.tenpai * cal.NOT_RIICHI_FACTOR)


# ---- push and fold ------------------------------------------------------------------------------
def _reference(gains, wins, now, later, turn, threats, we_dealer, race=True, tenpai_end=0.0):
    """The model of docs/defence.md as a plain probability walk: state = (still in the round);
    `now` and `later(j)` give a discard's deal-in chance and the points lost when it deals in."""
    rate = 1.0
    for t in threats:
        rate *= 1 - t.tenpai * (cal.RIICHI_WIN_PER_TURN if t.riichi else cal.TENPAI_WIN_PER_TURN)
    threat_win = 1 - rate
    tsumo = sum(t.tenpai * (cal.RIICHI_WIN_PER_TURN if t.riichi else cal.TENPAI_WIN_PER_TURN)
                * cal.TSUMO_SHARE * t.value * tsumo_share(t, we_dealer) for t in threats)
    # the chance the hand has won by its j-th draw (pushing): wins[i] is the win chance with the
    # draws from i on, so with len(wins) - i of them
    won = [0.0] + [wins[len(wins) - j] for j in range(1, len(wins) + 1)] if gains else [0.0] * 19
    in_round, total = 1.0, 0.0
    steps = max(len(gains) if gains else 18 - turn, 1)
    for j in range(steps):
        p, loss = now if j == 0 else later(j, wins)
        total -= in_round * p * loss           # this discard deals in
        in_round -= in_round * p
        total -= in_round * (1 - won[j]) * tsumo   # a threat's tsumo before the next draw, if still playing
        ends = max(cal.RACE_HAZARD[min(turn + j + 1, 18) - 1] if race else 0.0, threat_win)
        in_round -= in_round * ends
        if gains:
            total += in_round * gains[j]
    if threats:
        total += in_round * (1 - won[len(gains)] if gains else 1.0) * noten_payment(threats, tenpai_end)
    return total


def test_noten_payments_by_hand():
    class T:
        def __init__(self, tenpai):
            self.tenpai = tenpai
    # one riichi, the others surely noten: we pay 1,000 noten, or take 1,500 tenpai
    assert noten_payment((T(1.0), T(0.0), T(0.0)), 0.0) == pytest.approx(-1000)
    assert noten_payment((T(1.0), T(0.0), T(0.0)), 1.0) == pytest.approx(1500)
    # two riichi and a coin-flip third: noten we pay 1,500 or 3,000
    assert noten_payment((T(1.0), T(1.0), T(0.5)), 0.0) == pytest.approx(-(0.5 * 1500 + 0.5 * 3000))
    # nobody else tenpai: tenpai takes 3,000
    assert noten_payment((T(0.0),) * 3, 1.0) == pytest.approx(3000)


def test_the_last_discard_still_deals_in():
    """After the last draw no draw is left, but the discard itself can still deal in."""
    hand = Hand.parse("2345m456p789s1133z5p seat:S turn:18 L:1z9m5m7p2s6s8p1p*")
    d = danger(hand)
    kind = _k("2m")
    safe = push_value((), (), 18, d, _k("1z"), tenpai=0.0)
    assert d.p(kind) > 0.02 and d.p(_k("1z")) == 0.0
    # the deal-in's expected loss, and what follows only when it does not deal in
    loss = sum(d.p(kind, t.seat) * t.value for t in d.threats)
    assert push_value((), (), 18, d, kind, tenpai=0.0) == pytest.approx(safe - loss - d.p(kind) * safe, rel=1e-9)


def test_push_value_without_threats_or_race_is_the_search_value():
    by_turn = (2400.0, 2100.0, 1700.0, 1200.0, 600.0)
    wins = (0.4, 0.35, 0.28, 0.2, 0.1)
    assert push_value(by_turn, wins, 13, None, 0, Settings(race=False, threats=False)) == pytest.approx(2400.0)
    # the race alone keeps less of a plan that needs many draws
    raced = push_value(by_turn, wins, 13, None, 0, Settings(threats=False))
    gains = [by_turn[4], by_turn[3] - by_turn[4], by_turn[2] - by_turn[3], by_turn[1] - by_turn[2],
             by_turn[0] - by_turn[1]]
    assert raced == pytest.approx(_reference(gains, wins, (0, 0), lambda j, w: (0, 0), 13, (), False))
    assert raced < 2400.0


def test_push_and_fold_against_a_riichi_follow_the_reference():
    hand = Hand.parse("2345m456p789s1133z5p seat:S turn:8 L:1z9m5m7p2s6s8p1p* A:9p2z7s4z R:1z1m")
    d = danger(hand)
    by_turn = tuple(3000.0 * (1 - i / 10) for i in range(10))
    wins = tuple(0.5 * (1 - i / 10) for i in range(10))
    kind = _k("2m")
    gains = [by_turn[-1]] + [by_turn[10 - j] - by_turn[11 - j] for j in range(2, 11)]
    threats = d.threats
    mean_loss = sum(t.value * t.tenpai for t in threats) / sum(t.tenpai for t in threats)

    def later_push(j, wins_):
        won = wins_[len(wins_) - j]
        stay = 1.0
        for t in threats:
            if t.tenpai > 0:
                row = min(19, d.rows[t.seat] + j)
                stay *= 1 - t.tenpai * cal.PUSH_DISCARD_FACTOR * _rate("no-suji 3/7", row)
        return (1 - won) * (1 - stay), mean_loss

    # the points lost when this discard deals in: each threat's value, by its share of the danger
    loss_now = sum(d.p(kind, t.seat) * t.value for t in threats) / d.p(kind)
    expect = _reference(gains, wins, (d.p(kind), loss_now), later_push, 8, threats, False, tenpai_end=0.7)
    assert push_value(by_turn, wins, 8, d, kind, tenpai=0.7) == pytest.approx(expect)

    kept = sorted(t.kind for t in hand.discard(kind).concealed)
    # folding throws the tiles that lose the fewest points first
    order = sorted(kept, key=lambda k: sum(d.p(k, t.seat) * t.value for t in threats))
    safe_draw, share = 0.3, [0.02] * 34
    share[_k("6p")] = 0.05

    def later_fold(j, _):
        """Every history of the j draws (safe or not) spelled out: a safe draw is thrown first,
        else the next kept tile, still unsafe if nobody threw its kind in 3 j discards."""
        from itertools import product
        p_sum = loss_sum = 0.0
        for history in product((True, False), repeat=j):
            weight = 1.0
            bank = used = 0
            for step, safe in enumerate(history, 1):
                weight *= safe_draw if safe else 1 - safe_draw
                bank += safe
                if bank:
                    bank -= 1
                    thrown = None
                else:
                    thrown = order[used] if used < len(order) else None
                    used += 1
            if thrown is not None:
                live = (1 - share[thrown]) ** (3 * j)
                p_sum += weight * d.p(thrown) * live
                loss_sum += weight * sum(d.p(thrown, t.seat) * t.value for t in threats) * live
        return p_sum, (loss_sum / p_sum if p_sum else 0.0)

    expect = _reference(None, wins, (d.p(kind), loss_now), later_fold, 8, threats, False)
    assert fold_value(d, kind, kept, 8, safe_draw=safe_draw, unseen_share=share) == pytest.approx(expect)
    # a genbutsu discard folds for less than a dangerous one
    kept_safe = [t.kind for t in hand.discard(_k("1z")).concealed]
    assert fold_value(d, _k("1z"), kept_safe, 8) > fold_value(d, kind, kept, 8)
