"""The FIDE Rating Regulations (B.02; article numbers of its 2022 text, which later editions keep) for
one tournament: the two conversion tables, the expected score of a game, the K factor, the rating
change and the performance rating.  Pure arithmetic on ratings and scores; the tie-breaks of C.07 Art. 10 read
the same tables (``tiebreaks/rating.py``).

Our reading, where a tournament's data cannot say everything the regulations ask:

* Only games played over the board against a rated opponent are rated (B.02 8.3.1: "for each game
  played against a rated player"); forfeits and byes are not games.
* The 400-point rule (B.02 8.3.1): a rating difference of more than 400 points counts as 400, as
  the edition in force on the tournament's first day words it (:data:`RATING_RULES`; a change of
  the regulations applies to tournaments starting on or after its date, as their 0.1 said):
  - 1 January 2022 to 29 February 2024: "In any tournament, a player may benefit from only one
    upgrade under this rule, for the game in which the rating difference is greatest."  Our
    reading: the upgrade is the benefit of the higher-rated player (his opponent counted 400
    below him, a smaller expected score); he has it in the one game of the largest difference
    and the real difference elsewhere.  For the lower-rated player the rule is no benefit and
    applies in every game.
  - from 1 March 2024: in every game ("the limitation of the 400-points rule to once per event
    has been abolished", FIDE Qualification Commission, 1 March 2024);
  - from 1 October 2025: "for players rated below 2650.  For players rated 2650 and above, the
    difference between ratings shall be used in all cases" (8.3.1 as amended by the FIDE Council).
* K (B.02 8.3.3): 40 until the end of the year of the player's 18th birthday while his rating is
  under 2300; 10 from 2400 on; else 20.  K = 40 for a player with fewer than 30 rated games, and K
  = 10 for one whose published rating once reached 2400, need the player's rating history, which a
  tournament does not hold: they are not applied.  If K times the number of games exceeds 700, K is
  the largest whole number whose product stays within 700 (B.02 8.3.3, last paragraph), counted on this
  tournament's games alone.
* The change is shown to one decimal; FIDE rounds only the rating of the published list.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class RatingRules:
    """An edition of the Rating Regulations, as far as a tournament's rating change reads it."""
    name: str
    in_force_from: datetime.date
    #: 8.3.1 (2022): the higher-rated player benefits from the 400-point rule in one game only
    once_per_tournament: bool
    #: 8.3.1 (October 2025): players rated this or more count the real difference (None: nobody)
    uncapped_from: int | None = None

    def limits(self, rating: int, opponents: Sequence[int]) -> list[int | None]:
        """The largest difference each game counts (8.3.1): MAX_DIFFERENCE, or None for the real one."""
        if self.uncapped_from is not None and rating >= self.uncapped_from:
            return [None] * len(opponents)
        limits: list[int | None] = [MAX_DIFFERENCE] * len(opponents)
        if self.once_per_tournament:
            upgrades = [i for i, opponent in enumerate(opponents) if rating - opponent > MAX_DIFFERENCE]
            greatest = max(upgrades, key=lambda i: rating - opponents[i], default=None)
            for i in upgrades:
                if i != greatest:
                    limits[i] = None
        return limits


#: The editions of 8.3.1, oldest first; a tournament reads the one in force on its first day.
RATING_RULES = (
    RatingRules("2022", datetime.date(2022, 1, 1), once_per_tournament=True),
    RatingRules("2024", datetime.date(2024, 3, 1), once_per_tournament=False),
    RatingRules("2025", datetime.date(2025, 10, 1), once_per_tournament=False, uncapped_from=2650),
)


def rating_rules(start: datetime.date) -> RatingRules:
    """The edition in force on ``start`` (the oldest one we have for an earlier date)."""
    return next((rules for rules in reversed(RATING_RULES) if rules.in_force_from <= start), RATING_RULES[0])


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


def rating_change(rating: int, games: Sequence[tuple[int, Fraction]], k: int,
                  rules: RatingRules = RATING_RULES[-1]) -> Fraction:
    """B.02 8.3.2: K times the sum over the rated games of score minus expected score, each game
    given as (opponent's rating, own score 0, 1/2 or 1), the difference limited as ``rules`` say."""
    if not games:
        return Fraction(0)
    k = min(k, MAX_K_GAMES // len(games))  # B.02 8.3.3, last paragraph
    limits = rules.limits(rating, [opponent for opponent, score in games])
    total = sum((Fraction(score) - Fraction(expected(rating, opponent, limit), 100)
                 for (opponent, score), limit in zip(games, limits, strict=True)), start=Fraction(0))
    return k * total
