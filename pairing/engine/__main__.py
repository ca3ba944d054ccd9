"""Command line compatible with bbpPairings and JaVaFo.

    python -m pairing.engine --dutch IN.trf -p [OUT]   pair the next round
    python -m pairing.engine --dutch IN.trf -p OUT --explain WHY.json
                                                       and write why, bracket by bracket, as JSON
    python -m pairing.engine --dutch IN.trf -c [N]     check every round (or round N), and the ranks and
                                                       tie-break values the file records (TRF-2026
                                                       212/202, XXT); exit 1 on a difference
    python -m pairing.engine --dutch -g [CONFIG] -o OUT.trf [-s SEED]
                                                       generate a random tournament (bbpPairings' -g)
    the same with --dubov (C.04.4.1), --burstein (C.04.4.2), --lim (C.04.4.3): every registered system
    python -m pairing.engine --team IN.trf -p [OUT] [--explain WHY.json] | -c   the Swiss team system
        (C.04.6, 2026) on a TRF-2026 team file (310 teams; 192 FIDE_TEAM_...); --team -g as above
    add --edition E for the edition of the rules (see --help for each system's editions; default:
    record 192, else the start date of record 042, else the edition in force), --baku for the
    Baku acceleration of that edition (C.04.5.1 / C.04.7; refused where the text has none)
    python -m pairing.engine --standings IN.trf --tiebreaks "DE,BH/C1,BH,SB,PS,WIN"
        [--edition 2026|2024|2009] [--rounds N] [--json]
                                                       standings with the C.07 tie-breaks

Exit codes: 0 success, 1 no valid pairing, 2 bad input (the message names the
line and column), 3 --explain could not be built (the pairing is written), 5 the
file cannot be read or written.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from . import SYSTEMS, get_system, pair_round
from .checker import check, check_standings, round_block, standings_block
from .errors import NoValidPairing, TrfError
from .generator import ConfigError, GenerationError, generate, read_config
from .systems.team import TEAM
from .systems.team.checker import check_team, check_team_points
from .systems.team.explain import explain_team
from .systems.team.generator import TeamConfig, generate_team
from .systems.team.state import build_team_state
from .tiebreaks import DEFAULT_SWISS, TiebreakCodeError, compute_standings, format_value, json_value
from .trf import DIGITS, TrfDocument, parse
from .trf_team import parse_team

EXIT_OK, EXIT_NO_PAIRING, EXIT_BAD_INPUT, EXIT_UNEXPECTED, EXIT_FILE = 0, 1, 2, 3, 5
#: ``-c`` without a round number.
ALL_ROUNDS = 0


def round_number(text: str) -> int:
    """The N of ``-c N``: a round, from 1."""
    if not DIGITS.fullmatch(text) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a round number from 1, not {text!r}")
    return int(text)


def format_pairing(boards: list[tuple[int, int]]) -> str:
    return "".join(f"{line}\n" for line in [str(len(boards))] + [f"{w} {b}" for w, b in boards])


def format_standings(document: TrfDocument, codes: list[str], edition: str, rounds: int | None,
                     as_json: bool) -> str:
    rows = compute_standings(document, codes, edition=edition, rounds=rounds)
    if as_json:
        return json.dumps([{"pairing_number": r.pairing_number, "points": json_value(r.points), "rank": r.rank,
                            "tiebreaks": {code: json_value(v) for code, v in r.tiebreaks.items()}}
                           for r in rows], indent=1) + "\n"
    lines = ["\t".join(["rank", "pairing_number", "name", "points", *codes])]
    for r in rows:
        name = document.players[r.pairing_number].name
        lines.append("\t".join([str(r.rank), str(r.pairing_number), name, format_value(r.points),
                                *(format_value(v) for v in r.tiebreaks.values())]))
    return "\n".join(lines) + "\n"


def read_trf(path: str) -> tuple[str | None, int]:
    try:
        with open(path, encoding="utf-8-sig") as handle:
            return handle.read(), EXIT_OK
    except OSError as error:
        print(f"error: cannot read {path}: {error.strerror}", file=sys.stderr)
        return None, EXIT_FILE
    except UnicodeDecodeError:
        print(f"error: {path} is not UTF-8 text", file=sys.stderr)
        return None, EXIT_BAD_INPUT


def standings_main(args) -> int:
    text, status = read_trf(args.standings)
    if text is None:
        return status
    codes = [c.strip() for c in args.tiebreaks.split(",") if c.strip()]
    try:
        document = parse(text)
        # Standings count finished rounds only: a round in progress (games without a result) is not one.
        if args.rounds is not None and not 1 <= args.rounds <= document.finished_rounds:
            raise TiebreakCodeError(f"--rounds must be between 1 and {document.finished_rounds}")
        output = format_standings(document, codes, args.edition, args.rounds, args.json)
    except TrfError as error:
        print(f"error: {args.standings}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except TiebreakCodeError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(output)
    return EXIT_OK


def check_edition(parser: argparse.ArgumentParser, swiss, edition: str | None) -> None:
    """``--edition``, when given, names one of the system's editions."""
    if edition is not None and edition not in [e.name for e in swiss.editions]:
        parser.error(f"--edition for the {swiss.title}: " + " or ".join(e.name for e in swiss.editions))


