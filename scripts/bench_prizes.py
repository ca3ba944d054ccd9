"""The prize hand-out (tournaments/prizes.py) on a big field: seconds per sharing rule, and a check
that every cent of the fund is awarded or listed as not awarded.

    .venv/bin/python scripts/bench_prizes.py [--players 10000] [--seed 1]

Pure Python: no database.  The field has few distinct scores (ties of hundreds of players) and nine
overlapping categories, the worst case for the ties' working.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.prizes import Category, Entrant, Kind, Place, Rules, Sharing, allocate


def field(players: int, rng: random.Random) -> list[Entrant]:
    points = sorted((rng.randint(0, 18) * 5 for _ in range(players)), reverse=True)
    return [Entrant(i, f"P{i}", i, i, points[i - 1], rating=None if i % 13 == 0 else rng.randint(1000, 2700),
                    sex="w" if i % 5 == 0 else "m", birth_year=rng.randint(1940, 2018), club=f"C{i % 40}")
            for i in range(1, players + 1)]


def money(*amounts: int) -> tuple[Place, ...]:
    return tuple(Place(i, amount * 100) for i, amount in enumerate(amounts, start=1))


TABLE = [Category(Kind.OVERALL, money(*range(2000, 0, -100))),
         Category(Kind.RATING, money(300, 200, 100, 50, 25), maximum=1800),
         Category(Kind.RATING, money(300, 200, 100, 50, 25), minimum=1801, maximum=2000),
         Category(Kind.RATING, money(300, 200, 100, 50, 25), maximum=1600),
         Category(Kind.WOMEN, money(500, 300, 200, 100, 50)),
         Category(Kind.JUNIORS, money(200, 100, 50), year=2008),
         Category(Kind.SENIORS, money(200, 100, 50), year=1960),
         Category(Kind.UNRATED, money(150, 75)), Category(Kind.CLUB, money(100), club="C3")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    entrants = field(args.players, random.Random(args.seed))
    status = 0
    for sharing in Sharing:
        start = time.perf_counter()
        outcome = allocate(entrants, TABLE, Rules(sharing))
        seconds = time.perf_counter() - start
        adds_up = outcome.awarded + sum(place.amount for _, place in outcome.not_awarded) == outcome.fund
        print(f"{sharing:5}: {seconds:.2f} s, {len(outcome.awards)} awards, the fund adds up: {adds_up}")
        status |= not adds_up
    return status


if __name__ == "__main__":
    sys.exit(main())
