"""Rating tie-breaks (C.07 Art. 10) with the FIDE Rating Regulations' tables (B.02 8.1, ``ratings.py``).

All of them are undefined (None) for everybody when a player is unrated, unless
the code gives unrated players a rating (``/U1000``, Art. 10 preamble).
"""

from __future__ import annotations

from fractions import Fraction

from ..ratings import average, expected, performance

__all__ = ["aro", "average", "ptp", "tpr"]


def aro(ratings: list[int], cut: int = 0, cut_high: int = 0) -> int | None:
    """C.07 10.1 (with 14.1-14.4: cut the lowest / highest ratings).  None when all are cut."""
    ratings = sorted(ratings)
    ratings = ratings[cut:len(ratings) - cut_high]
    return average(ratings)


def tpr(points: Fraction, ratings: list[int]) -> int | None:
    """C.07 10.2: ARO + dp(p), p = points / games."""
    return performance(points, ratings)


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
