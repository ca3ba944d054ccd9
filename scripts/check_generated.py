"""Acceptance: generated tournaments of every system and edition, checked, in both directions.

    .venv/bin/python scripts/check_generated.py [--count 200] [--first 1] [--systems dutch,dubov]
                                                [--editions 2017,1992] [--ranges small|fide|bbp]
                                                [--jobs 2] [--save PART.json] [--show 10]
                                                [--generator 'PROGRAM'] [--checker 'PROGRAM']
    .venv/bin/python scripts/check_generated.py --add PART.json PART.json ...
    .venv/bin/python scripts/check_generated.py --fill FOLDER --first 10001 --last 50000 [--part 250] ...

For each registered system, each of its editions and each seed, a configuration is
drawn from the seed (:func:`config_for`), the tournament generated and checked as
``-c`` checks a file: every round re-paired from its own history (``checker.check``),
the ranks and tie-break values re-computed (``checker.check_standings``).  Prints, per
system and edition, the tournaments generated, the rounds, the generations that failed
(no valid pairing: the generator never should), the tournaments where the checker
found a discrepancy (with the seed and round, or the player and tie-break) and the time.
Exit status 1 on any failure or discrepancy.  ``--save`` writes the tally (per system and
edition: generated, rounds, failed and discrepancies by seed, seconds, the seeds run) after
each edition; ``--add`` sums saved parts (refusing a seed counted twice) and prints the total,
so that a long run is done in parts, on several machines or sessions.  ``--fill FOLDER`` runs the
parts of ``--part`` seeds (250) from ``--first`` to ``--last`` that FOLDER has not saved yet, each saved
as ``RANGES-SYSTEM-EDITION-FIRST-LAST.json`` once it is whole: stopped, it resumes where it stopped.

FIDE's acceptance test runs the other programs both ways; with the bbpPairings/JaVaFo
command line, ``--generator PROGRAM`` generates with ``PROGRAM --SYSTEM -g CONFIG -o OUT
-s SEED`` and checks with ours, ``--checker PROGRAM`` generates with ours and checks
with ``PROGRAM --SYSTEM FILE -c`` (its verdict read by :func:`read_verdict`).

``--ranges small`` (default) draws 6-60 players and 3-11 rounds; ``fide`` as FIDE's test
draws them (8-300 players, 5-11 rounds, draws 0-70 %, forfeits, withdrawals and byes from
none to frequent); ``bbp`` leaves everything to the generator's own defaults
(bbpPairings' ranges: 15-215 players, 5-15 rounds), about ten times longer.

``--systems team``, the Swiss team system (C.04.6, in the default list), runs the same way
with its own generator and checker (``--team -g``, ``--team -c``: every round re-paired, the
310 points) in its one edition, 2026; each seed draws the number of teams, boards and rounds
and the record-192 code (:func:`team_config_for`).  No other program's team command line is
known: ``--generator`` and ``--checker`` refuse it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import SYSTEMS, parse
from pairing.engine.checker import check, check_standings
from pairing.engine.errors import NoValidPairing
from pairing.engine.generator import GenerationError, generate, read_config
from pairing.engine.systems import Edition
from pairing.engine.systems.team import TEAM
from pairing.engine.systems.team.checker import check_team, check_team_points
from pairing.engine.systems.team.generator import CODES, TeamConfig, generate_team
from pairing.engine.trf_team import parse_team

#: Every system run: the individual systems of the registry, then the Swiss team system (C.04.6),
#: which is kept out of ``SYSTEMS`` (it pairs teams) and has its own generator and checker.
ALL_SYSTEMS = (*SYSTEMS, TEAM.name)

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


def editions_of(system: str) -> list[str]:
    """The editions a system is generated and checked in; the team generator pairs by the latest
    edition of C.04.6 only (its other types are the record-192 codes it draws, per seed)."""
    if system == TEAM.name:
        return [TEAM.latest.name]
    return [edition.name for edition in SYSTEMS[system].editions]


#: Per team, round and match (board for the last), in percent: from none to frequent.
TEAM_RATES = (0.0, 0.0, 0.5, 1.0, 2.0, 5.0)


def team_config_for(seed: int, ranges: str = "small") -> TeamConfig:
    """The team tournament of this seed.  ``fide``: 8-200 teams of 4-6 boards (the Olympiad's
    190 teams of 4 boards down to a continental or national team championship), 5-11 rounds,
    board draws 10-60 %, absent teams and forfeited matches and boards from none to 1 in 20;
    ``small``: 4-40 teams and 3-9 rounds; ``bbp``: the team generator's own defaults.  The
    record-192 code (colour model, score order, Baku) is drawn from all the generator writes."""
    rng = random.Random(f"check_generated {seed}")
    if ranges == "bbp":
        return TeamConfig()
    teams = rng.randint(8, 200) if ranges == "fide" else rng.randint(4, 40)
    rounds = rng.randint(5, min(11, teams - 1)) if ranges == "fide" else rng.randint(3, min(9, teams - 1))
    return TeamConfig(teams=teams, rounds=rounds, boards=rng.randint(4, 6), draw_percentage=rng.randint(10, 60),
                      code=rng.choice(CODES), absent_percentage=rng.choice(TEAM_RATES),
                      match_forfeit_percentage=rng.choice(TEAM_RATES),
                      board_forfeit_percentage=rng.choice(TEAM_RATES))


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
    """What one system and edition gave, over some seeds: the part a ``--save`` file keeps."""

    generated: int = 0
    rounds: int = 0
    failed: dict[str, str] = field(default_factory=dict)             # seed: why
    discrepancies: dict[str, list[str]] = field(default_factory=dict)  # seed: what differs
    seconds: float = 0.0
    seeds: list[list[int]] = field(default_factory=list)            # [first, last] of each part

    def add(self, other: Tally) -> None:
        overlap = sorted({str(s) for a, b in self.seeds for s in range(a, b + 1)}
                         & {str(s) for a, b in other.seeds for s in range(a, b + 1)}, key=int)
        if overlap:
            raise ValueError(f"seeds counted twice: {', '.join(overlap[:10])}")
        self.generated += other.generated
        self.rounds += other.rounds
        self.failed.update(other.failed)
        self.discrepancies.update(other.discrepancies)
        self.seconds += other.seconds
        self.seeds = sorted(self.seeds + other.seeds)


@dataclass(frozen=True)
class Task:
    """What every seed of one system and edition is run with (sent to the worker processes)."""

    system: str
    edition: str
    ranges: str
    generator: str | None
    checker: str | None


def _external(command: str, system: str, arguments: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([*shlex.split(command), f"--{system}", *arguments], capture_output=True, text=True,
                          timeout=600, check=False)


def _generated(task: Task, seed: int, folder: Path) -> tuple[str, str]:
    """The tournament's TRF text, from our generator or ``task.generator``'s, and the prefix of its
    discrepancies (``(Baku) `` when the seed drew the acceleration)."""
    if task.system == TEAM.name:
        return generate_team(team_config_for(seed, task.ranges), seed), ""
    edition = SYSTEMS[task.system].edition(task.edition)
    text, baku = config_for(seed, edition, task.ranges)
    prefix = "(Baku) " if baku else ""
    if task.generator is None:
        return generate(SYSTEMS[task.system], read_config(text), seed, edition.name, baku), prefix
    config, out = folder / "config.txt", folder / "generated.trf"
    config.write_text(text)
    done = _external(task.generator, task.system, ["-g", str(config), "-o", str(out), "-s", str(seed)])
    if done.returncode or not out.exists():
        raise GenerationError((done.stderr or done.stdout).strip() or f"exit {done.returncode}")
    return out.read_text(), prefix


#: The heading of a block of JaVaFo's checker output (bbpPairings' too): ``NAME: Round #N`` or
#: ``NAME: Standings``, NAME being the file checked.
BLOCK = re.compile(r"^(?P<name>.*?): (?P<what>Round #\d+|Standings)\s*$")


def read_verdict(output: str, status: int) -> list[str]:
    """The discrepancies another program's ``-c`` reports, in JaVaFo's form: each block (its
    heading without the file's name, then its table) is one.  A non-zero exit status without
    any block is one too (its output's first line); exit 0 and no block: none."""
    blocks: list[list[str]] = []
    for line in output.splitlines():
        heading = BLOCK.match(line)
        if heading:
            blocks.append([heading["what"]])
        elif blocks and line.strip():
            blocks[-1].append(line.rstrip())
    if blocks:
        return ["\n".join(block) for block in blocks]
    if status:
        first = next((line.strip() for line in output.splitlines() if line.strip()), "")
        return [f"exit {status}" + (f": {first}" if first else "")]
    return []


def _checked(task: Task, trf: str, folder: Path) -> tuple[int, list[str]]:
    """The file's paired rounds and what ``-c`` finds in it (``--team -c`` for a team file: every
    round re-paired, the 310 points; ``task.checker``'s verdict with ``--checker``)."""
    if task.system == TEAM.name:
        document, edition = parse_team(trf), TEAM.edition(task.edition)
        lines = [p.describe() for p in check_team(document, edition)] + check_team_points(document, edition)
        return document.paired_rounds, [f"({document.code}) {line}" for line in lines]
    document = parse(trf)
    if task.checker is not None:
        path = folder / "check.trf"
        path.write_text(trf)
        done = _external(task.checker, task.system, [str(path), "-c"])
        return document.paired_rounds, read_verdict(done.stdout + done.stderr, done.returncode)
    lines = [p.describe() for p in check(document, task.system)] + [d.describe() for d in check_standings(document)]
    return document.paired_rounds, lines


def run_seed(task: Task, seed: int) -> tuple[int, int, str | None, list[str]]:
    """One seed: (1 if generated, its rounds, why the generation failed or gave up, the discrepancies)."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        try:
            trf, prefix = _generated(task, seed, folder)
        except (GenerationError, NoValidPairing) as error:
            return 0, 0, str(error), []
        rounds, lines = _checked(task, trf, folder)
    return 1, rounds, None, [f"{prefix}{line}" for line in lines]


def _run_seed(arguments: tuple[Task, int]) -> tuple[int, int, str | None, list[str]]:
    return run_seed(*arguments)


def run_edition(task: Task, seeds: range, jobs: int = 1) -> Tally:
    """Every seed of ``seeds`` generated and checked, on ``jobs`` processes."""
    start = time.perf_counter()
    tally = Tally(seeds=[[seeds[0], seeds[-1]]] if seeds else [])
    work = [(task, seed) for seed in seeds]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_run_seed, work, chunksize=1)
    else:
        results = [_run_seed(item) for item in work]
    for seed, result in zip(seeds, results, strict=True):
        _count(tally, seed, result)
    tally.seconds = round(time.perf_counter() - start, 1)
    return tally


def _count(tally: Tally, seed: int, result: tuple[int, int, str | None, list[str]]) -> None:
    generated, rounds, failed, lines = result
    tally.generated += generated
    tally.rounds += rounds
    if failed is not None:
        tally.failed[str(seed)] = failed
    if lines:
        tally.discrepancies[str(seed)] = lines


# --- a long run: the parts not saved yet, one after the other (--fill) ---

Part = tuple[str, str, range]  # system, edition, seeds


def saved_seeds(folder: Path, ranges: str) -> dict[str, set[int]]:
    """The seeds each system and edition has in the parts saved in ``folder`` (of these ranges)."""
    done: dict[str, set[int]] = {}
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text())
        if data.get("ranges") != ranges:
            continue
        for key, saved in data["tallies"].items():
            done.setdefault(key, set()).update(s for a, b in saved["seeds"] for s in range(a, b + 1))
    return done


def missing_parts(folder: Path, ranges: str, pairs: list[tuple[str, str]], first: int, last: int,
                  size: int) -> list[Part]:
    """The parts of ``size`` seeds from ``first`` to ``last`` that ``folder`` has not saved, in seed order,
    each part's systems and editions in turn; ValueError for a part saved in part (its seeds would be
    counted twice)."""
    done = saved_seeds(folder, ranges)
    parts = []
    for start in range(first, last + 1, size):
        seeds = range(start, min(start + size, last + 1))
        for system, edition in pairs:
            have = done.get(f"{system} {edition}", set()) & set(seeds)
            if have and len(have) < len(seeds):
                raise ValueError(f"{system} {edition}: seeds {seeds[0]}-{seeds[-1]} are saved in part "
                                 f"({len(have)} of {len(seeds)}): give parts that do not cut saved ones")
            if not have:
                parts.append((system, edition, seeds))
    return parts


def part_path(folder: Path, ranges: str, part: Part) -> Path:
    system, edition, seeds = part
    return folder / f"{ranges}-{system}-{edition}-{seeds[0]:04d}-{seeds[-1]:04d}.json"


def fill(folder: Path, parts: list[Part], task: Task, jobs: int) -> dict[str, Tally]:
    """Run ``parts`` one after the other and save each in ``folder`` as soon as its last seed is in (the
    file written whole, then renamed: a run stopped leaves only whole parts).  The seeds flow through one
    pool of ``jobs`` processes, so that no process waits for the others at the end of a part; a part's
    seconds are the wall time since the part before it was saved."""
    work = [(replace(task, system=system, edition=edition), seed) for system, edition, seeds in parts
            for seed in seeds]
    totals: dict[str, Tally] = {}
    with multiprocessing.Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        results = pool.imap(_run_seed, work, chunksize=1) if pool else map(_run_seed, work)
        start = time.perf_counter()
        for part in parts:
            system, edition, seeds = part
            tally = Tally(seeds=[[seeds[0], seeds[-1]]])
            for seed in seeds:
                _count(tally, seed, next(results))
            now = time.perf_counter()
            tally.seconds, start = round(now - start, 1), now
            path = part_path(folder, task.ranges, part)
            save(path.with_suffix(".tmp"), task.ranges, {f"{system} {edition}": tally})
            path.with_suffix(".tmp").replace(path)
            print(f"{tally_line(f'{system} {edition}', tally)}  {path.name}", flush=True)
            totals.setdefault(f"{system} {edition}", Tally()).add(tally)
    return totals


# --- the tally: printed, saved in parts (--save) and summed (--add) ---

HEADING = (f"{'system':<9} {'edition':>7} {'generated':>9} {'rounds':>7} {'failed':>6} {'discrepancies':>13} "
           f"{'seconds':>8}")


def tally_line(key: str, tally: Tally) -> str:
    system, edition = key.split()
    return (f"{system:<9} {edition:>7} {tally.generated:>9} {tally.rounds:>7} {len(tally.failed):>6} "
            f"{len(tally.discrepancies):>13} {tally.seconds:>8.1f}")


def details(tally: Tally, show: int) -> list[str]:
    """The first ``show`` failures and discrepancies, by seed."""
    lines = [f"seed {seed}: {why}" for seed, why in tally.failed.items()]
    lines += [f"seed {seed}: {line}" for seed, found in tally.discrepancies.items() for line in found]
    return ["    " + line.replace("\n", "\n    ") for line in lines[:show]]


def save(path: str | Path, ranges: str, tallies: dict[str, Tally]) -> None:
    data = {"ranges": ranges, "tallies": {key: asdict(tally) for key, tally in tallies.items()}}
    Path(path).write_text(json.dumps(data, indent=1) + "\n")


def add(paths: list[str] | list[Path]) -> dict[str, Tally]:
    """The saved parts summed by system and edition (ValueError: different ranges, a seed twice)."""
    total: dict[str, Tally] = {}
    ranges = set()
    for path in paths:
        data = json.loads(Path(path).read_text())
        ranges.add(data["ranges"])
        for key, saved in data["tallies"].items():
            total.setdefault(key, Tally()).add(Tally(**saved))
    if len(ranges) > 1:
        raise ValueError(f"parts of different ranges: {', '.join(sorted(ranges))}")
    return total


def report(tallies: dict[str, Tally], show: int) -> int:
    """The total of each system and edition; 1 if anything failed or differs."""
    print(HEADING)
    for key, tally in tallies.items():
        print(tally_line(key, tally))
        for line in details(tally, show):
            print(line)
    return 1 if any(t.failed or t.discrepancies for t in tallies.values()) else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=200, help="tournaments per system and edition")
    parser.add_argument("--first", type=int, default=1, metavar="N", help="the first seed")
    parser.add_argument("--systems", help=f"default: {','.join(ALL_SYSTEMS)} "
                        f"({TEAM.name} left out with --generator or --checker)")
    parser.add_argument("--editions", help="only these editions, e.g. 2017,2026,1992 (default: all)")
    parser.add_argument("--ranges", choices=("small", "fide", "bbp"), default="small")
    parser.add_argument("--show", type=int, default=10, help="lines printed per system and edition")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="processes over the seeds")
    parser.add_argument("--save", metavar="FILE.json", help="write the tally there")
    parser.add_argument("--add", nargs="+", metavar="FILE.json", help="sum saved tallies and print the total")
    parser.add_argument("--fill", metavar="FOLDER", help="run and save there each part of --part seeds, from "
                        "--first to --last, that it has not saved yet (a long run, resumed where it stopped)")
    parser.add_argument("--last", type=int, metavar="N", help="with --fill: the last seed")
    parser.add_argument("--part", type=int, default=250, metavar="SEEDS", help="with --fill: seeds a part")
    parser.add_argument("--generator", help="another program's generator (bbpPairings' command line)")
    parser.add_argument("--checker", help="another program's checker (bbpPairings' command line)")
    return parser


def editions_to_run(parser: argparse.ArgumentParser, args) -> list[tuple[str, str]]:
    """(system, edition) of ``--systems`` and ``--editions``; an unknown name is an error, and so is
    the team system with another program (no team command line of another program is known)."""
    other = args.generator or args.checker
    default = [name for name in ALL_SYSTEMS if not (other and name == TEAM.name)]
    systems = args.systems.split(",") if args.systems else default
    wanted = set(args.editions.split(",")) if args.editions else None
    unknown = [name for name in systems if name not in ALL_SYSTEMS]
    if unknown:
        parser.error(f"--systems: unknown {', '.join(unknown)} (known: {', '.join(ALL_SYSTEMS)})")
    if other and TEAM.name in systems:
        parser.error(f"--systems {TEAM.name}: the Swiss team system is generated and checked by this engine "
                     "only; no other program's team command line is known, so --generator and --checker "
                     "cannot be used with it")
    pairs = [(name, edition) for name in systems for edition in editions_of(name)
             if wanted is None or edition in wanted]
    if wanted and wanted - {edition for _, edition in pairs}:
        parser.error(f"--editions: none of these systems has {', '.join(sorted(wanted - {e for _, e in pairs}))}")
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.add:
        try:
            return report(add(args.add), args.show)
        except (OSError, ValueError, KeyError, TypeError) as error:
            parser.error(f"--add: {error}")
    pairs = editions_to_run(parser, args)
    if args.fill:
        return _fill(parser, args, pairs)
    seeds = range(args.first, args.first + args.count)
    tallies: dict[str, Tally] = {}
    print(HEADING, flush=True)
    for system, edition in pairs:
        task = Task(system, edition, args.ranges, args.generator, args.checker)
        tally = tallies[f"{system} {edition}"] = run_edition(task, seeds, args.jobs)
        print(tally_line(f"{system} {edition}", tally), flush=True)
        for line in details(tally, args.show):
            print(line, flush=True)
        if args.save:
            save(args.save, args.ranges, tallies)
    return 1 if any(t.failed or t.discrepancies for t in tallies.values()) else 0


def _fill(parser: argparse.ArgumentParser, args, pairs: list[tuple[str, str]]) -> int:
    folder = Path(args.fill)
    if args.last is None or args.last < args.first or args.part < 1 or not folder.is_dir():
        parser.error("--fill FOLDER needs an existing folder and --last N (at least --first), --part at least 1")
    try:
        parts = missing_parts(folder, args.ranges, pairs, args.first, args.last, args.part)
    except (OSError, ValueError, KeyError, TypeError) as error:
        parser.error(f"--fill: {error}")
    print(f"{len(parts)} parts to run ({sum(len(seeds) for _, _, seeds in parts)} tournaments)", flush=True)
    print(HEADING, flush=True)
    task = Task("", "", args.ranges, args.generator, args.checker)
    totals = fill(folder, parts, task, args.jobs)
    return 1 if any(t.failed or t.discrepancies for t in totals.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
