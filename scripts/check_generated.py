"""Acceptance: generated tournaments of every system and edition, checked, in both directions.

    .venv/bin/python scripts/check_generated.py [--count 200] [--first-seed 1] [--systems dutch,dubov]
                                                [--ranges small|fide|bbp] [--show 10]
                                                [--generator 'PROGRAM'] [--checker 'PROGRAM']

For each registered system, each of its editions and each seed, a configuration is
drawn from the seed (:func:`config_for`), the tournament generated and checked as
``-c`` checks a file: every round re-paired from its own history (``checker.check``),
the ranks and tie-break values re-computed (``checker.check_standings``).  Prints, per
system and edition, the tournaments generated, the rounds, the generations that failed
(no valid pairing: the generator never should), the tournaments where the checker
found a discrepancy (with the seed and round, or the player and tie-break) and the time.
Exit status 1 on any failure or discrepancy.

FIDE's acceptance test runs the other programs both ways; with the bbpPairings/JaVaFo
command line, ``--generator PROGRAM`` generates with ``PROGRAM --SYSTEM -g CONFIG -o OUT
-s SEED`` and checks with ours, ``--checker PROGRAM`` generates with ours and checks
with ``PROGRAM --SYSTEM FILE -c`` (a discrepancy: a non-zero exit).

``--ranges small`` (default) draws 6-60 players and 3-11 rounds; ``fide`` as FIDE's test
draws them (8-300 players, 5-11 rounds, draws 0-70 %, forfeits, withdrawals and byes from
none to frequent); ``bbp`` leaves everything to the generator's own defaults
(bbpPairings' ranges: 15-215 players, 5-15 rounds), about ten times longer.
"""

from __future__ import annotations

import argparse
import random
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import SYSTEMS, parse
from pairing.engine.checker import check, check_standings
from pairing.engine.generator import GenerationError, generate, read_config
from pairing.engine.systems import Edition

#: Start dates that select each C.07 edition for the tie-breaks (2009, 2024, 2026).
START_DATES = ("2024/01/15", "2025/06/01", "2026/03/01")
#: One event in N (0: never), from none to frequent.
RATES = (0, 0, 5, 8, 15, 40, 121, 500)


def _ranges(rng: random.Random, ranges: str) -> list[str]:
    if ranges == "small":
        players = rng.randint(6, 60)
        return [f"PlayersNumber={players}", f"RoundsNumber={rng.randint(3, min(11, players - 1))}",
                f"DrawPercentage={rng.randint(0, 70)}", f"ForfeitRate={rng.choice([0, 8, 15, 40])}",
                f"RetiredRate={rng.choice([0, 20, 60])}", f"HalfPointByeRate={rng.choice([0, 10, 30])}",
                f"ZeroPointByeRate={rng.choice([0, 0, 25])}", f"LateEntryPercentage={rng.choice([0, 0, 10])}",
                f"UnratedPercentage={rng.choice([0, 0, 15])}",
                f"RatingDistribution={rng.choice(['uniform', 'normal'])}"]
    if ranges == "fide":
        players = rng.randint(8, 300)
        return [f"PlayersNumber={players}", f"RoundsNumber={rng.randint(5, min(11, players - 1))}",
                f"DrawPercentage={rng.randint(0, 70)}", f"ForfeitRate={rng.choice(RATES)}",
                f"RetiredRate={rng.choice(RATES)}", f"HalfPointByeRate={rng.choice(RATES)}"]
    return []


def config_for(seed: int, edition: Edition, ranges: str = "small") -> tuple[str, bool]:
    """The configuration text of this seed, and whether to pair with the Baku acceleration."""
    rng = random.Random(f"check_generated {seed}")
    lines = _ranges(rng, ranges)
    lines.append(f"InitialColour={rng.choice(['W', 'B', 'random'])}")
    lines.append(f"StartDate={rng.choice(START_DATES)}")
    lines.append(f"TrfVersion={rng.choice(['16', '26', '26'])}")
    baku = bool(edition.acceleration) and rng.random() < 0.2
    if not baku and rng.random() < 0.1:
        lines += ["PointsForWin=3.0", "PointsForDraw=1.0"]
    lists = ("DE,BH/C1,BH,SB,PS,WIN", "BH/C1,BH,SB,AOB,ARO,TPR", "SB,WON,BPG,KS,FB,STD")
    lines.append(f"Tiebreaks={rng.choice(lists)}")
    return "\n".join(lines) + "\n", baku


