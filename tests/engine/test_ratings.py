"""The FIDE Rating Regulations' calculations (pairing/engine/ratings.py) against the tables of
B.02 8.1 read by hand, and rating changes worked out on paper."""

from datetime import date
from fractions import Fraction

from pairing.engine.ratings import expected, k_factor, performance, rating_change, rating_rules


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


def test_the_edition_of_the_rating_regulations_by_the_first_day():
    # A change of the regulations applies to tournaments starting on or after its date (B.02 0.1).
    assert rating_rules(date(2024, 2, 29)).name == "2022"
    assert rating_rules(date(2024, 3, 1)).name == "2024"
    assert rating_rules(date(2025, 9, 30)).name == "2024"
    assert rating_rules(date(2025, 10, 1)).name == "2025"
    assert rating_rules(date(2019, 5, 1)).name == "2022"  # the oldest edition we have


def test_one_upgrade_per_tournament_until_february_2024():
    # B.02 8.3.1 (2022): "a player may benefit from only one upgrade under this rule, for the game in
    # which the rating difference is greatest".  2400 (K 10) beats 1900, 1950 and 2000:
    # 1900 (500 points) counts as 400: .92, +.08; 1950 (450 points, no second upgrade): .94, +.06;
    # 2000 (400 points, no upgrade needed): .92, +.08.  +.22 times 10.
    games = [(1950, Fraction(1)), (1900, Fraction(1)), (2000, Fraction(1))]
    assert rating_change(2400, games, 10, rating_rules(date(2023, 6, 1))) == Fraction("2.2")
    # From March 2024 the rule applies in every game: 3 times +.08.
    assert rating_change(2400, games, 10, rating_rules(date(2024, 6, 1))) == Fraction("2.4")


def test_the_400_point_rule_is_no_upgrade_for_the_lower_rated_player():
    # Our reading of 8.3.1 (2022): the lower-rated player's differences always count as 400 at most.
    # 1900 (K 20) loses to 2400 and 2450: .08 expected in both, -.16 times 20.
    games = [(2400, Fraction(0)), (2450, Fraction(0))]
    assert rating_change(1900, games, 20, rating_rules(date(2023, 6, 1))) == Fraction("-3.2")


def test_the_real_difference_from_2650_since_october_2025():
    # B.02 8.3.1 (1 October 2025): "For players rated 2650 and above, the difference between
    # ratings shall be used in all cases."  2700 (K 10) beats 2200: 500 points, .96 (484-517), +.04.
    october = rating_rules(date(2025, 10, 1))
    assert rating_change(2700, [(2200, Fraction(1))], 10, october) == Fraction("0.4")
    assert rating_change(2700, [(2200, Fraction(1))], 10, rating_rules(date(2025, 9, 1))) == Fraction("0.8")
    # The threshold: 2649 still counts 549 points as 400 (.92); 2650 counts its 550 (.97, 517-559).
    assert rating_change(2649, [(2100, Fraction(1))], 10, october) == Fraction("0.8")
    assert rating_change(2650, [(2100, Fraction(1))], 10, october) == Fraction("0.3")
    # The 2200 player below 2650 keeps the rule against the 2700: .08 expected, a loss -.08 times 20.
    assert rating_change(2200, [(2700, Fraction(0))], 20, october) == Fraction("-1.6")
