"""Legality of a system's pairings on inputs it was not written for: the 1547 round inputs
of the shared corpus ``dutch-2017``.  Shared by the corpus tests of the Dubov, Burstein and
Lim systems (a sample in each test module; ``python -m tests.engine.test_<system>_corpus``
runs them all and prints the figures of the README)."""

from __future__ import annotations

import time
from collections.abc import Callable

from pairing.engine import get_system, pair_round, parse, resolve_edition
from pairing.engine.core.state import forbids_bye
from tests.engine.test_corpus import DUTCH, case_id

DUTCH_ROUNDS = sorted(DUTCH.glob("t*/rounds/r??.trf"))


def illegalities(document, pairing, system: str, edition: str | None = None) -> list[str]:
    """What breaks the basic rules in ``pairing`` of the next round of ``document``:
    a present player not paired once, a rematch, the PAB to a player the system's edition
    bars from it (``Edition.bye_rule``: C.04.1 d / Art. 4, Burstein 2017 4.1), a colour
    difference beyond 2 or three of one colour in a row (played games only)."""
    problems = []
    round_number = document.paired_rounds + 1
    bye_rule = resolve_edition(document, get_system(system), edition).bye_rule
    present = {n for n, r in document.players.items()
               if (e := r.entry(round_number)) is None or e.paired}
    seen: list[int] = [n for pair in pairing.as_numbers() for n in pair if n]
    if sorted(seen) != sorted(present):
        problems.append("not every present player paired exactly once")
    if len([1 for _, b in pairing.as_numbers() if b == 0]) > 1:
        problems.append("more than one PAB")
    for white, black in pairing.as_numbers():
        if black == 0:
            if any(forbids_bye(e, document.scoring, bye_rule) for e in document.players[white].rounds):
                problems.append(f"{white}: the PAB, barred by an earlier round")
            continue
        if any(e.opponent == black and e.played for e in document.players[white].rounds):
            problems.append(f"{white}-{black}: rematch")
        for number, colour in ((white, "w"), (black, "b")):
            colours = "".join(e.colour for e in document.players[number].rounds if e.played) + colour
            if abs(2 * colours.count("w") - len(colours)) > 2 or colours[-3:] in ("www", "bbb"):
                problems.append(f"{number}: colours {colours}")
    return problems


def run_all(system: str, edition: str | None = None,
            judge: Callable[..., tuple[list[str], int]] | None = None, allowed_what: str = "") -> int:
    """Pair every round input of ``dutch-2017`` with ``system``; print the rounds that are not
    legal and the figures (legal / all, seconds).  ``judge`` returns the problems and how many
    exceptions the system's own text allowed (``allowed_what`` names them)."""
    if judge is None:
        def judge(document, pairing):
            return illegalities(document, pairing, system, edition), 0
    bad, seconds, allowed = [], [], 0
    for trf in DUTCH_ROUNDS:
        document = parse(trf.read_text())
        start = time.perf_counter()
        try:
            pairing = pair_round(document, system, edition=edition)
        except Exception as error:  # a script: report the round, go on with the others
            bad.append((case_id(trf), [repr(error)]))
            continue
        seconds.append(time.perf_counter() - start)
        problems, exceptions = judge(document, pairing)
        allowed += exceptions
        if problems:
            bad.append((case_id(trf), problems))
    for name, problems in bad:
        print(system, edition or "", name, problems)
    exceptions = f" ({allowed} {allowed_what})" if allowed_what else ""
    print(f"{system} {edition or ''}: {len(DUTCH_ROUNDS) - len(bad)}/{len(DUTCH_ROUNDS)} legal{exceptions}; "
          f"{sum(seconds):.1f} s in all, slowest {max(seconds, default=0):.2f} s")
    return 1 if bad else 0
