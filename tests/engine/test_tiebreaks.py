"""C.07 tie-breaks on small hand-built tournaments, every value worked out by hand.

The editions: 2026 (default), 2024 and 2009 (the SPPC 2009 virtual opponent).
"""

from fractions import Fraction as F

import pytest

from pairing.engine import parse
from pairing.engine.standings import standings
from pairing.engine.tiebreaks import TiebreakCodeError, compute_standings, direct, explain, tiebreak_values
from pairing.engine.tiebreaks.buchholz import adjusted_scores
from pairing.engine.tiebreaks.codes import parse_code
from pairing.engine.tiebreaks.editions import C07_2009, C07_2026
from pairing.engine.tiebreaks.event import Event
from tests.engine.builder import TrfBuilder


def value(document, code, number, edition="2026"):
    return tiebreak_values(document, code, edition)[number]


def dummy_rounds(document, code, number, edition):
    return {c.round: c.score for c in explain(document, code, number, edition) if c.dummy}


# -- SPPC 2009 (sppc-2009-unplayed-games.md, item 7): the virtual opponent

def sppc_example_1():
    # A (1) has 2 points after round 2, wins by default in round 3 and finishes on 6 of 9
    t = TrfBuilder(10, 9)
    results = {2: "1", 3: "1", 4: "+", 5: "1", 6: "1", 7: "=", 8: "0", 9: "=", 10: "0"}
    for opponent, result in results.items():
        t.game(1, opponent, result).next_round()
    return parse(t.text())


def test_sppc_example_1_own_default_win_counts_2_plus_0_plus_6_halves():
    document = sppc_example_1()
    assert tiebreak_values(document, "PTS")[1] == 6
    assert dummy_rounds(document, "BH", 1, "2009") == {3: 5}


def test_sppc_example_1_the_default_win_is_a_draw_for_the_opponents():
    document = sppc_example_1()
    assert adjusted_scores(Event(document), C07_2009)[1] == 55  # tenths: 6 - 1 + 0.5
    (first,) = [c for c in explain(document, "BH", 2, "2009") if c.round == 1]
    assert (first.opponent, first.dummy, first.score) == (1, False, F(11, 2))


def test_sppc_example_2_absence_counts_4_plus_1_plus_2_halves():
    # B (1) has 4 points after round 6, is absent in round 7 and finishes on 6
    t = TrfBuilder(9, 9)
    for opponent, result in {2: "1", 3: "1", 4: "1", 5: "1", 6: "0", 7: "0"}.items():
        t.game(1, opponent, result).next_round()
    t.bye(1, "Z").next_round()
    t.game(1, 8, "1").next_round().game(1, 9, "1").next_round()
    document = parse(t.text())
    assert dummy_rounds(document, "BH", 1, "2009") == {7: 6}
    assert adjusted_scores(Event(document), C07_2009)[1] == 65  # tenths: 6 - 0 + 0.5


def test_sppc_absent_in_round_3_with_one_and_a_half():
    t = TrfBuilder(3, 9).game(1, 2, "1").next_round().game(1, 3, "=").next_round().bye(1, "Z").next_round()
    t.text()
    for _ in range(6):
        t.next_round()
    document = parse(t.text())
    assert dummy_rounds(document, "BH", 1, "2009") == {
        3: F(11, 2), 4: F(3, 2) + 1 + F(5, 2), 5: F(3, 2) + 1 + 2, 6: F(3, 2) + 1 + F(3, 2),
        7: F(3, 2) + 1 + 1, 8: F(3, 2) + 1 + F(1, 2), 9: F(3, 2) + 1}


def test_2009_cuts_ignore_whether_a_round_was_voluntary():
    document = hpb_example()
    # virtual opponent of round 2: 1 + 0.5 + 3 x 0.5 = 3; opponents count unplayed rounds as draws
    assert [c.score for c in explain(document, "BH/C1", 1, "2009")] == [2, 3, 2, 2, 3]
    assert value(document, "BH", 1, "2009") == 12
    assert value(document, "BH/C1", 1, "2009") == 10  # one of the 2.0, not the VUR


# -- C.07 Art. 16: categories, adjusted scores, the dummy and its 2026 caps, cuts

def categories_example():
    t = TrfBuilder(8, 6)
    t.bye(1, "U").game(5, 6, "=").bye(7, "H").next_round()  # round 1
    t.game(1, 2, "+").bye(6, "H").game(8, 7, "+").next_round()  # round 2
    t.bye(1, "H").next_round()  # round 3
    t.game(1, 3, "=").next_round()  # round 4
    t.game(4, 1, "+").next_round()  # round 5
    t.next_round()  # round 6: everybody absent
    return parse(t.text())


