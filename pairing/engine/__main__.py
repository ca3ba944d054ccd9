"""Command line compatible with bbpPairings and JaVaFo.

    python -m pairing.engine --dutch IN.trf -p [OUT]   pair the next round
    python -m pairing.engine --dutch IN.trf -c         check every round
    add --baku for the Baku acceleration (C.04.5.1)

Exit codes: 0 success, 1 no valid pairing, 2 bad input (the message names the
line and column), 5 the file cannot be read or written.
"""

from __future__ import annotations

import argparse
import sys

from . import SYSTEMS, pair_round
from .checker import check
from .errors import NoValidPairing, TrfError
from .trf import parse

EXIT_OK, EXIT_NO_PAIRING, EXIT_BAD_INPUT, EXIT_FILE = 0, 1, 2, 5


def format_pairing(boards: list[tuple[int, int]]) -> str:
    return "".join(f"{line}\n" for line in [str(len(boards))] + [f"{w} {b}" for w, b in boards])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pairing.engine", description=__doc__.split("\n")[0])
    system = parser.add_mutually_exclusive_group(required=True)
    for name in SYSTEMS:
        system.add_argument(f"--{name}", dest="system", action="store_const", const=name,
                            help=f"use the {name.title()} system")
    parser.add_argument("-b", "--baku", action="store_true",
                        help="Baku acceleration: compute the virtual points not given in XXA lines")
    parser.add_argument("trf", help="tournament file (TRF-16 with the JaVaFo/bbpPairings extensions)")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("-p", dest="output", nargs="?", const="-", metavar="OUT",
                        help="pair the next round; write it to OUT (default: standard output)")
    action.add_argument("-c", dest="check", action="store_true",
                        help="re-pair every round and list those that differ")
    args = parser.parse_args(argv)

    try:
        with open(args.trf, encoding="utf-8-sig") as handle:
            text = handle.read()
    except OSError as error:
        print(f"error: cannot read {args.trf}: {error.strerror}", file=sys.stderr)
        return EXIT_FILE
    except UnicodeDecodeError:
        print(f"error: {args.trf} is not UTF-8 text", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        document = parse(text)
        if args.check:
            problems = check(document, args.system, args.baku)
            for problem in problems:
                print(problem.describe())
            print(f"{len(problems)} round(s) differ" if problems else "No discrepancies.")
            return EXIT_NO_PAIRING if problems else EXIT_OK
        output = format_pairing(pair_round(document, args.system, baku=args.baku).as_numbers())
    except TrfError as error:
        print(f"error: {args.trf}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except NoValidPairing as error:
        print(f"no valid pairing: {error}", file=sys.stderr)
        return EXIT_NO_PAIRING
    if args.output == "-":
        sys.stdout.write(output)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as handle:
                handle.write(output)
        except OSError as error:
            print(f"error: cannot write {args.output}: {error.strerror}", file=sys.stderr)
            return EXIT_FILE
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
