"""The FIDE Rating Regulations (B.02; article numbers of its 2022 text) for one tournament: the
two conversion tables, the expected score of a game, the K factor, the rating change and the
performance rating.  Pure arithmetic on ratings and scores; the tie-breaks of C.07 Art. 10 read
the same tables (``tiebreaks/rating.py``).

Our reading, where a tournament's data cannot say everything the regulations ask:

* Only games played over the board against a rated opponent are rated (B.02 8.3.1: "for each game
  played against a rated player"); forfeits and byes are not games.
* The 400-point rule (B.02 8.3.1): a rating difference of more than 400 points counts as 400.
* K (B.02 8.3.3): 40 until the end of the year of the player's 18th birthday while his rating is
  under 2300; 10 from 2400 on; else 20.  K = 40 for a player with fewer than 30 rated games, and K
  = 10 for one whose published rating once reached 2400, need the player's rating history, which a
  tournament does not hold: they are not applied.  If K times the number of games exceeds 700, K is
  the largest whole number whose product stays within 700 (B.02 8.3.3, last paragraph), counted on this
  tournament's games alone.
* The change is shown to one decimal; FIDE rounds only the rating of the published list.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import floor

# B.02 8.1.a: dp for a percentage score p = 0.50 .. 1.00 (the lower half is symmetric)
_DP_UPPER = [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
             158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
             351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800]
# B.02 8.1.b: (largest rating difference, expected score in hundredths of the higher rated)
_PD = [(3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58), (68, 59),
       (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67), (137, 68),
       (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75), (206, 76), (215, 77),
       (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
       (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95),
       (517, 96), (559, 97), (619, 98), (735, 99)]
#: B.02 8.3.1: the largest rating difference a rated game counts.
MAX_DIFFERENCE = 400
#: B.02 8.3.3 (last paragraph): K times the number of games stays within this.
MAX_K_GAMES = 700


def half_up(value: Fraction) -> int:
    """Round to the nearest integer, 0.5 up (C.07 10.1)."""
    return floor(value + Fraction(1, 2))


def average(values: Sequence[int]) -> int | None:
    return half_up(Fraction(sum(values), len(values))) if values else None


def dp(p: Fraction) -> int:
    """B.02 8.1.a, p rounded half up to hundredths."""
    hundredths = half_up(p * 100)
    return _DP_UPPER[hundredths - 50] if hundredths >= 50 else -_DP_UPPER[50 - hundredths]


def expected(own: int, opponent: int, limit: int | None = None) -> int:
    """Expected score in hundredths (B.02 8.1.b); a difference over ``limit`` counts as ``limit``
    (the 400-point rule of 8.3.1 for a rating change; the tie-breaks use the full table)."""
    difference = abs(own - opponent)
    if limit is not None:
        difference = min(difference, limit)
    higher = next((pd for limit_, pd in _PD if difference <= limit_), 100)
    return higher if own >= opponent else 100 - higher


def performance(points: Fraction, ratings: Sequence[int]) -> int | None:
    """The tournament performance rating: the average rating of the opponents plus dp of the
    fraction scored (C.07 10.2, B.02 8.1.a).  None without a game."""
    if not ratings:
        return None
    return average(ratings) + dp(Fraction(points) / len(ratings))


def k_factor(rating: int, birth_year: int | None, year: int) -> int:
    """B.02 8.3.3 as far as one tournament tells (see the module's reading)."""
    if birth_year is not None and year <= birth_year + 18 and rating < 2300:
        return 40
    return 10 if rating >= 2400 else 20


def rating_change(rating: int, games: Sequence[tuple[int, Fraction]], k: int) -> Fraction:
    """B.02 8.3.2: K times the sum over the rated games of score minus expected score, each game
    given as (opponent's rating, own score 0, 1/2 or 1)."""
    if not games:
        return Fraction(0)
    k = min(k, MAX_K_GAMES // len(games))  # B.02 8.3.3, last paragraph
    total = sum((Fraction(score) - Fraction(expected(rating, opponent, MAX_DIFFERENCE), 100)
                 for opponent, score in games), start=Fraction(0))
    return k * total