def test_each_category_of_16_2():
    event = Event(categories_example())
    assert [r.category for r in event.players[1]] == [1, 2, 3, None, 4, 5]
    assert [r.vur for r in event.players[1]] == [False, False, True, False, True, True]
    # withdrawn after round 1 (every later round a zero-point bye): 16.2.5
    assert [r.category for r in event.players[5]] == [None, 5, 5, 5, 5, 5]
    # a half-point bye followed only by VURs (a forfeit loss, then absences): 16.2.5
    assert [r.category for r in event.players[7]] == [5, 4, 5, 5, 5, 5]
    # absences before the first game are followed by a round that is not a VUR: 16.2.3
    assert [r.category for r in event.players[3]] == [3, 3, 3, None, 5, 5]


def test_adjusted_scores_of_16_3():
    adjusted = {n: F(tenths, 10) for n, tenths in adjusted_scores(Event(categories_example()), C07_2026).items()}
    assert adjusted[5] == F(1, 2) + 5 * F(1, 2)  # the withdrawn player's rounds count as draws
    assert adjusted[7] == F(1, 2) + 0 + 4 * F(1, 2)  # 16.2.5 bye as a draw, 16.2.4 at 0
    assert adjusted[3] == 0 + 0 + 0 + F(1, 2) + F(1, 2) + F(1, 2)  # 16.2.3 as awarded (0)
    assert adjusted[1] == 1 + 1 + F(1, 2) + F(1, 2) + 0 + F(1, 2)  # own trailing absence: a draw
    assert adjusted[2] == F(1, 2) + 0 + 4 * F(1, 2)  # round 1 is followed only by VURs


def test_the_dummy_of_16_4_and_the_2026_caps():
    document = categories_example()
    # player 1 scored 3 (PAB 1, forfeit win 1, HPB 1/2, draw 1/2, forfeit loss 0, absence 0)
    assert dummy_rounds(document, "BH", 1, "2024") == {1: 3, 2: 3, 3: 3, 5: 3, 6: 3}
    assert dummy_rounds(document, "BH", 1, "2026") == {
        1: 3,  # 16.4.2: at most a draw x 6 rounds
        2: F(5, 2),  # 16.4.1: at most the scheduled opponent's adjusted score (player 2)
        3: 3, 6: 3,
        5: F(3, 2),  # 16.4.1: player 4 (absences of category 16.2.3 at 0, forfeit win, a draw)
    }


def hpb_example():
    # P (1) scores 3.5 in 5 rounds with a half-point bye in round 2 (C07-tiebreaks.md 1)
    t = TrfBuilder(5, 5).game(1, 2, "1").next_round().bye(1, "H").next_round()
    t.game(1, 3, "1").next_round().game(1, 4, "1").next_round().game(1, 5, "0").next_round()
    return parse(t.text())


def test_hpb_dummy_is_capped_at_half_the_rounds_in_2026():
    document = hpb_example()
    # adjusted scores: 2 = 0 + 4 trailing absences as draws; 3 = 0 + 0 + 0 + 1/2 + 1/2;
    # 4 = 0 x 3 + 0 + 1/2; 5 = 0 x 4 + 1
    opponents = 2 + 1 + F(1, 2) + 1
    assert value(document, "BH", 1, "2024") == opponents + F(7, 2)
    assert value(document, "BH", 1, "2026") == opponents + F(5, 2)  # 16.4.2: 0.5 x 5
    assert value(document, "SB", 1, "2024") == 2 + F(7, 4) + 1 + F(1, 2) + 0
    assert value(document, "SB", 1, "2026") == 2 + F(5, 4) + 1 + F(1, 2) + 0


def test_cut_1_takes_the_vur_first():
    document = hpb_example()
    # 16.5: the half-point bye (a VUR) is cut, not player 4's 0.5
    assert value(document, "BH/C1", 1, "2024") == 2 + 1 + F(1, 2) + 1
    assert value(document, "BH/C1", 1, "2026") == 2 + 1 + F(1, 2) + 1
    assert [c.cut for c in explain(document, "BH/C1", 1)] == [False, True, False, False, False]
    # SB: the VUR contribution (2026: 2.5 x 0.5) is not lower than the least significant (0.5)
    assert value(document, "SB/C1", 1) == 2 + 1 + F(1, 2) + 0
    # medians cut the most significant value too (the 2.0 of player 2), never a VUR exception
    assert value(document, "BH/M1", 1) == 1 + F(1, 2) + 1