def generate_main(parser: argparse.ArgumentParser, args) -> int:
    """``-g [CONFIG] -o OUT.trf [-s SEED]``: a random tournament paired by this engine."""
    if not args.system or args.trf or not args.generated:
        flags = " or ".join(f"--{name}" for name in SYSTEMS)
        parser.error(f"-g needs a system ({flags}) and -o OUT.trf, and no input file")
    swiss = get_system(args.system)
    check_edition(parser, swiss, args.edition)
    text, seed, status = generator_input(args)
    if text is None:
        return status
    try:
        output = generate(swiss, read_config(text), seed, args.edition, args.baku)
    except (ConfigError, TrfError) as error:
        print(f"error: {args.generate or 'configuration'}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except GenerationError as error:
        print(error, file=sys.stderr)
        return EXIT_NO_PAIRING
    try:
        with open(args.generated, "w", encoding="utf-8", newline="") as handle:
            handle.write(output)
    except OSError as error:
        print(f"error: cannot write {args.generated}: {error.strerror}", file=sys.stderr)
        return EXIT_FILE
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pairing.engine", description=__doc__.split("\n")[0])
    system = parser.add_mutually_exclusive_group()
    for name in SYSTEMS:
        system.add_argument(f"--{name}", dest="system", action="store_const", const=name,
                            help=f"use the {SYSTEMS[name].title} ({SYSTEMS[name].article})")
    system.add_argument("--team", dest="system", action="store_const", const=TEAM.name,
                        help=f"use the {TEAM.title} ({TEAM.article}) on a TRF-2026 team file")
    parser.add_argument("-b", "--baku", action="store_true",
                        help="Baku acceleration: compute the virtual points not given in XXA/250 lines")
    parser.add_argument("trf", nargs="?", help="tournament file (TRF-16 with the JaVaFo/bbpPairings extensions)")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("-p", dest="output", nargs="?", const="-", metavar="OUT",
                        help="pair the next round; write it to OUT (default: standard output)")
    action.add_argument("-c", dest="check", nargs="?", const=ALL_ROUNDS, type=round_number, metavar="N",
                        help="re-pair every round (or round N only) and list those that differ; check the "
                             "ranks and tie-break values the file records (exit 1 on a difference)")
    action.add_argument("-g", dest="generate", nargs="?", const="", metavar="CONFIG",
                        help="generate a random tournament (CONFIG: Key=Value lines, see the README) into -o")
    parser.add_argument("--explain", metavar="WHY.json",
                        help="with -p: write the explanation of the pairing (brackets, MDPs, floaters, criteria "
                             "not fully met, colour rules, the PAB) as JSON to this file ('-': standard output)")
    parser.add_argument("-o", dest="generated", metavar="OUT.trf", help="with -g: the file to write")
    parser.add_argument("-s", dest="seed", type=int, metavar="SEED",
                        help="with -g: the seed (default: a random one, printed)")
    tiebreaks = parser.add_argument_group("standings with tie-breaks (C.07)")
    system.add_argument("--standings", metavar="IN.trf",
                        help="print the ranked standings with the tie-break values")
    tiebreaks.add_argument("--tiebreaks", default=",".join(DEFAULT_SWISS), metavar="CODES",
                           help="ordered, comma-separated tie-break codes (default: %(default)s)")
    editions = "; ".join(f"{s.title}: {', '.join(e.name for e in s.editions)}" for s in SYSTEMS.values())
    parser.add_argument("--edition", help=f"edition of the rules ({editions}; default: from the file, see "
                        "above); with --standings the C.07 edition 2026 (default), 2024 or 2009")
    tiebreaks.add_argument("--rounds", type=int, help="standings after this round (default: every finished round)")
    tiebreaks.add_argument("--json", action="store_true", help="JSON instead of tab-separated values")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.standings:
        if args.trf or args.output or args.check is not None or args.baku:
            parser.error("--standings takes no pairing arguments")
        args.edition = args.edition or "2026"
        return standings_main(args)
    if args.system == TEAM.name:
        return team_main(parser, args)
    if args.generate is not None:
        return generate_main(parser, args)
    if args.explain and not args.output:
        parser.error("--explain goes with -p (the pairing it explains)")
    if args.explain == "-" and args.output == "-":
        parser.error("--explain - needs -p OUT: the pairing and its explanation cannot both go to standard output")
    if not args.system or not args.trf or not (args.output or args.check is not None):
        flags = " or ".join(f"--{name}" for name in SYSTEMS)
        parser.error(f"pairing needs a system ({flags}), the TRF file and -p or -c (or use --standings IN.trf)")
    check_edition(parser, get_system(args.system), args.edition)
    text, status = read_trf(args.trf)
    if text is None:
        return status
    return pair_main(args, text)


def team_main(parser: argparse.ArgumentParser, args) -> int:
    """``--team``: -p (with --explain), -c or -g on a TRF-2026 team file."""
    if args.edition is not None and args.edition not in [e.name for e in TEAM.editions]:
        parser.error("--edition for the Swiss team system: " + " or ".join(e.name for e in TEAM.editions))
    if args.baku:
        parser.error("--team reads the Baku acceleration from the file: 192 FIDE_TEAM_..._BAKU or 250 records")
    if args.generate is not None:
        return team_generate_main(parser, args)
    if args.explain and not args.output:
        parser.error("--explain goes with -p (the pairing it explains)")
    if args.explain == "-" and args.output == "-":
        parser.error("--explain - needs -p OUT: the pairing and its explanation cannot both go to standard output")
    if not args.trf or not (args.output or args.check is not None):
        parser.error("--team needs the TRF file and -p or -c")
    text, status = read_trf(args.trf)
    if text is None:
        return status
    try:
        document = parse_team(text)
        edition = TEAM.edition(args.edition)
        if args.check is not None:
            return team_check_main(document, edition)
        state = build_team_state(document, edition)
        pairing = TEAM.pair(document, edition=edition)
    except TrfError as error:
        print(f"error: {args.trf}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except NoValidPairing as error:
        print(f"no valid pairing: {error}", file=sys.stderr)
        return EXIT_NO_PAIRING
    outputs = [(args.output, format_pairing(pairing.as_numbers()))]
    if args.explain:
        why = explain_team(state, pairing, {tpn: team.name for tpn, team in document.teams.items()})
        outputs.append((args.explain, json.dumps(why, indent=1, ensure_ascii=False) + "\n"))
    return write_outputs(outputs)


def team_check_main(document, edition) -> int:
    """``--team -c``: every round re-paired, and the 310 points."""
    problems = check_team(document, edition)
    points = check_team_points(document, edition)
    for line in [p.describe() for p in problems] + points:
        print(line)
    if problems:
        print(f"{len(problems)} round(s) differ")
    if points:
        print(f"{len(points)} team score(s) differ")
    if not problems and not points:
        print("No discrepancies.")
    return EXIT_NO_PAIRING if problems or points else EXIT_OK


def generator_input(args) -> tuple[str | None, int, int]:
    """``-g``'s CONFIG text ("" without one) and the seed (drawn and told on standard error when
    ``-s`` is not given); None and the exit status when CONFIG cannot be read."""
    text = ""
    if args.generate:
        text, status = read_trf(args.generate)
        if text is None:
            return None, 0, status
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
        print(f"seed {seed}", file=sys.stderr)
    return text, seed, EXIT_OK


def team_generate_main(parser: argparse.ArgumentParser, args) -> int:
    """``--team -g [CONFIG] -o OUT.trf [-s SEED]``: a random team tournament paired by this engine."""
    if args.trf or not args.generated:
        parser.error("-g needs -o OUT.trf, and no input file")
    text, seed, status = generator_input(args)
    if text is None:
        return status
    try:
        config = read_config(text)
        output = generate_team(TeamConfig(teams=config.players, rounds=config.rounds,
                                          draw_percentage=config.draw_percentage), seed)
    except (ConfigError, TrfError) as error:
        print(f"error: {args.generate or 'configuration'}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (GenerationError, NoValidPairing) as error:
        print(error, file=sys.stderr)
        return EXIT_NO_PAIRING
    return write_outputs([(args.generated, output)])


def pair_main(args, text: str) -> int:
    """``-p`` (with ``--explain``) or ``-c`` on the file's ``text``."""
    try:
        document = parse(text)
        if args.check is not None:
            return check_main(args, document)
        pairing = pair_round(document, args.system, baku=args.baku, edition=args.edition,
                             explain=bool(args.explain))
        output = format_pairing(pairing.as_numbers())
    except TrfError as error:
        print(f"error: {args.trf}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except NoValidPairing as error:
        print(f"no valid pairing: {error}", file=sys.stderr)
        return EXIT_NO_PAIRING
    outputs = [(args.output, output)]
    status = EXIT_OK
    if args.explain and pairing.explanation is None:
        print("error: the explanation could not be built (an engine fault); the pairing is written",
              file=sys.stderr)
        status = EXIT_UNEXPECTED
    elif args.explain:
        outputs.append((args.explain, json.dumps(pairing.explanation.to_json(), indent=1, ensure_ascii=False) + "\n"))
    return write_outputs(outputs) or status


def check_main(args, document: TrfDocument) -> int:
    """``-c [N]``: every round (or round N) re-paired, then (all rounds only) the ranks and
    tie-break values the file records; the differences in the form of JaVaFo's checker."""
    only = args.check or None
    if only is not None and not 1 <= only <= document.paired_rounds:
        print(f"error: -c {only}: the file's paired rounds are 1 to {document.paired_rounds}", file=sys.stderr)
        return EXIT_BAD_INPUT
    problems = check(document, args.system, args.baku, args.edition, only=only)
    differences = check_standings(document) if only is None else []
    blocks = [round_block(args.trf, problem) for problem in problems]
    if differences:
        blocks.append(standings_block(args.trf, differences))
    print("\n\n".join(blocks) if blocks else "No discrepancies.")
    return EXIT_NO_PAIRING if blocks else EXIT_OK


def write_outputs(outputs: list[tuple[str, str]]) -> int:
    """Each text to its path ('-': standard output); EXIT_FILE at the first that cannot be written."""
    for path, text in outputs:
        if path == "-":
            sys.stdout.write(text)
            continue
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            print(f"error: cannot write {path}: {error.strerror}", file=sys.stderr)
            return EXIT_FILE
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
