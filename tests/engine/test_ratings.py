"""The FIDE Rating Regulations' calculations (pairing/engine/ratings.py) against the tables of
B.02 8.1 read by hand, and rating changes worked out on paper."""

from fractions import Fraction

from pairing.engine.ratings import expected, k_factor, performance, rating_change


def test_expected_score_from_the_table_8_1_b():
    # B.02 8.1.b rows: 0-3 .50, 4-10 .51, 99-106 .64, 392-411 .92, 620-735 .99, over 735 1.00
    assert expected(2000, 2003) == 50
    assert expected(2004, 2000) == 51 and expected(2000, 2004) == 49
    assert expected(2100, 2000) == 64 and expected(2000, 2100) == 36
    assert expected(2400, 2000) == 92
    assert expected(2700, 2000) == 99 and expected(2736, 2000) == 100


def test_the_400_point_rule_for_a_rating_change():
    # B.02 8.3.1: 500 points count as 400 (.92), not .96 as in the full table.
    assert expected(2500, 2000) == 96
    assert expected(2500, 2000, limit=400) == 92
    assert expected(2000, 2500, limit=400) == 8


def test_performance_from_the_table_8_1_a():
    # Opponents 2100 and 1900 (average 2000), 1½ of 2: p = .75, dp = 193.
    assert performance(Fraction(3, 2), [2100, 1900]) == 2193
    # p = .63: dp 95; p = 0: -800; p = 1: +800.
    assert performance(Fraction(63, 100) * 100, [1800] * 100) == 1895
    assert performance(Fraction(0), [1800, 1900]) == 1850 - 800
    assert performance(Fraction(2), [1800, 1900]) == 1850 + 800
    assert performance(Fraction(0), []) is None


def test_k_factor():
    # B.02 8.3.3: 40 until the end of the year of the 18th birthday under 2300; 20 under 2400; 10 from 2400.
    assert k_factor(2250, birth_year=2008, year=2026) == 40
    assert k_factor(2250, birth_year=2007, year=2026) == 20
    assert k_factor(2300, birth_year=2010, year=2026) == 20
    assert k_factor(2399, birth_year=None, year=2026) == 20
    assert k_factor(2400, birth_year=None, year=2026) == 10


def test_rating_change_worked_by_hand():
    # 2000, K 20: beats 2100 (expected .36): +12.8; draws 1900 (.64): -2.8; loses to 2600 (400 rule: .08): -1.6.
    games = [(2100, Fraction(1)), (1900, Fraction(1, 2)), (2600, Fraction(0))]
    assert rating_change(2000, games, 20) == Fraction("12.8") - Fraction("2.8") - Fraction("1.6")
    assert rating_change(2000, [], 20) == 0


def test_k_times_games_stays_within_700():
    # B.02 8.3.3 (last paragraph): 20 games at K 40 would be 800: K becomes 35.
    games = [(2000, Fraction(1))] * 20
    assert rating_change(2000, games, 40) == 35 * 20 * Fraction(1, 2)
