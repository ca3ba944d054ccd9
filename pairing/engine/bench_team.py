"""Benchmark of the Swiss team system (C.04.6): seconds to pair each round of large team events.

    python -m pairing.engine.bench_team [--teams 200] [--rounds 9] [--seed 1] [--codes CODE,...]

Each tournament is played out by the team generator (``--team -g``: board results from the
ratings, absences and forfeits), ``standard`` with a draw share of 35 %, ``draws`` with every
board drawn (all the teams stay in one bracket of teams that have met); then every round is
paired again from the file and timed (wall clock).
"""

from __future__ import annotations

import argparse
import time

from .systems.team import TEAM
from .systems.team.generator import TeamConfig, generate_team
from .trf_team import parse_team


def measure(teams: int, rounds: int, seed: int, code: str, draws: int) -> list[float]:
    config = TeamConfig(teams=teams, rounds=rounds, boards=4, code=code, draw_percentage=draws)
    document = parse_team(generate_team(config, seed))
    seconds = []
    for round_number in range(1, rounds + 1):
        start = time.perf_counter()
        TEAM.pair(document, round_number)
        seconds.append(time.perf_counter() - start)
    return seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--codes", default="FIDE_TEAM_TYPEA_MP_GP,FIDE_TEAM_TYPEB_MP_GP,FIDE_TEAM_MP_GP")
    args = parser.parse_args(argv)
    print(f"{'teams':>5} {'code':<22} {'variant':<8} {'worst s':>7}  seconds by round")
    for code in args.codes.split(","):
        for variant, draws in (("standard", 35), ("draws", 100)):
            seconds = measure(args.teams, args.rounds, args.seed, code, draws)
            rounds = " ".join(f"{s:.2f}" for s in seconds)
            print(f"{args.teams:>5} {code:<22} {variant:<8} {max(seconds):>7.2f}  {rounds}", flush=True)


if __name__ == "__main__":
    main()
