"""Rating tie-breaks (C.07 Art. 10) with the FIDE Rating Regulations' tables (B.02 8.1).

All of them are undefined (None) for everybody when a player is unrated, unless
the code gives unrated players a rating (``/U1000``, Art. 10 preamble).
"""

from __future__ import annotations

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


def half_up(value: Fraction) -> int:
    """Round to the nearest integer, 0.5 up (C.07 10.1)."""
    return floor(value + Fraction(1, 2))


def dp(p: Fraction) -> int:
    """B.02 8.1.a, p rounded half up to hundredths."""
    hundredths = half_up(p * 100)
    return _DP_UPPER[hundredths - 50] if hundredths >= 50 else -_DP_UPPER[50 - hundredths]


def expected(own: int, opponent: int) -> int:
    """Expected score in hundredths (B.02 8.1.b, the full table, no 400-point rule)."""
    difference = abs(own - opponent)
    higher = next((pd for limit, pd in _PD if difference <= limit), 100)
    return higher if own >= opponent else 100 - higher


def average(values: list[int]) -> int | None:
    return half_up(Fraction(sum(values), len(values))) if values else None


def aro(ratings: list[int], cut: int = 0, cut_high: int = 0) -> int | None:
    """C.07 10.1 (with 14.1-14.4: cut the lowest / highest ratings).  None when all are cut."""
    ratings = sorted(ratings)
    ratings = ratings[cut:len(ratings) - cut_high]
    return average(ratings)


def tpr(points: Fraction, ratings: list[int]) -> int | None:
    """C.07 10.2: ARO + dp(p), p = points / games."""
    if not ratings:
        return None
    return average(ratings) + dp(points / len(ratings))


def ptp(points: Fraction, ratings: list[int]) -> int | None:
    """C.07 10.3: the lowest rating whose expected score reaches the score."""
    if not ratings:
        return None
    if points == 0:
        return min(ratings) - 800
    target = points * 100
    low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) = 0 < target <= expected(high)
    while high - low > 1:
        middle = (low + high) // 2
        if sum(expected(middle, r) for r in ratings) >= target:
            high = middle
        else:
            low = middle
    return high