@dataclass
class Tally:
    """What one system and edition gave."""

    generated: int = 0
    rounds: int = 0
    failed: list[str] = field(default_factory=list)
    differ: list[str] = field(default_factory=list)


def _external(command: str, system: str, arguments: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([*shlex.split(command), f"--{system}", *arguments], capture_output=True, text=True,
                          timeout=600, check=False)


def _generated(system: str, edition: Edition, seed: int, text: str, baku: bool, generator: str | None,
               folder: Path) -> str:
    """The tournament's TRF text, from our generator or ``generator``'s."""
    if generator is None:
        return generate(SYSTEMS[system], read_config(text), seed, edition.name, baku)
    config, out = folder / "config.txt", folder / "generated.trf"
    config.write_text(text)
    done = _external(generator, system, ["-g", str(config), "-o", str(out), "-s", str(seed)])
    if done.returncode or not out.exists():
        raise GenerationError((done.stderr or done.stdout).strip() or f"exit {done.returncode}")
    return out.read_text()


def _discrepancies(system: str, trf: str, checker: str | None, folder: Path) -> list[str]:
    if checker is not None:
        path = folder / "check.trf"
        path.write_text(trf)
        done = _external(checker, system, [str(path), "-c"])
        return [(done.stdout + done.stderr).strip() or f"exit {done.returncode}"] if done.returncode else []
    document = parse(trf)
    return [p.describe() for p in check(document, system)] + [d.describe() for d in check_standings(document)]


def run_edition(system: str, edition: Edition, seeds: range, args) -> Tally:
    tally = Tally()
    with tempfile.TemporaryDirectory() as folder:
        for seed in seeds:
            text, baku = config_for(seed, edition, args.ranges)
            try:
                trf = _generated(system, edition, seed, text, baku, args.generator, Path(folder))
            except GenerationError as error:
                tally.failed.append(f"seed {seed}: {error}")
                continue
            tally.generated += 1
            tally.rounds += parse(trf).paired_rounds
            tally.differ += [f"seed {seed}{' (Baku)' if baku else ''}: {line}"
                             for line in _discrepancies(system, trf, args.checker, Path(folder))]
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=200, help="tournaments per system and edition")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    parser.add_argument("--ranges", choices=("small", "fide", "bbp"), default="small")
    parser.add_argument("--show", type=int, default=10, help="lines printed per system and edition")
    parser.add_argument("--generator", help="another program's generator (bbpPairings' command line)")
    parser.add_argument("--checker", help="another program's checker (bbpPairings' command line)")
    args = parser.parse_args(argv)
    bad = False
    print(f"{'system':<9} {'edition':>7} {'generated':>9} {'rounds':>7} {'failed':>6} {'discrepancies':>13} "
          f"{'seconds':>8}", flush=True)
    seeds = range(args.first_seed, args.first_seed + args.count)
    for name in args.systems.split(","):
        for edition in SYSTEMS[name].editions:
            start = time.perf_counter()
            tally = run_edition(name, edition, seeds, args)
            differing = len({line.split(":")[0] for line in tally.differ})
            print(f"{name:<9} {edition.name:>7} {tally.generated:>9} {tally.rounds:>7} {len(tally.failed):>6} "
                  f"{differing:>13} {time.perf_counter() - start:>8.1f}", flush=True)
            for line in (tally.failed + tally.differ)[:args.show]:
                print("    " + line.replace("\n", "\n    "))
            bad = bad or bool(tally.failed or tally.differ)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