def test_sb_cut_keeps_a_vur_contribution_lower_than_the_least_significant_value():
    # Q (1) beats 2 (the lowest adjusted score, 1/2) and has a zero-point bye in round 2
    t = TrfBuilder(4, 3).game(1, 2, "1").next_round().bye(1, "Z").bye(2, "H").game(3, 4, "1").next_round()
    t.game(1, 3, "0").game(2, 4, "0").next_round()
    document = parse(t.text())
    items = explain(document, "SB/C1", 1)
    assert [(c.score, c.value, c.vur) for c in items] == [(F(1, 2), F(1, 2), False), (1, 0, True), (2, 0, False)]
    # 16.5: the VUR contribution (0) is lower than the least significant value: that one is cut
    assert [c.cut for c in items] == [True, False, False]
    assert value(document, "SB/C1", 1) == 0
    assert value(document, "BH/C1", 1) == F(1, 2) + 2  # BH cuts the VUR


def test_fore_buchholz_plays_the_final_round_as_draws():
    # round 3 (the last): 1 beats 2 by forfeit, 3 beats 4 over the board
    t = TrfBuilder(4, 3).game(1, 3, "=").game(2, 4, "1").next_round()
    t.game(1, 4, "1").game(3, 2, "0").next_round().game(1, 2, "+").game(3, 4, "1").next_round()
    document = parse(t.text())
    # as if: 1: 1/2 + 1 + 1/2 = 2; 2: 1 + 1 + 1/2; 3: 1/2 + 0 + 1/2 = 1; 4: 0 + 0 + 1/2
    assert value(document, "FB", 1) == 1 + F(1, 2) + F(5, 2)
    assert value(document, "BH", 1) == F(3, 2) + 0 + 2  # the real forfeit: a dummy of 2 (16.4.1)
    assert value(document, "AOB", 1) == F(value(document, "BH", 3) + value(document, "BH", 4), 2)


# -- Types B and D, and Art. 10

def small_event(ratings=None):
    t = TrfBuilder(5, 3, ratings=ratings)
    t.game(1, 2, "1").game(3, 4, "=").bye(5, "U").next_round()
    t.game(4, 1, "0").game(2, 5, "--").bye(3, "H").next_round()
    t.game(1, 3, "+").game(5, 4, "1").next_round()  # 2 absent
    return parse(t.text())


@pytest.mark.parametrize("code, expected", [
    ("PTS", {1: 3, 2: 0, 3: 1, 4: F(1, 2), 5: 2}),
    ("WIN", {1: 3, 2: 0, 3: 0, 4: 0, 5: 2}),  # 7.1: the PAB and the forfeit win count
    ("WON", {1: 2, 2: 0, 3: 0, 4: 0, 5: 1}),
    ("BPG", {1: 1, 2: 1, 3: 0, 4: 2, 5: 0}),
    ("BWG", {1: 1, 2: 0, 3: 0, 4: 0, 5: 0}),
    ("PS", {1: 6, 2: 0, 3: F(5, 2), 4: F(3, 2), 5: 4}),
    ("PS/C1", {1: 5, 2: 0, 3: 2, 4: 1, 5: 3}),
    ("REP", {1: 3, 2: 1, 3: 1, 4: 3, 5: 2}),  # 7.6: minus H, Z and forfeit losses
    # 7.7: the double forfeit (2 and 5, 0 against 0) gives 1/2; a PAB beats a draw
    ("STD", {1: 3, 2: F(1, 2), 3: 1, 4: F(1, 2), 5: F(5, 2)}),
    ("TPN", {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}),
    ("RTNG", {1: 2490, 2: 2480, 3: 2470, 4: 2460, 5: 2450}),
    ("KS", {1: 0, 2: 0, 3: 0, 4: 0, 5: 0}),  # only 1 (3) and 5 (2) reach 1.5 of 3
    ("KS/L-2", {1: 2, 2: 0, 3: F(1, 2), 4: F(1, 2), 5: 1}),  # 14.5: limit 0.5
    ("ARO", {1: 2470, 2: 2490, 3: 2460, 4: 2470, 5: 2460}),
    ("ARO/C1", {1: 2480, 2: None, 3: None, 4: 2480, 5: None}),
    ("TPR", {1: 3270, 2: 1690, 3: 2460, 4: 2197, 5: 3260}),  # 4: p = 0.17 -> dp -273
    ("PTP", {1: 3216, 2: 1690, 3: 2457, 4: 2192, 5: 3196}),  # 4: .17 + .15 + .18
])
def test_type_b_and_rating_values(code, expected):
    assert tiebreak_values(small_event(), code) == expected


def test_performance_averages_of_the_opponents():
    values = tiebreak_values(small_event(), "TPR")
    # 1 met 2 and 4 over the board: (1690 + 2197) / 2 = 1943.5, rounded up (10.4)
    assert value(small_event(), "APRO", 1) == 1944 == (values[2] + values[4] + 1) // 2
    ptp = tiebreak_values(small_event(), "PTP")
    assert value(small_event(), "APPO", 4) == round((ptp[3] + ptp[1] + ptp[5]) / 3)


def test_rating_tiebreaks_need_everybody_rated_unless_given_a_rating():
    document = small_event(ratings={1: 2490, 2: 2480, 3: 0, 4: 2460, 5: 2450})
    for code in ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"):
        assert set(tiebreak_values(document, code).values()) == {None}, code
    assert value(document, "ARO/U1000", 4) == (1000 + 2490 + 2450 + 1) // 3
    assert value(document, "RTNG/U1000", 3) == 1000


# -- Art. 6, direct encounter

def four_played_all():
    t = TrfBuilder(4, 3).game(1, 2, "1").game(3, 4, "0").next_round()
    t.game(3, 1, "1").game(2, 4, "1").next_round().game(1, 4, "1").game(2, 3, "1").next_round()
    return parse(t.text())


def test_de_when_all_met_and_again_on_the_sub_ties():
    event = Event(four_played_all())
    # 1 and 2 scored 2 in the group, 3 and 4 scored 1: 6.2, then Art. 6 again on each pair
    assert direct.order(event, [1, 2, 3, 4]) == [[1], [2], [4], [3]]
    rows = compute_standings(four_played_all(), ["DE"])
    assert [(r.pairing_number, r.rank, r.tiebreaks["DE"]) for r in rows] == [
        (1, 1, 1), (2, 2, 2), (4, 3, 1), (3, 4, 2)]


def test_de_in_a_swiss_when_not_all_met():
    t = TrfBuilder(4, 3).game(1, 2, "1").next_round().game(1, 3, "1").next_round().game(2, 3, "+").next_round()
    event = Event(parse(t.text()))
    # 6.3: 1 beat both, whatever the missing game; 2 and 3 never played over the board
    assert direct.order(event, [1, 2, 3]) == [[1], [2, 3]]
    # 4 met nobody and could still score 2 against 1's one point
    assert direct.order(event, [1, 2, 4]) == [[1, 2, 4]]
    # /P: the forfeit counts as a game (6.1.1), so all met
    assert direct.order(event, [1, 2, 3], forfeits=True) == [[1], [2], [3]]


def test_de_averages_repeated_games():
    t = TrfBuilder(2, 2).game(1, 2, "1").next_round().game(2, 1, "=").next_round()
    scored, met = direct._scores(Event(parse(t.text())), [1, 2], False)
    assert scored == {1: F(15, 2), 2: F(5, 2)} and met == {1: 1, 2: 1}  # 6.1.2, in tenths


# -- ranking, API

def test_shared_ranks_unless_lots_are_drawn():
    document = four_played_all()
    assert [(r.pairing_number, r.rank) for r in compute_standings(document, [])] == [
        (1, 1), (2, 1), (3, 3), (4, 3)]
    assert [(r.pairing_number, r.rank) for r in compute_standings(document, [], lots=[2, 1, 4, 3])] == [
        (2, 1), (1, 2), (4, 3), (3, 4)]


def test_values_are_keyed_by_the_codes_as_given_and_tpn_ranks_ascending():
    rows = compute_standings(four_played_all(), ["bh-c1", "TPN/R"])
    assert list(rows[0].tiebreaks) == ["bh-c1", "TPN/R"]
    assert [r.pairing_number for r in rows] == [2, 1, 4, 3]  # /R: the higher number first


def test_standings_after_a_round():
    rows = compute_standings(four_played_all(), ["DE", "BH"], rounds=1)
    assert [(r.pairing_number, r.points) for r in rows] == [(1, 1), (4, 1), (2, 0), (3, 0)]


def test_engine_standings_use_the_tiebreaks():
    ranked = standings(four_played_all(), tiebreaks=["DE"])
    assert [(s.rank, s.number, s.points) for s in ranked] == [(1, 1, 20), (2, 2, 20), (3, 4, 10), (4, 3, 10)]
    assert ranked[0].tiebreaks == {"DE": 1}
    assert [s.number for s in standings(four_played_all())] == [1, 2, 3, 4]


@pytest.mark.parametrize("codes", [["XYZ"], ["BH/C0"], ["WIN/C1"], ["KS/Lx"], [""]])
def test_unknown_codes_are_refused(codes):
    with pytest.raises(TiebreakCodeError):
        compute_standings(four_played_all(), codes)


def test_code_grammar():
    assert parse_code("BH/C1").cut_low == 1 and parse_code("BH-M2").cut_high == 2
    assert parse_code("AOB/F").fore and parse_code("DE/P").forfeits_as_games
    assert parse_code("GE").name == "REP" and parse_code("KS/L+1").limit_halves == 1
    with pytest.raises(TiebreakCodeError):
        compute_standings(four_played_all(), ["BH"], edition="2019")
    with pytest.raises(TiebreakCodeError):
        explain(four_played_all(), "WIN", 1)
